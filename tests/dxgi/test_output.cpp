// Integration: DxgiOutput (IDXGIOutput through IDXGIOutput6) over a made-up monitor, since the
// native build has none of its own: descriptions, mode lists with their flags and MORE_DATA,
// FindClosestMatchingMode's matching rules, vblank, gamma, ownership and the refusals.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "dxgi/dxgi_output.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using d3d11vk::DisplayMode;
using d3d11vk::DxgiOutput;
using d3d11vk::Monitor;
using util::ComPtr;

namespace {

DisplayMode mode(UINT width, UINT height, UINT hz, bool interlaced = false) {
  return DisplayMode{width, height, hz, 1, interlaced};
}

// A 1920x1080 desktop at 60 Hz with a typical list, one duplicate and one interlaced mode.
Monitor testMonitor(const char16_t* name = u"\\\\.\\DISPLAY1") {
  Monitor monitor;
  monitor.deviceName = name;
  monitor.desktopCoordinates = {0, 0, 1920, 1080};
  monitor.handle = reinterpret_cast<HMONITOR>(0x1);
  monitor.current = mode(1920, 1080, 60);
  monitor.modes = {mode(1920, 1080, 60), mode(1920, 1080, 60), mode(1920, 1080, 50), mode(1280, 720, 60),
                   mode(1024, 768, 60),  mode(1024, 768, 75),  mode(800, 600, 60),   mode(720, 480, 60, true)};
  return monitor;
}

struct Fixture {
  ComPtr<IDXGIFactory1> factory;
  ComPtr<IDXGIAdapter1> adapter;
  ComPtr<IDXGIOutput6> output;

  explicit Fixture(Monitor monitor = testMonitor()) {
    REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
    REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
    output = ComPtr<IDXGIOutput6>::adopt(new DxgiOutput(adapter.get(), std::move(monitor)));
  }
};

std::vector<DXGI_MODE_DESC> modeList(IDXGIOutput* output, DXGI_FORMAT format, UINT flags) {
  UINT count = 0;
  REQUIRE(output->GetDisplayModeList(format, flags, &count, nullptr) == S_OK);
  std::vector<DXGI_MODE_DESC> modes(count);
  if (count)
    REQUIRE(output->GetDisplayModeList(format, flags, &count, modes.data()) == S_OK);
  REQUIRE(count == modes.size());
  return modes;
}

DXGI_MODE_DESC request(UINT width, UINT height, UINT hz, DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM) {
  DXGI_MODE_DESC desc{};
  desc.Width = width;
  desc.Height = height;
  desc.RefreshRate = {hz, hz ? 1u : 0u};
  desc.Format = format;
  return desc;
}

}  // namespace

TEST_CASE("an output answers IDXGIOutput1-6, its parent is the adapter, and GetDesc(1) describe the monitor", "[dxgi]") {
  Fixture f;
  for (const IID& iid : {__uuidof(IDXGIOutput), __uuidof(IDXGIOutput1), __uuidof(IDXGIOutput2), __uuidof(IDXGIOutput3),
                         __uuidof(IDXGIOutput4), __uuidof(IDXGIOutput5), __uuidof(IDXGIObject)}) {
    ComPtr<IUnknown> face;
    CHECK(f.output->QueryInterface(iid, face.putVoid()) == S_OK);
  }
  ComPtr<IDXGIAdapter> parent;
  REQUIRE(f.output->GetParent(__uuidof(IDXGIAdapter), parent.putVoid()) == S_OK);
  CHECK(parent.query<IUnknown>().get() == f.adapter.query<IUnknown>().get());

  DXGI_OUTPUT_DESC desc{};
  REQUIRE(f.output->GetDesc(&desc) == S_OK);
  CHECK(std::u16string(reinterpret_cast<const char16_t*>(desc.DeviceName)) == u"\\\\.\\DISPLAY1");
  CHECK(desc.DesktopCoordinates.right == 1920);
  CHECK(desc.DesktopCoordinates.bottom == 1080);
  CHECK(desc.AttachedToDesktop == TRUE);
  CHECK(desc.Rotation == DXGI_MODE_ROTATION_IDENTITY);
  CHECK(desc.Monitor == reinterpret_cast<HMONITOR>(0x1));
  DXGI_OUTPUT_DESC1 desc1{};
  REQUIRE(f.output->GetDesc1(&desc1) == S_OK);
  CHECK(desc1.Monitor == desc.Monitor);
  CHECK(desc1.BitsPerColor == 8);
  CHECK(desc1.ColorSpace == DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709);
  CHECK(desc1.WhitePoint[0] == Approx(0.3127f));
  CHECK(f.output->GetDesc(nullptr) == E_INVALIDARG);
  CHECK(f.output->GetDesc1(nullptr) == E_INVALIDARG);
}

