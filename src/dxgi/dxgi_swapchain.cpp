// DxgiSwapChain: description rules, back buffers, Present with frame latency and occlusion,
// ResizeBuffers, fullscreen and the descriptive methods (docs/dxgi.md).
#include "dxgi/dxgi_swapchain.h"

#include <algorithm>
#include <stdexcept>

#include "d3d11/d3d11_dxgi_resource.h"
#include "d3d11/d3d11_enum_value.h"
#include "dxgi/dxgi_factory.h"
#include "dxgi/dxgi_vblank_clock.h"
#ifdef _WIN32
#include "dxgi/dxgi_window_hook.h"
#endif
#include "util/config.h"
#include "util/config_values.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/frame_stats.h"
#include "vk/gpu_timeline.h"
#include "vk/presenter.h"
#include "vk/result.h"

#ifndef _WIN32
#include <sys/eventfd.h>
#include <unistd.h>
#endif

namespace d3d11vk {

namespace {

// What the HUD's api item says: the API the application made its device with and the level.
std::string apiDescription(IUnknown* device) {
  util::ComPtr<ID3D10Device1> d3d10;
  if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D10Device1), d3d10.putVoid())))
    return "D3D10 FL " + util::config::featureLevelText(D3D_FEATURE_LEVEL(d3d10->GetFeatureLevel()));
  util::ComPtr<ID3D11Device> d3d11;
  if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D11Device), d3d11.putVoid())))
    return "D3D11 FL " + util::config::featureLevelText(d3d11->GetFeatureLevel());
  return "D3D11";
}

constexpr UINT kMaxBuffers = DXGI_MAX_SWAP_CHAIN_BUFFERS;  // 16
constexpr UINT kKnownPresentFlags = DXGI_PRESENT_TEST | DXGI_PRESENT_DO_NOT_SEQUENCE | DXGI_PRESENT_RESTART |
    DXGI_PRESENT_DO_NOT_WAIT | DXGI_PRESENT_STEREO_PREFER_RIGHT | DXGI_PRESENT_STEREO_TEMPORARY_MONO |
    DXGI_PRESENT_RESTRICT_TO_OUTPUT | DXGI_PRESENT_USE_DURATION | DXGI_PRESENT_ALLOW_TEARING;

bool isFlipModel(UINT effect) {
  return effect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL || effect == DXGI_SWAP_EFFECT_FLIP_DISCARD;
}

bool isSrgbFormat(DXGI_FORMAT format) {
  return format == DXGI_FORMAT_R8G8B8A8_UNORM_SRGB || format == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
}

// The back-buffer formats DXGI documents for swapchains, at the feature levels that display them:
// the 8-bit formats everywhere, the 10-bit and half-float ones from 10_0 (9_x displays 8 bits).
// R10G10B10_XR_BIAS_A2_UNORM is a display format too, but D3D11 renders into no such texture here
// (it has no Vulkan format): refused like a format that is not one.
bool isSwapChainFormat(DXGI_FORMAT format, D3D_FEATURE_LEVEL level) {
  switch (format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
    case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
      return true;
    case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R16G16B16A16_FLOAT:
      return level >= D3D_FEATURE_LEVEL_10_0;
    default:
      return false;
  }
}

// The feature level of the swapchain's device (9_1 when it is not a D3D11 device: the strictest).
D3D_FEATURE_LEVEL featureLevelOf(IUnknown* device) {
  util::ComPtr<ID3D11Device> d3d11;
  if (device && SUCCEEDED(device->QueryInterface(__uuidof(ID3D11Device), d3d11.putVoid())))
    return d3d11->GetFeatureLevel();
  return D3D_FEATURE_LEVEL_9_1;
}

}  // namespace

UINT bindFlagsForUsage(DXGI_USAGE usage) {
  UINT bind = 0;
  if (usage & DXGI_USAGE_RENDER_TARGET_OUTPUT)
    bind |= D3D11_BIND_RENDER_TARGET;
  if (usage & DXGI_USAGE_SHADER_INPUT)
    bind |= D3D11_BIND_SHADER_RESOURCE;
  if (usage & DXGI_USAGE_UNORDERED_ACCESS)
    bind |= D3D11_BIND_UNORDERED_ACCESS;
  return bind;
}

namespace {

HRESULT invalidCall(const char* method, const char* why) {
  util::log::error(method, ": ", why);
  return DXGI_ERROR_INVALID_CALL;
}

// A buffer dimension taken from the window's client area. A window without an area still gets
// a back buffer (D3D11 has no empty textures): 8 texels, what Windows 10 makes (Wine's dxgi
// tests record an 8x8 buffer for a window with an empty client rectangle).
UINT bufferSizeFromWindow(UINT clientSize) {
  return clientSize ? clientSize : 8u;
}

// Flags whose presence ResizeBuffers cannot change (documented for both).
constexpr UINT kFixedFlags = DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT | DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING;

}  // namespace

