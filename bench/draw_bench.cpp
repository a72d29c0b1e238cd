// Draw-call cost through the public D3D11 API (no state change, a constant-buffer discard per draw, a pixel-shader and SRV change per draw, and the discard pattern recorded through one deferred context and through four in parallel, then executed); builds natively and as a Windows exe.
// One "name value" line per figure, so run-draw-bench.sh can set d3d11vk beside Wine's built-in
// d3d11 and the raw-Vulkan floor (vk_draw_floor). A failed call or a blocked one ends the program
// with a message instead of a hang: a benchmark must never stall the run it is part of.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "draw_bench_shaders.h"
#include "dxbc/assembler.h"
#include "util/windows_base.h"

namespace {

using Clock = std::chrono::steady_clock;
using namespace draw_bench;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

constexpr double kWaitLimitSeconds = 10.0;
// Flush, Release or a Map can block inside the implementation where the calling thread cannot
// time it out; the watchdog ends the process after DRAW_BENCH_PHASE_LIMIT seconds in one phase.
const int kPhaseLimitSeconds = std::getenv("DRAW_BENCH_PHASE_LIMIT") ? std::atoi(std::getenv("DRAW_BENCH_PHASE_LIMIT")) : 120;

std::atomic<const char*> g_phase{"start"};
std::atomic<int64_t> g_phaseStart{0};

int64_t nowMillis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

void enterPhase(const char* name) {
  g_phase = name;
  g_phaseStart = nowMillis();
}

void watchdog() {
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (nowMillis() - g_phaseStart.load() > kPhaseLimitSeconds * 1000) {
      std::printf("error: %s did not finish within %d s (a call is blocked); giving up\n", g_phase.load(),
                  kPhaseLimitSeconds);
      std::fflush(stdout);
      std::_Exit(3);
    }
  }
}

[[noreturn]] void fail(const char* what, HRESULT hr) {
  std::printf("error: %s failed with HRESULT 0x%08x\n", what, unsigned(hr));
  std::fflush(stdout);
  std::_Exit(2);
}

