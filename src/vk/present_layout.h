// PresentLayout: where a presented back buffer lands in the window's swapchain image (DXGI_SCALING
// semantics), and the pure function that places it; the presenter blits into that rectangle.
#pragma once

#include <cstdint>

#include "vk/vulkan_api.h"

namespace vk {

enum class PresentScaling : uint32_t {
  Stretch,      // DXGI_SCALING_STRETCH: the buffer covers the whole image
  None,         // DXGI_SCALING_NONE: unscaled, top edges aligned, left (or right) edges aligned
  AspectRatio,  // DXGI_SCALING_ASPECT_RATIO_STRETCH: scaled to fit, aspect kept, centred
};

struct PresentLayout {
  PresentScaling scaling = PresentScaling::Stretch;
  VkBool32 alignRight = VK_FALSE;  // DXGI_SCALING_NONE on a WS_EX_LAYOUTRTL window
  // What the image shows where the buffer does not cover it: the swapchain's background colour
  // for None (IDXGISwapChain1::SetBackgroundColor), black borders for AspectRatio.
  VkClearColorValue fill{};
  // IDXGISwapChain2::SetSourceSize: only the buffer's [0, 0, width, height] region is presented
  // (scaled as above, as if it were the whole buffer). Zero: the whole buffer.
  VkExtent2D sourceSize{0, 0};
};

// The part of the source buffer that is shown and where in the target it goes.
struct PresentPlacement {
  VkOffset2D sourceMin{}, sourceMax{};
  VkOffset2D targetMin{}, targetMax{};
  bool coversTarget = true;  // false: the rest of the target is filled first
};

PresentPlacement placePresent(const PresentLayout& layout, VkExtent2D source, VkExtent2D target);

}  // namespace vk
