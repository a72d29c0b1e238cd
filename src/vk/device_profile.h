// DeviceProfile: everything the layer needs to know about a Vulkan physical device (properties,
// features, extensions, format support, memory, queues) as plain data. It is filled from a live
// device here, and from a `vulkaninfo --json` profile by the feature-level mapper's loader, so the
// mapper can be tested on devices that are not on this machine.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

struct InstanceFunctions;

// The feature structures the layer reads and enables. Extension structures are only meaningful
// when the device has the extension; chainFor() links just those.
struct DeviceFeatures {
  VkPhysicalDeviceFeatures2 core = makeStruct<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  VkPhysicalDeviceVulkan11Features vk11 = makeStruct<VkPhysicalDeviceVulkan11Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
  VkPhysicalDeviceVulkan12Features vk12 = makeStruct<VkPhysicalDeviceVulkan12Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
  VkPhysicalDeviceVulkan13Features vk13 = makeStruct<VkPhysicalDeviceVulkan13Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
  VkPhysicalDeviceTransformFeedbackFeaturesEXT transformFeedback = makeStruct<VkPhysicalDeviceTransformFeedbackFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT);
  VkPhysicalDeviceDepthClipEnableFeaturesEXT depthClipEnable = makeStruct<VkPhysicalDeviceDepthClipEnableFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT);
  VkPhysicalDeviceCustomBorderColorFeaturesEXT customBorderColor = makeStruct<VkPhysicalDeviceCustomBorderColorFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT);
  VkPhysicalDeviceRobustness2FeaturesEXT robustness2 = makeStruct<VkPhysicalDeviceRobustness2FeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT);
  VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT vertexAttributeDivisor = makeStruct<VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT);
  VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT shaderInterlock = makeStruct<VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FRAGMENT_SHADER_INTERLOCK_FEATURES_EXT);
  VkPhysicalDeviceConditionalRenderingFeaturesEXT conditionalRendering = makeStruct<VkPhysicalDeviceConditionalRenderingFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT);
  VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT graphicsPipelineLibrary = makeStruct<VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT);
  // Vulkan 1.3 implies it, but the validation layer reads the extension's structure.
  VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT texelBufferAlignment = makeStruct<VkPhysicalDeviceTexelBufferAlignmentFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXEL_BUFFER_ALIGNMENT_FEATURES_EXT);
  VkPhysicalDeviceMultiDrawFeaturesEXT multiDraw = makeStruct<VkPhysicalDeviceMultiDrawFeaturesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT);

  DeviceFeatures() = default;
  // Copies keep their own pNext chain, never the source's.
  DeviceFeatures(const DeviceFeatures& other);
  DeviceFeatures& operator=(const DeviceFeatures& other);

  // Links core → vk11 → vk12 → vk13 → the extension structures whose extension is in the list;
  // returns &core for vkGetPhysicalDeviceFeatures2 or VkDeviceCreateInfo::pNext.
  VkPhysicalDeviceFeatures2* chainFor(const std::vector<std::string>& extensions);
};

struct DeviceProperties {
  VkPhysicalDeviceProperties2 core = makeStruct<VkPhysicalDeviceProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
  VkPhysicalDeviceVulkan11Properties vk11 = makeStruct<VkPhysicalDeviceVulkan11Properties>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES);
  VkPhysicalDeviceVulkan12Properties vk12 = makeStruct<VkPhysicalDeviceVulkan12Properties>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES);
  VkPhysicalDeviceVulkan13Properties vk13 = makeStruct<VkPhysicalDeviceVulkan13Properties>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES);
  VkPhysicalDeviceTransformFeedbackPropertiesEXT transformFeedback = makeStruct<VkPhysicalDeviceTransformFeedbackPropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT);
  VkPhysicalDeviceConservativeRasterizationPropertiesEXT conservativeRasterization = makeStruct<VkPhysicalDeviceConservativeRasterizationPropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONSERVATIVE_RASTERIZATION_PROPERTIES_EXT);
  VkPhysicalDeviceRobustness2PropertiesEXT robustness2 = makeStruct<VkPhysicalDeviceRobustness2PropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT);
  VkPhysicalDeviceMultiDrawPropertiesEXT multiDraw = makeStruct<VkPhysicalDeviceMultiDrawPropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT);

  DeviceProperties() = default;
  DeviceProperties(const DeviceProperties& other);
  DeviceProperties& operator=(const DeviceProperties& other);

  VkPhysicalDeviceProperties2* chainFor(const std::vector<std::string>& extensions);
};

struct DeviceProfile {
  DeviceProperties properties;
  DeviceFeatures features;
  std::vector<std::string> extensions;
  // Format support for every core format and the few extension formats D3D needs (4444 BGRA).
  std::map<VkFormat, VkFormatProperties> formats;
  VkPhysicalDeviceMemoryProperties memory{};
  std::vector<VkQueueFamilyProperties> queueFamilies;

  bool hasExtension(const char* name) const;
  std::string deviceName() const { return properties.core.properties.deviceName; }
  uint32_t apiVersion() const { return properties.core.properties.apiVersion; }
  // "Mesa 22.3.6" style: the driver name and info from VkPhysicalDeviceDriverProperties.
  std::string driverDescription() const;
  // Sum of the device-local heaps, in bytes.
  uint64_t deviceLocalMemory() const;
};

// Reads the full profile of a live physical device.
DeviceProfile queryDeviceProfile(const InstanceFunctions& vk, VkPhysicalDevice device);

// The formats queryDeviceProfile reads support for.
const std::vector<VkFormat>& profiledFormats();

// "1.3.230" from a packed Vulkan version.
std::string versionString(uint32_t version);

}  // namespace vk
