// Rendering: depth compare functions and the depth write mask, stencil ops with reference, read
// and write masks and separate front/back faces, depth bias (constant, slope-scaled, clamp) and
// depth clipping on and off. Depth and stencil values are read back through staging copies.
#include "render_util.h"

using namespace render;

namespace {

const uint32_t kRed = rgba8(255, 0, 0);

// Reads the stencil plane of an R24G8_TYPELESS texture through an X24_TYPELESS_G8_UINT view into
// a buffer: D3D11 puts the stencil value in .y (G8) of such a view.
const char* kStencilReadCS =
    "cs_5_0\n"
    "dcl_resource_texture2d (uint,uint,uint,uint) t0\n"
    "dcl_uav_structured u0, 4\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input vThreadID.xy\n"
    "dcl_temps 2\n"
    "dcl_thread_group 1, 1, 1\n"
    "mov r0.xy, vThreadID.xyxx\n"
    "mov r0.zw, l(0, 0, 0, 0)\n"
    "ld r1.xyzw, r0.xyzw, t0.xyzw\n"
    "imad r0.x, vThreadID.y, cb0[0].x, vThreadID.x\n"
    "store_structured u0.x, r0.x, l(0), r1.y\n"
    "ret\n";

struct DepthScene {
  Fixture& f;
  Scene scene;
  DXGI_FORMAT format;
  ComPtr<ID3D11Texture2D> depth;
  ComPtr<ID3D11DepthStencilView> dsv;
  ComPtr<ID3D11ShaderResourceView> stencilView;
  DepthScene(Fixture& fixture, DXGI_FORMAT fmt, UINT width = 1, UINT height = 1) : f(fixture), scene(fixture, width, height), format(fmt) {
    if (format == DXGI_FORMAT_D24_UNORM_S8_UINT) {
      depth = f.texture2D(width, height, DXGI_FORMAT_R24G8_TYPELESS, D3D11_USAGE_DEFAULT,
                          D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
      D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
      dsvDesc.Format = format;
      dsvDesc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
      REQUIRE(f.device->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.put()) == S_OK);
      D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
      srvDesc.Format = DXGI_FORMAT_X24_TYPELESS_G8_UINT;
      srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
      srvDesc.Texture2D = {0, 1};
      REQUIRE(f.device->CreateShaderResourceView(depth.get(), &srvDesc, stencilView.put()) == S_OK);
    } else {
      depth = f.texture2D(width, height, format, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL);
      REQUIRE(f.device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
    }
    bind();
  }
  void bind() {
    ID3D11RenderTargetView* targets[] = {scene.rtv.get()};
    f.context->OMSetRenderTargets(1, targets, dsv.get());
  }
  void state(const D3D11_DEPTH_STENCIL_DESC& desc, UINT ref = 0) {
    ComPtr<ID3D11DepthStencilState> s;
    REQUIRE(f.device->CreateDepthStencilState(&desc, s.put()) == S_OK);
    f.context->OMSetDepthStencilState(s.get(), ref);
  }
  void clear(float d, UINT8 stencil = 0) {
    scene.clear(0, 0, 0, 0);
    f.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, d, stencil);
  }
  float depthAt(UINT x = 0, UINT y = 0) {
    auto px = f.readTexture(depth.get(), 0, 4);
    float v;
    std::memcpy(&v, &px[(y * scene.width + x) * 4], 4);
    return v;
  }
  // The stored stencil value at (x, y), found with stencil tests alone: a binary search on the
  // largest reference passing LESS_EQUAL (ref <= stored), with KEEP ops and no depth or colour
  // side effects the caller checks afterwards (the colour target is cleared). The bound state and
  // reference are restored.
  uint32_t stencilAt(UINT x = 0, UINT y = 0) {
    ComPtr<ID3D11DepthStencilState> saved;
    UINT savedRef = 0;
    f.context->OMGetDepthStencilState(saved.put(), &savedRef);
    D3D11_DEPTH_STENCIL_DESC probe{};
    probe.DepthEnable = FALSE;
    probe.StencilEnable = TRUE;
    probe.StencilReadMask = 0xff;
    probe.StencilWriteMask = 0;
    probe.FrontFace = probe.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_LESS_EQUAL};
    ComPtr<ID3D11DepthStencilState> probeState;
    REQUIRE(f.device->CreateDepthStencilState(&probe, probeState.put()) == S_OK);
    uint32_t lo = 0, hi = 255;  // invariant: lo <= stored <= hi
    while (lo < hi) {
      const uint32_t mid = (lo + hi + 1) / 2;
      f.context->OMSetDepthStencilState(probeState.get(), mid);
      scene.clear(0, 0, 0, 0);
      scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
      if (scene.at(scene.pixels(), x, y) == kRed)
        lo = mid;
      else
        hi = mid - 1;
    }
    f.context->OMSetDepthStencilState(saved.get(), savedRef);
    return lo;
  }
};

