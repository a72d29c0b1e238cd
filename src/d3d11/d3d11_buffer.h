// D3D11Buffer: ID3D11Buffer on a vk::Buffer, with its validated description.
#pragma once

#include <memory>

#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_resource.h"
#include "vk/buffer.h"

namespace d3d11vk {

class D3D11Device;

class D3D11Buffer final : public D3D11DeviceChild<ID3D11Buffer>, public D3D11ResourceCommon {
public:
  // Throws vk::Error or std::bad_alloc; the description must already be valid.
  D3D11Buffer(D3D11Device* device, const D3D11_BUFFER_DESC& desc, const D3D11_SUBRESOURCE_DATA* initialData);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11Resource
  void STDMETHODCALLTYPE GetType(D3D11_RESOURCE_DIMENSION* dimension) override;
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override;
  UINT STDMETHODCALLTYPE GetEvictionPriority() override;
  // ID3D11Buffer
  void STDMETHODCALLTYPE GetDesc(D3D11_BUFFER_DESC* desc) override;

  std::vector<uint8_t> readSubresource(UINT subresource) override;
  void releaseCommon() override { Release(); }
  vk::Buffer& buffer() { return *m_buffer; }

private:
  D3D11Device* m_owner;
  D3D11_BUFFER_DESC m_desc;
  std::unique_ptr<vk::Buffer> m_buffer;
};

}  // namespace d3d11vk
