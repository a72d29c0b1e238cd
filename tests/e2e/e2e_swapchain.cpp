// End-to-end under Wine: a window, D3D11CreateDeviceAndSwapChain and CreateSwapChainForHwnd through
// our DLLs; clears and presents frames, resizes, reads the back buffer back through a staging copy,
// switches to fullscreen and back (by call and by Alt+Enter), sees occlusion, reads buffers above 0
// and their usage, checks tearing and the documented refusals, and presents after the window is
// destroyed.
// Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/windows_base.h"

#include <dxgi1_6.h>

static int g_passed = 0, g_failed = 0;

static void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

template <typename T>
static void release(T*& object) {
  if (object)
    object->Release();
  object = nullptr;
}

static HWND makeWindow(int width, int height) {
  WNDCLASSW windowClass{};
  windowClass.lpfnWndProc = DefWindowProcW;
  windowClass.hInstance = GetModuleHandleW(nullptr);
  windowClass.lpszClassName = L"d3d11vk-e2e-swapchain";
  RegisterClassW(&windowClass);
  RECT rect{0, 0, width, height};
  AdjustWindowRect(&rect, WS_OVERLAPPEDWINDOW, FALSE);
  HWND window = CreateWindowW(L"d3d11vk-e2e-swapchain", L"d3d11vk swapchain", WS_OVERLAPPEDWINDOW, 0, 0,
                              rect.right - rect.left, rect.bottom - rect.top, nullptr, nullptr, GetModuleHandleW(nullptr), nullptr);
  ShowWindow(window, SW_SHOW);
  UpdateWindow(window);
  return window;
}

static void pumpMessages() {
  MSG message;
  while (PeekMessageW(&message, nullptr, 0, 0, PM_REMOVE)) {
    TranslateMessage(&message);
    DispatchMessageW(&message);
  }
}

// Clears the swapchain's back buffer to `color` and presents it.
static HRESULT clearAndPresent(ID3D11Device* device, ID3D11DeviceContext* context, IDXGISwapChain* swapchain,
                               const float color[4], UINT interval) {
  ID3D11Texture2D* buffer = nullptr;
  HRESULT hr = swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer));
  if (FAILED(hr))
    return hr;
  ID3D11RenderTargetView* view = nullptr;
  hr = device->CreateRenderTargetView(buffer, nullptr, &view);
  if (SUCCEEDED(hr)) {
    context->ClearRenderTargetView(view, color);
    view->Release();
    hr = swapchain->Present(interval, 0);
  }
  buffer->Release();
  return hr;
}

// Buffer `index`'s texel at (x, y), read through a staging copy; 0xdeadbeef when it cannot be.
static UINT readTexel(ID3D11Device* device, ID3D11DeviceContext* context, IDXGISwapChain* swapchain, UINT x, UINT y,
                      UINT index = 0) {
  ID3D11Texture2D* buffer = nullptr;
  if (FAILED(swapchain->GetBuffer(index, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer))))
    return 0xdeadbeef;
  D3D11_TEXTURE2D_DESC desc{};
  buffer->GetDesc(&desc);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  desc.MiscFlags = 0;
  ID3D11Texture2D* staging = nullptr;
  UINT texel = 0xdeadbeef;
  if (SUCCEEDED(device->CreateTexture2D(&desc, nullptr, &staging))) {
    context->CopyResource(staging, buffer);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    if (SUCCEEDED(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped))) {
      std::memcpy(&texel, static_cast<const unsigned char*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
      context->Unmap(staging, 0);
    }
    staging->Release();
  }
  buffer->Release();
  return texel;
}

static bool sameRect(const RECT& a, const RECT& b) {
  return a.left == b.left && a.top == b.top && a.right == b.right && a.bottom == b.bottom;
}

