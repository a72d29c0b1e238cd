// buildGraphicsPipeline and checkGraphicsKey: the Vulkan create-info chain for a graphics pipeline
// key, and the checks that keep an impossible key from reaching the driver.
#include "vk/graphics_pipeline_builder.h"

#include <sstream>

#include "util/log.h"
#include "vk/device.h"
#include "vk/result.h"
#include "vk/shader_variants.h"

namespace vk {

namespace {

constexpr VkShaderStageFlagBits kStageBits[kGraphicsStages] = {
    VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
    VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};
constexpr const char* kStageNames[kGraphicsStages] = {"vertex", "hull", "domain", "geometry", "pixel"};
constexpr uint32_t kHull = 1, kDomain = 2, kGeometry = 3, kPixel = 4;

bool isStrip(VkPrimitiveTopology topology) {
  return topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP || topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP ||
         topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY ||
         topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
}

// Integer render targets cannot blend in Vulkan (no BLEND format feature); D3D11 ignores blending
// for them, so the builder turns it off rather than produce an invalid pipeline.
bool isIntegerFormat(VkFormat format) {
  switch (format) {
    case VK_FORMAT_R8_UINT: case VK_FORMAT_R8_SINT: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8_SINT:
    case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_R8G8B8A8_SINT: case VK_FORMAT_B8G8R8A8_UINT:
    case VK_FORMAT_B8G8R8A8_SINT: case VK_FORMAT_A2B10G10R10_UINT_PACK32: case VK_FORMAT_A2R10G10B10_UINT_PACK32:
    case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SINT: case VK_FORMAT_R16G16_UINT: case VK_FORMAT_R16G16_SINT:
    case VK_FORMAT_R16G16B16A16_UINT: case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R32_UINT:
    case VK_FORMAT_R32_SINT: case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32_SINT: case VK_FORMAT_R32G32B32_UINT:
    case VK_FORMAT_R32G32B32_SINT: case VK_FORMAT_R32G32B32A32_UINT: case VK_FORMAT_R32G32B32A32_SINT:
      return true;
    default:
      return false;
  }
}

bool usesDualSource(VkBlendFactor factor) {
  return factor == VK_BLEND_FACTOR_SRC1_COLOR || factor == VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR ||
         factor == VK_BLEND_FACTOR_SRC1_ALPHA || factor == VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
}

bool hasAttachment(const GraphicsPipelineKey& key) {
  for (uint32_t i = 0; i < key.colorCount && i < kMaxColorTargets; i++)
    if (key.colorFormats[i] != VK_FORMAT_UNDEFINED)
      return true;
  return key.depthFormat != VK_FORMAT_UNDEFINED || key.stencilFormat != VK_FORMAT_UNDEFINED;
}

bool validSampleCount(uint32_t samples) {
  return samples != 0 && samples <= 64 && (samples & (samples - 1)) == 0;
}

}  // namespace

VkSampleCountFlagBits rasterizationSamples(const GraphicsPipelineKey& key) {
  if (key.forcedSampleCount != 0 && !hasAttachment(key))
    return VkSampleCountFlagBits(key.forcedSampleCount);
  return key.samples;
}

std::string checkGraphicsKey(const Device& device, const GraphicsPipelineKey& key,
                             const ShaderCode* const stages[kGraphicsStages]) {
  std::ostringstream why;
  for (uint32_t i = 0; i < kGraphicsStages; i++) {
    if ((key.shaders[i] != 0) != (stages[i] != nullptr))
      return std::string("the key and the shaders disagree on the ") + kStageNames[i] + " stage";
    if (stages[i] && (stages[i]->id != key.shaders[i] || stages[i]->stage != kStageBits[i]))
      return std::string("the ") + kStageNames[i] + " shader does not match the key's stage or id";
  }
  if (!stages[0])
    return "no vertex shader";
  const DeviceFeatures& features = device.enabledFeatures();
  const VkPhysicalDeviceLimits& limits = device.properties().limits;
  bool tessellation = stages[kHull] || stages[kDomain];
  if (tessellation && !(stages[kHull] && stages[kDomain]))
    return "a hull shader needs a domain shader and the other way round";
  bool patches = key.topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
  // A GS taking patchN draws an N-control-point patch list as a list topology; the front end
  // makes that key (d3d11vk::applyGeometryPatchInput), so a patch list reaching here has no match.
  if (patches && !tessellation && stages[kGeometry] && stages[kGeometry]->geometryPatchInput)
    return "the geometry shader takes patches of " + std::to_string(stages[kGeometry]->geometryPatchInput) +
           " control points, the topology has " + std::to_string(key.patchControlPoints);
  if (tessellation != patches)
    return tessellation ? "hull and domain shaders need a patch-list topology" : "a patch-list topology needs hull and domain shaders";
  if (tessellation) {
    if (!features.core.features.tessellationShader)
      return "the device has no tessellation shaders";
    if (key.patchControlPoints == 0 || key.patchControlPoints > limits.maxTessellationPatchSize)
      return "patch control points " + std::to_string(key.patchControlPoints) + " out of range";
    if (stages[kHull]->patchControlPoints != 0 && stages[kHull]->patchControlPoints != key.patchControlPoints)
      return "the hull shader's input patch has " + std::to_string(stages[kHull]->patchControlPoints) +
             " control points, the topology " + std::to_string(key.patchControlPoints);
  }
  if (key.topology > VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
    return "no primitive topology";
  if (stages[kGeometry] && !features.core.features.geometryShader)
    return "the device has no geometry shaders";
  if (key.attributeCount > kMaxVertexBindings || key.bindingCount > kMaxVertexBindings ||
      key.attributeCount > limits.maxVertexInputAttributes || key.bindingCount > limits.maxVertexInputBindings)
    return "too many vertex attributes or bindings";
  for (uint32_t i = 0; i < key.attributeCount; i++) {
    bool found = false;
    for (uint32_t b = 0; b < key.bindingCount; b++)
      found |= key.bindings[b].binding == key.attributes[i].binding;
    if (!found)
      return "vertex attribute at location " + std::to_string(key.attributes[i].location) + " has no binding";
    if (key.attributes[i].format == VK_FORMAT_UNDEFINED)
      return "vertex attribute at location " + std::to_string(key.attributes[i].location) + " has no format";
  }
  for (uint32_t b = 0; b < key.bindingCount; b++)
    if (key.bindings[b].stride > limits.maxVertexInputBindingStride)
      return "vertex stride " + std::to_string(key.bindings[b].stride) + " above the device's limit";
  if (key.polygonMode != VK_POLYGON_MODE_FILL && !features.core.features.fillModeNonSolid)
    return "the device cannot draw wireframe";
  if (key.viewportCount == 0 || key.viewportCount > limits.maxViewports)
    return "viewport count " + std::to_string(key.viewportCount) + " out of range";
  if (key.rasterizedStream != 0 && key.rasterizedStream != kNoRasterizedStream) {
    if (!stages[kGeometry])
      return "a rasterized stream other than 0 needs a geometry shader";
    if (!device.hasExtension(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME) || !features.transformFeedback.geometryStreams)
      return "rasterizing stream " + std::to_string(key.rasterizedStream) + " needs VK_EXT_transform_feedback streams";
  }
  if (key.conservativeRasterization && !device.hasExtension(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME))
    return "conservative rasterization needs VK_EXT_conservative_rasterization";
  if (key.colorCount > kMaxColorTargets || key.colorCount > limits.maxColorAttachments)
    return "too many render targets";
  if (!validSampleCount(key.samples) || (key.forcedSampleCount != 0 && !validSampleCount(key.forcedSampleCount)))
    return "invalid sample count";
  if (key.sampleShading && !features.core.features.sampleRateShading)
    return "the device has no sample-rate shading";
  for (uint32_t i = 0; i < key.colorCount; i++) {
    const ColorBlend& blend = key.blend[i];
    if (blend.enable && key.colorFormats[i] != VK_FORMAT_UNDEFINED &&
        (usesDualSource(blend.srcColor) || usesDualSource(blend.dstColor) || usesDualSource(blend.srcAlpha) ||
         usesDualSource(blend.dstAlpha)) &&
        !features.core.features.dualSrcBlend)
      return "the device has no dual-source blending";
  }
  if (key.logicOpEnable && !features.core.features.logicOp)
    return "the device has no logic operations";
  return "";
}

GraphicsPipelineState::GraphicsPipelineState(const Device& device, const GraphicsPipelineKey& key,
                                             const ShaderCode* const stages[kGraphicsStages],
                                             const VkShaderModule modules[kGraphicsStages]) {
  const DeviceFeatures& features = device.enabledFeatures();
  const VkSampleCountFlagBits samples = rasterizationSamples(key);

  // Shader stages, with the rasterizer's sample count as specialization constant 0 for shaders
  // that read it (sampleinfo/samplepos of `rasterizer`).
  m_sampleCountValue = uint32_t(samples);
  m_sampleCountEntry = {0, 0, sizeof(uint32_t)};
  m_sampleCountInfo = {1, &m_sampleCountEntry, sizeof(uint32_t), &m_sampleCountValue};
  for (uint32_t i = 0; i < kGraphicsStages; i++) {
    if (!stages[i])
      continue;
    auto& info = stageInfos[stageCount++];
    info = makeStruct<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    info.stage = kStageBits[i];
    info.module = modules[i];
    info.pName = "main";
    info.pSpecializationInfo = stages[i]->usesRasterizerSampleCount ? &m_sampleCountInfo : nullptr;
    if (kStageBits[i] != VK_SHADER_STAGE_FRAGMENT_BIT)
      preRasterStageCount++;
  }

  // Vertex input. Divisors other than 1 need VK_EXT_vertex_attribute_divisor; without it they
  // fall back to 1 with a warning (wrong instancing beats no draw at all).
  uint32_t divisorCount = 0;
  bool divisorExtension = device.hasExtension(VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME) &&
                          features.vertexAttributeDivisor.vertexAttributeInstanceRateDivisor;
  for (uint32_t i = 0; i < key.bindingCount; i++) {
    const VertexBinding& binding = key.bindings[i];
    m_bindings[i] = {binding.binding, binding.stride, binding.inputRate};
    if (binding.inputRate != VK_VERTEX_INPUT_RATE_INSTANCE || binding.divisor == 1)
      continue;
    bool supported = divisorExtension &&
                     (binding.divisor != 0 || features.vertexAttributeDivisor.vertexAttributeInstanceRateZeroDivisor);
    if (supported)
      m_divisors[divisorCount++] = {binding.binding, binding.divisor};
    else
      D3D11VK_LOG_ONCE(Warn, "instance data step rates other than 1 need VK_EXT_vertex_attribute_divisor: using 1");
  }
  for (uint32_t i = 0; i < key.attributeCount; i++)
    m_attributes[i] = {key.attributes[i].location, key.attributes[i].binding, key.attributes[i].format,
                       key.attributes[i].offset};
  m_divisorState = makeStruct<VkPipelineVertexInputDivisorStateCreateInfoEXT>(
      VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT);
  m_divisorState.vertexBindingDivisorCount = divisorCount;
  m_divisorState.pVertexBindingDivisors = m_divisors;
  vertexInput = makeStruct<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  vertexInput.pNext = divisorCount ? &m_divisorState : nullptr;
  vertexInput.vertexBindingDescriptionCount = key.bindingCount;
  vertexInput.pVertexBindingDescriptions = m_bindings;
  vertexInput.vertexAttributeDescriptionCount = key.attributeCount;
  vertexInput.pVertexAttributeDescriptions = m_attributes;

  // D3D11 always cuts strips at the all-ones index; Vulkan allows restart only for strips (lists
  // would need primitiveTopologyListRestart), and D3D's cut is meaningless for lists anyway.
  inputAssembly = makeStruct<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  inputAssembly.topology = key.topology;
  inputAssembly.primitiveRestartEnable = isStrip(key.topology);

  tessellation = makeStruct<VkPipelineTessellationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO);
  tessellation.patchControlPoints = key.patchControlPoints;
  hasTessellation = key.topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;

  // Counts are dynamic too (VIEWPORT/SCISSOR_WITH_COUNT), so both must be 0 here.
  viewport = makeStruct<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);

