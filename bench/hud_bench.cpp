// The HUD's cost (docs/hud.md, "Cost"): the demo's scene (demo/demo_renderer.h) rendered, copied
// into a swapchain's back buffer and presented with sync interval 0 in a 640x480 window, frame
// after frame; prints the median and 99th-percentile present-to-present time. The HUD is whatever
// the environment says (run-hud-bench.sh alternates DXVK_HUD unset and DXVK_HUD=full).
// Windows exe, run under Wine (the window is a Win32 one).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../demo/demo_renderer.h"

#include <dxgi1_6.h>

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::atoi(argv[1]) : 400;
  WNDCLASSW windowClass{};
  windowClass.lpfnWndProc = DefWindowProcW;
  windowClass.hInstance = GetModuleHandleW(nullptr);
  windowClass.lpszClassName = L"d3d11vk-hud-bench";
  RegisterClassW(&windowClass);
  HWND window = CreateWindowW(L"d3d11vk-hud-bench", L"d3d11vk HUD bench", WS_POPUP | WS_VISIBLE, 0, 0, demo::kWidth,
                              demo::kHeight, nullptr, nullptr, GetModuleHandleW(nullptr), nullptr);
  if (!window) {
    std::printf("error: no window\n");
    return 1;
  }
  try {
    demo::DemoRenderer renderer;
    util::ComPtr<IDXGIDevice> dxgiDevice;
    util::ComPtr<IDXGIAdapter> adapter;
    util::ComPtr<IDXGIFactory> factory;
    if (FAILED(renderer.device()->QueryInterface(__uuidof(IDXGIDevice), dxgiDevice.putVoid())) ||
        FAILED(dxgiDevice->GetAdapter(adapter.put())) ||
        FAILED(adapter->GetParent(__uuidof(IDXGIFactory), factory.putVoid()))) {
      std::printf("error: no DXGI factory\n");
      return 1;
    }
    DXGI_SWAP_CHAIN_DESC desc{};
    desc.BufferDesc.Width = demo::kWidth;
    desc.BufferDesc.Height = demo::kHeight;
    desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = 2;
    desc.OutputWindow = window;
    desc.Windowed = TRUE;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    util::ComPtr<IDXGISwapChain> swapchain;
    if (FAILED(factory->CreateSwapChain(renderer.device(), &desc, swapchain.put()))) {
      std::printf("error: CreateSwapChain failed\n");
      return 1;
    }
    util::ComPtr<ID3D11Texture2D> backBuffer;
    swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), backBuffer.putVoid());
    renderer.prepare();
    std::vector<double> intervals;
    auto last = std::chrono::steady_clock::now();
    const int warmup = 30;
    for (int frame = 0; frame < warmup + frames; ++frame) {
      renderer.renderFrame(0.02f * float(frame));
      renderer.context()->CopyResource(backBuffer.get(), renderer.target());
      swapchain->Present(0, 0);
      MSG message;
      while (PeekMessageW(&message, nullptr, 0, 0, PM_REMOVE))
        DispatchMessageW(&message);
      const auto now = std::chrono::steady_clock::now();
      if (frame >= warmup)
        intervals.push_back(std::chrono::duration<double, std::milli>(now - last).count());
      last = now;
    }
    std::sort(intervals.begin(), intervals.end());
    const char* hud = std::getenv("DXVK_HUD");
    std::printf("hud=%s frames=%d median_ms=%.3f p99_ms=%.3f\n", hud && *hud ? hud : "off", frames,
                intervals[intervals.size() / 2], intervals[intervals.size() * 99 / 100]);
  } catch (const std::exception& error) {
    std::printf("error: %s\n", error.what());
    return 1;
  }
  DestroyWindow(window);
  return 0;
}
