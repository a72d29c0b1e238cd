// Integration: drawing and dispatching through the immediate context on the machine's Vulkan
// device, shaders written as D3D assembly, pixels and buffers read back and compared (validation
// layer on; any error fails the test).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>

#include <string>

#include "draw_test_util.h"

using namespace draw_test;

namespace {

// A compute shader assembled from D3D assembly text.
ComPtr<ID3D11ComputeShader> computeShader(Fixture& f, const std::string& text) {
  auto code = bytecode(text.c_str());
  ComPtr<ID3D11ComputeShader> shader;
  REQUIRE(f.device->CreateComputeShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  return shader;
}

// The start of the compute shaders that write one 4-byte element of a structured u0 per thread:
// the declarations before the thread group's.
const std::string kStructuredWriterDeclarations =
    "cs_5_0\n"
    "dcl_uav_structured u0, 4\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 1\n";

// A structured buffer of elements x stride bytes that the compute shaders write through an
// unordered-access view and the test reads back.
ComPtr<ID3D11Buffer> structuredOutput(Fixture& f, UINT elements, UINT stride) {
  return f.buffer(elements * stride, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr,
                  D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, stride);
}

}  // namespace

TEST_CASE("a clockwise triangle is drawn with interpolated colours; back faces are culled by default", "[device][draw]") {
  Fixture f;
  Scene scene(f, 16, 16);
  // Covers the left-top half of the target: (-1,-1) bottom-left, (-1,1) top-left, (1,1) top-right.
  auto vb = scene.vertices({{-1, -1, 1, 0, 0, 1}, {-1, 1, 1, 0, 0, 1}, {1, 1, 1, 0, 0, 1}});
  f.context->Draw(3, 0);
  auto pixels = scene.pixels();
  CHECK(texel(pixels, 2 * 16 + 1) == 0xff0000ffu);   // near the top-left corner: red
  CHECK(texel(pixels, 14 * 16 + 14) == 0xff000000u);  // bottom-right corner: still black

  // The same triangle wound the other way is a back face: nothing changes.
  const float black[4] = {0, 0, 0, 1};
  f.context->ClearRenderTargetView(scene.rtv.get(), black);
  auto reversed = scene.vertices({{-1, -1, 0, 1, 0, 1}, {1, 1, 0, 1, 0, 1}, {-1, 1, 0, 1, 0, 1}});
  f.context->Draw(3, 0);
  pixels = scene.pixels();
  CHECK(texel(pixels, 2 * 16 + 1) == 0xff000000u);
}

TEST_CASE("indexed draws and per-draw constant buffers renamed with Map(WRITE_DISCARD)", "[device][draw]") {
  Fixture f;
  Scene scene(f, 16, 16, kConstantPS);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  f.context->RSSetState(noCull.get());
  // A quad from two indexed triangles covering the whole viewport.
  auto vb = scene.vertices({{-1, -1, 0, 0, 0, 1}, {-1, 1, 0, 0, 0, 1}, {1, 1, 0, 0, 0, 1}, {1, -1, 0, 0, 0, 1}});
  const uint16_t indices[] = {0, 1, 2, 0, 2, 3};
  auto ib = f.buffer(sizeof(indices), D3D11_USAGE_IMMUTABLE, D3D11_BIND_INDEX_BUFFER, 0, indices);
  f.context->IASetIndexBuffer(ib.get(), DXGI_FORMAT_R16_UINT, 0);
  auto cb = f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  // Four draws into the four quadrants, each with its own colour written through a discard.
  const float colors[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  for (int quadrant = 0; quadrant < 4; ++quadrant) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(cb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
    std::memcpy(mapped.pData, colors[quadrant], 16);
    f.context->Unmap(cb.get(), 0);
    D3D11_VIEWPORT viewport{float(quadrant % 2) * 8, float(quadrant / 2) * 8, 8, 8, 0, 1};
    f.context->RSSetViewports(1, &viewport);
    f.context->DrawIndexed(6, 0, 0);
  }
  auto pixels = scene.pixels();
  CHECK(texel(pixels, 3 * 16 + 3) == 0xff0000ffu);    // top-left: red
  CHECK(texel(pixels, 3 * 16 + 12) == 0xff00ff00u);   // top-right: green
  CHECK(texel(pixels, 12 * 16 + 3) == 0xffff0000u);   // bottom-left: blue
  CHECK(texel(pixels, 12 * 16 + 12) == 0xffffffffu);  // bottom-right: white
}

TEST_CASE("a compute shader writes a structured UAV that is read back", "[device][draw]") {
  Fixture f;
  const std::string cs = kStructuredWriterDeclarations +
      "dcl_thread_group 8, 1, 1\n"
      "imul null, r0.x, vThreadID.x, vThreadID.x\n"
      "store_structured u0.x, vThreadID.x, l(0), r0.x\n"
      "ret\n";
  ComPtr<ID3D11ComputeShader> shader = computeShader(f, cs);
  auto buffer = structuredOutput(f, 64, 4);
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(buffer.get(), nullptr, uav.put()) == S_OK);
  f.context->CSSetShader(shader.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  f.context->Dispatch(8, 1, 1);
  auto words = f.readBuffer(buffer.get());
  for (uint32_t i = 0; i < 64; ++i) {
    INFO("element " << i);
    CHECK(texel(words, i) == i * i);
  }
}

TEST_CASE("append UAVs count with their hidden counter; initial counts and CopyStructureCount", "[device][draw]") {
  Fixture f;
  // Every thread appends its id; the counter ends at the initial count plus the thread count.
  const std::string cs = kStructuredWriterDeclarations +
      "dcl_thread_group 16, 1, 1\n"
      "imm_atomic_alloc r0.x, u0\n"
      "store_structured u0.x, r0.x, l(0), vThreadID.x\n"
      "ret\n";
  ComPtr<ID3D11ComputeShader> shader = computeShader(f, cs);
  auto buffer = structuredOutput(f, 64, 4);
  D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_UNKNOWN;
  desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  desc.Buffer = {0, 64, D3D11_BUFFER_UAV_FLAG_APPEND};
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(buffer.get(), &desc, uav.put()) == S_OK);
  f.context->CSSetShader(shader.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  const UINT initial[] = {10};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, initial);
  f.context->Dispatch(2, 1, 1);  // 32 appends after the first 10 slots
  auto count = f.buffer(16, D3D11_USAGE_DEFAULT, 0);
  f.context->CopyStructureCount(count.get(), 4, uav.get());
  auto words = f.readBuffer(count.get());
  CHECK(texel(words, 0) == 0);
  CHECK(texel(words, 1) == 42);
  // The appended ids occupy elements 10..41, each id once.
  auto elements = f.readBuffer(buffer.get());
  std::vector<bool> seen(32, false);
  for (uint32_t i = 10; i < 42; ++i) {
    const uint32_t id = texel(elements, i);
    REQUIRE(id < 32);
    CHECK_FALSE(seen[id]);
    seen[id] = true;
  }
  // -1 keeps the count: another dispatch continues from 42.
  const UINT keep[] = {UINT(-1)};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, keep);
  f.context->Dispatch(1, 1, 1);
  f.context->CopyStructureCount(count.get(), 0, uav.get());
  words = f.readBuffer(count.get());
  CHECK(texel(words, 0) == 58);
}

