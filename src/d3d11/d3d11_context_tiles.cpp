// D3D11DeviceContext: the ID3D11DeviceContext2 tile methods (docs/resources.md, Tiled
// resources). Mapping changes and mapping copies become commands the worker applies in order
// (vk/executor_tiles.cpp); tile copies are buffer/image copies of whole 64 KiB tiles.
#include <algorithm>
#include <cstring>

#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_texture_storage.h"
#include "d3d11/d3d11_tile_regions.h"
#include "util/log.h"
#include "vk/command_chunk.h"
#include "vk/command_stream.h"
#include "vk/result.h"
#include "vk/tiled_resource.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

namespace {

// Commands hold at most this many entries, well inside a chunk.
constexpr size_t kOpsPerCommand = 2048;

vk::TiledResource* tiledOf(ID3D11Resource* resource) {
  D3D11ResourceCommon* common = resourceCommon(resource);
  return common ? common->tiled() : nullptr;
}

vk::TilePool* poolOf(ID3D11Buffer* buffer) {
  D3D11ResourceCommon* common = resourceCommon(buffer);
  return common ? common->tilePool() : nullptr;
}

// Records `count` tail entries as Command after Command of at most kOpsPerCommand entries each;
// fill(command, entries, first, n) fills one with entries first..first+n-1. One command when
// count is 0 (a mapping update of nothing still names its pool).
template <typename Command, typename Entry, typename Fill>
void recordInBatches(vk::CommandStream& stream, size_t count, Fill&& fill) {
  size_t done = 0;
  do {
    const size_t n = std::min(kOpsPerCommand, count - done);
    auto& command = stream.record<Command>(n * sizeof(Entry));
    fill(command, vk::tailOf<Entry>(&command), done, n);
    done += n;
  } while (done < count);
}

HRESULT invalid(const char* method, const std::string& why) {
  util::log::warn(method, ": ", why, ": E_INVALIDARG");
  return E_INVALIDARG;
}

}  // namespace

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::UpdateTileMappings(
    ID3D11Resource* resource, UINT regionCount, const D3D11_TILED_RESOURCE_COORDINATE* starts,
    const D3D11_TILE_REGION_SIZE* sizes, ID3D11Buffer* pool, UINT rangeCount, const UINT* rangeFlags,
    const UINT* poolStartOffsets, const UINT* rangeTileCounts, UINT flags) {
  D3D11VK_CONTEXT_LOCK();
  const char* method = "UpdateTileMappings";
  vk::TiledResource* tiled = tiledOf(resource);
  if (!tiled)
    return invalid(method, "the resource is not a tiled resource");
  if (flags & ~UINT(D3D11_TILE_MAPPING_NO_OVERWRITE))
    return invalid(method, "unknown flags");
  vk::TilePool* named = pool ? poolOf(pool) : nullptr;
  if (pool && !named)
    return invalid(method, "pTilePool is not a tile pool");

  // The regions' tiles, in order. With one region either array may be null: a null start is
  // tile 0, a null size the whole resource (or one tile when a start is given).
  if (!starts && regionCount != 1 && regionCount != 0)
    return invalid(method, "no start coordinates for more than one region");
  std::vector<uint32_t> tiles;
  for (UINT i = 0; i < regionCount; i++) {
    const D3D11_TILED_RESOURCE_COORDINATE start = starts ? starts[i] : D3D11_TILED_RESOURCE_COORDINATE{};
    D3D11_TILE_REGION_SIZE size{};
    if (sizes)
      size = sizes[i];
    else if (!starts)
      size = wholeResource(*tiled);
    else
      size.NumTiles = 1;
    if (std::string problem = regionTiles(*tiled, start, size, &tiles); !problem.empty())
      return invalid(method, "region " + std::to_string(i) + ": " + problem);
  }

  // The ranges: flags 0 (sequential pool tiles), NULL, SKIP or REUSE_SINGLE_TILE each; a null
  // count array means every region tile for one range, one tile per range otherwise.
  auto rangeTiles = [&](UINT r) -> uint64_t {
    return rangeTileCounts ? rangeTileCounts[r] : rangeCount == 1 ? tiles.size() : 1;
  };
  uint64_t rangeTotal = 0;
  bool mapsMemory = false;
  for (UINT r = 0; r < rangeCount; r++) {
    const UINT flag = rangeFlags ? rangeFlags[r] : 0;
    if (flag != 0 && flag != D3D11_TILE_RANGE_NULL && flag != D3D11_TILE_RANGE_SKIP && flag != D3D11_TILE_RANGE_REUSE_SINGLE_TILE)
      return invalid(method, "range " + std::to_string(r) + " has flags " + std::to_string(flag) +
                                 ": one of 0, NULL, SKIP or REUSE_SINGLE_TILE");
    rangeTotal += rangeTiles(r);
    mapsMemory |= flag == 0 || flag == D3D11_TILE_RANGE_REUSE_SINGLE_TILE;
  }
  if (rangeTotal != tiles.size())
    return invalid(method, "the ranges cover " + std::to_string(rangeTotal) + " tiles, the regions " + std::to_string(tiles.size()));
  std::shared_ptr<vk::TilePool> from = named ? named->shared_from_this() : tiled->recordedPool();
  if (mapsMemory && !from)
    return invalid(method, "tiles are mapped to memory with no tile pool named now or before");
  if (mapsMemory && !poolStartOffsets)
    return invalid(method, "no pool start offsets for ranges that map memory");
  const uint64_t poolTiles = from ? from->tileCount() : 0;

  std::vector<vk::TileMappingOp> ops;
  ops.reserve(tiles.size());
  size_t next = 0;
  for (UINT r = 0; r < rangeCount; r++) {
    const UINT flag = rangeFlags ? rangeFlags[r] : 0;
    const uint64_t count = rangeTiles(r);
    if (flag == 0 && uint64_t(poolStartOffsets[r]) + count > poolTiles)
      return invalid(method, "range " + std::to_string(r) + " maps pool tiles past the pool's " + std::to_string(poolTiles));
    if (flag == D3D11_TILE_RANGE_REUSE_SINGLE_TILE && count && poolStartOffsets[r] >= poolTiles)
      return invalid(method, "range " + std::to_string(r) + " maps pool tile " + std::to_string(poolStartOffsets[r]) +
                                 " past the pool's " + std::to_string(poolTiles));
    for (uint64_t k = 0; k < count; k++, next++) {
      if (flag == D3D11_TILE_RANGE_SKIP)
        continue;
      if (flag == D3D11_TILE_RANGE_NULL)
        ops.push_back(vk::TileMappingOp{tiles[next], 0, nullptr});
      else
        ops.push_back(vk::TileMappingOp{tiles[next], uint32_t(poolStartOffsets[r] + (flag == 0 ? k : 0)), from.get()});
    }
  }

  // Naming a pool (even for NULL mappings only) makes it the resource's pool: a different one
  // unmaps everything first, on the worker, in command order.
  keepAlive(resource);
  if (pool)
    keepAlive(pool);
  if (named)
    tiled->setRecordedPool(from);
  recordInBatches<vk::UpdateTileMappingsCommand, vk::TileMappingOp>(
      *m_stream, ops.size(), [&](vk::UpdateTileMappingsCommand& command, vk::TileMappingOp* entries, size_t first, size_t n) {
        command.resource = tiled;
        command.pool = named;
        command.opCount = uint32_t(n);
        std::copy_n(ops.data() + first, n, entries);
      });
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::CopyTileMappings(ID3D11Resource* dstResource,
                                                               const D3D11_TILED_RESOURCE_COORDINATE* dstStart,
                                                               ID3D11Resource* srcResource,
                                                               const D3D11_TILED_RESOURCE_COORDINATE* srcStart,
                                                               const D3D11_TILE_REGION_SIZE* size, UINT flags) {
  D3D11VK_CONTEXT_LOCK();
  const char* method = "CopyTileMappings";
  vk::TiledResource* dst = tiledOf(dstResource);
  vk::TiledResource* src = tiledOf(srcResource);
  if (!dst || !src)
    return invalid(method, "a resource is not a tiled resource");
  if (!dstStart || !srcStart || !size)
    return invalid(method, "a null coordinate or region size");
  if (flags & ~UINT(D3D11_TILE_MAPPING_NO_OVERWRITE))
    return invalid(method, "unknown flags");
  std::vector<uint32_t> to, from;
  if (std::string problem = regionTiles(*dst, *dstStart, *size, &to); !problem.empty())
    return invalid(method, "destination: " + problem);
  if (std::string problem = regionTiles(*src, *srcStart, *size, &from); !problem.empty())
    return invalid(method, "source: " + problem);
  keepAlive(dstResource);
  keepAlive(srcResource);
  if (src->recordedPool())
    dst->setRecordedPool(src->recordedPool());
  // One command reads every source mapping before writing any, so overlapping regions of one
  // resource copy as if through a temporary, as documented; a region above kOpsPerCommand tiles
  // is split, and only then could an overlap within one resource see its own earlier writes.
  recordInBatches<vk::CopyTileMappingsCommand, vk::TileCopyPair>(
      *m_stream, to.size(), [&](vk::CopyTileMappingsCommand& command, vk::TileCopyPair* pairs, size_t first, size_t n) {
        command.dst = dst;
        command.src = src;
        command.pairCount = uint32_t(n);
        for (size_t i = 0; i < n; i++)
          pairs[i] = vk::TileCopyPair{to[first + i], from[first + i]};
      });
  return S_OK;
}

// The copy regions of tiled-resource tiles against linear 64 KiB tiles at `bufferOffset`: a
// buffer's tiles as byte ranges, a texture's standard tiles as texel boxes whose rows are a full
// tile wide (the documented layout, gaps included at a mip's right and bottom edges).
bool D3D11DeviceContext::tileCopyRegions(const char* method, D3D11ResourceCommon* resource, const std::vector<uint32_t>& tiles,
                                         VkDeviceSize bufferOffset, std::vector<VkBufferCopy>* bufferRegions,
                                         std::vector<VkBufferImageCopy>* imageRegions) {
  vk::TiledResource& tiled = *resource->tiled();
  for (size_t i = 0; i < tiles.size(); i++) {
    const VkDeviceSize linear = bufferOffset + VkDeviceSize(i) * vk::kTileBytes;
    if (D3D11Buffer* buffer = resource->asBuffer()) {
      const VkDeviceSize start = VkDeviceSize(tiles[i]) * vk::kTileBytes;
      const VkDeviceSize bytes = std::min<VkDeviceSize>(vk::kTileBytes, buffer->desc().ByteWidth - start);
      bufferRegions->push_back(VkBufferCopy{linear, start, bytes});
      continue;
    }
    uint32_t subresource = 0;
    VkOffset3D offset{};
    VkExtent3D extent{};
    if (!tiled.standardTileBox(tiles[i], &subresource, &offset, &extent)) {
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": the region includes packed mips, which tile copies cannot take; call dropped");
      return false;
    }
    const SubresourceLayout& sub = resource->asTexture()->layout()[subresource];
    VkBufferImageCopy region = resource->asTexture()->copyRegion(sub);
    region.bufferOffset = linear;
    region.bufferRowLength = tiled.shape().width;
    region.bufferImageHeight = tiled.shape().height;
    region.imageOffset = offset;
    region.imageExtent = extent;
    imageRegions->push_back(region);
  }
  return true;
}

