// packClearValue: per-format channel layouts and the float conversions D3D11 defines for them.
#include "d3d11/d3d11_clear_value.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace d3d11vk {

namespace {

enum class Numeric { Float, Unorm, Snorm, Uint, Sint };

struct Layout {
  uint8_t channels;
  uint8_t bits[4];
  Numeric numeric;
};

bool layoutOf(DXGI_FORMAT format, Layout* layout) {
  switch (format) {
#define L(fmt, n, b0, b1, b2, b3, num) \
  case DXGI_FORMAT_##fmt: *layout = Layout{n, {b0, b1, b2, b3}, Numeric::num}; return true;
    L(R32G32B32A32_FLOAT, 4, 32, 32, 32, 32, Float) L(R32G32B32A32_UINT, 4, 32, 32, 32, 32, Uint)
    L(R32G32B32A32_SINT, 4, 32, 32, 32, 32, Sint) L(R32G32B32_FLOAT, 3, 32, 32, 32, 0, Float)
    L(R32G32B32_UINT, 3, 32, 32, 32, 0, Uint) L(R32G32B32_SINT, 3, 32, 32, 32, 0, Sint)
    L(R16G16B16A16_FLOAT, 4, 16, 16, 16, 16, Float) L(R16G16B16A16_UNORM, 4, 16, 16, 16, 16, Unorm)
    L(R16G16B16A16_UINT, 4, 16, 16, 16, 16, Uint) L(R16G16B16A16_SNORM, 4, 16, 16, 16, 16, Snorm)
    L(R16G16B16A16_SINT, 4, 16, 16, 16, 16, Sint) L(R32G32_FLOAT, 2, 32, 32, 0, 0, Float)
    L(R32G32_UINT, 2, 32, 32, 0, 0, Uint) L(R32G32_SINT, 2, 32, 32, 0, 0, Sint)
    L(R10G10B10A2_UNORM, 4, 10, 10, 10, 2, Unorm) L(R10G10B10A2_UINT, 4, 10, 10, 10, 2, Uint)
    L(R8G8B8A8_UNORM, 4, 8, 8, 8, 8, Unorm) L(R8G8B8A8_UINT, 4, 8, 8, 8, 8, Uint)
    L(R8G8B8A8_SNORM, 4, 8, 8, 8, 8, Snorm) L(R8G8B8A8_SINT, 4, 8, 8, 8, 8, Sint)
    L(R16G16_FLOAT, 2, 16, 16, 0, 0, Float) L(R16G16_UNORM, 2, 16, 16, 0, 0, Unorm)
    L(R16G16_UINT, 2, 16, 16, 0, 0, Uint) L(R16G16_SNORM, 2, 16, 16, 0, 0, Snorm)
    L(R16G16_SINT, 2, 16, 16, 0, 0, Sint) L(R32_FLOAT, 1, 32, 0, 0, 0, Float) L(R32_UINT, 1, 32, 0, 0, 0, Uint)
    L(R32_SINT, 1, 32, 0, 0, 0, Sint) L(R8G8_UNORM, 2, 8, 8, 0, 0, Unorm) L(R8G8_UINT, 2, 8, 8, 0, 0, Uint)
    L(R8G8_SNORM, 2, 8, 8, 0, 0, Snorm) L(R8G8_SINT, 2, 8, 8, 0, 0, Sint) L(R16_FLOAT, 1, 16, 0, 0, 0, Float)
    L(R16_UNORM, 1, 16, 0, 0, 0, Unorm) L(R16_UINT, 1, 16, 0, 0, 0, Uint) L(R16_SNORM, 1, 16, 0, 0, 0, Snorm)
    L(R16_SINT, 1, 16, 0, 0, 0, Sint) L(R8_UNORM, 1, 8, 0, 0, 0, Unorm) L(R8_UINT, 1, 8, 0, 0, 0, Uint)
    L(R8_SNORM, 1, 8, 0, 0, 0, Snorm) L(R8_SINT, 1, 8, 0, 0, 0, Sint) L(A8_UNORM, 1, 8, 0, 0, 0, Unorm)
    L(B8G8R8A8_UNORM, 4, 8, 8, 8, 8, Unorm) L(R11G11B10_FLOAT, 3, 11, 11, 10, 0, Float)
#undef L
    default: return false;
  }
}

// IEEE half from float, round to nearest even; infinities and NaN kept.
uint32_t toHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  const uint32_t sign = (bits >> 16) & 0x8000u;
  const int32_t exponent = int32_t((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffffu;
  if (((bits >> 23) & 0xff) == 0xff)
    return sign | 0x7c00u | (mantissa ? 0x200u : 0u);
  if (exponent >= 31)
    return sign | 0x7c00u;
  if (exponent <= 0) {
    if (exponent < -10)
      return sign;
    mantissa |= 0x800000u;
    const uint32_t shift = uint32_t(14 - exponent);
    uint32_t half = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1)))
      half++;
    return sign | half;
  }
  uint32_t half = sign | (uint32_t(exponent) << 10) | (mantissa >> 13);
  const uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1)))
    half++;
  return half;
}

