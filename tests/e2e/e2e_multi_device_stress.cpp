// End-to-end under Wine (issue #29): the two-devices-two-threads case as a stress test. One thread
// makes, uses and releases a D3D10.1 device (through our d3d10_1.dll) and another a D3D11 device
// at the same time, round after round, each with a window of its own and a swapchain on it: draws
// with vertices written through Map, a deferred command list (D3D11), event and occlusion queries,
// copies to staging textures read back with Map, Present, then everything released and the window
// destroyed, as Wine's Direct2D tests do on two threads. A host Vulkan call that faults shows up
// as winevulkan's "Assertion failed: !status" (the runner's stderr) and a non-zero exit.
// Prints FAIL lines, a summary per thread and "N passed, N failed"; exits non-zero on a failure.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../common/color_shaders.h"
#include "d3d10/d3d10_base.h"
#include "d3d11vk/d3d11vk_device_info.h"
#include "dxbc/assembler.h"
#include "util/com_ptr.h"

using util::ComPtr;

namespace {

constexpr UINT kSize = 32;
constexpr wchar_t kWindowClass[] = L"d3d11vk-e2e-stress";

std::atomic<int> g_passed{0}, g_failed{0};
std::mutex g_printMutex;

// Only failures are printed one by one: a passing run makes thousands of checks.
bool check(bool ok, int thread, int round, const char* what) {
  if (ok) {
    g_passed++;
  } else {
    g_failed++;
    std::lock_guard lock(g_printMutex);
    std::printf("FAIL: thread %d, round %d: %s\n", thread, round, what);
    std::fflush(stdout);
  }
  return ok;
}

struct Vertex {
  float x, y, r, g, b, a;
};

// A full-target quad in `color`: the interpolated-colour pixel shader paints it flat.
void quad(Vertex out[6], const float color[4]) {
  const float corners[6][2] = {{-1, -1}, {-1, 1}, {1, 1}, {-1, -1}, {1, 1}, {1, -1}};
  for (int i = 0; i < 6; ++i)
    out[i] = {corners[i][0], corners[i][1], color[0], color[1], color[2], color[3]};
}

// BGRA8 as stored (0xAARRGGBB) of a colour whose channels are multiples of 1/255.
UINT texelOf(const float color[4]) {
  auto byte = [](float value) { return UINT(value * 255.0f + 0.5f); };
  return byte(color[3]) << 24 | byte(color[0]) << 16 | byte(color[1]) << 8 | byte(color[2]);
}

void colorFor(int thread, int round, float out[4]) {
  out[0] = float(0x20 + 0x60 * thread) / 255.0f;
  out[1] = float((round * 37) % 256) / 255.0f;
  out[2] = float(0x80) / 255.0f;
  out[3] = 1.0f;
}

int roundsFromEnv() {
  char value[16] = {};
  int rounds = GetEnvironmentVariableA("D3D11VK_STRESS_ROUNDS", value, sizeof(value)) ? std::atoi(value) : 0;
  return rounds > 0 ? rounds : 40;
}

HWND makeWindow(int thread) {
  HWND window = CreateWindowW(kWindowClass, L"d3d11vk stress", WS_OVERLAPPEDWINDOW | WS_VISIBLE, thread * 120, 0, 100, 100,
                              nullptr, nullptr, GetModuleHandleW(nullptr), nullptr);
  return window;
}

// The window's thread answers its messages, as an application's would between frames.
void pumpMessages() {
  MSG message;
  while (PeekMessageW(&message, nullptr, 0, 0, PM_REMOVE)) {
    TranslateMessage(&message);
    DispatchMessageW(&message);
  }
}

DXGI_SWAP_CHAIN_DESC swapChainDesc(HWND window, bool flip) {
  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Width = kSize;
  desc.BufferDesc.Height = kSize;
  desc.BufferDesc.Format = DXGI_FORMAT_B8G8R8A8_UNORM;  // Direct2D's format
  desc.SampleDesc = {1, 0};
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = flip ? 2 : 1;
  desc.OutputWindow = window;
  desc.Windowed = TRUE;
  desc.SwapEffect = flip ? DXGI_SWAP_EFFECT_FLIP_DISCARD : DXGI_SWAP_EFFECT_DISCARD;
  return desc;
}

// Polls an asynchronous query until it answers (S_OK) or ten seconds have passed: the first
// round compiles its pipelines, which takes long under the validation layer.
template <typename Poll>
bool pollUntilDone(Poll poll) {
  const ULONGLONG deadline = GetTickCount64() + 10000;
  for (;;) {
    HRESULT hr = poll();
    if (hr == S_OK)
      return true;
    if (hr != S_FALSE || GetTickCount64() > deadline)
      return false;
    Sleep(0);
  }
}

struct Shaders {
  std::vector<uint8_t> vs = dxbc::assemble(test_shaders::kColorVS).write();
  std::vector<uint8_t> ps = dxbc::assemble(test_shaders::kColorPS).write();
};

using CreateDevice1Proc = HRESULT(WINAPI*)(IDXGIAdapter*, D3D10_DRIVER_TYPE, HMODULE, UINT, D3D10_FEATURE_LEVEL1, UINT,
                                           ID3D10Device1**);

// One round on the D3D10.1 thread: the back buffer drawn through ID3D10Device1, queried, copied,
// read back and presented.
void roundD3D10(CreateDevice1Proc create, const Shaders& code, int thread, int round) {
  HWND window = makeWindow(thread);
  ComPtr<ID3D10Device1> device;
  if (!check(create(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, D3D10_CREATE_DEVICE_BGRA_SUPPORT, D3D10_FEATURE_LEVEL_10_1,
                    D3D10_1_SDK_VERSION, device.put()) == S_OK,
             thread, round, "D3D10CreateDevice1")) {
    DestroyWindow(window);
    return;
  }
  // A multi-threaded Direct2D factory turns the device's own locking on.
  if (auto multithread = device.query<ID3D10Multithread>())
    multithread->SetMultithreadProtected(TRUE);
  ComPtr<IDXGIFactory1> factory;
  ComPtr<IDXGISwapChain> swapchain;
  DXGI_SWAP_CHAIN_DESC desc = swapChainDesc(window, round % 2 == 0);
  check(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK &&
            factory->CreateSwapChain(device.get(), &desc, swapchain.put()) == S_OK,
        thread, round, "CreateSwapChain with the D3D10.1 device");
  ComPtr<ID3D10Texture2D> backBuffer, staging;
  ComPtr<ID3D10RenderTargetView> rtv;
  ComPtr<ID3D10VertexShader> vs;
  ComPtr<ID3D10PixelShader> ps;
  ComPtr<ID3D10InputLayout> layout;
  ComPtr<ID3D10Buffer> vb;
  const D3D10_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D10_INPUT_PER_VERTEX_DATA, 0},
  };
  D3D10_BUFFER_DESC vbDesc{6 * sizeof(Vertex), D3D10_USAGE_DYNAMIC, D3D10_BIND_VERTEX_BUFFER, D3D10_CPU_ACCESS_WRITE, 0};
  D3D10_TEXTURE2D_DESC stagingDesc{kSize, kSize, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0}, D3D10_USAGE_STAGING, 0,
                                   D3D10_CPU_ACCESS_READ, 0};
  if (!swapchain || !check(swapchain->GetBuffer(0, __uuidof(ID3D10Texture2D), backBuffer.putVoid()) == S_OK &&
                               device->CreateRenderTargetView(backBuffer.get(), nullptr, rtv.put()) == S_OK &&
                               device->CreateVertexShader(code.vs.data(), code.vs.size(), vs.put()) == S_OK &&
                               device->CreatePixelShader(code.ps.data(), code.ps.size(), ps.put()) == S_OK &&
                               device->CreateInputLayout(elements, 2, code.vs.data(), code.vs.size(), layout.put()) == S_OK &&
                               device->CreateBuffer(&vbDesc, nullptr, vb.put()) == S_OK &&
                               device->CreateTexture2D(&stagingDesc, nullptr, staging.put()) == S_OK,
                           thread, round, "D3D10 resources, shaders and views")) {
    swapchain.reset();
    device.reset();
    DestroyWindow(window);
    return;
  }
  float color[4];
  colorFor(thread, round, color);
  void* data = nullptr;
  if (check(vb->Map(D3D10_MAP_WRITE_DISCARD, 0, &data) == S_OK, thread, round, "ID3D10Buffer::Map(WRITE_DISCARD)")) {
    quad(static_cast<Vertex*>(data), color);
    vb->Unmap();
  }
  D3D10_QUERY_DESC queryDesc{D3D10_QUERY_OCCLUSION, 0};
  ComPtr<ID3D10Query> occlusion, event;
  device->CreateQuery(&queryDesc, occlusion.put());
  queryDesc.Query = D3D10_QUERY_EVENT;
  device->CreateQuery(&queryDesc, event.put());
  const float black[4] = {0, 0, 0, 1};
  ID3D10RenderTargetView* targets[] = {rtv.get()};
  device->ClearRenderTargetView(rtv.get(), black);
  device->OMSetRenderTargets(1, targets, nullptr);
  D3D10_VIEWPORT viewport{0, 0, kSize, kSize, 0, 1};
  device->RSSetViewports(1, &viewport);
  device->IASetInputLayout(layout.get());
  device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D10Buffer* vbs[] = {vb.get()};
  UINT stride = sizeof(Vertex), offset = 0;
  device->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  device->VSSetShader(vs.get());
  device->PSSetShader(ps.get());
  if (occlusion)
    occlusion->Begin();
  device->Draw(6, 0);
  if (occlusion)
    occlusion->End();
  if (event)
    event->End();
  UINT64 samples = 0;
  BOOL done = FALSE;
  const bool answered = occlusion && pollUntilDone([&] { return occlusion->GetData(&samples, sizeof(samples), 0); });
  const std::string what = "D3D10 occlusion query counts the whole target (" +
                           (answered ? std::to_string(samples) + " samples" : std::string("no answer")) + ")";
  check(answered && samples == kSize * kSize, thread, round, what.c_str());
  check(event && pollUntilDone([&] { return event->GetData(&done, sizeof(done), 0); }) && done, thread, round,
        "D3D10 event query");
  device->CopyResource(staging.get(), backBuffer.get());
  D3D10_MAPPED_TEXTURE2D mapped{};
  if (check(staging->Map(0, D3D10_MAP_READ, 0, &mapped) == S_OK, thread, round, "ID3D10Texture2D::Map(READ)")) {
    UINT first, last;
    std::memcpy(&first, mapped.pData, 4);
    std::memcpy(&last, static_cast<uint8_t*>(mapped.pData) + (kSize - 1) * mapped.RowPitch + (kSize - 1) * 4, 4);
    check(first == texelOf(color) && last == texelOf(color), thread, round, "D3D10 back buffer reads back the quad's colour");
    staging->Unmap(0);
  }
  device->OMSetRenderTargets(0, nullptr, nullptr);
  check(swapchain->Present(0, 0) == S_OK, thread, round, "Present (D3D10.1 device)");
  pumpMessages();
  rtv.reset();
  backBuffer.reset();
  swapchain.reset();
  device->ClearState();
  device->Flush();
  vs.reset(), ps.reset(), layout.reset(), vb.reset(), staging.reset(), occlusion.reset(), event.reset();
  check(device.get()->Release() == 0, thread, round, "the D3D10.1 device's last reference is released");
  device.detach();
  DestroyWindow(window);
  pumpMessages();
}

