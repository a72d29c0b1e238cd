// Rendering: runs of draws with no state change between them, which the executor records as one
// multi-draw (docs/pipelines.md, Draw batching). Every draw of a run must land, in order, with its
// own first vertex / first index / base vertex; runs end at state changes, at a different
// instance count and at the batch limit, and none of that may change the pixels.
#include "render_util.h"

using namespace render;

namespace {

constexpr UINT kColumns = 64;

// Column i's colour: red i*4, green from `generation` so a later pass over a column differs.
uint32_t columnColour(UINT column, UINT generation) { return rgba8(column * 4, generation * 40, 255 - column * 4); }

// A quad covering pixel column `column` of a kColumns-wide target, in `colour`.
std::vector<Vertex> columnQuad(UINT column, uint32_t colour) {
  const float x0 = -1.0f + 2.0f * float(column) / kColumns, x1 = -1.0f + 2.0f * float(column + 1) / kColumns;
  return rect(x0, -1, x1, 1, float(colour & 255) / 255.0f, float((colour >> 8) & 255) / 255.0f,
              float((colour >> 16) & 255) / 255.0f);
}

// Every column of row 0 and row 1 holds `expected(column)`.
template <typename Expected>
void checkColumns(Scene& s, Expected expected) {
  const std::vector<uint8_t> px = s.pixels();
  int wrong = 0;
  for (UINT y = 0; y < s.height; ++y)
    for (UINT x = 0; x < kColumns; ++x)
      if (s.at(px, x, y) != expected(x)) {
        if (++wrong <= 4)
          UNSCOPED_INFO("pixel (" << x << ", " << y << ") = " << std::hex << s.at(px, x, y) << ", expected " << expected(x));
      }
  CHECK(wrong == 0);
}

}  // namespace

TEST_CASE("a run of draws without state changes draws every one with its own first vertex", "[render][batching]") {
  Fixture f;
  Scene s(f, kColumns, 2);
  std::vector<Vertex> all;
  for (UINT c = 0; c < kColumns; ++c) {
    const std::vector<Vertex> quad = columnQuad(c, columnColour(c, 1));
    all.insert(all.end(), quad.begin(), quad.end());
  }
  s.vertices(all);
  // Columns in a scrambled order, one draw each; a few empty draws inside the run.
  for (UINT i = 0; i < kColumns; ++i) {
    const UINT c = (i * 37) % kColumns;
    f.context->Draw(6, 6 * c);
    if (i % 16 == 5)
      f.context->Draw(0, 0);
  }
  checkColumns(s, [](UINT x) { return columnColour(x, 1); });
}

TEST_CASE("indexed runs keep each draw's first index and base vertex", "[render][batching]") {
  Fixture f;
  Scene s(f, kColumns, 2);
  std::vector<Vertex> all;
  for (UINT c = 0; c < kColumns; ++c) {
    const std::vector<Vertex> quad = columnQuad(c, columnColour(c, 2));
    all.insert(all.end(), quad.begin(), quad.end());
  }
  s.vertices(all);
  // Indices 0..5 once, then the same six indices again: a draw picks its column either by base
  // vertex (first index 0) or by an index range offset by 6 (first index 6, base vertex 6*(c-1)).
  std::vector<uint16_t> indices;
  for (uint16_t i = 0; i < 12; ++i)
    indices.push_back(uint16_t(i % 6 + (i >= 6 ? 6 : 0)));
  s.indices(indices, DXGI_FORMAT_R16_UINT);
  for (UINT c = 0; c < kColumns; ++c) {
    if (c % 2)
      f.context->DrawIndexed(6, 0, INT(6 * c));
    else
      f.context->DrawIndexed(6, 6, INT(6 * c) - 6);
  }
  checkColumns(s, [](UINT x) { return columnColour(x, 2); });
}

TEST_CASE("runs longer than the batch limit keep draw order across the split", "[render][batching]") {
  Fixture f;
  Scene s(f, kColumns, 2);
  // 40 generations of every column: 2,560 draws in one run, past the 1,024-draw batch limit and
  // lavapipe's 2,048. Later draws overwrite earlier ones, so each column must show the last.
  constexpr UINT kGenerations = 40;
  std::vector<Vertex> all;
  for (UINT g = 0; g < kGenerations; ++g)
    for (UINT c = 0; c < kColumns; ++c) {
      const std::vector<Vertex> quad = columnQuad(c, columnColour(c, g % 6));
      all.insert(all.end(), quad.begin(), quad.end());
    }
  s.vertices(all);
  for (UINT d = 0; d < kGenerations * kColumns; ++d)
    f.context->Draw(6, 6 * d);
  checkColumns(s, [](UINT x) { return columnColour(x, (kGenerations - 1) % 6); });
}

TEST_CASE("state changes, instance counts and other commands end a run", "[render][batching]") {
  Fixture f;
  Scene s(f, kColumns, 2);
  std::vector<Vertex> all;
  for (UINT c = 0; c < kColumns; ++c) {
    const std::vector<Vertex> quad = columnQuad(c, columnColour(c, 3));
    all.insert(all.end(), quad.begin(), quad.end());
  }
  s.vertices(all);
  // A scissor that admits the left half only, then the right half: draws on either side of the
  // change must use their own scissor.
  D3D11_RASTERIZER_DESC desc{};
  desc.FillMode = D3D11_FILL_SOLID;
  desc.CullMode = D3D11_CULL_NONE;
  desc.DepthClipEnable = TRUE;
  desc.ScissorEnable = TRUE;
  ComPtr<ID3D11RasterizerState> scissored;
  REQUIRE(f.device->CreateRasterizerState(&desc, scissored.put()) == S_OK);
  f.context->RSSetState(scissored.get());
  const D3D11_RECT left{0, 0, LONG(kColumns / 2), 2}, right{LONG(kColumns / 2), 0, LONG(kColumns), 2};
  f.context->RSSetScissorRects(1, &left);
  for (UINT c = 0; c < kColumns; ++c)
    f.context->Draw(6, 6 * c);  // only the left half lands
  f.context->RSSetScissorRects(1, &right);
  for (UINT c = kColumns / 2; c < kColumns; c += 2)
    f.context->DrawInstanced(6, 1, 6 * c, 0);
  for (UINT c = kColumns / 2 + 1; c < kColumns; c += 2)
    f.context->DrawInstanced(6, 2, 6 * c, 0);  // two instances: a run of its own, same pixels
  // A clear between draws of the same state: the draws after it must not move before it.
  const float grey[4] = {0.5f, 0.5f, 0.5f, 1.0f};
  f.context->ClearRenderTargetView(s.rtv.get(), grey);
  f.context->RSSetScissorRects(1, &left);
  for (UINT c = 0; c < kColumns / 4; ++c)
    f.context->Draw(6, 6 * c);
  const uint32_t greyTexel = s.at(s.pixels(), kColumns - 1, 0);
  CHECK(((greyTexel & 255) == 127 || (greyTexel & 255) == 128));
  checkColumns(s, [&](UINT x) { return x < kColumns / 4 ? columnColour(x, 3) : greyTexel; });
}
