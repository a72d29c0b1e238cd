// Rendering: stream output (transform feedback). A vertex shader's outputs captured through
// CreateGeometryShaderWithStreamOutput with vertex-shader bytecode (a pass-through geometry stage,
// with another bound vertex shader and several topologies), a geometry shader capturing
// and rasterizing at once, one capturing two streams into two buffers, appending with offset -1,
// DrawAuto drawing what was captured, the stream-output statistics and overflow queries, and the
// same capture from a deferred context.
// Captured words are read back and compared, and pixels where something is drawn.
#include "render_util.h"

using namespace render;

namespace {

const uint32_t kRed = rgba8(255, 0, 0), kGreen = rgba8(0, 255, 0), kBlue = rgba8(0, 0, 255);

// A pass-through geometry shader on triangles that also writes each vertex's colour with its
// green channel set to 1 into COLOR (so what it captures differs from what came in).
const std::string kColorGS =
    signature("Input", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                        "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
    signature("Output", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                         "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
    "gs_4_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input v[3][1].xyzw\n"
    "dcl_inputprimitive triangle\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 3\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xzw, v[0][1].xxzw\n"
    "mov o1.y, l(1.0)\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xzw, v[1][1].xxzw\n"
    "mov o1.y, l(1.0)\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xzw, v[2][1].xxzw\n"
    "mov o1.y, l(1.0)\n"
    "emit\n"
    "cut\n"
    "ret\n";

// The vertex shader of the scene (kPosColorVS) as a stream-output shader: the whole position and
// colour, 32 bytes per vertex: exactly the Vertex layout, so the capture can be drawn again.
ComPtr<ID3D11GeometryShader> vertexCapture(Fixture& f, const D3D11_SO_DECLARATION_ENTRY* entries, UINT count, UINT stride,
                                           UINT rasterized) {
  auto code = bytecode(kPosColorVS);
  ComPtr<ID3D11GeometryShader> shader;
  REQUIRE(f.device->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), entries, count, &stride, 1, rasterized, nullptr,
                                                         shader.put()) == S_OK);
  return shader;
}

const D3D11_SO_DECLARATION_ENTRY kPositionOnly[] = {{0, "SV_Position", 0, 0, 4, 0}};
const D3D11_SO_DECLARATION_ENTRY kPositionAndColor[] = {{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}};

std::vector<float> floatsOf(const std::vector<uint8_t>& bytes) {
  std::vector<float> values(bytes.size() / 4);
  std::memcpy(values.data(), bytes.data(), values.size() * 4);
  return values;
}

ComPtr<ID3D11Buffer> soBuffer(Fixture& f, UINT size, UINT bind = D3D11_BIND_STREAM_OUTPUT) {
  return f.buffer(size, D3D11_USAGE_DEFAULT, bind);
}

void setTarget(Fixture& f, ID3D11Buffer* buffer, UINT offset) {
  ID3D11Buffer* targets[] = {buffer};
  f.context->SOSetTargets(1, targets, &offset);
}

// Creates `source` as a geometry shader capturing `entries` (two streams into slots 0 and 1,
// 16 bytes a vertex each, nothing rasterized) and binds it; the caller keeps it alive.
ComPtr<ID3D11GeometryShader> bindTwoStreamCapture(Fixture& f, const std::string& source,
                                                  const D3D11_SO_DECLARATION_ENTRY (&entries)[2]) {
  auto code = bytecode(source);
  const UINT strides[] = {16, 16};
  ComPtr<ID3D11GeometryShader> gs;
  REQUIRE(f.device->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), entries, 2, strides, 2,
                                                         D3D11_SO_NO_RASTERIZED_STREAM, nullptr, gs.put()) == S_OK);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  return gs;
}

}  // namespace

