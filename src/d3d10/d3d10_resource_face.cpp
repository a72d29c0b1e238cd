// ID3D10Buffer and ID3D10Texture1D/2D/3D: descriptions converted from the D3D11 object's, and
// D3D10's resource Map/Unmap forwarded to the immediate context.
#include "d3d10/d3d10_resource_face.h"

#include "d3d10/d3d10_convert.h"
#include "d3d10/d3d10_device.h"

namespace d3d11vk {

HRESULT mapD3D10(ID3D11Resource* resource, UINT sub, D3D10_MAP type, UINT flags, D3D11_MAPPED_SUBRESOURCE* mapped) {
  *mapped = {};
  D3D10Device* device = D3D10Device::of(resource);
  if (!device)
    return E_FAIL;
  auto lock = device->guard();
  // D3D10_MAP and D3D10_MAP_FLAG_DO_NOT_WAIT have D3D11's values; a busy resource with DO_NOT_WAIT
  // gives DXGI_ERROR_WAS_STILL_DRAWING in both.
  return device->context()->Map(resource, sub, D3D11_MAP(type), flags, mapped);
}

void unmapD3D10(ID3D11Resource* resource, UINT sub) {
  D3D10Device* device = D3D10Device::of(resource);
  if (!device)
    return;
  auto lock = device->guard();
  device->context()->Unmap(resource, sub);
}

HRESULT STDMETHODCALLTYPE D3D10BufferFace::Map(D3D10_MAP type, UINT flags, void** data) {
  if (data)
    *data = nullptr;
  D3D11_MAPPED_SUBRESOURCE mapped;
  HRESULT result = mapD3D10(m_owner, 0, type, flags, &mapped);
  if (SUCCEEDED(result) && data)
    *data = mapped.pData;
  return result;
}

void STDMETHODCALLTYPE D3D10BufferFace::Unmap() { unmapD3D10(m_owner, 0); }

void STDMETHODCALLTYPE D3D10BufferFace::GetDesc(D3D10_BUFFER_DESC* desc) {
  if (!desc)
    return;
  D3D11_BUFFER_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

HRESULT STDMETHODCALLTYPE D3D10Texture1DFace::Map(UINT sub, D3D10_MAP type, UINT flags, void** data) {
  if (data)
    *data = nullptr;
  D3D11_MAPPED_SUBRESOURCE mapped;
  HRESULT result = mapD3D10(m_owner, sub, type, flags, &mapped);
  if (SUCCEEDED(result) && data)
    *data = mapped.pData;
  return result;
}

void STDMETHODCALLTYPE D3D10Texture1DFace::Unmap(UINT sub) { unmapD3D10(m_owner, sub); }

void STDMETHODCALLTYPE D3D10Texture1DFace::GetDesc(D3D10_TEXTURE1D_DESC* desc) {
  if (!desc)
    return;
  D3D11_TEXTURE1D_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

HRESULT STDMETHODCALLTYPE D3D10Texture2DFace::Map(UINT sub, D3D10_MAP type, UINT flags, D3D10_MAPPED_TEXTURE2D* mapped) {
  if (mapped)
    *mapped = {};
  D3D11_MAPPED_SUBRESOURCE mapped11;
  HRESULT result = mapD3D10(m_owner, sub, type, flags, &mapped11);
  if (SUCCEEDED(result) && mapped)
    *mapped = {mapped11.pData, mapped11.RowPitch};
  return result;
}

void STDMETHODCALLTYPE D3D10Texture2DFace::Unmap(UINT sub) { unmapD3D10(m_owner, sub); }

void STDMETHODCALLTYPE D3D10Texture2DFace::GetDesc(D3D10_TEXTURE2D_DESC* desc) {
  if (!desc)
    return;
  D3D11_TEXTURE2D_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

HRESULT STDMETHODCALLTYPE D3D10Texture3DFace::Map(UINT sub, D3D10_MAP type, UINT flags, D3D10_MAPPED_TEXTURE3D* mapped) {
  if (mapped)
    *mapped = {};
  D3D11_MAPPED_SUBRESOURCE mapped11;
  HRESULT result = mapD3D10(m_owner, sub, type, flags, &mapped11);
  if (SUCCEEDED(result) && mapped)
    *mapped = {mapped11.pData, mapped11.RowPitch, mapped11.DepthPitch};
  return result;
}

void STDMETHODCALLTYPE D3D10Texture3DFace::Unmap(UINT sub) { unmapD3D10(m_owner, sub); }

void STDMETHODCALLTYPE D3D10Texture3DFace::GetDesc(D3D10_TEXTURE3D_DESC* desc) {
  if (!desc)
    return;
  D3D11_TEXTURE3D_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

ID3D11Resource* unwrapResource(ID3D10Resource* resource) {
  if (!resource)
    return nullptr;
  D3D10_RESOURCE_DIMENSION type;
  resource->GetType(&type);
  switch (type) {
    case D3D10_RESOURCE_DIMENSION_BUFFER: return unwrap<D3D10BufferFace>(static_cast<ID3D10Buffer*>(resource));
    case D3D10_RESOURCE_DIMENSION_TEXTURE1D: return unwrap<D3D10Texture1DFace>(static_cast<ID3D10Texture1D*>(resource));
    case D3D10_RESOURCE_DIMENSION_TEXTURE2D: return unwrap<D3D10Texture2DFace>(static_cast<ID3D10Texture2D*>(resource));
    case D3D10_RESOURCE_DIMENSION_TEXTURE3D: return unwrap<D3D10Texture3DFace>(static_cast<ID3D10Texture3D*>(resource));
    default: return nullptr;
  }
}

}  // namespace d3d11vk
