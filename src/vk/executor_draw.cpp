// CommandExecutor: draws and dispatches. Before each one the pending state is applied: the
// pipeline (built by PipelineManager on first use), barriers for the resources the bound
// descriptors and vertex input touch (outside the rendering pass), the dynamic-rendering pass
// itself, descriptor sets written from the recorded entries, dynamic state and vertex buffers.
#include "vk/command_executor.h"

#include <algorithm>
#include <cstring>

#include "util/log.h"
#include "vk/device.h"

namespace vk {

void CommandExecutor::beginRendering() {
  if (m_rendering)
    return;
  copyBufferTargetsIn();
  copyAlphaTargetsIn();
  VkRenderingAttachmentInfo colors[kMaxColorTargets];
  for (uint32_t i = 0; i < m_targets.colorCount; ++i) {
    colors[i] = makeStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    colors[i].imageView = m_targets.color[i].view;
    colors[i].imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    colors[i].loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    colors[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  }
  VkRenderingAttachmentInfo depth = makeStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
  depth.imageView = m_targets.depth.view;
  depth.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
  depth.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo info = makeStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
  info.renderArea = {{0, 0}, m_targets.extent};
  info.layerCount = std::max(1u, m_targets.layerCount);
  info.colorAttachmentCount = m_targets.colorCount;
  info.pColorAttachments = colors;
  if (m_targets.depth.view && (m_targets.depth.aspects & VK_IMAGE_ASPECT_DEPTH_BIT))
    info.pDepthAttachment = &depth;
  if (m_targets.depth.view && (m_targets.depth.aspects & VK_IMAGE_ASPECT_STENCIL_BIT))
    info.pStencilAttachment = &depth;
  m_device.functions().vkCmdBeginRendering(m_commands, &info);
  m_rendering = true;
}

void CommandExecutor::endRendering() {
  if (!m_rendering)
    return;
  endStreamOutput();  // transform feedback lives inside one rendering pass
  m_device.functions().vkCmdEndRendering(m_commands);
  m_rendering = false;
  copyBufferTargetsOut();
  copyAlphaTargetsOut();
}

void CommandExecutor::collectAccesses(uint32_t point, std::vector<ResourceAccess>* accesses) const {
  for (const auto& set : m_entries[point])
    for (const DescriptorEntry& entry : set)
      if (entry.resource)
        accesses->push_back(ResourceAccess{entry.resource, entry.access});
  if (point == kGraphics) {
    for (uint32_t i = 0; i < m_vertexBufferCount; ++i)
      if (m_vertexBuffers[i].buffer)
        accesses->push_back(ResourceAccess{resourceId(m_vertexBuffers[i].buffer), Access::Read});
    if (m_indexBuffer.buffer)
      accesses->push_back(ResourceAccess{resourceId(m_indexBuffer.buffer), Access::Read});
  }
}

void CommandExecutor::flushDescriptorSets(uint32_t point, const PipelineLayoutInfo& layout) {
  const DeviceFunctions& vk = m_device.functions();
  const VkPipelineBindPoint bindPoint = point == kCompute ? VK_PIPELINE_BIND_POINT_COMPUTE : VK_PIPELINE_BIND_POINT_GRAPHICS;
  for (uint32_t set = 0; set < layout.setCount && set < kSets; ++set) {
    if (!m_setDirty[point][set])
      continue;
    m_setDirty[point][set] = false;
    const std::vector<ShaderBindingSlot>& slots = layout.setBindings[set];
    VkDescriptorSet handle = m_descriptors.allocate(layout.sets[set], m_submission);
    // Every binding of the layout gets a write; the entries recorded for it, else a null descriptor.
    std::vector<VkWriteDescriptorSet>& writes = m_scratchWrites;  // reused: no allocation per draw
    writes.clear();
    const std::vector<DescriptorEntry>& entries = m_entries[point][set];
    for (const ShaderBindingSlot& slot : slots) {
      auto found = std::find_if(entries.begin(), entries.end(), [&](const DescriptorEntry& e) { return e.binding == slot.binding; });
      if (found == entries.end() || found->type != slot.type)
        continue;  // the front end writes what the shader declares; a mismatch keeps the slot unwritten
      VkWriteDescriptorSet write = makeStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
      write.dstSet = handle;
      write.dstBinding = slot.binding;
      write.descriptorCount = 1;
      write.descriptorType = slot.type;
      write.pBufferInfo = &found->buffer;
      write.pImageInfo = &found->image;
      write.pTexelBufferView = &found->texelBuffer;
      writes.push_back(write);
    }
    if (!writes.empty())
      vk.vkUpdateDescriptorSets(m_device.handle(), uint32_t(writes.size()), writes.data(), 0, nullptr);
    vk.vkCmdBindDescriptorSets(m_commands, bindPoint, layout.layout, set, 1, &handle, 0, nullptr);
  }
}

const GraphicsPipeline* CommandExecutor::graphicsPipelineForKey() {
  const size_t idBytes = sizeof(m_graphicsKey.shaders);
  for (uint32_t i = 0; i < m_recentShaderPipelineCount; ++i)
    if (std::memcmp(m_recentShaderPipelines[i].shaders, m_graphicsKey.shaders, idBytes) == 0)
      return m_recentShaderPipelines[i].pipeline;
  const GraphicsPipeline* pipeline = m_pipelines.getGraphics(m_graphicsKey, m_graphicsStages);
  RecentShaderPipeline& slot = m_recentShaderPipelines[m_recentShaderPipelineNext];
  m_recentShaderPipelineNext = (m_recentShaderPipelineNext + 1) % kRecentShaderPipelines;
  m_recentShaderPipelineCount = std::min(m_recentShaderPipelineCount + 1, kRecentShaderPipelines);
  std::memcpy(slot.shaders, m_graphicsKey.shaders, idBytes);
  slot.pipeline = pipeline;
  return pipeline;
}

bool CommandExecutor::prepareDraw(const ResourceAccess* extra, size_t extraCount) {
  const DeviceFunctions& vk = m_device.functions();
  m_draws++;
  if (!m_hasGraphicsKey)
    return false;
  if (m_graphicsPipelineDirty) {
    const GraphicsPipeline* pipeline = graphicsPipelineForKey();
    if (pipeline && m_graphicsPipeline && pipeline->layout != m_graphicsPipeline->layout)
      for (bool& dirty : m_setDirty[kGraphics])
        dirty = true;  // a different layout: bind every set again
    m_graphicsPipeline = pipeline;
    m_graphicsPipelineDirty = false;
    if (pipeline) {
      endStreamOutput();  // no pipeline change while transform feedback is active
      // Binding happens below, inside or outside the pass alike.
      vk.vkCmdBindPipeline(m_commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline->pipeline);
    }
  }
  if (!m_graphicsPipeline)
    return false;

  // Barriers go outside the rendering pass: end it if this draw's resources need one. The check
  // runs when bindings changed, when a pass starts, and at every draw that writes storage (the
  // next draw may read what this one wrote).
  // Stream-output writes are declared when a capture begins; within one capture transform
  // feedback orders them itself.
  const bool captures = capturesStreamOutput();
  if (m_accessesDirty[kGraphics] || extraCount || !m_rendering || m_storageWrites[kGraphics] || (captures && !m_streamOutActive)) {
    m_scratchAccesses.clear();
    collectAccesses(kGraphics, &m_scratchAccesses);
    m_scratchAccesses.insert(m_scratchAccesses.end(), extra, extra + extraCount);
    if (captures && !m_streamOutActive)
      streamOutputAccesses(&m_scratchAccesses);
    if (!m_rendering) {
      for (uint32_t i = 0; i < m_targets.colorCount; ++i)
        if (m_targets.color[i].image)
          m_scratchAccesses.push_back(ResourceAccess{resourceId(m_targets.color[i].image), Access::Write});
      if (m_targets.depth.image)
        m_scratchAccesses.push_back(ResourceAccess{resourceId(m_targets.depth.image), Access::Write});
    }
    if (m_rendering && m_barriers.conflicts(m_scratchAccesses.data(), m_scratchAccesses.size()))
      endRendering();
    if (!m_rendering)
      m_barriers.prepare(vk, m_commands, m_scratchAccesses.data(), m_scratchAccesses.size());
    else
      m_barriers.note(m_scratchAccesses.data(), m_scratchAccesses.size());
    m_accessesDirty[kGraphics] = false;
  }
  beginRendering();
  flushDescriptorSets(kGraphics, *m_graphicsPipeline->layout);
  // Direct3D's DepthBias counts steps of the depth format; for UNORM formats the driver's unit
  // may be another (vk/depth_bias_scale.h), and it changes with the depth target.
  float biasScale = 1.0f;
  if (m_depthBias.constantFactor != 0.0f && DepthBiasScale::unormDepth(m_graphicsKey.depthFormat))
    biasScale = m_device.depthBiasScale().forFormat(m_graphicsKey.depthFormat);
  if (m_dynamicDirty || biasScale != m_appliedDepthBiasScale) {
    m_dynamicDirty = false;
    m_appliedDepthBiasScale = biasScale;
    if (m_viewports.count)
      vk.vkCmdSetViewportWithCount(m_commands, m_viewports.count, m_viewports.viewports);
    if (m_scissors.count)
      vk.vkCmdSetScissorWithCount(m_commands, m_scissors.count, m_scissors.rects);
    vk.vkCmdSetBlendConstants(m_commands, m_blendConstants.constants);
    vk.vkCmdSetStencilReference(m_commands, VK_STENCIL_FACE_FRONT_AND_BACK, m_stencilReference.reference);
    vk.vkCmdSetDepthBias(m_commands, m_depthBias.constantFactor / biasScale, m_depthBias.clamp, m_depthBias.slopeFactor);
  }
  if (m_vertexBuffersDirty) {
    m_vertexBuffersDirty = false;
    VkBuffer buffers[kMaxVertexBindings];
    VkDeviceSize offsets[kMaxVertexBindings];
    for (uint32_t i = 0; i < m_vertexBufferCount; ++i) {
      buffers[i] = m_vertexBuffers[i].buffer;  // null buffers are allowed with nullDescriptor
      offsets[i] = m_vertexBuffers[i].buffer ? m_vertexBuffers[i].offset : 0;
    }
    if (m_vertexBufferCount)
      vk.vkCmdBindVertexBuffers(m_commands, 0, m_vertexBufferCount, buffers, offsets);
  }
  if (m_indexBufferDirty && m_indexBuffer.buffer) {
    m_indexBufferDirty = false;
    vk.vkCmdBindIndexBuffer(m_commands, m_indexBuffer.buffer, m_indexBuffer.offset, m_indexBuffer.type);
  }
  if (captures)
    beginStreamOutput();
  else
    endStreamOutput();
  beginPredicated();
  return true;
}

bool CommandExecutor::prepareDispatch(const ResourceAccess* extra, size_t extraCount) {
  const DeviceFunctions& vk = m_device.functions();
  m_dispatches++;
  if (!m_computeShader)
    return false;
  if (m_computePipelineDirty) {
    const ComputePipeline* pipeline = m_pipelines.getCompute(*m_computeShader);
    if (pipeline && m_computePipeline && pipeline->layout != m_computePipeline->layout)
      m_setDirty[kCompute][0] = true;
    m_computePipeline = pipeline;
    m_computePipelineDirty = false;
    if (pipeline)
      vk.vkCmdBindPipeline(m_commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline->pipeline);
  }
  if (!m_computePipeline)
    return false;
  // Every dispatch declares its resources: D3D11 orders UAV accesses between dispatches.
  m_scratchAccesses.clear();
  collectAccesses(kCompute, &m_scratchAccesses);
  m_scratchAccesses.insert(m_scratchAccesses.end(), extra, extra + extraCount);
  m_barriers.prepare(vk, m_commands, m_scratchAccesses.data(), m_scratchAccesses.size());
  flushDescriptorSets(kCompute, *m_computePipeline->layout);
  beginPredicated();
  return true;
}

void CommandExecutor::execute(const DrawCommand& command) {
  if (!prepareDraw(nullptr, 0))
    return;
  if (batchable())
    startBatch(command);  // recorded when the run of draws ends (executor_draw_batch.cpp)
  else
    m_device.functions().vkCmdDraw(m_commands, command.vertexCount, command.instanceCount, command.firstVertex, command.firstInstance);
}

void CommandExecutor::execute(const DrawIndexedCommand& command) {
  if (!m_indexBuffer.buffer)
    return;  // D3D11 draws nothing without an index buffer
  if (!prepareDraw(nullptr, 0))
    return;
  if (batchable())
    startBatch(command);
  else
    m_device.functions().vkCmdDrawIndexed(m_commands, command.indexCount, command.instanceCount, command.firstIndex,
                                          command.vertexOffset, command.firstInstance);
}

void CommandExecutor::execute(const DrawIndirectCommand& command) {
  if (command.indexed && !m_indexBuffer.buffer)
    return;
  const ResourceAccess args{resourceId(command.buffer), Access::Read};
  if (!prepareDraw(&args, 1))
    return;
  if (command.indexed)
    m_device.functions().vkCmdDrawIndexedIndirect(m_commands, command.buffer, command.offset, 1, 0);
  else
    m_device.functions().vkCmdDrawIndirect(m_commands, command.buffer, command.offset, 1, 0);
}

void CommandExecutor::execute(const DispatchCommand& command) {
  if (prepareDispatch(nullptr, 0))
    m_device.functions().vkCmdDispatch(m_commands, command.x, command.y, command.z);
}

void CommandExecutor::execute(const DispatchIndirectCommand& command) {
  const ResourceAccess args{resourceId(command.buffer), Access::Read};
  if (prepareDispatch(&args, 1))
    m_device.functions().vkCmdDispatchIndirect(m_commands, command.buffer, command.offset);
}

}  // namespace vk
