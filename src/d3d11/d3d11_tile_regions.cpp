// Tile regions of tiled resources (the D3D11_TILE_REGION_SIZE and
// D3D11_TILED_RESOURCE_COORDINATE pages).
#include "d3d11/d3d11_tile_regions.h"

#include "vk/tiled_resource.h"

namespace d3d11vk {

std::string tileAt(const vk::TiledResource& resource, const D3D11_TILED_RESOURCE_COORDINATE& c, uint32_t* tile) {
  if (resource.isBuffer()) {
    if (c.Y || c.Z || c.Subresource)
      return "a buffer's tile coordinate has Y, Z and Subresource 0";
    if (c.X >= resource.tileCount())
      return "tile " + std::to_string(c.X) + " is past the buffer's " + std::to_string(resource.tileCount());
    *tile = c.X;
    return {};
  }
  const auto& subresources = resource.subresources();
  if (c.Subresource >= subresources.size())
    return "subresource " + std::to_string(c.Subresource) + " does not exist";
  const vk::SubresourceTiles& s = subresources[c.Subresource];
  if (s.packed) {
    // Any packed mip of a slice names the slice's packed tiles; X counts into them.
    if (c.Y || c.Z || c.X >= resource.packedTilesPerSlice())
      return "packed mips are addressed by X below their " + std::to_string(resource.packedTilesPerSlice()) +
             " tiles, with Y and Z 0";
    *tile = resource.firstPackedTile(c.Subresource / (resource.standardMips() + resource.packedMips())) + c.X;
    return {};
  }
  if (c.X >= s.widthInTiles || c.Y >= s.heightInTiles || c.Z >= s.depthInTiles)
    return "tile (" + std::to_string(c.X) + ", " + std::to_string(c.Y) + ", " + std::to_string(c.Z) +
           ") is outside subresource " + std::to_string(c.Subresource);
  *tile = s.firstTile + c.X + s.widthInTiles * (c.Y + s.heightInTiles * c.Z);
  return {};
}

std::string regionTiles(const vk::TiledResource& resource, const D3D11_TILED_RESOURCE_COORDINATE& start,
                        const D3D11_TILE_REGION_SIZE& size, std::vector<uint32_t>* tiles) {
  if (!size.bUseBox) {
    if (size.NumTiles == 0)
      return {};
    uint32_t first = 0;
    if (std::string problem = tileAt(resource, start, &first); !problem.empty())
      return problem;
    if (uint64_t(first) + size.NumTiles > resource.tileCount())
      return std::to_string(size.NumTiles) + " tiles from tile " + std::to_string(first) + " run past the resource's " +
             std::to_string(resource.tileCount());
    for (uint32_t i = 0; i < size.NumTiles; i++)
      tiles->push_back(first + i);
    return {};
  }
  if (size.Width == 0 || size.Height == 0 || size.Depth == 0)
    return "a box region with a zero dimension";
  if (uint64_t(size.Width) * size.Height * size.Depth != size.NumTiles)
    return "NumTiles " + std::to_string(size.NumTiles) + " is not the box's Width x Height x Depth";
  if (resource.isBuffer() && (size.Height != 1 || size.Depth != 1))
    return "a buffer region's box has Height and Depth 1";
  std::vector<uint32_t> found;
  const uint32_t mips = resource.standardMips() + resource.packedMips();
  // A 2D texture's box Depth steps through the array slices of the same mip.
  const bool depthIsSlices = !resource.isBuffer() && resource.subresources()[std::min<size_t>(
                                 start.Subresource, resource.subresources().size() - 1)].depthInTiles <= 1;
  for (UINT z = 0; z < size.Depth; z++)
    for (UINT y = 0; y < size.Height; y++)
      for (UINT x = 0; x < size.Width; x++) {
        D3D11_TILED_RESOURCE_COORDINATE c{start.X + x, start.Y + y, start.Z, start.Subresource};
        if (depthIsSlices)
          c.Subresource += z * mips;
        else
          c.Z += z;
        if (!resource.isBuffer() && c.Subresource < resource.subresources().size() && resource.subresources()[c.Subresource].packed)
          return "a box region cannot cover packed mips (their tile shape is not standard)";
        uint32_t tile = 0;
        if (std::string problem = tileAt(resource, c, &tile); !problem.empty())
          return problem;
        found.push_back(tile);
      }
  tiles->insert(tiles->end(), found.begin(), found.end());
  return {};
}

D3D11_TILE_REGION_SIZE wholeResource(const vk::TiledResource& resource) {
  D3D11_TILE_REGION_SIZE size{};
  size.NumTiles = resource.tileCount();
  size.bUseBox = FALSE;
  return size;
}

}  // namespace d3d11vk