TEST_CASE("stream output of a vertex shader captures its positions", "[render][streamout]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto gs = vertexCapture(f, kPositionOnly, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  auto target = soBuffer(f, 4 * 16);
  setTarget(f, target.get(), 0);
  const std::vector<Vertex> triangle = {vtx(-1, -1, 1, 0, 0), vtx(-1, 1, 1, 0, 0), vtx(1, 1, 1, 0, 0)};
  s.draw(triangle);
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto values = floatsOf(f.readBuffer(target.get()));
  for (size_t v = 0; v < 3; ++v) {
    INFO("vertex " << v);
    CHECK(values[v * 4 + 0] == triangle[v].x);
    CHECK(values[v * 4 + 1] == triangle[v].y);
    CHECK(values[v * 4 + 2] == triangle[v].z);
    CHECK(values[v * 4 + 3] == triangle[v].w);
  }
  // The fourth slot was not written, and nothing was rasterized (NO_RASTERIZED_STREAM).
  CHECK(values[12] == 0.0f);
  CHECK(countEqual(s.pixels(), 0) == 16);
}

TEST_CASE("a geometry shader with stream output captures and rasterizes", "[render][streamout][geometry]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto code = bytecode(kColorGS);
  const D3D11_SO_DECLARATION_ENTRY entries[] = {{0, "COLOR", 0, 0, 4, 0}};
  const UINT stride = 16;
  ComPtr<ID3D11GeometryShader> gs;
  REQUIRE(f.device->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), entries, 1, &stride, 1, 0, nullptr, gs.put()) ==
          S_OK);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  auto target = soBuffer(f, 6 * 16);
  setTarget(f, target.get(), 0);
  // The left half red (the shader makes it yellow), captured and drawn.
  s.draw(rect(-1, -1, 0, 1, 1, 0, 0));
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto values = floatsOf(f.readBuffer(target.get()));
  for (size_t v = 0; v < 6; ++v) {
    INFO("vertex " << v);
    CHECK(values[v * 4 + 0] == 1.0f);
    CHECK(values[v * 4 + 1] == 1.0f);
    CHECK(values[v * 4 + 2] == 0.0f);
    CHECK(values[v * 4 + 3] == 1.0f);
  }
  auto px = s.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO(x << ", " << y);
      CHECK(s.at(px, x, y) == (x < 2 ? rgba8(255, 255, 0) : 0u));
    }
}

