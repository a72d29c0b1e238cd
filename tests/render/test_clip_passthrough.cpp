// Rendering: clip distances through the stages D3D11 generates: a hull shader without a control
// point phase (its implicit pass-through of control points) and the pass-through geometry stage of
// stream output from vertex bytecode. Pixels and captured words are read back and compared. Also
// the hazard rules of buffers bound as render targets (buffer render-target views): the getters
// answer null after a conflicting bind.
#include "render_util.h"

using namespace render;

namespace {

const uint32_t kGreen = rgba8(0, 255, 0);

const std::string kPosColorInput = signature("Input", {"POSITION                 0   xyzw        0     NONE   float   xyzw",
                                                       "COLOR                    0   xyzw        1     NONE   float   xyzw"});
const std::string kPosColorClip = signature("Output", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                                                       "COLOR                    0   xyzw        1     NONE   float   xyzw",
                                                       "SV_ClipDistance          0   x           2  CLIPDST   float   x"});

// Position and colour through; the clip distance is the vertex's x (so x < 0 is clipped). With
// `green`, the colour is green whatever came in (the same signatures, other code).
std::string clipVS(bool green) {
  return kPosColorInput + kPosColorClip +
         "vs_5_0\n"
         "dcl_input v0.xyzw\n"
         "dcl_input v1.xyzw\n"
         "dcl_output_siv o0.xyzw, position\n"
         "dcl_output o1.xyzw\n"
         "dcl_output_siv o2.x, clip_distance\n"
         "mov o0.xyzw, v0.xyzw\n" +
         std::string(green ? "mov o1.xyzw, l(0, 1.0, 0, 1.0)\n" : "mov o1.xyzw, v1.xyzw\n") +
         "mov o2.x, v0.x\n"
         "ret\n";
}

// A hull shader with no control point phase: D3D passes the three control points through,
// clip distance included. Tessellation factors 1: each patch is one triangle.
const std::string kPassThroughHS =
    signature("Input", {"SV_Position              0   xyzw        0      POS   float   xyzw",
                        "COLOR                    0   xyzw        1     NONE   float   xyzw",
                        "SV_ClipDistance          0   x           2  CLIPDST   float   x"}) +
    kPosColorClip +
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "hs_fork_phase\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "mov o0.x, l(1.0)\n"
    "mov o1.x, l(1.0)\n"
    "mov o2.x, l(1.0)\n"
    "mov o3.x, l(1.0)\n"
    "ret\n";

// The barycentric combination of the control points' positions and clip distances; the colour
// of control point 0. The clip distance goes on to the rasterizer.
const std::string kClipDS =
    "ds_5_0\n"
    "dcl_input_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\n"
    "dcl_input vicp[3][0].xyzw\n"
    "dcl_input vicp[3][1].xyzw\n"
    "dcl_input vicp[3][2].x\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output_siv o2.x, clip_distance\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "mul r0.x, vDomain.y, vicp[1][2].x\n"
    "mad r0.x, vDomain.x, vicp[0][2].x, r0.x\n"
    "mad o2.x, vDomain.z, vicp[2][2].x, r0.x\n"
    "mov o1.xyzw, vicp[0][1].xyzw\n"
    "ret\n";

std::vector<float> floatsOf(const std::vector<uint8_t>& bytes) {
  std::vector<float> values(bytes.size() / 4);
  std::memcpy(values.data(), bytes.data(), values.size() * 4);
  return values;
}

// The 8x2 target after a green quad over it whose clip distance is x: the left half has a negative
// distance, clipped; the right half is drawn.
void checkLeftHalfClipped(Scene& s) {
  auto px = s.pixels();
  for (UINT y = 0; y < 2; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO(x << ", " << y);
      CHECK(s.at(px, x, y) == (x < 4 ? 0u : kGreen));
    }
}

// What the input assembler has bound: the buffer in vertex-buffer slot `slot`, the index buffer.
ComPtr<ID3D11Buffer> boundVertexBuffer(Fixture& f, UINT slot) {
  ComPtr<ID3D11Buffer> bound;
  UINT stride = 0, offset = 0;
  f.context->IAGetVertexBuffers(slot, 1, bound.put(), &stride, &offset);
  return bound;
}

ComPtr<ID3D11Buffer> boundIndexBuffer(Fixture& f) {
  ComPtr<ID3D11Buffer> bound;
  DXGI_FORMAT format;
  UINT offset = 0;
  f.context->IAGetIndexBuffer(bound.put(), &format, &offset);
  return bound;
}

}  // namespace