void check(HRESULT hr, const char* what) {
  if (FAILED(hr))
    fail(what, hr);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

void figure(const char* name, double value) {
  std::printf("%s %.1f\n", name, value);
  std::fflush(stdout);
}

std::vector<uint8_t> bytecode(const char* text) { return dxbc::assemble(text).write(); }

struct Bench {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  ID3D11Query* event = nullptr;

  ID3D11Texture2D* target = nullptr;
  ID3D11RenderTargetView* rtv = nullptr;
  ID3D11Buffer* vertices = nullptr;
  ID3D11InputLayout* layout = nullptr;
  ID3D11VertexShader* vs = nullptr;
  ID3D11PixelShader* solidPs = nullptr;
  ID3D11PixelShader* constantPs = nullptr;
  ID3D11PixelShader* texturePs[2] = {};
  ID3D11Texture2D* textures[2] = {};
  ID3D11ShaderResourceView* srvs[2] = {};
  ID3D11SamplerState* sampler = nullptr;
  ID3D11RasterizerState* noCull = nullptr;
  ID3D11Buffer* constants = nullptr;

  // Flush, then poll the EVENT query with DONOTFLUSH (the Flush already submitted the work);
  // a completion that never comes shows up as a message after kWaitLimitSeconds.
  void flushAndWait(const char* what) {
    context->End(event);
    context->Flush();
    Clock::time_point start = Clock::now();
    for (;;) {
      BOOL done = FALSE;
      HRESULT hr = context->GetData(event, &done, sizeof(done), D3D11_ASYNC_GETDATA_DONOTFLUSH);
      if (FAILED(hr))
        fail("GetData(EVENT)", hr);
      if (hr == S_OK && done)
        return;
      if (seconds(Clock::now() - start) > kWaitLimitSeconds) {
        std::printf("error: the EVENT query after %s did not signal within %.0f s; giving up\n", what, kWaitLimitSeconds);
        std::fflush(stdout);
        std::_Exit(4);
      }
      std::this_thread::yield();
    }
  }

  ID3D11PixelShader* pixelShader(const char* text) {
    auto code = bytecode(text);
    ID3D11PixelShader* shader = nullptr;
    check(device->CreatePixelShader(code.data(), code.size(), nullptr, &shader), "CreatePixelShader");
    return shader;
  }

  // A 4x4 RGBA8 texture of one colour; the two SRVs differ so a bind really changes a descriptor.
  void texture(int index, uint32_t color) {
    std::vector<uint32_t> texels(16, color);
    D3D11_TEXTURE2D_DESC desc{};
    desc.Width = desc.Height = 4;
    desc.MipLevels = desc.ArraySize = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.Usage = D3D11_USAGE_IMMUTABLE;
    desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    D3D11_SUBRESOURCE_DATA init{texels.data(), 16, 0};
    check(device->CreateTexture2D(&desc, &init, &textures[index]), "CreateTexture2D(4x4)");
    check(device->CreateShaderResourceView(textures[index], nullptr, &srvs[index]), "CreateShaderResourceView");
  }

  void setUp() {
    enterPhase("creating the scene's objects");
    D3D11_TEXTURE2D_DESC rtDesc{};
    rtDesc.Width = rtDesc.Height = kTargetSize;
    rtDesc.MipLevels = rtDesc.ArraySize = 1;
    rtDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rtDesc.SampleDesc.Count = 1;
    rtDesc.Usage = D3D11_USAGE_DEFAULT;
    rtDesc.BindFlags = D3D11_BIND_RENDER_TARGET;
    check(device->CreateTexture2D(&rtDesc, nullptr, &target), "CreateTexture2D(render target)");
    check(device->CreateRenderTargetView(target, nullptr, &rtv), "CreateRenderTargetView");

    D3D11_BUFFER_DESC vbDesc{};
    vbDesc.ByteWidth = sizeof(kTriangle);
    vbDesc.Usage = D3D11_USAGE_IMMUTABLE;
    vbDesc.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    D3D11_SUBRESOURCE_DATA vbData{kTriangle, 0, 0};
    check(device->CreateBuffer(&vbDesc, &vbData, &vertices), "CreateBuffer(vertices)");

    auto vsCode = bytecode(kVertexShader);
    check(device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, &vs), "CreateVertexShader");
    const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
    check(device->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), &layout), "CreateInputLayout");
    solidPs = pixelShader(kSolidPixelShader);
    constantPs = pixelShader(kConstantPixelShader);
    texturePs[0] = pixelShader(kTexturePixelShaderA);
    texturePs[1] = pixelShader(kTexturePixelShaderB);
    texture(0, 0xff2040c0u);
    texture(1, 0xffc04020u);

    D3D11_SAMPLER_DESC samplerDesc{};
    samplerDesc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
    samplerDesc.AddressU = samplerDesc.AddressV = samplerDesc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    samplerDesc.MaxAnisotropy = 1;
    samplerDesc.ComparisonFunc = D3D11_COMPARISON_NEVER;
    samplerDesc.MaxLOD = D3D11_FLOAT32_MAX;
    check(device->CreateSamplerState(&samplerDesc, &sampler), "CreateSamplerState");

    // No culling: the figure must not depend on which winding an implementation treats as front.
    D3D11_RASTERIZER_DESC raster{};
    raster.FillMode = D3D11_FILL_SOLID;
    raster.CullMode = D3D11_CULL_NONE;
    raster.DepthClipEnable = TRUE;
    check(device->CreateRasterizerState(&raster, &noCull), "CreateRasterizerState");

    D3D11_BUFFER_DESC cbDesc{};
    cbDesc.ByteWidth = 256;
    cbDesc.Usage = D3D11_USAGE_DYNAMIC;
    cbDesc.BindFlags = D3D11_BIND_CONSTANT_BUFFER;
    cbDesc.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    check(device->CreateBuffer(&cbDesc, nullptr, &constants), "CreateBuffer(256-byte constants)");

    const float black[4] = {0, 0, 0, 1};
    context->ClearRenderTargetView(rtv, black);
    bindScene(context);
    flushAndWait("set-up");
  }

  // The state every pattern starts from, on the immediate context or a deferred one.
  void bindScene(ID3D11DeviceContext* target) {
    target->OMSetRenderTargets(1, &rtv, nullptr);
    D3D11_VIEWPORT viewport{0, 0, float(kTargetSize), float(kTargetSize), 0, 1};
    target->RSSetViewports(1, &viewport);
    target->RSSetState(noCull);
    target->IASetInputLayout(layout);
    target->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    UINT stride = sizeof(kTriangle[0]), offset = 0;
    target->IASetVertexBuffers(0, 1, &vertices, &stride, &offset);
    target->VSSetShader(vs, nullptr, 0);
    target->PSSetConstantBuffers(0, 1, &constants);
    target->PSSetSamplers(0, 1, &sampler);
  }

  // Pattern (b)'s draws [first, first + count) on `target`: a constant-buffer discard and a draw.
  static void discardAndDraw(ID3D11DeviceContext* target, ID3D11Buffer* buffer, int first, int count) {
    for (int i = first; i < first + count; i++) {
      D3D11_MAPPED_SUBRESOURCE mapped{};
      HRESULT hr = target->Map(buffer, 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped);
      if (FAILED(hr) || !mapped.pData)
        fail("Map(WRITE_DISCARD) of the constant buffer", FAILED(hr) ? hr : E_POINTER);
      // The colour changes per draw, so an implementation cannot skip a rename as redundant.
      float* color = static_cast<float*>(mapped.pData);
      color[0] = float(i & 255) / 255.0f;
      color[1] = 0.5f;
      color[2] = 0.25f;
      color[3] = 1.0f;
      target->Unmap(buffer, 0);
      target->Draw(3, 0);
    }
  }

  // Runs `loop` (kDraws draws) once to warm up and kRuns times timed. App figure: the API calls
  // alone; end to end: the same plus Flush and the EVENT wait, both per draw, medians.
  template <typename Loop>
  void measure(const char* phase, const char* appName, const char* endName, Loop loop) {
    enterPhase(phase);
    std::vector<double> appNs, endNs;
    for (int run = 0; run <= kRuns; run++) {
      Clock::time_point start = Clock::now();
      loop();
      Clock::time_point recorded = Clock::now();
      flushAndWait(phase);
      Clock::time_point done = Clock::now();
      if (run > 0) {
        appNs.push_back(seconds(recorded - start) * 1e9 / kDraws);
        endNs.push_back(seconds(done - start) * 1e9 / kDraws);
      }
      enterPhase(phase);  // each run gets the full limit
    }
    figure(appName, median(appNs));
    figure(endName, median(endNs));
  }

  void noChange() {
    context->PSSetShader(solidPs, nullptr, 0);
    measure("pattern (a): draws without state changes", "draw_nochange_app_ns", "draw_nochange_e2e_ns", [&] {
      for (int i = 0; i < kDraws; i++)
        context->Draw(3, 0);
    });
  }

  void constantPerDraw() {
    context->PSSetShader(constantPs, nullptr, 0);
    measure("pattern (b): a constant-buffer discard per draw", "draw_cbdiscard_app_ns", "draw_cbdiscard_e2e_ns",
            [&] { discardAndDraw(context, constants, 0, kDraws); });
  }

  // Pattern (d): pattern (b)'s kDraws draws recorded on `threads` deferred contexts in parallel
  // (kDraws / threads each), finished into command lists and executed on the immediate context.
  // Figures: recording (all threads, wall clock, per draw, FinishCommandList included), the
  // ExecuteCommandList calls (per draw: a list replayed without re-recording costs ~nothing per
  // draw), and end to end (recording to the GPU's completion, per draw); medians of kRuns.
  void deferred(int threads) {
    enterPhase("pattern (d): draws recorded on deferred contexts");
    std::vector<ID3D11DeviceContext*> deferredContexts(size_t(threads), nullptr);
    for (auto& deferredContext : deferredContexts) {
      HRESULT hr = device->CreateDeferredContext(0, &deferredContext);
      if (FAILED(hr)) {
        std::printf("note: CreateDeferredContext failed with 0x%08x; no deferred figures\n", unsigned(hr));
        return;
      }
    }
    context->PSSetShader(constantPs, nullptr, 0);
    std::vector<double> recordNs, executeNs, endNs;
    for (int run = 0; run <= kRuns; run++) {
      std::vector<ID3D11CommandList*> lists(size_t(threads), nullptr);
      Clock::time_point start = Clock::now();
      std::vector<std::thread> workers;
      for (int t = 0; t < threads; t++)
        workers.emplace_back([&, t] {
          ID3D11DeviceContext* target = deferredContexts[size_t(t)];
          bindScene(target);
          target->PSSetShader(constantPs, nullptr, 0);
          discardAndDraw(target, constants, t * (kDraws / threads), kDraws / threads);
          check(target->FinishCommandList(FALSE, &lists[size_t(t)]), "FinishCommandList");
        });
      for (auto& worker : workers)
        worker.join();
      Clock::time_point recorded = Clock::now();
      for (ID3D11CommandList* list : lists)
        context->ExecuteCommandList(list, TRUE);
      Clock::time_point executed = Clock::now();
      flushAndWait("pattern (d)");
      Clock::time_point done = Clock::now();
      for (ID3D11CommandList* list : lists)
        list->Release();
      if (run > 0) {
        recordNs.push_back(seconds(recorded - start) * 1e9 / kDraws);
        executeNs.push_back(seconds(executed - recorded) * 1e9 / kDraws);
        endNs.push_back(seconds(done - start) * 1e9 / kDraws);
      }
      enterPhase("pattern (d): draws recorded on deferred contexts");
    }
    char name[64];
    std::snprintf(name, sizeof(name), "deferred%d_record_ns", threads);
    figure(name, median(recordNs));
    std::snprintf(name, sizeof(name), "deferred%d_execute_ns", threads);
    figure(name, median(executeNs));
    std::snprintf(name, sizeof(name), "deferred%d_e2e_ns", threads);
    figure(name, median(endNs));
    for (auto* deferredContext : deferredContexts)
      deferredContext->Release();
  }

  void shaderAndSrvPerDraw() {
    measure("pattern (c): a pixel-shader and SRV change per draw", "draw_pssrv_app_ns", "draw_pssrv_e2e_ns", [&] {
      for (int i = 0; i < kDraws; i++) {
        context->PSSetShader(texturePs[i & 1], nullptr, 0);
        context->PSSetShaderResources(0, 1, &srvs[i & 1]);
        context->Draw(3, 0);
      }
    });
  }

  void release() {
    enterPhase("releasing the scene's objects");
    context->ClearState();
    ID3D11DeviceChild* objects[] = {constants, noCull, sampler, srvs[0], srvs[1], textures[0], textures[1],
                                    texturePs[0], texturePs[1], constantPs, solidPs, layout, vs, vertices, rtv, target, event};
    for (ID3D11DeviceChild* object : objects)
      object->Release();
  }
};

}  // namespace

