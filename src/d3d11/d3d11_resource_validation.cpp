// Buffer and texture description rules (docs/resources.md).
#include "d3d11/d3d11_resource_validation.h"

#include <algorithm>
#include <bit>

#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/caps/resource_limits.h"
#include "d3d11/caps/tile_shapes.h"
#include "d3d11/d3d11_state_validation.h"
#include "vk/image.h"

#include <cstdio>

namespace d3d11vk {

namespace {

constexpr UINT kKnownBind = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET |
                            D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_DECODER |
                            D3D11_BIND_VIDEO_ENCODER;
constexpr UINT kBufferBind = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                             D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET |
                             D3D11_BIND_UNORDERED_ACCESS;
constexpr UINT kTextureBind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL |
                              D3D11_BIND_UNORDERED_ACCESS;
constexpr UINT kCpuAccess = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
// Valid misc flags d3d11vk does not implement: restricted sharing, protection.
constexpr UINT kUnimplementedMisc = D3D11_RESOURCE_MISC_RESTRICTED_CONTENT |
                                    D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE |
                                    D3D11_RESOURCE_MISC_RESTRICT_SHARED_RESOURCE_DRIVER |
                                    D3D11_RESOURCE_MISC_GUARDED | D3D11_RESOURCE_MISC_HW_PROTECTED;
// Tiled resources (the tiled-resource and tile-pool creation parameters pages).
constexpr UINT kTiledBufferMisc = D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS |
                                  D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS | D3D11_RESOURCE_MISC_BUFFER_STRUCTURED |
                                  D3D11_RESOURCE_MISC_RESOURCE_CLAMP;
constexpr UINT kTiledTextureMisc = D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_TEXTURECUBE |
                                   D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_RESOURCE_CLAMP;
constexpr UINT kTiledBufferBind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS;
// Sharing within one process (docs/resources.md, "Shared resources"): buffers and textures alike.
constexpr UINT kSharingMisc = D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX |
                              D3D11_RESOURCE_MISC_SHARED_NTHANDLE;
constexpr UINT kBufferMisc = kSharingMisc | D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
                             D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_RESOURCE_CLAMP;
constexpr UINT kTextureMisc = kSharingMisc | D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_TEXTURECUBE |
                              D3D11_RESOURCE_MISC_RESOURCE_CLAMP | D3D11_RESOURCE_MISC_GDI_COMPATIBLE;

// D3D11_RESOURCE_MISC_FLAG's rules for the sharing flags: SHARED and SHARED_KEYEDMUTEX are
// mutually exclusive, and SHARED_NTHANDLE only changes the kind of handle, so it needs one of them.
const char* checkSharing(UINT misc) {
  if ((misc & D3D11_RESOURCE_MISC_SHARED) && (misc & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX))
    return "MiscFlags SHARED and SHARED_KEYEDMUTEX together";
  if ((misc & D3D11_RESOURCE_MISC_SHARED_NTHANDLE) &&
      !(misc & (D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)))
    return "MiscFlags SHARED_NTHANDLE without SHARED or SHARED_KEYEDMUTEX";
  return nullptr;
}

std::string hex(UINT value) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%x", value);
  return text;
}

// The usage / CPU-access / bind rules shared by buffers and textures (D3D11_USAGE remarks).
std::string checkUsage(UINT usage, UINT cpu, UINT bind, const D3D11_SUBRESOURCE_DATA* initialData) {
  if (cpu & ~kCpuAccess)
    return "unknown CPUAccessFlags " + hex(cpu);
  switch (usage) {
    case D3D11_USAGE_DEFAULT:
      if (cpu)
        return "DEFAULT usage with CPU access (only buffers bound just as SRV/UAV, from 11_0: MapOnDefaultBuffers)";
      break;
    case D3D11_USAGE_IMMUTABLE:
      if (!initialData)
        return "IMMUTABLE usage without initial data";
      if (cpu)
        return "IMMUTABLE usage with CPU access";
      // A resource only the GPU reads needs a way to be read: Windows refuses it without bind flags.
      if (!bind)
        return "IMMUTABLE usage without bind flags";
      if (bind & (D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL))
        return "IMMUTABLE usage with a GPU-writable bind flag";
      break;
    case D3D11_USAGE_DYNAMIC:
      if (cpu != D3D11_CPU_ACCESS_WRITE)
        return "DYNAMIC usage needs CPUAccessFlags exactly WRITE";
      if (!bind)  // as Windows: a CPU-written resource the GPU cannot bind is a staging resource
        return "DYNAMIC usage without bind flags";
      if (bind & (D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL))
        return "DYNAMIC usage with a GPU-writable bind flag";
      break;
    case D3D11_USAGE_STAGING:
      if (bind)
        return "STAGING usage with bind flags";
      if (!cpu)
        return "STAGING usage without CPU access";
      break;
    default:
      return "unknown Usage " + std::to_string(usage);
  }
  return {};
}

// The union of the support bits of a typeless family's typed members.
UINT familySupport(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, DXGI_FORMAT family) {
  UINT bits = 0;
  for (const caps::FormatInfo& member : caps::allFormats())
    if (member.family == family && member.dxgi != family)
      bits |= caps::queryFormatSupport(profile, level, member.dxgi).support;
  return bits;
}

}  // namespace

