// CommandWorker: the thread that owns the Vulkan command buffers of one context. It takes chunks
// in order, executes each into a command buffer and submits it signalling the chunk's timeline
// value, so the application thread never waits for Vulkan recording or submission.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "vk/command_chunk.h"
#include "vk/command_executor.h"

namespace vk {

class Device;
class QueryPools;

class CommandWorker {
public:
  CommandWorker(Device& device, QueryPools& queryPools);  // throws vk::Error
  // Executes and submits what is queued, then stops.
  ~CommandWorker();
  CommandWorker(const CommandWorker&) = delete;
  CommandWorker& operator=(const CommandWorker&) = delete;

  // Queues a chunk that will signal timeline value `value` (values strictly increase).
  void submit(std::unique_ptr<CommandChunk> chunk, uint64_t value);
  // An empty chunk, reused when the worker has one.
  std::unique_ptr<CommandChunk> takeChunk();
  uint64_t executedCommands() const { return m_executedCommands; }

private:
  struct Pending {
    std::unique_ptr<CommandChunk> chunk;
    uint64_t value;
  };
  struct CommandBuffer {
    VkCommandBuffer handle;
    uint64_t value;  // the submission it last belonged to
  };

  void run();
  void process(Pending& pending);
  VkCommandBuffer acquireCommandBuffer(uint64_t value);
  VkCommandBuffer beginCommandBuffer(uint64_t value);
  // Ends m_recording (with its closing timestamp when GPU time is measured).
  void endCommandBuffer();
  // m_recording was submitted: counted, and its GPU time read once its value completes.
  void noteSubmitted();
  // The executor's way to read a predicate on the CPU: submits the command buffer being recorded
  // without signalling the timeline, waits for it and begins a new one for the same chunk.
  VkCommandBuffer submitPart();
  // The executor's way to change tile mappings in order: submits the command buffer being
  // recorded (after `waitFirst` when not null), binds after it on the queue, and begins a new one
  // for the same chunk; later submissions wait for the binds (m_bindSemaphore). No CPU wait.
  VkCommandBuffer submitPartAndBind(const SparseBinds& binds, VkSemaphore waitFirst);
  // The waits every submission takes: the last binds, so nothing submitted after them can run
  // before them (sparse binds are not ordered with other queue work). 0 or 1 entries.
  uint32_t bindWait(VkSemaphoreSubmitInfo* wait) const;

  Device& m_device;
  CommandExecutor m_executor;
  VkCommandPool m_pool = VK_NULL_HANDLE;
  std::deque<CommandBuffer> m_commandBuffers;  // oldest submission first
  VkCommandBuffer m_recording = VK_NULL_HANDLE;  // the command buffer of the chunk being executed
  uint64_t m_recordingValue = 0;
  uint32_t m_timerSlot = ~0u;  // m_recording's GpuTimer slot
  VkFence m_partFence = VK_NULL_HANDLE;  // submitPart's, made on first use
  VkSemaphore m_bindSemaphore = VK_NULL_HANDLE;  // a timeline of parts and binds, made on first use
  uint64_t m_bindValue = 0;                      // its last signalled value (a bind's, once one ran)

  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<Pending> m_queue;
  // Executed chunks kept for the recording thread to fill again. When the application records
  // faster than the worker executes (a few thousand draws ahead), every chunk it takes beyond
  // these is a new 64 KiB allocation whose pages fault in as it is written: with 8 kept, pattern
  // (c) of bench/draw_bench (~256 bytes a draw, 40 chunks a run) paid it on most chunks: under
  // Wine its application-thread median went from 81-92 to 62-63 ns a draw with 64 kept (five
  // runs each). 64 (4 MiB at most) covers a run of 16,000 such draws.
  static constexpr size_t kKeptFreeChunks = 64;
  std::vector<std::unique_ptr<CommandChunk>> m_freeChunks;
  bool m_stopping = false;
  uint64_t m_executedCommands = 0;
  std::thread m_thread;
};

}  // namespace vk
