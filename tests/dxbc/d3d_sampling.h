// A CPU reference of Direct3D's rules for the pixel-stage sampling and attribute-evaluation
// instructions (sample, sample_b, lod, eval_snapped, eval_sample_index, eval_centroid), written
// from their reference pages and the D3D11 multisample pattern, for
// tests/dxbc/test_execution_sampling.cpp. It says which results D3D accepts; it runs nothing.
#pragma once

#include <cstdint>
#include <vector>

namespace d3d_sampling {

// The level of detail of an isotropic 2D footprint: log2 of the larger of the texel-space
// derivative lengths. The suite's coordinates change along one axis each (du/dy = dv/dx = 0), so
// every formula D3D and Vulkan allow (the longer axis, or the root of the sum of squares) gives
// log2(max(|du/dx| * width, |dv/dy| * height)).
double levelOfDetail(double dudx, double dvdy, uint32_t width, uint32_t height);

// The mip level a point-mip (MIP_POINT) sampler reads for `lod` plus `bias` (the bias clamped to
// [-16, 15.99] as sample_b's page says), clamped to the texture's levels. Only whole-number LODs
// are used, for which "nearest" has one answer.
uint32_t pointMipLevel(double lod, double bias, uint32_t levels);

// The texel a point (nearest) filter reads along one axis of `size` texels with wrap addressing:
// floor(coordinate * size), wrapped into [0, size).
uint32_t nearestTexel(double coordinate, uint32_t size);

// lod's result: (ClampedLOD, NonClampedLOD, 0, 0). NonClampedLOD ignores every clamp (it may be
// negative); ClampedLOD is what sample would use: clamped to [0, levels - 1] with the sampler's
// default MinLOD/MaxLOD.
struct LodResult {
  double clamped, unclamped;
};
LodResult lodInstruction(double lod, uint32_t levels);

// Direct3D 11's standard multisample positions (D3D11_STANDARD_MULTISAMPLE_PATTERN), in 1/16 of a
// pixel from the pixel centre, for 1, 2 and 4 samples: {x, y}.
struct SampleOffset {
  int x, y;
};
SampleOffset standardSampleOffset(uint32_t samples, uint32_t index);

// Where the eval_* instructions evaluate, in pixels from the pixel's top-left corner:
// eval_snapped: the centre plus the offset, each component a 4-bit signed count of 1/16 pixel
// (the page: offsets in [-8, 7], the low 4 bits of each integer); eval_sample_index: sample
// `index`'s position (an index past the sample count gives an undefined result, not used here);
// eval_centroid: for a fully covered pixel, the centre (the D3D11 rule: with every sample
// covered the centroid is the pixel centre). centroidAlternatives lists what Vulkan also allows
// there (any covered sample position), accepted under a named deviation.
struct Position {
  double x, y;
};
Position snappedPosition(int32_t offsetX, int32_t offsetY);
Position samplePosition(uint32_t samples, uint32_t index);
Position centroidPosition();
std::vector<Position> centroidAlternatives(uint32_t samples);

}  // namespace d3d_sampling
