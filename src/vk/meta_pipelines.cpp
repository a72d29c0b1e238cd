// MetaPipelines: layouts and compute and full-screen graphics pipelines for the internal shaders.
#include "vk/meta_pipelines.h"

#include "vk/simple_pipeline.h"

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
  VkShaderModule module = createShaderModule(m_device, spirv);
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
  if (!m_fullscreenVertex)
    m_fullscreenVertex = createShaderModule(m_device, fullscreenVertexShader());
  SimplePipelineDesc desc;
  desc.vertex = m_fullscreenVertex;
  desc.fragment = createShaderModule(m_device, fragment);
  desc.format = format;
  desc.samples = samples;
  desc.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  try {
    pipeline = createSimplePipeline(m_device, desc);
  } catch (...) {
    m_device.functions().vkDestroyShaderModule(m_device.handle(), desc.fragment, nullptr);
    throw;
  }
  m_device.functions().vkDestroyShaderModule(m_device.handle(), desc.fragment, nullptr);
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
