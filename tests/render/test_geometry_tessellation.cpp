// Rendering: geometry shaders (point to quad expansion, cut between strips, instancing with
// vGSInstanceID, vPrim, render target array index into a texture array) and tessellation (hull and
// domain shaders on tri and quad patches with every partitioning mode).
#include "render_util.h"

using namespace render;

namespace {

const uint32_t kRed = rgba8(255, 0, 0), kGreen = rgba8(0, 255, 0);

// A point becomes a square of half-size cb0[0].x around it (a 4-vertex strip).
const std::string kPointToQuadGS =
    "gs_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 4\n"
    "dcl_temps 1\n"
    "mov r0.zw, v[0][0].zzzw\n"
    "add r0.xy, v[0][0].xyxx, -cb0[0].xxxx\n"  // (x - h, y - h)
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.x, v[0][0].x, -cb0[0].x\n"  // (x - h, y + h)
    "add r0.y, v[0][0].y, cb0[0].x\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.x, v[0][0].x, cb0[0].x\n"  // (x + h, y - h)
    "add r0.y, v[0][0].y, -cb0[0].x\n"
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "add r0.xy, v[0][0].xyxx, cb0[0].xxxx\n"  // (x + h, y + h)
    "mov o0.xyzw, r0.xyzw\n"
    "mov o1.xyzw, v[0][1].xyzw\n"
    "emit\n"
    "ret\n";

// Two GS instances; instance i moves the triangle right by i (NDC) and colours it by vPrim in
// green (vPrim * 64 / 255) and i in blue.
const std::string kInstancedGS =
    "gs_5_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input vPrim\n"
    "dcl_input vGSInstanceID\n"
    "dcl_inputprimitive triangle\n"
    "dcl_stream m0\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 3\n"
    "dcl_gs_instance_count 2\n"
    "dcl_temps 2\n"
    "utof r0.x, vGSInstanceID.x\n"
    "utof r0.y, vPrim\n"
    "mul r1.y, r0.y, l(0.250980392)\n"
    "mov r1.x, l(1.0)\n"
    "mov r1.z, r0.x\n"
    "mov r1.w, l(1.0)\n"
    "add o0.x, v[0][0].x, r0.x\n"
    "mov o0.yzw, v[0][0].yyzw\n"
    "mov o1.xyzw, r1.xyzw\n"
    "emit_stream m0\n"
    "add o0.x, v[1][0].x, r0.x\n"
    "mov o0.yzw, v[1][0].yyzw\n"
    "mov o1.xyzw, r1.xyzw\n"
    "emit_stream m0\n"
    "add o0.x, v[2][0].x, r0.x\n"
    "mov o0.yzw, v[2][0].yyzw\n"
    "mov o1.xyzw, r1.xyzw\n"
    "emit_stream m0\n"
    "ret\n";

// Sends each triangle to the render target array slice given by its colour's alpha (0 or 1).
const std::string kLayerGS =
    "gs_4_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input v[3][1].xyzw\n"
    "dcl_inputprimitive triangle\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output_siv o2.x, rendertarget_array_index\n"
    "dcl_maxout 3\n"
    "dcl_temps 1\n"
    "ftou r0.x, v[0][1].w\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyz, v[0][1].xyzx\n"
    "mov o1.w, l(1.0)\n"
    "mov o2.x, r0.x\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyz, v[1][1].xyzx\n"
    "mov o1.w, l(1.0)\n"
    "mov o2.x, r0.x\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xyz, v[2][1].xyzx\n"
    "mov o1.w, l(1.0)\n"
    "mov o2.x, r0.x\n"
    "emit\n"
    "ret\n";

}  // namespace

