// CommandExecutor: query commands. D3D11 queries of one kind may overlap, Vulkan queries of one
// type may not, so all active records of a kind share one Vulkan query at a time: whenever the
// set of active records changes (or a command buffer ends) the shared segment ends, and a new one
// starts for the records still active. Each record sums its segments.
#include "vk/command_executor.h"

#include <algorithm>

#include "vk/device.h"
#include "vk/query_pools.h"

namespace vk {

void CommandExecutor::startSegment(uint32_t kind) {
  auto lease = std::make_shared<QueryLease>(*m_queryPools, QueryKind(kind), m_queryPools->allocate(m_commands, QueryKind(kind)));
  const VkQueryControlFlags flags = QueryKind(kind) == QueryKind::PreciseOcclusion ? VK_QUERY_CONTROL_PRECISE_BIT : 0;
  if (isStreamOutputKind(QueryKind(kind)))
    m_device.functions().vkCmdBeginQueryIndexedEXT(m_commands, lease->slot.pool, lease->slot.index, flags, streamOf(QueryKind(kind)));
  else
    m_device.functions().vkCmdBeginQuery(m_commands, lease->slot.pool, lease->slot.index, flags);
  lease->lastUse = m_submission;
  for (QueryRecord* record : m_activeQueries[kind])
    record->segments().push_back(lease);
  m_currentSegment[kind] = std::move(lease);
}

void CommandExecutor::endSegment(uint32_t kind) {
  if (!m_currentSegment[kind])
    return;
  const QuerySlot& slot = m_currentSegment[kind]->slot;
  if (isStreamOutputKind(QueryKind(kind)))
    m_device.functions().vkCmdEndQueryIndexedEXT(m_commands, slot.pool, slot.index, streamOf(QueryKind(kind)));
  else
    m_device.functions().vkCmdEndQuery(m_commands, slot.pool, slot.index);
  m_currentSegment[kind].reset();
}

namespace {

// The kinds whose segments a record joins: its own, or every stream's for StreamOutputAll.
std::pair<uint32_t, uint32_t> kindsOf(QueryKind kind) {
  if (kind == QueryKind::StreamOutputAll)
    return {uint32_t(QueryKind::StreamOutput0), uint32_t(QueryKind::StreamOutput3) + 1};
  return {uint32_t(kind), uint32_t(kind) + 1};
}

}  // namespace

void CommandExecutor::execute(const BeginQueryCommand& command) {
  // A Begin restarts the measurement: earlier segments are dropped (released after this submission).
  command.query->segments().clear();
  const auto [first, last] = kindsOf(command.query->kind());
  for (uint32_t kind = first; kind < last; ++kind) {
    std::vector<QueryRecord*>& active = m_activeQueries[kind];
    endSegment(kind);
    if (std::find(active.begin(), active.end(), command.query) == active.end())
      active.push_back(command.query);
    startSegment(kind);
  }
}

void CommandExecutor::execute(const EndQueryCommand& command) {
  const auto [first, last] = kindsOf(command.query->kind());
  for (uint32_t kind = first; kind < last; ++kind) {
    std::vector<QueryRecord*>& active = m_activeQueries[kind];
    auto found = std::find(active.begin(), active.end(), command.query);
    if (found == active.end())
      continue;
    endSegment(kind);
    active.erase(found);
    if (!active.empty())
      startSegment(kind);
  }
}

void CommandExecutor::execute(const WriteTimestampCommand& command) {
  const QueryKind kind = QueryKind::Timestamp;
  auto lease = std::make_shared<QueryLease>(*m_queryPools, kind, m_queryPools->allocate(m_commands, kind));
  m_device.functions().vkCmdWriteTimestamp(m_commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, lease->slot.pool, lease->slot.index);
  lease->lastUse = m_submission;
  command.query->segments().clear();
  command.query->segments().push_back(std::move(lease));
}

void CommandExecutor::pauseQueries() {
  for (uint32_t kind = 0; kind < kQueryKinds; ++kind)
    endSegment(kind);
}

void CommandExecutor::resumeQueries() {
  for (uint32_t kind = 0; kind < kQueryKinds; ++kind)
    if (!m_activeQueries[kind].empty())
      startSegment(kind);
}

}  // namespace vk
