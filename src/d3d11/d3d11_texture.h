// D3D11Texture1D, D3D11Texture2D and D3D11Texture3D: ID3D11Texture1D, ID3D11Texture2D1 and
// ID3D11Texture3D1 on a TextureStorage, each with its validated description.
#pragma once

#include "d3d10/d3d10_resource_face.h"
#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_dxgi_resource.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_texture_storage.h"

namespace d3d11vk {

class D3D11Texture1D final : public D3D11DeviceChild<ID3D11Texture1D>, public D3D11ResourceCommon {
public:
  // Throws as TextureStorage does; desc must be valid with MipLevels resolved.
  D3D11Texture1D(D3D11Device* device, const D3D11_TEXTURE1D_DESC& desc, const D3D11_SUBRESOURCE_DATA* initialData);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetType(D3D11_RESOURCE_DIMENSION* dimension) override;
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override;
  UINT STDMETHODCALLTYPE GetEvictionPriority() override;
  void STDMETHODCALLTYPE GetDesc(D3D11_TEXTURE1D_DESC* desc) override;

  std::vector<uint8_t> readSubresource(UINT subresource) override { return m_storage.read(subresource); }
  void releaseCommon() override { Release(); }
  const TextureStorage& storage() const { return m_storage; }
  TextureStorage* asTexture() override { return &m_storage; }
  vk::TiledResource* tiled() override { return m_storage.tiled(); }

private:
  D3D11_TEXTURE1D_DESC m_desc;
  TextureStorage m_storage;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10Texture1DFace m_d3d10{this};
  // IDXGIResource1 and (single-subresource 1D and 2D textures) IDXGISurface2 faces (d3d11_dxgi_resource.h).
  DxgiResourceFace m_dxgiResource{this};
  DxgiSurfaceFace m_dxgiSurface{this};
};

class D3D11Texture2D final : public D3D11DeviceChild<ID3D11Texture2D1>, public D3D11ResourceCommon {
public:
  // `swapChainUsage`: non-zero for swapchain buffers only (TextureDesc::swapChainUsage).
  D3D11Texture2D(D3D11Device* device, const D3D11_TEXTURE2D_DESC1& desc, const D3D11_SUBRESOURCE_DATA* initialData,
                 UINT swapChainUsage = 0);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetType(D3D11_RESOURCE_DIMENSION* dimension) override;
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override;
  UINT STDMETHODCALLTYPE GetEvictionPriority() override;
  void STDMETHODCALLTYPE GetDesc(D3D11_TEXTURE2D_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_TEXTURE2D_DESC1* desc) override;

  std::vector<uint8_t> readSubresource(UINT subresource) override { return m_storage.read(subresource); }
  void releaseCommon() override { Release(); }
  const TextureStorage& storage() const { return m_storage; }
  TextureStorage* asTexture() override { return &m_storage; }
  vk::TiledResource* tiled() override { return m_storage.tiled(); }

private:
  D3D11_TEXTURE2D_DESC1 m_desc;
  TextureStorage m_storage;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10Texture2DFace m_d3d10{this};
  // IDXGIResource1 and (single-subresource 1D and 2D textures) IDXGISurface2 faces (d3d11_dxgi_resource.h).
  DxgiResourceFace m_dxgiResource{this};
  DxgiSurfaceFace m_dxgiSurface{this};
};

class D3D11Texture3D final : public D3D11DeviceChild<ID3D11Texture3D1>, public D3D11ResourceCommon {
public:
  D3D11Texture3D(D3D11Device* device, const D3D11_TEXTURE3D_DESC1& desc, const D3D11_SUBRESOURCE_DATA* initialData);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  void STDMETHODCALLTYPE GetType(D3D11_RESOURCE_DIMENSION* dimension) override;
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override;
  UINT STDMETHODCALLTYPE GetEvictionPriority() override;
  void STDMETHODCALLTYPE GetDesc(D3D11_TEXTURE3D_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_TEXTURE3D_DESC1* desc) override;

  std::vector<uint8_t> readSubresource(UINT subresource) override { return m_storage.read(subresource); }
  void releaseCommon() override { Release(); }
  const TextureStorage& storage() const { return m_storage; }
  TextureStorage* asTexture() override { return &m_storage; }
  vk::TiledResource* tiled() override { return m_storage.tiled(); }

private:
  D3D11_TEXTURE3D_DESC1 m_desc;
  TextureStorage m_storage;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10Texture3DFace m_d3d10{this};
  // IDXGIResource1 face (d3d11_dxgi_resource.h); 3D textures are never surfaces.
  DxgiResourceFace m_dxgiResource{this};
};

}  // namespace d3d11vk