D3D11_DEPTH_STENCIL_DESC depthDesc(D3D11_COMPARISON_FUNC func, D3D11_DEPTH_WRITE_MASK write = D3D11_DEPTH_WRITE_MASK_ALL) {
  D3D11_DEPTH_STENCIL_DESC desc{};
  desc.DepthEnable = TRUE;
  desc.DepthWriteMask = write;
  desc.DepthFunc = func;
  desc.StencilReadMask = desc.StencilWriteMask = 0xff;
  desc.FrontFace = desc.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS};
  return desc;
}

D3D11_DEPTH_STENCIL_DESC stencilDesc(D3D11_DEPTH_STENCILOP_DESC face, UINT8 readMask = 0xff, UINT8 writeMask = 0xff) {
  D3D11_DEPTH_STENCIL_DESC desc = depthDesc(D3D11_COMPARISON_ALWAYS, D3D11_DEPTH_WRITE_MASK_ZERO);
  desc.StencilEnable = TRUE;
  desc.StencilReadMask = readMask;
  desc.StencilWriteMask = writeMask;
  desc.FrontFace = desc.BackFace = face;
  return desc;
}

bool compare(D3D11_COMPARISON_FUNC func, float a, float b) {
  switch (func) {
    case D3D11_COMPARISON_NEVER: return false;
    case D3D11_COMPARISON_LESS: return a < b;
    case D3D11_COMPARISON_EQUAL: return a == b;
    case D3D11_COMPARISON_LESS_EQUAL: return a <= b;
    case D3D11_COMPARISON_GREATER: return a > b;
    case D3D11_COMPARISON_NOT_EQUAL: return a != b;
    case D3D11_COMPARISON_GREATER_EQUAL: return a >= b;
    case D3D11_COMPARISON_ALWAYS: return true;
  }
  return false;
}

const D3D11_COMPARISON_FUNC kFuncs[] = {D3D11_COMPARISON_NEVER,     D3D11_COMPARISON_LESS,          D3D11_COMPARISON_EQUAL,
                                        D3D11_COMPARISON_LESS_EQUAL, D3D11_COMPARISON_GREATER,       D3D11_COMPARISON_NOT_EQUAL,
                                        D3D11_COMPARISON_GREATER_EQUAL, D3D11_COMPARISON_ALWAYS};

}  // namespace

TEST_CASE("every depth compare function against the cleared depth, with depth writes on and off", "[render][depth]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D32_FLOAT);
  for (D3D11_COMPARISON_FUNC func : kFuncs) {
    for (float z : {0.25f, 0.5f, 0.75f}) {
      for (auto mask : {D3D11_DEPTH_WRITE_MASK_ALL, D3D11_DEPTH_WRITE_MASK_ZERO}) {
        INFO("func " << func << " z " << z << " write mask " << mask);
        s.state(depthDesc(func, mask));
        s.clear(0.5f);
        s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, z));
        const bool pass = compare(func, z, 0.5f);
        CHECK(s.scene.at(s.scene.pixels(), 0, 0) == (pass ? kRed : 0u));
        // Vertex z passes through the [0, 1] viewport unchanged: the stored depth is exact.
        CHECK(s.depthAt() == (pass && mask == D3D11_DEPTH_WRITE_MASK_ALL ? z : 0.5f));
      }
    }
  }
}

TEST_CASE("DepthEnable = FALSE neither tests nor writes depth", "[render][depth]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D32_FLOAT);
  D3D11_DEPTH_STENCIL_DESC desc = depthDesc(D3D11_COMPARISON_NEVER);
  desc.DepthEnable = FALSE;
  s.state(desc);
  s.clear(0.5f);
  s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, 0.75f));
  CHECK(s.scene.at(s.scene.pixels(), 0, 0) == kRed);
  CHECK(s.depthAt() == 0.5f);
}

