// Integration stress test (issue #29): several devices created, used and released at once from
// several threads: D3D11 devices (immediate and deferred contexts) and D3D10.1 devices (the D3D10
// face), each drawing, mapping dynamic and staging resources, copying, running event, occlusion
// and timestamp queries, and presenting on an X11 window of its thread's own, many rounds over.
// Every pixel read back is checked, and the validation layer (thread-safety checks included) must
// report nothing. Catch2 v2 is not thread-safe, so the threads record failures and the main
// thread reports them.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "d3d10/d3d10_base.h"
#include "draw_test_util.h"
#include "scoped_env.h"
#include "watchdog.h"
#include "x11_window.h"

using util::ComPtr;
using draw_test::Vertex;

namespace {

constexpr UINT kSize = 16;                      // render target: left half colour A, right half B
constexpr UINT kHalfSamples = kSize / 2 * kSize;  // what an occlusion query counts for one half
constexpr unsigned kWindowWidth = 64, kWindowHeight = 48;

// Failures seen by the worker threads, reported by the main thread once they have joined.
class Failures {
public:
  bool check(bool ok, const std::string& what) {
    if (!ok) {
      std::lock_guard lock(m_mutex);
      m_list.push_back(what);
    }
    return ok;
  }
  std::vector<std::string> list() {
    std::lock_guard lock(m_mutex);
    return m_list;
  }

private:
  std::mutex m_mutex;
  std::vector<std::string> m_list;
};

// A colour whose bytes survive UNORM8 exactly, and its texel as stored in RGBA8 (0xAABBGGRR).
struct Color {
  uint8_t r, g, b;
  void floats(float out[4]) const { out[0] = r / 255.0f, out[1] = g / 255.0f, out[2] = b / 255.0f, out[3] = 1.0f; }
  uint32_t texel() const { return 0xff000000u | uint32_t(b) << 16 | uint32_t(g) << 8 | r; }
  uint32_t rgb() const { return uint32_t(r) << 16 | uint32_t(g) << 8 | b; }  // as the X server answers
};

// Distinct per thread, round and use, so a pixel of another thread's device or of an earlier
// round cannot pass for this one's.
Color colorFor(int thread, int round, int which) {
  return Color{uint8_t(0x10 + 0x30 * thread), uint8_t(0x08 + (round * 0x1d) % 0xf0), uint8_t(0x40 + 0x50 * which)};
}

std::string where(int thread, int round, const char* what) {
  return "thread " + std::to_string(thread) + ", round " + std::to_string(round) + ": " + what;
}

int roundsFromEnv(int fallback) {
  const char* value = std::getenv("D3D11VK_STRESS_ROUNDS");
  int rounds = value ? std::atoi(value) : 0;
  return rounds > 0 ? rounds : fallback;
}

// Polls an asynchronous query until it answers (S_OK) or ten seconds have passed.
template <typename Poll>
bool pollUntilDone(Poll poll) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  for (;;) {
    HRESULT hr = poll();
    if (hr == S_OK)
      return true;
    if (hr != S_FALSE || std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::yield();
  }
}

struct Bytecode {
  std::vector<uint8_t> vs = draw_test::bytecode(draw_test::kColorVS);
  std::vector<uint8_t> ps = draw_test::bytecode(draw_test::kConstantPS);
};

const D3D11_INPUT_ELEMENT_DESC kElements11[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0},
};
const D3D10_INPUT_ELEMENT_DESC kElements10[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D10_INPUT_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D10_INPUT_PER_VERTEX_DATA, 0},
};

// One round of a worker thread: a device made, used and released.
struct Round {
  Failures& failures;
  const Bytecode& code;
  test_x11::Window* window;  // null without a display
  int thread, round;

  bool ok(bool condition, const char* what) { return failures.check(condition, where(thread, round, what)); }
  bool ok(HRESULT hr, const char* what) {
    return failures.check(hr == S_OK, where(thread, round, what) + " returned 0x" + hexOf(uint32_t(hr)));
  }
  static std::string hexOf(uint32_t value) {
    char text[16];
    std::snprintf(text, sizeof(text), "%08x", value);
    return text;
  }
  void texelIs(uint32_t got, uint32_t expected, const char* what) {
    failures.check(got == expected, where(thread, round, what) + ": texel 0x" + hexOf(got) + ", expected 0x" + hexOf(expected));
  }