// SetFullscreenState(TRUE) on the window's output and back: the window covers the output, the
// buffers follow it after ResizeBuffers and present, and the window's style and place come back.
static void testFullscreen(ID3D11Device* device, ID3D11DeviceContext* context, IDXGISwapChain* swapchain, HWND window) {
  const float blue[4] = {0, 0, 1, 1}, green[4] = {0, 1, 0, 1};
  RECT before{};
  GetWindowRect(window, &before);
  const LONG styleBefore = GetWindowLongW(window, GWL_STYLE);
  IDXGIOutput* containing = nullptr;
  DXGI_OUTPUT_DESC outputDesc{};
  check(SUCCEEDED(swapchain->GetContainingOutput(&containing)) && containing && SUCCEEDED(containing->GetDesc(&outputDesc)),
        "fullscreen: the window's output");
  check(swapchain->SetFullscreenState(FALSE, containing) == DXGI_ERROR_INVALID_CALL,
        "SetFullscreenState(FALSE) with a target is DXGI_ERROR_INVALID_CALL");
  HRESULT hr = swapchain->SetFullscreenState(TRUE, nullptr);
  std::printf("SetFullscreenState(TRUE, null) returned 0x%08x\n", unsigned(hr));
  check(hr == S_OK, "SetFullscreenState(TRUE, null) is S_OK");
  pumpMessages();
  BOOL fullscreen = FALSE;
  IDXGIOutput* target = nullptr;
  DXGI_OUTPUT_DESC targetDesc{};
  check(SUCCEEDED(swapchain->GetFullscreenState(&fullscreen, &target)) && fullscreen && target &&
            SUCCEEDED(target->GetDesc(&targetDesc)) && targetDesc.Monitor == outputDesc.Monitor,
        "GetFullscreenState: TRUE, and the output that holds the window");
  release(target);
  RECT rect{};
  GetWindowRect(window, &rect);
  std::printf("fullscreen window rect (%ld,%ld)-(%ld,%ld), output (%ld,%ld)-(%ld,%ld)\n", rect.left, rect.top, rect.right,
              rect.bottom, outputDesc.DesktopCoordinates.left, outputDesc.DesktopCoordinates.top,
              outputDesc.DesktopCoordinates.right, outputDesc.DesktopCoordinates.bottom);
  check(sameRect(rect, outputDesc.DesktopCoordinates), "the fullscreen window covers the output's desktop rectangle");
  check(!(GetWindowLongW(window, GWL_STYLE) & WS_CAPTION), "the fullscreen window has no caption");
  // Windows 10's masks: the frame, popup and window-menu bits go, the rest stays; the extended
  // frame bits go and the window is topmost.
  const LONG removed = WS_POPUP | WS_MAXIMIZEBOX | WS_MINIMIZEBOX | WS_THICKFRAME | WS_SYSMENU | WS_DLGFRAME | WS_BORDER;
  std::printf("styles windowed 0x%08lx, fullscreen 0x%08lx ex 0x%08lx\n", styleBefore, GetWindowLongW(window, GWL_STYLE),
              GetWindowLongW(window, GWL_EXSTYLE));
  check(GetWindowLongW(window, GWL_STYLE) == (styleBefore & ~removed),
        "the fullscreen style is the windowed style without frame, popup and window-menu bits");
  check((GetWindowLongW(window, GWL_EXSTYLE) & (WS_EX_TOPMOST | WS_EX_WINDOWEDGE | WS_EX_CLIENTEDGE)) == WS_EX_TOPMOST,
        "the fullscreen window is topmost, without edge styles");
  // Gamma control belongs to the fullscreen output: capabilities, nothing to read before a ramp
  // is set, then the ramp set.
  DXGI_GAMMA_CONTROL_CAPABILITIES gammaCaps{};
  DXGI_GAMMA_CONTROL gamma{}, gammaRead{};
  check(containing->GetGammaControlCapabilities(&gammaCaps) == S_OK && gammaCaps.NumGammaControlPoints == 1025,
        "fullscreen: GetGammaControlCapabilities lists 1025 points");
  check(containing->GetGammaControl(&gammaRead) == DXGI_ERROR_INVALID_CALL,
        "fullscreen: GetGammaControl before any SetGammaControl is DXGI_ERROR_INVALID_CALL");
  gamma.GammaCurve[7].Blue = 0.5f;
  check(containing->SetGammaControl(&gamma) == S_OK && containing->GetGammaControl(&gammaRead) == S_OK &&
            gammaRead.GammaCurve[7].Blue == 0.5f,
        "fullscreen: SetGammaControl's ramp reads back");
  DXGI_SWAP_CHAIN_DESC desc{};
  check(SUCCEEDED(swapchain->GetDesc(&desc)) && !desc.Windowed, "GetDesc: Windowed is FALSE");
  // The documented step after the switch: ResizeBuffers, here to the window's (the output's) size.
  hr = swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0);
  const UINT outputWidth = UINT(outputDesc.DesktopCoordinates.right - outputDesc.DesktopCoordinates.left);
  const UINT outputHeight = UINT(outputDesc.DesktopCoordinates.bottom - outputDesc.DesktopCoordinates.top);
  check(hr == S_OK && SUCCEEDED(swapchain->GetDesc(&desc)) && desc.BufferDesc.Width == outputWidth &&
            desc.BufferDesc.Height == outputHeight,
        "ResizeBuffers in fullscreen takes the output's size");
  bool presented = true;
  for (int frame = 0; frame < 3; ++frame)
    presented &= clearAndPresent(device, context, swapchain, blue, 1) == S_OK;
  check(presented, "three fullscreen frames presented");
  // The buffer is B8G8R8A8_UNORM since the 64x64 ResizeBuffers above: blue is stored B, G, R, A.
  check(readTexel(device, context, swapchain, outputWidth - 1, outputHeight - 1) == 0xff0000ffu,
        "the fullscreen back buffer's far corner reads back blue (BGRA)");
  // GetDisplaySurfaceData: the shown image, point-sampled into a quarter-size RGBA staging surface.
  D3D11_TEXTURE2D_DESC surfaceDesc{};
  surfaceDesc.Width = outputWidth / 4;
  surfaceDesc.Height = outputHeight / 4;
  surfaceDesc.MipLevels = surfaceDesc.ArraySize = 1;
  surfaceDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  surfaceDesc.SampleDesc.Count = 1;
  surfaceDesc.Usage = D3D11_USAGE_STAGING;
  surfaceDesc.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
  ID3D11Texture2D* surfaceTexture = nullptr;
  IDXGISurface* surface = nullptr;
  UINT shownTexel = 0;
  if (SUCCEEDED(device->CreateTexture2D(&surfaceDesc, nullptr, &surfaceTexture)) &&
      SUCCEEDED(surfaceTexture->QueryInterface(__uuidof(IDXGISurface), reinterpret_cast<void**>(&surface))) &&
      containing->GetDisplaySurfaceData(surface) == S_OK) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    if (SUCCEEDED(context->Map(surfaceTexture, 0, D3D11_MAP_READ, 0, &mapped))) {
      std::memcpy(&shownTexel, static_cast<const unsigned char*>(mapped.pData) + mapped.RowPitch * 3 + 4 * 5, 4);
      context->Unmap(surfaceTexture, 0);
    }
  }
  check(shownTexel == 0xffff0000u, "GetDisplaySurfaceData in fullscreen: the shown image, blue (RGBA)");
  // SetDisplaySurface (E_NOTIMPL before issue #22): between TakeOwnership and
  // ReleaseOwnership the fullscreen swapchain's back buffer is accepted, a plain surface is not.
  IDXGISurface* backSurface = nullptr;
  HRESULT displaySurface = E_FAIL, plainSurface = E_FAIL, unowned = E_FAIL;
  if (SUCCEEDED(swapchain->GetBuffer(0, __uuidof(IDXGISurface), reinterpret_cast<void**>(&backSurface)))) {
    unowned = containing->SetDisplaySurface(backSurface);
    if (SUCCEEDED(containing->TakeOwnership(device, TRUE))) {
      displaySurface = containing->SetDisplaySurface(backSurface);
      plainSurface = surface ? containing->SetDisplaySurface(surface) : E_FAIL;
      containing->ReleaseOwnership();
    }
  }
  release(backSurface);
  std::printf("SetDisplaySurface: unowned 0x%08x, back buffer 0x%08x, plain surface 0x%08x\n", unsigned(unowned),
              unsigned(displaySurface), unsigned(plainSurface));
  check(unowned == DXGI_ERROR_INVALID_CALL, "SetDisplaySurface without TakeOwnership is DXGI_ERROR_INVALID_CALL");
  check(displaySurface == S_OK, "SetDisplaySurface with the fullscreen swapchain's back buffer is S_OK");
  check(plainSurface == DXGI_ERROR_INVALID_CALL, "SetDisplaySurface with a surface that is no back buffer is DXGI_ERROR_INVALID_CALL");
  DXGI_MODE_DESC mode{};
  mode.Width = outputWidth;
  mode.Height = outputHeight;
  mode.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  check(swapchain->ResizeTarget(&mode) == S_OK, "ResizeTarget in fullscreen with the output's mode");
  check(swapchain->SetFullscreenState(TRUE, containing) == S_OK, "SetFullscreenState(TRUE) again on the same output");
  check(swapchain->SetFullscreenState(FALSE, nullptr) == S_OK, "SetFullscreenState(FALSE, null) is S_OK");
  pumpMessages();
  fullscreen = TRUE;
  IDXGIOutput* none = reinterpret_cast<IDXGIOutput*>(1);
  check(SUCCEEDED(swapchain->GetFullscreenState(&fullscreen, &none)) && !fullscreen && !none,
        "GetFullscreenState after leaving: FALSE, no output");
  GetWindowRect(window, &rect);
  check(sameRect(rect, before) && GetWindowLongW(window, GWL_STYLE) == styleBefore,
        "the window's rectangle and style are restored");
  check(containing->GetGammaControl(&gammaRead) == DXGI_ERROR_INVALID_CALL,
        "windowed again: the fullscreen gamma ramp is gone");
  check(surface && containing->GetDisplaySurfaceData(surface) == DXGI_ERROR_INVALID_CALL,
        "windowed again: GetDisplaySurfaceData is DXGI_ERROR_INVALID_CALL");
  release(surface);
  release(surfaceTexture);
  hr = swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0);
  check(hr == S_OK && clearAndPresent(device, context, swapchain, green, 0) == S_OK &&
            readTexel(device, context, swapchain, 5, 5) == 0xff00ff00u,
        "windowed again: ResizeBuffers, a frame presents and reads back green");
  release(containing);
}

