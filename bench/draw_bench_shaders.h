// D3D assembly of the shaders draw_bench and vk_draw_floor both draw with, so the D3D11 figures and the raw-Vulkan floor run the same code.
#pragma once

namespace draw_bench {

// POSITION (xy) in, SV_Position out: the triangle's corners come from a 3-vertex buffer.
inline const char* const kVertexShader =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// POSITION                 0   xy          0     NONE   float   xy\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "vs_4_0\n"
    "dcl_input v0.xy\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xy, v0.xyxx\n"
    "mov o0.zw, l(0, 0, 0.5, 1.0)\n"
    "ret\n";

// Every pixel shader reads only SV_Position's register (unused) and writes SV_Target0.
#define DRAW_BENCH_PS_SIGNATURE                                                \
  "// Input signature:\n"                                                      \
  "//\n"                                                                       \
  "// Name                 Index   Mask Register SysValue  Format   Used\n"    \
  "// -------------------- ----- ------ -------- -------- ------- ------\n"    \
  "// SV_Position              0   xyzw        0      POS   float       \n"   \
  "//\n"                                                                       \
  "// Output signature:\n"                                                     \
  "//\n"                                                                       \
  "// Name                 Index   Mask Register SysValue  Format   Used\n"    \
  "// -------------------- ----- ------ -------- -------- ------- ------\n"    \
  "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n"    \
  "//\n"

// Pattern (a): no resources at all, so nothing but the draw itself is measured.
inline const char* const kSolidPixelShader = DRAW_BENCH_PS_SIGNATURE
    "ps_4_0\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, l(1.0, 0.5, 0.25, 1.0)\n"
    "ret\n";

// Pattern (b): the colour comes from cb0[0], which the bench rewrites before every draw.
inline const char* const kConstantPixelShader = DRAW_BENCH_PS_SIGNATURE
    "ps_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, cb0[0].xyzw\n"
    "ret\n";

// Pattern (c): two different shaders that both sample t0 with s0, so switching between them
// changes the pipeline while the binding layout stays the same.
inline const char* const kTexturePixelShaderA = DRAW_BENCH_PS_SIGNATURE
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_output o0.xyzw\n"
    "sample o0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0\n"
    "ret\n";

inline const char* const kTexturePixelShaderB = DRAW_BENCH_PS_SIGNATURE
    "ps_4_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "sample r0.xyzw, l(0.25, 0.75, 0, 0), t0.xyzw, s0\n"
    "mul o0.xyzw, r0.xyzw, l(0.5, 0.5, 0.5, 1.0)\n"
    "ret\n";

#undef DRAW_BENCH_PS_SIGNATURE

// A triangle of a few dozen pixels in the 256x256 target, wound clockwise (D3D's front face).
inline const float kTriangle[3][2] = {{-0.05f, -0.05f}, {-0.05f, 0.05f}, {0.05f, 0.05f}};

constexpr int kTargetSize = 256;
constexpr int kDraws = 10000;
constexpr int kRuns = 5;  // timed runs; one warm-up run comes first and is not counted

}  // namespace draw_bench
