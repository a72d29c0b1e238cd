// Synthetic device profiles for unit tests: a device with everything, from which a test drops one
// feature or extension to see what it costs.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>

#include "vk/device_requirements.h"

namespace test {

inline vk::DeviceProfile fullProfile() {
  vk::DeviceProfile profile;
  profile.properties.core.properties.apiVersion = VK_API_VERSION_1_3;
  std::strncpy(profile.properties.core.properties.deviceName, "Synthetic GPU", VK_MAX_PHYSICAL_DEVICE_NAME_SIZE - 1);
  for (const vk::ExtensionRequirement& extension : vk::extensionRequirements())
    profile.extensions.push_back(extension.name);
  for (const vk::FeatureRequirement& feature : vk::featureRequirements())
    feature.field(profile.features) = VK_TRUE;
  return profile;
}

inline void dropExtension(vk::DeviceProfile& profile, const std::string& name) {
  profile.extensions.erase(std::remove(profile.extensions.begin(), profile.extensions.end(), name), profile.extensions.end());
}

}  // namespace test
