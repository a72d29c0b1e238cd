// Rendering: DXGI_FORMAT_A8_UNORM render targets. The pixel shader's alpha is what lands in the
// texel (its .rgb are dropped), blending uses the blend state's alpha equation, the write mask's
// ALPHA bit decides the write, clears write the colour's alpha, the texture reads (0, 0, 0, a)
// afterwards, and copies read one byte per texel. Also an A8 target next to an RGBA8 one,
// array slices, 4x multisampling with a resolve, CheckFormatSupport, and the same from a
// deferred context. Bytes are read back through staging copies and compared with values
// computed here (0.75 * 255 = 191.25, 0.25 * 255 = 63.75).
#include "render_util.h"

using namespace render;

namespace {

using Float4 = std::array<float, 4>;

// The shaders' colour: only its alpha (0.75) should reach an A8 target.
const Float4 kColor = {0.2f, 0.4f, 0.6f, 0.75f};

ComPtr<ID3D11RenderTargetView> rtvOf(Fixture& f, ID3D11Resource* resource, const D3D11_RENDER_TARGET_VIEW_DESC* desc = nullptr) {
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(resource, desc, rtv.put()) == S_OK);
  return rtv;
}

ComPtr<ID3D11BlendState> blendState(Fixture& f, const D3D11_RENDER_TARGET_BLEND_DESC& target, UINT slot = 0) {
  D3D11_BLEND_DESC desc{};
  desc.IndependentBlendEnable = slot != 0;
  for (UINT i = 0; i < 8; ++i)
    desc.RenderTarget[i] = D3D11_RENDER_TARGET_BLEND_DESC{FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                                          D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD,
                                                          D3D11_COLOR_WRITE_ENABLE_ALL};
  desc.RenderTarget[slot] = target;
  ComPtr<ID3D11BlendState> state;
  REQUIRE(f.device->CreateBlendState(&desc, state.put()) == S_OK);
  return state;
}

void clearAlpha(ID3D11DeviceContext* context, ID3D11RenderTargetView* rtv, float alpha) {
  const float color[4] = {0.9f, 0.8f, 0.7f, alpha};  // the colour channels must not matter
  context->ClearRenderTargetView(rtv, color);
}

// The A8 texels of an 8x2 target: columns [first, last) must be `inside`, the rest `outside`.
void checkColumns(const std::vector<uint8_t>& bytes, UINT width, UINT first, UINT last, int inside, int outside) {
  REQUIRE(bytes.size() % width == 0);
  for (size_t i = 0; i < bytes.size(); ++i) {
    const UINT x = UINT(i % width);
    INFO("texel " << x << "," << i / width);
    CHECK(std::abs(int(bytes[i]) - ((x >= first && x < last) ? inside : outside)) <= 1);
  }
}

}  // namespace

TEST_CASE("CheckFormatSupport offers A8_UNORM render targets from 10_0, not at 9_x", "[render][a8-target]") {
  {
    Fixture f;
    UINT support = 0;
    REQUIRE(f.device->CheckFormatSupport(DXGI_FORMAT_A8_UNORM, &support) == S_OK);
    CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) != 0);
    CHECK((support & D3D11_FORMAT_SUPPORT_BLENDABLE) != 0);
    CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE2D) != 0);
    CHECK((support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE) != 0);
    // lavapipe renders and samples 4x RGBA8 and R8 and has sample-rate shading.
    CHECK((support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET) != 0);
    CHECK((support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE) != 0);
    UINT levels = 0;
    REQUIRE(f.device->CheckMultisampleQualityLevels(DXGI_FORMAT_A8_UNORM, 4, &levels) == S_OK);
    CHECK(levels == 1);
    D3D11_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    ComPtr<ID3D11Texture2D> texture;
    CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    // No buffer render-target views of A8 (it has no BUFFER support).
    auto buffer = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    D3D11_RENDER_TARGET_VIEW_DESC view{};
    view.Format = DXGI_FORMAT_A8_UNORM;
    view.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
    view.Buffer.NumElements = 16;
    ComPtr<ID3D11RenderTargetView> rtv;
    CHECK(f.device->CreateRenderTargetView(buffer.get(), &view, rtv.put()) == E_INVALIDARG);
    CHECK(!rtv);
  }
  {
    Fixture f(D3D_FEATURE_LEVEL_10_0);
    UINT support = 0;
    REQUIRE(f.device->CheckFormatSupport(DXGI_FORMAT_A8_UNORM, &support) == S_OK);
    CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) != 0);
  }
  {
    Fixture f(D3D_FEATURE_LEVEL_9_3);
    UINT support = 0;
    f.device->CheckFormatSupport(DXGI_FORMAT_A8_UNORM, &support);
    CHECK((support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) == 0);
    D3D11_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
    ComPtr<ID3D11Texture2D> texture;
    CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == E_INVALIDARG);
  }
}

