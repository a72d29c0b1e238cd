// MemoryAllocator: memory type choice, block sub-allocation and dedicated allocations.
#include "vk/memory_allocator.h"

#include <algorithm>
#include <bit>

#include "util/log.h"
#include "vk/device.h"
#include "vk/result.h"

namespace vk {

MemoryAllocator::MemoryAllocator(const Device& device, const VkPhysicalDeviceMemoryProperties& properties)
    : m_device(device), m_properties(properties) {}

MemoryAllocator::~MemoryAllocator() {
  for (Block& block : m_blocks)
    if (block.memory)
      releaseMemory(block.memory, block.mapped);
  if (m_dedicatedCount)
    util::log::warn("vk::MemoryAllocator: ", m_dedicatedCount, " dedicated allocations outlived the allocator");
}

int MemoryAllocator::chooseMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                                      VkMemoryPropertyFlags preferred) const {
  // The first allowed type with every required and preferred property wins; else the first with
  // the required ones. Drivers list types in their order of preference within equal flags.
  int fallback = -1;
  for (uint32_t i = 0; i < m_properties.memoryTypeCount; i++) {
    if (!(typeBits & (1u << i)))
      continue;
    VkMemoryPropertyFlags flags = m_properties.memoryTypes[i].propertyFlags;
    if ((flags & required) != required)
      continue;
    if ((flags & preferred) == preferred)
      return int(i);
    if (fallback < 0)
      fallback = int(i);
  }
  return fallback;
}

VkDeviceSize MemoryAllocator::blockSizeFor(uint32_t type) const {
  VkDeviceSize heap = m_properties.memoryHeaps[m_properties.memoryTypes[type].heapIndex].size;
  return std::min(kBlockSize, std::max<VkDeviceSize>(heap / 8, VkDeviceSize(1) << 20));
}

VkDeviceMemory MemoryAllocator::allocateMemory(uint32_t type, VkDeviceSize size, void** mapped) {
  const DeviceFunctions& vk = m_device.functions();
  VkMemoryAllocateInfo info = makeStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  info.allocationSize = size;
  info.memoryTypeIndex = type;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  check(vk.vkAllocateMemory(m_device.handle(), &info, nullptr, &memory), "vkAllocateMemory");
  *mapped = nullptr;
  if (m_properties.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
    VkResult result = vk.vkMapMemory(m_device.handle(), memory, 0, VK_WHOLE_SIZE, 0, mapped);
    if (result < 0) {
      vk.vkFreeMemory(m_device.handle(), memory, nullptr);
      throw Error("vkMapMemory", result);
    }
  }
  return memory;
}

void MemoryAllocator::releaseMemory(VkDeviceMemory memory, void* mapped) {
  const DeviceFunctions& vk = m_device.functions();
  if (mapped)
    vk.vkUnmapMemory(m_device.handle(), memory);
  vk.vkFreeMemory(m_device.handle(), memory, nullptr);
}

