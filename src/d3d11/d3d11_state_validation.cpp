// Validation and normalisation of state-object descriptions. Rules come from the D3D11
// reference pages of each description and from its "10Level9 ID3D11Device methods" table.
#include "d3d11/d3d11_state_validation.h"

#include <cmath>
#include <cstddef>
#include <cstring>
#include <sstream>

#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/resource_limits.h"

namespace d3d11vk {

namespace {

// D3D11_MIP_LOD_BIAS_MIN/MAX from d3d11.h (Wine's headers lack them).
constexpr float kMipLodBiasMin = -16.0f;
constexpr float kMipLodBiasMax = 15.99f;

bool is9x(const StateCaps& caps) { return caps.level < D3D_FEATURE_LEVEL_10_0; }

template <typename... Args>
std::string describe(const Args&... args) {
  std::ostringstream stream;
  (stream << ... << args);
  return stream.str();
}

bool validBlend(UINT blend) {
  // 12 and 13 are holes in the enumeration (D3D9's BOTHSRCALPHA values).
  return (blend >= D3D11_BLEND_ZERO && blend <= D3D11_BLEND_SRC_ALPHA_SAT) ||
         (blend >= D3D11_BLEND_BLEND_FACTOR && blend <= D3D11_BLEND_INV_SRC1_ALPHA);
}

bool isColorBlend(UINT blend) {
  return blend == D3D11_BLEND_SRC_COLOR || blend == D3D11_BLEND_INV_SRC_COLOR || blend == D3D11_BLEND_DEST_COLOR ||
         blend == D3D11_BLEND_INV_DEST_COLOR || blend == D3D11_BLEND_SRC1_COLOR || blend == D3D11_BLEND_INV_SRC1_COLOR;
}

bool isDualSourceBlend(UINT blend) { return blend >= D3D11_BLEND_SRC1_COLOR && blend <= D3D11_BLEND_INV_SRC1_ALPHA; }

bool validBlendOp(UINT op) { return op >= D3D11_BLEND_OP_ADD && op <= D3D11_BLEND_OP_MAX; }

bool validComparison(UINT func) { return func >= D3D11_COMPARISON_NEVER && func <= D3D11_COMPARISON_ALWAYS; }

bool validStencilOp(UINT op) { return op >= D3D11_STENCIL_OP_KEEP && op <= D3D11_STENCIL_OP_DECR; }

bool validAddress(UINT mode) {
  return mode >= D3D11_TEXTURE_ADDRESS_WRAP && mode <= D3D11_TEXTURE_ADDRESS_MIRROR_ONCE;
}

std::string checkRenderTargetBlend(const StateCaps& caps, UINT index, const D3D11_RENDER_TARGET_BLEND_DESC1& rt,
                                   bool independentBlend) {
  if (rt.LogicOpEnable) {
    if (!caps.logicOps)
      return describe("RenderTarget[", index, "]: logic operations need D3D11_OPTIONS.OutputMergerLogicOp");
    if (rt.BlendEnable)
      return describe("RenderTarget[", index, "]: LogicOpEnable and BlendEnable are both TRUE");
    if (independentBlend)
      return describe("RenderTarget[", index, "]: logic operations need IndependentBlendEnable FALSE");
    if (enumValue(rt.LogicOp) > UINT(D3D11_LOGIC_OP_OR_INVERTED))
      return describe("RenderTarget[", index, "]: LogicOp ", enumValue(rt.LogicOp), " is not a D3D11_LOGIC_OP");
  }
  if (rt.BlendEnable) {
    const UINT factors[] = {enumValue(rt.SrcBlend), enumValue(rt.DestBlend), enumValue(rt.SrcBlendAlpha),
                            enumValue(rt.DestBlendAlpha)};
    const char* names[] = {"SrcBlend", "DestBlend", "SrcBlendAlpha", "DestBlendAlpha"};
    for (int i = 0; i < 4; ++i) {
      if (!validBlend(factors[i]))
        return describe("RenderTarget[", index, "]: ", names[i], " ", factors[i], " is not a D3D11_BLEND");
      if (i >= 2 && isColorBlend(factors[i]))
        return describe("RenderTarget[", index, "]: ", names[i], " ", factors[i], " is a _COLOR factor");
      if (is9x(caps) && (factors[i] == D3D11_BLEND_SRC_ALPHA_SAT || isDualSourceBlend(factors[i])))
        return describe("RenderTarget[", index, "]: ", names[i], " ", factors[i],
                        " (SRC_ALPHA_SAT or dual-source) is not supported at 9_x");
    }
    if (!validBlendOp(enumValue(rt.BlendOp)))
      return describe("RenderTarget[", index, "]: BlendOp ", enumValue(rt.BlendOp), " is not a D3D11_BLEND_OP");
    if (!validBlendOp(enumValue(rt.BlendOpAlpha)))
      return describe("RenderTarget[", index, "]: BlendOpAlpha ", enumValue(rt.BlendOpAlpha),
                      " is not a D3D11_BLEND_OP");
  }
  if (rt.RenderTargetWriteMask & ~UINT(D3D11_COLOR_WRITE_ENABLE_ALL))
    return describe("RenderTarget[", index, "]: RenderTargetWriteMask 0x", std::hex, UINT(rt.RenderTargetWriteMask),
                    " has bits above D3D11_COLOR_WRITE_ENABLE_ALL");
  return {};
}

// A disabled blend or logic op keeps only its documented defaults, so descriptions that differ
// in ignored members are one state (and GetDesc shows the defaults, as on Windows).
D3D11_RENDER_TARGET_BLEND_DESC1 normaliseRenderTargetBlend(const D3D11_RENDER_TARGET_BLEND_DESC1& rt) {
  D3D11_RENDER_TARGET_BLEND_DESC1 out;
  std::memset(&out, 0, sizeof(out));
  out.BlendEnable = rt.BlendEnable;
  out.LogicOpEnable = rt.LogicOpEnable;
  out.SrcBlend = rt.BlendEnable ? rt.SrcBlend : D3D11_BLEND_ONE;
  out.DestBlend = rt.BlendEnable ? rt.DestBlend : D3D11_BLEND_ZERO;
  out.BlendOp = rt.BlendEnable ? rt.BlendOp : D3D11_BLEND_OP_ADD;
  out.SrcBlendAlpha = rt.BlendEnable ? rt.SrcBlendAlpha : D3D11_BLEND_ONE;
  out.DestBlendAlpha = rt.BlendEnable ? rt.DestBlendAlpha : D3D11_BLEND_ZERO;
  out.BlendOpAlpha = rt.BlendEnable ? rt.BlendOpAlpha : D3D11_BLEND_OP_ADD;
  out.LogicOp = rt.LogicOpEnable ? rt.LogicOp : D3D11_LOGIC_OP_NOOP;
  out.RenderTargetWriteMask = rt.RenderTargetWriteMask;
  return out;
}

D3D11_DEPTH_STENCILOP_DESC defaultStencilFace() {
  return {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS};
}

std::string checkStencilFace(const char* name, const D3D11_DEPTH_STENCILOP_DESC& face) {
  if (!validStencilOp(enumValue(face.StencilFailOp)))
    return describe(name, ".StencilFailOp ", enumValue(face.StencilFailOp), " is not a D3D11_STENCIL_OP");
  if (!validStencilOp(enumValue(face.StencilDepthFailOp)))
    return describe(name, ".StencilDepthFailOp ", enumValue(face.StencilDepthFailOp), " is not a D3D11_STENCIL_OP");
  if (!validStencilOp(enumValue(face.StencilPassOp)))
    return describe(name, ".StencilPassOp ", enumValue(face.StencilPassOp), " is not a D3D11_STENCIL_OP");
  if (!validComparison(enumValue(face.StencilFunc)))
    return describe(name, ".StencilFunc ", enumValue(face.StencilFunc), " is not a D3D11_COMPARISON_FUNC");
  return {};
}

// D3D11_FILTER packs point/linear choices for min, mag and mip (bits 4, 2, 0), anisotropy (0x55)
// and the reduction (bits 7-8: standard, comparison, minimum, maximum).
bool validFilter(UINT value) {
  if (value & ~0x1ffu)
    return false;
  UINT sampling = value & 0x7fu;
  return sampling == 0x55u || (sampling & ~0x15u) == 0;
}

bool isAnisotropic(UINT filter) { return (filter & 0x7fu) == 0x55u; }
UINT filterReduction(UINT filter) { return (filter >> 7) & 3u; }  // 1: comparison, 2: min, 3: max

}  // namespace

StateCaps stateCapsFor(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  StateCaps caps;
  caps.level = level;
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  if (caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK) {
    caps.logicOps = options.OutputMergerLogicOp;
    caps.uavOnlyForcedSampleCount = options.UAVOnlyRenderingForcedSampleCount;
  }
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1{};
  if (caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D11_OPTIONS1, &options1, sizeof(options1)) == S_OK)
    caps.minMaxFiltering = options1.MinMaxFiltering;
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  if (caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof(options2)) == S_OK)
    caps.conservativeRasterization = options2.ConservativeRasterizationTier;
  caps.maxAnisotropy = caps::resourceLimits(level).maxAnisotropy;
  return caps;
}

