// Integration: a scene rendered entirely through ID3D10Device1 (buffers with initial data, a
// dynamic constant buffer written with ID3D10Buffer::Map, state objects, indexed and plain draws)
// and read back with ID3D10Texture2D::Map; validation layer on, any error fails the test.
#include "d3d10_test_util.h"

using namespace d3d10_test;

namespace {

constexpr UINT kSize = 16;

struct Scene {
  Device10& d;
  ComPtr<ID3D10Texture2D> target;
  ComPtr<ID3D10RenderTargetView> rtv;
  ComPtr<ID3D10VertexShader> vs;
  ComPtr<ID3D10PixelShader> ps;
  ComPtr<ID3D10InputLayout> layout;
  ComPtr<ID3D10Buffer> vertices, indices, tint;

  explicit Scene(Device10& device) : d(device) {
    target = d.texture2D(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_USAGE_DEFAULT, D3D10_BIND_RENDER_TARGET);
    REQUIRE(d.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
    auto vsCode = bytecode(kColorVS), psCode = bytecode(kTintPS);
    REQUIRE(d.device->CreateVertexShader(vsCode.data(), vsCode.size(), vs.put()) == S_OK);
    REQUIRE(d.device->CreatePixelShader(psCode.data(), psCode.size(), ps.put()) == S_OK);
    const D3D10_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D10_INPUT_PER_VERTEX_DATA, 0},
    };
    REQUIRE(d.device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.put()) == S_OK);

    // Top-left half (clockwise: front facing), then the bottom-right half drawn through indices.
    const Vertex data[] = {
        {-1, -1, 1, 0, 0, 1}, {-1, 1, 1, 0, 0, 1}, {1, 1, 1, 0, 0, 1},   // red
        {-1, -1, 0, 1, 0, 1}, {1, 1, 0, 1, 0, 1}, {1, -1, 0, 1, 0, 1},   // green
    };
    vertices = d.buffer(sizeof(data), D3D10_USAGE_IMMUTABLE, D3D10_BIND_VERTEX_BUFFER, 0, data);
    const uint16_t index[] = {0, 1, 2};
    indices = d.buffer(sizeof(index), D3D10_USAGE_DEFAULT, D3D10_BIND_INDEX_BUFFER, 0, index);
    tint = d.buffer(16, D3D10_USAGE_DYNAMIC, D3D10_BIND_CONSTANT_BUFFER, D3D10_CPU_ACCESS_WRITE);

    ID3D10Device1* dev = d.device.get();
    const float black[4] = {0, 0, 0, 1};
    dev->ClearRenderTargetView(rtv.get(), black);
    ID3D10RenderTargetView* targets[] = {rtv.get()};
    dev->OMSetRenderTargets(1, targets, nullptr);
    D3D10_VIEWPORT viewport{0, 0, kSize, kSize, 0, 1};
    dev->RSSetViewports(1, &viewport);
    dev->IASetInputLayout(layout.get());
    dev->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ID3D10Buffer* vbs[] = {vertices.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    dev->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
    dev->IASetIndexBuffer(indices.get(), DXGI_FORMAT_R16_UINT, 0);
    dev->VSSetShader(vs.get());
    dev->PSSetShader(ps.get());
    ID3D10Buffer* cbs[] = {tint.get()};
    dev->PSSetConstantBuffers(0, 1, cbs);
  }

  void setTint(float r, float g, float b, float a) {
    void* data = nullptr;
    REQUIRE(tint->Map(D3D10_MAP_WRITE_DISCARD, 0, &data) == S_OK);
    const float value[4] = {r, g, b, a};
    std::memcpy(data, value, sizeof(value));
    tint->Unmap();
  }
};

}  // namespace