TextureDesc textureDesc(const D3D11_TEXTURE1D_DESC& desc) {
  TextureDesc t;
  t.dimension = D3D11_RESOURCE_DIMENSION_TEXTURE1D;
  t.width = desc.Width;
  t.mipLevels = desc.MipLevels;
  t.arraySize = desc.ArraySize;
  t.format = desc.Format;
  t.usage = enumValue(desc.Usage);
  t.bindFlags = desc.BindFlags;
  t.cpuAccessFlags = desc.CPUAccessFlags;
  t.miscFlags = desc.MiscFlags;
  return t;
}

DXGI_FORMAT backBufferSrgbTwin(DXGI_FORMAT format) {
  switch (format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM: return DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB: return DXGI_FORMAT_R8G8B8A8_UNORM;
    case DXGI_FORMAT_B8G8R8A8_UNORM: return DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB: return DXGI_FORMAT_B8G8R8A8_UNORM;
    default: return DXGI_FORMAT_UNKNOWN;
  }
}

TextureDesc textureDesc(const D3D11_TEXTURE2D_DESC1& desc) {
  TextureDesc t;
  t.dimension = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
  t.width = desc.Width;
  t.height = desc.Height;
  t.mipLevels = desc.MipLevels;
  t.arraySize = desc.ArraySize;
  t.format = desc.Format;
  t.sampleDesc = desc.SampleDesc;
  t.usage = enumValue(desc.Usage);
  t.bindFlags = desc.BindFlags;
  t.cpuAccessFlags = desc.CPUAccessFlags;
  t.miscFlags = desc.MiscFlags;
  t.textureLayout = enumValue(desc.TextureLayout);
  return t;
}

TextureDesc textureDesc(const D3D11_TEXTURE3D_DESC1& desc) {
  TextureDesc t;
  t.dimension = D3D11_RESOURCE_DIMENSION_TEXTURE3D;
  t.width = desc.Width;
  t.height = desc.Height;
  t.depth = desc.Depth;
  t.mipLevels = desc.MipLevels;
  t.format = desc.Format;
  t.usage = enumValue(desc.Usage);
  t.bindFlags = desc.BindFlags;
  t.cpuAccessFlags = desc.CPUAccessFlags;
  t.miscFlags = desc.MiscFlags;
  t.textureLayout = enumValue(desc.TextureLayout);
  return t;
}

UINT fullMipCount(UINT width, UINT height, UINT depth) {
  UINT largest = std::max({width, height, depth, 1u});
  return UINT(std::bit_width(largest));
}

