// D3D11 state to vk::GraphicsPipelineKey: every blend factor and op, logic ops, rasterizer,
// depth-stencil, input layouts, topologies and the null-state defaults.
#include <functional>
#include <catch2/catch.hpp>

#include "d3d11/d3d11_pipeline_state.h"

using namespace d3d11vk;

TEST_CASE("blend factors map for color and alpha, incl. dual-source and the blend factor", "[pipeline-state]") {
  struct Row { D3D11_BLEND d3d; VkBlendFactor color, alpha; };
  const Row rows[] = {
      {D3D11_BLEND_ZERO, VK_BLEND_FACTOR_ZERO, VK_BLEND_FACTOR_ZERO},
      {D3D11_BLEND_ONE, VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_ONE},
      {D3D11_BLEND_SRC_COLOR, VK_BLEND_FACTOR_SRC_COLOR, VK_BLEND_FACTOR_SRC_ALPHA},
      {D3D11_BLEND_INV_SRC_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA},
      {D3D11_BLEND_SRC_ALPHA, VK_BLEND_FACTOR_SRC_ALPHA, VK_BLEND_FACTOR_SRC_ALPHA},
      {D3D11_BLEND_INV_SRC_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA},
      {D3D11_BLEND_DEST_ALPHA, VK_BLEND_FACTOR_DST_ALPHA, VK_BLEND_FACTOR_DST_ALPHA},
      {D3D11_BLEND_INV_DEST_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA},
      {D3D11_BLEND_DEST_COLOR, VK_BLEND_FACTOR_DST_COLOR, VK_BLEND_FACTOR_DST_ALPHA},
      {D3D11_BLEND_INV_DEST_COLOR, VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR, VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA},
      {D3D11_BLEND_SRC_ALPHA_SAT, VK_BLEND_FACTOR_SRC_ALPHA_SATURATE, VK_BLEND_FACTOR_SRC_ALPHA_SATURATE},
      {D3D11_BLEND_BLEND_FACTOR, VK_BLEND_FACTOR_CONSTANT_COLOR, VK_BLEND_FACTOR_CONSTANT_COLOR},
      {D3D11_BLEND_INV_BLEND_FACTOR, VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR, VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR},
      {D3D11_BLEND_SRC1_COLOR, VK_BLEND_FACTOR_SRC1_COLOR, VK_BLEND_FACTOR_SRC1_ALPHA},
      {D3D11_BLEND_INV_SRC1_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA},
      {D3D11_BLEND_SRC1_ALPHA, VK_BLEND_FACTOR_SRC1_ALPHA, VK_BLEND_FACTOR_SRC1_ALPHA},
      {D3D11_BLEND_INV_SRC1_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA},
  };
  for (const Row& row : rows) {
    INFO("D3D11_BLEND " << int(row.d3d));
    CHECK(blendFactorOf(row.d3d, false) == row.color);
    CHECK(blendFactorOf(row.d3d, true) == row.alpha);
  }
  CHECK(blendFactorOf(D3D11_BLEND(99), false) == VK_BLEND_FACTOR_ONE);  // never crashes on garbage
}

TEST_CASE("blend ops and logic ops map one to one", "[pipeline-state]") {
  CHECK(blendOpOf(D3D11_BLEND_OP_ADD) == VK_BLEND_OP_ADD);
  CHECK(blendOpOf(D3D11_BLEND_OP_SUBTRACT) == VK_BLEND_OP_SUBTRACT);
  CHECK(blendOpOf(D3D11_BLEND_OP_REV_SUBTRACT) == VK_BLEND_OP_REVERSE_SUBTRACT);
  CHECK(blendOpOf(D3D11_BLEND_OP_MIN) == VK_BLEND_OP_MIN);
  CHECK(blendOpOf(D3D11_BLEND_OP_MAX) == VK_BLEND_OP_MAX);
  const VkLogicOp logic[16] = {
      VK_LOGIC_OP_CLEAR, VK_LOGIC_OP_SET, VK_LOGIC_OP_COPY, VK_LOGIC_OP_COPY_INVERTED, VK_LOGIC_OP_NO_OP,
      VK_LOGIC_OP_INVERT, VK_LOGIC_OP_AND, VK_LOGIC_OP_NAND, VK_LOGIC_OP_OR, VK_LOGIC_OP_NOR, VK_LOGIC_OP_XOR,
      VK_LOGIC_OP_EQUIVALENT, VK_LOGIC_OP_AND_REVERSE, VK_LOGIC_OP_AND_INVERTED, VK_LOGIC_OP_OR_REVERSE,
      VK_LOGIC_OP_OR_INVERTED};
  for (int op = 0; op < 16; op++) {
    INFO("D3D11_LOGIC_OP " << op);
    CHECK(logicOpOf(D3D11_LOGIC_OP(op)) == logic[op]);
  }
}