// kPosColorVS with red and blue swapped: the same input and output signatures (D3D11 requires
// the bound vertex shader's outputs to match the stream-output bytecode's), other code.
const std::string kSwappedColorVS =
    signature("Input", {"POSITION                 0   xyzw        0     NONE   float   xyzw",
                        "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
    signature("Output", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                         "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v1.zyxw\n"
    "ret\n";

TEST_CASE("stream output from vertex bytecode captures the bound vertex shader through a pass-through geometry stage",
          "[render][streamout]") {
  Fixture f;
  Scene s(f, 4, 4);
  // Made from kPosColorVS's bytecode; the vertex shader bound is another one with its signatures.
  auto gs = vertexCapture(f, kPositionAndColor, 2, 32, 0);
  auto swapped = makeVS(f, kSwappedColorVS);
  f.context->VSSetShader(swapped.get(), nullptr, 0);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  auto target = soBuffer(f, 8 * 32);
  setTarget(f, target.get(), 0);
  // The left half red: the bound shader makes it blue, in the capture and on the target.
  const std::vector<Vertex> left = rect(-1, -1, 0, 1, 1, 0, 0);
  s.draw(left);
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto values = floatsOf(f.readBuffer(target.get()));
  for (size_t v = 0; v < 6; ++v) {
    INFO("vertex " << v);
    CHECK(values[v * 8 + 0] == left[v].x);
    CHECK(values[v * 8 + 1] == left[v].y);
    CHECK(values[v * 8 + 2] == left[v].z);
    CHECK(values[v * 8 + 3] == left[v].w);
    CHECK(values[v * 8 + 4] == 0.0f);  // blue, not the bytecode's red
    CHECK(values[v * 8 + 5] == 0.0f);
    CHECK(values[v * 8 + 6] == 1.0f);
    CHECK(values[v * 8 + 7] == 1.0f);
  }
  CHECK(values[6 * 8] == 0.0f);  // nothing past the two triangles
  auto px = s.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO(x << ", " << y);
      CHECK(s.at(px, x, y) == (x < 2 ? kBlue : 0u));
    }
}

TEST_CASE("the pass-through geometry stage captures each topology's primitives, adjacency vertices left out", "[render][streamout]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto gs = vertexCapture(f, kPositionOnly, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  const std::vector<Vertex> input = {vtx(-0.5f, -0.5f, 1, 0, 0), vtx(0.5f, -0.5f, 1, 0, 0), vtx(0.5f, 0.5f, 1, 0, 0),
                                     vtx(-0.5f, 0.5f, 1, 0, 0),   vtx(-0.25f, 0.75f, 1, 0, 0), vtx(0.75f, -0.25f, 1, 0, 0)};
  struct Case {
    D3D11_PRIMITIVE_TOPOLOGY topology;
    std::vector<size_t> captured;  // input vertices in capture order
  } cases[] = {
      {D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, {0, 1, 2, 3, 4, 5}},
      {D3D11_PRIMITIVE_TOPOLOGY_LINELIST, {0, 1, 2, 3, 4, 5}},
      {D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP, {0, 1, 1, 2, 2, 3, 3, 4, 4, 5}},  // captured as a list
      {D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, {0, 1, 2, 3, 4, 5}},
      // Adjacency vertices are not captured, as without a geometry shader.
      {D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, {1, 2}},                   // the last two vertices make no line
      {D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ, {0, 2, 4}},
  };
  for (const Case& c : cases) {
    INFO("topology " << c.topology);
    auto target = soBuffer(f, 12 * 16);
    setTarget(f, target.get(), 0);
    s.draw(input, c.topology);
    f.context->SOSetTargets(0, nullptr, nullptr);
    auto values = floatsOf(f.readBuffer(target.get()));
    for (size_t v = 0; v < c.captured.size(); ++v) {
      INFO("captured vertex " << v);
      CHECK(values[v * 4 + 0] == input[c.captured[v]].x);
      CHECK(values[v * 4 + 1] == input[c.captured[v]].y);
      CHECK(values[v * 4 + 3] == 1.0f);
    }
    CHECK(values[c.captured.size() * 4 + 3] == 0.0f);  // nothing more was written
  }
}

TEST_CASE("stream output appends with offset -1 and starts over with an offset", "[render][streamout]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto gs = vertexCapture(f, kPositionOnly, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  auto target = soBuffer(f, 8 * 16);
  const std::vector<Vertex> first = {vtx(0.25f, 0.5f, 1, 0, 0), vtx(0.75f, 0.5f, 1, 0, 0), vtx(0.5f, 1, 1, 0, 0)};
  const std::vector<Vertex> second = {vtx(-0.25f, -0.5f, 0, 1, 0), vtx(-0.75f, -0.5f, 0, 1, 0), vtx(-0.5f, -1, 0, 1, 0)};
  setTarget(f, target.get(), 0);
  s.draw(first);
  setTarget(f, target.get(), UINT(-1));  // append after the first triangle
  s.draw(second);
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto values = floatsOf(f.readBuffer(target.get()));
  for (size_t v = 0; v < 6; ++v) {
    INFO("vertex " << v);
    const Vertex& want = v < 3 ? first[v] : second[v - 3];
    CHECK(values[v * 4 + 0] == want.x);
    CHECK(values[v * 4 + 1] == want.y);
  }
  CHECK(values[6 * 4] == 0.0f);

  // An explicit offset restarts there: 32 bytes (two vertices) in, the first triangle again over
  // vertices 2-4; vertices 0-1 and 5 keep what they held.
  setTarget(f, target.get(), 32);
  s.draw(first);
  f.context->SOSetTargets(0, nullptr, nullptr);
  values = floatsOf(f.readBuffer(target.get()));
  CHECK(values[0] == first[0].x);
  CHECK(values[4] == first[1].x);
  for (size_t v = 0; v < 3; ++v) {
    INFO("vertex " << v + 2);
    CHECK(values[(v + 2) * 4 + 0] == first[v].x);
    CHECK(values[(v + 2) * 4 + 1] == first[v].y);
  }
  CHECK(values[5 * 4] == second[2].x);
}

TEST_CASE("DrawAuto draws the vertices stream output captured", "[render][streamout]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto gs = vertexCapture(f, kPositionAndColor, 2, 32, D3D11_SO_NO_RASTERIZED_STREAM);
  auto target = soBuffer(f, 64 * 32, D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  setTarget(f, target.get(), 0);
  s.draw(rect(-1, -1, 0, 1, 0, 0, 1));  // left half blue: captured, not drawn
  setTarget(f, target.get(), UINT(-1));
  s.draw(rect(0, 0, 1, 1, 0, 1, 0));    // upper right quarter green, appended
  CHECK(countEqual(s.pixels(), 0) == 16);

  // Nothing is captured now; the captured 12 vertices are drawn from slot 0.
  f.context->SOSetTargets(0, nullptr, nullptr);
  f.context->GSSetShader(nullptr, nullptr, 0);
  ID3D11Buffer* buffers[] = {target.get()};
  const UINT stride = sizeof(Vertex), offset = 0;
  f.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  f.context->DrawAuto();
  auto px = s.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO(x << ", " << y);
      const uint32_t want = x < 2 ? kBlue : y < 2 ? kGreen : 0u;
      CHECK(s.at(px, x, y) == want);
    }

  // With the vertex buffer offset past the first rectangle, only the second is drawn.
  s.clear(0, 0, 0, 0);
  const UINT skip = 6 * sizeof(Vertex);
  f.context->IASetVertexBuffers(0, 1, buffers, &stride, &skip);
  f.context->DrawAuto();
  px = s.pixels();
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO(x << ", " << y);
      CHECK(s.at(px, x, y) == (x >= 2 && y < 2 ? kGreen : 0u));
    }

  // DrawAuto from a buffer without STREAM_OUTPUT draws nothing.
  s.clear(0, 0, 0, 0);
  auto plain = f.buffer(6 * sizeof(Vertex), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, rect(-1, -1, 1, 1, 1, 0, 0).data());
  ID3D11Buffer* plainBuffers[] = {plain.get()};
  f.context->IASetVertexBuffers(0, 1, plainBuffers, &stride, &offset);
  f.context->DrawAuto();
  CHECK(countEqual(s.pixels(), kRed) == 0);
}

