// shaderCodeFrom: compiler reflection to vk::ShaderCode.
#include "vk/shader_code.h"

#include <algorithm>

namespace vk {

VkDescriptorType descriptorTypeOf(dxbc::DescriptorKind kind) {
  switch (kind) {
    case dxbc::DescriptorKind::UniformBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    case dxbc::DescriptorKind::Sampler: return VK_DESCRIPTOR_TYPE_SAMPLER;
    case dxbc::DescriptorKind::SampledImage: return VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
    case dxbc::DescriptorKind::UniformTexelBuffer: return VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
    case dxbc::DescriptorKind::StorageBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    case dxbc::DescriptorKind::StorageImage: return VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    case dxbc::DescriptorKind::StorageTexelBuffer: return VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
  }
  return VK_DESCRIPTOR_TYPE_MAX_ENUM;
}

VkShaderStageFlagBits shaderStageOf(dxbc::ShaderStage stage) {
  switch (stage) {
    case dxbc::ShaderStage::Vertex: return VK_SHADER_STAGE_VERTEX_BIT;
    case dxbc::ShaderStage::Hull: return VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
    case dxbc::ShaderStage::Domain: return VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
    case dxbc::ShaderStage::Geometry: return VK_SHADER_STAGE_GEOMETRY_BIT;
    case dxbc::ShaderStage::Pixel: return VK_SHADER_STAGE_FRAGMENT_BIT;
    case dxbc::ShaderStage::Compute: return VK_SHADER_STAGE_COMPUTE_BIT;
  }
  return VK_SHADER_STAGE_ALL;
}

std::shared_ptr<const ShaderCode> shaderCodeFrom(uint64_t id, const dxbc::CompileResult& compiled) {
  auto code = std::make_shared<ShaderCode>();
  code->id = id;
  code->stage = shaderStageOf(compiled.reflection.stage);
  code->spirv = compiled.spirv;
  for (const dxbc::ShaderBinding& binding : compiled.reflection.bindings)
    code->bindings.push_back({binding.vulkan.binding, descriptorTypeOf(binding.descriptor)});
  std::sort(code->bindings.begin(), code->bindings.end(),
            [](const ShaderBindingSlot& a, const ShaderBindingSlot& b) { return a.binding < b.binding; });
  code->patchControlPoints = compiled.reflection.patchControlPoints;
  code->geometryPatchInput = compiled.reflection.geometryPatchInput;
  code->usesRasterizerSampleCount = compiled.reflection.rasterizerSampleCount;
  code->transformFeedback = compiled.reflection.transformFeedback;
  if (compiled.reflection.stage == dxbc::ShaderStage::Pixel)
    for (uint32_t location : compiled.reflection.outputLocations)
      if (location < 32)
        code->colorOutputs |= 1u << location;
  return code;
}

}  // namespace vk