TEST_CASE("a draw into an A8_UNORM target writes the shader's alpha only", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto rtv = rtvOf(f, texture.get());
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  scene.drawColumns(f.context.get(), 8, 2, 6, kColor);
  const std::vector<uint8_t> bytes = f.readTexture(texture.get(), 0, 1);  // one byte per texel
  REQUIRE(bytes.size() == 16);
  checkColumns(bytes, 8, 2, 6, 191, 64);

  SECTION("a second pass starts from the first one's texels") {
    scene.drawColumns(f.context.get(), 8, 0, 1, {1, 1, 1, 0.5f});
    const std::vector<uint8_t> again = f.readTexture(texture.get(), 0, 1);
    for (size_t i = 0; i < again.size(); ++i) {
      const UINT x = UINT(i % 8);
      INFO("texel " << i);
      CHECK(std::abs(int(again[i]) - (x == 0 ? 128 : x >= 2 && x < 6 ? 191 : 64)) <= 1);
    }
  }
  SECTION("ClearView with a rectangle writes the colour's alpha there") {
    auto context1 = f.context.query<ID3D11DeviceContext1>();
    REQUIRE(context1);
    const float color[4] = {1, 1, 1, 1.0f};
    const D3D11_RECT rect{6, 0, 8, 1};
    context1->ClearView(rtv.get(), color, &rect, 1);
    const std::vector<uint8_t> cleared = f.readTexture(texture.get(), 0, 1);
    CHECK(cleared[6] == 255);
    CHECK(cleared[7] == 255);
    CHECK(std::abs(int(cleared[14]) - 64) <= 1);  // row 1 is outside the rectangle
    CHECK(std::abs(int(cleared[3]) - 191) <= 1);
  }
}

TEST_CASE("blending into an A8_UNORM target uses the alpha equation", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto rtv = rtvOf(f, texture.get());
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  int expected = 0;
  D3D11_RENDER_TARGET_BLEND_DESC target{};
  target.BlendEnable = TRUE;
  target.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  // The colour factors and operation differ from the alpha ones: the colour equation applied to
  // the alpha channel would give 0.25 (ZERO, ONE) or 0 (ZERO, ZERO, REV_SUBTRACT).
  SECTION("SRC_ALPHA, INV_SRC_ALPHA") {
    target.SrcBlend = D3D11_BLEND_ZERO;
    target.DestBlend = D3D11_BLEND_ONE;
    target.BlendOp = D3D11_BLEND_OP_ADD;
    target.SrcBlendAlpha = D3D11_BLEND_SRC_ALPHA;
    target.DestBlendAlpha = D3D11_BLEND_INV_SRC_ALPHA;
    target.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    expected = 159;  // 0.75 * 0.75 + 0.25 * 0.25 = 0.625
  }
  SECTION("ONE, INV_SRC_ALPHA") {
    target.SrcBlend = D3D11_BLEND_ZERO;
    target.DestBlend = D3D11_BLEND_ZERO;
    target.BlendOp = D3D11_BLEND_OP_REV_SUBTRACT;
    target.SrcBlendAlpha = D3D11_BLEND_ONE;
    target.DestBlendAlpha = D3D11_BLEND_INV_SRC_ALPHA;
    target.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    expected = 207;  // 0.75 + 0.25 * 0.25 = 0.8125
  }
  SECTION("ONE, DEST_ALPHA with SUBTRACT") {
    target.SrcBlend = D3D11_BLEND_ONE;
    target.DestBlend = D3D11_BLEND_ONE;
    target.BlendOp = D3D11_BLEND_OP_ADD;
    target.SrcBlendAlpha = D3D11_BLEND_ONE;
    target.DestBlendAlpha = D3D11_BLEND_DEST_ALPHA;
    target.BlendOpAlpha = D3D11_BLEND_OP_SUBTRACT;
    expected = 175;  // 0.75 - 0.25 * 0.25 = 0.6875
  }
  auto blend = blendState(f, target);
  f.context->OMSetBlendState(blend.get(), nullptr, 0xffffffff);
  scene.drawColumns(f.context.get(), 8, 0, 4, kColor);
  checkColumns(f.readTexture(texture.get(), 0, 1), 8, 0, 4, expected, 64);
}

