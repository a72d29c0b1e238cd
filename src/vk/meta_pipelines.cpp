// MetaPipelines: layouts and compute pipelines for the internal shaders.
#include "vk/meta_pipelines.h"

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

MetaPipelines::~MetaPipelines() {
  const DeviceFunctions& vk = m_device.functions();
  for (VkPipeline pipeline : m_depthStencil)
    if (pipeline)
      vk.vkDestroyPipeline(m_device.handle(), pipeline, nullptr);
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

}  // namespace vk