HRESULT DxgiSwapChain::validate(const DXGI_SWAP_CHAIN_DESC1& desc, D3D_FEATURE_LEVEL level, const char* method) {
  const UINT effect = enumValue(desc.SwapEffect);  // read as a raw value: applications pass anything
  const bool flip = isFlipModel(effect);
  const UINT scaling = enumValue(desc.Scaling);
  const UINT alphaMode = enumValue(desc.AlphaMode);
  if (effect != DXGI_SWAP_EFFECT_DISCARD && effect != DXGI_SWAP_EFFECT_SEQUENTIAL && !flip)
    return invalidCall(method, "unknown swap effect");
  if (flip && desc.Format == DXGI_FORMAT_R10G10B10_XR_BIAS_A2_UNORM)
    return invalidCall(method, "flip-model swapchains take no R10G10B10_XR_BIAS_A2_UNORM (Windows 10 refuses it)");
  if (!isSwapChainFormat(desc.Format, level)) {
    // E_INVALIDARG, not DXGI_ERROR_INVALID_CALL: what Windows answers for a format it cannot display.
    util::log::error(method, ": format ", unsigned(desc.Format), " is not a swapchain format at feature level 0x", std::hex,
                     unsigned(level));
    return E_INVALIDARG;
  }
  if (flip) {
    if (desc.BufferCount < 2 || desc.BufferCount > kMaxBuffers)
      return invalidCall(method, "flip-model swapchains need 2 to 16 buffers");
    if (desc.SampleDesc.Count != 1 || desc.SampleDesc.Quality != 0)
      return invalidCall(method, "flip-model swapchains cannot be multisampled");
    if (isSrgbFormat(desc.Format))
      return invalidCall(method, "flip-model swapchains take no _SRGB format (use an sRGB render-target view)");
  } else {
    if (desc.BufferCount < 1 || desc.BufferCount > kMaxBuffers)
      return invalidCall(method, "swapchains need 1 to 16 buffers");
    if (scaling == DXGI_SCALING_NONE)
      return invalidCall(method, "DXGI_SCALING_NONE needs a flip-model swap effect");
    if (desc.SampleDesc.Count == 0)
      return invalidCall(method, "a sample count of 0");
    // More samples are resolved at Present; a count the device cannot make fails in
    // CreateTexture2D, which reports it.
  }
  if (scaling != DXGI_SCALING_STRETCH && scaling != DXGI_SCALING_NONE && scaling != DXGI_SCALING_ASPECT_RATIO_STRETCH)
    return invalidCall(method, "unknown scaling");
  if (alphaMode != DXGI_ALPHA_MODE_UNSPECIFIED && alphaMode != DXGI_ALPHA_MODE_IGNORE)
    return invalidCall(method, "window swapchains take no alpha mode");
  if (desc.Stereo)
    return invalidCall(method, "stereo needs windowed stereo, which is not enabled");
  if ((desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) && !flip)
    return invalidCall(method, "DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING needs a flip-model swap effect");
  return S_OK;
}

HRESULT DxgiSwapChain::create(DxgiFactory* factory, IUnknown* device, HWND window, const DXGI_SWAP_CHAIN_DESC1* desc,
                              const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* fullscreenDesc, IDXGIOutput* restrictToOutput,
                              IDXGISwapChain1** swapchain) {
  const char* method = "CreateSwapChain";
  if (swapchain)
    *swapchain = nullptr;
  if (!device || !desc || !swapchain)
    return invalidCall(method, "a null device, description or swapchain pointer");
#ifdef _WIN32
  if (!IsWindow(window))
    return invalidCall(method, "the window handle is not a window");
#else
  if (!window)
    return invalidCall(method, "a null window (natively the HWND value is an X11 Window id)");
#endif
  HRESULT result = validate(*desc, featureLevelOf(device), method);
  if (FAILED(result))
    return result;
  util::ComPtr<ID3D11VkPresentDevice> presentDevice;
  if (FAILED(device->QueryInterface(__uuidof(ID3D11VkPresentDevice), presentDevice.putVoid()))) {
    util::log::error(method, ": the device is not a d3d11vk Direct3D 11 device");
    return E_INVALIDARG;
  }
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen{};
  fullscreen.Windowed = TRUE;
  bool startFullscreen = false;
  if (fullscreenDesc) {
    fullscreen = *fullscreenDesc;
    // Created windowed, then switched like SetFullscreenState(TRUE) (docs/dxgi.md).
    startFullscreen = !fullscreen.Windowed;
    fullscreen.Windowed = TRUE;
  }
  DxgiSwapChain* created = nullptr;
  try {
    created = new DxgiSwapChain(factory, device, presentDevice, window, *desc, fullscreen, restrictToOutput);
  } catch (const std::exception& error) {
    util::log::error(method, ": ", error.what());
    return DXGI_ERROR_UNSUPPORTED;
  }
  result = created->createBackBuffer();
  if (FAILED(result)) {
    created->Release();
    return result;
  }
#ifdef _WIN32
  // DXGI watches the window's messages for Alt+Enter (docs/dxgi.md, MakeWindowAssociation).
  watchWindow(window, created);
#endif
  if (startFullscreen) {
    HRESULT fullscreenResult = created->SetFullscreenState(TRUE, nullptr);
    if (FAILED(fullscreenResult)) {
      util::log::warn(method, ": the description asks for fullscreen, which is not available now (0x", std::hex,
                      unsigned(fullscreenResult), "); created windowed");
    } else if (!desc->Width || !desc->Height) {
      // A size taken from the window is the fullscreen window's (the output's), as on Windows 10:
      // the buffers made at the windowed size are made again now that the window covers the output.
      fullscreenResult = created->ResizeBuffers(0, desc->Width, desc->Height, DXGI_FORMAT_UNKNOWN, desc->Flags);
      if (FAILED(fullscreenResult))
        util::log::warn(method, ": the buffers cannot take the fullscreen window's size (0x", std::hex,
                        unsigned(fullscreenResult), "); they keep the windowed size");
    }
  }
  *swapchain = created;
  return S_OK;
}

DxgiSwapChain::DxgiSwapChain(DxgiFactory* factory, IUnknown* device, util::ComPtr<ID3D11VkPresentDevice> presentDevice,
                             HWND window, const DXGI_SWAP_CHAIN_DESC1& desc,
                             const DXGI_SWAP_CHAIN_FULLSCREEN_DESC& fullscreenDesc, IDXGIOutput* restrictToOutput)
    : m_factory(factory), m_factoryAgain(factory), m_dxgiFactory(factory), m_device(device), m_presentDevice(std::move(presentDevice)), m_window(window), m_desc(desc),
      m_fullscreenDesc(fullscreenDesc), m_restrictToOutput(restrictToOutput) {
  try {
    m_presenter = std::make_unique<vk::Presenter>(*m_presentDevice->GetVulkanDevice(), *m_presentDevice->GetVulkanAdapter(),
                                                  reinterpret_cast<uintptr_t>(window));
  } catch (const vk::NoSurface& error) {
    // The device presents, but Vulkan makes no surface for this window (Wine's desktop window,
    // which Windows accepts: applications make such swapchains to probe the device). The
    // swapchain works without showing its frames; anything else stays a creation failure.
    util::log::warn("swapchain: no Vulkan surface for this window (", error.what(),
                    "); its frames are rendered but never shown");
  }
  if (m_presenter)
    m_presenter->startHud(apiDescription(device));
  if (!m_desc.Width || !m_desc.Height) {
    UINT width = 0, height = 0;
    windowSize(&width, &height);
    if (!m_desc.Width)
      m_desc.Width = bufferSizeFromWindow(width);
    if (!m_desc.Height)
      m_desc.Height = bufferSizeFromWindow(height);
  }
  m_refreshHz = containingRefreshHz();
  if (m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT) {
    // One count per frame the application may start: the latency in effect.
    const UINT initial = frameLatency();
#ifdef _WIN32
    m_waitable = CreateSemaphoreW(nullptr, LONG(initial), LONG(kMaxBuffers), nullptr);
#else
    int fd = eventfd(initial, EFD_SEMAPHORE | EFD_CLOEXEC);
    m_waitable = fd >= 0 ? reinterpret_cast<HANDLE>(intptr_t(fd)) : nullptr;
#endif
    if (!m_waitable)
      throw std::runtime_error("cannot create the frame latency waitable object");
  }
}

