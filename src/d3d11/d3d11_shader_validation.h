// Shader bytecode checks the D3D11 runtime makes before it accepts a shader: the container, the
// stage against the Create method, the profile against the feature level, and UAV use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "dxbc/binding_model.h"
#include "dxbc/compiler.h"
#include "dxbc/container.h"
#include "util/windows_base.h"

namespace d3d11vk {

// The shader-code chunk's version token, and what the level-9 chunk says.
struct ShaderProfile {
  dxbc::ShaderStage stage = dxbc::ShaderStage::Vertex;
  uint32_t major = 0, minor = 0;
  // vs/ps_4_0_level_9_x shaders carry their Direct3D 9 translation in an "Aon9" chunk: 1 for
  // level_9_1 (the D3D9 code is vs_2_0/ps_2_0), 3 for level_9_3 (vs_2_x/ps_2_x), 0 without one.
  uint32_t level9 = 0;

  std::string name() const;  // "vs_5_0", "ps_4_0_level_9_1"
};

// What the device's level allows beyond the level itself.
struct ShaderLevelCaps {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  // D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS: cs_4_x on a 10_x device.
  bool computeShaders4x = false;
};

// Parses the container (with the checksum: the runtime refuses unsigned or altered bytecode) and
// reads the profile. Returns why the bytes are no shader, or "" with container and profile set.
std::string readShaderProfile(const void* bytes, size_t size, dxbc::Container* container, ShaderProfile* profile);

// Why a shader of this profile cannot be created through the method for `expected` at this
// level, or "".
std::string checkShaderProfile(const ShaderLevelCaps& caps, dxbc::ShaderStage expected, const ShaderProfile& profile);

// Why the compiled shader's UAVs are beyond this level: UAVs outside pixel and compute shaders
// need 11_1; 11_0 has 8 UAV slots, cs_4_x one; or "".
std::string checkShaderUavs(const ShaderLevelCaps& caps, const ShaderProfile& profile,
                            const dxbc::ShaderReflection& reflection);

const char* stageName(dxbc::ShaderStage stage);  // "vertex", "pixel", ...

// Semantic names compare without regard to ASCII case, as the runtime matches them.
bool semanticEquals(const std::string& a, const char* b);

}  // namespace d3d11vk
