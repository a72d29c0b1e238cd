// The D3D11 runtime's shader bytecode checks: container, stage, profile per feature level, UAVs.
#include "d3d11/d3d11_shader_validation.h"

#include <cstring>

#include "dxbc/error.h"

namespace d3d11vk {

namespace {

// The program types of the version token (D3D10_SB_*_SHADER / D3D11_SB_*_SHADER).
bool stageOfProgramType(uint32_t type, dxbc::ShaderStage* stage) {
  switch (type) {
    case 0: *stage = dxbc::ShaderStage::Pixel; return true;
    case 1: *stage = dxbc::ShaderStage::Vertex; return true;
    case 2: *stage = dxbc::ShaderStage::Geometry; return true;
    case 3: *stage = dxbc::ShaderStage::Hull; return true;
    case 4: *stage = dxbc::ShaderStage::Domain; return true;
    case 5: *stage = dxbc::ShaderStage::Compute; return true;
    default: return false;
  }
}

const char* stagePrefix(dxbc::ShaderStage stage) {
  switch (stage) {
    case dxbc::ShaderStage::Vertex: return "vs";
    case dxbc::ShaderStage::Hull: return "hs";
    case dxbc::ShaderStage::Domain: return "ds";
    case dxbc::ShaderStage::Geometry: return "gs";
    case dxbc::ShaderStage::Pixel: return "ps";
    case dxbc::ShaderStage::Compute: return "cs";
  }
  return "??";
}

// The level-9 chunk's layout is not documented; what is certain is that it holds a Direct3D 9
// token stream, which starts with a version token 0xFFFE (vs) or 0xFFFF (ps) in the high half and
// major.minor in the low half. The first such word of the right kind names the level: 2.0 is
// what level_9_1 compiles to, 2.x (stored as 2.1) what level_9_3 compiles to.
uint32_t level9Of(const dxbc::Container& container, dxbc::ShaderStage stage) {
  const dxbc::Chunk* chunk = container.find(dxbc::makeFourCC("Aon9"));
  if (!chunk)
    return 0;
  uint32_t kind = stage == dxbc::ShaderStage::Vertex ? 0xFFFEu : 0xFFFFu;
  for (size_t offset = 0; offset + 4 <= chunk->data.size(); offset += 4) {
    uint32_t word;
    std::memcpy(&word, chunk->data.data() + offset, 4);
    if (word >> 16 == kind && ((word >> 8) & 0xFF) == 2)
      return (word & 0xFF) == 0 ? 1 : 3;
  }
  return 0;
}

std::string levelName(D3D_FEATURE_LEVEL level) {
  unsigned value = unsigned(level);
  return std::to_string(value >> 12) + "_" + std::to_string((value >> 8) & 0xF);
}

}  // namespace

std::string ShaderProfile::name() const {
  std::string text = std::string(stagePrefix(stage)) + "_" + std::to_string(major) + "_" + std::to_string(minor);
  if (level9)
    text += "_level_9_" + std::to_string(level9);
  return text;
}

const char* stageName(dxbc::ShaderStage stage) {
  switch (stage) {
    case dxbc::ShaderStage::Vertex: return "vertex";
    case dxbc::ShaderStage::Hull: return "hull";
    case dxbc::ShaderStage::Domain: return "domain";
    case dxbc::ShaderStage::Geometry: return "geometry";
    case dxbc::ShaderStage::Pixel: return "pixel";
    case dxbc::ShaderStage::Compute: return "compute";
  }
  return "unknown";
}

bool semanticEquals(const std::string& a, const char* b) {
  size_t i = 0;
  for (; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (y == '\0')
      return false;
    if (x >= 'a' && x <= 'z')
      x = char(x - 'a' + 'A');
    if (y >= 'a' && y <= 'z')
      y = char(y - 'a' + 'A');
    if (x != y)
      return false;
  }
  return b[i] == '\0';
}

std::string readShaderProfile(const void* bytes, size_t size, dxbc::Container* container, ShaderProfile* profile) {
  if (!bytes)
    return "no bytecode";
  if (size == 0)
    return "BytecodeLength is 0";
  try {
    *container = dxbc::Container::parse(static_cast<const uint8_t*>(bytes), size, true);
  } catch (const dxbc::Error& error) {
    return std::string("not a valid DXBC container: ") + error.what();
  }
  const dxbc::Chunk* code = container->findAny({dxbc::makeFourCC("SHEX"), dxbc::makeFourCC("SHDR")});
  if (!code)
    return "the container has no shader code (SHDR or SHEX chunk)";
  if (code->data.size() < 8)
    return "the shader code chunk is too short for its version and length tokens";
  uint32_t version;
  std::memcpy(&version, code->data.data(), 4);
  if (!stageOfProgramType(version >> 16, &profile->stage))
    return "unknown program type " + std::to_string(version >> 16) + " in the version token";
  profile->major = (version >> 4) & 0xF;
  profile->minor = version & 0xF;
  profile->level9 = 0;
  if (profile->major == 4 && profile->minor == 0 &&
      (profile->stage == dxbc::ShaderStage::Vertex || profile->stage == dxbc::ShaderStage::Pixel))
    profile->level9 = level9Of(*container, profile->stage);
  return {};
}

std::string checkShaderProfile(const ShaderLevelCaps& caps, dxbc::ShaderStage expected, const ShaderProfile& profile) {
  if (profile.stage != expected)
    return std::string("the bytecode is a ") + stageName(profile.stage) + " shader (" + profile.name() + "), not a " +
           stageName(expected) + " shader";
  std::string name = profile.name();
  std::string level = levelName(caps.level);
  uint32_t version = profile.major * 10 + profile.minor;
  if (version != 40 && version != 41 && version != 50)
    return name + " is not a Direct3D 11 shader model (4.0, 4.1 and 5.0 are; 5.1 is Direct3D 12's)";
  if (profile.stage == dxbc::ShaderStage::Hull || profile.stage == dxbc::ShaderStage::Domain) {
    if (version != 50)
      return name + " is no valid profile: hull and domain shaders are shader model 5.0";
  }

  if (caps.level < D3D_FEATURE_LEVEL_10_0) {
    // 9_x: only vertex and pixel shaders compiled for level 9 (seed 000: PSSetShader takes only
    // ps_4_0_level_9_1 at 9_1/9_2, and ps_4_0_level_9_3 or _9_1 at 9_3; vertex shaders alike).
    if (profile.stage != dxbc::ShaderStage::Vertex && profile.stage != dxbc::ShaderStage::Pixel)
      return std::string(stageName(profile.stage)) + " shaders are not supported at feature level " + level;
    if (!profile.level9)
      return name + " needs feature level 10_0; feature level " + level + " takes only " +
             stagePrefix(profile.stage) + "_4_0_level_9_x shaders";
    if (profile.level9 == 3 && caps.level < D3D_FEATURE_LEVEL_9_3)
      return name + " needs feature level 9_3";
    return {};
  }
  if (version == 50 && caps.level < D3D_FEATURE_LEVEL_11_0)
    return name + " needs feature level 11_0 (the device has " + level + ")";
  if (version == 41 && caps.level < D3D_FEATURE_LEVEL_10_1)
    return name + " needs feature level 10_1 (the device has " + level + ")";
  if (profile.stage == dxbc::ShaderStage::Compute && caps.level < D3D_FEATURE_LEVEL_11_0 && !caps.computeShaders4x)
    return name + " needs ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x at feature level " + level +
           ", which this device does not report";
  return {};
}

std::string checkShaderUavs(const ShaderLevelCaps& caps, const ShaderProfile& profile,
                            const dxbc::ShaderReflection& reflection) {
  uint32_t slots = caps.level >= D3D_FEATURE_LEVEL_11_1 ? 64u : 8u;
  if (profile.stage == dxbc::ShaderStage::Compute && profile.major == 4)
    slots = 1;  // cs_4_0/cs_4_1: one UAV, u0
  for (const dxbc::ShaderBinding& binding : reflection.bindings) {
    if (binding.kind != dxbc::BindingKind::UnorderedAccess)
      continue;
    bool pixelOrCompute = profile.stage == dxbc::ShaderStage::Pixel || profile.stage == dxbc::ShaderStage::Compute;
    if (!pixelOrCompute && caps.level < D3D_FEATURE_LEVEL_11_1)
      return std::string("UAVs in ") + stageName(profile.stage) + " shaders need feature level 11_1 (u" +
             std::to_string(binding.slot) + " is declared)";
    if (binding.slot >= slots)
      return "u" + std::to_string(binding.slot) + " is beyond the " + std::to_string(slots) + " UAV slots of " +
             profile.name() + " at feature level " + levelName(caps.level);
  }
  return {};
}

}  // namespace d3d11vk
