// DxgiSwapChain's window-state half: occlusion tracking, entering and leaving fullscreen (window
// style and placement, display mode changes), and buffers above 0 with their rotation.
#include "dxgi/dxgi_swapchain.h"

#include "d3d11/d3d11_dxgi_resource.h"
#include "dxgi/dxgi_factory.h"
#include "dxgi/dxgi_output.h"
#include "util/log.h"
#include "vk/presenter.h"

namespace d3d11vk {

// ---- occlusion ----

bool DxgiSwapChain::windowOccluded(UINT width, UINT height) const {
  if (!width || !height)
    return true;  // minimised or without area: nothing can be shown
#ifdef _WIN32
  // A minimised window is occluded whatever its client rectangle says. A hidden window is not:
  // Windows 10 presents to it with S_OK (Wine's dxgi tests record both), and so does this.
  return IsIconic(m_window);
#else
  // A minimised X11 window keeps its size (Vulkan reports it unchanged) but is unmapped: the X
  // server's map state tells (docs/dxgi.md).
  return !vk::Presenter::windowViewable(reinterpret_cast<uintptr_t>(m_window));
#endif
}

void DxgiSwapChain::noteOcclusion(bool occluded) {
  if (occluded == m_occluded)
    return;
  m_occluded = occluded;
  util::log::info("swapchain: the window is ", occluded ? "occluded" : "visible again");
  m_dxgiFactory->notifyOcclusionChange();
}

// ---- fullscreen ----

bool DxgiSwapChain::handleAltEnter() {
  if (m_dxgiFactory->altEnterBlocked(m_window)) {
    util::log::info("swapchain: Alt+Enter left to the application (MakeWindowAssociation)");
    return false;
  }
  const bool enter = !m_fullscreen;
  HRESULT result = SetFullscreenState(enter ? TRUE : FALSE, nullptr);
  if (FAILED(result))
    util::log::warn("swapchain: Alt+Enter: switching ", enter ? "to fullscreen" : "to windowed", " failed (0x", std::hex,
                    unsigned(result), ")");
  else
    util::log::info("swapchain: Alt+Enter: ", enter ? "fullscreen" : "windowed");
  return true;
}

bool DxgiSwapChain::outputOfOurAdapter(IDXGIOutput* output) {
  util::ComPtr<IDXGIDevice> dxgiDevice;
  util::ComPtr<IDXGIAdapter> ours, theirs;
  if (FAILED(m_device->QueryInterface(__uuidof(IDXGIDevice), dxgiDevice.putVoid())) || FAILED(dxgiDevice->GetAdapter(ours.put())))
    return false;
  if (FAILED(output->GetParent(__uuidof(IDXGIAdapter), theirs.putVoid())))
    return false;
  DXGI_ADAPTER_DESC ourDesc{}, theirDesc{};
  if (FAILED(ours->GetDesc(&ourDesc)) || FAILED(theirs->GetDesc(&theirDesc)))
    return false;
  return ourDesc.AdapterLuid.LowPart == theirDesc.AdapterLuid.LowPart &&
         ourDesc.AdapterLuid.HighPart == theirDesc.AdapterLuid.HighPart;
}

#ifdef _WIN32

HRESULT DxgiSwapChain::enterFullscreen(IDXGIOutput* output) {
  DXGI_OUTPUT_DESC outputDesc{};
  if (FAILED(output->GetDesc(&outputDesc))) {
    util::log::error("SetFullscreenState: the output cannot describe itself");
    return DXGI_ERROR_INVALID_CALL;
  }
  // The window's windowed look and place, put back when fullscreen ends.
  m_savedStyle = GetWindowLongW(m_window, GWL_STYLE);
  m_savedExStyle = GetWindowLongW(m_window, GWL_EXSTYLE);
  GetWindowRect(m_window, &m_savedRect);
  m_foregroundAtEntry = GetForegroundWindow();

  // The display mode changes only for swapchains that allow it (DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH);
  // the others cover the output at the desktop's mode, as on Windows 10.
  if (m_desc.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_MODE_SWITCH)
    switchMode(output, m_desc.Width, m_desc.Height, m_fullscreenDesc.RefreshRate);

  // Borderless over the whole output, above other windows: Windows 10 takes the frame, the
  // popup bit and the window-menu boxes away and keeps the rest (visible, disabled, maximised or
  // minimised, clipping); coverOutput makes the window topmost. Wine's dxgi tests record both
  // masks. Without WS_POPUP, moving the window asks it for WM_GETMINMAXINFO as Windows' does.
  constexpr LONG kFramelessStyle = WS_POPUP | WS_MAXIMIZEBOX | WS_MINIMIZEBOX | WS_THICKFRAME | WS_SYSMENU |
                                   WS_DLGFRAME | WS_BORDER;
  constexpr LONG kFramelessExStyle = WS_EX_DLGMODALFRAME | WS_EX_TOOLWINDOW | WS_EX_WINDOWEDGE | WS_EX_CLIENTEDGE |
                                     WS_EX_CONTEXTHELP;
  const LONG style = m_savedStyle & ~kFramelessStyle;
  const LONG exStyle = m_savedExStyle & ~kFramelessExStyle;
  SetWindowLongW(m_window, GWL_STYLE, style);
  SetWindowLongW(m_window, GWL_EXSTYLE, exStyle);
  m_fullscreen = true;
  m_fullscreenOutput = util::ComPtr<IDXGIOutput>(output);
  m_fullscreenDesc.Windowed = FALSE;
  noteFullscreenDisplay(output, this, true);
  coverOutput(output);
  util::log::info("swapchain: fullscreen, window over ", outputDesc.DesktopCoordinates.right - outputDesc.DesktopCoordinates.left,
                  "x", outputDesc.DesktopCoordinates.bottom - outputDesc.DesktopCoordinates.top);
  return S_OK;
}

void DxgiSwapChain::leaveFullscreen() {
  restoreMode();
  if (IsWindow(m_window)) {
    SetWindowLongW(m_window, GWL_STYLE, m_savedStyle);
    SetWindowLongW(m_window, GWL_EXSTYLE, m_savedExStyle);
    HWND order = (m_savedExStyle & WS_EX_TOPMOST) ? HWND_TOPMOST : HWND_NOTOPMOST;
    SetWindowPos(m_window, order, m_savedRect.left, m_savedRect.top, m_savedRect.right - m_savedRect.left,
                 m_savedRect.bottom - m_savedRect.top, SWP_FRAMECHANGED | SWP_NOACTIVATE);
  }
  noteFullscreenDisplay(m_fullscreenOutput.get(), this, false);
  m_fullscreen = false;
  m_fullscreenOutput.reset();
  m_fullscreenDesc.Windowed = TRUE;
  util::log::info("swapchain: windowed again");
}

bool DxgiSwapChain::lostForeground() const {
  if (!m_fullscreen)
    return false;
  HWND foreground = GetForegroundWindow();
  if (foreground == m_foregroundAtEntry || foreground == m_window || !foreground)
    return false;
  // Windows 10 ends Direct3D 10/11 fullscreen when another window is activated, even one shown
  // at the bottom of the z-order (Wine's dxgi tests). Only this process's windows count here: a
  // window manager under Wine moves the focus to other clients (and back) on its own, which
  // must not throw a game out of fullscreen; the window's own popups and children do not count.
  DWORD process = 0;
  GetWindowThreadProcessId(foreground, &process);
  if (process != GetCurrentProcessId())
    return false;
  return !IsChild(m_window, foreground) && GetWindow(foreground, GW_OWNER) != m_window;
}

void DxgiSwapChain::switchMode(IDXGIOutput* output, UINT width, UINT height, DXGI_RATIONAL rate) {
  DXGI_OUTPUT_DESC outputDesc{};
  if (FAILED(output->GetDesc(&outputDesc)))
    return;
  const WCHAR* device = outputDesc.DeviceName;
  // The mode is the output's closest match to the buffers' size and rate (Windows 10 switches to
  // FindClosestMatchingMode's answer, so a size no mode has still changes the mode).
  DXGI_MODE_DESC request{};
  request.Width = width;
  request.Height = height;
  request.RefreshRate = rate;
  request.Format = m_desc.Format;
  DXGI_MODE_DESC match{};
  if (FAILED(output->FindClosestMatchingMode(&request, &match, nullptr))) {
    util::log::info("swapchain: the output has no mode close to ", width, "x", height, "; the display mode is kept");
    return;
  }
  width = match.Width;
  height = match.Height;
  rate = match.RefreshRate;
  DEVMODEW current{};
  current.dmSize = sizeof(current);
  if (!EnumDisplaySettingsExW(device, ENUM_CURRENT_SETTINGS, &current, 0))
    return;
  // Whole hertz, as Win32 counts them; 0 leaves the rate to the mode.
  const DWORD hz = rate.Denominator ? DWORD((rate.Numerator + rate.Denominator / 2) / rate.Denominator) : 0;
  const bool sameRate = !hz || current.dmDisplayFrequency == hz || current.dmDisplayFrequency <= 1;
  if (current.dmPelsWidth == width && current.dmPelsHeight == height && sameRate)
    return;  // already the mode asked for
  // The listed 32-bit mode of that size whose rate is closest to the one asked for (an exact
  // rate first): applications pass rates no mode has (60/60, 1 Hz, is common), and DXGI matches
  // the mode as FindClosestMatchingMode would rather than refusing the switch.
  DEVMODEW mode{}, candidate{};
  candidate.dmSize = sizeof(candidate);
  bool listed = false;
  DWORD bestDistance = ~DWORD(0);
  for (DWORD i = 0; EnumDisplaySettingsExW(device, i, &candidate, 0); ++i) {
    if (candidate.dmPelsWidth == width && candidate.dmPelsHeight == height && candidate.dmBitsPerPel == 32) {
      const DWORD rate = candidate.dmDisplayFrequency;
      const DWORD distance = hz ? (rate > hz ? rate - hz : hz - rate) : 0;
      if (!listed || distance < bestDistance) {
        mode = candidate;
        bestDistance = distance;
        listed = true;
      }
    }
    candidate = DEVMODEW{};
    candidate.dmSize = sizeof(candidate);
  }
  if (!listed) {
    // The buffer is stretched over the desktop's mode instead (docs/dxgi.md).
    util::log::info("swapchain: the output lists no ", width, "x", height, " mode; the display mode is kept");
    return;
  }
  mode.dmFields = DM_PELSWIDTH | DM_PELSHEIGHT | DM_BITSPERPEL | (mode.dmDisplayFrequency > 1 ? DM_DISPLAYFREQUENCY : 0);
  LONG result = ChangeDisplaySettingsExW(device, &mode, nullptr, CDS_FULLSCREEN, nullptr);
  if (result != DISP_CHANGE_SUCCESSFUL) {
    util::log::warn("swapchain: ChangeDisplaySettingsEx to ", width, "x", height, " failed (", result, ")");
    return;
  }
  util::log::info("swapchain: display mode ", width, "x", height, hz ? " changed" : " changed (rate left to the mode)");
  if (m_modeDevice.empty())
    m_modeDevice = device;
}

void DxgiSwapChain::restoreMode() {
  std::wstring device = m_modeDevice;
  if (device.empty() && m_fullscreenOutput) {
    // No switch of ours, but the display may still not be at its registry mode (the application
    // changed the registry's mode while fullscreen): Windows 10 leaves fullscreen at the
    // registry's mode either way (Wine's dxgi tests, test_mode_change).
    DXGI_OUTPUT_DESC outputDesc{};
    if (FAILED(m_fullscreenOutput->GetDesc(&outputDesc)))
      return;
    DEVMODEW current{}, registry{};
    current.dmSize = registry.dmSize = sizeof(DEVMODEW);
    if (!EnumDisplaySettingsExW(outputDesc.DeviceName, ENUM_CURRENT_SETTINGS, &current, 0) ||
        !EnumDisplaySettingsExW(outputDesc.DeviceName, ENUM_REGISTRY_SETTINGS, &registry, 0))
      return;
    if (current.dmPelsWidth == registry.dmPelsWidth && current.dmPelsHeight == registry.dmPelsHeight &&
        current.dmPosition.x == registry.dmPosition.x && current.dmPosition.y == registry.dmPosition.y)
      return;
    device = outputDesc.DeviceName;
  }
  if (device.empty())
    return;
  // A null mode goes back to the registry's (the desktop's) mode.
  LONG result = ChangeDisplaySettingsExW(device.c_str(), nullptr, nullptr, 0, nullptr);
  if (result != DISP_CHANGE_SUCCESSFUL)
    util::log::warn("swapchain: restoring the display mode failed (", result, ")");
  m_modeDevice.clear();
}

void DxgiSwapChain::coverOutput(IDXGIOutput* output) {
  DXGI_OUTPUT_DESC outputDesc{};
  if (FAILED(output->GetDesc(&outputDesc)))
    return;
  // The monitor's rectangle now: a mode change moves it, and the output object may predate that.
  RECT rect = outputDesc.DesktopCoordinates;
  MONITORINFO info{};
  info.cbSize = sizeof(info);
  if (outputDesc.Monitor && GetMonitorInfoW(outputDesc.Monitor, &info))
    rect = info.rcMonitor;
  // The window is not shown: a hidden window stays hidden in fullscreen, as on Windows 10
  // (Wine's dxgi tests read its style without WS_VISIBLE).
  SetWindowPos(m_window, HWND_TOPMOST, rect.left, rect.top, rect.right - rect.left, rect.bottom - rect.top,
               SWP_FRAMECHANGED | SWP_NOACTIVATE);
}

#else

HRESULT DxgiSwapChain::enterFullscreen(IDXGIOutput* output) {
  DXGI_OUTPUT_DESC outputDesc{};
  if (FAILED(output->GetDesc(&outputDesc))) {
    util::log::error("SetFullscreenState: the output cannot describe itself");
    return DXGI_ERROR_INVALID_CALL;
  }
  const RECT& area = outputDesc.DesktopCoordinates;
  x11::Rect rect{area.left, area.top, uint32_t(area.right - area.left), uint32_t(area.bottom - area.top)};
  // The X11 window is placed over the output; no mode switch natively (docs/dxgi.md), so buffers
  // of another size are stretched.
  if (!x11::enterFullscreen(reinterpret_cast<uintptr_t>(m_window), rect, &m_savedPlacement)) {
    util::log::error("SetFullscreenState: the X11 window cannot be placed over the output (is it gone?)");
    return DXGI_ERROR_INVALID_CALL;
  }
  m_fullscreen = true;
  m_fullscreenOutput = util::ComPtr<IDXGIOutput>(output);
  m_fullscreenDesc.Windowed = FALSE;
  noteFullscreenDisplay(output, this, true);
  util::log::info("swapchain: fullscreen, X11 window over ", rect.width, "x", rect.height, " at ", rect.x, ",", rect.y);
  return S_OK;
}

bool DxgiSwapChain::lostForeground() const {
  return false;  // the porter's toolkit owns focus natively (docs/dxgi.md)
}

void DxgiSwapChain::leaveFullscreen() {
  x11::leaveFullscreen(reinterpret_cast<uintptr_t>(m_window), m_savedPlacement);
  noteFullscreenDisplay(m_fullscreenOutput.get(), this, false);
  m_fullscreen = false;
  m_fullscreenOutput.reset();
  m_fullscreenDesc.Windowed = TRUE;
  util::log::info("swapchain: windowed again");
}

#endif

// ---- the display surface ----

HRESULT DxgiSwapChain::copyShownImage(IDXGISurface* destination) {
  util::ComPtr<ID3D11DeviceContext> context = immediateContext();
  if (!context)
    return DXGI_ERROR_DEVICE_REMOVED;
  // What the window shows: the resolved buffer of a multisampled swapchain, the last presented
  // frame of a sequential one (rotated into the last buffer), else buffer 0, which keeps the
  // frame presented last (presenting copies it out).
  ID3D11Texture2D* shown = m_resolveBuffer ? m_resolveBuffer.get() : m_history.empty() ? m_backBuffer.get() : m_history.back().get();
  return copyDisplaySurface(context.get(), shown, destination);
}

bool DxgiSwapChain::isOwnBuffer(IDXGISurface* surface) {
  util::ComPtr<ID3D11Texture2D> texture;
  if (!surface || FAILED(surface->QueryInterface(__uuidof(ID3D11Texture2D), texture.putVoid())))
    return false;
  if (texture.get() == m_backBuffer.get())
    return true;
  for (const HeldBuffer& buffer : m_history)
    if (texture.get() == buffer.get())
      return true;
  return false;
}

// ---- buffers above 0 ----

util::ComPtr<ID3D11DeviceContext> DxgiSwapChain::immediateContext() {
  util::ComPtr<ID3D11Device> device;
  util::ComPtr<ID3D11DeviceContext> context;
  if (SUCCEEDED(m_device->QueryInterface(__uuidof(ID3D11Device), device.putVoid())))
    device->GetImmediateContext(context.put());
  return context;
}

HRESULT DxgiSwapChain::createHistory() {
  util::ComPtr<ID3D11Device> device;
  if (FAILED(m_device->QueryInterface(__uuidof(ID3D11Device), device.putVoid())))
    return E_INVALIDARG;
  util::ComPtr<ID3D11DeviceContext> context = immediateContext();
  if (!context)
    return DXGI_ERROR_DEVICE_REMOVED;
  D3D11_TEXTURE2D_DESC texture{};
  m_backBuffer->GetDesc(&texture);
  // Described like buffer 0 (D3D11 reports render-target binding for them too), but the
  // sequential effects' are read-only, as documented: shader reads and copies from them; the
  // device refuses render-target and unordered-access views of them (DXGI_USAGE_READ_ONLY).
  texture.MiscFlags = 0;
  const bool rotates = m_desc.SwapEffect == DXGI_SWAP_EFFECT_SEQUENTIAL || m_desc.SwapEffect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL;
  // GetUsage: back buffers with the description's usage, read-only above 0 whatever the effect
  // (Windows 10; FLIP_DISCARD's contents are undefined anyway).
  const DXGI_USAGE usage = m_desc.BufferUsage | DXGI_USAGE_BACK_BUFFER | DXGI_USAGE_READ_ONLY;
  // Held privately as buffer 0 is (dxgi_held_buffer.h).
  std::vector<HeldBuffer> history;
  for (UINT i = 1; i < m_desc.BufferCount; ++i) {
    util::ComPtr<ID3D11Texture2D> buffer;
    HRESULT result = m_presentDevice->CreateBackBuffer(&texture, UINT(usage), buffer.put());
    if (FAILED(result)) {
      util::log::error("GetBuffer: the buffers above 0 cannot be created: 0x", std::hex, unsigned(result));
      return result;
    }
    buffer->SetPrivateData(kSwapChainUsageId, sizeof(usage), &usage);
    history.emplace_back(m_presentDevice.get(), buffer.detach());
  }
  util::ComPtr<ID3D11Texture2D> scratch;
  if (rotates) {
    // The rotation scratch is only ever a CopyResource source and destination (rotateBuffers),
    // which needs no render-target or unordered-access binding: shader-resource alone.
    D3D11_TEXTURE2D_DESC scratchDesc = texture;
    scratchDesc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    HRESULT result = device->CreateTexture2D(&scratchDesc, nullptr, scratch.put());
    if (FAILED(result))
      return result;
    // Frames presented before the first request are not kept: the buffers start as copies of
    // buffer 0 (docs/dxgi.md).
    for (HeldBuffer& buffer : history)
      context->CopyResource(buffer.get(), m_backBuffer.get());
  }
  // FLIP_DISCARD: the contents of presented buffers are discarded, so nothing rotates into them.
  m_history = std::move(history);
  m_rotateScratch = std::move(scratch);
  return S_OK;
}

void DxgiSwapChain::rotateBuffers(ID3D11DeviceContext* context) {
  if (!m_rotateScratch)
    return;
  // The buffers turn one place: the frame just presented becomes the last buffer, each buffer
  // moves down one index, and buffer 0 receives what buffer 1 held (the oldest frame), as the
  // sequential effects rotate them. Copies stand in for renaming, so the objects the application
  // holds keep their indices.
  context->CopyResource(m_rotateScratch.get(), m_history.front().get());
  for (size_t i = 0; i + 1 < m_history.size(); ++i)
    context->CopyResource(m_history[i].get(), m_history[i + 1].get());
  context->CopyResource(m_history.back().get(), m_backBuffer.get());
  context->CopyResource(m_backBuffer.get(), m_rotateScratch.get());
}

}  // namespace d3d11vk
