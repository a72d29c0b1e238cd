// Rendering: output-merger blending (every factor in colour and alpha slots, every op, the blend
// factor constant, write masks, independent blending over two targets, dual-source SRC1) and
// D3D11.1 logic ops on an integer target. Values are powers of two on float targets, so every
// blend result is exact and computed here on the CPU.
#include "render_util.h"

using namespace render;

namespace {

// o0 = cb0[0], o1 = cb0[1]: the source colours come from a constant buffer, exactly.
const std::string kTwoOutputPS =
    signature("Output", {"SV_Target                0   xyzw        0   TARGET   float   xyzw",
                         "SV_Target                1   xyzw        1   TARGET   float   xyzw"}) +
    "ps_4_0\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, cb0[0].xyzw\n"
    "mov o1.xyzw, cb0[1].xyzw\n"
    "ret\n";

const std::string kOneOutputPS =
    "ps_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, cb0[0].xyzw\n"
    "ret\n";

// An unsigned-integer output from cb0[0] (the signature makes the output uvec4).
const std::string kUintPS =
    signature("Output", {"SV_Target                0   xyzw        0   TARGET    uint   xyzw"}) +
    "ps_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, cb0[0].xyzw\n"
    "ret\n";

using Color = std::array<float, 4>;
const Color kSrc = {0.5f, 0.25f, 0.75f, 0.5f};
const Color kSrc1 = {0.625f, 0.125f, 0.375f, 0.25f};  // unlike kSrc and kDst in every channel
const Color kDst = {0.25f, 0.5f, 0.125f, 0.75f};
const Color kFactor = {0.25f, 0.75f, 0.5f, 0.125f};

// D3D11's blend factor for channel c (3 = alpha).
float factorOf(D3D11_BLEND blend, int c) {
  const bool alpha = c == 3;
  switch (blend) {
    case D3D11_BLEND_ZERO: return 0;
    case D3D11_BLEND_ONE: return 1;
    case D3D11_BLEND_SRC_COLOR: return kSrc[c];
    case D3D11_BLEND_INV_SRC_COLOR: return 1 - kSrc[c];
    case D3D11_BLEND_SRC_ALPHA: return kSrc[3];
    case D3D11_BLEND_INV_SRC_ALPHA: return 1 - kSrc[3];
    case D3D11_BLEND_DEST_ALPHA: return kDst[3];
    case D3D11_BLEND_INV_DEST_ALPHA: return 1 - kDst[3];
    case D3D11_BLEND_DEST_COLOR: return kDst[c];
    case D3D11_BLEND_INV_DEST_COLOR: return 1 - kDst[c];
    case D3D11_BLEND_SRC_ALPHA_SAT: return alpha ? 1.0f : std::min(kSrc[3], 1 - kDst[3]);
    case D3D11_BLEND_BLEND_FACTOR: return kFactor[c];
    case D3D11_BLEND_INV_BLEND_FACTOR: return 1 - kFactor[c];
    case D3D11_BLEND_SRC1_COLOR: return kSrc1[c];
    case D3D11_BLEND_INV_SRC1_COLOR: return 1 - kSrc1[c];
    case D3D11_BLEND_SRC1_ALPHA: return kSrc1[3];
    case D3D11_BLEND_INV_SRC1_ALPHA: return 1 - kSrc1[3];
  }
  return -1;
}

float blendOf(D3D11_BLEND_OP op, float s, float fs, float d, float fd) {
  switch (op) {
    case D3D11_BLEND_OP_ADD: return s * fs + d * fd;
    case D3D11_BLEND_OP_SUBTRACT: return s * fs - d * fd;
    case D3D11_BLEND_OP_REV_SUBTRACT: return d * fd - s * fs;
    case D3D11_BLEND_OP_MIN: return std::min(s, d);  // MIN and MAX ignore the factors
    case D3D11_BLEND_OP_MAX: return std::max(s, d);
  }
  return -1;
}

struct BlendCase {
  D3D11_BLEND src, dst;
  D3D11_BLEND_OP op;
  D3D11_BLEND srcAlpha, dstAlpha;
  D3D11_BLEND_OP opAlpha;
};

Color expected(const BlendCase& b) {
  Color out;
  for (int c = 0; c < 3; ++c)
    out[c] = blendOf(b.op, kSrc[c], factorOf(b.src, c), kDst[c], factorOf(b.dst, c));
  out[3] = blendOf(b.opAlpha, kSrc[3], factorOf(b.srcAlpha, 3), kDst[3], factorOf(b.dstAlpha, 3));
  return out;
}

// A 1x1 R32G32B32A32_FLOAT target with the constant-colour pixel shader.
struct BlendScene {
  Fixture& f;
  Scene scene;
  ComPtr<ID3D11Buffer> cb;
  explicit BlendScene(Fixture& fixture, const std::string& ps = kOneOutputPS)
      : f(fixture), scene(fixture, 1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, ps) {
    const Color colors[2] = {kSrc, kSrc1};
    cb = f.buffer(sizeof(colors), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, colors);
    ID3D11Buffer* cbs[] = {cb.get()};
    f.context->PSSetConstantBuffers(0, 1, cbs);
    scene.vertices(rect(-1, -1, 1, 1, 0, 0, 0));
  }
  Color run(const D3D11_BLEND_DESC& desc, const float* factor = kFactor.data()) {
    ComPtr<ID3D11BlendState> state;
    REQUIRE(f.device->CreateBlendState(&desc, state.put()) == S_OK);
    f.context->OMSetBlendState(state.get(), factor, 0xffffffff);
    scene.clear(kDst[0], kDst[1], kDst[2], kDst[3]);
    f.context->Draw(6, 0);
    return scene.rgba(scene.pixels(), 0, 0);
  }
};

D3D11_BLEND_DESC descOf(const BlendCase& b) {
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0] = {TRUE, b.src, b.dst, b.op, b.srcAlpha, b.dstAlpha, b.opAlpha, D3D11_COLOR_WRITE_ENABLE_ALL};
  return desc;
}

