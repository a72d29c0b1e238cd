// TilePool: the memory of a D3D11 tile pool, in 64 KiB tiles that tiled resources map with
// sparse binding (docs/resources.md, Tiled resources). Vulkan memory cannot grow, so the pool
// is a list of VkDeviceMemory chunks; growing adds one, and pool tile i lives in the chunk whose
// range holds it.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

// D3D11's tile: 64 KiB, the standard sparse block size of Vulkan's standard block shapes.
constexpr VkDeviceSize kTileBytes = 65536;

class TilePool : public std::enable_shared_from_this<TilePool> {
public:
  // `memoryType` must be allowed for every sparse resource that will map the pool.
  TilePool(Device& device, uint32_t memoryType);
  // A device-local memory type every sparse buffer and color image here accepts, read from a
  // probe buffer and image with every usage D3D11 resources take. Throws vk::Error.
  static uint32_t chooseMemoryType(Device& device);
  ~TilePool();
  TilePool(const TilePool&) = delete;
  TilePool& operator=(const TilePool&) = delete;

  // Makes the pool `tiles` tiles long. Growing allocates a chunk for the new tiles and throws
  // vk::Error (size unchanged) when there is no memory; shrinking only lowers the size: tiles
  // past it stay allocated, so mappings to them (undefined in D3D11 after a shrink) never touch
  // freed memory, and growing again reuses them.
  void resize(uint64_t tiles);
  uint64_t tileCount() const;
  uint32_t memoryType() const { return m_memoryType; }
  // The memory and byte offset of pool tile `tile`; {VK_NULL_HANDLE, 0} past what was ever allocated.
  std::pair<VkDeviceMemory, VkDeviceSize> locate(uint64_t tile) const;

private:
  struct Chunk {
    VkDeviceMemory memory;
    uint64_t firstTile, tiles;
  };
  Device& m_device;
  uint32_t m_memoryType;
  mutable std::mutex m_mutex;  // resize on the application thread, locate on the worker
  std::vector<Chunk> m_chunks;
  uint64_t m_allocatedTiles = 0;
  uint64_t m_tiles = 0;
};

}  // namespace vk
