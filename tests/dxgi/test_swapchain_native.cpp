// Integration, native: swapchains on an X11 window (the HWND value is the Window id, docs/dxgi.md)
// on the display named by DISPLAY (Xvfb in CI, started by run-with-display.sh): frames rendered
// and presented, the pixels on the X server and in the back buffer, ResizeBuffers after the window
// changes, frame latency observed on the GPU timeline, the waitable object, sync-interval pacing,
// and Present after the window is destroyed. Every test ends with no Vulkan validation error.
// Tests tagged [.dxgi-limiter] and [.dxgi-latency-config] run in their own processes with
// D3D11VK_CONFIG set (the configuration is read once per process).
#include <catch2/catch.hpp>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "scoped_env.h"
#include "watchdog.h"
#include "d3d11vk/d3d11vk_device_info.h"
#include "d3d11vk/d3d11vk_present_device.h"
#include "dxgi/dxgi_swapchain.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "swapchain_fixture.h"
#include "x11_window.h"

using util::ComPtr;
using test_dxgi::SwapChainFixture;
using test_dxgi::kRed;
using test_dxgi::kGreen;
using test_dxgi::kBlue;

namespace {

// Periods are whole clock ticks (1/30 s is 33333333 ns), so nine of them may fall a few ticks
// short of the exact fraction; lower bounds allow a millisecond for that.
constexpr double kTickSlack = 0.001;

double seconds(std::chrono::steady_clock::duration duration) {
  return std::chrono::duration<double>(duration).count();
}


// Whether the eventfd behind a waitable object can be taken within `milliseconds`.
bool takeWaitable(HANDLE handle, int milliseconds) {
  pollfd fd{int(reinterpret_cast<intptr_t>(handle)), POLLIN, 0};
  if (poll(&fd, 1, milliseconds) != 1)
    return false;
  uint64_t value = 0;
  return read(fd.fd, &value, sizeof(value)) == sizeof(value);
}

// A staging R8G8B8A8 texture the CPU reads and writes: a GetDisplaySurfaceData destination.
D3D11_TEXTURE2D_DESC stagingSurfaceDesc(UINT width, UINT height) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = width;
  desc.Height = height;
  desc.MipLevels = desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc.Count = 1;
  desc.Usage = D3D11_USAGE_STAGING;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
  return desc;
}

// Presents `frames` frames with heavy GPU work under latency `latency` and checks after each that
// the frame `latency` presents back has finished on the GPU timeline.
void checkLatencyBound(SwapChainFixture& f, UINT latency, int frames) {
  std::vector<uint64_t> submissions;
  bool bounded = true;
  for (int frame = 0; frame < frames; ++frame) {
    f.render(frame % 2 ? kGreen : kRed, 64);
    REQUIRE(f.swapchain->Present(0, 0) == S_OK);
    submissions.push_back(f.lastSubmission());
    // Present N waited for frame N - latency before it submitted.
    if (submissions.size() > latency)
      bounded &= f.timeline().completed() >= submissions[submissions.size() - 1 - latency];
  }
  CHECK(bounded);
}

}  // namespace

TEST_CASE("A native swapchain on an X11 window presents, resizes and reads back", "[dxgi-swapchain]") {
  SwapChainFixture f(160, 120);
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 desc{};
  REQUIRE(f.swapchain->GetDesc1(&desc) == S_OK);
  CHECK(desc.Width == 160);
  CHECK(desc.Height == 120);
  HWND hwnd = nullptr;
  CHECK((f.swapchain->GetHwnd(&hwnd) == S_OK && hwnd == f.hwnd()));

  for (int frame = 0; frame < 6; ++frame) {
    f.render(frame % 2 ? kGreen : kRed);
    CHECK(f.swapchain->Present(frame < 3 ? 1 : 0, 0) == S_OK);
  }
  UINT count = 0;
  CHECK((f.swapchain->GetLastPresentCount(&count) == S_OK && count == 6));
  CHECK(f.backBufferTexel(10, 10) == 0xff00ff00u);
  // What the X server shows is the last frame, green.
  CHECK(f.shownPixel(10, 10, 0x00ff00) == 0x00ff00u);
  CHECK(f.shownPixel(159, 119, 0x00ff00) == 0x00ff00u);
  DXGI_FRAME_STATISTICS stats{};
  CHECK((f.swapchain->GetFrameStatistics(&stats) == S_OK && stats.PresentCount >= 1));
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_TEST) == S_OK);

  // The window grows; ResizeBuffers(0, 0, 0) takes its new size and frames show at that size.
  f.window.resize(240, 180);
  REQUIRE(f.swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  REQUIRE(f.swapchain->GetDesc1(&desc) == S_OK);
  CHECK(desc.Width == 240);
  CHECK(desc.Height == 180);
  CHECK(desc.BufferCount == 2);
  for (int frame = 0; frame < 3; ++frame) {
    f.render(kBlue);
    CHECK(f.swapchain->Present(1, 0) == S_OK);
  }
  CHECK(f.backBufferTexel(239, 179) == 0xffff0000u);
  CHECK(f.shownPixel(239, 179, 0x0000ff) == 0x0000ffu);

  // A smaller BGRA buffer is stretched over the window.
  REQUIRE(f.swapchain->ResizeBuffers(0, 64, 64, DXGI_FORMAT_B8G8R8A8_UNORM, 0) == S_OK);
  f.render(kRed);
  CHECK(f.swapchain->Present(0, 0) == S_OK);
  CHECK(f.backBufferTexel(63, 63) == 0xffff0000u);  // BGRA order in memory
  CHECK(f.shownPixel(200, 150, 0xff0000) == 0xff0000u);

  // Held buffers block ResizeBuffers, as documented.
  ComPtr<ID3D11Texture2D> held;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), held.putVoid()) == S_OK);
  // The application's reference is the buffer's only one: the swapchain holds it privately
  // (Windows: a count of 1 after GetBuffer).
  held->AddRef();
  CHECK(held->Release() == 1);
  CHECK(f.swapchain->ResizeBuffers(0, 32, 32, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);
  held = nullptr;
  // Released by the application, the buffer is still the swapchain's, and given out again.
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), held.putVoid()) == S_OK);
  D3D11_TEXTURE2D_DESC heldDesc{};
  held->GetDesc(&heldDesc);
  CHECK((heldDesc.Width == 64 && heldDesc.Height == 64));
  held = nullptr;
  BOOL fullscreen = TRUE;
  CHECK((f.swapchain->GetFullscreenState(&fullscreen, nullptr) == S_OK && !fullscreen));
  CHECK(f.swapchain->SetFullscreenState(FALSE, nullptr) == S_OK);  // already windowed
}

