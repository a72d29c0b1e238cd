// The requirement tables and the selection of features and extensions to enable on a device.
#include "vk/device_requirements.h"

#include <algorithm>

namespace vk {

#define D3D11VK_FEATURE(path, member, extension, need) \
  FeatureRequirement{#member, extension, Need::need, [](DeviceFeatures& f) -> VkBool32& { return f.path.member; }}
#define CORE(member, need) D3D11VK_FEATURE(core.features, member, nullptr, need)
#define V11(member, need) D3D11VK_FEATURE(vk11, member, nullptr, need)
#define V12(member, need) D3D11VK_FEATURE(vk12, member, nullptr, need)
#define V13(member, need) D3D11VK_FEATURE(vk13, member, nullptr, need)

const std::vector<FeatureRequirement>& featureRequirements() {
  static const std::vector<FeatureRequirement> table = {
    // Needed at every feature level, or by the backend's design.
    CORE(robustBufferAccess, Required),   // D3D defines out-of-bounds buffer reads as zero
    CORE(fullDrawIndexUint32, Required),
    V12(timelineSemaphore, Required),     // submission tracking
    V13(synchronization2, Required),      // barriers
    V13(dynamicRendering, Required),      // render passes without VkRenderPass objects

    // Enabled when present; the feature-level mapper decides which D3D levels they unlock.
    CORE(imageCubeArray, Optional), CORE(independentBlend, Optional), CORE(geometryShader, Optional),
    CORE(tessellationShader, Optional), CORE(sampleRateShading, Optional), CORE(dualSrcBlend, Optional),
    CORE(logicOp, Optional), CORE(multiDrawIndirect, Optional), CORE(drawIndirectFirstInstance, Optional),
    CORE(depthClamp, Optional), CORE(depthBiasClamp, Optional), CORE(fillModeNonSolid, Optional),
    CORE(depthBounds, Optional), CORE(multiViewport, Optional), CORE(samplerAnisotropy, Optional),
    CORE(textureCompressionBC, Optional), CORE(occlusionQueryPrecise, Optional),
    CORE(pipelineStatisticsQuery, Optional), CORE(vertexPipelineStoresAndAtomics, Optional),
    CORE(fragmentStoresAndAtomics, Optional), CORE(shaderImageGatherExtended, Optional),
    CORE(shaderStorageImageExtendedFormats, Optional), CORE(shaderStorageImageReadWithoutFormat, Optional),
    CORE(shaderStorageImageWriteWithoutFormat, Optional), CORE(shaderClipDistance, Optional),
    CORE(shaderCullDistance, Optional), CORE(shaderFloat64, Optional), CORE(shaderInt64, Optional),
    CORE(shaderInt16, Optional), CORE(shaderResourceMinLod, Optional), CORE(shaderResourceResidency, Optional),
    CORE(sparseBinding, Optional),
    CORE(sparseResidencyBuffer, Optional), CORE(sparseResidencyImage2D, Optional),
    CORE(sparseResidencyImage3D, Optional), CORE(sparseResidencyAliased, Optional),
    CORE(variableMultisampleRate, Optional),
    V11(shaderDrawParameters, Optional),
    V12(samplerMirrorClampToEdge, Optional), V12(drawIndirectCount, Optional),
    V12(shaderOutputViewportIndex, Optional), V12(shaderOutputLayer, Optional), V12(hostQueryReset, Optional),
    V12(samplerFilterMinmax, Optional), V12(shaderFloat16, Optional), V12(uniformBufferStandardLayout, Optional),
    V12(scalarBlockLayout, Optional), V12(vulkanMemoryModel, Optional), V12(vulkanMemoryModelDeviceScope, Optional),
    V13(maintenance4, Optional), V13(shaderDemoteToHelperInvocation, Optional),
    V13(pipelineCreationCacheControl, Optional), V13(subgroupSizeControl, Optional),
    V13(computeFullSubgroups, Optional),

    D3D11VK_FEATURE(transformFeedback, transformFeedback, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(transformFeedback, geometryStreams, VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(depthClipEnable, depthClipEnable, VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(customBorderColor, customBorderColors, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(customBorderColor, customBorderColorWithoutFormat, VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(robustness2, robustBufferAccess2, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(robustness2, robustImageAccess2, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(robustness2, nullDescriptor, VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(vertexAttributeDivisor, vertexAttributeInstanceRateDivisor, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(vertexAttributeDivisor, vertexAttributeInstanceRateZeroDivisor, VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(shaderInterlock, fragmentShaderPixelInterlock, VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(conditionalRendering, conditionalRendering, VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME, Optional),
    D3D11VK_FEATURE(graphicsPipelineLibrary, graphicsPipelineLibrary, VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME, Optional),
    // D3D11 views start at any element: single-texel offsets where the device allows them.
    D3D11VK_FEATURE(texelBufferAlignment, texelBufferAlignment, VK_EXT_TEXEL_BUFFER_ALIGNMENT_EXTENSION_NAME, Optional),
    // Runs of draws with no state change between them become one multi-draw (executor_draw_batch.cpp).
    D3D11VK_FEATURE(multiDraw, multiDraw, VK_EXT_MULTI_DRAW_EXTENSION_NAME, Optional),
  };
  return table;
}

#undef CORE
#undef V11
#undef V12
#undef V13
#undef D3D11VK_FEATURE

const std::vector<ExtensionRequirement>& extensionRequirements() {
  // Every extension is optional: the PE build runs under Wine's winevulkan, which passes only the
  // extensions its version knows (Wine 8.0 hides VK_KHR_maintenance5/6 and
  // VK_KHR_load_store_op_none), so nothing here may be required (tests/vk/test_device_requirements.cpp).
  static const std::vector<ExtensionRequirement> table = {
    {VK_KHR_SWAPCHAIN_EXTENSION_NAME, Need::Optional, nullptr,
     "no presenting: swapchain creation fails, offscreen rendering works"},
    {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, Need::Optional, nullptr,
     "no stream output or DrawAuto: feature level 9_3 at most"},
    {VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, Need::Optional, nullptr,
     "DepthClipEnable = FALSE is drawn with depth clamping instead"},
    {VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, Need::Optional, nullptr,
     "border colours become transparent or opaque black (by their alpha)"},
    {VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, Need::Optional, nullptr,
     "unbound vertex-buffer slots are passed as null buffers, which Vulkan defines only with this extension"},
    {VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, Need::Optional, nullptr,
     "instance data step rates other than 1 are drawn as 1"},
    {VK_EXT_FRAGMENT_SHADER_INTERLOCK_EXTENSION_NAME, Need::Optional, nullptr,
     "no rasterizer-ordered views: feature level 12_0 at most"},
    {VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME, Need::Optional, nullptr,
     "nothing: predication is evaluated by d3d11vk's own query read-back"},
    {VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME, Need::Optional, nullptr,
     "no conservative rasterization: feature level 12_0 at most"},
    {VK_EXT_MEMORY_BUDGET_EXTENSION_NAME, Need::Optional, nullptr,
     "QueryVideoMemoryInfo reports the heap sizes as budget instead of the driver's budget"},
    {VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME, Need::Optional, nullptr,
     "PSSpecifiedStencilRefSupported is FALSE"},
    {VK_KHR_PIPELINE_LIBRARY_EXTENSION_NAME, Need::Optional, nullptr,
     "no graphics pipeline libraries (see VK_EXT_graphics_pipeline_library)"},
    {VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME, Need::Optional, VK_KHR_PIPELINE_LIBRARY_EXTENSION_NAME,
     "each new state combination compiles a whole pipeline at its first draw (a stutter) instead of linking precompiled parts"},
    {VK_EXT_TEXEL_BUFFER_ALIGNMENT_EXTENSION_NAME, Need::Optional, nullptr,
     "nothing on Vulkan 1.3 devices, where its alignment rule is core"},
    {VK_EXT_MULTI_DRAW_EXTENSION_NAME, Need::Optional, nullptr,
     "runs of draws with no state change between them are recorded one Vulkan draw each"},
    // Layer and ViewportIndex written before the geometry stage: the SPIR-V 1.3 capability the
    // compiler emits for vertex and domain shaders needs the extension itself.
    {VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME, Need::Optional, nullptr,
     "VPAndRTArrayIndexFromAnyShaderFeedingRasterizer is FALSE"},
  };
  return table;
}

DeviceSelection selectDeviceFeatures(const DeviceProfile& profile) {
  DeviceSelection selection;
  if (profile.apiVersion() < kMinimumApiVersion)
    selection.missing.push_back("Vulkan " + versionString(kMinimumApiVersion) + " (device reports " +
                                versionString(profile.apiVersion()) + ")");

  for (const ExtensionRequirement& extension : extensionRequirements()) {
    bool present = profile.hasExtension(extension.name) &&
                   (!extension.dependsOn || profile.hasExtension(extension.dependsOn));
    if (present)
      selection.extensions.push_back(extension.name);
    else if (extension.need == Need::Required)
      selection.missing.push_back(extension.name);
    else
      selection.lacking.push_back(std::string(extension.name) + " (" + extension.without + ")");
  }

  auto enabled = [&](const char* extension) {
    return !extension || std::find(selection.extensions.begin(), selection.extensions.end(), extension) !=
                             selection.extensions.end();
  };
  DeviceFeatures supported = profile.features;
  for (const FeatureRequirement& feature : featureRequirements()) {
    bool present = enabled(feature.extension) && feature.field(supported);
    feature.field(selection.features) = present ? VK_TRUE : VK_FALSE;
    if (!present && feature.need == Need::Required)
      selection.missing.push_back(feature.name);
  }
  return selection;
}

std::vector<std::string> enabledFeatureNames(const DeviceSelection& selection) {
  std::vector<std::string> names;
  DeviceFeatures features = selection.features;
  for (const FeatureRequirement& feature : featureRequirements()) {
    if (feature.field(features))
      names.push_back(feature.name);
  }
  return names;
}

}  // namespace vk
