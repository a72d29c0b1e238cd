// DxgiFactory: IDXGIFactory through IDXGIFactory7: adapter enumeration over the Vulkan instance,
// window association and status-notification registrations.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

#include "dxgi/dxgi_event_registry.h"
#include "dxgi/dxgi_object.h"

namespace vk { class Instance; }

namespace d3d11vk {

class DxgiFactory : public DxgiObject<IDXGIFactory7> {
public:
  // Which entry point made the factory. CreateDXGIFactory makes a DXGI 1.0 factory, which
  // answers IDXGIFactory only (Windows 10, per Wine's dxgi tests: IDXGIFactory1 is E_NOINTERFACE
  // from it); CreateDXGIFactory1 and 2 make factories that answer every version.
  enum class Version { Dxgi10, Dxgi11 };
  // instance may be null when Vulkan is unavailable: the factory then enumerates no adapters.
  DxgiFactory(std::shared_ptr<vk::Instance> instance, UINT flags, Version version = Version::Dxgi11);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  // IDXGIObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void **parent) override;
  // IDXGIFactory
  HRESULT STDMETHODCALLTYPE EnumAdapters(UINT adapter_idx, IDXGIAdapter **adapter) override;
  HRESULT STDMETHODCALLTYPE MakeWindowAssociation(HWND window, UINT flags) override;
  HRESULT STDMETHODCALLTYPE GetWindowAssociation(HWND *window) override;
  HRESULT STDMETHODCALLTYPE CreateSwapChain(IUnknown *device, DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **swapchain) override;
  HRESULT STDMETHODCALLTYPE CreateSoftwareAdapter(HMODULE swrast, IDXGIAdapter **adapter) override;
  // IDXGIFactory1
  HRESULT STDMETHODCALLTYPE EnumAdapters1(UINT Adapter, IDXGIAdapter1 **ppAdapter) override;
  BOOL STDMETHODCALLTYPE IsCurrent() override;
  // IDXGIFactory2
  BOOL STDMETHODCALLTYPE IsWindowedStereoEnabled() override;
  HRESULT STDMETHODCALLTYPE CreateSwapChainForHwnd(IUnknown *pDevice, HWND hWnd, const DXGI_SWAP_CHAIN_DESC1 *pDesc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pFullscreenDesc, IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain) override;
  HRESULT STDMETHODCALLTYPE CreateSwapChainForCoreWindow(IUnknown *pDevice, IUnknown *pWindow, const DXGI_SWAP_CHAIN_DESC1 *pDesc, IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain) override;
  HRESULT STDMETHODCALLTYPE GetSharedResourceAdapterLuid(HANDLE hResource, LUID *pLuid) override;
  HRESULT STDMETHODCALLTYPE RegisterStereoStatusWindow(HWND WindowHandle, UINT wMsg, DWORD *pdwCookie) override;
  HRESULT STDMETHODCALLTYPE RegisterStereoStatusEvent(HANDLE hEvent, DWORD *pdwCookie) override;
  void STDMETHODCALLTYPE UnregisterStereoStatus(DWORD dwCookie) override;
  HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusWindow(HWND WindowHandle, UINT wMsg, DWORD *pdwCookie) override;
  HRESULT STDMETHODCALLTYPE RegisterOcclusionStatusEvent(HANDLE hEvent, DWORD *pdwCookie) override;
  void STDMETHODCALLTYPE UnregisterOcclusionStatus(DWORD dwCookie) override;
  HRESULT STDMETHODCALLTYPE CreateSwapChainForComposition(IUnknown *pDevice, const DXGI_SWAP_CHAIN_DESC1 *pDesc, IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain) override;
  // IDXGIFactory3
  UINT STDMETHODCALLTYPE GetCreationFlags() override;
  // IDXGIFactory4
  HRESULT STDMETHODCALLTYPE EnumAdapterByLuid(LUID luid, REFIID iid, void **adapter) override;
  HRESULT STDMETHODCALLTYPE EnumWarpAdapter(REFIID iid, void **adapter) override;
  // IDXGIFactory5
  HRESULT STDMETHODCALLTYPE CheckFeatureSupport(DXGI_FEATURE feature, void *support_data, UINT support_data_size) override;
  // IDXGIFactory6
  HRESULT STDMETHODCALLTYPE EnumAdapterByGpuPreference(UINT adapter_idx, DXGI_GPU_PREFERENCE gpu_preference, REFIID iid, void **adapter) override;
  // IDXGIFactory7
  HRESULT STDMETHODCALLTYPE RegisterAdaptersChangedEvent(HANDLE event, DWORD *cookie) override;
  HRESULT STDMETHODCALLTYPE UnregisterAdaptersChangedEvent(DWORD cookie) override;

  // Whether MakeWindowAssociation told DXGI to leave `window`'s Alt+Enter alone
  // (DXGI_MWA_NO_ALT_ENTER or DXGI_MWA_NO_WINDOW_CHANGES for that window).
  bool altEnterBlocked(HWND window) const;
  // Whether presenting can tear (PRESENT_ALLOW_TEARING): asked once, then remembered.
  bool tearingSupported();
  // A swapchain's occlusion status changed: registered windows get their message posted and
  // registered events are set (RegisterOcclusionStatusWindow/Event).
  void notifyOcclusionChange();

private:
  // Creates a new COM adapter for the Vulkan adapter at index (in the preference order given),
  // answering riid; DXGI_ERROR_NOT_FOUND past the end.
  HRESULT createAdapter(UINT index, DXGI_GPU_PREFERENCE preference, REFIID riid, void** adapter);

  std::shared_ptr<vk::Instance> m_instance;
  UINT m_flags;
  Version m_version;
  // MakeWindowAssociation's windows and their flags (Alt+Enter), read by the window hook's thread.
  mutable std::mutex m_associationMutex;
  std::map<HWND, UINT> m_associations;
  DxgiEventRegistry m_occlusion{"occlusion status"};
  DxgiEventRegistry m_stereo{"stereo status"};
  DxgiEventRegistry m_adaptersChanged{"adapters changed"};
  std::mutex m_tearingMutex;
  bool m_tearingKnown = false;
  bool m_tearing = false;
};

}  // namespace d3d11vk