// Minimising the window occludes it: Present presents nothing and says so, and the registered
// event and window message are told of each change.
static void testOcclusion(ID3D11Device* device, ID3D11DeviceContext* context, IDXGISwapChain* swapchain, HWND window,
                          IDXGIFactory2* factory) {
  const float red[4] = {1, 0, 0, 1};
  const UINT message = WM_APP + 7;
  HANDLE event = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  DWORD eventCookie = 0, windowCookie = 0;
  check(factory->RegisterOcclusionStatusEvent(event, &eventCookie) == S_OK &&
            factory->RegisterOcclusionStatusWindow(window, message, &windowCookie) == S_OK,
        "occlusion: an event and a window message registered");
  check(clearAndPresent(device, context, swapchain, red, 0) == S_OK, "occlusion: a visible window presents (S_OK)");
  check(WaitForSingleObject(event, 0) == WAIT_TIMEOUT, "occlusion: no notification while nothing changed");
  UINT countBefore = 0, countAfter = 0;
  swapchain->GetLastPresentCount(&countBefore);
  ShowWindow(window, SW_MINIMIZE);
  pumpMessages();
  check(IsIconic(window), "occlusion: the window is minimised");
  check(swapchain->Present(0, DXGI_PRESENT_TEST) == DXGI_STATUS_OCCLUDED, "Present(DXGI_PRESENT_TEST) when minimised is DXGI_STATUS_OCCLUDED");
  check(clearAndPresent(device, context, swapchain, red, 0) == DXGI_STATUS_OCCLUDED, "Present when minimised is DXGI_STATUS_OCCLUDED");
  swapchain->GetLastPresentCount(&countAfter);
  check(countAfter == countBefore, "an occluded Present presents nothing (GetLastPresentCount unchanged)");
  check(WaitForSingleObject(event, 0) == WAIT_OBJECT_0, "the occlusion event is set when the window becomes occluded");
  MSG posted{};
  check(PeekMessageW(&posted, window, message, message, PM_REMOVE) != 0, "the occlusion message is posted to the window");
  ShowWindow(window, SW_RESTORE);
  pumpMessages();
  check(clearAndPresent(device, context, swapchain, red, 0) == S_OK, "restored: Present is S_OK again");
  check(WaitForSingleObject(event, 0) == WAIT_OBJECT_0, "the occlusion event is set when the window is visible again");
  factory->UnregisterOcclusionStatus(eventCookie);
  factory->UnregisterOcclusionStatus(windowCookie);
  CloseHandle(event);
}

// GetBuffer above 0: refused for DISCARD, read-only for the sequential effects, whose buffers
// rotate at Present (buffer count-1 is the frame just presented).
// Windows makes a swapchain for the desktop window (applications do, to probe the device); under
// Wine Vulkan makes no surface for it, and d3d11vk keeps the swapchain without showing its frames.
static void testDesktopWindow(ID3D11Device* device, ID3D11DeviceContext* context, IDXGIFactory2* factory) {
  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Width = 64;
  desc.BufferDesc.Height = 32;
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 1;
  desc.OutputWindow = GetDesktopWindow();
  desc.Windowed = TRUE;
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  IDXGISwapChain* chain = nullptr;
  check(factory->CreateSwapChain(device, &desc, &chain) == S_OK && chain, "a swapchain on the desktop window is created");
  if (!chain)
    return;
  const float blue[4] = {0, 0, 1, 1};
  check(clearAndPresent(device, context, chain, blue, 0) == S_OK, "the desktop-window swapchain presents (S_OK)");
  // (d3d11vk keeps buffer 0 across a DISCARD present, so the frame is still there to read.)
  check(readTexel(device, context, chain, 63, 31) == 0xffff0000u, "its back buffer holds the frame rendered into it");
  release(chain);
}

