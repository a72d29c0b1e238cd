// Rendering: the draw path keeps each stage's last recorded descriptor entries (sets of three
// bindings or more) and computes again only the slots a Set* method rebound (docs/pipelines.md,
// "Benchmark: draw-call cost"); smaller sets are computed whole. Each draw
// here covers one column of a 1-row target and samples 1x1 textures of distinct colours, so a
// column shows which view, sampler or constant buffer the draw really read: a stale entry shows
// as the colour of an earlier binding.
#include "render_util.h"

using namespace render;

namespace {

constexpr UINT kColumns = 8;

// t0 at the texture's centre, as is.
const std::string kSampleT0 =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_output o0.xyzw\n"
    "sample_l o0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0, l(0)\n"
    "ret\n";

// The same bindings as kSampleT0 (another shader, so a switch changes the pipeline), channels
// swapped: blue, green, red, alpha.
const std::string kSampleT0Swapped =
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "sample_l r0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0, l(0)\n"
    "mov o0.xyzw, r0.zyxw\n"
    "ret\n";

// The same with a third binding, cb2 (read, times zero), so the stage's entries are kept:
// `resource` is t0 or t1, `swizzle` the channels out.
std::string kept(const char* resource, const char* swizzle) {
  return std::string("ps_4_0\n") +
         "dcl_constantbuffer cb2[1], immediateIndexed\n"
         "dcl_sampler s0, mode_default\n"
         "dcl_resource_texture2d (float,float,float,float) " + resource + "\n" +
         "dcl_output o0.xyzw\n"
         "dcl_temps 1\n"
         "sample_l r0.xyzw, l(0.5, 0.5, 0, 0), " + resource + ".xyzw, s0, l(0)\n" +
         "mad o0.xyzw, cb2[0].xyzw, l(0, 0, 0, 0), r0." + swizzle + "\n" +
         "ret\n";
}

// t0 at the coordinates in cb0[0].xy: red and green from the texture, blue and alpha from cb0[1].
const std::string kSampleAtConstants =
    "ps_4_0\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "sample_l r0.xyzw, cb0[0].xyzw, t0.xyzw, s0, l(0)\n"
    "mov o0.xy, r0.xyxx\n"
    "mov o0.zw, cb0[1].xxzw\n"
    "ret\n";

std::vector<Vertex> column(UINT c) {
  const float x0 = -1.0f + 2.0f * float(c) / kColumns, x1 = -1.0f + 2.0f * float(c + 1) / kColumns;
  return rect(x0, -1, x1, 1, 0, 0, 0);
}

// A 1x1 RGBA8 texture of `color` (0xAABBGGRR) and its view.
ComPtr<ID3D11ShaderResourceView> solid(Fixture& f, uint32_t color) {
  D3D11_TEXTURE2D_DESC desc{1, 1, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  D3D11_SUBRESOURCE_DATA init{&color, 4, 4};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, &init, texture.put()) == S_OK);
  ComPtr<ID3D11ShaderResourceView> view;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, view.put()) == S_OK);
  return view;  // the view holds the texture
}

ComPtr<ID3D11SamplerState> sampler(Fixture& f, D3D11_TEXTURE_ADDRESS_MODE address) {
  D3D11_SAMPLER_DESC desc{};
  desc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
  desc.AddressU = desc.AddressV = desc.AddressW = address;
  desc.MaxAnisotropy = 1;
  desc.ComparisonFunc = D3D11_COMPARISON_NEVER;
  desc.BorderColor[0] = desc.BorderColor[1] = desc.BorderColor[2] = desc.BorderColor[3] = 1.0f;  // white
  desc.MaxLOD = D3D11_FLOAT32_MAX;
  ComPtr<ID3D11SamplerState> state;
  REQUIRE(f.device->CreateSamplerState(&desc, state.put()) == S_OK);
  return state;
}

void setView(ID3D11DeviceContext* context, UINT slot, ID3D11ShaderResourceView* view) {
  ID3D11ShaderResourceView* views[] = {view};
  context->PSSetShaderResources(slot, 1, views);
}

