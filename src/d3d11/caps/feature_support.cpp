// CheckFeatureSupport data. Members that the runtime provides in software in d3d11vk (discard,
// ClearView, constant-buffer offsetting, ...) are TRUE at every level, as Windows reports them for
// 9_x where its runtime emulates them; members that depend on the hardware follow Vulkan features.
#include "d3d11/caps/feature_support.h"

#include <algorithm>
#include <cstring>

#include "d3d11/caps/format_support.h"

namespace d3d11vk::caps {

namespace {

template <typename T>
T* structureFor(void* data, UINT size) {
  return data && size == sizeof(T) ? static_cast<T*>(data) : nullptr;
}

bool isTileBasedVendor(uint32_t vendor) {
  // ARM, Qualcomm, Imagination and Apple GPUs render in tiles; Vulkan has no flag for it.
  return vendor == 0x13b5 || vendor == 0x5143 || vendor == 0x1010 || vendor == 0x106b;
}

bool depthComparisonFiltering(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  // D3D9-style shadow maps: D16 or D24 sampled with a LESS_EQUAL comparison filter. Asked at 10_0
  // at least: 9_x format support reports no comparison bits, the device's ability is the same.
  const D3D_FEATURE_LEVEL asked = std::max(level, D3D_FEATURE_LEVEL_10_0);
  FormatSupport d16 = queryFormatSupport(profile, asked, DXGI_FORMAT_R16_UNORM);
  FormatSupport d24 = queryFormatSupport(profile, asked, DXGI_FORMAT_R24_UNORM_X8_TYPELESS);
  return (d16.support | d24.support) & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON;
}

}  // namespace

D3D11_TILED_RESOURCES_TIER tiledResourcesTier(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  const VkPhysicalDeviceFeatures& f = profile.features.core.features;
  const VkPhysicalDeviceSparseProperties& sparse = profile.properties.core.properties.sparseProperties;
  // The device's queue (the first graphics and compute family, vk::Device) must bind sparse
  // memory: tile mappings are vkQueueBindSparse on it, ordered with the context's submissions.
  bool queueBinds = false;
  for (const VkQueueFamilyProperties& family : profile.queueFamilies) {
    if ((family.queueFlags & VK_QUEUE_GRAPHICS_BIT) && (family.queueFlags & VK_QUEUE_COMPUTE_BIT) && family.queueCount) {
      queueBinds = (family.queueFlags & VK_QUEUE_SPARSE_BINDING_BIT) != 0;
      break;
    }
  }
  // Tier 1: 11_0 hardware, sparse 2D textures and buffers that may alias (tiles mapped twice),
  // in D3D11's 64 KiB standard tiles; implemented on sparse binding (docs/resources.md, Tiled
  // resources).
  if (level < D3D_FEATURE_LEVEL_11_0 || !queueBinds || !f.sparseBinding || !f.sparseResidencyBuffer ||
      !f.sparseResidencyImage2D || !f.sparseResidencyAliased || !sparse.residencyStandard2DBlockShape)
    return D3D11_TILED_RESOURCES_NOT_SUPPORTED;
  // Tier 2 would add reads of unmapped tiles returning zero (residencyNonResidentStrict), LOD
  // clamp and mapped-status feedback in shaders (shaderResourceResidency, shaderResourceMinLod)
  // and min/max filtering; tier 3 tiled Texture3D (sparseResidencyImage3D). Not reported: the
  // compiler answers the feedback instructions with "fully mapped" instead of OpImageSparse*
  // residency codes, and tiled Texture3D is not built, so no device gets past tier 1 yet.
  return D3D11_TILED_RESOURCES_TIER_1;
}

D3D11_CONSERVATIVE_RASTERIZATION_TIER conservativeRasterizationTier(const vk::DeviceProfile& profile) {
  if (!profile.hasExtension(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME))
    return D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  const auto& c = profile.properties.conservativeRasterization;
  // Tier 1 allows 1/2 pixel of overestimation; tier 2 needs 1/256 and degenerate triangles
  // rasterized; tier 3 adds inner coverage (SV_InnerCoverage).
  if (c.primitiveOverestimationSize > 0.5f)
    return D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED;
  if (c.primitiveOverestimationSize > 1.0f / 256.0f || !c.degenerateTrianglesRasterized)
    return D3D11_CONSERVATIVE_RASTERIZATION_TIER_1;
  if (!c.fullyCoveredFragmentShaderInputVariable)
    return D3D11_CONSERVATIVE_RASTERIZATION_TIER_2;
  return D3D11_CONSERVATIVE_RASTERIZATION_TIER_3;
}

const std::vector<FeatureDescription>& allFeatures() {
  static const std::vector<FeatureDescription> list = {
#define FEATURE(name) {D3D11_FEATURE_##name, #name},
    FEATURE(THREADING) FEATURE(DOUBLES) FEATURE(FORMAT_SUPPORT) FEATURE(FORMAT_SUPPORT2)
    FEATURE(D3D10_X_HARDWARE_OPTIONS) FEATURE(D3D11_OPTIONS) FEATURE(ARCHITECTURE_INFO) FEATURE(D3D9_OPTIONS)
    FEATURE(SHADER_MIN_PRECISION_SUPPORT) FEATURE(D3D9_SHADOW_SUPPORT) FEATURE(D3D11_OPTIONS1)
    FEATURE(D3D9_SIMPLE_INSTANCING_SUPPORT) FEATURE(MARKER_SUPPORT) FEATURE(D3D9_OPTIONS1) FEATURE(D3D11_OPTIONS2)
    FEATURE(D3D11_OPTIONS3) FEATURE(GPU_VIRTUAL_ADDRESS_SUPPORT) FEATURE(D3D11_OPTIONS4) FEATURE(SHADER_CACHE)
    FEATURE(D3D11_OPTIONS5)
    {kFeatureDisplayable, "DISPLAYABLE"}, {kFeatureOptions6, "D3D11_OPTIONS6"},
    {kFeatureShaderCacheAbiSupport, "SHADER_CACHE_ABI_SUPPORT"},
#undef FEATURE
  };
  return list;
}

HRESULT queryFeatureSupport(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, D3D11_FEATURE feature,
                            void* data, UINT size) {
  const VkPhysicalDeviceFeatures& f = profile.features.core.features;
  const bool level11_1 = level >= D3D_FEATURE_LEVEL_11_1;

  switch (feature) {
    case D3D11_FEATURE_THREADING: {
      auto* out = structureFor<D3D11_FEATURE_DATA_THREADING>(data, size);
      if (!out) return E_INVALIDARG;
      // Creation methods are thread-safe (locked caches and allocators), and deferred contexts
      // record the backend's own commands, which a command list replays without re-recording
      // (docs/deferred-contexts.md).
      out->DriverConcurrentCreates = TRUE;
      out->DriverCommandLists = TRUE;
      return S_OK;
    }
    case D3D11_FEATURE_DOUBLES: {
      auto* out = structureFor<D3D11_FEATURE_DATA_DOUBLES>(data, size);
      if (!out) return E_INVALIDARG;
      out->DoublePrecisionFloatShaderOps = level >= D3D_FEATURE_LEVEL_11_0 && f.shaderFloat64;
      return S_OK;
    }
    case D3D11_FEATURE_FORMAT_SUPPORT: {
      auto* out = structureFor<D3D11_FEATURE_DATA_FORMAT_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      out->OutFormatSupport = queryFormatSupport(profile, level, out->InFormat).support;
      return out->OutFormatSupport ? S_OK : E_FAIL;
    }
    case D3D11_FEATURE_FORMAT_SUPPORT2: {
      auto* out = structureFor<D3D11_FEATURE_DATA_FORMAT_SUPPORT2>(data, size);
      if (!out) return E_INVALIDARG;
      FormatSupport support = queryFormatSupport(profile, level, out->InFormat);
      out->OutFormatSupport2 = support.support2;
      return support.support ? S_OK : E_FAIL;
    }
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS>(data, size);
      if (!out) return E_INVALIDARG;
      // cs_4_x with raw and structured buffers: every Vulkan device computes.
      out->ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x = level >= D3D_FEATURE_LEVEL_10_0;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D11_OPTIONS>(data, size);
      if (!out) return E_INVALIDARG;
      const bool level9 = level < D3D_FEATURE_LEVEL_10_0;
      out->OutputMergerLogicOp = level11_1 || (!level9 && f.logicOp);
      out->UAVOnlyRenderingForcedSampleCount = level11_1 || (level >= D3D_FEATURE_LEVEL_11_0 && f.variableMultisampleRate);
      // Runtime features d3d11vk implements itself: equal in their documented groups.
      out->DiscardAPIsSeenByDriver = TRUE;
      out->FlagsForUpdateAndCopySeenByDriver = TRUE;
      out->ClearView = TRUE;
      out->CopyWithOverlap = TRUE;
      out->ConstantBufferPartialUpdate = TRUE;
      out->ConstantBufferOffsetting = TRUE;
      out->MapNoOverwriteOnDynamicConstantBuffer = TRUE;
      // A pair by the documented groups. ForcedSampleCount 1 with a multisampled render target
      // would need rasterization at 1 sample into multisampled attachments, which Vulkan has no
      // core way to do (the pipeline rasterizes at the attachments' count): not built, so the
      // pair is FALSE (Map NO_OVERWRITE on dynamic SRV buffers still works).
      out->MapNoOverwriteOnDynamicBufferSRV = FALSE;
      out->MultisampleRTVWithForcedSampleCountOne = FALSE;
      // msad4 is integer arithmetic any Vulkan device can run; the extended double instructions
      // (fma, ddiv, drcp) need 64-bit floats.
      out->SAD4ShaderInstructions = level >= D3D_FEATURE_LEVEL_11_0;
      out->ExtendedDoublesShaderInstructions = level >= D3D_FEATURE_LEVEL_11_0 && f.shaderFloat64;
      out->ExtendedResourceSharing = level11_1;
      return S_OK;
    }
    case D3D11_FEATURE_ARCHITECTURE_INFO: {
      auto* out = structureFor<D3D11_FEATURE_DATA_ARCHITECTURE_INFO>(data, size);
      if (!out) return E_INVALIDARG;
      out->TileBasedDeferredRenderer = isTileBasedVendor(profile.properties.core.properties.vendorID);
      return S_OK;
    }
    case D3D11_FEATURE_D3D9_OPTIONS: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D9_OPTIONS>(data, size);
      if (!out) return E_INVALIDARG;
      out->FullNonPow2TextureSupport = TRUE;  // Vulkan has no power-of-two restrictions
      return S_OK;
    }
    case D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT: {
      auto* out = structureFor<D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      // Minimum-precision types run at full 32-bit precision, which is always allowed.
      out->PixelShaderMinPrecision = 0;
      out->AllOtherShaderStagesMinPrecision = 0;
      return S_OK;
    }
    case D3D11_FEATURE_D3D9_SHADOW_SUPPORT: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      // The 10Level9 shadow path: comparison samplers are refused at 9_x (d3d11_state_validation),
      // so only from 10_0, where they are built, is it TRUE.
      out->SupportsDepthAsTextureWithLessEqualComparisonFilter =
          level >= D3D_FEATURE_LEVEL_10_0 && depthComparisonFiltering(profile, level);
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS1: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D11_OPTIONS1>(data, size);
      if (!out) return E_INVALIDARG;
      out->TiledResourcesTier = tiledResourcesTier(profile, level);
      out->MinMaxFiltering = out->TiledResourcesTier >= D3D11_TILED_RESOURCES_TIER_2;
      out->ClearViewAlsoSupportsDepthOnlyFormats = FALSE;  // ClearView takes render-target and UAV views only
      // DEFAULT buffers bound as SRV/UAV may be mapped: their memory is then host-visible.
      out->MapOnDefaultBuffers = level >= D3D_FEATURE_LEVEL_11_0;
      return S_OK;
    }
    case D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      // Instanced draws and per-instance input layouts are refused below 9_3.
      out->SimpleInstancingSupported = level >= D3D_FEATURE_LEVEL_9_3;
      return S_OK;
    }
    case D3D11_FEATURE_MARKER_SUPPORT: {
      auto* out = structureFor<D3D11_FEATURE_DATA_MARKER_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      out->Profile = FALSE;  // SetMarkerInt/BeginEventInt are not forwarded to a profiler
      return S_OK;
    }
    case D3D11_FEATURE_D3D9_OPTIONS1: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D9_OPTIONS1>(data, size);
      if (!out) return E_INVALIDARG;
      out->FullNonPow2TextureSupported = TRUE;
      out->DepthAsTextureWithLessEqualComparisonFilterSupported =
          level >= D3D_FEATURE_LEVEL_10_0 && depthComparisonFiltering(profile, level);
      out->SimpleInstancingSupported = level >= D3D_FEATURE_LEVEL_9_3;
      out->TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported = TRUE;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS2: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D11_OPTIONS2>(data, size);
      if (!out) return E_INVALIDARG;
      out->PSSpecifiedStencilRefSupported = profile.hasExtension(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME);
      // The compiler declares every UAV it loads from as R32 (docs/compiler.md): loads from the
      // additional formats are not built.
      out->TypedUAVLoadAdditionalFormats = FALSE;
      out->ROVsSupported = profile.features.shaderInterlock.fragmentShaderPixelInterlock;
      out->ConservativeRasterizationTier = conservativeRasterizationTier(profile);
      out->TiledResourcesTier = tiledResourcesTier(profile, level);
      out->MapOnDefaultTextures = FALSE;
      out->StandardSwizzle = FALSE;
      VkPhysicalDeviceType type = profile.properties.core.properties.deviceType;
      out->UnifiedMemoryArchitecture = type == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU || type == VK_PHYSICAL_DEVICE_TYPE_CPU;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS3: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D11_OPTIONS3>(data, size);
      if (!out) return E_INVALIDARG;
      // The compiler's SPIR-V 1.3 modules reach Layer/ViewportIndex from vertex and domain shaders
      // through VK_EXT_shader_viewport_index_layer (docs/compiler.md).
      out->VPAndRTArrayIndexFromAnyShaderFeedingRasterizer =
          profile.features.vk12.shaderOutputViewportIndex && profile.features.vk12.shaderOutputLayer &&
          profile.hasExtension(VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME);
      return S_OK;
    }
    case D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT: {
      auto* out = structureFor<D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      // Vulkan does not report address-space sizes; 40 bits is what current GPUs give a resource,
      // and a 32-bit process cannot address more than 32.
      UINT bits = sizeof(void*) == 4 ? 32 : 40;
      out->MaxGPUVirtualAddressBitsPerResource = bits;
      out->MaxGPUVirtualAddressBitsPerProcess = bits;
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS4: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D11_OPTIONS4>(data, size);
      if (!out) return E_INVALIDARG;
      out->ExtendedNV12SharedTextureSupported = FALSE;  // no video formats
      return S_OK;
    }
    case D3D11_FEATURE_SHADER_CACHE: {
      auto* out = structureFor<D3D11_FEATURE_DATA_SHADER_CACHE>(data, size);
      if (!out) return E_INVALIDARG;
      out->SupportFlags = D3D11_SHADER_CACHE_SUPPORT_NONE;  // no shader cache exists yet
      return S_OK;
    }
    case D3D11_FEATURE_D3D11_OPTIONS5: {
      auto* out = structureFor<D3D11_FEATURE_DATA_D3D11_OPTIONS5>(data, size);
      if (!out) return E_INVALIDARG;
      out->SharedResourceTier = D3D11_SHARED_RESOURCE_TIER_0;  // no resource sharing yet
      return S_OK;
    }
    default:
      break;
  }
  if (feature == kFeatureDisplayable) {
    auto* out = structureFor<FeatureDataDisplayable>(data, size);
    if (!out) return E_INVALIDARG;
    out->DisplayableTexture = FALSE;
    out->SharedResourceTier = D3D11_SHARED_RESOURCE_TIER_0;
    return S_OK;
  }
  if (feature == kFeatureOptions6) {
    auto* out = structureFor<FeatureDataOptions6>(data, size);
    if (!out) return E_INVALIDARG;
    out->ShaderAccessRestrictedResourcesSupported = FALSE;
    return S_OK;
  }
  if (feature == kFeatureShaderCacheAbiSupport) {
    auto* out = structureFor<FeatureDataShaderCacheAbiSupport>(data, size);
    if (!out) return E_INVALIDARG;
    std::memset(out->CompilerIdentifier, 0, sizeof(out->CompilerIdentifier));
    const char* id = "d3d11vk";
    for (size_t i = 0; id[i]; i++)
      out->CompilerIdentifier[i] = WCHAR(id[i]);
    return S_OK;
  }
  return E_INVALIDARG;
}

}  // namespace d3d11vk::caps
