// Render-target views of buffers: the shadow image a view renders into (one row of the view's
// elements), the buffer range the worker copies it from and back to around rendering passes, and
// clears of such views. Vulkan renders only into images; docs/resources.md explains the design.
#include <algorithm>
#include <vector>

#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_view.h"
#include "vk/command_stream.h"
#include "vk/commands.h"
#include "vk/device.h"
#include "vk/image.h"
#include "vk/result.h"
#include "vk/view_objects.h"
#include "vk/transfer.h"

namespace d3d11vk {

namespace {

// A copy of `count` elements from element `first` of the shadow row to or from the buffer range
// that starts at `firstByte`.
VkBufferImageCopy rowRegion(VkDeviceSize firstByte, VkDeviceSize elementBytes, uint32_t first, uint32_t count) {
  VkBufferImageCopy region{};
  region.bufferOffset = firstByte + first * elementBytes;
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageOffset = {int32_t(first), 0, 0};
  region.imageExtent = {count, 1, 1};
  return region;
}

}  // namespace

void ViewTarget::createShadowImage(D3D11Device* device, VkFormat format) {
  vk::Device& vkDevice = device->vulkanDevice();
  // Validation allows only typed colour formats of whole bytes here.
  const caps::FormatInfo* element = caps::formatInfo(m_range.format);
  const uint32_t width = uint32_t(m_range.byteCount / std::max(1u, element ? element->bitsPerElement / 8 : 1u));
  VkImageCreateInfo info = vk::makeStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {width, 1, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  auto image = std::make_unique<vk::Image>(vkDevice, info);
  vkDevice.transfer().initializeImage(*image);  // into GENERAL, where every image stays

  VkImageViewCreateInfo view = vk::makeStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
  view.image = image->handle();
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = format;
  view.components = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                     VK_COMPONENT_SWIZZLE_IDENTITY};
  view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  m_imageView = vk::createImageView(vkDevice, view);
  m_image = image.get();
  m_format = format;
  m_aspects = VK_IMAGE_ASPECT_COLOR_BIT;
  m_shadow = std::move(image);
}

void ViewTarget::describeBufferTarget(const vk::BufferSlice& slice, vk::RenderTarget* target) const {
  if (!m_shadow)
    return;
  target->buffer = slice.buffer;
  target->bufferOffset = slice.offset + m_range.firstByte;
  target->bufferElements = m_shadow->info().extent.width;
}

void ViewTarget::recordBufferTargetClear(vk::CommandStream& stream, const vk::BufferSlice& slice, const VkClearValue& value,
                                         const D3D11_RECT* rects, UINT rectCount) const {
  if (!m_shadow)
    return;
  const uint32_t width = m_shadow->info().extent.width;
  const VkDeviceSize elementBytes = m_range.byteCount / width;
  const VkDeviceSize firstByte = slice.offset + m_range.firstByte;
  // Element intervals to clear: the whole row, or the rectangles' columns where they cover row 0,
  // merged (the regions of one copy must not overlap).
  std::vector<std::pair<uint32_t, uint32_t>> spans;  // [begin, end)
  if (rectCount == 0) {
    spans.emplace_back(0, width);
  } else {
    for (UINT i = 0; i < rectCount; ++i) {
      if (rects[i].top > 0 || rects[i].bottom <= 0)
        continue;
      const LONG left = std::max<LONG>(rects[i].left, 0), right = std::min<LONG>(rects[i].right, LONG(width));
      if (left < right)
        spans.emplace_back(uint32_t(left), uint32_t(right));
    }
    std::sort(spans.begin(), spans.end());
    std::vector<std::pair<uint32_t, uint32_t>> merged;
    for (const auto& span : spans) {
      if (!merged.empty() && span.first <= merged.back().second)
        merged.back().second = std::max(merged.back().second, span.second);
      else
        merged.push_back(span);
    }
    spans = std::move(merged);
  }
  // Batches keep each command's tail well inside a chunk.
  constexpr size_t kBatch = 512;
  for (size_t start = 0; start < spans.size(); start += kBatch) {
    const size_t count = std::min(kBatch, spans.size() - start);
    const bool whole = rectCount == 0;
    auto& clear = stream.record<vk::ClearImageViewCommand>(whole ? 0 : count * sizeof(VkRect2D));
    clear.image = m_shadow->handle();
    clear.view = m_imageView;
    clear.extent = {width, 1};
    clear.layerCount = 1;
    clear.aspects = VK_IMAGE_ASPECT_COLOR_BIT;
    clear.viewAspects = VK_IMAGE_ASPECT_COLOR_BIT;
    clear.value = value;
    clear.rectCount = whole ? 0 : uint32_t(count);
    if (!whole) {
      VkRect2D* out = vk::tailOf<VkRect2D>(&clear);
      for (size_t i = 0; i < count; ++i)
        out[i] = VkRect2D{{int32_t(spans[start + i].first), 0}, {spans[start + i].second - spans[start + i].first, 1}};
    }
    auto& copy = stream.record<vk::CopyImageToBufferCommand>(count * sizeof(VkBufferImageCopy));
    copy.src = m_shadow->handle();
    copy.dst = slice.buffer;
    copy.regionCount = uint32_t(count);
    VkBufferImageCopy* regions = vk::tailOf<VkBufferImageCopy>(&copy);
    for (size_t i = 0; i < count; ++i)
      regions[i] = rowRegion(firstByte, elementBytes, spans[start + i].first, spans[start + i].second - spans[start + i].first);
  }
}

}  // namespace d3d11vk