int main() {
  enterPhase("D3D11CreateDevice");
  std::thread(watchdog).detach();

  Bench bench;
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  D3D_FEATURE_LEVEL level{};
  check(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 2, D3D11_SDK_VERSION, &bench.device,
                          &level, &bench.context),
        "D3D11CreateDevice");

  ID3D11VkDeviceInfo* info = nullptr;
  if (SUCCEEDED(bench.device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(&info))) && info) {
    std::printf("implementation d3d11vk (%s on %s)\n", info->GetImplementationName(), info->GetVulkanDeviceName());
    info->Release();
  } else {
    std::printf("implementation other (e.g. Wine's built-in d3d11)\n");
  }
  std::printf("draws per run: %d, 256x256 RGBA8 target\n", kDraws);
  std::fflush(stdout);

  D3D11_QUERY_DESC queryDesc{D3D11_QUERY_EVENT, 0};
  check(bench.device->CreateQuery(&queryDesc, &bench.event), "CreateQuery(EVENT)");
  bench.setUp();
  // DRAW_BENCH_ONLY=a|b|c|d runs one pattern (for profiling one path); unset runs them all.
  const char* only = std::getenv("DRAW_BENCH_ONLY");
  auto selected = [&](char pattern) { return !only || !*only || std::strchr(only, pattern); };
  if (selected('a'))
    bench.noChange();
  if (selected('b'))
    bench.constantPerDraw();
  if (selected('c'))
    bench.shaderAndSrvPerDraw();
  if (selected('d')) {
    bench.deferred(1);
    bench.deferred(4);
  }
  bench.release();

  enterPhase("Release of the immediate context");
  bench.context->Release();
  enterPhase("Release of the device");
  bench.device->Release();
  enterPhase("process exit");
  return 0;
}
