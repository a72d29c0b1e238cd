// Rendering: instanced draws with per-instance vertex data at step rates 0, 1 and 2, start
// instance, and SV_InstanceID.
#include "render_util.h"

using namespace render;

namespace {

// POSITION (per vertex) plus OFFSET (per instance) and two per-instance colours; the output
// colour is COLOR0 + COLOR1 so both per-instance streams show in the pixels.
const std::string kInstanceVS =
    signature("Input", {"POSITION                 0   xy          0     NONE   float   xy",
                        "OFFSET                   0   xy          1     NONE   float   xy",
                        "COLOR                    0   xyzw        2     NONE   float   xyzw",
                        "COLOR                    1   xyzw        3     NONE   float   xyzw"}) +
    signature("Output", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                         "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
    "vs_4_0\n"
    "dcl_input v0.xy\n"
    "dcl_input v1.xy\n"
    "dcl_input v2.xyzw\n"
    "dcl_input v3.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "add o0.xy, v0.xyxx, v1.xyxx\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "add o1.xyzw, v2.xyzw, v3.xyzw\n"
    "ret\n";

// SV_VertexID and SV_InstanceID written as colour (r = instance / 255, g = vertex / 255).
const std::string kIdVS =
    signature("Input", {"POSITION                 0   xy          0     NONE   float   xy",
                        "SV_VertexID              0   x           1   VERTID    uint   x",
                        "SV_InstanceID            0   x           2   INSTID    uint   x"}) +
    signature("Output", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                         "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
    "vs_4_0\n"
    "dcl_input v0.xy\n"
    "dcl_input_sgv v1.x, vertex_id\n"
    "dcl_input_sgv v2.x, instance_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "utof r0.x, v2.x\n"
    "utof r0.y, v1.x\n"
    "mul o1.xy, r0.xyxx, l(0.00392156886, 0.00392156886, 0, 0)\n"
    "mov o1.zw, l(0, 0, 0, 1.0)\n"
    "utof r0.x, v2.x\n"
    "mul r0.x, r0.x, l(0.25)\n"   // instance i moves right by i/4 of NDC (one pixel on an 8-wide target)
    "add o0.x, v0.x, r0.x\n"
    "mov o0.y, v0.y\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "ret\n";

struct Float2 {
  float x, y;
};
struct Float4 {
  float r, g, b, a;
};

}  // namespace

TEST_CASE("per-instance data advances at step rates 0, 1 and 2", "[render][instancing]") {
  Fixture f;
  Scene s(f, 8, 2);
  std::vector<uint8_t> code;
  auto vs = makeVS(f, kInstanceVS, &code);
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"OFFSET", 0, DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 2, 0, D3D11_INPUT_PER_INSTANCE_DATA, 2},
      {"COLOR", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 3, 0, D3D11_INPUT_PER_INSTANCE_DATA, 0},
  };
  ComPtr<ID3D11InputLayout> layout;
  REQUIRE(f.device->CreateInputLayout(elements, 4, code.data(), code.size(), layout.put()) == S_OK);
  f.context->IASetInputLayout(layout.get());
  f.context->VSSetShader(vs.get(), nullptr, 0);
  // One pixel-wide quad at the left edge (x in [-1, -0.75] = pixel 0), both rows.
  const Float2 quad[] = {{-1, -1}, {-1, 1}, {-0.75f, 1}, {-1, -1}, {-0.75f, 1}, {-0.75f, -1}};
  // Instance i moves right by i pixels.
  Float2 offsets[8];
  for (int i = 0; i < 8; ++i)
    offsets[i] = {0.25f * float(i), 0};
  // Step rate 2: instances 2k and 2k+1 share red = 40k/255.
  Float4 colors[4];
  for (int k = 0; k < 4; ++k)
    colors[k] = {40.0f * float(k) / 255.0f, 0, 0, 1};
  // Step rate 0: every instance reads one element; element 1 (green) must never be read. Vulkan's
  // divisor 0 reads element StartInstanceLocation, which D3D11 does not pin down, so element 2
  // equals element 0 (blue 200/255).
  const Float4 constant[] = {{0, 0, 200.0f / 255.0f, 0}, {0, 1, 0, 0}, {0, 0, 200.0f / 255.0f, 0}};
  auto vb0 = f.buffer(sizeof(quad), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, quad);
  auto vb1 = f.buffer(sizeof(offsets), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, offsets);
  auto vb2 = f.buffer(sizeof(colors), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, colors);
  auto vb3 = f.buffer(sizeof(constant), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, constant);
  ID3D11Buffer* buffers[] = {vb0.get(), vb1.get(), vb2.get(), vb3.get()};
  const UINT strides[] = {sizeof(Float2), sizeof(Float2), sizeof(Float4), sizeof(Float4)}, offs[] = {0, 0, 0, 0};
  f.context->IASetVertexBuffers(0, 4, buffers, strides, offs);

