// SwapChainFixture: an X11 window, a D3D11 device and a DXGI factory for the native swapchain
// tests (test_swapchain_native.cpp, test_swapchain_scaling_native.cpp), with the helpers that
// render into the back buffer and read pixels back from it and from the X server.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>

#include "d3d11vk/d3d11vk_device_info.h"
#include "d3d11vk/d3d11vk_present_device.h"
#include "dxgi/dxgi_swapchain.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "x11_window.h"

namespace test_dxgi {

using util::ComPtr;

constexpr float kRed[4] = {1, 0, 0, 1};
constexpr float kGreen[4] = {0, 1, 0, 1};
constexpr float kBlue[4] = {0, 0, 1, 1};

struct SwapChainFixture {
  test_x11::Window window;
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  ComPtr<IDXGIFactory2> factory;
  ComPtr<IDXGISwapChain1> swapchain;
  bool skipped = false;

  explicit SwapChainFixture(unsigned width = 160, unsigned height = 120) : window(width, height) {
    if (!window.ok()) {
      // The wrapper (run-with-display.sh) provides a display wherever Xvfb is installed.
      WARN("skipped: " << window.why());
      skipped = true;
      return;
    }
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                              nullptr, context.put()) == S_OK);
    REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  }
  ~SwapChainFixture() {
    if (skipped)
      return;
    swapchain = nullptr;
    auto info = device.query<ID3D11VkDeviceInfo>();
    CHECK((info && info->GetValidationErrorCount() == 0));
  }

  HWND hwnd() const { return reinterpret_cast<HWND>(window.id()); }

  HRESULT create(DXGI_SWAP_CHAIN_DESC1 desc) { return factory->CreateSwapChainForHwnd(device.get(), hwnd(), &desc, nullptr, nullptr, swapchain.put()); }

  static DXGI_SWAP_CHAIN_DESC1 flipDesc(UINT flags = 0) {
    DXGI_SWAP_CHAIN_DESC1 desc{};
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;  // width and height 0: the window's size
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 2;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    desc.Flags = flags;
    return desc;
  }

  // Renders into the back buffer: a clear to `color`, and `extraClears` more clears of a scratch
  // target so the frame has GPU work worth waiting for.
  void render(const float color[4], int extraClears = 0) {
    ComPtr<ID3D11Texture2D> buffer;
    REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
    ComPtr<ID3D11RenderTargetView> view;
    REQUIRE(device->CreateRenderTargetView(buffer.get(), nullptr, view.put()) == S_OK);
    if (extraClears) {
      D3D11_TEXTURE2D_DESC desc{};
      desc.Width = desc.Height = 1024;
      desc.MipLevels = desc.ArraySize = 1;
      desc.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
      desc.SampleDesc.Count = 1;
      desc.BindFlags = D3D11_BIND_RENDER_TARGET;
      ComPtr<ID3D11Texture2D> scratch;
      REQUIRE(device->CreateTexture2D(&desc, nullptr, scratch.put()) == S_OK);
      ComPtr<ID3D11RenderTargetView> scratchView;
      REQUIRE(device->CreateRenderTargetView(scratch.get(), nullptr, scratchView.put()) == S_OK);
      for (int i = 0; i < extraClears; ++i)
        context->ClearRenderTargetView(scratchView.get(), color);
    }
    context->ClearRenderTargetView(view.get(), color);
  }

  // Buffer `index`'s texel at (x, y) through a staging copy, as stored (RGBA8: 0xAABBGGRR).
  // Waits until the GPU has finished everything recorded so far, which the worker thread reaches
  // only after it has processed (and presented) every earlier Present: an EVENT query after them.
  void waitForPresents() {
    D3D11_QUERY_DESC desc{D3D11_QUERY_EVENT, 0};
    ComPtr<ID3D11Query> event;
    REQUIRE(device->CreateQuery(&desc, event.put()) == S_OK);
    context->End(event.get());
    BOOL done = FALSE;
    while (context->GetData(event.get(), &done, sizeof(done), 0) == S_FALSE)
      std::this_thread::yield();
    CHECK(done == TRUE);
  }

  uint32_t backBufferTexel(UINT x, UINT y, UINT index = 0) {
    ComPtr<ID3D11Texture2D> buffer;
    REQUIRE(swapchain->GetBuffer(index, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
    D3D11_TEXTURE2D_DESC desc{};
    buffer->GetDesc(&desc);
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ComPtr<ID3D11Texture2D> staging;
    REQUIRE(device->CreateTexture2D(&desc, nullptr, staging.put()) == S_OK);
    context->CopyResource(staging.get(), buffer.get());
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    uint32_t texel = 0;
    std::memcpy(&texel, static_cast<const unsigned char*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
    context->Unmap(staging.get(), 0);
    return texel;
  }

  // The window's pixel on the X server once the presentation engine shows `expected` (0xRRGGBB),
  // or whatever it shows after two seconds.
  uint32_t shownPixel(int x, int y, uint32_t expected) { return window.pixelOnceShown(x, y, expected); }

  vk::GpuTimeline& timeline() {
    auto present = device.query<ID3D11VkPresentDevice>();
    REQUIRE(present);
    return present->GetVulkanDevice()->timeline();
  }

  uint64_t lastSubmission() {
    auto swapchain4 = swapchain.query<IDXGISwapChain4>();
    REQUIRE(swapchain4);
    return static_cast<d3d11vk::DxgiSwapChain*>(swapchain4.get())->lastPresentSubmission();
  }
};

}  // namespace test_dxgi