TEST_CASE("a write mask without ALPHA leaves an A8_UNORM target unchanged", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto rtv = rtvOf(f, texture.get());
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  const UINT8 rgb = D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_GREEN | D3D11_COLOR_WRITE_ENABLE_BLUE;
  auto noAlpha = blendState(f, {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                                D3D11_BLEND_OP_ADD, rgb});
  f.context->OMSetBlendState(noAlpha.get(), nullptr, 0xffffffff);
  scene.drawColumns(f.context.get(), 8, 0, 8, kColor);
  checkColumns(f.readTexture(texture.get(), 0, 1), 8, 0, 0, 0, 64);
  // ALPHA alone writes.
  auto alphaOnly = blendState(f, {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                                  D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALPHA});
  f.context->OMSetBlendState(alphaOnly.get(), nullptr, 0xffffffff);
  scene.drawColumns(f.context.get(), 8, 0, 8, kColor);
  checkColumns(f.readTexture(texture.get(), 0, 1), 8, 0, 8, 191, 0);
}

TEST_CASE("an A8_UNORM target in slot 1 next to an RGBA8 target in slot 0", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  const std::string twoOutputs =
      signature("Output", {"SV_Target                0   xyzw        0   TARGET   float   xyzw",
                           "SV_Target                1   xyzw        1   TARGET   float   xyzw"}) +
      "ps_4_0\n"
      "dcl_constantbuffer cb0[2], immediateIndexed\n"
      "dcl_output o0.xyzw\n"
      "dcl_output o1.xyzw\n"
      "mov o0.xyzw, cb0[0].xyzw\n"
      "mov o1.xyzw, cb0[1].xyzw\n"
      "ret\n";
  auto ps = makePS(f, twoOutputs);
  f.context->PSSetShader(ps.get(), nullptr, 0);
  const Float4 colors[2] = {{1.0f, 0.2f, 0.6f, 0.4f}, kColor};
  auto cb = f.buffer(sizeof(colors), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, colors);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  auto color = f.texture2D(8, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto alpha = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto colorRtv = rtvOf(f, color.get());
  auto alphaRtv = rtvOf(f, alpha.get());
  const float zero[4] = {0, 0, 0, 0};
  f.context->ClearRenderTargetView(colorRtv.get(), zero);
  clearAlpha(f.context.get(), alphaRtv.get(), 0.25f);
  // Blending in slot 1 only: ONE, ONE on alpha adds the source to the cleared 0.25.
  auto blend = blendState(f, {TRUE, D3D11_BLEND_ZERO, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                              D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL},
                          1);
  f.context->OMSetBlendState(blend.get(), nullptr, 0xffffffff);
  scene.targets(f.context.get(), {colorRtv.get(), alphaRtv.get()}, 8, 2);
  scene.drawColumns(f.context.get(), 8, 0, 4, {0, 0, 0, 0});
  const std::vector<uint8_t> rgba = f.readTexture(color.get(), 0, 4);
  for (UINT i = 0; i < 16; ++i) {
    INFO("RGBA8 texel " << i);
    CHECK(texel(rgba, i) == ((i % 8) < 4 ? rgba8(255, 51, 153, 102) : 0u));
  }
  checkColumns(f.readTexture(alpha.get(), 0, 1), 8, 0, 4, 255, 64);  // 0.75 + 0.25
}

TEST_CASE("an A8_UNORM target reads (0, 0, 0, a) in a later draw", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  auto rtv = rtvOf(f, texture.get());
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  scene.drawColumns(f.context.get(), 8, 0, 4, kColor);
  // Then the texture as t0 of a draw into an RGBA8 target: each pixel loads its texel.
  const std::string loadPS =
      "ps_4_0\n"
      "dcl_resource_texture2d (float,float,float,float) t0\n"
      "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
      "dcl_output o0.xyzw\n"
      "dcl_temps 1\n"
      "ftoi r0.xy, v0.xyxx\n"
      "mov r0.zw, l(0, 0, 0, 0)\n"
      "ld o0.xyzw, r0.xyzw, t0.xyzw\n"
      "ret\n";
  auto ps = makePS(f, loadPS);
  auto output = f.texture2D(8, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto outputRtv = rtvOf(f, output.get());
  const float white[4] = {1, 1, 1, 1};
  f.context->ClearRenderTargetView(outputRtv.get(), white);
  scene.targets(f.context.get(), {outputRtv.get()}, 8, 2);
  ComPtr<ID3D11ShaderResourceView> srv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) == S_OK);
  ID3D11ShaderResourceView* views[] = {srv.get()};
  f.context->PSSetShaderResources(0, 1, views);
  f.context->PSSetShader(ps.get(), nullptr, 0);
  scene.drawColumns(f.context.get(), 8, 0, 8, {0, 0, 0, 0});
  const std::vector<uint8_t> rgba = f.readTexture(output.get(), 0, 4);
  for (UINT i = 0; i < 16; ++i) {
    INFO("texel " << i);
    const uint32_t value = texel(rgba, i);
    CHECK((value & 0xffffffu) == 0u);
    const int a = int(value >> 24);
    CHECK(std::abs(a - ((i % 8) < 4 ? 191 : 64)) <= 1);
  }
}

