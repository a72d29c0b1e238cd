// Rendering tests of SetPredication beyond draws: clears, UAV clears, copies, updates, mip
// generation and resolves are skipped exactly when the predicate's data equals PredicateValue,
// for occlusion predicates read back before use and ones still in flight, measured in one segment
// or several; stream-output overflow predicates; predication recorded on a deferred context;
// PREDICATEHINT predicates (docs/pipelines.md, Predication). Data is read back with predication
// off; the validation layer is on.
#include <functional>

#include "render_util.h"

using namespace render;

namespace {

struct Predicates {
  ComPtr<ID3D11Predicate> passed, failed;  // a full-target quad measured, nothing measured
};

// `passed` measures a quad covering the scene, `failed` nothing. `wait`: their data is read back
// (GetData) before use, so the worker finds it complete; otherwise the predicates are still in the
// submission being recorded when used.
Predicates measure(Fixture& f, Scene& s, bool wait, UINT misc = 0) {
  Predicates p;
  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, misc};
  REQUIRE(f.device->CreatePredicate(&desc, p.passed.put()) == S_OK);
  REQUIRE(f.device->CreatePredicate(&desc, p.failed.put()) == S_OK);
  f.context->Begin(p.passed.get());
  s.draw(rect(-1, -1, 1, 1, 0.5f, 0.5f, 0.5f));
  f.context->End(p.passed.get());
  f.context->Begin(p.failed.get());
  f.context->End(p.failed.get());
  if (wait) {
    BOOL data = FALSE;
    HRESULT hr;
    while ((hr = f.context->GetData(p.passed.get(), &data, sizeof(data), 0)) == S_FALSE) {
    }
    REQUIRE(hr == S_OK);
    REQUIRE(data == TRUE);
    while ((hr = f.context->GetData(p.failed.get(), &data, sizeof(data), 0)) == S_FALSE) {
    }
    REQUIRE(hr == S_OK);
    REQUIRE(data == FALSE);
  }
  return p;
}

ComPtr<ID3D11RenderTargetView> targetView(Fixture& f, ID3D11Resource* texture, UINT mip = 0) {
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  desc.Texture2D.MipSlice = mip;
  ComPtr<ID3D11RenderTargetView> view;
  REQUIRE(f.device->CreateRenderTargetView(texture, &desc, view.put()) == S_OK);
  return view;
}

void clearView(Fixture& f, ID3D11RenderTargetView* view, float r, float g, float b) {
  const float color[4] = {r, g, b, 1};
  f.context->ClearRenderTargetView(view, color);
}

// One predicated operation: `prepare` sets the resources up unpredicated, `operate` runs under
// the predicate, and `ran` reads back (unpredicated) whether the operation took effect.
struct Operation {
  const char* name;
  std::function<void(Fixture&, Scene&)> prepare;
  std::function<void(Fixture&, Scene&)> operate;
  std::function<bool(Fixture&, Scene&)> ran;
};

struct Resources {
  ComPtr<ID3D11Texture2D> a, b;
  ComPtr<ID3D11Buffer> x, y;
  ComPtr<ID3D11RenderTargetView> ra, rb;
  ComPtr<ID3D11UnorderedAccessView> uav;
  ComPtr<ID3D11ShaderResourceView> srv;
};

