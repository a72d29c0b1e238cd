// The backend's internal shaders (meta operations), generated as SPIR-V with spirv::ModuleBuilder.
// Each has its own small interface (push constants and storage buffers or one image at set 0),
// independent of the D3D11 binding model; src/vk/meta_pipelines.h builds their pipelines. The
// depth-stencil packers are compute shaders; resolves and mip generation draw a full-screen
// triangle into a colour attachment (docs/resources.md, "Resolves and mip generation").
#pragma once

#include <cstdint>
#include <vector>

namespace vk {

// How a depth-stencil image's two aspects relate to a D3D11 staging texture's interleaved texels
// (docs/command-stream.md, "Depth-stencil data in staging memory").
enum class DepthStencilPacking : uint32_t {
  D24S8 = 0,         // Vulkan D24_UNORM_S8_UINT; D3D 32-bit texel: depth in bits 0-23, stencil in 24-31
  D32FloatAsD24 = 1, // Vulkan D32_SFLOAT_S8_UINT standing in for D24_UNORM_S8_UINT (float <-> 24-bit unorm)
  D32S8X24 = 2,      // Vulkan D32_SFLOAT_S8_UINT; D3D 64-bit texel: float depth, then stencil in the low byte
};
constexpr uint32_t kDepthStencilPackings = 3;

// The push constants of the depth-stencil shaders, in 32-bit words. The scratch buffer (binding 0)
// holds the image's depth aspect as one word per texel from word 0 and its stencil aspect as one
// byte per texel from word `stencilWord`, both as vkCmdCopy*ImageToBuffer lays out a tightly
// packed region; the staging buffer (binding 1) holds the D3D11 texels.
struct DepthStencilPackParams {
  uint32_t width, height, depth;
  uint32_t stagingWord;       // the region's first texel in the staging buffer
  uint32_t stagingRowWords;   // words from one row of the staging subresource to the next
  uint32_t stagingSliceWords; // words from one depth slice to the next
  uint32_t stencilWord;
  uint32_t unused = 0;
};
constexpr uint32_t kMetaLocalSize = 8;  // the shaders' workgroups are 8x8x1 invocations

// unpack = false: scratch -> staging (a copy from the image into staging memory);
// unpack = true: staging -> scratch (the stencil words must start zeroed: bytes are OR-ed in).
std::vector<uint32_t> depthStencilPackShader(DepthStencilPacking packing, bool unpack);

// The vertex shader of the full-screen passes: vertices 0, 1, 2 make one triangle covering the
// viewport; no inputs, no outputs but the position.
std::vector<uint32_t> fullscreenVertexShader();

// Resolve: the fragment fetches each of `samples` samples of the multisampled 2D image at set 0,
// binding 0 (a sampled image, no sampler) at its pixel and writes their average to location 0.
// Through an sRGB view the samples are decoded before averaging and the attachment encodes.
std::vector<uint32_t> resolveFragmentShader(uint32_t samples);

// Mip generation: the fragment samples the previous level (set 0, binding 0: an image with a
// linear sampler) at its centre; push constants (fragment stage) are MipsParams.
enum class MipsDimension : uint32_t { Array1D = 0, Array2D = 1, Volume = 2 };
constexpr uint32_t kMipsDimensions = 3;
struct MipsParams {
  float invWidth, invHeight;  // 1 / the extent of the level written
  float layer;                // the array layer sampled (1D and 2D arrays, cube faces), or the
                              // normalized depth coordinate of the slice written (volumes)
  float unused = 0.0f;
};
std::vector<uint32_t> mipsFragmentShader(MipsDimension dimension);

// A8_UNORM render targets (src/vk/alpha_target.h): a full-screen copy between an R8 image, which
// holds the texels, and an RGBA8 shadow, which draws render into. The fragment fetches its texel
// (its sample, for multisampled images: the pass runs per sample) from the image at set 0,
// binding 0 (a sampled image, no sampler) and writes (0, 0, 0, r) into the shadow (`toShadow`),
// or (a, 0, 0, 0) into the R8 image.
enum class AlphaCopyShape : uint32_t { Image1D = 0, Image2D = 1, Image2DMS = 2 };
std::vector<uint32_t> alphaCopyFragmentShader(bool toShadow, AlphaCopyShape shape);

}  // namespace vk
