// D3D11Texture1D/2D/3D: identity, GetType, eviction priority and GetDesc(1) of the three
// texture classes; their Vulkan side is TextureStorage.
#include "d3d11/d3d11_texture.h"

#include "d3d11/d3d11_device.h"

#include <cstring>

namespace d3d11vk {

namespace {

// Textures created with D3D11-only misc flags have no ID3D10Texture* face, as on Windows (Wine's
// test_texture*_interfaces: RESOURCE_CLAMP).
bool hasD3D10Face(UINT miscFlags) {
  return !(miscFlags & D3D11_RESOURCE_MISC_RESOURCE_CLAMP);
}

}  // namespace

D3D11Texture1D::D3D11Texture1D(D3D11Device* device, const D3D11_TEXTURE1D_DESC& desc, const D3D11_SUBRESOURCE_DATA* initialData)
    : D3D11DeviceChild(device), m_desc(desc), m_storage(device, textureDesc(desc), initialData) {}

HRESULT STDMETHODCALLTYPE D3D11Texture1D::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) ||
      riid == __uuidof(ID3D11DeviceChild) ||
      riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Texture1D))
    return util::returnInterface<ID3D11Texture1D>(this, object);
  if (riid == kResourceCommonId) {
    AddRef();
    *object = static_cast<D3D11ResourceCommon*>(this);
    return S_OK;
  }
  if (hasD3D10Face(m_desc.MiscFlags) && m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  if (m_dxgiResource.query(riid, object))
    return S_OK;
  if (m_dxgiSurface.query(riid, object))  // Windows: single-subresource 1D textures are surfaces too
    return S_OK;
  util::logUnknownInterface("D3D11Texture1D", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11Texture1D::GetType(D3D11_RESOURCE_DIMENSION* dimension) {
  if (dimension)
    *dimension = D3D11_RESOURCE_DIMENSION_TEXTURE1D;
}

void STDMETHODCALLTYPE D3D11Texture1D::SetEvictionPriority(UINT priority) {
  // STATUS: partial: stored and returned; Vulkan has no per-allocation residency priority here
  m_evictionPriority = priority;
}

UINT STDMETHODCALLTYPE D3D11Texture1D::GetEvictionPriority() {
  return m_evictionPriority;
}

void STDMETHODCALLTYPE D3D11Texture1D::GetDesc(D3D11_TEXTURE1D_DESC* desc) {
  if (desc)
    *desc = m_desc;
}

namespace {
TextureDesc withSwapChainUsage(TextureDesc desc, UINT swapChainUsage) {
  desc.swapChainUsage = swapChainUsage;
  return desc;
}
}  // namespace

D3D11Texture2D::D3D11Texture2D(D3D11Device* device, const D3D11_TEXTURE2D_DESC1& desc, const D3D11_SUBRESOURCE_DATA* initialData,
                               UINT swapChainUsage)
    : D3D11DeviceChild(device), m_desc(desc),
      m_storage(device, withSwapChainUsage(textureDesc(desc), swapChainUsage), initialData) {}

HRESULT STDMETHODCALLTYPE D3D11Texture2D::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) ||
      riid == __uuidof(ID3D11DeviceChild) ||
      riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Texture2D) ||
      riid == __uuidof(ID3D11Texture2D1))
    return util::returnInterface<ID3D11Texture2D1>(this, object);
  if (riid == kResourceCommonId) {
    AddRef();
    *object = static_cast<D3D11ResourceCommon*>(this);
    return S_OK;
  }
  if (hasD3D10Face(m_desc.MiscFlags) && m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  if (m_dxgiResource.query(riid, object))
    return S_OK;
  if (m_dxgiSurface.query(riid, object))
    return S_OK;
  util::logUnknownInterface("D3D11Texture2D", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11Texture2D::GetType(D3D11_RESOURCE_DIMENSION* dimension) {
  if (dimension)
    *dimension = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
}

void STDMETHODCALLTYPE D3D11Texture2D::SetEvictionPriority(UINT priority) {
  // STATUS: partial: stored and returned; Vulkan has no per-allocation residency priority here
  m_evictionPriority = priority;
}

UINT STDMETHODCALLTYPE D3D11Texture2D::GetEvictionPriority() {
  return m_evictionPriority;
}

void STDMETHODCALLTYPE D3D11Texture2D::GetDesc(D3D11_TEXTURE2D_DESC* desc) {
  // The older description is the newer one without TextureLayout, which comes last.
  if (desc)
    std::memcpy(desc, &m_desc, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D11Texture2D::GetDesc1(D3D11_TEXTURE2D_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

D3D11Texture3D::D3D11Texture3D(D3D11Device* device, const D3D11_TEXTURE3D_DESC1& desc, const D3D11_SUBRESOURCE_DATA* initialData)
    : D3D11DeviceChild(device), m_desc(desc), m_storage(device, textureDesc(desc), initialData) {}

HRESULT STDMETHODCALLTYPE D3D11Texture3D::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) ||
      riid == __uuidof(ID3D11DeviceChild) ||
      riid == __uuidof(ID3D11Resource) ||
      riid == __uuidof(ID3D11Texture3D) ||
      riid == __uuidof(ID3D11Texture3D1))
    return util::returnInterface<ID3D11Texture3D1>(this, object);
  if (riid == kResourceCommonId) {
    AddRef();
    *object = static_cast<D3D11ResourceCommon*>(this);
    return S_OK;
  }
  if (hasD3D10Face(m_desc.MiscFlags) && m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  if (m_dxgiResource.query(riid, object))
    return S_OK;
  util::logUnknownInterface("D3D11Texture3D", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11Texture3D::GetType(D3D11_RESOURCE_DIMENSION* dimension) {
  if (dimension)
    *dimension = D3D11_RESOURCE_DIMENSION_TEXTURE3D;
}

void STDMETHODCALLTYPE D3D11Texture3D::SetEvictionPriority(UINT priority) {
  // STATUS: partial: stored and returned; Vulkan has no per-allocation residency priority here
  m_evictionPriority = priority;
}

UINT STDMETHODCALLTYPE D3D11Texture3D::GetEvictionPriority() {
  return m_evictionPriority;
}

void STDMETHODCALLTYPE D3D11Texture3D::GetDesc(D3D11_TEXTURE3D_DESC* desc) {
  // The older description is the newer one without TextureLayout, which comes last.
  if (desc)
    std::memcpy(desc, &m_desc, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D11Texture3D::GetDesc1(D3D11_TEXTURE3D_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
