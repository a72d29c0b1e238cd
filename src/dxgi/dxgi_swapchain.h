// DxgiSwapChain: IDXGISwapChain through IDXGISwapChain4 for a window (HWND; natively an X11
// Window id, docs/dxgi.md), presenting a d3d11vk device's back buffer through a vk::Presenter.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "d3d11vk/d3d11vk_present_device.h"
#include "dxgi/dxgi_display_surface.h"
#include "dxgi/dxgi_frame_pacer.h"
#include "dxgi/dxgi_held_buffer.h"
#include "dxgi/dxgi_object.h"
#include "util/com_ptr.h"
#include "vk/present_layout.h"

#include <dxgi1_6.h>

#ifndef _WIN32
#include "dxgi/dxgi_x11_window.h"
#endif

namespace vk { class Presenter; }

namespace d3d11vk {

class DxgiFactory;

// The D3D11 bindings of a swapchain buffer made for a DXGI_USAGE (RENDER_TARGET_OUTPUT, SHADER_INPUT,
// UNORDERED_ACCESS; the other bits bind nothing).
UINT bindFlagsForUsage(DXGI_USAGE usage);

class DxgiSwapChain : public DxgiObject<IDXGISwapChain4>, public DisplaySurfaceSource {
public:
  // CreateSwapChain / CreateSwapChainForHwnd: validates the description (documented HRESULTs,
  // one log line), resolves a zero width or height from the window, creates the presenter and
  // the back buffer.
  static HRESULT create(DxgiFactory* factory, IUnknown* device, HWND window, const DXGI_SWAP_CHAIN_DESC1* desc,
                        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* fullscreenDesc, IDXGIOutput* restrictToOutput,
                        IDXGISwapChain1** swapchain);
  // The documented rules of a description for an HWND swapchain: S_OK or the failure to return.
  static HRESULT validate(const DXGI_SWAP_CHAIN_DESC1& desc, D3D_FEATURE_LEVEL level, const char* method);

  ~DxgiSwapChain() override;

  // Alt+Enter reached the window (PE: dxgi_window_hook.cpp): toggles fullscreen unless the
  // factory's window association forbids it. True when acted on.
  bool handleAltEnter();
  // DisplaySurfaceSource: GetDisplaySurfaceData on the output this swapchain is fullscreen on.
  HRESULT copyShownImage(IDXGISurface* destination) override;
  bool isOwnBuffer(IDXGISurface* surface) override;