static void testBuffersAboveZero(ID3D11Device* device, ID3D11DeviceContext* context, IDXGIFactory2* factory, HWND window) {
  const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
  DXGI_SWAP_CHAIN_DESC1 desc{};
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT;
  desc.BufferCount = 2;
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  IDXGISwapChain1* chain = nullptr;
  ID3D11Texture2D* buffer = nullptr;
  if (SUCCEEDED(factory->CreateSwapChainForHwnd(device, window, &desc, nullptr, nullptr, &chain))) {
    check(chain->GetBuffer(1, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer)) == DXGI_ERROR_INVALID_CALL && !buffer,
          "GetBuffer(1) of a DISCARD swapchain is DXGI_ERROR_INVALID_CALL");
    release(chain);
  } else {
    check(false, "a two-buffer DISCARD swapchain");
  }
  for (DXGI_SWAP_EFFECT effect : {DXGI_SWAP_EFFECT_SEQUENTIAL, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL}) {
    const char* name = effect == DXGI_SWAP_EFFECT_SEQUENTIAL ? "SEQUENTIAL" : "FLIP_SEQUENTIAL";
    char what[160];
    desc.SwapEffect = effect;
    desc.BufferCount = 3;
    if (FAILED(factory->CreateSwapChainForHwnd(device, window, &desc, nullptr, nullptr, &chain))) {
      std::snprintf(what, sizeof(what), "a three-buffer %s swapchain", name);
      check(false, what);
      continue;
    }
    std::snprintf(what, sizeof(what), "%s: GetBuffer(1) and (2) succeed, GetBuffer(3) is DXGI_ERROR_INVALID_CALL", name);
    ID3D11Texture2D* second = nullptr;
    ID3D11Texture2D* past = nullptr;
    HRESULT hr1 = chain->GetBuffer(1, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer));
    HRESULT hr2 = chain->GetBuffer(2, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&second));
    check(hr1 == S_OK && hr2 == S_OK && buffer && second &&
              chain->GetBuffer(3, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&past)) == DXGI_ERROR_INVALID_CALL,
          what);
    ID3D11RenderTargetView* view = nullptr;
    std::snprintf(what, sizeof(what), "%s: buffer 1 is read-only (no render-target view)", name);
    check(buffer && FAILED(device->CreateRenderTargetView(buffer, nullptr, &view)) && !view, what);
    // IDXGIResource::GetUsage: back buffers with the description's usage, read-only above 0.
    DXGI_USAGE usage0 = 0, usage1 = 0;
    IDXGIResource* resource = nullptr;
    if (SUCCEEDED(chain->GetBuffer(0, __uuidof(IDXGIResource), reinterpret_cast<void**>(&resource)))) {
      resource->GetUsage(&usage0);
      release(resource);
    }
    if (buffer && SUCCEEDED(buffer->QueryInterface(__uuidof(IDXGIResource), reinterpret_cast<void**>(&resource)))) {
      resource->GetUsage(&usage1);
      release(resource);
    }
    std::printf("%s: GetUsage of buffer 0 0x%x, buffer 1 0x%x\n", name, unsigned(usage0), unsigned(usage1));
    std::snprintf(what, sizeof(what), "%s: GetUsage: buffer 0 BACK_BUFFER | RENDER_TARGET_OUTPUT | SHADER_INPUT, buffer 1 also READ_ONLY", name);
    const DXGI_USAGE described = DXGI_USAGE_BACK_BUFFER | DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT;
    check(usage0 == described && usage1 == (described | DXGI_USAGE_READ_ONLY), what);
    release(view);
    release(buffer);
    release(second);
    // Three frames: red, green, red. Buffer 2 is the last presented (red), buffer 1 the one
    // before (green), buffer 0 the oldest (red).
    bool presented = clearAndPresent(device, context, chain, red, 0) == S_OK;
    presented &= clearAndPresent(device, context, chain, green, 0) == S_OK;
    presented &= clearAndPresent(device, context, chain, red, 0) == S_OK;
    UINT texel0 = readTexel(device, context, chain, 3, 3, 0);
    UINT texel1 = readTexel(device, context, chain, 3, 3, 1);
    UINT texel2 = readTexel(device, context, chain, 3, 3, 2);
    std::printf("%s after red, green, red: buffers 0x%08x 0x%08x 0x%08x\n", name, texel0, texel1, texel2);
    std::snprintf(what, sizeof(what), "%s: the buffers rotate at Present (2: last frame red, 1: green, 0: red)", name);
    check(presented && texel2 == 0xff0000ffu && texel1 == 0xff00ff00u && texel0 == 0xff0000ffu, what);
    release(chain);
  }
  // FLIP_DISCARD gives Direct3D 11 only buffer 0, like DISCARD (Windows 10).
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  desc.BufferCount = 2;
  if (SUCCEEDED(factory->CreateSwapChainForHwnd(device, window, &desc, nullptr, nullptr, &chain))) {
    check(chain->GetBuffer(1, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer)) == DXGI_ERROR_INVALID_CALL && !buffer,
          "FLIP_DISCARD: GetBuffer(1) is DXGI_ERROR_INVALID_CALL");
    release(buffer);
    check(clearAndPresent(device, context, chain, red, 0) == S_OK, "FLIP_DISCARD: presents");
    release(chain);
  }
}

