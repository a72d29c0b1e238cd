// Device: a Vulkan logical device with its graphics/compute queue and the exact features and
// extensions that were enabled on it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "vk/device_requirements.h"
#include "vk/functions.h"

namespace vk {

class Adapter;
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
  MemoryAllocator& allocator() const { return *m_allocator; }
  // The interim blocking upload path (see vk/transfer.h).
  Transfer& transfer() const { return *m_transfer; }

private:
  std::shared_ptr<Instance> m_instance;  // outlives the device
  DeviceSelection m_selection;
  DeviceFunctions m_functions;
  VkDevice m_device = VK_NULL_HANDLE;
  VkQueue m_queue = VK_NULL_HANDLE;
  uint32_t m_queueFamily = 0;
  std::unique_ptr<MemoryAllocator> m_allocator;  // destroyed before the VkDevice
  std::unique_ptr<Transfer> m_transfer;
};

}  // namespace vk
