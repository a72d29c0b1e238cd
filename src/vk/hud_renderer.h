// HudRenderer: draws the HUD's quads (vk/hud.h) into a swapchain image on the presenter's
// command buffer: its own pipeline per swapchain format, no descriptors, and one host-visible
// instance buffer per frame slot (reused once that slot's previous frame is complete).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "vk/hud.h"
#include "vk/vulkan_api.h"

namespace vk {

class Buffer;
class Device;

class HudRenderer {
public:
  explicit HudRenderer(Device& device);
  ~HudRenderer();
  HudRenderer(const HudRenderer&) = delete;
  HudRenderer& operator=(const HudRenderer&) = delete;

  // Records the quads into `view` of an image in COLOR_ATTACHMENT_OPTIMAL layout (kept), blended
  // over what it holds. `slot` is the presenter's frame slot, whose previous use is complete.
  // Throws vk::Error.
  void record(VkCommandBuffer commands, uint32_t slot, VkImageView view, VkFormat format, VkExtent2D extent,
              const std::vector<HudQuad>& quads, float opacity);

private:
  VkPipeline pipeline(VkFormat format);
  Buffer& instances(uint32_t slot, size_t quads);

  Device& m_device;
  VkPipelineLayout m_layout = VK_NULL_HANDLE;
  VkShaderModule m_vertex = VK_NULL_HANDLE, m_fragment = VK_NULL_HANDLE;
  std::map<VkFormat, VkPipeline> m_pipelines;
  std::vector<std::unique_ptr<Buffer>> m_instances;  // by frame slot
};

}  // namespace vk
