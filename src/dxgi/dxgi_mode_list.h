// Display-mode lists and closest-mode matching for DXGI outputs: pure functions of a Monitor, so
// the documented rules are tested natively without a display.
#pragma once

#include <vector>

#include "dxgi/dxgi_monitor.h"

namespace d3d11vk {

// The formats a DXGI output lists modes for (those D3D11 marks FORMAT_SUPPORT_DISPLAY); any other
// format has no modes.
bool isDisplayFormat(DXGI_FORMAT format);

// The format FindClosestMatchingMode uses when the application leaves Format unknown: the 32-bit
// desktop's.
constexpr DXGI_FORMAT kDesktopFormat = DXGI_FORMAT_R8G8B8A8_UNORM;

// The modes of `monitor` in `format`, as GetDisplayModeList1 returns them: duplicates removed,
// sorted by width, height, refresh rate, scanline ordering and scaling. Interlaced modes only with
// DXGI_ENUM_MODES_INTERLACED; centred and stretched variants of every mode smaller than the
// display's largest only with DXGI_ENUM_MODES_SCALING. No stereo modes exist.
std::vector<DXGI_MODE_DESC1> listModes(const Monitor& monitor, DXGI_FORMAT format, UINT flags);

// The mode FindClosestMatchingMode1 returns for `request`, whose arguments the caller has
// validated (Format already replaced by kDesktopFormat when unknown). Fields are matched in the
// documented order ScanlineOrdering, Scaling, Format, Resolution, RefreshRate, specified fields
// before unspecified ones; unspecified fields move towards the monitor's current mode. Resolution
// closeness is |Δwidth| + |Δheight| (ties: the larger mode, so content fits), refresh closeness
// |ΔHz| (ties: the higher rate). DXGI_ERROR_NOT_FOUND when the format has no modes or stereo is
// requested.
HRESULT findClosestMode(const Monitor& monitor, const DXGI_MODE_DESC1& request, DXGI_MODE_DESC1* match);

}  // namespace d3d11vk
