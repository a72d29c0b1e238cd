// Rendering: render-target views of buffers (D3D11_RTV_DIMENSION_BUFFER). A view is one row of
// NumElements texels starting at FirstElement; draws, blends and clears land in the buffer's bytes,
// which are read back through a staging copy and compared element by element, including the
// elements outside the view, which must keep their contents. Also a buffer view next to a texture
// target, the descriptions such views refuse, and the same commands from a deferred context.
#include "render_util.h"

using namespace render;

namespace {

using Float4 = std::array<float, 4>;

ComPtr<ID3D11RenderTargetView> bufferRtv(Fixture& f, ID3D11Buffer* buffer, DXGI_FORMAT format, UINT first, UINT count) {
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  desc.Format = format;
  desc.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
  desc.Buffer.FirstElement = first;
  desc.Buffer.NumElements = count;
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(buffer, &desc, rtv.put()) == S_OK);
  return rtv;
}

// Element i of a float4 buffer before rendering: distinct, exactly representable values.
Float4 initialFloat4(UINT i) { return {float(i), float(i) + 0.25f, -float(i), 0.5f}; }

std::vector<Float4> float4Elements(const std::vector<uint8_t>& bytes) {
  std::vector<Float4> out(bytes.size() / 16);
  std::memcpy(out.data(), bytes.data(), out.size() * 16);
  return out;
}

ComPtr<ID3D11Buffer> float4Buffer(Fixture& f, UINT elements, UINT bind = D3D11_BIND_RENDER_TARGET) {
  std::vector<Float4> data(elements);
  for (UINT i = 0; i < elements; ++i)
    data[i] = initialFloat4(i);
  return f.buffer(elements * 16, D3D11_USAGE_DEFAULT, bind, 0, data.data());
}

}  // namespace

TEST_CASE("a triangle renders into a R32G32B32A32_FLOAT buffer view at FirstElement 4", "[render][buffer-rtv]") {
  Fixture f;
  ColumnScene scene(f);
  auto buffer = float4Buffer(f, 16);
  auto rtv = bufferRtv(f, buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 4, 8);
  scene.targets(f.context.get(), {rtv.get()}, 8, 1);
  const Float4 color = {0.5f, 0.25f, 1.0f, 0.75f};
  scene.drawColumns(f.context.get(), 8, 2, 6, color);  // view texels 2..5: buffer elements 6..9
  const std::vector<Float4> got = float4Elements(f.readBuffer(buffer.get()));
  REQUIRE(got.size() == 16);
  for (UINT i = 0; i < 16; ++i) {
    INFO("element " << i);
    const bool drawn = i >= 6 && i < 10;
    CHECK(got[i] == (drawn ? color : initialFloat4(i)));  // view texels 0, 1, 6, 7 keep the buffer's values
  }
}

TEST_CASE("a full-row draw into a R8G8B8A8_UNORM buffer view at an odd FirstElement", "[render][buffer-rtv]") {
  Fixture f;
  ColumnScene scene(f);
  std::vector<uint32_t> initial(12);
  for (UINT i = 0; i < 12; ++i)
    initial[i] = 0x01020304u * (i + 1);
  auto buffer = f.buffer(48, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, initial.data());
  auto rtv = bufferRtv(f, buffer.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 3, 5);
  scene.targets(f.context.get(), {rtv.get()}, 5, 1);
  scene.drawColumns(f.context.get(), 5, 0, 5, {1.0f, 0.0f, 0.2f, 0.6f});
  const std::vector<uint8_t> got = f.readBuffer(buffer.get());
  REQUIRE(got.size() == 48);
  for (UINT i = 0; i < 12; ++i) {
    INFO("element " << i);
    CHECK(texel(got, i) == (i >= 3 && i < 8 ? rgba8(255, 0, 51, 153) : initial[i]));
  }
}

TEST_CASE("blending onto a buffer view reads the buffer's contents, across passes", "[render][buffer-rtv]") {
  Fixture f;
  ColumnScene scene(f);
  auto buffer = float4Buffer(f, 8);
  auto rtv = bufferRtv(f, buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 6);
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD,
                          D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  ComPtr<ID3D11BlendState> add;
  REQUIRE(f.device->CreateBlendState(&desc, add.put()) == S_OK);
  f.context->OMSetBlendState(add.get(), nullptr, 0xffffffff);
  scene.targets(f.context.get(), {rtv.get()}, 6, 1);
  const Float4 src = {1.0f, 2.0f, 4.0f, 0.25f};
  auto expected = [&](UINT i, float times) {
    Float4 e = initialFloat4(i);
    if (i >= 1 && i < 7)
      for (int c = 0; c < 4; ++c)
        e[c] += times * src[c];
    return e;
  };
  // Two draws in one pass, then a read-back (a copy, which ends the pass), then a third draw in a
  // new pass that must start from what the first two left in the buffer.
  scene.drawColumns(f.context.get(), 6, 0, 6, src);
  scene.drawColumns(f.context.get(), 6, 0, 6, src);
  std::vector<Float4> got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 8; ++i) {
    INFO("after two draws, element " << i);
    CHECK(got[i] == expected(i, 2));
  }
  scene.drawColumns(f.context.get(), 6, 0, 6, src);
  got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 8; ++i) {
    INFO("after three draws, element " << i);
    CHECK(got[i] == expected(i, 3));
  }
}

