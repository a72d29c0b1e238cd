// The one table of what each feature level needs from a Vulkan device, and level negotiation.
// The feature-level mapper (D3D11_FEATURE_* data, formats, limits) builds on this table.
#include "d3d11/d3d11_feature_levels.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "d3d11/caps/feature_support.h"

namespace d3d11vk {

namespace {

bool hasFormatFeatures(const vk::DeviceProfile& profile, VkFormat format, VkFormatFeatureFlags features) {
  auto it = profile.formats.find(format);
  return it != profile.formats.end() && (it->second.optimalTilingFeatures & features) == features;
}

constexpr VkFormatFeatureFlags kSampled = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
constexpr VkFormatFeatureFlags kRenderTarget = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT |
                                               VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
constexpr VkFormatFeatureFlags kDepth = VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
constexpr VkFormatFeatureFlags kStorageAtomic = VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT | VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT;

struct LevelRequirement {
  D3D_FEATURE_LEVEL level;    // the lowest level that needs it
  const char* what;           // how the log names it
  std::function<bool(const vk::DeviceProfile&)> present;
};

#define CORE_FEATURE(level, member) \
  LevelRequirement{level, #member, [](const vk::DeviceProfile& p) { return p.features.core.features.member == VK_TRUE; }}
#define EXTENSION(level, name) \
  LevelRequirement{level, name, [](const vk::DeviceProfile& p) { return p.hasExtension(name); }}
#define LIMIT(level, member, minimum) \
  LevelRequirement{level, #member " >= " #minimum, \
                   [](const vk::DeviceProfile& p) { return p.properties.core.properties.limits.member >= (minimum); }}
#define SAMPLE_COUNT(level, member, count) \
  LevelRequirement{level, #member " with " #count " samples", \
                   [](const vk::DeviceProfile& p) { return (p.properties.core.properties.limits.member & (count)) != 0; }}
// A Vulkan format with all the given optimal-tiling features.
#define FORMAT(level, format, features) \
  LevelRequirement{level, #format " with " #features, [](const vk::DeviceProfile& p) { return hasFormatFeatures(p, format, features); }}

const std::vector<LevelRequirement>& levelRequirements() {
  static const std::vector<LevelRequirement> table = {
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_1, textureCompressionBC),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_1, samplerAnisotropy),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_1, depthBiasClamp),
    LIMIT(D3D_FEATURE_LEVEL_9_1, maxImageDimension2D, 2048),
    LIMIT(D3D_FEATURE_LEVEL_9_1, maxImageDimensionCube, 512),
    LIMIT(D3D_FEATURE_LEVEL_9_1, maxImageDimension3D, 256),
    LIMIT(D3D_FEATURE_LEVEL_9_1, maxSamplerAnisotropy, 2.0f),
    FORMAT(D3D_FEATURE_LEVEL_9_1, VK_FORMAT_R8G8B8A8_UNORM, kRenderTarget),
    FORMAT(D3D_FEATURE_LEVEL_9_1, VK_FORMAT_B8G8R8A8_UNORM, kRenderTarget),
    FORMAT(D3D_FEATURE_LEVEL_9_1, VK_FORMAT_D16_UNORM, kDepth),
    LevelRequirement{D3D_FEATURE_LEVEL_9_1, "VK_FORMAT_D24_UNORM_S8_UINT or VK_FORMAT_D32_SFLOAT_S8_UINT as depth attachment",
                     [](const vk::DeviceProfile& p) {
                       return hasFormatFeatures(p, VK_FORMAT_D24_UNORM_S8_UINT, kDepth) ||
                              hasFormatFeatures(p, VK_FORMAT_D32_SFLOAT_S8_UINT, kDepth);
                     }},
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_2, occlusionQueryPrecise),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_3, independentBlend),
    LIMIT(D3D_FEATURE_LEVEL_9_3, maxImageDimension2D, 4096),
    LIMIT(D3D_FEATURE_LEVEL_9_3, maxImageDimensionCube, 4096),
    LIMIT(D3D_FEATURE_LEVEL_9_3, maxColorAttachments, 4),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, geometryShader),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, shaderClipDistance),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, shaderCullDistance),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, depthClamp),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, fillModeNonSolid),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, pipelineStatisticsQuery),
    EXTENSION(D3D_FEATURE_LEVEL_10_0, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME),
    LevelRequirement{D3D_FEATURE_LEVEL_10_0, "transformFeedback",
                     [](const vk::DeviceProfile& p) { return p.features.transformFeedback.transformFeedback == VK_TRUE; }},
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxImageDimension2D, 8192),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxImageDimensionCube, 8192),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxImageDimension3D, 2048),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxImageArrayLayers, 512),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxColorAttachments, 8),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxViewports, 16),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxVertexInputBindings, 16),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxClipDistances, 8),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxPerStageDescriptorSampledImages, 128),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxPerStageDescriptorSamplers, 16),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxPerStageDescriptorUniformBuffers, 14),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxUniformBufferRange, 65536),
    LIMIT(D3D_FEATURE_LEVEL_10_0, maxTexelBufferElements, 1u << 27),
    FORMAT(D3D_FEATURE_LEVEL_10_0, VK_FORMAT_R32G32B32A32_SFLOAT, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT),
    FORMAT(D3D_FEATURE_LEVEL_10_0, VK_FORMAT_R16G16B16A16_SFLOAT, kRenderTarget),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_1, imageCubeArray),
    LIMIT(D3D_FEATURE_LEVEL_10_1, maxVertexInputBindings, 32),
    SAMPLE_COUNT(D3D_FEATURE_LEVEL_10_1, framebufferColorSampleCounts, VK_SAMPLE_COUNT_4_BIT),
    SAMPLE_COUNT(D3D_FEATURE_LEVEL_10_1, framebufferDepthSampleCounts, VK_SAMPLE_COUNT_4_BIT),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_1, dualSrcBlend),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_1, sampleRateShading),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, tessellationShader),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, fragmentStoresAndAtomics),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, multiDrawIndirect),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, drawIndirectFirstInstance),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, shaderImageGatherExtended),
    LevelRequirement{D3D_FEATURE_LEVEL_11_0, "geometryStreams",
                     [](const vk::DeviceProfile& p) { return p.features.transformFeedback.geometryStreams == VK_TRUE; }},
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxImageDimension2D, 16384),
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxImageDimensionCube, 16384),
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxImageArrayLayers, 2048),
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxComputeWorkGroupInvocations, 1024),
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxComputeSharedMemorySize, 32768),
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxPerStageDescriptorStorageImages, 8),
    LIMIT(D3D_FEATURE_LEVEL_11_0, maxSamplerAnisotropy, 16.0f),
    FORMAT(D3D_FEATURE_LEVEL_11_0, VK_FORMAT_BC6H_UFLOAT_BLOCK, kSampled),
    FORMAT(D3D_FEATURE_LEVEL_11_0, VK_FORMAT_BC7_UNORM_BLOCK, kSampled),
    FORMAT(D3D_FEATURE_LEVEL_11_0, VK_FORMAT_R32_UINT, kStorageAtomic),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_1, logicOp),
    LIMIT(D3D_FEATURE_LEVEL_11_1, maxPerStageDescriptorStorageImages, 64),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_1, vertexPipelineStoresAndAtomics),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseBinding),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseResidencyBuffer),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseResidencyImage2D),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseResidencyAliased),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, shaderStorageImageReadWithoutFormat),
    LevelRequirement{D3D_FEATURE_LEVEL_12_0, "tiled resources tier 2 (sparse residency with strict non-resident reads, residency feedback, min LOD, min/max filtering)",
                     [](const vk::DeviceProfile& p) { return caps::tiledResourcesTier(p, D3D_FEATURE_LEVEL_12_0) >= D3D11_TILED_RESOURCES_TIER_2; }},
    EXTENSION(D3D_FEATURE_LEVEL_12_1, VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME),
    LevelRequirement{D3D_FEATURE_LEVEL_12_1, "conservative rasterization tier 1 (at most 1/2 pixel overestimation)",
                     [](const vk::DeviceProfile& p) { return caps::conservativeRasterizationTier(p) >= D3D11_CONSERVATIVE_RASTERIZATION_TIER_1; }},
    EXTENSION(D3D_FEATURE_LEVEL_12_1, VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME),
    LevelRequirement{D3D_FEATURE_LEVEL_12_1, "fragmentShaderPixelInterlock",
                     [](const vk::DeviceProfile& p) { return p.features.shaderInterlock.fragmentShaderPixelInterlock == VK_TRUE; }},
  };
  return table;
}

