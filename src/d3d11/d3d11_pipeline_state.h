// Translation of D3D11 pipeline state (blend, rasterizer, depth-stencil, input layout, topology,
// and the defaults D3D11 uses when nothing is bound) into vk::GraphicsPipelineKey.
#pragma once

#include <cstdint>
#include <vector>

#include "d3d11/d3d11_input_layout_validation.h"
#include "util/windows_base.h"
#include "vk/pipeline_key.h"

namespace d3d11vk {

// What D3D11 uses when OMSetBlendState/RSSetState/OMSetDepthStencilState bind null (the
// documented defaults: blend off and write mask all; solid fill, back-face culling, clockwise
// front faces, depth clip on; depth test LESS with writes, stencil off with masks 0xff).
D3D11_BLEND_DESC1 defaultBlendDesc();
D3D11_RASTERIZER_DESC2 defaultRasterizerDesc();
D3D11_DEPTH_STENCIL_DESC defaultDepthStencilDesc();
constexpr uint32_t kDefaultSampleMask = 0xffffffffu;

// Single mappings, public for the tests. `alpha`: the factor is for the alpha channel, where
// D3D11 defines *_COLOR factors as their *_ALPHA counterparts.
VkBlendFactor blendFactorOf(D3D11_BLEND blend, bool alpha);
VkBlendOp blendOpOf(D3D11_BLEND_OP op);
VkLogicOp logicOpOf(D3D11_LOGIC_OP op);
VkCompareOp compareOpOf(D3D11_COMPARISON_FUNC func);
VkStencilOp stencilOpOf(D3D11_STENCIL_OP op);

// Blend, alpha to coverage, logic op and the sample mask (OMSetBlendState's SampleMask).
void applyBlendState(const D3D11_BLEND_DESC1& desc, uint32_t sampleMask, vk::GraphicsPipelineKey* key);
// Fill, cull, front face, depth clip, whether depth bias is on, line antialiasing and the forced
// sample count. Bias values and ScissorEnable are dynamic state the draw path sets from the desc.
void applyRasterizerState(const D3D11_RASTERIZER_DESC2& desc, vk::GraphicsPipelineKey* key);
// The dynamic depth-bias values of a rasterizer state (vkCmdSetDepthBias's three arguments).
// D3D11 and Vulkan both count the constant in units of the depth format's minimum resolvable
// difference, so the values pass through unchanged.
struct DepthBias {
  float constantFactor = 0.0f, clamp = 0.0f, slopeFactor = 0.0f;
};
DepthBias depthBiasOf(const D3D11_RASTERIZER_DESC2& desc);
void applyDepthStencilState(const D3D11_DEPTH_STENCIL_DESC& desc, vk::GraphicsPipelineKey* key);
// Vertex attributes and bindings from an input layout's resolved elements (empty: no layout
// bound) and the strides bound with IASetVertexBuffers (slot-indexed, `strideCount` of them).
// Elements the vertex shader does not read are left out; attributes are sorted by location and
// bindings by slot, so equal states make equal keys.
void applyInputLayout(const std::vector<InputLayoutElement>& elements, const uint32_t* strides, uint32_t strideCount,
                      vk::GraphicsPipelineKey* key);
// The Vulkan topology of a D3D11 one, with *patchControlPoints set (0 for non-patch topologies).
// VK_PRIMITIVE_TOPOLOGY_MAX_ENUM for D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED or an unknown value: D3D11
// draws nothing then, and the draw path must skip the draw.
VkPrimitiveTopology topologyOf(D3D11_PRIMITIVE_TOPOLOGY topology, uint32_t* patchControlPoints);
// The list topology whose primitives take exactly `controlPoints` vertices in order: point, line,
// triangle, line with adjacency, triangle with adjacency list for 1, 2, 3, 4, 6; MAX_ENUM else.
VkPrimitiveTopology listTopologyOfPatch(uint32_t controlPoints);
// A geometry shader taking patches with no hull and domain shader (D3D11 hands it each patch's
// control points as the vertex shader wrote them): Vulkan has no patch input for geometry
// shaders and no patch list without tessellation, so an N-control-point patch list with a bound
// GS taking patchN (vk::ShaderCode::geometryPatchInput == N) becomes the list topology of N
// vertices, the primitive the compiled GS declares. Any other key is left as it is (a patch list
// without tessellation is then refused by checkGraphicsKey and draws nothing). `stages` are the
// ones the key's shader ids name (kGraphicsStages of them).
void applyGeometryPatchInput(const vk::ShaderCode* const* stages, vk::GraphicsPipelineKey* key);

}  // namespace d3d11vk
