// DxgiOutput: IDXGIOutput through IDXGIOutput6 for one monitor of an adapter: descriptions, mode
// lists and matching, a simulated vblank, stored gamma ramps, ownership bookkeeping.
#pragma once

#include <atomic>

#include "dxgi/dxgi_display_surface.h"
#include "dxgi/dxgi_monitor.h"
#include "dxgi/dxgi_object.h"
#include "dxgi/dxgi_vblank_clock.h"
#include "util/com_ptr.h"

namespace d3d11vk {

class DxgiOutput : public DxgiObject<IDXGIOutput6> {
public:
  // The output keeps its adapter (its parent) alive.
  DxgiOutput(IDXGIAdapter* adapter, Monitor monitor);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  // IDXGIObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** parent) override;
  // IDXGIOutput
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_OUTPUT_DESC* desc) override;
  HRESULT STDMETHODCALLTYPE GetDisplayModeList(DXGI_FORMAT format, UINT flags, UINT* mode_count, DXGI_MODE_DESC* desc) override;
  HRESULT STDMETHODCALLTYPE FindClosestMatchingMode(const DXGI_MODE_DESC* mode, DXGI_MODE_DESC* closest_match, IUnknown* device) override;
  HRESULT STDMETHODCALLTYPE WaitForVBlank() override;
  HRESULT STDMETHODCALLTYPE TakeOwnership(IUnknown* device, BOOL exclusive) override;
  void STDMETHODCALLTYPE ReleaseOwnership() override;
  HRESULT STDMETHODCALLTYPE GetGammaControlCapabilities(DXGI_GAMMA_CONTROL_CAPABILITIES* gamma_caps) override;
  HRESULT STDMETHODCALLTYPE SetGammaControl(const DXGI_GAMMA_CONTROL* gamma_control) override;
  HRESULT STDMETHODCALLTYPE GetGammaControl(DXGI_GAMMA_CONTROL* gamma_control) override;
  HRESULT STDMETHODCALLTYPE SetDisplaySurface(IDXGISurface* surface) override;
  HRESULT STDMETHODCALLTYPE GetDisplaySurfaceData(IDXGISurface* surface) override;
  HRESULT STDMETHODCALLTYPE GetFrameStatistics(DXGI_FRAME_STATISTICS* stats) override;
  // IDXGIOutput1
  HRESULT STDMETHODCALLTYPE GetDisplayModeList1(DXGI_FORMAT enum_format, UINT flags, UINT* num_modes, DXGI_MODE_DESC1* desc) override;
  HRESULT STDMETHODCALLTYPE FindClosestMatchingMode1(const DXGI_MODE_DESC1* mode_to_match, DXGI_MODE_DESC1* closest_match, IUnknown* concerned_device) override;
  HRESULT STDMETHODCALLTYPE GetDisplaySurfaceData1(IDXGIResource* destination) override;
  HRESULT STDMETHODCALLTYPE DuplicateOutput(IUnknown* device, IDXGIOutputDuplication** output_duplication) override;
  // IDXGIOutput2
  BOOL STDMETHODCALLTYPE SupportsOverlays() override;
  // IDXGIOutput3
  HRESULT STDMETHODCALLTYPE CheckOverlaySupport(DXGI_FORMAT enum_format, IUnknown* concerned_device, UINT* flags) override;
  // IDXGIOutput4
  HRESULT STDMETHODCALLTYPE CheckOverlayColorSpaceSupport(DXGI_FORMAT format, DXGI_COLOR_SPACE_TYPE colour_space, IUnknown* device, UINT* flags) override;
  // IDXGIOutput5
  HRESULT STDMETHODCALLTYPE DuplicateOutput1(IUnknown* device, UINT flags, UINT format_count, const DXGI_FORMAT* formats, IDXGIOutputDuplication** duplication) override;
  // IDXGIOutput6
  HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_OUTPUT_DESC1* desc) override;
  HRESULT STDMETHODCALLTYPE CheckHardwareCompositionSupport(UINT* flags) override;

  const Monitor& monitor() const { return m_monitor; }
  // Whether TakeOwnership has been called without ReleaseOwnership (the presenter reads it).
  bool owned() const { return m_owned; }

private:
  template <typename ModeDesc>
  HRESULT modeList(const char* method, DXGI_FORMAT format, UINT flags, UINT* count, ModeDesc* desc);
  HRESULT closestMode(const char* method, const DXGI_MODE_DESC1& request, DXGI_MODE_DESC1* match, IUnknown* device);

  util::ComPtr<IDXGIAdapter> m_adapter;
  Monitor m_monitor;
  VBlankClock m_vblank;
  std::atomic<bool> m_owned{false};
};

// A swapchain entered (source non-null) or left (source null) fullscreen on `output`'s display.
// Gamma control and the display surface belong to the fullscreen swapchain's display, as on
// Windows: without one, the gamma methods and GetDisplaySurfaceData are DXGI_ERROR_INVALID_CALL,
// and the ramp set in fullscreen is forgotten when it ends. GetDisplaySurfaceData asks the latest
// swapchain to go fullscreen there for its shown image.
void noteFullscreenDisplay(IDXGIOutput* output, DisplaySurfaceSource* source, bool fullscreen);

}  // namespace d3d11vk
