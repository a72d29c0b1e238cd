// Validation and normalisation of state-object descriptions (blend, depth-stencil, rasterizer,
// sampler) per feature level, as the D3D11 reference documents them (docs/state-objects.md).
#pragma once

#include <cstring>
#include <string>

#include "util/windows_base.h"

namespace vk { class DeviceProfile; }

#include "d3d11/d3d11_enum_value.h"

namespace d3d11vk {


// What the rules depend on, fixed when the device is created.
struct StateCaps {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  bool logicOps = false;                  // D3D11_OPTIONS.OutputMergerLogicOp
  bool uavOnlyForcedSampleCount = false;  // D3D11_OPTIONS.UAVOnlyRenderingForcedSampleCount
  bool minMaxFiltering = false;           // D3D11_OPTIONS1.MinMaxFiltering
  D3D11_CONSERVATIVE_RASTERIZATION_TIER conservativeRasterization = D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  UINT maxAnisotropy = D3D11_MAX_MAXANISOTROPY;
};

// The caps as CheckFeatureSupport reports them for this device and level.
StateCaps stateCapsFor(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level);

// Each check returns an empty string and writes the normalised description (built in zeroed
// storage, so it can be compared byte for byte) when desc is valid, or says why it is not.
std::string checkBlendDesc(const StateCaps& caps, const D3D11_BLEND_DESC1& desc, D3D11_BLEND_DESC1* normalised);
std::string checkDepthStencilDesc(const StateCaps& caps, const D3D11_DEPTH_STENCIL_DESC& desc,
                                  D3D11_DEPTH_STENCIL_DESC* normalised);
std::string checkRasterizerDesc(const StateCaps& caps, const D3D11_RASTERIZER_DESC2& desc,
                                D3D11_RASTERIZER_DESC2* normalised);
std::string checkSamplerDesc(const StateCaps& caps, const D3D11_SAMPLER_DESC& desc, D3D11_SAMPLER_DESC* normalised);

// The older descriptions widened to the newest, with the added members at their defaults
// (logic op off and NOOP; ForcedSampleCount 0; conservative rasterization off).
D3D11_BLEND_DESC1 widenBlendDesc(const D3D11_BLEND_DESC& desc);
D3D11_RASTERIZER_DESC2 widenRasterizerDesc(const D3D11_RASTERIZER_DESC& desc);
D3D11_RASTERIZER_DESC2 widenRasterizerDesc(const D3D11_RASTERIZER_DESC1& desc);

}  // namespace d3d11vk
