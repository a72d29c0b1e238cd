// BufferSlice: a range of a VkBuffer with its host address, the unit the command stream names
// when it reads or writes buffer memory (a renamed dynamic buffer is a new slice of a slab).
#pragma once

#include "vk/vulkan_api.h"

namespace vk {

struct BufferSlice {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize size = 0;
  void* mapped = nullptr;  // host address of `offset`, null for device-only memory
};

}  // namespace vk