void setSampler(ID3D11DeviceContext* context, ID3D11SamplerState* state) {
  ID3D11SamplerState* states[] = {state};
  context->PSSetSamplers(0, 1, states);
}

void setConstants(ID3D11DeviceContext* context, ID3D11Buffer* buffer) {
  ID3D11Buffer* buffers[] = {buffer};
  context->PSSetConstantBuffers(0, 1, buffers);
}

constexpr uint32_t kRed = rgba8(255, 0, 0), kGreen = rgba8(0, 255, 0), kBlue = rgba8(0, 0, 255), kYellow = rgba8(255, 255, 0);
constexpr uint32_t kWhite = rgba8(255, 255, 255);

// kSampleT0Swapped's output for a texel of colour c (red and blue exchanged).
constexpr uint32_t swapped(uint32_t c) { return (c & 0xff00ff00u) | (c >> 16 & 0xffu) | (c & 0xffu) << 16; }

void checkColumns(Scene& s, const uint32_t (&expected)[kColumns]) {
  const auto px = s.pixels();
  for (UINT c = 0; c < kColumns; ++c) {
    INFO("column " << c);
    CHECK(s.at(px, c, 0) == expected[c]);
  }
}

}  // namespace

TEST_CASE("shader and view switches per draw: each draw reads the view bound at it", "[render][descriptors]") {
  const bool keptEntries = GENERATE(false, true);
  INFO((keptEntries ? "three bindings: entries kept" : "two bindings: computed whole"));
  Fixture f;
  Scene s(f, kColumns, 1);
  auto a = makePS(f, keptEntries ? kept("t0", "xyzw") : kSampleT0);
  auto b = makePS(f, keptEntries ? kept("t0", "zyxw") : kSampleT0Swapped);
  auto red = solid(f, kRed), green = solid(f, kGreen), blue = solid(f, kBlue);
  auto clamp = sampler(f, D3D11_TEXTURE_ADDRESS_CLAMP);
  setSampler(f.context.get(), clamp.get());
  // Shader and view both change (draw_bench's pattern (c)), then only the shader, only the view,
  // the same view bound again, and a view bound to a slot the shader does not read.
  struct Step {
    ID3D11PixelShader* shader;
    ID3D11ShaderResourceView* view;
    uint32_t expected;
  };
  const Step steps[kColumns] = {
      {a.get(), red.get(), kRed},   {b.get(), green.get(), swapped(kGreen)}, {a.get(), red.get(), kRed},
      {b.get(), red.get(), swapped(kRed)},  // shader only
      {b.get(), blue.get(), swapped(kBlue)},  // view only
      {b.get(), blue.get(), swapped(kBlue)},  // nothing
      {a.get(), green.get(), kGreen},       {a.get(), green.get(), kGreen},
  };
  uint32_t expected[kColumns];
  for (UINT c = 0; c < kColumns; ++c) {
    f.context->PSSetShader(steps[c].shader, nullptr, 0);
    setView(f.context.get(), 0, steps[c].view);
    if (c == 7)
      setView(f.context.get(), 5, red.get());  // not read by the shader: changes nothing
    s.draw(column(c));
    expected[c] = steps[c].expected;
  }
  checkColumns(s, expected);
}

