// Rendering: unordered access from pixel shaders (typed texture and structured buffer UAVs next to
// a render target, and UAV-only rendering), compute shaders on typed UAV textures (2D, 2D array,
// typed buffer, read-modify-write of R32_UINT), indirect draws and dispatches with arguments
// written by UpdateSubresource, CopyResource and a compute shader, predication's API, and stream
// output targets bound without a stream-output shader (test_stream_output.cpp has the capture).
#include "render_util.h"

using namespace render;

namespace {

// Writes x + 100 * y (pixel coordinates) to u1 (typed 2D, R32_UINT) and to u2 (structured, index
// y * width + x where width is cb0[0].x), and red to the render target.
const std::string kUavPS =
    "ps_5_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u1\n"
    "dcl_uav_structured u2, 4\n"
    "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r0.xy, v0.xyxx\n"
    "imad r1.x, r0.y, l(100), r0.x\n"
    "store_uav_typed u1.xyzw, r0.xyyy, r1.xxxx\n"
    "imad r1.y, r0.y, cb0[0].x, r0.x\n"
    "store_structured u2.x, r1.y, l(0), r1.x\n"
    "mov o0.xyzw, l(1.0, 0, 0, 1.0)\n"
    "ret\n";

ComPtr<ID3D11UnorderedAccessView> uavOf(Fixture& f, ID3D11Resource* resource, const D3D11_UNORDERED_ACCESS_VIEW_DESC* desc = nullptr) {
  ComPtr<ID3D11UnorderedAccessView> view;
  REQUIRE(f.device->CreateUnorderedAccessView(resource, desc, view.put()) == S_OK);
  return view;
}

}  // namespace