DxgiSwapChain::~DxgiSwapChain() {
#ifdef _WIN32
  // First, so no Alt+Enter reaches a swapchain on its way out; the window's procedure goes back.
  unwatchWindow(m_window, this);
#endif
  if (m_fullscreen) {
    // Documented as an error: applications leave fullscreen before the last Release. The display
    // mode and the window are put back all the same.
    util::log::error("swapchain: released in fullscreen; leaving fullscreen and restoring the display mode");
    leaveFullscreen();
  }
  m_history.clear();
  m_rotateScratch.reset();
  // The GPU and the worker finish our frames before the presenter and the waitable object go.
  m_backBuffer.reset();
  m_resolveBuffer.reset();
  m_presentDevice->WaitIdle();
  if (!m_inFlight.empty())
    m_presentDevice->GetVulkanDevice()->timeline().drain(m_inFlight.back());
  m_presenter.reset();
  if (m_waitable) {
#ifdef _WIN32
    CloseHandle(m_waitable);
#else
    close(int(reinterpret_cast<intptr_t>(m_waitable)));
#endif
  }
}

HRESULT DxgiSwapChain::createBackBuffer() {
  util::ComPtr<ID3D11Device> device;
  if (FAILED(m_device->QueryInterface(__uuidof(ID3D11Device), device.putVoid())))
    return E_INVALIDARG;
  D3D11_TEXTURE2D_DESC texture{};
  texture.Width = m_desc.Width;
  texture.Height = m_desc.Height;
  texture.MipLevels = 1;
  texture.ArraySize = 1;
  texture.Format = m_desc.Format;
  texture.SampleDesc = m_desc.SampleDesc;
  texture.Usage = D3D11_USAGE_DEFAULT;
  // The bindings follow the usage, as Windows makes them (a buffer without
  // RENDER_TARGET_OUTPUT is no render target); presenting needs none of them.
  texture.BindFlags = bindFlagsForUsage(m_desc.BufferUsage);
  // GDI-compatible swapchains draw through IDXGISurface1::GetDC on buffer 0 (a B8G8R8A8 format
  // and render-target usage, which the texture's validation asks for and reports when missing).
  if (m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_GDI_COMPATIBLE)
    texture.MiscFlags |= D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
  // DXGI_USAGE_BACK_BUFFER and the description's usage, for IDXGIResource::GetUsage and for the
  // back-buffer view rules (_SRGB render-target views, ID3D11VkPresentDevice::CreateBackBuffer);
  // the DISCARD effect's buffer is also DISCARD_ON_PRESENT (what Windows 10 reports).
  const DXGI_USAGE usage = m_desc.BufferUsage | DXGI_USAGE_BACK_BUFFER |
                           (m_desc.SwapEffect == DXGI_SWAP_EFFECT_DISCARD ? DXGI_USAGE_DISCARD_ON_PRESENT : 0);
  util::ComPtr<ID3D11Texture2D> created;
  HRESULT result = m_presentDevice->CreateBackBuffer(&texture, UINT(usage), created.put());
  if (FAILED(result)) {
    util::log::error("swapchain: the back buffer (", m_desc.Width, "x", m_desc.Height, ") cannot be created: 0x", std::hex,
                     unsigned(result));
    return result;
  }
  util::ComPtr<ID3D11Texture2D> resolved;
  if (m_desc.SampleDesc.Count > 1) {
    // Multisampled back buffers are resolved into this one at each Present, and it is presented.
    texture.SampleDesc = DXGI_SAMPLE_DESC{1, 0};
    texture.BindFlags = D3D11_BIND_RENDER_TARGET;
    result = device->CreateTexture2D(&texture, nullptr, resolved.put());
    if (FAILED(result)) {
      util::log::error("swapchain: the resolve target (", m_desc.Width, "x", m_desc.Height, ") cannot be created: 0x",
                       std::hex, unsigned(result));
      return result;
    }
  }
  created->SetPrivateData(kSwapChainUsageId, sizeof(usage), &usage);
  m_backBuffer = HeldBuffer(m_presentDevice.get(), created.detach());
  m_resolveBuffer = std::move(resolved);
  return S_OK;
}

bool DxgiSwapChain::windowGone() const {
#ifdef _WIN32
  if (!IsWindow(m_window))
    return true;
#endif
  return m_presenter && m_presenter->surfaceLost();
}

void DxgiSwapChain::windowSize(UINT* width, UINT* height) const {
  *width = *height = 0;
#ifdef _WIN32
  RECT rect{};
  if (GetClientRect(m_window, &rect)) {
    *width = UINT(std::max<LONG>(rect.right - rect.left, 0));
    *height = UINT(std::max<LONG>(rect.bottom - rect.top, 0));
    return;
  }
#endif
  const VkExtent2D extent = m_presenter ? m_presenter->windowExtent() : VkExtent2D{0xFFFFFFFFu, 0xFFFFFFFFu};
  if (extent.width != 0xFFFFFFFFu) {
    *width = extent.width;
    *height = extent.height;
  }
}

double DxgiSwapChain::containingRefreshHz() {
  // The current mode of the output holding the window is the closest match to an empty request
  // (unspecified fields move towards the desktop mode, docs/dxgi.md).
  util::ComPtr<IDXGIOutput> output;
  if (SUCCEEDED(GetContainingOutput(output.put()))) {
    DXGI_MODE_DESC request{};
    request.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    DXGI_MODE_DESC current{};
    if (SUCCEEDED(output->FindClosestMatchingMode(&request, &current, nullptr)) && current.RefreshRate.Numerator &&
        current.RefreshRate.Denominator)
      return double(current.RefreshRate.Numerator) / double(current.RefreshRate.Denominator);
  }
  return 60.0;  // natively there are no outputs; 60 Hz is what most displays run at
}

