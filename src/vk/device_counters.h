// DeviceCounters: what the device has done so far (submissions, draws, pipelines, compiles), as
// relaxed atomics that the HUD samples once a frame. Writers add whole batches where they can
// (the worker once a chunk), so counting costs the draw path nothing measurable.
#pragma once

#include <atomic>
#include <cstdint>

namespace vk {

struct DeviceCounters {
  std::atomic<uint64_t> submissions{0};        // vkQueueSubmit2 calls of the command workers
  std::atomic<uint64_t> draws{0};              // draw commands executed (each D3D draw once)
  std::atomic<uint64_t> dispatches{0};
  std::atomic<uint64_t> chunks{0};             // command-stream chunks executed
  std::atomic<uint64_t> workerBusyNs{0};       // worker threads' time executing and submitting chunks
  std::atomic<uint64_t> graphicsPipelines{0};  // created (libraries' fast links included)
  std::atomic<uint64_t> computePipelines{0};
  std::atomic<int64_t> pipelinesCompiling{0};  // being created or optimized right now
  std::atomic<uint64_t> shadersCompiled{0};    // DXBC shaders translated
  std::atomic<int64_t> shadersCompiling{0};    // being translated right now

  static void add(std::atomic<uint64_t>& counter, uint64_t value) { counter.fetch_add(value, std::memory_order_relaxed); }
  static uint64_t read(const std::atomic<uint64_t>& counter) { return counter.load(std::memory_order_relaxed); }
};

// Counts one unit of work in progress (a compile) for as long as it lives.
class InProgress {
public:
  explicit InProgress(std::atomic<int64_t>& gauge) : m_gauge(gauge) { m_gauge.fetch_add(1, std::memory_order_relaxed); }
  ~InProgress() { m_gauge.fetch_sub(1, std::memory_order_relaxed); }
  InProgress(const InProgress&) = delete;
  InProgress& operator=(const InProgress&) = delete;

private:
  std::atomic<int64_t>& m_gauge;
};

}  // namespace vk
