// Integration: objects created and destroyed from several threads at once (D3D11_FEATURE_THREADING
// promises DriverConcurrentCreates), with the validation layer on. Each thread checks what it made;
// the deduplicated state objects must come out as one object per description across threads.
#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <thread>
#include <vector>

#include "draw_test_util.h"

using namespace draw_test;

TEST_CASE("create/destroy storms from four threads", "[threads]") {
  Fixture f;
  constexpr int kThreads = 4, kRounds = 40;
  const std::vector<uint8_t> vsCode = bytecode(kColorVS), psCode = bytecode(kConstantPS);
  std::atomic<int> failures{0};
  std::array<ID3D11SamplerState*, kThreads> samplers{};
  std::array<ID3D11BlendState*, kThreads> blends{};
  std::array<ComPtr<ID3D11SamplerState>, kThreads> samplerRefs;
  std::array<ComPtr<ID3D11BlendState>, kThreads> blendRefs;

  auto worker = [&](int t) {
    auto fail = [&] { failures.fetch_add(1); };
    for (int round = 0; round < kRounds; ++round) {
      // Buffers of sizes unique to this thread and round, with initial data checked by GetDesc.
      const UINT size = UINT(64 * (1 + t) + 16 * round);
      std::vector<uint8_t> data(size, uint8_t(t + round));
      D3D11_BUFFER_DESC bufferDesc{size, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
      D3D11_SUBRESOURCE_DATA initial{data.data(), 0, 0};
      ComPtr<ID3D11Buffer> buffer;
      if (f.device->CreateBuffer(&bufferDesc, &initial, buffer.put()) != S_OK) {
        fail();
        continue;
      }
      D3D11_BUFFER_DESC got{};
      buffer->GetDesc(&got);
      if (got.ByteWidth != size)
        fail();
      // A texture and views of it.
      D3D11_TEXTURE2D_DESC textureDesc{};
      textureDesc.Width = 8u << (round % 3);
      textureDesc.Height = 8;
      textureDesc.MipLevels = 1;
      textureDesc.ArraySize = 1;
      textureDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
      textureDesc.SampleDesc = {1, 0};
      textureDesc.Usage = D3D11_USAGE_DEFAULT;
      textureDesc.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
      ComPtr<ID3D11Texture2D> texture;
      ComPtr<ID3D11ShaderResourceView> srv;
      ComPtr<ID3D11RenderTargetView> rtv;
      if (f.device->CreateTexture2D(&textureDesc, nullptr, texture.put()) != S_OK ||
          f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) != S_OK ||
          f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) != S_OK)
        fail();
      // Shaders (the same bytecode from every thread: the device compiles it once) and a layout.
      ComPtr<ID3D11VertexShader> vs;
      ComPtr<ID3D11PixelShader> ps;
      ComPtr<ID3D11InputLayout> layout;
      const D3D11_INPUT_ELEMENT_DESC elements[] = {
          {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
          {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
      };
      if (f.device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.put()) != S_OK ||
          f.device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.put()) != S_OK ||
          f.device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.put()) != S_OK)
        fail();
      // State objects: per-thread descriptions created and released, and one shared description.
      D3D11_SAMPLER_DESC samplerDesc{};
      samplerDesc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
      samplerDesc.AddressU = samplerDesc.AddressV = samplerDesc.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
      samplerDesc.MaxAnisotropy = 1;
      samplerDesc.MaxLOD = float(t * 100 + round);  // unique per thread and round
      ComPtr<ID3D11SamplerState> sampler;
      if (f.device->CreateSamplerState(&samplerDesc, sampler.put()) != S_OK)
        fail();
      D3D11_BLEND_DESC blendDesc{};
      blendDesc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
      ComPtr<ID3D11BlendState> blend;
      if (f.device->CreateBlendState(&blendDesc, blend.put()) != S_OK)
        fail();
      samplerDesc.MaxLOD = 1000.0f;  // the same description in every thread
      ComPtr<ID3D11SamplerState> shared;
      if (f.device->CreateSamplerState(&samplerDesc, shared.put()) != S_OK)
        fail();
      if (round == kRounds - 1) {
        samplers[size_t(t)] = shared.get();
        samplerRefs[size_t(t)] = shared;
        blends[size_t(t)] = blend.get();
        blendRefs[size_t(t)] = blend;
      }
      // A deferred context per round, recording a clear of this thread's texture.
      ComPtr<ID3D11DeviceContext> deferred;
      ComPtr<ID3D11CommandList> list;
      const float color[4] = {1, 0, 0, 1};
      if (f.device->CreateDeferredContext(0, deferred.put()) != S_OK) {
        fail();
        continue;
      }
      if (rtv)
        deferred->ClearRenderTargetView(rtv.get(), color);
      if (deferred->FinishCommandList(FALSE, list.put()) != S_OK)
        fail();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back(worker, t);
  for (auto& thread : threads)
    thread.join();
  CHECK(failures.load() == 0);
  // Identical descriptions gave the same object whichever thread asked.
  for (int t = 1; t < kThreads; ++t) {
    CHECK(samplers[size_t(t)] == samplers[0]);
    CHECK(blends[size_t(t)] == blends[0]);
  }
}
