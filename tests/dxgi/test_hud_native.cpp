// The HUD natively on an X11 window (docs/hud.md): with D3D11VK_HUD set, the window's pixels as
// the X server shows them carry the overlay's text in the top left corner, its FPS reads within
// 10 % of the frame limiter's 30, the back buffer the application reads never holds it, and the
// frame-time log has a plausible line per frame. Without the variable nothing is drawn. Each runs
// as its own process (the HUD options are read once): [.dxgi-hud] and [.dxgi-hud-off].
#include <algorithm>
#include <fstream>
#include <sstream>

#include "common/hud_reader.h"
#include "swapchain_fixture.h"
#include "d3d10/d3d10_base.h"
#include "util/env.h"

using namespace test_dxgi;

namespace {

constexpr unsigned kWidth = 400, kHeight = 160;
constexpr uint32_t kBlueRgb = 0x0000ff;

// Presents `frames` frames of solid blue.
void presentFrames(SwapChainFixture& f, int frames) {
  for (int i = 0; i < frames; ++i) {
    f.render(kBlue);
    REQUIRE(f.swapchain->Present(0, 0) == S_OK);
  }
  f.waitForPresents();
}

std::vector<std::string> windowText(SwapChainFixture& f, size_t lines) {
  // The presentation engine shows the last frame a little after it was presented.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const std::vector<uint32_t> pixels = f.window.region(0, 0, kWidth, kHeight);
  REQUIRE(pixels.size() == size_t(kWidth) * kHeight);
  auto at = [&](int x, int y) {
    return x < 0 || y < 0 || x >= int(kWidth) || y >= int(kHeight) ? 0u : pixels[size_t(y) * kWidth + size_t(x)];
  };
  return test_hud::readLines(at, 0, 0, 1.0f, lines, 60);
}

std::string levelText(D3D_FEATURE_LEVEL level) {
  return std::to_string(level >> 12) + "_" + std::to_string((level >> 8) & 0xf);
}

struct LogLine {
  double presentMs = 0, appMs = 0, gpuMs = -1;
};

std::vector<LogLine> readFrameLog(const std::string& path) {
  std::ifstream file(path);
  std::vector<LogLine> lines;
  std::string line;
  std::getline(file, line);
  CHECK(line == "frame,time_ms,present_ms,app_ms,gpu_ms");
  uint64_t expectedFrame = 1;
  while (std::getline(file, line)) {
    std::stringstream fields(line);
    std::string frame, time, present, app, gpu;
    std::getline(fields, frame, ',');
    std::getline(fields, time, ',');
    std::getline(fields, present, ',');
    std::getline(fields, app, ',');
    std::getline(fields, gpu, ',');
    CHECK(std::stoull(frame) == expectedFrame++);
    LogLine parsed;
    parsed.presentMs = std::stod(present);
    parsed.appMs = std::stod(app);
    if (!gpu.empty())
      parsed.gpuMs = std::stod(gpu);
    lines.push_back(parsed);
  }
  return lines;
}

}  // namespace

