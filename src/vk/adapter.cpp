// Adapter: profile query at enumeration, description for logs, device creation.
#include "vk/adapter.h"

#include "vk/device.h"
#include "vk/instance.h"

namespace vk {

Adapter::Adapter(std::shared_ptr<Instance> instance, VkPhysicalDevice device)
    : m_instance(std::move(instance)), m_device(device),
      m_profile(queryDeviceProfile(m_instance->functions(), device)) {}

std::string Adapter::description() const {
  return m_profile.deviceName() + ", Vulkan " + versionString(m_profile.apiVersion()) + ", " +
         m_profile.driverDescription();
}

std::unique_ptr<Device> Adapter::createDevice() const {
  return std::make_unique<Device>(*this);
}

}  // namespace vk