// Tearing: the factory's answer, the swapchain flag's rules, Present with ALLOW_TEARING.
static void testTearing(ID3D11Device* device, ID3D11DeviceContext* context, IDXGIFactory2* factory, HWND window) {
  const float grey[4] = {0.25f, 0.25f, 0.25f, 1};
  IDXGIFactory5* factory5 = nullptr;
  BOOL allowTearing = FALSE;
  check(SUCCEEDED(factory->QueryInterface(__uuidof(IDXGIFactory5), reinterpret_cast<void**>(&factory5))) &&
            factory5->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &allowTearing, sizeof(allowTearing)) == S_OK,
        "CheckFeatureSupport(PRESENT_ALLOW_TEARING) answers");
  std::printf("CheckFeatureSupport(PRESENT_ALLOW_TEARING) = %d\n", int(allowTearing));
  // Wine's X11 surfaces on lavapipe offer IMMEDIATE, so tearing is supported here.
  check(allowTearing == TRUE, "tearing is reported supported (the surface offers IMMEDIATE)");
  release(factory5);

  DXGI_SWAP_CHAIN_DESC1 desc{};
  desc.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  desc.Flags = DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING;
  IDXGISwapChain1* chain = nullptr;
  check(factory->CreateSwapChainForHwnd(device, window, &desc, nullptr, nullptr, &chain) == DXGI_ERROR_INVALID_CALL && !chain,
        "ALLOW_TEARING with a DISCARD (bitblt) swapchain is DXGI_ERROR_INVALID_CALL");
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  HRESULT hr = factory->CreateSwapChainForHwnd(device, window, &desc, nullptr, nullptr, &chain);
  check(hr == S_OK && chain, "a FLIP_DISCARD swapchain with ALLOW_TEARING");
  if (!chain)
    return;
  ID3D11Texture2D* buffer = nullptr;
  ID3D11RenderTargetView* view = nullptr;
  chain->GetBuffer(0, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&buffer));
  if (buffer)
    device->CreateRenderTargetView(buffer, nullptr, &view);
  release(buffer);
  bool presented = view != nullptr;
  for (int frame = 0; frame < 3 && view; ++frame) {
    context->ClearRenderTargetView(view, grey);
    presented &= chain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == S_OK;
  }
  release(view);
  check(presented, "three frames presented with Present(0, DXGI_PRESENT_ALLOW_TEARING)");
  check(chain->Present(1, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL,
        "DXGI_PRESENT_ALLOW_TEARING with sync interval 1 is DXGI_ERROR_INVALID_CALL");
  check(chain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL,
        "ResizeBuffers without the ALLOW_TEARING flag is DXGI_ERROR_INVALID_CALL");
  check(chain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) == S_OK,
        "ResizeBuffers with the ALLOW_TEARING flag is S_OK");
  hr = chain->SetFullscreenState(TRUE, nullptr);
  check(hr == S_OK && chain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL,
        "DXGI_PRESENT_ALLOW_TEARING in fullscreen is DXGI_ERROR_INVALID_CALL");
  check(chain->SetFullscreenState(FALSE, nullptr) == S_OK && chain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == S_OK,
        "windowed again, Present(0, DXGI_PRESENT_ALLOW_TEARING) is S_OK");
  release(chain);
  // The presenter logs each Vulkan swapchain it makes (D3D11VK_LOG_PATH is this program's folder
  // under run-wine-e2e.sh); IMMEDIATE is VK_PRESENT_MODE_IMMEDIATE_KHR = 0, which no other
  // swapchain of this program uses (interval 0 without tearing takes MAILBOX where offered).
  // Released, the swapchain's presents have all been done on the worker.
  if (FILE* log = std::fopen("d3d11vk-e2e-swapchain_d3d11.log", "r")) {
    char line[512];
    bool immediate = false;
    while (std::fgets(line, sizeof(line), log))
      immediate |= std::strstr(line, "present mode 0") != nullptr;
    std::fclose(log);
    check(immediate, "the tearing presents used VK_PRESENT_MODE_IMMEDIATE_KHR (the presenter's log)");
  } else {
    std::printf("note: no d3d11vk log in the working folder; the present mode is not checked\n");
  }
}

// Releasing a fullscreen swapchain is an application error; the window is put back all the same.
static void testReleaseInFullscreen(ID3D11Device* device, IDXGIFactory2* factory, HWND window) {
  RECT before{}, after{};
  GetWindowRect(window, &before);
  const LONG styleBefore = GetWindowLongW(window, GWL_STYLE);
  DXGI_SWAP_CHAIN_DESC1 desc{};
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreenDesc{};
  fullscreenDesc.Windowed = FALSE;
  IDXGISwapChain1* chain = nullptr;
  HRESULT hr = factory->CreateSwapChainForHwnd(device, window, &desc, &fullscreenDesc, nullptr, &chain);
  BOOL fullscreen = FALSE;
  check(hr == S_OK && chain && SUCCEEDED(chain->GetFullscreenState(&fullscreen, nullptr)) && fullscreen,
        "a swapchain created with Windowed = FALSE starts fullscreen");
  release(chain);
  GetWindowRect(window, &after);
  check(sameRect(before, after) && GetWindowLongW(window, GWL_STYLE) == styleBefore,
        "released in fullscreen: the window's rectangle and style are restored");
}

// A two-buffer FLIP_DISCARD swapchain for `window`; on failure the check `what` fails, the
// window is destroyed and null is returned.
static IDXGISwapChain1* makeFlipSwapchain(ID3D11Device* device, IDXGIFactory2* factory, HWND window, const char* what) {
  DXGI_SWAP_CHAIN_DESC1 desc{};
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  IDXGISwapChain1* chain = nullptr;
  if (FAILED(factory->CreateSwapChainForHwnd(device, window, &desc, nullptr, nullptr, &chain))) {
    check(false, what);
    DestroyWindow(window);
    return nullptr;
  }
  return chain;
}

