// CommandExecutor: draw batching. A run of Draw (or DrawIndexed) commands with no other command
// between them needs no state applied after its first draw, so the run is recorded as one
// vkCmdDrawMulti(Indexed)EXT instead of one Vulkan draw each: on drivers whose cost is per draw
// call (lavapipe validates and sets up its state once per call) this is most of a repeated
// draw's end-to-end cost. D3D11 itself has no multi-draw; this is the executor noticing runs.
//
// A run is only batched when nothing the draws do needs ordering between them that one call
// would lose: no storage writes from the graphics stages (D3D11 makes one draw's UAV writes
// visible to the next, so those draws keep a barrier check each) and no stream-output capture.
// Draws of a run share instanceCount and firstInstance (the multi-draw call takes them once);
// a draw with different values starts a new run.
#include <algorithm>

#include "vk/command_executor.h"
#include "vk/device.h"

namespace vk {

uint32_t CommandExecutor::multiDrawLimit(bool enabled) const {
  if (!enabled || !m_device.functions().vkCmdDrawMultiEXT || !m_device.functions().vkCmdDrawMultiIndexedEXT)
    return 0;
  // The calls take fewer than maxMultiDrawCount draws; a bounded run also bounds the arrays.
  const uint32_t deviceLimit = m_device.maxMultiDrawCount();
  return deviceLimit > 1 ? std::min(deviceLimit - 1, kMaxBatchedDraws) : 0;
}

bool CommandExecutor::batchable() const {
  return m_multiDrawLimit > 0 && !m_storageWrites[kGraphics] && !capturesStreamOutput();
}

bool CommandExecutor::joinBatch(const CommandHeader& header, const void* body) {
  if (m_batch.count == 0 || m_batch.count >= m_multiDrawLimit)
    return false;
  if (header.type == CommandType::Draw && !m_batch.indexed) {
    const auto& draw = *static_cast<const DrawCommand*>(body);
    if (draw.instanceCount != m_batch.instanceCount || draw.firstInstance != m_batch.firstInstance)
      return false;
    m_batchDraws[m_batch.count++] = VkMultiDrawInfoEXT{draw.firstVertex, draw.vertexCount};
    return true;
  }
  if (header.type == CommandType::DrawIndexed && m_batch.indexed) {
    const auto& draw = *static_cast<const DrawIndexedCommand*>(body);
    if (draw.instanceCount != m_batch.instanceCount || draw.firstInstance != m_batch.firstInstance)
      return false;
    m_batchIndexedDraws[m_batch.count++] = VkMultiDrawIndexedInfoEXT{draw.firstIndex, draw.indexCount, draw.vertexOffset};
    return true;
  }
  return false;
}

void CommandExecutor::startBatch(const DrawCommand& draw) {
  m_batch = DrawBatch{false, draw.instanceCount, draw.firstInstance, 1};
  m_batchDraws[0] = VkMultiDrawInfoEXT{draw.firstVertex, draw.vertexCount};
}

void CommandExecutor::startBatch(const DrawIndexedCommand& draw) {
  m_batch = DrawBatch{true, draw.instanceCount, draw.firstInstance, 1};
  m_batchIndexedDraws[0] = VkMultiDrawIndexedInfoEXT{draw.firstIndex, draw.indexCount, draw.vertexOffset};
}

void CommandExecutor::flushDrawBatch() {
  if (m_batch.count == 0)
    return;
  const DeviceFunctions& vk = m_device.functions();
  const uint32_t count = m_batch.count;
  m_batch.count = 0;
  if (count > 1)
    m_batchedDraws += count;
  if (!m_batch.indexed) {
    if (count == 1)
      vk.vkCmdDraw(m_commands, m_batchDraws[0].vertexCount, m_batch.instanceCount, m_batchDraws[0].firstVertex,
                   m_batch.firstInstance);
    else
      vk.vkCmdDrawMultiEXT(m_commands, count, m_batchDraws, m_batch.instanceCount, m_batch.firstInstance,
                           sizeof(VkMultiDrawInfoEXT));
    return;
  }
  if (count == 1)
    vk.vkCmdDrawIndexed(m_commands, m_batchIndexedDraws[0].indexCount, m_batch.instanceCount,
                        m_batchIndexedDraws[0].firstIndex, m_batchIndexedDraws[0].vertexOffset, m_batch.firstInstance);
  else
    vk.vkCmdDrawMultiIndexedEXT(m_commands, count, m_batchIndexedDraws, m_batch.instanceCount, m_batch.firstInstance,
                                sizeof(VkMultiDrawIndexedInfoEXT), nullptr);
}

}  // namespace vk
