// Standard tile shapes (texture2d-and-texture2darray-subresource-tiling and
// texture3d-subresource-tiling in the D3D11 documentation).
#include "d3d11/caps/tile_shapes.h"

#include "d3d11/caps/format_table.h"

namespace d3d11vk::caps {

namespace {

bool hasStencil(DXGI_FORMAT format) {
  switch (format) {
    case DXGI_FORMAT_R24G8_TYPELESS: case DXGI_FORMAT_D24_UNORM_S8_UINT: case DXGI_FORMAT_R24_UNORM_X8_TYPELESS:
    case DXGI_FORMAT_X24_TYPELESS_G8_UINT: case DXGI_FORMAT_R32G8X24_TYPELESS: case DXGI_FORMAT_D32_FLOAT_S8X24_UINT:
    case DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS: case DXGI_FORMAT_X32_TYPELESS_G8X24_UINT:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool tileableFormat(DXGI_FORMAT format) {
  const FormatInfo* info = formatInfo(format);
  if (!info || format == DXGI_FORMAT_UNKNOWN || info->kind == FormatKind::Unsupported)
    return false;
  if (info->bitsPerElement == 96 || (info->flags & kFormatPacked422) || hasStencil(format))
    return false;
  return true;
}

StandardTileShape standardTileShape(DXGI_FORMAT format, D3D11_RESOURCE_DIMENSION dimension, UINT sampleCount) {
  if (!tileableFormat(format))
    return {};
  const FormatInfo* info = formatInfo(format);
  const bool compressed = info->kind == FormatKind::Compressed || info->kind == FormatKind::CompressedTypeless;
  const UINT bits = info->bitsPerElement;  // per texel, or per 4x4 block
  if (dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D) {
    if (sampleCount != 1)
      return {};
    if (compressed)
      return bits == 64 ? StandardTileShape{128, 64, 16} : StandardTileShape{64, 64, 16};
    switch (bits) {
      case 8: return {64, 32, 32};
      case 16: return {32, 32, 32};
      case 32: return {32, 32, 16};
      case 64: return {32, 16, 16};
      case 128: return {16, 16, 16};
      default: return {};
    }
  }
  if (dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
    return {};
  StandardTileShape shape;
  if (compressed) {
    shape = bits == 64 ? StandardTileShape{512, 256, 1} : StandardTileShape{256, 256, 1};  // BC1/BC4, the others
  } else {
    switch (bits) {
      case 8: shape = {256, 256, 1}; break;
      case 16: shape = {256, 128, 1}; break;
      case 32: shape = {128, 128, 1}; break;
      case 64: shape = {128, 64, 1}; break;
      case 128: shape = {64, 64, 1}; break;
      default: return {};
    }
  }
  // Multisampled tiles hold the same bytes: the texel shape shrinks by 1x1, 2x1, 2x2, 4x2, 4x4.
  switch (sampleCount) {
    case 1: break;
    case 2: shape.width /= 2; break;
    case 4: shape.width /= 2; shape.height /= 2; break;
    case 8: shape.width /= 4; shape.height /= 2; break;
    case 16: shape.width /= 4; shape.height /= 4; break;
    default: return {};
  }
  return shape;
}

}  // namespace d3d11vk::caps