// One round on the D3D11 thread: the same through ID3D11DeviceContext, with the draw recorded on
// a deferred context and executed on the immediate one.
void roundD3D11(const Shaders& code, int thread, int round) {
  HWND window = makeWindow(thread);
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1};
  if (!check(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_BGRA_SUPPORT, levels, 2,
                               D3D11_SDK_VERSION, device.put(), nullptr, context.put()) == S_OK,
             thread, round, "D3D11CreateDevice")) {
    DestroyWindow(window);
    return;
  }
  ComPtr<IDXGIFactory1> factory;
  ComPtr<IDXGISwapChain> swapchain;
  DXGI_SWAP_CHAIN_DESC desc = swapChainDesc(window, round % 2 == 1);
  check(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK &&
            factory->CreateSwapChain(device.get(), &desc, swapchain.put()) == S_OK,
        thread, round, "CreateSwapChain with the D3D11 device");
  ComPtr<ID3D11Texture2D> backBuffer, staging;
  ComPtr<ID3D11RenderTargetView> rtv;
  ComPtr<ID3D11VertexShader> vs;
  ComPtr<ID3D11PixelShader> ps;
  ComPtr<ID3D11InputLayout> layout;
  ComPtr<ID3D11Buffer> vb;
  ComPtr<ID3D11DeviceContext> deferred;
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
  };
  D3D11_BUFFER_DESC vbDesc{6 * sizeof(Vertex), D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  D3D11_TEXTURE2D_DESC stagingDesc{kSize, kSize, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0}, D3D11_USAGE_STAGING, 0,
                                   D3D11_CPU_ACCESS_READ, 0};
  if (!swapchain || !check(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), backBuffer.putVoid()) == S_OK &&
                               device->CreateRenderTargetView(backBuffer.get(), nullptr, rtv.put()) == S_OK &&
                               device->CreateVertexShader(code.vs.data(), code.vs.size(), nullptr, vs.put()) == S_OK &&
                               device->CreatePixelShader(code.ps.data(), code.ps.size(), nullptr, ps.put()) == S_OK &&
                               device->CreateInputLayout(elements, 2, code.vs.data(), code.vs.size(), layout.put()) == S_OK &&
                               device->CreateBuffer(&vbDesc, nullptr, vb.put()) == S_OK &&
                               device->CreateTexture2D(&stagingDesc, nullptr, staging.put()) == S_OK &&
                               device->CreateDeferredContext(0, deferred.put()) == S_OK,
                           thread, round, "D3D11 resources, shaders, views and a deferred context")) {
    swapchain.reset();
    DestroyWindow(window);
    return;
  }
  // Direct2D draws in a context state of its own and swaps the application's back afterwards.
  auto device1 = device.query<ID3D11Device1>();
  auto context1 = context.query<ID3D11DeviceContext1>();
  ComPtr<ID3DDeviceContextState> ownState, appState;
  const D3D_FEATURE_LEVEL stateLevels[] = {D3D_FEATURE_LEVEL_11_0};
  if (check(device1 && context1 &&
                device1->CreateDeviceContextState(0, stateLevels, 1, D3D11_SDK_VERSION, __uuidof(ID3D11Device1), nullptr,
                                                  ownState.put()) == S_OK,
            thread, round, "CreateDeviceContextState"))
    context1->SwapDeviceContextState(ownState.get(), appState.put());
  float color[4];
  colorFor(thread, round, color);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (check(context->Map(vb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK, thread, round, "Map(WRITE_DISCARD)")) {
    quad(static_cast<Vertex*>(mapped.pData), color);
    context->Unmap(vb.get(), 0);
  }
  const float black[4] = {0, 0, 0, 1};
  context->ClearRenderTargetView(rtv.get(), black);
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  deferred->OMSetRenderTargets(1, targets, nullptr);
  D3D11_VIEWPORT viewport{0, 0, kSize, kSize, 0, 1};
  deferred->RSSetViewports(1, &viewport);
  deferred->IASetInputLayout(layout.get());
  deferred->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D11Buffer* vbs[] = {vb.get()};
  UINT stride = sizeof(Vertex), offset = 0;
  deferred->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  deferred->VSSetShader(vs.get(), nullptr, 0);
  deferred->PSSetShader(ps.get(), nullptr, 0);
  deferred->Draw(6, 0);
  ComPtr<ID3D11CommandList> list;
  D3D11_QUERY_DESC queryDesc{D3D11_QUERY_OCCLUSION, 0};
  ComPtr<ID3D11Query> occlusion, event;
  device->CreateQuery(&queryDesc, occlusion.put());
  queryDesc.Query = D3D11_QUERY_EVENT;
  device->CreateQuery(&queryDesc, event.put());
  if (check(deferred->FinishCommandList(FALSE, list.put()) == S_OK && occlusion && event, thread, round,
            "FinishCommandList and queries")) {
    context->Begin(occlusion.get());
    context->ExecuteCommandList(list.get(), FALSE);
    context->End(occlusion.get());
    context->End(event.get());
    UINT64 samples = 0;
    BOOL done = FALSE;
    const bool answered = pollUntilDone([&] { return context->GetData(occlusion.get(), &samples, sizeof(samples), 0); });
    const std::string what = "occlusion query counts the command list's quad (" +
                             (answered ? std::to_string(samples) + " samples" : std::string("no answer")) + ")";
    check(answered && samples == kSize * kSize, thread, round, what.c_str());
    check(pollUntilDone([&] { return context->GetData(event.get(), &done, sizeof(done), 0); }) && done, thread, round,
          "event query");
  }
  context->CopyResource(staging.get(), backBuffer.get());
  if (check(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK, thread, round, "Map(READ)")) {
    UINT first, last;
    std::memcpy(&first, mapped.pData, 4);
    std::memcpy(&last, static_cast<uint8_t*>(mapped.pData) + (kSize - 1) * mapped.RowPitch + (kSize - 1) * 4, 4);
    check(first == texelOf(color) && last == texelOf(color), thread, round, "D3D11 back buffer reads back the quad's colour");
    context->Unmap(staging.get(), 0);
  }
  if (appState)
    context1->SwapDeviceContextState(appState.get(), nullptr);
  check(swapchain->Present(0, 0) == S_OK, thread, round, "Present (D3D11 device)");
  pumpMessages();
  ownState.reset(), appState.reset(), context1.reset(), device1.reset();
  context->ClearState();
  context->Flush();
  list.reset(), deferred.reset(), rtv.reset(), backBuffer.reset(), swapchain.reset();
  vs.reset(), ps.reset(), layout.reset(), vb.reset(), staging.reset(), occlusion.reset(), event.reset();
  context.reset();
  check(device.get()->Release() == 0, thread, round, "the D3D11 device's last reference is released");
  device.detach();
  DestroyWindow(window);
  pumpMessages();
}

