// Rendering: texture sampling of 1D, 2D, 2D array, 3D and cube textures with point and linear
// filters, the wrap/mirror/mirror-once/clamp/border address modes with border colours, and
// comparison sampling of a depth texture. Each pixel x of an N x 1 target samples at the
// coordinates in cb0[x] (sample_l at LOD 0), so every texel fetch is chosen by the test.
#include "render_util.h"

using namespace render;

namespace {

using Coord = std::array<float, 4>;

// `dcl` is the resource declaration, `sample` the sampling instruction writing o0.
std::string samplingPS(const std::string& dcl, const std::string& sample, const char* samplerMode = "mode_default") {
  return std::string("ps_4_0\n") +
         "dcl_constantbuffer cb0[16], dynamicIndexed\n"
         "dcl_sampler s0, " + samplerMode + "\n" + dcl + "\n" +
         "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
         "dcl_output o0.xyzw\n"
         "dcl_temps 1\n"
         "ftou r0.x, v0.x\n" + sample + "\n" +
         "ret\n";
}

const std::string kSampleL = "sample_l o0.xyzw, cb0[r0.x + 0].xyzw, t0.xyzw, s0, l(0)";

D3D11_SAMPLER_DESC samplerDesc(D3D11_FILTER filter, D3D11_TEXTURE_ADDRESS_MODE address = D3D11_TEXTURE_ADDRESS_CLAMP,
                               Coord border = {0, 0, 0, 0}) {
  D3D11_SAMPLER_DESC desc{};
  desc.Filter = filter;
  desc.AddressU = desc.AddressV = desc.AddressW = address;
  desc.MaxAnisotropy = 1;
  desc.ComparisonFunc = D3D11_COMPARISON_NEVER;
  std::copy(border.begin(), border.end(), desc.BorderColor);
  desc.MaxLOD = D3D11_FLOAT32_MAX;
  return desc;
}

// Draws one pixel per coordinate with `ps`, `srv` at t0 and a sampler from `sampler` at s0.
std::vector<uint8_t> sampleAll(Fixture& f, const std::string& ps, ID3D11ShaderResourceView* srv, const D3D11_SAMPLER_DESC& sampler,
                               const std::vector<Coord>& coords, DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM) {
  REQUIRE(coords.size() <= 16);
  Scene s(f, UINT(coords.size()), 1, format, ps);
  std::vector<Coord> cbData(16, Coord{0, 0, 0, 0});
  std::copy(coords.begin(), coords.end(), cbData.begin());
  auto cb = f.buffer(16 * 16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, cbData.data());
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  ComPtr<ID3D11SamplerState> state;
  REQUIRE(f.device->CreateSamplerState(&sampler, state.put()) == S_OK);
  ID3D11SamplerState* samplers[] = {state.get()};
  f.context->PSSetSamplers(0, 1, samplers);
  ID3D11ShaderResourceView* views[] = {srv};
  f.context->PSSetShaderResources(0, 1, views);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  auto px = s.pixels();
  ID3D11ShaderResourceView* none[] = {nullptr};
  f.context->PSSetShaderResources(0, 1, none);
  return px;
}

ComPtr<ID3D11ShaderResourceView> srvOf(Fixture& f, ID3D11Resource* resource, const D3D11_SHADER_RESOURCE_VIEW_DESC* desc = nullptr) {
  ComPtr<ID3D11ShaderResourceView> view;
  REQUIRE(f.device->CreateShaderResourceView(resource, desc, view.put()) == S_OK);
  return view;
}

// A w x h (x layers) RGBA8 2D texture whose texel (x, y) of layer l is (64x, 64y, 64l + 32, 255).
ComPtr<ID3D11Texture2D> gridTexture(Fixture& f, UINT w, UINT h, UINT layers = 1, UINT misc = 0) {
  std::vector<uint32_t> data;
  for (UINT l = 0; l < layers; ++l)
    for (UINT y = 0; y < h; ++y)
      for (UINT x = 0; x < w; ++x)
        data.push_back(rgba8(64 * x, 64 * y, 64 * l + 32));
  std::vector<D3D11_SUBRESOURCE_DATA> init(layers);
  for (UINT l = 0; l < layers; ++l)
    init[l] = {data.data() + size_t(l) * w * h, w * 4, w * h * 4};
  D3D11_TEXTURE2D_DESC desc{w, h, 1, layers, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0,
                            misc};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, init.data(), texture.put()) == S_OK);
  return texture;
}

