// X11 window placement for native swapchains: where a window is, and putting it over an output
// for fullscreen and back (docs/dxgi.md, "Fullscreen natively").
#pragma once

#include <cstdint>

namespace d3d11vk::x11 {

struct Rect {
  int32_t x = 0, y = 0;
  uint32_t width = 0, height = 0;
};

// What fullscreen changes, saved to put back.
struct WindowPlacement {
  Rect inParent;          // relative to the parent window (the root, or a window manager's frame)
  uint32_t border = 0;    // the X border width
  bool viaWindowManager = false;  // fullscreen was asked of an EWMH window manager
};

// The window's rectangle in root-window coordinates; false when the window is gone or there is
// no X connection.
bool windowRect(uintptr_t window, Rect* onRoot);
// Saves the window's placement, then makes it cover `output` (root coordinates) without a border:
// through _NET_WM_STATE_FULLSCREEN when an EWMH window manager runs, else with ConfigureWindow.
// False when the window is gone or the X server refused.
bool enterFullscreen(uintptr_t window, const Rect& output, WindowPlacement* saved);
// Resizes the window (ResizeTarget while windowed); false when it is gone or the server refused.
bool resizeWindow(uintptr_t window, uint32_t width, uint32_t height);
// Puts back what enterFullscreen saved.
void leaveFullscreen(uintptr_t window, const WindowPlacement& saved);

}  // namespace d3d11vk::x11