TEST_CASE("a geometry shader expands points into quads", "[render][geometry]") {
  Fixture f;
  Scene s(f, 8, 8);
  auto gs = makeGS(f, kPointToQuadGS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  const float half[4] = {0.25f, 0, 0, 0};  // 1 pixel of NDC on 8 pixels: a 2x2-pixel square
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, half);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->GSSetConstantBuffers(0, 1, cbs);
  // Points on pixel corners (2, 2) and (6, 5): each square covers the 4 pixels around its corner.
  s.draw({vtx(-0.5f, 0.5f, 1, 0, 0), vtx(0.5f, -0.25f, 0, 1, 0)}, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  auto px = s.pixels();
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO(x << ", " << y);
      uint32_t want = 0;
      if (x >= 1 && x <= 2 && y >= 1 && y <= 2)
        want = kRed;
      if (x >= 5 && x <= 6 && y >= 4 && y <= 5)
        want = kGreen;
      CHECK(s.at(px, x, y) == want);
    }
}

TEST_CASE("geometry shader instancing: vGSInstanceID and vPrim", "[render][geometry]") {
  Fixture f;
  Scene s(f, 8, 2);
  auto gs = makeGS(f, kInstancedGS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  // Two primitives in the left half: primitive 0 covers x in [-1, -0.5], primitive 1 x in [-0.5, 0]
  // (two triangles each, so primitives 0-1 and 2-3).
  auto a = rect(-1, -1, -0.5f, 1, 0, 0, 0), b = rect(-0.5f, -1, 0, 1, 0, 0, 0);
  a.insert(a.end(), b.begin(), b.end());
  s.draw(a);
  auto px = s.pixels();
  // Pixel x in 0-1: primitives 0/1, instance 0; 2-3: primitives 2/3, instance 0; 4-7: instance 1.
  // Each pixel's colour names its primitive: green = 64 * vPrim. Pixel centres at y = 0.5 and 1.5
  // lie in the rect's upper-left or lower-right triangle.
  for (UINT x = 0; x < 8; ++x) {
    const UINT instance = x / 4, rectangle = (x % 4) / 2;
    for (UINT y = 0; y < 2; ++y) {
      INFO(x << ", " << y);
      // Within a 2x2-pixel rectangle the first triangle (upper-left half) holds pixel (0, 0) and
      // the second (1, 1); the centres of (1, 0) and (0, 1) lie on the shared diagonal, where the
      // fill rule picks the triangle, so they are not checked.
      if ((x % 2) != y)
        continue;
      const UINT prim = rectangle * 2 + (y == 0 ? 0 : 1);
      CHECK(s.at(px, x, y) == rgba8(255, 64 * prim, 255 * instance));
    }
  }
}

TEST_CASE("a geometry shader routes triangles to render target array slices", "[render][geometry]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto array = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 2);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(array.get(), nullptr, rtv.put()) == S_OK);
  const float clear[4] = {0, 0, 0, 0};
  f.context->ClearRenderTargetView(rtv.get(), clear);
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  auto gs = makeGS(f, kLayerGS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  // Left half red to slice 0 (alpha 0), right half green to slice 1 (alpha 1).
  auto left = rect(-1, -1, 0, 1, 1, 0, 0, 0), right = rect(0, -1, 1, 1, 0, 1, 0, 1);
  left.insert(left.end(), right.begin(), right.end());
  s.draw(left);
  auto slice0 = f.readTexture(array.get(), 0, 4), slice1 = f.readTexture(array.get(), 1, 4);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO(x << ", " << y);
      CHECK(texel(slice0, y * 4 + x) == (x < 2 ? kRed : 0u));
      CHECK(texel(slice1, y * 4 + x) == (x < 2 ? 0u : kGreen));
    }
}

TEST_CASE("a vertex shader routes triangles to render target array slices (SV_RenderTargetArrayIndex)", "[render][geometry]") {
  Fixture f;
  Scene s(f, 4, 4);
  auto array = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 2);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(array.get(), nullptr, rtv.put()) == S_OK);
  const float clear[4] = {0, 0, 0, 0};
  f.context->ClearRenderTargetView(rtv.get(), clear);
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  // The slice is the colour's alpha (0 or 1), written by the vertex shader; no geometry shader.
  const std::string layerVS =
      signature("Input", {"POSITION                 0   xyzw        0     NONE   float   xyzw",
                          "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
      "vs_5_0\n"
      "dcl_input v0.xyzw\n"
      "dcl_input v1.xyzw\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xyzw\n"
      "dcl_output_siv o2.x, rendertarget_array_index\n"
      "mov o0.xyzw, v0.xyzw\n"
      "mov o1.xyz, v1.xyzx\n"
      "mov o1.w, l(1.0)\n"
      "ftou o2.x, v1.w\n"
      "ret\n";
  s.vs = makeVS(f, layerVS);
  f.context->VSSetShader(s.vs.get(), nullptr, 0);
  auto left = rect(-1, -1, 0, 1, 1, 0, 0, 0), right = rect(0, -1, 1, 1, 0, 1, 0, 1);
  left.insert(left.end(), right.begin(), right.end());
  s.draw(left);
  auto slice0 = f.readTexture(array.get(), 0, 4), slice1 = f.readTexture(array.get(), 1, 4);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO(x << ", " << y);
      CHECK(texel(slice0, y * 4 + x) == (x < 2 ? kRed : 0u));
      CHECK(texel(slice1, y * 4 + x) == (x < 2 ? 0u : kGreen));
    }
}