TEST_CASE("blend state: independent blending, write masks, logic op, coverage and sample mask", "[pipeline-state]") {
  vk::GraphicsPipelineKey key{};
  D3D11_BLEND_DESC1 desc = defaultBlendDesc();
  desc.RenderTarget[0].BlendEnable = TRUE;
  desc.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
  desc.RenderTarget[0].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
  desc.RenderTarget[0].BlendOp = D3D11_BLEND_OP_MAX;
  desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
  desc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_BLEND_FACTOR;
  desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_REV_SUBTRACT;
  desc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA;
  desc.RenderTarget[3].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_GREEN;

  SECTION("without independent blending every target follows RenderTarget[0]") {
    applyBlendState(desc, 0x5, &key);
    for (uint32_t i = 0; i < vk::kMaxColorTargets; i++) {
      INFO("target " << i);
      CHECK(key.blend[i].enable == VK_TRUE);
      CHECK(key.blend[i].srcColor == VK_BLEND_FACTOR_SRC_ALPHA);
      CHECK(key.blend[i].dstColor == VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA);
      CHECK(key.blend[i].colorOp == VK_BLEND_OP_MAX);
      CHECK(key.blend[i].srcAlpha == VK_BLEND_FACTOR_ONE);
      CHECK(key.blend[i].dstAlpha == VK_BLEND_FACTOR_CONSTANT_COLOR);
      CHECK(key.blend[i].alphaOp == VK_BLEND_OP_REVERSE_SUBTRACT);
      CHECK(key.blend[i].writeMask == (VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT));
    }
    CHECK(key.sampleMask == 0x5);
  }
  SECTION("with independent blending each target has its own") {
    desc.IndependentBlendEnable = TRUE;
    desc.AlphaToCoverageEnable = TRUE;
    applyBlendState(desc, kDefaultSampleMask, &key);
    CHECK(key.blend[0].enable == VK_TRUE);
    CHECK(key.blend[1].enable == VK_FALSE);
    CHECK(key.blend[3].writeMask == VK_COLOR_COMPONENT_G_BIT);
    CHECK(key.blend[1].writeMask == 0xf);
    CHECK(key.alphaToCoverage == VK_TRUE);
    CHECK(key.sampleMask == 0xffffffffu);
  }
  SECTION("disabled blending is written as defaults, so equal states make equal keys") {
    desc.RenderTarget[0].BlendEnable = FALSE;
    applyBlendState(desc, kDefaultSampleMask, &key);
    vk::GraphicsPipelineKey other{};
    applyBlendState(defaultBlendDesc(), kDefaultSampleMask, &other);
    for (uint32_t i = 0; i < vk::kMaxColorTargets; i++)
      CHECK(key.blend[i].srcColor == other.blend[i].srcColor);
    CHECK(key.blend[0].writeMask == (VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT));
  }
  SECTION("logic op from RenderTarget[0]") {
    desc.RenderTarget[0].BlendEnable = FALSE;
    desc.RenderTarget[0].LogicOpEnable = TRUE;
    desc.RenderTarget[0].LogicOp = D3D11_LOGIC_OP_XOR;
    applyBlendState(desc, kDefaultSampleMask, &key);
    CHECK(key.logicOpEnable == VK_TRUE);
    CHECK(key.logicOp == VK_LOGIC_OP_XOR);
  }
}