uint32_t grid(UINT x, UINT y, UINT l = 0) { return rgba8(64 * x, 64 * y, 64 * l + 32); }
// The texel centre of texel i of n in normalized coordinates.
float centre(UINT i, UINT n) { return (float(i) + 0.5f) / float(n); }

}  // namespace

TEST_CASE("2D textures: point sampling hits texels exactly, linear sampling averages at texel boundaries", "[render][sampling]") {
  Fixture f;
  auto texture = gridTexture(f, 4, 4);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texture2d (float,float,float,float) t0", kSampleL);
  SECTION("point") {
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT),
                        {{centre(0, 4), centre(0, 4)}, {centre(3, 4), centre(1, 4)}, {centre(2, 4), centre(3, 4)}, {0.3f, 0.7f}});
    CHECK(texel(px, 0) == grid(0, 0));
    CHECK(texel(px, 1) == grid(3, 1));
    CHECK(texel(px, 2) == grid(2, 3));
    CHECK(texel(px, 3) == grid(1, 2));  // 0.3 * 4 = 1.2, 0.7 * 4 = 2.8: texel (1, 2)
  }
  SECTION("linear") {
    // u = 0.5 is the boundary between texels 1 and 2: weights 1/2 each; likewise v.
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_LINEAR),
                        {{0.5f, centre(0, 4)}, {0.5f, 0.5f}, {centre(3, 4), centre(2, 4)}});
    CHECK(texel(px, 0) == rgba8(96, 0, 32));
    CHECK(texel(px, 1) == rgba8(96, 96, 32));
    CHECK(texel(px, 2) == grid(3, 2));  // at a texel centre linear equals point
  }
}

TEST_CASE("address modes: wrap, mirror, mirror once, clamp and border with its colour", "[render][sampling]") {
  Fixture f;
  auto texture = gridTexture(f, 4, 1);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texture2d (float,float,float,float) t0", kSampleL);
  // u = 1.125 is texel coordinate 4.5, u = -0.375 is -1.5 (v at the only row's centre).
  const std::vector<Coord> coords = {{1.125f, 0.5f}, {-0.375f, 0.5f}, {2.375f, 0.5f}};
  struct {
    D3D11_TEXTURE_ADDRESS_MODE mode;
    UINT texels[3];
  } cases[] = {
      {D3D11_TEXTURE_ADDRESS_WRAP, {0, 2, 1}},         // 4.5 -> 0.5, -1.5 -> 2.5, 9.5 -> 1.5
      {D3D11_TEXTURE_ADDRESS_MIRROR, {3, 1, 1}},       // 4.5 -> 3.5, -1.5 -> 1.5, 9.5 -> 9.5 - 8 = 1.5
      {D3D11_TEXTURE_ADDRESS_MIRROR_ONCE, {3, 1, 3}},  // |u| then clamp: 4.5 -> 3, 1.5, 9.5 -> 3
      {D3D11_TEXTURE_ADDRESS_CLAMP, {3, 0, 3}},
  };
  for (const auto& c : cases) {
    INFO("address mode " << c.mode);
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT, c.mode), coords);
    for (UINT i = 0; i < 3; ++i)
      CHECK(texel(px, i) == grid(c.texels[i], 0));
  }
  SECTION("border colours: the standard ones and a custom one") {
    for (Coord border : {Coord{0, 0, 0, 0}, Coord{0, 0, 0, 1}, Coord{1, 1, 1, 1}, Coord{0.2f, 0.4f, 0.8f, 0.6f}}) {
      INFO("border " << border[0] << " " << border[1] << " " << border[2] << " " << border[3]);
      auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT, D3D11_TEXTURE_ADDRESS_BORDER, border),
                          {{1.125f, 0.5f}, {-0.375f, 0.5f}, {centre(2, 4), 0.5f}});
      // 0.2, 0.4, 0.8 and 0.6 are 51, 102, 204 and 153 out of 255 exactly.
      const uint32_t want = rgba8(uint32_t(border[0] * 255 + 0.5f), uint32_t(border[1] * 255 + 0.5f), uint32_t(border[2] * 255 + 0.5f),
                                  uint32_t(border[3] * 255 + 0.5f));
      CHECK(texel(px, 0) == want);
      CHECK(texel(px, 1) == want);
      CHECK(texel(px, 2) == grid(2, 0));  // inside the texture the border plays no part
    }
  }
}

