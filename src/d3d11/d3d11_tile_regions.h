// Tile regions: D3D11_TILED_RESOURCE_COORDINATE and D3D11_TILE_REGION_SIZE resolved to the
// tiled resource's overall tile indices, in the order the tile methods walk them (x, then y,
// then z of a box, a box's depth stepping array slices; or NumTiles tiles on from the start in
// subresource order). Pure: it reads only the resource's tile grid.
#pragma once

#include <string>
#include <vector>

#include "util/windows_base.h"

namespace vk {
class TiledResource;
}

namespace d3d11vk {

// Appends the region's tiles to `tiles`; "" when the region is valid, else why not (nothing is
// appended then).
std::string regionTiles(const vk::TiledResource& resource, const D3D11_TILED_RESOURCE_COORDINATE& start,
                        const D3D11_TILE_REGION_SIZE& size, std::vector<uint32_t>* tiles);

// The tile the coordinate names, or "" ... as regionTiles for a one-tile region.
std::string tileAt(const vk::TiledResource& resource, const D3D11_TILED_RESOURCE_COORDINATE& coordinate, uint32_t* tile);

// The region of every tile of the resource (UpdateTileMappings with a null size and start).
D3D11_TILE_REGION_SIZE wholeResource(const vk::TiledResource& resource);

}  // namespace d3d11vk
