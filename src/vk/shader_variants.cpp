// selectGraphicsShaders and writtenColorTargets: shader variants chosen per pipeline key.
#include "vk/shader_variants.h"

#include <algorithm>

namespace vk {

namespace {

constexpr uint32_t kGeometryStage = 3, kPixelStage = 4;

bool isSrc1(VkBlendFactor factor) {
  return factor == VK_BLEND_FACTOR_SRC1_COLOR || factor == VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR ||
         factor == VK_BLEND_FACTOR_SRC1_ALPHA || factor == VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
}

// The pass-through variant for the primitives `topology` draws; -1: the triangle shader itself
// (triangle topologies, and patches, whose domain shader's primitive the shader already has).
int passThroughVariantOf(VkPrimitiveTopology topology) {
  switch (topology) {
    case VK_PRIMITIVE_TOPOLOGY_POINT_LIST: return kPassThroughPoint;
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST: case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP: return kPassThroughLine;
    case VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY: case VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY:
      return kPassThroughLineAdjacency;
    case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY: case VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY:
      return kPassThroughTriangleAdjacency;
    default: return -1;
  }
}

}  // namespace

bool usesDualSourceBlend(const GraphicsPipelineKey& key) {
  // Only target 0 can take a second source (D3D11; maxFragmentDualSrcAttachments is 1 on lavapipe).
  const ColorBlend& blend = key.blend[0];
  return key.colorCount > 0 && key.colorFormats[0] != VK_FORMAT_UNDEFINED && blend.enable &&
         (isSrc1(blend.srcColor) || isSrc1(blend.dstColor) || isSrc1(blend.srcAlpha) || isSrc1(blend.dstAlpha));
}

void selectGraphicsShaders(const GraphicsPipelineKey& key, const ShaderCode* const stages[kGraphicsStages],
                           const ShaderCode* selected[kGraphicsStages]) {
  std::copy(stages, stages + kGraphicsStages, selected);
  if (stages[kPixelStage] && stages[kPixelStage]->dualSource && usesDualSourceBlend(key))
    selected[kPixelStage] = stages[kPixelStage]->dualSource.get();
  if (const ShaderCode* geometry = stages[kGeometryStage]) {
    const int variant = passThroughVariantOf(key.topology);
    if (variant >= 0 && geometry->passThroughVariants[variant])
      selected[kGeometryStage] = geometry->passThroughVariants[variant].get();
  }
}

uint32_t writtenColorTargets(const GraphicsPipelineKey& key, const ShaderCode* pixel) {
  if (!pixel)
    return 0;
  return pixel->colorOutputs & (usesDualSourceBlend(key) ? 1u : ~0u);
}

}  // namespace vk
