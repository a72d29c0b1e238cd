// DeviceProfile: querying a live physical device, and pNext chaining of the feature and property
// structures.
#include "vk/device_profile.h"

#include <algorithm>

#include "vk/functions.h"
#include "vk/result.h"

namespace vk {

// Links structures in order, each with its own sType header, through their pNext members.
template <typename First, typename... Rest>
static void linkChain(First& first, Rest*... rest) {
  void** next = &first.pNext;
  ((*next = rest, next = rest ? &rest->pNext : next), ...);
  *next = nullptr;
}

template <typename T>
static T* ifExtension(const std::vector<std::string>& extensions, const char* name, T& structure) {
  return std::find(extensions.begin(), extensions.end(), name) != extensions.end() ? &structure : nullptr;
}

DeviceFeatures::DeviceFeatures(const DeviceFeatures& other) { *this = other; }

DeviceFeatures& DeviceFeatures::operator=(const DeviceFeatures& other) {
  // Plain member copies followed by clearing every pNext: a chain must never point into another
  // object. chainFor() rebuilds it.
  core = other.core; vk11 = other.vk11; vk12 = other.vk12; vk13 = other.vk13;
  transformFeedback = other.transformFeedback; depthClipEnable = other.depthClipEnable;
  customBorderColor = other.customBorderColor; robustness2 = other.robustness2;
  vertexAttributeDivisor = other.vertexAttributeDivisor; shaderInterlock = other.shaderInterlock;
  conditionalRendering = other.conditionalRendering; graphicsPipelineLibrary = other.graphicsPipelineLibrary;
  texelBufferAlignment = other.texelBufferAlignment; multiDraw = other.multiDraw;
  linkChain(core);
  linkChain(vk11); linkChain(vk12); linkChain(vk13); linkChain(transformFeedback);
  linkChain(depthClipEnable); linkChain(customBorderColor); linkChain(robustness2);
  linkChain(vertexAttributeDivisor); linkChain(shaderInterlock); linkChain(conditionalRendering);
  linkChain(graphicsPipelineLibrary); linkChain(texelBufferAlignment); linkChain(multiDraw);
  return *this;
}

VkPhysicalDeviceFeatures2* DeviceFeatures::chainFor(const std::vector<std::string>& extensions) {
  linkChain(core, &vk11, &vk12, &vk13,
            ifExtension(extensions, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, transformFeedback),
            ifExtension(extensions, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, depthClipEnable),
            ifExtension(extensions, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, customBorderColor),
            ifExtension(extensions, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, robustness2),
            ifExtension(extensions, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, vertexAttributeDivisor),
            ifExtension(extensions, VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME, shaderInterlock),
            ifExtension(extensions, VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME, conditionalRendering),
            ifExtension(extensions, VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME, graphicsPipelineLibrary),
            ifExtension(extensions, VK_EXT_TEXEL_BUFFER_ALIGNMENT_EXTENSION_NAME, texelBufferAlignment),
            ifExtension(extensions, VK_EXT_MULTI_DRAW_EXTENSION_NAME, multiDraw));
  return &core;
}

DeviceProperties::DeviceProperties(const DeviceProperties& other) { *this = other; }

DeviceProperties& DeviceProperties::operator=(const DeviceProperties& other) {
  core = other.core; vk11 = other.vk11; vk12 = other.vk12; vk13 = other.vk13;
  transformFeedback = other.transformFeedback; conservativeRasterization = other.conservativeRasterization;
  robustness2 = other.robustness2; multiDraw = other.multiDraw;
  linkChain(core); linkChain(vk11); linkChain(vk12); linkChain(vk13);
  linkChain(transformFeedback); linkChain(conservativeRasterization); linkChain(robustness2); linkChain(multiDraw);
  return *this;
}

VkPhysicalDeviceProperties2* DeviceProperties::chainFor(const std::vector<std::string>& extensions) {
  linkChain(core, &vk11, &vk12, &vk13,
            ifExtension(extensions, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, transformFeedback),
            ifExtension(extensions, VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME, conservativeRasterization),
            ifExtension(extensions, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, robustness2),
            ifExtension(extensions, VK_EXT_MULTI_DRAW_EXTENSION_NAME, multiDraw));
  return &core;
}

bool DeviceProfile::hasExtension(const char* name) const {
  return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

std::string DeviceProfile::driverDescription() const {
  std::string name = properties.vk12.driverName;
  std::string info = properties.vk12.driverInfo;
  if (name.empty())
    return "driver " + versionString(properties.core.properties.driverVersion);
  return info.empty() ? name : name + " " + info;
}

uint64_t DeviceProfile::deviceLocalMemory() const {
  uint64_t total = 0;
  for (uint32_t i = 0; i < memory.memoryHeapCount; i++) {
    if (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      total += memory.memoryHeaps[i].size;
  }
  return total;
}

const std::vector<VkFormat>& profiledFormats() {
  static const std::vector<VkFormat> formats = [] {
    std::vector<VkFormat> list;
    for (int format = VK_FORMAT_R4G4_UNORM_PACK8; format <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; format++)
      list.push_back(VkFormat(format));
    list.push_back(VK_FORMAT_A4R4G4B4_UNORM_PACK16);
    list.push_back(VK_FORMAT_A4B4G4R4_UNORM_PACK16);
    return list;
  }();
  return formats;
}

std::string versionString(uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." + std::to_string(VK_API_VERSION_MINOR(version)) +
         "." + std::to_string(VK_API_VERSION_PATCH(version));
}

DeviceProfile queryDeviceProfile(const InstanceFunctions& vk, VkPhysicalDevice device) {
  DeviceProfile profile;

  uint32_t count = 0;
  check(vk.vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr), "vkEnumerateDeviceExtensionProperties");
  std::vector<VkExtensionProperties> extensions(count);
  check(vk.vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data()), "vkEnumerateDeviceExtensionProperties");
  for (uint32_t i = 0; i < count; i++)
    profile.extensions.push_back(extensions[i].extensionName);
  std::sort(profile.extensions.begin(), profile.extensions.end());

  // Vulkan 1.1/1.2/1.3 structures may only be chained on a device of that version.
  VkPhysicalDeviceProperties basic{};
  vk.vkGetPhysicalDeviceProperties(device, &basic);
  if (basic.apiVersion < VK_API_VERSION_1_3) {
    profile.properties.core.properties = basic;
    VkPhysicalDeviceFeatures2 features = makeStruct<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
    vk.vkGetPhysicalDeviceFeatures2(device, &features);
    profile.features.core.features = features.features;
  } else {
    vk.vkGetPhysicalDeviceProperties2(device, profile.properties.chainFor(profile.extensions));
    vk.vkGetPhysicalDeviceFeatures2(device, profile.features.chainFor(profile.extensions));
  }

  for (VkFormat format : profiledFormats()) {
    VkFormatProperties properties{};
    vk.vkGetPhysicalDeviceFormatProperties(device, format, &properties);
    profile.formats[format] = properties;
  }

  vk.vkGetPhysicalDeviceMemoryProperties(device, &profile.memory);

  vk.vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  profile.queueFamilies.resize(count);
  vk.vkGetPhysicalDeviceQueueFamilyProperties(device, &count, profile.queueFamilies.data());

  // Leave the profile self-contained: no pointers into this function's stack or another object.
  profile.features = DeviceFeatures(profile.features);
  profile.properties = DeviceProperties(profile.properties);
  return profile;
}

}  // namespace vk
