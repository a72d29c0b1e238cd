// Rendering: scissor rects, several viewports chosen by SV_ViewportArrayIndex from a geometry
// shader (each with its own scissor), 4x MSAA coverage with the sample mask and a resolve, and
// alpha to coverage. MSAA targets are R32G32B32A32_FLOAT so a resolve's average is exact.
#include "render_util.h"

using namespace render;

namespace {

const uint32_t kRed = rgba8(255, 0, 0), kGreen = rgba8(0, 255, 0);

// Emits the input triangle twice: to viewport 0 with its colour, to viewport 1 in green.
const std::string kViewportGS =
    "gs_4_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input v[3][1].xyzw\n"
    "dcl_inputprimitive triangle\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output_siv o2.x, viewport_array_index\n"
    "dcl_maxout 6\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "mov o2.x, l(0)\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "mov o2.x, l(0)\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xyzw, v[2][1].xyzw\n"
    "mov o2.x, l(0)\n"
    "emit\n"
    "cut\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, l(0, 1.0, 0, 1.0)\n"
    "mov o2.x, l(1)\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, l(0, 1.0, 0, 1.0)\n"
    "mov o2.x, l(1)\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xyzw, l(0, 1.0, 0, 1.0)\n"
    "mov o2.x, l(1)\n"
    "emit\n"
    "cut\n"
    "ret\n";

}  // namespace

TEST_CASE("scissor rects limit drawing when ScissorEnable is set, and only then", "[render][raster]") {
  Fixture f;
  Scene s(f, 8, 8);
  const D3D11_RECT scissor{2, 1, 6, 5};
  f.context->RSSetScissorRects(1, &scissor);
  SECTION("enabled") {
    auto raster = rasterizer(f, D3D11_CULL_NONE, TRUE);
    f.context->RSSetState(raster.get());
    s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    auto px = s.pixels();
    for (UINT y = 0; y < 8; ++y)
      for (UINT x = 0; x < 8; ++x) {
        INFO(x << ", " << y);
        const bool inside = x >= 2 && x < 6 && y >= 1 && y < 5;
        CHECK(s.at(px, x, y) == (inside ? kRed : 0u));
      }
  }
  SECTION("disabled: the rect is ignored") {
    s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    CHECK(countEqual(s.pixels(), kRed) == 64);
  }
}

TEST_CASE("a geometry shader picks the viewport with SV_ViewportArrayIndex; each viewport has its scissor",
          "[render][raster][geometry]") {
  Fixture f;
  Scene s(f, 8, 4);
  auto gs = makeGS(f, kViewportGS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  const D3D11_VIEWPORT viewports[] = {{0, 0, 4, 4, 0, 1}, {4, 0, 4, 4, 0, 1}};
  f.context->RSSetViewports(2, viewports);
  SECTION("two viewports, no scissor") {
    s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    auto px = s.pixels();
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 8; ++x)
        CHECK(s.at(px, x, y) == (x < 4 ? kRed : kGreen));
  }
  SECTION("two viewports with one scissor each") {
    auto raster = rasterizer(f, D3D11_CULL_NONE, TRUE);
    f.context->RSSetState(raster.get());
    const D3D11_RECT scissors[] = {{0, 0, 4, 2}, {4, 2, 8, 4}};  // top of the left, bottom of the right
    f.context->RSSetScissorRects(2, scissors);
    s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    auto px = s.pixels();
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 8; ++x) {
        INFO(x << ", " << y);
        const uint32_t want = x < 4 ? (y < 2 ? kRed : 0u) : (y >= 2 ? kGreen : 0u);
        CHECK(s.at(px, x, y) == want);
      }
  }
}

