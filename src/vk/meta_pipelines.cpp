// MetaPipelines: layouts and compute and full-screen graphics pipelines for the internal shaders.
#include "vk/meta_pipelines.h"

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

MetaPipelines::~MetaPipelines() {
  const DeviceFunctions& vk = m_device.functions();
  for (VkPipeline pipeline : m_depthStencil)
    if (pipeline)
      vk.vkDestroyPipeline(m_device.handle(), pipeline, nullptr);
  for (auto& [key, pipeline] : m_fullscreen)
    vk.vkDestroyPipeline(m_device.handle(), pipeline, nullptr);
  if (m_fullscreenVertex)
    vk.vkDestroyShaderModule(m_device.handle(), m_fullscreenVertex, nullptr);
  for (VkPipelineLayout layout : {m_resolveLayout, m_mipsLayout})
    if (layout)
      vk.vkDestroyPipelineLayout(m_device.handle(), layout, nullptr);
  for (VkDescriptorSetLayout set : {m_resolveSetLayout, m_mipsSetLayout})
    if (set)
      vk.vkDestroyDescriptorSetLayout(m_device.handle(), set, nullptr);
  if (m_linear)
    vk.vkDestroySampler(m_device.handle(), m_linear, nullptr);
  if (m_storageLayout)
    vk.vkDestroyPipelineLayout(m_device.handle(), m_storageLayout, nullptr);
  if (m_storageSetLayout)
    vk.vkDestroyDescriptorSetLayout(m_device.handle(), m_storageSetLayout, nullptr);
}

VkDescriptorSetLayout MetaPipelines::storageSetLayout() {
  if (!m_storageSetLayout) {
    VkDescriptorSetLayoutBinding bindings[2]{};
    for (uint32_t i = 0; i < 2; ++i)
      bindings[i] = {i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo info = makeStruct<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
    info.bindingCount = 2;
    info.pBindings = bindings;
    check(m_device.functions().vkCreateDescriptorSetLayout(m_device.handle(), &info, nullptr, &m_storageSetLayout),
          "vkCreateDescriptorSetLayout");
  }
  return m_storageSetLayout;
}

VkPipelineLayout MetaPipelines::storageLayout() {
  if (!m_storageLayout) {
    VkDescriptorSetLayout set = storageSetLayout();
    VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, 32};
    VkPipelineLayoutCreateInfo info = makeStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    info.setLayoutCount = 1;
    info.pSetLayouts = &set;
    info.pushConstantRangeCount = 1;
    info.pPushConstantRanges = &push;
    check(m_device.functions().vkCreatePipelineLayout(m_device.handle(), &info, nullptr, &m_storageLayout), "vkCreatePipelineLayout");
  }
  return m_storageLayout;
}

