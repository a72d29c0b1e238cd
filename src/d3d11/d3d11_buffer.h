// D3D11Buffer: ID3D11Buffer on a vk::Buffer, with its validated description.
#pragma once

#include <memory>

#include "d3d10/d3d10_resource_face.h"
#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_dxgi_resource.h"
#include "d3d11/d3d11_resource.h"
#include "vk/buffer.h"
#include "vk/buffer_slice.h"
#include "vk/discardable_buffer.h"
#include "vk/tile_pool.h"
#include "vk/tiled_resource.h"

namespace d3d11vk {

class D3D11Device;

class D3D11Buffer final : public D3D11DeviceChild<ID3D11Buffer>, public D3D11ResourceCommon {
public:
  // Throws vk::Error or std::bad_alloc; the description must already be valid.
  D3D11Buffer(D3D11Device* device, const D3D11_BUFFER_DESC& desc, const D3D11_SUBRESOURCE_DATA* initialData);
  // The memory may still be named by recorded commands: it goes when they complete.
  ~D3D11Buffer() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11Resource
  void STDMETHODCALLTYPE GetType(D3D11_RESOURCE_DIMENSION* dimension) override;
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override;
  UINT STDMETHODCALLTYPE GetEvictionPriority() override;
  // ID3D11Buffer
  void STDMETHODCALLTYPE GetDesc(D3D11_BUFFER_DESC* desc) override;

  std::vector<uint8_t> readSubresource(UINT subresource) override;
  void releaseCommon() override { Release(); }
  D3D11Buffer* asBuffer() override { return m_tilePool ? nullptr : this; }
  vk::TiledResource* tiled() override { return m_tiled.get(); }
  vk::TilePool* tilePool() override { return m_tilePool.get(); }
  const D3D11_BUFFER_DESC& desc() const { return m_desc; }
  // The memory commands recorded now read and write: for a dynamic buffer, the slice the last
  // Map(WRITE_DISCARD) made current.
  vk::BufferSlice slice() const {
    if (m_dynamic)
      return m_dynamic->current();
    if (!m_buffer)  // a tile pool: no buffer to bind (its bind flags are 0, so no view takes it)
      return vk::BufferSlice{VK_NULL_HANDLE, 0, 0, nullptr};
    return vk::BufferSlice{m_buffer->handle(), 0, m_desc.ByteWidth, m_buffer->mapped()};
  }
  bool isDynamic() const { return m_dynamic != nullptr; }
  // Map(WRITE_DISCARD) of a dynamic buffer: a fresh slice; the old one lives until `lastUse`.
  // Bumps generation() so bindings know to name the new slice. Throws vk::Error.
  const vk::BufferSlice& discard(uint64_t lastUse);
  uint32_t generation() const { return m_generation; }
  // Buffers bound for stream output: D3D11's filled size as a 4-byte transform feedback counter
  // (null without VK_EXT_transform_feedback). SOSetTargets with an offset writes it; captures
  // resume from it and DrawAuto reads it.
  vk::Buffer* streamOutCounter() const { return m_streamOutCounter.get(); }

private:
  D3D11Device* m_owner;
  D3D11_BUFFER_DESC m_desc;
  std::unique_ptr<vk::Buffer> m_buffer;               // default, immutable and staging buffers
  std::unique_ptr<vk::DiscardableBuffer> m_dynamic;   // dynamic buffers
  std::unique_ptr<vk::Buffer> m_streamOutCounter;     // BIND_STREAM_OUTPUT buffers
  std::unique_ptr<vk::TiledResource> m_tiled;          // MISC_TILED buffers: m_buffer is sparse
  std::shared_ptr<vk::TilePool> m_tilePool;            // MISC_TILE_POOL buffers: no m_buffer
  uint32_t m_generation = 0;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10BufferFace m_d3d10{this};
  DxgiResourceFace m_dxgiResource{this};  // IDXGIResource1 (d3d11_dxgi_resource.h)
};

}  // namespace d3d11vk
