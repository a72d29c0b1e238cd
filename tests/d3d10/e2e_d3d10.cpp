// End-to-end under Wine: Direct3D 10 through our d3d10_1.dll, d3d10.dll and d3d10core.dll (found
// with LoadLibrary like a game's import would find them): a scene drawn through ID3D10Device1 and
// read back with ID3D10Texture2D::Map; D3D10CoreCreateDevice on a DXGI adapter with an
// IDXGIFactory swapchain presenting D3D10 frames; D3D10CreateDeviceAndSwapChain; SDK versions and masks.
// Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <d3d10effect.h>

#include "../common/color_shaders.h"
#include "d3d10/d3d10_base.h"
#include "d3d11vk/d3d11vk_device_info.h"
#include "dxbc/assembler.h"
#include "util/com_ptr.h"

using util::ComPtr;

namespace {

using test_shaders::kColorPS;
using test_shaders::kColorVS;

int g_passed = 0, g_failed = 0;

void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

template <typename Proc>
Proc entryPoint(const char* dll, const char* name) {
  HMODULE module = LoadLibraryA(dll);
  return module ? reinterpret_cast<Proc>(reinterpret_cast<void*>(GetProcAddress(module, name))) : nullptr;
}

using CreateDevice1Proc = HRESULT(WINAPI*)(IDXGIAdapter*, D3D10_DRIVER_TYPE, HMODULE, UINT, D3D10_FEATURE_LEVEL1, UINT,
                                           ID3D10Device1**);
using CreateDeviceAndSwapChainProc = HRESULT(WINAPI*)(IDXGIAdapter*, D3D10_DRIVER_TYPE, HMODULE, UINT, UINT,
                                                      DXGI_SWAP_CHAIN_DESC*, IDXGISwapChain**, ID3D10Device**);
using CoreCreateDeviceProc = HRESULT(WINAPI*)(IDXGIFactory*, IDXGIAdapter*, UINT, D3D_FEATURE_LEVEL, ID3D10Device**);

struct Vertex {
  float x, y, r, g, b, a;
};

// Texel (x, y) of an RGBA8 texture, through a staging copy and the staging texture's own Map.
UINT readTexel(ID3D10Device* device, ID3D10Texture2D* texture, UINT x, UINT y) {
  D3D10_TEXTURE2D_DESC desc{};
  texture->GetDesc(&desc);
  desc.Usage = D3D10_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D10_CPU_ACCESS_READ;
  desc.MiscFlags = 0;
  ComPtr<ID3D10Texture2D> staging;
  if (FAILED(device->CreateTexture2D(&desc, nullptr, staging.put())))
    return 0xdeadbeef;
  device->CopyResource(staging.get(), texture);
  D3D10_MAPPED_TEXTURE2D mapped{};
  if (FAILED(staging->Map(0, D3D10_MAP_READ, 0, &mapped)))
    return 0xdeadbeef;
  UINT texel;
  std::memcpy(&texel, static_cast<const unsigned char*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
  staging->Unmap(0);
  return texel;
}

// Draws a red triangle over the top-left half of `rtv` (cleared to blue first).
bool drawTriangle(ID3D10Device* device, ID3D10RenderTargetView* rtv, UINT width, UINT height) {
  std::vector<uint8_t> vsCode = dxbc::assemble(kColorVS).write(), psCode = dxbc::assemble(kColorPS).write();
  ComPtr<ID3D10VertexShader> vs;
  ComPtr<ID3D10PixelShader> ps;
  ComPtr<ID3D10InputLayout> layout;
  const D3D10_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D10_INPUT_PER_VERTEX_DATA, 0},
  };
  const Vertex vertices[] = {{-1, -1, 1, 0, 0, 1}, {-1, 1, 1, 0, 0, 1}, {1, 1, 1, 0, 0, 1}};
  D3D10_BUFFER_DESC vbDesc{sizeof(vertices), D3D10_USAGE_IMMUTABLE, D3D10_BIND_VERTEX_BUFFER, 0, 0};
  D3D10_SUBRESOURCE_DATA initial{vertices, 0, 0};
  ComPtr<ID3D10Buffer> vb;
  if (FAILED(device->CreateVertexShader(vsCode.data(), vsCode.size(), vs.put())) ||
      FAILED(device->CreatePixelShader(psCode.data(), psCode.size(), ps.put())) ||
      FAILED(device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.put())) ||
      FAILED(device->CreateBuffer(&vbDesc, &initial, vb.put())))
    return false;
  const float blue[4] = {0, 0, 1, 1};
  device->ClearRenderTargetView(rtv, blue);
  device->OMSetRenderTargets(1, &rtv, nullptr);
  D3D10_VIEWPORT viewport{0, 0, width, height, 0, 1};
  device->RSSetViewports(1, &viewport);
  device->IASetInputLayout(layout.get());
  device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D10Buffer* vbs[] = {vb.get()};
  UINT stride = sizeof(Vertex), offset = 0;
  device->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  device->VSSetShader(vs.get());
  device->PSSetShader(ps.get());
  device->Draw(3, 0);
  return true;
}

