// Adapter: one Vulkan physical device with its profile; it creates logical devices.
#pragma once

#include <memory>
#include <string>

#include "vk/device_profile.h"

namespace vk {

class Instance;
class Device;

class Adapter {
public:
  Adapter(std::shared_ptr<Instance> instance, VkPhysicalDevice device);

  const std::shared_ptr<Instance>& instance() const { return m_instance; }
  VkPhysicalDevice handle() const { return m_device; }
  const DeviceProfile& profile() const { return m_profile; }

  // "llvmpipe (LLVM 15.0.6, 256 bits), Vulkan 1.3.230, llvmpipe Mesa 22.3.6"
  std::string description() const;

  // Creates a logical device with every required feature and every optional one the device has.
  // Throws std::runtime_error naming each missing requirement, or vk::Error.
  std::unique_ptr<Device> createDevice() const;

private:
  std::shared_ptr<Instance> m_instance;
  VkPhysicalDevice m_device;
  DeviceProfile m_profile;
};

}  // namespace vk
