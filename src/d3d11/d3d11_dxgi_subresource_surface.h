// DxgiSubresourceSurface: the IDXGISurface2 that IDXGIResource1::CreateSubresourceSurface makes for
// one subresource (a mip level of an array slice) of a 1D or 2D texture with several.
#pragma once

#include "d3d11/d3d11_dxgi_resource.h"
#include "util/com_object.h"
#include "util/com_ptr.h"
#include "util/private_data.h"

namespace d3d11vk {

// An object of its own, unlike the texture's own surface face: several can exist for one
// texture at once, each with its own reference count, private data and subresource. It holds
// a reference to the texture, which GetResource and GetParent return.
class DxgiSubresourceSurface final : public util::ComObject<IDXGISurface2> {
public:
  DxgiSubresourceSurface(ID3D11Resource* parent, UINT subresource);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // IDXGIObject
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* object) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override;
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void** parent) override;
  // IDXGIDeviceSubObject
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** device) override;
  // IDXGISurface, IDXGISurface1, IDXGISurface2: the subresource's, through DxgiSurfaceFace
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_SURFACE_DESC* desc) override;
  HRESULT STDMETHODCALLTYPE Map(DXGI_MAPPED_RECT* mapped, UINT flags) override;
  HRESULT STDMETHODCALLTYPE Unmap() override;
  HRESULT STDMETHODCALLTYPE GetDC(BOOL discard, HDC* dc) override;
  HRESULT STDMETHODCALLTYPE ReleaseDC(RECT* dirty) override;
  HRESULT STDMETHODCALLTYPE GetResource(REFIID riid, void** resource, UINT* subresource) override;

private:
  util::ComPtr<ID3D11Resource> m_parent;
  // The surface behaviour over (parent, subresource); never handed out, so its forwarding of
  // IUnknown to the texture is not used.
  DxgiSurfaceFace m_surface;
  util::PrivateDataStore m_privateData;
};

}  // namespace d3d11vk
