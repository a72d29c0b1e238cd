// MetaPipelines: the pipelines of the backend's internal shaders (src/vk/meta_shaders.h),
// made on first use and kept for the executor's lifetime. Worker-thread only, like the executor
// that owns it.
#pragma once

#include <array>
#include <unordered_map>

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

  // The full-screen resolve pipeline for a colour attachment of `format` and a source of
  // `samples` samples; its layout is resolveLayout(). Throws vk::Error.
  VkPipeline resolve(VkFormat format, uint32_t samples);
  // Set 0: binding 0, a sampled image (fragment stage); push constants: 16 bytes (fragment).
  VkPipelineLayout resolveLayout();
  VkDescriptorSetLayout resolveSetLayout();

  // The full-screen mip-generation pipeline writing `format`; layout mipsLayout(). Throws vk::Error.
  VkPipeline mips(VkFormat format, MipsDimension dimension);
  // Set 0: binding 0, a combined image sampler with an immutable linear, clamping sampler
  // (fragment stage); push constants: MipsParams (fragment).
  VkPipelineLayout mipsLayout();
  VkDescriptorSetLayout mipsSetLayout();

  // The full-screen copy of an A8_UNORM render target's texels into its RGBA8 shadow's alpha
  // (`toShadow`: an RGBA8 attachment) or back (an R8 attachment), for images of `samples` samples;
  // layout resolveLayout(). Throws vk::Error.
  VkPipeline alphaCopy(bool toShadow, AlphaCopyShape shape, uint32_t samples);

private:
  VkPipeline createCompute(const std::vector<uint32_t>& spirv);
  VkPipeline createFullscreen(const std::vector<uint32_t>& fragment, VkPipelineLayout layout, VkFormat format,
                              uint32_t samples = 1);
  VkPipelineLayout fragmentLayout(VkDescriptorSetLayout set);
  VkDescriptorSetLayout imageSetLayout(VkDescriptorType type, const VkSampler* sampler);

  Device& m_device;
  VkDescriptorSetLayout m_storageSetLayout = VK_NULL_HANDLE;
  VkPipelineLayout m_storageLayout = VK_NULL_HANDLE;
  std::array<VkPipeline, 2 * kDepthStencilPackings> m_depthStencil{};
  VkShaderModule m_fullscreenVertex = VK_NULL_HANDLE;
  VkSampler m_linear = VK_NULL_HANDLE;
  VkDescriptorSetLayout m_resolveSetLayout = VK_NULL_HANDLE, m_mipsSetLayout = VK_NULL_HANDLE;
  VkPipelineLayout m_resolveLayout = VK_NULL_HANDLE, m_mipsLayout = VK_NULL_HANDLE;
  // Keyed by kind (resolve: 0, mips: 1 + dimension, alpha copies: 8 + 4 * toShadow + shape), VkFormat
  // and sample count.
  std::unordered_map<uint64_t, VkPipeline> m_fullscreen;
};

}  // namespace vk
