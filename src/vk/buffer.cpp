// Buffer: creation, memory binding and destruction of a VkBuffer.
#include "vk/buffer.h"

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

Buffer::Buffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, VkMemoryPropertyFlags required,
               VkMemoryPropertyFlags preferred)
    : m_device(device), m_size(size) {
  const DeviceFunctions& vk = device.functions();
  VkBufferCreateInfo info = makeStruct<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(vk.vkCreateBuffer(device.handle(), &info, nullptr, &m_buffer), "vkCreateBuffer");
  try {
    VkMemoryRequirements requirements{};
    vk.vkGetBufferMemoryRequirements(device.handle(), m_buffer, &requirements);
    m_allocation = device.allocator().allocate(requirements, required, preferred, ResourceTiling::Linear);
    VkResult result = vk.vkBindBufferMemory(device.handle(), m_buffer, m_allocation.memory, m_allocation.offset);
    if (result < 0) {
      device.allocator().free(m_allocation);
      throw Error("vkBindBufferMemory", result);
    }
  } catch (...) {
    vk.vkDestroyBuffer(device.handle(), m_buffer, nullptr);
    throw;
  }
}

Buffer::Buffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage, Sparse) : m_device(device), m_size(size) {
  VkBufferCreateInfo info = makeStruct<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  info.flags = VK_BUFFER_CREATE_SPARSE_BINDING_BIT | VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT | VK_BUFFER_CREATE_SPARSE_ALIASED_BIT;
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(device.functions().vkCreateBuffer(device.handle(), &info, nullptr, &m_buffer), "vkCreateBuffer");
}

Buffer::~Buffer() {
  m_device.functions().vkDestroyBuffer(m_device.handle(), m_buffer, nullptr);
  m_device.allocator().free(m_allocation);
}

}  // namespace vk
