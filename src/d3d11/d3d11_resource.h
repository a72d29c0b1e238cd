// D3D11ResourceCommon: what buffers and textures share behind ID3D11Resource: the eviction
// priority and a read-back of a subresource's bytes (for ID3D11VkDeviceInfo's test diagnostics),
// reachable from any ID3D11Resource through a private QueryInterface id.
#pragma once

#include <cstdint>
#include <vector>

#include "util/windows_base.h"

namespace d3d11vk {

// {8f0c0a52-3b61-4d0e-9a57-1c2d7e4b9f31}: answered only by d3d11vk's resources, with a
// D3D11ResourceCommon* that holds one reference (give it back with releaseCommon()).
inline constexpr GUID kResourceCommonId = {0x8f0c0a52, 0x3b61, 0x4d0e, {0x9a, 0x57, 0x1c, 0x2d, 0x7e, 0x4b, 0x9f, 0x31}};

class D3D11Buffer;
class TextureStorage;
}  // namespace d3d11vk
namespace vk {
class TiledResource;
class TilePool;
}  // namespace vk
namespace d3d11vk {

class D3D11ResourceCommon {
public:
  // The context reaches the storage behind a resource through these (one is non-null).
  virtual D3D11Buffer* asBuffer() { return nullptr; }
  virtual TextureStorage* asTexture() { return nullptr; }
  // D3D11 tiled resources (MISC_TILED): the tile grid and mappings of the sparse buffer or image.
  virtual vk::TiledResource* tiled() { return nullptr; }
  // D3D11 tile pools (MISC_TILE_POOL): their memory. A tile pool is a buffer that is never bound
  // or copied, so its asBuffer() is null and only the tile methods reach it.
  virtual vk::TilePool* tilePool() { return nullptr; }
  // The GPU timeline value of the last recorded command that touches the resource's memory
  // where the CPU may see it (copies into or out of staging resources): Map waits for it.
  uint64_t lastGpuUse() const { return m_lastGpuUse; }
  void noteGpuUse(uint64_t value) { m_lastGpuUse = value; }

  // The subresource's texels tightly packed (rows of whole blocks, then slices), or the whole
  // buffer; empty for a subresource that does not exist. Blocks until the GPU has copied it.
  virtual std::vector<uint8_t> readSubresource(UINT subresource) = 0;
  virtual void releaseCommon() = 0;

protected:
  ~D3D11ResourceCommon() = default;
  UINT m_evictionPriority = DXGI_RESOURCE_PRIORITY_NORMAL;
  uint64_t m_lastGpuUse = 0;
};

// d3d11vk's resource behind `resource` without taking a reference (the caller holds one), or null
// for a null pointer or an object that is not one of ours.
inline D3D11ResourceCommon* resourceCommon(ID3D11Resource* resource) {
  D3D11ResourceCommon* common = nullptr;
  if (!resource || FAILED(resource->QueryInterface(kResourceCommonId, reinterpret_cast<void**>(&common))) || !common)
    return nullptr;
  common->releaseCommon();
  return common;
}

}  // namespace d3d11vk