// Windows 10's window rules (Wine's dxgi tests record them): a hidden window presents (S_OK, not
// occluded); ResizeTarget to 0x0 shrinks a windowed swapchain's window to its smallest size; a
// second window's association leaves the first one's flags in force; another window of the
// process taking the foreground ends fullscreen, and fullscreen does not show a hidden window.
static void testWindowRules(ID3D11Device* device, ID3D11DeviceContext* context, IDXGIFactory2* factory) {
  const float red[4] = {1, 0, 0, 1};
  HWND window = makeWindow(160, 120);
  IDXGISwapChain1* chain = makeFlipSwapchain(device, factory, window, "window rules: a swapchain for the window");
  if (!chain)
    return;
  ShowWindow(window, SW_HIDE);
  pumpMessages();
  check(clearAndPresent(device, context, chain, red, 0) == S_OK, "a hidden window presents with S_OK (not occluded)");
  ShowWindow(window, SW_SHOW);
  pumpMessages();

  // The smallest window of this style: what SetWindowPos to 0x0 makes of a twin.
  HWND twin = makeWindow(160, 120);
  SetWindowPos(twin, nullptr, 0, 0, 0, 0, SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
  RECT smallest{}, rect{};
  GetWindowRect(twin, &smallest);
  DestroyWindow(twin);
  DXGI_MODE_DESC zero{};
  check(chain->ResizeTarget(&zero) == S_OK, "ResizeTarget(0x0) windowed is S_OK");
  GetWindowRect(window, &rect);
  std::printf("ResizeTarget(0x0): window %ldx%ld, smallest %ldx%ld\n", rect.right - rect.left, rect.bottom - rect.top,
              smallest.right - smallest.left, smallest.bottom - smallest.top);
  check(rect.right - rect.left == smallest.right - smallest.left && rect.bottom - rect.top == smallest.bottom - smallest.top,
        "ResizeTarget(0x0) shrinks the window to the smallest its frame allows");
  DXGI_MODE_DESC back{};
  back.Width = 160;
  back.Height = 120;
  chain->ResizeTarget(&back);

  // Per-window associations: a second window's leaves the first one's NO_ALT_ENTER in force.
  HWND other = makeWindow(32, 32);
  check(factory->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER) == S_OK &&
            factory->MakeWindowAssociation(other, 0) == S_OK,
        "associations with two windows");
  PostMessageW(window, WM_SYSKEYDOWN, VK_RETURN, (LPARAM(1) << 29) | 1);
  pumpMessages();
  BOOL fullscreen = TRUE;
  check(SUCCEEDED(chain->GetFullscreenState(&fullscreen, nullptr)) && !fullscreen,
        "Alt+Enter stays blocked for the first window after the second window's association");
  factory->MakeWindowAssociation(nullptr, 0);

  // Another window of the process taking the foreground ends fullscreen.
  SetForegroundWindow(window);
  check(chain->SetFullscreenState(TRUE, nullptr) == S_OK, "fullscreen for the foreground test");
  ShowWindow(other, SW_SHOW);
  SetForegroundWindow(other);
  pumpMessages();
  fullscreen = TRUE;
  check(SUCCEEDED(chain->GetFullscreenState(&fullscreen, nullptr)) && !fullscreen,
        "another window of the process in the foreground ends fullscreen");
  DestroyWindow(other);
  pumpMessages();

  // A hidden window stays hidden in fullscreen.
  ShowWindow(window, SW_HIDE);
  check(chain->SetFullscreenState(TRUE, nullptr) == S_OK && !(GetWindowLongW(window, GWL_STYLE) & WS_VISIBLE),
        "fullscreen does not show a hidden window");
  chain->SetFullscreenState(FALSE, nullptr);
  release(chain);
  DestroyWindow(window);
  pumpMessages();
}

// Alt+Enter (WM_SYSKEYDOWN, VK_RETURN, Alt held) in the window's queue toggles fullscreen, as DXGI
// watches the window's queue (a message hook; the window procedure stays the application's);
// MakeWindowAssociation's flags stop it, per window; nothing is left behind at release.
static void testAltEnter(ID3D11Device* device, IDXGIFactory2* factory) {
  HWND window = makeWindow(200, 150);
  const LONG_PTR original = GetWindowLongPtrW(window, GWLP_WNDPROC);
  RECT before{};
  GetWindowRect(window, &before);
  IDXGISwapChain1* chain = makeFlipSwapchain(device, factory, window, "Alt+Enter: a swapchain for the window");
  if (!chain)
    return;
  check(GetWindowLongPtrW(window, GWLP_WNDPROC) == original,
        "Alt+Enter: the swapchain watches the window's messages without replacing its procedure");
  auto altEnter = [&](LPARAM extra) {
    PostMessageW(window, WM_SYSKEYDOWN, VK_RETURN, (LPARAM(1) << 29) | 1 | extra);
    pumpMessages();
    BOOL fullscreen = FALSE;
    return SUCCEEDED(chain->GetFullscreenState(&fullscreen, nullptr)) && fullscreen;
  };
  check(altEnter(0), "Alt+Enter switches to fullscreen");
  RECT rect{};
  GetWindowRect(window, &rect);
  IDXGIOutput* output = nullptr;
  DXGI_OUTPUT_DESC outputDesc{};
  check(SUCCEEDED(chain->GetContainingOutput(&output)) && SUCCEEDED(output->GetDesc(&outputDesc)) &&
            sameRect(rect, outputDesc.DesktopCoordinates),
        "Alt+Enter: the window covers the output");
  release(output);
  check(altEnter(LPARAM(1) << 30), "Alt+Enter held down (auto-repeat) changes nothing");
  check(!altEnter(0), "Alt+Enter again switches back to windowed");
  GetWindowRect(window, &rect);
  check(sameRect(rect, before), "Alt+Enter: the window's rectangle is restored");
  // Enter without Alt is the application's.
  PostMessageW(window, WM_KEYDOWN, VK_RETURN, 1);
  pumpMessages();
  BOOL fullscreen = TRUE;
  check(SUCCEEDED(chain->GetFullscreenState(&fullscreen, nullptr)) && !fullscreen, "Enter without Alt changes nothing");

  check(factory->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER) == S_OK && !altEnter(0),
        "with MakeWindowAssociation(DXGI_MWA_NO_ALT_ENTER) Alt+Enter leaves the swapchain windowed");
  check(factory->MakeWindowAssociation(window, DXGI_MWA_NO_WINDOW_CHANGES) == S_OK && !altEnter(0),
        "with MakeWindowAssociation(DXGI_MWA_NO_WINDOW_CHANGES) Alt+Enter leaves the swapchain windowed");
  // The flags are per factory and per window: another factory's association does not count.
  IDXGIFactory1* other = nullptr;
  bool otherBlocks = true;
  if (SUCCEEDED(CreateDXGIFactory1(__uuidof(IDXGIFactory1), reinterpret_cast<void**>(&other)))) {
    check(factory->MakeWindowAssociation(nullptr, 0) == S_OK, "MakeWindowAssociation(null, 0) ends the association");
    other->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER);
    otherBlocks = !altEnter(0);
    release(other);
  }
  check(!otherBlocks, "another factory's association leaves Alt+Enter to this swapchain's factory");
  check(!altEnter(0), "and Alt+Enter switches back");
  // Released in fullscreen (after Alt+Enter): the window and its procedure are the application's again.
  altEnter(0);
  release(chain);
  GetWindowRect(window, &rect);
  check(GetWindowLongPtrW(window, GWLP_WNDPROC) == original && sameRect(rect, before),
        "released: the window procedure and the window's rectangle are restored");
  DestroyWindow(window);
  pumpMessages();
}