std::vector<Operation> operations(Resources& r) {
  const uint32_t red = rgba8(255, 0, 0), green = rgba8(0, 255, 0), blue = rgba8(0, 0, 255);
  std::vector<Operation> ops;
  ops.push_back({"Draw", [](Fixture&, Scene& s) { s.clear(0, 0, 0, 1); },
                 [](Fixture&, Scene& s) { s.draw(rect(-1, -1, 1, 1, 0, 0, 1)); },
                 [=](Fixture&, Scene& s) { return countEqual(s.pixels(), blue) == 16; }});
  ops.push_back({"ClearRenderTargetView", [](Fixture&, Scene& s) { s.clear(0, 0, 0, 1); },
                 [](Fixture&, Scene& s) { s.clear(1, 0, 0, 1); },
                 [=](Fixture&, Scene& s) { return countEqual(s.pixels(), red) == 16; }});
  ops.push_back({"ClearView",
                 [](Fixture&, Scene& s) { s.clear(0, 0, 0, 1); },
                 [](Fixture& f, Scene& s) {
                   auto context1 = f.context.query<ID3D11DeviceContext1>();
                   REQUIRE(context1);
                   const float color[4] = {0, 1, 0, 1};
                   const D3D11_RECT rect{1, 1, 3, 3};
                   context1->ClearView(s.rtv.get(), color, &rect, 1);
                 },
                 [=](Fixture&, Scene& s) { return countEqual(s.pixels(), green) == 4; }});
  ops.push_back({"ClearUnorderedAccessViewUint (texture)",
                 [&r](Fixture& f, Scene&) {
                   r.a = f.texture2D(4, 4, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
                   REQUIRE(f.device->CreateUnorderedAccessView(r.a.get(), nullptr, r.uav.put()) == S_OK);
                   const UINT one[4] = {1, 1, 1, 1};
                   f.context->ClearUnorderedAccessViewUint(r.uav.get(), one);
                 },
                 [&r](Fixture& f, Scene&) {
                   const UINT seven[4] = {7, 7, 7, 7};
                   f.context->ClearUnorderedAccessViewUint(r.uav.get(), seven);
                 },
                 [&r](Fixture& f, Scene&) { return countEqual(f.readTexture(r.a.get(), 0, 4), 7) == 16; }});
  ops.push_back({"ClearUnorderedAccessViewUint (raw buffer)",
                 [&r](Fixture& f, Scene&) {
                   const uint32_t zero[4] = {};
                   r.x = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, zero, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
                   D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
                   desc.Format = DXGI_FORMAT_R32_TYPELESS;
                   desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
                   desc.Buffer.NumElements = 4;
                   desc.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW;
                   REQUIRE(f.device->CreateUnorderedAccessView(r.x.get(), &desc, r.uav.put()) == S_OK);
                 },
                 [&r](Fixture& f, Scene&) {
                   const UINT nine[4] = {9, 9, 9, 9};
                   f.context->ClearUnorderedAccessViewUint(r.uav.get(), nine);
                 },
                 [&r](Fixture& f, Scene&) { return countEqual(f.readBuffer(r.x.get()), 9) == 4; }});
  ops.push_back({"CopyResource (buffers)",
                 [&r](Fixture& f, Scene&) {
                   const uint32_t from[4] = {1, 2, 3, 4}, to[4] = {};
                   r.x = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, from);
                   r.y = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, to);
                 },
                 [&r](Fixture& f, Scene&) { f.context->CopyResource(r.y.get(), r.x.get()); },
                 [&r](Fixture& f, Scene&) {
                   auto words = f.readBuffer(r.y.get());
                   return texel(words, 0) == 1 && texel(words, 3) == 4;
                 }});
  ops.push_back({"CopySubresourceRegion (textures)",
                 [&r](Fixture& f, Scene&) {
                   r.a = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
                   r.b = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
                   r.ra = targetView(f, r.a.get());
                   r.rb = targetView(f, r.b.get());
                   clearView(f, r.ra.get(), 0, 1, 0);
                   clearView(f, r.rb.get(), 0, 0, 0);
                 },
                 [&r](Fixture& f, Scene&) {
                   const D3D11_BOX box{0, 0, 0, 2, 2, 1};
                   f.context->CopySubresourceRegion(r.b.get(), 0, 1, 1, 0, r.a.get(), 0, &box);
                 },
                 [&r, green](Fixture& f, Scene&) { return countEqual(f.readTexture(r.b.get(), 0, 4), green) == 4; }});
  ops.push_back({"UpdateSubresource (buffer)",
                 [&r](Fixture& f, Scene&) {
                   const uint32_t zero[4] = {};
                   r.x = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, zero);
                 },
                 [&r](Fixture& f, Scene&) {
                   const uint32_t data[4] = {5, 6, 7, 8};
                   f.context->UpdateSubresource(r.x.get(), 0, nullptr, data, 0, 0);
                 },
                 [&r](Fixture& f, Scene&) {
                   auto words = f.readBuffer(r.x.get());
                   return texel(words, 0) == 5 && texel(words, 3) == 8;
                 }});
  ops.push_back({"UpdateSubresource (texture)",
                 [&r](Fixture& f, Scene&) {
                   r.a = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
                   r.ra = targetView(f, r.a.get());
                   clearView(f, r.ra.get(), 0, 0, 0);
                 },
                 [&r, blue](Fixture& f, Scene&) {
                   std::vector<uint32_t> texels(16, blue);
                   f.context->UpdateSubresource(r.a.get(), 0, nullptr, texels.data(), 16, 64);
                 },
                 [&r, blue](Fixture& f, Scene&) { return countEqual(f.readTexture(r.a.get(), 0, 4), blue) == 16; }});
  ops.push_back({"GenerateMips",
                 [&r](Fixture& f, Scene&) {
                   r.a = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                     D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0, 3, 1, 1,
                                     D3D11_RESOURCE_MISC_GENERATE_MIPS);
                   REQUIRE(f.device->CreateShaderResourceView(r.a.get(), nullptr, r.srv.put()) == S_OK);
                   r.ra = targetView(f, r.a.get(), 0);
                   r.rb = targetView(f, r.a.get(), 1);
                   clearView(f, r.ra.get(), 1, 0, 0);
                   clearView(f, r.rb.get(), 0, 0, 1);
                 },
                 [&r](Fixture& f, Scene&) { f.context->GenerateMips(r.srv.get()); },
                 [&r, red](Fixture& f, Scene&) { return countEqual(f.readTexture(r.a.get(), 1, 4), red) == 4; }});
  ops.push_back({"ResolveSubresource",
                 [&r](Fixture& f, Scene&) {
                   r.a = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 1, 4);
                   r.b = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
                   D3D11_RENDER_TARGET_VIEW_DESC desc{};
                   desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
                   desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
                   REQUIRE(f.device->CreateRenderTargetView(r.a.get(), &desc, r.ra.put()) == S_OK);
                   r.rb = targetView(f, r.b.get());
                   clearView(f, r.ra.get(), 0, 1, 0);
                   clearView(f, r.rb.get(), 0, 0, 0);
                 },
                 [&r](Fixture& f, Scene&) { f.context->ResolveSubresource(r.b.get(), 0, r.a.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM); },
                 [&r, green](Fixture& f, Scene&) { return countEqual(f.readTexture(r.b.get(), 0, 4), green) == 16; }});
  return ops;
}

}  // namespace

