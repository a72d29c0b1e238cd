// Image: creation, memory binding and destruction of a VkImage.
#include "vk/image.h"

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

VkImageAspectFlags formatAspects(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT: return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_S8_UINT: return VK_IMAGE_ASPECT_STENCIL_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT: return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default: return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

Image::Image(Device& device, const VkImageCreateInfo& info)
    : m_device(device), m_info(info), m_aspects(formatAspects(info.format)) {
  m_info.pNext = nullptr;
  m_info.pQueueFamilyIndices = nullptr;
  const DeviceFunctions& vk = device.functions();
  check(vk.vkCreateImage(device.handle(), &info, nullptr, &m_image), "vkCreateImage");
  try {
    VkMemoryRequirements requirements{};
    vk.vkGetImageMemoryRequirements(device.handle(), m_image, &requirements);
    m_allocation = device.allocator().allocate(requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0,
                                               ResourceTiling::Optimal);
    VkResult result = vk.vkBindImageMemory(device.handle(), m_image, m_allocation.memory, m_allocation.offset);
    if (result < 0) {
      device.allocator().free(m_allocation);
      throw Error("vkBindImageMemory", result);
    }
  } catch (...) {
    vk.vkDestroyImage(device.handle(), m_image, nullptr);
    throw;
  }
}

Image::Image(Device& device, const VkImageCreateInfo& info, Sparse)
    : m_device(device), m_info(info), m_aspects(formatAspects(info.format)) {
  m_info.pNext = nullptr;
  m_info.pQueueFamilyIndices = nullptr;
  check(device.functions().vkCreateImage(device.handle(), &info, nullptr, &m_image), "vkCreateImage");
}

Image::~Image() {
  m_device.functions().vkDestroyImage(m_device.handle(), m_image, nullptr);
  m_device.allocator().free(m_allocation);
}

}  // namespace vk
