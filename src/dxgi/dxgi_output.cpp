// DxgiOutput: argument validation of the IDXGIOutput methods over the monitor's data; the mode
// rules are in dxgi_mode_list.cpp, the vblank timeline in dxgi_vblank_clock.cpp.
#include "dxgi/dxgi_output.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <vector>

#include "d3d11/d3d11_enum_value.h"
#include "dxgi/dxgi_mode_list.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

constexpr UINT kGammaPoints = 1025;  // as on Windows' DXGI


// Gamma ramps belong to the display, not to one IDXGIOutput object (EnumOutputs hands out a new
// object each call), so they are kept per monitor name for the process, with the number of
// swapchains fullscreen on each display (gamma control needs one).
struct GammaStore {
  std::mutex mutex;
  std::map<std::u16string, DXGI_GAMMA_CONTROL> ramps;
  // The swapchains fullscreen on each display, in the order they went fullscreen.
  std::map<std::u16string, std::vector<DisplaySurfaceSource*>> fullscreen;

  // The swapchain whose image the display shows: the latest to go fullscreen there, or null.
  DisplaySurfaceSource* shownOn(const std::u16string& display) const {
    auto found = fullscreen.find(display);
    return found != fullscreen.end() && !found->second.empty() ? found->second.back() : nullptr;
  }
  bool controlled(const std::u16string& display) const { return shownOn(display) != nullptr; }
};

GammaStore& gammaStore() {
  static GammaStore store;
  return store;
}

bool isFinite(const DXGI_RGB& rgb) {
  return std::isfinite(rgb.Red) && std::isfinite(rgb.Green) && std::isfinite(rgb.Blue);
}

DXGI_MODE_DESC1 toDesc1(const DXGI_MODE_DESC& mode) {
  // DXGI_MODE_DESC1 is DXGI_MODE_DESC plus Stereo; copied as bytes so enumeration members the
  // application filled with out-of-range values are not loaded before validation.
  DXGI_MODE_DESC1 desc{};
  std::memcpy(&desc, &mode, sizeof(mode));
  desc.Stereo = FALSE;
  return desc;
}

void copyMode(const DXGI_MODE_DESC1& from, DXGI_MODE_DESC1* to) { *to = from; }
void copyMode(const DXGI_MODE_DESC1& from, DXGI_MODE_DESC* to) {
  // DXGI_MODE_DESC1 is DXGI_MODE_DESC plus Stereo.
  std::memcpy(to, &from, sizeof(*to));
}

}  // namespace

DxgiOutput::DxgiOutput(IDXGIAdapter* adapter, Monitor monitor)
    : m_adapter(adapter), m_monitor(std::move(monitor)), m_vblank(m_monitor.current.refreshHz()) {}

