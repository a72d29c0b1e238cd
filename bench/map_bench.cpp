// Map/Unmap, UpdateSubresource and CopyResource+Map(READ) benchmark through the public D3D11 API; builds natively and as a Windows exe.
// It prints one "name value" line per figure so run-map-bench.sh can put d3d11vk beside Wine's
// built-in d3d11. Any failed call or stalled wait ends the program with a message instead of a
// hang, because the paths measured here are new and a benchmark must never block the run.
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
#include "util/windows_base.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

// How long one event-query wait may take before the bench gives up on it.
constexpr double kWaitLimitSeconds = 5.0;
// How long any single phase may take before the watchdog ends the process: a call that blocks
// inside the implementation (Map(READ), Flush, Release) cannot be timed out from the calling thread;
// MAP_BENCH_PHASE_LIMIT (seconds) changes the limit.
const int kPhaseLimitSeconds = std::getenv("MAP_BENCH_PHASE_LIMIT") ? std::atoi(std::getenv("MAP_BENCH_PHASE_LIMIT")) : 60;

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
  // Large rates as integers; small times keep one decimal so 40.3 ns is not rounded to 40.
  if (value >= 1000)
    std::printf("%s %.0f\n", name, value);
  else
    std::printf("%s %.1f\n", name, value);
  std::fflush(stdout);
}

struct Bench {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  ID3D11Query* event = nullptr;

