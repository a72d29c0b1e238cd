// BarrierTracker: hazard detection over the resources declared since the last barrier.
#include "vk/barrier_tracker.h"

#include "vk/functions.h"

namespace vk {

bool BarrierTracker::conflicts(const ResourceAccess* accesses, size_t count) const {
  for (size_t i = 0; i < count; ++i) {
    auto found = m_since.find(accesses[i].resource);
    if (found == m_since.end())
      continue;
    const bool earlierWrite = found->second & uint8_t(Access::Write);
    if (earlierWrite || accesses[i].access == Access::Write)
      return true;
  }
  return false;
}

void BarrierTracker::note(const ResourceAccess* accesses, size_t count) {
  for (size_t i = 0; i < count; ++i)
    m_since[accesses[i].resource] |= uint8_t(accesses[i].access);
}

bool BarrierTracker::prepare(const DeviceFunctions& vk, VkCommandBuffer commands, const ResourceAccess* accesses, size_t count) {
  const bool hazard = conflicts(accesses, count);
  if (hazard) {
    fullBarrier(vk, commands, false);
    m_since.clear();
  }
  note(accesses, count);
  return hazard;
}

void BarrierTracker::fullBarrier(const DeviceFunctions& vk, VkCommandBuffer commands, bool toHost) {
  VkMemoryBarrier2 memory = makeStruct<VkMemoryBarrier2>(VK_STRUCTURE_TYPE_MEMORY_BARRIER_2);
  memory.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  memory.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  memory.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  memory.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  if (toHost) {
    memory.dstStageMask |= VK_PIPELINE_STAGE_2_HOST_BIT;
    memory.dstAccessMask |= VK_ACCESS_2_HOST_READ_BIT;
  }
  VkDependencyInfo dependency = makeStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
  dependency.memoryBarrierCount = 1;
  dependency.pMemoryBarriers = &memory;
  vk.vkCmdPipelineBarrier2(commands, &dependency);
  m_barriers++;
}

}  // namespace vk