TEST_CASE("a stream-output target is never also a vertex buffer", "[render][streamout]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto target = soBuffer(f, 64, D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* buffers[] = {target.get()};
  const UINT stride = 32, offset = 0;
  f.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  setTarget(f, target.get(), 0);
  ComPtr<ID3D11Buffer> bound;
  UINT boundStride = 0, boundOffset = 0;
  f.context->IAGetVertexBuffers(0, 1, bound.put(), &boundStride, &boundOffset);
  CHECK(bound.get() == nullptr);
  ComPtr<ID3D11Buffer> so;
  f.context->SOGetTargets(1, so.put());
  CHECK(so.get() == target.get());
  // The reverse: while it is a stream-output target it binds as a null vertex buffer.
  f.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  bound = nullptr;
  f.context->IAGetVertexBuffers(0, 1, bound.put(), &boundStride, &boundOffset);
  CHECK(bound.get() == nullptr);
  f.context->SOSetTargets(0, nullptr, nullptr);
  f.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  bound = nullptr;
  f.context->IAGetVertexBuffers(0, 1, bound.put(), &boundStride, &boundOffset);
  CHECK(bound.get() == target.get());
}

TEST_CASE("stream-output statistics and overflow queries", "[render][streamout][query]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto gs = vertexCapture(f, kPositionOnly, 1, 16, D3D11_SO_NO_RASTERIZED_STREAM);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  auto query = [&](D3D11_QUERY type) {
    D3D11_QUERY_DESC desc{type, 0};
    ComPtr<ID3D11Query> q;
    REQUIRE(f.device->CreateQuery(&desc, q.put()) == S_OK);
    return q;
  };
  auto wait = [&](ID3D11Query* q, void* data, UINT size) {
    HRESULT hr;
    while ((hr = f.context->GetData(q, data, size, 0)) == S_FALSE) {
    }
    REQUIRE(hr == S_OK);
  };
  const auto twoTriangles = rect(-1, -1, 1, 1, 1, 0, 0);

  SECTION("room for everything") {
    auto target = soBuffer(f, 6 * 16);
    auto stats = query(D3D11_QUERY_SO_STATISTICS), stream0 = query(D3D11_QUERY_SO_STATISTICS_STREAM0);
    auto overflow = query(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0);
    setTarget(f, target.get(), 0);
    f.context->Begin(stats.get());
    f.context->Begin(stream0.get());
    f.context->Begin(overflow.get());
    s.draw(twoTriangles);
    f.context->End(stats.get());
    f.context->End(stream0.get());
    f.context->End(overflow.get());
    f.context->SOSetTargets(0, nullptr, nullptr);
    D3D11_QUERY_DATA_SO_STATISTICS data{};
    wait(stats.get(), &data, sizeof(data));
    CHECK(data.NumPrimitivesWritten == 2);
    CHECK(data.PrimitivesStorageNeeded == 2);
    data = {};
    wait(stream0.get(), &data, sizeof(data));
    CHECK(data.NumPrimitivesWritten == 2);
    CHECK(data.PrimitivesStorageNeeded == 2);
    BOOL overflowed = TRUE;
    wait(overflow.get(), &overflowed, sizeof(overflowed));
    CHECK(overflowed == FALSE);
  }
  SECTION("room for one triangle of two") {
    auto target = soBuffer(f, 3 * 16);
    auto stats = query(D3D11_QUERY_SO_STATISTICS_STREAM0), overflow = query(D3D11_QUERY_SO_OVERFLOW_PREDICATE);
    setTarget(f, target.get(), 0);
    f.context->Begin(stats.get());
    f.context->Begin(overflow.get());
    s.draw(twoTriangles);
    f.context->End(stats.get());
    f.context->End(overflow.get());
    f.context->SOSetTargets(0, nullptr, nullptr);
    D3D11_QUERY_DATA_SO_STATISTICS data{};
    wait(stats.get(), &data, sizeof(data));
    CHECK(data.NumPrimitivesWritten == 1);
    CHECK(data.PrimitivesStorageNeeded == 2);
    BOOL overflowed = FALSE;
    wait(overflow.get(), &overflowed, sizeof(overflowed));
    CHECK(overflowed == TRUE);
    // What fit was written.
    auto values = floatsOf(f.readBuffer(target.get()));
    CHECK(values[0] == twoTriangles[0].x);
    CHECK(values[9] == twoTriangles[2].y);
  }
}