TEST_CASE("a pass-through hull shader carries the vertex shader's clip distance to the domain shader",
          "[render][tessellation][clip]") {
  Fixture f;
  Scene s(f, 8, 2);
  s.vs = makeVS(f, clipVS(false));
  f.context->VSSetShader(s.vs.get(), nullptr, 0);
  auto hs = makeHS(f, kPassThroughHS);
  auto ds = makeDS(f, kClipDS);
  f.context->HSSetShader(hs.get(), nullptr, 0);
  f.context->DSSetShader(ds.get(), nullptr, 0);
  s.vertices(rect(-1, -1, 1, 1, 0, 1, 0));
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_3_CONTROL_POINT_PATCHLIST);
  f.context->Draw(6, 0);
  checkLeftHalfClipped(s);
}

TEST_CASE("stream output from vertex bytecode with a clip distance: captured, and clipped by the pass-through stage",
          "[render][streamout][clip]") {
  Fixture f;
  Scene s(f, 8, 2);
  // The stream-output object is made from clipVS(false); the bound vertex shader is clipVS(true)
  // (same signatures, green colour). The pass-through geometry stage runs after the bound shader,
  // so green pixels and captured colours show that the bound shader ran, not the bytecode
  // standing in for it (the fallback when no pass-through shader can be made).
  auto code = bytecode(clipVS(false));
  const D3D11_SO_DECLARATION_ENTRY entries[] = {
      {0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}, {0, "SV_ClipDistance", 0, 0, 1, 0}};
  const UINT stride = 36;
  ComPtr<ID3D11GeometryShader> gs;
  REQUIRE(f.device->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), entries, 3, &stride, 1, 0, nullptr,
                                                         gs.put()) == S_OK);
  s.vs = makeVS(f, clipVS(true));
  f.context->VSSetShader(s.vs.get(), nullptr, 0);
  f.context->GSSetShader(gs.get(), nullptr, 0);
  auto target = f.buffer(8 * stride, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT);
  ID3D11Buffer* targets[] = {target.get()};
  const UINT offset = 0;
  f.context->SOSetTargets(1, targets, &offset);
  const std::vector<Vertex> quad = rect(-1, -1, 1, 1, 1, 0, 0);
  s.draw(quad);
  f.context->SOSetTargets(0, nullptr, nullptr);
  auto values = floatsOf(f.readBuffer(target.get()));
  REQUIRE(values.size() >= 8 * 9);
  for (size_t v = 0; v < 6; ++v) {
    INFO("vertex " << v);
    const float* w = &values[v * 9];
    CHECK(w[0] == quad[v].x);
    CHECK(w[1] == quad[v].y);
    CHECK(w[2] == quad[v].z);
    CHECK(w[3] == quad[v].w);
    CHECK(w[4] == 0.0f);  // the bound shader's green, not the bytecode's red
    CHECK(w[5] == 1.0f);
    CHECK(w[6] == 0.0f);
    CHECK(w[7] == 1.0f);
    CHECK(w[8] == quad[v].x);  // the clip distance
  }
  CHECK(values[6 * 9] == 0.0f);  // nothing past the two triangles
  checkLeftHalfClipped(s);
}

