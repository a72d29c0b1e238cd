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
  profile.queueFamilies.push_back(VkQueueFamilyProperties{
      VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT | VK_QUEUE_SPARSE_BINDING_BIT, 1, 64, {1, 1, 1}});
  std::strncpy(profile.properties.core.properties.deviceName, "Synthetic GPU", VK_MAX_PHYSICAL_DEVICE_NAME_SIZE - 1);
  for (const vk::ExtensionRequirement& extension : vk::extensionRequirements())
    profile.extensions.push_back(extension.name);
  for (const vk::FeatureRequirement& feature : vk::featureRequirements())
    feature.field(profile.features) = VK_TRUE;
  profile.features.core.features.shaderResourceResidency = VK_TRUE;
  profile.extensions.push_back(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME);
  std::sort(profile.extensions.begin(), profile.extensions.end());

  // Limits comfortably above every level's needs.
  VkPhysicalDeviceLimits& limits = profile.properties.core.properties.limits;
  limits.maxImageDimension1D = limits.maxImageDimension2D = limits.maxImageDimensionCube = 32768;
  limits.maxImageDimension3D = 16384;
  limits.maxImageArrayLayers = 2048;
  limits.maxTexelBufferElements = 1u << 28;
  limits.maxUniformBufferRange = 65536;
  limits.maxPerStageDescriptorSamplers = limits.maxPerStageDescriptorUniformBuffers =
      limits.maxPerStageDescriptorSampledImages = limits.maxPerStageDescriptorStorageImages = 1u << 20;
  limits.maxVertexInputBindings = 32;
  limits.maxViewports = 16;
  limits.maxColorAttachments = 8;
  limits.maxClipDistances = limits.maxCullDistances = 8;
  limits.maxComputeWorkGroupInvocations = 1024;
  limits.maxComputeSharedMemorySize = 49152;
  limits.maxSamplerAnisotropy = 16.0f;
  limits.framebufferColorSampleCounts = limits.framebufferDepthSampleCounts = limits.sampledImageColorSampleCounts =
      limits.sampledImageIntegerSampleCounts = limits.sampledImageDepthSampleCounts =
          limits.framebufferNoAttachmentsSampleCounts = VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_4_BIT | VK_SAMPLE_COUNT_8_BIT;
  VkPhysicalDeviceSparseProperties& sparse = profile.properties.core.properties.sparseProperties;
  sparse.residencyStandard2DBlockShape = sparse.residencyStandard3DBlockShape = sparse.residencyNonResidentStrict = VK_TRUE;
  profile.properties.conservativeRasterization.primitiveOverestimationSize = 0.0f;
  profile.properties.conservativeRasterization.degenerateTrianglesRasterized = VK_TRUE;
  profile.properties.conservativeRasterization.fullyCoveredFragmentShaderInputVariable = VK_TRUE;

  // Every format can do everything.
  for (VkFormat format : vk::profiledFormats())
    profile.formats[format] = VkFormatProperties{~0u, ~0u, ~0u};
  return profile;
}

inline void dropExtension(vk::DeviceProfile& profile, const std::string& name) {
  profile.extensions.erase(std::remove(profile.extensions.begin(), profile.extensions.end(), name), profile.extensions.end());
}

}  // namespace test
