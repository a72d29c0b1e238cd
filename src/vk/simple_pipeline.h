// The graphics pipelines of the backend's own passes (meta passes, the HUD): two stages, dynamic
// rendering into one colour attachment, dynamic viewport and scissor, no depth, no culling. The
// callers differ only in vertex input, topology, blending, format and samples.
#pragma once

#include <cstdint>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

// A shader module of `spirv`. Throws vk::Error.
VkShaderModule createShaderModule(Device& device, const std::vector<uint32_t>& spirv);

struct SimplePipelineDesc {
  VkShaderModule vertex = VK_NULL_HANDLE, fragment = VK_NULL_HANDLE;
  const VkPipelineVertexInputStateCreateInfo* vertexInput = nullptr;  // null: no vertex inputs
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineColorBlendAttachmentState blend{};  // colorWriteMask is set to RGBA by the builder
  VkFormat format = VK_FORMAT_UNDEFINED;
  uint32_t samples = 1;
  VkPipelineLayout layout = VK_NULL_HANDLE;
};

// Throws vk::Error.
VkPipeline createSimplePipeline(Device& device, const SimplePipelineDesc& desc);

}  // namespace vk
