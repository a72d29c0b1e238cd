// DepthBiasScale: the one-pixel measurement of the driver's depth-bias unit per UNORM format.
#include "vk/depth_bias_scale.h"

#include <cmath>
#include <cstring>

#include "util/log.h"
#include "vk/buffer.h"
#include "vk/device.h"
#include "vk/memory_allocator.h"
#include "vk/meta_shaders.h"
#include "vk/result.h"
#include "vk/simple_pipeline.h"
#include "vk/transfer.h"

namespace vk {

namespace {

// Large enough that rounding cannot hide a factor, small enough to stay far from 1.0 in D16.
constexpr float kProbeBias = 1024.0f;

// What the probe pixel's depth reads, in steps of the format, or -1 when it cannot be measured.
double probe(Device& device, VkFormat format, VkShaderModule vertex) {
  const DeviceFunctions& vk = device.functions();
  VkFormatProperties properties{};
  device.adapterFormatProperties(format, &properties);
  if (!(properties.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) ||
      !(properties.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_SRC_BIT))
    return -1.0;

  VkImageCreateInfo imageInfo = makeStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  imageInfo.imageType = VK_IMAGE_TYPE_2D;
  imageInfo.format = format;
  imageInfo.extent = {1, 1, 1};
  imageInfo.mipLevels = imageInfo.arrayLayers = 1;
  imageInfo.samples = VK_SAMPLE_COUNT_1_BIT;
  imageInfo.tiling = VK_IMAGE_TILING_OPTIMAL;
  imageInfo.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  VkImage image = VK_NULL_HANDLE;
  check(vk.vkCreateImage(device.handle(), &imageInfo, nullptr, &image), "vkCreateImage");
  VkImageView view = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  Allocation memory;
  double steps = -1.0;
  try {
    VkMemoryRequirements requirements{};
    vk.vkGetImageMemoryRequirements(device.handle(), image, &requirements);
    memory = device.allocator().allocate(requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0, ResourceTiling::Optimal);
    check(vk.vkBindImageMemory(device.handle(), image, memory.memory, memory.offset), "vkBindImageMemory");
    const bool stencil = format == VK_FORMAT_D24_UNORM_S8_UINT || format == VK_FORMAT_D16_UNORM_S8_UINT;
    VkImageViewCreateInfo viewInfo = makeStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
    viewInfo.image = image;
    viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
    viewInfo.format = format;
    viewInfo.subresourceRange = {VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT | (stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0)), 0, 1, 0, 1};
    check(vk.vkCreateImageView(device.handle(), &viewInfo, nullptr, &view), "vkCreateImageView");

    VkPipelineLayoutCreateInfo layoutInfo = makeStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    check(vk.vkCreatePipelineLayout(device.handle(), &layoutInfo, nullptr, &layout), "vkCreatePipelineLayout");
    SimplePipelineDesc desc;
    desc.vertex = vertex;  // no fragment stage: depth only
    desc.depthFormat = format;
    desc.stencilFormat = stencil ? format : VK_FORMAT_UNDEFINED;
    desc.depthBias = true;
    desc.layout = layout;
    pipeline = createSimplePipeline(device, desc);

    Buffer readback(device, 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
    std::memset(readback.mapped(), 0, 16);
    device.transfer().runAndWait([&](VkCommandBuffer commands) {
      VkImageMemoryBarrier2 barrier = makeStruct<VkImageMemoryBarrier2>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2);
      barrier.srcStageMask = VK_PIPELINE_STAGE_2_NONE;
      barrier.dstStageMask = VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
      barrier.dstAccessMask = VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
      barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
      barrier.newLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
      barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      barrier.image = image;
      barrier.subresourceRange = viewInfo.subresourceRange;
      VkDependencyInfo dependency = makeStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
      dependency.imageMemoryBarrierCount = 1;
      dependency.pImageMemoryBarriers = &barrier;
      vk.vkCmdPipelineBarrier2(commands, &dependency);

      VkRenderingAttachmentInfo depth = makeStruct<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
      depth.imageView = view;
      depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
      depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
      depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
      depth.clearValue.depthStencil = {0.0f, 0};
      VkRenderingAttachmentInfo stencilAttachment = depth;
      VkRenderingInfo rendering = makeStruct<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
      rendering.renderArea = {{0, 0}, {1, 1}};
      rendering.layerCount = 1;
      rendering.pDepthAttachment = &depth;
      rendering.pStencilAttachment = stencil ? &stencilAttachment : nullptr;
      vk.vkCmdBeginRendering(commands, &rendering);
      vk.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      const VkViewport viewport{0.0f, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f};
      vk.vkCmdSetViewport(commands, 0, 1, &viewport);
      const VkRect2D scissor{{0, 0}, {1, 1}};
      vk.vkCmdSetScissor(commands, 0, 1, &scissor);
      // The full-screen triangle lies at depth 0 with no slope: the pixel is the constant bias.
      vk.vkCmdSetDepthBias(commands, kProbeBias, 0.0f, 0.0f);
      vk.vkCmdDraw(commands, 3, 1, 0, 0);
      vk.vkCmdEndRendering(commands);

      barrier.srcStageMask = VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
      barrier.srcAccessMask = VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
      barrier.dstStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      barrier.dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT;
      barrier.oldLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
      barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
      vk.vkCmdPipelineBarrier2(commands, &dependency);
      VkBufferImageCopy region{};
      region.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
      region.imageExtent = {1, 1, 1};
      vk.vkCmdCopyImageToBuffer(commands, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.handle(), 1, &region);
      VkMemoryBarrier2 toHost = makeStruct<VkMemoryBarrier2>(VK_STRUCTURE_TYPE_MEMORY_BARRIER_2);
      toHost.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
      toHost.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
      toHost.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
      toHost.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
      VkDependencyInfo hostDependency = makeStruct<VkDependencyInfo>(VK_STRUCTURE_TYPE_DEPENDENCY_INFO);
      hostDependency.memoryBarrierCount = 1;
      hostDependency.pMemoryBarriers = &toHost;
      vk.vkCmdPipelineBarrier2(commands, &hostDependency);
    });
    // Depth copied out of D16 is 16 bits a texel; out of the D24 formats 32 bits, depth in the low 24.
    const uint8_t* bytes = static_cast<const uint8_t*>(readback.mapped());
    if (format == VK_FORMAT_D16_UNORM || format == VK_FORMAT_D16_UNORM_S8_UINT) {
      uint16_t value = 0;
      std::memcpy(&value, bytes, 2);
      steps = value;
    } else {
      uint32_t value = 0;
      std::memcpy(&value, bytes, 4);
      steps = value & 0xffffffu;
    }
  } catch (const Error& error) {
    if (error.result() == VK_ERROR_DEVICE_LOST)
      throw;
    util::log::warn("depth bias: measuring ", int(format), " failed: ", error.what());
  }
  if (pipeline)
    vk.vkDestroyPipeline(device.handle(), pipeline, nullptr);
  if (layout)
    vk.vkDestroyPipelineLayout(device.handle(), layout, nullptr);
  if (view)
    vk.vkDestroyImageView(device.handle(), view, nullptr);
  vk.vkDestroyImage(device.handle(), image, nullptr);
  device.allocator().free(memory);
  return steps;
}

// The scale from what the probe read; 1 (with a warning) when it is not a plausible factor.
float scaleOf(double steps, const char* name) {
  if (steps < 0.0)
    return 1.0f;
  const double scale = steps / double(kProbeBias);
  // Implementations may scale r by up to two (the Vulkan spec's latitude); anything far outside
  // that is a failed measurement, not a unit.
  if (!(scale >= 0.4 && scale <= 4.0)) {
    util::log::warn("depth bias: ", name, " moved by ", steps, " steps for a bias of ", kProbeBias, "; left unscaled");
    return 1.0f;
  }
  return float(scale);
}

}  // namespace