TEST_CASE("Present after the X11 window is destroyed fails cleanly", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  f.render(kRed);
  REQUIRE(f.swapchain->Present(1, 0) == S_OK);
  // The worker makes the Vulkan swapchain at the first present: the window must not go while it
  // does (the validation layer reads the surface's capabilities again inside vkCreateSwapchainKHR,
  // and a window destroyed between our query and that call reads as empty capabilities there).
  f.waitForPresents();
  f.window.destroy();
  f.render(kGreen);
  CHECK(f.swapchain->Present(1, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.swapchain->Present(0, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_TEST) == DXGI_ERROR_INVALID_CALL);
  UINT count = 0;
  CHECK((f.swapchain->GetLastPresentCount(&count) == S_OK && count == 1));
  // The swapchain and the device still release cleanly (the fixture checks validation).
}

TEST_CASE("Present on a lost device answers DXGI_ERROR_DEVICE_REMOVED", "[dxgi-swapchain]") {
  // The test hook (docs/command-stream.md, Device loss): submission 2 of the device is lost.
  test::Watchdog watchdog("Present on a lost device", 120);
  test::ScopedEnv lose("D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS", "1");
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  // The loss is noticed on the worker, after the Present that flushed the lost submission has
  // returned; at the latest the frame-latency wait (3 frames) of a later Present sees it.
  // The view is made before anything is submitted: creation fails once the device is removed.
  ComPtr<ID3D11Texture2D> buffer;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  ComPtr<ID3D11RenderTargetView> view;
  REQUIRE(f.device->CreateRenderTargetView(buffer.get(), nullptr, view.put()) == S_OK);
  HRESULT result = S_OK;
  int presents = 0;
  while (result == S_OK && presents < 8) {
    f.context->ClearRenderTargetView(view.get(), presents % 2 ? kGreen : kRed);
    result = f.swapchain->Present(0, 0);
    ++presents;
  }
  CHECK(result == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(presents >= 2);
  CHECK(presents <= 6);
  CHECK(f.swapchain->Present(1, 0) == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_TEST) == DXGI_ERROR_DEVICE_REMOVED);
  auto swapchain1 = f.swapchain.query<IDXGISwapChain1>();
  DXGI_PRESENT_PARAMETERS parameters{};
  CHECK(swapchain1->Present1(0, 0, &parameters) == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(f.device->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG);
  // The swapchain and the device release without hanging (the watchdog) and without validation
  // errors (the fixture).
}

TEST_CASE("Present validates the sync interval and the tearing flag", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  f.render(kRed);
  CHECK(f.swapchain->Present(5, 0) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL);  // no swapchain flag
  CHECK(f.swapchain->Present(0, 0x80000000u) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.swapchain->Present(4, DXGI_PRESENT_TEST) == S_OK);  // tests the state, presents nothing
  UINT count = 0;
  CHECK((f.swapchain->GetLastPresentCount(&count) == S_OK && count == 0));

  SwapChainFixture tearing;
  REQUIRE(tearing.create(SwapChainFixture::flipDesc(DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)) == S_OK);
  tearing.render(kGreen);
  CHECK(tearing.swapchain->Present(1, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL);  // needs interval 0
  CHECK(tearing.swapchain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == S_OK);
  CHECK(tearing.backBufferTexel(1, 1) == 0xff00ff00u);
}

TEST_CASE("Sync intervals 2 to 4 hold each frame for that many refresh periods", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  // Natively there is no output, so the refresh rate is taken as 60 Hz (docs/dxgi.md): ten
  // presents at interval 2 span at least nine periods of 2/60 s after the first one.
  // The first frame's deadline is when it arrives, after `start`.
  auto start = std::chrono::steady_clock::now();
  for (int frame = 0; frame < 10; ++frame) {
    f.render(kRed);
    REQUIRE(f.swapchain->Present(2, 0) == S_OK);
  }
  CHECK(seconds(std::chrono::steady_clock::now() - start) >= 9.0 * 2.0 / 60.0 - kTickSlack);
  start = std::chrono::steady_clock::now();
  for (int frame = 0; frame < 4; ++frame) {
    f.render(kGreen);
    REQUIRE(f.swapchain->Present(4, 0) == S_OK);
  }
  // Each follows the previous deadline by 4/60 s; the first one's counts from the last
  // interval-2 frame, which may have been a little before `start`.
  CHECK(seconds(std::chrono::steady_clock::now() - start) >= 3.0 * 4.0 / 60.0 - kTickSlack);
  UINT count = 0;
  CHECK((f.swapchain->GetLastPresentCount(&count) == S_OK && count == 14));
  CHECK(f.shownPixel(5, 5, 0x00ff00) == 0x00ff00u);
}

TEST_CASE("Frame latency bounds the presents in flight on the GPU timeline", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  auto dxgiDevice = f.device.query<IDXGIDevice1>();
  REQUIRE(dxgiDevice);
  SECTION("IDXGIDevice1::SetMaximumFrameLatency(1)") {
    REQUIRE(dxgiDevice->SetMaximumFrameLatency(1) == S_OK);
    checkLatencyBound(f, 1, 8);
  }
  SECTION("IDXGIDevice1::SetMaximumFrameLatency(2)") {
    REQUIRE(dxgiDevice->SetMaximumFrameLatency(2) == S_OK);
    checkLatencyBound(f, 2, 8);
  }
  SECTION("the default, 3") {
    checkLatencyBound(f, 3, 8);
  }
}

TEST_CASE("The frame latency waitable object is signalled as each frame slot frees", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc(DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)) == S_OK);
  auto swapchain2 = f.swapchain.query<IDXGISwapChain2>();
  REQUIRE(swapchain2);
  HANDLE waitable = swapchain2->GetFrameLatencyWaitableObject();
  REQUIRE(waitable);
  UINT latency = 0;
  CHECK((swapchain2->GetMaximumFrameLatency(&latency) == S_OK && latency == 1));
  bool ordered = true;
  for (int frame = 0; frame < 6; ++frame) {
    // The slot of the previous frame is free only once that frame finished on the GPU.
    REQUIRE(takeWaitable(waitable, 5000));
    if (frame)
      ordered &= f.timeline().completed() >= f.lastSubmission();
    f.render(frame % 2 ? kGreen : kRed, 32);
    REQUIRE(f.swapchain->Present(0, 0) == S_OK);
  }
  CHECK(ordered);
  REQUIRE(takeWaitable(waitable, 5000));
  CHECK_FALSE(takeWaitable(waitable, 0));  // one slot: taken

  // A higher latency frees that many more slots at once.
  CHECK(swapchain2->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(swapchain2->SetMaximumFrameLatency(3) == S_OK);
  CHECK(takeWaitable(waitable, 0));
  CHECK(takeWaitable(waitable, 0));
  CHECK_FALSE(takeWaitable(waitable, 0));
  close(int(reinterpret_cast<intptr_t>(waitable)));
}

TEST_CASE("dxgi.maxFrameRate = 30 paces Present", "[.dxgi-limiter]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  // Interval 0 would not wait at all; the limiter holds each present 1/30 s after the previous
  // one's deadline, so ten presents span at least 9/30 s after the first.
  auto start = std::chrono::steady_clock::now();
  for (int frame = 0; frame < 10; ++frame) {
    f.render(frame % 2 ? kGreen : kRed);
    REQUIRE(f.swapchain->Present(0, 0) == S_OK);
  }
  CHECK(seconds(std::chrono::steady_clock::now() - start) >= 9.0 / 30.0 - kTickSlack);
  // DO_NOT_WAIT refuses a present the limiter would hold, and presents it once it is due.
  f.render(kBlue);
  REQUIRE(f.swapchain->Present(0, 0) == S_OK);
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_DO_NOT_WAIT) == DXGI_ERROR_WAS_STILL_DRAWING);
  std::this_thread::sleep_for(std::chrono::milliseconds(40));
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_DO_NOT_WAIT) == S_OK);
  UINT count = 0;
  CHECK((f.swapchain->GetLastPresentCount(&count) == S_OK && count == 12));
  // DXGI_PRESENT_TEST presents nothing and is not paced.
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < 5; ++i)
    CHECK(f.swapchain->Present(0, DXGI_PRESENT_TEST) == S_OK);
  CHECK(seconds(std::chrono::steady_clock::now() - start) < 5.0 / 30.0);
}

