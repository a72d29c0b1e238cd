// Image views, buffer views and samplers made and destroyed for the front end.
#include "vk/view_objects.h"

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

VkImageView createImageView(Device& device, const VkImageViewCreateInfo& info) {
  VkImageView view = VK_NULL_HANDLE;
  check(device.functions().vkCreateImageView(device.handle(), &info, nullptr, &view), "vkCreateImageView");
  return view;
}

VkBufferView createBufferView(Device& device, const VkBufferViewCreateInfo& info) {
  VkBufferView view = VK_NULL_HANDLE;
  check(device.functions().vkCreateBufferView(device.handle(), &info, nullptr, &view), "vkCreateBufferView");
  return view;
}

VkSampler createSampler(Device& device, const VkSamplerCreateInfo& info) {
  VkSampler sampler = VK_NULL_HANDLE;
  check(device.functions().vkCreateSampler(device.handle(), &info, nullptr, &sampler), "vkCreateSampler");
  return sampler;
}

void destroyImageView(Device& device, VkImageView view) {
  if (view)
    device.functions().vkDestroyImageView(device.handle(), view, nullptr);
}

void destroyBufferView(Device& device, VkBufferView view) {
  if (view)
    device.functions().vkDestroyBufferView(device.handle(), view, nullptr);
}

void destroySampler(Device& device, VkSampler sampler) {
  if (sampler)
    device.functions().vkDestroySampler(device.handle(), sampler, nullptr);
}

}  // namespace vk