namespace {

// A 4x MSAA float target (2x1 pixels) and its single-sample resolve destination.
struct MsaaScene {
  Fixture& f;
  Scene scene;
  ComPtr<ID3D11Texture2D> resolved;
  explicit MsaaScene(Fixture& fixture) : f(fixture), scene(fixture, 2, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, kColorPS, 4) {
    resolved = f.texture2D(2, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  }
  void blend(BOOL alphaToCoverage, UINT sampleMask) {
    D3D11_BLEND_DESC desc{};
    desc.AlphaToCoverageEnable = alphaToCoverage;
    desc.RenderTarget[0] = {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                            D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
    ComPtr<ID3D11BlendState> state;
    REQUIRE(f.device->CreateBlendState(&desc, state.put()) == S_OK);
    f.context->OMSetBlendState(state.get(), nullptr, sampleMask);
  }
  // The red channel of each resolved pixel: the fraction of its samples that were written red.
  std::array<float, 2> resolve() {
    f.context->ResolveSubresource(resolved.get(), 0, scene.target.get(), 0, DXGI_FORMAT_R32G32B32A32_FLOAT);
    auto px = f.readTexture(resolved.get(), 0, 16);
    std::array<float, 2> red;
    std::memcpy(&red[0], &px[0], 4);
    std::memcpy(&red[1], &px[16], 4);
    return red;
  }
};

}  // namespace

TEST_CASE("4x MSAA: coverage at the standard sample positions, the sample mask, and a resolve", "[render][msaa]") {
  Fixture f;
  UINT quality = 0;
  REQUIRE(f.device->CheckMultisampleQualityLevels(DXGI_FORMAT_R32G32B32A32_FLOAT, 4, &quality) == S_OK);
  if (!quality) {
    WARN("no 4x MSAA for R32G32B32A32_FLOAT");
    return;
  }
  MsaaScene s(f);
  SECTION("full coverage resolves to the colour") {
    s.blend(FALSE, 0xffffffff);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    CHECK(s.resolve() == std::array<float, 2>{1.0f, 1.0f});
  }
  SECTION("an edge through pixel 1's centre covers exactly 2 of its 4 standard samples") {
    // The standard 4x positions (D3D's and Vulkan's) have x offsets 0.375, 0.875, 0.125, 0.625:
    // two lie left of the centre, none on it.
    s.blend(FALSE, 0xffffffff);
    s.scene.draw(rect(-1, -1, 0.5f, 1, 1, 0, 0));
    CHECK(s.resolve() == std::array<float, 2>{1.0f, 0.5f});
  }
  SECTION("the sample mask drops samples: one bit leaves a quarter, three bits three quarters") {
    s.blend(FALSE, 0x1);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    CHECK(s.resolve() == std::array<float, 2>{0.25f, 0.25f});
    s.scene.clear(0, 0, 0, 0);
    s.blend(FALSE, 0xe);
    f.context->Draw(6, 0);
    CHECK(s.resolve() == std::array<float, 2>{0.75f, 0.75f});
  }
  SECTION("mask and coverage combine: mask 0x5 with the half-covered pixel") {
    // Samples 0 (x 0.375) and 2 (x 0.125) are left of the edge; mask 0x5 keeps exactly those.
    s.blend(FALSE, 0x5);
    s.scene.draw(rect(-1, -1, 0.5f, 1, 1, 0, 0));
    CHECK(s.resolve() == std::array<float, 2>{0.5f, 0.5f});
    s.scene.clear(0, 0, 0, 0);
    s.blend(FALSE, 0xa);  // samples 1 (x 0.875) and 3 (x 0.625) are right of the edge
    f.context->Draw(6, 0);
    CHECK(s.resolve() == std::array<float, 2>{0.5f, 0.0f});
  }
}

TEST_CASE("alpha to coverage: alpha 0 covers no sample, alpha 1 every sample, alpha 0.5 some", "[render][msaa]") {
  Fixture f;
  UINT quality = 0;
  REQUIRE(f.device->CheckMultisampleQualityLevels(DXGI_FORMAT_R32G32B32A32_FLOAT, 4, &quality) == S_OK);
  if (!quality)
    return;
  MsaaScene s(f);
  s.blend(TRUE, 0xffffffff);
  s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 0.0f));
  CHECK(s.resolve() == std::array<float, 2>{0.0f, 0.0f});
  s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1.0f));
  CHECK(s.resolve() == std::array<float, 2>{1.0f, 1.0f});
  s.scene.clear(0, 0, 0, 0);
  // The dither pattern for partial alpha is the implementation's; only its bounds are fixed.
  s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 0.5f));
  auto half = s.resolve();
  CHECK(half[0] > 0.0f);
  CHECK(half[0] < 1.0f);
}