TEST_CASE("d3d10: a scene drawn through ID3D10Device1 is read back through ID3D10Texture2D::Map", "[d3d10]") {
  Device10 d;
  Scene scene(d);
  scene.setTint(1, 1, 1, 1);
  d.device->Draw(3, 0);                   // red, top-left half
  scene.setTint(0.5f, 1, 1, 1);           // renamed constant buffer: the first draw keeps its tint
  d.device->DrawIndexed(3, 0, 3);         // green, bottom-right half, base vertex 3
  auto texels = d.readTexels(scene.target.get());
  CHECK(texels[2 * kSize + 1] == 0xff0000ffu);     // near the top-left corner: red
  CHECK(texels[14 * kSize + 14] == 0xff00ff00u);   // near the bottom-right corner: green

  SECTION("a back-facing triangle is culled by default and drawn with a cull-none rasterizer state") {
    const float black[4] = {0, 0, 0, 1};
    d.device->ClearRenderTargetView(scene.rtv.get(), black);
    scene.setTint(1, 1, 1, 1);
    d.device->DrawIndexed(3, 0, 0);  // red again, through the index buffer
    const uint16_t reversed[] = {0, 2, 1};
    d.device->UpdateSubresource(scene.indices.get(), 0, nullptr, reversed, 0, 0);
    D3D10_RASTERIZER_DESC desc{};
    desc.FillMode = D3D10_FILL_SOLID;
    desc.CullMode = D3D10_CULL_NONE;
    desc.DepthClipEnable = TRUE;
    ComPtr<ID3D10RasterizerState> cullNone;
    REQUIRE(d.device->CreateRasterizerState(&desc, cullNone.put()) == S_OK);
    scene.setTint(0, 0, 1, 1);  // red * (0,0,1) = black: a culled draw leaves red behind
    d.device->DrawIndexed(3, 0, 0);
    CHECK(d.readTexels(scene.target.get())[2 * kSize + 1] == 0xff0000ffu);
    scene.setTint(1, 1, 1, 0.5f);
    d.device->RSSetState(cullNone.get());
    d.device->DrawIndexed(3, 0, 0);
    // Alpha 0.5 is 127.5 in UNORM8: lavapipe stores 128, NVIDIA 127 (both within D3D's rounding).
    const uint32_t halfAlpha = d.readTexels(scene.target.get())[2 * kSize + 1];
    CHECK((halfAlpha & 0x00ffffffu) == 0x0000ffu);
    CHECK((halfAlpha >> 24 == 0x80u || halfAlpha >> 24 == 0x7fu));
    ComPtr<ID3D10RasterizerState> bound;
    d.device->RSGetState(bound.put());
    CHECK(bound.get() == cullNone.get());
  }

  SECTION("Get* methods return the D3D10 faces of what was bound") {
    ComPtr<ID3D10Buffer> cb;
    d.device->PSGetConstantBuffers(0, 1, cb.put());
    CHECK(cb.get() == scene.tint.get());
    ComPtr<ID3D10RenderTargetView> rtv;
    d.device->OMGetRenderTargets(1, rtv.put(), nullptr);
    CHECK(rtv.get() == scene.rtv.get());
    ComPtr<ID3D10VertexShader> vs;
    d.device->VSGetShader(vs.put());
    CHECK(vs.get() == scene.vs.get());
    D3D10_VIEWPORT viewport{};
    UINT count = 1;
    d.device->RSGetViewports(&count, &viewport);
    CHECK((count == 1 && viewport.Width == kSize && viewport.Height == kSize && viewport.TopLeftX == 0));
    // Asked for more than are set, the count comes back as the number set (Windows 10).
    D3D10_VIEWPORT four[4] = {};
    UINT asked = 4;
    d.device->RSGetViewports(&asked, four);
    CHECK(asked == 1);
    D3D10_PRIMITIVE_TOPOLOGY topology;
    d.device->IAGetPrimitiveTopology(&topology);
    CHECK(topology == D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    d.device->ClearState();
    d.device->PSGetConstantBuffers(0, 1, cb.put());
    CHECK(!cb);
  }
}

TEST_CASE("d3d10: blend state from a D3D10_BLEND_DESC blends as D3D10 describes", "[d3d10]") {
  Device10 d;
  Scene scene(d);
  scene.setTint(1, 1, 1, 1);
  d.device->Draw(3, 0);  // red
  D3D10_BLEND_DESC desc{};
  desc.BlendEnable[0] = TRUE;
  desc.SrcBlend = D3D10_BLEND_ONE;
  desc.DestBlend = D3D10_BLEND_ONE;
  desc.BlendOp = D3D10_BLEND_OP_ADD;
  desc.SrcBlendAlpha = D3D10_BLEND_ONE;
  desc.DestBlendAlpha = D3D10_BLEND_ZERO;
  desc.BlendOpAlpha = D3D10_BLEND_OP_ADD;
  for (auto& mask : desc.RenderTargetWriteMask)
    mask = D3D10_COLOR_WRITE_ENABLE_ALL;
  ComPtr<ID3D10BlendState> blend;
  REQUIRE(d.device->CreateBlendState(&desc, blend.put()) == S_OK);
  const float factor[4] = {1, 1, 1, 1};
  d.device->OMSetBlendState(blend.get(), factor, 0xffffffff);
  scene.setTint(0, 0, 1, 1);  // adds blue to red: magenta
  const Vertex blue[] = {{-1, -1, 1, 1, 1, 1}, {-1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}};
  auto vb = d.buffer(sizeof(blue), D3D10_USAGE_DEFAULT, D3D10_BIND_VERTEX_BUFFER, 0, blue);
  ID3D10Buffer* vbs[] = {vb.get()};
  UINT stride = sizeof(Vertex), offset = 0;
  d.device->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  d.device->Draw(3, 0);
  CHECK(d.readTexels(scene.target.get())[2 * kSize + 1] == 0xffff00ffu);

  D3D10_BLEND_DESC back{};
  blend->GetDesc(&back);
  CHECK(std::memcmp(&back, &desc, sizeof(desc)) == 0);
  ComPtr<ID3D10BlendState> got;
  float gotFactor[4];
  UINT mask = 0;
  d.device->OMGetBlendState(got.put(), gotFactor, &mask);
  CHECK(got.get() == blend.get());
  CHECK(mask == 0xffffffffu);
}
