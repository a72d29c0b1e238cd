// D3D11DxgiDevice: adapter access, frame latency and GPU priority bookkeeping; residency, offers
// and surfaces are not implemented yet (docs/STATUS.md).
#include "d3d11/d3d11_dxgi_device.h"

#include "d3d11/d3d11_device.h"
#include "util/log.h"

namespace d3d11vk {

D3D11DxgiDevice::D3D11DxgiDevice(D3D11Device* device) : ComFace(device), m_device(device) {}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::SetPrivateData(REFGUID guid, UINT data_size, const void* data) {
  return m_device->SetPrivateData(guid, data_size, data);
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::SetPrivateDataInterface(REFGUID guid, const IUnknown* object) {
  return m_device->SetPrivateDataInterface(guid, object);
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::GetPrivateData(REFGUID guid, UINT* data_size, void* data) {
  return m_device->GetPrivateData(guid, data_size, data);
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::GetParent(REFIID riid, void** parent) {
  // A DXGI device's parent is its adapter.
  if (!parent)
    return E_INVALIDARG;
  return m_device->dxgiAdapter()->QueryInterface(riid, parent);
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::GetAdapter(IDXGIAdapter** adapter) {
  if (!adapter)
    return E_INVALIDARG;
  *adapter = m_device->dxgiAdapter();
  (*adapter)->AddRef();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::SetGPUThreadPriority(INT priority) {
  // STATUS: partial: validated and stored; Vulkan offers no way to apply it
  // Documented range -7..7. Vulkan has no per-device priority to change after creation; the value
  // is kept so GetGPUThreadPriority reports what was set.
  if (priority < -7 || priority > 7)
    return E_INVALIDARG;
  m_gpuThreadPriority = priority;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::GetGPUThreadPriority(INT* priority) {
  if (!priority)
    return E_POINTER;
  *priority = m_gpuThreadPriority;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::SetMaximumFrameLatency(UINT MaxLatency) {
  // STATUS: partial: validated and stored; the presenter that honours it does not exist yet
  // 0 restores the default; the documented maximum is DXGI_MAX_SWAP_CHAIN_BUFFERS (16).
  if (MaxLatency > DXGI_MAX_SWAP_CHAIN_BUFFERS)
    return DXGI_ERROR_INVALID_CALL;
  m_maxFrameLatency = MaxLatency == 0 ? kDefaultFrameLatency : MaxLatency;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::GetMaximumFrameLatency(UINT* pMaxLatency) {
  if (!pMaxLatency)
    return DXGI_ERROR_INVALID_CALL;
  *pMaxLatency = m_maxFrameLatency;
  return S_OK;
}

void STDMETHODCALLTYPE D3D11DxgiDevice::Trim() {
  // Trim asks the driver to drop temporary allocations it keeps for speed. d3d11vk keeps none yet
  // (no staging pools or caches exist), so there is nothing to release.
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::CreateSurface(const DXGI_SURFACE_DESC * /*desc*/, UINT /*surface_count*/, DXGI_USAGE /*usage*/, const DXGI_SHARED_RESOURCE * /*shared_resource*/, IDXGISurface ** /*surface*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::QueryResourceResidency(IUnknown *const * /*resources*/, DXGI_RESIDENCY * /*residency*/, UINT /*resource_count*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::OfferResources(UINT /*NumResources*/, IDXGIResource *const * /*ppResources*/, DXGI_OFFER_RESOURCE_PRIORITY /*Priority*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::ReclaimResources(UINT /*NumResources*/, IDXGIResource *const * /*ppResources*/, BOOL * /*pDiscarded*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::EnqueueSetEvent(HANDLE /*hEvent*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::OfferResources1(UINT /*resource_count*/, IDXGIResource *const * /*resources*/, DXGI_OFFER_RESOURCE_PRIORITY /*priority*/, UINT /*flags*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::ReclaimResources1(UINT /*resource_count*/, IDXGIResource *const * /*resources*/, DXGI_RECLAIM_RESOURCE_RESULTS * /*results*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

}  // namespace d3d11vk