TEST_CASE("a buffer view in slot 1 next to a texture in slot 0", "[render][buffer-rtv]") {
  Fixture f;
  ColumnScene scene(f);
  // o0 = cb0[0] into the texture, o1 = cb0[1] into the buffer view.
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
  const Float4 colors[2] = {{0.5f, 1.5f, 2.5f, 3.5f}, {-1.0f, 0.75f, 16.0f, 0.125f}};
  auto cb = f.buffer(sizeof(colors), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, colors);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  auto texture = f.texture2D(4, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> textureRtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, textureRtv.put()) == S_OK);
  auto buffer = float4Buffer(f, 8);
  auto bufferView = bufferRtv(f, buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 4);
  ID3D11RenderTargetView* targets[] = {textureRtv.get(), bufferView.get()};
  f.context->OMSetRenderTargets(2, targets, nullptr);
  D3D11_VIEWPORT viewport{0, 0, 4, 1, 0, 1};
  f.context->RSSetViewports(1, &viewport);
  scene.drawColumns(f.context.get(), 4, 0, 4, {0, 0, 0, 0});
  const std::vector<Float4> texels = float4Elements(f.readTexture(texture.get(), 0, 16));
  REQUIRE(texels.size() == 4);
  for (UINT x = 0; x < 4; ++x)
    CHECK(texels[x] == colors[0]);
  const std::vector<Float4> got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 8; ++i) {
    INFO("element " << i);
    CHECK(got[i] == (i >= 2 && i < 6 ? colors[1] : initialFloat4(i)));
  }
}

TEST_CASE("ClearRenderTargetView and ClearView clear a buffer view's elements", "[render][buffer-rtv]") {
  Fixture f;
  auto buffer = float4Buffer(f, 10);
  auto rtv = bufferRtv(f, buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 6);
  const Float4 cleared = {0.125f, -2.0f, 8.0f, 1.0f};
  f.context->ClearRenderTargetView(rtv.get(), cleared.data());
  std::vector<Float4> got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 10; ++i) {
    INFO("ClearRenderTargetView, element " << i);
    CHECK(got[i] == (i >= 2 && i < 8 ? cleared : initialFloat4(i)));
  }

  auto context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  // View texels 1 and 3..4 (buffer elements 3, 5, 6); the overlapping rectangles merge, one outside
  // the row (top 1) and one past its end clear nothing more.
  const D3D11_RECT rects[] = {{1, 0, 2, 1}, {3, 0, 5, 1}, {4, -3, 5, 4}, {0, 1, 6, 2}, {6, 0, 9, 1}};
  const Float4 viewColor = {3.0f, 0.0f, -1.0f, 0.5f};
  context1->ClearView(rtv.get(), viewColor.data(), rects, 5);
  got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 10; ++i) {
    INFO("ClearView, element " << i);
    const Float4 want = (i == 3 || i == 5 || i == 6) ? viewColor : (i >= 2 && i < 8 ? cleared : initialFloat4(i));
    CHECK(got[i] == want);
  }
}

TEST_CASE("SetPredication skips clears of a buffer view exactly when the predicate's data equals the value",
          "[render][buffer-rtv]") {
  Fixture f;
  Scene scene(f, 4, 4);
  // `passed` measures a quad over the scene's target, `failed` nothing; read back before use.
  D3D11_QUERY_DESC queryDesc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  ComPtr<ID3D11Predicate> passed, failed;
  REQUIRE(f.device->CreatePredicate(&queryDesc, passed.put()) == S_OK);
  REQUIRE(f.device->CreatePredicate(&queryDesc, failed.put()) == S_OK);
  f.context->Begin(passed.get());
  scene.draw(rect(-1, -1, 1, 1, 0.5f, 0.5f, 0.5f));
  f.context->End(passed.get());
  f.context->Begin(failed.get());
  f.context->End(failed.get());
  for (ID3D11Predicate* predicate : {passed.get(), failed.get()}) {
    BOOL data = FALSE;
    HRESULT hr;
    while ((hr = f.context->GetData(predicate, &data, sizeof(data), 0)) == S_FALSE) {
    }
    REQUIRE(hr == S_OK);
    REQUIRE(data == (predicate == passed.get()));
  }
  auto context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  const Float4 cleared = {2.0f, 4.0f, 8.0f, 16.0f};
  const D3D11_RECT first{0, 0, 1, 1};
  for (bool viaClearView : {false, true}) {
    for (bool measuredPass : {false, true}) {
      for (BOOL value : {FALSE, TRUE}) {
        auto buffer = float4Buffer(f, 4);
        auto rtv = bufferRtv(f, buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 2);
        f.context->SetPredication(measuredPass ? passed.get() : failed.get(), value);
        if (viaClearView)
          context1->ClearView(rtv.get(), cleared.data(), &first, 1);  // view texel 0: buffer element 1
        else
          f.context->ClearRenderTargetView(rtv.get(), cleared.data());
        f.context->SetPredication(nullptr, FALSE);
        const bool skipped = BOOL(measuredPass) == value;
        const std::vector<Float4> got = float4Elements(f.readBuffer(buffer.get()));
        for (UINT i = 0; i < 4; ++i) {
          INFO((viaClearView ? "ClearView" : "ClearRenderTargetView") << ", predicate data " << measuredPass << ", value "
                                                                      << value << ", element " << i);
          const bool written = !skipped && (viaClearView ? i == 1 : (i == 1 || i == 2));
          CHECK(got[i] == (written ? cleared : initialFloat4(i)));
        }
      }
    }
  }
}

