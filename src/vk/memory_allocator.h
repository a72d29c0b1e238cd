// MemoryAllocator: device memory for buffers and images. Small requests are sub-allocated from
// large blocks per memory type (with alignment and free-list reuse); large ones get a dedicated
// VkDeviceMemory. Host-visible blocks stay mapped for their whole life.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "vk/range_allocator.h"
#include "vk/vulkan_api.h"

namespace vk {

class Device;

struct Allocation {
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize size = 0;
  void* mapped = nullptr;        // host address of `offset`, or null for device-only memory
  uint32_t memoryType = 0;
  uint32_t block = kDedicated;   // index into the allocator's blocks, or kDedicated
  static constexpr uint32_t kDedicated = ~0u;
};

// Linear (buffers) and optimal-tiling (images) resources never share a block, so
// bufferImageGranularity never applies between neighbours.
enum class ResourceTiling { Linear, Optimal };

struct AllocatorStats {
  uint32_t blocks = 0;             // sub-allocated VkDeviceMemory blocks alive
  uint32_t dedicated = 0;          // dedicated allocations alive
  VkDeviceSize blockBytes = 0;     // bytes of all blocks
  VkDeviceSize usedBytes = 0;      // bytes handed out (blocks and dedicated)
};

// One memory heap's share, for the HUD: memory taken from the driver and what resources use of it.
struct HeapStats {
  uint32_t heap = 0;
  bool deviceLocal = false;
  VkDeviceSize size = 0;            // the heap's size
  VkDeviceSize allocatedBytes = 0;  // blocks and dedicated allocations in the heap
  VkDeviceSize usedBytes = 0;       // handed out to resources
};

class MemoryAllocator {
public:
  // Blocks are this large unless the heap is small (then an eighth of the heap).
  static constexpr VkDeviceSize kBlockSize = VkDeviceSize(64) << 20;

  MemoryAllocator(const Device& device, const VkPhysicalDeviceMemoryProperties& properties);
  ~MemoryAllocator();
  MemoryAllocator(const MemoryAllocator&) = delete;
  MemoryAllocator& operator=(const MemoryAllocator&) = delete;

  // Memory for `requirements` in a type that has every `required` property, preferring one that
  // also has `preferred`. Throws vk::Error (VK_ERROR_OUT_OF_DEVICE_MEMORY when no type fits).
  Allocation allocate(const VkMemoryRequirements& requirements, VkMemoryPropertyFlags required,
                      VkMemoryPropertyFlags preferred, ResourceTiling tiling);
  void free(const Allocation& allocation);

  // The memory type chosen for these bits and properties, or -1: exposed for tests and logs.
  int chooseMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) const;
  AllocatorStats stats() const;
  // Every heap of the device, in heap order.
  std::vector<HeapStats> heapStats() const;
  VkMemoryPropertyFlags typeFlags(uint32_t type) const { return m_properties.memoryTypes[type].propertyFlags; }

private:
  struct Block {
    VkDeviceMemory memory = VK_NULL_HANDLE;  // null once the block is released
    void* mapped = nullptr;
    uint32_t memoryType = 0;
    ResourceTiling tiling = ResourceTiling::Linear;
    std::unique_ptr<RangeAllocator> ranges;
  };

  VkDeviceMemory allocateMemory(uint32_t type, VkDeviceSize size, void** mapped);
  void releaseMemory(VkDeviceMemory memory, void* mapped);
  VkDeviceSize blockSizeFor(uint32_t type) const;
  uint32_t heapOf(uint32_t type) const { return m_properties.memoryTypes[type].heapIndex; }

  const Device& m_device;
  VkPhysicalDeviceMemoryProperties m_properties;
  mutable std::mutex m_mutex;
  std::vector<Block> m_blocks;
  uint32_t m_dedicatedCount = 0;
  VkDeviceSize m_usedBytes = 0;
  VkDeviceSize m_heapUsed[VK_MAX_MEMORY_HEAPS] = {};       // by heap
  VkDeviceSize m_heapDedicated[VK_MAX_MEMORY_HEAPS] = {};  // dedicated allocations' bytes, by heap
};

}  // namespace vk