TEST_CASE("binding a resource for output unbinds its shader-resource views, and the reverse binds null", "[device][draw]") {
  Fixture f;
  auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11ShaderResourceView> srv;
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) == S_OK);
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  ID3D11ShaderResourceView* srvs[] = {srv.get()};
  f.context->PSSetShaderResources(3, 1, srvs);
  f.context->VSSetShaderResources(0, 1, srvs);
  ComPtr<ID3D11ShaderResourceView> bound;
  f.context->PSGetShaderResources(3, 1, bound.put());
  CHECK(bound.get() == srv.get());
  ID3D11RenderTargetView* rtvs[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, rtvs, nullptr);
  f.context->PSGetShaderResources(3, 1, bound.put());
  CHECK(bound.get() == nullptr);
  f.context->VSGetShaderResources(0, 1, bound.put());
  CHECK(bound.get() == nullptr);
  // While it is a render target, binding its SRV binds null.
  f.context->PSSetShaderResources(0, 1, srvs);
  f.context->PSGetShaderResources(0, 1, bound.put());
  CHECK(bound.get() == nullptr);
  // Unbound as output, the SRV binds again.
  f.context->OMSetRenderTargets(0, nullptr, nullptr);
  f.context->PSSetShaderResources(0, 1, srvs);
  f.context->PSGetShaderResources(0, 1, bound.put());
  CHECK(bound.get() == srv.get());
}

