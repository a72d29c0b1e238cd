// Which compiled variant of a shader a graphics pipeline is built from, and which colour targets
// its pixel shader writes: the dual-source pixel shader and the pass-through geometry shader's
// primitive variants (docs/pipelines.md, The builder's decisions).
#pragma once

#include <cstdint>

#include "vk/pipeline_key.h"

namespace vk {

// Render target 0 blends with a SRC1 factor in any of its four factor slots.
bool usesDualSourceBlend(const GraphicsPipelineKey& key);

// The shaders a pipeline for `key` is built from: `stages`, except that the pixel shader's
// dual-source variant (ShaderCode::dualSource) replaces it when usesDualSourceBlend, and a
// pass-through geometry shader's variant for the topology's primitive replaces it
// (ShaderCode::passThroughVariants). The key keeps the plain shaders' ids: its blend state and
// topology already tell the pipelines apart.
void selectGraphicsShaders(const GraphicsPipelineKey& key, const ShaderCode* const stages[kGraphicsStages],
                           const ShaderCode* selected[kGraphicsStages]);

// Bit i set: colour attachment i is written. D3D11 leaves a target the pixel shader does not
// write unchanged (Vulkan: undefined), writes nothing without a pixel shader, and writes target 0
// alone while it blends with dual-source factors. `pixel` is the selected pixel shader or null.
uint32_t writtenColorTargets(const GraphicsPipelineKey& key, const ShaderCode* pixel);

}  // namespace vk
