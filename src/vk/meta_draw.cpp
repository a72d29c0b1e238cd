// The two steps every internal full-screen pass takes: one sampled-image descriptor at binding 0,
// and one triangle covering a single attachment. Shared by resolves, mip generation
// (executor_meta.cpp) and the A8_UNORM target copies (executor_alpha_targets.cpp).
#include "vk/meta_draw.h"

#include "vk/device.h"

namespace vk {

void writeImageDescriptor(Device& device, VkDescriptorSet set, VkDescriptorType type, VkImageView view) {
  const VkDescriptorImageInfo image{VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
  VkWriteDescriptorSet write = makeStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
  write.dstSet = set;
  write.dstBinding = 0;
  write.descriptorCount = 1;
  write.descriptorType = type;
  write.pImageInfo = &image;
  device.functions().vkUpdateDescriptorSets(device.handle(), 1, &write, 0, nullptr);
}

// One full-screen triangle into `target` (every pixel written: its old contents are not loaded).
void drawFullscreen(const DeviceFunctions& vk, VkCommandBuffer commands, VkImageView target, VkExtent2D extent, VkPipeline pipeline,
                    VkPipelineLayout layout, VkDescriptorSet set, const MipsParams& params) {
  VkRenderingAttachmentInfo color = makeStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  color.imageView = target;
  color.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo rendering = makeStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  rendering.renderArea = {{0, 0}, extent};
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachments = &color;
  vk.vkCmdBeginRendering(commands, &rendering);
  vk.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  vk.vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 0, nullptr);
  vk.vkCmdPushConstants(commands, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(params), &params);
  const VkViewport viewport{0.0f, 0.0f, float(extent.width), float(extent.height), 0.0f, 1.0f};
  vk.vkCmdSetViewport(commands, 0, 1, &viewport);
  vk.vkCmdSetScissor(commands, 0, 1, &rendering.renderArea);
  vk.vkCmdDraw(commands, 3, 1, 0, 0);
  vk.vkCmdEndRendering(commands);
}

}  // namespace vk
