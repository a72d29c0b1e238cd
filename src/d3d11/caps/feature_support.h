// CheckFeatureSupport as a pure function of a device profile and a feature level: the data of
// every D3D11_FEATURE structure, with the documented size check.
#pragma once

#include <string>
#include <vector>

#include "util/windows_base.h"
#include "vk/device_profile.h"

namespace d3d11vk::caps {

// Features newer than the SDK headers on this machine; values and layouts from the D3D11 docs.
constexpr D3D11_FEATURE kFeatureDisplayable = D3D11_FEATURE(20);
constexpr D3D11_FEATURE kFeatureOptions6 = D3D11_FEATURE(21);
constexpr D3D11_FEATURE kFeatureShaderCacheAbiSupport = D3D11_FEATURE(22);
struct FeatureDataDisplayable {
  BOOL DisplayableTexture;
  D3D11_SHARED_RESOURCE_TIER SharedResourceTier;
};
struct FeatureDataOptions6 {
  BOOL ShaderAccessRestrictedResourcesSupported;
};
struct FeatureDataShaderCacheAbiSupport {
  WCHAR CompilerIdentifier[128];
};

// Fills `data` for `feature`. E_INVALIDARG for a null pointer, a size that is not exactly the
// structure's, or an unknown feature; FORMAT_SUPPORT(2) of a format with no support gives E_FAIL
// with the bits zeroed, as CheckFormatSupport does.
HRESULT queryFeatureSupport(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, D3D11_FEATURE feature,
                            void* data, UINT size);

// The tiled resources tier the device reaches (the Tier 1/2/3 definitions in docs/caps.md).
D3D11_TILED_RESOURCES_TIER tiledResourcesTier(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level);
D3D11_CONSERVATIVE_RASTERIZATION_TIER conservativeRasterizationTier(const vk::DeviceProfile& profile);

// Every feature d3d11vk answers, with its name, for the caps reporter.
struct FeatureDescription {
  D3D11_FEATURE feature;
  const char* name;
};
const std::vector<FeatureDescription>& allFeatures();

}  // namespace d3d11vk::caps