const char* name(D3D11_BLEND b) {
  static const char* names[] = {"?", "ZERO", "ONE", "SRC_COLOR", "INV_SRC_COLOR", "SRC_ALPHA", "INV_SRC_ALPHA", "DEST_ALPHA",
                                "INV_DEST_ALPHA", "DEST_COLOR", "INV_DEST_COLOR", "SRC_ALPHA_SAT", "?", "?", "BLEND_FACTOR",
                                "INV_BLEND_FACTOR", "SRC1_COLOR", "INV_SRC1_COLOR", "SRC1_ALPHA", "INV_SRC1_ALPHA"};
  return names[b];
}

}  // namespace

TEST_CASE("every blend factor in the colour slots, as source and as destination", "[render][blend]") {
  Fixture f;
  BlendScene s(f);
  const D3D11_BLEND factors[] = {D3D11_BLEND_ZERO, D3D11_BLEND_ONE, D3D11_BLEND_SRC_COLOR, D3D11_BLEND_INV_SRC_COLOR,
                                 D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_INV_DEST_ALPHA,
                                 D3D11_BLEND_DEST_COLOR, D3D11_BLEND_INV_DEST_COLOR, D3D11_BLEND_SRC_ALPHA_SAT, D3D11_BLEND_BLEND_FACTOR,
                                 D3D11_BLEND_INV_BLEND_FACTOR};
  for (D3D11_BLEND factor : factors) {
    for (bool asSource : {true, false}) {
      // The other slot holds a factor that is neither 0 nor 1 so both terms show.
      BlendCase b{asSource ? factor : D3D11_BLEND_INV_SRC_ALPHA, asSource ? D3D11_BLEND_DEST_ALPHA : factor, D3D11_BLEND_OP_ADD,
                  D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD};
      INFO(name(factor) << (asSource ? " as SrcBlend" : " as DestBlend"));
      CHECK(s.run(descOf(b)) == expected(b));
    }
  }
}

