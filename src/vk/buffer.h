// Buffer: a VkBuffer bound to memory from the device's allocator, destroyed with it.
#pragma once

#include "vk/memory_allocator.h"

namespace vk {

class Buffer {
public:
  // Throws vk::Error; nothing is left allocated when it does.
  Buffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, VkMemoryPropertyFlags required,
         VkMemoryPropertyFlags preferred);
  // A sparse buffer (binding, residency, aliased) with no memory: D3D11 tiled buffers, whose
  // tiles are mapped from tile pools (vk/tiled_resource.h). Throws vk::Error.
  struct Sparse {};
  Buffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, Sparse);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  VkBuffer handle() const { return m_buffer; }
  VkDeviceSize size() const { return m_size; }
  // The host address of the buffer's first byte when its memory is host-visible, else null.
  void* mapped() const { return m_allocation.mapped; }
  const Allocation& allocation() const { return m_allocation; }

private:
  Device& m_device;
  VkBuffer m_buffer = VK_NULL_HANDLE;
  VkDeviceSize m_size;
  Allocation m_allocation;
};

}  // namespace vk