HRESULT STDMETHODCALLTYPE DxgiOutput::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIOutput) ||
      riid == __uuidof(IDXGIOutput1) || riid == __uuidof(IDXGIOutput2) || riid == __uuidof(IDXGIOutput3) ||
      riid == __uuidof(IDXGIOutput4) || riid == __uuidof(IDXGIOutput5) || riid == __uuidof(IDXGIOutput6))
    return util::returnInterface<IDXGIOutput6>(this, object);
  util::logUnknownInterface("DxgiOutput", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetParent(REFIID riid, void** parent) {
  if (!parent)
    return E_INVALIDARG;
  return m_adapter->QueryInterface(riid, parent);
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDesc(DXGI_OUTPUT_DESC* desc) {
  if (!desc) {
    util::log::warn("IDXGIOutput::GetDesc: null description");
    return E_INVALIDARG;
  }
  DXGI_OUTPUT_DESC1 full{};
  GetDesc1(&full);
  std::memcpy(desc->DeviceName, full.DeviceName, sizeof(desc->DeviceName));
  desc->DesktopCoordinates = full.DesktopCoordinates;
  desc->AttachedToDesktop = full.AttachedToDesktop;
  desc->Rotation = full.Rotation;
  desc->Monitor = full.Monitor;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDesc1(DXGI_OUTPUT_DESC1* desc) {
  // STATUS: partial: colour data are the sRGB standard's, not read from the display's EDID
  if (!desc) {
    util::log::warn("IDXGIOutput6::GetDesc1: null description");
    return E_INVALIDARG;
  }
  *desc = DXGI_OUTPUT_DESC1{};
  size_t length = std::min(m_monitor.deviceName.size(), std::size(desc->DeviceName) - 1);
  for (size_t i = 0; i < length; i++)
    desc->DeviceName[i] = WCHAR(m_monitor.deviceName[i]);
  desc->DesktopCoordinates = m_monitor.desktopCoordinates;
#ifdef _WIN32
  // The monitor's rectangle now: a display mode change since EnumOutputs moves it, and Windows'
  // outputs report the current one (applications match outputs by name and rectangle).
  MONITORINFO info{};
  info.cbSize = sizeof(info);
  if (m_monitor.handle && GetMonitorInfoW(m_monitor.handle, &info))
    desc->DesktopCoordinates = info.rcMonitor;
#endif
  desc->AttachedToDesktop = m_monitor.attachedToDesktop;
  desc->Rotation = m_monitor.rotation;
  desc->Monitor = m_monitor.handle;
  // An SDR desktop: 8 bits per colour, sRGB primaries and D65 white, typical SDR luminances.
  desc->BitsPerColor = 8;
  desc->ColorSpace = DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709;
  desc->RedPrimary[0] = 0.640f, desc->RedPrimary[1] = 0.330f;
  desc->GreenPrimary[0] = 0.300f, desc->GreenPrimary[1] = 0.600f;
  desc->BluePrimary[0] = 0.150f, desc->BluePrimary[1] = 0.060f;
  desc->WhitePoint[0] = 0.3127f, desc->WhitePoint[1] = 0.3290f;
  desc->MinLuminance = 0.5f;
  desc->MaxLuminance = 270.0f;
  desc->MaxFullFrameLuminance = 270.0f;
  return S_OK;
}

template <typename ModeDesc>
HRESULT DxgiOutput::modeList(const char* method, DXGI_FORMAT format, UINT flags, UINT* count, ModeDesc* desc) {
  if (!count) {
    util::log::warn(method, ": null mode count");
    return DXGI_ERROR_INVALID_CALL;
  }
  constexpr UINT kKnownFlags = DXGI_ENUM_MODES_INTERLACED | DXGI_ENUM_MODES_SCALING | DXGI_ENUM_MODES_STEREO |
                               DXGI_ENUM_MODES_DISABLED_STEREO;
  if (flags & ~kKnownFlags)
    D3D11VK_LOG_ONCE(Warn, method, ": unknown flags 0x", std::hex, flags & ~kKnownFlags, " ignored");
  std::vector<DXGI_MODE_DESC1> modes = listModes(m_monitor, format, flags);
  if (!desc) {
    *count = UINT(modes.size());
    return S_OK;
  }
  // Like Windows, fill what fits and say there was more; the count stays the caller's capacity.
  UINT written = std::min<UINT>(*count, UINT(modes.size()));
  for (UINT i = 0; i < written; i++)
    copyMode(modes[i], &desc[i]);
  if (modes.size() > *count)
    return DXGI_ERROR_MORE_DATA;
  *count = written;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplayModeList(DXGI_FORMAT format, UINT flags, UINT* mode_count, DXGI_MODE_DESC* desc) {
  // Stereo modes are a DXGI 1.2 notion; the original method never lists them.
  return modeList("IDXGIOutput::GetDisplayModeList", format, flags & ~UINT(DXGI_ENUM_MODES_STEREO), mode_count, desc);
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplayModeList1(DXGI_FORMAT enum_format, UINT flags, UINT* num_modes, DXGI_MODE_DESC1* desc) {
  return modeList("IDXGIOutput1::GetDisplayModeList1", enum_format, flags, num_modes, desc);
}

HRESULT DxgiOutput::closestMode(const char* method, const DXGI_MODE_DESC1& request, DXGI_MODE_DESC1* match, IUnknown* device) {
  if ((request.Width == 0) != (request.Height == 0)) {
    util::log::warn(method, ": Width and Height must both be 0 or both be set (", request.Width, "x", request.Height, ")");
    return DXGI_ERROR_INVALID_CALL;
  }
  if ((request.RefreshRate.Numerator == 0) != (request.RefreshRate.Denominator == 0)) {
    util::log::warn(method, ": a refresh rate of ", request.RefreshRate.Numerator, "/", request.RefreshRate.Denominator,
                    " is neither unspecified (0/0) nor a rate");
    return DXGI_ERROR_INVALID_CALL;
  }
  if (enumValue(request.ScanlineOrdering) > DXGI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST ||
      enumValue(request.Scaling) > DXGI_MODE_SCALING_STRETCHED) {
    util::log::warn(method, ": invalid scanline ordering ", enumValue(request.ScanlineOrdering), " or scaling ",
                    enumValue(request.Scaling));
    return DXGI_ERROR_INVALID_CALL;
  }
  if (request.Format == DXGI_FORMAT_UNKNOWN && !device) {
    util::log::warn(method, ": Format may only be DXGI_FORMAT_UNKNOWN when a device is given");
    return DXGI_ERROR_INVALID_CALL;
  }
  DXGI_MODE_DESC1 resolved = request;
  if (resolved.Format == DXGI_FORMAT_UNKNOWN)
    resolved.Format = kDesktopFormat;
  HRESULT result = findClosestMode(m_monitor, resolved, match);
  if (FAILED(result))
    util::log::info(method, ": no mode in format ", int(resolved.Format), resolved.Stereo ? " (stereo)" : "");
  return result;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::FindClosestMatchingMode(const DXGI_MODE_DESC* mode, DXGI_MODE_DESC* closest_match, IUnknown* device) {
  if (!mode || !closest_match) {
    util::log::warn("IDXGIOutput::FindClosestMatchingMode: null ", mode ? "result" : "mode to match");
    return DXGI_ERROR_INVALID_CALL;
  }
  DXGI_MODE_DESC1 match{};
  HRESULT result = closestMode("IDXGIOutput::FindClosestMatchingMode", toDesc1(*mode), &match, device);
  if (SUCCEEDED(result))
    copyMode(match, closest_match);
  return result;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::FindClosestMatchingMode1(const DXGI_MODE_DESC1* mode_to_match, DXGI_MODE_DESC1* closest_match, IUnknown* concerned_device) {
  if (!mode_to_match || !closest_match) {
    util::log::warn("IDXGIOutput1::FindClosestMatchingMode1: null ", mode_to_match ? "result" : "mode to match");
    return DXGI_ERROR_INVALID_CALL;
  }
  return closestMode("IDXGIOutput1::FindClosestMatchingMode1", *mode_to_match, closest_match, concerned_device);
}

HRESULT STDMETHODCALLTYPE DxgiOutput::WaitForVBlank() {
  // STATUS: partial: sleeps to the next refresh interval of a simulated timeline, not the display's real vblank
  m_vblank.waitForNext();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::TakeOwnership(IUnknown* device, BOOL exclusive) {
  // STATUS: partial: recorded only; there is no exclusive fullscreen to hand over yet
  // Documented as the swapchain's business rather than the application's; kept so a future
  // fullscreen presenter knows the output is claimed.
  if (!device) {
    util::log::warn("IDXGIOutput::TakeOwnership: null device");
    return DXGI_ERROR_INVALID_CALL;
  }
  (void)exclusive;
  m_owned = true;
  return S_OK;
}

void STDMETHODCALLTYPE DxgiOutput::ReleaseOwnership() {
  m_owned = false;
}

void noteFullscreenDisplay(IDXGIOutput* output, DisplaySurfaceSource* source, bool fullscreen) {
  DXGI_OUTPUT_DESC desc{};
  if (!output || FAILED(output->GetDesc(&desc)))
    return;
  std::u16string display;
  for (size_t i = 0; i < std::size(desc.DeviceName) && desc.DeviceName[i]; ++i)
    display += char16_t(desc.DeviceName[i]);
  GammaStore& store = gammaStore();
  std::lock_guard lock(store.mutex);
  std::vector<DisplaySurfaceSource*>& sources = store.fullscreen[display];
  if (fullscreen) {
    sources.push_back(source);
    return;
  }
  sources.erase(std::remove(sources.begin(), sources.end(), source), sources.end());
  if (sources.empty()) {
    // Windows puts the display's ramp back when fullscreen ends; the stored one goes with it.
    store.ramps.erase(display);
  }
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetGammaControlCapabilities(DXGI_GAMMA_CONTROL_CAPABILITIES* gamma_caps) {
  if (!gamma_caps) {
    util::log::warn("IDXGIOutput::GetGammaControlCapabilities: null capabilities");
    return DXGI_ERROR_INVALID_CALL;
  }
  {
    GammaStore& store = gammaStore();
    std::lock_guard lock(store.mutex);
    if (!store.controlled(m_monitor.deviceName)) {
      // Windows 10 answers gamma questions only for a fullscreen swapchain's output (Wine's dxgi tests).
      util::log::warn("IDXGIOutput::GetGammaControlCapabilities: no swapchain is fullscreen on this output");
      return DXGI_ERROR_INVALID_CALL;
    }
  }
  *gamma_caps = DXGI_GAMMA_CONTROL_CAPABILITIES{};
  gamma_caps->ScaleAndOffsetSupported = FALSE;
  gamma_caps->MaxConvertedValue = 1.0f;
  gamma_caps->MinConvertedValue = 0.0f;
  gamma_caps->NumGammaControlPoints = kGammaPoints;
  for (UINT i = 0; i < kGammaPoints; i++)
    gamma_caps->ControlPointPositions[i] = float(i) / float(kGammaPoints - 1);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::SetGammaControl(const DXGI_GAMMA_CONTROL* gamma_control) {
  // STATUS: partial: the ramp is stored and read back, not applied to the display
  if (!gamma_control) {
    util::log::warn("IDXGIOutput::SetGammaControl: null gamma control");
    return DXGI_ERROR_INVALID_CALL;
  }
  bool finite = isFinite(gamma_control->Scale) && isFinite(gamma_control->Offset);
  for (UINT i = 0; finite && i < kGammaPoints; i++)
    finite = isFinite(gamma_control->GammaCurve[i]);
  if (!finite) {
    util::log::warn("IDXGIOutput::SetGammaControl: the ramp holds a NaN or infinity");
    return DXGI_ERROR_INVALID_CALL;
  }
  GammaStore& store = gammaStore();
  std::lock_guard lock(store.mutex);
  if (!store.controlled(m_monitor.deviceName)) {
    util::log::warn("IDXGIOutput::SetGammaControl: no swapchain is fullscreen on this output");
    return DXGI_ERROR_INVALID_CALL;
  }
  D3D11VK_LOG_ONCE(Info, "IDXGIOutput::SetGammaControl: gamma ramps are stored, not applied to the display");
  store.ramps[m_monitor.deviceName] = *gamma_control;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetGammaControl(DXGI_GAMMA_CONTROL* gamma_control) {
  if (!gamma_control) {
    util::log::warn("IDXGIOutput::GetGammaControl: null gamma control");
    return DXGI_ERROR_INVALID_CALL;
  }
  GammaStore& store = gammaStore();
  std::lock_guard lock(store.mutex);
  auto found = store.ramps.find(m_monitor.deviceName);
  if (!store.controlled(m_monitor.deviceName) || found == store.ramps.end()) {
    // Windows 10: only a ramp set by the fullscreen swapchain's application can be read back.
    util::log::warn("IDXGIOutput::GetGammaControl: no gamma ramp was set in fullscreen on this output");
    return DXGI_ERROR_INVALID_CALL;
  }
  *gamma_control = found->second;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::SetDisplaySurface(IDXGISurface* surface) {
  // STATUS: partial: accepts a back buffer of the swapchain fullscreen on this output (which that swapchain already shows); another surface cannot be scanned out through a Vulkan swapchain and is DXGI_ERROR_INVALID_CALL
  // Documented as the call a swapchain makes itself at fullscreen transitions, between
  // TakeOwnership and ReleaseOwnership, with a back buffer. The display shows what the fullscreen
  // swapchain presents, so naming one of its buffers changes nothing, and is what Windows' own
  // swapchain does; anything else has no Vulkan equivalent (docs/dxgi.md, Outputs).
  if (!surface) {
    util::log::warn("IDXGIOutput::SetDisplaySurface: null surface: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  if (!m_owned) {
    util::log::warn("IDXGIOutput::SetDisplaySurface: called outside TakeOwnership/ReleaseOwnership: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  util::ComPtr<IDXGIResource> resource;
  DXGI_USAGE usage = 0;
  if (FAILED(surface->QueryInterface(__uuidof(IDXGIResource), resource.putVoid())) || FAILED(resource->GetUsage(&usage)) ||
      !(usage & DXGI_USAGE_BACK_BUFFER)) {
    util::log::warn("IDXGIOutput::SetDisplaySurface: the surface is not a back buffer (DXGI_USAGE_BACK_BUFFER): "
                    "DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  GammaStore& store = gammaStore();
  std::lock_guard lock(store.mutex);
  DisplaySurfaceSource* shown = store.shownOn(m_monitor.deviceName);
  if (!shown) {
    util::log::warn("IDXGIOutput::SetDisplaySurface: no swapchain is fullscreen on this output: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  if (!shown->isOwnBuffer(surface)) {
    util::log::warn("IDXGIOutput::SetDisplaySurface: the surface is not a buffer of the swapchain fullscreen on this "
                    "output; scanning out another surface is not possible through a Vulkan swapchain: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplaySurfaceData(IDXGISurface* surface) {
  // STATUS: partial: the fullscreen swapchain's shown image; scaling and conversion between the 8-bit RGBA and BGRA formats only
  if (!surface) {
    util::log::warn("IDXGIOutput::GetDisplaySurfaceData: a null destination");
    return DXGI_ERROR_INVALID_CALL;
  }
  GammaStore& store = gammaStore();
  // Held while copying, so the swapchain cannot leave fullscreen (and go) meanwhile.
  std::lock_guard lock(store.mutex);
  DisplaySurfaceSource* shown = store.shownOn(m_monitor.deviceName);
  if (!shown) {
    // Documented: only while the output is in fullscreen mode.
    util::log::warn("IDXGIOutput::GetDisplaySurfaceData: no swapchain is fullscreen on this output");
    return DXGI_ERROR_INVALID_CALL;
  }
  return shown->copyShownImage(surface);
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetDisplaySurfaceData1(IDXGIResource* destination) {
  if (!destination) {
    util::log::warn("IDXGIOutput1::GetDisplaySurfaceData1: a null destination");
    return DXGI_ERROR_INVALID_CALL;
  }
  // No stereo modes exist (docs/dxgi.md), so the resource's surface is the whole display surface.
  util::ComPtr<IDXGISurface> surface;
  if (FAILED(destination->QueryInterface(__uuidof(IDXGISurface), surface.putVoid()))) {
    util::log::warn("IDXGIOutput1::GetDisplaySurfaceData1: the destination is not a surface");
    return DXGI_ERROR_INVALID_CALL;
  }
  return GetDisplaySurfaceData(surface.get());
}

HRESULT STDMETHODCALLTYPE DxgiOutput::GetFrameStatistics(DXGI_FRAME_STATISTICS* stats) {
  // STATUS: partial: vblank counts and times come from the simulated timeline; presents are counted by the swapchain, not the output
  if (!stats) {
    util::log::warn("IDXGIOutput::GetFrameStatistics: null statistics");
    return DXGI_ERROR_INVALID_CALL;
  }
  *stats = DXGI_FRAME_STATISTICS{};
  stats->SyncRefreshCount = UINT(m_vblank.count());
  stats->SyncQPCTime.QuadPart = m_vblank.lastVBlankTicks();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::DuplicateOutput(IUnknown* /*device*/, IDXGIOutputDuplication** output_duplication) {
  if (output_duplication)
    *output_duplication = nullptr;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::DuplicateOutput1(IUnknown* /*device*/, UINT /*flags*/, UINT /*format_count*/, const DXGI_FORMAT* /*formats*/, IDXGIOutputDuplication** duplication) {
  if (duplication)
    *duplication = nullptr;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

BOOL STDMETHODCALLTYPE DxgiOutput::SupportsOverlays() {
  // Hardware overlay planes are not reachable through Vulkan presentation.
  return FALSE;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::CheckOverlaySupport(DXGI_FORMAT /*enum_format*/, IUnknown* concerned_device, UINT* flags) {
  if (!concerned_device || !flags) {
    util::log::warn("IDXGIOutput3::CheckOverlaySupport: null ", flags ? "device" : "flags");
    return E_INVALIDARG;
  }
  *flags = 0;  // no overlay planes (see SupportsOverlays)
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::CheckOverlayColorSpaceSupport(DXGI_FORMAT /*format*/, DXGI_COLOR_SPACE_TYPE /*colour_space*/, IUnknown* device, UINT* flags) {
  if (!device || !flags) {
    util::log::warn("IDXGIOutput4::CheckOverlayColorSpaceSupport: null ", flags ? "device" : "flags");
    return E_INVALIDARG;
  }
  *flags = 0;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiOutput::CheckHardwareCompositionSupport(UINT* flags) {
  if (!flags) {
    util::log::warn("IDXGIOutput6::CheckHardwareCompositionSupport: null flags");
    return E_INVALIDARG;
  }
  // Neither fullscreen, windowed nor cursor-stretch hardware composition exists here.
  *flags = 0;
  return S_OK;
}

}  // namespace d3d11vk