TEST_CASE("HUD: shown in the window, never in the back buffer, with the limiter's rate", "[.dxgi-hud]") {
  const std::optional<std::string> log = util::getEnv("D3D11VK_FRAMETIME_LOG");
  REQUIRE(log);  // the meson test sets it, with D3D11VK_HUD and dxgi.maxFrameRate=30
  constexpr int kFrames = 75;  // 2.5 s at 30 fps: the FPS figure is updated every half second
  {
    SwapChainFixture f(kWidth, kHeight);
    if (f.skipped)
      return;
    REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
    presentFrames(f, kFrames);

    // D3D11VK_HUD=version,api,fps,frametimes: the lines in that order.
    const std::vector<std::string> lines = windowText(f, 4);
    INFO("the window reads: '" << lines[0] << "' / '" << lines[1] << "' / '" << lines[2] << "' / '" << lines[3] << "'");
    CHECK(lines[0] == std::string("d3d11vk ") + D3D11VK_VERSION);
    CHECK(lines[1] == "D3D11 FL " + levelText(f.device->GetFeatureLevel()));
    const std::optional<double> fps = test_hud::numberAfter(lines, "FPS: ");
    REQUIRE(fps);
    CHECK(*fps >= 27.0);
    CHECK(*fps <= 33.0);
    CHECK(lines[3].rfind("Frame time: min ", 0) == 0);
    const std::optional<double> slowest = test_hud::numberAfter({lines[3].substr(lines[3].find("max"))}, "max ");
    REQUIRE(slowest);
    CHECK(*slowest >= 30.0);

    // The box darkens the window under the HUD; the back buffer there is the application's blue.
    const uint32_t shown = f.window.pixel(int(vk::kHudLeft) - 2, int(vk::kHudTop) - 2);
    CHECK((shown & 0xff) < 0x80);
    CHECK(f.backBufferTexel(uint32_t(vk::kHudLeft) + 1, uint32_t(vk::kHudTop) + 1) == 0xffff0000u);  // RGBA8 blue
    CHECK(f.backBufferTexel(uint32_t(vk::kHudLeft) - 2, uint32_t(vk::kHudTop) - 2) == 0xffff0000u);
    // Far from the HUD the window shows the frame as presented.
    CHECK(f.window.pixel(int(kWidth) - 4, int(kHeight) - 4) == kBlueRgb);
  }
  // The swapchain is gone: the log has every frame.
  const std::vector<LogLine> frames = readFrameLog(*log);
  CHECK(frames.size() == size_t(kFrames));
  REQUIRE(frames.size() > 10);
  std::vector<double> present;
  size_t timed = 0;
  for (size_t i = 1; i < frames.size(); ++i) {
    present.push_back(frames[i].presentMs);
    CHECK(frames[i].appMs >= 0.0);
    CHECK(frames[i].appMs <= frames[i].presentMs + 0.01);
    if (frames[i].gpuMs >= 0.0) {
      ++timed;
      CHECK(frames[i].gpuMs < 1000.0);
    }
  }
  std::nth_element(present.begin(), present.begin() + std::ptrdiff_t(present.size() / 2), present.end());
  const double median = present[present.size() / 2];
  CHECK(median == Approx(1000.0 / 30.0).epsilon(0.1));
  CHECK(timed >= frames.size() / 2);  // the GPU time is measured on lavapipe (it has timestamps)
}

TEST_CASE("HUD: a Direct3D 10 device's swapchain says D3D10", "[.dxgi-hud]") {
  test_x11::Window window(kWidth, kHeight);
  if (!window.ok()) {
    WARN("skipped: " << window.why());
    return;
  }
  ComPtr<ID3D10Device1> device;
  REQUIRE(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_1, D3D10_1_SDK_VERSION,
                             device.put()) == S_OK);
  ComPtr<IDXGIFactory2> factory;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), factory.putVoid()) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  ComPtr<IDXGISwapChain1> swapchain;
  REQUIRE(factory->CreateSwapChainForHwnd(device.get(), reinterpret_cast<HWND>(window.id()), &desc, nullptr, nullptr,
                                          swapchain.put()) == S_OK);
  ComPtr<ID3D10Texture2D> buffer;
  REQUIRE(swapchain->GetBuffer(0, __uuidof(ID3D10Texture2D), buffer.putVoid()) == S_OK);
  ComPtr<ID3D10RenderTargetView> view;
  REQUIRE(device->CreateRenderTargetView(buffer.get(), nullptr, view.put()) == S_OK);
  for (int i = 0; i < 10; ++i) {
    device->ClearRenderTargetView(view.get(), kBlue);
    REQUIRE(swapchain->Present(0, 0) == S_OK);
  }
  device->Flush();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const std::vector<uint32_t> pixels = window.region(0, 0, kWidth, kHeight);
  REQUIRE(pixels.size() == size_t(kWidth) * kHeight);
  auto at = [&](int x, int y) {
    return x < 0 || y < 0 || x >= int(kWidth) || y >= int(kHeight) ? 0u : pixels[size_t(y) * kWidth + size_t(x)];
  };
  const std::vector<std::string> lines = test_hud::readLines(at, 0, 0, 1.0f, 2, 60);
  CHECK(lines[1] == "D3D10 FL 10_1");
}

TEST_CASE("HUD: off without D3D11VK_HUD", "[.dxgi-hud-off]") {
  REQUIRE_FALSE(util::getEnv("D3D11VK_HUD"));
  REQUIRE_FALSE(util::getEnv("DXVK_HUD"));
  SwapChainFixture f(kWidth, kHeight);
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  presentFrames(f, 10);
  const std::vector<std::string> lines = windowText(f, 3);
  CHECK(lines[0].empty());
  CHECK(lines[1].empty());
  CHECK(f.window.pixel(int(vk::kHudLeft) - 2, int(vk::kHudTop) - 2) == kBlueRgb);
  CHECK(f.window.pixel(int(vk::kHudLeft) + 1, int(vk::kHudTop) + 1) == kBlueRgb);
}