TEST_CASE("a pixel shader reads SV_ClipDistance and SV_RenderTargetArrayIndex", "[render][geometry]") {
  Fixture f;
  Scene s(f, 8, 2);
  auto array = f.texture2D(8, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 2);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(array.get(), nullptr, rtv.put()) == S_OK);
  const float clear[4] = {0, 0, 0, 0};
  f.context->ClearRenderTargetView(rtv.get(), clear);
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  // The clip distance is the vertex's x (the left half is clipped); the slice is 1.
  s.vs = makeVS(f, signature("Input", {"POSITION                 0   xyzw        0     NONE   float   xyzw",
                                       "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
                       "vs_5_0\n"
                       "dcl_input v0.xyzw\n"
                       "dcl_input v1.xyzw\n"
                       "dcl_output_siv o0.xyzw, position\n"
                       "dcl_output o1.xyzw\n"
                       "dcl_output_siv o2.x, clip_distance\n"
                       "dcl_output_siv o3.x, rendertarget_array_index\n"
                       "mov o0.xyzw, v0.xyzw\n"
                       "mov o1.xyzw, v1.xyzw\n"
                       "mov o2.x, v0.x\n"
                       "mov o3.x, l(1)\n"
                       "ret\n");
  f.context->VSSetShader(s.vs.get(), nullptr, 0);
  // Red is the interpolated clip distance, green 0.5 on slice 1 (the layer the pixel is on).
  s.ps = makePS(f,
                "ps_5_0\n"
                "dcl_input_ps_siv linear v2.x, clip_distance\n"
                "dcl_input_ps_siv constant v3.x, rendertarget_array_index\n"
                "dcl_output o0.xyzw\n"
                "dcl_temps 1\n"
                "utof r0.x, v3.x\n"
                "mul o0.y, r0.x, l(0.5)\n"
                "mov o0.x, v2.x\n"
                "mov o0.zw, l(0, 0, 0, 1.0)\n"
                "ret\n");
  f.context->PSSetShader(s.ps.get(), nullptr, 0);
  s.draw(rect(-1, -1, 1, 1, 1, 1, 1));
  auto slice0 = f.readTexture(array.get(), 0, 4), slice1 = f.readTexture(array.get(), 1, 4);
  for (UINT y = 0; y < 2; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO(x << ", " << y);
      CHECK(texel(slice0, y * 8 + x) == 0u);
      const uint32_t pixel = texel(slice1, y * 8 + x);
      if (x < 4) {
        CHECK(pixel == 0u);  // clipped: negative distance
        continue;
      }
      const float distance = (float(x) + 0.5f) / 4.0f - 1.0f;  // the pixel centre's NDC x
      const int expected = int(distance * 255.0f + 0.5f);
      CHECK(std::abs(int(pixel & 0xff) - expected) <= 1);
      CHECK(std::abs(int((pixel >> 8) & 0xff) - 128) <= 1);
      CHECK((pixel >> 24) == 255u);
    }
}

TEST_CASE("a geometry shader reads its vertices' SV_ClipDistance and passes it on", "[render][geometry]") {
  Fixture f;
  Scene s(f, 8, 2);
  // The vertex shader's clip distance is the vertex's x.
  s.vs = makeVS(f, signature("Input", {"POSITION                 0   xyzw        0     NONE   float   xyzw",
                                       "COLOR                    0   xyzw        1     NONE   float   xyzw"}) +
                       "vs_5_0\n"
                       "dcl_input v0.xyzw\n"
                       "dcl_input v1.xyzw\n"
                       "dcl_output_siv o0.xyzw, position\n"
                       "dcl_output o1.xyzw\n"
                       "dcl_output_siv o2.x, clip_distance\n"
                       "mov o0.xyzw, v0.xyzw\n"
                       "mov o1.xyzw, v1.xyzw\n"
                       "mov o2.x, v0.x\n"
                       "ret\n");
  f.context->VSSetShader(s.vs.get(), nullptr, 0);
  // Each vertex's colour becomes (its clip distance, 0, 0, 1), and the distance is written on.
  std::string gs =
      "gs_5_0\n"
      "dcl_input_siv v[3][0].xyzw, position\n"
      "dcl_input v[3][1].xyzw\n"
      "dcl_input_siv v[3][2].x, clip_distance\n"
      "dcl_inputprimitive triangle\n"
      "dcl_stream m0\n"
      "dcl_outputtopology trianglestrip\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xyzw\n"
      "dcl_output_siv o2.x, clip_distance\n"
      "dcl_maxout 3\n";
  for (int i = 0; i < 3; ++i) {
    const std::string v = "v[" + std::to_string(i) + "]";
    gs += "mov o0.xyzw, " + v + "[0].xyzw\n"
          "mov o1.x, " + v + "[2].x\n"
          "mov o1.yzw, l(0, 0, 0, 1.0)\n"
          "mov o2.x, " + v + "[2].x\n"
          "emit_stream m0\n";
  }
  gs += "ret\n";
  auto shader = makeGS(f, gs);
  f.context->GSSetShader(shader.get(), nullptr, 0);
  s.draw(rect(-1, -1, 1, 1, 1, 1, 1));
  auto px = s.pixels();
  for (UINT y = 0; y < 2; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO(x << ", " << y);
      const uint32_t pixel = s.at(px, x, y);
      if (x < 4) {
        CHECK(pixel == 0u);  // clipped by the distance the geometry shader passed on
        continue;
      }
      const float distance = (float(x) + 0.5f) / 4.0f - 1.0f;
      CHECK(std::abs(int(pixel & 0xff) - int(distance * 255.0f + 0.5f)) <= 1);
      CHECK((pixel >> 24) == 255u);
    }
}

namespace {

const std::string kHullInput =
    signature("Input", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                        "COLOR                    0   xyzw        1     NONE   float   xyzw"});

// A hull shader passing `points` control points through, with constant tessellation factors.
std::string hullShader(const char* domain, const char* partitioning, const char* output, UINT points, float edge, float inside) {
  std::string factors;
  const bool quad = std::string(domain) == "domain_quad";
  const char* edges[] = {"finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor", "finalQuadUeq1EdgeTessFactor",
                         "finalQuadVeq1EdgeTessFactor"};
  const char* triEdges[] = {"finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor", "finalTriWeq0EdgeTessFactor"};
  const std::string e = std::to_string(edge), in = std::to_string(inside);
  UINT reg = 0;
  std::string decls, body;
  for (UINT i = 0; i < (quad ? 4u : 3u); ++i, ++reg) {
    decls += "dcl_output_siv o" + std::to_string(reg) + ".x, " + (quad ? edges[i] : triEdges[i]) + "\n";
    body += "mov o" + std::to_string(reg) + ".x, l(" + e + ")\n";
  }
  if (quad) {
    decls += "dcl_output_siv o4.x, finalQuadUInsideTessFactor\ndcl_output_siv o5.x, finalQuadVInsideTessFactor\n";
    body += "mov o4.x, l(" + in + ")\nmov o5.x, l(" + in + ")\n";
  } else {
    decls += "dcl_output_siv o3.x, finalTriInsideTessFactor\n";
    body += "mov o3.x, l(" + in + ")\n";
  }
  const std::string n = std::to_string(points);
  return kHullInput + "hs_5_0\nhs_decls\n" + "dcl_input_control_point_count " + n + "\ndcl_output_control_point_count " + n +
         "\ndcl_tessellator_domain " + domain + "\ndcl_tessellator_partitioning " + partitioning +
         "\ndcl_tessellator_output_primitive " + output +
         "\nhs_control_point_phase\n"
         "dcl_input vOutputControlPointID\n"
         "dcl_input v[" + n + "][0].xyzw\n"
         "dcl_input v[" + n + "][1].xyzw\n"
         "dcl_output o0.xyzw\n"
         "dcl_output o1.xyzw\n"
         "dcl_temps 1\n"
         "mov r0.x, vOutputControlPointID\n"
         "mov o0.xyzw, v[r0.x][0].xyzw\n"
         "mov o1.xyzw, v[r0.x][1].xyzw\n"
         "ret\n"
         "hs_fork_phase\n" + decls + body + "ret\n";
}

// Quad domain: x from control point 0 to 1 along u, y from control point 0 to 2 along v.
const std::string kQuadDS =
    "ds_5_0\n"
    "dcl_input_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_input vDomain.xy\n"
    "dcl_input vicp[4][0].xyzw\n"
    "dcl_input vicp[4][1].xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "add r0.x, vicp[1][0].x, -vicp[0][0].x\n"
    "mad o0.x, vDomain.x, r0.x, vicp[0][0].x\n"
    "add r0.y, vicp[2][0].y, -vicp[0][0].y\n"
    "mad o0.y, vDomain.y, r0.y, vicp[0][0].y\n"
    "mov o0.zw, vicp[0][0].zzzw\n"
    "mov o1.xyzw, vicp[0][1].xyzw\n"
    "ret\n";

// Tri domain: the barycentric combination of the three control points.
const std::string kTriDS =
    "ds_5_0\n"
    "dcl_input_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\n"
    "dcl_input vicp[3][0].xyzw\n"
    "dcl_input vicp[3][1].xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "mov o1.xyzw, vicp[0][1].xyzw\n"
    "ret\n";

}  // namespace

