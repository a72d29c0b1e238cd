// CommandExecutor: transfer commands (copies, fills, resolves, mip generation). Images are in the
// GENERAL layout throughout (docs/command-stream.md). Inside a predicated D3D11 operation each is
// skipped when the predicate says so (executor_predication.cpp).
#include "vk/command_executor.h"

#include <algorithm>

#include "vk/device.h"

namespace vk {

void CommandExecutor::execute(const CopyBufferCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands,
                     {{resourceId(command.src), Access::Read}, {resourceId(command.dst), Access::Write}});
  m_device.functions().vkCmdCopyBuffer(m_commands, command.src, command.dst, command.regionCount,
                                       tailOf<VkBufferCopy>(&command));
}

void CommandExecutor::execute(const CopyImageCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands,
                     {{resourceId(command.src), Access::Read}, {resourceId(command.dst), Access::Write}});
  m_device.functions().vkCmdCopyImage(m_commands, command.src, VK_IMAGE_LAYOUT_GENERAL, command.dst, VK_IMAGE_LAYOUT_GENERAL,
                                      command.regionCount, tailOf<VkImageCopy>(&command));
}

void CommandExecutor::execute(const CopyBufferToImageCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands,
                     {{resourceId(command.src), Access::Read}, {resourceId(command.dst), Access::Write}});
  m_device.functions().vkCmdCopyBufferToImage(m_commands, command.src, command.dst, VK_IMAGE_LAYOUT_GENERAL,
                                              command.regionCount, tailOf<VkBufferImageCopy>(&command));
}

void CommandExecutor::execute(const CopyImageToBufferCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands,
                     {{resourceId(command.src), Access::Read}, {resourceId(command.dst), Access::Write}});
  m_device.functions().vkCmdCopyImageToBuffer(m_commands, command.src, VK_IMAGE_LAYOUT_GENERAL, command.dst,
                                              command.regionCount, tailOf<VkBufferImageCopy>(&command));
}

void CommandExecutor::execute(const FillBufferCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands, {{resourceId(command.buffer), Access::Write}});
  m_device.functions().vkCmdFillBuffer(m_commands, command.buffer, command.offset, command.size, command.value);
}

void CommandExecutor::execute(const ResolveImageCommand& command) {
  if (skipPredicatedTransfer())
    return;
  m_barriers.prepare(m_device.functions(), m_commands,
                     {{resourceId(command.src), Access::Read}, {resourceId(command.dst), Access::Write}});
  m_device.functions().vkCmdResolveImage(m_commands, command.src, VK_IMAGE_LAYOUT_GENERAL, command.dst,
                                         VK_IMAGE_LAYOUT_GENERAL, 1, &command.region);
}

void CommandExecutor::execute(const GenerateMipsCommand& command) {
  if (skipPredicatedTransfer())
    return;
  const DeviceFunctions& vk = m_device.functions();
  VkExtent3D source = command.baseExtent;
  for (uint32_t mip = command.baseMip + 1; mip < command.baseMip + command.mipCount; ++mip) {
    VkExtent3D target{std::max(1u, source.width / 2), std::max(1u, source.height / 2), std::max(1u, source.depth / 2)};
    // Each level reads the one just written: a barrier between levels, not only at the start.
    m_barriers.fullBarrier(vk, m_commands, false);
    VkImageBlit blit{};
    blit.srcSubresource = {command.aspects, mip - 1, command.baseLayer, command.layerCount};
    blit.srcOffsets[1] = {int32_t(source.width), int32_t(source.height), int32_t(source.depth)};
    blit.dstSubresource = {command.aspects, mip, command.baseLayer, command.layerCount};
    blit.dstOffsets[1] = {int32_t(target.width), int32_t(target.height), int32_t(target.depth)};
    vk.vkCmdBlitImage(m_commands, command.image, VK_IMAGE_LAYOUT_GENERAL, command.image, VK_IMAGE_LAYOUT_GENERAL, 1, &blit,
                      VK_FILTER_LINEAR);
    source = target;
  }
  m_barriers.reset();
  m_barriers.prepare(vk, m_commands, {{resourceId(command.image), Access::Write}});
}

}  // namespace vk
