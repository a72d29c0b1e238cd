// CommandExecutor: predication through VK_EXT_conditional_rendering. SetPredication copies the
// predicate query's 32-bit result into a slot of a small buffer (outside any rendering pass, after
// a full barrier so the query has landed and earlier readers of the slot are done); while it is
// set, each draw and dispatch runs inside conditional rendering on that slot, inverted when D3D11
// skips rendering on a TRUE result. A predicate measured across a submission boundary (several
// segments) would need its segments summed on the GPU: such draws run unconditionally, as a
// predicate that is not available yet does on Windows, and the log says so once.
#include "util/log.h"
#include "vk/command_executor.h"
#include "vk/device.h"
#include "vk/query_pools.h"

namespace vk {

namespace {
constexpr uint32_t kPredicateSlots = 1024;
}  // namespace

void CommandExecutor::execute(const SetPredicationCommand& command) {
  m_predicateActive = false;
  const DeviceFunctions& vk = m_device.functions();
  if (!command.query || !vk.vkCmdBeginConditionalRenderingEXT)
    return;
  for (const auto& active : m_activeQueries)
    for (const QueryRecord* record : active)
      if (record == command.query) {
        D3D11VK_LOG_ONCE(Warn, "SetPredication: the predicate is still being measured (no End yet); draws run unpredicated");
        return;
      }
  const auto& segments = command.query->segments();
  if (segments.size() != 1) {
    if (segments.size() > 1)
      D3D11VK_LOG_ONCE(Warn, "SetPredication: the predicate was measured across a submission boundary; draws run unpredicated");
    return;
  }
  if (!m_predicates)
    m_predicates = std::make_unique<Buffer>(m_device, VkDeviceSize(kPredicateSlots) * 4,
                                            VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, 0,
                                            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  m_predicateOffset = VkDeviceSize(m_predicateSlot++ % kPredicateSlots) * 4;
  m_barriers.fullBarrier(vk, m_commands, false);
  const QuerySlot& slot = segments.front()->slot;
  vk.vkCmdCopyQueryPoolResults(m_commands, slot.pool, slot.index, 1, m_predicates->handle(), m_predicateOffset, 4,
                               VK_QUERY_RESULT_WAIT_BIT);
  m_barriers.fullBarrier(vk, m_commands, false);
  m_predicateInverted = command.predicateValue != VK_FALSE;
  m_predicateActive = true;
}

void CommandExecutor::beginPredicated() {
  if (!m_predicateActive || m_conditionalOpen)
    return;
  VkConditionalRenderingBeginInfoEXT info =
      makeStruct<VkConditionalRenderingBeginInfoEXT>(VK_STRUCTURE_TYPE_CONDITIONAL_RENDERING_BEGIN_INFO_EXT);
  info.buffer = m_predicates->handle();
  info.offset = m_predicateOffset;
  // Vulkan runs the commands when the value is non-zero; D3D11 skips them when the predicate's
  // data equals PredicateValue, so a TRUE value inverts the test.
  info.flags = m_predicateInverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0;
  m_device.functions().vkCmdBeginConditionalRenderingEXT(m_commands, &info);
  m_conditionalOpen = true;
}

void CommandExecutor::endPredicated() {
  if (!m_conditionalOpen)
    return;
  m_device.functions().vkCmdEndConditionalRenderingEXT(m_commands);
  m_conditionalOpen = false;
}

}  // namespace vk