TEST_CASE("rasterizer state: fill, cull, winding, clip, bias, lines, forced samples, conservative", "[pipeline-state]") {
  vk::GraphicsPipelineKey key{};
  D3D11_RASTERIZER_DESC2 desc = defaultRasterizerDesc();
  applyRasterizerState(desc, &key);
  CHECK(key.polygonMode == VK_POLYGON_MODE_FILL);
  CHECK(key.cullMode == VK_CULL_MODE_BACK_BIT);
  // The draw path flips Y with negative-height viewports, so D3D's winding is Vulkan's.
  CHECK(key.frontFace == VK_FRONT_FACE_CLOCKWISE);
  CHECK(key.depthClipEnable == VK_TRUE);
  CHECK(key.depthBiasEnable == VK_FALSE);
  CHECK(key.lineSmooth == VK_FALSE);
  CHECK(key.forcedSampleCount == 0);
  CHECK(key.conservativeRasterization == VK_FALSE);

  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  applyRasterizerState(desc, &key);
  CHECK(key.conservativeRasterization == VK_TRUE);
  desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  applyRasterizerState(desc, &key);
  CHECK(key.conservativeRasterization == VK_FALSE);

  desc.FillMode = D3D11_FILL_WIREFRAME;
  desc.CullMode = D3D11_CULL_FRONT;
  desc.FrontCounterClockwise = TRUE;
  desc.DepthClipEnable = FALSE;
  desc.SlopeScaledDepthBias = 1.5f;
  desc.AntialiasedLineEnable = TRUE;
  desc.ForcedSampleCount = 4;
  applyRasterizerState(desc, &key);
  CHECK(key.polygonMode == VK_POLYGON_MODE_LINE);
  CHECK(key.cullMode == VK_CULL_MODE_FRONT_BIT);
  CHECK(key.frontFace == VK_FRONT_FACE_COUNTER_CLOCKWISE);
  CHECK(key.depthClipEnable == VK_FALSE);
  CHECK(key.depthBiasEnable == VK_TRUE);
  CHECK(key.lineSmooth == VK_TRUE);
  CHECK(key.forcedSampleCount == 4);

  desc.CullMode = D3D11_CULL_NONE;
  desc.SlopeScaledDepthBias = 0.0f;
  desc.DepthBias = -3;
  desc.DepthBiasClamp = 0.25f;
  desc.MultisampleEnable = TRUE;  // quadrilateral lines: no smoothing
  applyRasterizerState(desc, &key);
  CHECK(key.cullMode == VK_CULL_MODE_NONE);
  CHECK(key.depthBiasEnable == VK_TRUE);
  CHECK(key.lineSmooth == VK_FALSE);
  DepthBias bias = depthBiasOf(desc);
  CHECK(bias.constantFactor == -3.0f);
  CHECK(bias.clamp == 0.25f);
  CHECK(bias.slopeFactor == 0.0f);

  desc.DepthBias = 0;  // a clamp alone biases nothing
  applyRasterizerState(desc, &key);
  CHECK(key.depthBiasEnable == VK_FALSE);
}