TEST_CASE("a shader with other bindings reads its own slots after a switch", "[render][descriptors]") {
  Fixture f;
  Scene s(f, kColumns, 1);
  auto a = makePS(f, kept("t0", "xyzw")), t1 = makePS(f, kept("t1", "xyzw"));
  auto red = solid(f, kRed), green = solid(f, kGreen), blue = solid(f, kBlue);
  auto clamp = sampler(f, D3D11_TEXTURE_ADDRESS_CLAMP);
  setSampler(f.context.get(), clamp.get());
  setView(f.context.get(), 0, red.get());
  setView(f.context.get(), 1, green.get());
  f.context->PSSetShader(a.get(), nullptr, 0);
  s.draw(column(0));  // t0: red
  f.context->PSSetShader(t1.get(), nullptr, 0);
  s.draw(column(1));  // t1: green
  setView(f.context.get(), 0, blue.get());  // a slot the bound shader does not read
  s.draw(column(2));  // t1: green
  f.context->PSSetShader(a.get(), nullptr, 0);
  s.draw(column(3));  // t0: blue, rebound while the other shader was bound
  // A draw without a pixel shader (and without targets), a view rebound meanwhile, then the
  // shader again.
  f.context->PSSetShader(nullptr, nullptr, 0);
  f.context->OMSetRenderTargets(0, nullptr, nullptr);
  s.draw(column(7));
  setView(f.context.get(), 0, green.get());
  ID3D11RenderTargetView* targets[] = {s.rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  f.context->PSSetShader(a.get(), nullptr, 0);
  s.draw(column(4));  // t0: green
  f.context->PSSetShader(t1.get(), nullptr, 0);
  setView(f.context.get(), 1, red.get());
  s.draw(column(5));  // t1: red
  f.context->PSSetShader(a.get(), nullptr, 0);
  s.draw(column(6));  // t0: green
  const uint32_t expected[kColumns] = {kRed, kGreen, kGreen, kBlue, kGreen, kRed, kGreen, 0};
  checkColumns(s, expected);
}

TEST_CASE("constant-buffer and sampler rebinds and a renamed dynamic buffer reach the next draw", "[render][descriptors]") {
  Fixture f;
  Scene s(f, kColumns, 1);
  auto ps = makePS(f, kSampleAtConstants);
  f.context->PSSetShader(ps.get(), nullptr, 0);
  auto yellow = solid(f, kYellow), green = solid(f, kGreen);
  auto clamp = sampler(f, D3D11_TEXTURE_ADDRESS_CLAMP), border = sampler(f, D3D11_TEXTURE_ADDRESS_BORDER);
  // cb0[0]: where to sample; cb0[1].zw: blue and alpha out.
  const float inside[8] = {0.5f, 0.5f, 0, 0, 0, 0, 0, 1}, outside[8] = {1.5f, 0.5f, 0, 0, 0, 0, 1, 1};
  auto in = f.buffer(32, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, inside);
  auto out = f.buffer(32, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, outside);
  auto dynamic = f.buffer(32, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE);
  auto write = [&](const float (&values)[8]) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
    std::memcpy(mapped.pData, values, sizeof(values));
    f.context->Unmap(dynamic.get(), 0);
  };

  setView(f.context.get(), 0, yellow.get());
  setSampler(f.context.get(), clamp.get());
  setConstants(f.context.get(), in.get());
  s.draw(column(0));  // yellow's red and green, blue 0
  setConstants(f.context.get(), out.get());
  s.draw(column(1));  // clamped to the texel, blue 1
  setSampler(f.context.get(), border.get());
  s.draw(column(2));  // the white border, blue 1
  setConstants(f.context.get(), in.get());
  s.draw(column(3));  // inside again
  setConstants(f.context.get(), dynamic.get());
  write(outside);
  s.draw(column(4));  // the border, blue 1
  write(inside);
  setView(f.context.get(), 0, green.get());  // a view rebound after the buffer was renamed
  s.draw(column(5));  // green's red and green, blue 0: the renamed memory
  write(outside);
  setSampler(f.context.get(), clamp.get());
  s.draw(column(6));  // green clamped, blue 1
  f.context->PSSetShader(nullptr, nullptr, 0);
  write(inside);  // renamed while the stage has no shader
  f.context->PSSetShader(ps.get(), nullptr, 0);
  s.draw(column(7));  // green, blue 0: the memory renamed meanwhile
  const uint32_t expected[kColumns] = {rgba8(255, 255, 0), rgba8(255, 255, 255), kWhite,             rgba8(255, 255, 0),
                                       kWhite,             rgba8(0, 255, 0),     rgba8(0, 255, 255), rgba8(0, 255, 0)};
  checkColumns(s, expected);
}

