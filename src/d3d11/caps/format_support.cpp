// Format support from Vulkan format properties, following each FormatKind's D3D meaning: typed
// formats report what their Vulkan format can do, typeless families report resource-level
// support, depth formats report DSV use and their depth/stencil views report shader reads.
#include "d3d11/caps/format_support.h"

#include <algorithm>
#include <initializer_list>

#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/caps/tile_shapes.h"

namespace d3d11vk::caps {

namespace {

VkFormatProperties propertiesOf(const vk::DeviceProfile& profile, VkFormat format) {
  auto it = profile.formats.find(format);
  return it == profile.formats.end() ? VkFormatProperties{} : it->second;
}

bool usable(const VkFormatProperties& p) {
  return p.optimalTilingFeatures != 0 || p.bufferFeatures != 0;
}

// The properties of the format a DXGI format is stored in: its own, or its fallback's.
VkFormatProperties effectiveProperties(const vk::DeviceProfile& profile, const FormatInfo& info, VkFormat* chosen) {
  VkFormatProperties p = propertiesOf(profile, info.vulkan);
  *chosen = info.vulkan;
  if (info.fallback != VK_FORMAT_UNDEFINED) {
    bool needsDepth = isDepthKind(info) || info.kind == FormatKind::DepthView || info.kind == FormatKind::StencilView;
    bool preferredWorks = needsDepth ? (p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) : usable(p);
    if (!preferredWorks) {
      p = propertiesOf(profile, info.fallback);
      *chosen = info.fallback;
    }
  }
  return p;
}

// The documented per-level format tables ("Format support for Direct3D feature level 9_x/10_0
// hardware") where they are narrower than what the Vulkan device can do: at 9_x only the 8-bit
// UNORM and BGR formats (and R16G16B16A16_FLOAT from 9_3) blend and only RGBA8/BGRA8 are display
// formats, some vertex formats and 32-bit indices are missing, and SNORM blending starts at 10_1.
void applyLevelTables(DXGI_FORMAT format, D3D_FEATURE_LEVEL level, UINT* bits) {
  auto in = [format](std::initializer_list<DXGI_FORMAT> list) {
    return std::find(list.begin(), list.end(), format) != list.end();
  };
  if (level < D3D_FEATURE_LEVEL_10_0) {
    const bool blends9 = in({DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8_UNORM,
                             DXGI_FORMAT_R8_UNORM, DXGI_FORMAT_A8_UNORM, DXGI_FORMAT_B5G6R5_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM,
                             DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, DXGI_FORMAT_B8G8R8X8_UNORM_SRGB}) ||
                         (format == DXGI_FORMAT_R16G16B16A16_FLOAT && level >= D3D_FEATURE_LEVEL_9_3);
    if (!blends9)
      *bits &= ~UINT(D3D11_FORMAT_SUPPORT_BLENDABLE);
    if (!in({DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_B8G8R8A8_UNORM,
             DXGI_FORMAT_B8G8R8A8_UNORM_SRGB}))
      *bits &= ~UINT(D3D11_FORMAT_SUPPORT_DISPLAY);
    if (in({DXGI_FORMAT_R8G8_UINT, DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_R16_FLOAT}))
      *bits &= ~UINT(D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER);
    if (format == DXGI_FORMAT_R32_UINT && level < D3D_FEATURE_LEVEL_9_2)
      *bits &= ~UINT(D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER);
  }
  if (level < D3D_FEATURE_LEVEL_10_1 &&
      in({DXGI_FORMAT_R16G16B16A16_SNORM, DXGI_FORMAT_R16G16_SNORM, DXGI_FORMAT_R16_SNORM, DXGI_FORMAT_R8G8B8A8_SNORM,
          DXGI_FORMAT_R8G8_SNORM, DXGI_FORMAT_R8_SNORM}))
    *bits &= ~UINT(D3D11_FORMAT_SUPPORT_BLENDABLE);
}

bool hasMultisampling(VkSampleCountFlags counts) { return (counts & ~VkSampleCountFlags(VK_SAMPLE_COUNT_1_BIT)) != 0; }

}  // namespace

VkFormat storageFormat(const vk::DeviceProfile& profile, DXGI_FORMAT format) {
  const FormatInfo* info = formatInfo(format);
  if (!info || info->kind == FormatKind::Unsupported)
    return VK_FORMAT_UNDEFINED;
  VkFormat chosen;
  VkFormatProperties p = effectiveProperties(profile, *info, &chosen);
  return usable(p) ? chosen : VK_FORMAT_UNDEFINED;
}

FormatSupport queryFormatSupport(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, DXGI_FORMAT format) {
  FormatSupport result;
  const FormatInfo* info = formatInfo(format);
  if (!info || info->kind == FormatKind::Unsupported)
    return result;

  VkFormat chosen;
  VkFormatProperties p = effectiveProperties(profile, *info, &chosen);
  if (!usable(p))
    return result;

  const VkFormatFeatureFlags optimal = p.optimalTilingFeatures;
  const VkPhysicalDeviceLimits& limits = profile.properties.core.properties.limits;
  const VkPhysicalDeviceFeatures& features = profile.features.core.features;
  const bool integer = isInteger(*info);
  const bool sampled = optimal & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
  const bool linear = optimal & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
  const bool renderTarget = optimal & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
  const bool storage = optimal & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT;
  const bool depthAttachment = optimal & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
  const bool level10 = level >= D3D_FEATURE_LEVEL_10_0;
  const bool level101 = level >= D3D_FEATURE_LEVEL_10_1;
  const bool level11 = level >= D3D_FEATURE_LEVEL_11_0;
  // Swizzled formats (A8, BGRX) read correctly through image views, but storage images and texel
  // buffers cannot swizzle, so those uses are not offered.
  const bool swizzled = info->swizzle != FormatSwizzle::Identity;
  // A8_UNORM (stored as R8) renders through an RGBA8 shadow whose alpha internal draws fill from
  // the R8 texels and copy back (docs/resources.md, "A8_UNORM render targets"): both formats must
  // render and be sampled, blending happens in the RGBA8 shadow, multisampled copies fetch each
  // sample in a per-sample pass. 9_x has no A8 render targets.
  const bool alphaTarget = info->swizzle == FormatSwizzle::AlphaFromRed;
  bool canRender = renderTarget;
  VkFormatFeatureFlags blendFeatures = optimal;
  if (alphaTarget) {
    const VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
    blendFeatures = propertiesOf(profile, VK_FORMAT_R8G8B8A8_UNORM).optimalTilingFeatures;
    canRender = level10 && (optimal & needed) == needed && (blendFeatures & needed) == needed;
  }
  UINT& s = result.support;
  UINT& s2 = result.support2;

  auto textureBits = [&](bool allow3D, bool allow1D) {
    s |= D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_TEXTURECUBE | D3D11_FORMAT_SUPPORT_MIP;
    if (allow1D)
      s |= D3D11_FORMAT_SUPPORT_TEXTURE1D;
    if (allow3D)
      s |= D3D11_FORMAT_SUPPORT_TEXTURE3D;
  };
  if (info->family != DXGI_FORMAT_UNKNOWN && level10)
    s |= D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT;

  switch (info->kind) {
    case FormatKind::Color:
    case FormatKind::Compressed: {
      const bool compressed = info->kind == FormatKind::Compressed;
      if (sampled) {
        textureBits(!(info->flags & kFormatPacked422), !compressed);
        s |= D3D11_FORMAT_SUPPORT_SHADER_LOAD;
        if (linear && !integer)
          s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE;
        if (level101 && !integer && !compressed)
          s |= D3D11_FORMAT_SUPPORT_SHADER_GATHER;
        // Formats whose values are depths in disguise can be compared against a reference.
        if (linear && (format == DXGI_FORMAT_R32_FLOAT || format == DXGI_FORMAT_R16_UNORM)) {
          s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON;
          if (level101)
            s |= D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON;
        }
        VkSampleCountFlags loadCounts = integer ? limits.sampledImageIntegerSampleCounts : limits.sampledImageColorSampleCounts;
        if (level10 && !compressed && hasMultisampling(loadCounts))
          s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
      }
      if (!compressed || sampled)
        s |= D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
      if (canRender && !compressed) {
        s |= D3D11_FORMAT_SUPPORT_RENDER_TARGET;
        if (!integer && (blendFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT))
          s |= D3D11_FORMAT_SUPPORT_BLENDABLE;
        if (!integer && linear && (optimal & VK_FORMAT_FEATURE_BLIT_SRC_BIT) && (optimal & VK_FORMAT_FEATURE_BLIT_DST_BIT))
          s |= D3D11_FORMAT_SUPPORT_MIP_AUTOGEN;
        VkSampleCountFlags rtCounts = integer ? (limits.framebufferColorSampleCounts & profile.properties.vk12.framebufferIntegerColorSampleCounts)
                                              : limits.framebufferColorSampleCounts;
        if (integer && profile.properties.vk12.framebufferIntegerColorSampleCounts == 0)
          rtCounts = limits.framebufferColorSampleCounts;  // a profile without Vulkan 1.2 properties
        if (alphaTarget)
          rtCounts = features.sampleRateShading ? rtCounts & limits.sampledImageColorSampleCounts : VkSampleCountFlags(VK_SAMPLE_COUNT_1_BIT);
        if (hasMultisampling(rtCounts)) {
          s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
          if (!integer && level10)
            s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE;
        }
        if (info->flags & kFormatDisplay) {
          s |= D3D11_FORMAT_SUPPORT_DISPLAY;
          if (info->family != DXGI_FORMAT_UNKNOWN)
            s |= D3D11_FORMAT_SUPPORT_BACK_BUFFER_CAST;
        }
        if (features.logicOp && (info->flags & kFormatUint) && level >= D3D_FEATURE_LEVEL_11_1)
          s2 |= D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP;
      }
      if (!swizzled && !compressed && (p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT))
        s |= D3D11_FORMAT_SUPPORT_BUFFER;
      if (!swizzled && !compressed && (p.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT))
        s |= D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER;
      if (info->flags & kFormatIndex)
        s |= D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER;
      if ((info->flags & kFormatStreamOut) && level10 && profile.features.transformFeedback.transformFeedback)
        s |= D3D11_FORMAT_SUPPORT_SO_BUFFER;
      if (storage && level11 && !swizzled && !compressed) {
        s |= D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
        s2 |= D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE;
        // R32 float/uint/sint loads are part of shader model 5; other formats need the device
        // to read storage images without a declared format.
        bool r32 = format == DXGI_FORMAT_R32_FLOAT || format == DXGI_FORMAT_R32_UINT || format == DXGI_FORMAT_R32_SINT;
        // Only R32: the compiler declares loaded UAVs R32 (TypedUAVLoadAdditionalFormats FALSE).
        if (r32)
          s2 |= D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD;
        if ((optimal & VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT) &&
            (format == DXGI_FORMAT_R32_UINT || format == DXGI_FORMAT_R32_SINT))
          s2 |= D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_ADD | D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS |
                D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE |
                D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE | D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX |
                D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX;
      }
      // Tiled textures: color formats D3D11 tiles, where the device has tiled resources (the
      // driver's own sparse support for the format is checked again at creation).
      if (sampled && tiledResourcesTier(profile, level) != D3D11_TILED_RESOURCES_NOT_SUPPORTED && tileableFormat(format))
        s2 |= D3D11_FORMAT_SUPPORT2_TILED;
      break;
    }
    case FormatKind::ColorTypeless:
    case FormatKind::CompressedTypeless:
      if (sampled)
        textureBits(true, info->kind == FormatKind::ColorTypeless);
      if (info->kind == FormatKind::ColorTypeless && (p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT))
        s |= D3D11_FORMAT_SUPPORT_BUFFER;
      break;
    case FormatKind::DepthStencil:
      if (depthAttachment) {
        textureBits(false, true);
        s |= D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
        if (hasMultisampling(limits.framebufferDepthSampleCounts))
          s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
      }
      break;
    case FormatKind::DepthTypeless:
      if (depthAttachment)
        textureBits(false, true);
      break;
    case FormatKind::DepthView:
    case FormatKind::StencilView:
      if (depthAttachment && sampled) {
        textureBits(false, true);
        s |= D3D11_FORMAT_SUPPORT_SHADER_LOAD;
        if (info->kind == FormatKind::DepthView) {
          // Comparison filtering is the shadow-map path every level has; plain linear filtering
          // of depth needs the format's linear-filter bit.
          s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON;
          if (linear)
            s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE;
          if (level101)
            s |= D3D11_FORMAT_SUPPORT_SHADER_GATHER | D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON;
        }
        if (level10 && hasMultisampling(limits.sampledImageDepthSampleCounts))
          s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
      }
      break;
    case FormatKind::Unsupported:
      break;
  }
  // 10Level9 has no typed buffer views (shader-resource buffers start at 10_0) and reports no
  // comparison sampling in format support: its shadow maps are D3D11_FEATURE_D3D9_SHADOW_SUPPORT.
  if (!level10)
    s &= ~UINT(D3D11_FORMAT_SUPPORT_BUFFER | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON);
  applyLevelTables(format, level, &s);
  return result;
}

HRESULT checkMultisampleQualityLevels(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, DXGI_FORMAT format,
                                      UINT sampleCount, UINT flags, UINT* qualityLevels) {
  if (!qualityLevels)
    return E_INVALIDARG;
  *qualityLevels = 0;
  if (flags & ~UINT(D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE))
    return E_INVALIDARG;
  if (sampleCount == 0 || sampleCount > D3D11_MAX_MULTISAMPLE_SAMPLE_COUNT)
    return E_INVALIDARG;
  if (sampleCount & (sampleCount - 1))
    return S_OK;  // not a power of two: no quality levels

  const FormatInfo* info = formatInfo(format);
  if (format == DXGI_FORMAT_UNKNOWN) {
    // Documented for target-independent rasterization: UNKNOWN asks for ForcedSampleCount support.
    *qualityLevels = level >= D3D_FEATURE_LEVEL_11_1 && (profile.properties.core.properties.limits.framebufferNoAttachmentsSampleCounts & sampleCount) ? 1 : 0;
    return S_OK;
  }
  if (!info)
    return E_INVALIDARG;
  FormatSupport support = queryFormatSupport(profile, level, format);
  if (info->kind == FormatKind::ColorTypeless || info->kind == FormatKind::DepthTypeless) {
    // A typeless family multisamples where a typed member does: applications create typeless
    // multisampled targets and view or resolve them through members (an sRGB RTV, say), and
    // typeless multisampled depth buffers they read through colour views (R32_TYPELESS).
    const FormatKind kind = info->kind == FormatKind::ColorTypeless ? FormatKind::Color : FormatKind::DepthStencil;
    for (const FormatInfo& member : allFormats())
      if (member.family == format && member.kind == kind) {
        FormatSupport typed = queryFormatSupport(profile, level, member.dxgi);
        if (typed.support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET) {
          support.support |= typed.support & (D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET | D3D11_FORMAT_SUPPORT_DEPTH_STENCIL);
          break;
        }
      }
  }
  if (sampleCount == 1) {
    *qualityLevels = support.support & (D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_RENDER_TARGET) ? 1 : 0;
    return S_OK;
  }
  if (!(support.support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET))
    return S_OK;
  if ((flags & D3D11_CHECK_MULTISAMPLE_QUALITY_LEVELS_TILED_RESOURCE) && !(support.support2 & D3D11_FORMAT_SUPPORT2_TILED))
    return S_OK;
  const VkPhysicalDeviceLimits& limits = profile.properties.core.properties.limits;
  VkSampleCountFlags counts = (support.support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL) ? limits.framebufferDepthSampleCounts
                                                                                   : limits.framebufferColorSampleCounts;
  if (info->swizzle == FormatSwizzle::AlphaFromRed)
    counts &= limits.sampledImageColorSampleCounts;  // its copies fetch every sample (see queryFormatSupport)
  *qualityLevels = (counts & sampleCount) ? 1 : 0;
  return S_OK;
}

}  // namespace d3d11vk::caps
