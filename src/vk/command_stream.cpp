// CommandStream: chunk hand-off and waiting on timeline values.
#include "vk/command_stream.h"

#include "vk/device.h"
#include "vk/gpu_timeline.h"

namespace vk {

CommandStream::CommandStream(Device& device, QueryPools& queryPools)
    : m_timeline(&device.timeline()), m_worker(std::make_unique<CommandWorker>(device, queryPools)), m_chunk(newChunk()) {}

CommandStream::CommandStream() : m_chunk(newChunk()) {}

CommandStream::~CommandStream() {
  if (!m_worker)
    return;
  // Always submitted, even empty: destruction deferred until the open value must run.
  flush();
  m_timeline->wait(m_value - 1);
}

std::unique_ptr<CommandChunk> CommandStream::newChunk() {
  return m_worker ? m_worker->takeChunk() : std::make_unique<CommandChunk>();
}

void CommandStream::flush() {
  if (!m_worker) {
    if (!m_chunk->empty()) {
      m_recorded.push_back(std::move(m_chunk));
      m_chunk = newChunk();
    }
    return;
  }
  m_worker->submit(std::move(m_chunk), m_value.load(std::memory_order_relaxed));
  m_value.fetch_add(1, std::memory_order_release);
  m_chunk = newChunk();
}

std::shared_ptr<const RecordedCommands> CommandStream::finish() {
  flush();
  auto recorded = std::make_shared<RecordedCommands>();
  recorded->chunks = std::move(m_recorded);
  m_recorded.clear();
  return recorded;
}

void CommandStream::wait(uint64_t value) {
  if (value >= m_value)
    flush();
  m_timeline->wait(value);
}

bool CommandStream::isComplete(uint64_t value, bool flushIfOpen) {
  if (m_timeline->isComplete(value) || m_timeline->isLost())
    return true;
  if (value >= m_value && flushIfOpen)
    flush();
  return false;
}

}  // namespace vk
