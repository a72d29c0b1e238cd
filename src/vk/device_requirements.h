// The Vulkan features and extensions d3d11vk asks of a device, in one table: which ones a device
// must have for the layer to run at all, and which ones it enables when present (the feature-level
// mapper decides what the optional ones unlock).
#pragma once

#include <string>
#include <vector>

#include "vk/device_profile.h"

namespace vk {

enum class Need { Required, Optional };

struct FeatureRequirement {
  const char* name;        // the Vulkan member name, e.g. "geometryShader"
  const char* extension;   // the device extension that provides it, or nullptr for core
  Need need;
  VkBool32& (*field)(DeviceFeatures& features);
};

struct ExtensionRequirement {
  const char* name;
  Need need;
  const char* dependsOn;   // another extension it needs, or nullptr
  // What d3d11vk does without it, for the log line that lists what a device lacks: a user whose
  // driver (or Wine's winevulkan, which hides extensions newer than it knows) lacks one reads
  // what that costs instead of guessing.
  const char* without;
};

const std::vector<FeatureRequirement>& featureRequirements();
const std::vector<ExtensionRequirement>& extensionRequirements();

// Lowest Vulkan version the layer runs on: dynamic rendering, synchronization2 and timeline
// semaphores are core from 1.3 and the backend is built on them.
constexpr uint32_t kMinimumApiVersion = VK_API_VERSION_1_3;

struct DeviceSelection {
  DeviceFeatures features;                 // what to enable
  std::vector<std::string> extensions;     // what to enable
  std::vector<std::string> missing;        // required items the device lacks, by name
  std::vector<std::string> lacking;        // optional extensions it lacks: "NAME (what that costs)"
};

// Chooses what to enable on a device from the tables above and the device's profile.
DeviceSelection selectDeviceFeatures(const DeviceProfile& profile);

// "geometryShader, tessellationShader, ..." of every feature enabled in the selection.
std::vector<std::string> enabledFeatureNames(const DeviceSelection& selection);

}  // namespace vk