TEST_CASE("dxgi.maxFrameLatency = 2 and dxgi.syncInterval = 0 override the application", "[.dxgi-latency-config]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc(DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)) == S_OK);
  auto swapchain2 = f.swapchain.query<IDXGISwapChain2>();
  REQUIRE(swapchain2);
  HANDLE waitable = swapchain2->GetFrameLatencyWaitableObject();
  REQUIRE(waitable);
  // The swapchain's default is 1; the configured 2 gives two free slots from the start.
  CHECK(takeWaitable(waitable, 0));
  CHECK(takeWaitable(waitable, 0));
  CHECK_FALSE(takeWaitable(waitable, 0));
  // SetMaximumFrameLatency is accepted and reported, but the configured latency stays in effect.
  REQUIRE(swapchain2->SetMaximumFrameLatency(4) == S_OK);
  UINT latency = 0;
  CHECK((swapchain2->GetMaximumFrameLatency(&latency) == S_OK && latency == 4));
  CHECK_FALSE(takeWaitable(waitable, 0));
  // dxgi.syncInterval = 0: interval 4 would hold ten frames for 36/60 s; overridden, it does not.
  auto start = std::chrono::steady_clock::now();
  for (int frame = 0; frame < 10; ++frame) {
    f.render(kRed);
    REQUIRE(f.swapchain->Present(4, 0) == S_OK);
  }
  CHECK(seconds(std::chrono::steady_clock::now() - start) < 36.0 / 60.0);
  checkLatencyBound(f, 2, 6);
  close(int(reinterpret_cast<intptr_t>(waitable)));

  // The device's latency is overridden too.
  SwapChainFixture g;
  REQUIRE(g.create(SwapChainFixture::flipDesc()) == S_OK);
  auto dxgiDevice = g.device.query<IDXGIDevice1>();
  REQUIRE(dxgiDevice);
  REQUIRE(dxgiDevice->SetMaximumFrameLatency(16) == S_OK);
  checkLatencyBound(g, 2, 6);
}