Allocation MemoryAllocator::allocate(const VkMemoryRequirements& requirements, VkMemoryPropertyFlags required,
                                     VkMemoryPropertyFlags preferred, ResourceTiling tiling) {
  int chosen = chooseMemoryType(requirements.memoryTypeBits, required, preferred | required);
  if (chosen < 0)
    throw Error("vk::MemoryAllocator: no memory type has the required properties", VK_ERROR_OUT_OF_DEVICE_MEMORY);
  uint32_t type = uint32_t(chosen);
  VkDeviceSize alignment = std::max<VkDeviceSize>(requirements.alignment, 1);
  if (!std::has_single_bit(alignment))
    alignment = std::bit_ceil(alignment);
  VkDeviceSize blockSize = blockSizeFor(type);

  std::lock_guard lock(m_mutex);
  Allocation allocation;
  allocation.memoryType = type;
  allocation.size = requirements.size;

  // Half a block or more: a block of its own would be mostly this resource anyway, and freeing it
  // gives the memory straight back to the driver.
  if (requirements.size >= blockSize / 2) {
    allocation.memory = allocateMemory(type, requirements.size, &allocation.mapped);
    allocation.block = Allocation::kDedicated;
    m_dedicatedCount++;
    m_usedBytes += requirements.size;
    m_heapUsed[heapOf(type)] += requirements.size;
    m_heapDedicated[heapOf(type)] += requirements.size;
    return allocation;
  }

  auto place = [&](uint32_t index) {
    Block& block = m_blocks[index];
    std::optional<uint64_t> offset = block.ranges->allocate(requirements.size, alignment);
    if (!offset)
      return false;
    allocation.memory = block.memory;
    allocation.offset = *offset;
    allocation.mapped = block.mapped ? static_cast<char*>(block.mapped) + *offset : nullptr;
    allocation.block = index;
    m_usedBytes += requirements.size;
    m_heapUsed[heapOf(type)] += requirements.size;
    return true;
  };
  for (uint32_t i = 0; i < m_blocks.size(); i++)
    if (m_blocks[i].memory && m_blocks[i].memoryType == type && m_blocks[i].tiling == tiling && place(i))
      return allocation;

  // A new block, in a released slot when there is one so indices stay small.
  Block block;
  block.memory = allocateMemory(type, blockSize, &block.mapped);
  block.memoryType = type;
  block.tiling = tiling;
  block.ranges = std::make_unique<RangeAllocator>(blockSize);
  auto slot = std::find_if(m_blocks.begin(), m_blocks.end(), [](const Block& b) { return !b.memory; });
  uint32_t index;
  if (slot != m_blocks.end()) {
    *slot = std::move(block);
    index = uint32_t(slot - m_blocks.begin());
  } else {
    try {
      m_blocks.push_back(std::move(block));
    } catch (...) {
      releaseMemory(block.memory, block.mapped);
      throw;
    }
    index = uint32_t(m_blocks.size() - 1);
  }
  place(index);  // an empty block of at least twice the size always fits
  return allocation;
}

void MemoryAllocator::free(const Allocation& allocation) {
  if (!allocation.memory)
    return;
  std::lock_guard lock(m_mutex);
  m_usedBytes -= allocation.size;
  m_heapUsed[heapOf(allocation.memoryType)] -= allocation.size;
  if (allocation.block == Allocation::kDedicated) {
    m_heapDedicated[heapOf(allocation.memoryType)] -= allocation.size;
    releaseMemory(allocation.memory, allocation.mapped);
    m_dedicatedCount--;
    return;
  }
  Block& block = m_blocks[allocation.block];
  block.ranges->free(allocation.offset, allocation.size);
  // An empty block goes back to the driver unless it is the last of its type and tiling: one
  // spare block avoids allocate/free churn when a resource is recreated every frame.
  if (block.ranges->empty()) {
    bool another = std::any_of(m_blocks.begin(), m_blocks.end(), [&](const Block& other) {
      return &other != &block && other.memory && other.memoryType == block.memoryType && other.tiling == block.tiling;
    });
    if (another) {
      releaseMemory(block.memory, block.mapped);
      block = Block();
    }
  }
}

AllocatorStats MemoryAllocator::stats() const {
  std::lock_guard lock(m_mutex);
  AllocatorStats stats;
  for (const Block& block : m_blocks)
    if (block.memory) {
      stats.blocks++;
      stats.blockBytes += block.ranges->size();
    }
  stats.dedicated = m_dedicatedCount;
  stats.usedBytes = m_usedBytes;
  return stats;
}

std::vector<HeapStats> MemoryAllocator::heapStats() const {
  std::vector<HeapStats> heaps(m_properties.memoryHeapCount);
  std::lock_guard lock(m_mutex);
  for (uint32_t i = 0; i < heaps.size(); ++i) {
    heaps[i].heap = i;
    heaps[i].deviceLocal = (m_properties.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) != 0;
    heaps[i].size = m_properties.memoryHeaps[i].size;
    heaps[i].allocatedBytes = m_heapDedicated[i];
    heaps[i].usedBytes = m_heapUsed[i];
  }
  for (const Block& block : m_blocks)
    if (block.memory)
      heaps[heapOf(block.memoryType)].allocatedBytes += block.ranges->size();
  return heaps;
}

}  // namespace vk
