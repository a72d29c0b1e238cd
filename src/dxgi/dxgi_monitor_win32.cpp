// enumerateMonitors() for the PE build: displays from EnumDisplayDevicesW, their modes from
// EnumDisplaySettingsExW, and their HMONITOR and desktop rectangle from EnumDisplayMonitors.
#include "dxgi/dxgi_monitor.h"

#include <algorithm>
#include <cwchar>

#include "util/log.h"

namespace d3d11vk {

namespace {

struct MonitorHandleSearch {
  const WCHAR* deviceName;
  HMONITOR handle = nullptr;
  RECT rect{};
};

BOOL CALLBACK findMonitorHandle(HMONITOR monitor, HDC, LPRECT, LPARAM data) {
  auto* search = reinterpret_cast<MonitorHandleSearch*>(data);
  MONITORINFOEXW info{};
  info.cbSize = sizeof(info);
  if (GetMonitorInfoW(monitor, &info) && std::wcscmp(info.szDevice, search->deviceName) == 0) {
    search->handle = monitor;
    search->rect = info.rcMonitor;
    return FALSE;  // found: stop enumerating
  }
  return TRUE;
}

DisplayMode modeFrom(const DEVMODEW& devmode) {
  DisplayMode mode;
  mode.width = devmode.dmPelsWidth;
  mode.height = devmode.dmPelsHeight;
  // Win32 reports whole hertz; 0 and 1 mean "the hardware default" (Xvfb under Wine says 0).
  // Applications divide by the rate, so that is reported as 60 Hz, what nearly every display
  // defaults to.
  mode.refreshNumerator = devmode.dmDisplayFrequency > 1 ? devmode.dmDisplayFrequency : 60;
  mode.refreshDenominator = 1;
  mode.interlaced = (devmode.dmFields & DM_DISPLAYFLAGS) && (devmode.dmDisplayFlags & DM_INTERLACED);
  return mode;
}

DXGI_MODE_ROTATION rotationFrom(const DEVMODEW& devmode) {
  if (!(devmode.dmFields & DM_DISPLAYORIENTATION))
    return DXGI_MODE_ROTATION_IDENTITY;
  switch (devmode.dmDisplayOrientation) {
    case DMDO_90: return DXGI_MODE_ROTATION_ROTATE90;
    case DMDO_180: return DXGI_MODE_ROTATION_ROTATE180;
    case DMDO_270: return DXGI_MODE_ROTATION_ROTATE270;
    default: return DXGI_MODE_ROTATION_IDENTITY;
  }
}

bool readMonitor(const DISPLAY_DEVICEW& device, Monitor* monitor) {
  monitor->deviceName.assign(reinterpret_cast<const char16_t*>(device.DeviceName));
  DEVMODEW current{};
  current.dmSize = sizeof(current);
  if (!EnumDisplaySettingsExW(device.DeviceName, ENUM_CURRENT_SETTINGS, &current, 0)) {
    util::log::warn("DXGI outputs: no current mode for a display; skipping it");
    return false;
  }
  monitor->current = modeFrom(current);
  monitor->rotation = rotationFrom(current);

  // Only modes at the desktop's colour depth: DXGI lists modes per format, and every display
  // format d3d11vk lists is a 32-bit one (docs/dxgi.md).
  DEVMODEW devmode{};
  devmode.dmSize = sizeof(devmode);
  for (DWORD i = 0; EnumDisplaySettingsExW(device.DeviceName, i, &devmode, 0); i++) {
    if (devmode.dmBitsPerPel == 32 || devmode.dmBitsPerPel == 0)
      monitor->modes.push_back(modeFrom(devmode));
    devmode = DEVMODEW{};
    devmode.dmSize = sizeof(devmode);
  }
  if (std::find(monitor->modes.begin(), monitor->modes.end(), monitor->current) == monitor->modes.end())
    monitor->modes.push_back(monitor->current);

  MonitorHandleSearch search{device.DeviceName};
  EnumDisplayMonitors(nullptr, nullptr, findMonitorHandle, reinterpret_cast<LPARAM>(&search));
  monitor->handle = search.handle;
  if (search.handle) {
    monitor->desktopCoordinates = search.rect;
  } else {
    // No HMONITOR (should not happen for an attached display): place it by its DEVMODE.
    monitor->desktopCoordinates.left = current.dmPosition.x;
    monitor->desktopCoordinates.top = current.dmPosition.y;
    monitor->desktopCoordinates.right = current.dmPosition.x + LONG(current.dmPelsWidth);
    monitor->desktopCoordinates.bottom = current.dmPosition.y + LONG(current.dmPelsHeight);
  }
  monitor->attachedToDesktop = true;
  return true;
}

}  // namespace

std::vector<Monitor> enumerateMonitors() {
  std::vector<Monitor> monitors;
  DISPLAY_DEVICEW device{};
  device.cb = sizeof(device);
  for (DWORD i = 0; EnumDisplayDevicesW(nullptr, i, &device, 0); i++) {
    if (device.StateFlags & DISPLAY_DEVICE_ATTACHED_TO_DESKTOP) {
      Monitor monitor;
      if (readMonitor(device, &monitor)) {
        // DXGI lists the primary display as output 0, as applications expect.
        auto where = (device.StateFlags & DISPLAY_DEVICE_PRIMARY_DEVICE) ? monitors.begin() : monitors.end();
        monitors.insert(where, std::move(monitor));
      }
    }
    device = DISPLAY_DEVICEW{};
    device.cb = sizeof(device);
  }
  return monitors;
}

}  // namespace d3d11vk
