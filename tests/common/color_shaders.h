// D3D assembly shaders shared by the rendering tests of several suites (D3D11, D3D10, the Wine
// end-to-end programs): a pass-through vertex shader and an interpolated-colour pixel shader. Plain
// text, no test framework: the Windows programs include it too.
#pragma once

// The signature tables of a pixel shader that reads the colour shaders' outputs (SV_Position, COLOR)
// and writes SV_Target0: the start of any such shader's assembly.
#define D3D11VK_TEST_COLOR_PS_SIGNATURE \
    "// Input signature:\n" \
    "//\n" \
    "// Name                 Index   Mask Register SysValue  Format   Used\n" \
    "// -------------------- ----- ------ -------- -------- ------- ------\n" \
    "// SV_Position              0   xyzw        0      POS   float       \n" \
    "// COLOR                    0   xyzw        1     NONE   float   xyzw\n" \
    "//\n" \
    "// Output signature:\n" \
    "//\n" \
    "// Name                 Index   Mask Register SysValue  Format   Used\n" \
    "// -------------------- ----- ------ -------- -------- ------- ------\n" \
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n" \
    "//\n"

namespace test_shaders {

// POSITION (xy) and COLOR (rgba) in; position and colour out.
inline const char* const kColorVS =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// POSITION                 0   xy          0     NONE   float   xy\n"
    "// COLOR                    0   xyzw        1     NONE   float   xyzw\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// COLOR                    0   xyzw        1     NONE   float   xyzw\n"
    "//\n"
    "vs_4_0\n"
    "dcl_input v0.xy\n"
    "dcl_input v1.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xy, v0.xyxx\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "mov o1.xyzw, v1.xyzw\n"
    "ret\n";

// The interpolated colour.
inline const char* const kColorPS =
    D3D11VK_TEST_COLOR_PS_SIGNATURE
    "ps_4_0\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "ret\n";

}  // namespace test_shaders