TEST_CASE("every blend factor allowed in the alpha slots", "[render][blend]") {
  Fixture f;
  BlendScene s(f);
  const D3D11_BLEND factors[] = {D3D11_BLEND_ZERO, D3D11_BLEND_ONE, D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA,
                                 D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_INV_DEST_ALPHA, D3D11_BLEND_SRC_ALPHA_SAT,
                                 D3D11_BLEND_BLEND_FACTOR, D3D11_BLEND_INV_BLEND_FACTOR};
  for (D3D11_BLEND factor : factors) {
    for (bool asSource : {true, false}) {
      BlendCase b{D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, asSource ? factor : D3D11_BLEND_INV_BLEND_FACTOR,
                  asSource ? D3D11_BLEND_SRC_ALPHA : factor, D3D11_BLEND_OP_ADD};
      INFO(name(factor) << (asSource ? " as SrcBlendAlpha" : " as DestBlendAlpha"));
      CHECK(s.run(descOf(b)) == expected(b));
    }
  }
}

TEST_CASE("every blend op, for colour and alpha separately", "[render][blend]") {
  Fixture f;
  BlendScene s(f);
  const D3D11_BLEND_OP ops[] = {D3D11_BLEND_OP_ADD, D3D11_BLEND_OP_SUBTRACT, D3D11_BLEND_OP_REV_SUBTRACT, D3D11_BLEND_OP_MIN,
                                D3D11_BLEND_OP_MAX};
  for (D3D11_BLEND_OP op : ops) {
    for (D3D11_BLEND_OP opAlpha : {D3D11_BLEND_OP_ADD, op}) {
      BlendCase b{D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, op, D3D11_BLEND_DEST_ALPHA, D3D11_BLEND_ONE, opAlpha};
      INFO("op " << op << " alpha op " << opAlpha);
      CHECK(s.run(descOf(b)) == expected(b));
    }
  }
}

TEST_CASE("the blend factor constant is dynamic: changing it alone changes the result", "[render][blend]") {
  Fixture f;
  BlendScene s(f);
  BlendCase b{D3D11_BLEND_BLEND_FACTOR, D3D11_BLEND_INV_BLEND_FACTOR, D3D11_BLEND_OP_ADD, D3D11_BLEND_BLEND_FACTOR,
              D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD};
  CHECK(s.run(descOf(b)) == expected(b));
  // A null factor means (1, 1, 1, 1): the source alone.
  CHECK(s.run(descOf(b), nullptr) == kSrc);
}

TEST_CASE("render target write masks keep the masked channels", "[render][blend]") {
  Fixture f;
  BlendScene s(f);
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0] = {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                          D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_RED | D3D11_COLOR_WRITE_ENABLE_ALPHA};
  CHECK(s.run(desc) == Color{kSrc[0], kDst[1], kDst[2], kSrc[3]});
  desc.RenderTarget[0].RenderTargetWriteMask = 0;
  CHECK(s.run(desc) == kDst);
}