  // Rasterization. D3D11 always clamps depth to the viewport's range and DepthClipEnable only
  // turns clipping against near/far off; VK_EXT_depth_clip_enable separates the two as D3D does.
  // Without it, depth clamping is Vulkan's only way to not clip, so it follows !depthClipEnable.
  rasterization = makeStruct<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  const void** rasterizationNext = &rasterization.pNext;
  m_depthClip = makeStruct<VkPipelineRasterizationDepthClipStateCreateInfoEXT>(
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT);
  bool depthClamp = features.core.features.depthClamp;
  if (device.hasExtension(VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME) && features.depthClipEnable.depthClipEnable) {
    rasterization.depthClampEnable = depthClamp;
    m_depthClip.depthClipEnable = key.depthClipEnable;
    *rasterizationNext = &m_depthClip;
    rasterizationNext = &m_depthClip.pNext;
  } else {
    rasterization.depthClampEnable = !key.depthClipEnable && depthClamp;
    if (!key.depthClipEnable && !depthClamp)
      D3D11VK_LOG_ONCE(Warn, "DepthClipEnable = FALSE needs depth clamping or VK_EXT_depth_clip_enable: clipping");
  }
  m_stream = makeStruct<VkPipelineRasterizationStateStreamCreateInfoEXT>(
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT);
  if (stages[kGeometry] && key.rasterizedStream != 0 && key.rasterizedStream != kNoRasterizedStream) {
    m_stream.rasterizationStream = key.rasterizedStream;
    *rasterizationNext = &m_stream;
    rasterizationNext = &m_stream.pNext;
  }
  // D3D's conservative rasterization is overestimation by the device's own uncertainty (tier 1:
  // at most 1/2 pixel, tier 2 and 3: 1/256), nothing extra; SV_InnerCoverage reads Vulkan's
  // FullyCoveredEXT, which this mode provides where fullyCoveredFragmentShaderInputVariable.
  m_conservative = makeStruct<VkPipelineRasterizationConservativeStateCreateInfoEXT>(
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_CONSERVATIVE_STATE_CREATE_INFO_EXT);
  if (key.conservativeRasterization) {
    m_conservative.conservativeRasterizationMode = VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT;
    m_conservative.extraPrimitiveOverestimationSize = 0.0f;
    *rasterizationNext = &m_conservative;
    rasterizationNext = &m_conservative.pNext;
  }
  rasterization.rasterizerDiscardEnable = key.rasterizedStream == kNoRasterizedStream;
  rasterization.polygonMode = key.polygonMode;
  rasterization.cullMode = key.cullMode;
  rasterization.frontFace = key.frontFace;
  rasterization.depthBiasEnable = key.depthBiasEnable;
  rasterization.lineWidth = 1.0f;
  if (key.lineSmooth)
    D3D11VK_LOG_ONCE(Warn, "AntialiasedLineEnable: antialiased lines are drawn aliased (no VK_EXT_line_rasterization)");

