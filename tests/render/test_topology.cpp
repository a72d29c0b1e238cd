// Rendering: every primitive topology (lists, strips, adjacency as plain input and through a
// geometry shader), 16- and 32-bit indices with start index, base vertex and offsets, and strip cuts.
#include "render_util.h"

using namespace render;

namespace {

constexpr UINT kSize = 8;
// NDC of pixel (i, j)'s centre on the 8x8 target.
float cx(float i) { return (i + 0.5f) * 2.0f / kSize - 1.0f; }
float cy(float j) { return 1.0f - (j + 0.5f) * 2.0f / kSize; }

const uint32_t kRed = rgba8(255, 0, 0), kGreen = rgba8(0, 255, 0), kBlue = rgba8(0, 0, 255), kClear = 0;

// A triangle-with-adjacency geometry shader that emits the triangle of the *adjacent* vertices
// (1, 3, 5), so only adjacency data that reached the shader can draw it.
const std::string kAdjacencyGS =
    "gs_4_0\n"
    "dcl_input_siv v[6][0].xyzw, position\n"
    "dcl_input v[6][1].xyzw\n"
    "dcl_inputprimitive triangleadj\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 3\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, v[1][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[3][0].xyzw\n"
    "mov o1.xyzw, v[3][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[5][0].xyzw\n"
    "mov o1.xyzw, v[5][1].xyzw\n"
    "emit\n"
    "cut\n"
    "ret\n";

// Line-with-adjacency: emits a point at each adjacent vertex (0 and 3) and none at the line's own.
const std::string kLineAdjacencyGS =
    "gs_4_0\n"
    "dcl_input_siv v[4][0].xyzw, position\n"
    "dcl_input v[4][1].xyzw\n"
    "dcl_inputprimitive lineadj\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 2\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[3][0].xyzw\n"
    "mov o1.xyzw, v[3][1].xyzw\n"
    "emit\n"
    "ret\n";

}  // namespace

TEST_CASE("point lists light exactly the pixel under each point", "[render][topology]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  s.draw({vtx(cx(1), cy(2), 1, 0, 0), vtx(cx(6), cy(5), 0, 1, 0), vtx(cx(3), cy(7), 0, 0, 1)}, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  auto px = s.pixels();
  CHECK(s.at(px, 1, 2) == kRed);
  CHECK(s.at(px, 6, 5) == kGreen);
  CHECK(s.at(px, 3, 7) == kBlue);
  CHECK(countEqual(px, kClear) == kSize * kSize - 3);  // a 1-pixel point covers one pixel centre
}

