// TilePool: chunked device memory for D3D11 tile pools.
#include "vk/tile_pool.h"

#include "vk/device.h"
#include "vk/memory_allocator.h"
#include "vk/result.h"

namespace vk {

TilePool::TilePool(Device& device, uint32_t memoryType) : m_device(device), m_memoryType(memoryType) {}

TilePool::~TilePool() {
  for (const Chunk& chunk : m_chunks)
    m_device.functions().vkFreeMemory(m_device.handle(), chunk.memory, nullptr);
}

uint32_t TilePool::chooseMemoryType(Device& device) {
  const DeviceFunctions& vk = device.functions();
  uint32_t bits = ~0u;
  VkBufferCreateInfo buffer = makeStruct<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  buffer.flags = VK_BUFFER_CREATE_SPARSE_BINDING_BIT | VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT | VK_BUFFER_CREATE_SPARSE_ALIASED_BIT;
  buffer.size = kTileBytes;
  buffer.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
                 VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
  VkBuffer probeBuffer = VK_NULL_HANDLE;
  check(vk.vkCreateBuffer(device.handle(), &buffer, nullptr, &probeBuffer), "vkCreateBuffer");
  VkMemoryRequirements requirements{};
  vk.vkGetBufferMemoryRequirements(device.handle(), probeBuffer, &requirements);
  vk.vkDestroyBuffer(device.handle(), probeBuffer, nullptr);
  bits &= requirements.memoryTypeBits;
  VkImageCreateInfo image = makeStruct<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
  image.flags = VK_IMAGE_CREATE_SPARSE_BINDING_BIT | VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT | VK_IMAGE_CREATE_SPARSE_ALIASED_BIT;
  image.imageType = VK_IMAGE_TYPE_2D;
  image.format = VK_FORMAT_R8G8B8A8_UNORM;
  image.extent = {128, 128, 1};
  image.mipLevels = image.arrayLayers = 1;
  image.samples = VK_SAMPLE_COUNT_1_BIT;
  image.tiling = VK_IMAGE_TILING_OPTIMAL;
  image.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  if (device.sparseImageSupported(image)) {
    VkImage probeImage = VK_NULL_HANDLE;
    check(vk.vkCreateImage(device.handle(), &image, nullptr, &probeImage), "vkCreateImage");
    vk.vkGetImageMemoryRequirements(device.handle(), probeImage, &requirements);
    vk.vkDestroyImage(device.handle(), probeImage, nullptr);
    bits &= requirements.memoryTypeBits;
  }
  int type = device.allocator().chooseMemoryType(bits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (type < 0)
    throw Error("no memory type for tile pools", VK_ERROR_OUT_OF_DEVICE_MEMORY);
  return uint32_t(type);
}

void TilePool::resize(uint64_t tiles) {
  std::lock_guard lock(m_mutex);
  if (tiles > m_allocatedTiles) {
    VkMemoryAllocateInfo info = makeStruct<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    info.allocationSize = (tiles - m_allocatedTiles) * kTileBytes;
    info.memoryTypeIndex = m_memoryType;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    check(m_device.functions().vkAllocateMemory(m_device.handle(), &info, nullptr, &memory), "vkAllocateMemory");
    m_chunks.push_back(Chunk{memory, m_allocatedTiles, tiles - m_allocatedTiles});
    m_allocatedTiles = tiles;
  }
  m_tiles = tiles;
}

uint64_t TilePool::tileCount() const {
  std::lock_guard lock(m_mutex);
  return m_tiles;
}

std::pair<VkDeviceMemory, VkDeviceSize> TilePool::locate(uint64_t tile) const {
  std::lock_guard lock(m_mutex);
  for (const Chunk& chunk : m_chunks)
    if (tile >= chunk.firstTile && tile < chunk.firstTile + chunk.tiles)
      return {chunk.memory, (tile - chunk.firstTile) * kTileBytes};
  return {VK_NULL_HANDLE, 0};
}

}  // namespace vk
