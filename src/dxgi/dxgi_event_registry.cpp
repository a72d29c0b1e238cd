// DxgiEventRegistry: argument checks and cookie bookkeeping for notification registrations.
#include "dxgi/dxgi_event_registry.h"

#include "util/log.h"
#include "util/thread.h"

namespace d3d11vk {

HRESULT DxgiEventRegistry::registerEvent(HANDLE event, DWORD* cookie) {
  if (!event || !cookie) {
    util::log::warn("register ", m_what, " event: null ", event ? "cookie" : "event handle");
    return DXGI_ERROR_INVALID_CALL;
  }
  std::lock_guard lock(m_mutex);
  for (const auto& [existing, registration] : m_registrations) {
    if (registration.event == event) {
      util::log::warn("register ", m_what, " event: the handle is already registered (cookie ", existing, ")");
      return DXGI_ERROR_INVALID_CALL;
    }
  }
  *cookie = add({event, nullptr, 0});
  return S_OK;
}

HRESULT DxgiEventRegistry::registerWindow(HWND window, UINT message, DWORD* cookie) {
  bool valid = window != nullptr;
#ifdef _WIN32
  // Natively a HWND is whatever the porter's window system uses, so only null can be refused.
  valid = valid && IsWindow(window);
#endif
  if (!valid || !cookie) {
    util::log::warn("register ", m_what, " window: ", valid ? "null cookie" : "not a valid window");
    return DXGI_ERROR_INVALID_CALL;
  }
  std::lock_guard lock(m_mutex);
  *cookie = add({nullptr, window, message});
  return S_OK;
}

DWORD DxgiEventRegistry::add(const Registration& registration) {
  DWORD cookie = m_nextCookie++;
  if (m_nextCookie == 0)
    m_nextCookie = 1;
  m_registrations[cookie] = registration;
  return cookie;
}

bool DxgiEventRegistry::unregister(DWORD cookie) {
  std::lock_guard lock(m_mutex);
  if (m_registrations.erase(cookie) == 0) {
    util::log::warn("unregister ", m_what, ": unknown cookie ", cookie);
    return false;
  }
  return true;
}

void DxgiEventRegistry::notify() {
  std::lock_guard lock(m_mutex);
  for (const auto& [cookie, registration] : m_registrations) {
    if (registration.event) {
      if (!util::setEventHandle(registration.event))
        util::log::warn(m_what, ": the event of cookie ", cookie, " cannot be set");
    }
#ifdef _WIN32
    if (registration.window && !PostMessageW(registration.window, registration.message, 0, 0))
      util::log::warn(m_what, ": the message of cookie ", cookie, " cannot be posted");
#endif
  }
}

size_t DxgiEventRegistry::size() const {
  std::lock_guard lock(m_mutex);
  return m_registrations.size();
}

}  // namespace d3d11vk
