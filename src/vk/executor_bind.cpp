// CommandExecutor: state commands (render targets, pipelines, descriptors, vertex input, dynamic
// state). They only record what the next draw or dispatch needs; prepareDraw applies it.
#include "vk/command_executor.h"

#include <algorithm>

#include "vk/device.h"

namespace vk {

void CommandExecutor::execute(const SetRenderTargetsCommand& command) {
  endRendering();
  m_targets = command;
}

void CommandExecutor::execute(const BindGraphicsPipelineCommand& command) {
  std::copy(std::begin(command.stages), std::end(command.stages), m_graphicsStages);
  m_graphicsKey = command.key;
  m_hasGraphicsKey = true;
  m_graphicsPipelineDirty = true;
  m_recentShaderPipelineCount = 0;  // other state: the remembered pipelines no longer match
  m_recentShaderPipelineNext = 0;
}

void CommandExecutor::execute(const BindGraphicsShadersCommand& command) {
  if (!m_hasGraphicsKey)
    return;  // the front end sends a whole key first
  for (uint32_t stage = 0; stage < kGraphicsStages; ++stage) {
    m_graphicsStages[stage] = command.stages[stage];
    m_graphicsKey.shaders[stage] = command.stages[stage] ? command.stages[stage]->id : 0;
  }
  m_graphicsPipelineDirty = true;
}

void CommandExecutor::execute(const BindComputePipelineCommand& command) {
  m_computeShader = command.shader;
  m_computePipelineDirty = true;
}

void CommandExecutor::execute(const BindDescriptorsCommand& command) {
  const uint32_t point = command.bindPoint == VK_PIPELINE_BIND_POINT_COMPUTE ? kCompute : kGraphics;
  if (command.set >= kSets)
    return;
  const DescriptorEntry* entries = tailOf<DescriptorEntry>(&command);
  m_entries[point][command.set].assign(entries, entries + command.count);
  m_setDirty[point][command.set] = true;
  m_accessesDirty[point] = true;
  m_storageWrites[point] = false;
  for (const auto& set : m_entries[point])
    for (const DescriptorEntry& entry : set)
      m_storageWrites[point] = m_storageWrites[point] || entry.access == Access::Write;
}

void CommandExecutor::execute(const BindVertexBuffersCommand& command) {
  const VertexBufferBinding* buffers = tailOf<VertexBufferBinding>(&command);
  for (uint32_t i = 0; i < command.count && command.first + i < kMaxVertexBindings; ++i)
    m_vertexBuffers[command.first + i] = buffers[i];
  m_vertexBufferCount = std::max(m_vertexBufferCount, std::min(command.first + command.count, kMaxVertexBindings));
  m_vertexBuffersDirty = true;
  m_accessesDirty[kGraphics] = true;
}

void CommandExecutor::execute(const BindIndexBufferCommand& command) {
  m_indexBuffer = command;
  m_indexBufferDirty = true;
  m_accessesDirty[kGraphics] = true;
}

void CommandExecutor::execute(const SetViewportsCommand& command) {
  m_viewports = command;
  m_dynamicDirty = true;
}

void CommandExecutor::execute(const SetScissorsCommand& command) {
  m_scissors = command;
  m_dynamicDirty = true;
}

void CommandExecutor::execute(const SetBlendConstantsCommand& command) {
  m_blendConstants = command;
  m_dynamicDirty = true;
}

void CommandExecutor::execute(const SetStencilReferenceCommand& command) {
  m_stencilReference = command;
  m_dynamicDirty = true;
}

void CommandExecutor::execute(const SetDepthBiasCommand& command) {
  m_depthBias = command;
  m_dynamicDirty = true;
}

void CommandExecutor::reapplyState() {
  // A new command buffer has no pipeline, sets, dynamic state or vertex input bound.
  m_graphicsPipelineDirty = m_hasGraphicsKey;
  m_computePipelineDirty = m_computeShader != nullptr;
  for (auto& point : m_setDirty)
    std::fill(std::begin(point), std::end(point), true);
  m_accessesDirty[kGraphics] = m_accessesDirty[kCompute] = true;
  m_vertexBuffersDirty = m_vertexBufferCount > 0;
  m_indexBufferDirty = m_indexBuffer.buffer != VK_NULL_HANDLE;
  m_dynamicDirty = true;
}

}  // namespace vk
