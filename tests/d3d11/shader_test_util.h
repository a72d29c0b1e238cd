// Helpers shared by the shader and input-layout integration tests: devices at a chosen feature
// level, bytecode assembled from D3D assembly text, and the validation-error check.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "dxbc/assembler.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

namespace shader_test {

// nullptr when the machine's device cannot be created at that level.
inline util::ComPtr<ID3D11Device> createDevice(D3D_FEATURE_LEVEL level) {
  util::ComPtr<ID3D11Device> device;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                                 device.put(), nullptr, nullptr);
  REQUIRE(hr == S_OK);
  REQUIRE(device->GetFeatureLevel() == level);
  return device;
}

inline void checkValidation(ID3D11Device* device) {
  auto info = util::ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  CHECK(info->GetValidationErrorCount() == 0);
}

// A complete, checksummed container from assembly text.
inline std::vector<uint8_t> assemble(const std::string& text) {
  return dxbc::assemble(text).write();
}

// The same container with a level-9 chunk added, as fxc writes for vs/ps_4_0_level_9_x: the
// Direct3D 9 code starts with its version token (vs_2_0/ps_2_0 for 9_1, 2.1 i.e. 2_x for 9_3).
inline std::vector<uint8_t> withLevel9Chunk(const std::string& text, bool pixel, uint32_t minor) {
  dxbc::Container container = dxbc::assemble(text);
  uint32_t version = (pixel ? 0xFFFF0000u : 0xFFFE0000u) | 0x0200u | minor;
  std::vector<uint32_t> words = {0x00000010u, 0x00000024u, version, 0x0000FFFFu};
  dxbc::Chunk chunk;
  chunk.code = dxbc::makeFourCC("Aon9");
  for (uint32_t word : words)
    for (int i = 0; i < 4; ++i)
      chunk.data.push_back(uint8_t(word >> (8 * i)));
  container.chunks().push_back(chunk);
  return container.write();
}

// A vertex shader reading POSITION0 (float4) and TEXCOORD0 (float2), declaring COLOR0 without
// reading it, and using SV_VertexID.
inline const char* kVertexShader =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// POSITION                 0   xyzw        0     NONE   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "// COLOR                    0   xyzw        2     NONE   float       \n"
    "// SV_VertexID              0   x           3   VERTID    uint   x\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "//\n"
    "vs_5_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xy\n"
    "dcl_input_sgv v3.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_temps 1\n"
    "utof r0.x, v3.x\n"
    "add o0.xyzw, v0.xyzw, r0.xxxx\n"
    "mov o1.xy, v1.xyxx\n"
    "ret\n";

}  // namespace shader_test
