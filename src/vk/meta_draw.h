// Internal full-screen passes (src/vk/meta_draw.cpp): writing their one image descriptor and
// drawing their one triangle.
#pragma once

#include "vk/functions.h"
#include "vk/meta_shaders.h"
#include "vk/vulkan_api.h"

namespace vk {

class Device;

// Binding 0 of `set` is `view` in the GENERAL layout, as a descriptor of `type`.
void writeImageDescriptor(Device& device, VkDescriptorSet set, VkDescriptorType type, VkImageView view);
// One full-screen triangle into `target` (every pixel written: its old contents are not loaded),
// with `set` at set 0 of `layout` and `params` as the fragment stage's push constants.
void drawFullscreen(const DeviceFunctions& vk, VkCommandBuffer commands, VkImageView target, VkExtent2D extent, VkPipeline pipeline,
                    VkPipelineLayout layout, VkDescriptorSet set, const MipsParams& params);

}  // namespace vk
