// The backend's own two-stage graphics pipelines, built one way for every internal pass.
#include "vk/simple_pipeline.h"

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

VkShaderModule createShaderModule(Device& device, const std::vector<uint32_t>& spirv) {
  VkShaderModuleCreateInfo info = makeStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  info.codeSize = spirv.size() * sizeof(uint32_t);
  info.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  check(device.functions().vkCreateShaderModule(device.handle(), &info, nullptr, &module), "vkCreateShaderModule");
  return module;
}

VkPipeline createSimplePipeline(Device& device, const SimplePipelineDesc& desc) {
  VkPipelineShaderStageCreateInfo stages[2];
  const uint32_t stageCount = desc.fragment ? 2 : 1;
  for (uint32_t i = 0; i < stageCount; ++i) {
    stages[i] = makeStruct<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[i].module = i == 0 ? desc.vertex : desc.fragment;
    stages[i].pName = "main";
  }
  const VkPipelineVertexInputStateCreateInfo noInputs =
      makeStruct<VkPipelineVertexInputStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
  VkPipelineInputAssemblyStateCreateInfo assembly =
      makeStruct<VkPipelineInputAssemblyStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
  assembly.topology = desc.topology;
  VkPipelineViewportStateCreateInfo viewport =
      makeStruct<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
  viewport.viewportCount = viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster =
      makeStruct<VkPipelineRasterizationStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  raster.depthBiasEnable = desc.depthBias ? VK_TRUE : VK_FALSE;
  VkPipelineMultisampleStateCreateInfo multisample =
      makeStruct<VkPipelineMultisampleStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
  multisample.rasterizationSamples = VkSampleCountFlagBits(desc.samples);
  VkPipelineColorBlendAttachmentState attachment = desc.blend;
  attachment.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  VkPipelineColorBlendStateCreateInfo blend =
      makeStruct<VkPipelineColorBlendStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
  blend.attachmentCount = desc.format != VK_FORMAT_UNDEFINED ? 1 : 0;
  blend.pAttachments = &attachment;
  VkPipelineDepthStencilStateCreateInfo depth =
      makeStruct<VkPipelineDepthStencilStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO);
  depth.depthTestEnable = depth.depthWriteEnable = VK_TRUE;
  depth.depthCompareOp = VK_COMPARE_OP_ALWAYS;
  const VkDynamicState dynamicStates[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR, VK_DYNAMIC_STATE_DEPTH_BIAS};
  VkPipelineDynamicStateCreateInfo dynamic = makeStruct<VkPipelineDynamicStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
  dynamic.dynamicStateCount = desc.depthBias ? 3 : 2;
  dynamic.pDynamicStates = dynamicStates;
  VkPipelineRenderingCreateInfo rendering = makeStruct<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
  rendering.colorAttachmentCount = desc.format != VK_FORMAT_UNDEFINED ? 1 : 0;
  rendering.pColorAttachmentFormats = &desc.format;
  rendering.depthAttachmentFormat = desc.depthFormat;
  rendering.stencilAttachmentFormat = desc.stencilFormat;
  VkGraphicsPipelineCreateInfo info = makeStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &rendering;
  info.stageCount = stageCount;
  info.pStages = stages;
  info.pVertexInputState = desc.vertexInput ? desc.vertexInput : &noInputs;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pColorBlendState = &blend;
  info.pDepthStencilState = desc.depthFormat != VK_FORMAT_UNDEFINED ? &depth : nullptr;
  info.pDynamicState = &dynamic;
  info.layout = desc.layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(device.functions().vkCreateGraphicsPipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
        "vkCreateGraphicsPipelines");
  return pipeline;
}

}  // namespace vk
