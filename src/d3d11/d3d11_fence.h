// D3D11Fence: the object behind ID3D11Device5::CreateFence (ID3D11Fence), and FenceState, the
// completed value and waiting events that the immediate context's Signal updates from the
// completion thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "d3d11/d3d11_device_child.h"

namespace d3d11vk {

class D3D11Device;

// Empty when CreateFence may make a fence with `flags`; else why not, starting with
// "not implemented:" for the sharing flags (E_NOTIMPL) and anything else for E_INVALIDARG.
std::string checkFenceFlags(UINT flags);

// Shared by the COM object and the actions Signal defers to the completion thread, so a fence
// the application releases while a Signal is pending is updated safely, and the completion
// thread never holds (and so never drops the last of) a COM reference: dropping the device's
// last reference there would destroy the timeline from its own thread.
class FenceState {
public:
  explicit FenceState(uint64_t initialValue) : m_completed(initialValue), m_highestSignal(initialValue) {}

  uint64_t completed() const { return m_completed.load(std::memory_order_acquire); }
  // The highest value the fence has reached or that a Signal already submitted will make it reach.
  uint64_t highestSignal() const;
  // Application thread, at Signal: `value` will be reached; false when it is lower than a value
  // already signalled (the fence stays monotonic, see docs/command-stream.md "Fences").
  bool noteSignal(uint64_t value);
  // Completion thread: the work before a Signal of `value` has completed. Raises the completed
  // value (never lowers it), wakes blocked waiters and sets the events that became due.
  void reach(uint64_t value);
  // Sets `event` once the completed value is >= value: now, or from reach(). False when the
  // handle could not be set right away (not an event).
  bool setEventOnCompletion(uint64_t value, void* event);
  // The device was lost: sets every waiting event (a removed device's fence counts as having
  // reached every value, GetCompletedValue answers UINT64_MAX) and wakes blocked waiters.
  void deviceLost();
  // Blocks until the completed value is >= value; returns false early once `lost()` says so.
  bool waitFor(uint64_t value, const std::function<bool()>& lost);

private:
  std::atomic<uint64_t> m_completed;
  mutable std::mutex m_mutex;
  std::condition_variable m_reached;
  uint64_t m_highestSignal;
  std::vector<std::pair<uint64_t, void*>> m_waitingEvents;  // (value, event handle)
  bool m_deviceLost = false;  // under m_mutex: events are set at once from now on
};

class D3D11Fence final : public D3D11DeviceChild<ID3D11Fence> {
public:
  D3D11Fence(D3D11Device* device, uint64_t initialValue);
  ~D3D11Fence() override;

  const std::shared_ptr<FenceState>& state() const { return m_state; }
  // The D3D11Fence behind an ID3D11Fence the application passes in, or nullptr.
  static D3D11Fence* from(ID3D11Fence* fence);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11Fence
  HRESULT STDMETHODCALLTYPE CreateSharedHandle(const SECURITY_ATTRIBUTES* attributes, DWORD access, const WCHAR* name,
                                               HANDLE* handle) override;
  UINT64 STDMETHODCALLTYPE GetCompletedValue() override;
  HRESULT STDMETHODCALLTYPE SetEventOnCompletion(UINT64 value, HANDLE event) override;

private:
  bool deviceLost() const;

  D3D11Device* m_owner;
  std::shared_ptr<FenceState> m_state;
  uint32_t m_lossCallback = 0;  // the GPU timeline's cookie for FenceState::deviceLost
};

}  // namespace d3d11vk
