// Device: a Vulkan logical device with its graphics/compute queue and the exact features and
// extensions that were enabled on it.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "vk/depth_bias_scale.h"
#include "vk/device_counters.h"
#include "vk/device_requirements.h"
#include "vk/functions.h"

namespace vk {

class Adapter;
class GpuTimeline;
class GpuTimer;
class Instance;
class MemoryAllocator;
class Transfer;

class Device {
public:
  // Throws std::runtime_error listing every missing requirement, or vk::Error.
  explicit Device(const Adapter& adapter);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  VkDevice handle() const { return m_device; }
  const DeviceFunctions& functions() const { return m_functions; }
  VkQueue queue() const { return m_queue; }
  uint32_t queueFamily() const { return m_queueFamily; }
  const DeviceFeatures& enabledFeatures() const { return m_selection.features; }
  const std::vector<std::string>& enabledExtensions() const { return m_selection.extensions; }
  bool hasExtension(const char* name) const;
  // Whether queries can count per stream output stream (VK_EXT_transform_feedback's indexed
  // queries, with the feature on): the stream-output statistics queries.
  bool hasStreamOutputQueries() const {
    return m_functions.vkCmdBeginQueryIndexedEXT && m_selection.features.transformFeedback.transformFeedback;
  }
  // Whether an image made from `info` (its format, type, samples, usage, optimal tiling) can be
  // sparse-resident on this device with one color aspect: D3D11 tiled textures.
  bool sparseImageSupported(const VkImageCreateInfo& info) const;
  MemoryAllocator& allocator() const { return *m_allocator; }
  // The blocking path for initial data and diagnostics read-backs (see vk/transfer.h).
  Transfer& transfer() const { return *m_transfer; }
  // The submission counter of the command stream; objects the GPU may still use are destroyed
  // through it (GpuTimeline::deferUntil).
  GpuTimeline& timeline() const { return *m_timeline; }
  // vkQueueSubmit and vkQueuePresentKHR need the queue externally synchronised: every submitter
  // (the command stream's worker, Transfer, the presenter) holds this while it submits.
  std::mutex& queueMutex() const { return m_queueMutex; }
  // vkQueueWaitIdle under the queue mutex, before a semaphore or fence that submissions used is
  // destroyed. Waiting for a timeline value is not enough: Mesa's common queue code (lavapipe)
  // runs submissions on a thread that still touches the semaphores a submission waited on after
  // it has signalled, and destroying one then makes that thread lock freed memory
  // (docs/command-stream.md, "Teardown"). Errors (a lost device) are ignored: nothing is pending.
  void waitQueueIdle() const;
  const VkPhysicalDeviceProperties& properties() const { return m_properties; }
  // Bits of a timestamp the queue writes; 0 when it writes none.
  uint32_t timestampValidBits() const { return m_timestampValidBits; }
  // VkPhysicalDeviceMultiDrawPropertiesEXT::maxMultiDrawCount when multiDraw is enabled, else 0.
  uint32_t maxMultiDrawCount() const { return m_maxMultiDrawCount; }
  // Tests only: the command-stream submission (timeline value) that the worker fails with
  // VK_ERROR_DEVICE_LOST instead of submitting; 0 for none (D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS,
  // read once when the device is made).
  uint64_t testLostSubmission() const { return m_testLostSubmission; }
  // What the device has done, for the HUD (relaxed atomics).
  DeviceCounters& counters() const { return m_counters; }
  // The command buffers' GPU time, or null: made only when the process's HUD shows GPU time or
  // D3D11VK_FRAMETIME_LOG is set, and the queue writes timestamps.
  GpuTimer* gpuTimer() const { return m_gpuTimer.get(); }
  void adapterFormatProperties(VkFormat format, VkFormatProperties* properties) const;
  // The driver's depth-bias unit per UNORM depth format (vk/depth_bias_scale.h), measured on the
  // first call (blocking, a few milliseconds, once); the executor asks only for draws with a
  // constant depth bias into a UNORM depth target.
  const DepthBiasScale& depthBiasScale();

private:
  std::shared_ptr<Instance> m_instance;  // outlives the device
  uint64_t m_testLostSubmission = 0;
  DeviceSelection m_selection;
  DeviceFunctions m_functions;
  VkDevice m_device = VK_NULL_HANDLE;
  VkPhysicalDevice m_physicalDevice = VK_NULL_HANDLE;
  VkQueue m_queue = VK_NULL_HANDLE;
  uint32_t m_queueFamily = 0;
  VkPhysicalDeviceProperties m_properties{};
  uint32_t m_timestampValidBits = 0;
  uint32_t m_maxMultiDrawCount = 0;
  mutable std::mutex m_queueMutex;
  std::unique_ptr<MemoryAllocator> m_allocator;  // destroyed before the VkDevice
  std::unique_ptr<Transfer> m_transfer;
  mutable DeviceCounters m_counters;
  std::once_flag m_depthBiasOnce;
  DepthBiasScale m_depthBiasScale;
  std::unique_ptr<GpuTimer> m_gpuTimer;          // outlives the timeline, whose actions read it
  std::unique_ptr<GpuTimeline> m_timeline;       // destroyed first: its deferred actions free memory
};

}  // namespace vk
