// GpuTimeline: the timeline semaphore, its completion thread and the deferred actions.
#include "vk/gpu_timeline.h"

#include <vector>

#include "util/log.h"
#include "vk/device.h"
#include "vk/result.h"

namespace vk {

GpuTimeline::GpuTimeline(Device& device) : m_device(device) {
  VkSemaphoreTypeCreateInfo type = makeStruct<VkSemaphoreTypeCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  type.initialValue = 0;
  VkSemaphoreCreateInfo info = makeStruct<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
  info.pNext = &type;
  check(device.functions().vkCreateSemaphore(device.handle(), &info, nullptr, &m_semaphore), "vkCreateSemaphore");
  m_thread = std::thread([this] { completionLoop(); });
}

GpuTimeline::~GpuTimeline() {
  {
    std::lock_guard lock(m_mutex);
    m_stopping = true;
  }
  m_changed.notify_all();
  m_thread.join();
  util::log::debug("GPU timeline: completion thread joined");
  runDeferred(UINT64_MAX);  // the loop waited for everything submitted; nothing is in use now
  m_device.functions().vkDestroySemaphore(m_device.handle(), m_semaphore, nullptr);
}

void GpuTimeline::submitted(uint64_t value) {
  {
    std::lock_guard lock(m_mutex);
    m_submitted = value;
  }
  m_changed.notify_all();
}

void GpuTimeline::lost(uint64_t value, const std::string& call, VkResult result) {
  markLost(&value, call, result);
}

void GpuTimeline::noteLost(const std::string& call, VkResult result) {
  markLost(nullptr, call, result);
}

void GpuTimeline::markLost(const uint64_t* value, const std::string& call, VkResult result) {
  std::vector<std::function<void()>> callbacks;
  bool first;
  {
    // The lost flag and the submitted value change together: the completion thread must never
    // see a value as submitted that it would then wait for on the semaphore.
    std::lock_guard lock(m_mutex);
    if (value && *value > m_submitted)
      m_submitted = *value;
    first = !m_lost.load(std::memory_order_relaxed);
    if (first) {
      m_lostResult = result;
      m_lost.store(true, std::memory_order_release);
      for (const auto& entry : m_lossCallbacks)
        callbacks.push_back(entry.second);
    }
  }
  m_changed.notify_all();
  if (!first)
    return;
  util::log::error("the Vulkan device is lost: ", call, " returned ", resultName(result),
                   "; nothing more is submitted and D3D11 reports the device removed");
  // Outside the lock: an application thread woken by its event may call straight back in.
  for (const auto& callback : callbacks)
    callback();
}

VkResult GpuTimeline::lostResult() const {
  std::lock_guard lock(m_mutex);
  return m_lostResult;
}

uint32_t GpuTimeline::addLossCallback(std::function<void()> callback) {
  uint32_t cookie;
  {
    std::lock_guard lock(m_mutex);
    cookie = m_nextLossCookie++;
    if (m_nextLossCookie == 0)
      m_nextLossCookie = 1;
    if (!m_lost.load(std::memory_order_relaxed)) {
      m_lossCallbacks.emplace(cookie, std::move(callback));
      callback = nullptr;
    }
  }
  if (callback)
    callback();  // lost already: the callback's one run is now
  return cookie;
}

bool GpuTimeline::removeLossCallback(uint32_t cookie) {
  std::lock_guard lock(m_mutex);
  return m_lossCallbacks.erase(cookie) != 0;
}

void GpuTimeline::wait(uint64_t value) {
  if (isComplete(value))
    return;
  std::unique_lock lock(m_mutex);
  m_changed.wait(lock, [&] { return isComplete(value) || m_lost.load(std::memory_order_acquire) || m_stopping; });
}

void GpuTimeline::deferUntil(uint64_t value, std::function<void()> action) {
  if (isComplete(value) || m_lost.load(std::memory_order_acquire)) {
    action();
    return;
  }
  std::lock_guard lock(m_deferredMutex);
  // Values arrive almost always in order; keep the queue sorted so completion pops from the front.
  auto at = m_deferred.end();
  while (at != m_deferred.begin() && std::prev(at)->first > value)
    --at;
  m_deferred.emplace(at, value, std::move(action));
}

void GpuTimeline::drain(uint64_t value) {
  wait(value);
  runDeferred(value);
}

void GpuTimeline::runDeferred(uint64_t upTo) {
  std::lock_guard running(m_runMutex);
  for (;;) {
    std::function<void()> action;
    {
      std::lock_guard lock(m_deferredMutex);
      if (m_deferred.empty() || m_deferred.front().first > upTo)
        return;
      action = std::move(m_deferred.front().second);
      m_deferred.pop_front();
    }
    action();
  }
}

void GpuTimeline::completionLoop() {
  const DeviceFunctions& vk = m_device.functions();
  uint64_t next = 1;
  for (;;) {
    uint64_t target;
    {
      std::unique_lock lock(m_mutex);
      m_changed.wait(lock, [&] { return m_submitted >= next || m_stopping; });
      if (m_submitted < next)
        return;  // stopping with nothing left in flight
      target = m_submitted;
    }
    uint64_t done = target;
    if (!m_lost.load(std::memory_order_acquire)) {
      VkSemaphoreWaitInfo info = makeStruct<VkSemaphoreWaitInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO);
      info.semaphoreCount = 1;
      info.pSemaphores = &m_semaphore;
      info.pValues = &target;
      VkResult result = vk.vkWaitSemaphores(m_device.handle(), &info, UINT64_MAX);
      if (result < 0) {
        noteLost("vkWaitSemaphores", result);
      } else if (vk.vkGetSemaphoreCounterValue(m_device.handle(), m_semaphore, &done) < 0) {
        done = target;
      }
    }
    {
      std::lock_guard lock(m_mutex);
      m_completed.store(done, std::memory_order_release);
    }
    m_changed.notify_all();
    runDeferred(done);
    next = done + 1;
  }
}

}  // namespace vk
