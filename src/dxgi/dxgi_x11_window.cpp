// X11 window placement for native fullscreen: geometry queries, the EWMH window manager check and
// _NET_WM_STATE_FULLSCREEN, and ConfigureWindow where no window manager acts.
#include "dxgi/dxgi_x11_window.h"

#include <chrono>
#include <cstring>
#include <thread>

#include "dxgi/dxgi_xcb.h"
#include "util/log.h"

namespace d3d11vk::x11 {

namespace {

using xcb::reply;

uint32_t atom(const xcb::Session& x, const char* name) {
  const xcb::Functions& f = x.f();
  auto interned = reply<xcb::InternAtomReply>(x, f.internAtomReply,
                                              f.internAtom(x.connection(), 0, uint16_t(std::strlen(name)), name));
  return interned ? interned->atom : 0;
}

// The first 32-bit value of a window's property of `type`; 0 when it has none.
uint32_t firstValue(const xcb::Session& x, uint32_t window, uint32_t property, uint32_t type) {
  const xcb::Functions& f = x.f();
  auto value = reply<xcb::GetPropertyReply>(x, f.getPropertyReply, f.getProperty(x.connection(), 0, window, property, type, 0, 1));
  if (!value || value->format != 32 || f.getPropertyValueLength(value.get()) < 4)
    return 0;
  uint32_t first = 0;
  std::memcpy(&first, f.getPropertyValue(value.get()), 4);
  return first;
}

// Whether an EWMH window manager runs that supports _NET_WM_STATE_FULLSCREEN: the root names a
// check window that names itself (so a stale property of a window manager that exited does not
// count), and the root's _NET_SUPPORTED lists the state.
bool ewmhFullscreen(const xcb::Session& x, uint32_t fullscreenAtom) {
  const xcb::Functions& f = x.f();
  const uint32_t root = x.screen().root;
  const uint32_t checkAtom = atom(x, "_NET_SUPPORTING_WM_CHECK");
  const uint32_t check = checkAtom ? firstValue(x, root, checkAtom, xcb::kAtomWindow) : 0;
  if (!check || firstValue(x, check, checkAtom, xcb::kAtomWindow) != check)
    return false;
  const uint32_t supportedAtom = atom(x, "_NET_SUPPORTED");
  auto supported = reply<xcb::GetPropertyReply>(x, f.getPropertyReply,
                                                f.getProperty(x.connection(), 0, root, supportedAtom, xcb::kAtomAtom, 0, 4096));
  if (!supported || supported->format != 32)
    return false;
  const int count = f.getPropertyValueLength(supported.get()) / 4;
  const auto* atoms = static_cast<const uint32_t*>(f.getPropertyValue(supported.get()));
  for (int i = 0; i < count; ++i)
    if (atoms[i] == fullscreenAtom)
      return true;
  return false;
}

bool rectOnRoot(const xcb::Session& x, uint32_t window, Rect* onRoot) {
  const xcb::Functions& f = x.f();
  auto geometry = reply<xcb::GetGeometryReply>(x, f.getGeometryReply, f.getGeometry(x.connection(), window));
  if (!geometry)
    return false;
  auto origin = reply<xcb::TranslateCoordinatesReply>(
      x, f.translateCoordinatesReply, f.translateCoordinates(x.connection(), window, x.screen().root, 0, 0));
  if (!origin)
    return false;
  *onRoot = Rect{origin->dstX, origin->dstY, geometry->width, geometry->height};
  return true;
}

bool configure(const xcb::Session& x, uint32_t window, uint16_t mask, const uint32_t* values) {
  const xcb::Functions& f = x.f();
  xcb::GenericError* error = f.requestCheck(x.connection(), f.configureWindowChecked(x.connection(), window, mask, values));
  const bool ok = error == nullptr;
  xcb::freeReply(error);
  return ok;
}

bool sendState(const xcb::Session& x, uint32_t window, bool add) {
  const xcb::Functions& f = x.f();
  xcb::ClientMessageEvent event{};
  event.responseType = xcb::kClientMessage;
  event.format = 32;
  event.window = window;
  event.type = atom(x, "_NET_WM_STATE");
  event.data32[0] = add ? 1 : 0;  // _NET_WM_STATE_ADD / _NET_WM_STATE_REMOVE
  event.data32[1] = atom(x, "_NET_WM_STATE_FULLSCREEN");
  event.data32[3] = 1;  // the request comes from an application
  char bytes[32];
  std::memcpy(bytes, &event, sizeof(bytes));
  xcb::GenericError* error = f.requestCheck(
      x.connection(), f.sendEventChecked(x.connection(), 0, x.screen().root,
                                         xcb::kSubstructureNotifyMask | xcb::kSubstructureRedirectMask, bytes));
  const bool ok = error == nullptr;
  xcb::freeReply(error);
  return ok;
}

bool sameRect(const Rect& a, const Rect& b) {
  return a.x == b.x && a.y == b.y && a.width == b.width && a.height == b.height;
}

}  // namespace

bool windowRect(uintptr_t window, Rect* onRoot) {
  xcb::Session x;
  return x.connected() && rectOnRoot(x, uint32_t(window), onRoot);
}

bool enterFullscreen(uintptr_t window, const Rect& output, WindowPlacement* saved) {
  xcb::Session x;
  if (!x.connected())
    return false;
  const xcb::Functions& f = x.f();
  const uint32_t id = uint32_t(window);
  auto geometry = reply<xcb::GetGeometryReply>(x, f.getGeometryReply, f.getGeometry(x.connection(), id));
  auto tree = reply<xcb::QueryTreeReply>(x, f.queryTreeReply, f.queryTree(x.connection(), id));
  if (!geometry || !tree)
    return false;  // the window is gone
  saved->inParent = Rect{geometry->x, geometry->y, geometry->width, geometry->height};
  saved->border = geometry->borderWidth;
  // The output's corner in the parent's coordinates (the parent is a window manager's frame when
  // one reparents the window).
  auto corner = reply<xcb::TranslateCoordinatesReply>(
      x, f.translateCoordinatesReply, f.translateCoordinates(x.connection(), x.screen().root, tree->parent, int16_t(output.x), int16_t(output.y)));
  if (!corner)
    return false;

  const uint32_t fullscreenAtom = atom(x, "_NET_WM_STATE_FULLSCREEN");
  saved->viaWindowManager = fullscreenAtom && ewmhFullscreen(x, fullscreenAtom);
  if (saved->viaWindowManager) {
    // Moved onto the output first, so the window manager makes it fullscreen there, then asked;
    // the window manager removes the frame and covers the monitor the window is on.
    const uint32_t move[] = {uint32_t(int32_t(corner->dstX)), uint32_t(int32_t(corner->dstY))};
    configure(x, id, xcb::kConfigX | xcb::kConfigY, move);
    if (!sendState(x, id, true))
      return false;
    f.flush(x.connection());
    // The window manager acts asynchronously: wait a moment for it (not an error when it does not).
    for (int attempt = 0; attempt < 50; ++attempt) {
      Rect now;
      if (rectOnRoot(x, id, &now) && sameRect(now, output))
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    util::log::info("swapchain: fullscreen asked of the window manager (_NET_WM_STATE_FULLSCREEN)");
    return true;
  }
  // No window manager to ask (bare X server, as Xvfb in CI): without one nothing decorates or
  // redirects the window, so placing it over the output, borderless and on top, is fullscreen.
  const uint32_t values[] = {uint32_t(int32_t(corner->dstX)), uint32_t(int32_t(corner->dstY)), output.width, output.height,
                             0, xcb::kStackAbove};
  if (!configure(x, id,
                 xcb::kConfigX | xcb::kConfigY | xcb::kConfigWidth | xcb::kConfigHeight | xcb::kConfigBorderWidth |
                     xcb::kConfigStackMode,
                 values))
    return false;
  util::log::info("swapchain: fullscreen by placing the window over the output (no EWMH window manager)");
  return true;
}

bool resizeWindow(uintptr_t window, uint32_t width, uint32_t height) {
  xcb::Session x;
  if (!x.connected())
    return false;
  // A window manager may adjust the request (size hints); without one it is what the window gets.
  const uint32_t values[] = {width, height};
  return configure(x, uint32_t(window), xcb::kConfigWidth | xcb::kConfigHeight, values);
}

void leaveFullscreen(uintptr_t window, const WindowPlacement& saved) {
  xcb::Session x;
  if (!x.connected())
    return;
  const uint32_t id = uint32_t(window);
  if (saved.viaWindowManager) {
    // The window manager put the window over the monitor, and puts it back itself.
    sendState(x, id, false);
    x.f().flush(x.connection());
    return;
  }
  const uint32_t values[] = {uint32_t(saved.inParent.x), uint32_t(saved.inParent.y), saved.inParent.width,
                             saved.inParent.height, saved.border};
  if (!configure(x, id, xcb::kConfigX | xcb::kConfigY | xcb::kConfigWidth | xcb::kConfigHeight | xcb::kConfigBorderWidth,
                 values))
    util::log::warn("swapchain: the window's place cannot be restored (is it gone?)");
}

}  // namespace d3d11vk::x11