std::string checkBlendDesc(const StateCaps& caps, const D3D11_BLEND_DESC1& desc, D3D11_BLEND_DESC1* normalised) {
  if (is9x(caps) && desc.AlphaToCoverageEnable)
    return "AlphaToCoverageEnable must be FALSE at 9_x";
  UINT checked = desc.IndependentBlendEnable ? D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT : 1;
  for (UINT i = 0; i < checked; ++i) {
    std::string problem = checkRenderTargetBlend(caps, i, desc.RenderTarget[i], desc.IndependentBlendEnable);
    if (!problem.empty())
      return problem;
  }
  if (is9x(caps) && desc.IndependentBlendEnable) {
    // 9_x hardware has one blend enable for its (up to four) render targets; 9_2 one write mask.
    for (UINT i = 1; i < 4; ++i) {
      if (bool(desc.RenderTarget[i].BlendEnable) != bool(desc.RenderTarget[0].BlendEnable))
        return "the first four BlendEnable values must be equal at 9_x";
      if (caps.level == D3D_FEATURE_LEVEL_9_2 &&
          desc.RenderTarget[i].RenderTargetWriteMask != desc.RenderTarget[0].RenderTargetWriteMask)
        return "the first four RenderTargetWriteMask values must be equal at 9_2";
    }
  }
  std::memset(normalised, 0, sizeof(*normalised));
  normalised->AlphaToCoverageEnable = desc.AlphaToCoverageEnable;
  normalised->IndependentBlendEnable = desc.IndependentBlendEnable;
  for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i) {
    // Without independent blending RenderTarget[1..7] are ignored: they read as copies of [0].
    normalised->RenderTarget[i] = normaliseRenderTargetBlend(desc.RenderTarget[desc.IndependentBlendEnable ? i : 0]);
  }
  return {};
}