// A crash prints one line and exits at once: under Wine an unhandled exception would otherwise
// start the debugger and the test would hang until its timeout.
LONG WINAPI onCrash(EXCEPTION_POINTERS* exception) {
  std::printf("FAIL: unhandled exception 0x%08lx at %p\n", exception->ExceptionRecord->ExceptionCode,
              exception->ExceptionRecord->ExceptionAddress);
  std::printf("%d passed, %d failed\n", g_passed.load(), g_failed.load() + 1);
  std::fflush(stdout);
  ExitProcess(3);
}

}  // namespace

int main() {
  SetUnhandledExceptionFilter(onCrash);
  HMODULE d3d10 = LoadLibraryA("d3d10_1.dll");
  auto create = d3d10 ? reinterpret_cast<CreateDevice1Proc>(reinterpret_cast<void*>(GetProcAddress(d3d10, "D3D10CreateDevice1")))
                      : nullptr;
  if (!create) {
    std::printf("FAIL: d3d10_1.dll does not export D3D10CreateDevice1\n0 passed, 1 failed\n");
    return 1;
  }
  WNDCLASSW windowClass{};
  windowClass.lpfnWndProc = DefWindowProcW;
  windowClass.hInstance = GetModuleHandleW(nullptr);
  windowClass.lpszClassName = kWindowClass;
  RegisterClassW(&windowClass);

  // Proof that our DLLs serve both APIs (Wine's own d3d11 answers no ID3D11VkDeviceInfo).
  {
    ComPtr<ID3D10Device1> device;
    create(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_1, D3D10_1_SDK_VERSION, device.put());
    auto info = device ? device.query<ID3D11VkDeviceInfo>() : ComPtr<ID3D11VkDeviceInfo>();
    if (!check(info && std::strstr(info->GetImplementationName(), "d3d11vk"), -1, -1, "the D3D10.1 device is d3d11vk's")) {
      std::printf("%d passed, %d failed\n", g_passed.load(), g_failed.load());
      return 1;
    }
  }

  const Shaders code;
  const int rounds = roundsFromEnv();
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (int r = 0; r < rounds; ++r) {
        if (t == 0)
          roundD3D10(create, code, t, r);
        else
          roundD3D11(code, t, r);
      }
      std::lock_guard lock(g_printMutex);
      std::printf("thread %d (%s): %d rounds done\n", t, t == 0 ? "D3D10.1" : "D3D11", rounds);
      std::fflush(stdout);
    });
  }
  for (auto& thread : threads)
    thread.join();
  std::printf("%d passed, %d failed\n", g_passed.load(), g_failed.load());
  return g_failed == 0 ? 0 : 1;
}
