// Device creation: requirement checks, queue family choice, and the start-up log of exactly what
// was enabled.
#include "vk/device.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "util/env.h"
#include "util/hud_options.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/gpu_timeline.h"
#include "vk/gpu_timer.h"
#include "vk/instance.h"
#include "vk/memory_allocator.h"
#include "vk/transfer.h"
#include "vk/result.h"

namespace vk {

static std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items)
    text += (text.empty() ? "" : ", ") + item;
  return text.empty() ? "(none)" : text;
}

// GPU time is measured (two timestamps a command buffer) only where something reads it: the
// HUD's gpuload item and the frame-time log's gpu_ms column (the frametimes graph shows
// present-to-present times, which need none).
static bool wantsGpuTiming() {
  return util::hud::processOptions().has(util::hud::Item::GpuLoad) || util::getEnv("D3D11VK_FRAMETIME_LOG").has_value();
}

// D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS=N (tests only, docs/command-stream.md): the first N
// submissions of the command stream reach the GPU, submission N+1 fails with VK_ERROR_DEVICE_LOST.
static uint64_t testLostSubmissionFromEnv() {
  auto value = util::getEnv("D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS");
  if (!value || value->empty())
    return 0;
  char* end = nullptr;
  unsigned long long count = std::strtoull(value->c_str(), &end, 10);
  if (*end || (*value)[0] == '-') {
    util::log::warn("D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS='", *value, "' is not a count; ignored");
    return 0;
  }
  util::log::warn("test hook D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS=", count, ": submission ", count + 1,
                  " of this device will fail as if the device were lost");
  return uint64_t(count) + 1;
}

Device::Device(const Adapter& adapter) : m_instance(adapter.instance()), m_testLostSubmission(testLostSubmissionFromEnv()) {
  const DeviceProfile& profile = adapter.profile();
  m_selection = selectDeviceFeatures(profile);
  if (!m_selection.missing.empty()) {
    std::string message = "Vulkan device '" + profile.deviceName() + "' lacks what d3d11vk requires: " + joined(m_selection.missing);
    util::log::error(message);
    throw std::runtime_error(message);
  }

  // One queue that does graphics and compute: D3D11 has a single immediate context.
  auto family = std::find_if(profile.queueFamilies.begin(), profile.queueFamilies.end(), [](const VkQueueFamilyProperties& q) {
    return (q.queueFlags & VK_QUEUE_GRAPHICS_BIT) && (q.queueFlags & VK_QUEUE_COMPUTE_BIT) && q.queueCount > 0;
  });
  if (family == profile.queueFamilies.end()) {
    std::string message = "Vulkan device '" + profile.deviceName() + "' has no queue family with graphics and compute";
    util::log::error(message);
    throw std::runtime_error(message);
  }
  m_queueFamily = uint32_t(family - profile.queueFamilies.begin());

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo = makeStruct<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
  queueInfo.queueFamilyIndex = m_queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;

  std::vector<const char*> extensionNames;
  for (const std::string& name : m_selection.extensions)
    extensionNames.push_back(name.c_str());

  DeviceFeatures features = m_selection.features;
  VkDeviceCreateInfo info = makeStruct<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
  info.pNext = features.chainFor(m_selection.extensions);
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.enabledExtensionCount = uint32_t(extensionNames.size());
  info.ppEnabledExtensionNames = extensionNames.data();

  const InstanceFunctions& vk = m_instance->functions();
  check(vk.vkCreateDevice(adapter.handle(), &info, nullptr, &m_device), "vkCreateDevice");
  m_physicalDevice = adapter.handle();
  if (const char* missing = m_functions.load(vk.vkGetDeviceProcAddr, m_device)) {
    if (m_functions.vkDestroyDevice)
      m_functions.vkDestroyDevice(m_device, nullptr);
    throw std::runtime_error(std::string("the Vulkan device lacks ") + missing);
  }
  m_functions.vkGetDeviceQueue(m_device, m_queueFamily, 0, &m_queue);
  m_properties = profile.properties.core.properties;
  if (m_selection.features.multiDraw.multiDraw && hasExtension(VK_EXT_MULTI_DRAW_EXTENSION_NAME))
    m_maxMultiDrawCount = profile.properties.multiDraw.maxMultiDrawCount;
  m_timestampValidBits = family->timestampValidBits;
  try {
    m_allocator = std::make_unique<MemoryAllocator>(*this, profile.memory);
    m_transfer = std::make_unique<Transfer>(*this);
    m_timeline = std::make_unique<GpuTimeline>(*this);
    if (wantsGpuTiming() && m_timestampValidBits)
      m_gpuTimer = std::make_unique<GpuTimer>(*this);
  } catch (...) {
    m_timeline.reset();
    m_gpuTimer.reset();
    m_transfer.reset();
    m_allocator.reset();
    m_functions.vkDestroyDevice(m_device, nullptr);
    throw;
  }

  util::log::info("Vulkan device: ", adapter.description());
  util::log::info("  enabled extensions: ", joined(m_selection.extensions));
  util::log::info("  enabled features: ", joined(enabledFeatureNames(m_selection)));
  if (!m_selection.lacking.empty())
    util::log::info("  extensions the device lacks, and what that costs: ", joined(m_selection.lacking));
}

Device::~Device() {
  if (m_device) {
    // Idle first: the timeline's semaphore must outlive the driver's last use of it (waitQueueIdle).
    util::log::debug("Vulkan device teardown: waiting for the device to be idle");
    m_functions.vkDeviceWaitIdle(m_device);
    m_timeline.reset();
    m_gpuTimer.reset();
    m_transfer.reset();
    m_allocator.reset();
    m_functions.vkDestroyDevice(m_device, nullptr);
  }
}

void Device::waitQueueIdle() const {
  std::lock_guard lock(m_queueMutex);
  m_functions.vkQueueWaitIdle(m_queue);
}

void Device::adapterFormatProperties(VkFormat format, VkFormatProperties* properties) const {
  m_instance->functions().vkGetPhysicalDeviceFormatProperties(m_physicalDevice, format, properties);
}

const DepthBiasScale& Device::depthBiasScale() {
  std::call_once(m_depthBiasOnce, [this] { m_depthBiasScale = measureDepthBiasScale(*this); });
  return m_depthBiasScale;
}

bool Device::hasExtension(const char* name) const {
  return std::find(m_selection.extensions.begin(), m_selection.extensions.end(), name) != m_selection.extensions.end();
}

bool Device::sparseImageSupported(const VkImageCreateInfo& info) const {
  const InstanceFunctions& vk = m_instance->functions();
  uint32_t count = 0;
  vk.vkGetPhysicalDeviceSparseImageFormatProperties(m_physicalDevice, info.format, info.imageType, info.samples,
                                                    info.usage, info.tiling, &count, nullptr);
  std::vector<VkSparseImageFormatProperties> properties(count);
  vk.vkGetPhysicalDeviceSparseImageFormatProperties(m_physicalDevice, info.format, info.imageType, info.samples,
                                                    info.usage, info.tiling, &count, properties.data());
  return count == 1 && properties[0].aspectMask == VK_IMAGE_ASPECT_COLOR_BIT &&
         !(properties[0].flags & VK_SPARSE_IMAGE_FORMAT_NONSTANDARD_BLOCK_SIZE_BIT);
}

}  // namespace vk
