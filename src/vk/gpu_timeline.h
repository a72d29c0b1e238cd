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
#include <map>
#include <mutex>
#include <string>
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
  // The submitter could not submit `value` (device lost, or another failure the device cannot
  // recover from): waits on it and on later values return. `call` names the Vulkan call that failed.
  void lost(uint64_t value, const std::string& call, VkResult result);
  // A Vulkan call outside the submission of a value failed with `result` (vkQueuePresentKHR,
  // vkWaitSemaphores, a fence wait): the device is lost from now on. The first report of a loss
  // logs one error line naming the call and sets the registered loss events; later ones do nothing.
  void noteLost(const std::string& call, VkResult result);

  uint64_t completed() const { return m_completed.load(std::memory_order_acquire); }
  bool isComplete(uint64_t value) const { return completed() >= value; }
  bool isLost() const { return m_lost.load(std::memory_order_acquire); }
  // The result of the failed call that lost the device (VK_SUCCESS while it is not lost).
  VkResult lostResult() const;
  // Runs `callback` once when the device is lost, on the thread that notices the loss (at once,
  // on this thread, when it already is). Returns a cookie for removeLossCallback (never 0).
  // Callbacks run outside the timeline's locks and may call back into it.
  uint32_t addLossCallback(std::function<void()> callback);
  // Forgets the callback of `cookie`; false when there is none.
  bool removeLossCallback(uint32_t cookie);
  // Blocks until `value` has been submitted and the GPU has finished it (or the device is lost).
  void wait(uint64_t value);
  // Runs `action` on the completion thread once `value` is complete (at once if it already is).
  void deferUntil(uint64_t value, std::function<void()> action);
  // Waits for `value`, then returns only once every action deferred until it has finished
  // running (the completion thread may be running them right now).
  void drain(uint64_t value);

private:
  void markLost(const uint64_t* value, const std::string& call, VkResult result);
  void completionLoop();
  void runDeferred(uint64_t upTo);

  Device& m_device;
  VkSemaphore m_semaphore = VK_NULL_HANDLE;
  mutable std::mutex m_mutex;
  std::condition_variable m_changed;
  uint64_t m_submitted = 0;
  std::atomic<uint64_t> m_completed{0};
  std::atomic<bool> m_lost{false};
  VkResult m_lostResult = VK_SUCCESS;         // under m_mutex
  std::map<uint32_t, std::function<void()>> m_lossCallbacks;  // by cookie, under m_mutex
  uint32_t m_nextLossCookie = 1;
  bool m_stopping = false;
  std::deque<std::pair<uint64_t, std::function<void()>>> m_deferred;  // ordered by value
  std::mutex m_deferredMutex;
  std::mutex m_runMutex;  // held while deferred actions run
  std::thread m_thread;
};

}  // namespace vk
