// DxgiFactory: adapter enumeration and ordering; swapchain and window methods come with the
// presenter (not implemented yet, see docs/STATUS.md).
#include "dxgi/dxgi_factory.h"

#include <algorithm>
#include <cstring>

#include "dxgi/dxgi_adapter.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/instance.h"

namespace d3d11vk {

DxgiFactory::DxgiFactory(std::shared_ptr<vk::Instance> instance, UINT flags)
    : m_instance(std::move(instance)), m_flags(flags) {}

HRESULT STDMETHODCALLTYPE DxgiFactory::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIFactory) ||
      riid == __uuidof(IDXGIFactory1) || riid == __uuidof(IDXGIFactory2) || riid == __uuidof(IDXGIFactory3) ||
      riid == __uuidof(IDXGIFactory4) || riid == __uuidof(IDXGIFactory5) || riid == __uuidof(IDXGIFactory6) ||
      riid == __uuidof(IDXGIFactory7))
    return util::returnInterface<IDXGIFactory7>(this, object);
  util::logUnknownInterface("DxgiFactory", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::GetParent(REFIID riid, void** parent) {
  // A factory is the root of the DXGI object tree: it has no parent to return.
  (void)riid;
  if (!parent)
    return E_INVALIDARG;
  *parent = nullptr;
  return E_NOINTERFACE;
}

HRESULT DxgiFactory::createAdapter(UINT index, DXGI_GPU_PREFERENCE preference, REFIID riid, void** adapter) {
  if (!adapter)
    return E_INVALIDARG;
  *adapter = nullptr;
  if (!m_instance)
    return DXGI_ERROR_NOT_FOUND;
  std::vector<std::shared_ptr<vk::Adapter>> adapters = m_instance->adapters();
  if (preference == DXGI_GPU_PREFERENCE_MINIMUM_POWER) {
    // Integrated devices draw the least power; the instance's order puts discrete first.
    std::stable_partition(adapters.begin(), adapters.end(), [](const std::shared_ptr<vk::Adapter>& a) {
      return a->profile().properties.core.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
    });
  }
  if (index >= adapters.size())
    return DXGI_ERROR_NOT_FOUND;
  auto* created = new DxgiAdapter(this, adapters[index], index);
  HRESULT result = created->QueryInterface(riid, adapter);
  created->Release();
  return result;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapters(UINT adapter_idx, IDXGIAdapter** adapter) {
  return createAdapter(adapter_idx, DXGI_GPU_PREFERENCE_UNSPECIFIED, __uuidof(IDXGIAdapter), reinterpret_cast<void**>(adapter));
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapters1(UINT Adapter, IDXGIAdapter1** ppAdapter) {
  return createAdapter(Adapter, DXGI_GPU_PREFERENCE_UNSPECIFIED, __uuidof(IDXGIAdapter1), reinterpret_cast<void**>(ppAdapter));
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapterByGpuPreference(UINT adapter_idx, DXGI_GPU_PREFERENCE gpu_preference, REFIID iid, void** adapter) {
  if (gpu_preference != DXGI_GPU_PREFERENCE_UNSPECIFIED && gpu_preference != DXGI_GPU_PREFERENCE_MINIMUM_POWER &&
      gpu_preference != DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE) {
    if (adapter)
      *adapter = nullptr;
    util::log::warn("IDXGIFactory6::EnumAdapterByGpuPreference: invalid preference ", int(gpu_preference));
    return E_INVALIDARG;
  }
  return createAdapter(adapter_idx, gpu_preference, iid, adapter);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapterByLuid(LUID luid, REFIID iid, void** adapter) {
  if (!adapter)
    return E_INVALIDARG;
  *adapter = nullptr;
  if (!m_instance)
    return DXGI_ERROR_NOT_FOUND;
  const auto& adapters = m_instance->adapters();
  for (UINT i = 0; i < adapters.size(); i++) {
    DXGI_ADAPTER_DESC3 desc = describeAdapter(*adapters[i], i);
    if (desc.AdapterLuid.LowPart == luid.LowPart && desc.AdapterLuid.HighPart == luid.HighPart)
      return createAdapter(i, DXGI_GPU_PREFERENCE_UNSPECIFIED, iid, adapter);
  }
  util::log::warn("IDXGIFactory4::EnumAdapterByLuid: no adapter with LUID ", luid.HighPart, ":", luid.LowPart);
  return DXGI_ERROR_NOT_FOUND;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumWarpAdapter(REFIID iid, void** adapter) {
  // WARP is Microsoft's software rasterizer; d3d11vk has no equivalent to hand out.
  (void)iid;
  if (adapter)
    *adapter = nullptr;
  D3D11VK_LOG_ONCE(Warn, "IDXGIFactory4::EnumWarpAdapter: no WARP adapter in d3d11vk");
  return DXGI_ERROR_UNSUPPORTED;
}

BOOL STDMETHODCALLTYPE DxgiFactory::IsCurrent() {
  // The set of Vulkan adapters does not change while the instance lives.
  return TRUE;
}

BOOL STDMETHODCALLTYPE DxgiFactory::IsWindowedStereoEnabled() {
  return FALSE;
}

UINT STDMETHODCALLTYPE DxgiFactory::GetCreationFlags() {
  return m_flags;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CheckFeatureSupport(DXGI_FEATURE feature, void* support_data, UINT support_data_size) {
  // STATUS: partial: ALLOW_TEARING reports FALSE: there is no presenter yet
  if (feature != DXGI_FEATURE_PRESENT_ALLOW_TEARING) {
    util::log::warn("IDXGIFactory5::CheckFeatureSupport: unknown feature ", int(feature));
    return DXGI_ERROR_UNSUPPORTED;
  }
  if (!support_data || support_data_size != sizeof(BOOL))
    return E_INVALIDARG;
  // No presenter yet, so no tearing presentation either (docs/STATUS.md).
  *static_cast<BOOL*>(support_data) = FALSE;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::MakeWindowAssociation(HWND /*window*/, UINT /*flags*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::GetWindowAssociation(HWND * /*window*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChain(IUnknown * /*device*/, DXGI_SWAP_CHAIN_DESC * /*desc*/, IDXGISwapChain ** /*swapchain*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSoftwareAdapter(HMODULE /*swrast*/, IDXGIAdapter ** /*adapter*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForHwnd(IUnknown * /*pDevice*/, HWND /*hWnd*/, const DXGI_SWAP_CHAIN_DESC1 * /*pDesc*/, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC * /*pFullscreenDesc*/, IDXGIOutput * /*pRestrictToOutput*/, IDXGISwapChain1 ** /*ppSwapChain*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForCoreWindow(IUnknown * /*pDevice*/, IUnknown * /*pWindow*/, const DXGI_SWAP_CHAIN_DESC1 * /*pDesc*/, IDXGIOutput * /*pRestrictToOutput*/, IDXGISwapChain1 ** /*ppSwapChain*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::GetSharedResourceAdapterLuid(HANDLE /*hResource*/, LUID * /*pLuid*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterStereoStatusWindow(HWND /*WindowHandle*/, UINT /*wMsg*/, DWORD * /*pdwCookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterStereoStatusEvent(HANDLE /*hEvent*/, DWORD * /*pdwCookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

void STDMETHODCALLTYPE DxgiFactory::UnregisterStereoStatus(DWORD /*dwCookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterOcclusionStatusWindow(HWND /*WindowHandle*/, UINT /*wMsg*/, DWORD * /*pdwCookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterOcclusionStatusEvent(HANDLE /*hEvent*/, DWORD * /*pdwCookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

void STDMETHODCALLTYPE DxgiFactory::UnregisterOcclusionStatus(DWORD /*dwCookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForComposition(IUnknown * /*pDevice*/, const DXGI_SWAP_CHAIN_DESC1 * /*pDesc*/, IDXGIOutput * /*pRestrictToOutput*/, IDXGISwapChain1 ** /*ppSwapChain*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterAdaptersChangedEvent(HANDLE /*event*/, DWORD * /*cookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::UnregisterAdaptersChangedEvent(DWORD /*cookie*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

}  // namespace d3d11vk