TEST_CASE("SetPredication skips clears, copies, updates, mip generation and resolves exactly when the predicate's data equals "
          "PredicateValue",
          "[render][predication]") {
  Resources none;
  const size_t count = operations(none).size();
  for (bool wait : {true, false}) {
    for (size_t index = 0; index < count; ++index) {
      for (int c = 0; c < 4; ++c) {
        const bool usePassed = c & 1;
        const BOOL value = (c & 2) ? TRUE : FALSE;
        // Documented: skipped when the predicate's data (passed: TRUE) equals PredicateValue.
        const bool skipped = usePassed == (value == TRUE);
        Fixture f;
        Resources r;  // released before the fixture checks the validation count
        const Operation op = operations(r)[index];
        INFO(op.name << ", predicate " << (usePassed ? "passed" : "failed") << ", PredicateValue " << value
                     << (wait ? ", read back before use" : ", in flight"));
        Scene s(f, 4, 4);
        op.prepare(f, s);
        Predicates p = measure(f, s, wait);
        if (op.name == std::string("Draw") || op.name == std::string("ClearRenderTargetView") || op.name == std::string("ClearView"))
          s.clear(0, 0, 0, 1);  // measuring drew into the scene's target
        f.context->SetPredication(usePassed ? p.passed.get() : p.failed.get(), value);
        op.operate(f, s);
        f.context->SetPredication(nullptr, FALSE);
        CHECK(op.ran(f, s) == !skipped);
      }
    }
  }
}