TEST_CASE("the hazard rules are per subresource: other mips and array slices stay bound, read-only depth too", "[device][draw]") {
  Fixture f;
  ComPtr<ID3D11ShaderResourceView> bound;
  // Two mips, two array slices.
  D3D11_TEXTURE2D_DESC desc{4, 4, 2, 2, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  auto srvOf = [&](UINT mip, UINT mips, UINT slice, UINT slices) {
    D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_SRV_DIMENSION_TEXTURE2DARRAY, {}};
    srvDesc.Texture2DArray = {mip, mips, slice, slices};
    ComPtr<ID3D11ShaderResourceView> view;
    REQUIRE(f.device->CreateShaderResourceView(texture.get(), &srvDesc, view.put()) == S_OK);
    return view;
  };
  D3D11_RENDER_TARGET_VIEW_DESC rtvDesc{DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_RTV_DIMENSION_TEXTURE2DARRAY, {}};
  rtvDesc.Texture2DArray = {0, 0, 1};  // mip 0, slice 0
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), &rtvDesc, rtv.put()) == S_OK);
  auto mip1 = srvOf(1, 1, 0, 2), slice1 = srvOf(0, 1, 1, 1), whole = srvOf(0, 2, 0, 2);
  ID3D11ShaderResourceView* srvs[] = {mip1.get(), slice1.get(), whole.get()};
  f.context->PSSetShaderResources(0, 3, srvs);
  ID3D11RenderTargetView* rtvs[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, rtvs, nullptr);
  // Binding mip 0 / slice 0 as the target unbinds only the view that covers it.
  ID3D11ShaderResourceView* got[3] = {};
  f.context->PSGetShaderResources(0, 3, got);
  CHECK(got[0] == mip1.get());
  CHECK(got[1] == slice1.get());
  CHECK(got[2] == nullptr);
  for (ID3D11ShaderResourceView* view : got)
    if (view)
      view->Release();
  // And the reverse: while the target is bound, a view of other subresources binds, one of it does not.
  f.context->PSSetShaderResources(3, 3, srvs);
  f.context->PSGetShaderResources(3, 3, got);
  CHECK(got[0] == mip1.get());
  CHECK(got[1] == slice1.get());
  CHECK(got[2] == nullptr);
  for (ID3D11ShaderResourceView* view : got)
    if (view)
      view->Release();
  f.context->OMSetRenderTargets(0, nullptr, nullptr);

  // A depth-stencil view read-only in depth leaves a depth shader-resource view bound.
  auto depth = f.texture2D(4, 4, DXGI_FORMAT_R32_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2D, D3D11_DSV_READ_ONLY_DEPTH, {}};
  D3D11_SHADER_RESOURCE_VIEW_DESC depthSrvDesc{DXGI_FORMAT_R32_FLOAT, D3D11_SRV_DIMENSION_TEXTURE2D, {}};
  depthSrvDesc.Texture2D = {0, 1};
  ComPtr<ID3D11DepthStencilView> readOnly;
  ComPtr<ID3D11ShaderResourceView> depthSrv;
  REQUIRE(f.device->CreateDepthStencilView(depth.get(), &dsvDesc, readOnly.put()) == S_OK);
  REQUIRE(f.device->CreateShaderResourceView(depth.get(), &depthSrvDesc, depthSrv.put()) == S_OK);
  ID3D11ShaderResourceView* depthSrvs[] = {depthSrv.get()};
  f.context->PSSetShaderResources(0, 1, depthSrvs);
  f.context->OMSetRenderTargets(0, nullptr, readOnly.get());
  f.context->PSGetShaderResources(0, 1, bound.put());
  CHECK(bound.get() == depthSrv.get());
  f.context->PSSetShaderResources(1, 1, depthSrvs);
  f.context->PSGetShaderResources(1, 1, bound.put());
  CHECK(bound.get() == depthSrv.get());
}