  // For tests: the GPU timeline value of the submission that carried the latest present.
  uint64_t lastPresentSubmission() const { return m_lastSubmission; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // IDXGIObject, IDXGIDeviceSubObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** parent) override;
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** device) override;
  // IDXGISwapChain
  HRESULT STDMETHODCALLTYPE Present(UINT SyncInterval, UINT Flags) override;
  HRESULT STDMETHODCALLTYPE GetBuffer(UINT Buffer, REFIID riid, void** ppSurface) override;
  HRESULT STDMETHODCALLTYPE SetFullscreenState(BOOL Fullscreen, IDXGIOutput* pTarget) override;
  HRESULT STDMETHODCALLTYPE GetFullscreenState(BOOL* pFullscreen, IDXGIOutput** ppTarget) override;
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SWAP_CHAIN_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE ResizeBuffers(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT NewFormat, UINT SwapChainFlags) override;
  HRESULT STDMETHODCALLTYPE ResizeTarget(const DXGI_MODE_DESC* pNewTargetParameters) override;
  HRESULT STDMETHODCALLTYPE GetContainingOutput(IDXGIOutput** ppOutput) override;
  HRESULT STDMETHODCALLTYPE GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) override;
  HRESULT STDMETHODCALLTYPE GetLastPresentCount(UINT* pLastPresentCount) override;
  // IDXGISwapChain1
  HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_SWAP_CHAIN_DESC1* pDesc) override;
  HRESULT STDMETHODCALLTYPE GetFullscreenDesc(DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pDesc) override;
  HRESULT STDMETHODCALLTYPE GetHwnd(HWND* pHwnd) override;
  HRESULT STDMETHODCALLTYPE GetCoreWindow(REFIID refiid, void** ppUnk) override;
  HRESULT STDMETHODCALLTYPE Present1(UINT SyncInterval, UINT PresentFlags, const DXGI_PRESENT_PARAMETERS* pPresentParameters) override;
  BOOL STDMETHODCALLTYPE IsTemporaryMonoSupported() override;
  HRESULT STDMETHODCALLTYPE GetRestrictToOutput(IDXGIOutput** ppRestrictToOutput) override;
  HRESULT STDMETHODCALLTYPE SetBackgroundColor(const DXGI_RGBA* pColor) override;
  HRESULT STDMETHODCALLTYPE GetBackgroundColor(DXGI_RGBA* pColor) override;
  HRESULT STDMETHODCALLTYPE SetRotation(DXGI_MODE_ROTATION Rotation) override;
  HRESULT STDMETHODCALLTYPE GetRotation(DXGI_MODE_ROTATION* pRotation) override;
  // IDXGISwapChain2
  HRESULT STDMETHODCALLTYPE SetSourceSize(UINT Width, UINT Height) override;
  HRESULT STDMETHODCALLTYPE GetSourceSize(UINT* pWidth, UINT* pHeight) override;
  HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT MaxLatency) override;
  HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT* pMaxLatency) override;
  HANDLE STDMETHODCALLTYPE GetFrameLatencyWaitableObject() override;
  HRESULT STDMETHODCALLTYPE SetMatrixTransform(const DXGI_MATRIX_3X2_F* pMatrix) override;
  HRESULT STDMETHODCALLTYPE GetMatrixTransform(DXGI_MATRIX_3X2_F* pMatrix) override;
  // IDXGISwapChain3
  UINT STDMETHODCALLTYPE GetCurrentBackBufferIndex() override;
  HRESULT STDMETHODCALLTYPE CheckColorSpaceSupport(DXGI_COLOR_SPACE_TYPE ColorSpace, UINT* pColorSpaceSupport) override;
  HRESULT STDMETHODCALLTYPE SetColorSpace1(DXGI_COLOR_SPACE_TYPE ColorSpace) override;
  HRESULT STDMETHODCALLTYPE ResizeBuffers1(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT Format, UINT SwapChainFlags,
                                           const UINT* pCreationNodeMask, IUnknown* const* ppPresentQueue) override;
  // IDXGISwapChain4
  HRESULT STDMETHODCALLTYPE SetHDRMetaData(DXGI_HDR_METADATA_TYPE Type, UINT Size, void* pMetaData) override;

private:
  DxgiSwapChain(DxgiFactory* factory, IUnknown* device, util::ComPtr<ID3D11VkPresentDevice> presentDevice, HWND window,
                const DXGI_SWAP_CHAIN_DESC1& desc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC& fullscreenDesc,
                IDXGIOutput* restrictToOutput);
  HRESULT createBackBuffer();
  bool windowGone() const;
  // The window's client size, or {0, 0} when it cannot be told.
  void windowSize(UINT* width, UINT* height) const;
  // The latency in effect: dxgi.maxFrameLatency, else the swapchain's (waitable object) or the
  // device's.
  UINT frameLatency();
  static UINT configLatency();  // dxgi.maxFrameLatency; 0 when the application's applies
  // The refresh rate of the output that holds the window (60 when none does).
  double containingRefreshHz();
  // Ticks (VBlankClock) between presents: sync intervals 2-4 and dxgi.maxFrameRate; 0 for none.
  int64_t pacingPeriod(UINT syncInterval) const;
  // The semaphore or eventfd of FRAME_LATENCY_WAITABLE_OBJECT gets `count` more frames.
  void releaseWaitable(UINT count);

  // Occlusion: the window is minimised or without area; a change notifies the factory's
  // occlusion registrations.
  bool windowOccluded(UINT width, UINT height) const;
  void noteOcclusion(bool occluded);

  // Fullscreen (docs/dxgi.md): whether `output` is an output of this swapchain's adapter.
  bool outputOfOurAdapter(IDXGIOutput* output);
  HRESULT enterFullscreen(IDXGIOutput* output);
  void leaveFullscreen();
  // Whether a fullscreen swapchain has lost the foreground to another window of this process
  // since it entered fullscreen (docs/dxgi.md: Direct3D 10/11 fullscreen then ends). Always false
  // natively and when windowed.
  bool lostForeground() const;
