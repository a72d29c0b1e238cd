// The one table of what each feature level needs from a Vulkan device, and level negotiation.
// The feature-level mapper (D3D11_FEATURE_* data, formats, limits) builds on this table.
#include "d3d11/d3d11_feature_levels.h"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace d3d11vk {

namespace {

struct LevelRequirement {
  D3D_FEATURE_LEVEL level;    // the lowest level that needs it
  const char* what;           // how the log names it
  std::function<bool(const vk::DeviceProfile&)> present;
};

#define CORE_FEATURE(level, member) \
  LevelRequirement{level, #member, [](const vk::DeviceProfile& p) { return p.features.core.features.member == VK_TRUE; }}
#define EXTENSION(level, name) \
  LevelRequirement{level, name, [](const vk::DeviceProfile& p) { return p.hasExtension(name); }}

const std::vector<LevelRequirement>& levelRequirements() {
  static const std::vector<LevelRequirement> table = {
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_1, textureCompressionBC),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_1, samplerAnisotropy),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_1, depthBiasClamp),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_2, occlusionQueryPrecise),
    CORE_FEATURE(D3D_FEATURE_LEVEL_9_3, independentBlend),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, geometryShader),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, shaderClipDistance),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, shaderCullDistance),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, depthClamp),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, fillModeNonSolid),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_0, pipelineStatisticsQuery),
    EXTENSION(D3D_FEATURE_LEVEL_10_0, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME),
    LevelRequirement{D3D_FEATURE_LEVEL_10_0, "transformFeedback",
                     [](const vk::DeviceProfile& p) { return p.features.transformFeedback.transformFeedback == VK_TRUE; }},
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_1, imageCubeArray),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_1, dualSrcBlend),
    CORE_FEATURE(D3D_FEATURE_LEVEL_10_1, sampleRateShading),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, tessellationShader),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, fragmentStoresAndAtomics),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, multiDrawIndirect),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, drawIndirectFirstInstance),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_0, shaderImageGatherExtended),
    LevelRequirement{D3D_FEATURE_LEVEL_11_0, "geometryStreams",
                     [](const vk::DeviceProfile& p) { return p.features.transformFeedback.geometryStreams == VK_TRUE; }},
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_1, logicOp),
    CORE_FEATURE(D3D_FEATURE_LEVEL_11_1, vertexPipelineStoresAndAtomics),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseBinding),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseResidencyBuffer),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseResidencyImage2D),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, sparseResidencyAliased),
    CORE_FEATURE(D3D_FEATURE_LEVEL_12_0, shaderStorageImageReadWithoutFormat),
    EXTENSION(D3D_FEATURE_LEVEL_12_1, VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME),
    EXTENSION(D3D_FEATURE_LEVEL_12_1, VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME),
    LevelRequirement{D3D_FEATURE_LEVEL_12_1, "fragmentShaderPixelInterlock",
                     [](const vk::DeviceProfile& p) { return p.features.shaderInterlock.fragmentShaderPixelInterlock == VK_TRUE; }},
  };
  return table;
}

#undef CORE_FEATURE
#undef EXTENSION

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