TEST_CASE("A multisampled back buffer is resolved at Present", "[dxgi-swapchain]") {
  SwapChainFixture f(96, 64);
  if (f.skipped)
    return;
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  desc.BufferCount = 1;
  desc.SampleDesc.Count = 4;  // lavapipe and every D3D11 device at 10_1 and up offer 4x for RGBA8
  REQUIRE(f.create(desc) == S_OK);
  ComPtr<ID3D11Texture2D> buffer;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  D3D11_TEXTURE2D_DESC texture{};
  buffer->GetDesc(&texture);
  CHECK(texture.SampleDesc.Count == 4);
  buffer = nullptr;
  for (int frame = 0; frame < 3; ++frame) {
    f.render(frame == 2 ? kBlue : kRed);
    CHECK(f.swapchain->Present(1, 0) == S_OK);
  }
  CHECK(f.shownPixel(50, 30, 0x0000ff) == 0x0000ffu);
  // ResizeBuffers keeps the sample count; the resolve target follows the new size.
  REQUIRE(f.swapchain->ResizeBuffers(0, 32, 32, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  f.render(kGreen);
  CHECK(f.swapchain->Present(0, 0) == S_OK);
  CHECK(f.shownPixel(90, 60, 0x00ff00) == 0x00ff00u);
  // A sample count the device does not offer fails as CreateTexture2D does.
  desc.SampleDesc.Count = 3;
  ComPtr<IDXGISwapChain1> odd;
  CHECK(FAILED(f.factory->CreateSwapChainForHwnd(f.device.get(), f.hwnd(), &desc, nullptr, nullptr, odd.put())));
  CHECK(!odd);
}

TEST_CASE("Tearing is reported where the window surface offers IMMEDIATE", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  auto factory5 = f.factory.query<IDXGIFactory5>();
  REQUIRE(factory5);
  BOOL allowTearing = FALSE;
  REQUIRE(factory5->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &allowTearing, sizeof(allowTearing)) == S_OK);
  // lavapipe's X11 surfaces (Xvfb) offer VK_PRESENT_MODE_IMMEDIATE_KHR.
  CHECK(allowTearing == TRUE);
  // Blt-model swapchains cannot tear.
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc(DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING);
  desc.SwapEffect = DXGI_SWAP_EFFECT_SEQUENTIAL;
  CHECK(f.create(desc) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(f.create(SwapChainFixture::flipDesc(DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING)) == S_OK);
  f.render(kBlue);
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == S_OK);
  CHECK(f.shownPixel(5, 5, 0x0000ff) == 0x0000ffu);
  CHECK(f.swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);  // the flag must stay
}

TEST_CASE("Natively the X screen's monitors are the first adapter's outputs", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  ComPtr<IDXGIAdapter> adapter;
  REQUIRE(f.factory->EnumAdapters(0, adapter.put()) == S_OK);
  ComPtr<IDXGIOutput> output;
  REQUIRE(adapter->EnumOutputs(0, output.put()) == S_OK);
  DXGI_OUTPUT_DESC desc{};
  REQUIRE(output->GetDesc(&desc) == S_OK);
  CHECK(desc.AttachedToDesktop);
  CHECK(desc.DeviceName[0] != 0);  // the RandR output's name
  CHECK(desc.Monitor != nullptr);
  const RECT area = desc.DesktopCoordinates;
  const UINT width = UINT(area.right - area.left), height = UINT(area.bottom - area.top);
  unsigned screenWidth = 0, screenHeight = 0;
  REQUIRE(f.window.screenSize(&screenWidth, &screenHeight));
  std::string name;
  for (size_t i = 0; i < std::size(desc.DeviceName) && desc.DeviceName[i]; ++i)
    name += char(desc.DeviceName[i]);
  INFO("output 0 '" << name << "': " << area.left << "," << area.top << " " << width << "x" << height << " on a "
                    << screenWidth << "x" << screenHeight << " screen");
  CHECK(width > 0);
  CHECK(height > 0);
  CHECK((area.left >= 0 && area.top >= 0 && UINT(area.right) <= screenWidth && UINT(area.bottom) <= screenHeight));
  // The list ends with DXGI_ERROR_NOT_FOUND.
  UINT outputs = 1;
  for (; outputs < 16; ++outputs) {
    ComPtr<IDXGIOutput> more;
    if (adapter->EnumOutputs(outputs, more.put()) == DXGI_ERROR_NOT_FOUND)
      break;
  }
  CHECK(outputs < 16);

  // Every display format lists the output's current size among its modes.
  for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_B8G8R8A8_UNORM,
                             DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, DXGI_FORMAT_R10G10B10A2_UNORM,
                             DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT}) {
    INFO("format " << int(format));
    UINT count = 0;
    REQUIRE(output->GetDisplayModeList(format, 0, &count, nullptr) == S_OK);
    REQUIRE(count >= 1);
    std::vector<DXGI_MODE_DESC> modes(count);
    REQUIRE(output->GetDisplayModeList(format, 0, &count, modes.data()) == S_OK);
    bool current = false;
    for (const DXGI_MODE_DESC& mode : modes) {
      CHECK(mode.Format == format);
      CHECK(mode.RefreshRate.Denominator != 0);
      current |= mode.Width == width && mode.Height == height && mode.RefreshRate.Numerator != 0;
    }
    CHECK(current);
  }
  UINT none = 5;
  CHECK((output->GetDisplayModeList(DXGI_FORMAT_R32_FLOAT, 0, &none, nullptr) == S_OK && none == 0));
  // An empty request moves towards the current mode.
  DXGI_MODE_DESC request{};
  request.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  DXGI_MODE_DESC match{};
  REQUIRE(output->FindClosestMatchingMode(&request, &match, nullptr) == S_OK);
  INFO("current mode " << match.Width << "x" << match.Height << " at " << match.RefreshRate.Numerator << "/"
                       << match.RefreshRate.Denominator << " Hz");
  CHECK(match.Width == width);
  CHECK(match.Height == height);
  CHECK(match.RefreshRate.Numerator != 0);
  // Natively WaitForVBlank sleeps to the next period of the output's refresh rate.
  CHECK(output->WaitForVBlank() == S_OK);

  // A window on the output is contained by it.
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  ComPtr<IDXGIOutput> containing;
  REQUIRE(f.swapchain->GetContainingOutput(containing.put()) == S_OK);
  DXGI_OUTPUT_DESC containingDesc{};
  REQUIRE(containing->GetDesc(&containingDesc) == S_OK);
  CHECK(containingDesc.Monitor == desc.Monitor);
}