// Point mip filtering picks the nearest level with halves rounding up, as Windows drivers do
// (Wine's test_texture: SampleLevel at 0.5 reads level 1); Vulkan lets a driver round them down
// or to even (lavapipe: 0.5 gives level 0, 1.5 level 2), so the sampler adds a bias far below
// D3D's LOD precision (d3d11_sampler_state.cpp). The LOD is the coordinate's z.
TEST_CASE("point mip filtering rounds an LOD of exactly one half up", "[render][sampling]") {
  Fixture f;
  // 4x4, three levels, each one colour.
  const uint32_t levelColour[3] = {rgba8(255, 0, 0), rgba8(0, 255, 0), rgba8(0, 0, 255)};
  std::vector<uint32_t> level0(16, levelColour[0]), level1(4, levelColour[1]), level2(1, levelColour[2]);
  const D3D11_SUBRESOURCE_DATA init[3] = {{level0.data(), 16, 0}, {level1.data(), 8, 0}, {level2.data(), 4, 0}};
  D3D11_TEXTURE2D_DESC desc{4, 4, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, init, texture.put()) == S_OK);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texture2d (float,float,float,float) t0",
                                    "sample_l o0.xyzw, cb0[r0.x + 0].xyzw, t0.xyzw, s0, cb0[r0.x + 0].z");
  const float c = centre(1, 4);
  SECTION("point mip: 0.4 -> 0, 0.5 -> 1, 0.6 -> 1, 1.5 -> 2, 2.5 -> 2 (the last level)") {
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT),
                        {{c, c, 0.4f}, {c, c, 0.5f}, {c, c, 0.6f}, {c, c, 1.5f}, {c, c, 2.5f}, {c, c, 0.0f}});
    CHECK(texel(px, 0) == levelColour[0]);
    CHECK(texel(px, 1) == levelColour[1]);
    CHECK(texel(px, 2) == levelColour[1]);
    CHECK(texel(px, 3) == levelColour[2]);
    CHECK(texel(px, 4) == levelColour[2]);
    CHECK(texel(px, 5) == levelColour[0]);
  }
  SECTION("linear mip: 0.5 is still half of each level") {
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_POINT_MIP_LINEAR), {{c, c, 0.5f}, {c, c, 0.0f}});
    const uint32_t mixed = texel(px, 0);
    const uint32_t red = mixed & 0xff, green = (mixed >> 8) & 0xff, blue = (mixed >> 16) & 0xff;
    CHECK((red >= 126 && red <= 129));
    CHECK((green >= 126 && green <= 129));
    CHECK(blue == 0);
    CHECK(texel(px, 1) == levelColour[0]);
  }
  SECTION("different minification and magnification filters: LOD 0 still magnifies (point here)") {
    // u = 0.5 is the boundary between texels 1 and 2 of level 0 (both red): a point read and a
    // linear one differ only through the level, so read level 0 of a two-colour texture instead.
    std::vector<uint32_t> halves(16);
    for (UINT i = 0; i < 16; ++i)
      halves[i] = (i % 4) < 2 ? rgba8(255, 0, 0) : rgba8(0, 0, 255);
    D3D11_TEXTURE2D_DESC one = desc;
    one.MipLevels = 1;
    const D3D11_SUBRESOURCE_DATA data{halves.data(), 16, 0};
    ComPtr<ID3D11Texture2D> split;
    REQUIRE(f.device->CreateTexture2D(&one, &data, split.put()) == S_OK);
    auto splitView = srvOf(f, split.get());
    auto px = sampleAll(f, ps, splitView.get(), samplerDesc(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT), {{0.5f, c, 0.0f}});
    const uint32_t got = texel(px, 0);
    CHECK((got == rgba8(255, 0, 0) || got == rgba8(0, 0, 255)));  // a point read, not the 50/50 mix
  }
}