TEST_CASE("depth-stencil state: every comparison and stencil op, both faces, masks", "[pipeline-state]") {
  const VkCompareOp compare[8] = {VK_COMPARE_OP_NEVER, VK_COMPARE_OP_LESS, VK_COMPARE_OP_EQUAL,
                                  VK_COMPARE_OP_LESS_OR_EQUAL, VK_COMPARE_OP_GREATER, VK_COMPARE_OP_NOT_EQUAL,
                                  VK_COMPARE_OP_GREATER_OR_EQUAL, VK_COMPARE_OP_ALWAYS};
  for (int func = 1; func <= 8; func++)
    CHECK(compareOpOf(D3D11_COMPARISON_FUNC(func)) == compare[func - 1]);
  const VkStencilOp ops[8] = {VK_STENCIL_OP_KEEP, VK_STENCIL_OP_ZERO, VK_STENCIL_OP_REPLACE,
                              VK_STENCIL_OP_INCREMENT_AND_CLAMP, VK_STENCIL_OP_DECREMENT_AND_CLAMP,
                              VK_STENCIL_OP_INVERT, VK_STENCIL_OP_INCREMENT_AND_WRAP, VK_STENCIL_OP_DECREMENT_AND_WRAP};
  for (int op = 1; op <= 8; op++)
    CHECK(stencilOpOf(D3D11_STENCIL_OP(op)) == ops[op - 1]);

  vk::GraphicsPipelineKey key{};
  D3D11_DEPTH_STENCIL_DESC desc = defaultDepthStencilDesc();
  applyDepthStencilState(desc, &key);
  CHECK(key.depthTest == VK_TRUE);
  CHECK(key.depthWrite == VK_TRUE);
  CHECK(key.depthCompare == VK_COMPARE_OP_LESS);
  CHECK(key.stencilTest == VK_FALSE);

  desc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO;
  desc.DepthFunc = D3D11_COMPARISON_GREATER_EQUAL;
  desc.StencilEnable = TRUE;
  desc.StencilReadMask = 0x0f;
  desc.StencilWriteMask = 0xf0;
  desc.FrontFace = {D3D11_STENCIL_OP_ZERO, D3D11_STENCIL_OP_INCR_SAT, D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_EQUAL};
  desc.BackFace = {D3D11_STENCIL_OP_INVERT, D3D11_STENCIL_OP_DECR, D3D11_STENCIL_OP_INCR, D3D11_COMPARISON_NOT_EQUAL};
  applyDepthStencilState(desc, &key);
  CHECK(key.depthWrite == VK_FALSE);
  CHECK(key.depthCompare == VK_COMPARE_OP_GREATER_OR_EQUAL);
  CHECK(key.stencilTest == VK_TRUE);
  CHECK(key.stencilReadMask == 0x0f);
  CHECK(key.stencilWriteMask == 0xf0);
  CHECK(key.front.fail == VK_STENCIL_OP_ZERO);
  CHECK(key.front.depthFail == VK_STENCIL_OP_INCREMENT_AND_CLAMP);
  CHECK(key.front.pass == VK_STENCIL_OP_REPLACE);
  CHECK(key.front.compare == VK_COMPARE_OP_EQUAL);
  CHECK(key.back.fail == VK_STENCIL_OP_INVERT);
  CHECK(key.back.depthFail == VK_STENCIL_OP_DECREMENT_AND_WRAP);
  CHECK(key.back.pass == VK_STENCIL_OP_INCREMENT_AND_WRAP);
  CHECK(key.back.compare == VK_COMPARE_OP_NOT_EQUAL);

  desc.DepthEnable = FALSE;  // also turns depth writes off
  desc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
  desc.StencilEnable = FALSE;
  applyDepthStencilState(desc, &key);
  CHECK(key.depthTest == VK_FALSE);
  CHECK(key.depthWrite == VK_FALSE);
  CHECK(key.stencilTest == VK_FALSE);
  CHECK(key.front.compare == VK_COMPARE_OP_ALWAYS);
  CHECK(key.stencilReadMask == 0xff);
}

