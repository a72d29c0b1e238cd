// AlphaTarget: the images a render-target view of an A8_UNORM texture renders through. The texture
// is stored as R8_UNORM (Vulkan's A8 format needs VK_KHR_maintenance5), which a colour attachment
// cannot swizzle, so draws render into an RGBA8 shadow whose alpha channel the worker fills from
// the texture's texels before each rendering pass and copies back after it, through an R8 stage
// image of the shadow's shape (executor_alpha_targets.cpp; docs/resources.md, "A8_UNORM render
// targets").
#pragma once

#include <memory>
#include <vector>

#include "vk/image.h"
#include "vk/meta_shaders.h"

namespace vk {

class Device;

// What a view covers of its texture.
struct AlphaTargetDesc {
  VkImage texture = VK_NULL_HANDLE;  // the R8_UNORM image (not owned)
  VkImageType textureType = VK_IMAGE_TYPE_2D;
  uint32_t mip = 0;
  uint32_t firstLayer = 0, layerCount = 1;  // array layers, or depth slices of a 3D texture's mip
  uint32_t width = 1, height = 1;           // the mip's extent
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
};

class AlphaTarget {
public:
  static constexpr VkFormat kStageFormat = VK_FORMAT_R8_UNORM;
  static constexpr VkFormat kShadowFormat = VK_FORMAT_R8G8B8A8_UNORM;

  // Creates and zeroes both images and their views. Throws vk::Error; nothing is held when it does.
  AlphaTarget(Device& device, const AlphaTargetDesc& desc);
  ~AlphaTarget();
  AlphaTarget(const AlphaTarget&) = delete;
  AlphaTarget& operator=(const AlphaTarget&) = delete;

  const AlphaTargetDesc& desc() const { return m_desc; }
  VkImage stage() const { return m_stage->handle(); }
  VkImage shadow() const { return m_shadow->handle(); }
  // Every layer of the shadow: the draws' colour attachment.
  VkImageView attachmentView() const { return m_attachment; }
  AlphaCopyShape shape() const { return m_shape; }

  // Per layer: the views the internal copy draws read and write.
  struct Layer {
    VkImageView stageSampled, stageAttachment, shadowSampled, shadowAttachment;
  };
  const std::vector<Layer>& layers() const { return m_layers; }

  // The texture's subresources to the stage (toStage) and back (fromStage): R8 both sides.
  VkImageCopy toStage() const;
  VkImageCopy fromStage() const;

private:
  VkImageView createView(VkImage image, VkImageViewType type, VkFormat format, uint32_t layer, uint32_t layers);
  void destroyViews();

  Device& m_device;
  AlphaTargetDesc m_desc;
  AlphaCopyShape m_shape;
  std::unique_ptr<Image> m_stage, m_shadow;
  VkImageView m_attachment = VK_NULL_HANDLE;
  std::vector<Layer> m_layers;
};

}  // namespace vk