TEST_CASE("1D textures, point and linear", "[render][sampling]") {
  Fixture f;
  const uint32_t data[4] = {rgba8(0, 10, 0), rgba8(64, 20, 0), rgba8(128, 30, 0), rgba8(192, 40, 0)};
  D3D11_TEXTURE1D_DESC desc{4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  D3D11_SUBRESOURCE_DATA init{data, 16, 16};
  ComPtr<ID3D11Texture1D> texture;
  REQUIRE(f.device->CreateTexture1D(&desc, &init, texture.put()) == S_OK);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texture1d (float,float,float,float) t0", kSampleL);
  auto point = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT), {{centre(1, 4)}, {centre(3, 4)}, {0.55f}});
  CHECK(texel(point, 0) == data[1]);
  CHECK(texel(point, 1) == data[3]);
  CHECK(texel(point, 2) == data[2]);
  auto linear = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_LINEAR), {{0.25f}, {0.75f}});
  CHECK(texel(linear, 0) == rgba8(32, 15, 0));   // halfway between texels 0 and 1
  CHECK(texel(linear, 1) == rgba8(160, 35, 0));  // halfway between texels 2 and 3
}

TEST_CASE("2D array textures select the slice by rounding the third coordinate", "[render][sampling]") {
  Fixture f;
  auto texture = gridTexture(f, 2, 2, 3);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texture2darray (float,float,float,float) t0", kSampleL);
  SECTION("point") {
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT),
                        {{0.25f, 0.25f, 0}, {0.75f, 0.25f, 1}, {0.25f, 0.75f, 2}, {0.75f, 0.75f, 1.4f}, {0.25f, 0.25f, 1.6f},
                         {0.25f, 0.25f, 7}});
    CHECK(texel(px, 0) == grid(0, 0, 0));
    CHECK(texel(px, 1) == grid(1, 0, 1));
    CHECK(texel(px, 2) == grid(0, 1, 2));
    CHECK(texel(px, 3) == grid(1, 1, 1));
    CHECK(texel(px, 4) == grid(0, 0, 2));
    CHECK(texel(px, 5) == grid(0, 0, 2));  // the slice index is clamped to the last slice
  }
  SECTION("linear filters within a slice, never across slices") {
    auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_LINEAR), {{0.5f, 0.25f, 1.2f}});
    CHECK(texel(px, 0) == rgba8(32, 0, 96));
  }
  SECTION("a view of a slice range starts counting at its first slice") {
    D3D11_SHADER_RESOURCE_VIEW_DESC view{};
    view.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    view.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
    view.Texture2DArray = {0, 1, 1, 2};
    auto ranged = srvOf(f, texture.get(), &view);
    auto px = sampleAll(f, ps, ranged.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT), {{0.25f, 0.25f, 0}, {0.25f, 0.25f, 1}});
    CHECK(texel(px, 0) == grid(0, 0, 1));
    CHECK(texel(px, 1) == grid(0, 0, 2));
  }
}