TEST_CASE("tessellation in point mode: each partitioning makes the documented number of vertices", "[render][tessellation]") {
  Fixture f;
  const UINT size = 64;
  Scene s(f, size, size);
  auto ds = makeDS(f, kQuadDS);
  f.context->DSSetShader(ds.get(), nullptr, 0);
  // Control points at pixel centres 2 and 61 (x) and rows 2 and 61 (y): vertices at least 7 pixels
  // apart for every case below, so each vertex lights its own pixel.
  auto ndcX = [&](float px) { return (px + 0.5f) * 2 / size - 1; };
  auto ndcY = [&](float px) { return 1 - (px + 0.5f) * 2 / size; };
  s.vertices({vtx(ndcX(2), ndcY(2), 1, 1, 1), vtx(ndcX(61), ndcY(2), 1, 1, 1), vtx(ndcX(2), ndcY(61), 1, 1, 1),
              vtx(ndcX(61), ndcY(61), 1, 1, 1)});
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  struct {
    const char* partitioning;
    float factor;
    UINT segments;  // per edge, after the partitioning's rounding
  } cases[] = {
      {"partitioning_integer", 3, 3},          {"partitioning_integer", 2.5f, 3},  // integer rounds up
      {"partitioning_fractional_odd", 3, 3},   {"partitioning_fractional_odd", 4, 5},
      {"partitioning_fractional_even", 3, 4},  {"partitioning_fractional_even", 4, 4},
      {"partitioning_pow2", 4, 4},             {"partitioning_pow2", 3, 4},  // pow2 rounds up to 2^n
      {"partitioning_pow2", 5, 8},
  };
  for (const auto& c : cases) {
    INFO(c.partitioning << " factor " << c.factor);
    auto hs = makeHS(f, hullShader("domain_quad", c.partitioning, "output_point", 4, c.factor, c.factor));
    f.context->HSSetShader(hs.get(), nullptr, 0);
    s.clear(0, 0, 0, 0);
    f.context->Draw(4, 0);
    const UINT vertices = (c.segments + 1) * (c.segments + 1);
    CHECK(size * size - countEqual(s.pixels(), 0) == vertices);
  }
}