std::string checkDepthStencilDesc(const StateCaps& /*caps*/, const D3D11_DEPTH_STENCIL_DESC& desc,
                                  D3D11_DEPTH_STENCIL_DESC* normalised) {
  if (desc.DepthEnable) {
    UINT writeMask = enumValue(desc.DepthWriteMask);
    if (writeMask != D3D11_DEPTH_WRITE_MASK_ZERO && writeMask != D3D11_DEPTH_WRITE_MASK_ALL)
      return describe("DepthWriteMask ", writeMask, " is not a D3D11_DEPTH_WRITE_MASK");
    if (!validComparison(enumValue(desc.DepthFunc)))
      return describe("DepthFunc ", enumValue(desc.DepthFunc), " is not a D3D11_COMPARISON_FUNC");
  }
  if (desc.StencilEnable) {
    std::string problem = checkStencilFace("FrontFace", desc.FrontFace);
    if (problem.empty())
      problem = checkStencilFace("BackFace", desc.BackFace);
    if (!problem.empty())
      return problem;
  }
  // Members of a disabled test are ignored: they read back as the documented defaults.
  std::memset(normalised, 0, sizeof(*normalised));
  normalised->DepthEnable = desc.DepthEnable;
  normalised->DepthWriteMask = desc.DepthEnable ? desc.DepthWriteMask : D3D11_DEPTH_WRITE_MASK_ALL;
  normalised->DepthFunc = desc.DepthEnable ? desc.DepthFunc : D3D11_COMPARISON_LESS;
  normalised->StencilEnable = desc.StencilEnable;
  normalised->StencilReadMask = desc.StencilEnable ? desc.StencilReadMask : UINT8(D3D11_DEFAULT_STENCIL_READ_MASK);
  normalised->StencilWriteMask = desc.StencilEnable ? desc.StencilWriteMask : UINT8(D3D11_DEFAULT_STENCIL_WRITE_MASK);
  normalised->FrontFace = desc.StencilEnable ? desc.FrontFace : defaultStencilFace();
  normalised->BackFace = desc.StencilEnable ? desc.BackFace : defaultStencilFace();
  return {};
}

