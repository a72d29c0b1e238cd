// X11Window: Xlib calls for the native swapchain tests' windows.
#include "x11_window.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <chrono>
#include <cstdlib>
#include <thread>

namespace test_x11 {

struct Window::State {
  Display* display = nullptr;
};

namespace {
// A destroyed window makes later requests on it fail; the tests expect that, so X errors are
// counted instead of ending the process (Xlib's default handler exits).
int ignoreError(Display*, XErrorEvent*) { return 0; }
}  // namespace

Window::Window(unsigned width, unsigned height) : m_state(std::make_unique<State>()) {
  const char* name = std::getenv("DISPLAY");
  if (!name || !*name) {
    m_why = "DISPLAY is not set (the test needs an X server such as Xvfb)";
    return;
  }
  m_state->display = XOpenDisplay(nullptr);
  if (!m_state->display) {
    m_why = std::string("cannot open display ") + name;
    return;
  }
  XSetErrorHandler(ignoreError);
  Display* display = m_state->display;
  int screen = DefaultScreen(display);
  ::Window window = XCreateSimpleWindow(display, RootWindow(display, screen), 0, 0, width, height, 0,
                                        BlackPixel(display, screen), BlackPixel(display, screen));
  XStoreName(display, window, "d3d11vk native swapchain test");
  XMapWindow(display, window);
  XSync(display, False);
  m_id = uintptr_t(window);
}

Window::~Window() {
  destroy();
  if (m_state->display)
    XCloseDisplay(m_state->display);
}

void Window::resize(unsigned width, unsigned height) {
  if (!m_id)
    return;
  XResizeWindow(m_state->display, ::Window(m_id), width, height);
  XSync(m_state->display, False);
}

void Window::move(int x, int y) {
  if (!m_id)
    return;
  XMoveWindow(m_state->display, ::Window(m_id), x, y);
  XSync(m_state->display, False);
}

void Window::unmap() {
  if (!m_id)
    return;
  XUnmapWindow(m_state->display, ::Window(m_id));
  XSync(m_state->display, False);
}

void Window::map() {
  if (!m_id)
    return;
  XMapWindow(m_state->display, ::Window(m_id));
  XSync(m_state->display, False);
}

void Window::destroy() {
  if (!m_id)
    return;
  XDestroyWindow(m_state->display, ::Window(m_id));
  XSync(m_state->display, False);
  m_id = 0;
}

uint32_t Window::pixel(int x, int y) {
  if (!m_id)
    return ~0u;
  XImage* image = XGetImage(m_state->display, ::Window(m_id), x, y, 1, 1, AllPlanes, ZPixmap);
  if (!image)
    return ~0u;
  uint32_t value = uint32_t(XGetPixel(image, 0, 0)) & 0xffffffu;
  XDestroyImage(image);
  return value;
}

std::vector<uint32_t> Window::region(int x, int y, unsigned width, unsigned height) {
  std::vector<uint32_t> pixels;
  if (!m_id)
    return pixels;
  XImage* image = XGetImage(m_state->display, ::Window(m_id), x, y, width, height, AllPlanes, ZPixmap);
  if (!image)
    return pixels;
  pixels.resize(size_t(width) * height);
  for (unsigned row = 0; row < height; ++row)
    for (unsigned column = 0; column < width; ++column)
      pixels[size_t(row) * width + column] = uint32_t(XGetPixel(image, int(column), int(row))) & 0xffffffu;
  XDestroyImage(image);
  return pixels;
}

bool Window::rootRect(int* x, int* y, unsigned* width, unsigned* height, unsigned* border) {
  if (!m_id)
    return false;
  ::Window root = 0, child = 0;
  int localX = 0, localY = 0;
  unsigned borderWidth = 0, depth = 0;
  if (!XGetGeometry(m_state->display, ::Window(m_id), &root, &localX, &localY, width, height, &borderWidth, &depth))
    return false;
  if (!XTranslateCoordinates(m_state->display, ::Window(m_id), root, 0, 0, x, y, &child))
    return false;
  if (border)
    *border = borderWidth;
  return true;
}

bool Window::screenSize(unsigned* width, unsigned* height) {
  if (!m_state->display)
    return false;
  int screen = DefaultScreen(m_state->display);
  *width = unsigned(DisplayWidth(m_state->display, screen));
  *height = unsigned(DisplayHeight(m_state->display, screen));
  return true;
}

uint32_t Window::pixelOnceShown(int x, int y, uint32_t expected) {
  uint32_t value = ~0u;
  for (int attempt = 0; attempt < 200; ++attempt) {
    value = pixel(x, y);
    if (value == expected)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return value;
}

}  // namespace test_x11
