// The one table from DXGI formats to Vulkan formats: typeless families, depth formats and the
// views of their depth or stencil part, block-compressed formats, and formats that need a
// component swizzle or a substitute format. Everything that maps a DXGI format reads it here.
#pragma once

#include <vector>

#include "util/windows_base.h"
#include "vk/vulkan_api.h"

namespace d3d11vk::caps {

enum class FormatKind {
  Color,               // a typed color format
  ColorTypeless,       // a typeless color family; views pick a typed member
  DepthStencil,        // a depth(-stencil) format usable as DSV
  DepthTypeless,       // a typeless family whose members include a depth format
  DepthView,           // the depth part of a depth-stencil format, viewed as color (SRV)
  StencilView,         // the stencil part, viewed as an unsigned integer (SRV)
  Compressed,          // a block-compressed format
  CompressedTypeless,
  Unsupported,         // no Vulkan equivalent d3d11vk implements (video, palettized, R1, XR_BIAS)
};

// How shaders must see the Vulkan format's components to get the DXGI format's meaning.
enum class FormatSwizzle {
  Identity,
  AlphaOne,            // B8G8R8X8: the X channel reads as 1
  AlphaFromRed,        // A8_UNORM stored as R8_UNORM: (0, 0, 0, R)
};

enum FormatFlags : uint32_t {
  kFormatUint = 1u << 0,       // unsigned integer components
  kFormatSint = 1u << 1,       // signed integer components
  kFormatSrgb = 1u << 2,
  kFormatDisplay = 1u << 3,    // a documented swapchain back-buffer format
  kFormatIndex = 1u << 4,      // usable as an index buffer format (R16_UINT, R32_UINT)
  kFormatStreamOut = 1u << 5,  // usable as a stream-output buffer element
  kFormatPacked422 = 1u << 6,  // R8G8_B8G8 / G8R8_G8B8: 2x1 blocks
};

struct FormatInfo {
  DXGI_FORMAT dxgi;
  const char* name;            // "R8G8B8A8_UNORM"
  FormatKind kind;
  VkFormat vulkan;             // the image/view format (VK_FORMAT_UNDEFINED when unsupported)
  VkFormat fallback;           // used when `vulkan` lacks support (D24S8 -> D32S8), else UNDEFINED
  DXGI_FORMAT family;          // the typeless family it belongs to, or DXGI_FORMAT_UNKNOWN
  uint32_t flags;
  FormatSwizzle swizzle;
  UINT bitsPerElement;         // bits per texel, or per 4x4 block for compressed formats
};

// The entry for a format, or nullptr for a value that is no DXGI format.
const FormatInfo* formatInfo(DXGI_FORMAT format);
// Every entry, in DXGI_FORMAT order.
const std::vector<FormatInfo>& allFormats();

inline bool isInteger(const FormatInfo& info) { return info.flags & (kFormatUint | kFormatSint); }
inline bool isDepthKind(const FormatInfo& info) {
  return info.kind == FormatKind::DepthStencil || info.kind == FormatKind::DepthTypeless;
}

}  // namespace d3d11vk::caps
