// The in-process keyed mutex of SHARED_KEYEDMUTEX resources (d3d11_keyed_mutex.h).
#include "d3d11/d3d11_keyed_mutex.h"

#include <chrono>

#include "util/log.h"

namespace d3d11vk {

HRESULT KeyedMutex::acquire(uint64_t key, DWORD milliseconds) {
  std::unique_lock guard(m_lock);
  const auto ready = [&] { return !m_held && m_key == key; };
  if (milliseconds == INFINITE)
    m_released.wait(guard, ready);
  else if (!m_released.wait_for(guard, std::chrono::milliseconds(milliseconds), ready))
    return static_cast<HRESULT>(WAIT_TIMEOUT);
  m_held = true;
  return S_OK;
}

HRESULT KeyedMutex::release(uint64_t key) {
  {
    std::lock_guard guard(m_lock);
    if (!m_held) {
      util::log::warn("IDXGIKeyedMutex::ReleaseSync: the mutex is not held: E_FAIL");
      return E_FAIL;
    }
    m_held = false;
    m_key = key;
  }
  // Every waiter checks its own key; only the one waiting for `key` goes on.
  m_released.notify_all();
  return S_OK;
}

}  // namespace d3d11vk