  // Flush, then poll an EVENT query until the GPU has passed it. GetData is polled with
  // DONOTFLUSH because the Flush above already submitted the work; polling stops after
  // kWaitLimitSeconds so a lost completion shows up as a message, not a hung benchmark.
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
        std::printf("error: the EVENT query after %s did not signal within %.0f s (GetData returned 0x%08x); giving up\n",
                    what, kWaitLimitSeconds, unsigned(hr));
        std::fflush(stdout);
        std::_Exit(4);
      }
      std::this_thread::yield();
    }
  }

  ID3D11Buffer* buffer(UINT size, UINT bind) {
    D3D11_BUFFER_DESC desc{};
    desc.ByteWidth = size;
    desc.Usage = D3D11_USAGE_DYNAMIC;
    desc.BindFlags = bind;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    ID3D11Buffer* result = nullptr;
    check(device->CreateBuffer(&desc, nullptr, &result), "CreateBuffer(DYNAMIC)");
    return result;
  }

  ID3D11Texture2D* texture(D3D11_USAGE usage, UINT cpuAccess) {
    D3D11_TEXTURE2D_DESC desc{};
    desc.Width = desc.Height = 256;
    desc.MipLevels = desc.ArraySize = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.Usage = usage;
    desc.BindFlags = usage == D3D11_USAGE_DEFAULT ? D3D11_BIND_SHADER_RESOURCE : 0;
    desc.CPUAccessFlags = cpuAccess;
    ID3D11Texture2D* result = nullptr;
    check(device->CreateTexture2D(&desc, nullptr, &result), "CreateTexture2D");
    return result;
  }

  // Each pair writes 16 bytes at a moving offset so the renamed memory is really touched (a
  // pair that never writes could be served by an implementation that skips the work).
  void* mapWrite(ID3D11Resource* resource, D3D11_MAP type, const char* what) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    HRESULT hr = context->Map(resource, 0, type, 0, &mapped);
    if (FAILED(hr))
      fail(what, hr);
    if (!mapped.pData) {
      std::printf("error: %s returned S_OK with a null pointer\n", what);
      std::_Exit(2);
    }
    return mapped.pData;
  }

  // Map(WRITE_DISCARD)+Unmap of a 64 KiB dynamic vertex buffer: pairs per second.
  void discard64k() {
    enterPhase("Map(WRITE_DISCARD) of the 64 KiB vertex buffer");
    const UINT size = 64 * 1024;
    ID3D11Buffer* vb = buffer(size, D3D11_BIND_VERTEX_BUFFER);
    const int iterations = 2000, runs = 7;
    std::vector<double> rates;
    for (int run = 0; run <= runs; run++) {
      Clock::time_point start = Clock::now();
      for (int i = 0; i < iterations; i++) {
        auto* data = static_cast<uint8_t*>(mapWrite(vb, D3D11_MAP_WRITE_DISCARD, "Map(WRITE_DISCARD, 64 KiB)"));
        uint32_t offset = uint32_t(i * 4096 + run * 16) % size;
        std::memset(data + offset, i & 0xff, 16);
        context->Unmap(vb, 0);
      }
      double t = seconds(Clock::now() - start);
      // Completion between runs lets the implementation recycle the renamed memory, as a frame would.
      flushAndWait("the 64 KiB discards");
      if (run > 0)  // run 0 warms the allocator up
        rates.push_back(iterations / t);
    }
    figure("map_discard_64k_per_s", median(rates));
    vb->Release();
  }

  // Map(WRITE_DISCARD)+Unmap of a 256-byte constant buffer: app-thread ns per pair, and the
  // Flush + EVENT wait that follows each run, both on their own and spread over the run's pairs.
  void discardCb256() {
    enterPhase("Map(WRITE_DISCARD) of the 256-byte constant buffer");
    ID3D11Buffer* cb = buffer(256, D3D11_BIND_CONSTANT_BUFFER);
    const int iterations = 10000, runs = 7;
    std::vector<double> pairNs, waitUs, endToEndNs;
    for (int run = 0; run <= runs; run++) {
      Clock::time_point start = Clock::now();
      for (int i = 0; i < iterations; i++) {
        auto* data = static_cast<uint8_t*>(mapWrite(cb, D3D11_MAP_WRITE_DISCARD, "Map(WRITE_DISCARD, 256 B)"));
        std::memset(data + (i & 15) * 16, i & 0xff, 16);
        context->Unmap(cb, 0);
      }
      Clock::time_point mapped = Clock::now();
      flushAndWait("the 256-byte discards");
      Clock::time_point done = Clock::now();
      if (run > 0) {
        pairNs.push_back(seconds(mapped - start) * 1e9 / iterations);
        waitUs.push_back(seconds(done - mapped) * 1e6);
        endToEndNs.push_back(seconds(done - start) * 1e9 / iterations);
      }
    }
    figure("map_discard_cb256_ns", median(pairNs));
    figure("map_discard_cb256_flush_wait_us", median(waitUs));
    figure("map_discard_cb256_end_to_end_ns", median(endToEndNs));
    cb->Release();
  }

  // Map(WRITE_NO_OVERWRITE)+Unmap of the 64 KiB buffer after one discard: ns per pair, writing
  // consecutive 16-byte pieces like a streaming vertex ring.
  void noOverwrite64k() {
    enterPhase("Map(WRITE_NO_OVERWRITE) of the 64 KiB vertex buffer");
    const UINT size = 64 * 1024;
    ID3D11Buffer* vb = buffer(size, D3D11_BIND_VERTEX_BUFFER);
    const int iterations = 10000, runs = 7;
    std::vector<double> pairNs;
    for (int run = 0; run <= runs; run++) {
      mapWrite(vb, D3D11_MAP_WRITE_DISCARD, "Map(WRITE_DISCARD, 64 KiB)");
      context->Unmap(vb, 0);
      Clock::time_point start = Clock::now();
      for (int i = 0; i < iterations; i++) {
        auto* data = static_cast<uint8_t*>(mapWrite(vb, D3D11_MAP_WRITE_NO_OVERWRITE, "Map(WRITE_NO_OVERWRITE, 64 KiB)"));
        std::memset(data + (uint32_t(i) * 16) % size, i & 0xff, 16);
        context->Unmap(vb, 0);
      }
      double t = seconds(Clock::now() - start);
      flushAndWait("the NO_OVERWRITE maps");
      if (run > 0)
        pairNs.push_back(t * 1e9 / iterations);
    }
    figure("map_nooverwrite_64k_ns", median(pairNs));
    vb->Release();
  }

  // UpdateSubresource of a whole 256x256 RGBA8 DEFAULT texture: updates per second, with the
  // Flush + EVENT wait that makes them complete counted in.
  void updateSubresource(ID3D11Texture2D* tex) {
    enterPhase("UpdateSubresource of the 256x256 texture");
    std::vector<uint32_t> pixels(256 * 256);
    const int iterations = 200, runs = 5;
    std::vector<double> rates;
    for (int run = 0; run <= runs; run++) {
      Clock::time_point start = Clock::now();
      for (int i = 0; i < iterations; i++) {
        pixels[(i * 97) % pixels.size()] = uint32_t(i);
        context->UpdateSubresource(tex, 0, nullptr, pixels.data(), 256 * 4, 0);
      }
      flushAndWait("the UpdateSubresource calls");
      double t = seconds(Clock::now() - start);
      if (run > 0)
        rates.push_back(iterations / t);
    }
    figure("update_subresource_256x256_per_s", median(rates));
  }

  // Fills the texture with a known pattern and checks that a copy to staging reads it back, so
  // the round-trip figure is not measuring a copy that does nothing. Returns false on a mismatch.
  bool readbackMatches(ID3D11Texture2D* tex, ID3D11Texture2D* staging) {
    enterPhase("the read-back check");
    std::vector<uint32_t> pixels(256 * 256);
    for (size_t i = 0; i < pixels.size(); i++)
      pixels[i] = uint32_t(i * 2654435761u);
    context->UpdateSubresource(tex, 0, nullptr, pixels.data(), 256 * 4, 0);
    context->CopyResource(staging, tex);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    check(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped), "Map(READ) of the staging texture");
    bool same = mapped.pData != nullptr && mapped.RowPitch >= 256 * 4;
    for (UINT y = 0; same && y < 256; y++)
      same = std::memcmp(static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch, &pixels[y * 256],
                         256 * 4) == 0;
    context->Unmap(staging, 0);
    return same;
  }

  // CopyResource of the texture into a STAGING texture + Map(READ): round trips per second.
  void copyReadback(ID3D11Texture2D* tex, ID3D11Texture2D* staging) {
    enterPhase("CopyResource + Map(READ)");
    const int iterations = 100, runs = 5;
    std::vector<double> rates;
    volatile uint32_t sink = 0;
    for (int run = 0; run <= runs; run++) {
      Clock::time_point start = Clock::now();
      for (int i = 0; i < iterations; i++) {
        context->CopyResource(staging, tex);
        D3D11_MAPPED_SUBRESOURCE mapped{};
        check(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped), "Map(READ) of the staging texture");
        sink = sink + static_cast<const uint32_t*>(mapped.pData)[i % 256];
        context->Unmap(staging, 0);
      }
      double t = seconds(Clock::now() - start);
      if (run > 0)
        rates.push_back(iterations / t);
    }
    figure("copy_readback_256x256_per_s", median(rates));
  }
};

}  // namespace

