// GpuTimer: timestamp pairs per command buffer, read on the timeline's completion thread.
#include "vk/gpu_timer.h"

#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/result.h"

namespace vk {

GpuTimer::GpuTimer(Device& device) : m_device(device) {
  VkQueryPoolCreateInfo info = makeStruct<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = 2 * kSlots;
  check(device.functions().vkCreateQueryPool(device.handle(), &info, nullptr, &m_pool), "vkCreateQueryPool");
  m_nsPerTick = double(device.properties().limits.timestampPeriod);
  const uint32_t bits = device.timestampValidBits();
  m_mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
}

GpuTimer::~GpuTimer() {
  m_device.functions().vkDestroyQueryPool(m_device.handle(), m_pool, nullptr);
}

uint32_t GpuTimer::begin(VkCommandBuffer commands) {
  // Slots are taken round robin; one still waiting for its read is skipped, not waited for.
  for (uint32_t tries = 0; tries < kSlots; ++tries) {
    const uint32_t slot = m_next;
    m_next = (m_next + 1) % kSlots;
    bool expected = false;
    if (!m_inUse[slot].compare_exchange_strong(expected, true, std::memory_order_acquire))
      continue;
    const DeviceFunctions& vk = m_device.functions();
    vk.vkCmdResetQueryPool(commands, m_pool, 2 * slot, 2);
    vk.vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, m_pool, 2 * slot);
    return slot;
  }
  m_partial.store(true, std::memory_order_relaxed);
  return kUntimed;
}

void GpuTimer::end(VkCommandBuffer commands, uint32_t slot) {
  if (slot == kUntimed)
    return;
  m_device.functions().vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, m_pool, 2 * slot + 1);
}

void GpuTimer::submitted(uint32_t slot, uint64_t value) {
  m_device.timeline().deferUntil(value, [this, slot, value] { credit(slot, value); });
}

void GpuTimer::credit(uint32_t slot, uint64_t value) {
  if (slot != kUntimed) {
    uint64_t stamps[2] = {0, 0};
    // The submission is complete, so the results are available without waiting; a lost device
    // completes values without running them, and then nothing is credited.
    VkResult result = m_device.timeline().isLost()
                          ? VK_NOT_READY
                          : m_device.functions().vkGetQueryPoolResults(m_device.handle(), m_pool, 2 * slot, 2, sizeof(stamps),
                                                                       stamps, sizeof(uint64_t), VK_QUERY_RESULT_64_BIT);
    if (result == VK_SUCCESS) {
      const uint64_t ticks = ((stamps[1] & m_mask) - (stamps[0] & m_mask)) & m_mask;
      m_busyNs.fetch_add(uint64_t(double(ticks) * m_nsPerTick), std::memory_order_relaxed);
    } else {
      m_partial.store(true, std::memory_order_relaxed);
    }
    m_inUse[slot].store(false, std::memory_order_release);
  }
  const bool partial = m_partial.exchange(false, std::memory_order_relaxed);
  const uint64_t busy = busyNs();
  std::lock_guard lock(m_listenersMutex);
  for (auto& [cookie, listener] : m_listeners)
    listener(value, busy, partial);
}

uint32_t GpuTimer::addListener(Listener listener) {
  std::lock_guard lock(m_listenersMutex);
  const uint32_t cookie = m_nextCookie++;
  m_listeners.emplace_back(cookie, std::move(listener));
  return cookie;
}

void GpuTimer::removeListener(uint32_t cookie) {
  std::lock_guard lock(m_listenersMutex);
  std::erase_if(m_listeners, [cookie](const auto& entry) { return entry.first == cookie; });
}

}  // namespace vk
