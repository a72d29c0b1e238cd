// Helpers for the drawing integration tests: shaders written as D3D assembly (a pass-through
// vertex shader, an interpolated-colour and a constant-buffer-colour pixel shader) and a Scene that
// binds them with a render target on a context and reads the pixels back.
#pragma once

#include <catch2/catch.hpp>

#include <vector>

#include "../common/color_shaders.h"
#include "context_test_util.h"
#include "dxbc/assembler.h"

namespace draw_test {

using namespace context_test;
using test_shaders::kColorPS;
using test_shaders::kColorVS;

// The colour comes from cb0[0].
inline const char* const kConstantPS =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float       \n"
    "// COLOR                    0   xyzw        1     NONE   float       \n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n"
    "//\n"
    "ps_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, cb0[0].xyzw\n"
    "ret\n";

struct Vertex {
  float x, y;
  float r, g, b, a;
};

inline std::vector<uint8_t> bytecode(const char* text) { return dxbc::assemble(text).write(); }

// A full-viewport quad (two triangles, six vertices) in any colour: the constant-buffer pixel
// shader colours it.
inline const std::vector<Vertex> kQuad = {{-1, -1, 0, 0, 0, 1}, {-1, 1, 0, 0, 0, 1}, {1, 1, 0, 0, 0, 1},
                                          {-1, -1, 0, 0, 0, 1}, {1, 1, 0, 0, 0, 1}, {1, -1, 0, 0, 0, 1}};

// A rasterizer state that culls nothing: a figure must not depend on which winding is front.
inline ComPtr<ID3D11RasterizerState> noCulling(Fixture& f) {
  D3D11_RASTERIZER_DESC raster{};
  raster.FillMode = D3D11_FILL_SOLID;
  raster.CullMode = D3D11_CULL_NONE;
  raster.DepthClipEnable = TRUE;
  ComPtr<ID3D11RasterizerState> state;
  REQUIRE(f.device->CreateRasterizerState(&raster, state.put()) == S_OK);
  return state;
}

struct Scene {
  Fixture& f;
  ComPtr<ID3D11Texture2D> target;
  ComPtr<ID3D11RenderTargetView> rtv;
  ComPtr<ID3D11VertexShader> vs;
  ComPtr<ID3D11PixelShader> ps;
  ComPtr<ID3D11InputLayout> layout;
  UINT width, height;

  Scene(Fixture& fixture, UINT width, UINT height, const char* pixelShader = kColorPS)
      : f(fixture), width(width), height(height) {
    target = f.texture2D(width, height, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
    auto vsCode = bytecode(kColorVS), psCode = bytecode(pixelShader);
    REQUIRE(f.device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.put()) == S_OK);
    REQUIRE(f.device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.put()) == S_OK);
    const D3D11_INPUT_ELEMENT_DESC elements[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
    };
    REQUIRE(f.device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.put()) == S_OK);
    const float black[4] = {0, 0, 0, 1};
    f.context->ClearRenderTargetView(rtv.get(), black);
    bind(f.context.get());
  }

  // The scene's target, viewport, input layout, topology and shaders on `context` (the
  // immediate context, or a deferred one recording a command list).
  void bind(ID3D11DeviceContext* context) {
    ID3D11RenderTargetView* targets[] = {rtv.get()};
    context->OMSetRenderTargets(1, targets, nullptr);
    D3D11_VIEWPORT viewport{0, 0, float(width), float(height), 0, 1};
    context->RSSetViewports(1, &viewport);
    context->IASetInputLayout(layout.get());
    context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    context->VSSetShader(vs.get(), nullptr, 0);
    context->PSSetShader(ps.get(), nullptr, 0);
  }

  // A vertex buffer of `data`, bound on `context` (the immediate context by default).
  ComPtr<ID3D11Buffer> vertices(const std::vector<Vertex>& data, ID3D11DeviceContext* context = nullptr) {
    auto buffer = f.buffer(UINT(data.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, data.data());
    ID3D11Buffer* buffers[] = {buffer.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    (context ? context : f.context.get())->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    return buffer;
  }

  std::vector<uint8_t> pixels() { return f.readTexture(target.get(), 0, 4); }
};

}  // namespace draw_test