  void runD3D11();
  void runD3D10();
  void deferredHalf(ID3D11Device* device, ID3D11DeviceContext* immediate, ID3D11RenderTargetView* rtv, ID3D11Buffer* vb,
                    ID3D11InputLayout* layout, ID3D11VertexShader* vs, ID3D11PixelShader* ps, ID3D11RasterizerState* raster,
                    ID3D11Texture2D* target, ID3D11Texture2D* copy, Color color);
  void stagingBufferRoundTrip(ID3D11Device* device, ID3D11DeviceContext* context);
  void present11(ID3D11Device* device, ID3D11DeviceContext* context);
  void present10(ID3D10Device1* device);
};

// The state a half-target draw needs, on an immediate or a deferred context.
void bindDraw(ID3D11DeviceContext* context, ID3D11RenderTargetView* rtv, ID3D11Buffer* vb, ID3D11InputLayout* layout,
              ID3D11VertexShader* vs, ID3D11PixelShader* ps, ID3D11RasterizerState* raster, ID3D11Buffer* cb, bool rightHalf) {
  context->OMSetRenderTargets(1, &rtv, nullptr);
  D3D11_VIEWPORT viewport{rightHalf ? float(kSize / 2) : 0.0f, 0, float(kSize / 2), float(kSize), 0, 1};
  context->RSSetViewports(1, &viewport);
  context->RSSetState(raster);
  UINT stride = sizeof(Vertex), offset = 0;
  context->IASetVertexBuffers(0, 1, &vb, &stride, &offset);
  context->IASetInputLayout(layout);
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  context->VSSetShader(vs, nullptr, 0);
  context->PSSetShader(ps, nullptr, 0);
  context->PSSetConstantBuffers(0, 1, &cb);
}