// The hazard rules for a buffer bound as a render target through a buffer render-target view
// (D3D11 sets every bind point that reads a resource bound for writing to null).
TEST_CASE("binding a buffer as a render target unbinds its input bindings, and input binds of it are null",
          "[render][hazard]") {
  Fixture f;
  const UINT bind = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER;
  auto buffer = f.buffer(64, D3D11_USAGE_DEFAULT, bind);
  auto other = f.buffer(64, D3D11_USAGE_DEFAULT, bind);
  D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
  srvDesc.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
  srvDesc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  srvDesc.Buffer.FirstElement = 0;
  srvDesc.Buffer.NumElements = 4;
  ComPtr<ID3D11ShaderResourceView> srv, otherSrv;
  REQUIRE(f.device->CreateShaderResourceView(buffer.get(), &srvDesc, srv.put()) == S_OK);
  REQUIRE(f.device->CreateShaderResourceView(other.get(), &srvDesc, otherSrv.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rtvDesc{};
  rtvDesc.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
  rtvDesc.ViewDimension = D3D11_RTV_DIMENSION_BUFFER;
  rtvDesc.Buffer.FirstElement = 0;
  rtvDesc.Buffer.NumElements = 4;
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(buffer.get(), &rtvDesc, rtv.put()) == S_OK);
  // A constant buffer cannot share the render target's buffer (D3D11 refuses CONSTANT_BUFFER with
  // other bind flags), so the constant-buffer rule is checked only where the device takes one.
  D3D11_BUFFER_DESC cbDesc{64, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_RENDER_TARGET, 0, 0, 0};
  ComPtr<ID3D11Buffer> cbTarget;
  const bool constantTarget = SUCCEEDED(f.device->CreateBuffer(&cbDesc, nullptr, cbTarget.put()));
  if (!constantTarget)
    WARN("CreateBuffer refuses CONSTANT_BUFFER | RENDER_TARGET: constant-buffer hazards not checked");

  auto psView = [&](UINT slot) {
    ComPtr<ID3D11ShaderResourceView> bound;
    f.context->PSGetShaderResources(slot, 1, bound.put());
    return bound;
  };
  auto vsView = [&](UINT slot) {
    ComPtr<ID3D11ShaderResourceView> bound;
    f.context->VSGetShaderResources(slot, 1, bound.put());
    return bound;
  };
  auto csView = [&](UINT slot) {
    ComPtr<ID3D11ShaderResourceView> bound;
    f.context->CSGetShaderResources(slot, 1, bound.put());
    return bound;
  };

  // Inputs first: every one of them is bound.
  ID3D11Buffer* vbs[] = {other.get(), buffer.get()};
  const UINT strides[] = {16, 16}, offsets[] = {0, 0};
  f.context->IASetVertexBuffers(0, 2, vbs, strides, offsets);
  f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R32_UINT, 0);
  ID3D11ShaderResourceView* views[] = {srv.get(), otherSrv.get()};
  f.context->PSSetShaderResources(0, 2, views);
  f.context->VSSetShaderResources(3, 1, views);
  f.context->CSSetShaderResources(1, 1, views);
  if (constantTarget) {
    ID3D11Buffer* cbs[] = {cbTarget.get()};
    f.context->PSSetConstantBuffers(2, 1, cbs);
    ComPtr<ID3D11Buffer> cb;
    f.context->PSGetConstantBuffers(2, 1, cb.put());
    CHECK(cb.get() == cbTarget.get());
  }
  CHECK(boundVertexBuffer(f, 1).get() == buffer.get());
  CHECK(boundIndexBuffer(f).get() == buffer.get());
  CHECK(psView(0).get() == srv.get());
  CHECK(vsView(3).get() == srv.get());
  CHECK(csView(1).get() == srv.get());

  // The buffer becomes a render target: each of its input bindings is null; the other buffer's stay.
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  CHECK(boundVertexBuffer(f, 1).get() == nullptr);
  CHECK(boundVertexBuffer(f, 0).get() == other.get());
  CHECK(boundIndexBuffer(f).get() == nullptr);
  CHECK(psView(0).get() == nullptr);
  CHECK(psView(1).get() == otherSrv.get());
  CHECK(vsView(3).get() == nullptr);
  CHECK(csView(1).get() == nullptr);

  // While it is a render target, binding it as an input binds null.
  f.context->IASetVertexBuffers(0, 2, vbs, strides, offsets);
  f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R32_UINT, 0);
  f.context->PSSetShaderResources(0, 1, views);
  f.context->GSSetShaderResources(0, 1, views);
  CHECK(boundVertexBuffer(f, 0).get() == other.get());
  CHECK(boundVertexBuffer(f, 1).get() == nullptr);
  CHECK(boundIndexBuffer(f).get() == nullptr);
  CHECK(psView(0).get() == nullptr);
  ComPtr<ID3D11ShaderResourceView> gsView;
  f.context->GSGetShaderResources(0, 1, gsView.put());
  CHECK(gsView.get() == nullptr);

  if (constantTarget) {
    D3D11_RENDER_TARGET_VIEW_DESC cbRtvDesc = rtvDesc;
    ComPtr<ID3D11RenderTargetView> cbRtv;
    REQUIRE(f.device->CreateRenderTargetView(cbTarget.get(), &cbRtvDesc, cbRtv.put()) == S_OK);
    ID3D11RenderTargetView* cbTargets[] = {cbRtv.get()};
    f.context->OMSetRenderTargets(1, cbTargets, nullptr);
    ComPtr<ID3D11Buffer> cb;
    f.context->PSGetConstantBuffers(2, 1, cb.put());
    CHECK(cb.get() == nullptr);
    ID3D11Buffer* cbs[] = {cbTarget.get()};
    f.context->VSSetConstantBuffers(0, 1, cbs);
    ComPtr<ID3D11Buffer> vsCb;
    f.context->VSGetConstantBuffers(0, 1, vsCb.put());
    CHECK(vsCb.get() == nullptr);
  }

  // Unbound as a render target, it binds as an input again.
  f.context->OMSetRenderTargets(0, nullptr, nullptr);
  f.context->IASetVertexBuffers(0, 2, vbs, strides, offsets);
  f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R32_UINT, 0);
  f.context->PSSetShaderResources(0, 1, views);
  CHECK(boundVertexBuffer(f, 1).get() == buffer.get());
  CHECK(boundIndexBuffer(f).get() == buffer.get());
  CHECK(psView(0).get() == srv.get());
}

