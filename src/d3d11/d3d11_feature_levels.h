// Feature levels: which D3D feature levels a Vulkan device can run, with the reasons each higher
// level is refused, and negotiation against an application's requested list.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "util/windows_base.h"
#include "vk/device_profile.h"

namespace d3d11vk {

// Every level d3d11vk knows, lowest first.
const std::vector<D3D_FEATURE_LEVEL>& knownFeatureLevels();
// "11_1"
std::string featureLevelName(D3D_FEATURE_LEVEL level);
// Parses "11_1" or "11.1"; nullopt for anything else.
std::optional<D3D_FEATURE_LEVEL> parseFeatureLevel(const std::string& text);

// What level `level` needs that the device lacks, one line each; empty when the device can run it.
// A level needs everything its lower levels need too.
std::vector<std::string> missingForFeatureLevel(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level);

// The highest level the device can run, or nullopt when it cannot even run 9_1.
std::optional<D3D_FEATURE_LEVEL> maxFeatureLevel(const vk::DeviceProfile& profile);

// The list D3D11CreateDevice uses when the application passes none, as documented: 11_0, 10_1,
// 10_0, 9_3, 9_2, 9_1 (11_1 and 12_x must be asked for).
const std::vector<D3D_FEATURE_LEVEL>& defaultRequestedLevels();

struct Negotiation {
  HRESULT result = S_OK;            // E_INVALIDARG for a malformed list, DXGI_ERROR_UNSUPPORTED when nothing fits
  D3D_FEATURE_LEVEL level{};        // the first requested level the device can run
  std::string message;              // for the log when result is a failure
};

// Walks the application's list in its order (or the default list when count is 0) and picks the
// first level not above `cap` that the device runs.
Negotiation negotiateFeatureLevel(const vk::DeviceProfile& profile, const D3D_FEATURE_LEVEL* requested,
                                  UINT count, D3D_FEATURE_LEVEL cap);

}  // namespace d3d11vk
