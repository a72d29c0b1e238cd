// CommandExecutor: render-target views of A8_UNORM textures. The texture is stored as R8_UNORM
// and a colour attachment cannot swizzle, so such a view renders into an RGBA8 shadow: each
// rendering pass with one bound first copies the texels into the shadow's alpha (texture -> R8
// stage by vkCmdCopyImage, stage -> shadow alpha by an internal full-screen draw), and after the
// pass ends copies the shadow's alpha back the same way. Blending, write masks and the pixel
// shader's alpha then behave as D3D11 defines them for A8 with no change to the pipeline (the
// shadow's colour channels are dropped). A pass ends at every transfer, clear, query, dispatch,
// target change, present and submission end, so the texture holds what was rendered whenever
// anything else looks at it (docs/resources.md, "A8_UNORM render targets").
#include "vk/command_executor.h"

#include "util/log.h"
#include "vk/alpha_target.h"
#include "vk/device.h"
#include "vk/meta_draw.h"
#include "vk/result.h"

namespace vk {

namespace {

bool hasAlphaTargets(const SetRenderTargetsCommand& targets) {
  for (uint32_t i = 0; i < targets.colorCount; ++i)
    if (targets.color[i].alpha)
      return true;
  return false;
}

}  // namespace

void CommandExecutor::restoreGraphicsBindings() {
  if (m_graphicsPipeline)
    m_device.functions().vkCmdBindPipeline(m_commands, VK_PIPELINE_BIND_POINT_GRAPHICS, m_graphicsPipeline->pipeline);
  for (bool& dirty : m_setDirty[kGraphics])
    dirty = true;
  m_dynamicDirty = true;
}

// One full-screen draw per layer of each A8 target: stage -> shadow alpha, or shadow alpha -> stage.
void CommandExecutor::copyAlpha(bool toShadow) {
  const DeviceFunctions& vk = m_device.functions();
  for (uint32_t i = 0; i < m_targets.colorCount; ++i) {
    const AlphaTarget* target = m_targets.color[i].alpha;
    if (!target)
      continue;
    const AlphaTargetDesc& desc = target->desc();
    VkPipeline pipeline = VK_NULL_HANDLE;
    try {
      pipeline = m_meta.alphaCopy(toShadow, target->shape(), uint32_t(desc.samples));
    } catch (const Error& error) {
      D3D11VK_LOG_ONCE(Error, "A8_UNORM render target: the copy shader could not be made (", error.what(),
                       "); its texels are not copied (logged once)");
      continue;
    }
    const VkExtent2D extent{desc.width, target->shape() == AlphaCopyShape::Image1D ? 1u : desc.height};
    for (const AlphaTarget::Layer& layer : target->layers()) {
      VkDescriptorSet set = m_descriptors.allocate(m_meta.resolveSetLayout(), m_submission);
      writeImageDescriptor(m_device, set, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, toShadow ? layer.stageSampled : layer.shadowSampled);
      // The triangle writes every sample, so the attachment's old contents are not loaded.
      drawFullscreen(vk, m_commands, toShadow ? layer.shadowAttachment : layer.stageAttachment, extent, pipeline,
                     m_meta.resolveLayout(), set, MipsParams{});
    }
  }
}

void CommandExecutor::copyAlphaTargetsIn() {
  if (!hasAlphaTargets(m_targets))
    return;
  // The draw about to begin the pass has declared its accesses and had its barrier; the copies sit
  // between full barriers (after every earlier write of the texture, before the pass), and the
  // internal draws are kept out of the application's queries.
  const DeviceFunctions& vk = m_device.functions();
  pauseQueries();
  m_barriers.fullBarrier(vk, m_commands, false);
  for (uint32_t i = 0; i < m_targets.colorCount; ++i) {
    const AlphaTarget* target = m_targets.color[i].alpha;
    if (!target)
      continue;
    const VkImageCopy region = target->toStage();
    vk.vkCmdCopyImage(m_commands, target->desc().texture, VK_IMAGE_LAYOUT_GENERAL, target->stage(), VK_IMAGE_LAYOUT_GENERAL, 1, &region);
  }
  m_barriers.fullBarrier(vk, m_commands, false);
  copyAlpha(true);
  m_barriers.fullBarrier(vk, m_commands, false);
  resumeQueries();
  restoreGraphicsBindings();
}

void CommandExecutor::copyAlphaTargetsOut() {
  if (!hasAlphaTargets(m_targets))
    return;
  const DeviceFunctions& vk = m_device.functions();
  pauseQueries();
  m_barriers.fullBarrier(vk, m_commands, false);
  copyAlpha(false);
  // Then the stage into the texture, declared so that whatever next reads or writes the texture
  // (or the next pass's copy out of it) waits for the copy.
  m_barriers.fullBarrier(vk, m_commands, false);
  m_barriers.reset();
  for (uint32_t i = 0; i < m_targets.colorCount; ++i) {
    const AlphaTarget* target = m_targets.color[i].alpha;
    if (!target)
      continue;
    m_barriers.prepare(vk, m_commands, {{resourceId(target->stage()), Access::Read}, {resourceId(target->desc().texture), Access::Write}});
    const VkImageCopy region = target->fromStage();
    vk.vkCmdCopyImage(m_commands, target->stage(), VK_IMAGE_LAYOUT_GENERAL, target->desc().texture, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
  }
  resumeQueries();
  restoreGraphicsBindings();
}

}  // namespace vk