TEST_CASE("GetDisplayModeList lists unique progressive modes in ascending order, per display format", "[dxgi]") {
  Fixture f;
  std::vector<DXGI_MODE_DESC> modes = modeList(f.output.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  REQUIRE(modes.size() == 6);  // 8 listed, less the duplicate and the interlaced one
  CHECK((modes.front().Width == 800 && modes.front().Height == 600));
  CHECK((modes.back().Width == 1920 && modes.back().RefreshRate.Numerator == 60));
  CHECK(modes[modes.size() - 2].RefreshRate.Numerator == 50);  // 1920x1080 at 50 Hz before 60 Hz
  for (const DXGI_MODE_DESC& m : modes) {
    CHECK(m.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(m.ScanlineOrdering == DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE);
    CHECK(m.Scaling == DXGI_MODE_SCALING_UNSPECIFIED);
    CHECK(m.RefreshRate.Denominator == 1);
  }
  CHECK(modeList(f.output.get(), DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 0).size() == 6);
  CHECK(modeList(f.output.get(), DXGI_FORMAT_R16G16B16A16_FLOAT, 0).size() == 6);
  CHECK(modeList(f.output.get(), DXGI_FORMAT_R32_FLOAT, 0).empty());  // not a display format
  CHECK(modeList(f.output.get(), DXGI_FORMAT_UNKNOWN, 0).empty());
}

TEST_CASE("DXGI_ENUM_MODES_INTERLACED and _SCALING add interlaced and centred/stretched modes", "[dxgi]") {
  Fixture f;
  std::vector<DXGI_MODE_DESC> interlaced = modeList(f.output.get(), DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_INTERLACED);
  REQUIRE(interlaced.size() == 7);
  CHECK(std::count_if(interlaced.begin(), interlaced.end(), [](const DXGI_MODE_DESC& m) {
          return m.ScanlineOrdering == DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST && m.Width == 720;
        }) == 1);
  // Four progressive modes are below 1920x1080, each gains a centred and a stretched variant.
  std::vector<DXGI_MODE_DESC> scaling = modeList(f.output.get(), DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_SCALING);
  CHECK(scaling.size() == 6 + 2 * 4);
  CHECK(std::count_if(scaling.begin(), scaling.end(), [](const DXGI_MODE_DESC& m) {
          return m.Scaling == DXGI_MODE_SCALING_STRETCHED && m.Width == 1920;
        }) == 0);  // the largest mode is never scaled
  CHECK(modeList(f.output.get(), DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_INTERLACED | DXGI_ENUM_MODES_SCALING).size() == 7 + 2 * 5);
}

TEST_CASE("GetDisplayModeList with too small an array fills it and returns DXGI_ERROR_MORE_DATA", "[dxgi]") {
  Fixture f;
  std::vector<DXGI_MODE_DESC> all = modeList(f.output.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  std::vector<DXGI_MODE_DESC> some(3);
  UINT count = 3;
  CHECK(f.output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, some.data()) == DXGI_ERROR_MORE_DATA);
  CHECK(count == 3);
  for (size_t i = 0; i < some.size(); i++)
    CHECK((some[i].Width == all[i].Width && some[i].Height == all[i].Height));
  std::vector<DXGI_MODE_DESC> many(10);
  count = 10;
  CHECK(f.output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, many.data()) == S_OK);
  CHECK(count == 6);
  CHECK(f.output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, nullptr, nullptr) == DXGI_ERROR_INVALID_CALL);

  UINT count1 = 0;
  REQUIRE(f.output->GetDisplayModeList1(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_STEREO, &count1, nullptr) == S_OK);
  CHECK(count1 == 6);  // no stereo modes exist
  std::vector<DXGI_MODE_DESC1> modes1(count1);
  REQUIRE(f.output->GetDisplayModeList1(DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_ENUM_MODES_STEREO, &count1, modes1.data()) == S_OK);
  CHECK(std::none_of(modes1.begin(), modes1.end(), [](const DXGI_MODE_DESC1& m) { return m.Stereo; }));
  UINT one = 1;
  CHECK(f.output->GetDisplayModeList1(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &one, modes1.data()) == DXGI_ERROR_MORE_DATA);
}

