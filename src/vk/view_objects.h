// Image views, buffer views and samplers for the front end. The front end describes them with
// Vulkan's create-info structures and keeps the handles (commands name them), but only the backend
// calls Vulkan: these make and destroy them on the device (docs/command-stream.md, the seam).
#pragma once

#include "vk/vulkan_api.h"

namespace vk {

class Device;

// Each throws vk::Error when the driver refuses.
VkImageView createImageView(Device& device, const VkImageViewCreateInfo& info);
VkBufferView createBufferView(Device& device, const VkBufferViewCreateInfo& info);
VkSampler createSampler(Device& device, const VkSamplerCreateInfo& info);

// Destroy at once; callers defer these until the GPU is done with the object (the device's
// timeline). A null handle is ignored.
void destroyImageView(Device& device, VkImageView view);
void destroyBufferView(Device& device, VkBufferView view);
void destroySampler(Device& device, VkSampler sampler);

}  // namespace vk