TEST_CASE("shader-resource views of a depth-stencil or UAV-bound resource bind null, of a sampled-only one bind", "[device][draw]") {
  Fixture f;
  ComPtr<ID3D11ShaderResourceView> bound;
  // Depth: an R32 typeless texture seen as D32_FLOAT (output) and R32_FLOAT (input).
  auto depth = f.texture2D(4, 4, DXGI_FORMAT_R32_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{DXGI_FORMAT_D32_FLOAT, D3D11_DSV_DIMENSION_TEXTURE2D, 0, {}};
  D3D11_SHADER_RESOURCE_VIEW_DESC depthSrvDesc{DXGI_FORMAT_R32_FLOAT, D3D11_SRV_DIMENSION_TEXTURE2D, {}};
  depthSrvDesc.Texture2D = {0, 1};
  ComPtr<ID3D11DepthStencilView> dsv;
  ComPtr<ID3D11ShaderResourceView> depthSrv;
  REQUIRE(f.device->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.put()) == S_OK);
  REQUIRE(f.device->CreateShaderResourceView(depth.get(), &depthSrvDesc, depthSrv.put()) == S_OK);
  f.context->OMSetRenderTargets(0, nullptr, dsv.get());
  ID3D11ShaderResourceView* depthSrvs[] = {depthSrv.get()};
  f.context->PSSetShaderResources(1, 1, depthSrvs);
  f.context->PSGetShaderResources(1, 1, bound.put());
  CHECK(bound.get() == nullptr);
  // UAV: graphics (OMSetRenderTargetsAndUnorderedAccessViews) and compute bindings.
  auto storage = f.texture2D(4, 4, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11UnorderedAccessView> uav;
  ComPtr<ID3D11ShaderResourceView> storageSrv;
  REQUIRE(f.device->CreateUnorderedAccessView(storage.get(), nullptr, uav.put()) == S_OK);
  REQUIRE(f.device->CreateShaderResourceView(storage.get(), nullptr, storageSrv.put()) == S_OK);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 5, 1, uavs, nullptr);
  ID3D11ShaderResourceView* storageSrvs[] = {storageSrv.get()};
  f.context->PSSetShaderResources(2, 1, storageSrvs);
  f.context->PSGetShaderResources(2, 1, bound.put());
  CHECK(bound.get() == nullptr);
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  f.context->CSSetShaderResources(0, 1, storageSrvs);
  f.context->CSGetShaderResources(0, 1, bound.put());
  CHECK(bound.get() == nullptr);
  // A texture with no output bind flag binds wherever the others are bound.
  auto sampled = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11ShaderResourceView> sampledSrv;
  REQUIRE(f.device->CreateShaderResourceView(sampled.get(), nullptr, sampledSrv.put()) == S_OK);
  ID3D11ShaderResourceView* sampledSrvs[] = {sampledSrv.get()};
  f.context->PSSetShaderResources(3, 1, sampledSrvs);
  f.context->PSGetShaderResources(3, 1, bound.put());
  CHECK(bound.get() == sampledSrv.get());
  f.context->CSSetShaderResources(1, 1, sampledSrvs);
  f.context->CSGetShaderResources(1, 1, bound.put());
  CHECK(bound.get() == sampledSrv.get());
  // Unbound as output (the depth target, and every graphics UAV slot), the views bind again.
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 0, nullptr, nullptr);
  f.context->PSSetShaderResources(1, 1, depthSrvs);
  f.context->PSSetShaderResources(2, 1, storageSrvs);
  f.context->PSGetShaderResources(1, 1, bound.put());
  CHECK(bound.get() == depthSrv.get());
  f.context->PSGetShaderResources(2, 1, bound.put());
  CHECK(bound.get() == storageSrv.get());
}

