// CommandExecutor: render-target views of buffers. Vulkan renders only into images, so such a
// view renders into a one-row shadow image: each rendering pass with one bound copies the buffer
// range into the shadow image before it begins (blending and partial coverage see the buffer's
// contents) and the image back into the range after it ends. A pass ends at every transfer,
// clear, query or dispatch, at a target change and at the end of each submission, so the buffer
// holds what was rendered whenever anything else can look at it (docs/resources.md).
#include "vk/command_executor.h"

#include "vk/device.h"

namespace vk {

namespace {

VkBufferImageCopy wholeRow(const RenderTarget& target) {
  VkBufferImageCopy region{};
  region.bufferOffset = target.bufferOffset;
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {target.bufferElements, 1, 1};
  return region;
}

bool hasBufferTargets(const SetRenderTargetsCommand& targets) {
  for (uint32_t i = 0; i < targets.colorCount; ++i)
    if (targets.color[i].buffer != VK_NULL_HANDLE)
      return true;
  return false;
}

}  // namespace

void CommandExecutor::copyBufferTargetsIn() {
  if (!hasBufferTargets(m_targets))
    return;
  // The draw about to begin the pass has declared its accesses (the shadow image among them) and
  // had its barrier; these copies sit between two more full barriers: after every earlier write
  // of the buffer or read of the image, before the pass. The tracker's record of the draw's
  // accesses stays as it is (they happen after the second barrier).
  const DeviceFunctions& vk = m_device.functions();
  m_barriers.fullBarrier(vk, m_commands, false);
  for (uint32_t i = 0; i < m_targets.colorCount; ++i) {
    const RenderTarget& target = m_targets.color[i];
    if (!target.buffer)
      continue;
    const VkBufferImageCopy region = wholeRow(target);
    vk.vkCmdCopyBufferToImage(m_commands, target.buffer, target.image, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
  }
  m_barriers.fullBarrier(vk, m_commands, false);
}

void CommandExecutor::copyBufferTargetsOut() {
  if (!hasBufferTargets(m_targets))
    return;
  // The pass wrote the shadow images: a barrier, then the copies, declared so that whatever next
  // reads or writes a buffer (or the next pass's copy into an image) waits for them.
  const DeviceFunctions& vk = m_device.functions();
  m_barriers.fullBarrier(vk, m_commands, false);
  m_barriers.reset();
  for (uint32_t i = 0; i < m_targets.colorCount; ++i) {
    const RenderTarget& target = m_targets.color[i];
    if (!target.buffer)
      continue;
    m_barriers.prepare(vk, m_commands, {{resourceId(target.image), Access::Read}, {resourceId(target.buffer), Access::Write}});
    const VkBufferImageCopy region = wholeRow(target);
    vk.vkCmdCopyImageToBuffer(m_commands, target.image, VK_IMAGE_LAYOUT_GENERAL, target.buffer, 1, &region);
  }
}

}  // namespace vk
