// D3D11Fence: fence objects (identity, completed value, events on completion, no sharing), the
// rules for CreateFence's flags, and FenceState, which the context's Signal updates.
#include "d3d11/d3d11_fence.h"

#include <chrono>
#include <sstream>

#include "d3d11/d3d11_device.h"
#include "util/log.h"
#include "util/thread.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"

namespace d3d11vk {

std::string checkFenceFlags(UINT flags) {
  // Microsoft's d3d11_3.h has D3D11_FENCE_FLAG_NONE = 0, while mingw-w64's and Wine's headers
  // give it 0x1: apps built with either pass one or the other, so both mean "no flags".
  constexpr UINT none = 0x1;
  constexpr UINT shared = 0x2, crossAdapter = 0x4, nonMonitored = 0x8;
  std::ostringstream problem;
  if (flags & ~(none | shared | crossAdapter | nonMonitored))
    problem << "Flags 0x" << std::hex << flags << " has bits that are not D3D11_FENCE_FLAG values";
  else if ((flags & nonMonitored) && !(flags & shared))
    problem << "NON_MONITORED without SHARED (only a shared fence can be unmonitored)";
  else if (flags & (shared | crossAdapter))
    problem << "not implemented: shared fences (Flags 0x" << std::hex << flags << "): d3d11vk shares nothing across devices";
  return problem.str();
}

uint64_t FenceState::highestSignal() const {
  std::lock_guard lock(m_mutex);
  return m_highestSignal;
}

bool FenceState::noteSignal(uint64_t value) {
  std::lock_guard lock(m_mutex);
  if (value < m_highestSignal)
    return false;
  m_highestSignal = value;
  return true;
}

void FenceState::reach(uint64_t value) {
  std::vector<void*> due;
  {
    std::lock_guard lock(m_mutex);
    if (value <= m_completed.load(std::memory_order_relaxed))
      return;
    m_completed.store(value, std::memory_order_release);
    for (auto it = m_waitingEvents.begin(); it != m_waitingEvents.end();) {
      if (it->first <= value) {
        due.push_back(it->second);
        it = m_waitingEvents.erase(it);
      } else {
        ++it;
      }
    }
  }
  m_reached.notify_all();
  // Outside the lock: an application's event may wake a thread that calls straight back in.
  for (void* event : due)
    if (!util::setEventHandle(event))
      util::log::warn("ID3D11Fence: the event given to SetEventOnCompletion for a value up to ", value,
                      " could not be set (no longer an event?)");
}

bool FenceState::setEventOnCompletion(uint64_t value, void* event) {
  {
    std::lock_guard lock(m_mutex);
    // Checked under the lock so a reach() between the check and the insertion cannot be missed.
    if (m_completed.load(std::memory_order_relaxed) < value && !m_deviceLost) {
      m_waitingEvents.emplace_back(value, event);
      return true;
    }
  }
  return util::setEventHandle(event);
}

void FenceState::deviceLost() {
  std::vector<std::pair<uint64_t, void*>> due;
  {
    std::lock_guard lock(m_mutex);
    m_deviceLost = true;
    due.swap(m_waitingEvents);
  }
  m_reached.notify_all();
  for (const auto& [value, event] : due)
    if (!util::setEventHandle(event))
      util::log::warn("ID3D11Fence: the event given to SetEventOnCompletion for ", value,
                      " could not be set at device loss (no longer an event?)");
}

bool FenceState::waitFor(uint64_t value, const std::function<bool()>& lost) {
  std::unique_lock lock(m_mutex);
  // Woken by reach(); the timeout only lets a lost device end the wait.
  while (m_completed.load(std::memory_order_relaxed) < value) {
    if (lost())
      return false;
    m_reached.wait_for(lock, std::chrono::milliseconds(50));
  }
  return true;
}

D3D11Fence::D3D11Fence(D3D11Device* device, uint64_t initialValue)
    : D3D11DeviceChild(device), m_owner(device), m_state(std::make_shared<FenceState>(initialValue)) {
  // Events waiting for values no Signal will reach must still be set when the device is lost.
  m_lossCallback = device->vulkanDevice().timeline().addLossCallback([weak = std::weak_ptr<FenceState>(m_state)] {
    if (auto state = weak.lock())
      state->deviceLost();
  });
}

D3D11Fence::~D3D11Fence() {
  m_owner->vulkanDevice().timeline().removeLossCallback(m_lossCallback);
}

D3D11Fence* D3D11Fence::from(ID3D11Fence* fence) {
  // Every ID3D11Fence a d3d11vk device hands out is a D3D11Fence (CreateFence is the only maker;
  // OpenSharedFence opens nothing), as every ID3D11Query is a D3D11Query.
  return fence ? static_cast<D3D11Fence*>(fence) : nullptr;
}

bool D3D11Fence::deviceLost() const {
  return m_owner->vulkanDevice().timeline().isLost();
}

HRESULT STDMETHODCALLTYPE D3D11Fence::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Fence))
    return util::returnInterface<ID3D11Fence>(this, object);
  util::logUnknownInterface("D3D11Fence", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE D3D11Fence::CreateSharedHandle(const SECURITY_ATTRIBUTES* /*attributes*/, DWORD /*access*/,
                                                         const WCHAR* /*name*/, HANDLE* handle) {
  // STATUS: partial: no fence is shareable (CreateFence refuses SHARED with E_NOTIMPL), so this is the documented E_INVALIDARG for a fence created without D3D11_FENCE_FLAG_SHARED
  if (handle)
    *handle = nullptr;
  util::log::warn("ID3D11Fence::CreateSharedHandle: the fence was not created with D3D11_FENCE_FLAG_SHARED "
                  "(d3d11vk makes no shared fences): E_INVALIDARG");
  return E_INVALIDARG;
}

UINT64 STDMETHODCALLTYPE D3D11Fence::GetCompletedValue() {
  // As D3D12 documents for its fences: a removed device reports UINT64_MAX, so a loop polling for
  // a value ends instead of spinning forever.
  if (deviceLost())
    return UINT64_MAX;
  return m_state->completed();
}

HRESULT STDMETHODCALLTYPE D3D11Fence::SetEventOnCompletion(UINT64 value, HANDLE event) {
  if (event && deviceLost()) {
    // Every value counts as reached on a removed device (GetCompletedValue's UINT64_MAX): the
    // event is set now so nothing waits on it for ever, and the answer says why.
    if (!util::setEventHandle(event))
      util::log::warn("ID3D11Fence::SetEventOnCompletion: the event handle could not be set");
    return DXGI_ERROR_DEVICE_REMOVED;
  }
  if (event) {
    if (!m_state->setEventOnCompletion(value, event)) {
      util::log::warn("ID3D11Fence::SetEventOnCompletion: the event handle could not be set: E_INVALIDARG");
      return E_INVALIDARG;
    }
    return S_OK;
  }
  // A null event blocks until the value is reached, as documented: with no timeout, because
  // another application thread may still record the Signal that reaches it.
  if (m_state->completed() < value && m_state->highestSignal() < value)
    util::log::debug("ID3D11Fence::SetEventOnCompletion: blocking for ", value,
                     ", which no submitted Signal reaches yet (highest ", m_state->highestSignal(), ")");
  if (!m_state->waitFor(value, [this] { return deviceLost(); })) {
    util::log::warn("ID3D11Fence::SetEventOnCompletion: the device was lost while waiting for ", value,
                    ": DXGI_ERROR_DEVICE_REMOVED");
    return DXGI_ERROR_DEVICE_REMOVED;
  }
  return S_OK;
}

}  // namespace d3d11vk
