// D3D11DxgiDevice: adapter access, frame latency and GPU priority bookkeeping, residency, offer and
// reclaim records, the completion event on the GPU timeline, and surfaces (2D textures) by usage.
#include "d3d11/d3d11_dxgi_device.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_enum_value.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_resource.h"
#include "util/com_ptr.h"
#include "util/log.h"

#include "util/thread.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"

#ifndef _WIN32
#include <fcntl.h>

#include <cstdint>
#endif

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
  if (!adapter) {
    util::log::warn("IDXGIDevice::GetAdapter: null adapter pointer");
    return E_INVALIDARG;
  }
  *adapter = m_device->dxgiAdapter();
  (*adapter)->AddRef();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::SetGPUThreadPriority(INT priority) {
  // STATUS: partial: validated and stored; Vulkan offers no way to apply it
  // Documented range -7..7. Vulkan has no per-device priority to change after creation; the value
  // is kept so GetGPUThreadPriority reports what was set.
  if (priority < -7 || priority > 7) {
    util::log::warn("IDXGIDevice::SetGPUThreadPriority: ", priority, " is outside -7..7");
    return E_INVALIDARG;
  }
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
  // 0 restores the default; the documented maximum is DXGI_MAX_SWAP_CHAIN_BUFFERS (16).
  if (MaxLatency > DXGI_MAX_SWAP_CHAIN_BUFFERS) {
    util::log::warn("IDXGIDevice1::SetMaximumFrameLatency: ", MaxLatency, " is above ", DXGI_MAX_SWAP_CHAIN_BUFFERS);
    return DXGI_ERROR_INVALID_CALL;
  }
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
  // STATUS: partial: a hint that changes nothing: the upload heap and pools keep their memory for reuse
  // Trim asks the driver to drop memory it keeps for speed; the documentation makes it a hint, so
  // doing nothing is correct, only less frugal.
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::CreateSurface(const DXGI_SURFACE_DESC* desc, UINT surface_count, DXGI_USAGE usage, const DXGI_SHARED_RESOURCE* shared_resource, IDXGISurface** surface) {
  if (!desc || !surface || !surface_count) {
    util::log::error("CreateSurface: a null description or surface array, or no surfaces");
    return E_INVALIDARG;
  }
  if (shared_resource) {
    // The surface is the shared resource the handle names, opened on this device, as
    // OpenSharedResource does (in this process only: docs/resources.md, Shared resources).
    if (surface_count != 1) {
      util::log::warn("CreateSurface: ", surface_count, " surfaces of one shared resource: E_INVALIDARG");
      return E_INVALIDARG;
    }
    *surface = nullptr;
    return m_device->OpenSharedResource(shared_resource->Handle, __uuidof(IDXGISurface), reinterpret_cast<void**>(surface));
  }
  // A surface is a single-level 2D texture whose bindings follow the DXGI usage, as the
  // runtime makes them; the texture's rules (formats, sizes, samples) apply.
  D3D11_TEXTURE2D_DESC texture{};
  texture.Width = desc->Width;
  texture.Height = desc->Height;
  texture.MipLevels = 1;
  texture.ArraySize = 1;
  texture.Format = desc->Format;
  texture.SampleDesc = desc->SampleDesc;
  texture.Usage = D3D11_USAGE_DEFAULT;
  if (usage & DXGI_USAGE_RENDER_TARGET_OUTPUT)
    texture.BindFlags |= D3D11_BIND_RENDER_TARGET;
  if (usage & DXGI_USAGE_SHADER_INPUT)
    texture.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
  if (usage & DXGI_USAGE_UNORDERED_ACCESS)
    texture.BindFlags |= D3D11_BIND_UNORDERED_ACCESS;
  for (UINT i = 0; i < surface_count; ++i) {
    util::ComPtr<ID3D11Texture2D> created;
    HRESULT result = m_device->CreateTexture2D(&texture, nullptr, created.put());
    if (SUCCEEDED(result))
      result = created->QueryInterface(__uuidof(IDXGISurface), reinterpret_cast<void**>(&surface[i]));
    if (FAILED(result)) {
      for (UINT j = 0; j < i; ++j) {
        surface[j]->Release();
        surface[j] = nullptr;
      }
      return result;
    }
  }
  return S_OK;
}

bool D3D11DxgiDevice::checkResources(const char* method, UINT count, IUnknown* const* resources) const {
  if (count && !resources) {
    util::log::warn(method, ": ", count, " resources but a null array");
    return false;
  }
  for (UINT i = 0; i < count; i++) {
    void* common = nullptr;
    // Only d3d11vk's resources answer the private id; anything else is not this device's.
    if (!resources[i] || FAILED(resources[i]->QueryInterface(kResourceCommonId, &common))) {
      util::log::warn(method, ": resource ", i, " is ", resources[i] ? "not a d3d11vk resource" : "null");
      return false;
    }
    static_cast<D3D11ResourceCommon*>(common)->releaseCommon();
  }
  return true;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::QueryResourceResidency(IUnknown* const* resources, DXGI_RESIDENCY* residency, UINT resource_count) {
  if (resource_count && !residency) {
    util::log::warn("IDXGIDevice::QueryResourceResidency: null residency array");
    return E_INVALIDARG;
  }
  if (!checkResources("IDXGIDevice::QueryResourceResidency", resource_count, resources))
    return E_INVALIDARG;
  // Vulkan memory stays resident for as long as it is allocated, and d3d11vk never evicts
  // (offered resources keep their memory, see OfferResources).
  for (UINT i = 0; i < resource_count; i++)
    residency[i] = DXGI_RESIDENCY_FULLY_RESIDENT;
  return S_OK;
}

HRESULT D3D11DxgiDevice::offer(const char* method, UINT count, IDXGIResource* const* resources, DXGI_OFFER_RESOURCE_PRIORITY priority) {
  UINT raw = enumValue(priority);  // raw value: the application may pass anything
  if (raw < DXGI_OFFER_RESOURCE_PRIORITY_LOW || raw > DXGI_OFFER_RESOURCE_PRIORITY_HIGH) {
    util::log::warn(method, ": invalid priority ", raw);
    return E_INVALIDARG;
  }
  if (!checkResources(method, count, reinterpret_cast<IUnknown* const*>(resources)))
    return E_INVALIDARG;
  // Offering lets the OS discard the memory; d3d11vk keeps it (Vulkan has no way to give memory
  // back without destroying it), so the contents survive and ReclaimResources reports that.
  std::lock_guard lock(m_offerMutex);
  for (UINT i = 0; i < count; i++)
    m_offered.insert(resources[i]);
  return S_OK;
}

HRESULT D3D11DxgiDevice::reclaim(const char* method, UINT count, IDXGIResource* const* resources) {
  if (!checkResources(method, count, reinterpret_cast<IUnknown* const*>(resources)))
    return E_INVALIDARG;
  std::lock_guard lock(m_offerMutex);
  for (UINT i = 0; i < count; i++) {
    if (m_offered.erase(resources[i]) == 0)
      util::log::info(method, ": resource ", i, " was not offered");
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::OfferResources(UINT NumResources, IDXGIResource* const* ppResources, DXGI_OFFER_RESOURCE_PRIORITY Priority) {
  // STATUS: partial: recorded; the memory is kept, so reclaimed contents are never discarded
  return offer("IDXGIDevice2::OfferResources", NumResources, ppResources, Priority);
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::OfferResources1(UINT resource_count, IDXGIResource* const* resources, DXGI_OFFER_RESOURCE_PRIORITY priority, UINT flags) {
  // STATUS: partial: recorded; the memory is kept, so reclaimed contents are never discarded
  if (flags & ~UINT(DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT)) {
    util::log::warn("IDXGIDevice4::OfferResources1: invalid flags 0x", std::hex, flags);
    return E_INVALIDARG;
  }
  return offer("IDXGIDevice4::OfferResources1", resource_count, resources, priority);
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::ReclaimResources(UINT NumResources, IDXGIResource* const* ppResources, BOOL* pDiscarded) {
  HRESULT result = reclaim("IDXGIDevice2::ReclaimResources", NumResources, ppResources);
  if (SUCCEEDED(result) && pDiscarded) {
    for (UINT i = 0; i < NumResources; i++)
      pDiscarded[i] = FALSE;  // the memory was never given up
  }
  return result;
}

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::ReclaimResources1(UINT resource_count, IDXGIResource* const* resources, DXGI_RECLAIM_RESOURCE_RESULTS* results) {
  HRESULT result = reclaim("IDXGIDevice4::ReclaimResources1", resource_count, resources);
  if (SUCCEEDED(result) && results) {
    for (UINT i = 0; i < resource_count; i++)
      results[i] = DXGI_RECLAIM_RESOURCE_RESULT_OK;
  }
  return result;
}

namespace {

// Whether `handle` can be an event the application may set: the check happens now, while the
// setting itself happens later on the completion thread, where no HRESULT can be returned.
bool plausibleEventHandle(HANDLE handle) {
#ifdef _WIN32
  DWORD flags = 0;
  return GetHandleInformation(handle, &flags) != 0;
#else
  // Natively an eventfd descriptor (docs/dxgi.md): it must be open for writing.
  int status = fcntl(int(reinterpret_cast<intptr_t>(handle)), F_GETFL);
  return status >= 0 && (status & O_ACCMODE) != O_RDONLY;
#endif
}

}  // namespace

HRESULT STDMETHODCALLTYPE D3D11DxgiDevice::EnqueueSetEvent(HANDLE hEvent) {
  if (!hEvent || !plausibleEventHandle(hEvent)) {
    util::log::warn("IDXGIDevice2::EnqueueSetEvent: ", hEvent ? "not a handle that can be set" : "null event");
    return E_INVALIDARG;
  }
  // The event is due once the GPU has finished everything submitted so far: flush the immediate
  // context's open chunk and set the event when the timeline reaches it.
  vk::CommandStream& stream = m_device->immediateContext().stream();
  stream.flush();
  const uint64_t value = stream.recordingValue() - 1;  // the chunk just flushed
  m_device->vulkanDevice().timeline().deferUntil(value, [hEvent] {
    if (!util::setEventHandle(hEvent))
      util::log::warn("IDXGIDevice2::EnqueueSetEvent: the event could not be set");
  });
  return S_OK;
}

}  // namespace d3d11vk