namespace {

std::string checkTilePoolDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& desc,
                              const D3D11_SUBRESOURCE_DATA* initialData, uint64_t maxResourceBytes) {
  if (caps::tiledResourcesTier(profile, level) == D3D11_TILED_RESOURCES_NOT_SUPPORTED)
    return "MiscFlags TILE_POOL: this device reports no tiled resources tier";
  if (desc.MiscFlags & kSharingMisc)
    return "not implemented: shared tile pools";
  if (desc.MiscFlags != D3D11_RESOURCE_MISC_TILE_POOL)
    return "MiscFlags " + hex(desc.MiscFlags) + ": a tile pool takes no other flag than the sharing ones";
  if (enumValue(desc.Usage) != D3D11_USAGE_DEFAULT || desc.BindFlags || desc.CPUAccessFlags)
    return "a tile pool must be DEFAULT usage with no bind and no CPU access flags";
  if (initialData)
    return "a tile pool takes no initial data";
  if (desc.ByteWidth % D3D11_2_TILED_RESOURCE_TILE_SIZE_IN_BYTES)
    return "a tile pool's ByteWidth " + std::to_string(desc.ByteWidth) + " is not a multiple of 64 KiB";
  if (desc.ByteWidth > maxResourceBytes)
    return "ByteWidth " + std::to_string(desc.ByteWidth) + " is over the resource size limit";
  return {};
}

std::string checkTiledBufferDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& desc,
                                 const D3D11_SUBRESOURCE_DATA* initialData) {
  if (caps::tiledResourcesTier(profile, level) == D3D11_TILED_RESOURCES_NOT_SUPPORTED)
    return "MiscFlags TILED: this device reports no tiled resources tier";
  if (desc.MiscFlags & ~kTiledBufferMisc)
    return "MiscFlags " + hex(desc.MiscFlags) + " include a flag tiled buffers cannot have";
  if (enumValue(desc.Usage) != D3D11_USAGE_DEFAULT || desc.CPUAccessFlags)
    return "a tiled buffer must be DEFAULT usage with no CPU access";
  if (initialData)
    return "a tiled buffer takes no initial data (it starts with no memory)";
  if (desc.BindFlags & ~kTiledBufferBind)
    return "BindFlags " + hex(desc.BindFlags) + ": a tiled buffer cannot be a vertex, index, constant or stream-output buffer";
  return {};
}