TEST_CASE("SetPredication skips draws by an occlusion predicate's result and PredicateValue", "[device][draw]") {
  Fixture f;
  Scene scene(f, 16, 16, kConstantPS);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  f.context->RSSetState(noCull.get());
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  ComPtr<ID3D11Predicate> hidden, visible;
  REQUIRE(f.device->CreatePredicate(&desc, hidden.put()) == S_OK);
  REQUIRE(f.device->CreatePredicate(&desc, visible.put()) == S_OK);
  // `hidden` measures a degenerate triangle (no sample passes), `visible` the full quad.
  auto degenerate = scene.vertices({{0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 0, 1}});
  f.context->Begin(hidden.get());
  f.context->Draw(3, 0);
  f.context->End(hidden.get());
  auto quad = scene.vertices(kQuad);
  f.context->Begin(visible.get());
  f.context->Draw(6, 0);
  f.context->End(visible.get());
  BOOL hiddenResult = TRUE, visibleResult = FALSE;
  while (f.context->GetData(hidden.get(), &hiddenResult, sizeof(BOOL), 0) == S_FALSE) {
  }
  while (f.context->GetData(visible.get(), &visibleResult, sizeof(BOOL), 0) == S_FALSE) {
  }
  REQUIRE(hiddenResult == FALSE);
  REQUIRE(visibleResult == TRUE);

  // One quadrant per (predicate, value): D3D11 skips the draw when the result equals the value.
  const float black[4] = {0, 0, 0, 1};
  f.context->ClearRenderTargetView(scene.rtv.get(), black);
  struct Case {
    ID3D11Predicate* predicate;
    BOOL value;
    float color[4];
  };
  const Case cases[4] = {{hidden.get(), FALSE, {1, 0, 0, 1}},   // FALSE == FALSE: skipped
                         {visible.get(), FALSE, {0, 1, 0, 1}},  // TRUE != FALSE: drawn
                         {hidden.get(), TRUE, {0, 0, 1, 1}},    // FALSE != TRUE: drawn
                         {visible.get(), TRUE, {1, 1, 1, 1}}};  // TRUE == TRUE: skipped
  for (int quadrant = 0; quadrant < 4; ++quadrant) {
    // UpdateSubresource is predicated too: the colour goes in with no predicate set.
    f.context->SetPredication(nullptr, FALSE);
    f.context->UpdateSubresource(cb.get(), 0, nullptr, cases[quadrant].color, 0, 0);
    f.context->SetPredication(cases[quadrant].predicate, cases[quadrant].value);
    D3D11_VIEWPORT viewport{float(quadrant % 2) * 8, float(quadrant / 2) * 8, 8, 8, 0, 1};
    f.context->RSSetViewports(1, &viewport);
    f.context->Draw(6, 0);
  }
  ComPtr<ID3D11Predicate> bound;
  BOOL boundValue = FALSE;
  f.context->GetPredication(bound.put(), &boundValue);
  CHECK(bound.get() == visible.get());
  CHECK(boundValue == TRUE);
  // The read-back copies are predicated too: read with no predicate set.
  f.context->SetPredication(nullptr, FALSE);
  auto pixels = scene.pixels();
  CHECK(texel(pixels, 3 * 16 + 3) == 0xff000000u);    // skipped
  CHECK(texel(pixels, 3 * 16 + 12) == 0xff00ff00u);   // green
  CHECK(texel(pixels, 12 * 16 + 3) == 0xffff0000u);   // blue
  CHECK(texel(pixels, 12 * 16 + 12) == 0xff000000u);  // skipped

  // Without a predicate the last quadrant draws.
  f.context->Draw(6, 0);
  CHECK(texel(scene.pixels(), 12 * 16 + 12) == 0xffffffffu);
}

