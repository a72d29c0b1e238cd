// The D3D10 shader-model check: reads the version token of the SHDR/SHEX chunk.
#include "d3d10/d3d10_shader_profile.h"

#include <cstdint>
#include <cstring>

namespace d3d11vk::d3d10 {

namespace {

uint32_t readWord(const uint8_t* bytes, size_t offset) {
  uint32_t value;
  std::memcpy(&value, bytes + offset, 4);
  return value;
}

}  // namespace

std::string checkShaderModel(const void* bytecode, SIZE_T length, D3D_FEATURE_LEVEL level) {
  // Container: "DXBC", 16-byte checksum, version, total size, chunk count, chunk offsets.
  const auto* bytes = static_cast<const uint8_t*>(bytecode);
  if (!bytes || length < 32 || std::memcmp(bytes, "DXBC", 4) != 0)
    return {};
  uint32_t chunks = readWord(bytes, 28);
  if (chunks > (length - 32) / 4)
    return {};
  for (uint32_t i = 0; i < chunks; ++i) {
    uint32_t offset = readWord(bytes, 32 + 4 * i);
    if (offset > length - 12)
      return {};
    if (std::memcmp(bytes + offset, "SHDR", 4) != 0 && std::memcmp(bytes + offset, "SHEX", 4) != 0)
      continue;
    uint32_t version = readWord(bytes, offset + 8);
    uint32_t major = (version >> 4) & 0xf, minor = version & 0xf;
    if (major == 4 && minor == 0)
      return {};
    if (major == 4 && minor == 1 && level >= D3D_FEATURE_LEVEL_10_1)
      return {};
    return "shader model " + std::to_string(major) + "." + std::to_string(minor) +
           " is not accepted by a D3D10 device at this level (4.0, and 4.1 on 10.1)";
  }
  return {};
}

}  // namespace d3d11vk::d3d10