int64_t DxgiSwapChain::pacingPeriod(UINT syncInterval) const {
  const int64_t perSecond = VBlankClock::ticksPerSecond();
  int64_t period = 0;
  if (syncInterval >= 2)
    period = int64_t(double(syncInterval) * double(perSecond) / m_refreshHz);
  const int maxFrameRate = util::config::options().maxFrameRate;
  if (maxFrameRate > 0)
    period = std::max(period, perSecond / maxFrameRate);
  return period;
}

UINT DxgiSwapChain::configLatency() {
  return UINT(std::max(util::config::options().maxFrameLatency, 0));
}

UINT DxgiSwapChain::frameLatency() {
  // dxgi.maxFrameLatency overrides whatever the application asked for (docs/config.md).
  if (UINT forced = configLatency())
    return forced;
  if (m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)
    return m_maxLatency;
  // Otherwise the device's IDXGIDevice1::SetMaximumFrameLatency applies (default 3).
  UINT latency = 3;
  util::ComPtr<IDXGIDevice1> dxgiDevice;
  if (SUCCEEDED(m_device->QueryInterface(__uuidof(IDXGIDevice1), dxgiDevice.putVoid())))
    dxgiDevice->GetMaximumFrameLatency(&latency);
  return std::max(latency, 1u);
}