TEST_CASE("independent blending applies each target's own state", "[render][blend]") {
  Fixture f;
  BlendScene s(f, kTwoOutputPS);
  auto second = f.texture2D(1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> secondView;
  REQUIRE(f.device->CreateRenderTargetView(second.get(), nullptr, secondView.put()) == S_OK);
  ID3D11RenderTargetView* targets[] = {s.scene.rtv.get(), secondView.get()};
  f.context->OMSetRenderTargets(2, targets, nullptr);
  f.context->ClearRenderTargetView(secondView.get(), kDst.data());
  D3D11_BLEND_DESC desc{};
  desc.IndependentBlendEnable = TRUE;
  const BlendCase add{D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD};
  desc.RenderTarget[0] = descOf(add).RenderTarget[0];
  desc.RenderTarget[1] = {TRUE, D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_MIN, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                          D3D11_BLEND_OP_MAX, D3D11_COLOR_WRITE_ENABLE_ALL};
  CHECK(s.run(desc) == expected(add));
  D3D11_TEXTURE2D_DESC td;
  second->GetDesc(&td);
  auto px = f.readTexture(second.get(), 0, 16);
  Color got;
  std::memcpy(got.data(), px.data(), 16);
  // Target 1 receives o1 (kSrc1) and blends MIN for colour, MAX for alpha.
  CHECK(got == Color{std::min(kSrc1[0], kDst[0]), std::min(kSrc1[1], kDst[1]), std::min(kSrc1[2], kDst[2]), std::max(kSrc1[3], kDst[3])});
}

// Dual-source blending: the pixel shader's o1 is SRC1 of target 0 (the compiler's dual-source
// variant puts it at Location 0, Index 1). Each SRC1 factor in each slot D3D11 allows it in, with
// a factor in the other slot that is neither 0 nor 1.
TEST_CASE("dual-source blending: every SRC1 factor as source and destination, colour and alpha", "[render][blend]") {
  Fixture f;
  BlendScene s(f, kTwoOutputPS);
  const D3D11_BLEND colorFactors[] = {D3D11_BLEND_SRC1_COLOR, D3D11_BLEND_INV_SRC1_COLOR, D3D11_BLEND_SRC1_ALPHA,
                                      D3D11_BLEND_INV_SRC1_ALPHA};
  for (D3D11_BLEND factor : colorFactors) {
    for (bool asSource : {true, false}) {
      BlendCase b{asSource ? factor : D3D11_BLEND_INV_SRC_ALPHA, asSource ? D3D11_BLEND_DEST_COLOR : factor, D3D11_BLEND_OP_ADD,
                  D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD};
      INFO(name(factor) << (asSource ? " as SrcBlend" : " as DestBlend"));
      const Color want = expected(b);
      CHECK(s.run(descOf(b)) == want);
    }
  }
  // _COLOR factors are not allowed in the alpha slots (CreateBlendState refuses them).
  for (D3D11_BLEND factor : {D3D11_BLEND_SRC1_ALPHA, D3D11_BLEND_INV_SRC1_ALPHA}) {
    for (bool asSource : {true, false}) {
      BlendCase b{D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, asSource ? factor : D3D11_BLEND_INV_BLEND_FACTOR,
                  asSource ? D3D11_BLEND_DEST_ALPHA : factor, D3D11_BLEND_OP_ADD};
      INFO(name(factor) << (asSource ? " as SrcBlendAlpha" : " as DestBlendAlpha"));
      CHECK(s.run(descOf(b)) == expected(b));
    }
  }
  // SRC1 in both slots of colour and alpha at once.
  BlendCase both{D3D11_BLEND_SRC1_COLOR, D3D11_BLEND_INV_SRC1_COLOR, D3D11_BLEND_OP_ADD, D3D11_BLEND_SRC1_ALPHA,
                 D3D11_BLEND_INV_SRC1_ALPHA, D3D11_BLEND_OP_ADD};
  CHECK(s.run(descOf(both)) == expected(both));
  // The same shader without SRC1 factors is the plain one again: o0 alone blends into target 0.
  BlendCase plain{D3D11_BLEND_SRC_ALPHA, D3D11_BLEND_INV_SRC_ALPHA, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                  D3D11_BLEND_OP_ADD};
  CHECK(s.run(descOf(plain)) == expected(plain));
}

namespace {

// A second 1x1 float target bound after the scene's, cleared to `clear`.
struct SecondTarget {
  ComPtr<ID3D11Texture2D> texture;
  ComPtr<ID3D11RenderTargetView> view;
  SecondTarget(Fixture& f, BlendScene& s) {
    texture = f.texture2D(1, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, view.put()) == S_OK);
    ID3D11RenderTargetView* targets[] = {s.scene.rtv.get(), view.get()};
    f.context->OMSetRenderTargets(2, targets, nullptr);
  }
  Color read(Fixture& f) {
    auto px = f.readTexture(texture.get(), 0, 16);
    Color got;
    std::memcpy(got.data(), px.data(), 16);
    return got;
  }
};

}  // namespace

TEST_CASE("dual-source blending writes render target 0 alone", "[render][blend]") {
  Fixture f;
  BlendScene s(f, kTwoOutputPS);
  SecondTarget second(f, s);
  const Color kept = {0.5f, 0.5f, 0.5f, 0.5f};
  f.context->ClearRenderTargetView(second.view.get(), kept.data());
  // IndependentBlendEnable = FALSE: target 1 gets target 0's SRC1 state too, and D3D11 still
  // writes only target 0 while dual-source factors are in use.
  BlendCase b{D3D11_BLEND_ONE, D3D11_BLEND_SRC1_COLOR, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_INV_SRC1_ALPHA,
              D3D11_BLEND_OP_ADD};
  CHECK(s.run(descOf(b)) == expected(b));
  CHECK(second.read(f) == kept);
  // Without SRC1 factors the same shader writes o1 to target 1 again.
  BlendCase plain{D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD};
  CHECK(s.run(descOf(plain)) == kSrc);
  CHECK(second.read(f) == kSrc1);
}

