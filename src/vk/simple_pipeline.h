// The graphics pipelines of the backend's own passes (meta passes, the HUD, the depth-bias probe):
// a vertex and an optional fragment stage, dynamic rendering into one colour attachment or a depth
// attachment, dynamic viewport and scissor, no culling. The callers differ only in vertex input,
// topology, blending, formats, samples and depth bias.
#pragma once

#include <cstdint>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

// A shader module of `spirv`. Throws vk::Error.
VkShaderModule createShaderModule(Device& device, const std::vector<uint32_t>& spirv);

struct SimplePipelineDesc {
  VkShaderModule vertex = VK_NULL_HANDLE, fragment = VK_NULL_HANDLE;  // fragment null: depth only
  const VkPipelineVertexInputStateCreateInfo* vertexInput = nullptr;  // null: no vertex inputs
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineColorBlendAttachmentState blend{};  // colorWriteMask is set to RGBA by the builder
  VkFormat format = VK_FORMAT_UNDEFINED;  // the colour attachment; UNDEFINED: none
  // A depth attachment (depth test ALWAYS, writes on) and its stencil aspect's format, if any.
  VkFormat depthFormat = VK_FORMAT_UNDEFINED, stencilFormat = VK_FORMAT_UNDEFINED;
  bool depthBias = false;  // depth bias on, its values dynamic (vkCmdSetDepthBias)
  uint32_t samples = 1;
  VkPipelineLayout layout = VK_NULL_HANDLE;
};

// Throws vk::Error.
VkPipeline createSimplePipeline(Device& device, const SimplePipelineDesc& desc);

}  // namespace vk