TEST_CASE("input layout: attributes by location, bindings by slot with strides and step rates", "[pipeline-state]") {
  auto element = [](uint32_t slot, uint32_t offset, VkFormat format, uint32_t location, bool instance, uint32_t rate) {
    InputLayoutElement e;
    e.inputSlot = slot;
    e.offset = offset;
    e.vulkanFormat = format;
    e.location = location;
    e.perInstance = instance;
    e.instanceStepRate = rate;
    return e;
  };
  std::vector<InputLayoutElement> elements = {
      element(1, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 2, true, 3),
      element(0, 12, VK_FORMAT_R32G32_SFLOAT, 1, false, 0),
      element(0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0, false, 0),
      element(2, 0, VK_FORMAT_R8G8B8A8_UNORM, kNoShaderLocation, false, 0),  // not read by the shader
      element(3, 4, VK_FORMAT_R32_UINT, 3, true, 0),
  };
  const uint32_t strides[4] = {20, 16, 4, 8};
  vk::GraphicsPipelineKey key{};
  applyInputLayout(elements, strides, 4, &key);
  REQUIRE(key.attributeCount == 4);
  for (uint32_t i = 0; i < 4; i++)
    CHECK(key.attributes[i].location == i);
  CHECK(key.attributes[1].offset == 12);
  CHECK(key.attributes[1].format == VK_FORMAT_R32G32_SFLOAT);
  CHECK(key.attributes[2].binding == 1);
  REQUIRE(key.bindingCount == 3);
  CHECK(key.bindings[0].binding == 0);
  CHECK(key.bindings[0].stride == 20);
  CHECK(key.bindings[0].inputRate == VK_VERTEX_INPUT_RATE_VERTEX);
  CHECK(key.bindings[0].divisor == 1);
  CHECK(key.bindings[1].binding == 1);
  CHECK(key.bindings[1].inputRate == VK_VERTEX_INPUT_RATE_INSTANCE);
  CHECK(key.bindings[1].divisor == 3);
  CHECK(key.bindings[2].binding == 3);
  CHECK(key.bindings[2].stride == 8);
  CHECK(key.bindings[2].divisor == 0);

  // The same elements in another order give the same key; no layout clears it.
  std::vector<InputLayoutElement> reversed(elements.rbegin(), elements.rend());
  vk::GraphicsPipelineKey other{};
  applyInputLayout(reversed, strides, 4, &other);
  CHECK(other == key);
  applyInputLayout({}, strides, 4, &key);
  CHECK(key.attributeCount == 0);
  CHECK(key.bindingCount == 0);
  // Strides beyond those bound read as 0.
  applyInputLayout(elements, strides, 1, &key);
  CHECK(key.bindings[1].stride == 0);
}

TEST_CASE("topologies: lists, strips, adjacency, 1 to 32 control point patches, undefined", "[pipeline-state]") {
  uint32_t points = 99;
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, &points) == VK_PRIMITIVE_TOPOLOGY_POINT_LIST);
  CHECK(points == 0);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_LINELIST, &points) == VK_PRIMITIVE_TOPOLOGY_LINE_LIST);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP, &points) == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, &points) == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP, &points) == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, &points) == VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ, &points) == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ, &points) == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ, &points) == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY);
  for (uint32_t n = 1; n <= 32; n++) {
    auto topology = D3D11_PRIMITIVE_TOPOLOGY(uint32_t(D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST) + n - 1);
    CHECK(topologyOf(topology, &points) == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
    CHECK(points == n);
  }
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_32_CONTROL_POINT_PATCHLIST, &points) == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
  CHECK(points == 32);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED, &points) == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM);
  CHECK(points == 0);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY(6), &points) == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM);
  CHECK(topologyOf(D3D11_PRIMITIVE_TOPOLOGY(65), &points) == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM);
}