VkPipeline MetaPipelines::createCompute(const std::vector<uint32_t>& spirv) {
  const DeviceFunctions& vk = m_device.functions();
  VkShaderModuleCreateInfo moduleInfo = makeStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  moduleInfo.codeSize = spirv.size() * sizeof(uint32_t);
  moduleInfo.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  check(vk.vkCreateShaderModule(m_device.handle(), &moduleInfo, nullptr, &module), "vkCreateShaderModule");
  VkComputePipelineCreateInfo info = makeStruct<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
  info.stage = makeStruct<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  info.layout = storageLayout();
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkResult result = vk.vkCreateComputePipelines(m_device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
  vk.vkDestroyShaderModule(m_device.handle(), module, nullptr);
  check(result, "vkCreateComputePipelines");
  return pipeline;
}

VkPipeline MetaPipelines::depthStencilPack(DepthStencilPacking packing, bool unpack) {
  VkPipeline& pipeline = m_depthStencil[uint32_t(packing) * 2 + (unpack ? 1 : 0)];
  if (!pipeline)
    pipeline = createCompute(depthStencilPackShader(packing, unpack));
  return pipeline;
}

namespace {

VkShaderModule createModule(Device& device, const std::vector<uint32_t>& spirv) {
  VkShaderModuleCreateInfo info = makeStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  info.codeSize = spirv.size() * sizeof(uint32_t);
  info.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  check(device.functions().vkCreateShaderModule(device.handle(), &info, nullptr, &module), "vkCreateShaderModule");
  return module;
}

}  // namespace

VkDescriptorSetLayout MetaPipelines::imageSetLayout(VkDescriptorType type, const VkSampler* sampler) {
  VkDescriptorSetLayoutBinding binding{0, type, 1, VK_SHADER_STAGE_FRAGMENT_BIT, sampler};
  VkDescriptorSetLayoutCreateInfo info = makeStruct<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  info.bindingCount = 1;
  info.pBindings = &binding;
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  check(m_device.functions().vkCreateDescriptorSetLayout(m_device.handle(), &info, nullptr, &layout), "vkCreateDescriptorSetLayout");
  return layout;
}

VkPipelineLayout MetaPipelines::fragmentLayout(VkDescriptorSetLayout set) {
  VkPushConstantRange push{VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(MipsParams)};
  VkPipelineLayoutCreateInfo info = makeStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  info.setLayoutCount = 1;
  info.pSetLayouts = &set;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &push;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  check(m_device.functions().vkCreatePipelineLayout(m_device.handle(), &info, nullptr, &layout), "vkCreatePipelineLayout");
  return layout;
}

VkDescriptorSetLayout MetaPipelines::resolveSetLayout() {
  if (!m_resolveSetLayout)
    m_resolveSetLayout = imageSetLayout(VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, nullptr);
  return m_resolveSetLayout;
}

VkPipelineLayout MetaPipelines::resolveLayout() {
  if (!m_resolveLayout)
    m_resolveLayout = fragmentLayout(resolveSetLayout());
  return m_resolveLayout;
}

VkDescriptorSetLayout MetaPipelines::mipsSetLayout() {
  if (!m_mipsSetLayout) {
    if (!m_linear) {
      // D3D11's GenerateMips filter: bilinear (trilinear for volumes) within one level.
      VkSamplerCreateInfo info = makeStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
      info.magFilter = info.minFilter = VK_FILTER_LINEAR;
      info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
      info.addressModeU = info.addressModeV = info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
      info.maxLod = 0.0f;
      check(m_device.functions().vkCreateSampler(m_device.handle(), &info, nullptr, &m_linear), "vkCreateSampler");
    }
    m_mipsSetLayout = imageSetLayout(VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &m_linear);
  }
  return m_mipsSetLayout;
}

VkPipelineLayout MetaPipelines::mipsLayout() {
  if (!m_mipsLayout)
    m_mipsLayout = fragmentLayout(mipsSetLayout());
  return m_mipsLayout;
}

VkPipeline MetaPipelines::createFullscreen(const std::vector<uint32_t>& fragment, VkPipelineLayout layout, VkFormat format,
                                           uint32_t samples) {
  const DeviceFunctions& vk = m_device.functions();
  if (!m_fullscreenVertex)
    m_fullscreenVertex = createModule(m_device, fullscreenVertexShader());
  VkShaderModule fragmentModule = createModule(m_device, fragment);
  VkPipelineShaderStageCreateInfo stages[2];
  for (uint32_t i = 0; i < 2; ++i) {
    stages[i] = makeStruct<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[i].module = i == 0 ? m_fullscreenVertex : fragmentModule;
    stages[i].pName = "main";
  }
  VkPipelineVertexInputStateCreateInfo vertexInput =
      makeStruct<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  VkPipelineInputAssemblyStateCreateInfo assembly =
      makeStruct<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo viewport =
      makeStruct<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
  viewport.viewportCount = viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster =
      makeStruct<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo multisample =
      makeStruct<VkPipelineMultisampleStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  multisample.rasterizationSamples = VkSampleCountFlagBits(samples);
  VkPipelineColorBlendAttachmentState attachment{};
  attachment.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  VkPipelineColorBlendStateCreateInfo blend =
      makeStruct<VkPipelineColorBlendStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
  blend.attachmentCount = 1;
  blend.pAttachments = &attachment;
  const VkDynamicState dynamicStates[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo dynamic = makeStruct<VkPipelineDynamicStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
  dynamic.dynamicStateCount = 2;
  dynamic.pDynamicStates = dynamicStates;
  VkPipelineRenderingCreateInfo rendering = makeStruct<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &format;
  VkGraphicsPipelineCreateInfo info = makeStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &rendering;
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkResult result = vk.vkCreateGraphicsPipelines(m_device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
  vk.vkDestroyShaderModule(m_device.handle(), fragmentModule, nullptr);
  check(result, "vkCreateGraphicsPipelines");
  return pipeline;
}

VkPipeline MetaPipelines::resolve(VkFormat format, uint32_t samples) {
  const uint64_t key = (uint64_t(samples) << 40) | uint64_t(uint32_t(format));
  VkPipeline& pipeline = m_fullscreen[key];
  if (!pipeline)
    pipeline = createFullscreen(resolveFragmentShader(samples), resolveLayout(), format);
  return pipeline;
}

VkPipeline MetaPipelines::mips(VkFormat format, MipsDimension dimension) {
  const uint64_t key = (uint64_t(1 + uint32_t(dimension)) << 56) | uint64_t(uint32_t(format));
  VkPipeline& pipeline = m_fullscreen[key];
  if (!pipeline)
    pipeline = createFullscreen(mipsFragmentShader(dimension), mipsLayout(), format);
  return pipeline;
}

VkPipeline MetaPipelines::alphaCopy(bool toShadow, AlphaCopyShape shape, uint32_t samples) {
  const VkFormat format = toShadow ? VK_FORMAT_R8G8B8A8_UNORM : VK_FORMAT_R8_UNORM;
  const uint64_t kind = 8 + (toShadow ? 4 : 0) + uint32_t(shape);
  const uint64_t key = (kind << 56) | (uint64_t(samples) << 40) | uint64_t(uint32_t(format));
  VkPipeline& pipeline = m_fullscreen[key];
  if (!pipeline)
    pipeline = createFullscreen(alphaCopyFragmentShader(toShadow, shape), resolveLayout(), format, samples);
  return pipeline;
}

}  // namespace vk
