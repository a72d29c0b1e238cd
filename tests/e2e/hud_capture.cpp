// The native half of the Wine HUD test (run-wine-hud-e2e.sh): reads the HUD's text from the X
// server's root window at the top left of the screen, where the test program's borderless window
// is, and checks it against the expectation.
// usage: d3d11vk-hud-capture shown VERSION FPS   (the version line and an FPS within 10 %)
//        d3d11vk-hud-capture absent              (no HUD text, the frame's blue under it)
// Prints what it read and one PASS/FAIL line per check; exit 0 when all pass.
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "common/hud_reader.h"

int main(int argc, char** argv) {
  if (argc < 2 || (std::string(argv[1]) == "shown" && argc < 4)) {
    std::fprintf(stderr, "usage: d3d11vk-hud-capture shown VERSION FPS | absent\n");
    return 2;
  }
  Display* display = XOpenDisplay(nullptr);
  if (!display) {
    std::printf("FAIL: no X display (DISPLAY=%s)\n", std::getenv("DISPLAY") ? std::getenv("DISPLAY") : "");
    return 1;
  }
  const unsigned width = 400, height = 160;
  XImage* image = XGetImage(display, DefaultRootWindow(display), 0, 0, width, height, AllPlanes, ZPixmap);
  if (!image) {
    std::printf("FAIL: XGetImage of the root window\n");
    return 1;
  }
  auto pixel = [&](int x, int y) {
    return x < 0 || y < 0 || x >= int(width) || y >= int(height) ? 0u : uint32_t(XGetPixel(image, x, y)) & 0xffffffu;
  };
  const std::vector<std::string> lines = test_hud::readLines(pixel, 0, 0, 1.0f, 3, 60);
  for (const std::string& line : lines)
    std::printf("read: '%s'\n", line.c_str());
  int failed = 0;
  auto check = [&](bool ok, const std::string& what) {
    std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what.c_str());
    failed += ok ? 0 : 1;
  };
  if (std::string(argv[1]) == "shown") {
    check(lines[0] == std::string("d3d11vk ") + argv[1 + 1], "the HUD's first line is the version, 'd3d11vk " + std::string(argv[2]) + "'");
    const double expected = std::atof(argv[3]);
    const std::optional<double> fps = test_hud::numberAfter(lines, "FPS: ");
    check(fps && *fps >= expected * 0.9 && *fps <= expected * 1.1,
          "the HUD's FPS is within 10 % of " + std::string(argv[3]) + " (read " + (fps ? std::to_string(*fps) : "nothing") + ")");
    check(lines[2].rfind("Frame time: min ", 0) == 0, "the frame-time line follows");
    check((pixel(5, 5) & 0xff) < 0x80, "the HUD's box darkens the frame under it");
  } else {
    check(lines[0].empty() && lines[1].empty(), "no HUD text in the corner");
    check(pixel(5, 5) == 0x0000ff && pixel(9, 9) == 0x0000ff, "the corner shows the frame's blue");
  }
  check(pixel(int(width) - 4, int(height) - 4) == 0x0000ff, "away from the HUD the window shows the frame's blue");
  XDestroyImage(image);
  XCloseDisplay(display);
  return failed ? 1 : 0;
}
