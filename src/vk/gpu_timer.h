// GpuTimer: how long the GPU spends on each command buffer the command workers submit, from a
// timestamp at its start and its end, read back when the submission completes. It exists only
// when something shows or logs GPU time (the HUD's gpuload item, the frame-time log),
// so other devices pay nothing.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

class GpuTimer {
public:
  // Throws vk::Error when the query pool cannot be made.
  explicit GpuTimer(Device& device);
  ~GpuTimer();
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  // ---- worker thread (one command buffer at a time per worker) ----
  // The start of a command buffer of submission `value`: resets a pair of queries and writes the
  // first timestamp. Returns the pair's slot, or kUntimed when every slot is still in flight.
  uint32_t begin(VkCommandBuffer commands);
  // The last command of the buffer begun with `slot`.
  void end(VkCommandBuffer commands, uint32_t slot);
  // The buffer with `slot` was submitted as part of timeline value `value`: its time is read
  // and credited once the value completes (or discarded when it never does).
  void submitted(uint32_t slot, uint64_t value);
  static constexpr uint32_t kUntimed = ~0u;

  // ---- any thread ----
  // GPU time credited so far, in nanoseconds.
  uint64_t busyNs() const { return m_busyNs.load(std::memory_order_relaxed); }
  // Called on the completion thread after each credit, with the completed value and busyNs()
  // including it; `partial` when some command buffer up to it could not be timed. Returns a
  // cookie for removeListener.
  using Listener = std::function<void(uint64_t value, uint64_t busyNs, bool partial)>;
  uint32_t addListener(Listener listener);
  void removeListener(uint32_t cookie);

private:
  void credit(uint32_t slot, uint64_t value);

  Device& m_device;
  VkQueryPool m_pool = VK_NULL_HANDLE;
  double m_nsPerTick = 1.0;
  uint64_t m_mask = ~0ull;
  static constexpr uint32_t kSlots = 256;  // pairs of queries; far more than frames in flight
  std::atomic<bool> m_inUse[kSlots]{};
  uint32_t m_next = 0;  // worker thread
  std::atomic<uint64_t> m_busyNs{0};
  std::atomic<bool> m_partial{false};
  std::mutex m_listenersMutex;
  std::vector<std::pair<uint32_t, Listener>> m_listeners;
  uint32_t m_nextCookie = 1;
};

}  // namespace vk
