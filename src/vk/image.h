// Image: a VkImage bound to device-local memory from the device's allocator, with the layout it
// is in (the interim tracker until the barrier tracker exists: every use leaves it in GENERAL).
#pragma once

#include "vk/memory_allocator.h"

namespace vk {

class Image {
public:
  // Throws vk::Error; nothing is left allocated when it does.
  Image(Device& device, const VkImageCreateInfo& info);
  // A sparse image (`info` has the sparse binding, residency and aliased flags) with no memory:
  // D3D11 tiled textures, mapped from tile pools (vk/tiled_resource.h). Throws vk::Error.
  struct Sparse {};
  Image(Device& device, const VkImageCreateInfo& info, Sparse);
  ~Image();
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;

  VkImage handle() const { return m_image; }
  const VkImageCreateInfo& info() const { return m_info; }
  VkImageAspectFlags aspects() const { return m_aspects; }
  VkImageLayout layout() const { return m_layout; }
  void setLayout(VkImageLayout layout) { m_layout = layout; }

private:
  Device& m_device;
  VkImageCreateInfo m_info;
  VkImageAspectFlags m_aspects;
  VkImage m_image = VK_NULL_HANDLE;
  VkImageLayout m_layout = VK_IMAGE_LAYOUT_UNDEFINED;
  Allocation m_allocation;
};

// The aspects a format has (color, depth, stencil).
VkImageAspectFlags formatAspects(VkFormat format);

}  // namespace vk
