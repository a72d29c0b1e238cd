// AlphaTarget: creation of the R8 stage and RGBA8 shadow images of an A8_UNORM render-target view
// and of the views the draws and the internal copies use.
#include "vk/alpha_target.h"

#include "vk/device.h"
#include "vk/result.h"
#include "vk/transfer.h"

namespace vk {

namespace {

std::unique_ptr<Image> createImage(Device& device, const AlphaTargetDesc& desc, VkFormat format) {
  VkImageCreateInfo info = makeStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  // 1D textures get 1D images; 2D and 3D ones (whose render-target views are ranges of depth
  // slices) 2D arrays, so the copies between texture and stage are plain layer copies.
  info.imageType = desc.textureType == VK_IMAGE_TYPE_1D ? VK_IMAGE_TYPE_1D : VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {desc.width, desc.textureType == VK_IMAGE_TYPE_1D ? 1u : desc.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = desc.layerCount;
  info.samples = desc.samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
               VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  auto image = std::make_unique<Image>(device, info);
  device.transfer().initializeImage(*image);  // into GENERAL, where every image stays
  return image;
}

}  // namespace

AlphaTarget::AlphaTarget(Device& device, const AlphaTargetDesc& desc)
    : m_device(device), m_desc(desc),
      m_shape(desc.textureType == VK_IMAGE_TYPE_1D         ? AlphaCopyShape::Image1D
              : desc.samples != VK_SAMPLE_COUNT_1_BIT ? AlphaCopyShape::Image2DMS
                                                      : AlphaCopyShape::Image2D) {
  m_stage = createImage(device, desc, kStageFormat);
  m_shadow = createImage(device, desc, kShadowFormat);
  const bool oneD = m_shape == AlphaCopyShape::Image1D;
  try {
    m_attachment = createView(m_shadow->handle(), oneD ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_2D_ARRAY, kShadowFormat, 0,
                              desc.layerCount);
    const VkImageViewType single = oneD ? VK_IMAGE_VIEW_TYPE_1D : VK_IMAGE_VIEW_TYPE_2D;
    for (uint32_t layer = 0; layer < desc.layerCount; ++layer) {
      m_layers.push_back(Layer{});
      Layer& views = m_layers.back();
      views.stageSampled = createView(m_stage->handle(), single, kStageFormat, layer, 1);
      views.stageAttachment = createView(m_stage->handle(), single, kStageFormat, layer, 1);
      views.shadowSampled = createView(m_shadow->handle(), single, kShadowFormat, layer, 1);
      views.shadowAttachment = createView(m_shadow->handle(), single, kShadowFormat, layer, 1);
    }
  } catch (...) {
    destroyViews();
    throw;
  }
}

AlphaTarget::~AlphaTarget() { destroyViews(); }

VkImageView AlphaTarget::createView(VkImage image, VkImageViewType type, VkFormat format, uint32_t layer, uint32_t layers) {
  VkImageViewCreateInfo info = makeStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
  info.image = image;
  info.viewType = type;
  info.format = format;
  info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, layer, layers};
  VkImageView view = VK_NULL_HANDLE;
  check(m_device.functions().vkCreateImageView(m_device.handle(), &info, nullptr, &view), "vkCreateImageView");
  return view;
}

void AlphaTarget::destroyViews() {
  const DeviceFunctions& vk = m_device.functions();
  auto destroy = [&](VkImageView& view) {
    if (view)
      vk.vkDestroyImageView(m_device.handle(), view, nullptr);
    view = VK_NULL_HANDLE;
  };
  destroy(m_attachment);
  for (Layer& views : m_layers) {
    destroy(views.stageSampled);
    destroy(views.stageAttachment);
    destroy(views.shadowSampled);
    destroy(views.shadowAttachment);
  }
  m_layers.clear();
}

VkImageCopy AlphaTarget::toStage() const {
  const bool volume = m_desc.textureType == VK_IMAGE_TYPE_3D;
  const bool oneD = m_desc.textureType == VK_IMAGE_TYPE_1D;
  VkImageCopy region{};
  // A 3D texture's depth slices are the stage's layers (Vulkan 1.1 copies between the two).
  region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, m_desc.mip, volume ? 0 : m_desc.firstLayer, volume ? 1 : m_desc.layerCount};
  region.srcOffset = {0, 0, volume ? int32_t(m_desc.firstLayer) : 0};
  region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, m_desc.layerCount};
  region.extent = {m_desc.width, oneD ? 1u : m_desc.height, volume ? m_desc.layerCount : 1u};
  return region;
}

VkImageCopy AlphaTarget::fromStage() const {
  const VkImageCopy in = toStage();
  VkImageCopy region{};
  region.srcSubresource = in.dstSubresource;
  region.srcOffset = in.dstOffset;
  region.dstSubresource = in.srcSubresource;
  region.dstOffset = in.srcOffset;
  region.extent = in.extent;
  return region;
}

}  // namespace vk
