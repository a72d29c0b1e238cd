// Monitor: what DXGI outputs report about one display (name, desktop rectangle, rotation, current
// mode and mode list), and enumerateMonitors(), which reads them from the platform.
#pragma once

#include <string>
#include <vector>

#include "util/windows_base.h"

namespace d3d11vk {

struct DisplayMode {
  UINT width = 0;
  UINT height = 0;
  UINT refreshNumerator = 0;    // Hz = numerator / denominator
  UINT refreshDenominator = 1;
  bool interlaced = false;

  double refreshHz() const { return refreshDenominator ? double(refreshNumerator) / refreshDenominator : 0.0; }
  bool operator==(const DisplayMode&) const = default;
};

struct Monitor {
  std::u16string deviceName;        // "\\.\DISPLAY1"
  RECT desktopCoordinates{};
  DXGI_MODE_ROTATION rotation = DXGI_MODE_ROTATION_IDENTITY;
  HMONITOR handle = nullptr;
  bool attachedToDesktop = true;
  DisplayMode current;
  std::vector<DisplayMode> modes;   // every mode the display offers, any order, may repeat
};

// The monitors attached to the desktop, primary first. Under Windows/Wine from the Win32 display
// APIs; natively none (docs/dxgi.md says why).
std::vector<Monitor> enumerateMonitors();

}  // namespace d3d11vk
