// Transfer: copies between host memory and buffers/images, each recorded in a one-time command
// buffer, submitted on the device queue and waited for. INTERIM: this is how initial data reaches
// the GPU until the command stream's worker thread exists; then uploads become recorded commands
// and this blocking path goes away. Read-backs serve tests and the device-info diagnostics.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Buffer;
class Device;
class Image;

class Transfer {
public:
  explicit Transfer(Device& device);  // throws vk::Error
  ~Transfer();
  Transfer(const Transfer&) = delete;
  Transfer& operator=(const Transfer&) = delete;

  // Writes bytes into a buffer: directly when it is host-visible, else through a staging buffer.
  void writeBuffer(Buffer& buffer, VkDeviceSize offset, const void* data, VkDeviceSize size);
  // Copies tightly packed texel data into the image's subresources (the regions' bufferOffsets
  // index `data`) and leaves the image in GENERAL.
  void writeImage(Image& image, const std::vector<VkBufferImageCopy>& regions, const void* data, VkDeviceSize size);
  // Puts a fresh image the application did not fill in GENERAL, zeroed (block-compressed images
  // keep undefined contents: Vulkan cannot clear them).
  void initializeImage(Image& image);
  // Puts a fresh sparse image (a D3D11 tiled texture, no memory yet) in GENERAL, untouched.
  void prepareImage(Image& image);

  std::vector<uint8_t> readBuffer(Buffer& buffer);
  // Records with `record`, submits and waits: for one-time measurements of the device
  // (vk/depth_bias_scale.cpp), never per frame.
  void runAndWait(const std::function<void(VkCommandBuffer)>& record) { submit(record); }
  std::vector<uint8_t> readImage(Image& image, const std::vector<VkBufferImageCopy>& regions, VkDeviceSize size);

private:
  // Records with `record`, submits, waits. Serialised: one queue, one pool.
  void submit(const std::function<void(VkCommandBuffer)>& record);
  void barrier(VkCommandBuffer commands, Image& image, VkImageLayout to);
  // check(), after telling the GPU timeline when `result` is VK_ERROR_DEVICE_LOST.
  void checkLoss(VkResult result, const char* call);

  Device& m_device;
  std::mutex m_mutex;
  VkCommandPool m_pool = VK_NULL_HANDLE;
  VkFence m_fence = VK_NULL_HANDLE;
};

}  // namespace vk