std::string checkRasterizerDesc(const StateCaps& caps, const D3D11_RASTERIZER_DESC2& desc,
                                D3D11_RASTERIZER_DESC2* normalised) {
  UINT fillMode = enumValue(desc.FillMode), cullMode = enumValue(desc.CullMode);
  if (fillMode != D3D11_FILL_WIREFRAME && fillMode != D3D11_FILL_SOLID)
    return describe("FillMode ", fillMode, " is not a D3D11_FILL_MODE");
  if (cullMode < D3D11_CULL_NONE || cullMode > D3D11_CULL_BACK)
    return describe("CullMode ", cullMode, " is not a D3D11_CULL_MODE");
  if (std::isnan(desc.DepthBiasClamp))
    return "DepthBiasClamp is NaN";
  if (std::isnan(desc.SlopeScaledDepthBias))
    return "SlopeScaledDepthBias is NaN";
  if (is9x(caps) && !desc.DepthClipEnable)
    return "DepthClipEnable must be TRUE at 9_x";
  if (is9x(caps) && desc.DepthBiasClamp != 0.0f)
    return describe("DepthBiasClamp must be 0 at 9_x (is ", desc.DepthBiasClamp, ")");
  switch (desc.ForcedSampleCount) {
    case 0:
    case 1:
      break;  // 0 (not forced) and 1 are allowed at every level
    case 2:
    case 4:
    case 8:
    case 16:
      // 11_1 allows every count (target-independent rasterization); below it only UAV-only
      // rendering forces a count, and then only 4 or 8 (docs: D3D11_FEATURE_DATA_D3D11_OPTIONS).
      if (caps.level >= D3D_FEATURE_LEVEL_11_1)
        break;
      if (caps.uavOnlyForcedSampleCount && (desc.ForcedSampleCount == 4 || desc.ForcedSampleCount == 8))
        break;
      return describe("ForcedSampleCount ", desc.ForcedSampleCount, " is not supported at this feature level");
    default:
      return describe("ForcedSampleCount ", desc.ForcedSampleCount, " is not 0, 1, 2, 4, 8 or 16");
  }
  UINT conservative = enumValue(desc.ConservativeRaster);
  if (conservative != D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF && conservative != D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON)
    return describe("ConservativeRaster ", conservative, " is not a D3D11_CONSERVATIVE_RASTERIZATION_MODE");
  if (conservative == D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON &&
      caps.conservativeRasterization == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED)
    return "conservative rasterization needs D3D11_OPTIONS2.ConservativeRasterizationTier 1 or higher";
  // Every member matters to the rasterizer (and all are valid now): nothing to reset.
  *normalised = desc;
  return {};
}

std::string checkSamplerDesc(const StateCaps& caps, const D3D11_SAMPLER_DESC& desc, D3D11_SAMPLER_DESC* normalised) {
  UINT filter = enumValue(desc.Filter);
  if (!validFilter(filter))
    return describe("Filter 0x", std::hex, filter, " is not a D3D11_FILTER");
  UINT reduction = filterReduction(filter);
  if (reduction >= 2 && !caps.minMaxFiltering)
    return describe("Filter 0x", std::hex, filter, ": minimum/maximum filtering needs MinMaxFiltering");
  if (reduction == 1 && is9x(caps))
    return "comparison filters are not supported at 9_x";
  const UINT modes[] = {enumValue(desc.AddressU), enumValue(desc.AddressV), enumValue(desc.AddressW)};
  const char* names[] = {"AddressU", "AddressV", "AddressW"};
  bool border = false;
  for (int i = 0; i < 3; ++i) {
    if (!validAddress(modes[i]))
      return describe(names[i], " ", modes[i], " is not a D3D11_TEXTURE_ADDRESS_MODE");
    if (modes[i] == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE && caps.level == D3D_FEATURE_LEVEL_9_1)
      return describe(names[i], " MIRROR_ONCE is not supported at 9_1");
    border = border || modes[i] == D3D11_TEXTURE_ADDRESS_BORDER;
  }
  if (std::isnan(desc.MipLODBias) || desc.MipLODBias < kMipLodBiasMin || desc.MipLODBias > kMipLodBiasMax)
    return describe("MipLODBias ", desc.MipLODBias, " is outside -16..15.99");
  if (isAnisotropic(filter) && (desc.MaxAnisotropy < 1 || desc.MaxAnisotropy > caps.maxAnisotropy))
    return describe("MaxAnisotropy ", desc.MaxAnisotropy, " is outside 1..", caps.maxAnisotropy,
                    " for an anisotropic filter at this feature level");
  if (reduction == 1 && !validComparison(enumValue(desc.ComparisonFunc)))
    return describe("ComparisonFunc ", enumValue(desc.ComparisonFunc), " is not a D3D11_COMPARISON_FUNC");
  if (std::isnan(desc.MinLOD) || std::isnan(desc.MaxLOD))
    return "MinLOD or MaxLOD is NaN";
  // MinLOD above MaxLOD is accepted, as Windows does (Wine's test_texture samples with MinLOD 2 and
  // MaxLOD 0); the Vulkan sampler gets maxLod raised to minLod.
  if (is9x(caps)) {
    if (desc.MinLOD != std::floor(desc.MinLOD))
      return describe("MinLOD ", desc.MinLOD, " must be a whole number at 9_x");
    if (desc.MaxLOD != D3D11_FLOAT32_MAX)
      return describe("MaxLOD ", desc.MaxLOD, " must be FLT_MAX at 9_x");
    for (float component : desc.BorderColor)
      if (border && !(component >= 0.0f && component <= 1.0f))
        return "BorderColor components must be within 0..1 at 9_x";
  }
  // Copied as bytes (an ignored ComparisonFunc may hold any value), then the members the filter and
  // address modes ignore are reset as Windows reports them from GetDesc (Wine's conformance tests):
  // MaxAnisotropy 0 without anisotropic filtering, ComparisonFunc NEVER without comparison, and a
  // zero BorderColor when no address mode is BORDER. Descriptions that differ only there are then
  // one state object.
  std::memcpy(normalised, &desc, sizeof(desc));
  if (!isAnisotropic(filter))
    normalised->MaxAnisotropy = 0;
  if (reduction != 1)
    normalised->ComparisonFunc = D3D11_COMPARISON_NEVER;
  if (!border)
    for (float& component : normalised->BorderColor)
      component = 0.0f;
  return {};
}