#undef CORE_FEATURE
#undef EXTENSION
#undef LIMIT
#undef SAMPLE_COUNT
#undef FORMAT

}  // namespace

const std::vector<D3D_FEATURE_LEVEL>& knownFeatureLevels() {
  static const std::vector<D3D_FEATURE_LEVEL> levels = {
    D3D_FEATURE_LEVEL_9_1,  D3D_FEATURE_LEVEL_9_2,  D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1,
    D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_1,
  };
  return levels;
}

std::string featureLevelName(D3D_FEATURE_LEVEL level) {
  return std::to_string((unsigned(level) >> 12) & 0xf) + "_" + std::to_string((unsigned(level) >> 8) & 0xf);
}

std::optional<D3D_FEATURE_LEVEL> parseFeatureLevel(const std::string& text) {
  for (D3D_FEATURE_LEVEL level : knownFeatureLevels()) {
    std::string name = featureLevelName(level);
    std::string dotted = name;
    std::replace(dotted.begin(), dotted.end(), '_', '.');
    if (text == name || text == dotted)
      return level;
  }
  return std::nullopt;
}

std::vector<std::string> missingForFeatureLevel(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  std::vector<std::string> missing;
  for (const LevelRequirement& requirement : levelRequirements()) {
    if (requirement.level <= level && !requirement.present(profile))
      missing.push_back(std::string(requirement.what) + " (needed from " + featureLevelName(requirement.level) + ")");
  }
  return missing;
}

