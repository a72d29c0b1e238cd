// Profile JSON reader: extensions, features (by member name across every feature structure),
// the properties and limits the mapper reads, format features and queue families.
#include "vk/device_profile_json.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "vk/device_requirements.h"

namespace vk {

using Json = nlohmann::json;

namespace {

// The Vulkan formats the DXGI format table maps to, by name: profiles list formats by name.
const std::vector<std::pair<const char*, VkFormat>>& formatNames() {
  static const std::vector<std::pair<const char*, VkFormat>> names = {
#define NAMED_FORMAT(name) {#name, name},
    NAMED_FORMAT(VK_FORMAT_A1R5G5B5_UNORM_PACK16)
    NAMED_FORMAT(VK_FORMAT_A2B10G10R10_UINT_PACK32)
    NAMED_FORMAT(VK_FORMAT_A2B10G10R10_UNORM_PACK32)
    NAMED_FORMAT(VK_FORMAT_A4R4G4B4_UNORM_PACK16)
    NAMED_FORMAT(VK_FORMAT_B10G11R11_UFLOAT_PACK32)
    NAMED_FORMAT(VK_FORMAT_B8G8R8A8_SRGB)
    NAMED_FORMAT(VK_FORMAT_B8G8R8A8_UNORM)
    NAMED_FORMAT(VK_FORMAT_B8G8R8G8_422_UNORM)
    NAMED_FORMAT(VK_FORMAT_BC1_RGBA_SRGB_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC1_RGBA_UNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC2_SRGB_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC2_UNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC3_SRGB_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC3_UNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC4_SNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC4_UNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC5_SNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC5_UNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC6H_SFLOAT_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC6H_UFLOAT_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC7_SRGB_BLOCK)
    NAMED_FORMAT(VK_FORMAT_BC7_UNORM_BLOCK)
    NAMED_FORMAT(VK_FORMAT_D16_UNORM)
    NAMED_FORMAT(VK_FORMAT_D24_UNORM_S8_UINT)
    NAMED_FORMAT(VK_FORMAT_D32_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_D32_SFLOAT_S8_UINT)
    NAMED_FORMAT(VK_FORMAT_E5B9G9R9_UFLOAT_PACK32)
    NAMED_FORMAT(VK_FORMAT_G8B8G8R8_422_UNORM)
    NAMED_FORMAT(VK_FORMAT_R16G16B16A16_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R16G16B16A16_SINT)
    NAMED_FORMAT(VK_FORMAT_R16G16B16A16_SNORM)
    NAMED_FORMAT(VK_FORMAT_R16G16B16A16_UINT)
    NAMED_FORMAT(VK_FORMAT_R16G16B16A16_UNORM)
    NAMED_FORMAT(VK_FORMAT_R16G16_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R16G16_SINT)
    NAMED_FORMAT(VK_FORMAT_R16G16_SNORM)
    NAMED_FORMAT(VK_FORMAT_R16G16_UINT)
    NAMED_FORMAT(VK_FORMAT_R16G16_UNORM)
    NAMED_FORMAT(VK_FORMAT_R16_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R16_SINT)
    NAMED_FORMAT(VK_FORMAT_R16_SNORM)
    NAMED_FORMAT(VK_FORMAT_R16_UINT)
    NAMED_FORMAT(VK_FORMAT_R16_UNORM)
    NAMED_FORMAT(VK_FORMAT_R32G32B32A32_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R32G32B32A32_SINT)
    NAMED_FORMAT(VK_FORMAT_R32G32B32A32_UINT)
    NAMED_FORMAT(VK_FORMAT_R32G32B32_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R32G32B32_SINT)
    NAMED_FORMAT(VK_FORMAT_R32G32B32_UINT)
    NAMED_FORMAT(VK_FORMAT_R32G32_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R32G32_SINT)
    NAMED_FORMAT(VK_FORMAT_R32G32_UINT)
    NAMED_FORMAT(VK_FORMAT_R32_SFLOAT)
    NAMED_FORMAT(VK_FORMAT_R32_SINT)
    NAMED_FORMAT(VK_FORMAT_R32_UINT)
    NAMED_FORMAT(VK_FORMAT_R5G6B5_UNORM_PACK16)
    NAMED_FORMAT(VK_FORMAT_R8G8B8A8_SINT)
    NAMED_FORMAT(VK_FORMAT_R8G8B8A8_SNORM)
    NAMED_FORMAT(VK_FORMAT_R8G8B8A8_SRGB)
    NAMED_FORMAT(VK_FORMAT_R8G8B8A8_UINT)
    NAMED_FORMAT(VK_FORMAT_R8G8B8A8_UNORM)
    NAMED_FORMAT(VK_FORMAT_R8G8_SINT)
    NAMED_FORMAT(VK_FORMAT_R8G8_SNORM)
    NAMED_FORMAT(VK_FORMAT_R8G8_UINT)
    NAMED_FORMAT(VK_FORMAT_R8G8_UNORM)
    NAMED_FORMAT(VK_FORMAT_R8_SINT)
    NAMED_FORMAT(VK_FORMAT_R8_SNORM)
    NAMED_FORMAT(VK_FORMAT_R8_UINT)
    NAMED_FORMAT(VK_FORMAT_R8_UNORM)
#undef NAMED_FORMAT
  };
  return names;
}

const std::vector<std::pair<const char*, VkFormatFeatureFlags>>& formatFeatureNames() {
  static const std::vector<std::pair<const char*, VkFormatFeatureFlags>> names = {
#define FEATURE_BIT(name) {#name, name},
    FEATURE_BIT(VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_BLIT_SRC_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_BLIT_DST_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_TRANSFER_SRC_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_TRANSFER_DST_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_CUBIC_BIT_EXT)
    FEATURE_BIT(VK_FORMAT_FEATURE_MIDPOINT_CHROMA_SAMPLES_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_DISJOINT_BIT)
    FEATURE_BIT(VK_FORMAT_FEATURE_COSITED_CHROMA_SAMPLES_BIT)
#undef FEATURE_BIT
  };
  return names;
}

[[noreturn]] void fail(const std::string& source, const std::string& what) {
  throw std::runtime_error(source + ": " + what);
}

const Json& member(const Json& object, const char* key, const std::string& source, const std::string& path) {
  if (!object.is_object() || !object.contains(key))
    fail(source, "missing " + path + (path.empty() ? "" : ".") + key);
  return object.at(key);
}

VkFlags flagsFromNames(const Json& list, const std::vector<std::pair<const char*, VkFlags>>& table) {
  VkFlags flags = 0;
  if (!list.is_array())
    return flags;
  for (const Json& item : list) {
    if (!item.is_string())
      continue;
    for (const auto& [name, bit] : table) {
      if (item.get<std::string>() == name)
        flags |= bit;
    }
  }
  return flags;
}

VkSampleCountFlags sampleCounts(const Json& list) {
  static const std::vector<std::pair<const char*, VkFlags>> table = {
    {"VK_SAMPLE_COUNT_1_BIT", VK_SAMPLE_COUNT_1_BIT},   {"VK_SAMPLE_COUNT_2_BIT", VK_SAMPLE_COUNT_2_BIT},
    {"VK_SAMPLE_COUNT_4_BIT", VK_SAMPLE_COUNT_4_BIT},   {"VK_SAMPLE_COUNT_8_BIT", VK_SAMPLE_COUNT_8_BIT},
    {"VK_SAMPLE_COUNT_16_BIT", VK_SAMPLE_COUNT_16_BIT}, {"VK_SAMPLE_COUNT_32_BIT", VK_SAMPLE_COUNT_32_BIT},
    {"VK_SAMPLE_COUNT_64_BIT", VK_SAMPLE_COUNT_64_BIT},
  };
  return flagsFromNames(list, table);
}

template <typename T>
void read(const Json& object, const char* key, T& out) {
  if (object.is_object() && object.contains(key) && !object.at(key).is_null())
    out = object.at(key).get<T>();
}

void readLimits(const Json& json, VkPhysicalDeviceLimits& limits) {
#define FIELD(name) read(json, #name, limits.name);
#define SAMPLES(name) if (json.contains(#name)) limits.name = sampleCounts(json.at(#name));
#define ARRAY(name, count) \
  if (json.contains(#name) && json.at(#name).is_array()) \
    for (size_t i = 0; i < (count) && i < json.at(#name).size(); i++) limits.name[i] = json.at(#name)[i].get<decltype(+limits.name[0])>();
  FIELD(maxImageDimension1D) FIELD(maxImageDimension2D) FIELD(maxImageDimension3D) FIELD(maxImageDimensionCube)
  FIELD(maxImageArrayLayers) FIELD(maxTexelBufferElements) FIELD(maxUniformBufferRange) FIELD(maxStorageBufferRange)
  FIELD(maxPushConstantsSize) FIELD(maxBoundDescriptorSets) FIELD(maxPerStageDescriptorSamplers)
  FIELD(maxPerStageDescriptorUniformBuffers) FIELD(maxPerStageDescriptorStorageBuffers)
  FIELD(maxPerStageDescriptorSampledImages) FIELD(maxPerStageDescriptorStorageImages) FIELD(maxPerStageResources)
  FIELD(maxDescriptorSetSamplers) FIELD(maxDescriptorSetUniformBuffers) FIELD(maxDescriptorSetStorageBuffers)
  FIELD(maxDescriptorSetSampledImages) FIELD(maxDescriptorSetStorageImages) FIELD(maxVertexInputAttributes)
  FIELD(maxVertexInputBindings) FIELD(maxVertexInputAttributeOffset) FIELD(maxVertexInputBindingStride)
  FIELD(maxVertexOutputComponents) FIELD(maxTessellationGenerationLevel) FIELD(maxTessellationPatchSize)
  FIELD(maxGeometryShaderInvocations) FIELD(maxGeometryOutputVertices) FIELD(maxGeometryTotalOutputComponents)
  FIELD(maxFragmentOutputAttachments) FIELD(maxFragmentCombinedOutputResources) FIELD(maxComputeSharedMemorySize)
  FIELD(maxComputeWorkGroupInvocations) FIELD(maxViewports) FIELD(maxFramebufferWidth) FIELD(maxFramebufferHeight)
  FIELD(maxFramebufferLayers) FIELD(maxColorAttachments) FIELD(maxClipDistances) FIELD(maxCullDistances)
  FIELD(maxCombinedClipAndCullDistances) FIELD(maxSamplerLodBias) FIELD(maxSamplerAnisotropy) FIELD(timestampPeriod)
  FIELD(minTexelBufferOffsetAlignment) FIELD(minUniformBufferOffsetAlignment) FIELD(minStorageBufferOffsetAlignment)
  SAMPLES(framebufferColorSampleCounts) SAMPLES(framebufferDepthSampleCounts)
  SAMPLES(framebufferStencilSampleCounts) SAMPLES(framebufferNoAttachmentsSampleCounts)
  SAMPLES(sampledImageColorSampleCounts) SAMPLES(sampledImageIntegerSampleCounts)
  SAMPLES(sampledImageDepthSampleCounts) SAMPLES(sampledImageStencilSampleCounts) SAMPLES(storageImageSampleCounts)
  ARRAY(maxComputeWorkGroupCount, 3) ARRAY(maxComputeWorkGroupSize, 3) ARRAY(maxViewportDimensions, 2)
#undef FIELD
#undef SAMPLES
#undef ARRAY
}

VkPhysicalDeviceType deviceType(const Json& value) {
  static const std::pair<const char*, VkPhysicalDeviceType> names[] = {
    {"VK_PHYSICAL_DEVICE_TYPE_OTHER", VK_PHYSICAL_DEVICE_TYPE_OTHER},
    {"VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU},
    {"VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU},
    {"VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU", VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU},
    {"VK_PHYSICAL_DEVICE_TYPE_CPU", VK_PHYSICAL_DEVICE_TYPE_CPU},
  };
  if (value.is_number_integer())
    return VkPhysicalDeviceType(value.get<int>());
  for (const auto& [name, type] : names) {
    if (value.is_string() && value.get<std::string>() == name)
      return type;
  }
  return VK_PHYSICAL_DEVICE_TYPE_OTHER;
}

void copyString(const Json& object, const char* key, char* out, size_t size) {
  if (object.is_object() && object.contains(key) && object.at(key).is_string())
    std::strncpy(out, object.at(key).get<std::string>().c_str(), size - 1);
}

void readProperties(const Json& properties, DeviceProfile& profile, const std::string& source) {
  const Json& core = member(properties, "VkPhysicalDeviceProperties", source, "capabilities.device.properties");
  VkPhysicalDeviceProperties& p = profile.properties.core.properties;
  read(core, "apiVersion", p.apiVersion);
  read(core, "driverVersion", p.driverVersion);
  read(core, "vendorID", p.vendorID);
  read(core, "deviceID", p.deviceID);
  if (core.contains("deviceType"))
    p.deviceType = deviceType(core.at("deviceType"));
  copyString(core, "deviceName", p.deviceName, sizeof(p.deviceName));
  readLimits(member(core, "limits", source, "VkPhysicalDeviceProperties"), p.limits);
  if (core.contains("sparseProperties")) {
    const Json& sparse = core.at("sparseProperties");
    auto flag = [&](const char* key, VkBool32& out) { bool v = false; read(sparse, key, v); out = v; };
    flag("residencyStandard2DBlockShape", p.sparseProperties.residencyStandard2DBlockShape);
    flag("residencyStandard2DMultisampleBlockShape", p.sparseProperties.residencyStandard2DMultisampleBlockShape);
    flag("residencyStandard3DBlockShape", p.sparseProperties.residencyStandard3DBlockShape);
    flag("residencyAlignedMipSize", p.sparseProperties.residencyAlignedMipSize);
    flag("residencyNonResidentStrict", p.sparseProperties.residencyNonResidentStrict);
  }

  if (properties.contains("VkPhysicalDeviceDriverProperties")) {
    const Json& driver = properties.at("VkPhysicalDeviceDriverProperties");
    copyString(driver, "driverName", profile.properties.vk12.driverName, VK_MAX_DRIVER_NAME_SIZE);
    copyString(driver, "driverInfo", profile.properties.vk12.driverInfo, VK_MAX_DRIVER_INFO_SIZE);
  }
  if (properties.contains("VkPhysicalDeviceIDProperties")) {
    const Json& id = properties.at("VkPhysicalDeviceIDProperties");
    bool valid = false;
    read(id, "deviceLUIDValid", valid);
    profile.properties.vk11.deviceLUIDValid = valid;
    if (valid && id.contains("deviceLUID") && id.at("deviceLUID").is_array())
      for (size_t i = 0; i < VK_LUID_SIZE && i < id.at("deviceLUID").size(); i++)
        profile.properties.vk11.deviceLUID[i] = id.at("deviceLUID")[i].get<uint8_t>();
  }
  if (properties.contains("VkPhysicalDeviceConservativeRasterizationPropertiesEXT")) {
    const Json& c = properties.at("VkPhysicalDeviceConservativeRasterizationPropertiesEXT");
    auto& out = profile.properties.conservativeRasterization;
    read(c, "primitiveOverestimationSize", out.primitiveOverestimationSize);
    read(c, "extraPrimitiveOverestimationSizeGranularity", out.extraPrimitiveOverestimationSizeGranularity);
    auto flag = [&](const char* key, VkBool32& value) { bool v = false; read(c, key, v); value = v; };
    flag("primitiveUnderestimation", out.primitiveUnderestimation);
    flag("conservativePointAndLineRasterization", out.conservativePointAndLineRasterization);
    flag("degenerateTrianglesRasterized", out.degenerateTrianglesRasterized);
    flag("degenerateLinesRasterized", out.degenerateLinesRasterized);
    flag("fullyCoveredFragmentShaderInputVariable", out.fullyCoveredFragmentShaderInputVariable);
    flag("conservativeRasterizationPostDepthCoverage", out.conservativeRasterizationPostDepthCoverage);
  }
  if (properties.contains("VkPhysicalDeviceTransformFeedbackPropertiesEXT")) {
    const Json& t = properties.at("VkPhysicalDeviceTransformFeedbackPropertiesEXT");
    read(t, "maxTransformFeedbackStreams", profile.properties.transformFeedback.maxTransformFeedbackStreams);
    read(t, "maxTransformFeedbackBuffers", profile.properties.transformFeedback.maxTransformFeedbackBuffers);
  }
}

// A feature is on when any feature structure in the document has a true member of that name:
// the same member appears both in a Vulkan 1.x structure and in its promoted extension structure.
void readFeatures(const Json& features, DeviceProfile& profile) {
  for (const FeatureRequirement& requirement : featureRequirements()) {
    bool on = false;
    for (const auto& [structName, structure] : features.items()) {
      (void)structName;
      if (structure.is_object() && structure.contains(requirement.name) && structure.at(requirement.name).is_boolean())
        on = on || structure.at(requirement.name).get<bool>();
    }
    requirement.field(profile.features) = on ? VK_TRUE : VK_FALSE;
  }
}

void readFormats(const Json& formats, DeviceProfile& profile) {
  for (const auto& [name, format] : formatNames()) {
    VkFormatProperties properties{};
    if (formats.contains(name) && formats.at(name).contains("VkFormatProperties")) {
      const Json& p = formats.at(name).at("VkFormatProperties");
      if (p.contains("linearTilingFeatures"))
        properties.linearTilingFeatures = flagsFromNames(p.at("linearTilingFeatures"), formatFeatureNames());
      if (p.contains("optimalTilingFeatures"))
        properties.optimalTilingFeatures = flagsFromNames(p.at("optimalTilingFeatures"), formatFeatureNames());
      if (p.contains("bufferFeatures"))
        properties.bufferFeatures = flagsFromNames(p.at("bufferFeatures"), formatFeatureNames());
    }
    profile.formats[format] = properties;
  }
}

void readQueues(const Json& queues, DeviceProfile& profile) {
  static const std::vector<std::pair<const char*, VkFlags>> queueBits = {
    {"VK_QUEUE_GRAPHICS_BIT", VK_QUEUE_GRAPHICS_BIT}, {"VK_QUEUE_COMPUTE_BIT", VK_QUEUE_COMPUTE_BIT},
    {"VK_QUEUE_TRANSFER_BIT", VK_QUEUE_TRANSFER_BIT}, {"VK_QUEUE_SPARSE_BINDING_BIT", VK_QUEUE_SPARSE_BINDING_BIT},
  };
  if (!queues.is_array())
    return;
  for (const Json& entry : queues) {
    if (!entry.contains("VkQueueFamilyProperties"))
      continue;
    const Json& q = entry.at("VkQueueFamilyProperties");
    VkQueueFamilyProperties family{};
    read(q, "queueCount", family.queueCount);
    read(q, "timestampValidBits", family.timestampValidBits);
    if (q.contains("queueFlags"))
      family.queueFlags = flagsFromNames(q.at("queueFlags"), queueBits);
    profile.queueFamilies.push_back(family);
  }
}

}  // namespace

const char* formatName(VkFormat format) {
  for (const auto& [name, value] : formatNames()) {
    if (value == format)
      return name;
  }
  return nullptr;
}

DeviceProfile parseDeviceProfileJson(const std::string& text, const std::string& source) {
  Json document;
  try {
    document = Json::parse(text);
  } catch (const Json::exception& error) {
    fail(source, std::string("not valid JSON: ") + error.what());
  }
  try {
    const Json& device = member(member(document, "capabilities", source, ""), "device", source, "capabilities");
    DeviceProfile profile;
    const Json& extensions = member(device, "extensions", source, "capabilities.device");
    if (extensions.is_object()) {
      for (const auto& [name, version] : extensions.items()) {
        (void)version;
        profile.extensions.push_back(name);
      }
    } else if (extensions.is_array()) {
      for (const Json& name : extensions)
        profile.extensions.push_back(name.get<std::string>());
    }
    std::sort(profile.extensions.begin(), profile.extensions.end());
    readProperties(member(device, "properties", source, "capabilities.device"), profile, source);
    readFeatures(member(device, "features", source, "capabilities.device"), profile);
    if (device.contains("formats"))
      readFormats(device.at("formats"), profile);
    if (device.contains("queueFamiliesProperties"))
      readQueues(device.at("queueFamiliesProperties"), profile);
    // Self-contained copies: no pNext pointers into this function's temporaries.
    profile.features = DeviceFeatures(profile.features);
    profile.properties = DeviceProperties(profile.properties);
    return profile;
  } catch (const Json::exception& error) {
    fail(source, std::string("unexpected structure: ") + error.what());
  }
}

DeviceProfile loadDeviceProfileJson(const std::string& path) {
  std::ifstream file(path);
  if (!file)
    throw std::runtime_error(path + ": cannot open the file");
  std::stringstream text;
  text << file.rdbuf();
  return parseDeviceProfileJson(text.str(), path);
}

}  // namespace vk
