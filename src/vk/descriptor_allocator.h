// DescriptorAllocator: descriptor sets from pools that are reset and reused once the GPU has
// finished the last submission that used them; the command stream's worker thread owns it.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;
class GpuTimeline;

class DescriptorAllocator {
public:
  // Sets per pool; every descriptor type gets room for kDescriptorsPerType descriptors of it.
  static constexpr uint32_t kSetsPerPool = 1024;
  static constexpr uint32_t kDescriptorsPerType = 4096;

  DescriptorAllocator(Device& device, GpuTimeline& timeline);
  // The owner guarantees the GPU is done with every set (the timeline drained).
  ~DescriptorAllocator();
  DescriptorAllocator(const DescriptorAllocator&) = delete;
  DescriptorAllocator& operator=(const DescriptorAllocator&) = delete;

  // A set of `layout` for commands of `submission` (the timeline value the chunk recording them
  // will signal). The set stays valid until that submission completes; it is never freed alone.
  // Throws vk::Error when Vulkan runs out of memory for a new pool.
  VkDescriptorSet allocate(VkDescriptorSetLayout layout, uint64_t submission);

  // For tests: pools created so far, and how many times a finished pool was reset for reuse.
  size_t poolCount() const { return m_pools.size(); }
  uint64_t poolResets() const { return m_resets; }

private:
  struct Pool {
    VkDescriptorPool pool = VK_NULL_HANDLE;
    uint64_t lastSubmission = 0;  // the latest submission with a set from this pool
    // Counted here because drivers need not fail an allocation past maxSets (lavapipe does not).
    uint32_t sets = 0;
  };

  VkDescriptorPool createPool();
  // Makes m_pools[index] the current pool: a finished pool reset, or a new one.
  void nextPool();

  Device& m_device;
  GpuTimeline& m_timeline;
  std::vector<Pool> m_pools;
  size_t m_current = 0;           // index into m_pools of the pool allocations come from
  std::deque<size_t> m_retired;   // full pools, oldest first, waiting for the GPU
  uint64_t m_resets = 0;
};

}  // namespace vk