HWND makeWindow(int width, int height) {
  WNDCLASSW windowClass{};
  windowClass.lpfnWndProc = DefWindowProcW;
  windowClass.hInstance = GetModuleHandleW(nullptr);
  windowClass.lpszClassName = L"d3d11vk-e2e-d3d10";
  RegisterClassW(&windowClass);
  HWND window = CreateWindowW(L"d3d11vk-e2e-d3d10", L"d3d11vk d3d10", WS_OVERLAPPEDWINDOW, 0, 0, width, height,
                              nullptr, nullptr, GetModuleHandleW(nullptr), nullptr);
  ShowWindow(window, SW_SHOW);
  return window;
}

DXGI_SWAP_CHAIN_DESC swapChainDesc(HWND window) {
  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Width = 64;
  desc.BufferDesc.Height = 64;
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.OutputWindow = window;
  desc.Windowed = TRUE;
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  return desc;
}

// Draws into the swapchain's back buffer through the D3D10 device, checks it, presents.
void renderAndPresent(ID3D10Device* device, IDXGISwapChain* swapchain, const char* what) {
  ComPtr<ID3D10Texture2D> backBuffer;
  HRESULT hr = swapchain->GetBuffer(0, __uuidof(ID3D10Texture2D), backBuffer.putVoid());
  check(hr == S_OK && backBuffer, (std::string(what) + ": GetBuffer answers ID3D10Texture2D").c_str());
  if (!backBuffer)
    return;
  ComPtr<ID3D10RenderTargetView> rtv;
  check(device->CreateRenderTargetView(backBuffer.get(), nullptr, rtv.put()) == S_OK &&
            drawTriangle(device, rtv.get(), 64, 64),
        (std::string(what) + ": a triangle drawn into the back buffer").c_str());
  check(readTexel(device, backBuffer.get(), 2, 8) == 0xff0000ffu && readTexel(device, backBuffer.get(), 60, 60) == 0xffff0000u,
        (std::string(what) + ": the back buffer reads back red and blue").c_str());
  device->OMSetRenderTargets(0, nullptr, nullptr);
  rtv.reset();
  backBuffer.reset();
  check(swapchain->Present(0, 0) == S_OK && swapchain->Present(1, 0) == S_OK,
        (std::string(what) + ": two frames presented").c_str());
}

// A crash prints one line and exits at once: under Wine an unhandled exception would otherwise
// start the debugger and the test would hang until its timeout.
LONG WINAPI onCrash(EXCEPTION_POINTERS* exception) {
  std::printf("FAIL: unhandled exception 0x%08lx at %p\n", exception->ExceptionRecord->ExceptionCode,
              exception->ExceptionRecord->ExceptionAddress);
  std::printf("%d passed, %d failed\n", g_passed, g_failed + 1);
  std::fflush(stdout);
  ExitProcess(3);
}

}  // namespace