int main() {
  HWND window = makeWindow(320, 240);
  check(window != nullptr, "a 320x240 window");

  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;  // width and height 0: the window's client size
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
  check(hr == S_OK && swapchain && device && context, "D3D11CreateDeviceAndSwapChain (flip discard, 2 buffers)");
  if (!swapchain || !device) {
    std::printf("D3D11CreateDeviceAndSwapChain returned 0x%08x\n%d passed, %d failed\n", unsigned(hr), g_passed, g_failed);
    return 1;
  }
  ID3D11VkDeviceInfo* info = nullptr;
  check(SUCCEEDED(device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(&info))),
        "the device is d3d11vk's (answers ID3D11VkDeviceInfo)");

  DXGI_SWAP_CHAIN_DESC got{};
  check(SUCCEEDED(swapchain->GetDesc(&got)) && got.BufferDesc.Width == 320 && got.BufferDesc.Height == 240 &&
            got.OutputWindow == window && got.Windowed,
        "GetDesc: the window's 320x240 client size, the window, windowed");

  const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
  bool presented = true;
  for (int frame = 0; frame < 6; ++frame) {
    presented &= clearAndPresent(device, context, swapchain, frame % 2 ? green : red, frame < 3 ? 1 : 0) == S_OK;
    pumpMessages();
  }
  check(presented, "six frames cleared and presented (sync interval 1 and 0)");
  UINT count = 0;
  check(SUCCEEDED(swapchain->GetLastPresentCount(&count)) && count == 6, "GetLastPresentCount is 6");
  check(readTexel(device, context, swapchain, 10, 10) == 0xff00ff00u, "the back buffer reads back green");
  check(swapchain->Present(0, DXGI_PRESENT_TEST) == S_OK, "Present(DXGI_PRESENT_TEST) is S_OK");
  check(swapchain->Present(5, 0) == DXGI_ERROR_INVALID_CALL, "a sync interval of 5 is DXGI_ERROR_INVALID_CALL");
  check(swapchain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL,
        "ALLOW_TEARING without the swapchain flag is DXGI_ERROR_INVALID_CALL");

  // ResizeBuffers refuses while the application holds the buffer (or a view of it).
  ID3D11Texture2D* held = nullptr;
  swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&held));
  check(swapchain->ResizeBuffers(0, 200, 100, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL,
        "ResizeBuffers with the back buffer referenced is DXGI_ERROR_INVALID_CALL");
  ID3D11RenderTargetView* heldView = nullptr;
  device->CreateRenderTargetView(held, nullptr, &heldView);
  release(held);
  check(swapchain->ResizeBuffers(0, 200, 100, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL,
        "ResizeBuffers with a view of the back buffer alive is DXGI_ERROR_INVALID_CALL");
  release(heldView);

  // The window grows, the buffers follow it (0x0: the client size), frames present again.
  SetWindowPos(window, nullptr, 0, 0, 420, 330, SWP_NOMOVE | SWP_NOZORDER);
  pumpMessages();
  RECT client{};
  GetClientRect(window, &client);
  hr = swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0);
  check(hr == S_OK, "ResizeBuffers(0, 0, 0) after the window was resized");
  check(SUCCEEDED(swapchain->GetDesc(&got)) && LONG(got.BufferDesc.Width) == client.right &&
            LONG(got.BufferDesc.Height) == client.bottom && got.BufferCount == 2,
        "the new buffers have the window's client size and the same count");
  presented = true;
  for (int frame = 0; frame < 3; ++frame)
    presented &= clearAndPresent(device, context, swapchain, blue, 1) == S_OK;
  check(presented, "three frames presented after the resize");
  check(readTexel(device, context, swapchain, got.BufferDesc.Width - 1, got.BufferDesc.Height - 1) == 0xffff0000u,
        "the resized back buffer's far corner reads back blue");
  check(swapchain->ResizeBuffers(0, 64, 64, DXGI_FORMAT_B8G8R8A8_UNORM, 0) == S_OK &&
            clearAndPresent(device, context, swapchain, red, 0) == S_OK &&
            readTexel(device, context, swapchain, 63, 63) == 0xffff0000u,
        "ResizeBuffers to 64x64 B8G8R8A8_UNORM presents stretched, reads back red in BGRA order");

  testFullscreen(device, context, swapchain, window);
  IDXGIOutput* output = nullptr;
  check(SUCCEEDED(swapchain->GetContainingOutput(&output)) && output, "GetContainingOutput finds Xvfb's monitor");
  release(output);
  DXGI_FRAME_STATISTICS stats{};
  check(SUCCEEDED(swapchain->GetFrameStatistics(&stats)) && stats.PresentCount >= 1, "GetFrameStatistics counts presents");

  // CreateSwapChainForHwnd: the description rules, and the waitable object.
  IDXGIDevice* dxgiDevice = nullptr;
  IDXGIAdapter* adapter = nullptr;
  IDXGIFactory2* factory = nullptr;
  device->QueryInterface(__uuidof(IDXGIDevice), reinterpret_cast<void**>(&dxgiDevice));
  dxgiDevice->GetAdapter(&adapter);
  adapter->GetParent(__uuidof(IDXGIFactory2), reinterpret_cast<void**>(&factory));
  HWND second = makeWindow(128, 96);
  DXGI_SWAP_CHAIN_DESC1 desc1{};
  desc1.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  desc1.SampleDesc.Count = 1;
  desc1.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc1.BufferCount = 2;
  desc1.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL;
  IDXGISwapChain1* swapchain1 = nullptr;
  check(factory->CreateSwapChainForHwnd(device, second, &desc1, nullptr, nullptr, &swapchain1) == DXGI_ERROR_INVALID_CALL &&
            !swapchain1,
        "flip model with an _SRGB format is DXGI_ERROR_INVALID_CALL");
  desc1.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc1.BufferCount = 1;
  check(factory->CreateSwapChainForHwnd(device, second, &desc1, nullptr, nullptr, &swapchain1) == DXGI_ERROR_INVALID_CALL,
        "flip model with one buffer is DXGI_ERROR_INVALID_CALL");
  desc1.BufferCount = 2;
  desc1.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
  // E_INVALIDARG, as Windows answers (Wine's d3d11 conformance test checks it for CreateSwapChain).
  check(factory->CreateSwapChainForHwnd(device, second, &desc1, nullptr, nullptr, &swapchain1) == E_INVALIDARG,
        "a format that is not a swapchain format is E_INVALIDARG");
  desc1.Format = DXGI_FORMAT_R16G16B16A16_FLOAT;
  desc1.Flags = DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT;
  hr = factory->CreateSwapChainForHwnd(device, second, &desc1, nullptr, nullptr, &swapchain1);
  check(hr == S_OK && swapchain1, "CreateSwapChainForHwnd: R16G16B16A16_FLOAT, flip sequential, waitable object");
  if (swapchain1) {
    IDXGISwapChain2* swapchain2 = nullptr;
    swapchain1->QueryInterface(__uuidof(IDXGISwapChain2), reinterpret_cast<void**>(&swapchain2));
    HANDLE waitable = swapchain2 ? swapchain2->GetFrameLatencyWaitableObject() : nullptr;
    UINT latency = 0;
    check(waitable && SUCCEEDED(swapchain2->GetMaximumFrameLatency(&latency)) && latency == 1,
          "a waitable object with the default latency of 1");
    bool waited = true;
    const float grey[4] = {0.5f, 0.5f, 0.5f, 1};
    for (int frame = 0; frame < 4 && waitable; ++frame) {
      waited &= WaitForSingleObject(waitable, 5000) == WAIT_OBJECT_0;
      waited &= clearAndPresent(device, context, swapchain1, grey, 1) == S_OK;
    }
    check(waited, "four frames, each after the waitable object was signalled");
    check(swapchain2->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL && swapchain2->SetMaximumFrameLatency(2) == S_OK,
          "SetMaximumFrameLatency: 17 refused, 2 accepted");
    HWND hwnd = nullptr;
    check(SUCCEEDED(swapchain1->GetHwnd(&hwnd)) && hwnd == second, "GetHwnd");
    if (waitable)
      CloseHandle(waitable);
    release(swapchain2);
    release(swapchain1);
  }
  testOcclusion(device, context, swapchain, window, factory);
  testBuffersAboveZero(device, context, factory, second);
  testDesktopWindow(device, context, factory);
  testTearing(device, context, factory, second);
  testReleaseInFullscreen(device, factory, second);
  testAltEnter(device, factory);
  testWindowRules(device, context, factory);

  // Sync interval 2 holds each frame for two refresh periods of the window's output (docs/dxgi.md,
  // Frame pacing): ten presents span at least nine such pairs. A lower bound only.
  double refreshHz = 60.0;
  if (SUCCEEDED(swapchain->GetContainingOutput(&output)) && output) {
    DXGI_MODE_DESC request{}, current{};
    request.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    if (SUCCEEDED(output->FindClosestMatchingMode(&request, &current, nullptr)) && current.RefreshRate.Numerator &&
        current.RefreshRate.Denominator)
      refreshHz = double(current.RefreshRate.Numerator) / double(current.RefreshRate.Denominator);
    release(output);
  }
  LARGE_INTEGER frequency{}, begin{}, end{};
  QueryPerformanceFrequency(&frequency);
  QueryPerformanceCounter(&begin);
  presented = true;
  for (int frame = 0; frame < 10; ++frame)
    presented &= clearAndPresent(device, context, swapchain, green, 2) == S_OK;
  QueryPerformanceCounter(&end);
  double elapsed = double(end.QuadPart - begin.QuadPart) / double(frequency.QuadPart);
  std::printf("ten presents at sync interval 2 took %.3f s (output refresh %.2f Hz)\n", elapsed, refreshHz);
  // Periods are whole QueryPerformanceCounter ticks, so a millisecond allows for their rounding.
  check(presented && elapsed >= 9.0 * 2.0 / refreshHz - 0.001, "ten presents at sync interval 2 span at least 18 refresh periods");

  // A 4x multisampled DISCARD swapchain is resolved at Present.
  {
    HWND third = makeWindow(96, 64);
    DXGI_SWAP_CHAIN_DESC msaa = desc;
    msaa.BufferDesc.Width = msaa.BufferDesc.Height = 0;
    msaa.OutputWindow = third;
    msaa.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
    msaa.BufferCount = 1;
    msaa.SampleDesc.Count = 4;
    IDXGIFactory* factory0 = nullptr;
    swapchain->GetParent(__uuidof(IDXGIFactory), reinterpret_cast<void**>(&factory0));
    IDXGISwapChain* msaaChain = nullptr;
    hr = factory0 ? factory0->CreateSwapChain(device, &msaa, &msaaChain) : E_FAIL;
    ID3D11Texture2D* msaaBuffer = nullptr;
    D3D11_TEXTURE2D_DESC msaaDesc{};
    if (msaaChain && SUCCEEDED(msaaChain->GetBuffer(0, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(&msaaBuffer)))) {
      msaaBuffer->GetDesc(&msaaDesc);
      release(msaaBuffer);
    }
    presented = msaaChain != nullptr;
    for (int frame = 0; frame < 3 && msaaChain; ++frame)
      presented &= clearAndPresent(device, context, msaaChain, frame % 2 ? green : red, 1) == S_OK;
    check(hr == S_OK && msaaDesc.SampleDesc.Count == 4 && presented,
          "a 4x multisampled DISCARD swapchain: the buffer has 4 samples, three frames present");
    release(msaaChain);
    release(factory0);
    DestroyWindow(third);
  }

  // After the window is gone, Present fails cleanly instead of crashing.
  DestroyWindow(window);
  pumpMessages();
  check(swapchain->Present(0, 0) == DXGI_ERROR_INVALID_CALL, "Present after DestroyWindow is DXGI_ERROR_INVALID_CALL");

  release(swapchain);
  DestroyWindow(second);
  check(info && info->GetValidationErrorCount() == 0, "no Vulkan validation errors");
  release(info);
  release(factory);
  release(adapter);
  release(dxgiDevice);
  release(context);
  release(device);
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}
