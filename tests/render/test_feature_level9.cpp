// Feature levels 9_1, 9_2 and 9_3 against 11_x (seed 000). Binding: adjacency topologies,
// viewports and scissor rectangles past slot 0, more render targets than the level has, targets of
// different bit depths at 9_3, a zero sample mask, unordered access views, the hull, domain,
// geometry and compute stages' Set* calls and pixel-shader resources past slot 7 at 9_1 are
// refused (the call is ignored, the state read back is the previous one). Drawing: too many
// primitives, indexed point lists, DrawInstanced and (below 9_3) DrawIndexedInstanced draw
// nothing at 9_x and render at 11_0, read back. Copies to CPU-accessible memory of 3D textures and
// of shader-resource-only textures are dropped at 9_x.
#include "render_util.h"
#include "shader_test_util.h"

using namespace render;

namespace {

struct Targets {
  std::vector<ComPtr<ID3D11Texture2D>> textures;
  std::vector<ComPtr<ID3D11RenderTargetView>> views;
  Targets(Fixture& f, UINT count) {
    for (UINT i = 0; i < count; ++i) {
      textures.push_back(f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET));
      views.emplace_back();
      REQUIRE(f.device->CreateRenderTargetView(textures.back().get(), nullptr, views.back().put()) == S_OK);
    }
  }
  std::vector<ID3D11RenderTargetView*> raw(UINT count) const {
    std::vector<ID3D11RenderTargetView*> out;
    for (UINT i = 0; i < count; ++i)
      out.push_back(views[i].get());
    return out;
  }
};

// How many of the first eight render-target slots hold a view.
UINT boundTargets(Fixture& f) {
  ID3D11RenderTargetView* views[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT] = {};
  f.context->OMGetRenderTargets(D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, views, nullptr);
  UINT count = 0;
  for (ID3D11RenderTargetView* view : views)
    if (view) {
      ++count;
      view->Release();
    }
  return count;
}

