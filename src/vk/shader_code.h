// shaderCodeFrom: the backend's view of a compiled shader (vk::ShaderCode) built from the
// compiler's SPIR-V and reflection, with binding-model descriptor kinds turned into Vulkan types.
#pragma once

#include <memory>

#include "dxbc/compiler.h"
#include "vk/pipeline_key.h"

namespace vk {

VkDescriptorType descriptorTypeOf(dxbc::DescriptorKind kind);
VkShaderStageFlagBits shaderStageOf(dxbc::ShaderStage stage);

// `id` must be unique per distinct SPIR-V (the front end's shader cache id); the result is what
// PipelineManager and ShaderModules take. Bindings come out sorted by binding number.
std::shared_ptr<const ShaderCode> shaderCodeFrom(uint64_t id, const dxbc::CompileResult& compiled);

}  // namespace vk