std::optional<D3D_FEATURE_LEVEL> maxFeatureLevel(const vk::DeviceProfile& profile) {
  std::optional<D3D_FEATURE_LEVEL> best;
  for (D3D_FEATURE_LEVEL level : knownFeatureLevels()) {
    if (!missingForFeatureLevel(profile, level).empty())
      break;
    best = level;
  }
  return best;
}

const std::vector<D3D_FEATURE_LEVEL>& defaultRequestedLevels() {
  static const std::vector<D3D_FEATURE_LEVEL> levels = {
    D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0,
    D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_9_2,  D3D_FEATURE_LEVEL_9_1,
  };
  return levels;
}

Negotiation negotiateFeatureLevel(const vk::DeviceProfile& profile, const D3D_FEATURE_LEVEL* requested,
                                  UINT count, D3D_FEATURE_LEVEL cap) {
  Negotiation negotiation;
  std::vector<D3D_FEATURE_LEVEL> list;
  if (count == 0) {
    list = defaultRequestedLevels();
  } else if (!requested) {
    negotiation.result = E_INVALIDARG;
    negotiation.message = "FeatureLevels is " + std::to_string(count) + " but pFeatureLevels is NULL";
    return negotiation;
  } else {
    list.assign(requested, requested + count);
  }

  const auto& known = knownFeatureLevels();
  for (D3D_FEATURE_LEVEL level : list) {
    if (std::find(known.begin(), known.end(), level) == known.end()) {
      negotiation.result = E_INVALIDARG;
      char hex[16];
      std::snprintf(hex, sizeof(hex), "0x%x", unsigned(level));
      negotiation.message = std::string("unknown feature level ") + hex + " in the requested list";
      return negotiation;
    }
  }

  std::string refusals;
  for (D3D_FEATURE_LEVEL level : list) {
    if (level > cap) {
      refusals += "\n  " + featureLevelName(level) + ": above the configured maximum " + featureLevelName(cap);
      continue;
    }
    std::vector<std::string> missing = missingForFeatureLevel(profile, level);
    if (missing.empty()) {
      negotiation.level = level;
      return negotiation;
    }
    refusals += "\n  " + featureLevelName(level) + ": the device lacks";
    for (const std::string& item : missing)
      refusals += " " + item + ";";
  }
  negotiation.result = DXGI_ERROR_UNSUPPORTED;
  negotiation.message = "no requested feature level is possible on '" + profile.deviceName() + "':" + refusals;
  return negotiation;
}

}  // namespace d3d11vk
