// View description validation: each view kind's dimensions mapped to a common shape, then the
// shared rules (resource dimension, sample count, cube flag, mip/array/element ranges, the typeless
// family of the format) and the kind-specific ones (raw, structured and counter buffer views,
// read-only depth-stencil flags, feature-level limits). The rules are Microsoft's documentation of
// the view descriptions and of ID3D11Device::Create*View.
#include "d3d11/d3d11_view_validation.h"

#include <algorithm>

#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/caps/resource_limits.h"
#include "d3d11/d3d11_enum_value.h"

namespace d3d11vk {

namespace {

using caps::FormatKind;

constexpr UINT kAll = UINT(-1);

enum class Kind { SRV, RTV, DSV, UAV };

bool isTypeless(const caps::FormatInfo& info) {
  return info.kind == FormatKind::ColorTypeless || info.kind == FormatKind::DepthTypeless ||
         info.kind == FormatKind::CompressedTypeless;
}

std::string shapeMismatch(const ViewedResource& resource, ViewShape shape) {
  D3D11_RESOURCE_DIMENSION wanted;
  switch (shape) {
    case ViewShape::Buffer: wanted = D3D11_RESOURCE_DIMENSION_BUFFER; break;
    case ViewShape::Tex1D:
    case ViewShape::Tex1DArray: wanted = D3D11_RESOURCE_DIMENSION_TEXTURE1D; break;
    case ViewShape::Tex3D: wanted = D3D11_RESOURCE_DIMENSION_TEXTURE3D; break;
    default: wanted = D3D11_RESOURCE_DIMENSION_TEXTURE2D; break;
  }
  if (wanted != resource.dimension)
    return "view dimension does not match the resource dimension";
  if (wanted != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
    return {};
  // Windows accepts a multisampled view dimension on a single-sampled texture (one sample, mip 0;
  // Wine's conformance tests check it for every view kind), not the reverse.
  bool multisampled = resource.texture.sampleDesc.Count > 1;
  bool msShape = shape == ViewShape::Tex2DMS || shape == ViewShape::Tex2DMSArray;
  if (multisampled && !msShape)
    return "a single-sampled view dimension on a multisampled texture";
  if ((shape == ViewShape::Cube || shape == ViewShape::CubeArray) && !(resource.texture.miscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE))
    return "a cube view of a texture created without D3D11_RESOURCE_MISC_TEXTURECUBE";
  return {};
}

// The view format against the resource's: UNKNOWN means the resource's format; a typed resource
// takes only its own format, a typeless one any typed member of its family.
std::string checkFormat(Kind kind, DXGI_FORMAT resourceFormat, DXGI_FORMAT* viewFormat) {
  if (*viewFormat == DXGI_FORMAT_UNKNOWN)
    *viewFormat = resourceFormat;
  const caps::FormatInfo* view = caps::formatInfo(*viewFormat);
  const caps::FormatInfo* res = caps::formatInfo(resourceFormat);
  if (!view || !res || view->kind == FormatKind::Unsupported)
    return "view format " + std::to_string(*viewFormat) + " is not supported";
  if (isTypeless(*view))
    return std::string("view format ") + view->name + " is typeless";
  if (isTypeless(*res) ? view->family != resourceFormat : view->dxgi != resourceFormat)
    return std::string("view format ") + view->name + " is not compatible with resource format " + res->name;
  switch (kind) {
    case Kind::SRV:
      if (view->kind == FormatKind::DepthStencil)
        return std::string("depth-stencil format ") + view->name + " in a shader-resource view";
      break;
    case Kind::RTV:
    case Kind::UAV:
      if (view->kind != FormatKind::Color)
        return std::string("format ") + view->name + (kind == Kind::RTV ? " cannot be a render target" : " cannot be an unordered-access view");
      break;
    case Kind::DSV:
      if (view->kind != FormatKind::DepthStencil)
        return std::string("format ") + view->name + " is not a depth-stencil format";
      break;
  }
  return {};
}

// A count of mips or slices where kAll (-1) means every one from first on, in whole groups of
// unit (6 for cube arrays). A first past the end leaves kAll as it is, for the range check to refuse.
UINT resolveCount(UINT first, UINT count, UINT total, UINT unit = 1) {
  if (count != kAll || first >= total)
    return count;
  return (total - first) / unit * unit;
}

// Where a view description keeps its counts, which may be kAll: GetDesc reports them resolved, so
// checkTextureRange writes the resolved counts back there once the range is valid.
struct DescCounts {
  UINT* mips = nullptr;
  UINT* layers = nullptr;
  UINT layersPerCount = 1;  // 6 where the description counts whole cubes (NumCubes)
};

// MostDetailedMip and MipLevels of a shader-resource view dimension.
template <typename Desc>
void readMipRange(Desc& dimension, ViewRange* range, DescCounts* counts) {
  range->firstMip = dimension.MostDetailedMip;
  range->mipCount = dimension.MipLevels;
  counts->mips = &dimension.MipLevels;
}

// FirstArraySlice and ArraySize of an array view dimension (every view kind names them alike).
template <typename Desc>
void readArrayRange(Desc& dimension, ViewRange* range, DescCounts* counts) {
  range->firstLayer = dimension.FirstArraySlice;
  range->layerCount = dimension.ArraySize;
  counts->layers = &dimension.ArraySize;
}

// FirstWSlice and WSize of a 3D render-target or unordered-access view: WSize kAll is every slice.
template <typename Desc>
void readDepthRange(Desc& dimension, ViewRange* range, DescCounts* counts) {
  range->firstLayer = dimension.FirstWSlice;
  range->layerCount = dimension.WSize;
  counts->layers = &dimension.WSize;
}

// Mip and array ranges of a texture view, kAll counts resolved; valid ranges' counts are written
// back into the description.
std::string checkTextureRange(const ViewedResource& resource, ViewRange* range, const DescCounts& counts) {
  const TextureDesc& tex = resource.texture;
  if (range->shape == ViewShape::Tex2DMS || range->shape == ViewShape::Tex2DMSArray) {
    range->firstMip = 0;
    range->mipCount = 1;
  }
  range->mipCount = resolveCount(range->firstMip, range->mipCount, tex.mipLevels);
  if (range->mipCount == 0 || range->firstMip >= tex.mipLevels || range->mipCount > tex.mipLevels - range->firstMip)
    return "mip range " + std::to_string(range->firstMip) + "+" + std::to_string(range->mipCount) +
           " is outside the resource's " + std::to_string(tex.mipLevels) + " levels";
  UINT layers = tex.arraySize;
  if (range->shape == ViewShape::Tex3D)
    layers = std::max(1u, tex.depth >> range->firstMip);  // depth slices of the viewed mip
  range->layerCount = resolveCount(range->firstLayer, range->layerCount, layers, range->shape == ViewShape::CubeArray ? 6 : 1);
  if (range->layerCount == 0 || range->firstLayer >= layers || range->layerCount > layers - range->firstLayer)
    return "array range " + std::to_string(range->firstLayer) + "+" + std::to_string(range->layerCount) +
           " is outside the resource's " + std::to_string(layers) + " slices";
  if (counts.mips)
    *counts.mips = range->mipCount;
  if (counts.layers)
    *counts.layers = range->layerCount / counts.layersPerCount;
  return {};
}

// The whole-resource shape a null description stands for.
ViewShape defaultShape(const ViewedResource& resource, bool cubes) {
  const TextureDesc& tex = resource.texture;
  switch (resource.dimension) {
    case D3D11_RESOURCE_DIMENSION_BUFFER: return ViewShape::Buffer;
    case D3D11_RESOURCE_DIMENSION_TEXTURE1D: return tex.arraySize > 1 ? ViewShape::Tex1DArray : ViewShape::Tex1D;
    case D3D11_RESOURCE_DIMENSION_TEXTURE3D: return ViewShape::Tex3D;
    default: break;
  }
  if (tex.sampleDesc.Count > 1)
    return tex.arraySize > 1 ? ViewShape::Tex2DMSArray : ViewShape::Tex2DMS;
  // A cube texture's ArraySize need only be 6 or more: the default view covers its whole cubes.
  if (cubes && (tex.miscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE))
    return tex.arraySize >= 12 ? ViewShape::CubeArray : ViewShape::Cube;
  return tex.arraySize > 1 ? ViewShape::Tex2DArray : ViewShape::Tex2D;
}

// Swapchain buffers above 0 of the sequential swap effects are read-only (DXGI_USAGE_READ_ONLY):
// D3D11 reports them with render-target binding but refuses views that would write them.
std::string checkBackBufferOutput(const TextureDesc& texture, const char* kind) {
  if ((texture.swapChainUsage & DXGI_USAGE_BACK_BUFFER) && (texture.swapChainUsage & DXGI_USAGE_READ_ONLY))
    return std::string("a read-only swapchain buffer (above buffer 0) takes no ") + kind + " view";
  return "";
}

// The format a render-target view's format is checked against: a swapchain buffer of
// R8G8B8A8_UNORM or B8G8R8A8_UNORM also renders through its _SRGB twin and back (D3D11 allows
// it for back buffers only, and only for render targets: shader-resource views keep the
// buffer's format).
DXGI_FORMAT renderTargetResourceFormat(const TextureDesc& texture, DXGI_FORMAT viewFormat) {
  if ((texture.swapChainUsage & DXGI_USAGE_BACK_BUFFER) && viewFormat != DXGI_FORMAT_UNKNOWN &&
      backBufferSrgbTwin(texture.format) == viewFormat)
    return viewFormat;
  return texture.format;
}

// A null description takes the resource's format, which must be typed.
std::string defaultFormat(const ViewedResource& resource, DXGI_FORMAT* format) {
  if (resource.dimension == D3D11_RESOURCE_DIMENSION_BUFFER) {
    if (!(resource.buffer.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED))
      return "a null description for a buffer that is not structured";
    *format = DXGI_FORMAT_UNKNOWN;
    return {};
  }
  const caps::FormatInfo* info = caps::formatInfo(resource.texture.format);
  if (!info || isTypeless(*info))
    return "a null description for a texture with a typeless format";
  *format = resource.texture.format;
  return {};
}

// Element ranges of a buffer view. raw: 4-byte R32_TYPELESS elements on a buffer allowing raw
// views; structured: the buffer's stride with format UNKNOWN; else typed elements of the format.
std::string checkBufferRange(Kind kind, const ViewedResource& resource, DXGI_FORMAT format, bool raw, UINT first,
                             UINT count, ViewRange* range) {
  const D3D11_BUFFER_DESC& buffer = resource.buffer;
  bool structured = buffer.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  UINT elementSize;
  if (raw) {
    if (format != DXGI_FORMAT_R32_TYPELESS)
      return "a raw buffer view needs DXGI_FORMAT_R32_TYPELESS";
    if (!(buffer.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
      return "a raw view of a buffer created without D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS";
    elementSize = 4;
  } else if (structured) {
    if (format != DXGI_FORMAT_UNKNOWN)
      return "a view of a structured buffer needs DXGI_FORMAT_UNKNOWN";
    elementSize = buffer.StructureByteStride;
  } else {
    const caps::FormatInfo* info = caps::formatInfo(format);
    if (format == DXGI_FORMAT_UNKNOWN || !info || info->kind != FormatKind::Color || (info->flags & caps::kFormatPacked422))
      return "buffer view format " + std::to_string(format) + " is not a typed color format";
    elementSize = info->bitsPerElement / 8;
    // Render-target views of buffers are rendered through an image (d3d11_view_buffer_target.cpp).
    range->typedBuffer = kind != Kind::RTV;
    range->bufferTarget = kind == Kind::RTV;
  }
  if (count == 0 || elementSize == 0 || UINT64(first) + count > buffer.ByteWidth / elementSize)
    return "element range " + std::to_string(first) + "+" + std::to_string(count) + " of " +
           std::to_string(elementSize) + "-byte elements is outside the buffer's " + std::to_string(buffer.ByteWidth) + " bytes";
  range->shape = ViewShape::Buffer;
  range->format = format;
  range->firstByte = UINT64(first) * elementSize;
  range->byteCount = UINT64(count) * elementSize;
  return {};
}

// A render-target view of a buffer is one row of NumElements texels: the format must be one the
// device renders to, and the row no wider than D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH (16384;
// D3D10's is 8192: the level's 2D texture width, which is the same number at 10_x and 11_x).
std::string checkBufferTarget(D3D_FEATURE_LEVEL level, const ViewedResource& resource, const D3D11_BUFFER_RTV& elements,
                              DXGI_FORMAT format) {
  const caps::FormatInfo* info = caps::formatInfo(format);
  if (format == DXGI_FORMAT_UNKNOWN || !info || info->kind != FormatKind::Color || (info->flags & caps::kFormatPacked422))
    return "buffer view format " + std::to_string(format) + " is not a typed color format";
  if (info->swizzle == caps::FormatSwizzle::AlphaFromRed)  // no BUFFER support: A8 renders only into textures
    return "A8_UNORM is not a buffer format";
  if (resource.profile && !(caps::queryFormatSupport(*resource.profile, level, format).support & D3D11_FORMAT_SUPPORT_RENDER_TARGET))
    return std::string("format ") + info->name + " cannot be a render target on this device";
  constexpr UINT kRenderToBufferWindowWidth = 16384;  // D3D11_REQ_RENDER_TO_BUFFER_WINDOW_WIDTH
  const UINT widest = std::min<UINT>(caps::resourceLimits(level).maxTexture2DSize, kRenderToBufferWindowWidth);
  if (elements.NumElements > widest)
    return "NumElements " + std::to_string(elements.NumElements) + " is over the render-to-buffer width " + std::to_string(widest);
  return {};
}

UINT structuredCount(const ViewedResource& resource) {
  UINT stride = resource.buffer.StructureByteStride;
  return stride ? resource.buffer.ByteWidth / stride : 0;
}

}  // namespace

std::string checkShaderResourceView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                    D3D11_SHADER_RESOURCE_VIEW_DESC1* desc, bool useDefault, ViewRange* range) {
  if (useDefault) {
    *desc = {};
    if (std::string problem = defaultFormat(resource, &desc->Format); !problem.empty())
      return problem;
    const TextureDesc& tex = resource.texture;
    switch (defaultShape(resource, true)) {
      case ViewShape::Buffer: desc->ViewDimension = D3D11_SRV_DIMENSION_BUFFER; desc->Buffer.NumElements = structuredCount(resource); break;
      case ViewShape::Tex1D: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1D; desc->Texture1D.MipLevels = tex.mipLevels; break;
      case ViewShape::Tex1DArray: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1DARRAY; desc->Texture1DArray = {0, tex.mipLevels, 0, tex.arraySize}; break;
      case ViewShape::Tex2D: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D; desc->Texture2D.MipLevels = tex.mipLevels; break;
      case ViewShape::Tex2DArray: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY; desc->Texture2DArray = {0, tex.mipLevels, 0, tex.arraySize, 0}; break;
      case ViewShape::Tex2DMS: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS; break;
      case ViewShape::Tex2DMSArray: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY; desc->Texture2DMSArray = {0, tex.arraySize}; break;
      case ViewShape::Tex3D: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURE3D; desc->Texture3D.MipLevels = tex.mipLevels; break;
      case ViewShape::Cube: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE; desc->TextureCube.MipLevels = tex.mipLevels; break;
      case ViewShape::CubeArray: desc->ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY; desc->TextureCubeArray = {0, tex.mipLevels, 0, tex.arraySize / 6}; break;
    }
  }
  if (enumValue(desc->ViewDimension) == D3D11_SRV_DIMENSION_BUFFER || enumValue(desc->ViewDimension) == D3D11_SRV_DIMENSION_BUFFEREX) {
    if (std::string problem = shapeMismatch(resource, ViewShape::Buffer); !problem.empty())
      return problem;
    bool raw = false;
    UINT first = desc->Buffer.FirstElement, count = desc->Buffer.NumElements;
    if (enumValue(desc->ViewDimension) == D3D11_SRV_DIMENSION_BUFFEREX) {
      if (desc->BufferEx.Flags & ~UINT(D3D11_BUFFEREX_SRV_FLAG_RAW))
        return "unknown D3D11_BUFFEREX_SRV_FLAG bits";
      raw = desc->BufferEx.Flags & D3D11_BUFFEREX_SRV_FLAG_RAW;
      // Below 11_0 raw views come with the 4_x compute option (buffers allowing them are created
      // only where CheckFeatureSupport reports it); shaders of every stage read them as at 11_0.
      first = desc->BufferEx.FirstElement;
      count = desc->BufferEx.NumElements;
    }
    return checkBufferRange(Kind::SRV, resource, desc->Format, raw, first, count, range);
  }
  ViewRange& r = *range;
  DescCounts counts;
  switch (enumValue(desc->ViewDimension)) {
    case D3D11_SRV_DIMENSION_TEXTURE1D: r.shape = ViewShape::Tex1D; readMipRange(desc->Texture1D, range, &counts); break;
    case D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
      r.shape = ViewShape::Tex1DArray; readMipRange(desc->Texture1DArray, range, &counts);
      readArrayRange(desc->Texture1DArray, range, &counts); break;
    case D3D11_SRV_DIMENSION_TEXTURE2D:
      r.shape = ViewShape::Tex2D; readMipRange(desc->Texture2D, range, &counts);
      if (desc->Texture2D.PlaneSlice != 0)
        return "PlaneSlice must be 0 for a format with one plane";
      break;
    case D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
      r.shape = ViewShape::Tex2DArray; readMipRange(desc->Texture2DArray, range, &counts);
      readArrayRange(desc->Texture2DArray, range, &counts);
      if (desc->Texture2DArray.PlaneSlice != 0)
        return "PlaneSlice must be 0 for a format with one plane";
      break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMS: r.shape = ViewShape::Tex2DMS; break;
    case D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY: r.shape = ViewShape::Tex2DMSArray; readArrayRange(desc->Texture2DMSArray, range, &counts); break;
    case D3D11_SRV_DIMENSION_TEXTURE3D: r.shape = ViewShape::Tex3D; readMipRange(desc->Texture3D, range, &counts); break;
    case D3D11_SRV_DIMENSION_TEXTURECUBE: r.shape = ViewShape::Cube; readMipRange(desc->TextureCube, range, &counts); r.layerCount = 6; break;
    case D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
      if (level < D3D_FEATURE_LEVEL_10_1)
        return "cube-array views need feature level 10_1";
      r.shape = ViewShape::CubeArray; readMipRange(desc->TextureCubeArray, range, &counts);
      r.firstLayer = desc->TextureCubeArray.First2DArrayFace;
      counts.layers = &desc->TextureCubeArray.NumCubes;
      counts.layersPerCount = 6;
      if (desc->TextureCubeArray.NumCubes == kAll)  // every whole cube from First2DArrayFace on
        r.layerCount = kAll;
      else if (desc->TextureCubeArray.NumCubes == 0 || desc->TextureCubeArray.NumCubes > 0xffffffffu / 6)
        return "NumCubes " + std::to_string(desc->TextureCubeArray.NumCubes) + " is out of range";
      else
        r.layerCount = desc->TextureCubeArray.NumCubes * 6;
      break;
    default: return "unknown ViewDimension " + std::to_string(enumValue(desc->ViewDimension));
  }
  if (std::string problem = shapeMismatch(resource, r.shape); !problem.empty())
    return problem;
  if (std::string problem = checkFormat(Kind::SRV, resource.texture.format, &desc->Format); !problem.empty())
    return problem;
  r.format = desc->Format;
  const caps::FormatInfo* info = caps::formatInfo(r.format);
  r.stencilOnly = info->kind == FormatKind::StencilView;
  return checkTextureRange(resource, range, counts);
}

std::string checkRenderTargetView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                  D3D11_RENDER_TARGET_VIEW_DESC1* desc, bool useDefault, ViewRange* range) {
  if (useDefault) {
    *desc = {};
    if (resource.dimension == D3D11_RESOURCE_DIMENSION_BUFFER)
      return "a null description for a buffer render-target view";
    if (std::string problem = defaultFormat(resource, &desc->Format); !problem.empty())
      return problem;
    const TextureDesc& tex = resource.texture;
    switch (defaultShape(resource, false)) {
      case ViewShape::Tex1D: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1D; break;
      case ViewShape::Tex1DArray: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE1DARRAY; desc->Texture1DArray = {0, 0, tex.arraySize}; break;
      case ViewShape::Tex2DMS: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS; break;
      case ViewShape::Tex2DMSArray: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY; desc->Texture2DMSArray = {0, tex.arraySize}; break;
      case ViewShape::Tex3D: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D; desc->Texture3D = {0, 0, tex.depth}; break;
      case ViewShape::Tex2DArray: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY; desc->Texture2DArray = {0, 0, tex.arraySize, 0}; break;
      default: desc->ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D; break;
    }
  }
  ViewRange& r = *range;
  DescCounts counts;
  switch (enumValue(desc->ViewDimension)) {
    case D3D11_RTV_DIMENSION_BUFFER:
      if (std::string problem = shapeMismatch(resource, ViewShape::Buffer); !problem.empty())
        return problem;
      if (std::string problem = checkBufferTarget(level, resource, desc->Buffer, desc->Format); !problem.empty())
        return problem;
      return checkBufferRange(Kind::RTV, resource, desc->Format, false, desc->Buffer.FirstElement, desc->Buffer.NumElements, range);
    case D3D11_RTV_DIMENSION_TEXTURE1D: r.shape = ViewShape::Tex1D; r.firstMip = desc->Texture1D.MipSlice; break;
    case D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
      r.shape = ViewShape::Tex1DArray; r.firstMip = desc->Texture1DArray.MipSlice; readArrayRange(desc->Texture1DArray, range, &counts); break;
    case D3D11_RTV_DIMENSION_TEXTURE2D:
      r.shape = ViewShape::Tex2D; r.firstMip = desc->Texture2D.MipSlice;
      if (desc->Texture2D.PlaneSlice != 0)
        return "PlaneSlice must be 0 for a format with one plane";
      break;
    case D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
      r.shape = ViewShape::Tex2DArray; r.firstMip = desc->Texture2DArray.MipSlice; readArrayRange(desc->Texture2DArray, range, &counts);
      if (desc->Texture2DArray.PlaneSlice != 0)
        return "PlaneSlice must be 0 for a format with one plane";
      break;
    case D3D11_RTV_DIMENSION_TEXTURE2DMS: r.shape = ViewShape::Tex2DMS; break;
    case D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY: r.shape = ViewShape::Tex2DMSArray; readArrayRange(desc->Texture2DMSArray, range, &counts); break;
    case D3D11_RTV_DIMENSION_TEXTURE3D: r.shape = ViewShape::Tex3D; r.firstMip = desc->Texture3D.MipSlice; readDepthRange(desc->Texture3D, range, &counts); break;
    default: return "unknown ViewDimension " + std::to_string(enumValue(desc->ViewDimension));
  }
  if (std::string problem = shapeMismatch(resource, r.shape); !problem.empty())
    return problem;
  if (std::string problem = checkBackBufferOutput(resource.texture, "render-target"); !problem.empty())
    return problem;
  if (std::string problem = checkFormat(Kind::RTV, renderTargetResourceFormat(resource.texture, desc->Format), &desc->Format);
      !problem.empty())
    return problem;
  r.format = desc->Format;
  return checkTextureRange(resource, range, counts);
}

std::string checkDepthStencilView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                  D3D11_DEPTH_STENCIL_VIEW_DESC* desc, bool useDefault, ViewRange* range) {
  if (useDefault) {
    *desc = {};
    if (resource.dimension == D3D11_RESOURCE_DIMENSION_BUFFER || resource.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
      return "depth-stencil views exist only for 1D and 2D textures";
    if (std::string problem = defaultFormat(resource, &desc->Format); !problem.empty())
      return problem;
    const TextureDesc& tex = resource.texture;
    switch (defaultShape(resource, false)) {
      case ViewShape::Tex1D: desc->ViewDimension = D3D11_DSV_DIMENSION_TEXTURE1D; break;
      case ViewShape::Tex1DArray: desc->ViewDimension = D3D11_DSV_DIMENSION_TEXTURE1DARRAY; desc->Texture1DArray = {0, 0, tex.arraySize}; break;
      case ViewShape::Tex2DMS: desc->ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMS; break;
      case ViewShape::Tex2DMSArray: desc->ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY; desc->Texture2DMSArray = {0, tex.arraySize}; break;
      case ViewShape::Tex2DArray: desc->ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY; desc->Texture2DArray = {0, 0, tex.arraySize}; break;
      default: desc->ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D; break;
    }
  }
  if (desc->Flags & ~UINT(D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL))
    return "unknown D3D11_DSV_FLAG bits";
  if (desc->Flags && level < D3D_FEATURE_LEVEL_11_0)
    return "read-only depth-stencil views need feature level 11_0";
  ViewRange& r = *range;
  DescCounts counts;
  switch (enumValue(desc->ViewDimension)) {
    case D3D11_DSV_DIMENSION_TEXTURE1D: r.shape = ViewShape::Tex1D; r.firstMip = desc->Texture1D.MipSlice; break;
    case D3D11_DSV_DIMENSION_TEXTURE1DARRAY:
      r.shape = ViewShape::Tex1DArray; r.firstMip = desc->Texture1DArray.MipSlice; readArrayRange(desc->Texture1DArray, range, &counts); break;
    case D3D11_DSV_DIMENSION_TEXTURE2D: r.shape = ViewShape::Tex2D; r.firstMip = desc->Texture2D.MipSlice; break;
    case D3D11_DSV_DIMENSION_TEXTURE2DARRAY:
      r.shape = ViewShape::Tex2DArray; r.firstMip = desc->Texture2DArray.MipSlice; readArrayRange(desc->Texture2DArray, range, &counts); break;
    case D3D11_DSV_DIMENSION_TEXTURE2DMS: r.shape = ViewShape::Tex2DMS; break;
    case D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY: r.shape = ViewShape::Tex2DMSArray; readArrayRange(desc->Texture2DMSArray, range, &counts); break;
    default: return "unknown ViewDimension " + std::to_string(enumValue(desc->ViewDimension));
  }
  if (std::string problem = shapeMismatch(resource, r.shape); !problem.empty())
    return problem;
  if (std::string problem = checkFormat(Kind::DSV, resource.texture.format, &desc->Format); !problem.empty())
    return problem;
  if ((desc->Flags & D3D11_DSV_READ_ONLY_STENCIL) &&
      !(desc->Format == DXGI_FORMAT_D24_UNORM_S8_UINT || desc->Format == DXGI_FORMAT_D32_FLOAT_S8X24_UINT))
    return "D3D11_DSV_READ_ONLY_STENCIL on a format without stencil";
  r.format = desc->Format;
  return checkTextureRange(resource, range, counts);
}

std::string checkUnorderedAccessView(D3D_FEATURE_LEVEL level, const ViewedResource& resource,
                                     D3D11_UNORDERED_ACCESS_VIEW_DESC1* desc, bool useDefault, ViewRange* range) {
  if (useDefault) {
    *desc = {};
    if (std::string problem = defaultFormat(resource, &desc->Format); !problem.empty())
      return problem;
    const TextureDesc& tex = resource.texture;
    switch (defaultShape(resource, false)) {
      case ViewShape::Buffer: desc->ViewDimension = D3D11_UAV_DIMENSION_BUFFER; desc->Buffer.NumElements = structuredCount(resource); break;
      case ViewShape::Tex1D: desc->ViewDimension = D3D11_UAV_DIMENSION_TEXTURE1D; break;
      case ViewShape::Tex1DArray: desc->ViewDimension = D3D11_UAV_DIMENSION_TEXTURE1DARRAY; desc->Texture1DArray = {0, 0, tex.arraySize}; break;
      case ViewShape::Tex3D: desc->ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D; desc->Texture3D = {0, 0, tex.depth}; break;
      case ViewShape::Tex2DArray: desc->ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2DARRAY; desc->Texture2DArray = {0, 0, tex.arraySize, 0}; break;
      case ViewShape::Tex2D: desc->ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D; break;
      default: return "no unordered-access view of a multisampled texture";
    }
  }
  ViewRange& r = *range;
  DescCounts counts;
  if (enumValue(desc->ViewDimension) == D3D11_UAV_DIMENSION_BUFFER) {
    if (std::string problem = shapeMismatch(resource, ViewShape::Buffer); !problem.empty())
      return problem;
    UINT flags = desc->Buffer.Flags;
    if (flags & ~UINT(D3D11_BUFFER_UAV_FLAG_RAW | D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER))
      return "unknown D3D11_BUFFER_UAV_FLAG bits";
    bool raw = flags & D3D11_BUFFER_UAV_FLAG_RAW;
    bool counter = flags & (D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER);
    if ((flags & D3D11_BUFFER_UAV_FLAG_APPEND) && (flags & D3D11_BUFFER_UAV_FLAG_COUNTER))
      return "D3D11_BUFFER_UAV_FLAG_APPEND and _COUNTER together";
    if (counter && (raw || !(resource.buffer.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED)))
      return "append and counter views need a structured buffer";
    bool structured = resource.buffer.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
    if (level < D3D_FEATURE_LEVEL_11_0 && !raw && !structured)
      return "typed buffer unordered-access views need feature level 11_0";
    if (level < D3D_FEATURE_LEVEL_11_0 && counter)
      return "not implemented: append and counter views below feature level 11_0";
    return checkBufferRange(Kind::UAV, resource, desc->Format, raw, desc->Buffer.FirstElement, desc->Buffer.NumElements, range);
  }
  if (level < D3D_FEATURE_LEVEL_11_0)
    return "unordered-access views of textures need feature level 11_0";
  switch (enumValue(desc->ViewDimension)) {
    case D3D11_UAV_DIMENSION_TEXTURE1D: r.shape = ViewShape::Tex1D; r.firstMip = desc->Texture1D.MipSlice; break;
    case D3D11_UAV_DIMENSION_TEXTURE1DARRAY:
      r.shape = ViewShape::Tex1DArray; r.firstMip = desc->Texture1DArray.MipSlice; readArrayRange(desc->Texture1DArray, range, &counts); break;
    case D3D11_UAV_DIMENSION_TEXTURE2D:
      r.shape = ViewShape::Tex2D; r.firstMip = desc->Texture2D.MipSlice;
      if (desc->Texture2D.PlaneSlice != 0)
        return "PlaneSlice must be 0 for a format with one plane";
      break;
    case D3D11_UAV_DIMENSION_TEXTURE2DARRAY:
      r.shape = ViewShape::Tex2DArray; r.firstMip = desc->Texture2DArray.MipSlice; readArrayRange(desc->Texture2DArray, range, &counts);
      if (desc->Texture2DArray.PlaneSlice != 0)
        return "PlaneSlice must be 0 for a format with one plane";
      break;
    case D3D11_UAV_DIMENSION_TEXTURE3D: r.shape = ViewShape::Tex3D; r.firstMip = desc->Texture3D.MipSlice; readDepthRange(desc->Texture3D, range, &counts); break;
    default: return "unknown ViewDimension " + std::to_string(enumValue(desc->ViewDimension));
  }
  if (std::string problem = shapeMismatch(resource, r.shape); !problem.empty())
    return problem;
  if (std::string problem = checkBackBufferOutput(resource.texture, "unordered-access"); !problem.empty())
    return problem;
  if (std::string problem = checkFormat(Kind::UAV, resource.texture.format, &desc->Format); !problem.empty())
    return problem;
  r.format = desc->Format;
  // The texture may carry the bind flag for a format whose family has a UAV member (Windows
  // creates an R8G8B8A8_UNORM_SRGB texture with UNORDERED_ACCESS); the view format itself must
  // support typed UAVs.
  if (resource.profile &&
      !(caps::queryFormatSupport(*resource.profile, level, r.format).support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW))
    return std::string("format ") + caps::formatInfo(r.format)->name + " cannot be a typed unordered-access view on this device";
  return checkTextureRange(resource, range, counts);
}

}  // namespace d3d11vk
