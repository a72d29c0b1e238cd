// Transfer: the interim blocking upload and read-back path (see transfer.h).
#include "vk/transfer.h"

#include <cstring>

#include "vk/buffer.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/image.h"
#include "vk/result.h"

namespace vk {

namespace {
bool isBlockCompressed(VkFormat format) {
  return (format >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && format <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK);
}
}  // namespace

Transfer::Transfer(Device& device) : m_device(device) {
  const DeviceFunctions& vk = device.functions();
  VkCommandPoolCreateInfo poolInfo = makeStruct<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = device.queueFamily();
  check(vk.vkCreateCommandPool(device.handle(), &poolInfo, nullptr, &m_pool), "vkCreateCommandPool");
  VkFenceCreateInfo fenceInfo = makeStruct<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  VkResult result = vk.vkCreateFence(device.handle(), &fenceInfo, nullptr, &m_fence);
  if (result < 0) {
    vk.vkDestroyCommandPool(device.handle(), m_pool, nullptr);
    throw Error("vkCreateFence", result);
  }
}

Transfer::~Transfer() {
  const DeviceFunctions& vk = m_device.functions();
  vk.vkDestroyFence(m_device.handle(), m_fence, nullptr);
  vk.vkDestroyCommandPool(m_device.handle(), m_pool, nullptr);
}

void Transfer::checkLoss(VkResult result, const char* call) {
  // The device's one record of a loss, which the D3D11 front end reports (the caller's creation
  // then fails with DXGI_ERROR_DEVICE_REMOVED through the thrown vk::Error).
  if (result == VK_ERROR_DEVICE_LOST)
    m_device.timeline().noteLost(call, result);
  check(result, call);
}

void Transfer::submit(const std::function<void(VkCommandBuffer)>& record) {
  const DeviceFunctions& vk = m_device.functions();
  std::lock_guard lock(m_mutex);
  VkCommandBufferAllocateInfo allocInfo = makeStruct<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  allocInfo.commandPool = m_pool;
  allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocInfo.commandBufferCount = 1;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  check(vk.vkAllocateCommandBuffers(m_device.handle(), &allocInfo, &commands), "vkAllocateCommandBuffers");
  struct FreeOnExit {
    const DeviceFunctions& vk;
    VkDevice device;
    VkCommandPool pool;
    VkCommandBuffer commands;
    ~FreeOnExit() { vk.vkFreeCommandBuffers(device, pool, 1, &commands); }
  } freeOnExit{vk, m_device.handle(), m_pool, commands};

  VkCommandBufferBeginInfo begin = makeStruct<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vk.vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
  record(commands);
  check(vk.vkEndCommandBuffer(commands), "vkEndCommandBuffer");

  VkSubmitInfo submitInfo = makeStruct<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
  submitInfo.commandBufferCount = 1;
  submitInfo.pCommandBuffers = &commands;
  check(vk.vkResetFences(m_device.handle(), 1, &m_fence), "vkResetFences");
  {
    std::lock_guard queueLock(m_device.queueMutex());
    checkLoss(vk.vkQueueSubmit(m_device.queue(), 1, &submitInfo, m_fence), "vkQueueSubmit");
  }
  checkLoss(vk.vkWaitForFences(m_device.handle(), 1, &m_fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
}

void Transfer::barrier(VkCommandBuffer commands, Image& image, VkImageLayout to) {
  // Everything before against everything after: this path is blocking and rare, so precision
  // would buy nothing.
  VkImageMemoryBarrier barrier = makeStruct<VkImageMemoryBarrier>(VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER);
  barrier.srcAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT;
  barrier.oldLayout = image.layout();
  barrier.newLayout = to;
  barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  barrier.image = image.handle();
  barrier.subresourceRange = {image.aspects(), 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
  m_device.functions().vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                                            VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, nullptr, 0, nullptr, 1, &barrier);
  image.setLayout(to);
}

void Transfer::writeBuffer(Buffer& buffer, VkDeviceSize offset, const void* data, VkDeviceSize size) {
  if (buffer.mapped()) {
    // Host-coherent memory: the write is visible to the next submission without a flush.
    std::memcpy(static_cast<char*>(buffer.mapped()) + offset, data, size);
    return;
  }
  Buffer staging(m_device, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
  std::memcpy(staging.mapped(), data, size);
  submit([&](VkCommandBuffer commands) {
    VkBufferCopy region{0, offset, size};
    m_device.functions().vkCmdCopyBuffer(commands, staging.handle(), buffer.handle(), 1, &region);
  });
}

void Transfer::writeImage(Image& image, const std::vector<VkBufferImageCopy>& regions, const void* data, VkDeviceSize size) {
  Buffer staging(m_device, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
  std::memcpy(staging.mapped(), data, size);
  VkImageLayout before = image.layout();
  try {
    submit([&](VkCommandBuffer commands) {
      barrier(commands, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
      m_device.functions().vkCmdCopyBufferToImage(commands, staging.handle(), image.handle(),
                                                  VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, uint32_t(regions.size()),
                                                  regions.data());
      barrier(commands, image, VK_IMAGE_LAYOUT_GENERAL);
    });
  } catch (...) {
    image.setLayout(before);
    throw;
  }
}

void Transfer::initializeImage(Image& image) {
  VkImageLayout before = image.layout();
  try {
    // Zeroed, as Windows drivers hand out new resources (applications come to rely on it), except
    // block-compressed images, which Vulkan cannot clear; then a barrier orders the clear before
    // every later submission.
    submit([&](VkCommandBuffer commands) {
      barrier(commands, image, VK_IMAGE_LAYOUT_GENERAL);
      const VkImageSubresourceRange all{image.aspects(), 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
      if (image.aspects() & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) {
        VkClearDepthStencilValue zero{0.0f, 0};
        m_device.functions().vkCmdClearDepthStencilImage(commands, image.handle(), VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &all);
      } else if (!isBlockCompressed(image.info().format)) {
        VkClearColorValue zero{};
        m_device.functions().vkCmdClearColorImage(commands, image.handle(), VK_IMAGE_LAYOUT_GENERAL, &zero, 1, &all);
      }
      barrier(commands, image, VK_IMAGE_LAYOUT_GENERAL);
    });
  } catch (...) {
    image.setLayout(before);
    throw;
  }
}

void Transfer::prepareImage(Image& image) {
  VkImageLayout before = image.layout();
  try {
    submit([&](VkCommandBuffer commands) { barrier(commands, image, VK_IMAGE_LAYOUT_GENERAL); });
  } catch (...) {
    image.setLayout(before);
    throw;
  }
}

std::vector<uint8_t> Transfer::readBuffer(Buffer& buffer) {
  Buffer staging(m_device, buffer.size(), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
  submit([&](VkCommandBuffer commands) {
    VkBufferCopy region{0, 0, buffer.size()};
    m_device.functions().vkCmdCopyBuffer(commands, buffer.handle(), staging.handle(), 1, &region);
  });
  const uint8_t* bytes = static_cast<const uint8_t*>(staging.mapped());
  return std::vector<uint8_t>(bytes, bytes + buffer.size());
}

std::vector<uint8_t> Transfer::readImage(Image& image, const std::vector<VkBufferImageCopy>& regions, VkDeviceSize size) {
  Buffer staging(m_device, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                 VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0);
  submit([&](VkCommandBuffer commands) {
    barrier(commands, image, VK_IMAGE_LAYOUT_GENERAL);
    m_device.functions().vkCmdCopyImageToBuffer(commands, image.handle(), VK_IMAGE_LAYOUT_GENERAL, staging.handle(),
                                                uint32_t(regions.size()), regions.data());
    barrier(commands, image, VK_IMAGE_LAYOUT_GENERAL);
  });
  const uint8_t* bytes = static_cast<const uint8_t*>(staging.mapped());
  return std::vector<uint8_t>(bytes, bytes + size);
}

}  // namespace vk
