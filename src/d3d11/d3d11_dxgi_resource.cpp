// The DXGI faces of D3D11 resources: usage and priority from the D3D11 resource, surfaces mapped
// through the device's immediate context.
#include "d3d11/d3d11_dxgi_resource.h"

#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture_storage.h"
#include "util/com_ptr.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

// The bind and CPU-access flags of a d3d11vk resource, whichever kind it is.
bool resourceFlags(ID3D11Resource* owner, UINT* bindFlags, UINT* cpuAccess, D3D11_USAGE* usage) {
  D3D11ResourceCommon* common = resourceCommon(owner);
  if (!common)
    return false;
  if (D3D11Buffer* buffer = common->asBuffer()) {
    *bindFlags = buffer->desc().BindFlags;
    *cpuAccess = buffer->desc().CPUAccessFlags;
    *usage = buffer->desc().Usage;
  } else if (TextureStorage* texture = common->asTexture()) {
    *bindFlags = texture->desc().bindFlags;
    *cpuAccess = texture->desc().cpuAccessFlags;
    *usage = D3D11_USAGE(texture->desc().usage);
  } else {
    return false;
  }
  return true;
}

}  // namespace

template <typename Interface>
HRESULT DxgiFaceBase<Interface>::queryDevice(REFIID riid, void** object) {
  if (!object)
    return E_INVALIDARG;
  *object = nullptr;
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  return device ? device->QueryInterface(riid, object) : E_FAIL;
}

template class DxgiFaceBase<IDXGIResource1>;
template class DxgiFaceBase<IDXGISurface2>;

// ---- IDXGIResource1 ----

