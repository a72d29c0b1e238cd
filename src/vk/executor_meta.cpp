// CommandExecutor: operations that run the backend's internal shaders (src/vk/meta_shaders.h):
// depth-stencil packing, resolves and mip generation (with their vkCmdResolveImage /
// vkCmdBlitImage fast paths; docs/resources.md "Resolves and mip generation").
#include "vk/command_executor.h"

#include <algorithm>

#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/meta_draw.h"
#include "vk/query_pools.h"
#include "vk/result.h"

namespace vk {

namespace {

// A view made for one meta operation, destroyed once the submission using it has completed. The
// usage is narrowed to what the operation does with it: a typeless family's image may carry usages
// (storage) the view's format (sRGB) does not support.
VkImageView metaView(Device& device, uint64_t submission, VkImage image, VkImageViewType type, VkFormat format,
                     VkImageUsageFlags usage, uint32_t mip, uint32_t layer, uint32_t layers) {
  VkImageViewUsageCreateInfo usageInfo = makeStruct<VkImageViewUsageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO);
  usageInfo.usage = usage;
  VkImageViewCreateInfo info = makeStruct<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
  info.pNext = &usageInfo;
  info.image = image;
  info.viewType = type;
  info.format = format;
  info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, mip, 1, layer, layers};
  VkImageView view = VK_NULL_HANDLE;
  check(device.functions().vkCreateImageView(device.handle(), &info, nullptr, &view), "vkCreateImageView");
  Device* owner = &device;
  device.timeline().deferUntil(submission, [owner, view] { owner->functions().vkDestroyImageView(owner->handle(), view, nullptr); });
  return view;
}

// One level of the mips shader path: each layer (each depth slice of a volume) of level `mip`
// drawn from level mip - 1 sampled through a view in the SRV's format.
void generateLevel(Device& device, uint64_t submission, VkCommandBuffer commands, MetaPipelines& meta,
                   DescriptorAllocator& descriptors, const GenerateMipsCommand& command, MipsDimension dimension, uint32_t mip,
                   VkExtent3D target) {
  const DeviceFunctions& vk = device.functions();
  const bool volume = dimension == MipsDimension::Volume;
  const VkImageViewType sampledType = dimension == MipsDimension::Array1D   ? VK_IMAGE_VIEW_TYPE_1D_ARRAY
                                      : dimension == MipsDimension::Array2D ? VK_IMAGE_VIEW_TYPE_2D_ARRAY
                                                                            : VK_IMAGE_VIEW_TYPE_3D;
  VkImageView sampled = metaView(device, submission, command.image, sampledType, command.viewFormat, VK_IMAGE_USAGE_SAMPLED_BIT,
                                 mip - 1, volume ? 0 : command.baseLayer, volume ? 1 : command.layerCount);
  VkPipeline pipeline = meta.mips(command.viewFormat, dimension);
  VkDescriptorSet set = descriptors.allocate(meta.mipsSetLayout(), submission);
  writeImageDescriptor(device, set, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, sampled);
  const uint32_t count = volume ? target.depth : command.layerCount;
  for (uint32_t i = 0; i < count; ++i) {
    // A volume's slice is written through a 2D view of it (the image is 2D-array compatible: it
    // has the render-target binding GenerateMips requires) and sampled between the two slices
    // it covers, so the linear filter averages 2x2x2 texels.
    VkImageView attachment = metaView(device, submission, command.image,
                                      dimension == MipsDimension::Array1D ? VK_IMAGE_VIEW_TYPE_1D : VK_IMAGE_VIEW_TYPE_2D,
                                      command.viewFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, mip, volume ? i : command.baseLayer + i, 1);
    MipsParams params{1.0f / float(target.width), 1.0f / float(target.height),
                      volume ? (float(i) + 0.5f) / float(target.depth) : float(i)};
    drawFullscreen(vk, commands, attachment, {target.width, target.height}, pipeline, meta.mipsLayout(), set, params);
  }
}

}  // namespace