  multisample = makeStruct<VkPipelineMultisampleStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  m_sampleMask[0] = m_sampleMask[1] = key.sampleMask;  // up to 64 samples
  multisample.rasterizationSamples = samples;
  multisample.sampleShadingEnable = key.sampleShading;
  multisample.minSampleShading = 1.0f;
  multisample.pSampleMask = m_sampleMask;
  multisample.alphaToCoverageEnable = key.alphaToCoverage;

  // Depth and stencil tests read an attachment; without one they are off so that equivalent
  // keys build equivalent pipelines and validation sees no test on a missing attachment.
  depthStencil = makeStruct<VkPipelineDepthStencilStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO);
  if (key.depthFormat != VK_FORMAT_UNDEFINED) {
    depthStencil.depthTestEnable = key.depthTest;
    depthStencil.depthWriteEnable = key.depthTest && key.depthWrite;
    depthStencil.depthCompareOp = key.depthCompare;
  }
  if (key.stencilFormat != VK_FORMAT_UNDEFINED && key.stencilTest) {
    depthStencil.stencilTestEnable = VK_TRUE;
    auto face = [&](const StencilFace& from) {
      return VkStencilOpState{from.fail, from.pass, from.depthFail, from.compare, key.stencilReadMask,
                              key.stencilWriteMask, 0};
    };
    depthStencil.front = face(key.front);
    depthStencil.back = face(key.back);
  }
  depthStencil.minDepthBounds = 0.0f;
  depthStencil.maxDepthBounds = 1.0f;

  // Color blending. An unbound slot (VK_FORMAT_UNDEFINED) keeps its place with nothing written,
  // and so does a target D3D11 leaves unchanged (writtenColorTargets: not written by the pixel
  // shader, or not target 0 under dual-source blending, whose SRC1 factors only target 0 can use).
  const uint32_t written = writtenColorTargets(key, stages[kPixel]);
  for (uint32_t i = 0; i < key.colorCount; i++) {
    const ColorBlend& from = key.blend[i];
    VkPipelineColorBlendAttachmentState& to = m_blendAttachments[i];
    if (key.colorFormats[i] == VK_FORMAT_UNDEFINED || !((written >> i) & 1))
      continue;
    to.blendEnable = from.enable && !isIntegerFormat(key.colorFormats[i]);
    to.srcColorBlendFactor = from.srcColor;
    to.dstColorBlendFactor = from.dstColor;
    to.colorBlendOp = from.colorOp;
    to.srcAlphaBlendFactor = from.srcAlpha;
    to.dstAlphaBlendFactor = from.dstAlpha;
    to.alphaBlendOp = from.alphaOp;
    to.colorWriteMask = from.writeMask;
  }
  colorBlend = makeStruct<VkPipelineColorBlendStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
  colorBlend.logicOpEnable = key.logicOpEnable;
  colorBlend.logicOp = key.logicOp;
  colorBlend.attachmentCount = key.colorCount;
  colorBlend.pAttachments = m_blendAttachments;

  rendering = makeStruct<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
  rendering.colorAttachmentCount = key.colorCount;
  rendering.pColorAttachmentFormats = key.colorFormats;
  rendering.depthAttachmentFormat = key.depthFormat;
  rendering.stencilAttachmentFormat = key.stencilFormat;
}

