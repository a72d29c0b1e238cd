// DepthBiasScale: how many Direct3D depth-bias units one unit of Vulkan's depthBiasConstantFactor
// is on this driver, for the UNORM depth formats. Direct3D fixes the unit of DepthBias at one
// step of the format (2^-n of the range, n its bits); Vulkan lets an implementation scale its
// minimum resolvable difference r for fixed-point formats (lavapipe doubles it: DepthBias 1000
// moved D16 depth by 2000 steps), and the extension that pins it (VK_EXT_depth_bias_control)
// is not on every driver. So the scale is measured once, by drawing one depth-biased pixel into
// each format and reading it back, and the executor divides the constant factor by it
// (docs/pipelines.md, "Depth bias"). Float formats need nothing: their r is Direct3D's.
#pragma once

#include "vk/vulkan_api.h"

namespace vk {

class Device;

struct DepthBiasScale {
  float d16 = 1.0f;  // VK_FORMAT_D16_UNORM (and D16_UNORM_S8_UINT)
  float d24 = 1.0f;  // VK_FORMAT_D24_UNORM_S8_UINT and X8_D24_UNORM_PACK32

  // The scale for a depth attachment of `format`: 1 for float formats and none.
  float forFormat(VkFormat format) const;
  // Whether `format` is one of the UNORM depth formats the scale is measured for.
  static bool unormDepth(VkFormat format);
};

// Draws and reads back one pixel per UNORM depth format the device renders (blocking, a few
// milliseconds, once per device). A format whose measurement fails or reads an implausible value
// keeps scale 1, with a warning. Throws vk::Error for device loss only.
DepthBiasScale measureDepthBiasScale(Device& device);

}  // namespace vk
