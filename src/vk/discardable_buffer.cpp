// DiscardableBuffer: slabs, the free list and retirement by submission value.
#include "vk/discardable_buffer.h"

#include <algorithm>

#include "util/config.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"

namespace vk {

namespace {
constexpr VkMemoryPropertyFlags kHost = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
// A slab holds this many bytes of slices (at least one slice): small constant buffers renamed
// every draw get hundreds of slices per slab, large buffers one.
constexpr VkDeviceSize kSlabBytes = VkDeviceSize(256) << 10;
}  // namespace

DiscardableBuffer::DiscardableBuffer(Device& device, VkDeviceSize size, VkBufferUsageFlags usage)
    : m_device(device), m_size(size), m_usage(usage) {
  const VkPhysicalDeviceLimits& limits = device.properties().limits;
  VkDeviceSize alignment = std::max({limits.minUniformBufferOffsetAlignment, limits.minStorageBufferOffsetAlignment,
                                     limits.minTexelBufferOffsetAlignment, VkDeviceSize(16)});
  m_stride = (size + alignment - 1) / alignment * alignment;
  addSlab();
  m_current = m_free.back();
  m_free.pop_back();
}

DiscardableBuffer::~DiscardableBuffer() {
  // Recorded commands may still read any slice: the slabs go when the last of them completes.
  auto slabs = std::make_shared<std::vector<std::unique_ptr<Buffer>>>(std::move(m_slabs));
  m_device.timeline().deferUntil(m_lastUse, [slabs] {});
}

void DiscardableBuffer::addSlab() {
  const VkDeviceSize slices = std::max<VkDeviceSize>(1, kSlabBytes / m_stride);
  // d3d11.dynamicBuffersInVideoMemory: video memory the GPU reads fast, or cached system memory
  // the CPU writes fast (writes through the BAR are uncached where write-combining is lost).
  const VkMemoryPropertyFlags preferred = util::config::options().dynamicBuffersInVideoMemory
                                              ? VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT
                                              : VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  m_slabs.push_back(std::make_unique<Buffer>(m_device, slices * m_stride, m_usage, kHost, preferred));
  Buffer& slab = *m_slabs.back();
  const uint32_t type = slab.allocation().memoryType;
  const VkMemoryPropertyFlags flags = m_device.allocator().typeFlags(type);
  D3D11VK_LOG_ONCE(Info, "dynamic buffers: memory type ", type,
                   (flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) ? ", device-local" : ", system memory",
                   (flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT) ? ", host-cached" : ", uncached");
  // Push in reverse so slices are handed out from the slab's start.
  for (VkDeviceSize i = slices; i-- > 0;)
    m_free.push_back(BufferSlice{slab.handle(), i * m_stride, m_size, static_cast<char*>(slab.mapped()) + i * m_stride});
}

const BufferSlice& DiscardableBuffer::discard(uint64_t lastUse) {
  const GpuTimeline& timeline = m_device.timeline();
  while (!m_retired.empty() && timeline.isComplete(m_retired.front().first)) {
    m_free.push_back(m_retired.front().second);
    m_retired.pop_front();
  }
  if (m_free.empty())
    addSlab();
  m_retired.emplace_back(lastUse, m_current);
  m_current = m_free.back();
  m_free.pop_back();
  m_lastUse = std::max(m_lastUse, lastUse);
  return m_current;
}

}  // namespace vk
