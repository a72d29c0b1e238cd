// TiledResource: the tile grid and tile mappings of a sparse VkBuffer or VkImage behind a D3D11
// tiled resource (docs/resources.md, Tiled resources). The grid numbers the resource's 64 KiB
// tiles as D3D11 does ("overall resource" indices); the worker applies mapping changes in command
// order and turns them into vkQueueBindSparse binds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vk/tile_pool.h"
#include "vk/vulkan_api.h"

namespace vk {

class Device;

// A tile's extent in texels (bytes for a buffer: 65536 x 1 x 1).
struct TileShape {
  uint32_t width = 0, height = 0, depth = 0;
};

// One subresource's standard tiles. Packed mips have none (packed = true): their tiles are the
// packed range of the slice.
struct SubresourceTiles {
  uint32_t widthInTiles = 0, heightInTiles = 0, depthInTiles = 0;
  uint32_t firstTile = 0;  // its first tile in the overall resource
  bool packed = false;
};

// One mapping change: resource tile `tile` maps pool tile `poolTile` of `pool`, or nothing when
// `pool` is null. Plain data: it travels in the command stream.
struct TileMappingOp {
  uint32_t tile;
  uint32_t poolTile;
  TilePool* pool;
};

// The Vulkan binds of a batch of mapping changes, for one VkBindSparseInfo.
struct SparseBinds {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkImage image = VK_NULL_HANDLE;
  std::vector<VkSparseMemoryBind> opaque;       // buffer tiles, or an image's packed mip tiles
  std::vector<VkSparseImageMemoryBind> texels;  // an image's standard tiles
  // Pools whose last mapping from this resource went: the executor keeps them until the
  // submission completes, since earlier GPU work may still read their memory.
  std::vector<std::shared_ptr<TilePool>> released;
  bool empty() const { return opaque.empty() && texels.empty(); }
};

class TiledResource {
public:
  // A sparse buffer of `size` bytes.
  TiledResource(VkBuffer buffer, VkDeviceSize size);
  // A sparse image; `info` is how it was created. Throws std::runtime_error saying why when its
  // sparse layout is not D3D11's (no standard block shape of 64 KiB, or a metadata aspect).
  TiledResource(const Device& device, VkImage image, const VkImageCreateInfo& info);

  bool isBuffer() const { return m_buffer != VK_NULL_HANDLE; }
  uint32_t tileCount() const { return m_tileCount; }
  TileShape shape() const { return m_shape; }
  // Per D3D11 subresource (mip + slice * mips); empty for a buffer.
  const std::vector<SubresourceTiles>& subresources() const { return m_subresources; }
  uint32_t standardMips() const { return m_standardMips; }
  uint32_t packedMips() const { return m_packedMips; }
  uint32_t packedTilesPerSlice() const { return m_packedTiles; }
  // The first packed tile of array slice `slice` in the overall resource.
  uint32_t firstPackedTile(uint32_t slice) const { return m_firstPackedTiles[m_singleMipTail ? 0 : slice]; }
  // Where a standard tile lies: its subresource and texel box (clipped to the mip). False for a
  // packed tile or one out of range.
  bool standardTileBox(uint32_t tile, uint32_t* subresource, VkOffset3D* offset, VkExtent3D* extent) const;

  // Worker: applies `ops` in order to the mapping table and adds their binds to `binds`. A
  // `pool` other than the one the resource maps now first unmaps every tile (D3D11: a tiled
  // resource maps one tile pool at a time); null keeps the current pool.
  void apply(TilePool* pool, const TileMappingOp* ops, size_t count, SparseBinds* binds);
  // Worker: the pool the resource maps now, or null.
  TilePool* currentPool() const { return m_currentPool.get(); }
  // Application thread: the pool the last recorded mapping update named, which an update naming
  // no pool maps from (D3D11: a null pool adds to the existing mappings).
  const std::shared_ptr<TilePool>& recordedPool() const { return m_recordedPool; }
  void setRecordedPool(std::shared_ptr<TilePool> pool) { m_recordedPool = std::move(pool); }
  // Worker: the current mapping of `tile` as an op (pool null when unmapped).
  TileMappingOp mappingOf(uint32_t tile) const;

private:
  void addBind(uint32_t tile, VkDeviceMemory memory, VkDeviceSize memoryOffset, SparseBinds* binds) const;

  VkBuffer m_buffer = VK_NULL_HANDLE;
  VkImage m_image = VK_NULL_HANDLE;
  VkImageAspectFlags m_aspect = 0;
  VkExtent3D m_extent{};
  uint32_t m_mips = 1, m_layers = 1;
  TileShape m_shape;
  std::vector<SubresourceTiles> m_subresources;
  uint32_t m_standardMips = 0, m_packedMips = 0, m_packedTiles = 0;
  bool m_singleMipTail = false;
  VkDeviceSize m_mipTailOffset = 0, m_mipTailStride = 0;
  std::vector<uint32_t> m_firstPackedTiles;  // per slice (one entry with a single mip tail)
  uint32_t m_tileCount = 0;
  struct Mapping {
    std::shared_ptr<TilePool> pool;  // keeps the pool's memory while a tile maps it
    uint32_t poolTile = 0;
  };
  std::vector<Mapping> m_mappings;  // per tile, worker only
  std::shared_ptr<TilePool> m_currentPool;
  std::shared_ptr<TilePool> m_recordedPool;
};

}  // namespace vk
