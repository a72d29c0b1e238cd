// D3D10Multithread: ID3D10Multithread on the device, the lock D3D10 puts around device calls.
#pragma once

#include <atomic>
#include <mutex>

#include "d3d10/d3d10_base.h"

namespace d3d11vk {

// D3D10 devices serialise their methods unless created with D3D10_CREATE_DEVICE_SINGLETHREADED,
// and ID3D10Multithread lets the application take the same lock (Enter/Leave) and switch it off.
// On Windows the ID3D10Multithread of a D3D11 device is the immediate context's protection too
// (video code turns it on that way before using a D3D11 device from several threads). So when the
// immediate context answers ID3D11Multithread, this face is that interface under its D3D10 name,
// and every D3D10 call is protected by the context it goes through. Otherwise the face keeps its
// own lock, taken by every D3D10 device method that touches the context (guard()).
class D3D10Multithread : public ID3D10Multithread {
public:
  // Protection starts off, D3D11's default: the D3D10 entry points switch it on for the devices
  // they create without SINGLETHREADED (src/d3d10/dlls).
  explicit D3D10Multithread(ID3D11Device* owner) : m_owner(owner) {}
  D3D10Multithread(const D3D10Multithread&) = delete;
  D3D10Multithread& operator=(const D3D10Multithread&) = delete;
  virtual ~D3D10Multithread() = default;

  ULONG STDMETHODCALLTYPE AddRef() override { return m_owner->AddRef(); }
  ULONG STDMETHODCALLTYPE Release() override { return m_owner->Release(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
    return m_owner->QueryInterface(riid, object);
  }
  void STDMETHODCALLTYPE Enter() override;
  void STDMETHODCALLTYPE Leave() override;
  BOOL STDMETHODCALLTYPE SetMultithreadProtected(BOOL protect) override;
  BOOL STDMETHODCALLTYPE GetMultithreadProtected() override;

  // What each D3D10 device method holds while it runs: the face's own lock when that is in use
  // and on; nothing when the context protects itself or protection is off.
  std::unique_lock<std::recursive_mutex> guard() {
    return !contextMultithread() && m_protected.load(std::memory_order_relaxed)
               ? std::unique_lock(m_mutex)
               : std::unique_lock<std::recursive_mutex>();
  }

private:
  // The immediate context's ID3D11Multithread, or null when it has none. A plain pointer: the
  // interface is a face of the context, which lives as long as the device.
  ID3D11Multithread* contextMultithread();

  ID3D11Device* m_owner;
  std::atomic<bool> m_protected{false};
  std::recursive_mutex m_mutex;
  // Looked up on first use (the context does not exist yet while the device is being built); two
  // threads racing here find the same pointer.
  std::atomic<bool> m_lookedUp{false};
  std::atomic<ID3D11Multithread*> m_contextMultithread{nullptr};
};

}  // namespace d3d11vk