TEST_CASE("an A8_UNORM array slice renders and clears alone", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 3);
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_A8_UNORM;
  desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  desc.Texture2DArray.FirstArraySlice = 1;
  desc.Texture2DArray.ArraySize = 2;
  auto rtv = rtvOf(f, texture.get(), &desc);
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  scene.drawColumns(f.context.get(), 8, 4, 8, kColor);  // into the view's first layer: slice 1
  checkColumns(f.readTexture(texture.get(), 0, 1), 8, 0, 0, 0, 0);  // slice 0: untouched zeros
  checkColumns(f.readTexture(texture.get(), 1, 1), 8, 4, 8, 191, 64);
  checkColumns(f.readTexture(texture.get(), 2, 1), 8, 0, 0, 0, 64);  // slice 2: cleared only
}

TEST_CASE("a 4x multisampled A8_UNORM target resolves to its alpha", "[render][a8-target]") {
  Fixture f;
  UINT levels = 0;
  REQUIRE(f.device->CheckMultisampleQualityLevels(DXGI_FORMAT_A8_UNORM, 4, &levels) == S_OK);
  if (levels == 0) {
    WARN("skipped: this device offers no 4x A8_UNORM render targets");
    return;
  }
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 1, 4);
  auto resolved = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, 0);
  auto rtv = rtvOf(f, texture.get());
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  scene.drawColumns(f.context.get(), 8, 0, 4, kColor);
  // Two passes: the second (after a resolve ended the first) must keep the first's samples.
  f.context->ResolveSubresource(resolved.get(), 0, texture.get(), 0, DXGI_FORMAT_A8_UNORM);
  checkColumns(f.readTexture(resolved.get(), 0, 1), 8, 0, 4, 191, 64);
  scene.drawColumns(f.context.get(), 8, 6, 8, {0, 0, 0, 1.0f});
  f.context->ResolveSubresource(resolved.get(), 0, texture.get(), 0, DXGI_FORMAT_A8_UNORM);
  const std::vector<uint8_t> bytes = f.readTexture(resolved.get(), 0, 1);
  for (size_t i = 0; i < bytes.size(); ++i) {
    const UINT x = UINT(i % 8);
    INFO("texel " << i);
    CHECK(std::abs(int(bytes[i]) - (x < 4 ? 191 : x >= 6 ? 255 : 64)) <= 1);
  }
}

TEST_CASE("a deferred context's A8_UNORM clear, draw and blend", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto rtv = rtvOf(f, texture.get());
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  scene.bind(deferred.get());
  clearAlpha(deferred.get(), rtv.get(), 0.25f);
  scene.targets(deferred.get(), {rtv.get()}, 8, 2);
  scene.drawColumns(deferred.get(), 8, 0, 4, kColor);
  // Then ONE, ONE on alpha over columns 6 and 7: 0.25 + 0.5 (each execution clears first).
  auto add = blendState(f, {TRUE, D3D11_BLEND_ZERO, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                            D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL});
  deferred->OMSetBlendState(add.get(), nullptr, 0xffffffff);
  scene.drawColumns(deferred.get(), 8, 6, 8, {0, 0, 0, 0.5f});
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  const float one[4] = {1, 1, 1, 1};
  f.context->ClearRenderTargetView(rtv.get(), one);
  for (int run = 0; run < 2; ++run) {
    INFO("execution " << run);
    f.context->ExecuteCommandList(list.get(), FALSE);
    const std::vector<uint8_t> bytes = f.readTexture(texture.get(), 0, 1);
    REQUIRE(bytes.size() == 16);
    for (size_t i = 0; i < bytes.size(); ++i) {
      const UINT x = UINT(i % 8);
      INFO("texel " << i);
      CHECK(std::abs(int(bytes[i]) - (x < 4 ? 191 : x >= 6 ? 191 : 64)) <= 1);
    }
  }
}