void checkLevel(D3D_FEATURE_LEVEL level) {
  Fixture f(level);
  const bool nine = level < D3D_FEATURE_LEVEL_10_0;
  INFO("feature level 0x" << std::hex << level);

  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
  D3D11_PRIMITIVE_TOPOLOGY topology{};
  f.context->IAGetPrimitiveTopology(&topology);
  CHECK(topology == (nine ? D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST : D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ));

  const D3D11_VIEWPORT viewports[2] = {{0, 0, 4, 4, 0, 1}, {0, 0, 2, 2, 0, 1}};
  f.context->RSSetViewports(1, viewports);
  f.context->RSSetViewports(2, viewports);
  UINT count = 0;
  f.context->RSGetViewports(&count, nullptr);
  CHECK(count == (nine ? 1u : 2u));
  const D3D11_RECT rects[2] = {{0, 0, 4, 4}, {0, 0, 2, 2}};
  f.context->RSSetScissorRects(1, rects);
  f.context->RSSetScissorRects(2, rects);
  count = 0;
  f.context->RSGetScissorRects(&count, nullptr);
  CHECK(count == (nine ? 1u : 2u));

  f.context->OMSetBlendState(nullptr, nullptr, 0x5);
  f.context->OMSetBlendState(nullptr, nullptr, 0);
  UINT mask = 1234;
  f.context->OMGetBlendState(nullptr, nullptr, &mask);
  CHECK(mask == (nine ? 0x5u : 0u));

  Targets targets(f, 5);
  auto one = targets.raw(1);
  f.context->OMSetRenderTargets(1, one.data(), nullptr);
  CHECK(boundTargets(f) == 1);
  auto two = targets.raw(2);
  f.context->OMSetRenderTargets(2, two.data(), nullptr);
  CHECK(boundTargets(f) == (level == D3D_FEATURE_LEVEL_9_1 || level == D3D_FEATURE_LEVEL_9_2 ? 1u : 2u));
  // Null views past the bound ones do not count.
  ID3D11RenderTargetView* oneThenNull[2] = {targets.views[0].get(), nullptr};
  f.context->OMSetRenderTargets(2, oneThenNull, nullptr);
  CHECK(boundTargets(f) == 1);
  auto five = targets.raw(5);
  f.context->OMSetRenderTargets(5, five.data(), nullptr);
  CHECK(boundTargets(f) == (nine ? 1u : 5u));

  // Unordered access views do not exist at 9_x: the whole call is ignored, targets included.
  f.context->OMSetRenderTargets(1, one.data(), nullptr);
  ID3D11UnorderedAccessView* noUav[1] = {nullptr};
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(2, two.data(), nullptr, 2, 1, noUav, nullptr);
  CHECK(boundTargets(f) == (nine ? 1u : 2u));

  // The hull, domain, geometry and compute stages do not exist at 9_x: their binds are ignored.
  D3D11_SAMPLER_DESC samplerDesc{};
  samplerDesc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
  samplerDesc.AddressU = samplerDesc.AddressV = samplerDesc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  samplerDesc.MaxLOD = D3D11_FLOAT32_MAX;
  ComPtr<ID3D11SamplerState> sampler;
  REQUIRE(f.device->CreateSamplerState(&samplerDesc, sampler.put()) == S_OK);
  auto constants = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER);
  auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11ShaderResourceView> srv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) == S_OK);
  ID3D11SamplerState* samplers[1] = {sampler.get()};
  ID3D11Buffer* buffers[1] = {constants.get()};
  ID3D11ShaderResourceView* views[1] = {srv.get()};
  f.context->GSSetSamplers(0, 1, samplers);
  f.context->HSSetConstantBuffers(0, 1, buffers);
  f.context->DSSetShaderResources(0, 1, views);
  f.context->CSSetSamplers(0, 1, samplers);
  f.context->CSSetConstantBuffers(0, 1, buffers);
  f.context->CSSetShaderResources(0, 1, views);
  ComPtr<ID3D11SamplerState> gotSampler;
  ComPtr<ID3D11Buffer> gotBuffer;
  ComPtr<ID3D11ShaderResourceView> gotView;
  f.context->GSGetSamplers(0, 1, gotSampler.put());
  CHECK((gotSampler.get() == nullptr) == nine);
  f.context->HSGetConstantBuffers(0, 1, gotBuffer.put());
  CHECK((gotBuffer.get() == nullptr) == nine);
  f.context->DSGetShaderResources(0, 1, gotView.put());
  CHECK((gotView.get() == nullptr) == nine);
  f.context->CSGetSamplers(0, 1, gotSampler.put());
  CHECK((gotSampler.get() == nullptr) == nine);
  f.context->CSGetConstantBuffers(0, 1, gotBuffer.put());
  CHECK((gotBuffer.get() == nullptr) == nine);
  f.context->CSGetShaderResources(0, 1, gotView.put());
  CHECK((gotView.get() == nullptr) == nine);
  // The vertex and pixel stages take the same binds at every level.
  f.context->PSSetSamplers(0, 1, samplers);
  f.context->PSGetSamplers(0, 1, gotSampler.put());
  CHECK(gotSampler.get() == sampler.get());
  f.context->VSSetConstantBuffers(0, 1, buffers);
  f.context->VSGetConstantBuffers(0, 1, gotBuffer.put());
  CHECK(gotBuffer.get() == constants.get());

  // Pixel-shader resources: eight slots at 9_1 (a null view past them counts not).
  f.context->PSSetShaderResources(8, 1, views);
  f.context->PSGetShaderResources(8, 1, gotView.put());
  CHECK((gotView.get() == nullptr) == (level == D3D_FEATURE_LEVEL_9_1));
  ID3D11ShaderResourceView* viewThenNull[2] = {srv.get(), nullptr};
  f.context->PSSetShaderResources(7, 2, viewThenNull);
  f.context->PSGetShaderResources(7, 1, gotView.put());
  CHECK(gotView.get() == srv.get());
  // Sixteen sampler slots at every level: a call reaching slot 16 is ignored.
  ID3D11SamplerState* twoSamplers[2] = {sampler.get(), sampler.get()};
  f.context->PSSetSamplers(15, 2, twoSamplers);
  f.context->PSGetSamplers(15, 1, gotSampler.put());
  CHECK(gotSampler.get() == nullptr);
}

