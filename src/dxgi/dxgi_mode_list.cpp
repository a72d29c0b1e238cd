// Display-mode listing (format and flag filtering, scaling variants, order) and the staged
// closest-mode search.
#include "dxgi/dxgi_mode_list.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <tuple>

namespace d3d11vk {

bool isDisplayFormat(DXGI_FORMAT format) {
  switch (format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
    case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
    case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM:
    case DXGI_FORMAT_R16G16B16A16_FLOAT:
      return true;
    default:
      return false;
  }
}

namespace {

auto sortKey(const DXGI_MODE_DESC1& m) {
  return std::make_tuple(m.Width, m.Height, double(m.RefreshRate.Numerator) / std::max(1u, m.RefreshRate.Denominator),
                         int(m.ScanlineOrdering), int(m.Scaling));
}

bool sameMode(const DXGI_MODE_DESC1& a, const DXGI_MODE_DESC1& b) {
  return a.Width == b.Width && a.Height == b.Height && a.RefreshRate.Numerator == b.RefreshRate.Numerator &&
         a.RefreshRate.Denominator == b.RefreshRate.Denominator && a.ScanlineOrdering == b.ScanlineOrdering &&
         a.Scaling == b.Scaling;
}

// Keeps the candidates with the smallest distance to the target; an empty list stays empty.
template <typename Distance>
void keepClosest(std::vector<DXGI_MODE_DESC1>& candidates, Distance distance) {
  if (candidates.empty())
    return;
  auto best = distance(candidates.front());
  for (const DXGI_MODE_DESC1& m : candidates)
    best = std::min(best, distance(m));
  std::erase_if(candidates, [&](const DXGI_MODE_DESC1& m) { return distance(m) != best; });
}

double refreshHz(const DXGI_RATIONAL& rate) {
  return rate.Denominator ? double(rate.Numerator) / rate.Denominator : 0.0;
}

}  // namespace

std::vector<DXGI_MODE_DESC1> listModes(const Monitor& monitor, DXGI_FORMAT format, UINT flags) {
  std::vector<DXGI_MODE_DESC1> modes;
  if (!isDisplayFormat(format))
    return modes;
  uint64_t largest = 0;
  for (const DisplayMode& mode : monitor.modes)
    largest = std::max<uint64_t>(largest, uint64_t(mode.width) * mode.height);

  for (const DisplayMode& mode : monitor.modes) {
    if (mode.interlaced && !(flags & DXGI_ENUM_MODES_INTERLACED))
      continue;
    DXGI_MODE_DESC1 desc{};
    desc.Width = mode.width;
    desc.Height = mode.height;
    desc.RefreshRate = {mode.refreshNumerator, mode.refreshDenominator};
    desc.Format = format;
    desc.ScanlineOrdering = mode.interlaced ? DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST : DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE;
    desc.Scaling = DXGI_MODE_SCALING_UNSPECIFIED;
    desc.Stereo = FALSE;
    modes.push_back(desc);
    // A mode below the display's largest can be shown centred or stretched by the display.
    if ((flags & DXGI_ENUM_MODES_SCALING) && uint64_t(mode.width) * mode.height < largest) {
      desc.Scaling = DXGI_MODE_SCALING_CENTERED;
      modes.push_back(desc);
      desc.Scaling = DXGI_MODE_SCALING_STRETCHED;
      modes.push_back(desc);
    }
  }
  std::sort(modes.begin(), modes.end(), [](const auto& a, const auto& b) { return sortKey(a) < sortKey(b); });
  modes.erase(std::unique(modes.begin(), modes.end(), sameMode), modes.end());
  return modes;
}

HRESULT findClosestMode(const Monitor& monitor, const DXGI_MODE_DESC1& request, DXGI_MODE_DESC1* match) {
  if (request.Stereo)
    return DXGI_ERROR_NOT_FOUND;  // no display here offers stereo modes
  std::vector<DXGI_MODE_DESC1> candidates =
      listModes(monitor, request.Format, DXGI_ENUM_MODES_INTERLACED | DXGI_ENUM_MODES_SCALING);
  if (candidates.empty())
    return DXGI_ERROR_NOT_FOUND;

  const DisplayMode& desktop = monitor.current;
  const auto scanline = [&](const DXGI_MODE_DESC1& m) {
    DXGI_MODE_SCANLINE_ORDER target = request.ScanlineOrdering != DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED
        ? request.ScanlineOrdering
        : (desktop.interlaced ? DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST : DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE);
    return m.ScanlineOrdering == target ? 0 : 1;
  };
  const auto scaling = [&](const DXGI_MODE_DESC1& m) {
    // The desktop itself is unscaled.
    return m.Scaling == request.Scaling ? 0 : 1;
  };
  const auto resolution = [&](const DXGI_MODE_DESC1& m) {
    int64_t w = request.Width ? request.Width : desktop.width;
    int64_t h = request.Height ? request.Height : desktop.height;
    int64_t distance = std::llabs(int64_t(m.Width) - w) + std::llabs(int64_t(m.Height) - h);
    return std::make_pair(distance, int64_t(m.Width) * m.Height < w * h ? 1 : 0);
  };
  const auto refresh = [&](const DXGI_MODE_DESC1& m) {
    double target = request.RefreshRate.Numerator ? refreshHz(request.RefreshRate) : desktop.refreshHz();
    double hz = refreshHz(m.RefreshRate);
    // Thousandths of a hertz: 59.94 and 60 differ, rounding noise does not.
    return std::make_pair(std::llround(std::fabs(hz - target) * 1000.0), hz < target ? 1 : 0);
  };

  // Specified fields first (in the documented order), then the unspecified ones.
  const bool specified[] = {request.ScanlineOrdering != DXGI_MODE_SCANLINE_ORDER_UNSPECIFIED,
                            request.Scaling != DXGI_MODE_SCALING_UNSPECIFIED, request.Width != 0,
                            request.RefreshRate.Numerator != 0};
  const std::function<void()> stages[] = {
      [&] { keepClosest(candidates, scanline); }, [&] { keepClosest(candidates, scaling); },
      [&] { keepClosest(candidates, resolution); }, [&] { keepClosest(candidates, refresh); }};
  for (bool pass : {true, false}) {
    for (size_t i = 0; i < std::size(stages); i++) {
      if (specified[i] == pass)
        stages[i]();
    }
  }
  *match = candidates.front();
  return S_OK;
}

}  // namespace d3d11vk