void D3D11DeviceContext::recordTileCopies(D3D11ResourceCommon* resource, VkBuffer linear, bool toResource,
                                          const std::vector<VkBufferCopy>& bufferRegions,
                                          const std::vector<VkBufferImageCopy>& imageRegions) {
  if (D3D11Buffer* buffer = resource->asBuffer()) {
    const VkBuffer tiledBuffer = sliceOf(*buffer).buffer;
    if (bufferRegions.empty())
      return;
    recordInBatches<vk::CopyBufferCommand, VkBufferCopy>(
        *m_stream, bufferRegions.size(), [&](vk::CopyBufferCommand& copy, VkBufferCopy* regions, size_t first, size_t n) {
          copy.src = toResource ? linear : tiledBuffer;
          copy.dst = toResource ? tiledBuffer : linear;
          copy.regionCount = uint32_t(n);
          for (size_t i = 0; i < n; i++) {
            const VkBufferCopy& r = bufferRegions[first + i];  // srcOffset: linear, dstOffset: tiled
            regions[i] = toResource ? r : VkBufferCopy{r.dstOffset, r.srcOffset, r.size};
          }
        });
    return;
  }
  if (imageRegions.empty())
    return;
  const VkImage image = resource->asTexture()->image()->handle();
  auto fill = [&](auto& copy, VkBufferImageCopy* regions, size_t first, size_t n) {
    copy.regionCount = uint32_t(n);
    std::copy_n(imageRegions.data() + first, n, regions);
  };
  if (toResource) {
    recordInBatches<vk::CopyBufferToImageCommand, VkBufferImageCopy>(
        *m_stream, imageRegions.size(), [&](vk::CopyBufferToImageCommand& copy, VkBufferImageCopy* regions, size_t first, size_t n) {
          copy.src = linear;
          copy.dst = image;
          fill(copy, regions, first, n);
        });
  } else {
    recordInBatches<vk::CopyImageToBufferCommand, VkBufferImageCopy>(
        *m_stream, imageRegions.size(), [&](vk::CopyImageToBufferCommand& copy, VkBufferImageCopy* regions, size_t first, size_t n) {
          copy.src = image;
          copy.dst = linear;
          fill(copy, regions, first, n);
        });
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::CopyTiles(ID3D11Resource* resource, const D3D11_TILED_RESOURCE_COORDINATE* start,
                                                     const D3D11_TILE_REGION_SIZE* size, ID3D11Buffer* buffer,
                                                     UINT64 bufferOffset, UINT flags) {
  D3D11VK_CONTEXT_LOCK();
  const char* method = "CopyTiles";
  D3D11ResourceCommon* common = resourceCommon(resource);
  D3D11ResourceCommon* linearCommon = resourceCommon(buffer);
  D3D11Buffer* linear = linearCommon ? linearCommon->asBuffer() : nullptr;
  const UINT direction = flags & ~UINT(D3D11_TILE_COPY_NO_OVERWRITE);
  const bool toResource = direction == D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE;
  if (!common || !common->tiled() || !linear || !start || !size || linear->tiled() ||
      (!toResource && direction != D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": not a tiled resource and a plain buffer, a null region, or not exactly one copy "
                            "direction in the flags; call dropped");
    return;
  }
  std::vector<uint32_t> tiles;
  if (std::string problem = regionTiles(*common->tiled(), *start, *size, &tiles); !problem.empty()) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": ", problem, "; call dropped");
    return;
  }
  const UINT blockBytes = common->asTexture() ? blockShape(common->asTexture()->desc().format).bytes : 1;
  if (bufferOffset + uint64_t(tiles.size()) * vk::kTileBytes > linear->desc().ByteWidth ||
      (toResource && linear->desc().Usage == D3D11_USAGE_IMMUTABLE) || bufferOffset % std::max(4u, blockBytes)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": the tiles do not fit the buffer after the offset, the buffer is immutable, or the "
                            "offset is not a multiple of the texel block; call dropped");
    return;
  }
  std::vector<VkBufferCopy> bufferRegions;
  std::vector<VkBufferImageCopy> imageRegions;
  const vk::BufferSlice slice = sliceOf(*linear);
  if (!tileCopyRegions(method, common, tiles, slice.offset + bufferOffset, &bufferRegions, &imageRegions))
    return;
  keepAlive(resource);
  keepAlive(buffer);
  recordTileCopies(common, slice.buffer, toResource, bufferRegions, imageRegions);
  if (linear->desc().Usage == D3D11_USAGE_STAGING)
    noteGpuUse(linearCommon);
}

