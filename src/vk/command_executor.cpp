// CommandExecutor: dispatch by command type and the per-command-buffer lifecycle. The commands
// themselves are in executor_transfer.cpp, executor_clear.cpp and executor_query.cpp.
#include "vk/command_executor.h"

#include <algorithm>

#include "util/config.h"
#include "vk/device.h"
#include "vk/query_pools.h"
#include "vk/recorded_commands.h"

namespace vk {

CommandExecutor::CommandExecutor(Device& device, QueryPools& queryPools)
    : m_device(device), m_queryPools(&queryPools), m_pipelines(device), m_descriptors(device, device.timeline()),
      m_meta(device), m_multiDrawLimit(multiDrawLimit(util::config::options().batchDraws)) {}

void CommandExecutor::begin(VkCommandBuffer commands, uint64_t submission) {
  m_commands = commands;
  m_submission = submission;
  m_barriers.reset();
  for (uint32_t kind = 0; kind < kQueryKinds; ++kind)
    if (!m_activeQueries[kind].empty())
      startSegment(kind);  // queries active across the submission boundary continue here
  reapplyState();
}

void CommandExecutor::execute(const CommandChunk& chunk) {
  chunk.forEach([this](const CommandHeader& header, const void* body) {
    // A draw continuing the open run needs nothing else: same state, same predicate, same pass.
    if (m_batch.count && joinBatch(header, body))
      return;
    flushDrawBatch();
    endPredicated();  // a predicated draw or dispatch covers itself only
    // Transfers, clears, queries and dispatches happen outside rendering passes (their phase in
    // command_list.h).
    if (m_rendering && endsRendering(header.type))
      endRendering();
    switch (header.type) {
#define D3D11VK_DISPATCH(Name, Phase, Predication) \
  case CommandType::Name: execute(*static_cast<const Name##Command*>(body)); break;
      D3D11VK_COMMANDS(D3D11VK_DISPATCH)
#undef D3D11VK_DISPATCH
      case CommandType::Count: break;
    }
  });
}

void CommandExecutor::execute(const ExecuteRecordedCommand& command) {
  // A deferred context starts from the default state and records everything it relies on before
  // its first draw (its dirty flags start set), and the context executing the list records its
  // own state again afterwards; so the list's commands run here as if they were this chunk's.
  for (const auto& chunk : command.commands->chunks)
    execute(*chunk);
}

void CommandExecutor::end() {
  flushDrawBatch();
  endPredicated();
  endRendering();
  for (uint32_t kind = 0; kind < kQueryKinds; ++kind)
    endSegment(kind);
  m_barriers.fullBarrier(m_device.functions(), m_commands, true);
  m_commands = VK_NULL_HANDLE;
}

}  // namespace vk