bool DxgiResourceFace::query(REFIID riid, void** object) {
  if (riid != __uuidof(IDXGIObject) && riid != __uuidof(IDXGIDeviceSubObject) && riid != __uuidof(IDXGIResource) &&
      riid != __uuidof(IDXGIResource1))
    return false;
  AddRef();
  *object = static_cast<IDXGIResource1*>(this);
  return true;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::GetSharedHandle(HANDLE* handle) {
  // STATUS: partial: no resource is shared (D3D11_RESOURCE_MISC_SHARED is not supported), so there is never a handle
  if (!handle)
    return E_INVALIDARG;
  *handle = nullptr;
  util::log::warn("IDXGIResource::GetSharedHandle: the resource is not shared (resource sharing is not supported)");
  return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::GetUsage(DXGI_USAGE* usage) {
  if (!usage)
    return E_INVALIDARG;
  UINT bind = 0, cpu = 0;
  D3D11_USAGE d3dUsage = D3D11_USAGE_DEFAULT;
  if (!resourceFlags(m_owner, &bind, &cpu, &d3dUsage))
    return E_FAIL;
  // DXGI's usage flags for what the resource is bound as, and its CPU access.
  DXGI_USAGE result = 0;
  if (bind & D3D11_BIND_SHADER_RESOURCE)
    result |= DXGI_USAGE_SHADER_INPUT;
  if (bind & D3D11_BIND_RENDER_TARGET)
    result |= DXGI_USAGE_RENDER_TARGET_OUTPUT;
  if (bind & D3D11_BIND_UNORDERED_ACCESS)
    result |= DXGI_USAGE_UNORDERED_ACCESS;
  if (d3dUsage == D3D11_USAGE_DYNAMIC)
    result |= DXGI_CPU_ACCESS_DYNAMIC;
  else if ((cpu & D3D11_CPU_ACCESS_READ) && (cpu & D3D11_CPU_ACCESS_WRITE))
    result |= DXGI_CPU_ACCESS_READ_WRITE;
  else if (cpu & D3D11_CPU_ACCESS_READ)
    result |= DXGI_CPU_ACCESS_SCRATCH;  // CPU-readable staging memory
  // Swapchain buffers carry their DXGI usage as private data (set by dxgi.dll).
  DXGI_USAGE swapchain = 0;
  UINT size = sizeof(swapchain);
  if (SUCCEEDED(m_owner->GetPrivateData(kSwapChainUsageId, &size, &swapchain)) && size == sizeof(swapchain))
    result |= swapchain;
  *usage = result;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::SetEvictionPriority(UINT priority) {
  m_owner->SetEvictionPriority(priority);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::GetEvictionPriority(UINT* priority) {
  if (!priority)
    return E_INVALIDARG;
  *priority = m_owner->GetEvictionPriority();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::CreateSubresourceSurface(UINT index, IDXGISurface2** surface) {
  // STATUS: partial: subresource 0 of a single-subresource 2D texture only (its own IDXGISurface2); surfaces of other subresources are E_NOTIMPL
  if (!surface)
    return E_INVALIDARG;
  *surface = nullptr;
  if (index == 0 && SUCCEEDED(m_owner->QueryInterface(__uuidof(IDXGISurface2), reinterpret_cast<void**>(surface))))
    return S_OK;
  util::log::warn("IDXGIResource1::CreateSubresourceSurface: surfaces of subresource ", index,
                  " of a mipmapped, array or non-2D resource are not implemented");
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::CreateSharedHandle(const SECURITY_ATTRIBUTES* /*attributes*/, DWORD /*access*/,
                                                               const WCHAR* /*name*/, HANDLE* handle) {
  if (handle)
    *handle = nullptr;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

// ---- IDXGISurface2 ----

bool DxgiSurfaceFace::isSurface() {
  D3D11ResourceCommon* common = resourceCommon(m_owner);
  TextureStorage* texture = common ? common->asTexture() : nullptr;
  return texture && texture->desc().dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D && texture->layout().size() == 1;
}

bool DxgiSurfaceFace::query(REFIID riid, void** object) {
  if (riid != __uuidof(IDXGISurface) && riid != __uuidof(IDXGISurface1) && riid != __uuidof(IDXGISurface2))
    return false;
  if (!isSurface())
    return false;
  AddRef();
  *object = static_cast<IDXGISurface2*>(this);
  return true;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::GetDesc(DXGI_SURFACE_DESC* desc) {
  if (!desc)
    return E_INVALIDARG;
  const TextureDesc& texture = resourceCommon(m_owner)->asTexture()->desc();
  *desc = DXGI_SURFACE_DESC{texture.width, texture.height, texture.format, texture.sampleDesc};
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::Map(DXGI_MAPPED_RECT* mapped, UINT flags) {
  if (!mapped)
    return E_INVALIDARG;
  *mapped = DXGI_MAPPED_RECT{};
  D3D11_MAP type;
  if (flags & DXGI_MAP_DISCARD)
    type = D3D11_MAP_WRITE_DISCARD;
  else if ((flags & DXGI_MAP_READ) && (flags & DXGI_MAP_WRITE))
    type = D3D11_MAP_READ_WRITE;
  else if (flags & DXGI_MAP_READ)
    type = D3D11_MAP_READ;
  else if (flags & DXGI_MAP_WRITE)
    type = D3D11_MAP_WRITE;
  else {
    util::log::warn("IDXGISurface::Map: flags 0x", std::hex, flags, " name no access");
    return DXGI_ERROR_INVALID_CALL;
  }
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  util::ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  D3D11_MAPPED_SUBRESOURCE subresource{};
  HRESULT hr = context->Map(m_owner, 0, type, 0, &subresource);
  if (FAILED(hr))
    return hr == E_INVALIDARG ? DXGI_ERROR_INVALID_CALL : hr;
  mapped->Pitch = INT(subresource.RowPitch);
  mapped->pBits = static_cast<BYTE*>(subresource.pData);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::Unmap() {
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  util::ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  context->Unmap(m_owner, 0);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::GetDC(BOOL /*discard*/, HDC* dc) {
  // STATUS: partial: there are no GDI-compatible surfaces, so every call fails as documented for surfaces created without D3D11_RESOURCE_MISC_GDI_COMPATIBLE
  if (dc)
    *dc = nullptr;
  util::log::warn("IDXGISurface1::GetDC: GDI-compatible surfaces are not supported");
  return DXGI_ERROR_INVALID_CALL;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::ReleaseDC(RECT* /*dirty*/) {
  // STATUS: partial: no DC is ever handed out (see GetDC)
  return DXGI_ERROR_INVALID_CALL;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::GetResource(REFIID riid, void** resource, UINT* subresource) {
  if (!resource || !subresource)
    return E_INVALIDARG;
  *subresource = 0;
  return m_owner->QueryInterface(riid, resource);
}

}  // namespace d3d11vk