TEST_CASE("Native fullscreen puts the X11 window over the output and back", "[dxgi-swapchain]") {
  SwapChainFixture f(200, 150);
  if (f.skipped)
    return;
  f.window.move(30, 40);
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  int x0 = 0, y0 = 0;
  unsigned width0 = 0, height0 = 0, border0 = 0;
  REQUIRE(f.window.rootRect(&x0, &y0, &width0, &height0, &border0));
  CHECK((x0 == 30 && y0 == 40 && width0 == 200 && height0 == 150));
  ComPtr<IDXGIOutput> containing;
  REQUIRE(f.swapchain->GetContainingOutput(containing.put()) == S_OK);
  DXGI_OUTPUT_DESC outputDesc{};
  REQUIRE(containing->GetDesc(&outputDesc) == S_OK);
  const RECT area = outputDesc.DesktopCoordinates;
  const UINT outputWidth = UINT(area.right - area.left), outputHeight = UINT(area.bottom - area.top);

  REQUIRE(f.swapchain->SetFullscreenState(TRUE, nullptr) == S_OK);
  BOOL fullscreen = FALSE;
  ComPtr<IDXGIOutput> target;
  CHECK(f.swapchain->GetFullscreenState(&fullscreen, target.put()) == S_OK);
  CHECK(fullscreen);
  REQUIRE(target);
  DXGI_OUTPUT_DESC targetDesc{};
  REQUIRE(target->GetDesc(&targetDesc) == S_OK);
  CHECK(targetDesc.Monitor == outputDesc.Monitor);
  // In fullscreen the containing output is the target object itself (Windows 10).
  ComPtr<IDXGIOutput> stillContaining;
  REQUIRE(f.swapchain->GetContainingOutput(stillContaining.put()) == S_OK);
  CHECK(stillContaining.get() == target.get());
  DXGI_SWAP_CHAIN_DESC desc{};
  REQUIRE(f.swapchain->GetDesc(&desc) == S_OK);
  CHECK(!desc.Windowed);
  // The window covers the output exactly, without a border.
  int x = -1, y = -1;
  unsigned width = 0, height = 0, border = 9;
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK(x == area.left);
  CHECK(y == area.top);
  CHECK(width == outputWidth);
  CHECK(height == outputHeight);
  CHECK(border == 0);
  // Asked again for the same output: nothing changes.
  CHECK(f.swapchain->SetFullscreenState(TRUE, target.get()) == S_OK);
  // Gamma control belongs to the fullscreen output now: 1025 control points; nothing to read
  // back before a ramp is set; a set ramp is seen through the containing output (the same
  // display); a ramp with a NaN is refused and not stored.
  DXGI_GAMMA_CONTROL_CAPABILITIES gammaCaps{};
  REQUIRE(target->GetGammaControlCapabilities(&gammaCaps) == S_OK);
  CHECK(gammaCaps.NumGammaControlPoints == 1025);
  CHECK((gammaCaps.ControlPointPositions[0] == 0.0f && gammaCaps.ControlPointPositions[1024] == 1.0f));
  DXGI_GAMMA_CONTROL gamma{};
  CHECK(target->GetGammaControl(&gamma) == DXGI_ERROR_INVALID_CALL);
  gamma.Scale = {1.0f, 1.0f, 1.0f};
  gamma.GammaCurve[512].Green = 0.25f;
  REQUIRE(target->SetGammaControl(&gamma) == S_OK);
  DXGI_GAMMA_CONTROL read{};
  REQUIRE(containing->GetGammaControl(&read) == S_OK);
  CHECK(read.GammaCurve[512].Green == 0.25f);
  gamma.GammaCurve[3].Red = std::numeric_limits<float>::quiet_NaN();
  CHECK(target->SetGammaControl(&gamma) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(target->GetGammaControl(&read) == S_OK);
  CHECK(read.GammaCurve[3].Red == 0.0f);

  // As applications do on the size change: buffers at the output's size, frames read back.
  REQUIRE(f.swapchain->ResizeBuffers(0, outputWidth, outputHeight, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  for (int frame = 0; frame < 3; ++frame) {
    f.render(frame == 2 ? kBlue : kRed);
    CHECK(f.swapchain->Present(1, 0) == S_OK);
  }
  CHECK(f.backBufferTexel(0, 0) == 0xffff0000u);
  CHECK(f.backBufferTexel(outputWidth - 1, outputHeight - 1) == 0xffff0000u);
  CHECK(f.shownPixel(int(outputWidth) - 1, int(outputHeight) - 1, 0x0000ff) == 0x0000ffu);
  CHECK(f.shownPixel(0, 0, 0x0000ff) == 0x0000ffu);
  // GetDisplaySurfaceData copies the shown image: at the output's size and format one copy; into
  // a half-size B8G8R8A8 staging texture point-sampled and converted (blue stays blue).
  {
    auto readStaging = [&](ID3D11Texture2D* texture, UINT x, UINT y) {
      ComPtr<ID3D11DeviceContext> context;
      f.device->GetImmediateContext(context.put());
      D3D11_MAPPED_SUBRESOURCE mapped{};
      REQUIRE(context->Map(texture, 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
      uint32_t texel = 0;
      std::memcpy(&texel, static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch + size_t(x) * 4, 4);
      context->Unmap(texture, 0);
      return texel;
    };
    D3D11_TEXTURE2D_DESC surfaceDesc = stagingSurfaceDesc(outputWidth, outputHeight);
    ComPtr<ID3D11Texture2D> same, half;
    REQUIRE(f.device->CreateTexture2D(&surfaceDesc, nullptr, same.put()) == S_OK);
    surfaceDesc.Width /= 2;
    surfaceDesc.Height /= 2;
    surfaceDesc.Format = DXGI_FORMAT_B8G8R8A8_UNORM;
    REQUIRE(f.device->CreateTexture2D(&surfaceDesc, nullptr, half.put()) == S_OK);
    CHECK(target->GetDisplaySurfaceData(same.query<IDXGISurface>().get()) == S_OK);
    CHECK(readStaging(same.get(), outputWidth - 1, outputHeight - 1) == 0xffff0000u);  // RGBA blue
    CHECK(containing.query<IDXGIOutput1>()->GetDisplaySurfaceData1(half.query<IDXGIResource>().get()) == S_OK);
    CHECK(readStaging(half.get(), surfaceDesc.Width / 2, surfaceDesc.Height / 2) == 0xff0000ffu);  // BGRA blue
    CHECK(target->GetDisplaySurfaceData(nullptr) == DXGI_ERROR_INVALID_CALL);
    // SetDisplaySurface: between TakeOwnership and ReleaseOwnership, a back buffer of the
    // swapchain fullscreen on the output is accepted (what it already shows); a surface that is
    // no back buffer, or the call without ownership, is DXGI_ERROR_INVALID_CALL.
    ComPtr<IDXGISurface> backBuffer;
    REQUIRE(f.swapchain->GetBuffer(0, __uuidof(IDXGISurface), backBuffer.putVoid()) == S_OK);
    CHECK(target->SetDisplaySurface(backBuffer.get()) == DXGI_ERROR_INVALID_CALL);
    REQUIRE(target->TakeOwnership(f.device.get(), TRUE) == S_OK);
    CHECK(target->SetDisplaySurface(backBuffer.get()) == S_OK);
    CHECK(target->SetDisplaySurface(same.query<IDXGISurface>().get()) == DXGI_ERROR_INVALID_CALL);
    CHECK(target->SetDisplaySurface(nullptr) == DXGI_ERROR_INVALID_CALL);
    target->ReleaseOwnership();
  }
  // ResizeTarget in fullscreen keeps the output covered (no mode switch natively).
  DXGI_MODE_DESC target640{};
  target640.Width = 640;
  target640.Height = 480;
  target640.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  CHECK(f.swapchain->ResizeTarget(&target640) == S_OK);
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK((x == area.left && y == area.top && width == outputWidth && height == outputHeight));
  // DXGI_PRESENT_ALLOW_TEARING is refused in fullscreen (documented); FALSE takes no output.
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_ALLOW_TEARING) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.swapchain->SetFullscreenState(FALSE, target.get()) == DXGI_ERROR_INVALID_CALL);
  target = nullptr;

  // Leaving puts the window back where and as large as it was, and ends gamma control.
  REQUIRE(f.swapchain->SetFullscreenState(FALSE, nullptr) == S_OK);
  CHECK(containing->GetGammaControl(&read) == DXGI_ERROR_INVALID_CALL);
  CHECK(containing->GetGammaControlCapabilities(&gammaCaps) == DXGI_ERROR_INVALID_CALL);
  {
    // Windowed there is no display surface to copy (documented: fullscreen only).
    const D3D11_TEXTURE2D_DESC surfaceDesc = stagingSurfaceDesc(4, 4);
    ComPtr<ID3D11Texture2D> tiny;
    REQUIRE(f.device->CreateTexture2D(&surfaceDesc, nullptr, tiny.put()) == S_OK);
    CHECK(containing->GetDisplaySurfaceData(tiny.query<IDXGISurface>().get()) == DXGI_ERROR_INVALID_CALL);
    // Nor a swapchain to scan out: SetDisplaySurface refuses even its own back buffer.
    ComPtr<IDXGISurface> backBuffer;
    REQUIRE(f.swapchain->GetBuffer(0, __uuidof(IDXGISurface), backBuffer.putVoid()) == S_OK);
    REQUIRE(containing->TakeOwnership(f.device.get(), TRUE) == S_OK);
    CHECK(containing->SetDisplaySurface(backBuffer.get()) == DXGI_ERROR_INVALID_CALL);
    containing->ReleaseOwnership();
  }
  CHECK(f.swapchain->GetFullscreenState(&fullscreen, target.put()) == S_OK);
  CHECK(!fullscreen);
  CHECK(!target);
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK(x == x0);
  CHECK(y == y0);
  CHECK(width == width0);
  CHECK(height == height0);
  CHECK(border == border0);
  REQUIRE(f.swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 desc1{};
  REQUIRE(f.swapchain->GetDesc1(&desc1) == S_OK);
  CHECK((desc1.Width == width0 && desc1.Height == height0));
  f.render(kGreen);
  CHECK(f.swapchain->Present(0, 0) == S_OK);
  CHECK(f.shownPixel(int(width0) - 1, int(height0) - 1, 0x00ff00) == 0x00ff00u);

  // Windowed, ResizeTarget resizes the X11 window; ResizeBuffers(0, 0, 0) follows it.
  DXGI_MODE_DESC smaller{};
  smaller.Width = 120;
  smaller.Height = 90;
  CHECK(f.swapchain->ResizeTarget(&smaller) == S_OK);
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK((x == x0 && y == y0 && width == 120 && height == 90));
  REQUIRE(f.swapchain->ResizeBuffers(0, 0, 0, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  REQUIRE(f.swapchain->GetDesc1(&desc1) == S_OK);
  CHECK((desc1.Width == 120 && desc1.Height == 90));
  CHECK(f.swapchain->ResizeTarget(nullptr) == DXGI_ERROR_INVALID_CALL);
  f.window.resize(width0, height0);

  // Released in fullscreen (an application error, logged): the window is put back all the same.
  REQUIRE(f.swapchain->SetFullscreenState(TRUE, nullptr) == S_OK);
  f.swapchain = nullptr;
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK((x == x0 && y == y0 && width == width0 && height == height0));

  // A description with Windowed = FALSE starts fullscreen.
  DXGI_SWAP_CHAIN_DESC1 flip = SwapChainFixture::flipDesc();
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreenDesc{};
  fullscreenDesc.Windowed = FALSE;
  REQUIRE(f.factory->CreateSwapChainForHwnd(f.device.get(), f.hwnd(), &flip, &fullscreenDesc, nullptr, f.swapchain.put()) == S_OK);
  CHECK((f.swapchain->GetFullscreenState(&fullscreen, nullptr) == S_OK && fullscreen));
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK((x == area.left && y == area.top && width == outputWidth && height == outputHeight));
  REQUIRE(f.swapchain->SetFullscreenState(FALSE, nullptr) == S_OK);
  REQUIRE(f.window.rootRect(&x, &y, &width, &height, &border));
  CHECK((x == x0 && y == y0 && width == width0 && height == height0));
}

TEST_CASE("GetBuffer above 0 follows the swap effect", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT;
  REQUIRE(f.create(desc) == S_OK);
  ComPtr<ID3D11Texture2D> buffer;
  CHECK(f.swapchain->GetBuffer(1, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
  CHECK(!buffer);
  // IDXGIResource::GetUsage of a back buffer: the description's usage and DXGI_USAGE_BACK_BUFFER
  // (and DISCARD_ON_PRESENT for the DISCARD effect).
  auto usageOf = [&](UINT index) -> DXGI_USAGE {
    ComPtr<IDXGIResource> resource;
    REQUIRE(f.swapchain->GetBuffer(index, __uuidof(IDXGIResource), resource.putVoid()) == S_OK);
    DXGI_USAGE usage = 0;
    REQUIRE(resource->GetUsage(&usage) == S_OK);
    return usage;
  };
  CHECK(usageOf(0) == (DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT | DXGI_USAGE_BACK_BUFFER |
                       DXGI_USAGE_DISCARD_ON_PRESENT));
  f.swapchain = nullptr;

  auto effect = GENERATE(DXGI_SWAP_EFFECT_SEQUENTIAL, DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL);
  INFO("swap effect " << int(effect));
  desc.SwapEffect = effect;
  desc.BufferCount = 3;
  REQUIRE(f.create(desc) == S_OK);
  REQUIRE(f.swapchain->GetBuffer(1, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  buffer->AddRef();
  CHECK(buffer->Release() == 1);  // held privately by the swapchain, as buffer 0
  ComPtr<ID3D11RenderTargetView> view;
  CHECK(FAILED(f.device->CreateRenderTargetView(buffer.get(), nullptr, view.put())));  // read-only
  CHECK(!view);
  buffer = nullptr;
  // Buffer 0 is a back buffer; buffers above it are read-only back buffers (documented usage).
  constexpr DXGI_USAGE kDescribed = DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT | DXGI_USAGE_BACK_BUFFER;
  CHECK(usageOf(0) == kDescribed);
  CHECK(usageOf(1) == (kDescribed | DXGI_USAGE_READ_ONLY));
  CHECK(usageOf(2) == (kDescribed | DXGI_USAGE_READ_ONLY));
  CHECK(f.swapchain->GetBuffer(3, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
  // Red, green, blue presented: buffer 2 holds the last frame, 1 the one before, 0 the oldest.
  for (const float* color : {kRed, kGreen, kBlue}) {
    f.render(color);
    REQUIRE(f.swapchain->Present(0, 0) == S_OK);
  }
  CHECK(f.backBufferTexel(2, 2, 2) == 0xffff0000u);
  CHECK(f.backBufferTexel(2, 2, 1) == 0xff00ff00u);
  CHECK(f.backBufferTexel(2, 2, 0) == 0xff0000ffu);
  // ResizeBuffers refuses while a buffer above 0 is held, and succeeds once it is released.
  REQUIRE(f.swapchain->GetBuffer(2, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  CHECK(f.swapchain->ResizeBuffers(0, 64, 64, DXGI_FORMAT_UNKNOWN, 0) == DXGI_ERROR_INVALID_CALL);
  buffer = nullptr;
  CHECK(f.swapchain->ResizeBuffers(0, 64, 64, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  REQUIRE(f.swapchain->GetBuffer(2, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  D3D11_TEXTURE2D_DESC resized{};
  buffer->GetDesc(&resized);
  CHECK((resized.Width == 64 && resized.Height == 64));
}

TEST_CASE("An unmapped (minimised) X11 window is occluded and the registrations are told", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  REQUIRE(f.create(SwapChainFixture::flipDesc()) == S_OK);
  // Natively occlusion events are eventfds (docs/dxgi.md).
  int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  REQUIRE(fd >= 0);
  DWORD cookie = 0;
  REQUIRE(f.factory->RegisterOcclusionStatusEvent(reinterpret_cast<HANDLE>(intptr_t(fd)), &cookie) == S_OK);
  auto notifications = [&] {
    uint64_t value = 0;
    return read(fd, &value, sizeof(value)) == sizeof(value) ? value : 0;
  };
  f.render(kRed);
  CHECK(f.swapchain->Present(0, 0) == S_OK);
  CHECK(notifications() == 0);
  UINT before = 0, after = 0;
  f.swapchain->GetLastPresentCount(&before);
  f.window.unmap();
  CHECK(f.swapchain->Present(0, DXGI_PRESENT_TEST) == DXGI_STATUS_OCCLUDED);
  f.render(kGreen);
  CHECK(f.swapchain->Present(0, 0) == DXGI_STATUS_OCCLUDED);
  f.swapchain->GetLastPresentCount(&after);
  CHECK(after == before);  // nothing presented
  CHECK(notifications() == 1);  // one change: visible -> occluded
  f.window.map();
  CHECK(f.swapchain->Present(0, 0) == S_OK);
  CHECK(notifications() == 1);  // occluded -> visible
  CHECK(f.shownPixel(5, 5, 0x00ff00) == 0x00ff00u);
  f.factory->UnregisterOcclusionStatus(cookie);
  close(fd);
}

TEST_CASE("Buffer 0 takes render-target views of its _SRGB twin; shader-resource views and other textures do not",
          "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT;
  REQUIRE(f.create(desc) == S_OK);
  ComPtr<ID3D11Texture2D> buffer;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rtvDesc{};
  rtvDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  rtvDesc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  ComPtr<ID3D11RenderTargetView> srgbView;
  REQUIRE(f.device->CreateRenderTargetView(buffer.get(), &rtvDesc, srgbView.put()) == S_OK);
  // Written through the sRGB view, 0.5 is stored encoded (0.735 of 255: 187 or 188), 1.0 as 255.
  const float grey[4] = {0.5f, 0.5f, 1.0f, 1.0f};
  f.context->ClearRenderTargetView(srgbView.get(), grey);
  const uint32_t texel = f.backBufferTexel(3, 3);
  CHECK(((texel & 0xff) == 187 || (texel & 0xff) == 188));
  CHECK((texel >> 16 & 0xff) == 255);
  // Only render targets: a shader-resource view keeps to the buffer's own format.
  D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
  srvDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  srvDesc.Texture2D.MipLevels = 1;
  ComPtr<ID3D11ShaderResourceView> srv;
  CHECK(f.device->CreateShaderResourceView(buffer.get(), &srvDesc, srv.put()) == E_INVALIDARG);
  // Only swapchain buffers: an application's R8G8B8A8_UNORM texture takes no sRGB view.
  D3D11_TEXTURE2D_DESC plainDesc{};
  buffer->GetDesc(&plainDesc);
  ComPtr<ID3D11Texture2D> plain;
  REQUIRE(f.device->CreateTexture2D(&plainDesc, nullptr, plain.put()) == S_OK);
  ComPtr<ID3D11RenderTargetView> refused;
  CHECK(f.device->CreateRenderTargetView(plain.get(), &rtvDesc, refused.put()) == E_INVALIDARG);
  CHECK(!refused);
}

TEST_CASE("Buffers above 0 of a sequential swapchain are described as render targets but refuse writing views",
          "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.SwapEffect = DXGI_SWAP_EFFECT_SEQUENTIAL;
  desc.BufferCount = 3;
  desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT;
  REQUIRE(f.create(desc) == S_OK);
  for (UINT index : {0u, 1u, 2u}) {
    INFO("buffer " << index);
    ComPtr<ID3D11Texture2D> buffer;
    REQUIRE(f.swapchain->GetBuffer(index, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
    D3D11_TEXTURE2D_DESC described{};
    buffer->GetDesc(&described);
    CHECK((described.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) ==
          (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE));
    ComPtr<ID3D11RenderTargetView> view;
    CHECK((f.device->CreateRenderTargetView(buffer.get(), nullptr, view.put()) == S_OK) == (index == 0));
    ComPtr<ID3D11ShaderResourceView> srv;
    CHECK(f.device->CreateShaderResourceView(buffer.get(), nullptr, srv.put()) == S_OK);
  }
}

TEST_CASE("Swapchain formats: E_INVALIDARG for formats not displayed at the device's feature level", "[dxgi-swapchain]") {
  SwapChainFixture f;
  if (f.skipped)
    return;
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.Format = DXGI_FORMAT_R8G8B8A8_TYPELESS;
  CHECK(f.create(desc) == E_INVALIDARG);
  desc.Format = DXGI_FORMAT_R16G16B16A16_FLOAT;
  CHECK(f.create(desc) == S_OK);
  f.swapchain = nullptr;
  // At 9_3 the 8-bit formats only.
  ComPtr<ID3D11Device> level9;
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_9_3;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, level9.put(), nullptr,
                            nullptr) == S_OK);
  for (DXGI_FORMAT format : {DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R10G10B10A2_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM}) {
    INFO("format " << int(format));
    desc.Format = format;
    ComPtr<IDXGISwapChain1> swapchain;
    const HRESULT result = f.factory->CreateSwapChainForHwnd(level9.get(), f.hwnd(), &desc, nullptr, nullptr, swapchain.put());
    CHECK(result == (format == DXGI_FORMAT_B8G8R8A8_UNORM ? S_OK : E_INVALIDARG));
  }
}
