// Conversions between the D3D10/10.1 descriptions and enums and their D3D11 counterparts, where
// the two differ (docs/d3d10.md lists which do and which are the same layout).
#pragma once

#include <string>
#include <vector>

#include "d3d10/d3d10_base.h"

namespace d3d11vk::d3d10 {

// Misc flags: SHARED_KEYEDMUTEX and GDI_COMPATIBLE moved in D3D11; the low three are the same.
// false when flags has a bit D3D10 does not define.
bool miscFlagsToD3D11(UINT flags, UINT* result);
UINT miscFlagsToD3D10(UINT flags);

bool toD3D11(const D3D10_BUFFER_DESC& in, D3D11_BUFFER_DESC* out);
bool toD3D11(const D3D10_TEXTURE1D_DESC& in, D3D11_TEXTURE1D_DESC* out);
bool toD3D11(const D3D10_TEXTURE2D_DESC& in, D3D11_TEXTURE2D_DESC* out);
bool toD3D11(const D3D10_TEXTURE3D_DESC& in, D3D11_TEXTURE3D_DESC* out);
D3D10_BUFFER_DESC toD3D10(const D3D11_BUFFER_DESC& in);
D3D10_TEXTURE1D_DESC toD3D10(const D3D11_TEXTURE1D_DESC& in);
D3D10_TEXTURE2D_DESC toD3D10(const D3D11_TEXTURE2D_DESC& in);
D3D10_TEXTURE3D_DESC toD3D10(const D3D11_TEXTURE3D_DESC& in);

// Views: the dimension values and the per-dimension members are the same; D3D11's DSV adds Flags.
D3D11_SHADER_RESOURCE_VIEW_DESC toD3D11(const D3D10_SHADER_RESOURCE_VIEW_DESC1& in);
D3D10_SHADER_RESOURCE_VIEW_DESC1 toD3D10(const D3D11_SHADER_RESOURCE_VIEW_DESC& in);
D3D11_RENDER_TARGET_VIEW_DESC toD3D11(const D3D10_RENDER_TARGET_VIEW_DESC& in);
D3D10_RENDER_TARGET_VIEW_DESC toD3D10(const D3D11_RENDER_TARGET_VIEW_DESC& in);
D3D11_DEPTH_STENCIL_VIEW_DESC toD3D11(const D3D10_DEPTH_STENCIL_VIEW_DESC& in);
D3D10_DEPTH_STENCIL_VIEW_DESC toD3D10(const D3D11_DEPTH_STENCIL_VIEW_DESC& in);

// Blend: D3D10.0 has one set of factors and per-target enables/masks; D3D10.1 is D3D11's shape.
D3D11_BLEND_DESC toD3D11(const D3D10_BLEND_DESC& in);
D3D11_BLEND_DESC toD3D11(const D3D10_BLEND_DESC1& in);
D3D10_BLEND_DESC toD3D10(const D3D11_BLEND_DESC& in);
D3D10_BLEND_DESC1 toD3D10_1(const D3D11_BLEND_DESC& in);

// The same layouts with D3D10 names (static_asserts in the .cpp).
inline const D3D11_DEPTH_STENCIL_DESC* asD3D11(const D3D10_DEPTH_STENCIL_DESC* desc) {
  return reinterpret_cast<const D3D11_DEPTH_STENCIL_DESC*>(desc);
}
inline const D3D11_RASTERIZER_DESC* asD3D11(const D3D10_RASTERIZER_DESC* desc) {
  return reinterpret_cast<const D3D11_RASTERIZER_DESC*>(desc);
}
inline const D3D11_SAMPLER_DESC* asD3D11(const D3D10_SAMPLER_DESC* desc) {
  return reinterpret_cast<const D3D11_SAMPLER_DESC*>(desc);
}
inline const D3D11_INPUT_ELEMENT_DESC* asD3D11(const D3D10_INPUT_ELEMENT_DESC* desc) {
  return reinterpret_cast<const D3D11_INPUT_ELEMENT_DESC*>(desc);
}
inline const D3D11_SUBRESOURCE_DATA* asD3D11(const D3D10_SUBRESOURCE_DATA* data) {
  return reinterpret_cast<const D3D11_SUBRESOURCE_DATA*>(data);
}
inline const D3D11_BOX* asD3D11(const D3D10_BOX* box) { return reinterpret_cast<const D3D11_BOX*>(box); }

// D3D10 viewports have integer origins and sizes.
D3D11_VIEWPORT toD3D11(const D3D10_VIEWPORT& in);
D3D10_VIEWPORT toD3D10(const D3D11_VIEWPORT& in);

// D3D10 stream output: no stream index, and one stride, which is buffer 0's when every entry goes
// to slot 0; once entries go to other slots, each buffer's stride is the size of its elements.
struct StreamOutputDecl {
  std::vector<D3D11_SO_DECLARATION_ENTRY> entries;
  std::vector<UINT> strides;
};
StreamOutputDecl toD3D11(const D3D10_SO_DECLARATION_ENTRY* entries, UINT count, UINT stride);
// Empty when OutputStreamStride fits the declaration as Windows' D3D10 takes it; else why not.
std::string checkStreamOutputStride(const D3D10_SO_DECLARATION_ENTRY* entries, UINT count, UINT stride);

// Format support: D3D11 defines bits above BACK_BUFFER_CAST that a D3D10 caller does not know.
UINT formatSupportToD3D10(UINT support);

}  // namespace d3d11vk::d3d10
