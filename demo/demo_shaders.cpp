// The demo's vertex, pixel and compute shaders in D3D assembly, with the signature tables the
// assembler reads from the comments (the same layout fxc prints).
#include "demo_shaders.h"

#include <cstdio>
#include <stdexcept>

#include "dxbc/assembler.h"
#include "dxbc/error.h"

namespace demo {

namespace {

struct SignatureRow {
  const char* name;
  unsigned index;
  const char* mask;
  unsigned reg;
  const char* sysValue;
  const char* format;
  const char* used;
};

// Prints a signature table; the assembler finds the columns from the dashed line, so the rows
// must line up with it exactly. Generating them keeps the alignment right.
std::string signature(const char* title, std::initializer_list<SignatureRow> rows) {
  std::string out = std::string("// ") + title + ":\n"
      "//\n"
      "// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n";
  char line[160];
  for (const SignatureRow& r : rows) {
    std::snprintf(line, sizeof(line), "// %-20s %5u   %-4s %8u %8s %7s   %-4s\n", r.name, r.index, r.mask, r.reg, r.sysValue,
                  r.format, r.used);
    out += line;
  }
  return out + "//\n";
}

// Between the vertex and pixel shaders: world normal, texture coordinate, instance colour.
std::string vertexOutputs() {
  return signature("Output signature", {
      {"SV_Position", 0, "xyzw", 0, "POS", "float", "xyzw"},
      {"NORMAL", 0, "xyz", 1, "NONE", "float", "xyz"},
      {"TEXCOORD", 0, "xy", 2, "NONE", "float", "xy"},
      {"COLOR", 0, "xyzw", 3, "NONE", "float", "xyzw"},
  });
}

}  // namespace

std::string vertexShaderText() {
  return signature("Input signature", {
             {"POSITION", 0, "xyz", 0, "NONE", "float", "xyz"},
             {"NORMAL", 0, "xyz", 1, "NONE", "float", "xyz"},
             {"TEXCOORD", 0, "xy", 2, "NONE", "float", "xy"},
             {"INSTANCE", 0, "xyzw", 3, "NONE", "float", "xyzw"},
             {"COLOR", 0, "xyzw", 4, "NONE", "float", "xyzw"},
         }) +
         vertexOutputs() +
         "vs_5_0\n"
         "dcl_globalFlags refactoringAllowed\n"
         "dcl_constantbuffer cb0[7], immediateIndexed\n"
         "dcl_input v0.xyz\n"
         "dcl_input v1.xyz\n"
         "dcl_input v2.xy\n"
         "dcl_input v3.xyzw\n"
         "dcl_input v4.xyzw\n"
         "dcl_output_siv o0.xyzw, position\n"
         "dcl_output o1.xyz\n"
         "dcl_output o2.xy\n"
         "dcl_output o3.xyzw\n"
         "dcl_temps 3\n"
         // r2.x = sin, r2.y = cos of the cube's angle (frame spin plus the instance's phase).
         "add r2.z, cb0[4].x, v3.w\n"
         "sincos r2.x, r2.y, r2.z\n"
         // Spin the model-space position about the y axis: x' = x cos + z sin, z' = z cos - x sin.
         "mul r0.x, v0.x, r2.y\n"
         "mad r0.x, v0.z, r2.x, r0.x\n"
         "mul r0.z, v0.z, r2.y\n"
         "mad r0.z, -v0.x, r2.x, r0.z\n"
         "mov r0.y, v0.y\n"
         "add r0.xyz, r0.xyzx, v3.xyzx\n"
         "mov r0.w, l(1.0)\n"
         "dp4 o0.x, cb0[0].xyzw, r0.xyzw\n"
         "dp4 o0.y, cb0[1].xyzw, r0.xyzw\n"
         "dp4 o0.z, cb0[2].xyzw, r0.xyzw\n"
         "dp4 o0.w, cb0[3].xyzw, r0.xyzw\n"
         // The normal turns with the cube (a pure rotation: no inverse transpose needed).
         "mul r1.x, v1.x, r2.y\n"
         "mad r1.x, v1.z, r2.x, r1.x\n"
         "mul r1.z, v1.z, r2.y\n"
         "mad r1.z, -v1.x, r2.x, r1.z\n"
         "mov r1.y, v1.y\n"
         "mov o1.xyz, r1.xyzx\n"
         "mov o2.xy, v2.xyxx\n"
         "mov o3.xyzw, v4.xyzw\n"
         "ret\n";
}

std::string pixelShaderText() {
  return signature("Input signature", {
             {"SV_Position", 0, "xyzw", 0, "POS", "float", ""},
             {"NORMAL", 0, "xyz", 1, "NONE", "float", "xyz"},
             {"TEXCOORD", 0, "xy", 2, "NONE", "float", "xy"},
             {"COLOR", 0, "xyzw", 3, "NONE", "float", "xyz"},
         }) +
         signature("Output signature", {
             {"SV_Target", 0, "xyzw", 0, "TARGET", "float", "xyzw"},
         }) +
         "ps_5_0\n"
         "dcl_globalFlags refactoringAllowed\n"
         "dcl_constantbuffer cb0[7], immediateIndexed\n"
         "dcl_sampler s0, mode_default\n"
         "dcl_resource_texture2d (float,float,float,float) t0\n"
         "dcl_input_ps linear v1.xyz\n"
         "dcl_input_ps linear v2.xy\n"
         "dcl_input_ps linear v3.xyz\n"
         "dcl_output o0.xyzw\n"
         "dcl_temps 2\n"
         // Interpolation shortens the normal: renormalise before N.L.
         "dp3 r0.x, v1.xyzx, v1.xyzx\n"
         "rsq r0.x, r0.x\n"
         "mul r0.xyz, r0.xxxx, v1.xyzx\n"
         "dp3_sat r0.x, r0.xyzx, cb0[5].xyzx\n"
         "mad r0.x, r0.x, cb0[6].y, cb0[6].x\n"
         "sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v2.xyxx, t0.xyzw, s0\n"
         "mul r1.xyz, r1.xyzx, v3.xyzx\n"
         "mul o0.xyz, r0.xxxx, r1.xyzx\n"
         "mov o0.w, l(1.0)\n"
         "ret\n";
}

std::string computeShaderText() {
  // One thread per texel of the 64x64 texture: squares of 8x8 texels alternate between white and
  // a dark slate, so the picture shows the compute pass's output on every face.
  return "cs_5_0\n"
         "dcl_globalFlags refactoringAllowed\n"
         "dcl_uav_typed_texture2d (unorm,unorm,unorm,unorm) u0\n"
         "dcl_input vThreadID.xy\n"
         "dcl_temps 2\n"
         "dcl_thread_group 8, 8, 1\n"
         "ushr r0.xy, vThreadID.xyxx, l(3, 3, 0, 0)\n"
         "xor r0.x, r0.x, r0.y\n"
         "and r0.x, r0.x, l(1)\n"
         "movc r1.xyzw, r0.xxxx, l(0.22, 0.24, 0.30, 1.0), l(1.0, 1.0, 1.0, 1.0)\n"
         "store_uav_typed u0.xyzw, vThreadID.xyyy, r1.xyzw\n"
         "ret\n";
}

std::vector<uint8_t> assembleShader(const char* name, const std::string& text) {
  try {
    return dxbc::assemble(text).write();
  } catch (const dxbc::Error& e) {
    throw std::runtime_error(std::string("cannot assemble the ") + name + " shader: " + e.what());
  }
}

}  // namespace demo
