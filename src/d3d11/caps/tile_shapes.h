// D3D11's standard tile shapes: how many texels of a format fill one 64 KiB tile, from the
// documented tables for Texture2D (by bits per element, block-compressed formats and sample
// count) and Texture3D. Pure: validation uses them before any resource exists, and
// GetResourceTiling reports the device's shapes, which must equal these (tested).
#pragma once

#include "util/windows_base.h"

namespace d3d11vk::caps {

struct StandardTileShape {
  UINT width = 0, height = 0, depth = 0;  // texels; all 0 for a format with no tiled layout
};

StandardTileShape standardTileShape(DXGI_FORMAT format, D3D11_RESOURCE_DIMENSION dimension, UINT sampleCount);

// Formats D3D11 documents as never tiled: 96 bits per element, video and packed 4:2:2 formats,
// R1_UNORM, and (D3D11.3 functional spec) formats with a stencil part.
bool tileableFormat(DXGI_FORMAT format);

}  // namespace d3d11vk::caps