TEST_CASE("a view released and another made, likely at its address, is read when bound", "[render][descriptors]") {
  Fixture f;
  Scene s(f, kColumns, 1);
  auto a = makePS(f, kept("t0", "xyzw"));
  f.context->PSSetShader(a.get(), nullptr, 0);
  auto clamp = sampler(f, D3D11_TEXTURE_ADDRESS_CLAMP);
  setSampler(f.context.get(), clamp.get());
  uint32_t expected[kColumns] = {};
  const uint32_t colors[] = {kRed, kGreen, kBlue, kYellow, kRed, kGreen};
  for (UINT c = 0; c < 6; ++c) {
    auto view = solid(f, colors[c]);
    setView(f.context.get(), 0, view.get());
    s.draw(column(c));
    setView(f.context.get(), 0, nullptr);
    expected[c] = colors[c];
  }  // each view is released at the end of its iteration; the next is often made at its address
  checkColumns(s, expected);
}

TEST_CASE("each command list records the views it draws with, also when its context's bindings are unchanged",
          "[render][descriptors][deferred]") {
  Fixture f;
  Scene s(f, kColumns, 1);
  auto a = makePS(f, kept("t0", "xyzw"));
  auto red = solid(f, kRed), green = solid(f, kGreen), blue = solid(f, kBlue);
  auto clamp = sampler(f, D3D11_TEXTURE_ADDRESS_CLAMP);
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  auto bindScene = [&](ID3D11DeviceContext* context) {
    ID3D11RenderTargetView* targets[] = {s.rtv.get()};
    context->OMSetRenderTargets(1, targets, nullptr);
    D3D11_VIEWPORT viewport{0, 0, float(kColumns), 1, 0, 1};
    context->RSSetViewports(1, &viewport);
    context->IASetInputLayout(s.layout.get());
    context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    context->VSSetShader(s.vs.get(), nullptr, 0);
    context->PSSetShader(a.get(), nullptr, 0);
    context->RSSetState(s.raster.get());
    setSampler(context, clamp.get());
  };
  std::vector<ComPtr<ID3D11Buffer>> keep;
  auto drawColumn = [&](ID3D11DeviceContext* context, UINT c) {
    const std::vector<Vertex> data = column(c);
    auto buffer = f.buffer(UINT(data.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, data.data());
    ID3D11Buffer* buffers[] = {buffer.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    context->Draw(UINT(data.size()), 0);
    keep.push_back(buffer);
  };
  auto finish = [&] {
    ComPtr<ID3D11CommandList> list;
    REQUIRE(deferred->FinishCommandList(TRUE, list.put()) == S_OK);
    return list;
  };

  bindScene(deferred.get());
  setView(deferred.get(), 0, red.get());
  drawColumn(deferred.get(), 0);
  auto first = finish();
  drawColumn(deferred.get(), 1);  // the same bindings, kept for this list
  auto second = finish();
  setView(deferred.get(), 0, green.get());
  drawColumn(deferred.get(), 2);
  auto third = finish();
  setView(deferred.get(), 0, red.get());
  drawColumn(deferred.get(), 3);
  auto fourth = finish();

  // The immediate context draws with blue first: a list that recorded no views of its own would
  // draw with blue.
  f.context->PSSetShader(a.get(), nullptr, 0);
  setSampler(f.context.get(), clamp.get());
  setView(f.context.get(), 0, blue.get());
  s.draw(column(7));
  f.context->ExecuteCommandList(second.get(), TRUE);
  s.draw(column(6));  // the immediate context's own blue again after the list
  f.context->ExecuteCommandList(fourth.get(), TRUE);
  f.context->ExecuteCommandList(third.get(), TRUE);
  f.context->ExecuteCommandList(first.get(), TRUE);
  const uint32_t expected[kColumns] = {kRed, kRed, kGreen, kRed, 0, 0, kBlue, kBlue};
  checkColumns(s, expected);
}