TEST_CASE("binding a buffer as an unordered access view unbinds its vertex and index buffer bindings", "[render][hazard]") {
  Fixture f;
  D3D11_BUFFER_DESC desc{64, D3D11_USAGE_DEFAULT,
                         D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER, 0, 0, 0};
  ComPtr<ID3D11Buffer> buffer;
  if (FAILED(f.device->CreateBuffer(&desc, nullptr, buffer.put()))) {
    WARN("CreateBuffer refuses UNORDERED_ACCESS with VERTEX_BUFFER | INDEX_BUFFER: skipped");
    return;
  }
  D3D11_UNORDERED_ACCESS_VIEW_DESC uavDesc{};
  uavDesc.Format = DXGI_FORMAT_R32_UINT;
  uavDesc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  uavDesc.Buffer.NumElements = 16;
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(buffer.get(), &uavDesc, uav.put()) == S_OK);
  ID3D11Buffer* vbs[] = {buffer.get()};
  const UINT stride = 4, offset = 0;
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  for (bool compute : {false, true}) {
    INFO((compute ? "CSSetUnorderedAccessViews" : "OMSetRenderTargetsAndUnorderedAccessViews"));
    f.context->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
    f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R32_UINT, 0);
    CHECK(boundVertexBuffer(f, 0).get() == buffer.get());
    CHECK(boundIndexBuffer(f).get() == buffer.get());
    if (compute)
      f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
    else
      f.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 1, uavs, nullptr);
    CHECK(boundVertexBuffer(f, 0).get() == nullptr);
    CHECK(boundIndexBuffer(f).get() == nullptr);
    if (!compute) {
      // While it is a graphics UAV, the input assembler binds it as null.
      f.context->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
      f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R32_UINT, 0);
      CHECK(boundVertexBuffer(f, 0).get() == nullptr);
      CHECK(boundIndexBuffer(f).get() == nullptr);
      f.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 0, nullptr, nullptr);
    } else {
      ID3D11UnorderedAccessView* none[] = {nullptr};
      f.context->CSSetUnorderedAccessViews(0, 1, none, nullptr);
    }
  }
}

TEST_CASE("binding a buffer as a stream-output target unbinds its vertex and index buffer bindings", "[render][hazard]") {
  Fixture f;
  auto buffer = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER);
  ID3D11Buffer* buffers[] = {buffer.get()};
  const UINT stride = 4, offset = 0;
  f.context->IASetVertexBuffers(2, 1, buffers, &stride, &offset);
  f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R16_UINT, 0);
  CHECK(boundVertexBuffer(f, 2).get() == buffer.get());
  CHECK(boundIndexBuffer(f).get() == buffer.get());
  f.context->SOSetTargets(1, buffers, &offset);
  CHECK(boundVertexBuffer(f, 2).get() == nullptr);
  CHECK(boundIndexBuffer(f).get() == nullptr);
  // While it is a target, the input assembler binds it as null; afterwards it binds again.
  f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R16_UINT, 0);
  CHECK(boundIndexBuffer(f).get() == nullptr);
  f.context->SOSetTargets(0, nullptr, nullptr);
  f.context->IASetIndexBuffer(buffer.get(), DXGI_FORMAT_R16_UINT, 0);
  CHECK(boundIndexBuffer(f).get() == buffer.get());
}