TEST_CASE("a deferred context clears and renders into a buffer view", "[render][buffer-rtv]") {
  Fixture f;
  ColumnScene scene(f);
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  auto buffer = float4Buffer(f, 8);
  auto rtv = bufferRtv(f, buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 3, 4);
  const Float4 cleared = {1.0f, 1.0f, 1.0f, 1.0f};
  const Float4 drawn = {0.0f, 0.5f, 0.25f, 2.0f};
  scene.bind(deferred.get());
  deferred->ClearRenderTargetView(rtv.get(), cleared.data());
  scene.targets(deferred.get(), {rtv.get()}, 4, 1);
  scene.drawColumns(deferred.get(), 4, 1, 3, drawn);  // view texels 1, 2: buffer elements 4, 5
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  // Nothing reaches the buffer before the list is executed.
  std::vector<Float4> got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 8; ++i)
    CHECK(got[i] == initialFloat4(i));
  f.context->ExecuteCommandList(list.get(), FALSE);
  got = float4Elements(f.readBuffer(buffer.get()));
  for (UINT i = 0; i < 8; ++i) {
    INFO("element " << i);
    const Float4 want = (i == 4 || i == 5) ? drawn : (i >= 3 && i < 7 ? cleared : initialFloat4(i));
    CHECK(got[i] == want);
  }
}

TEST_CASE("buffer render-target views: the descriptions CreateRenderTargetView refuses", "[render][buffer-rtv]") {
  Fixture f;
  auto buffer = float4Buffer(f, 16);  // 256 bytes
  auto create = [&](ID3D11Resource* resource, DXGI_FORMAT format, UINT first, UINT count, ID3D11RenderTargetView** out) {
    D3D11_RENDER_TARGET_VIEW_DESC desc{};
    desc.Format = format;
    desc.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
    desc.Buffer.FirstElement = first;
    desc.Buffer.NumElements = count;
    return f.device->CreateRenderTargetView(resource, &desc, out);
  };
  ComPtr<ID3D11RenderTargetView> rtv;
  CHECK(create(buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 15, 2, rtv.put()) == E_INVALIDARG);   // past the end
  CHECK(create(buffer.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 60, 5, rtv.put()) == E_INVALIDARG);       // past the end
  CHECK(create(buffer.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, rtv.put()) == E_INVALIDARG);    // no elements
  CHECK(create(buffer.get(), DXGI_FORMAT_UNKNOWN, 0, 4, rtv.put()) == E_INVALIDARG);
  CHECK(create(buffer.get(), DXGI_FORMAT_R32G32B32A32_TYPELESS, 0, 4, rtv.put()) == E_INVALIDARG);
  CHECK(create(buffer.get(), DXGI_FORMAT_D32_FLOAT, 0, 4, rtv.put()) == E_INVALIDARG);
  CHECK(create(buffer.get(), DXGI_FORMAT_BC1_UNORM, 0, 4, rtv.put()) == E_INVALIDARG);
  CHECK(create(buffer.get(), DXGI_FORMAT_R8G8_B8G8_UNORM, 0, 4, rtv.put()) == E_INVALIDARG);
  CHECK(!rtv);
  CHECK(f.device->CreateRenderTargetView(buffer.get(), nullptr, rtv.put()) == E_INVALIDARG);  // no default for buffers
  // A buffer without D3D11_BIND_RENDER_TARGET.
  auto shaderOnly = float4Buffer(f, 4, D3D11_BIND_SHADER_RESOURCE);
  CHECK(create(shaderOnly.get(), DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 4, rtv.put()) == E_INVALIDARG);
  // Wider than D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH (16384) elements.
  auto wide = f.buffer(16385 * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  CHECK(create(wide.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 0, 16385, rtv.put()) == E_INVALIDARG);
  CHECK(!rtv);
  // The widest row and a null out-pointer (validation only) are accepted.
  CHECK(create(wide.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 1, 16384, nullptr) == S_FALSE);
  REQUIRE(create(wide.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 1, 16384, rtv.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC got{};
  rtv->GetDesc(&got);
  CHECK(got.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  CHECK(got.ViewDimension == D3D11_RTV_DIMENSION_BUFFER);
  CHECK(got.Buffer.FirstElement == 1);
  CHECK(got.Buffer.NumElements == 16384);
}