D3D11_BLEND_DESC1 widenBlendDesc(const D3D11_BLEND_DESC& desc) {
  D3D11_BLEND_DESC1 wide;
  std::memset(&wide, 0, sizeof(wide));
  wide.AlphaToCoverageEnable = desc.AlphaToCoverageEnable;
  wide.IndependentBlendEnable = desc.IndependentBlendEnable;
  for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC& from = desc.RenderTarget[i];
    D3D11_RENDER_TARGET_BLEND_DESC1& to = wide.RenderTarget[i];
    to.BlendEnable = from.BlendEnable;
    to.LogicOpEnable = FALSE;
    // SrcBlend..BlendOpAlpha are six consecutive enumerations in both layouts; copied as bytes
    // because ignored ones may hold any value.
    static_assert(offsetof(D3D11_RENDER_TARGET_BLEND_DESC, RenderTargetWriteMask) -
                      offsetof(D3D11_RENDER_TARGET_BLEND_DESC, SrcBlend) == 6 * sizeof(UINT));
    static_assert(offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, LogicOp) -
                      offsetof(D3D11_RENDER_TARGET_BLEND_DESC1, SrcBlend) == 6 * sizeof(UINT));
    std::memcpy(&to.SrcBlend, &from.SrcBlend, 6 * sizeof(UINT));
    to.LogicOp = D3D11_LOGIC_OP_NOOP;
    to.RenderTargetWriteMask = from.RenderTargetWriteMask;
  }
  return wide;
}

D3D11_RASTERIZER_DESC2 widenRasterizerDesc(const D3D11_RASTERIZER_DESC& desc) {
  static_assert(offsetof(D3D11_RASTERIZER_DESC1, ForcedSampleCount) == sizeof(D3D11_RASTERIZER_DESC));
  D3D11_RASTERIZER_DESC1 desc1{};
  std::memcpy(&desc1, &desc, sizeof(desc));  // DESC1 is DESC plus ForcedSampleCount
  desc1.ForcedSampleCount = 0;
  return widenRasterizerDesc(desc1);
}

D3D11_RASTERIZER_DESC2 widenRasterizerDesc(const D3D11_RASTERIZER_DESC1& desc) {
  static_assert(offsetof(D3D11_RASTERIZER_DESC2, ConservativeRaster) == sizeof(D3D11_RASTERIZER_DESC1));
  D3D11_RASTERIZER_DESC2 wide{};
  std::memcpy(&wide, &desc, sizeof(desc));  // DESC2 is DESC1 plus ConservativeRaster
  wide.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  return wide;
}

}  // namespace d3d11vk