TEST_CASE("a pixel shader writes a typed texture UAV and a structured buffer UAV beside its render target", "[render][uav]") {
  Fixture f;
  const UINT w = 4, h = 3;
  Scene s(f, w, h, DXGI_FORMAT_R8G8B8A8_UNORM, kUavPS);
  auto image = f.texture2D(w, h, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  auto buffer = f.buffer(w * h * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  auto imageView = uavOf(f, image.get()), bufferView = uavOf(f, buffer.get());
  const uint32_t width[4] = {w, 0, 0, 0};
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, width);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  ID3D11RenderTargetView* targets[] = {s.rtv.get()};
  ID3D11UnorderedAccessView* uavs[] = {imageView.get(), bufferView.get()};
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(1, targets, nullptr, 1, 2, uavs, nullptr);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  CHECK(countEqual(s.pixels(), rgba8(255, 0, 0)) == w * h);
  auto texels = f.readTexture(image.get(), 0, 4);
  auto words = f.readBuffer(buffer.get());
  for (UINT y = 0; y < h; ++y)
    for (UINT x = 0; x < w; ++x) {
      INFO(x << ", " << y);
      CHECK(texel(texels, y * w + x) == x + 100 * y);
      CHECK(texel(words, y * w + x) == x + 100 * y);
    }
}

// With no render target D3D11 rasterizes UAV-only draws over the viewport: the rendering pass
// must not be sized from (absent) targets (src/d3d11/d3d11_context_draw.cpp, recordRenderTargets).
TEST_CASE("UAV-only rendering: no render target, the viewport decides the pixels", "[render][uav]") {
  Fixture f;
  const UINT w = 4, h = 3;
  Scene s(f, w, h, DXGI_FORMAT_R8G8B8A8_UNORM, kUavPS);
  auto image = f.texture2D(w, h, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  auto buffer = f.buffer(w * h * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  auto imageView = uavOf(f, image.get()), bufferView = uavOf(f, buffer.get());
  const uint32_t width[4] = {w, 0, 0, 0};
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, width);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  ID3D11UnorderedAccessView* uavs[] = {imageView.get(), bufferView.get()};
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 1, 2, uavs, nullptr);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  auto texels = f.readTexture(image.get(), 0, 4);
  for (UINT y = 0; y < h; ++y)
    for (UINT x = 0; x < w; ++x) {
      INFO(x << ", " << y);
      CHECK(texel(texels, y * w + x) == x + 100 * y);
    }
}

TEST_CASE("compute shaders write typed UAV textures and buffers, and read-modify-write R32_UINT", "[render][compute]") {
  Fixture f;
  SECTION("2D RGBA8 UNORM: each thread writes its coordinates as colour") {
    auto cs = makeCS(f,
                     "cs_5_0\n"
                     "dcl_uav_typed_texture2d (float,float,float,float) u0\n"
                     "dcl_input vThreadID.xy\n"
                     "dcl_temps 1\n"
                     "dcl_thread_group 4, 4, 1\n"
                     "utof r0.xy, vThreadID.xyxx\n"
                     "mul r0.xy, r0.xyxx, l(0.2, 0.2, 0, 0)\n"  // 51 * index out of 255
                     "mov r0.zw, l(0, 0, 0, 1.0)\n"
                     "store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xyzw\n"
                     "ret\n");
    auto image = f.texture2D(8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
    auto view = uavOf(f, image.get());
    f.context->CSSetShader(cs.get(), nullptr, 0);
    ID3D11UnorderedAccessView* uavs[] = {view.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    f.context->Dispatch(2, 1, 1);
    auto texels = f.readTexture(image.get(), 0, 4);
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 8; ++x) {
        INFO(x << ", " << y);
        // x * 0.2 * 255 = 51x (x up to 5 fits in a byte; 6 and 7 saturate at 1.0).
        CHECK(texel(texels, y * 8 + x) == rgba8(std::min(51 * x, 255u), 51 * y, 0));
      }
  }
  SECTION("R32_UINT: ld_uav_typed then store_uav_typed doubles each texel") {
    std::vector<uint32_t> initial(16);
    for (uint32_t i = 0; i < 16; ++i)
      initial[i] = 3 * i + 1;
    D3D11_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_R32_UINT, {1, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    D3D11_SUBRESOURCE_DATA init{initial.data(), 16, 64};
    ComPtr<ID3D11Texture2D> image;
    REQUIRE(f.device->CreateTexture2D(&desc, &init, image.put()) == S_OK);
    auto view = uavOf(f, image.get());
    auto cs = makeCS(f,
                     "cs_5_0\n"
                     "dcl_uav_typed_texture2d (uint,uint,uint,uint) u0\n"
                     "dcl_input vThreadID.xy\n"
                     "dcl_temps 1\n"
                     "dcl_thread_group 4, 4, 1\n"
                     "ld_uav_typed r0.x, vThreadID.xyyy, u0.xyzw\n"
                     "ishl r0.x, r0.x, l(1)\n"
                     "store_uav_typed u0.xyzw, vThreadID.xyyy, r0.xxxx\n"
                     "ret\n");
    f.context->CSSetShader(cs.get(), nullptr, 0);
    ID3D11UnorderedAccessView* uavs[] = {view.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    f.context->Dispatch(1, 1, 1);
    f.context->Dispatch(1, 1, 1);  // the second dispatch must see the first one's writes
    auto texels = f.readTexture(image.get(), 0, 4);
    for (uint32_t i = 0; i < 16; ++i)
      CHECK(texel(texels, i) == 4 * initial[i]);
  }
  SECTION("2D array: the third coordinate selects the slice") {
    auto cs = makeCS(f,
                     "cs_5_0\n"
                     "dcl_uav_typed_texture2darray (uint,uint,uint,uint) u0\n"
                     "dcl_input vThreadID.xyz\n"
                     "dcl_temps 1\n"
                     "dcl_thread_group 2, 2, 3\n"
                     "imad r0.x, vThreadID.z, l(16), vThreadID.y\n"
                     "imad r0.x, r0.x, l(4), vThreadID.x\n"
                     "store_uav_typed u0.xyzw, vThreadID.xyzz, r0.xxxx\n"
                     "ret\n");
    auto image = f.texture2D(2, 2, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 1, 3);
    auto view = uavOf(f, image.get());
    f.context->CSSetShader(cs.get(), nullptr, 0);
    ID3D11UnorderedAccessView* uavs[] = {view.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    f.context->Dispatch(1, 1, 1);
    for (UINT slice = 0; slice < 3; ++slice) {
      auto texels = f.readTexture(image.get(), slice, 4);
      for (UINT y = 0; y < 2; ++y)
        for (UINT x = 0; x < 2; ++x)
          CHECK(texel(texels, y * 2 + x) == (slice * 16 + y) * 4 + x);
    }
  }
  SECTION("typed buffer UAV (R32_UINT)") {
    auto cs = makeCS(f,
                     "cs_5_0\n"
                     "dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n"
                     "dcl_input vThreadID.x\n"
                     "dcl_temps 1\n"
                     "dcl_thread_group 16, 1, 1\n"
                     "iadd r0.x, vThreadID.x, l(1000)\n"
                     "store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx\n"
                     "ret\n");
    auto buffer = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
    D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
    desc.Format = DXGI_FORMAT_R32_UINT;
    desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    desc.Buffer = {0, 16, 0};
    auto view = uavOf(f, buffer.get(), &desc);
    f.context->CSSetShader(cs.get(), nullptr, 0);
    ID3D11UnorderedAccessView* uavs[] = {view.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    f.context->Dispatch(1, 1, 1);
    auto words = f.readBuffer(buffer.get());
    for (uint32_t i = 0; i < 16; ++i)
      CHECK(texel(words, i) == 1000 + i);
  }
  SECTION("typed buffer views starting at any element: a 4-byte-aligned SRV and UAV (below the 16-byte texel-buffer alignment)") {
    // t0 views elements 5..12 of a buffer holding 100 + i at element i; u0 views elements 3..10
    // of another buffer, which starts zeroed. Each thread copies t0[i] * 2 into u0[i].
    auto cs = makeCS(f,
                     "cs_5_0\n"
                     "dcl_resource_buffer (uint,uint,uint,uint) t0\n"
                     "dcl_uav_typed_buffer (uint,uint,uint,uint) u0\n"
                     "dcl_input vThreadID.x\n"
                     "dcl_temps 1\n"
                     "dcl_thread_group 8, 1, 1\n"
                     "ld r0.x, vThreadID.xxxx, t0.xyzw\n"
                     "ishl r0.x, r0.x, l(1)\n"
                     "store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx\n"
                     "ret\n");
    std::vector<uint32_t> source(16);
    for (uint32_t i = 0; i < 16; ++i)
      source[i] = 100 + i;
    D3D11_BUFFER_DESC sourceDesc{64, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init{source.data(), 0, 0};
    ComPtr<ID3D11Buffer> input;
    REQUIRE(f.device->CreateBuffer(&sourceDesc, &init, input.put()) == S_OK);
    D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
    srvDesc.Format = DXGI_FORMAT_R32_UINT;
    srvDesc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    srvDesc.Buffer.FirstElement = 5;
    srvDesc.Buffer.NumElements = 8;
    ComPtr<ID3D11ShaderResourceView> srv;
    REQUIRE(f.device->CreateShaderResourceView(input.get(), &srvDesc, srv.put()) == S_OK);
    auto output = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
    D3D11_UNORDERED_ACCESS_VIEW_DESC uavDesc{};
    uavDesc.Format = DXGI_FORMAT_R32_UINT;
    uavDesc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    uavDesc.Buffer = {3, 8, 0};
    auto view = uavOf(f, output.get(), &uavDesc);
    f.context->CSSetShader(cs.get(), nullptr, 0);
    ID3D11ShaderResourceView* srvs[] = {srv.get()};
    f.context->CSSetShaderResources(0, 1, srvs);
    ID3D11UnorderedAccessView* uavs[] = {view.get()};
    f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    f.context->Dispatch(1, 1, 1);
    auto words = f.readBuffer(output.get());
    for (uint32_t i = 0; i < 16; ++i) {
      INFO("element " << i);
      CHECK(texel(words, i) == (i >= 3 && i < 11 ? 2 * (100 + i + 2) : 0u));
    }
  }
}

namespace {

// Each thread group writes its group id + 1 at its flattened group index.
const char* kGroupCS =
    "cs_5_0\n"
    "dcl_uav_structured u0, 4\n"
    "dcl_input vThreadGroupID.xyz\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "imad r0.x, vThreadGroupID.z, l(4), vThreadGroupID.y\n"
    "imad r0.x, r0.x, l(4), vThreadGroupID.x\n"
    "iadd r0.y, r0.x, l(1)\n"
    "store_structured u0.x, r0.x, l(0), r0.y\n"
    "ret\n";

}  // namespace

TEST_CASE("indirect draws read their arguments from buffers written by UpdateSubresource and CopyResource", "[render][indirect]") {
  Fixture f;
  Scene s(f, 4, 1);
  // Vertex 0-5: left half red; 6-11: right half green.
  auto left = rect(-1, -1, 0, 1, 1, 0, 0), right = rect(0, -1, 1, 1, 0, 1, 0);
  left.insert(left.end(), right.begin(), right.end());
  s.vertices(left);
  auto args = f.buffer(64, D3D11_USAGE_DEFAULT, 0, 0, nullptr, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS);
  SECTION("DrawInstancedIndirect, arguments at offset 16 from UpdateSubresource") {
    const uint32_t draw[4] = {6, 1, 6, 0};  // vertex count, instances, start vertex, start instance
    D3D11_BOX box{16, 0, 0, 32, 1, 1};
    f.context->UpdateSubresource(args.get(), 0, &box, draw, 0, 0);
    f.context->DrawInstancedIndirect(args.get(), 16);
    auto px = s.pixels();
    CHECK(s.at(px, 0, 0) == 0u);
    CHECK(s.at(px, 3, 0) == rgba8(0, 255, 0));
  }
  SECTION("DrawIndexedInstancedIndirect, arguments copied from an immutable buffer") {
    s.indices<uint16_t>({0, 1, 2, 3, 4, 5}, DXGI_FORMAT_R16_UINT);
    const uint32_t draw[16] = {0, 0, 0, 6, 1, 0, 6, 0};  // at word 3: count 6, 1 instance, first index 0, base vertex 6
    auto source = f.buffer(64, D3D11_USAGE_IMMUTABLE, D3D11_BIND_VERTEX_BUFFER, 0, draw);
    f.context->CopyResource(args.get(), source.get());
    f.context->DrawIndexedInstancedIndirect(args.get(), 12);
    auto px = s.pixels();
    CHECK(s.at(px, 0, 0) == 0u);
    CHECK(s.at(px, 3, 0) == rgba8(0, 255, 0));
  }
  SECTION("a zero instance count draws nothing") {
    const uint32_t draw[4] = {12, 0, 0, 0};
    D3D11_BOX box{0, 0, 0, 16, 1, 1};
    f.context->UpdateSubresource(args.get(), 0, &box, draw, 0, 0);
    f.context->DrawInstancedIndirect(args.get(), 0);
    CHECK(countEqual(s.pixels(), 0) == 4);
  }
}

TEST_CASE("indirect draw arguments written by a compute shader through a raw UAV", "[render][indirect]") {
  Fixture f;
  Scene s(f, 4, 1);
  s.vertices(rect(-1, -1, 1, 1, 0, 0, 1));
  D3D11_BUFFER_DESC desc{16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                         D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
  ComPtr<ID3D11Buffer> args;
  REQUIRE(f.device->CreateBuffer(&desc, nullptr, args.put()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC view{};
  view.Format = DXGI_FORMAT_R32_TYPELESS;
  view.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  view.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_RAW};
  auto uav = uavOf(f, args.get(), &view);
  auto cs = makeCS(f,
                   "cs_5_0\n"
                   "dcl_uav_raw u0\n"
                   "dcl_thread_group 1, 1, 1\n"
                   "store_raw u0.xyzw, l(0), l(6, 1, 0, 0)\n"
                   "ret\n");
  f.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  f.context->Dispatch(1, 1, 1);
  ID3D11UnorderedAccessView* none[] = {nullptr};
  f.context->CSSetUnorderedAccessViews(0, 1, none, nullptr);
  f.context->DrawInstancedIndirect(args.get(), 0);
  CHECK(countEqual(s.pixels(), rgba8(0, 0, 255)) == 4);
}

TEST_CASE("DispatchIndirect reads its group counts from a buffer written by UpdateSubresource or CopyResource", "[render][indirect]") {
  Fixture f;
  auto cs = makeCS(f, kGroupCS);
  auto out = f.buffer(64 * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  auto uav = uavOf(f, out.get());
  f.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  auto args = f.buffer(32, D3D11_USAGE_DEFAULT, 0, 0, nullptr, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS);
  const uint32_t groups[8] = {0, 3, 2, 2, 0, 0, 0, 0};  // at byte 4: 3 x 2 x 2 groups
  SECTION("UpdateSubresource") {
    f.context->UpdateSubresource(args.get(), 0, nullptr, groups, 0, 0);
  }
  SECTION("CopyResource") {
    auto source = f.buffer(32, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, groups);
    f.context->CopyResource(args.get(), source.get());
  }
  f.context->DispatchIndirect(args.get(), 4);
  auto words = f.readBuffer(out.get());
  for (uint32_t z = 0; z < 4; ++z)
    for (uint32_t y = 0; y < 4; ++y)
      for (uint32_t x = 0; x < 4; ++x) {
        const uint32_t index = (z * 4 + y) * 4 + x;
        INFO(x << ", " << y << ", " << z);
        CHECK(texel(words, index) == (x < 3 && y < 2 && z < 2 ? index + 1 : 0u));
      }
}

TEST_CASE("SetPredication keeps the predicate and value for GetPredication; occlusion predicates report their result",
          "[render][predication]") {
  Fixture f;
  Scene s(f, 4, 4);
  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  ComPtr<ID3D11Predicate> predicate;
  REQUIRE(f.device->CreatePredicate(&desc, predicate.put()) == S_OK);
  // Nothing drawn between Begin and End: the predicate is FALSE.
  f.context->Begin(predicate.get());
  f.context->End(predicate.get());
  BOOL passed = TRUE;
  HRESULT hr;
  while ((hr = f.context->GetData(predicate.get(), &passed, sizeof(passed), 0)) == S_FALSE) {
  }
  REQUIRE(hr == S_OK);
  CHECK(passed == FALSE);
  // A drawn quad: TRUE.
  f.context->Begin(predicate.get());
  s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
  f.context->End(predicate.get());
  while ((hr = f.context->GetData(predicate.get(), &passed, sizeof(passed), 0)) == S_FALSE) {
  }
  REQUIRE(hr == S_OK);
  CHECK(passed == TRUE);

  f.context->SetPredication(predicate.get(), TRUE);
  ComPtr<ID3D11Predicate> got;
  BOOL value = FALSE;
  f.context->GetPredication(got.put(), &value);
  CHECK(got.get() == predicate.get());
  CHECK(value == TRUE);
  // The predicate's data (TRUE) equals the value: the clear and the draw are both skipped, and the
  // red quad measured above stays (tests/render/test_predication.cpp covers the rest).
  s.clear(0, 0, 0, 0);
  s.draw(rect(-1, -1, 1, 1, 0, 1, 0));
  f.context->SetPredication(nullptr, FALSE);
  CHECK(countEqual(s.pixels(), rgba8(255, 0, 0)) == 16);
  f.context->GetPredication(got.put(), &value);
  CHECK(got.get() == nullptr);
  CHECK(value == FALSE);
}

// Stream-output targets bound while no shader has a stream-output declaration: the targets
// round-trip, drawing is unaffected and writes nothing to them, DrawAuto with a slot-0 buffer
// lacking STREAM_OUTPUT is ignored (documented), and none of it raises a validation error.
TEST_CASE("stream output targets without a stream-output shader are not written; DrawAuto needs a STREAM_OUTPUT vertex buffer",
          "[render][stream-output]") {
  Fixture f;
  Scene s(f, 2, 2);
  const uint32_t marker[4] = {0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef};
  auto so = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT, 0, marker);
  ID3D11Buffer* targets[] = {so.get()};
  const UINT offsets[] = {0};
  f.context->SOSetTargets(1, targets, offsets);
  ComPtr<ID3D11Buffer> got;
  f.context->SOGetTargets(1, got.put());
  CHECK(got.get() == so.get());
  s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
  CHECK(countEqual(s.pixels(), rgba8(255, 0, 0)) == 4);  // without a GS with stream output, drawing is unaffected
  s.clear(0, 0, 0, 0);
  f.context->DrawAuto();
  CHECK(countEqual(s.pixels(), 0) == 4);
  ID3D11Buffer* none[] = {nullptr};
  f.context->SOSetTargets(1, none, offsets);
  auto words = f.readBuffer(so.get());
  for (size_t i = 0; i < 4; ++i)
    CHECK(texel(words, i) == 0xdeadbeefu);
}
