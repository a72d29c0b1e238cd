// DiscardableBuffer: the memory of a D3D11 dynamic buffer. Map(WRITE_DISCARD) renames it: the
// application gets a fresh slice at once while commands already recorded keep reading the old
// one, which returns to the free list when their submission completes. Slices are carved from
// host-visible slabs, so a discard never allocates from Vulkan once the working set is warm.
// Used by one thread at a time (the context that maps it).
#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "vk/buffer.h"
#include "vk/buffer_slice.h"

namespace vk {

class Device;

class DiscardableBuffer {
public:
  // Throws vk::Error.
  DiscardableBuffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage);
  ~DiscardableBuffer();
  DiscardableBuffer(const DiscardableBuffer&) = delete;
  DiscardableBuffer& operator=(const DiscardableBuffer&) = delete;

  const BufferSlice& current() const { return m_current; }
  // Retires the current slice after submission `lastUse` and makes a free one current.
  // Throws vk::Error when a new slab cannot be allocated (the current slice is kept then).
  const BufferSlice& discard(uint64_t lastUse);
  // Called with the submission value after which no recorded command names the buffer any more.
  void setLastUse(uint64_t lastUse) { m_lastUse = lastUse; }
  size_t slabCount() const { return m_slabs.size(); }

private:
  void addSlab();

  Device& m_device;
  VkDeviceSize m_size;
  VkDeviceSize m_stride;          // slice size rounded to the strictest offset alignment
  VkBufferUsageFlags m_usage;
  std::vector<std::unique_ptr<Buffer>> m_slabs;
  std::vector<BufferSlice> m_free;
  std::deque<std::pair<uint64_t, BufferSlice>> m_retired;  // oldest first
  BufferSlice m_current;
  uint64_t m_lastUse = 0;
};

}  // namespace vk