std::string checkTiledTextureDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, const TextureDesc& d,
                                  const D3D11_SUBRESOURCE_DATA* initialData) {
  const D3D11_TILED_RESOURCES_TIER tier = caps::tiledResourcesTier(profile, level);
  if (tier == D3D11_TILED_RESOURCES_NOT_SUPPORTED)
    return "MiscFlags TILED: this device reports no tiled resources tier";
  if (d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D)
    return "MiscFlags TILED on a Texture1D (never tiled)";
  if (d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
    return tier < D3D11_TILED_RESOURCES_TIER_3 ? "MiscFlags TILED on a Texture3D needs tiled resources tier 3"
                                               : "not implemented: tiled Texture3D";
  if (d.miscFlags & ~kTiledTextureMisc)
    return "MiscFlags " + hex(d.miscFlags) + " include a flag tiled textures cannot have";
  if (d.usage != D3D11_USAGE_DEFAULT || d.cpuAccessFlags)
    return "a tiled texture must be DEFAULT usage with no CPU access";
  if (initialData)
    return "a tiled texture takes no initial data (it starts with no memory)";
  const caps::FormatInfo* info = caps::formatInfo(d.format);
  if (!caps::tileableFormat(d.format))
    return "Format " + std::string(info ? info->name : "?") + " cannot be tiled (96-bit, video, 4:2:2, R1 or stencil formats)";
  if ((d.bindFlags & D3D11_BIND_DEPTH_STENCIL) || (info && (info->kind == caps::FormatKind::DepthStencil ||
                                                           info->kind == caps::FormatKind::DepthTypeless)))
    return "not implemented: tiled depth textures";
  if (d.sampleDesc.Count != 1 && d.sampleDesc.Count != 4)
    return "a tiled texture has 1 or 4 samples, not " + std::to_string(d.sampleDesc.Count);
  if (d.sampleDesc.Count == 4) {
    if (info && info->bitsPerElement == 128)
      return "a multisampled tiled texture cannot have a 128-bit format";
    if (!profile.features.core.features.sparseResidency4Samples)
      return "4x multisampled tiled textures need Vulkan sparseResidency4Samples, which this device lacks";
  }
  // Tiers 1 and 2: a mip that is not a whole number of standard tiles (tier 1), or smaller than
  // one (tier 2), is packed, and packed mips allow no array.
  const caps::StandardTileShape shape = caps::standardTileShape(d.format, d.dimension, d.sampleDesc.Count);
  if (d.arraySize > 1 && tier <= D3D11_TILED_RESOURCES_TIER_2) {
    for (UINT mip = 0; mip < d.mipLevels; mip++) {
      const UINT w = std::max(1u, d.width >> mip), h = std::max(1u, d.height >> mip);
      const bool packed = tier == D3D11_TILED_RESOURCES_TIER_1 ? (w % shape.width || h % shape.height)
                                                               : (w < shape.width || h < shape.height);
      if (packed)
        return "ArraySize " + std::to_string(d.arraySize) + " with mip " + std::to_string(mip) +
               " smaller than or not a multiple of the standard tile: packed mips allow no arrays at this tier";
    }
  }
  return {};
}

}  // namespace

