// The per-level limit tables. 9_x values are the D3D_FL9_1/9_2/9_3 constants, 10_x and 11_x+ the
// D3D10_/D3D11_ REQ and COMMONSHADER constants.
#include "d3d11/caps/resource_limits.h"

#include <algorithm>

namespace d3d11vk::caps {

namespace {

constexpr uint64_t k2Pow32 = uint64_t(1) << 32;

// Fields in declaration order; see resource_limits.h for their meaning.
constexpr ResourceLimits kLevel9_1 = {2048, 2048, 256, 512, 1, 1, 128, 2, 65535, 65534, false, false, 1, 1, 16,
                                      14, 4096, 8, 16, 0, false, false, false, 0, 0, uint64_t(128) << 20};
constexpr ResourceLimits kLevel9_2 = {2048, 2048, 256, 512, 1, 1, 2048, 16, 1048575, 1048575, false, true, 1, 1, 16,
                                      14, 4096, 8, 16, 0, false, false, false, 0, 0, uint64_t(128) << 20};
constexpr ResourceLimits kLevel9_3 = {4096, 4096, 256, 4096, 1, 1, 8192, 16, 1048575, 1048575, false, true, 4, 1, 16,
                                      14, 4096, 8, 16, 0, false, false, false, 0, 0, uint64_t(128) << 20};
constexpr ResourceLimits kLevel10_0 = {8192, 8192, 2048, 8192, 512, 512, 8192, 16, k2Pow32 - 1, k2Pow32 - 1, true, true,
                                       8, 16, 16, 14, 4096, 128, 16, 1, true, true, false, uint64_t(1) << 27, 2048,
                                       uint64_t(128) << 20};
constexpr ResourceLimits kLevel10_1 = {8192, 8192, 2048, 8192, 512, 512, 8192, 16, k2Pow32 - 1, k2Pow32 - 1, true, true,
                                       8, 16, 32, 14, 4096, 128, 16, 1, true, true, false, uint64_t(1) << 27, 2048,
                                       uint64_t(128) << 20};
constexpr ResourceLimits kLevel11_0 = {16384, 16384, 2048, 16384, 2048, 2048, 16384, 16, k2Pow32 - 1, k2Pow32 - 1, true,
                                       true, 8, 16, 32, 14, 4096, 128, 16, 8, true, true, true, uint64_t(1) << 27, 2048,
                                       uint64_t(128) << 20};
constexpr ResourceLimits kLevel11_1 = {16384, 16384, 2048, 16384, 2048, 2048, 16384, 16, k2Pow32 - 1, k2Pow32 - 1, true,
                                       true, 8, 16, 32, 14, 4096, 128, 16, 64, true, true, true, uint64_t(1) << 27, 2048,
                                       uint64_t(128) << 20};

}  // namespace

uint64_t resourceSizeLimit(D3D_FEATURE_LEVEL level, uint64_t dedicatedVideoMemory) {
  const uint64_t floor = resourceLimits(level).maxResourceBytes;
  if (level < D3D_FEATURE_LEVEL_11_0)
    return floor;
  constexpr uint64_t kATerm = uint64_t(128) << 20, kCTerm = uint64_t(2048) << 20;
  uint64_t quarter = dedicatedVideoMemory / 4;  // the B term, 0.25
  return std::min(std::max(kATerm, quarter), kCTerm);
}

const ResourceLimits& resourceLimits(D3D_FEATURE_LEVEL level) {
  switch (level) {
    case D3D_FEATURE_LEVEL_9_1: return kLevel9_1;
    case D3D_FEATURE_LEVEL_9_2: return kLevel9_2;
    case D3D_FEATURE_LEVEL_9_3: return kLevel9_3;
    case D3D_FEATURE_LEVEL_10_0: return kLevel10_0;
    case D3D_FEATURE_LEVEL_10_1: return kLevel10_1;
    case D3D_FEATURE_LEVEL_11_0: return kLevel11_0;
    case D3D_FEATURE_LEVEL_11_1:
    case D3D_FEATURE_LEVEL_12_0:
    case D3D_FEATURE_LEVEL_12_1: return kLevel11_1;
    default: return kLevel11_0;
  }
}

}  // namespace d3d11vk::caps
