// The DXGI faces of the D3D11 resources: IDXGIResource1 on every buffer and texture, and
// IDXGISurface2 on 2D textures with a single subresource (a DXGI surface is one subresource).
// Like the D3D10 faces they are member objects of the resource: one reference count, and
// QueryInterface answers both ways through the owner.
#pragma once

#include "d3d11/d3d11_keyed_mutex.h"
#include "util/windows_base.h"

namespace d3d11vk {

class D3D11ResourceCommon;

// Private data a swapchain (dxgi.dll) sets on its buffers: a DXGI_USAGE that GetUsage adds to what
// the resource's bindings say (DXGI_USAGE_BACK_BUFFER, READ_ONLY, the swapchain's BufferUsage).
inline constexpr GUID kSwapChainUsageId = {0x4d6f3a21, 0x9c1e, 0x4b7a, {0x85, 0x3d, 0x2e, 0x61, 0xf0, 0x9a, 0xc4, 0x57}};

// What both faces forward to the owning resource: IUnknown, private data (one store for the D3D11
// and DXGI interfaces, as on Windows) and the device as parent.
template <typename Interface>
class DxgiFaceBase : public Interface {
public:
  explicit DxgiFaceBase(ID3D11Resource* owner) : m_owner(owner) {}
  DxgiFaceBase(const DxgiFaceBase&) = delete;
  DxgiFaceBase& operator=(const DxgiFaceBase&) = delete;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override { return m_owner->QueryInterface(riid, object); }
  ULONG STDMETHODCALLTYPE AddRef() override { return m_owner->AddRef(); }
  ULONG STDMETHODCALLTYPE Release() override { return m_owner->Release(); }

  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override {
    return m_owner->SetPrivateData(guid, size, data);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* object) override {
    return m_owner->SetPrivateDataInterface(guid, object);
  }
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override {
    return m_owner->GetPrivateData(guid, size, data);
  }
  // A resource's DXGI parent and device are the device that made it (its IDXGIDevice face).
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** parent) override { return queryDevice(riid, parent); }
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** device) override { return queryDevice(riid, device); }

protected:
  HRESULT queryDevice(REFIID riid, void** object);
  ID3D11Resource* m_owner;
};

// IDXGIKeyedMutex of a SHARED_KEYEDMUTEX resource: the mutex's semantics are in d3d11_keyed_mutex.h.
class DxgiKeyedMutexFace final : public DxgiFaceBase<IDXGIKeyedMutex> {
public:
  using DxgiFaceBase::DxgiFaceBase;
  HRESULT STDMETHODCALLTYPE AcquireSync(UINT64 key, DWORD milliseconds) override;
  HRESULT STDMETHODCALLTYPE ReleaseSync(UINT64 key) override;

private:
  KeyedMutex m_mutex;
};

class DxgiResourceFace final : public DxgiFaceBase<IDXGIResource1> {
public:
  using DxgiFaceBase::DxgiFaceBase;
  // Takes the resource's shared handles out of the process-wide table (d3d11_shared_handles.h).
  ~DxgiResourceFace();
  // Answers IDXGIObject, IDXGIDeviceSubObject, IDXGIResource and IDXGIResource1, and
  // IDXGIKeyedMutex when the resource was created with SHARED_KEYEDMUTEX.
  bool query(REFIID riid, void** object);

  HRESULT STDMETHODCALLTYPE GetSharedHandle(HANDLE* handle) override;
  HRESULT STDMETHODCALLTYPE GetUsage(DXGI_USAGE* usage) override;
  HRESULT STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override;
  HRESULT STDMETHODCALLTYPE GetEvictionPriority(UINT* priority) override;
  HRESULT STDMETHODCALLTYPE CreateSubresourceSurface(UINT index, IDXGISurface2** surface) override;
  HRESULT STDMETHODCALLTYPE CreateSharedHandle(const SECURITY_ATTRIBUTES* attributes, DWORD access, const WCHAR* name,
                                               HANDLE* handle) override;

private:
  DxgiKeyedMutexFace m_keyedMutex{m_owner};
};

// The surface of one subresource of a 1D or 2D texture: the texture's own face (subresource 0 of a
// single-subresource texture) or the behaviour inside a DxgiSubresourceSurface
// (d3d11_dxgi_subresource_surface.h) for any subresource.
class DxgiSurfaceFace final : public DxgiFaceBase<IDXGISurface2> {
public:
  explicit DxgiSurfaceFace(ID3D11Resource* owner, UINT subresource = 0) : DxgiFaceBase(owner), m_subresource(subresource) {}
  // A DC still open (GetDC without ReleaseDC) is deleted without writing back.
  ~DxgiSurfaceFace();
  // Answers IDXGISurface, IDXGISurface1 and IDXGISurface2 when the owner is a single-subresource
  // 1D or 2D texture.
  bool query(REFIID riid, void** object);

  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SURFACE_DESC* desc) override;
  HRESULT STDMETHODCALLTYPE Map(DXGI_MAPPED_RECT* mapped, UINT flags) override;
  HRESULT STDMETHODCALLTYPE Unmap() override;
  HRESULT STDMETHODCALLTYPE GetDC(BOOL discard, HDC* dc) override;
  HRESULT STDMETHODCALLTYPE ReleaseDC(RECT* dirty) override;
  HRESULT STDMETHODCALLTYPE GetResource(REFIID riid, void** resource, UINT* subresource) override;

private:
  bool isSurface();

  UINT m_subresource;  // which subresource of the owner this surface shows
  // GetDC's memory DC over a CPU copy of the texture, written back by ReleaseDC
  // (d3d11_dxgi_resource.cpp); null while no DC is out.
  struct GdiSurface;
  GdiSurface* m_gdi = nullptr;
};

}  // namespace d3d11vk