TEST_CASE("FindClosestMatchingMode fills unspecified fields from the desktop and picks the closest mode", "[dxgi]") {
  Fixture f;
  DXGI_MODE_DESC match{};
  DXGI_MODE_DESC any = request(0, 0, 0);
  REQUIRE(f.output->FindClosestMatchingMode(&any, &match, nullptr) == S_OK);
  CHECK((match.Width == 1920 && match.Height == 1080 && match.RefreshRate.Numerator == 60));
  CHECK(match.ScanlineOrdering == DXGI_MODE_SCANLINE_ORDER_PROGRESSIVE);
  CHECK(match.Scaling == DXGI_MODE_SCALING_UNSPECIFIED);
  CHECK(match.Format == DXGI_FORMAT_R8G8B8A8_UNORM);

  DXGI_MODE_DESC nearby = request(1000, 700, 0);
  REQUIRE(f.output->FindClosestMatchingMode(&nearby, &match, nullptr) == S_OK);
  CHECK((match.Width == 1024 && match.Height == 768 && match.RefreshRate.Numerator == 60));  // desktop's rate

  DXGI_MODE_DESC rate = request(1024, 768, 70, DXGI_FORMAT_B8G8R8A8_UNORM);
  REQUIRE(f.output->FindClosestMatchingMode(&rate, &match, nullptr) == S_OK);
  CHECK((match.Width == 1024 && match.RefreshRate.Numerator == 75));
  CHECK(match.Format == DXGI_FORMAT_B8G8R8A8_UNORM);

  DXGI_MODE_DESC tie = request(1920, 1080, 55);  // 50 and 60 are equally close: the higher wins
  REQUIRE(f.output->FindClosestMatchingMode(&tie, &match, nullptr) == S_OK);
  CHECK(match.RefreshRate.Numerator == 60);

  DXGI_MODE_DESC big = request(4000, 3000, 0);
  REQUIRE(f.output->FindClosestMatchingMode(&big, &match, nullptr) == S_OK);
  CHECK(match.Width == 1920);

  DXGI_MODE_DESC stretched = request(800, 600, 0);
  stretched.Scaling = DXGI_MODE_SCALING_STRETCHED;
  REQUIRE(f.output->FindClosestMatchingMode(&stretched, &match, nullptr) == S_OK);
  CHECK((match.Width == 800 && match.Scaling == DXGI_MODE_SCALING_STRETCHED));

  // A specified scanline ordering is matched before the (unspecified) resolution.
  DXGI_MODE_DESC interlaced = request(0, 0, 0);
  interlaced.ScanlineOrdering = DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST;
  REQUIRE(f.output->FindClosestMatchingMode(&interlaced, &match, nullptr) == S_OK);
  CHECK((match.Width == 720 && match.ScanlineOrdering == DXGI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST));
}