TEST_CASE("3D textures, point and linear across depth slices", "[render][sampling]") {
  Fixture f;
  std::vector<uint32_t> data;
  for (UINT z = 0; z < 2; ++z)
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 2; ++x)
        data.push_back(rgba8(100 * x, 100 * y, 100 * z));
  D3D11_TEXTURE3D_DESC desc{2, 2, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  D3D11_SUBRESOURCE_DATA init{data.data(), 8, 16};
  ComPtr<ID3D11Texture3D> texture;
  REQUIRE(f.device->CreateTexture3D(&desc, &init, texture.put()) == S_OK);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texture3d (float,float,float,float) t0", kSampleL);
  auto point = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT),
                         {{0.25f, 0.25f, 0.25f}, {0.75f, 0.25f, 0.75f}, {0.25f, 0.75f, 0.75f}});
  CHECK(texel(point, 0) == rgba8(0, 0, 0));
  CHECK(texel(point, 1) == rgba8(100, 0, 100));
  CHECK(texel(point, 2) == rgba8(0, 100, 100));
  auto linear = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_LINEAR), {{0.25f, 0.25f, 0.5f}, {0.5f, 0.5f, 0.5f}});
  CHECK(texel(linear, 0) == rgba8(0, 0, 50));
  CHECK(texel(linear, 1) == rgba8(50, 50, 50));
}

TEST_CASE("cube textures: each major axis picks its face, with D3D's face orientation", "[render][sampling]") {
  Fixture f;
  // Six 2x2 faces; face k's texel (x, y) is (40k, 100x, 100y).
  std::vector<uint32_t> data;
  for (UINT face = 0; face < 6; ++face)
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 2; ++x)
        data.push_back(rgba8(40 * face, 100 * x, 100 * y));
  D3D11_SUBRESOURCE_DATA init[6];
  for (UINT face = 0; face < 6; ++face)
    init[face] = {data.data() + face * 4, 8, 16};
  D3D11_TEXTURE2D_DESC desc{2, 2, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0,
                            D3D11_RESOURCE_MISC_TEXTURECUBE};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, init, texture.put()) == S_OK);
  auto srv = srvOf(f, texture.get());
  const std::string ps = samplingPS("dcl_resource_texturecube (float,float,float,float) t0", kSampleL);
  // Per face (D3D's table, which Vulkan shares): +X u=-z v=-y; -X u=z v=-y; +Y u=x v=z; -Y u=x v=-z;
  // +Z u=x v=-y; -Z u=-x v=-y (each divided by the major axis, then mapped from [-1, 1] to [0, 1]).
  // Each direction below maps to texel (1, 0) of its face: u = 0.75, v = 0.25.
  auto px = sampleAll(f, ps, srv.get(), samplerDesc(D3D11_FILTER_MIN_MAG_MIP_POINT),
                      {{1, 0.5f, -0.5f}, {-1, 0.5f, 0.5f}, {0.5f, 1, -0.5f}, {0.5f, -1, 0.5f}, {0.5f, 0.5f, 1}, {-0.5f, 0.5f, -1}});
  for (UINT face = 0; face < 6; ++face) {
    INFO("face " << face);
    CHECK(texel(px, face) == rgba8(40 * face, 100, 0));
  }
}