TEST_CASE("tessellated triangles cover exactly the patch", "[render][tessellation]") {
  Fixture f;
  Scene s(f, 8, 8);
  // Reference: the patch drawn as one triangle. No pixel centre lies on its edges.
  const std::vector<Vertex> patch = {vtx(-1, -1, 0, 0, 1), vtx(-1, 1, 0, 0, 1), vtx(0.9f, 1, 0, 0, 1)};
  s.draw(patch);
  auto reference = s.pixels();
  auto ds = makeDS(f, kTriDS);
  f.context->DSSetShader(ds.get(), nullptr, 0);
  for (const char* partitioning : {"partitioning_integer", "partitioning_fractional_odd", "partitioning_fractional_even"}) {
    INFO(partitioning);
    auto hs = makeHS(f, hullShader("domain_tri", partitioning, "output_triangle_cw", 3, 3.0f, 2.0f));
    f.context->HSSetShader(hs.get(), nullptr, 0);
    s.clear(0, 0, 0, 0);
    s.vertices(patch);
    f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
    f.context->Draw(3, 0);
    CHECK(s.pixels() == reference);
  }
}

// Geometry shaders taking patches with no hull and domain shader (dcl_inputprimitive patchN):
// drawn as the list topology of N vertices (docs/pipelines.md).
namespace {

// One triangle from each patch's 3 control points, red with green = 64 * SV_PrimitiveID / 255
// (the vertices' own blue is dropped, so a pixel shows the GS ran).
const std::string kPatch3GS =
    "gs_5_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input v[3][1].xyzw\n"
    "dcl_input vPrim\n"
    "dcl_inputprimitive patch3\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 3\n"
    "dcl_temps 1\n"
    "utof r0.y, vPrim\n"
    "mul r0.y, r0.y, l(0.250980392)\n"
    "mov r0.xzw, l(1.0, 0, 0, 1.0)\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "ret\n";

// A quad (a 4-vertex strip) from each patch's 4 corners, given clockwise from the top left: the
// strip takes them in the order 0, 1, 3, 2. Colour: control point 2's red and green, blue =
// SV_PrimitiveID.
const std::string kPatch4GS =
    "gs_5_0\n"
    "dcl_input_siv v[4][0].xyzw, position\n"
    "dcl_input v[4][1].xyzw\n"
    "dcl_input vPrim\n"
    "dcl_inputprimitive patch4\n"
    "dcl_outputtopology trianglestrip\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 4\n"
    "dcl_temps 1\n"
    "mov r0.xyw, v[2][1].xyxw\n"
    "utof r0.z, vPrim\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[3][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "mov o1.xyzw, r0.xyzw\n"
    "emit\n"
    "ret\n";

}  // namespace