std::string checkBufferDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& desc,
                            const D3D11_SUBRESOURCE_DATA* initialData, uint64_t maxResourceBytes) {
  if (desc.MiscFlags & D3D11_RESOURCE_MISC_TILE_POOL)  // ByteWidth 0 is a valid pool (ResizeTilePool grows it)
    return checkTilePoolDesc(profile, level, desc, initialData, maxResourceBytes);
  const caps::ResourceLimits& limits = caps::resourceLimits(level);
  UINT usage = enumValue(desc.Usage);
  if (desc.ByteWidth == 0)
    return "ByteWidth 0";
  if (desc.ByteWidth > maxResourceBytes)
    return "ByteWidth " + std::to_string(desc.ByteWidth) + " is over the " + std::to_string(maxResourceBytes) +
           "-byte resource size limit (from the adapter's dedicated video memory)";
  if (desc.BindFlags & ~kKnownBind)
    return "unknown BindFlags " + hex(desc.BindFlags);
  if (desc.BindFlags & ~kBufferBind)
    return "BindFlags " + hex(desc.BindFlags) + " include a flag buffers cannot have (depth-stencil, decoder, encoder)";
  // MapOnDefaultBuffers (D3D11_OPTIONS1, reported from 11_0): a DEFAULT buffer bound only as a
  // shader resource and/or UAV may have CPU access; Windows refuses it for the other bind flags.
  const UINT mappableDefaultBind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS;
  const bool mappableDefault = usage == D3D11_USAGE_DEFAULT && desc.CPUAccessFlags && !(desc.CPUAccessFlags & ~kCpuAccess) &&
                               level >= D3D_FEATURE_LEVEL_11_0 && desc.BindFlags && !(desc.BindFlags & ~mappableDefaultBind);
  if (std::string problem = checkUsage(usage, mappableDefault ? 0 : desc.CPUAccessFlags, desc.BindFlags, initialData);
      !problem.empty())
    return problem;
  if (initialData && !initialData->pSysMem)
    return "initial data with a null pSysMem";

  if (const char* problem = checkSharing(desc.MiscFlags))
    return problem;
  if (desc.MiscFlags & kUnimplementedMisc)
    return "not implemented: MiscFlags " + hex(desc.MiscFlags & kUnimplementedMisc) + " (restricted-shared, tiled or protected resources)";
  if (desc.MiscFlags & D3D11_RESOURCE_MISC_TILED) {
    if (std::string problem = checkTiledBufferDesc(profile, level, desc, initialData); !problem.empty())
      return problem;
  } else if (desc.MiscFlags & ~kBufferMisc) {
    return "MiscFlags " + hex(desc.MiscFlags) + " include a flag buffers cannot have";
  }

  if (desc.BindFlags & D3D11_BIND_CONSTANT_BUFFER) {
    if (desc.ByteWidth % 16)
      return "a constant buffer's ByteWidth must be a multiple of 16";
    // 11.1 lets constant buffers be larger, bound 4096 constants at a time (VSSetConstantBuffers1).
    if (level < D3D_FEATURE_LEVEL_11_1 && desc.ByteWidth > D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16)
      return "a constant buffer is larger than 65536 bytes below feature level 11_1";
    if (desc.BindFlags != D3D11_BIND_CONSTANT_BUFFER)
      return "CONSTANT_BUFFER cannot be combined with other bind flags";
  }
  if ((desc.BindFlags & D3D11_BIND_UNORDERED_ACCESS) && limits.uavSlots == 0)
    return "UNORDERED_ACCESS needs feature level 10_0 or higher";
  if ((desc.BindFlags & D3D11_BIND_SHADER_RESOURCE) && level < D3D_FEATURE_LEVEL_10_0)
    return "buffer shader resources need feature level 10_0 or higher";
  if ((desc.BindFlags & D3D11_BIND_STREAM_OUTPUT) && !limits.geometryShaders)
    return "STREAM_OUTPUT needs feature level 10_0 or higher";

  bool raw = desc.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS;
  bool structured = desc.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  if ((raw || structured || (desc.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)) && !limits.computeShaders)
    return "raw, structured and draw-indirect buffers need feature level 10_0 or higher";
  if (raw && structured)
    return "BUFFER_ALLOW_RAW_VIEWS and BUFFER_STRUCTURED together";
  if (raw && (desc.BindFlags & D3D11_BIND_CONSTANT_BUFFER))
    return "a raw buffer cannot be a constant buffer";
  // Raw views are shader-resource or unordered-access views: Windows refuses the flag on a buffer
  // that can be neither (Wine's test_create_buffer: vertex, index, stream-output, render-target or
  // no binding with ALLOW_RAW_VIEWS alone is E_INVALIDARG).
  if (raw && !(desc.BindFlags & (D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS)))
    return "BUFFER_ALLOW_RAW_VIEWS without SHADER_RESOURCE or UNORDERED_ACCESS binding";
  if (raw && (desc.ByteWidth % 4))
    return "a raw buffer's ByteWidth must be a multiple of 4";
  if (structured) {
    UINT stride = desc.StructureByteStride;
    if (stride == 0 || stride % 4 || stride > limits.maxStructureByteStride)
      return "StructureByteStride " + std::to_string(stride) + " is not a multiple of 4 in 4.." +
             std::to_string(limits.maxStructureByteStride);
    if (desc.ByteWidth % stride)
      return "a structured buffer's ByteWidth is not a multiple of its StructureByteStride";
    if (desc.BindFlags & (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                          D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET))
      return "a structured buffer bound as vertex, index, constant, stream-output or render-target buffer";
    if (desc.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)
      return "a structured buffer cannot hold draw-indirect arguments";
  }
  (void)profile;
  return {};
}

