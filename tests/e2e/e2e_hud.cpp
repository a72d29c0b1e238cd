// End-to-end under Wine: presents solid frames into a borderless window at the screen's top left
// while the HUD may be on (run-wine-hud-e2e.sh sets DXVK_HUD or not, and the 30 fps limiter), and
// checks that the back buffer it reads back never holds the overlay. It writes "ready" to the
// file named by its first argument once 2.5 s of frames are shown, keeps presenting until the
// file named by its second argument exists (the script's capture is done) or 30 s pass, then
// prints how many frames it presented. Prints one line per check and "N passed, N failed".
#include <cstdio>

#include "util/windows_base.h"

#include <dxgi1_6.h>

static int g_passed = 0, g_failed = 0;

static void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

static bool fileExists(const char* path) {
  return GetFileAttributesA(path) != INVALID_FILE_ATTRIBUTES;
}

static void pumpMessages() {
  MSG message;
  while (PeekMessageW(&message, nullptr, 0, 0, PM_REMOVE)) {
    TranslateMessage(&message);
    DispatchMessageW(&message);
  }
}

// The back buffer's texel at (x, y) through a staging copy (RGBA8 as stored), 0xdeadbeef if unreadable.
static UINT backBufferTexel(ID3D11Device* device, ID3D11DeviceContext* context, ID3D11Texture2D* buffer, UINT x, UINT y) {
  D3D11_TEXTURE2D_DESC desc{};
  buffer->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ID3D11Texture2D* staging = nullptr;
  if (FAILED(device->CreateTexture2D(&desc, nullptr, &staging)))
    return 0xdeadbeef;
  context->CopyResource(staging, buffer);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  UINT texel = 0xdeadbeef;
  if (SUCCEEDED(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped))) {
    texel = *reinterpret_cast<const UINT*>(static_cast<const unsigned char*>(mapped.pData) + y * mapped.RowPitch + x * 4);
    context->Unmap(staging, 0);
  }
  staging->Release();
  return texel;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::printf("usage: d3d11vk-e2e-hud READY-FILE DONE-FILE\n");
    return 2;
  }
  const int width = 400, height = 160;
  WNDCLASSW windowClass{};
  windowClass.lpfnWndProc = DefWindowProcW;
  windowClass.hInstance = GetModuleHandleW(nullptr);
  windowClass.lpszClassName = L"d3d11vk-e2e-hud";
  RegisterClassW(&windowClass);
  // Borderless at (0, 0): the client area is where the capture looks, on any window manager.
  HWND window = CreateWindowW(L"d3d11vk-e2e-hud", L"d3d11vk HUD", WS_POPUP | WS_VISIBLE, 0, 0, width, height, nullptr,
                              nullptr, GetModuleHandleW(nullptr), nullptr);
  check(window != nullptr, "a borderless window");
  if (!window)
    return 1;
  ShowWindow(window, SW_SHOW);
  UpdateWindow(window);
  pumpMessages();

  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Width = width;
  desc.BufferDesc.Height = height;
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.OutputWindow = window;
  desc.Windowed = TRUE;
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  IDXGISwapChain* swapchain = nullptr;
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  HRESULT hr = D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                                             &desc, &swapchain, &device, nullptr, &context);
  check(SUCCEEDED(hr), "D3D11CreateDeviceAndSwapChain");
  if (FAILED(hr))
    return 1;
  ID3D11Texture2D* buffer = nullptr;
  swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer));
  ID3D11RenderTargetView* view = nullptr;
  device->CreateRenderTargetView(buffer, nullptr, &view);
  const float blue[4] = {0.0f, 0.0f, 1.0f, 1.0f};

  // 30 fps from dxgi.maxFrameRate: 75 frames are 2.5 s, time for the FPS figure to settle.
  int presented = 0;
  bool ready = false, presentsOk = true;
  const ULONGLONG started = GetTickCount64();
  while (GetTickCount64() - started < 30000) {
    context->ClearRenderTargetView(view, blue);
    if (FAILED(swapchain->Present(0, 0)))
      presentsOk = false;
    ++presented;
    pumpMessages();
    if (presented == 75 && !ready) {
      // The application's own copy of its frame has none of the overlay, where the HUD draws.
      check(backBufferTexel(device, context, buffer, 9, 9) == 0xffff0000u, "the back buffer under the HUD's text is the frame's blue");
      check(backBufferTexel(device, context, buffer, 5, 5) == 0xffff0000u, "the back buffer under the HUD's box is the frame's blue");
      FILE* file = std::fopen(argv[1], "w");
      if (file) {
        std::fputs("ready\n", file);
        std::fclose(file);
      }
      ready = true;
    }
    if (ready && fileExists(argv[2]))
      break;
  }
  check(ready, "75 frames presented");
  check(presentsOk, "every Present succeeded");
  check(fileExists(argv[2]), "the capture finished within 30 s");
  view->Release();
  buffer->Release();
  context->Release();
  swapchain->Release();  // the frame-time log is complete once the swapchain is gone
  device->Release();
  DestroyWindow(window);
  std::printf("presented %d frames\n", presented);
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}
