// Conversions between D3D10/10.1 and D3D11 descriptions (see d3d10_convert.h).
#include "d3d10/d3d10_convert.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <map>

namespace d3d11vk::d3d10 {

static_assert(sizeof(D3D10_DEPTH_STENCIL_DESC) == sizeof(D3D11_DEPTH_STENCIL_DESC));
static_assert(sizeof(D3D10_RASTERIZER_DESC) == sizeof(D3D11_RASTERIZER_DESC));
static_assert(sizeof(D3D10_SAMPLER_DESC) == sizeof(D3D11_SAMPLER_DESC));
static_assert(sizeof(D3D10_INPUT_ELEMENT_DESC) == sizeof(D3D11_INPUT_ELEMENT_DESC));
static_assert(sizeof(D3D10_SUBRESOURCE_DATA) == sizeof(D3D11_SUBRESOURCE_DATA));
static_assert(sizeof(D3D10_BOX) == sizeof(D3D11_BOX));
static_assert(offsetof(D3D10_SAMPLER_DESC, BorderColor) == offsetof(D3D11_SAMPLER_DESC, BorderColor));
static_assert(offsetof(D3D10_RASTERIZER_DESC, AntialiasedLineEnable) ==
              offsetof(D3D11_RASTERIZER_DESC, AntialiasedLineEnable));
static_assert(offsetof(D3D10_DEPTH_STENCIL_DESC, BackFace) == offsetof(D3D11_DEPTH_STENCIL_DESC, BackFace));
static_assert(offsetof(D3D10_INPUT_ELEMENT_DESC, InstanceDataStepRate) ==
              offsetof(D3D11_INPUT_ELEMENT_DESC, InstanceDataStepRate));

namespace {

constexpr UINT kD3D10MiscFlags = D3D10_RESOURCE_MISC_GENERATE_MIPS | D3D10_RESOURCE_MISC_SHARED |
                                 D3D10_RESOURCE_MISC_TEXTURECUBE | D3D10_RESOURCE_MISC_SHARED_KEYEDMUTEX |
                                 D3D10_RESOURCE_MISC_GDI_COMPATIBLE;
constexpr UINT kCommonMiscFlags =
    D3D10_RESOURCE_MISC_GENERATE_MIPS | D3D10_RESOURCE_MISC_SHARED | D3D10_RESOURCE_MISC_TEXTURECUBE;

// The view descriptions share the per-dimension members; copying the D3D10 union (the smaller
// or equal one) moves whichever member the dimension selects.
template <typename Out, typename In>
void copyUnion(Out* out, size_t outOffset, const In& in, size_t inOffset, size_t size) {
  std::memcpy(reinterpret_cast<char*>(out) + outOffset, reinterpret_cast<const char*>(&in) + inOffset, size);
}

}  // namespace

bool miscFlagsToD3D11(UINT flags, UINT* result) {
  *result = flags & kCommonMiscFlags;
  if (flags & D3D10_RESOURCE_MISC_SHARED_KEYEDMUTEX)
    *result |= D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
  if (flags & D3D10_RESOURCE_MISC_GDI_COMPATIBLE)
    *result |= D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
  return (flags & ~kD3D10MiscFlags) == 0;
}

UINT miscFlagsToD3D10(UINT flags) {
  UINT result = flags & kCommonMiscFlags;
  if (flags & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)
    result |= D3D10_RESOURCE_MISC_SHARED_KEYEDMUTEX;
  if (flags & D3D11_RESOURCE_MISC_GDI_COMPATIBLE)
    result |= D3D10_RESOURCE_MISC_GDI_COMPATIBLE;
  return result;
}

bool toD3D11(const D3D10_BUFFER_DESC& in, D3D11_BUFFER_DESC* out) {
  *out = {in.ByteWidth, D3D11_USAGE(in.Usage), in.BindFlags, in.CPUAccessFlags, 0, 0};
  return miscFlagsToD3D11(in.MiscFlags, &out->MiscFlags);
}

bool toD3D11(const D3D10_TEXTURE1D_DESC& in, D3D11_TEXTURE1D_DESC* out) {
  *out = {in.Width, in.MipLevels, in.ArraySize, in.Format, D3D11_USAGE(in.Usage), in.BindFlags, in.CPUAccessFlags, 0};
  return miscFlagsToD3D11(in.MiscFlags, &out->MiscFlags);
}

bool toD3D11(const D3D10_TEXTURE2D_DESC& in, D3D11_TEXTURE2D_DESC* out) {
  *out = {in.Width, in.Height, in.MipLevels, in.ArraySize, in.Format, in.SampleDesc, D3D11_USAGE(in.Usage),
          in.BindFlags, in.CPUAccessFlags, 0};
  return miscFlagsToD3D11(in.MiscFlags, &out->MiscFlags);
}

bool toD3D11(const D3D10_TEXTURE3D_DESC& in, D3D11_TEXTURE3D_DESC* out) {
  *out = {in.Width, in.Height, in.Depth, in.MipLevels, in.Format, D3D11_USAGE(in.Usage), in.BindFlags,
          in.CPUAccessFlags, 0};
  return miscFlagsToD3D11(in.MiscFlags, &out->MiscFlags);
}

D3D10_BUFFER_DESC toD3D10(const D3D11_BUFFER_DESC& in) {
  return {in.ByteWidth, D3D10_USAGE(in.Usage), in.BindFlags, in.CPUAccessFlags, miscFlagsToD3D10(in.MiscFlags)};
}

D3D10_TEXTURE1D_DESC toD3D10(const D3D11_TEXTURE1D_DESC& in) {
  return {in.Width, in.MipLevels, in.ArraySize, in.Format, D3D10_USAGE(in.Usage), in.BindFlags, in.CPUAccessFlags,
          miscFlagsToD3D10(in.MiscFlags)};
}

D3D10_TEXTURE2D_DESC toD3D10(const D3D11_TEXTURE2D_DESC& in) {
  return {in.Width, in.Height, in.MipLevels, in.ArraySize, in.Format, in.SampleDesc, D3D10_USAGE(in.Usage),
          in.BindFlags, in.CPUAccessFlags, miscFlagsToD3D10(in.MiscFlags)};
}

D3D10_TEXTURE3D_DESC toD3D10(const D3D11_TEXTURE3D_DESC& in) {
  return {in.Width, in.Height, in.Depth, in.MipLevels, in.Format, D3D10_USAGE(in.Usage), in.BindFlags,
          in.CPUAccessFlags, miscFlagsToD3D10(in.MiscFlags)};
}

D3D11_SHADER_RESOURCE_VIEW_DESC toD3D11(const D3D10_SHADER_RESOURCE_VIEW_DESC1& in) {
  D3D11_SHADER_RESOURCE_VIEW_DESC out{};
  out.Format = in.Format;
  out.ViewDimension = D3D11_SRV_DIMENSION(in.ViewDimension);
  copyUnion(&out, offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer), in, offsetof(D3D10_SHADER_RESOURCE_VIEW_DESC1, Buffer),
            sizeof(in) - offsetof(D3D10_SHADER_RESOURCE_VIEW_DESC1, Buffer));
  return out;
}