  SECTION("start instance 0") {
    f.context->DrawInstanced(6, 8, 0, 0);
    auto px = s.pixels();
    for (UINT x = 0; x < 8; ++x) {
      INFO("instance " << x);
      CHECK(s.at(px, x, 0) == rgba8(40 * (x / 2), 0, 200));
      CHECK(s.at(px, x, 1) == rgba8(40 * (x / 2), 0, 200));
    }
  }
  SECTION("start instance 2 offsets the per-instance data (step rate 1 and 2), instances 0..3 drawn") {
    f.context->DrawInstanced(6, 4, 0, 2);
    auto px = s.pixels();
    // Instance i (0-3) reads element Start + i / StepRate: offset 2 + i and colour 2 + i/2.
    for (UINT i = 0; i < 4; ++i) {
      INFO("instance " << i);
      CHECK(s.at(px, 2 + i, 0) == rgba8(40 * (2 + i / 2), 0, 200));
    }
    CHECK(s.at(px, 0, 0) == 0);
    CHECK(s.at(px, 1, 0) == 0);
    CHECK(s.at(px, 6, 0) == 0);
  }
}

TEST_CASE("SV_InstanceID excludes the start instance and SV_VertexID the base vertex", "[render][instancing]") {
  Fixture f;
  Scene s(f, 8, 1);
  std::vector<uint8_t> code;
  auto vs = makeVS(f, kIdVS, &code);
  const D3D11_INPUT_ELEMENT_DESC elements[] = {{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  ComPtr<ID3D11InputLayout> layout;
  REQUIRE(f.device->CreateInputLayout(elements, 1, code.data(), code.size(), layout.put()) == S_OK);
  f.context->IASetInputLayout(layout.get());
  f.context->VSSetShader(vs.get(), nullptr, 0);
  // Vertex 0 and vertex 4 sit at pixel 0's centre; the others lie off the target.
  const Float2 points[] = {{-1 + 0.125f, 0}, {5, 5}, {5, 5}, {5, 5}, {-1 + 0.125f, 0}};
  auto vb = f.buffer(sizeof(points), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, points);
  ID3D11Buffer* buffers[] = {vb.get()};
  const UINT stride = sizeof(Float2), offset = 0;
  f.context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  SECTION("DrawInstanced: the instance id excludes StartInstanceLocation") {
    f.context->DrawInstanced(1, 3, 0, 5);
    auto px = s.pixels();
    for (UINT i = 0; i < 3; ++i)
      CHECK(s.at(px, i, 0) == rgba8(i, 0, 0));
    CHECK(s.at(px, 3, 0) == 0);
  }
  SECTION("DrawIndexedInstanced: the vertex id is the index value, without BaseVertexLocation") {
    // Index 1 with base vertex 3 fetches vertex 4; SV_VertexID is 1 (D3D11 and D3D12 leave the
    // base vertex out, unlike Vulkan's VertexIndex).
    s.indices<uint16_t>({1}, DXGI_FORMAT_R16_UINT);
    f.context->DrawIndexedInstanced(1, 2, 0, 3, 4);
    auto px = s.pixels();
    for (UINT i = 0; i < 2; ++i)
      CHECK(s.at(px, i, 0) == rgba8(i, 1, 0));
    CHECK(s.at(px, 2, 0) == 0);
  }
}