TEST_CASE("FindClosestMatchingMode refuses half-specified modes and an unknown format without a device", "[dxgi]") {
  Fixture f;
  DXGI_MODE_DESC match{};
  DXGI_MODE_DESC halfSize = request(0, 600, 0);
  CHECK(f.output->FindClosestMatchingMode(&halfSize, &match, nullptr) == DXGI_ERROR_INVALID_CALL);
  DXGI_MODE_DESC halfRate = request(800, 600, 0);
  halfRate.RefreshRate = {60, 0};
  CHECK(f.output->FindClosestMatchingMode(&halfRate, &match, nullptr) == DXGI_ERROR_INVALID_CALL);
  DXGI_MODE_DESC badOrder = request(800, 600, 60);
  UINT seven = 7;  // written as raw bytes, as an application's garbage would arrive
  std::memcpy(&badOrder.ScanlineOrdering, &seven, sizeof(seven));
  CHECK(f.output->FindClosestMatchingMode(&badOrder, &match, nullptr) == DXGI_ERROR_INVALID_CALL);
  DXGI_MODE_DESC unknown = request(800, 600, 60, DXGI_FORMAT_UNKNOWN);
  CHECK(f.output->FindClosestMatchingMode(&unknown, &match, nullptr) == DXGI_ERROR_INVALID_CALL);
  // With a device the format is chosen for the application: the desktop's.
  REQUIRE(f.output->FindClosestMatchingMode(&unknown, &match, f.adapter.get()) == S_OK);
  CHECK(match.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  DXGI_MODE_DESC notDisplay = request(800, 600, 60, DXGI_FORMAT_R32_FLOAT);
  CHECK(f.output->FindClosestMatchingMode(&notDisplay, &match, nullptr) == DXGI_ERROR_NOT_FOUND);
  CHECK(f.output->FindClosestMatchingMode(nullptr, &match, nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.output->FindClosestMatchingMode(&unknown, nullptr, nullptr) == DXGI_ERROR_INVALID_CALL);

  DXGI_MODE_DESC1 stereo{};
  stereo.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  stereo.Stereo = TRUE;
  DXGI_MODE_DESC1 match1{};
  CHECK(f.output->FindClosestMatchingMode1(&stereo, &match1, nullptr) == DXGI_ERROR_NOT_FOUND);
  stereo.Stereo = FALSE;
  CHECK(f.output->FindClosestMatchingMode1(&stereo, &match1, nullptr) == S_OK);
  CHECK((match1.Width == 1920 && match1.Stereo == FALSE));
}

TEST_CASE("WaitForVBlank returns after the next vblank of the output's timeline", "[dxgi]") {
  Fixture f;
  DXGI_FRAME_STATISTICS before{}, after{};
  REQUIRE(f.output->GetFrameStatistics(&before) == S_OK);
  CHECK(f.output->WaitForVBlank() == S_OK);
  CHECK(f.output->WaitForVBlank() == S_OK);
  REQUIRE(f.output->GetFrameStatistics(&after) == S_OK);
  // Two waits cross at least two vblanks: the count and its time both move on.
  CHECK(after.SyncRefreshCount >= before.SyncRefreshCount + 2);
  CHECK(after.SyncQPCTime.QuadPart > before.SyncQPCTime.QuadPart);
  CHECK(after.PresentCount == 0);  // nothing has been presented
  CHECK(f.output->GetFrameStatistics(nullptr) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("gamma control needs a fullscreen swapchain on the output", "[dxgi]") {
  // Windows 10 answers the gamma methods only for the display a swapchain is fullscreen on (the
  // round trip in fullscreen is in the native swapchain tests).
  Fixture f(testMonitor(u"\\\\.\\GAMMATEST"));
  DXGI_GAMMA_CONTROL_CAPABILITIES caps{};
  CHECK(f.output->GetGammaControlCapabilities(&caps) == DXGI_ERROR_INVALID_CALL);
  DXGI_GAMMA_CONTROL gamma{};
  CHECK(f.output->GetGammaControl(&gamma) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.output->SetGammaControl(&gamma) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.output->SetGammaControl(nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.output->GetGammaControl(nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.output->GetGammaControlCapabilities(nullptr) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("TakeOwnership needs a device and is undone by ReleaseOwnership", "[dxgi]") {
  Fixture f;
  auto* output = static_cast<DxgiOutput*>(f.output.get());
  CHECK(f.output->TakeOwnership(nullptr, TRUE) == DXGI_ERROR_INVALID_CALL);
  CHECK_FALSE(output->owned());
  CHECK(f.output->TakeOwnership(f.adapter.get(), TRUE) == S_OK);
  CHECK(output->owned());
  f.output->ReleaseOwnership();
  CHECK_FALSE(output->owned());
}

TEST_CASE("overlays and hardware composition report no support; duplication is not implemented; SetDisplaySurface refuses", "[dxgi]") {
  Fixture f;
  CHECK(f.output->SupportsOverlays() == FALSE);
  UINT flags = 99;
  CHECK(f.output->CheckOverlaySupport(DXGI_FORMAT_B8G8R8A8_UNORM, f.adapter.get(), &flags) == S_OK);
  CHECK(flags == 0);
  CHECK(f.output->CheckOverlaySupport(DXGI_FORMAT_B8G8R8A8_UNORM, nullptr, &flags) == E_INVALIDARG);
  flags = 99;
  CHECK(f.output->CheckOverlayColorSpaceSupport(DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
                                                f.adapter.get(), &flags) == S_OK);
  CHECK(flags == 0);
  CHECK(f.output->CheckOverlayColorSpaceSupport(DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709,
                                                f.adapter.get(), nullptr) == E_INVALIDARG);
  flags = 99;
  CHECK(f.output->CheckHardwareCompositionSupport(&flags) == S_OK);
  CHECK(flags == 0);
  CHECK(f.output->CheckHardwareCompositionSupport(nullptr) == E_INVALIDARG);

  IDXGIOutputDuplication* duplication = reinterpret_cast<IDXGIOutputDuplication*>(1);
  CHECK(f.output->DuplicateOutput(f.adapter.get(), &duplication) == E_NOTIMPL);
  CHECK(duplication == nullptr);
  duplication = reinterpret_cast<IDXGIOutputDuplication*>(1);
  const DXGI_FORMAT formats[] = {DXGI_FORMAT_B8G8R8A8_UNORM};
  CHECK(f.output->DuplicateOutput1(f.adapter.get(), 0, 1, formats, &duplication) == E_NOTIMPL);
  CHECK(duplication == nullptr);
  // SetDisplaySurface needs ownership, a surface and a back buffer of a fullscreen swapchain (the
  // accepted case is in the native swapchain tests): each refusal is DXGI_ERROR_INVALID_CALL.
  CHECK(f.output->SetDisplaySurface(nullptr) == DXGI_ERROR_INVALID_CALL);
  {
    ComPtr<ID3D11Device> device;
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                              nullptr, nullptr) == S_OK);
    DXGI_SURFACE_DESC surfaceDesc{8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}};
    ComPtr<IDXGISurface> surface;
    REQUIRE(device.query<IDXGIDevice>()->CreateSurface(&surfaceDesc, 1, DXGI_USAGE_RENDER_TARGET_OUTPUT, nullptr,
                                                       surface.put()) == S_OK);
    CHECK(f.output->SetDisplaySurface(surface.get()) == DXGI_ERROR_INVALID_CALL);  // not owned
    REQUIRE(f.output->TakeOwnership(device.get(), TRUE) == S_OK);
    CHECK(f.output->SetDisplaySurface(nullptr) == DXGI_ERROR_INVALID_CALL);
    CHECK(f.output->SetDisplaySurface(surface.get()) == DXGI_ERROR_INVALID_CALL);  // no back buffer
    f.output->ReleaseOwnership();
  }
  // Display surfaces exist only in fullscreen (the copies are in the native swapchain tests).
  CHECK(f.output->GetDisplaySurfaceData(nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.output->GetDisplaySurfaceData1(nullptr) == DXGI_ERROR_INVALID_CALL);
}