void Round::runD3D11() {
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  if (!ok(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(), nullptr,
                            context.put()),
          "D3D11CreateDevice"))
    return;
  const Color colorA = colorFor(thread, round, 0), colorB = colorFor(thread, round, 1);

  D3D11_TEXTURE2D_DESC texDesc{kSize, kSize, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D11Texture2D> target, copy, staging, region;
  ComPtr<ID3D11RenderTargetView> rtv;
  ok(device->CreateTexture2D(&texDesc, nullptr, target.put()), "CreateTexture2D (target)");
  texDesc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  ok(device->CreateTexture2D(&texDesc, nullptr, copy.put()), "CreateTexture2D (copy)");
  texDesc.Usage = D3D11_USAGE_STAGING;
  texDesc.BindFlags = 0;
  texDesc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ok(device->CreateTexture2D(&texDesc, nullptr, staging.put()), "CreateTexture2D (staging)");
  texDesc.Width = texDesc.Height = 4;
  ok(device->CreateTexture2D(&texDesc, nullptr, region.put()), "CreateTexture2D (staging region)");
  if (!target || !copy || !staging || !region || !ok(device->CreateRenderTargetView(target.get(), nullptr, rtv.put()), "CreateRenderTargetView"))
    return;

  ComPtr<ID3D11VertexShader> vs;
  ComPtr<ID3D11PixelShader> ps;
  ComPtr<ID3D11InputLayout> layout;
  ComPtr<ID3D11RasterizerState> raster;
  D3D11_RASTERIZER_DESC rasterDesc{};
  rasterDesc.FillMode = D3D11_FILL_SOLID;
  rasterDesc.CullMode = D3D11_CULL_NONE;
  rasterDesc.DepthClipEnable = TRUE;
  if (!ok(device->CreateVertexShader(code.vs.data(), code.vs.size(), nullptr, vs.put()), "CreateVertexShader") ||
      !ok(device->CreatePixelShader(code.ps.data(), code.ps.size(), nullptr, ps.put()), "CreatePixelShader") ||
      !ok(device->CreateInputLayout(kElements11, 2, code.vs.data(), code.vs.size(), layout.put()), "CreateInputLayout") ||
      !ok(device->CreateRasterizerState(&rasterDesc, raster.put()), "CreateRasterizerState"))
    return;

  // A dynamic vertex buffer and constant buffer, written through Map(WRITE_DISCARD).
  const UINT vbSize = UINT(draw_test::kQuad.size() * sizeof(Vertex));
  D3D11_BUFFER_DESC vbDesc{vbSize, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  D3D11_BUFFER_DESC cbDesc{16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  ComPtr<ID3D11Buffer> vb, cbA, cbB;
  if (!ok(device->CreateBuffer(&vbDesc, nullptr, vb.put()), "CreateBuffer (vertices)") ||
      !ok(device->CreateBuffer(&cbDesc, nullptr, cbA.put()), "CreateBuffer (cb A)") ||
      !ok(device->CreateBuffer(&cbDesc, nullptr, cbB.put()), "CreateBuffer (cb B)"))
    return;
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (ok(context->Map(vb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped), "Map (vertices, WRITE_DISCARD)")) {
    std::memcpy(mapped.pData, draw_test::kQuad.data(), vbSize);
    context->Unmap(vb.get(), 0);
  }
  if (ok(context->Map(cbA.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped), "Map (cb A, WRITE_DISCARD)")) {
    colorA.floats(static_cast<float*>(mapped.pData));
    context->Unmap(cbA.get(), 0);
  }

  // Queries around the immediate context's draw of the left half.
  ComPtr<ID3D11Query> occlusion, event, disjoint, before, after;
  D3D11_QUERY_DESC queryDesc{D3D11_QUERY_OCCLUSION, 0};
  ok(device->CreateQuery(&queryDesc, occlusion.put()), "CreateQuery (occlusion)");
  queryDesc.Query = D3D11_QUERY_EVENT;
  ok(device->CreateQuery(&queryDesc, event.put()), "CreateQuery (event)");
  queryDesc.Query = D3D11_QUERY_TIMESTAMP_DISJOINT;
  ok(device->CreateQuery(&queryDesc, disjoint.put()), "CreateQuery (timestamp disjoint)");
  queryDesc.Query = D3D11_QUERY_TIMESTAMP;
  ok(device->CreateQuery(&queryDesc, before.put()), "CreateQuery (timestamp)");
  ok(device->CreateQuery(&queryDesc, after.put()), "CreateQuery (timestamp)");
  if (!occlusion || !event || !disjoint || !before || !after)
    return;

  const float black[4] = {0, 0, 0, 1};
  context->ClearRenderTargetView(rtv.get(), black);
  context->Begin(disjoint.get());
  context->End(before.get());
  bindDraw(context.get(), rtv.get(), vb.get(), layout.get(), vs.get(), ps.get(), raster.get(), cbA.get(), false);
  context->Begin(occlusion.get());
  context->Draw(6, 0);
  context->End(occlusion.get());
  // The right half and a copy of the whole target come from a command list.
  deferredHalf(device.get(), context.get(), rtv.get(), vb.get(), layout.get(), vs.get(), ps.get(), raster.get(), target.get(),
               copy.get(), colorB);
  context->End(after.get());
  context->End(disjoint.get());
  context->End(event.get());

  BOOL done = FALSE;
  ok(pollUntilDone([&] { return context->GetData(event.get(), &done, sizeof(done), 0); }) && done, "event query answers TRUE");
  UINT64 samples = 0;
  if (ok(pollUntilDone([&] { return context->GetData(occlusion.get(), &samples, sizeof(samples), 0); }), "occlusion query"))
    failures.check(samples == kHalfSamples, where(thread, round, "occlusion query counts ") + std::to_string(samples) +
                                                 " samples, expected " + std::to_string(kHalfSamples));
  D3D11_QUERY_DATA_TIMESTAMP_DISJOINT clock{};
  UINT64 t0 = 0, t1 = 0;
  if (ok(pollUntilDone([&] { return context->GetData(disjoint.get(), &clock, sizeof(clock), 0); }), "timestamp disjoint query") &&
      ok(pollUntilDone([&] { return context->GetData(before.get(), &t0, sizeof(t0), 0); }), "timestamp query (before)") &&
      ok(pollUntilDone([&] { return context->GetData(after.get(), &t1, sizeof(t1), 0); }), "timestamp query (after)")) {
    ok(clock.Frequency != 0, "timestamp frequency is not zero");
    ok(clock.Disjoint || t1 >= t0, "timestamps increase");
  }

  // Whole target to staging; a 4x4 box straddling the halves from the command list's copy.
  context->CopyResource(staging.get(), target.get());
  D3D11_BOX box{kSize / 2 - 2, 4, 0, kSize / 2 + 2, 8, 1};
  context->CopySubresourceRegion(region.get(), 0, 0, 0, 0, copy.get(), 0, &box);
  if (ok(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map (staging texture, READ)")) {
    auto at = [&](UINT x, UINT y) {
      uint32_t value;
      std::memcpy(&value, static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
      return value;
    };
    texelIs(at(0, 0), colorA.texel(), "left half (immediate draw)");
    texelIs(at(kSize - 1, kSize - 1), colorB.texel(), "right half (command list draw)");
    context->Unmap(staging.get(), 0);
  }
  if (ok(context->Map(region.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map (staging region, READ)")) {
    auto at = [&](UINT x, UINT y) {
      uint32_t value;
      std::memcpy(&value, static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
      return value;
    };
    texelIs(at(1, 0), colorA.texel(), "copied region, left of the middle");
    texelIs(at(2, 3), colorB.texel(), "copied region, right of the middle");
    context->Unmap(region.get(), 0);
  }
  stagingBufferRoundTrip(device.get(), context.get());
  if (window)
    present11(device.get(), context.get());
}

void Round::deferredHalf(ID3D11Device* device, ID3D11DeviceContext* immediate, ID3D11RenderTargetView* rtv, ID3D11Buffer* vb,
                         ID3D11InputLayout* layout, ID3D11VertexShader* vs, ID3D11PixelShader* ps,
                         ID3D11RasterizerState* raster, ID3D11Texture2D* target, ID3D11Texture2D* copy, Color color) {
  ComPtr<ID3D11DeviceContext> deferred;
  if (!ok(device->CreateDeferredContext(0, deferred.put()), "CreateDeferredContext"))
    return;
  D3D11_BUFFER_DESC cbDesc{16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  ComPtr<ID3D11Buffer> cb;
  if (!ok(device->CreateBuffer(&cbDesc, nullptr, cb.put()), "CreateBuffer (deferred cb)"))
    return;
  // A deferred context maps dynamic resources with WRITE_DISCARD only; the data belongs to the list.
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (ok(deferred->Map(cb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped), "Map on a deferred context (WRITE_DISCARD)")) {
    color.floats(static_cast<float*>(mapped.pData));
    deferred->Unmap(cb.get(), 0);
  }
  bindDraw(deferred.get(), rtv, vb, layout, vs, ps, raster, cb.get(), true);
  deferred->Draw(6, 0);
  deferred->CopyResource(copy, target);
  ComPtr<ID3D11CommandList> list;
  if (ok(deferred->FinishCommandList(FALSE, list.put()), "FinishCommandList"))
    immediate->ExecuteCommandList(list.get(), TRUE);
}

// Bytes written through a staging buffer's Map(WRITE) come back after a trip through a default buffer.
void Round::stagingBufferRoundTrip(ID3D11Device* device, ID3D11DeviceContext* context) {
  constexpr UINT kBytes = 256;
  D3D11_BUFFER_DESC desc{kBytes, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ, 0, 0};
  ComPtr<ID3D11Buffer> upload, readback, middle;
  ok(device->CreateBuffer(&desc, nullptr, upload.put()), "CreateBuffer (staging upload)");
  ok(device->CreateBuffer(&desc, nullptr, readback.put()), "CreateBuffer (staging readback)");
  desc = {kBytes, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
  ok(device->CreateBuffer(&desc, nullptr, middle.put()), "CreateBuffer (default)");
  if (!upload || !readback || !middle)
    return;
  std::vector<uint8_t> pattern(kBytes);
  for (UINT i = 0; i < kBytes; ++i)
    pattern[i] = uint8_t(i * 7 + thread * 31 + round);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (!ok(context->Map(upload.get(), 0, D3D11_MAP_WRITE, 0, &mapped), "Map (staging buffer, WRITE)"))
    return;
  std::memcpy(mapped.pData, pattern.data(), kBytes);
  context->Unmap(upload.get(), 0);
  context->CopyResource(middle.get(), upload.get());
  D3D11_BOX half{kBytes / 2, 0, 0, kBytes, 1, 1};
  context->CopySubresourceRegion(readback.get(), 0, 0, 0, 0, middle.get(), 0, &half);
  D3D11_BOX lower{0, 0, 0, kBytes / 2, 1, 1};
  context->CopySubresourceRegion(readback.get(), 0, kBytes / 2, 0, 0, middle.get(), 0, &lower);
  if (!ok(context->Map(readback.get(), 0, D3D11_MAP_READ, 0, &mapped), "Map (staging buffer, READ)"))
    return;
  const uint8_t* bytes = static_cast<const uint8_t*>(mapped.pData);
  // The upper half first, then the lower half.
  ok(std::memcmp(bytes, pattern.data() + kBytes / 2, kBytes / 2) == 0 &&
         std::memcmp(bytes + kBytes / 2, pattern.data(), kBytes / 2) == 0,
     "staging buffer round trip keeps its bytes");
  context->Unmap(readback.get(), 0);
}

void Round::present11(ID3D11Device* device, ID3D11DeviceContext* context) {
  ComPtr<IDXGIFactory2> factory;
  if (!ok(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()), "CreateDXGIFactory2"))
    return;
  DXGI_SWAP_CHAIN_DESC1 desc{};
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;  // width and height 0: the window's size
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 2;
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
  ComPtr<IDXGISwapChain1> swapchain;
  if (!ok(factory->CreateSwapChainForHwnd(device, reinterpret_cast<HWND>(window->id()), &desc, nullptr, nullptr, swapchain.put()),
          "CreateSwapChainForHwnd"))
    return;
  Color last{};
  for (int frame = 0; frame < 3; ++frame) {
    ComPtr<ID3D11Texture2D> buffer;
    ComPtr<ID3D11RenderTargetView> view;
    if (!ok(swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()), "GetBuffer") ||
        !ok(device->CreateRenderTargetView(buffer.get(), nullptr, view.put()), "CreateRenderTargetView (back buffer)"))
      return;
    last = colorFor(thread, round, 2 + frame);
    float color[4];
    last.floats(color);
    context->ClearRenderTargetView(view.get(), color);
    ok(swapchain->Present(0, 0), "Present (D3D11)");
  }
  UINT count = 0;
  ok(swapchain->GetLastPresentCount(&count) == S_OK && count == 3, "GetLastPresentCount is 3");
  const uint32_t shown = window->pixelOnceShown(5, 5, last.rgb());
  failures.check(shown == last.rgb(), where(thread, round, "the window shows the last D3D11 frame: 0x") + hexOf(shown) +
                                          ", expected 0x" + hexOf(last.rgb()));
}

void Round::runD3D10() {
  ComPtr<ID3D10Device1> device;
  if (!ok(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_1, D3D10_1_SDK_VERSION,
                             device.put()),
          "D3D10CreateDevice1"))
    return;
  // The same object answers as a Direct3D 11 device at the level it was made for.
  auto device11 = device.query<ID3D11Device>();
  ok(device11 && device11->GetFeatureLevel() == D3D_FEATURE_LEVEL_10_1, "the D3D10.1 device's D3D11 face is at 10_1");
  const Color colorA = colorFor(thread, round, 0), colorB = colorFor(thread, round, 1);

  D3D10_TEXTURE2D_DESC texDesc{kSize, kSize, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D10_USAGE_DEFAULT,
                               D3D10_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D10Texture2D> target, region;
  ComPtr<ID3D10RenderTargetView> rtv;
  ok(device->CreateTexture2D(&texDesc, nullptr, target.put()), "CreateTexture2D (D3D10 target)");
  texDesc.Width = texDesc.Height = 4;
  texDesc.Usage = D3D10_USAGE_STAGING;
  texDesc.BindFlags = 0;
  texDesc.CPUAccessFlags = D3D10_CPU_ACCESS_READ;
  ok(device->CreateTexture2D(&texDesc, nullptr, region.put()), "CreateTexture2D (D3D10 staging)");
  if (!target || !region || !ok(device->CreateRenderTargetView(target.get(), nullptr, rtv.put()), "CreateRenderTargetView (D3D10)"))
    return;
  ComPtr<ID3D10VertexShader> vs;
  ComPtr<ID3D10PixelShader> ps;
  ComPtr<ID3D10InputLayout> layout;
  ComPtr<ID3D10RasterizerState> raster;
  D3D10_RASTERIZER_DESC rasterDesc{};
  rasterDesc.FillMode = D3D10_FILL_SOLID;
  rasterDesc.CullMode = D3D10_CULL_NONE;
  rasterDesc.DepthClipEnable = TRUE;
  if (!ok(device->CreateVertexShader(code.vs.data(), code.vs.size(), vs.put()), "CreateVertexShader (D3D10)") ||
      !ok(device->CreatePixelShader(code.ps.data(), code.ps.size(), ps.put()), "CreatePixelShader (D3D10)") ||
      !ok(device->CreateInputLayout(kElements10, 2, code.vs.data(), code.vs.size(), layout.put()), "CreateInputLayout (D3D10)") ||
      !ok(device->CreateRasterizerState(&rasterDesc, raster.put()), "CreateRasterizerState (D3D10)"))
    return;
  const UINT vbSize = UINT(draw_test::kQuad.size() * sizeof(Vertex));
  D3D10_BUFFER_DESC vbDesc{vbSize, D3D10_USAGE_IMMUTABLE, D3D10_BIND_VERTEX_BUFFER, 0, 0};
  D3D10_SUBRESOURCE_DATA vbData{draw_test::kQuad.data(), 0, 0};
  D3D10_BUFFER_DESC cbDesc{16, D3D10_USAGE_DYNAMIC, D3D10_BIND_CONSTANT_BUFFER, D3D10_CPU_ACCESS_WRITE, 0};
  ComPtr<ID3D10Buffer> vb, cb;
  if (!ok(device->CreateBuffer(&vbDesc, &vbData, vb.put()), "CreateBuffer (D3D10 vertices)") ||
      !ok(device->CreateBuffer(&cbDesc, nullptr, cb.put()), "CreateBuffer (D3D10 cb)"))
    return;
  ComPtr<ID3D10Query> occlusion, event, disjoint, before, after;
  D3D10_QUERY_DESC queryDesc{D3D10_QUERY_OCCLUSION, 0};
  ok(device->CreateQuery(&queryDesc, occlusion.put()), "CreateQuery (D3D10 occlusion)");
  queryDesc.Query = D3D10_QUERY_EVENT;
  ok(device->CreateQuery(&queryDesc, event.put()), "CreateQuery (D3D10 event)");
  queryDesc.Query = D3D10_QUERY_TIMESTAMP_DISJOINT;
  ok(device->CreateQuery(&queryDesc, disjoint.put()), "CreateQuery (D3D10 timestamp disjoint)");
  queryDesc.Query = D3D10_QUERY_TIMESTAMP;
  ok(device->CreateQuery(&queryDesc, before.put()), "CreateQuery (D3D10 timestamp)");
  ok(device->CreateQuery(&queryDesc, after.put()), "CreateQuery (D3D10 timestamp)");
  if (!occlusion || !event || !disjoint || !before || !after)
    return;

  const float black[4] = {0, 0, 0, 1};
  device->ClearRenderTargetView(rtv.get(), black);
  ID3D10RenderTargetView* targets[] = {rtv.get()};
  device->OMSetRenderTargets(1, targets, nullptr);
  device->RSSetState(raster.get());
  ID3D10Buffer* vbs[] = {vb.get()};
  UINT stride = sizeof(Vertex), offset = 0;
  device->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  device->IASetInputLayout(layout.get());
  device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  device->VSSetShader(vs.get());
  device->PSSetShader(ps.get());
  ID3D10Buffer* cbs[] = {cb.get()};
  device->PSSetConstantBuffers(0, 1, cbs);
  disjoint->Begin();
  before->End();
  // Each half gets its colour through Map(WRITE_DISCARD): the first draw keeps the first data.
  for (int half = 0; half < 2; ++half) {
    void* data = nullptr;
    if (ok(cb->Map(D3D10_MAP_WRITE_DISCARD, 0, &data), "ID3D10Buffer::Map (WRITE_DISCARD)")) {
      (half ? colorB : colorA).floats(static_cast<float*>(data));
      cb->Unmap();
    }
    D3D10_VIEWPORT viewport{half ? INT(kSize / 2) : 0, 0, kSize / 2, kSize, 0, 1};
    device->RSSetViewports(1, &viewport);
    if (half)
      occlusion->Begin();
    device->Draw(6, 0);
    if (half)
      occlusion->End();
  }
  after->End();
  disjoint->End();
  event->End();
  BOOL done = FALSE;
  ok(pollUntilDone([&] { return event->GetData(&done, sizeof(done), 0); }) && done, "D3D10 event query answers TRUE");
  UINT64 samples = 0;
  if (ok(pollUntilDone([&] { return occlusion->GetData(&samples, sizeof(samples), 0); }), "D3D10 occlusion query"))
    failures.check(samples == kHalfSamples, where(thread, round, "D3D10 occlusion query counts ") + std::to_string(samples) +
                                                 " samples, expected " + std::to_string(kHalfSamples));
  D3D10_QUERY_DATA_TIMESTAMP_DISJOINT clock{};
  UINT64 t0 = 0, t1 = 0;
  if (ok(pollUntilDone([&] { return disjoint->GetData(&clock, sizeof(clock), 0); }), "D3D10 timestamp disjoint query") &&
      ok(pollUntilDone([&] { return before->GetData(&t0, sizeof(t0), 0); }), "D3D10 timestamp query (before)") &&
      ok(pollUntilDone([&] { return after->GetData(&t1, sizeof(t1), 0); }), "D3D10 timestamp query (after)")) {
    ok(clock.Frequency != 0, "D3D10 timestamp frequency is not zero");
    ok(clock.Disjoint || t1 >= t0, "D3D10 timestamps increase");
  }
  D3D10_BOX box{kSize / 2 - 2, 4, 0, kSize / 2 + 2, 8, 1};
  device->CopySubresourceRegion(region.get(), 0, 0, 0, 0, target.get(), 0, &box);
  D3D10_MAPPED_TEXTURE2D mapped{};
  if (ok(region->Map(0, D3D10_MAP_READ, 0, &mapped), "ID3D10Texture2D::Map (READ)")) {
    auto at = [&](UINT x, UINT y) {
      uint32_t value;
      std::memcpy(&value, static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
      return value;
    };
    texelIs(at(0, 0), colorA.texel(), "D3D10 region, left of the middle");
    texelIs(at(3, 3), colorB.texel(), "D3D10 region, right of the middle");
    region->Unmap(0);
  }
  if (window)
    present10(device.get());
}

void Round::present10(ID3D10Device1* device) {
  ComPtr<IDXGIFactory1> factory;
  if (!ok(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()), "CreateDXGIFactory1"))
    return;
  DXGI_SWAP_CHAIN_DESC desc{};
  desc.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;  // width and height 0: the window's size
  desc.SampleDesc.Count = 1;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
  desc.BufferCount = 1;
  desc.OutputWindow = reinterpret_cast<HWND>(window->id());
  desc.Windowed = TRUE;
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  ComPtr<IDXGISwapChain> swapchain;
  if (!ok(factory->CreateSwapChain(device, &desc, swapchain.put()), "CreateSwapChain (D3D10)"))
    return;
  ComPtr<ID3D10Texture2D> buffer;
  ComPtr<ID3D10RenderTargetView> view;
  if (!ok(swapchain->GetBuffer(0, __uuidof(ID3D10Texture2D), buffer.putVoid()), "GetBuffer (D3D10)") ||
      !ok(device->CreateRenderTargetView(buffer.get(), nullptr, view.put()), "CreateRenderTargetView (D3D10 back buffer)"))
    return;
  const Color color = colorFor(thread, round, 2);
  float value[4];
  color.floats(value);
  device->ClearRenderTargetView(view.get(), value);
  ok(swapchain->Present(0, 0), "Present (D3D10)");
  const uint32_t shown = window->pixelOnceShown(5, 5, color.rgb());
  failures.check(shown == color.rgb(), where(thread, round, "the window shows the D3D10 frame: 0x") + hexOf(shown) +
                                           ", expected 0x" + hexOf(color.rgb()));
}

// The process's validation error count, read through a device of its own.
UINT validationErrors() {
  ComPtr<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(), nullptr,
                            nullptr) == S_OK);
  auto info = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  return info->GetValidationErrorCount();
}

}  // namespace

TEST_CASE("devices made, used and released at once from four threads, D3D11 and D3D10.1 alike", "[stress]") {
  constexpr int kThreads = 4;
  const int rounds = roundsFromEnv(16);  // about 15 s in the ASan build; D3D11VK_STRESS_ROUNDS for longer hunts
  test::Watchdog watchdog("multi-device stress", 600);
  const Bytecode code;
  const UINT errorsBefore = validationErrors();
  // Every device of this executable loads and saves one disk pipeline cache file, and devices
  // released on several threads at once save it at once: a folder of the test's own.
  char folderTemplate[] = "/tmp/d3d11vk-stress-cache.XXXXXX";
  REQUIRE(mkdtemp(folderTemplate));
  const std::filesystem::path cacheFolder = folderTemplate;
  test::ScopedEnv cachePath("D3D11VK_PIPELINE_CACHE_PATH", folderTemplate);

  // Windows are made here: each thread then uses its own window (and that window's own X
  // connection) alone.
  std::vector<std::unique_ptr<test_x11::Window>> windows;
  for (int t = 0; t < kThreads; ++t) {
    windows.push_back(std::make_unique<test_x11::Window>(kWindowWidth, kWindowHeight));
    // Side by side: the X server keeps no contents for an obscured part of a window, so windows
    // stacked on one another would read back as background.
    windows.back()->move(t * int(kWindowWidth + 16), 0);
    if (!windows.back()->ok()) {
      WARN("no swapchains: " << windows.back()->why());
      windows.back().reset();
    }
  }

  Failures failures;
  std::atomic<int> completed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int r = 0; r < rounds; ++r) {
        Round round{failures, code, windows[size_t(t)].get(), t, r};
        // Threads alternate, and change API every round: at any moment both kinds are alive.
        if ((t + r) % 2 == 0)
          round.runD3D11();
        else
          round.runD3D10();
        completed.fetch_add(1);
      }
    });
  }
  for (auto& thread : threads)
    thread.join();

  for (const std::string& failure : failures.list())
    FAIL_CHECK(failure);
  CHECK(completed.load() == kThreads * rounds);
  CHECK(validationErrors() == errorsBefore);
  // One cache file, and no temporary file left behind by saves that met.
  int caches = 0, others = 0;
  for (const auto& entry : std::filesystem::directory_iterator(cacheFolder))
    (entry.path().extension() == ".vkpipelinecache" && entry.file_size() > 32 ? caches : others)++;
  CHECK(caches == 1);
  CHECK(others == 0);
  std::filesystem::remove_all(cacheFolder);
}