D3D10_SHADER_RESOURCE_VIEW_DESC1 toD3D10(const D3D11_SHADER_RESOURCE_VIEW_DESC& in) {
  D3D10_SHADER_RESOURCE_VIEW_DESC1 out{};
  out.Format = in.Format;
  // BUFFEREX (raw and structured buffer views) has no D3D10 form; D3D10 cannot make one either.
  out.ViewDimension = D3D10_SRV_DIMENSION1(in.ViewDimension);
  copyUnion(&out, offsetof(D3D10_SHADER_RESOURCE_VIEW_DESC1, Buffer), in, offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Buffer),
            sizeof(out) - offsetof(D3D10_SHADER_RESOURCE_VIEW_DESC1, Buffer));
  return out;
}

D3D11_RENDER_TARGET_VIEW_DESC toD3D11(const D3D10_RENDER_TARGET_VIEW_DESC& in) {
  D3D11_RENDER_TARGET_VIEW_DESC out{};
  out.Format = in.Format;
  out.ViewDimension = D3D11_RTV_DIMENSION(in.ViewDimension);
  copyUnion(&out, offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Buffer), in, offsetof(D3D10_RENDER_TARGET_VIEW_DESC, Buffer),
            sizeof(in) - offsetof(D3D10_RENDER_TARGET_VIEW_DESC, Buffer));
  return out;
}