TEST_CASE("a geometry shader captures two streams into two buffers, each with its statistics; one overflows",
          "[render][streamout][geometry][query]") {
  Fixture f;
  Scene s(f, 4, 4);
  // Position to stream 0, the colour reversed (wzyx) to stream 1, one point each.
  const std::string twoStreams =
      signature("Input", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                          "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
      streamOutputSignature({"SV_Position              0   xyzw        0      POS   float             0",
                             "COLOR                    0   xyzw        1     NONE   float             1"}) +
      "gs_5_0\n"
      "dcl_input_siv v[1][0].xyzw, position\n"
      "dcl_input v[1][1].xyzw\n"
      "dcl_inputprimitive point\n"
      "dcl_stream m0\n"
      "dcl_outputtopology pointlist\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_stream m1\n"
      "dcl_outputtopology pointlist\n"
      "dcl_output o1.xyzw\n"
      "dcl_maxout 2\n"
      "mov o0.xyzw, v[0][0].xyzw\n"
      "emit_stream m0\n"
      "mov o1.xyzw, v[0][1].wzyx\n"
      "emit_stream m1\n"
      "ret\n";
  const D3D11_SO_DECLARATION_ENTRY entries[] = {{0, "SV_Position", 0, 0, 4, 0}, {1, "COLOR", 0, 0, 4, 1}};
  auto gs = bindTwoStreamCapture(f, twoStreams, entries);
  auto positions = soBuffer(f, 4 * 16), colors = soBuffer(f, 3 * 16);  // stream 1 has room for 3 of 4
  ID3D11Buffer* targets[] = {positions.get(), colors.get()};
  const UINT offsets[] = {0, 0};
  f.context->SOSetTargets(2, targets, offsets);
  D3D11_QUERY_DESC desc0{D3D11_QUERY_SO_STATISTICS_STREAM0, 0}, desc1{D3D11_QUERY_SO_STATISTICS_STREAM1, 0};
  D3D11_QUERY_DESC anyDesc{D3D11_QUERY_SO_OVERFLOW_PREDICATE, 0}, overflow0Desc{D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0, 0};
  ComPtr<ID3D11Query> stream0, stream1, any, overflow0;
  REQUIRE(f.device->CreateQuery(&desc0, stream0.put()) == S_OK);
  REQUIRE(f.device->CreateQuery(&desc1, stream1.put()) == S_OK);
  REQUIRE(f.device->CreateQuery(&anyDesc, any.put()) == S_OK);
  REQUIRE(f.device->CreateQuery(&overflow0Desc, overflow0.put()) == S_OK);
  f.context->Begin(stream0.get());
  f.context->Begin(stream1.get());
  f.context->Begin(any.get());
  f.context->Begin(overflow0.get());
  const std::vector<Vertex> points = {vtx(-0.75f, 0.75f, 0.1f, 0.2f, 0.3f, 0.4f), vtx(0.25f, -0.25f, 0.5f, 0.6f, 0.7f, 0.8f),
                                      vtx(0.75f, 0.25f, 1, 0, 0), vtx(-0.25f, -0.75f, 0, 0, 1, 0.5f)};
  s.draw(points, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.context->End(stream0.get());
  f.context->End(stream1.get());
  f.context->End(any.get());
  f.context->End(overflow0.get());
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto p = floatsOf(f.readBuffer(positions.get())), c = floatsOf(f.readBuffer(colors.get()));
  for (size_t v = 0; v < points.size(); ++v) {
    INFO("point " << v);
    CHECK(p[v * 4 + 0] == points[v].x);
    CHECK(p[v * 4 + 1] == points[v].y);
    CHECK(p[v * 4 + 3] == 1.0f);
    if (v == 3)
      break;  // no room for the last colour
    CHECK(c[v * 4 + 0] == points[v].a);
    CHECK(c[v * 4 + 1] == points[v].b);
    CHECK(c[v * 4 + 2] == points[v].g);
    CHECK(c[v * 4 + 3] == points[v].r);
  }
  auto wait = [&](ID3D11Query* q, void* data, UINT size) {
    HRESULT hr;
    while ((hr = f.context->GetData(q, data, size, 0)) == S_FALSE) {
    }
    REQUIRE(hr == S_OK);
  };
  D3D11_QUERY_DATA_SO_STATISTICS data{};
  wait(stream0.get(), &data, sizeof(data));
  CHECK(data.NumPrimitivesWritten == 4);
  CHECK(data.PrimitivesStorageNeeded == 4);
  data = {};
  wait(stream1.get(), &data, sizeof(data));
  CHECK(data.NumPrimitivesWritten == 3);
  CHECK(data.PrimitivesStorageNeeded == 4);
  // Stream 0 did not overflow; SO_OVERFLOW_PREDICATE covers every stream, and stream 1 did.
  BOOL overflowed = TRUE;
  wait(overflow0.get(), &overflowed, sizeof(overflowed));
  CHECK(overflowed == FALSE);
  overflowed = FALSE;
  wait(any.get(), &overflowed, sizeof(overflowed));
  CHECK(overflowed == TRUE);
  CHECK(countEqual(s.pixels(), 0) == 16);
}

// HLSL compiles one vertex struct appended to several streams as the same output register
// declared in each stream (Wine's test_so_statistics_query does this with four).
TEST_CASE("geometry shader streams sharing an output register each capture what they emitted",
          "[render][streamout][geometry]") {
  Fixture f;
  Scene s(f, 4, 4);
  const std::string sharedRegister =
      signature("Input", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                          "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
      streamOutputSignature({"COLOR                    0   xyzw        0     NONE   float             0",
                             "COLOR                    0   xyzw        0     NONE   float             1"}) +
      "gs_5_0\n"
      "dcl_input v[1][1].xyzw\n"
      "dcl_inputprimitive point\n"
      "dcl_stream m0\n"
      "dcl_outputtopology pointlist\n"
      "dcl_output o0.xyzw\n"
      "dcl_stream m1\n"
      "dcl_outputtopology pointlist\n"
      "dcl_output o0.xyzw\n"
      "dcl_maxout 2\n"
      "mov o0.xyzw, v[0][1].xyzw\n"
      "emit_stream m0\n"
      "mov o0.xyzw, v[0][1].wzyx\n"
      "emit_stream m1\n"
      "ret\n";
  const D3D11_SO_DECLARATION_ENTRY entries[] = {{0, "COLOR", 0, 0, 4, 0}, {1, "COLOR", 0, 0, 4, 1}};
  auto gs = bindTwoStreamCapture(f, sharedRegister, entries);
  auto first = soBuffer(f, 2 * 16), second = soBuffer(f, 2 * 16);
  ID3D11Buffer* targets[] = {first.get(), second.get()};
  const UINT offsets[] = {0, 0};
  f.context->SOSetTargets(2, targets, offsets);
  const std::vector<Vertex> points = {vtx(-0.5f, 0.5f, 0.1f, 0.2f, 0.3f, 0.4f), vtx(0.5f, -0.5f, 0.5f, 0.6f, 0.7f, 0.8f)};
  s.draw(points, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto a = floatsOf(f.readBuffer(first.get())), b = floatsOf(f.readBuffer(second.get()));
  for (size_t v = 0; v < points.size(); ++v) {
    INFO("point " << v);
    CHECK(a[v * 4 + 0] == points[v].r);
    CHECK(a[v * 4 + 3] == points[v].a);
    CHECK(b[v * 4 + 0] == points[v].a);
    CHECK(b[v * 4 + 3] == points[v].r);
  }
}

TEST_CASE("stream output recorded on a deferred context", "[render][streamout][deferred]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto gs = vertexCapture(f, kPositionAndColor, 2, 32, D3D11_SO_NO_RASTERIZED_STREAM);
  auto target = soBuffer(f, 16 * 32, D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER);
  const auto quad = rect(-1, -1, 1, 1, 1, 0, 0);
  auto vertices = f.buffer(UINT(quad.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, quad.data());
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  // The deferred context starts from the default state: everything is bound again there.
  ID3D11RenderTargetView* targets[] = {s.rtv.get()};
  deferred->OMSetRenderTargets(1, targets, nullptr);
  D3D11_VIEWPORT viewport{0, 0, 4, 4, 0, 1};
  deferred->RSSetViewports(1, &viewport);
  deferred->RSSetState(s.raster.get());
  deferred->IASetInputLayout(s.layout.get());
  deferred->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  deferred->VSSetShader(s.vs.get(), nullptr, 0);
  deferred->PSSetShader(s.ps.get(), nullptr, 0);
  deferred->GSSetShader(gs.get(), nullptr, 0);
  ID3D11Buffer* soTargets[] = {target.get()};
  const UINT zero = 0, stride = sizeof(Vertex);
  deferred->SOSetTargets(1, soTargets, &zero);
  ID3D11Buffer* input[] = {vertices.get()};
  deferred->IASetVertexBuffers(0, 1, input, &stride, &zero);
  deferred->Draw(6, 0);
  deferred->SOSetTargets(0, nullptr, nullptr);
  deferred->GSSetShader(nullptr, nullptr, 0);
  ID3D11Buffer* captured[] = {target.get()};
  deferred->IASetVertexBuffers(0, 1, captured, &stride, &zero);
  deferred->DrawAuto();
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  f.context->ExecuteCommandList(list.get(), FALSE);
  CHECK(countEqual(s.pixels(), kRed) == 16);
  auto values = floatsOf(f.readBuffer(target.get()));
  for (size_t v = 0; v < 6; ++v) {
    INFO("vertex " << v);
    CHECK(values[v * 8 + 0] == quad[v].x);
    CHECK(values[v * 8 + 1] == quad[v].y);
    CHECK(values[v * 8 + 4] == 1.0f);
  }
}
