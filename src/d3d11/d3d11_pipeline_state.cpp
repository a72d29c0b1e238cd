// D3D11 state objects, input layouts and topologies into vk::GraphicsPipelineKey fields.
#include "d3d11/d3d11_pipeline_state.h"

#include <algorithm>

namespace d3d11vk {

D3D11_BLEND_DESC1 defaultBlendDesc() {
  D3D11_BLEND_DESC1 desc{};
  desc.AlphaToCoverageEnable = FALSE;
  desc.IndependentBlendEnable = FALSE;
  for (D3D11_RENDER_TARGET_BLEND_DESC1& target : desc.RenderTarget) {
    target.BlendEnable = FALSE;
    target.LogicOpEnable = FALSE;
    target.SrcBlend = D3D11_BLEND_ONE;
    target.DestBlend = D3D11_BLEND_ZERO;
    target.BlendOp = D3D11_BLEND_OP_ADD;
    target.SrcBlendAlpha = D3D11_BLEND_ONE;
    target.DestBlendAlpha = D3D11_BLEND_ZERO;
    target.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    target.LogicOp = D3D11_LOGIC_OP_NOOP;
    target.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  }
  return desc;
}

D3D11_RASTERIZER_DESC2 defaultRasterizerDesc() {
  D3D11_RASTERIZER_DESC2 desc{};
  desc.FillMode = D3D11_FILL_SOLID;
  desc.CullMode = D3D11_CULL_BACK;
  desc.FrontCounterClockwise = FALSE;
  desc.DepthBias = 0;
  desc.DepthBiasClamp = 0.0f;
  desc.SlopeScaledDepthBias = 0.0f;
  desc.DepthClipEnable = TRUE;
  desc.ScissorEnable = FALSE;
  desc.MultisampleEnable = FALSE;
  desc.AntialiasedLineEnable = FALSE;
  desc.ForcedSampleCount = 0;
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  return desc;
}

D3D11_DEPTH_STENCIL_DESC defaultDepthStencilDesc() {
  D3D11_DEPTH_STENCIL_DESC desc{};
  desc.DepthEnable = TRUE;
  desc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
  desc.DepthFunc = D3D11_COMPARISON_LESS;
  desc.StencilEnable = FALSE;
  desc.StencilReadMask = D3D11_DEFAULT_STENCIL_READ_MASK;
  desc.StencilWriteMask = D3D11_DEFAULT_STENCIL_WRITE_MASK;
  for (D3D11_DEPTH_STENCILOP_DESC* face : {&desc.FrontFace, &desc.BackFace}) {
    face->StencilFailOp = D3D11_STENCIL_OP_KEEP;
    face->StencilDepthFailOp = D3D11_STENCIL_OP_KEEP;
    face->StencilPassOp = D3D11_STENCIL_OP_KEEP;
    face->StencilFunc = D3D11_COMPARISON_ALWAYS;
  }
  return desc;
}

VkBlendFactor blendFactorOf(D3D11_BLEND blend, bool alpha) {
  switch (blend) {
    case D3D11_BLEND_ZERO: return VK_BLEND_FACTOR_ZERO;
    case D3D11_BLEND_ONE: return VK_BLEND_FACTOR_ONE;
    // For the alpha channel D3D11 reads a *_COLOR factor's alpha component (the runtime refuses
    // them in SrcBlendAlpha/DestBlendAlpha, but the mapping stays total and explicit).
    case D3D11_BLEND_SRC_COLOR: return alpha ? VK_BLEND_FACTOR_SRC_ALPHA : VK_BLEND_FACTOR_SRC_COLOR;
    case D3D11_BLEND_INV_SRC_COLOR: return alpha ? VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA : VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
    case D3D11_BLEND_SRC_ALPHA: return VK_BLEND_FACTOR_SRC_ALPHA;
    case D3D11_BLEND_INV_SRC_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    case D3D11_BLEND_DEST_ALPHA: return VK_BLEND_FACTOR_DST_ALPHA;
    case D3D11_BLEND_INV_DEST_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
    case D3D11_BLEND_DEST_COLOR: return alpha ? VK_BLEND_FACTOR_DST_ALPHA : VK_BLEND_FACTOR_DST_COLOR;
    case D3D11_BLEND_INV_DEST_COLOR: return alpha ? VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA : VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
    case D3D11_BLEND_SRC_ALPHA_SAT: return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
    // The blend factor of OMSetBlendState is Vulkan's blend constants (dynamic state). For the
    // alpha channel CONSTANT_COLOR already reads the constant's alpha, exactly as D3D11 does.
    case D3D11_BLEND_BLEND_FACTOR: return VK_BLEND_FACTOR_CONSTANT_COLOR;
    case D3D11_BLEND_INV_BLEND_FACTOR: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
    case D3D11_BLEND_SRC1_COLOR: return alpha ? VK_BLEND_FACTOR_SRC1_ALPHA : VK_BLEND_FACTOR_SRC1_COLOR;
    case D3D11_BLEND_INV_SRC1_COLOR: return alpha ? VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA : VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
    case D3D11_BLEND_SRC1_ALPHA: return VK_BLEND_FACTOR_SRC1_ALPHA;
    case D3D11_BLEND_INV_SRC1_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
  }
  // Validated state objects never get here; ONE keeps an unvalidated value harmless.
  return VK_BLEND_FACTOR_ONE;
}

VkBlendOp blendOpOf(D3D11_BLEND_OP op) {
  switch (op) {
    case D3D11_BLEND_OP_ADD: return VK_BLEND_OP_ADD;
    case D3D11_BLEND_OP_SUBTRACT: return VK_BLEND_OP_SUBTRACT;
    case D3D11_BLEND_OP_REV_SUBTRACT: return VK_BLEND_OP_REVERSE_SUBTRACT;
    case D3D11_BLEND_OP_MIN: return VK_BLEND_OP_MIN;
    case D3D11_BLEND_OP_MAX: return VK_BLEND_OP_MAX;
  }
  return VK_BLEND_OP_ADD;
}

VkLogicOp logicOpOf(D3D11_LOGIC_OP op) {
  switch (op) {
    case D3D11_LOGIC_OP_CLEAR: return VK_LOGIC_OP_CLEAR;
    case D3D11_LOGIC_OP_SET: return VK_LOGIC_OP_SET;
    case D3D11_LOGIC_OP_COPY: return VK_LOGIC_OP_COPY;
    case D3D11_LOGIC_OP_COPY_INVERTED: return VK_LOGIC_OP_COPY_INVERTED;
    case D3D11_LOGIC_OP_NOOP: return VK_LOGIC_OP_NO_OP;
    case D3D11_LOGIC_OP_INVERT: return VK_LOGIC_OP_INVERT;
    case D3D11_LOGIC_OP_AND: return VK_LOGIC_OP_AND;
    case D3D11_LOGIC_OP_NAND: return VK_LOGIC_OP_NAND;
    case D3D11_LOGIC_OP_OR: return VK_LOGIC_OP_OR;
    case D3D11_LOGIC_OP_NOR: return VK_LOGIC_OP_NOR;
    case D3D11_LOGIC_OP_XOR: return VK_LOGIC_OP_XOR;
    case D3D11_LOGIC_OP_EQUIV: return VK_LOGIC_OP_EQUIVALENT;
    // D3D's s AND NOT d is Vulkan's AND_REVERSE (s & ~d); NOT s AND d is AND_INVERTED (~s & d).
    case D3D11_LOGIC_OP_AND_REVERSE: return VK_LOGIC_OP_AND_REVERSE;
    case D3D11_LOGIC_OP_AND_INVERTED: return VK_LOGIC_OP_AND_INVERTED;
    case D3D11_LOGIC_OP_OR_REVERSE: return VK_LOGIC_OP_OR_REVERSE;
    case D3D11_LOGIC_OP_OR_INVERTED: return VK_LOGIC_OP_OR_INVERTED;
  }
  return VK_LOGIC_OP_NO_OP;
}

VkCompareOp compareOpOf(D3D11_COMPARISON_FUNC func) {
  switch (func) {
    case D3D11_COMPARISON_NEVER: return VK_COMPARE_OP_NEVER;
    case D3D11_COMPARISON_LESS: return VK_COMPARE_OP_LESS;
    case D3D11_COMPARISON_EQUAL: return VK_COMPARE_OP_EQUAL;
    case D3D11_COMPARISON_LESS_EQUAL: return VK_COMPARE_OP_LESS_OR_EQUAL;
    case D3D11_COMPARISON_GREATER: return VK_COMPARE_OP_GREATER;
    case D3D11_COMPARISON_NOT_EQUAL: return VK_COMPARE_OP_NOT_EQUAL;
    case D3D11_COMPARISON_GREATER_EQUAL: return VK_COMPARE_OP_GREATER_OR_EQUAL;
    case D3D11_COMPARISON_ALWAYS: return VK_COMPARE_OP_ALWAYS;
  }
  return VK_COMPARE_OP_ALWAYS;
}

VkStencilOp stencilOpOf(D3D11_STENCIL_OP op) {
  switch (op) {
    case D3D11_STENCIL_OP_KEEP: return VK_STENCIL_OP_KEEP;
    case D3D11_STENCIL_OP_ZERO: return VK_STENCIL_OP_ZERO;
    case D3D11_STENCIL_OP_REPLACE: return VK_STENCIL_OP_REPLACE;
    case D3D11_STENCIL_OP_INCR_SAT: return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
    case D3D11_STENCIL_OP_DECR_SAT: return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
    case D3D11_STENCIL_OP_INVERT: return VK_STENCIL_OP_INVERT;
    case D3D11_STENCIL_OP_INCR: return VK_STENCIL_OP_INCREMENT_AND_WRAP;
    case D3D11_STENCIL_OP_DECR: return VK_STENCIL_OP_DECREMENT_AND_WRAP;
  }
  return VK_STENCIL_OP_KEEP;
}

void applyBlendState(const D3D11_BLEND_DESC1& desc, uint32_t sampleMask, vk::GraphicsPipelineKey* key) {
  for (uint32_t i = 0; i < vk::kMaxColorTargets; i++) {
    // Without independent blending every target uses RenderTarget[0].
    const D3D11_RENDER_TARGET_BLEND_DESC1& from = desc.RenderTarget[desc.IndependentBlendEnable ? i : 0];
    vk::ColorBlend to{};  // blending off keeps the default factors, so equal states hash equal
    to.enable = from.BlendEnable ? VK_TRUE : VK_FALSE;
    if (to.enable) {
      to.srcColor = blendFactorOf(from.SrcBlend, false);
      to.dstColor = blendFactorOf(from.DestBlend, false);
      to.colorOp = blendOpOf(from.BlendOp);
      to.srcAlpha = blendFactorOf(from.SrcBlendAlpha, true);
      to.dstAlpha = blendFactorOf(from.DestBlendAlpha, true);
      to.alphaOp = blendOpOf(from.BlendOpAlpha);
    }
    // D3D11_COLOR_WRITE_ENABLE_RED/GREEN/BLUE/ALPHA are bits 0-3, as VK_COLOR_COMPONENT_R/G/B/A.
    to.writeMask = from.RenderTargetWriteMask & 0xfu;
    key->blend[i] = to;
  }
  // Vulkan's logic op is one for all attachments; D3D11.1 allows it only without independent
  // blending, so RenderTarget[0] speaks for every target.
  key->logicOpEnable = desc.RenderTarget[0].LogicOpEnable ? VK_TRUE : VK_FALSE;
  key->logicOp = key->logicOpEnable ? logicOpOf(desc.RenderTarget[0].LogicOp) : VK_LOGIC_OP_COPY;
  key->alphaToCoverage = desc.AlphaToCoverageEnable ? VK_TRUE : VK_FALSE;
  key->sampleMask = sampleMask;
}

void applyRasterizerState(const D3D11_RASTERIZER_DESC2& desc, vk::GraphicsPipelineKey* key) {
  key->polygonMode = desc.FillMode == D3D11_FILL_WIREFRAME ? VK_POLYGON_MODE_LINE : VK_POLYGON_MODE_FILL;
  switch (desc.CullMode) {
    case D3D11_CULL_NONE: key->cullMode = VK_CULL_MODE_NONE; break;
    case D3D11_CULL_FRONT: key->cullMode = VK_CULL_MODE_FRONT_BIT; break;
    default: key->cullMode = VK_CULL_MODE_BACK_BIT; break;
  }
  // Winding. Vulkan decides front faces by the sign of a triangle's area in framebuffer
  // coordinates (origin top left, y down), and VK_FRONT_FACE_CLOCKWISE means clockwise as seen on
  // that framebuffer. D3D11's FrontCounterClockwise also speaks of the winding as seen on the
  // render target (y down). A Vulkan viewport with positive height maps NDC +y downwards, the
  // opposite of D3D, which would mirror every triangle and swap the windings; but the draw path
  // sets negative-height viewports (y = top + height, height = -height: core since
  // VK_KHR_maintenance1), which map NDC +y upwards exactly as D3D's viewport does. Framebuffer
  // positions are then identical to D3D's render-target positions, so the winding is the same:
  // D3D clockwise (FrontCounterClockwise = FALSE) is VK_FRONT_FACE_CLOCKWISE, unflipped.
  key->frontFace = desc.FrontCounterClockwise ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE;
  key->depthClipEnable = desc.DepthClipEnable ? VK_TRUE : VK_FALSE;
  // DepthBiasClamp alone changes nothing: bias is on when a bias term is non-zero.
  key->depthBiasEnable = (desc.DepthBias != 0 || desc.SlopeScaledDepthBias != 0.0f) ? VK_TRUE : VK_FALSE;
  // Since D3D10.1 MultisampleEnable only picks the line algorithm: TRUE draws quadrilateral
  // lines (Vulkan's default), FALSE with AntialiasedLineEnable draws alpha-antialiased lines.
  key->lineSmooth = (desc.AntialiasedLineEnable && !desc.MultisampleEnable) ? VK_TRUE : VK_FALSE;
  key->forcedSampleCount = desc.ForcedSampleCount;
  // Validation (d3d11_state_validation.cpp) only lets ON through where the device reports a
  // conservative rasterization tier, that is where it has VK_EXT_conservative_rasterization.
  key->conservativeRasterization = desc.ConservativeRaster == D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON ? VK_TRUE : VK_FALSE;
}

DepthBias depthBiasOf(const D3D11_RASTERIZER_DESC2& desc) {
  return DepthBias{float(desc.DepthBias), desc.DepthBiasClamp, desc.SlopeScaledDepthBias};
}

void applyDepthStencilState(const D3D11_DEPTH_STENCIL_DESC& desc, vk::GraphicsPipelineKey* key) {
  // A disabled test is written as the key's defaults, so states differing only in ignored fields
  // share one pipeline. DepthEnable = FALSE also disables depth writes in D3D11.
  key->depthTest = desc.DepthEnable ? VK_TRUE : VK_FALSE;
  key->depthWrite = (desc.DepthEnable && desc.DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL) ? VK_TRUE : VK_FALSE;
  key->depthCompare = desc.DepthEnable ? compareOpOf(desc.DepthFunc) : VK_COMPARE_OP_LESS;
  key->stencilTest = desc.StencilEnable ? VK_TRUE : VK_FALSE;
  if (desc.StencilEnable) {
    auto face = [](const D3D11_DEPTH_STENCILOP_DESC& from) {
      vk::StencilFace to;
      to.fail = stencilOpOf(from.StencilFailOp);
      to.pass = stencilOpOf(from.StencilPassOp);
      to.depthFail = stencilOpOf(from.StencilDepthFailOp);
      to.compare = compareOpOf(from.StencilFunc);
      return to;
    };
    key->front = face(desc.FrontFace);
    key->back = face(desc.BackFace);
    key->stencilReadMask = desc.StencilReadMask;
    key->stencilWriteMask = desc.StencilWriteMask;
  } else {
    key->front = key->back = vk::StencilFace{};
    key->stencilReadMask = key->stencilWriteMask = 0xff;
  }
}

void applyInputLayout(const std::vector<InputLayoutElement>& elements, const uint32_t* strides, uint32_t strideCount,
                      vk::GraphicsPipelineKey* key) {
  key->attributeCount = key->bindingCount = 0;
  std::fill(std::begin(key->attributes), std::end(key->attributes), vk::VertexAttribute{});
  std::fill(std::begin(key->bindings), std::end(key->bindings), vk::VertexBinding{});
  for (const InputLayoutElement& element : elements) {
    if (element.location == kNoShaderLocation || element.inputSlot >= vk::kMaxVertexBindings ||
        key->attributeCount >= vk::kMaxVertexBindings)
      continue;
    key->attributes[key->attributeCount++] = {element.location, element.inputSlot, element.vulkanFormat, element.offset};
    bool known = false;
    for (uint32_t b = 0; b < key->bindingCount; b++)
      known |= key->bindings[b].binding == element.inputSlot;
    if (known)
      continue;  // D3D11 requires one classification per slot; the first element decides
    vk::VertexBinding& binding = key->bindings[key->bindingCount++];
    binding.binding = element.inputSlot;
    binding.stride = element.inputSlot < strideCount && strides ? strides[element.inputSlot] : 0;
    binding.inputRate = element.perInstance ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX;
    // InstanceDataStepRate: instances per element; 0 = the element never advances.
    binding.divisor = element.perInstance ? element.instanceStepRate : 1;
  }
  std::sort(key->attributes, key->attributes + key->attributeCount,
            [](const vk::VertexAttribute& a, const vk::VertexAttribute& b) { return a.location < b.location; });
  std::sort(key->bindings, key->bindings + key->bindingCount,
            [](const vk::VertexBinding& a, const vk::VertexBinding& b) { return a.binding < b.binding; });
}

VkPrimitiveTopology topologyOf(D3D11_PRIMITIVE_TOPOLOGY topology, uint32_t* patchControlPoints) {
  *patchControlPoints = 0;
  switch (topology) {
    case D3D11_PRIMITIVE_TOPOLOGY_POINTLIST: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP: return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ: return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
    default: break;
  }
  // 1_CONTROL_POINT_PATCHLIST (33) to 32_CONTROL_POINT_PATCHLIST (64) are consecutive.
  uint32_t value = uint32_t(topology);
  if (value >= uint32_t(D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST) &&
      value <= uint32_t(D3D11_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST)) {
    *patchControlPoints = value - uint32_t(D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST) + 1;
    return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
  }
  return VK_PRIMITIVE_TOPOLOGY_MAX_ENUM;
}

VkPrimitiveTopology listTopologyOfPatch(uint32_t controlPoints) {
  switch (controlPoints) {
    case 1: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case 2: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case 3: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    case 4: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY;
    case 6: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
    default: return VK_PRIMITIVE_TOPOLOGY_MAX_ENUM;
  }
}

void applyGeometryPatchInput(const vk::ShaderCode* const* stages, vk::GraphicsPipelineKey* key) {
  constexpr uint32_t kHull = 1, kDomain = 2, kGeometry = 3;
  if (key->topology != VK_PRIMITIVE_TOPOLOGY_PATCH_LIST || stages[kHull] || stages[kDomain] || !stages[kGeometry])
    return;
  const uint32_t patchSize = stages[kGeometry]->geometryPatchInput;
  if (patchSize == 0 || patchSize != key->patchControlPoints)
    return;
  const VkPrimitiveTopology list = listTopologyOfPatch(patchSize);
  if (list == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM)
    return;
  // Primitive ids count the list's primitives, which are the patches, as D3D11 counts them.
  key->topology = list;
  key->patchControlPoints = 0;
}

}  // namespace d3d11vk
