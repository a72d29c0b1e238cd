// Helpers for the rendering tests: shaders from assembly text, a render target with the common
// pass-through shaders bound, vertex/index buffers and typed pixel read-back.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "context_test_util.h"
#include "dxbc/assembler.h"

namespace render {

using context_test::Fixture;
using context_test::texel;
using util::ComPtr;

inline std::vector<uint8_t> bytecode(const std::string& text) { return dxbc::assemble(text).write(); }

// The signature table of a shader's comment block: `rows` are "NAME index mask reg sysvalue format".
inline std::string signature(const char* title, const std::vector<std::string>& rows) {
  std::string s = std::string("// ") + title + " signature:\n//\n"
                  "// Name                 Index   Mask Register SysValue  Format   Used\n"
                  "// -------------------- ----- ------ -------- -------- ------- ------\n";
  for (const std::string& row : rows)
    s += "// " + row + "\n";
  return s + "//\n";
}

// A geometry shader's output signature with streams (OSG5): each row ends with its stream.
inline std::string streamOutputSignature(const std::vector<std::string>& rows) {
  std::string s = "// Output signature (OSG5):\n//\n"
                  "// Name                 Index   Mask Register SysValue  Format   Used Stream\n"
                  "// -------------------- ----- ------ -------- -------- ------- ------ ------\n";
  for (const std::string& row : rows)
    s += "// " + row + "\n";
  return s + "//\n";
}

// POSITION (xyzw) and COLOR (rgba) in; position and colour out. Every vertex sits where it says.
inline const std::string kPosColorVS =
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
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

// The interpolated colour out.
inline const std::string kColorPS =
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

struct Vertex {
  float x, y, z, w;
  float r, g, b, a;
};

// A vertex at (x, y) with depth z and a solid colour.
inline Vertex vtx(float x, float y, float r, float g, float b, float a = 1.0f, float z = 0.5f) { return {x, y, z, 1.0f, r, g, b, a}; }

// Two triangles (a list) covering the rectangle from (x0, y0) to (x1, y1) in NDC.
inline std::vector<Vertex> rect(float x0, float y0, float x1, float y1, float r, float g, float b, float a = 1.0f, float z = 0.5f) {
  return {vtx(x0, y0, r, g, b, a, z), vtx(x0, y1, r, g, b, a, z), vtx(x1, y1, r, g, b, a, z),
          vtx(x0, y0, r, g, b, a, z), vtx(x1, y1, r, g, b, a, z), vtx(x1, y0, r, g, b, a, z)};
}

inline ComPtr<ID3D11VertexShader> makeVS(Fixture& f, const std::string& text, std::vector<uint8_t>* keep = nullptr) {
  auto code = bytecode(text);
  ComPtr<ID3D11VertexShader> shader;
  REQUIRE(f.device->CreateVertexShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  if (keep)
    *keep = code;
  return shader;
}
inline ComPtr<ID3D11PixelShader> makePS(Fixture& f, const std::string& text) {
  auto code = bytecode(text);
  ComPtr<ID3D11PixelShader> shader;
  REQUIRE(f.device->CreatePixelShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  return shader;
}
inline ComPtr<ID3D11GeometryShader> makeGS(Fixture& f, const std::string& text) {
  auto code = bytecode(text);
  ComPtr<ID3D11GeometryShader> shader;
  REQUIRE(f.device->CreateGeometryShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  return shader;
}
inline ComPtr<ID3D11HullShader> makeHS(Fixture& f, const std::string& text) {
  auto code = bytecode(text);
  ComPtr<ID3D11HullShader> shader;
  REQUIRE(f.device->CreateHullShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  return shader;
}
inline ComPtr<ID3D11DomainShader> makeDS(Fixture& f, const std::string& text) {
  auto code = bytecode(text);
  ComPtr<ID3D11DomainShader> shader;
  REQUIRE(f.device->CreateDomainShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  return shader;
}
inline ComPtr<ID3D11ComputeShader> makeCS(Fixture& f, const std::string& text) {
  auto code = bytecode(text);
  ComPtr<ID3D11ComputeShader> shader;
  REQUIRE(f.device->CreateComputeShader(code.data(), code.size(), nullptr, shader.put()) == S_OK);
  return shader;
}

inline ComPtr<ID3D11RasterizerState> rasterizer(Fixture& f, D3D11_CULL_MODE cull = D3D11_CULL_NONE, BOOL scissor = FALSE,
                                                BOOL depthClip = TRUE, INT bias = 0, float slopeBias = 0.0f, float biasClamp = 0.0f) {
  D3D11_RASTERIZER_DESC desc{};
  desc.FillMode = D3D11_FILL_SOLID;
  desc.CullMode = cull;
  desc.DepthClipEnable = depthClip;
  desc.ScissorEnable = scissor;
  desc.DepthBias = bias;
  desc.SlopeScaledDepthBias = slopeBias;
  desc.DepthBiasClamp = biasClamp;
  ComPtr<ID3D11RasterizerState> state;
  REQUIRE(f.device->CreateRasterizerState(&desc, state.put()) == S_OK);
  return state;
}

// kPosColorVS/kColorPS, their input layout and no culling, bound; the render targets are the
// test's (targets()), and each draw covers a range of columns in one colour (drawColumns()).
struct ColumnScene {
  Fixture& f;
  ComPtr<ID3D11VertexShader> vs;
  ComPtr<ID3D11PixelShader> ps;
  ComPtr<ID3D11InputLayout> layout;
  ComPtr<ID3D11RasterizerState> raster;
  std::vector<ComPtr<ID3D11Buffer>> keep;

  explicit ColumnScene(Fixture& fixture) : f(fixture) {
    std::vector<uint8_t> vsCode;
    vs = makeVS(f, kPosColorVS, &vsCode);
    ps = makePS(f, kColorPS);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    REQUIRE(f.device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.put()) == S_OK);
    raster = rasterizer(f);
    bind(f.context.get());
  }

  void bind(ID3D11DeviceContext* context) {
    context->IASetInputLayout(layout.get());
    context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    context->VSSetShader(vs.get(), nullptr, 0);
    context->PSSetShader(ps.get(), nullptr, 0);
    context->RSSetState(raster.get());
  }

  void targets(ID3D11DeviceContext* context, std::vector<ID3D11RenderTargetView*> rtvs, UINT width, UINT height) {
    context->OMSetRenderTargets(UINT(rtvs.size()), rtvs.data(), nullptr);
    D3D11_VIEWPORT viewport{0, 0, float(width), float(height), 0, 1};
    context->RSSetViewports(1, &viewport);
  }

  // Covers columns [first, last) of a target `width` texels wide, every row, with one colour.
  void drawColumns(ID3D11DeviceContext* context, UINT width, UINT first, UINT last, const std::array<float, 4>& c) {
    const float x0 = 2.0f * float(first) / float(width) - 1.0f, x1 = 2.0f * float(last) / float(width) - 1.0f;
    const std::vector<Vertex> data = rect(x0, -1, x1, 1, c[0], c[1], c[2], c[3]);
    auto buffer = f.buffer(UINT(data.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, data.data());
    ID3D11Buffer* buffers[] = {buffer.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    context->Draw(UINT(data.size()), 0);
    keep.push_back(buffer);
  }
};

// A render target of `format` with kPosColorVS/kColorPS (or `ps`), its input layout, a full
// viewport and no culling bound; cleared to `clear`.
struct Scene {
  Fixture& f;
  UINT width, height;
  DXGI_FORMAT format;
  ComPtr<ID3D11Texture2D> target;
  ComPtr<ID3D11RenderTargetView> rtv;
  ComPtr<ID3D11VertexShader> vs;
  ComPtr<ID3D11PixelShader> ps;
  ComPtr<ID3D11InputLayout> layout;
  ComPtr<ID3D11RasterizerState> raster;
  std::vector<ComPtr<ID3D11Buffer>> keep;  // buffers bound by the helpers stay alive until the scene ends

  Scene(Fixture& fixture, UINT w, UINT h, DXGI_FORMAT fmt = DXGI_FORMAT_R8G8B8A8_UNORM, const std::string& pixelShader = kColorPS,
        UINT samples = 1)
      : f(fixture), width(w), height(h), format(fmt) {
    target = f.texture2D(w, h, fmt, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 1, samples);
    REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
    std::vector<uint8_t> vsCode;
    vs = makeVS(f, kPosColorVS, &vsCode);
    ps = makePS(f, pixelShader);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    REQUIRE(f.device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.put()) == S_OK);
    clear(0, 0, 0, 0);
    ID3D11RenderTargetView* targets[] = {rtv.get()};
    f.context->OMSetRenderTargets(1, targets, nullptr);
    D3D11_VIEWPORT viewport{0, 0, float(w), float(h), 0, 1};
    f.context->RSSetViewports(1, &viewport);
    f.context->IASetInputLayout(layout.get());
    f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    f.context->VSSetShader(vs.get(), nullptr, 0);
    f.context->PSSetShader(ps.get(), nullptr, 0);
    raster = rasterizer(f);
    f.context->RSSetState(raster.get());
  }

  void clear(float r, float g, float b, float a) {
    const float color[4] = {r, g, b, a};
    f.context->ClearRenderTargetView(rtv.get(), color);
  }

  void vertices(const std::vector<Vertex>& data, UINT slot = 0) {
    auto buffer = f.buffer(UINT(data.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, data.data());
    ID3D11Buffer* buffers[] = {buffer.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    f.context->IASetVertexBuffers(slot, 1, buffers, &stride, &offset);
    keep.push_back(buffer);
  }

  void draw(const std::vector<Vertex>& data, D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST) {
    vertices(data);
    f.context->IASetPrimitiveTopology(topology);
    f.context->Draw(UINT(data.size()), 0);
  }

  template <typename Index>
  void indices(const std::vector<Index>& data, DXGI_FORMAT indexFormat, UINT offset = 0) {
    auto buffer = f.buffer(UINT(data.size() * sizeof(Index)), D3D11_USAGE_DEFAULT, D3D11_BIND_INDEX_BUFFER, 0, data.data());
    f.context->IASetIndexBuffer(buffer.get(), indexFormat, offset);
    keep.push_back(buffer);
  }

  // Packed RGBA8 texels (row-major) of the target.
  std::vector<uint8_t> pixels() { return f.readTexture(target.get(), 0, bytesPerTexel()); }
  UINT bytesPerTexel() const {
    switch (format) {
      case DXGI_FORMAT_R32G32B32A32_FLOAT: return 16;
      case DXGI_FORMAT_R32_FLOAT: case DXGI_FORMAT_R32_UINT: return 4;
      default: return 4;
    }
  }
  uint32_t at(const std::vector<uint8_t>& px, UINT x, UINT y) const { return texel(px, size_t(y) * width + x); }
  // Float RGBA of a R32G32B32A32_FLOAT target.
  std::array<float, 4> rgba(const std::vector<uint8_t>& px, UINT x, UINT y) const {
    std::array<float, 4> v;
    std::memcpy(v.data(), &px[(size_t(y) * width + x) * 16], 16);
    return v;
  }
};

// RGBA8 as the 32-bit little-endian word read back: 0xAABBGGRR.
constexpr uint32_t rgba8(uint32_t r, uint32_t g, uint32_t b, uint32_t a = 255) { return r | (g << 8) | (b << 16) | (a << 24); }

// The number of texels in `px` (w*h words) equal to `value`.
inline size_t countEqual(const std::vector<uint8_t>& px, uint32_t value) {
  size_t n = 0;
  for (size_t i = 0; i < px.size() / 4; ++i)
    n += texel(px, i) == value;
  return n;
}

}  // namespace render