#ifdef _WIN32
  // Switches the output's display mode to its closest match (FindClosestMatchingMode) to
  // width x height at `rate`, when that differs from the current mode; the first switch remembers
  // the device so that leaving fullscreen restores its registry mode.
  void switchMode(IDXGIOutput* output, UINT width, UINT height, DXGI_RATIONAL rate);
  void restoreMode();
  // Moves and sizes the window over the output's desktop rectangle, topmost.
  void coverOutput(IDXGIOutput* output);
#endif

  // Buffers above 0 (GetBuffer): made on first request; SEQUENTIAL and FLIP_SEQUENTIAL rotate
  // their contents at each Present.
  HRESULT createHistory();
  void rotateBuffers(ID3D11DeviceContext* context);
  // Where the back buffer lands in the window at Present (DXGI_SCALING, background colour).
  vk::PresentLayout presentLayout() const;
  util::ComPtr<ID3D11DeviceContext> immediateContext();

  util::ComPtr<IDXGIFactory> m_factory;
  // A second reference to the factory: a Windows 10 swapchain holds its factory twice (Wine's
  // dxgi tests read the factory's count as 4 with one swapchain), and applications that check
  // counts at shutdown see the same numbers.
  util::ComPtr<IDXGIFactory> m_factoryAgain;
  DxgiFactory* m_dxgiFactory;  // m_factory, for occlusion notifications
  // The device, held once, as on Windows (its count is one higher per swapchain): through
  // m_presentDevice, a face of the same object; m_device is that object's IUnknown, not owned.
  IUnknown* m_device;
  util::ComPtr<ID3D11VkPresentDevice> m_presentDevice;
  HWND m_window;
  DXGI_SWAP_CHAIN_DESC1 m_desc;
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC m_fullscreenDesc;
  util::ComPtr<IDXGIOutput> m_restrictToOutput;
  std::unique_ptr<vk::Presenter> m_presenter;
  HeldBuffer m_backBuffer;  // buffer 0, held privately (dxgi_held_buffer.h)
  util::ComPtr<ID3D11Texture2D> m_resolveBuffer;  // multisampled back buffers are resolved into it
  std::deque<uint64_t> m_inFlight;  // timeline values of presents the GPU may not have finished
  uint64_t m_lastSubmission = 0;
  FramePacer m_pacer;
  double m_refreshHz = 60.0;
  UINT m_presentCount = 0;
  UINT m_maxLatency = 1;          // with FRAME_LATENCY_WAITABLE_OBJECT
  HANDLE m_waitable = nullptr;
  DXGI_RGBA m_background{0, 0, 0, 0};
  // SetSourceSize's region; 0 until set, and again after ResizeBuffers (the whole buffer).
  UINT m_sourceWidth = 0, m_sourceHeight = 0;
  bool m_warnedGone = false;
  bool m_occluded = false;
  // Buffers 1 .. count-1 (read-only textures), and the scratch texture of their rotation.
  std::vector<HeldBuffer> m_history;
  util::ComPtr<ID3D11Texture2D> m_rotateScratch;
  // Fullscreen state.
  bool m_fullscreen = false;
  util::ComPtr<IDXGIOutput> m_fullscreenOutput;
#ifdef _WIN32
  LONG m_savedStyle = 0;
  LONG m_savedExStyle = 0;
  RECT m_savedRect{};
  HWND m_foregroundAtEntry = nullptr;  // the foreground window when fullscreen began
  std::wstring m_modeDevice;  // the display whose mode we changed; empty when none
#else
  x11::WindowPlacement m_savedPlacement;  // the X11 window's place before fullscreen
#endif
};

}  // namespace d3d11vk
