// GpuTimeline: the device's submission counter on a timeline semaphore. Every submission of the
// command stream signals the next value; a completion thread waits for each value in turn,
// publishes the completed value and runs what was deferred until then (destruction of objects
// the GPU may still use, recycling of staging memory).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

class GpuTimeline {
public:
  explicit GpuTimeline(Device& device);  // throws vk::Error
  // Waits for everything submitted, runs every deferred action, stops the completion thread.
  ~GpuTimeline();
  GpuTimeline(const GpuTimeline&) = delete;
  GpuTimeline& operator=(const GpuTimeline&) = delete;

  VkSemaphore semaphore() const { return m_semaphore; }

  // Called by the submitter after a vkQueueSubmit that signals `value` (values strictly increase).
  void submitted(uint64_t value);
  // The submitter could not submit `value` (device lost): waits on it and on later values return.
  void lost(uint64_t value);

  uint64_t completed() const { return m_completed.load(std::memory_order_acquire); }
  bool isComplete(uint64_t value) const { return completed() >= value; }
  bool isLost() const { return m_lost.load(std::memory_order_acquire); }
  // Blocks until `value` has been submitted and the GPU has finished it (or the device is lost).
  void wait(uint64_t value);
  // Runs `action` on the completion thread once `value` is complete (at once if it already is).
  void deferUntil(uint64_t value, std::function<void()> action);
  // Waits for `value`, then returns only once every action deferred until it has finished
  // running (the completion thread may be running them right now).
  void drain(uint64_t value);

private:
  void completionLoop();
  void runDeferred(uint64_t upTo);

  Device& m_device;
  VkSemaphore m_semaphore = VK_NULL_HANDLE;
  std::mutex m_mutex;
  std::condition_variable m_changed;
  uint64_t m_submitted = 0;
  std::atomic<uint64_t> m_completed{0};
  std::atomic<bool> m_lost{false};
  bool m_stopping = false;
  std::deque<std::pair<uint64_t, std::function<void()>>> m_deferred;  // ordered by value
  std::mutex m_deferredMutex;
  std::mutex m_runMutex;  // held while deferred actions run
  std::thread m_thread;
};

}  // namespace vk