int main(int argc, char** argv) {
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
  std::fflush(stdout);

  D3D11_QUERY_DESC queryDesc{D3D11_QUERY_EVENT, 0};
  check(bench.device->CreateQuery(&queryDesc, &bench.event), "CreateQuery(EVENT)");

  // Sections may be named on the command line (default: all), to time one path alone or to find
  // which one leaves the implementation in a bad state.
  auto wanted = [&](const char* name) {
    if (argc < 2)
      return true;
    for (int i = 1; i < argc; i++)
      if (std::strcmp(argv[i], name) == 0)
        return true;
    return false;
  };
  if (wanted("discard64k"))
    bench.discard64k();
  if (wanted("cb256"))
    bench.discardCb256();
  if (wanted("nooverwrite"))
    bench.noOverwrite64k();

  ID3D11Texture2D* tex = bench.texture(D3D11_USAGE_DEFAULT, 0);
  ID3D11Texture2D* staging = bench.texture(D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
  if (wanted("update"))
    bench.updateSubresource(tex);
  if (wanted("copy")) {
    if (!bench.readbackMatches(tex, staging))
      std::printf("warning: the staging copy did not read back what UpdateSubresource wrote\n");
    bench.copyReadback(tex, staging);
  }

  // Each release is its own phase so that a teardown which blocks is named precisely.
  enterPhase("Release of the staging texture");
  staging->Release();
  enterPhase("Release of the DEFAULT texture");
  tex->Release();
  enterPhase("Release of the EVENT query");
  bench.event->Release();
  enterPhase("Release of the immediate context");
  bench.context->Release();
  enterPhase("Release of the device");
  bench.device->Release();
  enterPhase("process exit");
  return 0;
}
