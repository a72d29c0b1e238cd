// CommandStream: chunk hand-off and waiting on timeline values.
#include "vk/command_stream.h"

#include "vk/device.h"
#include "vk/gpu_timeline.h"

namespace vk {

CommandStream::CommandStream(Device& device, QueryPools& queryPools)
    : m_device(device), m_timeline(device.timeline()), m_worker(device, queryPools), m_chunk(m_worker.takeChunk()) {}

CommandStream::~CommandStream() {
  // Always submitted, even empty: destruction deferred until the open value must run.
  flush();
  m_timeline.wait(m_value - 1);
}

void CommandStream::flush() {
  m_worker.submit(std::move(m_chunk), m_value.load(std::memory_order_relaxed));
  m_value.fetch_add(1, std::memory_order_release);
  m_chunk = m_worker.takeChunk();
}

void CommandStream::wait(uint64_t value) {
  if (value >= m_value)
    flush();
  m_timeline.wait(value);
}

bool CommandStream::isComplete(uint64_t value, bool flushIfOpen) {
  if (m_timeline.isComplete(value) || m_timeline.isLost())
    return true;
  if (value >= m_value && flushIfOpen)
    flush();
  return false;
}

}  // namespace vk
