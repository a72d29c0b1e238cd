// dxbc::compile: DXBC shader bytes and options in, SPIR-V words and reflection (or an error) out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/binding_model.h"

namespace dxbc {

// One D3D11_SO_DECLARATION_ENTRY: `componentCount` components of an output, starting at
// `startComponent` of its signature element, written to buffer slot `outputSlot`.
struct StreamOutputEntry {
  uint32_t stream = 0;
  std::string semanticName;  // empty: a gap of componentCount components in the buffer
  uint32_t semanticIndex = 0;
  uint32_t startComponent = 0;
  uint32_t componentCount = 0;
  uint32_t outputSlot = 0;
};

// The stream-output declaration of the last stage before the rasterizer (vertex, domain or
// geometry shader). No entries: no transform feedback.
struct StreamOutputLayout {
  std::vector<StreamOutputEntry> entries;
  // Bytes per vertex in each buffer slot; 0 means the packed size of the slot's entries.
  uint32_t strides[4] = {0, 0, 0, 0};
  // The stream the rasterizer draws (D3D11_SO_NO_RASTERIZED_STREAM, ~0u: none). An output
  // register several streams declare reaches the pixel shader from this one.
  uint32_t rasterizedStream = 0;
};

struct CompileOptions {
  // Reserved for device feature flags (e.g. typed UAV loads without format); nothing reads them yet.
  bool storageImageReadWithoutFormat = false;
  // Transform feedback (docs/compiler.md, Stream output): each entry becomes an output variable
  // with XfbBuffer/XfbStride/Offset (and Stream), and the entry point gets the Xfb mode.
  StreamOutputLayout streamOutput;
  // Pixel shaders (docs/compiler.md, Dual-source blending): o0 and o1 become the two sources of
  // render target 0 (Location 0, Index 0 and 1); every other colour output is dropped, as D3D11
  // writes only target 0 while dual-source factors are in use.
  bool dualSourceBlend = false;
  // Not 0: the bytes are a vertex or domain shader whose outputs stream output captures, and the
  // result is the pass-through geometry shader D3D11 runs for it (docs/compiler.md, Stream
  // output), taking this input primitive (D3D10_SB_PRIMITIVE: 1 point, 2 line, 3 triangle,
  // 6 line and 7 triangle with adjacency; a domain shader's own tessellator domain decides).
  uint32_t passThroughGeometry = 0;
  // The device honours the SignedZeroInfNanPreserve float control (Vulkan 1.2,
  // shaderSignedZeroInfNanPreserveFloat32/64): the module asks for it, so the driver keeps the
  // results D3D's float rules define instead of folding them away (-0 + 0 = +0, not -0; 0 * inf =
  // NaN, not 0; 0 / 0 = NaN). Without it a driver may assume no signed zeros, infinities or NaNs
  // (docs/compiler.md, Float controls).
  bool preserveSignedZeroInfNan32 = false;
  bool preserveSignedZeroInfNan64 = false;  // the same for the double instructions
  // The device has shaderDemoteToHelperInvocation (Vulkan 1.3): discard becomes
  // OpDemoteToHelperInvocation, D3D's meaning, where the pixel's outputs are dropped but it keeps
  // running as a helper, so its quad's derivatives after the discard stay defined. Without it,
  // discard ends the invocation (OpKill), and derivatives in a quad with a discarded pixel are
  // undefined in Vulkan (docs/compiler.md, Discard).
  bool demoteToHelperInvocation = false;
};

// One descriptor the shader uses, for the backend's descriptor set layout.
struct ShaderBinding {
  BindingKind kind = BindingKind::ConstantBuffer;
  uint32_t slot = 0;            // the D3D register (cb#, s#, t#, u#)
  DescriptorKind descriptor = DescriptorKind::UniformBuffer;
  VulkanBinding vulkan;
};

struct ShaderReflection {
  ShaderStage stage = ShaderStage::Vertex;
  std::vector<ShaderBinding> bindings;
  std::vector<uint32_t> inputLocations;   // user inputs (vertex attributes or varyings), by location
  std::vector<uint32_t> outputLocations;  // user outputs (varyings or render targets), by location
  uint32_t threadGroupSize[3] = {0, 0, 0};
  // Hull shaders: the input patch size (VkPipelineTessellationStateCreateInfo::patchControlPoints).
  uint32_t patchControlPoints = 0;
  // Geometry shaders declaring dcl_inputprimitive patchN (N = 1, 2, 3, 4 or 6): N, else 0. The
  // module takes the list primitive of N vertices instead (points, lines, triangles, lines or
  // triangles with adjacency); the backend draws an N-control-point patch list without hull and
  // domain shaders as that list topology (docs/pipelines.md).
  uint32_t geometryPatchInput = 0;
  // The pixel shader writes oStencilRef: the device needs VK_EXT_shader_stencil_export.
  bool stencilExport = false;
  // The shader reads the rasterizer's sample count (sampleinfo/samplepos of `rasterizer`) from the
  // specialization constant kRasterizerSampleCountSpecId; the backend sets it to the pipeline's
  // rasterizationSamples (default 1).
  bool rasterizerSampleCount = false;
  // The module captures outputs with transform feedback (VK_EXT_transform_feedback); the
  // capture variables sit at the locations in xfbLocations, after the shader's own outputs.
  bool transformFeedback = false;
  std::vector<uint32_t> xfbLocations;
  // Class linkage: the interface slots the shader declares (dcl_interface fp#[size]: the highest
  // fp# + size). Not 0: the shader reads binding_model::kClassInstanceBinding, a uniform block of
  // uvec4[2 * interfaceSlots]: per slot, the function table id in .x of the first vector and the
  // instance's `this` data (cb slot, cb vector offset, texture base, sampler base) in the second.
  uint32_t interfaceSlots = 0;
  // Typed 3D UAVs (dcl_uav_typed_texture3d): bit u set for each such u#. Not 0: the shader reads
  // binding_model::kUavSliceBinding, a uniform block of uvec4[kUavSlots] holding per UAV slot the
  // bound view's FirstWSlice (.x) and WSize (.y); loads, stores, atomics and resinfo are relative
  // to that slice range (z offset by FirstWSlice, z >= WSize dropped or read as 0).
  uint64_t uavSliceSlots = 0;
  // The shader clamps sample LODs (the D3D11.2 *_cl_s samples, SPIR-V MinLod): the device needs
  // shaderResourceMinLod.
  bool minLod = false;
  // The shader has double-precision instructions (SPIR-V Float64): the device needs shaderFloat64,
  // and D3D11 creates such shaders only where CheckFeatureSupport(DOUBLES) says so.
  bool doubles = false;
  // The pixel shader declares a rasterizer-ordered UAV (the _rov flag): its body runs inside a
  // fragment shader interlock (SPV_EXT_fragment_shader_interlock, PixelInterlockOrderedEXT), so
  // the device needs fragmentShaderPixelInterlock (docs/compiler.md, Rasterizer-ordered views).
  bool rasterizerOrdered = false;
  // The pixel shader reads vInnerCoverage (SV_InnerCoverage, SPIR-V FullyCoveredEXT): the device
  // needs conservative rasterization tier 3 (fullyCoveredFragmentShaderInputVariable).
  bool innerCoverage = false;
  // The shader uses a tiled-resource residency form (the *_s loads, samples and gathers, or
  // check_access_fully_mapped): D3D11 creates it only at tiled resources tier 2, and its status is
  // compiled as "fully mapped" (docs/compiler.md, Residency feedback).
  bool residencyFeedback = false;
};

constexpr uint32_t kRasterizerSampleCountSpecId = 0;

// Why compile() refused a shader.
enum class CompileFailure : uint8_t {
  None,         // it compiled
  Unsupported,  // valid DXBC the compiler does not handle yet
  Invalid,      // malformed input, or an instruction or register its stage cannot have
  Internal,     // a bug in the compiler
};
// "unsupported", "invalid", "internal" ("" for None): the word the error text starts with.
const char* compileFailureName(CompileFailure failure);
// The error text of a refusal: "invalid: " and the reason.
std::string compileFailureText(CompileFailure failure, const std::string& reason);

struct CompileResult {
  CompileFailure failure = CompileFailure::None;
  // Empty on success; else the failure's name, ": " and the reason ("invalid: register slot 16 is
  // out of range"), for the log.
  std::string error;
  std::vector<uint32_t> spirv;
  ShaderReflection reflection;

  bool ok() const { return failure == CompileFailure::None; }
};

// A pure function: no device, no global state. Never throws and never crashes on bad bytes.
CompileResult compile(const uint8_t* bytes, size_t size, const CompileOptions& options = {});
inline CompileResult compile(const std::vector<uint8_t>& bytes, const CompileOptions& options = {}) {
  return compile(bytes.data(), bytes.size(), options);
}

}  // namespace dxbc