TEST_CASE("every stencil op on pass, and the fail and depth-fail ops, with the stencil reference", "[render][stencil]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D24_UNORM_S8_UINT);
  const UINT ref = 3;
  struct {
    D3D11_STENCIL_OP op;
    UINT8 initial;
    uint32_t result;
  } cases[] = {
      {D3D11_STENCIL_OP_KEEP, 5, 5},        {D3D11_STENCIL_OP_ZERO, 5, 0},        {D3D11_STENCIL_OP_REPLACE, 5, ref},
      {D3D11_STENCIL_OP_INCR_SAT, 5, 6},    {D3D11_STENCIL_OP_INCR_SAT, 255, 255}, {D3D11_STENCIL_OP_DECR_SAT, 5, 4},
      {D3D11_STENCIL_OP_DECR_SAT, 0, 0},    {D3D11_STENCIL_OP_INVERT, 5, 0xfa},    {D3D11_STENCIL_OP_INCR, 5, 6},
      {D3D11_STENCIL_OP_INCR, 255, 0},      {D3D11_STENCIL_OP_DECR, 5, 4},         {D3D11_STENCIL_OP_DECR, 0, 255},
  };
  // Each op as the pass op (stencil ALWAYS), the stencil-fail op (stencil NEVER) and the
  // depth-fail op (depth LESS failing).
  for (const auto& c : cases) {
    for (const char* as : {"pass", "stencil-fail", "depth-fail"}) {
      INFO("op " << c.op << " on " << int(c.initial) << " as the " << as << " op");
      const std::string slot = as;
      D3D11_DEPTH_STENCIL_DESC desc = stencilDesc({slot == "stencil-fail" ? c.op : D3D11_STENCIL_OP_KEEP,
                                                   slot == "depth-fail" ? c.op : D3D11_STENCIL_OP_KEEP,
                                                   slot == "pass" ? c.op : D3D11_STENCIL_OP_KEEP,
                                                   slot == "stencil-fail" ? D3D11_COMPARISON_NEVER : D3D11_COMPARISON_ALWAYS});
      if (slot == "depth-fail")
        desc.DepthFunc = D3D11_COMPARISON_LESS;
      s.state(desc, ref);
      s.clear(0.25f, c.initial);
      s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, 0.5f));  // depth 0.5 < 0.25 fails LESS
      CHECK(s.scene.at(s.scene.pixels(), 0, 0) == (slot == "pass" ? kRed : 0u));
      CHECK(s.stencilAt() == c.result);
    }
  }
}

TEST_CASE("stencil compare functions use the read mask, writes use the write mask", "[render][stencil]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D24_UNORM_S8_UINT);
  SECTION("compare functions: (ref & mask) func (stencil & mask)") {
    // D3D11 compares the masked reference (left) with the masked stored value (right).
    const UINT ref = 0x13;
    for (D3D11_COMPARISON_FUNC func : kFuncs) {
      for (UINT8 stored : {UINT8(0x21), UINT8(0x23), UINT8(0x27)}) {
        INFO("func " << func << " stored " << int(stored));
        s.state(stencilDesc({D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, func}, 0x0f), ref);
        s.clear(0.5f, stored);
        s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
        const bool pass = compare(func, float(ref & 0x0f), float(stored & 0x0f));
        CHECK(s.scene.at(s.scene.pixels(), 0, 0) == (pass ? kRed : 0u));
      }
    }
  }
  SECTION("write mask: only the mask's bits of REPLACE land") {
    s.state(stencilDesc({D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS}, 0xff, 0x0f),
            0xab);
    s.clear(0.5f, 0x50);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    CHECK(s.stencilAt() == 0x5bu);
  }
  SECTION("the reference is dynamic: a new reference with the same state takes effect") {
    s.state(stencilDesc({D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_REPLACE, D3D11_COMPARISON_ALWAYS}), 7);
    s.clear(0.5f, 0);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    CHECK(s.stencilAt() == 7u);
    ComPtr<ID3D11DepthStencilState> current;
    UINT oldRef = 0;
    f.context->OMGetDepthStencilState(current.put(), &oldRef);
    CHECK(oldRef == 7u);
    f.context->OMSetDepthStencilState(current.get(), 9);
    f.context->Draw(6, 0);
    CHECK(s.stencilAt() == 9u);
  }
}

TEST_CASE("front and back faces use their own stencil ops", "[render][stencil]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D24_UNORM_S8_UINT, 2, 1);
  D3D11_DEPTH_STENCIL_DESC desc = stencilDesc({D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_INCR, D3D11_COMPARISON_ALWAYS});
  desc.BackFace.StencilPassOp = D3D11_STENCIL_OP_DECR;
  s.state(desc, 0);
  s.clear(0.5f, 10);
  // rect() winds clockwise on screen (front); the right pixel gets the same rectangle reversed.
  auto front = rect(-1, -1, 0, 1, 1, 0, 0);
  auto back = rect(0, -1, 1, 1, 1, 0, 0);
  std::reverse(back.begin(), back.end());
  front.insert(front.end(), back.begin(), back.end());
  s.scene.draw(front);
  CHECK(s.stencilAt(0, 0) == 11u);
  CHECK(s.stencilAt(1, 0) == 9u);
}

