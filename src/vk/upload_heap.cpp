// UploadHeap: page recycling by submission value.
#include "vk/upload_heap.h"

#include "vk/device.h"
#include "vk/gpu_timeline.h"

namespace vk {

namespace {
constexpr VkMemoryPropertyFlags kHost = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
}  // namespace

UploadHeap::UploadHeap(Device& device, Reuse reuse, VkBufferUsageFlags extraUsage)
    : m_device(device), m_reuse(reuse), m_usage(VK_BUFFER_USAGE_TRANSFER_SRC_BIT | extraUsage) {}

UploadHeap::~UploadHeap() {
  // Pages may still be read by submitted work: hand them to the timeline.
  for (std::deque<Page>* pages : {&m_pages, &m_large}) {
    for (Page& page : *pages) {
      auto* buffer = page.buffer.release();
      m_device.timeline().deferUntil(page.lastUse, [buffer] { delete buffer; });
    }
  }
}

BufferSlice UploadHeap::allocate(VkDeviceSize size, VkDeviceSize alignment, uint64_t lastUse) {
  GpuTimeline& timeline = m_device.timeline();
  const bool reuse = m_reuse == Reuse::AfterCompletion;
  while (reuse && !m_large.empty() && timeline.isComplete(m_large.front().lastUse))
    m_large.pop_front();
  if (size > kPageSize / 2) {
    m_large.push_back(Page{std::make_unique<Buffer>(m_device, size, m_usage, kHost, 0), size, lastUse});
    Buffer& buffer = *m_large.back().buffer;
    return BufferSlice{buffer.handle(), 0, size, buffer.mapped()};
  }
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (m_current < m_pages.size()) {
      Page& page = m_pages[m_current];
      VkDeviceSize offset = (page.used + alignment - 1) & ~(alignment - 1);
      if (offset + size <= kPageSize) {
        page.used = offset + size;
        page.lastUse = lastUse;
        return BufferSlice{page.buffer->handle(), offset, size, static_cast<char*>(page.buffer->mapped()) + offset};
      }
    }
    // The pages form a ring, oldest use first after the current one: reuse the next page when
    // the GPU is done with it, else put a fresh page into the ring after the current one.
    if (reuse && !m_pages.empty()) {
      size_t next = (m_current + 1) % m_pages.size();
      if (timeline.isComplete(m_pages[next].lastUse)) {
        m_pages[next].used = 0;
        m_current = next;
        continue;
      }
    }
    size_t at = m_pages.empty() ? 0 : m_current + 1;
    m_pages.insert(m_pages.begin() + long(at), Page{std::make_unique<Buffer>(m_device, kPageSize, m_usage, kHost, 0), 0, 0});
    m_current = at;
  }
  return {};  // not reached: a fresh page always fits
}

}  // namespace vk