int main() {
  SetUnhandledExceptionFilter(onCrash);
  auto createDevice1 = entryPoint<CreateDevice1Proc>("d3d10_1.dll", "D3D10CreateDevice1");
  auto createDeviceAndSwapChain = entryPoint<CreateDeviceAndSwapChainProc>("d3d10.dll", "D3D10CreateDeviceAndSwapChain");
  auto coreCreateDevice = entryPoint<CoreCreateDeviceProc>("d3d10core.dll", "D3D10CoreCreateDevice");
  check(createDevice1 && createDeviceAndSwapChain && coreCreateDevice, "the three D3D10 DLLs export their entry points");
  if (!createDevice1 || !createDeviceAndSwapChain || !coreCreateDevice) {
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return 1;
  }

  // 1. Offscreen through d3d10_1.dll.
  {
    ComPtr<ID3D10Device1> device;
    HRESULT hr = createDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_1,
                               D3D10_1_SDK_VERSION, device.put());
    check(hr == S_OK && device, "D3D10CreateDevice1 at 10_1");
    if (device) {
      auto info = device.query<ID3D11VkDeviceInfo>();
      check(info && std::strstr(info->GetImplementationName(), "d3d11vk"), "the D3D10 device is d3d11vk's");
      check(device->GetFeatureLevel() == D3D10_FEATURE_LEVEL_10_1, "GetFeatureLevel is 10_1");
      D3D10_TEXTURE2D_DESC desc{32, 32, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D10_USAGE_DEFAULT,
                                D3D10_BIND_RENDER_TARGET, 0, 0};
      ComPtr<ID3D10Texture2D> target;
      ComPtr<ID3D10RenderTargetView> rtv;
      check(device->CreateTexture2D(&desc, nullptr, target.put()) == S_OK &&
                device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK &&
                drawTriangle(device.get(), rtv.get(), 32, 32),
            "offscreen: a triangle drawn through ID3D10Device1");
      if (target)
        check(readTexel(device.get(), target.get(), 1, 4) == 0xff0000ffu &&
                  readTexel(device.get(), target.get(), 30, 30) == 0xffff0000u,
              "offscreen: read back red over blue with ID3D10Texture2D::Map");
      auto target11 = target.query<ID3D11Texture2D>();
      check(target11 && target11.query<ID3D10Texture2D>().get() == target.get(),
            "the texture answers ID3D11Texture2D and back");
    }
  }

  // 2. d3d10core on a DXGI adapter, with an IDXGIFactory swapchain.
  HWND window = makeWindow(64, 64);
  {
    ComPtr<IDXGIFactory1> factory;
    ComPtr<IDXGIAdapter1> adapter;
    check(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK &&
              factory->EnumAdapters1(0, adapter.put()) == S_OK,
          "a DXGI factory and adapter");
    ComPtr<ID3D10Device> device;
    if (adapter) {
      HRESULT hr = coreCreateDevice(factory.get(), adapter.get(), 0, D3D_FEATURE_LEVEL_10_0, device.put());
      check(hr == S_OK && device, "D3D10CoreCreateDevice on the adapter at 10_0");
    }
    if (device) {
      DXGI_SWAP_CHAIN_DESC desc = swapChainDesc(window);
      ComPtr<IDXGISwapChain> swapchain;
      check(factory->CreateSwapChain(device.get(), &desc, swapchain.put()) == S_OK && swapchain,
            "IDXGIFactory::CreateSwapChain with the D3D10 device");
      if (swapchain)
        renderAndPresent(device.get(), swapchain.get(), "d3d10core swapchain");
    }
  }

  // 3. d3d10.dll's D3D10CreateDeviceAndSwapChain.
  {
    DXGI_SWAP_CHAIN_DESC desc = swapChainDesc(window);
    ComPtr<IDXGISwapChain> swapchain;
    ComPtr<ID3D10Device> device;
    HRESULT hr = createDeviceAndSwapChain(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_SDK_VERSION, &desc,
                                          swapchain.put(), device.put());
    check(hr == S_OK && swapchain && device, "D3D10CreateDeviceAndSwapChain");
    if (swapchain && device)
      renderAndPresent(device.get(), swapchain.get(), "D3D10CreateDeviceAndSwapChain");
  }
  DestroyWindow(window);

  // 4. Our DLLs' argument rules where they are Windows' and not D3D11's (docs/d3d10.md).
  {
    using CreateDeviceProc = HRESULT(WINAPI*)(IDXGIAdapter*, D3D10_DRIVER_TYPE, HMODULE, UINT, UINT, ID3D10Device**);
    auto createDevice = entryPoint<CreateDeviceProc>("d3d10.dll", "D3D10CreateDevice");
    int refused = 0, refused1 = 0;
    for (UINT version = 0; version < 100; ++version) {
      ComPtr<ID3D10Device> device;
      if (version != D3D10_SDK_VERSION && createDevice &&
          createDevice(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, version, device.put()) == E_INVALIDARG && !device)
        refused++;
      ComPtr<ID3D10Device1> device1;
      if (version != D3D10_1_SDK_VERSION &&
          createDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0, version,
                        device1.put()) == E_INVALIDARG && !device1)
        refused1++;
    }
    std::printf("note: SDK versions refused: d3d10 %d of 99, d3d10_1 %d of 99\n", refused, refused1);
    check(refused == 99, "D3D10CreateDevice refuses every SDK version but 29 (0..99)");
    check(refused1 == 99, "D3D10CreateDevice1 refuses every SDK version but 0x20 (0..99)");
    check(createDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION,
                        nullptr) == E_INVALIDARG,
          "D3D10CreateDevice1 without a device pointer is E_INVALIDARG");

    // Both D3D10 runtimes' devices sit on a DXGI 1.0 factory's adapter: its parent answers
    // IDXGIFactory, not IDXGIFactory1 (Wine's d3d10core and d3d10_1 test_device_interfaces, which
    // Wine runs against Windows).
    auto factoryAnswers1 = [](IUnknown* device) {
      ComPtr<IDXGIDevice> dxgiDevice;
      ComPtr<IDXGIAdapter> adapter;
      ComPtr<IDXGIFactory1> factory1;
      return SUCCEEDED(device->QueryInterface(__uuidof(IDXGIDevice), reinterpret_cast<void**>(dxgiDevice.put()))) &&
             SUCCEEDED(dxgiDevice->GetAdapter(adapter.put())) &&
             SUCCEEDED(adapter->GetParent(__uuidof(IDXGIFactory1), reinterpret_cast<void**>(factory1.put())));
    };
    ComPtr<ID3D10Device> device10;
    ComPtr<ID3D10Device1> device101;
    check(createDevice && createDevice(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_SDK_VERSION, device10.put()) == S_OK &&
              !factoryAnswers1(device10.get()),
          "D3D10CreateDevice without an adapter: the adapter's factory is a DXGI 1.0 one (no IDXGIFactory1)");
    check(createDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION,
                        device101.put()) == S_OK && !factoryAnswers1(device101.get()),
          "D3D10CreateDevice1 without an adapter: the adapter's factory is a DXGI 1.0 one (no IDXGIFactory1)");
    check(createDeviceAndSwapChain(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_SDK_VERSION, nullptr, nullptr,
                                   nullptr) == E_INVALIDARG,
          "D3D10CreateDeviceAndSwapChain without ppDevice is E_INVALIDARG (as d3d10_1's, Wine's test_create_device)");

    using MaskProc = HRESULT(WINAPI*)(D3D10_STATE_BLOCK_MASK*);
    using GetSettingProc = BOOL(WINAPI*)(D3D10_STATE_BLOCK_MASK*, D3D10_DEVICE_STATE_TYPES, UINT);
    auto enableAll = entryPoint<MaskProc>("d3d10.dll", "D3D10StateBlockMaskEnableAll");
    auto getSetting = entryPoint<GetSettingProc>("d3d10.dll", "D3D10StateBlockMaskGetSetting");
    D3D10_STATE_BLOCK_MASK mask{};
    check(enableAll && enableAll(&mask) == S_OK && mask.VS == 0xff && mask.Predication == 0xff,
          "D3D10StateBlockMaskEnableAll sets every byte (VS, Predication 0xff)");
    check(getSetting && getSetting(&mask, D3D10_DST_VS_SHADER_RESOURCES, 3) == 8,
          "D3D10StateBlockMaskGetSetting returns the entry's bit (8 for entry 3)");
  }

  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