void CommandExecutor::execute(const ResolveImageCommand& command) {
  if (skipPredicatedTransfer())
    return;
  const DeviceFunctions& vk = m_device.functions();
  m_barriers.prepare(vk, m_commands, {{resourceId(command.src), Access::Read}, {resourceId(command.dst), Access::Write}});
  const VkImageResolve& region = command.region;
  if (command.format == VK_FORMAT_UNDEFINED) {
    vk.vkCmdResolveImage(m_commands, command.src, VK_IMAGE_LAYOUT_GENERAL, command.dst, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
    return;
  }
  // The internal draws must not count in the application's queries (pauseQueries).
  pauseQueries();
  try {
    VkImageView source = metaView(m_device, m_submission, command.src, VK_IMAGE_VIEW_TYPE_2D, command.format,
                                  VK_IMAGE_USAGE_SAMPLED_BIT, region.srcSubresource.mipLevel, region.srcSubresource.baseArrayLayer, 1);
    VkImageView target = metaView(m_device, m_submission, command.dst, VK_IMAGE_VIEW_TYPE_2D, command.format,
                                  VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, region.dstSubresource.mipLevel,
                                  region.dstSubresource.baseArrayLayer, 1);
    VkPipeline pipeline = m_meta.resolve(command.format, command.samples);
    VkDescriptorSet set = m_descriptors.allocate(m_meta.resolveSetLayout(), m_submission);
    writeImageDescriptor(m_device, set, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, source);
    drawFullscreen(vk, m_commands, target, {region.extent.width, region.extent.height}, pipeline, m_meta.resolveLayout(), set,
                   MipsParams{});
  } catch (const Error& error) {
    util::log::error("ResolveSubresource: the resolve shader could not run (", error.what(), "); resolve skipped");
  }
  resumeQueries();
  // The application's pipeline, sets and dynamic state are bound again before its next draw.
  reapplyState();
}

void CommandExecutor::execute(const GenerateMipsCommand& command) {
  if (skipPredicatedTransfer())
    return;
  const DeviceFunctions& vk = m_device.functions();
  VkExtent3D source = command.baseExtent;
  const bool shader = command.viewFormat != VK_FORMAT_UNDEFINED;
  const MipsDimension dimension = command.imageType == VK_IMAGE_TYPE_1D   ? MipsDimension::Array1D
                                  : command.imageType == VK_IMAGE_TYPE_3D ? MipsDimension::Volume
                                                                          : MipsDimension::Array2D;
  // The application's queries do not count the internal draws (as for the resolve above).
  if (shader)
    pauseQueries();
  for (uint32_t mip = command.baseMip + 1; mip < command.baseMip + command.mipCount; ++mip) {
    VkExtent3D target{std::max(1u, source.width / 2), std::max(1u, source.height / 2), std::max(1u, source.depth / 2)};
    // Each level reads the one just written: a barrier between levels, not only at the start.
    m_barriers.fullBarrier(vk, m_commands, false);
    if (!shader) {
      VkImageBlit blit{};
      blit.srcSubresource = {command.aspects, mip - 1, command.baseLayer, command.layerCount};
      blit.srcOffsets[1] = {int32_t(source.width), int32_t(source.height), int32_t(source.depth)};
      blit.dstSubresource = {command.aspects, mip, command.baseLayer, command.layerCount};
      blit.dstOffsets[1] = {int32_t(target.width), int32_t(target.height), int32_t(target.depth)};
      vk.vkCmdBlitImage(m_commands, command.image, VK_IMAGE_LAYOUT_GENERAL, command.image, VK_IMAGE_LAYOUT_GENERAL, 1, &blit,
                        VK_FILTER_LINEAR);
    } else {
      try {
        generateLevel(m_device, m_submission, m_commands, m_meta, m_descriptors, command, dimension, mip, target);
      } catch (const Error& error) {
        util::log::error("GenerateMips: the mips shader could not run (", error.what(), "); levels from ", mip, " skipped");
        break;
      }
    }
    source = target;
  }
  if (shader) {
    resumeQueries();
    reapplyState();
  }
  m_barriers.reset();
  m_barriers.prepare(vk, m_commands, {{resourceId(command.image), Access::Write}});
}

void CommandExecutor::execute(const PackDepthStencilCommand& command) {
  // Part of a depth-stencil copy through staging memory: skipped with the copy it belongs to.
  if (skipPredicatedTransfer())
    return;
  const DeviceFunctions& vk = m_device.functions();
  // Packing reads the scratch words and writes staging memory; unpacking the reverse.
  const Access scratchAccess = command.unpack ? Access::Write : Access::Read;
  const Access stagingAccess = command.unpack ? Access::Read : Access::Write;
  m_barriers.prepare(vk, m_commands, {{resourceId(command.scratch), scratchAccess}, {resourceId(command.staging), stagingAccess}});

  VkPipeline pipeline = m_meta.depthStencilPack(command.packing, command.unpack);
  VkPipelineLayout layout = m_meta.storageLayout();
  VkDescriptorSet set = m_descriptors.allocate(m_meta.storageSetLayout(), m_submission);
  const VkDescriptorBufferInfo buffers[2] = {{command.scratch, command.scratchOffset, command.scratchSize},
                                             {command.staging, command.stagingOffset, command.stagingSize}};
  VkWriteDescriptorSet writes[2];
  for (uint32_t i = 0; i < 2; ++i) {
    writes[i] = makeStruct<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    writes[i].dstSet = set;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &buffers[i];
  }
  vk.vkUpdateDescriptorSets(m_device.handle(), 2, writes, 0, nullptr);
  vk.vkCmdBindPipeline(m_commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  vk.vkCmdBindDescriptorSets(m_commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, nullptr);
  vk.vkCmdPushConstants(m_commands, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(command.params), &command.params);
  const DepthStencilPackParams& p = command.params;
  vk.vkCmdDispatch(m_commands, (p.width + kMetaLocalSize - 1) / kMetaLocalSize, (p.height + kMetaLocalSize - 1) / kMetaLocalSize,
                   p.depth);

  // The application's compute pipeline and descriptor sets are bound again before its next dispatch.
  m_computePipelineDirty = m_computeShader != nullptr;
  for (bool& dirty : m_setDirty[kCompute])
    dirty = true;
}

}  // namespace vk
