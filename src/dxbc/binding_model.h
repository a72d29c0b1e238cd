// The one binding model: where a D3D11 stage's constant buffers, samplers, SRVs and UAVs live in
// Vulkan (descriptor set and binding). Shared by the shader compiler and the Vulkan backend.
#pragma once

#include <cstdint>

namespace dxbc {

// Pipeline stages in the order the binding model numbers their descriptor sets.
enum class ShaderStage : uint32_t { Vertex = 0, Hull = 1, Domain = 2, Geometry = 3, Pixel = 4, Compute = 5 };

enum class BindingKind : uint32_t { ConstantBuffer, Sampler, ShaderResource, UnorderedAccess, UavCounter };

// What kind of Vulkan descriptor a binding needs; the compiler decides it from the declaration.
enum class DescriptorKind : uint32_t {
  UniformBuffer, Sampler, SampledImage, UniformTexelBuffer, StorageBuffer, StorageImage, StorageTexelBuffer,
};

struct VulkanBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
};

namespace binding_model {

// D3D11 slot counts per stage (D3D11_COMMONSHADER_* and D3D11_1_UAV_SLOT_COUNT).
constexpr uint32_t kConstantBufferSlots = 14;
constexpr uint32_t kSamplerSlots = 16;
constexpr uint32_t kShaderResourceSlots = 128;
constexpr uint32_t kUavSlots = 64;

// First binding number of each kind inside a stage's set. The ranges do not overlap, so a
// binding number alone says what D3D slot it is (docs/binding-model.md).
constexpr uint32_t kConstantBufferBase = 0;
constexpr uint32_t kSamplerBase = 16;
constexpr uint32_t kShaderResourceBase = 32;
constexpr uint32_t kUavBase = kShaderResourceBase + kShaderResourceSlots;  // 160
constexpr uint32_t kUavCounterBase = kUavBase + kUavSlots;                 // 224
// Binding 14, after cb0-cb13: the hidden uniform block through which the runtime tells a shader
// with interfaces (class linkage) which function table and which `this` data each interface slot
// has (docs/binding-model.md). Reflected as a ConstantBuffer binding with this slot number.
constexpr uint32_t kClassInstanceSlot = kConstantBufferSlots;  // 14
constexpr uint32_t kClassInstanceBinding = kConstantBufferBase + kClassInstanceSlot;
// Binding 15: the hidden uniform block through which the runtime tells a shader with typed 3D
// UAVs (RWTexture3D) each one's W-slice range, uvec4 data[kUavSlots]: per UAV slot u, .x the
// view's FirstWSlice and .y its WSize (0 when no 3D view is bound). The Vulkan view covers every
// depth slice, so the shader offsets and bounds-checks z itself (docs/binding-model.md).
// Reflected as a ConstantBuffer binding with this slot number; shaders without a typed 3D UAV
// do not have it.
constexpr uint32_t kUavSliceSlot = kClassInstanceSlot + 1;  // 15
constexpr uint32_t kUavSliceBinding = kConstantBufferBase + kUavSliceSlot;
static_assert(kUavSliceBinding < kSamplerBase, "the UAV-slice block sits between the constant buffers and the samplers");
// D3D11_SHADER_MAX_INTERFACES: interface slots a shader may declare.
constexpr uint32_t kMaxInterfaceSlots = 253;

// Each stage owns one descriptor set: VS 0, HS 1, DS 2, GS 3, PS 4; a compute pipeline has only
// set 0. Graphics pipelines therefore use five of lavapipe's eight sets.
constexpr uint32_t descriptorSet(ShaderStage stage) {
  return stage == ShaderStage::Compute ? 0 : uint32_t(stage);
}

constexpr uint32_t baseOf(BindingKind kind) {
  switch (kind) {
    case BindingKind::ConstantBuffer: return kConstantBufferBase;
    case BindingKind::Sampler: return kSamplerBase;
    case BindingKind::ShaderResource: return kShaderResourceBase;
    case BindingKind::UnorderedAccess: return kUavBase;
    case BindingKind::UavCounter: return kUavCounterBase;
  }
  return 0;
}

constexpr uint32_t slotCount(BindingKind kind) {
  switch (kind) {
    case BindingKind::ConstantBuffer: return kConstantBufferSlots;
    case BindingKind::Sampler: return kSamplerSlots;
    case BindingKind::ShaderResource: return kShaderResourceSlots;
    case BindingKind::UnorderedAccess:
    case BindingKind::UavCounter: return kUavSlots;
  }
  return 0;
}

constexpr VulkanBinding binding(ShaderStage stage, BindingKind kind, uint32_t slot) {
  return VulkanBinding{descriptorSet(stage), baseOf(kind) + slot};
}

}  // namespace binding_model
}  // namespace dxbc
