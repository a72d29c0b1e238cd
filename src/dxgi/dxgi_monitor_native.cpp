// enumerateMonitors() for the native build: the X11 screen's monitors from RandR (active outputs,
// their CRTC's rectangle and rotation, the modes each output lists), or one monitor covering the
// root window when the server or the process has no RandR 1.3. None without DISPLAY.
#include "dxgi/dxgi_monitor.h"

#include <algorithm>
#include <numeric>

#include "dxgi/dxgi_xcb.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

using xcb::reply;

// A RandR mode as DXGI counts it: the refresh rate is the pixel clock over the pixels per frame,
// kept as that exact fraction (reduced) rather than rounded to whole hertz.
DisplayMode modeFrom(const xcb::RandrModeInfo& info) {
  DisplayMode mode;
  mode.width = info.width;
  mode.height = info.height;
  uint64_t pixels = uint64_t(info.htotal) * info.vtotal;
  if (info.modeFlags & xcb::kRandrModeDoubleScan)
    pixels *= 2;
  if (info.modeFlags & xcb::kRandrModeInterlace)
    pixels /= 2;  // two fields per frame: the field rate is what the display refreshes at
  if (info.dotClock && pixels) {
    uint64_t divisor = std::gcd(uint64_t(info.dotClock), pixels);
    uint64_t numerator = info.dotClock / divisor, denominator = pixels / divisor;
    while (numerator > 0xffffffffu || denominator > 0xffffffffu) {
      numerator >>= 1;
      denominator >>= 1;
    }
    mode.refreshNumerator = UINT(numerator);
    mode.refreshDenominator = UINT(std::max<uint64_t>(denominator, 1));
  } else {
    // A mode without timings (Xvfb's): applications divide by the rate, so 60 Hz, as the PE build
    // reports Win32's "hardware default".
    mode.refreshNumerator = 60;
    mode.refreshDenominator = 1;
  }
  mode.interlaced = info.modeFlags & xcb::kRandrModeInterlace;
  return mode;
}

std::u16string widen(const uint8_t* name, int length) {
  std::u16string wide;
  for (int i = 0; i < length; ++i)
    wide.push_back(char16_t(name[i]));  // RandR output names are ASCII ("HDMI-1", "screen")
  return wide;
}

// The whole root window as one monitor: no RandR, or RandR with no active output.
Monitor rootMonitor(const xcb::Session& x) {
  Monitor monitor;
  monitor.deviceName = u"X11 screen";
  const xcb::Screen& screen = x.screen();
  monitor.desktopCoordinates = RECT{0, 0, LONG(screen.widthInPixels), LONG(screen.heightInPixels)};
  monitor.handle = reinterpret_cast<HMONITOR>(uintptr_t(screen.root));
  monitor.current = DisplayMode{screen.widthInPixels, screen.heightInPixels, 60, 1, false};
  monitor.modes.push_back(monitor.current);
  return monitor;
}

