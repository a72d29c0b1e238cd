// UploadHeap: short-lived host-visible memory the app thread fills and the command stream copies
// from (UpdateSubresource, Map of dynamic textures). Pages are used linearly and come back once
// the submission that read them last has completed; requests larger than a page get their own
// buffer, destroyed the same way. Used from one thread (the context that owns it).
//
// A deferred context's heap never reuses memory: its submissions are unknown until a command list
// is executed (any number of times), so the pages live as long as the heap, which the command
// list owns. Its buffers also serve as the renamed memory of dynamic buffers mapped there.
#pragma once

#include <deque>
#include <memory>
#include <vector>

#include "vk/buffer.h"
#include "vk/buffer_slice.h"

namespace vk {

class Device;

class UploadHeap {
public:
  static constexpr VkDeviceSize kPageSize = VkDeviceSize(4) << 20;

  enum class Reuse { AfterCompletion, Never };
  // `extraUsage` is added to TRANSFER_SRC for every page (Reuse::Never heaps bind their memory as
  // vertex, index, constant and storage buffers).
  explicit UploadHeap(Device& device, Reuse reuse = Reuse::AfterCompletion, VkBufferUsageFlags extraUsage = 0);
  ~UploadHeap();
  UploadHeap(const UploadHeap&) = delete;
  UploadHeap& operator=(const UploadHeap&) = delete;

  // `size` bytes aligned to `alignment` (a power of two), valid until submission `lastUse` completes.
  // Throws vk::Error when memory runs out.
  BufferSlice allocate(VkDeviceSize size, VkDeviceSize alignment, uint64_t lastUse);

  size_t pageCount() const { return m_pages.size(); }

private:
  struct Page {
    std::unique_ptr<Buffer> buffer;
    VkDeviceSize used = 0;
    uint64_t lastUse = 0;
  };

  Device& m_device;
  Reuse m_reuse;
  VkBufferUsageFlags m_usage;
  std::deque<Page> m_pages;
  std::deque<Page> m_large;      // dedicated buffers of large requests, oldest first
  size_t m_current = 0;          // the page being filled
};

}  // namespace vk