TEST_CASE("comparison sampling of a depth texture (SampleCmp), point and linear", "[render][sampling]") {
  Fixture f;
  // A 2x1 depth texture, R32_TYPELESS so it has a D32_FLOAT depth view and an R32_FLOAT SRV:
  // texel 0 = 0.25 (drawn), texel 1 = 0.75 (cleared).
  D3D11_TEXTURE2D_DESC desc{2, 1, 1, 1, DXGI_FORMAT_R32_TYPELESS, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture2D> depth;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, depth.put()) == S_OK);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
  dsvDesc.Format = DXGI_FORMAT_D32_FLOAT;
  dsvDesc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
  ComPtr<ID3D11DepthStencilView> dsv;
  REQUIRE(f.device->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.put()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
  srvDesc.Format = DXGI_FORMAT_R32_FLOAT;
  srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  srvDesc.Texture2D = {0, 1};
  auto srv = srvOf(f, depth.get(), &srvDesc);
  {
    Scene fill(f, 2, 1);
    f.context->OMSetRenderTargets(0, nullptr, dsv.get());
    f.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.75f, 0);
    D3D11_DEPTH_STENCIL_DESC ds{};
    ds.DepthEnable = TRUE;
    ds.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
    ds.DepthFunc = D3D11_COMPARISON_ALWAYS;
    ComPtr<ID3D11DepthStencilState> state;
    REQUIRE(f.device->CreateDepthStencilState(&ds, state.put()) == S_OK);
    f.context->OMSetDepthStencilState(state.get(), 0);
    f.context->PSSetShader(nullptr, nullptr, 0);
    D3D11_VIEWPORT left{0, 0, 1, 1, 0, 1};
    f.context->RSSetViewports(1, &left);
    fill.draw(rect(-1, -1, 1, 1, 0, 0, 0, 1, 0.25f));
    f.context->OMSetRenderTargets(0, nullptr, nullptr);
    f.context->OMSetDepthStencilState(nullptr, 0);
  }
  // The reference is the coordinate's z.
  const std::string ps = samplingPS("dcl_resource_texture2d (float,float,float,float) t0",
                                    "sample_c_lz r0.x, cb0[r0.x + 0].xyzw, t0.xxxx, s0, cb0[r0.x + 0].z\n"
                                    "mov o0.xyzw, r0.xxxx",
                                    "mode_comparison");
  D3D11_SAMPLER_DESC point = samplerDesc(D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT);
  point.ComparisonFunc = D3D11_COMPARISON_LESS_EQUAL;
  SECTION("point: LESS_EQUAL and GREATER") {
    const std::vector<Coord> coords = {{0.25f, 0.5f, 0.2f}, {0.25f, 0.5f, 0.3f}, {0.75f, 0.5f, 0.5f}, {0.75f, 0.5f, 0.8f},
                                       {0.25f, 0.5f, 0.25f}};
    auto px = sampleAll(f, ps, srv.get(), point, coords, DXGI_FORMAT_R32G32B32A32_FLOAT);
    auto red = [&](UINT i) {
      float v;
      std::memcpy(&v, &px[i * 16], 4);
      return v;
    };
    // D3D: the result is (reference func texel).
    CHECK(red(0) == 1.0f);  // 0.2 <= 0.25
    CHECK(red(1) == 0.0f);  // 0.3 <= 0.25 fails
    CHECK(red(2) == 1.0f);  // 0.5 <= 0.75
    CHECK(red(3) == 0.0f);
    CHECK(red(4) == 1.0f);  // equal passes LESS_EQUAL
    point.ComparisonFunc = D3D11_COMPARISON_GREATER;
    px = sampleAll(f, ps, srv.get(), point, coords, DXGI_FORMAT_R32G32B32A32_FLOAT);
    CHECK(red(0) == 0.0f);
    CHECK(red(1) == 1.0f);
    CHECK(red(2) == 0.0f);
    CHECK(red(3) == 1.0f);
    CHECK(red(4) == 0.0f);
  }
  SECTION("linear: the comparison results are filtered (half of the footprint passes at the boundary)") {
    D3D11_SAMPLER_DESC linear = samplerDesc(D3D11_FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT);
    linear.ComparisonFunc = D3D11_COMPARISON_LESS_EQUAL;
    auto px = sampleAll(f, ps, srv.get(), linear, {{0.5f, 0.5f, 0.5f}}, DXGI_FORMAT_R32G32B32A32_FLOAT);
    float v;
    std::memcpy(&v, px.data(), 4);
    CHECK(v == 0.5f);  // texel 0 fails (0.5 > 0.25), texel 1 passes, weights 1/2 each
  }
}
