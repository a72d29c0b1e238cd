// CommandExecutor: operations that run the backend's internal shaders (src/vk/meta_shaders.h).
#include "vk/command_executor.h"

#include "vk/device.h"

namespace vk {

void CommandExecutor::execute(const PackDepthStencilCommand& command) {
  // Part of a depth-stencil copy through staging memory: skipped with the copy it belongs to.
  if (skipPredicatedTransfer())
    return;
  const DeviceFunctions& vk = m_device.functions();
  // Packing reads the scratch words and writes staging memory; unpacking the reverse.
  const Access scratchAccess = command.unpack ? Access::Write : Access::Read;
  const Access stagingAccess = command.unpack ? Access::Read : Access::Write;
  m_barriers.prepare(vk, m_commands, {{resourceId(command.scratch), scratchAccess}, {resourceId(command.staging), stagingAccess}});

  VkPipeline pipeline = m_meta.depthStencilPack(command.packing, command.unpack);
  VkPipelineLayout layout = m_meta.storageLayout();
  VkDescriptorSet set = m_descriptors.allocate(m_meta.storageSetLayout(), m_submission);
  const VkDescriptorBufferInfo buffers[2] = {{command.scratch, command.scratchOffset, command.scratchSize},
                                             {command.staging, command.stagingOffset, command.stagingSize}};
  VkWriteDescriptorSet writes[2];
  for (uint32_t i = 0; i < 2; ++i) {
    writes[i] = makeStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    writes[i].dstSet = set;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &buffers[i];
  }
  vk.vkUpdateDescriptorSets(m_device.handle(), 2, writes, 0, nullptr);
  vk.vkCmdBindPipeline(m_commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  vk.vkCmdBindDescriptorSets(m_commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
  vk.vkCmdPushConstants(m_commands, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(command.params), &command.params);
  const DepthStencilPackParams& p = command.params;
  vk.vkCmdDispatch(m_commands, (p.width + kMetaLocalSize - 1) / kMetaLocalSize, (p.height + kMetaLocalSize - 1) / kMetaLocalSize,
                   p.depth);

  // The application's compute pipeline and descriptor sets are bound again before its next dispatch.
  m_computePipelineDirty = m_computeShader != nullptr;
  for (bool& dirty : m_setDirty[kCompute])
    dirty = true;
}

}  // namespace vk
