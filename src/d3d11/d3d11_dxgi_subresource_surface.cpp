// DxgiSubresourceSurface (d3d11_dxgi_subresource_surface.h): identity, private data and parents
// here; what the surface shows comes from DxgiSurfaceFace over the subresource.
#include "d3d11/d3d11_dxgi_subresource_surface.h"

namespace d3d11vk {

DxgiSubresourceSurface::DxgiSubresourceSurface(ID3D11Resource* parent, UINT subresource)
    : m_parent(parent), m_surface(parent, subresource) {}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIDeviceSubObject) ||
      riid == __uuidof(IDXGISurface) || riid == __uuidof(IDXGISurface1) || riid == __uuidof(IDXGISurface2))
    return util::returnInterface<IDXGISurface2>(this, object);
  // Not the texture itself: the texture is what GetResource returns.
  util::logUnknownInterface("DxgiSubresourceSurface", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::SetPrivateData(REFGUID guid, UINT size, const void* data) {
  return m_privateData.setData(guid, size, data);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::SetPrivateDataInterface(REFGUID guid, const IUnknown* object) {
  return m_privateData.setInterface(guid, object);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::GetPrivateData(REFGUID guid, UINT* size, void* data) {
  return m_privateData.getData(guid, size, data);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::GetParent(REFIID riid, void** parent) {
  // The object it was made from: the documentation calls the texture the subresource surface's
  // parent resource (IDXGISurface2::GetResource).
  if (!parent)
    return E_INVALIDARG;
  return m_parent->QueryInterface(riid, parent);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::GetDevice(REFIID riid, void** device) {
  return m_surface.GetDevice(riid, device);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::GetDesc(DXGI_SURFACE_DESC* desc) {
  return m_surface.GetDesc(desc);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::Map(DXGI_MAPPED_RECT* mapped, UINT flags) {
  return m_surface.Map(mapped, flags);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::Unmap() {
  return m_surface.Unmap();
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::GetDC(BOOL discard, HDC* dc) {
  // STATUS: partial: as the texture's own surface: a memory DC over a CPU copy of the subresource, written back by ReleaseDC; native builds have no GDI and answer DXGI_ERROR_UNSUPPORTED
  return m_surface.GetDC(discard, dc);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::ReleaseDC(RECT* dirty) {
  return m_surface.ReleaseDC(dirty);
}

HRESULT STDMETHODCALLTYPE DxgiSubresourceSurface::GetResource(REFIID riid, void** resource, UINT* subresource) {
  return m_surface.GetResource(riid, resource, subresource);
}

}  // namespace d3d11vk
