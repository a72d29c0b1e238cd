// DxgiEventRegistry: cookie-keyed registrations of events and windows for DXGI status
// notifications (occlusion, stereo, adapter changes, budget changes), shared by factory and adapter.
#pragma once

#include <map>
#include <mutex>

#include "util/windows_base.h"

namespace d3d11vk {

class DxgiEventRegistry {
public:
  // `what` names the registration kind in log lines ("occlusion status", …).
  explicit DxgiEventRegistry(const char* what) : m_what(what) {}

  // Registers an event handle; DXGI_ERROR_INVALID_CALL for a null handle or cookie, or a handle
  // already registered here (as RegisterOcclusionStatusEvent documents).
  HRESULT registerEvent(HANDLE event, DWORD* cookie);
  // Registers a window and message; DXGI_ERROR_INVALID_CALL for a null or (PE) invalid window, or
  // a null cookie.
  HRESULT registerWindow(HWND window, UINT message, DWORD* cookie);
  // False (and a log line) for a cookie that is not registered.
  bool unregister(DWORD cookie);
  size_t size() const;
  // Tells every registration: posts the window's message (PE; natively there is no message queue
  // to post to) and sets the event (natively an eventfd, util::setEventHandle).
  void notify();

private:
  struct Registration {
    HANDLE event = nullptr;
    HWND window = nullptr;
    UINT message = 0;
  };

  DWORD add(const Registration& registration);

  const char* m_what;
  mutable std::mutex m_mutex;
  std::map<DWORD, Registration> m_registrations;
  DWORD m_nextCookie = 1;  // 0 is never handed out, so an uninitialised cookie never matches
};

}  // namespace d3d11vk
