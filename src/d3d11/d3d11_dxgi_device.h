// D3D11DxgiDevice: the IDXGIDevice through IDXGIDevice4 face of a D3D11 device (same object,
// same reference count): adapter access, frame latency, GPU thread priority, residency, offers and
// the completion event.
#pragma once

#include <mutex>
#include <set>

#include "util/com_face.h"
#include "util/windows_base.h"

namespace d3d11vk {

class D3D11Device;

class D3D11DxgiDevice : public util::ComFace<IDXGIDevice4, ID3D11Device5> {
public:
  explicit D3D11DxgiDevice(D3D11Device* device);

  // IDXGIObject
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT data_size, const void *data) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown *object) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT *data_size, void *data) override;
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void **parent) override;
  // IDXGIDevice
  HRESULT STDMETHODCALLTYPE GetAdapter(IDXGIAdapter **adapter) override;
  HRESULT STDMETHODCALLTYPE CreateSurface(const DXGI_SURFACE_DESC *desc, UINT surface_count, DXGI_USAGE usage, const DXGI_SHARED_RESOURCE *shared_resource, IDXGISurface **surface) override;
  HRESULT STDMETHODCALLTYPE QueryResourceResidency(IUnknown *const *resources, DXGI_RESIDENCY *residency, UINT resource_count) override;
  HRESULT STDMETHODCALLTYPE SetGPUThreadPriority(INT priority) override;
  HRESULT STDMETHODCALLTYPE GetGPUThreadPriority(INT *priority) override;
  // IDXGIDevice1
  HRESULT STDMETHODCALLTYPE SetMaximumFrameLatency(UINT MaxLatency) override;
  HRESULT STDMETHODCALLTYPE GetMaximumFrameLatency(UINT *pMaxLatency) override;
  // IDXGIDevice2
  HRESULT STDMETHODCALLTYPE OfferResources(UINT NumResources, IDXGIResource *const *ppResources, DXGI_OFFER_RESOURCE_PRIORITY Priority) override;
  HRESULT STDMETHODCALLTYPE ReclaimResources(UINT NumResources, IDXGIResource *const *ppResources, BOOL *pDiscarded) override;
  HRESULT STDMETHODCALLTYPE EnqueueSetEvent(HANDLE hEvent) override;
  // IDXGIDevice3
  void STDMETHODCALLTYPE Trim() override;
  // IDXGIDevice4
  HRESULT STDMETHODCALLTYPE OfferResources1(UINT resource_count, IDXGIResource *const *resources, DXGI_OFFER_RESOURCE_PRIORITY priority, UINT flags) override;
  HRESULT STDMETHODCALLTYPE ReclaimResources1(UINT resource_count, IDXGIResource *const *resources, DXGI_RECLAIM_RESOURCE_RESULTS *results) override;

  // Frame latency as set by SetMaximumFrameLatency (default 3); the presenter reads it.
  UINT maximumFrameLatency() const { return m_maxFrameLatency; }

private:
  // Checks every resource is one of ours; logs and returns false otherwise.
  bool checkResources(const char* method, UINT count, IUnknown* const* resources) const;
  HRESULT offer(const char* method, UINT count, IDXGIResource* const* resources, DXGI_OFFER_RESOURCE_PRIORITY priority);
  HRESULT reclaim(const char* method, UINT count, IDXGIResource* const* resources);

  D3D11Device* m_device;
  mutable std::mutex m_offerMutex;
  // Offered resources by identity; only compared, never dereferenced, so a resource released
  // while offered leaves a harmless stale entry.
  std::set<const void*> m_offered;
  UINT m_maxFrameLatency = kDefaultFrameLatency;
  INT m_gpuThreadPriority = 0;

  static constexpr UINT kDefaultFrameLatency = 3;
};

}  // namespace d3d11vk