float DepthBiasScale::forFormat(VkFormat format) const {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_D16_UNORM_S8_UINT:
      return d16;
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
      return d24;
    default:
      return 1.0f;
  }
}

bool DepthBiasScale::unormDepth(VkFormat format) {
  return format == VK_FORMAT_D16_UNORM || format == VK_FORMAT_D16_UNORM_S8_UINT || format == VK_FORMAT_D24_UNORM_S8_UINT ||
         format == VK_FORMAT_X8_D24_UNORM_PACK32;
}

DepthBiasScale measureDepthBiasScale(Device& device) {
  DepthBiasScale result;
  VkShaderModule vertex = createShaderModule(device, fullscreenVertexShader());
  try {
    result.d16 = scaleOf(probe(device, VK_FORMAT_D16_UNORM, vertex), "D16_UNORM");
    result.d24 = scaleOf(probe(device, VK_FORMAT_D24_UNORM_S8_UINT, vertex), "D24_UNORM_S8_UINT");
  } catch (...) {
    device.functions().vkDestroyShaderModule(device.handle(), vertex, nullptr);
    throw;
  }
  device.functions().vkDestroyShaderModule(device.handle(), vertex, nullptr);
  util::log::info("depth bias: one Vulkan constant-factor unit is ", result.d16, " D16 steps and ", result.d24,
                  " D24 steps on this driver; Direct3D's DepthBias is divided by that");
  return result;
}

}  // namespace vk