TEST_CASE("a geometry shader takes 3-control-point patches and counts them in SV_PrimitiveID", "[render][geometry][gs-patch]") {
  Fixture f;
  Scene s(f, 8, 4);
  auto gs = makeGS(f, kPatch3GS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  // Patch 0 in the left half, patch 1 the same shape in the right half: the upper-left triangle
  // of (-1, -1), (-1, 1), (-0.1, 1), moved right by 1 for patch 1.
  s.draw({vtx(-1, -1, 0, 0, 1), vtx(-1, 1, 0, 0, 1), vtx(-0.1f, 1, 0, 0, 1), vtx(0, -1, 0, 0, 1),
          vtx(0, 1, 0, 0, 1), vtx(0.9f, 1, 0, 0, 1)},
         D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  auto px = s.pixels();
  for (UINT x = 0; x < 8; ++x)
    for (UINT y = 0; y < 4; ++y) {
      INFO(x << ", " << y);
      // Pixel centre in NDC; inside when left of the edge from (x0, -1) to (x0 + 0.9, 1).
      const float cx = (x + 0.5f) / 4 - 1, cy = 1 - (y + 0.5f) / 2;
      const UINT patch = x / 4;
      const float edge = -1.0f + patch + 0.9f * (cy + 1) / 2;
      if (std::abs(cx - edge) < 0.05f)
        continue;  // too close to the slanted edge to call
      CHECK(s.at(px, x, y) == (cx < edge ? rgba8(255, 64 * patch, 0) : 0u));
    }
  // Both patches drew something, and each pixel carries its own patch's id.
  CHECK(s.at(px, 0, 0) == rgba8(255, 0, 0));
  CHECK(s.at(px, 4, 0) == rgba8(255, 64, 0));
}

TEST_CASE("a geometry shader makes quads from 4-control-point patches", "[render][geometry][gs-patch]") {
  Fixture f;
  Scene s(f, 8, 4);
  auto gs = makeGS(f, kPatch4GS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  // Patch 0: x in [-1, -0.5] over the full height, red at corner 2; patch 1: x in [0, 1], y in
  // [0, 1] (the top two rows), green at corner 2. Corners clockwise from the top left.
  auto quad = [](float x0, float y0, float x1, float y1, float r, float g) {
    return std::vector<Vertex>{vtx(x0, y1, 0, 0, 0), vtx(x1, y1, 0, 0, 0), vtx(x1, y0, r, g, 0), vtx(x0, y0, 0, 0, 0)};
  };
  auto patches = quad(-1, -1, -0.5f, 1, 1, 0), second = quad(0, 0, 1, 1, 0, 1);
  patches.insert(patches.end(), second.begin(), second.end());
  s.draw(patches, D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  auto px = s.pixels();
  for (UINT x = 0; x < 8; ++x)
    for (UINT y = 0; y < 4; ++y) {
      INFO(x << ", " << y);
      uint32_t want = 0;
      if (x < 2)
        want = rgba8(255, 0, 0);  // patch 0
      else if (x >= 4 && y < 2)
        want = rgba8(0, 255, 255);  // patch 1: blue = SV_PrimitiveID 1
      CHECK(s.at(px, x, y) == want);
    }
}

TEST_CASE("a geometry shader taking patches draws nothing from patches of another size", "[render][geometry][gs-patch]") {
  Fixture f;
  Scene s(f, 8, 4);
  auto gs = makeGS(f, kPatch3GS);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  // D3D11 draws nothing useful with a mismatched patch size; here the pipeline is refused with
  // one log line and the draw records nothing (never an invalid Vulkan pipeline).
  s.clear(0, 0, 0, 0);
  s.draw({vtx(-1, -1, 1, 1, 1), vtx(-1, 1, 1, 1, 1), vtx(1, 1, 1, 1, 1), vtx(1, -1, 1, 1, 1)},
         D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST);
  CHECK(countEqual(s.pixels(), 0) == 8 * 4);
  // The same shader with the matching size still draws afterwards.
  s.draw({vtx(-1, -1, 0, 0, 1), vtx(-1, 1, 0, 0, 1), vtx(1, 1, 0, 0, 1)}, D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  CHECK(s.at(s.pixels(), 0, 0) == rgba8(255, 0, 0));
}
