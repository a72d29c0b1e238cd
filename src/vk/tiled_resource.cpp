// TiledResource: D3D11's tile numbering over Vulkan's sparse layout, and the mapping table.
#include "vk/tiled_resource.h"

#include <algorithm>
#include <stdexcept>

#include "vk/device.h"
#include "vk/result.h"

namespace vk {

namespace {

uint32_t ceilDiv(uint32_t a, uint32_t b) { return (a + b - 1) / b; }

}  // namespace

TiledResource::TiledResource(VkBuffer buffer, VkDeviceSize size) : m_buffer(buffer) {
  m_shape = TileShape{uint32_t(kTileBytes), 1, 1};
  m_tileCount = uint32_t((size + kTileBytes - 1) / kTileBytes);
  m_mappings.resize(m_tileCount);
}

TiledResource::TiledResource(const Device& device, VkImage image, const VkImageCreateInfo& info)
    : m_image(image), m_extent(info.extent), m_mips(info.mipLevels), m_layers(info.arrayLayers) {
  const DeviceFunctions& vk = device.functions();
  VkMemoryRequirements memory{};
  vk.vkGetImageMemoryRequirements(device.handle(), image, &memory);
  if (kTileBytes % memory.alignment != 0)
    throw std::runtime_error("the device's sparse block is " + std::to_string(memory.alignment) +
                             " bytes, not a divisor of D3D11's 64 KiB tile");
  uint32_t count = 0;
  vk.vkGetImageSparseMemoryRequirements(device.handle(), image, &count, nullptr);
  std::vector<VkSparseImageMemoryRequirements> requirements(count);
  vk.vkGetImageSparseMemoryRequirements(device.handle(), image, &count, requirements.data());
  const VkSparseImageMemoryRequirements* color = nullptr;
  for (const VkSparseImageMemoryRequirements& r : requirements) {
    if (r.formatProperties.aspectMask & VK_IMAGE_ASPECT_METADATA_BIT)
      throw std::runtime_error("the sparse image needs a metadata aspect (not implemented)");
    if (r.formatProperties.aspectMask & VK_IMAGE_ASPECT_COLOR_BIT)
      color = &r;
  }
  if (!color || requirements.size() != 1)
    throw std::runtime_error("only single-aspect color images can be tiled here");
  if (color->formatProperties.flags & VK_SPARSE_IMAGE_FORMAT_NONSTANDARD_BLOCK_SIZE_BIT)
    throw std::runtime_error("the device's sparse block shape for this format is not the standard one");
  m_aspect = VK_IMAGE_ASPECT_COLOR_BIT;
  // The granularity counts compressed formats' texel blocks; D3D11's shapes and the binds' boxes
  // count texels.
  VkExtent3D g = color->formatProperties.imageGranularity;
  if (info.format >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && info.format <= VK_FORMAT_BC7_SRGB_BLOCK) {
    g.width *= 4;
    g.height *= 4;
  }
  m_shape = TileShape{g.width, g.height, g.depth};
  m_singleMipTail = (color->formatProperties.flags & VK_SPARSE_IMAGE_FORMAT_SINGLE_MIPTAIL_BIT) != 0;
  m_standardMips = std::min(color->imageMipTailFirstLod, m_mips);
  m_packedMips = m_mips - m_standardMips;
  m_packedTiles = m_packedMips ? uint32_t((color->imageMipTailSize + kTileBytes - 1) / kTileBytes) : 0;
  m_mipTailOffset = color->imageMipTailOffset;
  m_mipTailStride = color->imageMipTailStride;

  m_subresources.resize(size_t(m_mips) * m_layers);
  uint32_t next = 0;
  for (uint32_t layer = 0; layer < m_layers; layer++) {
    for (uint32_t mip = 0; mip < m_mips; mip++) {
      SubresourceTiles& s = m_subresources[mip + layer * m_mips];
      if (mip >= m_standardMips) {
        s.packed = true;
        continue;
      }
      s.widthInTiles = ceilDiv(std::max(1u, m_extent.width >> mip), g.width);
      s.heightInTiles = ceilDiv(std::max(1u, m_extent.height >> mip), g.height);
      s.depthInTiles = ceilDiv(std::max(1u, m_extent.depth >> mip), g.depth);
      s.firstTile = next;
      next += s.widthInTiles * s.heightInTiles * s.depthInTiles;
    }
    if (!m_singleMipTail) {  // this slice's packed tiles follow its standard ones
      m_firstPackedTiles.push_back(next);
      next += m_packedTiles;
    }
  }
  if (m_singleMipTail) {
    m_firstPackedTiles.push_back(next);
    next += m_packedTiles;
  }
  m_tileCount = next;
  m_mappings.resize(m_tileCount);
}

bool TiledResource::standardTileBox(uint32_t tile, uint32_t* subresource, VkOffset3D* offset, VkExtent3D* extent) const {
  for (uint32_t i = 0; i < m_subresources.size(); i++) {
    const SubresourceTiles& s = m_subresources[i];
    const uint32_t count = s.widthInTiles * s.heightInTiles * s.depthInTiles;
    if (s.packed || tile < s.firstTile || tile >= s.firstTile + count)
      continue;
    const uint32_t index = tile - s.firstTile;
    const uint32_t x = index % s.widthInTiles, y = (index / s.widthInTiles) % s.heightInTiles,
                   z = index / (s.widthInTiles * s.heightInTiles);
    const uint32_t mip = i % m_mips;
    const uint32_t w = std::max(1u, m_extent.width >> mip), h = std::max(1u, m_extent.height >> mip),
                   d = std::max(1u, m_extent.depth >> mip);
    *subresource = i;
    *offset = VkOffset3D{int32_t(x * m_shape.width), int32_t(y * m_shape.height), int32_t(z * m_shape.depth)};
    *extent = VkExtent3D{std::min(m_shape.width, w - x * m_shape.width), std::min(m_shape.height, h - y * m_shape.height),
                         std::min(m_shape.depth, d - z * m_shape.depth)};
    return true;
  }
  return false;
}

void TiledResource::addBind(uint32_t tile, VkDeviceMemory memory, VkDeviceSize memoryOffset, SparseBinds* binds) const {
  if (isBuffer()) {
    binds->buffer = m_buffer;
    binds->opaque.push_back(VkSparseMemoryBind{VkDeviceSize(tile) * kTileBytes, kTileBytes, memory, memoryOffset, 0});
    return;
  }
  binds->image = m_image;
  uint32_t subresource = 0;
  VkOffset3D offset{};
  VkExtent3D extent{};
  if (standardTileBox(tile, &subresource, &offset, &extent)) {
    VkSparseImageMemoryBind bind{};
    bind.subresource = VkImageSubresource{m_aspect, subresource % m_mips, subresource / m_mips};
    bind.offset = offset;
    bind.extent = extent;
    bind.memory = memory;
    bind.memoryOffset = memoryOffset;
    binds->texels.push_back(bind);
    return;
  }
  // A packed tile: the k-th 64 KiB of its slice's mip tail, bound opaquely.
  uint32_t slice = 0;
  if (!m_singleMipTail)
    while (slice + 1 < m_layers && tile >= firstPackedTile(slice + 1))
      slice++;
  const uint32_t k = tile - firstPackedTile(slice);
  const VkDeviceSize tailOffset = m_mipTailOffset + (m_singleMipTail ? 0 : slice * m_mipTailStride);
  binds->opaque.push_back(VkSparseMemoryBind{tailOffset + VkDeviceSize(k) * kTileBytes, kTileBytes, memory, memoryOffset, 0});
}

void TiledResource::apply(TilePool* pool, const TileMappingOp* ops, size_t count, SparseBinds* binds) {
  if (pool && pool != m_currentPool.get()) {
    for (uint32_t tile = 0; tile < m_tileCount; tile++) {
      if (!m_mappings[tile].pool)
        continue;
      binds->released.push_back(std::move(m_mappings[tile].pool));
      m_mappings[tile] = Mapping{};
      addBind(tile, VK_NULL_HANDLE, 0, binds);
    }
    if (m_currentPool)
      binds->released.push_back(std::move(m_currentPool));
    m_currentPool = pool->shared_from_this();
  }
  for (size_t i = 0; i < count; i++) {
    const TileMappingOp& op = ops[i];
    if (op.tile >= m_tileCount)
      continue;  // the front end checked the coordinates; never bind outside the resource
    Mapping& mapping = m_mappings[op.tile];
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    if (op.pool) {
      std::tie(memory, offset) = op.pool->locate(op.poolTile);
    }
    if (mapping.pool)
      binds->released.push_back(std::move(mapping.pool));
    if (memory) {
      mapping.pool = op.pool->shared_from_this();
      mapping.poolTile = op.poolTile;
    } else {
      mapping = Mapping{};  // unmapped, or a pool tile that was never allocated
    }
    addBind(op.tile, memory, offset, binds);
  }
}

TileMappingOp TiledResource::mappingOf(uint32_t tile) const {
  if (tile >= m_tileCount || !m_mappings[tile].pool)
    return TileMappingOp{tile, 0, nullptr};
  return TileMappingOp{tile, m_mappings[tile].poolTile, m_mappings[tile].pool.get()};
}

}  // namespace vk