TEST_CASE("SetPredication: operations that are not predicated (Map, Begin/End of other queries) run", "[render][predication]") {
  Fixture f;
  Scene s(f, 4, 4);
  Predicates p = measure(f, s, false);
  f.context->SetPredication(p.passed.get(), TRUE);  // skips everything predicated
  // Map is documented as not affected: a dynamic buffer written through it holds the data.
  auto dynamic = f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  const uint32_t words[4] = {11, 12, 13, 14};
  std::memcpy(mapped.pData, words, sizeof(words));
  f.context->Unmap(dynamic.get(), 0);
  // An occlusion query begun and ended while the predicate is set measures the (skipped) draw.
  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION, 0};
  ComPtr<ID3D11Query> occlusion;
  REQUIRE(f.device->CreateQuery(&desc, occlusion.put()) == S_OK);
  f.context->Begin(occlusion.get());
  s.draw(rect(-1, -1, 1, 1, 1, 1, 1));
  f.context->End(occlusion.get());
  f.context->SetPredication(nullptr, FALSE);
  UINT64 samples = ~UINT64(0);
  HRESULT hr;
  while ((hr = f.context->GetData(occlusion.get(), &samples, sizeof(samples), 0)) == S_FALSE) {
  }
  REQUIRE(hr == S_OK);
  CHECK(samples == 0);
  auto copy = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER);
  f.context->CopyResource(copy.get(), dynamic.get());
  auto read = f.readBuffer(copy.get());
  CHECK(texel(read, 0) == 11);
  CHECK(texel(read, 3) == 14);
}

TEST_CASE("SetPredication with a predicate measured in several segments (across a Flush) skips draws and copies",
          "[render][predication]") {
  for (BOOL value : {FALSE, TRUE}) {
    INFO("PredicateValue " << value);
    Fixture f;
    Scene s(f, 4, 4);
    D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
    ComPtr<ID3D11Predicate> predicate;
    REQUIRE(f.device->CreatePredicate(&desc, predicate.put()) == S_OK);
    // Samples pass only in the second segment: a predicate reading its first segment alone is FALSE.
    f.context->Begin(predicate.get());
    f.context->Flush();
    s.draw(rect(-1, -1, 1, 1, 0.5f, 0.5f, 0.5f));
    f.context->End(predicate.get());
    s.clear(0, 0, 0, 1);
    const uint32_t from[4] = {1, 2, 3, 4}, zero[4] = {};
    auto src = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, from);
    auto dst = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, zero);
    f.context->SetPredication(predicate.get(), value);
    s.draw(rect(-1, -1, 1, 1, 0, 0, 1));
    f.context->CopyResource(dst.get(), src.get());
    f.context->SetPredication(nullptr, FALSE);
    const bool skipped = value == TRUE;  // the predicate's data is TRUE
    CHECK((countEqual(s.pixels(), rgba8(0, 0, 255)) == 16) == !skipped);
    CHECK((texel(f.readBuffer(dst.get()), 0) == 1) == !skipped);
  }
}

TEST_CASE("SetPredication with a PREDICATEHINT predicate: draws and view clears are skipped, transfers run (the hint "
          "lets a predicate be ignored where honouring it would wait for the GPU)",
          "[render][predication]") {
  Fixture f;
  Scene s(f, 4, 4);
  Predicates p = measure(f, s, false, D3D11_QUERY_MISC_PREDICATEHINT);
  D3D11_QUERY_DESC got{};
  p.passed->GetDesc(&got);
  CHECK(got.MiscFlags == UINT(D3D11_QUERY_MISC_PREDICATEHINT));
  s.clear(0, 0, 0, 1);
  const uint32_t from[4] = {1, 2, 3, 4}, zero[4] = {};
  auto src = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, from);
  auto dst = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, zero);
  f.context->SetPredication(p.passed.get(), TRUE);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 1));
  s.clear(1, 0, 0, 1);
  f.context->CopyResource(dst.get(), src.get());
  f.context->SetPredication(nullptr, FALSE);
  CHECK(countEqual(s.pixels(), rgba8(0, 0, 0)) == 16);  // neither the draw nor the clear
  CHECK(texel(f.readBuffer(dst.get()), 0) == 1);        // the copy ran
}