D3D10_RENDER_TARGET_VIEW_DESC toD3D10(const D3D11_RENDER_TARGET_VIEW_DESC& in) {
  D3D10_RENDER_TARGET_VIEW_DESC out{};
  out.Format = in.Format;
  out.ViewDimension = D3D10_RTV_DIMENSION(in.ViewDimension);
  copyUnion(&out, offsetof(D3D10_RENDER_TARGET_VIEW_DESC, Buffer), in, offsetof(D3D11_RENDER_TARGET_VIEW_DESC, Buffer),
            sizeof(out) - offsetof(D3D10_RENDER_TARGET_VIEW_DESC, Buffer));
  return out;
}

D3D11_DEPTH_STENCIL_VIEW_DESC toD3D11(const D3D10_DEPTH_STENCIL_VIEW_DESC& in) {
  D3D11_DEPTH_STENCIL_VIEW_DESC out{};
  out.Format = in.Format;
  out.ViewDimension = D3D11_DSV_DIMENSION(in.ViewDimension);
  out.Flags = 0;  // read-only depth/stencil views are D3D11's
  copyUnion(&out, offsetof(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture1D), in, offsetof(D3D10_DEPTH_STENCIL_VIEW_DESC, Texture1D),
            sizeof(in) - offsetof(D3D10_DEPTH_STENCIL_VIEW_DESC, Texture1D));
  return out;
}

D3D10_DEPTH_STENCIL_VIEW_DESC toD3D10(const D3D11_DEPTH_STENCIL_VIEW_DESC& in) {
  D3D10_DEPTH_STENCIL_VIEW_DESC out{};
  out.Format = in.Format;
  out.ViewDimension = D3D10_DSV_DIMENSION(in.ViewDimension);
  copyUnion(&out, offsetof(D3D10_DEPTH_STENCIL_VIEW_DESC, Texture1D), in, offsetof(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture1D),
            sizeof(out) - offsetof(D3D10_DEPTH_STENCIL_VIEW_DESC, Texture1D));
  return out;
}

D3D11_BLEND_DESC toD3D11(const D3D10_BLEND_DESC& in) {
  D3D11_BLEND_DESC out{};
  out.AlphaToCoverageEnable = in.AlphaToCoverageEnable;
  for (UINT i = 0; i < 8; ++i) {
    D3D11_RENDER_TARGET_BLEND_DESC& target = out.RenderTarget[i];
    target.BlendEnable = in.BlendEnable[i];
    target.SrcBlend = D3D11_BLEND(in.SrcBlend);
    target.DestBlend = D3D11_BLEND(in.DestBlend);
    target.BlendOp = D3D11_BLEND_OP(in.BlendOp);
    target.SrcBlendAlpha = D3D11_BLEND(in.SrcBlendAlpha);
    target.DestBlendAlpha = D3D11_BLEND(in.DestBlendAlpha);
    target.BlendOpAlpha = D3D11_BLEND_OP(in.BlendOpAlpha);
    target.RenderTargetWriteMask = in.RenderTargetWriteMask[i];
    // Only the enable and the mask vary per target; independent blending is needed only when
    // they do, and leaving it off for identical targets keeps equal states one object.
    if (in.BlendEnable[i] != in.BlendEnable[0] || in.RenderTargetWriteMask[i] != in.RenderTargetWriteMask[0])
      out.IndependentBlendEnable = TRUE;
  }
  return out;
}

D3D11_BLEND_DESC toD3D11(const D3D10_BLEND_DESC1& in) {
  D3D11_BLEND_DESC out;
  static_assert(sizeof(out) == sizeof(in));
  std::memcpy(&out, &in, sizeof(out));
  return out;
}

