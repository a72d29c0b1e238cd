// CommandExecutor: predication (docs/pipelines.md, Predication). SetPredication puts the
// predicate's data (0 or 1, or an occlusion count) into a slot of a small buffer, and draws,
// dispatches and render-target/depth-stencil clears run inside VK_EXT_conditional_rendering on that
// slot, inverted when D3D11 skips on a TRUE result. Transfers (copies, updates, UAV clears,
// resolves, mip generation), which conditional rendering does not cover, are skipped by the
// predicate's data read on the CPU: the worker submits what it has recorded and waits for it.
#include <algorithm>

#include "util/log.h"
#include "vk/command_executor.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/query_pools.h"

namespace vk {

namespace {
constexpr uint32_t kPredicateSlots = 1024;
}  // namespace

void CommandExecutor::execute(const SetPredicationCommand& command) {
  m_predicateActive = false;
  m_predicate = command.query;
  m_predicateValue = command.predicateValue != VK_FALSE;
  m_predicateResolved = false;
  if (!command.query)
    return;
  for (const auto& active : m_activeQueries)
    if (std::find(active.begin(), active.end(), command.query) != active.end()) {
      // Documented: the predicate must be issued (ended) to be used.
      D3D11VK_LOG_ONCE(Warn, "SetPredication: the predicate is still being measured (no End yet); nothing is skipped");
      m_predicate = nullptr;
      return;
    }
  const auto& segments = command.query->segments();
  if (segments.empty()) {
    // Never measured in this stream (a Begin/End recorded into a command list not yet executed).
    D3D11VK_LOG_ONCE(Warn, "SetPredication: the predicate holds no measurement; nothing is skipped");
    m_predicate = nullptr;
    return;
  }
  const DeviceFunctions& vk = m_device.functions();
  if (!vk.vkCmdBeginConditionalRenderingEXT)
    return;  // draws run unpredicated; transfers are still skipped by the CPU read
  // One occlusion segment copies straight into the slot on the GPU. Several segments (a
  // predicate measured across a submission or alongside other occlusion queries) must be summed,
  // and a stream-output overflow predicate compares two counts: both are read on the CPU.
  const bool onGpu = segments.size() == 1 && !isStreamOutputKind(command.query->kind());
  if (!onGpu && command.query->predicateHint()) {
    D3D11VK_LOG_ONCE(Info, "SetPredication: a PREDICATEHINT predicate measured in several segments or counting stream "
                           "output is ignored (reading it would wait for the GPU)");
    m_predicate = nullptr;
    return;
  }
  bool data = false;
  if (!onGpu) {
    D3D11VK_LOG_ONCE(Warn, "SetPredication: slow path: a predicate measured in several segments or counting stream output "
                           "is read on the CPU (the worker waits for the GPU)");
    if (!readPredicateData(&data)) {
      m_predicate = nullptr;
      return;
    }
    m_predicateSkips = data == m_predicateValue;
    m_predicateResolved = true;
  }
  if (!m_predicates)
    m_predicates = std::make_unique<Buffer>(m_device, VkDeviceSize(kPredicateSlots) * 4,
                                            VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, 0,
                                            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  m_predicateOffset = VkDeviceSize(m_predicateSlot++ % kPredicateSlots) * 4;
  // The query has landed and earlier readers of the slot are done.
  m_barriers.fullBarrier(vk, m_commands, false);
  if (onGpu) {
    const QuerySlot& slot = segments.front()->slot;
    vk.vkCmdCopyQueryPoolResults(m_commands, slot.pool, slot.index, 1, m_predicates->handle(), m_predicateOffset, 4,
                                 VK_QUERY_RESULT_WAIT_BIT);
  } else {
    vk.vkCmdFillBuffer(m_commands, m_predicates->handle(), m_predicateOffset, 4, data ? 1u : 0u);
  }
  m_barriers.fullBarrier(vk, m_commands, false);
  m_predicateInverted = m_predicateValue;
  m_predicateActive = true;
}

void CommandExecutor::execute(const PredicatedOperationCommand& command) { m_predicatedOperation = command.begin != VK_FALSE; }

bool CommandExecutor::submitAndWait() {
  // A present recorded earlier in this command buffer must go with the submission that signals
  // the chunk's timeline value; splitting it off is not worth the machinery.
  if (!m_submitPart || m_present.presenter)
    return false;
  const uint64_t submission = m_submission;
  end();
  begin(m_submitPart(), submission);
  return true;
}

bool CommandExecutor::readPredicateData(bool* data) {
  QueryRecord& record = *m_predicate;
  bool recordedHere = false;
  uint64_t newest = 0;
  for (const auto& segment : record.segments()) {
    if (segment->lastUse >= m_submission)
      recordedHere = true;
    else
      newest = std::max(newest, segment->lastUse);
  }
  if (recordedHere) {
    if (!submitAndWait()) {
      D3D11VK_LOG_ONCE(Warn, "SetPredication: the predicate cannot be read here (a present is recorded in the same "
                             "submission); nothing is skipped");
      return false;
    }
  } else if (newest) {
    m_device.timeline().wait(newest);
  }
  uint64_t values[2] = {};
  const bool streamOutput = isStreamOutputKind(record.kind());
  if (!record.results(m_device, values, streamOutput ? 2 : 1)) {
    D3D11VK_LOG_ONCE(Warn, "SetPredication: the predicate's results are not available; nothing is skipped");
    return false;
  }
  // Occlusion: any sample passed. Stream output: more primitives needed than written (overflow).
  *data = streamOutput ? values[1] > values[0] : values[0] != 0;
  return true;
}

bool CommandExecutor::skipPredicatedTransfer() {
  if (!m_predicatedOperation || !m_predicate)
    return false;
  if (!m_predicateResolved) {
    m_predicateResolved = true;
    m_predicateSkips = false;
    if (m_predicate->predicateHint()) {
      D3D11VK_LOG_ONCE(Info, "SetPredication: a PREDICATEHINT predicate does not skip copies, updates, UAV clears, resolves "
                             "or mip generation (that would wait for the GPU)");
      return false;
    }
    D3D11VK_LOG_ONCE(Info, "SetPredication: slow path: a predicated copy, update, UAV clear, resolve or mip generation "
                           "reads the predicate on the CPU (the worker waits for the GPU)");
    bool data = false;
    if (readPredicateData(&data))
      m_predicateSkips = data == m_predicateValue;
  }
  return m_predicateSkips;
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