std::string checkTextureDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, TextureDesc* desc,
                             const D3D11_SUBRESOURCE_DATA* initialData) {
  const caps::ResourceLimits& limits = caps::resourceLimits(level);
  TextureDesc& d = *desc;
  bool cube = d.miscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE;

  if (d.width == 0 || d.height == 0 || d.depth == 0)
    return "a zero dimension";
  UINT maxSize = d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D ? limits.maxTexture1DWidth
                 : d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? limits.maxTexture3DSize
                 : cube ? limits.maxTextureCubeSize : limits.maxTexture2DSize;
  if (d.width > maxSize || d.height > maxSize || d.depth > maxSize)
    return "size " + std::to_string(d.width) + "x" + std::to_string(d.height) + "x" + std::to_string(d.depth) +
           " is over the level's " + std::to_string(maxSize);
  UINT maxArray = d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D ? limits.maxTexture1DArraySize
                  : d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D ? limits.maxTexture2DArraySize : 1;
  // 9_x has no texture arrays (limit 1) but has cube textures: their six faces are an ArraySize of
  // 6 (cube arrays, ArraySize past 6, are refused below for levels under 10_1).
  if (cube && d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D)
    maxArray = std::max(maxArray, 6u);
  if (d.arraySize == 0 || d.arraySize > maxArray)
    return "ArraySize " + std::to_string(d.arraySize) + " is outside 1.." + std::to_string(maxArray);
  UINT fullChain = fullMipCount(d.width, d.height, d.depth);
  if (d.mipLevels > fullChain)
    return "MipLevels " + std::to_string(d.mipLevels) + " is more than the full chain of " + std::to_string(fullChain);
  if (d.mipLevels == 0)
    d.mipLevels = fullChain;

  if (d.bindFlags & ~kKnownBind)
    return "unknown BindFlags " + hex(d.bindFlags);
  if (d.bindFlags & ~kTextureBind)
    return "BindFlags " + hex(d.bindFlags) + " include a buffer-only or video flag";
  if (std::string problem = checkUsage(d.usage, d.cpuAccessFlags, d.bindFlags, initialData); !problem.empty())
    return problem;
  if (const char* problem = checkSharing(d.miscFlags))
    return problem;
  if (d.miscFlags & kUnimplementedMisc)
    return "not implemented: MiscFlags " + hex(d.miscFlags & kUnimplementedMisc) + " (restricted-shared, tiled or protected resources)";
  if (d.miscFlags & D3D11_RESOURCE_MISC_TILED) {
    if (std::string problem = checkTiledTextureDesc(profile, level, d, initialData); !problem.empty())
      return problem;
  } else if (d.miscFlags & ~kTextureMisc) {
    return "MiscFlags " + hex(d.miscFlags) + " include a buffer-only flag";
  }
  // GDI interop (IDXGISurface1::GetDC): documented for 2D render targets of the B8G8R8A8 formats
  // with alpha, and exclusive of KEYEDMUTEX and RESOURCE_CLAMP.
  if (d.miscFlags & D3D11_RESOURCE_MISC_GDI_COMPATIBLE) {
    if (d.dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
      return "MiscFlags GDI_COMPATIBLE on a texture that is not 2D";
    if (d.format != DXGI_FORMAT_B8G8R8A8_UNORM && d.format != DXGI_FORMAT_B8G8R8A8_TYPELESS &&
        d.format != DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)
      return "MiscFlags GDI_COMPATIBLE needs a B8G8R8A8_UNORM, _TYPELESS or _UNORM_SRGB format, not " +
             std::to_string(unsigned(d.format));
    if (!(d.bindFlags & D3D11_BIND_RENDER_TARGET))
      return "MiscFlags GDI_COMPATIBLE without BIND_RENDER_TARGET";
    if (d.miscFlags & (D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX | D3D11_RESOURCE_MISC_RESOURCE_CLAMP))
      return "MiscFlags GDI_COMPATIBLE with SHARED_KEYEDMUTEX or RESOURCE_CLAMP";
  }
  if (d.textureLayout == D3D11_TEXTURE_LAYOUT_ROW_MAJOR || d.textureLayout == D3D11_TEXTURE_LAYOUT_64K_STANDARD_SWIZZLE)
    return "not implemented: TextureLayout " + std::to_string(d.textureLayout) + " (no tiled or shared row-major layouts)";
  if (d.textureLayout != D3D11_TEXTURE_LAYOUT_UNDEFINED)
    return "unknown TextureLayout " + std::to_string(d.textureLayout);

  // Format.
  const caps::FormatInfo* info = caps::formatInfo(d.format);
  if (!info || d.format == DXGI_FORMAT_UNKNOWN)
    return "Format " + std::to_string(unsigned(d.format)) + " is no texture format";
  caps::FormatSupport support = caps::queryFormatSupport(profile, level, d.format);
  UINT dimensionBit = d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D ? D3D11_FORMAT_SUPPORT_TEXTURE1D
                      : d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D ? D3D11_FORMAT_SUPPORT_TEXTURE3D
                      : cube ? D3D11_FORMAT_SUPPORT_TEXTURECUBE : D3D11_FORMAT_SUPPORT_TEXTURE2D;
  if (!(support.support & dimensionBit) || caps::storageFormat(profile, d.format) == VK_FORMAT_UNDEFINED)
    return std::string("Format ") + info->name + " cannot be a texture of this dimension on this device";
  // Block-compressed formats: the top level covers whole 4x4 blocks (documented for D3D11: only
  // smaller mips may be partial blocks). Vulkan would accept any size, so without this check an
  // application that fails on Windows would work here.
  if ((info->kind == caps::FormatKind::Compressed || info->kind == caps::FormatKind::CompressedTypeless) &&
      (d.width % 4 || d.height % 4))
    return std::string("Format ") + info->name + " needs a top level that is a multiple of 4 texels in width and height, not " +
           std::to_string(d.width) + "x" + std::to_string(d.height);
  // A typeless family takes a bind flag when one of its typed members supports it (R32_TYPELESS:
  // RENDER_TARGET through R32_FLOAT, DEPTH_STENCIL through D32_FLOAT); what it is bound as is
  // checked again on the views. A typed color format takes UNORDERED_ACCESS when a member of its
  // family supports typed UAVs: Windows creates R8G8B8A8_UNORM_SRGB textures with it (no UAV of
  // the texture's own format can then be made).
  bool typeless = info->kind == caps::FormatKind::ColorTypeless || info->kind == caps::FormatKind::DepthTypeless ||
                  info->kind == caps::FormatKind::CompressedTypeless;
  UINT bindable = support.support;
  if (typeless)
    bindable = familySupport(profile, level, d.format);
  else if (info->kind == caps::FormatKind::Color && info->family != DXGI_FORMAT_UNKNOWN)
    bindable |= familySupport(profile, level, info->family) & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
  if ((d.bindFlags & D3D11_BIND_RENDER_TARGET) && !(bindable & D3D11_FORMAT_SUPPORT_RENDER_TARGET))
    return std::string("Format ") + info->name + " cannot be a render target";
  if ((d.bindFlags & D3D11_BIND_DEPTH_STENCIL) && !(bindable & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL))
    return std::string("Format ") + info->name + " cannot be a depth-stencil target";
  if ((d.bindFlags & D3D11_BIND_UNORDERED_ACCESS) && !(bindable & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW))
    return std::string("Format ") + info->name + " cannot be an unordered-access view";
  if ((d.bindFlags & D3D11_BIND_SHADER_RESOURCE) &&
      !(bindable & (D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE)))
    return std::string("Format ") + info->name + " cannot be read by shaders";
  // A depth-stencil texture is neither a render target nor an unordered-access view, even when its
  // typeless family has members that are (Windows refuses R32_TYPELESS with either).
  if ((d.bindFlags & D3D11_BIND_DEPTH_STENCIL) && (d.bindFlags & D3D11_BIND_RENDER_TARGET))
    return "DEPTH_STENCIL and RENDER_TARGET together";
  if ((d.bindFlags & D3D11_BIND_DEPTH_STENCIL) && (d.bindFlags & D3D11_BIND_UNORDERED_ACCESS))
    return "DEPTH_STENCIL and UNORDERED_ACCESS together";
  if ((d.bindFlags & D3D11_BIND_DEPTH_STENCIL) && d.dimension == D3D11_RESOURCE_DIMENSION_TEXTURE3D)
    return "a 3D texture cannot be a depth-stencil target";
  if ((d.bindFlags & D3D11_BIND_UNORDERED_ACCESS) && limits.uavSlots == 0)
    return "UNORDERED_ACCESS needs feature level 10_0 or higher";
  if ((d.bindFlags & D3D11_BIND_UNORDERED_ACCESS) && level < D3D_FEATURE_LEVEL_11_0)
    return "texture UAVs need feature level 11_0 or higher";

  // Multisampling.
  if (d.sampleDesc.Count == 0)
    return "SampleDesc.Count 0";
  if (d.sampleDesc.Count > 1) {
    UINT qualityLevels = 0;
    caps::checkMultisampleQualityLevels(profile, level, d.format, d.sampleDesc.Count, 0, &qualityLevels);
    // D3D11_STANDARD_MULTISAMPLE_PATTERN names the documented standard positions, which are
    // Vulkan's standard sample locations: valid wherever the count is (feature level 10_1 and up).
    // D3D11_CENTER_MULTISAMPLE_PATTERN (every sample at the pixel centre) has no Vulkan equivalent
    // without VK_EXT_sample_locations.
    constexpr UINT kStandardPattern = 0xffffffffu, kCenterPattern = 0xfffffffeu;
    if (d.sampleDesc.Quality == kCenterPattern && qualityLevels && level >= D3D_FEATURE_LEVEL_10_1)
      return "not implemented: D3D11_CENTER_MULTISAMPLE_PATTERN";
    const bool standard = d.sampleDesc.Quality == kStandardPattern && level >= D3D_FEATURE_LEVEL_10_1 &&
                          profile.properties.core.properties.limits.standardSampleLocations;
    if (standard ? qualityLevels == 0 : d.sampleDesc.Quality >= qualityLevels)
      return "SampleDesc " + std::to_string(d.sampleDesc.Count) + "/" + std::to_string(d.sampleDesc.Quality) +
             " is not supported for this format (CheckMultisampleQualityLevels gives " + std::to_string(qualityLevels) + ")";
    if (d.mipLevels != 1)
      return "a multisampled texture must have MipLevels 1";
    if (d.usage != D3D11_USAGE_DEFAULT)
      return "a multisampled texture must have DEFAULT usage";
    if (d.bindFlags & D3D11_BIND_UNORDERED_ACCESS)
      return "a multisampled texture cannot be an unordered-access view";
    if (cube)
      return "a multisampled texture cannot be a cube";
    if (initialData)
      return "a multisampled texture cannot have initial data";
  } else if (d.sampleDesc.Quality != 0) {
    return "SampleDesc.Quality must be 0 with one sample";
  }

  // Misc flags.
  if (cube) {
    if (d.dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D)
      return "TEXTURECUBE on a texture that is not 2D";
    // Windows creates cube textures of any ArraySize from 6 (Wine's conformance tests: 7, 9, 10,
    // 11, 13...); their views cover whole cubes.
    if (d.arraySize < 6)
      return "a cube texture's ArraySize must be 6 or more";
    if (d.width != d.height)
      return "a cube texture must be square";
    if (d.arraySize > 6 && level < D3D_FEATURE_LEVEL_10_1)
      return "cube arrays need feature level 10_1 or higher";
  }
  if (d.miscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) {
    if ((d.bindFlags & (D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET)) !=
        (D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET))
      return "GENERATE_MIPS needs SHADER_RESOURCE and RENDER_TARGET bind flags";
    if (d.mipLevels == 1)
      return "GENERATE_MIPS on a texture with one mip level";
    // A format without MIP_AUTOGEN support (R8G8B8A8_UINT) is still created: Windows does, and
    // GenerateMips then leaves its mips alone.
  }
  return {};
}

}  // namespace d3d11vk