// The unsigned floats of R11G11B10_FLOAT: a 5-bit exponent (bias 15) and `mantissaBits` (6 or 5),
// no sign. Negative values become 0, NaN stays NaN, infinity stays infinity, too large values become
// infinity, rounding to nearest even.
uint32_t toUnsignedSmallFloat(float value, uint32_t mantissaBits) {
  const uint32_t infinity = 0x1fu << mantissaBits;
  if (std::isnan(value))
    return infinity | 1u;
  if (!(value > 0.0f))
    return 0;
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  const int32_t exponent = int32_t((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffffu;
  if (((bits >> 23) & 0xff) == 0xff || exponent >= 31)
    return infinity;
  uint32_t shift = 23 - mantissaBits;
  uint32_t result;
  if (exponent <= 0) {  // a denormal of the small format, or zero
    shift += uint32_t(1 - exponent);
    if (shift > 24)
      return 0;
    mantissa |= 0x800000u;
    result = mantissa >> shift;
  } else {
    result = (uint32_t(exponent) << mantissaBits) | (mantissa >> shift);
  }
  const uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (result & 1)))
    result++;  // may carry into the exponent, up to infinity: still the right value
  return result;
}

uint32_t convert(float value, uint8_t bits, Numeric numeric) {
  const uint64_t max = (uint64_t(1) << bits) - 1;
  switch (numeric) {
    case Numeric::Float: {
      if (bits == 16)
        return toHalf(value);
      if (bits == 11 || bits == 10)
        return toUnsignedSmallFloat(value, bits - 5u);
      uint32_t raw;
      std::memcpy(&raw, &value, 4);
      return raw;
    }
    case Numeric::Unorm: {
      float v = std::isnan(value) ? 0.0f : std::clamp(value, 0.0f, 1.0f);
      return uint32_t(std::lround(double(v) * double(max)));
    }
    case Numeric::Snorm: {
      const double scale = double(max >> 1);
      float v = std::isnan(value) ? 0.0f : std::clamp(value, -1.0f, 1.0f);
      return uint32_t(int32_t(std::lround(double(v) * scale))) & uint32_t(max);
    }
    // Float values into integer formats: converted to the integer, saturating.
    case Numeric::Uint: {
      double v = std::isnan(value) ? 0.0 : std::clamp(double(value), 0.0, double(max));
      return uint32_t(v);
    }
    case Numeric::Sint: {
      const double high = double(max >> 1);
      double v = std::isnan(value) ? 0.0 : std::clamp(double(value), -high - 1, high);
      return uint32_t(int64_t(v)) & uint32_t(max);
    }
  }
  return 0;
}

}  // namespace

uint32_t packClearValue(DXGI_FORMAT format, const UINT uintValues[4], const FLOAT floatValues[4], bool isFloat, uint8_t* out) {
  Layout layout;
  if (!layoutOf(format, &layout))
    return 0;
  uint32_t channel[4];
  for (uint32_t i = 0; i < layout.channels; ++i) {
    const uint32_t mask = layout.bits[i] == 32 ? 0xffffffffu : (1u << layout.bits[i]) - 1;
    const uint32_t from = format == DXGI_FORMAT_A8_UNORM ? 3 : i;  // A8's one channel is alpha
    channel[i] = (isFloat ? convert(floatValues[from], layout.bits[i], layout.numeric) : uintValues[from]) & mask;
  }
  if (format == DXGI_FORMAT_B8G8R8A8_UNORM)
    std::swap(channel[0], channel[2]);
  // Channels are packed from the lowest bit up, which is also byte order on little-endian.
  uint64_t packed[2] = {0, 0};
  uint32_t bit = 0;
  for (uint32_t i = 0; i < layout.channels; ++i) {
    const uint32_t word = bit / 64, shift = bit % 64;
    packed[word] |= uint64_t(channel[i]) << shift;
    bit += layout.bits[i];
  }
  const uint32_t bytes = bit / 8;
  std::memcpy(out, packed, bytes);
  return bytes;
}

}  // namespace d3d11vk
