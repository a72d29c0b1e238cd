// placePresent: the DXGI_SCALING placement of a back buffer in a swapchain image (docs/dxgi.md,
// Swapchains, Scaling).
#include "vk/present_layout.h"

#include <algorithm>

namespace vk {

PresentPlacement placePresent(const PresentLayout& layout, VkExtent2D source, VkExtent2D target) {
  PresentPlacement placement;
  const int32_t sw = int32_t(source.width), sh = int32_t(source.height);
  const int32_t tw = int32_t(target.width), th = int32_t(target.height);
  placement.sourceMax = {sw, sh};
  placement.targetMax = {tw, th};
  switch (layout.scaling) {
    case PresentScaling::Stretch:
      break;
    case PresentScaling::None: {
      // No scaling: the overlap of the two sizes, anchored at the top and at one side.
      const int32_t w = std::min(sw, tw), h = std::min(sh, th);
      placement.sourceMax = {w, h};
      const int32_t x = layout.alignRight ? tw - w : 0;
      placement.targetMin = {x, 0};
      placement.targetMax = {x + w, h};
      break;
    }
    case PresentScaling::AspectRatio: {
      // Fill the width unless the height would then overflow, in which case fill the height (the
      // documented preference for horizontal fill); the rest is split evenly on both sides.
      double scaledW = tw, scaledH = double(tw) * sh / sw;
      if (scaledH >= th) {
        scaledW = double(th) * sw / sh;
        scaledH = th;
      }
      const double x = (tw - scaledW) * 0.5, y = (th - scaledH) * 0.5;
      placement.targetMin = {int32_t(x), int32_t(y)};
      placement.targetMax = {int32_t(x + scaledW), int32_t(y + scaledH)};
      break;
    }
  }
  placement.coversTarget = placement.targetMin.x == 0 && placement.targetMin.y == 0 && placement.targetMax.x == tw &&
                           placement.targetMax.y == th;
  return placement;
}

}  // namespace vk
