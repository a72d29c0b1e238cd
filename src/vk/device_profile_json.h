// Reading a DeviceProfile from a Vulkan Profiles JSON document, the format `vulkaninfo --json`
// writes (capabilities.device.{extensions,features,properties,formats,queueFamiliesProperties}).
// Native builds only: it is for tools and tests that look at devices not on this machine.
#pragma once

#include <string>

#include "vk/device_profile.h"

namespace vk {

// Throws std::runtime_error naming the file and what is wrong when the document cannot be read
// or lacks the parts the feature-level mapper needs.
DeviceProfile loadDeviceProfileJson(const std::string& path);
DeviceProfile parseDeviceProfileJson(const std::string& text, const std::string& sourceName);

// "VK_FORMAT_R8G8B8A8_UNORM" for the formats the layer uses, or nullptr.
const char* formatName(VkFormat format);

}  // namespace vk