void DxgiSwapChain::releaseWaitable(UINT count) {
  if (!m_waitable || !count)
    return;
#ifdef _WIN32
  ReleaseSemaphore(m_waitable, LONG(count), nullptr);
#else
  uint64_t add = count;
  if (write(int(reinterpret_cast<intptr_t>(m_waitable)), &add, sizeof(add)) != sizeof(add))
    util::log::warn("swapchain: the frame latency eventfd cannot be written");
#endif
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIDeviceSubObject) ||
      riid == __uuidof(IDXGISwapChain) || riid == __uuidof(IDXGISwapChain1) || riid == __uuidof(IDXGISwapChain2) ||
      riid == __uuidof(IDXGISwapChain3) || riid == __uuidof(IDXGISwapChain4))
    return util::returnInterface<IDXGISwapChain4>(this, object);
  util::logUnknownInterface("DxgiSwapChain", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetParent(REFIID riid, void** parent) {
  if (!parent)
    return E_INVALIDARG;
  return m_factory->QueryInterface(riid, parent);
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetDevice(REFIID riid, void** device) {
  if (!device)
    return E_INVALIDARG;
  return m_device->QueryInterface(riid, device);
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::Present(UINT SyncInterval, UINT Flags) {
  return Present1(SyncInterval, Flags, nullptr);
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::Present1(UINT SyncInterval, UINT PresentFlags,
                                                  const DXGI_PRESENT_PARAMETERS* pPresentParameters) {
  const char* method = "Present";
  if (SyncInterval > 4)
    return invalidCall(method, "a sync interval above 4");
  if (PresentFlags & ~kKnownPresentFlags)
    return invalidCall(method, "unknown present flags");
  bool tearing = PresentFlags & DXGI_PRESENT_ALLOW_TEARING;
  if (tearing && (!(m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING) || SyncInterval != 0))
    return invalidCall(method, "DXGI_PRESENT_ALLOW_TEARING needs the ALLOW_TEARING swapchain flag and sync interval 0");
  if (tearing && m_fullscreen)
    return invalidCall(method, "DXGI_PRESENT_ALLOW_TEARING cannot be used in fullscreen");
  if (pPresentParameters && pPresentParameters->DirtyRectsCount && !pPresentParameters->pDirtyRects)
    return invalidCall(method, "dirty rectangles counted but not given");
  // A removed device presents nothing, DXGI_PRESENT_TEST included (the loss was logged once when
  // it was noticed; GetDeviceRemovedReason gives the reason).
  if (m_presentDevice->GetVulkanDevice()->timeline().isLost())
    return DXGI_ERROR_DEVICE_REMOVED;
  // dxgi.syncInterval replaces a valid interval (docs/config.md); tearing needs interval 0.
  const int forcedInterval = util::config::options().syncInterval;
  if (forcedInterval >= 0) {
    SyncInterval = UINT(forcedInterval);
    if (SyncInterval != 0)
      tearing = false;
  }
  // The size query is what finds a destroyed window natively (the surface reports it lost), so
  // it comes before the check.
  UINT width = 0, height = 0;
  windowSize(&width, &height);
  if (windowGone()) {
    // Presenting into a destroyed window cannot succeed; the log says so once.
    if (!m_warnedGone)
      util::log::error(method, ": the window is gone");
    m_warnedGone = true;
    return DXGI_ERROR_INVALID_CALL;
  }
  // A fullscreen swapchain whose window lost the foreground is occluded: Present(TEST) says so,
  // and a real Present also ends fullscreen (Windows 10, Wine's dxgi tests).
  const bool lostFullscreen = lostForeground();
  if (lostFullscreen && !(PresentFlags & DXGI_PRESENT_TEST)) {
    util::log::info(method, ": another window of the process took the foreground; fullscreen ends");
    leaveFullscreen();
    return DXGI_STATUS_OCCLUDED;
  }
  const bool occluded = lostFullscreen || windowOccluded(width, height);
  noteOcclusion(occluded);
  if (PresentFlags & DXGI_PRESENT_TEST)
    return occluded ? DXGI_STATUS_OCCLUDED : S_OK;
  if (occluded)
    return DXGI_STATUS_OCCLUDED;

  if (m_presenter)
    m_presenter->frameStats().presentCalled(vk::FrameStats::Clock::now());

  // Frame latency: at most that many presents queued ahead of the GPU.
  vk::GpuTimeline& timeline = m_presentDevice->GetVulkanDevice()->timeline();
  while (!m_inFlight.empty() && timeline.isComplete(m_inFlight.front()))
    m_inFlight.pop_front();
  const UINT latency = frameLatency();
  if (m_inFlight.size() >= latency) {
    if (PresentFlags & DXGI_PRESENT_DO_NOT_WAIT)
      return DXGI_ERROR_WAS_STILL_DRAWING;
    while (m_inFlight.size() >= latency) {
      timeline.wait(m_inFlight.front());
      m_inFlight.pop_front();
    }
  }
  if (timeline.isLost())
    return DXGI_ERROR_DEVICE_REMOVED;

  // Pacing: dxgi.maxFrameRate, and intervals 2-4 held for that many refresh periods of the
  // output (FIFO then waits for the vblank itself; docs/dxgi.md).
  const int64_t period = pacingPeriod(SyncInterval);
  const int64_t now = VBlankClock::ticks();
  if ((PresentFlags & DXGI_PRESENT_DO_NOT_WAIT) && m_pacer.wouldHold(now, period))
    return DXGI_ERROR_WAS_STILL_DRAWING;  // documented: fail instead of sleeping
  const int64_t deadline = m_pacer.deadline(now, period);
  if (deadline > now)
    FramePacer::sleepUntil(deadline);

  // Dirty rectangles and scrolling are hints: presenting everything is always correct.
  UINT64 submission = 0;
  ID3D11Texture2D* shown = m_backBuffer.get();
  util::ComPtr<ID3D11DeviceContext> context;
  if (m_resolveBuffer || !m_history.empty()) {
    context = immediateContext();
    if (!context)
      return DXGI_ERROR_DEVICE_REMOVED;
  }
  if (m_resolveBuffer) {
    // Multisampled: resolved on the immediate context, in order before the present it records.
    context->ResolveSubresource(m_resolveBuffer.get(), 0, m_backBuffer.get(), 0, m_desc.Format);
    shown = m_resolveBuffer.get();
  }
  if (!m_presenter) {
    // No surface (see the constructor): the frame counts as presented, nothing is shown.
    if (!m_history.empty())
      rotateBuffers(context.get());
    m_presentCount++;
    return S_OK;
  }
  const vk::PresentLayout layout = presentLayout();
  HRESULT result = m_presentDevice->PresentTexture(m_presenter.get(), shown, SyncInterval, tearing, &layout, &submission);
  if (FAILED(result))
    return result;
  if (!m_history.empty())
    rotateBuffers(context.get());  // recorded after the present, so the frame shown is the one rendered
  m_inFlight.push_back(submission);
  m_lastSubmission = submission;
  m_presentCount++;
  m_presenter->frameStats().presentDone(submission, vk::FrameStats::Clock::now());
  if (m_waitable) {
    // The destructor drains the timeline before the object goes, so `this` outlives the action.
    timeline.deferUntil(submission, [this] { releaseWaitable(1); });
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetBuffer(UINT Buffer, REFIID riid, void** ppSurface) {
  if (!ppSurface)
    return invalidCall("GetBuffer", "a null pointer");
  *ppSurface = nullptr;
  if (Buffer >= m_desc.BufferCount)
    return invalidCall("GetBuffer", "the buffer index is past the buffer count");
  if (Buffer > 0) {
    // Documented: DISCARD gives only buffer 0; SEQUENTIAL and FLIP_SEQUENTIAL give the others
    // read-only (docs/dxgi.md: they are textures without render-target or UAV binding).
    // FLIP_DISCARD gives only buffer 0 to Direct3D 11 and 10 devices too (Windows 10, per Wine's
    // dxgi tests; the buffers rotate behind buffer 0, which is always the one to draw into).
    if (m_desc.SwapEffect == DXGI_SWAP_EFFECT_DISCARD || m_desc.SwapEffect == DXGI_SWAP_EFFECT_FLIP_DISCARD)
      return invalidCall("GetBuffer", "DISCARD and FLIP_DISCARD swapchains give Direct3D 11 only buffer 0");
    if (m_history.empty()) {
      HRESULT result = createHistory();
      if (FAILED(result))
        return result;
    }
    return m_history[Buffer - 1]->QueryInterface(riid, ppSurface);
  }
  return m_backBuffer->QueryInterface(riid, ppSurface);
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetFullscreenState(BOOL Fullscreen, IDXGIOutput* pTarget) {
  // STATUS: partial: a borderless window over the output, not exclusive ownership; natively (X11) the display mode is never changed
  const char* method = "SetFullscreenState";
  if (!Fullscreen) {
    if (pTarget)
      return invalidCall(method, "a target output with FALSE (documented: it must be null)");
    if (m_fullscreen)
      leaveFullscreen();
    return S_OK;
  }
  if (windowGone()) {
    // Windows 10 (Wine's dxgi tests): a swapchain already fullscreen stays so and answers S_OK;
    // a windowed one cannot become fullscreen without its window, "not currently available".
    util::log::warn(method, ": the window is gone", m_fullscreen ? "; the swapchain stays fullscreen" : "");
    return m_fullscreen ? S_OK : DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
  }
  util::ComPtr<IDXGIOutput> output;
  if (pTarget) {
    if (!outputOfOurAdapter(pTarget))
      return invalidCall(method, "the target output is not an output of the swapchain's adapter");
    output = util::ComPtr<IDXGIOutput>(pTarget);
  } else if (FAILED(GetContainingOutput(output.put()))) {
    // Natively without an X display there are no outputs (docs/dxgi.md).
    util::log::warn(method, ": no output holds the window; the swapchain stays windowed");
    return DXGI_ERROR_NOT_CURRENTLY_AVAILABLE;
  }
  if (m_fullscreen) {
    DXGI_OUTPUT_DESC current{}, wanted{};
    if (SUCCEEDED(m_fullscreenOutput->GetDesc(&current)) && SUCCEEDED(output->GetDesc(&wanted)) &&
        current.Monitor == wanted.Monitor)
      return S_OK;  // already fullscreen there
    leaveFullscreen();
  }
  return enterFullscreen(output.get());
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetFullscreenState(BOOL* pFullscreen, IDXGIOutput** ppTarget) {
  if (lostForeground()) {
    // Windows ends fullscreen on its own when another window is activated; here it ends when the
    // application next asks (or presents), which it cannot tell apart.
    util::log::info("swapchain: another window of the process took the foreground; fullscreen ends");
    leaveFullscreen();
  }
  if (pFullscreen)
    *pFullscreen = m_fullscreen ? TRUE : FALSE;
  if (ppTarget)
    *ppTarget = m_fullscreen ? util::ComPtr<IDXGIOutput>(m_fullscreenOutput).detach() : nullptr;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetDesc(DXGI_SWAP_CHAIN_DESC* pDesc) {
  if (!pDesc) {
    util::log::warn("GetDesc: a null pointer");  // E_INVALIDARG, as Windows 10 answers
    return E_INVALIDARG;
  }
  *pDesc = DXGI_SWAP_CHAIN_DESC{};
  pDesc->BufferDesc.Width = m_desc.Width;
  pDesc->BufferDesc.Height = m_desc.Height;
  pDesc->BufferDesc.RefreshRate = m_fullscreenDesc.RefreshRate;
  pDesc->BufferDesc.Format = m_desc.Format;
  pDesc->BufferDesc.ScanlineOrdering = m_fullscreenDesc.ScanlineOrdering;
  pDesc->BufferDesc.Scaling = m_fullscreenDesc.Scaling;
  pDesc->SampleDesc = m_desc.SampleDesc;
  pDesc->BufferUsage = m_desc.BufferUsage;
  pDesc->BufferCount = m_desc.BufferCount;
  pDesc->OutputWindow = m_window;
  pDesc->Windowed = m_fullscreen ? FALSE : TRUE;
  pDesc->SwapEffect = m_desc.SwapEffect;
  pDesc->Flags = m_desc.Flags;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::ResizeBuffers(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT NewFormat,
                                                      UINT SwapChainFlags) {
  const char* method = "ResizeBuffers";
  DXGI_SWAP_CHAIN_DESC1 desc = m_desc;
  if (BufferCount)
    desc.BufferCount = BufferCount;
  if (NewFormat != DXGI_FORMAT_UNKNOWN)
    desc.Format = NewFormat;
  if ((SwapChainFlags & kFixedFlags) != (m_desc.Flags & kFixedFlags))
    return invalidCall(method, "FRAME_LATENCY_WAITABLE_OBJECT and ALLOW_TEARING cannot be added or removed");
  desc.Flags = SwapChainFlags;
  HRESULT result = validate(desc, featureLevelOf(m_device), method);
  if (FAILED(result))
    return result;
  auto referenced = [&] {
    if (m_presentDevice->HasOtherReferences(m_backBuffer.get()))
      return true;
    for (const HeldBuffer& buffer : m_history)
      if (m_presentDevice->HasOtherReferences(buffer.get()))
        return true;
    return false;
  };
  if (referenced()) {
    // Views released a moment ago may still be held by work in flight: settle, then look again.
    m_presentDevice->WaitIdle();
    if (referenced())
      return invalidCall(method, "a back buffer is still referenced (by the application, a view or a binding)");
  }
  UINT windowWidth = 0, windowHeight = 0;
  if (!Width || !Height)
    windowSize(&windowWidth, &windowHeight);
  desc.Width = Width ? Width : bufferSizeFromWindow(windowWidth);
  desc.Height = Height ? Height : bufferSizeFromWindow(windowHeight);

  DXGI_SWAP_CHAIN_DESC1 previous = m_desc;
  HeldBuffer previousBuffer = std::move(m_backBuffer);
  util::ComPtr<ID3D11Texture2D> previousResolve = std::move(m_resolveBuffer);
  m_desc = desc;
  result = createBackBuffer();
  if (FAILED(result)) {
    m_desc = previous;
    m_backBuffer = std::move(previousBuffer);
    m_resolveBuffer = std::move(previousResolve);
  } else {
    // The source region is the whole of the new buffers again.
    m_sourceWidth = m_sourceHeight = 0;
    // Buffers above 0 are made again, at the new size, when next asked for.
    m_history.clear();
    m_rotateScratch.reset();
  }
  return result;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::ResizeTarget(const DXGI_MODE_DESC* pNewTargetParameters) {
  if (!pNewTargetParameters)
    return invalidCall("ResizeTarget", "a null mode");
#ifdef _WIN32
  const bool zeroSize = !pNewTargetParameters->Width || !pNewTargetParameters->Height;
  if (m_fullscreen && zeroSize) {
    // Fullscreen with no size: the current display mode stays and the window keeps covering it.
    m_fullscreenDesc.RefreshRate = pNewTargetParameters->RefreshRate;
    coverOutput(m_fullscreenOutput.get());
    return S_OK;
  }
  if (m_fullscreen) {
    // Fullscreen: with ALLOW_MODE_SWITCH the display mode changes to the closest match; the window follows
    // the output; the application sees WM_SIZE and calls ResizeBuffers.
    if (m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH)
      switchMode(m_fullscreenOutput.get(), pNewTargetParameters->Width, pNewTargetParameters->Height,
                 pNewTargetParameters->RefreshRate);
    m_fullscreenDesc.RefreshRate = pNewTargetParameters->RefreshRate;
    coverOutput(m_fullscreenOutput.get());
    return S_OK;
  }
  // Windowed: the window's client area takes the size, zero included (the window then shrinks to
  // the smallest size its frame allows, as on Windows 10); the frame around it is kept.
  RECT rect{0, 0, LONG(pNewTargetParameters->Width), LONG(pNewTargetParameters->Height)};
  AdjustWindowRectEx(&rect, DWORD(GetWindowLongW(m_window, GWL_STYLE)), FALSE, DWORD(GetWindowLongW(m_window, GWL_EXSTYLE)));
  if (!SetWindowPos(m_window, nullptr, 0, 0, rect.right - rect.left, rect.bottom - rect.top,
                    SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE))
    return invalidCall("ResizeTarget", "SetWindowPos failed");
  return S_OK;
#else
  // STATUS: partial: natively the display mode is never changed: in fullscreen the window keeps covering the output
  if (m_fullscreen) {
    // No mode switches natively (docs/dxgi.md): the window stays over the output and the
    // application's buffers are stretched to it.
    D3D11VK_LOG_ONCE(Info, "ResizeTarget: in fullscreen natively the display mode is kept");
    m_fullscreenDesc.RefreshRate = pNewTargetParameters->RefreshRate;
    return S_OK;
  }
  // Windowed: the X11 window takes the size (an X window has no frame of its own to add). X11
  // has no windows without an area, so a zero size keeps the window's.
  if (!pNewTargetParameters->Width || !pNewTargetParameters->Height)
    return S_OK;
  if (!x11::resizeWindow(reinterpret_cast<uintptr_t>(m_window), pNewTargetParameters->Width, pNewTargetParameters->Height))
    return invalidCall("ResizeTarget", "the X11 window cannot be resized (is it gone?)");
  return S_OK;
#endif
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetContainingOutput(IDXGIOutput** ppOutput) {
  if (!ppOutput)
    return invalidCall("GetContainingOutput", "a null pointer");
  *ppOutput = nullptr;
  if (m_fullscreen && m_fullscreenOutput) {
    // In fullscreen the containing output is the target itself, the same object, wherever the
    // window is moved (Windows 10, as Wine's dxgi tests record it).
    *ppOutput = util::ComPtr<IDXGIOutput>(m_fullscreenOutput).detach();
    return S_OK;
  }
  util::ComPtr<IDXGIDevice> dxgiDevice;
  util::ComPtr<IDXGIAdapter> adapter;
  if (FAILED(m_device->QueryInterface(__uuidof(IDXGIDevice), dxgiDevice.putVoid())) || FAILED(dxgiDevice->GetAdapter(adapter.put())))
    return DXGI_ERROR_NOT_FOUND;
#ifdef _WIN32
  HMONITOR monitor = MonitorFromWindow(m_window, MONITOR_DEFAULTTONEAREST);
#else
  // The output holding the window's centre (X11 has no MonitorFromWindow); else the first.
  x11::Rect windowRect;
  const bool placed = x11::windowRect(reinterpret_cast<uintptr_t>(m_window), &windowRect);
  const LONG centreX = windowRect.x + LONG(windowRect.width / 2), centreY = windowRect.y + LONG(windowRect.height / 2);
#endif
  util::ComPtr<IDXGIOutput> first;
  for (UINT i = 0;; ++i) {
    util::ComPtr<IDXGIOutput> output;
    if (FAILED(adapter->EnumOutputs(i, output.put())))
      break;
    DXGI_OUTPUT_DESC desc{};
#ifdef _WIN32
    if (SUCCEEDED(output->GetDesc(&desc)) && desc.Monitor == monitor) {
      *ppOutput = output.detach();
      return S_OK;
    }
#else
    if (placed && SUCCEEDED(output->GetDesc(&desc)) && centreX >= desc.DesktopCoordinates.left &&
        centreX < desc.DesktopCoordinates.right && centreY >= desc.DesktopCoordinates.top &&
        centreY < desc.DesktopCoordinates.bottom) {
      *ppOutput = output.detach();
      return S_OK;
    }
#endif
    if (!first)
      first = output;
  }
  if (!first)
    return DXGI_ERROR_NOT_FOUND;  // natively without an X display there are no outputs (docs/dxgi.md)
  *ppOutput = first.detach();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) {
  if (!pStats)
    return invalidCall("GetFrameStatistics", "a null pointer");
  // Presents that reached the presentation engine, against the simulated vblank timeline
  // (docs/dxgi.md): Vulkan does not report when a frame reached the screen.
  VBlankClock clock(0.0);
  *pStats = DXGI_FRAME_STATISTICS{};
  pStats->PresentCount = UINT(m_presenter ? m_presenter->presentCount() : 0);
  pStats->PresentRefreshCount = UINT(clock.count());
  pStats->SyncRefreshCount = UINT(clock.count());
  pStats->SyncQPCTime.QuadPart = clock.lastVBlankTicks();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetLastPresentCount(UINT* pLastPresentCount) {
  if (!pLastPresentCount)
    return invalidCall("GetLastPresentCount", "a null pointer");
  *pLastPresentCount = m_presentCount;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetDesc1(DXGI_SWAP_CHAIN_DESC1* pDesc) {
  if (!pDesc) {
    // E_INVALIDARG, as Windows 10 answers (Wine's dxgi tests), where GetDesc says INVALID_CALL.
    util::log::warn("GetDesc1: a null pointer");
    return E_INVALIDARG;
  }
  *pDesc = m_desc;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetFullscreenDesc(DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pDesc) {
  if (!pDesc) {
    util::log::warn("GetFullscreenDesc: a null pointer");
    return E_INVALIDARG;
  }
  *pDesc = m_fullscreenDesc;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetHwnd(HWND* pHwnd) {
  if (!pHwnd)
    return invalidCall("GetHwnd", "a null pointer");
  *pHwnd = m_window;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetCoreWindow(REFIID /*refiid*/, void** ppUnk) {
  if (ppUnk)
    *ppUnk = nullptr;
  return DXGI_ERROR_INVALID_CALL;  // documented for swapchains not made for a CoreWindow
}

BOOL STDMETHODCALLTYPE DxgiSwapChain::IsTemporaryMonoSupported() { return FALSE; }

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetRestrictToOutput(IDXGIOutput** ppRestrictToOutput) {
  if (!ppRestrictToOutput)
    return E_INVALIDARG;
  *ppRestrictToOutput = util::ComPtr<IDXGIOutput>(m_restrictToOutput).detach();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetBackgroundColor(const DXGI_RGBA* pColor) {
  if (!pColor)
    return E_INVALIDARG;
  m_background = *pColor;  // shown where a DXGI_SCALING_NONE buffer does not cover the window
  return S_OK;
}

vk::PresentLayout DxgiSwapChain::presentLayout() const {
  vk::PresentLayout layout;
  layout.sourceSize = {m_sourceWidth, m_sourceHeight};
  // ASPECT_RATIO_STRETCH letterboxes flip-model swapchains; on the bitblt model ("legacy Win32
  // window swapchains") it is documented to work as STRETCH. NONE exists only for flip models.
  if (m_desc.Scaling == DXGI_SCALING_NONE) {
    layout.scaling = vk::PresentScaling::None;
    layout.fill.float32[0] = m_background.r;
    layout.fill.float32[1] = m_background.g;
    layout.fill.float32[2] = m_background.b;
    layout.fill.float32[3] = m_background.a;
#ifdef _WIN32
    // Documented: a right-to-left window aligns the right edges instead of the left ones.
    if (GetWindowLongW(m_window, GWL_EXSTYLE) & WS_EX_LAYOUTRTL)
      layout.alignRight = VK_TRUE;
#endif
  } else if (m_desc.Scaling == DXGI_SCALING_ASPECT_RATIO_STRETCH && isFlipModel(enumValue(m_desc.SwapEffect))) {
    layout.scaling = vk::PresentScaling::AspectRatio;
    layout.fill.float32[3] = 1.0f;  // black borders
  }
  return layout;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetBackgroundColor(DXGI_RGBA* pColor) {
  if (!pColor)
    return E_INVALIDARG;
  *pColor = m_background;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetRotation(DXGI_MODE_ROTATION Rotation) {
  // Rotation applies to fullscreen flip-model swapchains; a windowed one shows its buffer upright.
  return Rotation == DXGI_MODE_ROTATION_IDENTITY ? S_OK : invalidCall("SetRotation", "windowed swapchains are not rotated");
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetRotation(DXGI_MODE_ROTATION* pRotation) {
  if (!pRotation)
    return E_INVALIDARG;
  *pRotation = DXGI_MODE_ROTATION_IDENTITY;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetSourceSize(UINT Width, UINT Height) {
  if (!Width || !Height || Width > m_desc.Width || Height > m_desc.Height) {
    // Documented: E_INVALIDARG for a size past the back buffer's (and zero, which must be greater).
    util::log::warn("SetSourceSize: ", Width, "x", Height, " is empty or larger than the ", m_desc.Width, "x",
                    m_desc.Height, " buffers: E_INVALIDARG");
    return E_INVALIDARG;
  }
  // From the next Present, only [0, 0, Width, Height] is shown, scaled as the whole buffer would be.
  m_sourceWidth = Width;
  m_sourceHeight = Height;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetSourceSize(UINT* pWidth, UINT* pHeight) {
  if (!pWidth || !pHeight)
    return E_INVALIDARG;
  *pWidth = m_sourceWidth ? m_sourceWidth : m_desc.Width;
  *pHeight = m_sourceHeight ? m_sourceHeight : m_desc.Height;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetMaximumFrameLatency(UINT MaxLatency) {
  if (!(m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT))
    return invalidCall("SetMaximumFrameLatency", "the swapchain has no FRAME_LATENCY_WAITABLE_OBJECT flag");
  if (MaxLatency < 1 || MaxLatency > kMaxBuffers)
    return invalidCall("SetMaximumFrameLatency", "the latency is outside 1 to 16");
  // A higher limit lets the waiting application start as many more frames at once (unless
  // dxgi.maxFrameLatency fixes the latency, docs/config.md).
  if (MaxLatency > m_maxLatency && !configLatency())
    releaseWaitable(MaxLatency - m_maxLatency);
  m_maxLatency = MaxLatency;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetMaximumFrameLatency(UINT* pMaxLatency) {
  if (!pMaxLatency)
    return invalidCall("GetMaximumFrameLatency", "a null pointer");
  if (!(m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT))
    return invalidCall("GetMaximumFrameLatency", "the swapchain has no FRAME_LATENCY_WAITABLE_OBJECT flag");
  *pMaxLatency = m_maxLatency;
  return S_OK;
}

HANDLE STDMETHODCALLTYPE DxgiSwapChain::GetFrameLatencyWaitableObject() {
  if (!m_waitable)
    return nullptr;  // documented: no object without the flag
  // The application closes what it gets (documented), so it gets its own handle to the object.
#ifdef _WIN32
  HANDLE duplicate = nullptr;
  if (!DuplicateHandle(GetCurrentProcess(), m_waitable, GetCurrentProcess(), &duplicate, 0, FALSE, DUPLICATE_SAME_ACCESS))
    return nullptr;
  return duplicate;
#else
  int fd = dup(int(reinterpret_cast<intptr_t>(m_waitable)));
  return fd >= 0 ? reinterpret_cast<HANDLE>(intptr_t(fd)) : nullptr;
#endif
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetMatrixTransform(const DXGI_MATRIX_3X2_F* /*pMatrix*/) {
  return invalidCall("SetMatrixTransform", "only composition swapchains take a transform");
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetMatrixTransform(DXGI_MATRIX_3X2_F* /*pMatrix*/) {
  return invalidCall("GetMatrixTransform", "only composition swapchains take a transform");
}

UINT STDMETHODCALLTYPE DxgiSwapChain::GetCurrentBackBufferIndex() {
  return 0;  // D3D11 applications always render into buffer 0 (GetBuffer)
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::CheckColorSpaceSupport(DXGI_COLOR_SPACE_TYPE ColorSpace, UINT* pColorSpaceSupport) {
  if (!pColorSpaceSupport)
    return invalidCall("CheckColorSpaceSupport", "a null pointer");
  // The presenter shows sRGB (SDR) only.
  *pColorSpaceSupport = ColorSpace == DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709 ? DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT : 0;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetColorSpace1(DXGI_COLOR_SPACE_TYPE ColorSpace) {
  if (ColorSpace != DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709) {
    util::log::error("SetColorSpace1: only DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709 is supported");
    return E_INVALIDARG;
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::ResizeBuffers1(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT Format,
                                                       UINT SwapChainFlags, const UINT* pCreationNodeMask,
                                                       IUnknown* const* ppPresentQueue) {
  // One node: every node mask must be 1 (or absent), and the queues can only be the device.
  UINT count = BufferCount ? BufferCount : m_desc.BufferCount;
  for (UINT i = 0; pCreationNodeMask && i < count; ++i)
    if (pCreationNodeMask[i] != 1 && pCreationNodeMask[i] != 0)
      return invalidCall("ResizeBuffers1", "a node mask other than the single node");
  // Present queues are Direct3D 12 command queues; a Direct3D 11 or 10 swapchain takes none
  // (Windows 10 refuses even its own device there, per Wine's dxgi tests).
  if (ppPresentQueue)
    return invalidCall("ResizeBuffers1", "present queues given to a swapchain of a Direct3D 11 or 10 device");
  return ResizeBuffers(BufferCount, Width, Height, Format, SwapChainFlags);
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetHDRMetaData(DXGI_HDR_METADATA_TYPE Type, UINT Size, void* pMetaData) {
  switch (UINT(Type)) {
    case DXGI_HDR_METADATA_TYPE_NONE:
      return S_OK;
    case DXGI_HDR_METADATA_TYPE_HDR10:
      if (Size != sizeof(DXGI_HDR_METADATA_HDR10) || !pMetaData)
        return E_INVALIDARG;
      return S_OK;  // metadata of an HDR colour space, which SetColorSpace1 never accepts: no effect
    default:
      return E_INVALIDARG;
  }
}

}  // namespace d3d11vk