TEST_CASE("a geometry shader taking patches turns a matching patch list into the list of that many vertices",
          "[pipeline-state]") {
  vk::ShaderCode vs, hs, ds, gs;
  const struct {
    uint32_t n;
    VkPrimitiveTopology list;
  } cases[] = {{1, VK_PRIMITIVE_TOPOLOGY_POINT_LIST},
               {2, VK_PRIMITIVE_TOPOLOGY_LINE_LIST},
               {3, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST},
               {4, VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY},
               {6, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY}};
  for (const auto& c : cases) {
    INFO(c.n);
    CHECK(listTopologyOfPatch(c.n) == c.list);
    gs.geometryPatchInput = c.n;
    const vk::ShaderCode* stages[vk::kGraphicsStages] = {&vs, nullptr, nullptr, &gs, nullptr};
    vk::GraphicsPipelineKey key{};
    key.topology = topologyOf(D3D11_PRIMITIVE_TOPOLOGY(uint32_t(D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST) + c.n - 1),
                              &key.patchControlPoints);
    applyGeometryPatchInput(stages, &key);
    CHECK(key.topology == c.list);
    CHECK(key.patchControlPoints == 0);
    // Another patch size: left as a patch list (the pipeline check refuses it).
    key.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    key.patchControlPoints = c.n + 1;
    applyGeometryPatchInput(stages, &key);
    CHECK(key.topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
    CHECK(key.patchControlPoints == c.n + 1);
    // With hull and domain shaders the patches are tessellated, not handed to the GS.
    const vk::ShaderCode* tessellated[vk::kGraphicsStages] = {&vs, &hs, &ds, &gs, nullptr};
    key.patchControlPoints = c.n;
    applyGeometryPatchInput(tessellated, &key);
    CHECK(key.topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
    CHECK(key.patchControlPoints == c.n);
  }
  for (uint32_t n : {0u, 5u, 7u, 32u})
    CHECK(listTopologyOfPatch(n) == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM);
  // A GS taking triangles and a plain list key are never changed.
  gs.geometryPatchInput = 0;
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {&vs, nullptr, nullptr, &gs, nullptr};
  vk::GraphicsPipelineKey key{};
  key.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
  key.patchControlPoints = 3;
  applyGeometryPatchInput(stages, &key);
  CHECK(key.topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
  gs.geometryPatchInput = 3;
  key.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
  key.patchControlPoints = 0;
  applyGeometryPatchInput(stages, &key);
  CHECK(key.topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
}

TEST_CASE("the null-state defaults are D3D11's documented ones", "[pipeline-state]") {
  vk::GraphicsPipelineKey key{};
  applyBlendState(defaultBlendDesc(), kDefaultSampleMask, &key);
  applyRasterizerState(defaultRasterizerDesc(), &key);
  applyDepthStencilState(defaultDepthStencilDesc(), &key);
  for (const vk::ColorBlend& blend : key.blend) {
    CHECK(blend.enable == VK_FALSE);
    CHECK(blend.writeMask == 0xf);
  }
  CHECK(key.logicOpEnable == VK_FALSE);
  CHECK(key.alphaToCoverage == VK_FALSE);
  CHECK(key.sampleMask == 0xffffffffu);
  CHECK(key.polygonMode == VK_POLYGON_MODE_FILL);
  CHECK(key.cullMode == VK_CULL_MODE_BACK_BIT);
  CHECK(key.frontFace == VK_FRONT_FACE_CLOCKWISE);
  CHECK(key.depthClipEnable == VK_TRUE);
  CHECK(key.depthTest == VK_TRUE);
  CHECK(key.depthWrite == VK_TRUE);
  CHECK(key.depthCompare == VK_COMPARE_OP_LESS);
  CHECK(key.stencilTest == VK_FALSE);
  CHECK(key.stencilReadMask == 0xff);
  CHECK(key.stencilWriteMask == 0xff);
}

TEST_CASE("hashKey separates keys that differ in one field and agrees on equal ones", "[pipeline-state]") {
  vk::GraphicsPipelineKey a{};
  a.attributeCount = a.bindingCount = 2;
  a.colorCount = vk::kMaxColorTargets;
  vk::GraphicsPipelineKey b = a;
  CHECK(vk::hashKey(a) == vk::hashKey(b));
  // One field in each span the hash walks: the first, a used vertex attribute and binding, one
  // between the arrays, the last render target's format and blend, and the last field.
  const std::function<void(vk::GraphicsPipelineKey&)> changes[] = {
      [](vk::GraphicsPipelineKey& k) { k.shaders[0] = 7; },
      [](vk::GraphicsPipelineKey& k) { k.attributes[1].format = VK_FORMAT_R32_SFLOAT; },
      [](vk::GraphicsPipelineKey& k) { k.bindings[1].stride = 12; },
      [](vk::GraphicsPipelineKey& k) { k.depthCompare = VK_COMPARE_OP_GREATER; },
      [](vk::GraphicsPipelineKey& k) { k.colorFormats[7] = VK_FORMAT_R8_UNORM; },
      [](vk::GraphicsPipelineKey& k) { k.blend[7].dstAlpha = VK_BLEND_FACTOR_ONE; },
      [](vk::GraphicsPipelineKey& k) { k.forcedSampleCount = 1; },
  };
  for (size_t i = 0; i < std::size(changes); ++i) {
    INFO("change " << i);
    b = a;
    changes[i](b);
    CHECK_FALSE(a == b);
    CHECK(vk::hashKey(a) != vk::hashKey(b));
  }
  // Swapping two used entries must not hash alike (word position counts).
  b = a;
  b.attributes[0].location = 1;
  vk::GraphicsPipelineKey c = a;
  c.attributes[1].location = 1;
  CHECK(vk::hashKey(b) != vk::hashKey(c));
}