TEST_CASE("a render target the pixel shader does not write keeps its contents", "[render][blend]") {
  Fixture f;
  BlendScene s(f, kOneOutputPS);  // writes SV_Target0 only
  SecondTarget second(f, s);
  const Color kept = {0.25f, 0.75f, 0.5f, 1.0f};
  f.context->ClearRenderTargetView(second.view.get(), kept.data());
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0] = {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                          D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  CHECK(s.run(desc) == kSrc);
  CHECK(second.read(f) == kept);
  // Blending on (ONE/ONE would add whatever the shader left in an unwritten output) changes nothing either.
  desc.RenderTarget[0] = descOf({D3D11_BLEND_ONE, D3D11_BLEND_ONE, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ONE,
                                 D3D11_BLEND_OP_ADD}).RenderTarget[0];
  s.run(desc);
  CHECK(second.read(f) == kept);
}

TEST_CASE("D3D11.1 logic ops combine integer source and destination bits", "[render][blend]") {
  Fixture f;
  auto device1 = f.device.query<ID3D11Device1>();
  REQUIRE(device1);
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(f.device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK);
  if (!options.OutputMergerLogicOp) {
    WARN("the device has no output-merger logic ops");
    return;
  }
  Scene s(f, 1, 1, DXGI_FORMAT_R8G8B8A8_UINT, kUintPS);
  const uint32_t src = 0b1100, dst = 0b1010;
  const uint32_t srcWords[4] = {src, src, src, src};
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, srcWords);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  s.vertices(rect(-1, -1, 1, 1, 0, 0, 0));
  struct {
    D3D11_LOGIC_OP op;
    uint32_t result;
  } cases[] = {
      {D3D11_LOGIC_OP_CLEAR, 0},
      {D3D11_LOGIC_OP_SET, 0xff},
      {D3D11_LOGIC_OP_COPY, src},
      {D3D11_LOGIC_OP_COPY_INVERTED, ~src & 0xff},
      {D3D11_LOGIC_OP_NOOP, dst},
      {D3D11_LOGIC_OP_INVERT, ~dst & 0xff},
      {D3D11_LOGIC_OP_AND, src & dst},
      {D3D11_LOGIC_OP_NAND, ~(src & dst) & 0xff},
      {D3D11_LOGIC_OP_OR, src | dst},
      {D3D11_LOGIC_OP_NOR, ~(src | dst) & 0xff},
      {D3D11_LOGIC_OP_XOR, src ^ dst},
      {D3D11_LOGIC_OP_EQUIV, ~(src ^ dst) & 0xff},
      {D3D11_LOGIC_OP_AND_REVERSE, src & ~dst & 0xff},
      {D3D11_LOGIC_OP_AND_INVERTED, ~src & dst & 0xff},
      {D3D11_LOGIC_OP_OR_REVERSE, (src | ~dst) & 0xff},
      {D3D11_LOGIC_OP_OR_INVERTED, (~src | dst) & 0xff},
  };
  for (const auto& c : cases) {
    D3D11_BLEND_DESC1 desc{};
    desc.RenderTarget[0].LogicOpEnable = TRUE;
    desc.RenderTarget[0].LogicOp = c.op;
    desc.RenderTarget[0].SrcBlend = desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
    desc.RenderTarget[0].DestBlend = desc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
    desc.RenderTarget[0].BlendOp = desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
    desc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
    ComPtr<ID3D11BlendState1> state;
    REQUIRE(device1->CreateBlendState1(&desc, state.put()) == S_OK);
    f.context->OMSetBlendState(state.get(), nullptr, 0xffffffff);
    s.clear(float(dst), float(dst), float(dst), float(dst));  // a UINT target clears to the float's integer value
    f.context->Draw(6, 0);
    INFO("logic op " << c.op);
    CHECK(s.at(s.pixels(), 0, 0) == c.result * 0x01010101u);
  }
}
