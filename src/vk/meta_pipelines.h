// MetaPipelines: the compute pipelines of the backend's internal shaders (src/vk/meta_shaders.h),
// made on first use and kept for the executor's lifetime. Worker-thread only, like the executor
// that owns it.
#pragma once

#include <array>

#include "vk/meta_shaders.h"
#include "vk/vulkan_api.h"

namespace vk {

class Device;

class MetaPipelines {
public:
  explicit MetaPipelines(Device& device) : m_device(device) {}
  ~MetaPipelines();
  MetaPipelines(const MetaPipelines&) = delete;
  MetaPipelines& operator=(const MetaPipelines&) = delete;

  // The depth-stencil (un)packing pipeline; its layout is storageLayout(). Throws vk::Error.
  VkPipeline depthStencilPack(DepthStencilPacking packing, bool unpack);

  // Set 0: two storage buffers (bindings 0 and 1); push constants: 32 bytes.
  VkPipelineLayout storageLayout();
  VkDescriptorSetLayout storageSetLayout();

private:
  VkPipeline createCompute(const std::vector<uint32_t>& spirv);

  Device& m_device;
  VkDescriptorSetLayout m_storageSetLayout = VK_NULL_HANDLE;
  VkPipelineLayout m_storageLayout = VK_NULL_HANDLE;
  std::array<VkPipeline, 2 * kDepthStencilPackings> m_depthStencil{};
};

}  // namespace vk
