// Integration: objects created and destroyed from several threads at once (D3D11_FEATURE_THREADING
// promises DriverConcurrentCreates), with the validation layer on. Each thread checks what it made;
// the deduplicated state objects must come out as one object per description across threads.
#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <cstring>
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

TEST_CASE("ID3D11Multithread: protection off by default, Enter/Leave, draws from two threads when protected", "[threads]") {
  Fixture f;
  auto multithread = f.context.query<ID3D11Multithread>();
  REQUIRE(multithread);
  CHECK(multithread->GetMultithreadProtected() == FALSE);
  CHECK(multithread->SetMultithreadProtected(TRUE) == FALSE);  // returns the previous setting
  CHECK(multithread->GetMultithreadProtected() == TRUE);
  // Same object: the face answers the context's interfaces.
  auto context = multithread.query<ID3D11DeviceContext>();
  CHECK(context.get() == f.context.get());

  // Two threads share the immediate context: each clears and draws into its own quadrant cells.
  Scene scene(f, 32, 32, kConstantPS);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  auto vb = scene.vertices(kQuad);
  f.context->RSSetState(noCull.get());
  std::array<ComPtr<ID3D11Buffer>, 2> cbs = {
      f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE),
      f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE)};
  std::atomic<int> failures{0};
  auto worker = [&](int t) {
    for (int round = 0; round < 50; ++round) {
      // The application's own critical section spans the state it sets and the draw using it.
      multithread->Enter();
      D3D11_MAPPED_SUBRESOURCE mapped{};
      if (f.context->Map(cbs[size_t(t)].get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) != S_OK) {
        failures.fetch_add(1);
      } else {
        const float color[4] = {t == 0 ? 1.0f : 0.0f, t == 1 ? 1.0f : 0.0f, 0, 1};
        std::memcpy(mapped.pData, color, sizeof(color));
        f.context->Unmap(cbs[size_t(t)].get(), 0);
      }
      ID3D11Buffer* bound[] = {cbs[size_t(t)].get()};
      f.context->PSSetConstantBuffers(0, 1, bound);
      D3D11_VIEWPORT viewport{float(t) * 16.0f, 0, 16, 32, 0, 1};
      f.context->RSSetViewports(1, &viewport);
      f.context->Draw(6, 0);
      multithread->Leave();
    }
  };
  std::thread first(worker, 0), second(worker, 1);
  first.join();
  second.join();
  CHECK(failures.load() == 0);
  auto pixels = scene.pixels();
  CHECK(texel(pixels, 5 * 32 + 4) == 0xff0000ffu);   // left half: red
  CHECK(texel(pixels, 5 * 32 + 28) == 0xff00ff00u);  // right half: green
  multithread->SetMultithreadProtected(FALSE);
}

TEST_CASE("SwapDeviceContextState exchanges every binding with a state object", "[threads]") {
  Fixture f;
  auto device1 = f.device.query<ID3D11Device1>();
  auto context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(device1);
  REQUIRE(context1);
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  D3D_FEATURE_LEVEL chosen{};
  ComPtr<ID3DDeviceContextState> state;
  REQUIRE(device1->CreateDeviceContextState(0, levels, 2, D3D11_SDK_VERSION, __uuidof(ID3D11Device1), &chosen, state.put()) ==
          S_OK);
  CHECK(chosen == D3D_FEATURE_LEVEL_11_1);
  ComPtr<ID3DDeviceContextState> invalid;
  CHECK(device1->CreateDeviceContextState(0, levels, 2, D3D11_SDK_VERSION, __uuidof(IUnknown), &chosen, invalid.put()) ==
        E_INVALIDARG);
  CHECK(device1->CreateDeviceContextState(0, nullptr, 0, D3D11_SDK_VERSION, __uuidof(ID3D11Device), &chosen, invalid.put()) ==
        E_INVALIDARG);

  Scene scene(f, 8, 8, kConstantPS);  // binds a render target and shaders on the immediate context
  ComPtr<ID3DDeviceContextState> previous;
  context1->SwapDeviceContextState(state.get(), previous.put());
  REQUIRE(previous);
  // The new state object starts empty.
  ComPtr<ID3D11PixelShader> ps;
  f.context->PSGetShader(ps.put(), nullptr, nullptr);
  CHECK(!ps);
  ComPtr<ID3D11RenderTargetView> rtv;
  f.context->OMGetRenderTargets(1, rtv.put(), nullptr);
  CHECK(!rtv);
  // Swapping back restores the first bindings, and a draw with them renders.
  ComPtr<ID3DDeviceContextState> second;
  context1->SwapDeviceContextState(previous.get(), second.put());
  CHECK(second.get() == state.get());
  f.context->PSGetShader(ps.put(), nullptr, nullptr);
  CHECK(ps.get() == scene.ps.get());
  auto cb = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER);
  const float blue[4] = {0, 0, 1, 1};
  f.context->UpdateSubresource(cb.get(), 0, nullptr, blue, 0, 0);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  const std::vector<Vertex> triangle = {{-1, -1, 0, 0, 0, 1}, {-1, 3, 0, 0, 0, 1}, {3, -1, 0, 0, 0, 1}};
  auto vb = scene.vertices(triangle);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  f.context->RSSetState(noCull.get());
  f.context->Draw(3, 0);
  CHECK(texel(scene.pixels(), 3 * 8 + 3) == 0xffff0000u);
  // Not on a deferred context (documented): nothing happens.
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  auto deferred1 = deferred.query<ID3D11DeviceContext1>();
  ComPtr<ID3DDeviceContextState> none;
  deferred1->SwapDeviceContextState(state.get(), none.put());
  CHECK(!none);
}