namespace {

// The bytes of subresource 0 of an A8_UNORM 1D or 3D texture (rows and slices packed tightly),
// read through a STAGING copy.
std::vector<uint8_t> readAlpha1D(Fixture& f, ID3D11Texture1D* texture) {
  D3D11_TEXTURE1D_DESC desc;
  texture->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ComPtr<ID3D11Texture1D> staging;
  REQUIRE(f.device->CreateTexture1D(&desc, nullptr, staging.put()) == S_OK);
  f.context->CopyResource(staging.get(), texture);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  std::vector<uint8_t> bytes(static_cast<uint8_t*>(mapped.pData), static_cast<uint8_t*>(mapped.pData) + desc.Width);
  f.context->Unmap(staging.get(), 0);
  return bytes;
}

std::vector<uint8_t> readAlpha3D(Fixture& f, ID3D11Texture3D* texture) {
  D3D11_TEXTURE3D_DESC desc;
  texture->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ComPtr<ID3D11Texture3D> staging;
  REQUIRE(f.device->CreateTexture3D(&desc, nullptr, staging.put()) == S_OK);
  f.context->CopyResource(staging.get(), texture);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  std::vector<uint8_t> bytes;
  for (UINT z = 0; z < desc.Depth; ++z)
    for (UINT y = 0; y < desc.Height; ++y) {
      const uint8_t* row = static_cast<uint8_t*>(mapped.pData) + size_t(z) * mapped.DepthPitch + size_t(y) * mapped.RowPitch;
      bytes.insert(bytes.end(), row, row + desc.Width);
    }
  f.context->Unmap(staging.get(), 0);
  return bytes;
}

}  // namespace

TEST_CASE("an A8_UNORM Texture1D target", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  D3D11_TEXTURE1D_DESC desc{8, 1, 1, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D11Texture1D> texture;
  REQUIRE(f.device->CreateTexture1D(&desc, nullptr, texture.put()) == S_OK);
  auto rtv = rtvOf(f, texture.get());
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 1);
  scene.drawColumns(f.context.get(), 8, 3, 5, kColor);
  checkColumns(readAlpha1D(f, texture.get()), 8, 3, 5, 191, 64);
}

TEST_CASE("an A8_UNORM Texture3D target renders into its view's depth slices", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  D3D11_TEXTURE3D_DESC desc{8, 2, 4, 1, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D11Texture3D> texture;
  REQUIRE(f.device->CreateTexture3D(&desc, nullptr, texture.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC view{};
  view.Format = DXGI_FORMAT_A8_UNORM;
  view.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  view.Texture3D = {0, 1, 2};  // slices 1 and 2
  auto rtv = rtvOf(f, texture.get(), &view);
  clearAlpha(f.context.get(), rtv.get(), 0.25f);
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  scene.drawColumns(f.context.get(), 8, 0, 2, kColor);  // the view's first slice: slice 1
  const std::vector<uint8_t> bytes = readAlpha3D(f, texture.get());
  REQUIRE(bytes.size() == 64);
  for (UINT z = 0; z < 4; ++z) {
    INFO("slice " << z);
    const std::vector<uint8_t> slice(bytes.begin() + z * 16, bytes.begin() + (z + 1) * 16);
    if (z == 1)
      checkColumns(slice, 8, 0, 2, 191, 64);
    else if (z == 2)
      checkColumns(slice, 8, 0, 0, 0, 64);
    else
      checkColumns(slice, 8, 0, 0, 0, 0);
  }
}

TEST_CASE("the copies around an A8_UNORM pass do not count in an occlusion query", "[render][a8-target]") {
  Fixture f;
  ColumnScene scene(f);
  auto texture = f.texture2D(8, 2, DXGI_FORMAT_A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto rtv = rtvOf(f, texture.get());
  scene.targets(f.context.get(), {rtv.get()}, 8, 2);
  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION, 0};
  ComPtr<ID3D11Query> query;
  REQUIRE(f.device->CreateQuery(&desc, query.put()) == S_OK);
  f.context->Begin(query.get());
  scene.drawColumns(f.context.get(), 8, 0, 3, kColor);  // 6 pixels
  clearAlpha(f.context.get(), rtv.get(), 0.25f);         // ends the pass: a copy back, then a new pass
  scene.drawColumns(f.context.get(), 8, 7, 8, kColor);  // 2 pixels
  f.context->End(query.get());
  UINT64 count = 0;
  HRESULT hr;
  while ((hr = f.context->GetData(query.get(), &count, sizeof(count), 0)) == S_FALSE) {
  }
  REQUIRE(hr == S_OK);
  CHECK(count == 8);  // the internal copy draws (16 pixels each) add none
  checkColumns(f.readTexture(texture.get(), 0, 1), 8, 7, 8, 191, 64);
}
