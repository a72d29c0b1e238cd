// CommandExecutor: transfer commands (copies, fills; resolves and mip generation are in
// executor_meta.cpp, next to their internal shaders). Images are in the
// GENERAL layout throughout (docs/command-stream.md). Inside a predicated D3D11 operation each is
// skipped when the predicate says so (executor_predication.cpp).
#include "vk/command_executor.h"

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

}  // namespace vk
