// CommandExecutor: the worker's interpreter of the command stream. It turns each typed command of
// a chunk into Vulkan commands in the current command buffer, with barriers from the
// BarrierTracker and the worker-side state that spans commands (active queries).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "vk/barrier_tracker.h"
#include "vk/command_chunk.h"

namespace vk {

class Device;
class QueryPools;
class QueryRecord;
struct QueryLease;

class CommandExecutor {
public:
  CommandExecutor(Device& device, QueryPools& queryPools);

  // Starts recording into a fresh command buffer that will signal `submission`.
  void begin(VkCommandBuffer commands, uint64_t submission);
  void execute(const CommandChunk& chunk);
  // Closes the command buffer's work: pauses active queries, makes writes visible to the host.
  void end();

  uint64_t barrierCount() const { return m_barriers.barrierCount(); }

private:
  void execute(const CopyBufferCommand& command);
  void execute(const CopyImageCommand& command);
  void execute(const CopyBufferToImageCommand& command);
  void execute(const CopyImageToBufferCommand& command);
  void execute(const FillBufferCommand& command);
  void execute(const ClearImageViewCommand& command);
  void execute(const ClearColorImageCommand& command);
  void execute(const ResolveImageCommand& command);
  void execute(const GenerateMipsCommand& command);
  void execute(const BeginQueryCommand& command);
  void execute(const EndQueryCommand& command);
  void execute(const WriteTimestampCommand& command);

  Device& m_device;
  VkCommandBuffer m_commands = VK_NULL_HANDLE;
  uint64_t m_submission = 0;
  BarrierTracker m_barriers;
  // Queries: per kind, the records measuring now and the segment they share (Vulkan allows one
  // active query of a type per command buffer; see executor_query.cpp).
  void startSegment(uint32_t kind);
  void endSegment(uint32_t kind);
  std::vector<QueryRecord*> m_activeQueries[4];
  std::shared_ptr<QueryLease> m_currentSegment[4];
  QueryPools* m_queryPools;
};

}  // namespace vk
