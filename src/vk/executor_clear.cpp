// CommandExecutor: clears. Render-target and depth-stencil views clear through a rendering pass
// on the view itself, so the value is converted to the view's format (an sRGB view of a UNORM
// image clears to the sRGB encoding, as in D3D11); UAV clears write raw values. Predicated clears:
// executor_predication.cpp.
#include "vk/command_executor.h"

#include <vector>

#include "vk/device.h"

namespace vk {

void CommandExecutor::execute(const ClearImageViewCommand& command) {
  const DeviceFunctions& vk = m_device.functions();
  // A predicated clear runs as vkCmdClearAttachments under conditional rendering (load-op clears
  // are not covered by it); without conditional rendering it is skipped by the CPU read.
  const bool conditional = m_predicatedOperation && m_predicateActive;
  if (!conditional && skipPredicatedTransfer())
    return;
  m_barriers.prepare(vk, m_commands, {{resourceId(command.image), Access::Write}});

  const bool whole = command.rectCount == 0 && !conditional;
  VkRenderingAttachmentInfo color = makeStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  VkRenderingAttachmentInfo depth = color, stencil = color;
  auto setUp = [&](VkRenderingAttachmentInfo& attachment, VkImageAspectFlags aspect) {
    attachment.imageView = command.view;
    attachment.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    attachment.loadOp = (whole && (command.aspects & aspect)) ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.clearValue = command.value;
  };
  VkRenderingInfo rendering = makeStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  rendering.renderArea = {{0, 0}, command.extent};
  rendering.layerCount = command.layerCount;
  if (command.viewAspects & VK_IMAGE_ASPECT_COLOR_BIT) {
    setUp(color, VK_IMAGE_ASPECT_COLOR_BIT);
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &color;
  }
  if (command.viewAspects & VK_IMAGE_ASPECT_DEPTH_BIT) {
    setUp(depth, VK_IMAGE_ASPECT_DEPTH_BIT);
    rendering.pDepthAttachment = &depth;
  }
  if (command.viewAspects & VK_IMAGE_ASPECT_STENCIL_BIT) {
    setUp(stencil, VK_IMAGE_ASPECT_STENCIL_BIT);
    rendering.pStencilAttachment = &stencil;
  }
  if (conditional)
    beginPredicated();
  vk.vkCmdBeginRendering(m_commands, &rendering);
  if (!whole) {
    // A predicated clear of the whole view is one rectangle covering it.
    const uint32_t count = command.rectCount ? command.rectCount : 1;
    std::vector<VkClearRect> rects(count, VkClearRect{rendering.renderArea, 0, command.layerCount});
    const VkRect2D* from = tailOf<VkRect2D>(&command);
    for (uint32_t i = 0; i < command.rectCount; ++i)
      rects[i] = VkClearRect{from[i], 0, command.layerCount};
    VkClearAttachment attachment{command.aspects, 0, command.value};
    vk.vkCmdClearAttachments(m_commands, 1, &attachment, count, rects.data());
  }
  vk.vkCmdEndRendering(m_commands);
  endPredicated();
}

void CommandExecutor::execute(const ClearColorImageCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands, {{resourceId(command.image), Access::Write}});
  m_device.functions().vkCmdClearColorImage(m_commands, command.image, VK_IMAGE_LAYOUT_GENERAL, &command.value, 1,
                                            &command.range);
}

}  // namespace vk