TEST_CASE("structured and typed SRVs of a dynamic buffer read what each Map(WRITE_DISCARD) wrote", "[device][draw]") {
  Fixture f;
  struct Variant {
    const char* name;
    const char* resourceDeclaration;
    const char* load;
    UINT misc;
    UINT stride;
  };
  const Variant variants[] = {
      {"structured", "dcl_resource_structured t0, 4\n", "ld_structured r0.x, vThreadID.x, l(0), t0.xxxx\n",
       D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4},
      {"typed R32_UINT", "dcl_resource_buffer (uint,uint,uint,uint) t0\n", "ld r0.x, vThreadID.xxxx, t0.xyzw\n", 0, 0},
  };
  for (const Variant& variant : variants) {
    INFO(variant.name);
    const std::string cs = std::string("cs_5_0\n") + variant.resourceDeclaration +
                           "dcl_uav_structured u0, 4\n"
                           "dcl_input vThreadID.x\n"
                           "dcl_temps 1\n"
                           "dcl_thread_group 4, 1, 1\n" +
                           variant.load +
                           "store_structured u0.x, vThreadID.x, l(0), r0.x\n"
                           "ret\n";
    ComPtr<ID3D11ComputeShader> shader = computeShader(f, cs);
    auto input = f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, D3D11_CPU_ACCESS_WRITE, nullptr, variant.misc,
                          variant.stride);
    auto output = structuredOutput(f, 4, 4);
    D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
    srvDesc.Format = variant.misc ? DXGI_FORMAT_UNKNOWN : DXGI_FORMAT_R32_UINT;
    srvDesc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    srvDesc.Buffer.FirstElement = 0;
    srvDesc.Buffer.NumElements = 4;
    ComPtr<ID3D11ShaderResourceView> srv;
    ComPtr<ID3D11UnorderedAccessView> uav;
    REQUIRE(f.device->CreateShaderResourceView(input.get(), &srvDesc, srv.put()) == S_OK);
    REQUIRE(f.device->CreateUnorderedAccessView(output.get(), nullptr, uav.put()) == S_OK);
    f.context->CSSetShader(shader.get(), nullptr, 0);
    ID3D11ShaderResourceView* srvs[] = {srv.get()};
    f.context->CSSetShaderResources(0, 1, srvs);
    ID3D11UnorderedAccessView* uavs[] = {uav.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    for (uint32_t round = 0; round < 3; ++round) {
      D3D11_MAPPED_SUBRESOURCE mapped{};
      REQUIRE(f.context->Map(input.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
      const uint32_t values[4] = {round * 10 + 1, round * 10 + 2, round * 10 + 3, round * 10 + 4};
      std::memcpy(mapped.pData, values, sizeof(values));
      f.context->Unmap(input.get(), 0);
      f.context->Dispatch(1, 1, 1);
      auto words = f.readBuffer(output.get());
      for (uint32_t i = 0; i < 4; ++i) {
        INFO("round " << round << ", element " << i);
        CHECK(texel(words, i) == values[i]);
      }
    }
    // The same through a deferred context: each command list maps the buffer into memory of its
    // own, and the view reads that memory when the list executes.
    ComPtr<ID3D11DeviceContext> deferred;
    REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
    deferred->CSSetShader(shader.get(), nullptr, 0);
    deferred->CSSetShaderResources(0, 1, srvs);
    deferred->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    for (uint32_t round = 0; round < 2; ++round) {
      D3D11_MAPPED_SUBRESOURCE mapped{};
      REQUIRE(deferred->Map(input.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
      const uint32_t values[4] = {round * 100 + 5, round * 100 + 6, round * 100 + 7, round * 100 + 8};
      std::memcpy(mapped.pData, values, sizeof(values));
      deferred->Unmap(input.get(), 0);
      deferred->Dispatch(1, 1, 1);
      ComPtr<ID3D11CommandList> list;
      REQUIRE(deferred->FinishCommandList(TRUE, list.put()) == S_OK);
      f.context->ExecuteCommandList(list.get(), FALSE);
      auto words = f.readBuffer(output.get());
      for (uint32_t i = 0; i < 4; ++i) {
        INFO("deferred round " << round << ", element " << i);
        CHECK(texel(words, i) == values[i]);
      }
    }
  }
}

namespace {

// A constant-colour quad over the whole viewport, drawn with the scene's constant pixel shader.
ComPtr<ID3D11Buffer> colourBuffer(Fixture& f, const float (&colour)[4]) {
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, colour);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  return cb;
}

}  // namespace

TEST_CASE("viewports: none set draws nothing, RSGetViewports reports the set count, a negative corner is floored",
          "[device][draw]") {
  Fixture f;
  Scene scene(f, 16, 16, kConstantPS);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  f.context->RSSetState(noCull.get());
  auto vb = scene.vertices(kQuad);
  const float green[4] = {0, 1, 0, 1};
  auto cb = colourBuffer(f, green);
  auto drawThrough = [&](UINT viewportCount, const D3D11_VIEWPORT* viewports) {
    f.context->RSSetViewports(viewportCount, viewports);
    f.context->Draw(6, 0);
    return scene.pixels();
  };

  D3D11_VIEWPORT got[16] = {};
  UINT count = 16;
  f.context->RSGetViewports(&count, got);
  CHECK(count == 1);  // the scene set one
  CHECK(got[0].Width == 16.0f);
  D3D11_VIEWPORT many[17];
  std::fill(std::begin(many), std::end(many), D3D11_VIEWPORT{1, 0, 4, 4, 0, 1});
  f.context->RSSetViewports(17, many);  // over the limit: ignored
  count = 16;
  f.context->RSGetViewports(&count, got);
  CHECK(count == 1);
  CHECK(got[0].TopLeftX == 0.0f);

  auto pixels = drawThrough(0, nullptr);
  CHECK(texel(pixels, 8 * 16 + 8) == 0xff000000u);  // nothing drawn without a viewport

  // At 11_0 and above a negative top-left corner moves to the integer below and keeps the size:
  // -0.4 becomes -1, so the viewport ends at 15 and the last row and column stay uncovered.
  D3D11_VIEWPORT shifted{-0.4f, -0.4f, 16, 16, 0, 1};
  pixels = drawThrough(1, &shifted);
  CHECK(texel(pixels, 0) == 0xff00ff00u);
  CHECK(texel(pixels, 14 * 16 + 14) == 0xff00ff00u);
  CHECK(texel(pixels, 15 * 16 + 15) == 0xff000000u);
  CHECK(texel(pixels, 8 * 16 + 15) == 0xff000000u);
}

TEST_CASE("an X8 render target blends as if its destination alpha were 1", "[device][draw]") {
  Fixture f;
  Scene scene(f, 8, 8, kConstantPS);
  auto target = f.texture2D(8, 8, DXGI_FORMAT_B8G8R8X8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  const float red[4] = {1, 0, 0, 0.5f};  // the alpha lands in the X channel, which is not read
  f.context->ClearRenderTargetView(rtv.get(), red);
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0].BlendEnable = TRUE;
  desc.RenderTarget[0].SrcBlend = D3D11_BLEND_DEST_ALPHA;
  desc.RenderTarget[0].DestBlend = D3D11_BLEND_INV_DEST_ALPHA;
  desc.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD;
  desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_DEST_ALPHA;
  desc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_DEST_ALPHA;
  desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
  desc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  ComPtr<ID3D11BlendState> blend;
  REQUIRE(f.device->CreateBlendState(&desc, blend.put()) == S_OK);
  f.context->OMSetBlendState(blend.get(), nullptr, 0xffffffff);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  f.context->RSSetState(noCull.get());
  auto vb = scene.vertices(kQuad);
  const float green[4] = {0, 1, 0, 1};
  auto cb = colourBuffer(f, green);
  f.context->Draw(6, 0);
  auto pixels = f.readTexture(target.get(), 0, 4);
  CHECK((texel(pixels, 4 * 8 + 4) & 0x00ffffffu) == 0x0000ff00u);  // all green (B, G, R bytes), no red left
}

TEST_CASE("SetConstantBuffers1 ignores offsets and sizes that are not multiples of 16 constants", "[device][draw]") {
  Fixture f;
  auto context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  auto a = f.buffer(4096, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER);
  auto b = f.buffer(4096, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* buffers[] = {a.get(), b.get()};
  UINT first[] = {0, 16}, number[] = {16, 16};
  context1->PSSetConstantBuffers1(1, 2, buffers, first, number);
  auto expectBound = [&](UINT first0, UINT first1, UINT number0, UINT number1) {
    ID3D11Buffer* got[2] = {};
    UINT offsets[2] = {99, 99}, counts[2] = {99, 99};
    context1->PSGetConstantBuffers1(1, 2, got, offsets, counts);
    CHECK(got[0] == a.get());
    CHECK(got[1] == b.get());
    CHECK(offsets[0] == first0);
    CHECK(offsets[1] == first1);
    CHECK(counts[0] == number0);
    CHECK(counts[1] == number1);
    for (ID3D11Buffer* buffer : got)
      if (buffer)
        buffer->Release();
  };
  expectBound(0, 16, 16, 16);
  UINT badFirst[] = {0, 1}, badNumber[] = {17, 16}, bigNumber[] = {32, 16};
  context1->PSSetConstantBuffers1(1, 2, buffers, badFirst, number);   // offset 1
  context1->PSSetConstantBuffers1(1, 2, buffers, first, badNumber);   // size 17
  context1->PSSetConstantBuffers1(1, 2, buffers, first, nullptr);     // offsets without sizes
  context1->PSSetConstantBuffers1(1, 2, buffers, nullptr, bigNumber);  // sizes without offsets
  expectBound(0, 16, 16, 16);
  context1->PSSetConstantBuffers1(1, 2, buffers, nullptr, nullptr);  // whole buffers
  expectBound(0, 0, 4096, 4096);
}

TEST_CASE("an R32_TYPELESS texture bound only as a shader resource loads as R32_UINT with an integer 1 in alpha",
          "[device][draw]") {
  Fixture f;
  // Stored as a colour image (a depth one would give the float 1.0 for the missing alpha).
  const char* cs =
      "cs_5_0\n"
      "dcl_resource_texture2d (uint,uint,uint,uint) t0\n"
      "dcl_uav_structured u0, 16\n"
      "dcl_input vThreadID.x\n"
      "dcl_temps 1\n"
      "dcl_thread_group 4, 1, 1\n"
      "mov r0.xy, vThreadID.xxxx\n"
      "mov r0.zw, l(0, 0, 0, 0)\n"
      "ld r0.xyzw, r0.xyzw, t0.xyzw\n"
      "store_structured u0.xyzw, vThreadID.x, l(0), r0.xyzw\n"
      "ret\n";
  ComPtr<ID3D11ComputeShader> shader = computeShader(f, cs);
  const uint32_t values[16] = {7, 0, 0, 0, 0, 0x12345678u, 0, 0, 0, 0, 0xffffffffu, 0, 0, 0, 0, 3};
  D3D11_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_R32_TYPELESS, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  D3D11_SUBRESOURCE_DATA initial{values, 16, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, &initial, texture.put()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC view{};
  view.Format = DXGI_FORMAT_R32_UINT;
  view.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  view.Texture2D.MipLevels = 1;
  ComPtr<ID3D11ShaderResourceView> srv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), &view, srv.put()) == S_OK);
  auto buffer = structuredOutput(f, 4, 16);
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(buffer.get(), nullptr, uav.put()) == S_OK);
  f.context->CSSetShader(shader.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {srv.get()};
  f.context->CSSetShaderResources(0, 1, srvs);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  f.context->Dispatch(1, 1, 1);
  auto words = f.readBuffer(buffer.get());
  for (uint32_t i = 0; i < 4; ++i) {
    INFO("texel (" << i << ", " << i << ")");
    CHECK(texel(words, i * 4) == values[i * 5]);  // the diagonal
    CHECK(texel(words, i * 4 + 1) == 0);
    CHECK(texel(words, i * 4 + 3) == 1);  // the integer 1, not 0x3f800000
  }
}

TEST_CASE("DepthBias moves UNORM depth by exactly that many steps of the format", "[device][draw]") {
  // Direct3D's unit is one step of the depth format; lavapipe's Vulkan unit for UNORM formats is
  // two (the Vulkan spec lets r be scaled), which d3d11vk measures and divides out.
  Fixture f;
  Scene scene(f, 4, 4, kConstantPS);
  auto quad = scene.vertices(kQuad);
  struct Case {
    DXGI_FORMAT format;
    UINT bytes;
    uint32_t mask;
  };
  for (const Case& c : {Case{DXGI_FORMAT_D16_UNORM, 2, 0xffffu}, Case{DXGI_FORMAT_D24_UNORM_S8_UINT, 4, 0xffffffu}}) {
    int64_t base = -1;  // the quad's own depth in steps, drawn without bias first
    for (INT bias : {0, 7, 1000}) {
      CAPTURE(c.format, bias);
      auto depth = f.texture2D(4, 4, c.format, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL);
      ComPtr<ID3D11DepthStencilView> dsv;
      REQUIRE(f.device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
      D3D11_RASTERIZER_DESC raster{};
      raster.FillMode = D3D11_FILL_SOLID;
      raster.CullMode = D3D11_CULL_NONE;
      raster.DepthClipEnable = TRUE;
      raster.DepthBias = bias;
      ComPtr<ID3D11RasterizerState> state;
      REQUIRE(f.device->CreateRasterizerState(&raster, state.put()) == S_OK);
      f.context->RSSetState(state.get());
      ID3D11RenderTargetView* targets[] = {scene.rtv.get()};
      f.context->OMSetRenderTargets(1, targets, dsv.get());
      f.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0);
      f.context->Draw(6, 0);  // the quad has no slope: only the constant bias moves it
      const std::vector<uint8_t> texels = f.readTexture(depth.get(), 0, c.bytes);
      uint32_t value = 0;
      std::memcpy(&value, texels.data(), c.bytes);
      const int64_t steps = int64_t(value & c.mask);
      if (bias == 0) {
        base = steps;
        CHECK(base > 0);
      } else {
        // One step of rounding either way, as Windows drivers give (and Wine's test_depth_bias allows).
        CHECK(std::abs(steps - base - bias) <= 1);
      }
    }
  }
  f.context->RSSetState(nullptr);
}
