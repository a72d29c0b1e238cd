// X11Window: a plain X11 window on the display named by DISPLAY for the native swapchain tests,
// kept out of the tests' own files because Xlib's macros (None, Bool, Status) clash with the
// Windows headers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace test_x11 {

class Window {
public:
  // Opens DISPLAY and maps a width x height window; check ok() (why() says what failed).
  Window(unsigned width, unsigned height);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  bool ok() const { return m_id != 0; }
  const std::string& why() const { return m_why; }
  // The X11 Window id, which d3d11vk takes as the HWND natively (docs/dxgi.md).
  uintptr_t id() const { return m_id; }

  void resize(unsigned width, unsigned height);
  void move(int x, int y);
  // Unmaps (as a window manager does when it iconifies) or maps the window again.
  void unmap();
  void map();
  void destroy();
  // The window's pixel at (x, y) as 0xRRGGBB, read from the X server; ~0u when it cannot be read.
  uint32_t pixel(int x, int y);
  // The window's pixels in a rectangle, row by row, as 0xRRGGBB (one request); empty when they
  // cannot be read.
  std::vector<uint32_t> region(int x, int y, unsigned width, unsigned height);
  // The pixel once the server shows `expected` (the presentation engine shows frames a little
  // later than Present returns), or what it shows after two seconds.
  uint32_t pixelOnceShown(int x, int y, uint32_t expected);
  // The window's rectangle in root-window coordinates (XGetGeometry, XTranslateCoordinates) and
  // its border width; false when it cannot be read.
  bool rootRect(int* x, int* y, unsigned* width, unsigned* height, unsigned* border = nullptr);
  // The size of the root window of the default screen.
  bool screenSize(unsigned* width, unsigned* height);

private:
  struct State;
  std::unique_ptr<State> m_state;
  uintptr_t m_id = 0;
  std::string m_why;
};

}  // namespace test_x11