void STDMETHODCALLTYPE D3D11DeviceContext::UpdateTiles(ID3D11Resource* resource, const D3D11_TILED_RESOURCE_COORDINATE* start,
                                                       const D3D11_TILE_REGION_SIZE* size, const void* data, UINT flags) {
  D3D11VK_CONTEXT_LOCK();
  const char* method = "UpdateTiles";
  D3D11ResourceCommon* common = resourceCommon(resource);
  if (!common || !common->tiled() || !start || !size || !data || (flags & ~UINT(D3D11_TILE_COPY_NO_OVERWRITE))) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": not a tiled resource, a null region or data, or flags other than NO_OVERWRITE; call dropped");
    return;
  }
  std::vector<uint32_t> tiles;
  if (std::string problem = regionTiles(*common->tiled(), *start, *size, &tiles); !problem.empty()) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": ", problem, "; call dropped");
    return;
  }
  if (tiles.empty())
    return;
  const VkDeviceSize bytes = VkDeviceSize(tiles.size()) * vk::kTileBytes;
  vk::BufferSlice upload;
  try {
    upload = m_uploads->allocate(bytes, 16, recordingValue());
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": no upload memory: ", error.what(), "; call dropped");
    return;
  }
  std::vector<VkBufferCopy> bufferRegions;
  std::vector<VkBufferImageCopy> imageRegions;
  if (!tileCopyRegions(method, common, tiles, upload.offset, &bufferRegions, &imageRegions))
    return;
  std::memcpy(upload.mapped, data, bytes);
  keepAlive(resource);
  recordTileCopies(common, upload.buffer, true, bufferRegions, imageRegions);
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::ResizeTilePool(ID3D11Buffer* pool, UINT64 size) {
  D3D11VK_CONTEXT_LOCK();
  const char* method = "ResizeTilePool";
  vk::TilePool* tiles = poolOf(pool);
  if (!tiles)
    return invalid(method, "not a tile pool");
  if (size % vk::kTileBytes)
    return invalid(method, "the size " + std::to_string(size) + " is not a multiple of 64 KiB");
  try {
    tiles->resize(size / vk::kTileBytes);  // growing allocates now; mapped memory never goes
  } catch (const vk::Error& error) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION), method, ": ", error.what(), ": E_OUTOFMEMORY (the pool is unchanged)");
    return E_OUTOFMEMORY;
  }
  return S_OK;
}

void STDMETHODCALLTYPE D3D11DeviceContext::TiledResourceBarrier(ID3D11DeviceChild*, ID3D11DeviceChild*) {
  D3D11VK_CONTEXT_LOCK();
  // Every access before against every access after: at least what D3D11 orders for any pair of
  // arguments (a resource, a view, or null for all tiled resources).
  m_stream->record<vk::TiledResourceBarrierCommand>().unused = 0;
}

}  // namespace d3d11vk