TEST_CASE("SetPredication with stream-output overflow predicates skips draws and copies when the overflow equals "
          "PredicateValue",
          "[render][predication][streamout]") {
  for (UINT room : {3u, 6u}) {  // vertices of room in the target: one triangle of two, or both
    for (D3D11_QUERY type : {D3D11_QUERY_SO_OVERFLOW_PREDICATE, D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0}) {
      for (BOOL value : {FALSE, TRUE}) {
        const bool overflowed = room == 3;
        INFO("room for " << room << " vertices, query " << int(type) << ", PredicateValue " << value);
        Fixture f;
        Scene s(f, 4, 4);
        // The scene's vertex shader captured, positions only (16 bytes a vertex), nothing rasterized.
        auto code = bytecode(kPosColorVS);
        const D3D11_SO_DECLARATION_ENTRY position[] = {{0, "SV_Position", 0, 0, 4, 0}};
        const UINT stride = 16;
        ComPtr<ID3D11GeometryShader> gs;
        REQUIRE(f.device->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), position, 1, &stride, 1,
                                                               D3D11_SO_NO_RASTERIZED_STREAM, nullptr, gs.put()) == S_OK);
        auto target = f.buffer(room * 16, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT);
        ID3D11Buffer* targets[] = {target.get()};
        const UINT offset = 0;
        D3D11_QUERY_DESC desc{type, 0};
        // Windows makes the per-stream overflow predicates through CreateQuery alone (CreatePredicate
        // refuses them); the query answers ID3D11Predicate either way.
        ComPtr<ID3D11Query> query;
        REQUIRE(f.device->CreateQuery(&desc, query.put()) == S_OK);
        ComPtr<ID3D11Predicate> predicate;
        REQUIRE(query->QueryInterface(__uuidof(ID3D11Predicate), predicate.putVoid()) == S_OK);
        f.context->GSSetShader(gs.get(), nullptr, 0);
        f.context->SOSetTargets(1, targets, &offset);
        f.context->Begin(predicate.get());
        s.draw(rect(-1, -1, 1, 1, 1, 0, 0));
        f.context->End(predicate.get());
        f.context->GSSetShader(nullptr, nullptr, 0);
        f.context->SOSetTargets(0, nullptr, nullptr);

        const uint32_t from[4] = {1, 2, 3, 4}, zero[4] = {};
        auto src = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, from);
        auto dst = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, zero);
        f.context->SetPredication(predicate.get(), value);
        s.draw(rect(-1, -1, 1, 1, 0, 0, 1));
        f.context->CopyResource(dst.get(), src.get());
        f.context->SetPredication(nullptr, FALSE);
        const bool skipped = overflowed == (value == TRUE);
        CHECK((countEqual(s.pixels(), rgba8(0, 0, 255)) == 16) == !skipped);
        CHECK((texel(f.readBuffer(dst.get()), 0) == 1) == !skipped);
        BOOL data = !overflowed;
        HRESULT hr;
        while ((hr = f.context->GetData(predicate.get(), &data, sizeof(data), 0)) == S_FALSE) {
        }
        REQUIRE(hr == S_OK);
        CHECK(data == (overflowed ? TRUE : FALSE));
      }
    }
  }
}

TEST_CASE("SetPredication recorded on a deferred context skips the command list's copy when the list executes",
          "[render][predication][deferred]") {
  for (int c = 0; c < 2; ++c) {
    const bool usePassed = c == 0;  // passed with TRUE: skipped; failed with TRUE: runs
    INFO("predicate " << (usePassed ? "passed" : "failed") << ", PredicateValue TRUE");
    Fixture f;
    Scene s(f, 4, 4);
    Predicates p = measure(f, s, false);
    ComPtr<ID3D11DeviceContext> deferred;
    REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
    const uint32_t from[4] = {1, 2, 3, 4}, zero[4] = {};
    auto src = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, from);
    auto dst = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, zero);
    deferred->SetPredication(usePassed ? p.passed.get() : p.failed.get(), TRUE);
    deferred->CopyResource(dst.get(), src.get());
    deferred->SetPredication(nullptr, FALSE);
    ComPtr<ID3D11CommandList> list;
    REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
    f.context->ExecuteCommandList(list.get(), FALSE);
    CHECK((texel(f.readBuffer(dst.get()), 0) == 1) == !usePassed);
  }
}