VkPipeline createGraphicsPipeline(const Device& device, const VkGraphicsPipelineCreateInfo& info,
                                  VkPipelineCache cache, std::string* error) {
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkResult result = device.functions().vkCreateGraphicsPipelines(device.handle(), cache, 1, &info, nullptr, &pipeline);
  if (result == VK_ERROR_OUT_OF_HOST_MEMORY || result == VK_ERROR_OUT_OF_DEVICE_MEMORY)
    check(result, "vkCreateGraphicsPipelines");
  if (result != VK_SUCCESS) {
    *error = std::string("vkCreateGraphicsPipelines: ") + resultName(result);
    return VK_NULL_HANDLE;
  }
  return pipeline;
}

VkPipeline buildGraphicsPipeline(const Device& device, const GraphicsPipelineKey& key,
                                 const ShaderCode* const stages[kGraphicsStages],
                                 const VkShaderModule modules[kGraphicsStages], VkPipelineLayout layout,
                                 VkPipelineCache cache, std::string* error) {
  // The rendering info keeps the key's formats alive only as long as the key: fine, the
  // pipeline is created before returning.
  GraphicsPipelineState state(device, key, stages, modules);
  VkDynamicState dynamicStates[5];
  uint32_t dynamicCount = 0;
  for (VkDynamicState s : GraphicsPipelineState::kPreRasterDynamic)
    dynamicStates[dynamicCount++] = s;
  dynamicStates[dynamicCount++] = GraphicsPipelineState::kFragmentShaderDynamic[0];
  dynamicStates[dynamicCount++] = GraphicsPipelineState::kFragmentOutputDynamic[0];
  auto dynamic = makeStruct<VkPipelineDynamicStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
  dynamic.dynamicStateCount = dynamicCount;
  dynamic.pDynamicStates = dynamicStates;

  auto info = makeStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &state.rendering;
  info.stageCount = state.stageCount;
  info.pStages = state.stageInfos;
  info.pVertexInputState = &state.vertexInput;
  info.pInputAssemblyState = &state.inputAssembly;
  info.pTessellationState = state.hasTessellation ? &state.tessellation : nullptr;
  info.pViewportState = &state.viewport;
  info.pRasterizationState = &state.rasterization;
  info.pMultisampleState = &state.multisample;
  info.pDepthStencilState = &state.depthStencil;
  info.pColorBlendState = &state.colorBlend;
  info.pDynamicState = &dynamic;
  info.layout = layout;
  return createGraphicsPipeline(device, info, cache, error);
}

}  // namespace vk