std::vector<Monitor> randrMonitors(const xcb::Session& x) {
  std::vector<Monitor> monitors;
  const xcb::Functions& f = x.f();
  if (!f.hasRandr())
    return monitors;
  const xcb::QueryExtensionReply* extension = f.getExtensionData(x.connection(), f.randrId);
  if (!extension || !extension->present) {
    D3D11VK_LOG_ONCE(Info, "DXGI outputs: the X server has no RandR; the screen is one output");
    return monitors;
  }
  auto version = reply<xcb::RandrQueryVersionReply>(x, f.randrQueryVersionReply, f.randrQueryVersion(x.connection(), 1, 3));
  if (!version || version->majorVersion < 1 || (version->majorVersion == 1 && version->minorVersion < 3)) {
    D3D11VK_LOG_ONCE(Info, "DXGI outputs: the X server's RandR is older than 1.3; the screen is one output");
    return monitors;
  }
  const uint32_t root = x.screen().root;
  auto resources = reply<xcb::RandrScreenResourcesReply>(x, f.randrGetScreenResourcesCurrentReply,
                                                         f.randrGetScreenResourcesCurrent(x.connection(), root));
  if (!resources)
    return monitors;
  const xcb::RandrModeInfo* modeInfos = f.randrScreenResourcesCurrentModes(resources.get());
  const int modeCount = f.randrScreenResourcesCurrentModesLength(resources.get());
  auto findMode = [&](uint32_t id) -> const xcb::RandrModeInfo* {
    for (int i = 0; i < modeCount; ++i)
      if (modeInfos[i].id == id)
        return &modeInfos[i];
    return nullptr;
  };
  auto primary = reply<xcb::RandrOutputPrimaryReply>(x, f.randrGetOutputPrimaryReply, f.randrGetOutputPrimary(x.connection(), root));
  const uint32_t primaryOutput = primary ? primary->output : 0;

  const uint32_t* outputs = f.randrScreenResourcesCurrentOutputs(resources.get());
  const int outputCount = f.randrScreenResourcesCurrentOutputsLength(resources.get());
  for (int i = 0; i < outputCount; ++i) {
    auto output = reply<xcb::RandrOutputInfoReply>(x, f.randrGetOutputInfoReply,
                                                   f.randrGetOutputInfo(x.connection(), outputs[i], resources->configTimestamp));
    // Only outputs showing part of the desktop: connected and driven by a CRTC.
    if (!output || output->connection != xcb::kRandrConnected || !output->crtc)
      continue;
    auto crtc = reply<xcb::RandrCrtcInfoReply>(x, f.randrGetCrtcInfoReply,
                                               f.randrGetCrtcInfo(x.connection(), output->crtc, resources->configTimestamp));
    if (!crtc || !crtc->mode || !crtc->width || !crtc->height)
      continue;
    Monitor monitor;
    monitor.deviceName = widen(f.randrOutputInfoName(output.get()), f.randrOutputInfoNameLength(output.get()));
    monitor.desktopCoordinates = RECT{crtc->x, crtc->y, LONG(crtc->x) + LONG(crtc->width), LONG(crtc->y) + LONG(crtc->height)};
    monitor.handle = reinterpret_cast<HMONITOR>(uintptr_t(outputs[i]));
    monitor.attachedToDesktop = true;
    if (crtc->rotation & xcb::kRandrRotate90)
      monitor.rotation = DXGI_MODE_ROTATION_ROTATE90;
    else if (crtc->rotation & xcb::kRandrRotate180)
      monitor.rotation = DXGI_MODE_ROTATION_ROTATE180;
    else if (crtc->rotation & xcb::kRandrRotate270)
      monitor.rotation = DXGI_MODE_ROTATION_ROTATE270;
    if (const xcb::RandrModeInfo* current = findMode(crtc->mode))
      monitor.current = modeFrom(*current);
    else
      monitor.current = DisplayMode{crtc->width, crtc->height, 60, 1, false};
    const uint32_t* modeIds = f.randrOutputInfoModes(output.get());
    const int modeIdCount = f.randrOutputInfoModesLength(output.get());
    for (int m = 0; m < modeIdCount; ++m)
      if (const xcb::RandrModeInfo* info = findMode(modeIds[m]))
        monitor.modes.push_back(modeFrom(*info));
    if (std::find(monitor.modes.begin(), monitor.modes.end(), monitor.current) == monitor.modes.end())
      monitor.modes.push_back(monitor.current);
    // DXGI lists the primary display as output 0, as applications expect.
    auto where = outputs[i] == primaryOutput ? monitors.begin() : monitors.end();
    monitors.insert(where, std::move(monitor));
  }
  return monitors;
}

}  // namespace

std::vector<Monitor> enumerateMonitors() {
  xcb::Session x;
  if (!x.connected()) {
    D3D11VK_LOG_ONCE(Info, "DXGI outputs: no X display (DISPLAY unset or unreachable), so no outputs natively");
    return {};
  }
  std::vector<Monitor> monitors = randrMonitors(x);
  if (monitors.empty()) {
    monitors.push_back(rootMonitor(x));
    D3D11VK_LOG_ONCE(Info, "DXGI outputs: the X screen as one output of ", x.screen().widthInPixels, "x",
                     x.screen().heightInPixels);
  } else {
    const RECT& first = monitors.front().desktopCoordinates;
    D3D11VK_LOG_ONCE(Info, "DXGI outputs: ", monitors.size(), " from RandR; output 0 is ", first.right - first.left, "x",
                     first.bottom - first.top, " at ", first.left, ",", first.top, " with ", monitors.front().modes.size(),
                     " modes");
  }
  return monitors;
}

}  // namespace d3d11vk