D3D10_BLEND_DESC toD3D10(const D3D11_BLEND_DESC& in) {
  D3D10_BLEND_DESC out{};
  out.AlphaToCoverageEnable = in.AlphaToCoverageEnable;
  const D3D11_RENDER_TARGET_BLEND_DESC& first = in.RenderTarget[0];
  out.SrcBlend = D3D10_BLEND(first.SrcBlend);
  out.DestBlend = D3D10_BLEND(first.DestBlend);
  out.BlendOp = D3D10_BLEND_OP(first.BlendOp);
  out.SrcBlendAlpha = D3D10_BLEND(first.SrcBlendAlpha);
  out.DestBlendAlpha = D3D10_BLEND(first.DestBlendAlpha);
  out.BlendOpAlpha = D3D10_BLEND_OP(first.BlendOpAlpha);
  for (UINT i = 0; i < 8; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC& target = in.RenderTarget[in.IndependentBlendEnable ? i : 0];
    out.BlendEnable[i] = target.BlendEnable;
    out.RenderTargetWriteMask[i] = target.RenderTargetWriteMask;
  }
  return out;
}

D3D10_BLEND_DESC1 toD3D10_1(const D3D11_BLEND_DESC& in) {
  D3D10_BLEND_DESC1 out;
  std::memcpy(&out, &in, sizeof(out));
  return out;
}

D3D11_VIEWPORT toD3D11(const D3D10_VIEWPORT& in) {
  return {FLOAT(in.TopLeftX), FLOAT(in.TopLeftY), FLOAT(in.Width), FLOAT(in.Height), in.MinDepth, in.MaxDepth};
}

D3D10_VIEWPORT toD3D10(const D3D11_VIEWPORT& in) {
  return {INT(in.TopLeftX), INT(in.TopLeftY), UINT(std::max(0.0f, in.Width)), UINT(std::max(0.0f, in.Height)),
          in.MinDepth, in.MaxDepth};
}

StreamOutputDecl toD3D11(const D3D10_SO_DECLARATION_ENTRY* entries, UINT count, UINT stride) {
  StreamOutputDecl out;
  std::map<UINT, UINT> slotBytes;
  for (UINT i = 0; i < count; ++i) {
    const D3D10_SO_DECLARATION_ENTRY& entry = entries[i];
    out.entries.push_back({0, entry.SemanticName, entry.SemanticIndex, entry.StartComponent, entry.ComponentCount,
                           entry.OutputSlot});
    slotBytes[entry.OutputSlot] += UINT(entry.ComponentCount) * 4;
  }
  // Windows' D3D10 (Wine's d3d10core tests): when every entry goes to slot 0, OutputStreamStride
  // is that buffer's stride; once any entry goes past slot 0, each buffer's stride is the size of
  // its elements, and OutputStreamStride must be 0 (checkStreamOutputStride).
  if (slotBytes.empty() || slotBytes.rbegin()->first == 0) {
    out.strides.assign(1, stride);
  } else {
    out.strides.assign(slotBytes.rbegin()->first + 1, 0);
    for (const auto& [slot, bytes] : slotBytes)
      out.strides[slot] = bytes;
  }
  return out;
}

std::string checkStreamOutputStride(const D3D10_SO_DECLARATION_ENTRY* entries, UINT count, UINT stride) {
  if (count == 0)
    return stride ? "an OutputStreamStride of " + std::to_string(stride) + " without declaration entries" : "";
  UINT lastSlot = 0;
  for (UINT i = 0; i < count; ++i)
    lastSlot = std::max(lastSlot, UINT(entries[i].OutputSlot));
  if (lastSlot > 0 && stride)
    return "an OutputStreamStride of " + std::to_string(stride) +
           " with entries for output slots past 0 (their strides are their elements' sizes; it must be 0)";
  return "";
}

UINT formatSupportToD3D10(UINT support) {
  constexpr UINT kD3D10Bits = (D3D10_FORMAT_SUPPORT_BACK_BUFFER_CAST << 1) - 1;
  return support & kD3D10Bits;
}

}  // namespace d3d11vk::d3d10
