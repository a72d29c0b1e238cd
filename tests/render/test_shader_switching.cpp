// Rendering: pixel-shader switches between draws interleaved with state changes. The executor
// remembers the pipelines of the last few shader combinations under the current state
// (docs/pipelines.md, "Shader switches"); a draw must still get the pipeline of the state
// bound at that draw, never one remembered under earlier state.
#include "render_util.h"

using namespace render;

namespace {

constexpr UINT kColumns = 12;

// A constant colour, whatever the vertices say.
const std::string kConstantPS =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, l(0.25, 0.5, 0.75, 1.0)\n"
    "ret\n";

std::vector<Vertex> columnQuad(UINT column) {
  const float x0 = -1.0f + 2.0f * float(column) / kColumns, x1 = -1.0f + 2.0f * float(column + 1) / kColumns;
  return rect(x0, -1, x1, 1, 1.0f, 1.0f, 1.0f, 1.0f);  // white vertices: kColorPS draws white
}

ComPtr<ID3D11BlendState> writeMask(Fixture& f, UINT8 mask) {
  D3D11_BLEND_DESC desc{};
  desc.RenderTarget[0].SrcBlend = desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ONE;
  desc.RenderTarget[0].DestBlend = desc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO;
  desc.RenderTarget[0].BlendOp = desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD;
  desc.RenderTarget[0].RenderTargetWriteMask = mask;
  ComPtr<ID3D11BlendState> state;
  REQUIRE(f.device->CreateBlendState(&desc, state.put()) == S_OK);
  return state;
}

}  // namespace

TEST_CASE("pixel-shader switches between draws keep the state bound at each draw", "[render][pipelines]") {
  Fixture f;
  Scene s(f, kColumns, 1);
  auto white = s.ps;  // kColorPS with white vertices
  auto constant = makePS(f, kConstantPS);
  auto all = writeMask(f, D3D11_COLOR_WRITE_ENABLE_ALL);
  auto redOnly = writeMask(f, D3D11_COLOR_WRITE_ENABLE_RED);
  auto greenAlpha = writeMask(f, D3D11_COLOR_WRITE_ENABLE_GREEN | D3D11_COLOR_WRITE_ENABLE_ALPHA);

  struct Step {
    ID3D11PixelShader* shader;
    ID3D11BlendState* blend;
  };
  // Shader switches under one state (so pipelines are remembered), then the same shaders under
  // other write masks and back: columns 3-5 switch white, constant, white under a new mask, the
  // sequence that finds a pipeline remembered under the old mask if the memory is not emptied
  // properly at the state change.
  const Step steps[kColumns] = {
      {white.get(), all.get()},           {constant.get(), all.get()},        {white.get(), all.get()},
      {white.get(), redOnly.get()},       {constant.get(), redOnly.get()},    {white.get(), redOnly.get()},
      {constant.get(), all.get()},        {constant.get(), greenAlpha.get()}, {white.get(), greenAlpha.get()},
      {constant.get(), greenAlpha.get()}, {white.get(), all.get()},           {constant.get(), redOnly.get()},
  };
  s.clear(0, 0, 0, 0);
  for (UINT column = 0; column < kColumns; ++column) {
    f.context->OMSetBlendState(steps[column].blend, nullptr, 0xffffffffu);
    f.context->PSSetShader(steps[column].shader, nullptr, 0);
    s.draw(columnQuad(column));
  }
  const auto px = s.pixels();
  for (UINT column = 0; column < kColumns; ++column) {
    INFO("column " << column);
    const bool isWhite = steps[column].shader == white.get();
    const uint32_t full = isWhite ? rgba8(255, 255, 255, 255) : rgba8(64, 128, 191, 255);
    uint32_t mask = 0xffffffffu;
    if (steps[column].blend == redOnly.get())
      mask = 0x000000ffu;
    else if (steps[column].blend == greenAlpha.get())
      mask = 0xff00ff00u;
    const uint32_t got = s.at(px, column, 0);
    // 0.25/0.5/0.75 round to 64/128/191 (±1 for the conversion).
    for (int channel = 0; channel < 4; ++channel) {
      const int want = int(((full & mask) >> (8 * channel)) & 255), have = int((got >> (8 * channel)) & 255);
      CHECK(std::abs(want - have) <= 1);
    }
  }
}
