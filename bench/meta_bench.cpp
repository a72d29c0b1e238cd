// ResolveSubresource and GenerateMips cost through the public API: Vulkan's built-in resolve/blit
// (Format / SRV format equal to the storage format) against the internal shader passes (an sRGB
// Format / SRV of a typeless texture). Prints "name milliseconds-per-call" lines (medians).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "util/windows_base.h"

namespace {

using Clock = std::chrono::steady_clock;

void check(HRESULT hr, const char* what) {
  if (FAILED(hr)) {
    std::printf("error: %s failed with HRESULT 0x%08x\n", what, unsigned(hr));
    std::exit(2);
  }
}

struct Bench {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  ID3D11Query* event = nullptr;

  void wait() {
    context->End(event);
    context->Flush();
    const Clock::time_point start = Clock::now();
    BOOL done = FALSE;
    while (context->GetData(event, &done, sizeof(done), 0) != S_OK || !done) {
      if (Clock::now() - start > std::chrono::seconds(30)) {
        std::printf("error: the GPU did not finish within 30 s\n");
        std::exit(4);
      }
      std::this_thread::yield();
    }
  }

  ID3D11Texture2D* texture(UINT size, UINT mips, UINT samples, UINT bind, UINT misc) {
    D3D11_TEXTURE2D_DESC desc{};
    desc.Width = desc.Height = size;
    desc.MipLevels = mips;
    desc.ArraySize = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
    desc.SampleDesc.Count = samples;
    desc.Usage = D3D11_USAGE_DEFAULT;
    desc.BindFlags = bind;
    desc.MiscFlags = misc;
    ID3D11Texture2D* result = nullptr;
    check(device->CreateTexture2D(&desc, nullptr, &result), "CreateTexture2D");
    return result;
  }

  // Median milliseconds of one call of `work`, each waited for on its own (after one warm-up
  // call that also makes the pipelines).
  template <typename Work>
  double measure(Work work, int runs) {
    work();
    wait();
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
      const Clock::time_point start = Clock::now();
      work();
      wait();
      times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }
};

}  // namespace

int main() {
  Bench bench;
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  check(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 2, D3D11_SDK_VERSION, &bench.device, nullptr,
                          &bench.context),
        "D3D11CreateDevice");
  D3D11_QUERY_DESC eventDesc{D3D11_QUERY_EVENT, 0};
  check(bench.device->CreateQuery(&eventDesc, &bench.event), "CreateQuery(EVENT)");
  const int runs = std::getenv("META_BENCH_RUNS") ? std::atoi(std::getenv("META_BENCH_RUNS")) : 15;
  const UINT size = 1024;

  const UINT bind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
  ID3D11Texture2D* mipmapped = bench.texture(size, 11, 1, bind, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB}) {
    D3D11_SHADER_RESOURCE_VIEW_DESC desc{};
    desc.Format = format;
    desc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
    desc.Texture2D = {0, UINT(-1)};
    ID3D11ShaderResourceView* view = nullptr;
    check(bench.device->CreateShaderResourceView(mipmapped, &desc, &view), "CreateShaderResourceView");
    const double ms = bench.measure([&] { bench.context->GenerateMips(view); }, runs);
    std::printf("generate_mips_1024_%s_ms %.2f\n", format == DXGI_FORMAT_R8G8B8A8_UNORM ? "unorm_blit" : "srgb_shader", ms);
    view->Release();
  }
  mipmapped->Release();

  ID3D11Texture2D* msaa = bench.texture(size, 1, 4, bind, 0);
  ID3D11Texture2D* resolved = bench.texture(size, 1, 1, bind, 0);
  for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB}) {
    const double ms = bench.measure([&] { bench.context->ResolveSubresource(resolved, 0, msaa, 0, format); }, runs);
    std::printf("resolve_4x_1024_%s_ms %.2f\n", format == DXGI_FORMAT_R8G8B8A8_UNORM ? "unorm_vkCmdResolveImage" : "srgb_shader",
                ms);
  }
  // The baseline: an empty submission waited for.
  std::printf("empty_wait_ms %.2f\n", bench.measure([] {}, runs));
  resolved->Release();
  msaa->Release();
  bench.event->Release();
  bench.context->Release();
  bench.device->Release();
  return 0;
}
