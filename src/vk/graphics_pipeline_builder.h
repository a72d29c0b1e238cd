// buildGraphicsPipeline: one VkGraphicsPipeline from a GraphicsPipelineKey, its shader modules and
// layout, with dynamic rendering and the dynamic states the draw path sets (docs/pipelines.md);
// GraphicsPipelineState, the create-info structures both it and the pipeline libraries use.
#pragma once

#include <string>

#include "vk/pipeline_key.h"

namespace vk {

class Device;

// Why no valid Vulkan pipeline can be built for this key and these shaders on this device
// (a stage missing or mismatched, a feature the key needs and the device lacks...), or "".
std::string checkGraphicsKey(const Device& device, const GraphicsPipelineKey& key,
                             const ShaderCode* const stages[kGraphicsStages]);

// Every create-info structure of one graphics pipeline, filled from a key once. They point into
// each other, so the object is neither copied nor moved. The monolithic build uses all of them;
// a library part (pipeline_library.h) uses the subset Vulkan assigns to that part, so both paths
// describe exactly the same pipeline.
class GraphicsPipelineState {
public:
  // The caller has checked the key with checkGraphicsKey.
  GraphicsPipelineState(const Device& device, const GraphicsPipelineKey& key,
                        const ShaderCode* const stages[kGraphicsStages], const VkShaderModule modules[kGraphicsStages]);
  GraphicsPipelineState(const GraphicsPipelineState&) = delete;
  GraphicsPipelineState& operator=(const GraphicsPipelineState&) = delete;

  // Nothing reaches the fragment stages (stream output with no rasterized stream): a pipeline
  // then needs neither fragment-shader nor fragment-output state.
  bool rasterizerDiscard() const { return rasterization.rasterizerDiscardEnable == VK_TRUE; }

  // Vertex, hull, domain, geometry stages first (preRasterStageCount of them), then the pixel
  // shader's stage when there is one.
  VkPipelineShaderStageCreateInfo stageInfos[kGraphicsStages];
  uint32_t stageCount = 0;
  uint32_t preRasterStageCount = 0;

  VkPipelineVertexInputStateCreateInfo vertexInput;
  VkPipelineInputAssemblyStateCreateInfo inputAssembly;
  VkPipelineTessellationStateCreateInfo tessellation;
  bool hasTessellation = false;
  VkPipelineViewportStateCreateInfo viewport;
  VkPipelineRasterizationStateCreateInfo rasterization;
  VkPipelineMultisampleStateCreateInfo multisample;
  VkPipelineDepthStencilStateCreateInfo depthStencil;
  VkPipelineColorBlendStateCreateInfo colorBlend;
  VkPipelineRenderingCreateInfo rendering;

  // Dynamic states by the library part they belong to (Vulkan assigns each state to one part).
  static constexpr VkDynamicState kPreRasterDynamic[3] = {
      VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT, VK_DYNAMIC_STATE_DEPTH_BIAS};
  static constexpr VkDynamicState kFragmentShaderDynamic[1] = {VK_DYNAMIC_STATE_STENCIL_REFERENCE};
  static constexpr VkDynamicState kFragmentOutputDynamic[1] = {VK_DYNAMIC_STATE_BLEND_CONSTANTS};

private:
  uint32_t m_sampleCountValue = 0;
  VkSpecializationMapEntry m_sampleCountEntry{};
  VkSpecializationInfo m_sampleCountInfo{};
  VkVertexInputBindingDescription m_bindings[kMaxVertexBindings];
  VkVertexInputBindingDivisorDescriptionEXT m_divisors[kMaxVertexBindings];
  VkVertexInputAttributeDescription m_attributes[kMaxVertexBindings];
  VkPipelineVertexInputDivisorStateCreateInfoEXT m_divisorState;
  VkPipelineRasterizationDepthClipStateCreateInfoEXT m_depthClip;
  VkPipelineRasterizationStateStreamCreateInfoEXT m_stream;
  VkPipelineRasterizationConservativeStateCreateInfoEXT m_conservative;
  VkSampleMask m_sampleMask[2] = {};
  VkPipelineColorBlendAttachmentState m_blendAttachments[kMaxColorTargets] = {};
};

// Builds the pipeline; the caller has checked the key with checkGraphicsKey. Returns
// VK_NULL_HANDLE with *error set when the driver refuses it (e.g. VK_ERROR_UNKNOWN on a shader it
// cannot compile); throws vk::Error when it runs out of memory.
VkPipeline buildGraphicsPipeline(const Device& device, const GraphicsPipelineKey& key,
                                 const ShaderCode* const stages[kGraphicsStages],
                                 const VkShaderModule modules[kGraphicsStages], VkPipelineLayout layout,
                                 VkPipelineCache cache, std::string* error);

// vkCreateGraphicsPipelines for one pipeline: VK_NULL_HANDLE with *error set when the driver
// refuses it; throws vk::Error when it runs out of memory.
VkPipeline createGraphicsPipeline(const Device& device, const VkGraphicsPipelineCreateInfo& info,
                                  VkPipelineCache cache, std::string* error);

// Rasterization sample count of a pipeline from this key: the attachments' count, or the forced
// count (D3D11.1 target-independent rasterization) when nothing is bound.
VkSampleCountFlagBits rasterizationSamples(const GraphicsPipelineKey& key);

}  // namespace vk
