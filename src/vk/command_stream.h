// CommandStream: the application-thread end of a context's command stream. Commands are appended
// to the open chunk; a full chunk, Flush, or a wait hands it to the CommandWorker, and each chunk
// becomes one submission signalling the next GPU timeline value.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "vk/command_chunk.h"
#include "vk/command_worker.h"

namespace vk {

class Device;
class GpuTimeline;
class QueryPools;

class CommandStream {
public:
  // Query slots come from `queryPools`, which must outlive the stream. Throws vk::Error.
  CommandStream(Device& device, QueryPools& queryPools);
  // Submits what is recorded and waits for the GPU to finish it.
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
  uint64_t recordingValue() const { return m_value.load(std::memory_order_acquire); }
  // Hands the open chunk to the worker (an empty one too: it still signals its value).
  void flush();
  // Blocks until the submission with `value` has completed, flushing first if it is still open.
  void wait(uint64_t value);
  void waitIdle() { wait(recordingValue()); }
  // Whether `value` has completed; flushes the open chunk when it is the one asked about and
  // `flushIfOpen`, so that polling makes progress.
  bool isComplete(uint64_t value, bool flushIfOpen);
  uint64_t submittedChunks() const { return m_value - 1; }

private:
  Device& m_device;
  GpuTimeline& m_timeline;
  CommandWorker m_worker;
  std::unique_ptr<CommandChunk> m_chunk;
  std::atomic<uint64_t> m_value{1};
};

}  // namespace vk