// 9_3's (up to four) render targets share one bit depth; 11_x mixes them.
void checkBitDepth(D3D_FEATURE_LEVEL level) {
  Fixture f(level);
  INFO("feature level 0x" << std::hex << level);
  DXGI_FORMAT other = DXGI_FORMAT_UNKNOWN;
  for (DXGI_FORMAT candidate : {DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_UNORM, DXGI_FORMAT_R32G32B32A32_FLOAT,
                                DXGI_FORMAT_B5G6R5_UNORM, DXGI_FORMAT_R16_FLOAT}) {
    UINT support = 0;
    if (SUCCEEDED(f.device->CheckFormatSupport(candidate, &support)) && (support & D3D11_FORMAT_SUPPORT_RENDER_TARGET)) {
      other = candidate;
      break;
    }
  }
  if (other == DXGI_FORMAT_UNKNOWN) {
    WARN("skipped: no render-target format other than 32 bits a texel at this level");
    return;
  }
  auto rgba = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto bgra = f.texture2D(4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto wide = f.texture2D(4, 4, other, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> a, b, c;
  REQUIRE(f.device->CreateRenderTargetView(rgba.get(), nullptr, a.put()) == S_OK);
  REQUIRE(f.device->CreateRenderTargetView(bgra.get(), nullptr, b.put()) == S_OK);
  REQUIRE(f.device->CreateRenderTargetView(wide.get(), nullptr, c.put()) == S_OK);
  ID3D11RenderTargetView* same[2] = {a.get(), b.get()};
  f.context->OMSetRenderTargets(2, same, nullptr);
  CHECK(boundTargets(f) == 2);
  ID3D11RenderTargetView* mixed[3] = {a.get(), nullptr, c.get()};
  f.context->OMSetRenderTargets(3, mixed, nullptr);
  CHECK(boundTargets(f) == 2);  // a and b (refused) or a and c
  ID3D11RenderTargetView* got[3] = {};
  f.context->OMGetRenderTargets(3, got, nullptr);
  CHECK((got[1] == b.get()) == (level < D3D_FEATURE_LEVEL_10_0));  // refused: the previous targets stay
  CHECK((got[2] == c.get()) == (level >= D3D_FEATURE_LEVEL_10_0));
  for (ID3D11RenderTargetView* view : got)
    if (view)
      view->Release();
}

// A 4x4 target cleared to black and level-9 shaders that draw a constant red at the 2D positions
// of a float2 vertex buffer, so long draws stay small in memory.
const std::string kPositionVS =
    signature("Input", {"POSITION                 0   xy          0     NONE   float   xy"}) +
    signature("Output", {"SV_Position              0   xyzw        0      POS   float   xyzw"}) +
    "vs_4_0\n"
    "dcl_input v0.xy\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xy, v0.xyxx\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "ret\n";
const std::string kRedPS =
    "ps_4_0\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, l(1.0, 0, 0, 1.0)\n"
    "ret\n";

constexpr uint32_t kBlack = 0, kRed = rgba8(255, 0, 0);

struct DrawScene {
  Fixture& f;
  ComPtr<ID3D11Texture2D> target;
  ComPtr<ID3D11RenderTargetView> rtv;
  ComPtr<ID3D11VertexShader> vs;
  ComPtr<ID3D11PixelShader> ps;
  ComPtr<ID3D11InputLayout> layout;
  ComPtr<ID3D11RasterizerState> raster;
  std::vector<ComPtr<ID3D11Buffer>> keep;

  explicit DrawScene(Fixture& fixture) : f(fixture) {
    target = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
    // Level-9 bytecode (an Aon9 chunk for 9_1) is taken at every level.
    const std::vector<uint8_t> vsCode = shader_test::withLevel9Chunk(kPositionVS, false, 0);
    const std::vector<uint8_t> psCode = shader_test::withLevel9Chunk(kRedPS, true, 0);
    REQUIRE(f.device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.put()) == S_OK);
    REQUIRE(f.device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.put()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    REQUIRE(f.device->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.put()) == S_OK);
    raster = rasterizer(f);
    ID3D11RenderTargetView* targets[] = {rtv.get()};
    f.context->OMSetRenderTargets(1, targets, nullptr);
    D3D11_VIEWPORT viewport{0, 0, 4, 4, 0, 1};
    f.context->RSSetViewports(1, &viewport);
    f.context->RSSetState(raster.get());
    f.context->IASetInputLayout(layout.get());
    f.context->VSSetShader(vs.get(), nullptr, 0);
    f.context->PSSetShader(ps.get(), nullptr, 0);
  }

  void clear() {
    const float black[4] = {0, 0, 0, 0};
    f.context->ClearRenderTargetView(rtv.get(), black);
  }
  std::vector<uint8_t> pixels() { return f.readTexture(target.get(), 0, 4); }

  // A strip of `count` vertices: a quad over the whole target, then copies of its last vertex
  // (degenerate triangles that cover nothing).
  void stripVertices(UINT count) {
    std::vector<float> data(size_t(count) * 2, 1.0f);
    const float quad[8] = {-1, -1, -1, 1, 1, -1, 1, 1};
    std::copy(quad, quad + 8, data.begin());
    setVertices(data);
  }
  void setVertices(const std::vector<float>& data) {
    auto buffer = f.buffer(UINT(data.size() * sizeof(float)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, data.data());
    ID3D11Buffer* buffers[] = {buffer.get()};
    UINT stride = 8, offset = 0;
    f.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    keep.push_back(buffer);
  }
  // `count` strip indices 0, 1, 2, 3, 3, 3, ... (16-bit at 9_1, else 32-bit).
  void stripIndices(UINT count, bool wide) {
    std::vector<uint32_t> indices(count, 3);
    for (uint32_t i = 0; i < 4 && i < count; ++i)
      indices[i] = i;
    setIndices(indices, wide);
  }
  void setIndices(const std::vector<uint32_t>& indices, bool wide) {
    ComPtr<ID3D11Buffer> buffer;
    if (wide) {
      buffer = f.buffer(UINT(indices.size() * 4), D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, indices.data());
    } else {
      std::vector<uint16_t> narrow(indices.begin(), indices.end());
      buffer = f.buffer(UINT(narrow.size() * 2), D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, narrow.data());
    }
    f.context->IASetIndexBuffer(buffer.get(), wide ? DXGI_FORMAT_R32_UINT : DXGI_FORMAT_R16_UINT, 0);
    keep.push_back(buffer);
  }
};

// Every pixel of the target red (drawn) or black (refused).
void checkAll(DrawScene& s, bool drawn) {
  const auto px = s.pixels();
  CHECK(countEqual(px, drawn ? kRed : kBlack) == 16);
}

void checkDraws(D3D_FEATURE_LEVEL level) {
  Fixture f(level);
  REQUIRE(f.device->GetFeatureLevel() == level);
  INFO("feature level 0x" << std::hex << level);
  const bool nine = level < D3D_FEATURE_LEVEL_10_0;
  // 11_x takes the larger of the two 9_x limits' counts too.
  const UINT limit = level == D3D_FEATURE_LEVEL_9_1 ? 65535u : 1048575u;
  const bool wide = level != D3D_FEATURE_LEVEL_9_1;
  DrawScene s(f);
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);

  // Draw: `limit` primitives (limit + 2 strip vertices) draw; one more is refused at 9_x.
  s.stripVertices(limit + 3);
  s.clear();
  f.context->Draw(limit + 3, 0);
  checkAll(s, !nine);
  s.clear();
  f.context->Draw(limit + 2, 0);
  checkAll(s, true);

  // DrawIndexed alike, counting primitives from the index count.
  s.stripIndices(limit + 3, wide);
  s.clear();
  f.context->DrawIndexed(limit + 3, 0, 0);
  checkAll(s, !nine);
  s.clear();
  f.context->DrawIndexed(limit + 2, 0, 0);
  checkAll(s, true);

  // DrawInstanced: not at 9_x.
  s.clear();
  f.context->DrawInstanced(4, 1, 0, 0);
  checkAll(s, !nine);

  // DrawIndexedInstanced: from 9_3 on, with the Draw limits per instance.
  s.clear();
  f.context->DrawIndexedInstanced(4, 2, 0, 0, 0);
  checkAll(s, level >= D3D_FEATURE_LEVEL_9_3);
  if (level >= D3D_FEATURE_LEVEL_9_3) {
    s.clear();
    f.context->DrawIndexedInstanced(limit + 3, 1, 0, 0, 0);
    checkAll(s, !nine);
    s.clear();
    f.context->DrawIndexedInstanced(limit + 2, 2, 0, 0, 0);
    checkAll(s, true);
  }

  // Point lists: drawn, but not indexed at 9_x. The point sits on texel (1, 2)'s centre.
  s.setVertices({-0.25f, -0.25f});
  s.setIndices({0}, wide);
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  s.clear();
  f.context->Draw(1, 0);
  auto px = s.pixels();
  CHECK(texel(px, 2 * 4 + 1) == kRed);
  CHECK(countEqual(px, kRed) == 1);
  s.clear();
  f.context->DrawIndexed(1, 0, 0);
  px = s.pixels();
  CHECK(texel(px, 2 * 4 + 1) == (nine ? kBlack : kRed));
  CHECK(countEqual(px, kRed) == (nine ? 0u : 1u));

  // The calls 9_x does not have at all draw nothing (and do not crash without their objects).
  f.context->DrawAuto();
  f.context->DrawInstancedIndirect(nullptr, 0);
  f.context->DrawIndexedInstancedIndirect(nullptr, 0);
  f.context->Dispatch(1, 1, 1);
  f.context->DispatchIndirect(nullptr, 0);
}

// Copies into CPU-accessible memory at 9_x: 2D textures and buffers only, never a resource bound
// as a shader resource only. The staging destination starts zeroed, so a dropped copy reads 0.
void checkCopies(D3D_FEATURE_LEVEL level) {
  Fixture f(level);
  INFO("feature level 0x" << std::hex << level);
  const bool nine = level < D3D_FEATURE_LEVEL_10_0;
  const std::vector<uint32_t> data(16, 0x11223344u);
  auto make2D = [&](D3D11_USAGE usage, UINT bind, UINT cpu) {
    D3D11_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, usage, bind, cpu, 0};
    D3D11_SUBRESOURCE_DATA initial{data.data(), 16, 0};
    ComPtr<ID3D11Texture2D> texture;
    REQUIRE(f.device->CreateTexture2D(&desc, usage == D3D11_USAGE_STAGING ? nullptr : &initial, texture.put()) == S_OK);
    return texture;
  };
  auto firstWord = [&](ID3D11Resource* staging) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    uint32_t word = 0;
    std::memcpy(&word, mapped.pData, 4);
    f.context->Unmap(staging, 0);
    return word;
  };

  auto shaderOnly = make2D(D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0);
  auto shaderAndTarget = make2D(D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0);
  auto staging = make2D(D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  f.context->CopyResource(staging.get(), shaderOnly.get());
  CHECK(firstWord(staging.get()) == (nine ? 0u : 0x11223344u));
  auto staging2 = make2D(D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  f.context->CopySubresourceRegion(staging2.get(), 0, 0, 0, 0, shaderOnly.get(), 0, nullptr);
  CHECK(firstWord(staging2.get()) == (nine ? 0u : 0x11223344u));
  auto staging3 = make2D(D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  f.context->CopySubresourceRegion(staging3.get(), 0, 0, 0, 0, shaderAndTarget.get(), 0, nullptr);
  CHECK(firstWord(staging3.get()) == 0x11223344u);

  // A volume texture does not copy to staging memory at 9_x.
  D3D11_TEXTURE3D_DESC desc3{4, 4, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  std::vector<uint32_t> volume(32, 0x55667788u);
  D3D11_SUBRESOURCE_DATA initial3{volume.data(), 16, 64};
  ComPtr<ID3D11Texture3D> source3, staging3D;
  REQUIRE(f.device->CreateTexture3D(&desc3, &initial3, source3.put()) == S_OK);
  desc3.Usage = D3D11_USAGE_STAGING;
  desc3.BindFlags = 0;
  desc3.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  REQUIRE(f.device->CreateTexture3D(&desc3, nullptr, staging3D.put()) == S_OK);
  f.context->CopySubresourceRegion(staging3D.get(), 0, 0, 0, 0, source3.get(), 0, nullptr);
  CHECK(firstWord(staging3D.get()) == (nine ? 0u : 0x55667788u));
}

// ClearRenderTargetView of a view over a cube's six faces: 9_x clears the first face only.
void checkArrayClear(D3D_FEATURE_LEVEL level) {
  Fixture f(level);
  INFO("feature level 0x" << std::hex << level);
  const bool nine = level < D3D_FEATURE_LEVEL_10_0;
  D3D11_TEXTURE2D_DESC desc{4, 4, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_TEXTURECUBE};
  ComPtr<ID3D11Texture2D> cube;
  if (FAILED(f.device->CreateTexture2D(&desc, nullptr, cube.put()))) {
    WARN("skipped at this level: CreateTexture2D refuses a render-target cube texture here");
    return;
  }
  D3D11_RENDER_TARGET_VIEW_DESC viewDesc{};
  viewDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  viewDesc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  viewDesc.Texture2DArray = {0, 0, 6};
  ComPtr<ID3D11RenderTargetView> rtv;
  if (FAILED(f.device->CreateRenderTargetView(cube.get(), &viewDesc, rtv.put()))) {
    WARN("skipped at this level: CreateRenderTargetView refuses a view of the six faces here");
    return;
  }
  const float red[4] = {1, 0, 0, 1};
  f.context->ClearRenderTargetView(rtv.get(), red);
  auto staging = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  for (UINT face = 0; face < 6; ++face) {
    INFO("face " << face);
    f.context->CopySubresourceRegion(staging.get(), 0, 0, 0, 0, cube.get(), face, nullptr);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    uint32_t word = 0;
    std::memcpy(&word, mapped.pData, 4);
    f.context->Unmap(staging.get(), 0);
    if (face == 0 || !nine)
      CHECK(word == kRed);
    else
      CHECK(word != kRed);  // never cleared: whatever a new texture holds, not the clear colour
  }
}

}  // namespace

TEST_CASE("feature level 9_x refuses binds beyond its limits", "[render][level9]") {
  checkLevel(D3D_FEATURE_LEVEL_9_1);
  checkLevel(D3D_FEATURE_LEVEL_9_2);
  checkLevel(D3D_FEATURE_LEVEL_9_3);
  checkLevel(D3D_FEATURE_LEVEL_11_1);
}

TEST_CASE("feature level 9_3 render targets share one bit depth", "[render][level9]") {
  checkBitDepth(D3D_FEATURE_LEVEL_9_3);
  checkBitDepth(D3D_FEATURE_LEVEL_11_0);
}

TEST_CASE("feature level 9_x draw limits and missing draw calls", "[render][level9]") {
  checkDraws(D3D_FEATURE_LEVEL_9_1);
  checkDraws(D3D_FEATURE_LEVEL_9_2);
  checkDraws(D3D_FEATURE_LEVEL_9_3);
  checkDraws(D3D_FEATURE_LEVEL_11_0);
}

TEST_CASE("feature level 9_x copies to CPU-accessible memory", "[render][level9]") {
  checkCopies(D3D_FEATURE_LEVEL_9_1);
  checkCopies(D3D_FEATURE_LEVEL_9_3);
  checkCopies(D3D_FEATURE_LEVEL_11_0);
}

TEST_CASE("feature level 9_x ClearRenderTargetView clears the first array slice", "[render][level9]") {
  checkArrayClear(D3D_FEATURE_LEVEL_9_3);
  checkArrayClear(D3D_FEATURE_LEVEL_11_0);
}

TEST_CASE("feature level 9_x creates cube textures but no texture arrays", "[render][level9]") {
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3}) {
    Fixture f(level);
    INFO("feature level 0x" << std::hex << level);
    D3D11_TEXTURE2D_DESC desc{8, 8, 1, 6, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                              D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_TEXTURECUBE};
    ComPtr<ID3D11Texture2D> texture;
    CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);  // six faces
    texture = nullptr;
    desc.ArraySize = 12;  // a cube array needs 10_1
    CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == E_INVALIDARG);
    desc.ArraySize = 6;
    desc.MiscFlags = 0;  // six slices without TEXTURECUBE: an array, which 9_x does not have
    CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == E_INVALIDARG);
  }
}