TEST_CASE("line lists and line strips draw their segments and nothing between separate lines", "[render][topology]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  SECTION("list: two horizontal lines on rows 1 and 5") {
    s.draw({vtx(cx(0), cy(1), 1, 0, 0), vtx(cx(7), cy(1), 1, 0, 0), vtx(cx(0), cy(5), 0, 1, 0), vtx(cx(7), cy(5), 0, 1, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
    auto px = s.pixels();
    // Interior pixels only: the end pixels depend on the line rasterization rule (D3D's diamond
    // exit vs. Vulkan's implementation-chosen line algorithm).
    for (UINT x = 1; x < 6; ++x) {
      CHECK(s.at(px, x, 1) == kRed);
      CHECK(s.at(px, x, 5) == kGreen);
      for (UINT y : {0u, 2u, 3u, 4u, 6u, 7u})
        CHECK(s.at(px, x, y) == kClear);
    }
  }
  SECTION("strip: an L from the top-left down then right") {
    s.draw({vtx(cx(1), cy(0), 0, 0, 1), vtx(cx(1), cy(6), 0, 0, 1), vtx(cx(7), cy(6), 0, 0, 1)}, D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP);
    auto px = s.pixels();
    for (UINT i = 2; i < 5; ++i) {
      CHECK(s.at(px, 1, i) == kBlue);  // the vertical segment
      CHECK(s.at(px, i, 6) == kBlue);  // the horizontal segment shares vertex 1
    }
    CHECK(s.at(px, 4, 3) == kClear);  // no closing segment back to vertex 0
  }
}

TEST_CASE("triangle strips alternate winding so a back-face-culled quad strip is fully drawn", "[render][topology]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  auto cullBack = rasterizer(f, D3D11_CULL_BACK);
  f.context->RSSetState(cullBack.get());
  // Bottom-left, top-left, bottom-right, top-right: the first triangle is clockwise on screen
  // (D3D's default front face) and the second, by the strip rule, is too.
  s.draw({vtx(-1, -1, 0, 1, 0), vtx(-1, 1, 0, 1, 0), vtx(1, -1, 0, 1, 0), vtx(1, 1, 0, 1, 0)}, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  auto px = s.pixels();
  CHECK(countEqual(px, kGreen) == kSize * kSize);
}

TEST_CASE("a triangle list draws each group of three vertices on its own", "[render][topology]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  auto left = rect(-1, -1, 0, 1, 1, 0, 0), right = rect(0, -1, 1, 1, 0, 0, 1);
  left.insert(left.end(), right.begin(), right.end());
  s.draw(left);
  auto px = s.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x)
      CHECK(s.at(px, x, y) == (x < 4 ? kRed : kBlue));
}

TEST_CASE("adjacency topologies without a geometry shader draw the primitives and ignore the adjacent vertices",
          "[render][topology]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  SECTION("triangle list with adjacency: vertices 0, 2, 4 form the triangle") {
    // The adjacent vertices (red) lie outside the drawn triangle; only green may appear.
    s.draw({vtx(-1, -1, 0, 1, 0), vtx(1, 1, 1, 0, 0), vtx(-1, 1, 0, 1, 0), vtx(1, 1, 1, 0, 0), vtx(1, 1, 0, 1, 0), vtx(1, 1, 1, 0, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
    auto px = s.pixels();
    CHECK(s.at(px, 0, 0) == kGreen);
    CHECK(s.at(px, 0, 6) == kGreen);
    CHECK(s.at(px, 7, 7) == kClear);
    CHECK(countEqual(px, kRed) == 0);
  }
  SECTION("triangle strip with adjacency: vertices 0, 2, 4, 6 form two triangles") {
    s.draw({vtx(-1, -1, 0, 1, 0), vtx(0, 0, 1, 0, 0), vtx(-1, 1, 0, 1, 0), vtx(0, 0, 1, 0, 0), vtx(1, -1, 0, 1, 0), vtx(0, 0, 1, 0, 0),
            vtx(1, 1, 0, 1, 0), vtx(0, 0, 1, 0, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ);
    auto px = s.pixels();
    CHECK(countEqual(px, kGreen) == kSize * kSize);
  }
  SECTION("line list with adjacency: vertices 1 and 2 form the line") {
    s.draw({vtx(cx(0), cy(0), 1, 0, 0), vtx(cx(0), cy(3), 0, 0, 1), vtx(cx(7), cy(3), 0, 0, 1), vtx(cx(7), cy(7), 1, 0, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ);
    auto px = s.pixels();
    for (UINT x = 1; x < 6; ++x)
      CHECK(s.at(px, x, 3) == kBlue);
    CHECK(countEqual(px, kRed) == 0);
  }
  SECTION("line strip with adjacency: inner vertices 1..n-2 form the strip") {
    s.draw({vtx(cx(7), cy(0), 1, 0, 0), vtx(cx(1), cy(1), 0, 0, 1), vtx(cx(1), cy(6), 0, 0, 1), vtx(cx(6), cy(6), 0, 0, 1),
            vtx(cx(7), cy(0), 1, 0, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ);
    auto px = s.pixels();
    for (UINT i = 2; i < 5; ++i) {
      CHECK(s.at(px, 1, i) == kBlue);
      CHECK(s.at(px, i, 6) == kBlue);
    }
    CHECK(countEqual(px, kRed) == 0);
  }
}

TEST_CASE("a geometry shader receives adjacency vertices", "[render][topology][geometry]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  SECTION("triangle list with adjacency: the GS draws the triangle of vertices 1, 3, 5") {
    auto gs = makeGS(f, kAdjacencyGS);
    f.context->GSSetShader(gs.get(), nullptr, 0);
    // Vertices 0, 2, 4 (the primitive itself, red) are one point: a degenerate triangle that
    // draws nothing; 1, 3, 5 (green) cover a triangle at the left of the target.
    s.draw({vtx(1, 1, 1, 0, 0), vtx(-1, -1, 0, 1, 0), vtx(1, 1, 1, 0, 0), vtx(-1, 1, 0, 1, 0), vtx(1, 1, 1, 0, 0), vtx(0, 1, 0, 1, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
    auto px = s.pixels();
    CHECK(s.at(px, 0, 0) == kGreen);
    CHECK(s.at(px, 0, 6) == kGreen);
    CHECK(s.at(px, 6, 6) == kClear);
    CHECK(countEqual(px, kRed) == 0);
  }
  SECTION("line list with adjacency: the GS emits points at vertices 0 and 3") {
    auto gs = makeGS(f, kLineAdjacencyGS);
    f.context->GSSetShader(gs.get(), nullptr, 0);
    s.draw({vtx(cx(2), cy(1), 1, 0, 0), vtx(cx(4), cy(4), 0, 0, 1), vtx(cx(5), cy(4), 0, 0, 1), vtx(cx(6), cy(7), 0, 1, 0)},
           D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ);
    auto px = s.pixels();
    CHECK(s.at(px, 2, 1) == kRed);
    CHECK(s.at(px, 6, 7) == kGreen);
    CHECK(countEqual(px, kClear) == kSize * kSize - 2);
  }
}

TEST_CASE("indexed draws with 16- and 32-bit indices, start index, base vertex and buffer offset", "[render][topology][index]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  // Vertices 0-3 are a decoy (red, full screen); 4-7 are the left-half quad in green.
  std::vector<Vertex> v = {vtx(-1, -1, 1, 0, 0), vtx(-1, 1, 1, 0, 0), vtx(1, 1, 1, 0, 0), vtx(1, -1, 1, 0, 0),
                           vtx(-1, -1, 0, 1, 0), vtx(-1, 1, 0, 1, 0), vtx(0, 1, 0, 1, 0), vtx(0, -1, 0, 1, 0)};
  s.vertices(v);
  // Index data: two junk indices, then the quad relative to base vertex 4.
  SECTION("R16 with a start index and base vertex") {
    s.indices<uint16_t>({9, 9, 0, 1, 2, 0, 2, 3}, DXGI_FORMAT_R16_UINT);
    f.context->DrawIndexed(6, 2, 4);
  }
  SECTION("R32 with a start index and base vertex") {
    s.indices<uint32_t>({9, 9, 0, 1, 2, 0, 2, 3}, DXGI_FORMAT_R32_UINT);
    f.context->DrawIndexed(6, 2, 4);
  }
  SECTION("R32 with the start given as an index buffer offset and a negative base vertex") {
    // The offset skips two indices; indices 8..11 with base vertex -4 are vertices 4..7.
    s.indices<uint32_t>({0, 0, 8, 9, 10, 8, 10, 11}, DXGI_FORMAT_R32_UINT, 8);
    f.context->DrawIndexed(6, 0, -4);
  }
  auto px = s.pixels();
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x)
      CHECK(s.at(px, x, y) == (x < 4 ? kGreen : kClear));
}

TEST_CASE("indexed strips are cut at the all-ones index of either format", "[render][topology][index]") {
  Fixture f;
  Scene s(f, kSize, kSize);
  // Two separate triangles: top-left corner and bottom-right corner. Without the cut, the strip
  // would also draw triangles joining them across the centre.
  s.vertices({vtx(-1, 1, 0, 0, 1), vtx(0, 1, 0, 0, 1), vtx(-1, 0, 0, 0, 1), vtx(1, 0, 0, 0, 1), vtx(1, -1, 0, 0, 1),
              vtx(0, -1, 0, 0, 1)});
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  SECTION("R16: 0xffff") {
    s.indices<uint16_t>({0, 1, 2, 0xffff, 3, 4, 5}, DXGI_FORMAT_R16_UINT);
  }
  SECTION("R32: 0xffffffff") {
    s.indices<uint32_t>({0, 1, 2, 0xffffffffu, 3, 4, 5}, DXGI_FORMAT_R32_UINT);
  }
  f.context->DrawIndexed(7, 0, 0);
  auto px = s.pixels();
  CHECK(s.at(px, 0, 0) == kBlue);
  CHECK(s.at(px, 7, 7) == kBlue);
  CHECK(s.at(px, 7, 0) == kClear);
  CHECK(s.at(px, 0, 7) == kClear);
  CHECK(s.at(px, 4, 3) == kClear);  // the centre region only a joining triangle would cover
  CHECK(s.at(px, 3, 4) == kClear);
}
