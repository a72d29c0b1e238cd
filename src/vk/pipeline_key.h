// GraphicsPipelineKey and ComputePipelineKey: everything a Vulkan pipeline is built from, in
// Vulkan terms, as plain comparable and hashable data. The front end fills them from the bound
// D3D11 shaders, input layout and state objects; vk::PipelineManager turns a key into a pipeline
// and caches it. Viewports, scissors, blend constants, stencil reference and depth bias values are
// dynamic state, so they are not in the key.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "dxbc/binding_model.h"
#include "vk/vulkan_api.h"

namespace vk {

constexpr uint32_t kMaxColorTargets = 8;
constexpr uint32_t kMaxVertexBindings = 32;
constexpr uint32_t kGraphicsStages = 5;  // VS, HS, DS, GS, PS in binding-model set order
// GraphicsPipelineKey::rasterizedStream when the geometry shader's stream output rasterizes no
// stream (D3D11_SO_NO_RASTERIZED_STREAM): the pipeline discards every primitive after stream out.
constexpr uint32_t kNoRasterizedStream = 0xffffffffu;

// One descriptor a shader uses, in Vulkan terms (from dxbc::ShaderReflection).
struct ShaderBindingSlot {
  uint32_t binding;
  VkDescriptorType type;
};

// A compiled shader as the backend sees it: SPIR-V and what its layout needs. Shared by every
// D3D11 shader object made from the same bytes; the VkShaderModule is created on first use.
struct ShaderCode {
  uint64_t id = 0;                          // unique per distinct SPIR-V (the front end's cache id)
  VkShaderStageFlagBits stage = VK_SHADER_STAGE_VERTEX_BIT;
  std::vector<uint32_t> spirv;
  std::vector<ShaderBindingSlot> bindings;  // sorted by binding
  uint32_t patchControlPoints = 0;          // hull shaders
  // Geometry shaders taking patches of N control points (dcl_inputprimitive patchN, N = 1, 2, 3,
  // 4 or 6): N. The module takes the list primitive of N vertices; the key's topology must be
  // that list (d3d11vk::applyGeometryPatchInput).
  uint32_t geometryPatchInput = 0;
  bool usesRasterizerSampleCount = false;   // specialization constant 0 = the pipeline's sample count
  bool transformFeedback = false;           // has Xfb outputs (a stream-output declaration compiled in)
  // Fragment shaders: bit i set = the shader writes render target i (SV_Target i). Attachments it
  // does not write get a zero write mask, so they keep their contents as in D3D11.
  uint32_t colorOutputs = 0;
  // Fragment shaders writing o0 and o1: the same shader with o1 as the second source of target 0
  // (Location 0, Index 1), used instead of this one when target 0 blends with SRC1 factors.
  std::shared_ptr<const ShaderCode> dualSource;
  // A pass-through geometry shader (stream output from vertex bytecode) takes triangles; these
  // take points, lines, lines and triangles with adjacency (kPassThroughPoint...), chosen by the
  // key's topology when the pipeline is built.
  std::shared_ptr<const ShaderCode> passThroughVariants[4];
};
enum : uint32_t { kPassThroughPoint, kPassThroughLine, kPassThroughLineAdjacency, kPassThroughTriangleAdjacency };

struct VertexAttribute {
  uint32_t location;
  uint32_t binding;
  VkFormat format;
  uint32_t offset;
};

struct VertexBinding {
  uint32_t binding;
  uint32_t stride;     // the bound stride: part of the key because Vulkan bakes it into the pipeline
  VkVertexInputRate inputRate;
  uint32_t divisor;    // instance step rate (1 = every instance, 0 = never advances)
};

struct ColorBlend {
  VkBool32 enable = VK_FALSE;
  VkBlendFactor srcColor = VK_BLEND_FACTOR_ONE, dstColor = VK_BLEND_FACTOR_ZERO;
  VkBlendOp colorOp = VK_BLEND_OP_ADD;
  VkBlendFactor srcAlpha = VK_BLEND_FACTOR_ONE, dstAlpha = VK_BLEND_FACTOR_ZERO;
  VkBlendOp alphaOp = VK_BLEND_OP_ADD;
  VkColorComponentFlags writeMask = 0xf;
};

struct StencilFace {
  VkStencilOp fail = VK_STENCIL_OP_KEEP, pass = VK_STENCIL_OP_KEEP, depthFail = VK_STENCIL_OP_KEEP;
  VkCompareOp compare = VK_COMPARE_OP_ALWAYS;
};

// Plain data with no padding surprises: compared and hashed bytewise (zero-initialise, then set).
struct GraphicsPipelineKey {
  uint64_t shaders[kGraphicsStages] = {};   // ShaderCode ids, 0 = stage unused
  // Input assembly and vertex input.
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  uint32_t patchControlPoints = 0;
  uint32_t attributeCount = 0, bindingCount = 0;
  VertexAttribute attributes[kMaxVertexBindings] = {};
  VertexBinding bindings[kMaxVertexBindings] = {};
  // Rasterizer.
  VkPolygonMode polygonMode = VK_POLYGON_MODE_FILL;
  VkCullModeFlags cullMode = VK_CULL_MODE_BACK_BIT;
  VkFrontFace frontFace = VK_FRONT_FACE_CLOCKWISE;
  VkBool32 depthClipEnable = VK_TRUE;
  VkBool32 depthBiasEnable = VK_FALSE;
  VkBool32 lineSmooth = VK_FALSE;
  // D3D11.3 ConservativeRaster ON: VK_EXT_conservative_rasterization's overestimation mode.
  VkBool32 conservativeRasterization = VK_FALSE;
  uint32_t viewportCount = 1;
  uint32_t rasterizedStream = 0;
  // Multisampling.
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  uint32_t sampleMask = 0xffffffffu;
  VkBool32 alphaToCoverage = VK_FALSE;
  VkBool32 sampleShading = VK_FALSE;
  // Depth and stencil.
  VkBool32 depthTest = VK_FALSE, depthWrite = VK_FALSE;
  VkCompareOp depthCompare = VK_COMPARE_OP_LESS;
  VkBool32 stencilTest = VK_FALSE;
  StencilFace front, back;
  uint32_t stencilReadMask = 0xff, stencilWriteMask = 0xff;
  // Blending and attachments.
  VkBool32 logicOpEnable = VK_FALSE;
  VkLogicOp logicOp = VK_LOGIC_OP_COPY;
  uint32_t colorCount = 0;                  // highest bound render target + 1
  VkFormat colorFormats[kMaxColorTargets] = {};
  ColorBlend blend[kMaxColorTargets] = {};
  VkFormat depthFormat = VK_FORMAT_UNDEFINED;
  VkFormat stencilFormat = VK_FORMAT_UNDEFINED;
  // D3D11.1 ForcedSampleCount (target-independent rasterization): used as the rasterization
  // sample count when no attachment is bound, 0 = not forced.
  uint32_t forcedSampleCount = 0;
  // Always 0: with conservativeRasterization the fields above are an odd number of 32-bit words,
  // and this word keeps the 64-bit-aligned key free of tail padding.
  uint32_t unused = 0;

  bool operator==(const GraphicsPipelineKey& other) const { return std::memcmp(this, &other, sizeof(*this)) == 0; }
};

struct ComputePipelineKey {
  uint64_t shader = 0;
  bool operator==(const ComputePipelineKey& other) const { return shader == other.shader; }
};

// Bytewise comparison and hashing are only sound without padding bytes.
static_assert(std::has_unique_object_representations_v<GraphicsPipelineKey>,
              "GraphicsPipelineKey must have no padding: add explicit fields instead");

uint64_t hashKey(const GraphicsPipelineKey& key);

}  // namespace vk
