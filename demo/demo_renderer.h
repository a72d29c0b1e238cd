// DemoRenderer: the D3D11 device, the compute pass that makes the texture, the instanced cube scene
// and the read-back of the finished frame.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

namespace demo {

using util::ComPtr;

constexpr uint32_t kWidth = 640;
constexpr uint32_t kHeight = 480;
constexpr uint32_t kGridSize = 5;  // kGridSize x kGridSize cubes
constexpr uint32_t kFrames = 3;
// The clear colour, also what --check expects in the corners.
constexpr float kBackground[4] = {0.08f, 0.10f, 0.16f, 1.0f};

struct RenderOptions {
  bool drawScene = true;  // false: clear only (lets the test prove that --check can fail)
};

class DemoRenderer {
public:
  // Creates the device and every resource. Throws std::runtime_error with the failing call and
  // its HRESULT.
  DemoRenderer();

  // The compute pass, then kFrames frames of the spinning grid; the last one stays in the target.
  void render(const RenderOptions& options);

  // For presenting benchmarks (bench/hud_bench.cpp): the compute pass once, then one frame of the
  // grid at `angle` into the demo's own target, which the caller copies into a back buffer.
  void prepare() { runComputePass(); }
  void renderFrame(float angle) { drawFrame(angle, true); }
  ID3D11Device* device() const { return m_device.get(); }
  ID3D11DeviceContext* context() const { return m_context.get(); }
  ID3D11Texture2D* target() const { return m_target.get(); }

  // The render target as tightly packed RGB rows (alpha dropped; it is always 1).
  std::vector<uint8_t> readFrame();
  // The compute shader's texture as RGBA, for checking the compute pass on its own.
  std::vector<uint8_t> readGeneratedTexture();

  // Null when another D3D11 implementation served the device.
  ID3D11VkDeviceInfo* deviceInfo() const { return m_info.get(); }
  D3D_FEATURE_LEVEL featureLevel() const { return m_level; }

private:
  void createDevice();
  void createShaders();
  void createGeometry();
  void createTextures();
  void createStates();
  void runComputePass();
  void updateConstants(float angle);
  void drawFrame(float angle, bool drawScene);
  std::vector<uint8_t> readTexture(ID3D11Texture2D* texture);

  ComPtr<ID3D11Device> m_device;
  ComPtr<ID3D11DeviceContext> m_context;
  ComPtr<ID3D11VkDeviceInfo> m_info;
  D3D_FEATURE_LEVEL m_level = D3D_FEATURE_LEVEL_11_0;

  ComPtr<ID3D11VertexShader> m_vs;
  ComPtr<ID3D11PixelShader> m_ps;
  ComPtr<ID3D11ComputeShader> m_cs;
  ComPtr<ID3D11InputLayout> m_layout;

  ComPtr<ID3D11Buffer> m_vertices;
  ComPtr<ID3D11Buffer> m_instances;
  ComPtr<ID3D11Buffer> m_indices;
  ComPtr<ID3D11Buffer> m_constants;
  UINT m_indexCount = 0;

  ComPtr<ID3D11Texture2D> m_checker;  // written by the compute shader, sampled by the pixel shader
  ComPtr<ID3D11UnorderedAccessView> m_checkerUav;
  ComPtr<ID3D11ShaderResourceView> m_checkerSrv;
  ComPtr<ID3D11Texture2D> m_target;
  ComPtr<ID3D11RenderTargetView> m_rtv;
  ComPtr<ID3D11Texture2D> m_depth;
  ComPtr<ID3D11DepthStencilView> m_dsv;

  ComPtr<ID3D11SamplerState> m_sampler;
  ComPtr<ID3D11DepthStencilState> m_depthState;
  ComPtr<ID3D11RasterizerState> m_rasterizer;
};

}  // namespace demo