TEST_CASE("depth bias: constant units on a float depth buffer, slope-scaled bias and its clamp", "[render][depth]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D32_FLOAT, 4, 1);
  s.state(depthDesc(D3D11_COMPARISON_ALWAYS));
  SECTION("constant: DepthBias * 2^(exponent(z) - 23)") {
    auto raster = rasterizer(f, D3D11_CULL_NONE, FALSE, TRUE, 1000);
    f.context->RSSetState(raster.get());
    s.clear(0);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, 0.5f));
    // 0.5 has exponent -1: one unit is 2^-24, exactly the spacing of floats at 0.5.
    CHECK(s.depthAt() == 0.5f + 1000.0f * std::ldexp(1.0f, -24));
  }
  // z rises by 0.125 per pixel along x (0.25 at the left edge, 0.75 at the right).
  auto ramp = [] {
    return std::vector<Vertex>{vtx(-1, -1, 1, 0, 0, 1, 0.25f), vtx(-1, 1, 1, 0, 0, 1, 0.25f), vtx(1, 1, 1, 0, 0, 1, 0.75f),
                               vtx(-1, -1, 1, 0, 0, 1, 0.25f), vtx(1, 1, 1, 0, 0, 1, 0.75f), vtx(1, -1, 1, 0, 0, 1, 0.75f)};
  };
  SECTION("slope-scaled: SlopeScaledDepthBias * max |dz/dx|, |dz/dy|") {
    auto raster = rasterizer(f, D3D11_CULL_NONE, FALSE, TRUE, 0, 2.0f);
    f.context->RSSetState(raster.get());
    s.clear(0);
    s.scene.draw(ramp());
    for (UINT x = 0; x < 4; ++x) {
      INFO("pixel " << x);
      // Interpolated depth plus 2 * 0.125; the margin covers the rasterizer's plane-equation rounding.
      CHECK(s.depthAt(x) == Approx(0.25f + 0.125f * (x + 0.5f) + 0.25f).margin(1e-6));
    }
  }
  SECTION("clamped: the bias never exceeds DepthBiasClamp") {
    auto raster = rasterizer(f, D3D11_CULL_NONE, FALSE, TRUE, 0, 2.0f, 0.0625f);
    f.context->RSSetState(raster.get());
    s.clear(0);
    s.scene.draw(ramp());
    for (UINT x = 0; x < 4; ++x) {
      INFO("pixel " << x);
      CHECK(s.depthAt(x) == Approx(0.25f + 0.125f * (x + 0.5f) + 0.0625f).margin(1e-6));
    }
  }
}

TEST_CASE("depth clip: on, geometry beyond the depth range is clipped; off, it is clamped to the viewport's range",
          "[render][depth]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D32_FLOAT);
  s.state(depthDesc(D3D11_COMPARISON_ALWAYS));
  for (float z : {1.5f, -0.5f}) {
    INFO("z " << z);
    auto clip = rasterizer(f, D3D11_CULL_NONE, FALSE, TRUE);
    f.context->RSSetState(clip.get());
    s.clear(0.5f);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, z));
    CHECK(s.scene.at(s.scene.pixels(), 0, 0) == 0u);
    CHECK(s.depthAt() == 0.5f);

    auto noClip = rasterizer(f, D3D11_CULL_NONE, FALSE, FALSE);
    f.context->RSSetState(noClip.get());
    s.clear(0.5f);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, z));
    CHECK(s.scene.at(s.scene.pixels(), 0, 0) == kRed);
    CHECK(s.depthAt() == (z > 1 ? 1.0f : 0.0f));
  }
  SECTION("the clamp follows the viewport's MinDepth/MaxDepth") {
    auto noClip = rasterizer(f, D3D11_CULL_NONE, FALSE, FALSE);
    f.context->RSSetState(noClip.get());
    D3D11_VIEWPORT viewport{0, 0, 1, 1, 0.25f, 0.75f};
    f.context->RSSetViewports(1, &viewport);
    s.clear(0.5f);
    s.scene.draw(rect(-1, -1, 1, 1, 1, 0, 0, 1, 1.5f));
    CHECK(s.depthAt() == 0.75f);
  }
}

// The stencil value must read from .y (G8) of an X24_TYPELESS_G8_UINT view, where Vulkan's stencil
// aspect delivers it in .x: the view swizzles it (src/d3d11/d3d11_view.cpp).
TEST_CASE("a stencil SRV (X24_TYPELESS_G8_UINT) delivers the stencil value in .y", "[render][stencil]") {
  Fixture f;
  DepthScene s(f, DXGI_FORMAT_D24_UNORM_S8_UINT);
  s.clear(0.5f, 0x5a);
  ID3D11RenderTargetView* targets[] = {s.scene.rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  auto cs = makeCS(f, kStencilReadCS);
  auto out = f.buffer(4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(out.get(), nullptr, uav.put()) == S_OK);
  const uint32_t width[4] = {1, 0, 0, 0};
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, width);
  f.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* views[] = {s.stencilView.get()};
  f.context->CSSetShaderResources(0, 1, views);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->CSSetConstantBuffers(0, 1, cbs);
  f.context->Dispatch(1, 1, 1);
  CHECK(texel(f.readBuffer(out.get()), 0) == 0x5au);
}
