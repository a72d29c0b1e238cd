// CommandStream: the application-thread end of a context's command stream. Commands are appended
// to the open chunk; a full chunk, Flush, or a wait hands it to the CommandWorker, and each chunk
// becomes one submission signalling the next GPU timeline value.
//
// A deferred context's stream is the same recorder without a worker: full chunks are kept, and
// finish() freezes them into RecordedCommands for a command list. Nothing is submitted, so such a
// stream has no timeline values (recordingValue() is 0) and must not be waited on.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "vk/command_chunk.h"
#include "vk/command_worker.h"
#include "vk/recorded_commands.h"

namespace vk {

class Device;
class GpuTimeline;
class QueryPools;

class CommandStream {
public:
  // Query slots come from `queryPools`, which must outlive the stream. Throws vk::Error.
  CommandStream(Device& device, QueryPools& queryPools);
  // A recording-only stream for a deferred context (no worker thread, no Vulkan calls).
  CommandStream();
  // Submits what is recorded and waits for the GPU to finish it (a recording-only stream just
  // drops what it holds).
  ~CommandStream();
  CommandStream(const CommandStream&) = delete;
  CommandStream& operator=(const CommandStream&) = delete;

  // A command of type T with `tailBytes` of entries after it, in the open chunk.
  template <typename T>
  T& record(size_t tailBytes = 0) {
    if (T* command = m_chunk->append<T>(tailBytes))
      return *command;
    flush();
    return *m_chunk->append<T>(tailBytes);  // an empty chunk takes any command up to its capacity
  }
  static constexpr size_t maxTailBytes() { return CommandChunk::maxCommandBytes() - 256; }

  // The timeline value the open chunk will signal: the last use of anything recorded now.
  // Any thread may read it (resources released elsewhere defer their destruction to it).
  uint64_t recordingValue() const { return m_worker ? m_value.load(std::memory_order_acquire) : 0; }
  bool recordsOnly() const { return !m_worker; }
  // Hands the open chunk to the worker (an empty one too: it still signals its value); a
  // recording-only stream keeps it and opens the next.
  void flush();
  // Recording-only streams: everything recorded since the last finish(), the open chunk included.
  std::shared_ptr<const RecordedCommands> finish();
  // Blocks until the submission with `value` has completed, flushing first if it is still open.
  void wait(uint64_t value);
  void waitIdle() { wait(recordingValue()); }
  // Whether `value` has completed; flushes the open chunk when it is the one asked about and
  // `flushIfOpen`, so that polling makes progress.
  bool isComplete(uint64_t value, bool flushIfOpen);
  uint64_t submittedChunks() const { return m_value - 1; }

private:
  std::unique_ptr<CommandChunk> newChunk();

  GpuTimeline* m_timeline = nullptr;          // null for a recording-only stream
  std::unique_ptr<CommandWorker> m_worker;    // null for a recording-only stream
  std::unique_ptr<CommandChunk> m_chunk;
  std::vector<std::unique_ptr<CommandChunk>> m_recorded;  // recording-only: full chunks
  std::atomic<uint64_t> m_value{1};
};

}  // namespace vk
