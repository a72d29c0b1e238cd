// Direct3D's sampling and attribute-evaluation rules on the CPU, from the reference pages of
// sample, sample_b, lod (sm4.1), eval_snapped/EvaluateAttributeSnapped and the D3D11 standard
// multisample pattern.
#include "d3d_sampling.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace d3d_sampling {

double levelOfDetail(double dudx, double dvdy, uint32_t width, uint32_t height) {
  return std::log2(std::max(std::fabs(dudx) * width, std::fabs(dvdy) * height));
}

uint32_t pointMipLevel(double lod, double bias, uint32_t levels) {
  // sample_b's page: the bias is clamped to [-16.0, 15.99] before it is added.
  const double level = lod + std::clamp(bias, -16.0, 15.99);
  if (level <= 0)
    return 0;  // magnification, or minification at the most detailed level
  return uint32_t(std::min(double(levels - 1), std::nearbyint(level)));
}

uint32_t nearestTexel(double coordinate, uint32_t size) {
  const double texel = std::floor(coordinate * size);
  const double wrapped = texel - std::floor(texel / size) * size;  // wrap: repeat the texture
  return uint32_t(wrapped);
}

LodResult lodInstruction(double lod, uint32_t levels) {
  return {std::clamp(lod, 0.0, double(levels - 1)), lod};
}

SampleOffset standardSampleOffset(uint32_t samples, uint32_t index) {
  // D3D11_STANDARD_MULTISAMPLE_PATTERN, in 1/16 pixel from the centre.
  static const SampleOffset kOne[] = {{0, 0}};
  static const SampleOffset kTwo[] = {{4, 4}, {-4, -4}};
  static const SampleOffset kFour[] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
  switch (samples) {
    case 1: return kOne[index % 1];
    case 2: return kTwo[index % 2];
    case 4: return kFour[index % 4];
    default: throw std::invalid_argument("the reference knows the 1, 2 and 4 sample patterns");
  }
}

Position snappedPosition(int32_t offsetX, int32_t offsetY) {
  // Only the low 4 bits count, sign-extended: [-8, 7] sixteenths of a pixel.
  auto sixteenths = [](int32_t v) { return double(int32_t(uint32_t(v) << 28) >> 28) / 16.0; };
  return {0.5 + sixteenths(offsetX), 0.5 + sixteenths(offsetY)};
}

Position samplePosition(uint32_t samples, uint32_t index) {
  const SampleOffset o = standardSampleOffset(samples, index);
  return {0.5 + o.x / 16.0, 0.5 + o.y / 16.0};
}

Position centroidPosition() { return {0.5, 0.5}; }

std::vector<Position> centroidAlternatives(uint32_t samples) {
  std::vector<Position> positions;
  for (uint32_t i = 0; i < samples; i++)
    positions.push_back(samplePosition(samples, i));
  return positions;
}

}  // namespace d3d_sampling
