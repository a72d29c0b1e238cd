// buildGraphicsPipeline: one VkGraphicsPipeline from a GraphicsPipelineKey, its shader modules and
// layout, with dynamic rendering and the dynamic states the draw path sets (docs/pipelines.md).
#pragma once

#include <string>

#include "vk/pipeline_key.h"

namespace vk {

class Device;

// Why no valid Vulkan pipeline can be built for this key and these shaders on this device
// (a stage missing or mismatched, a feature the key needs and the device lacks...), or "".
std::string checkGraphicsKey(const Device& device, const GraphicsPipelineKey& key,
                             const ShaderCode* const stages[kGraphicsStages]);

// Builds the pipeline; the caller has checked the key with checkGraphicsKey. Returns
// VK_NULL_HANDLE with *error set when the driver refuses it (e.g. VK_ERROR_UNKNOWN on a shader it
// cannot compile); throws vk::Error when it runs out of memory.
VkPipeline buildGraphicsPipeline(const Device& device, const GraphicsPipelineKey& key,
                                 const ShaderCode* const stages[kGraphicsStages],
                                 const VkShaderModule modules[kGraphicsStages], VkPipelineLayout layout,
                                 VkPipelineCache cache, std::string* error);

// Rasterization sample count of a pipeline from this key: the attachments' count, or the forced
// count (D3D11.1 target-independent rasterization) when nothing is bound.
VkSampleCountFlagBits rasterizationSamples(const GraphicsPipelineKey& key);

}  // namespace vk
