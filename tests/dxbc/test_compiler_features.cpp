// The compiler's subroutines, precise, indexed resources, max tess factor, stream output, class
// linkage refusal and a bounded fuzz run of mutated corpus blobs through compile and spirv-val.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <random>
#include <string>

#include "compile_valid.h"
#include "corpus.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "dxbc/container.h"
#include "spirv_validate.h"

using namespace dxbc;
using compiler_test::Compiled;
using compiler_test::compileValid;

namespace {

std::string compileError(const std::string& source, const CompileOptions& options = {}) {
  return compile(assemble(source).write(), options).error;
}

const char* kVertexSignatures =
  "// Output signature:\n"
  "//\n"
  "// Name                 Index   Mask Register SysValue  Format   Used\n"
  "// -------------------- ----- ------ -------- -------- ------- ------\n"
  "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
  "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
  "// TEXCOORD                 1     zw        1     NONE    uint     zw\n"
  "//\n";

const char* kVertexCode =
  "vs_5_0\n"
  "dcl_input v0.xyzw\n"
  "dcl_output_siv o0.xyzw, position\n"
  "dcl_output o1.xy\n"
  "dcl_output o1.zw\n"
  "mov o0.xyzw, v0.xyzw\n"
  "mov o1.xy, v0.xyxx\n"
  "ftou o1.zw, v0.zzzw\n"
  "ret\n";

}  // namespace

TEST_CASE("subroutines become SPIR-V functions; bad labels and recursion are refused", "[compiler]") {
  Compiled c = compileValid(
    "ps_5_0\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "mov r0.xyzw, l(0, 0, 0, 0)\n"
    "call label1\n"
    "callc_nz r0.x, label2\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n"
    "label label1\n"
    "mov r0.x, l(1)\n"
    "if_nz r0.x\n"
    "  call label2\n"
    "  ret\n"
    "endif\n"
    "ret\n"
    "label label2\n"
    "add r0.y, r0.y, l(1.0)\n"
    "ret\n");
  CHECK(c.has("OpName %l1 \"l1\""));
  CHECK(c.has("OpName %l2 \"l2\""));
  CHECK(c.count("OpFunctionCall %void %l2") == 2);
  CHECK(compileError("ps_5_0\ncall label3\nret\n") == "invalid: call to label l3, which has no body");
  CHECK(compileError("ps_5_0\ncall label0\nret\nlabel label0\ncall label1\nret\nlabel label1\ncall label0\nret\n")
          .rfind("invalid: recursive call of label l", 0) == 0);
  CHECK(compileError("ps_5_0\nret\nlabel label0\nret\nlabel label0\nret\n") == "invalid: label l0 appears twice");
  CHECK(compileError("ps_5_0\ndcl_temps 1\nif_nz r0.x\nlabel label0\nret\n") ==
        "invalid: label l0 inside an open if, loop or switch");
}

TEST_CASE("a hull shader phase calls a subroutine placed after the last phase", "[compiler]") {
  Compiled c = compileValid(
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "hs_fork_phase\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "dcl_temps 1\n"
    "call label0\n"
    "mov o0.x, r0.x\n"
    "mov o1.x, r0.x\n"
    "mov o2.x, r0.x\n"
    "mov o3.x, r0.x\n"
    "ret\n"
    "label label0\n"
    "mov r0.x, l(4.0)\n"
    "ret\n");
  CHECK(c.has("OpFunctionCall %void %l0"));
}

TEST_CASE("lod queries the level of detail in pixel shaders only", "[compiler]") {
  std::string source =
    "ps_5_0\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texturecube (float,float,float,float) t0\n"
    "dcl_input_ps linear v0.xyz\n"
    "dcl_output o0.xyzw\n"
    "lod o0.xyzw, v0.xyzx, t0.yxzw, s0\n"
    "ret\n";
  Compiled c = compileValid(source);
  CHECK(c.has("OpImageQueryLod %v2float"));
  CHECK(c.has("OpCapability ImageQuery"));
  source.replace(0, 2, "vs");
  source.replace(source.find("dcl_input_ps linear"), 19, "dcl_input");
  CHECK(compileError(source) == "invalid: lod is not allowed in a vertex shader, only in pixel shaders");
}

TEST_CASE("precise instructions get NoContraction on their float arithmetic", "[compiler]") {
  Compiled c = compileValid(
    "ps_5_0\n"
    "dcl_input_ps linear v0.xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "mad r0.xyzw, v0.xyzw, v0.wzyx, v0.xxxx\n"
    "mad [precise(xy)] r0.xy, r0.xyxx, v0.xyxx, l(1.0, 1.0, 0, 0)\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n");
  // The precise mad's multiply and add, and nothing of the plain one.
  CHECK(c.count("NoContraction") == 2);
}

TEST_CASE("float controls: SignedZeroInfNanPreserve is asked for when the options say the device honours it",
          "[compiler]") {
  const std::string floats =
    "cs_5_0\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "ld_raw r0.xy, l(0), u0.xyxx\n"
    "add r0.x, r0.x, l(0.0)\n"
    "store_raw u0.x, l(0), r0.x\n"
    "ret\n";
  // Without the options nothing changes: a device that lacks the property gets the old module.
  Compiled plain = compileValid(floats);
  CHECK_FALSE(plain.has("SignedZeroInfNanPreserve"));
  CHECK_FALSE(plain.has("SPV_KHR_float_controls"));
  CompileOptions options;
  options.preserveSignedZeroInfNan32 = true;
  options.preserveSignedZeroInfNan64 = true;
  Compiled preserved = compileValid(floats, options);
  CHECK(preserved.has("OpExtension \"SPV_KHR_float_controls\""));
  CHECK(preserved.has("OpCapability SignedZeroInfNanPreserve"));
  CHECK(preserved.has("SignedZeroInfNanPreserve 32"));
  // 64-bit only where the shader uses doubles (the mode names a width the module must have).
  CHECK_FALSE(preserved.has("SignedZeroInfNanPreserve 64"));
  Compiled doubles = compileValid(
    "cs_5_0\n"
    "dcl_globalFlags enableDoublePrecisionFloatOps\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 1\n"
    "dcl_thread_group 1, 1, 1\n"
    "ld_raw r0.xy, l(0), u0.xyxx\n"
    "dadd r0.xy, r0.xyxy, d(0.0, 0.0)\n"
    "store_raw u0.xy, l(0), r0.xyxx\n"
    "ret\n",
    options);
  CHECK(doubles.has("SignedZeroInfNanPreserve 32"));
  CHECK(doubles.has("SignedZeroInfNanPreserve 64"));
}

TEST_CASE("div and ddiv by a constant zero multiply by an infinity of the zero's sign", "[compiler]") {
  // Vulkan leaves OpFDiv undefined for a zero divisor and drivers fold it away; D3D defines it.
  Compiled c = compileValid(
    "cs_5_0\n"
    "dcl_globalFlags enableDoublePrecisionFloatOps\n"
    "dcl_uav_raw u0\n"
    "dcl_temps 2\n"
    "dcl_thread_group 1, 1, 1\n"
    "ld_raw r0.xyzw, l(0), u0.xyzw\n"
    "div r1.xy, r0.xyxx, -l(0.0, 2.0, 0, 0)\n"
    "ddiv r1.zw, r0.xyxy, d(0.0, 0.0)\n"
    "div r1.x, r1.x, l(4.0)\n"
    "store_raw u0.xyzw, l(0), r1.xyzw\n"
    "ret\n");
  CHECK(c.has("float_n0x1p_128"));  // -inf: the zero was negated by the modifier
  CHECK(c.has("OpVectorShuffle %v2float"));  // x: the product, y: the quotient by 2
  CHECK(c.count("OpFDiv") == 2);  // by (1.0, -2.0) for the shuffle's y, and by 4
  CHECK(c.has("double_0x1p_1024"));
}

TEST_CASE("discard demotes to a helper invocation where the device can, and the code after it stays", "[compiler]") {
  // A discard followed by a derivative: D3D keeps the discarded pixel running so that its quad's
  // derivatives stay defined. The second discard's condition is the derivative, so it cannot be
  // dropped as dead code.
  const std::string source =
    "ps_5_0\n"
    "dcl_input_ps linear v0.xy\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "discard_nz v0.x\n"
    "deriv_rtx_fine r0.x, v0.y\n"
    "discard_z r0.x\n"
    "mov o0.xyzw, r0.xxxx\n"
    "ret\n";
  Compiled killing = compileValid(source);
  CHECK(killing.count("OpKill") == 2);
  CHECK_FALSE(killing.has("DemoteToHelperInvocation"));
  CompileOptions options;
  options.demoteToHelperInvocation = true;
  Compiled demoting = compileValid(source, options);
  CHECK_FALSE(demoting.has("OpKill"));
  CHECK(demoting.has("OpExtension \"SPV_EXT_demote_to_helper_invocation\""));
  CHECK(demoting.has("OpCapability DemoteToHelperInvocation"));
  CHECK(demoting.count("OpDemoteToHelperInvocation") == 2);
  CHECK(demoting.has("OpDPdxFine"));
  // Two conditional demotes, each a selection construct that rejoins the code after it.
  CHECK(demoting.count("OpSelectionMerge") == 2);
}

TEST_CASE("a rasterizer-ordered UAV puts the pixel shader's body in a fragment shader interlock", "[compiler]") {
  // A read-modify-write of the pixel's texel with an early return: the interlock must still be
  // begun and ended exactly once, around the body's call.
  const std::string source =
    "ps_5_0\n"
    "dcl_uav_typed_texture2d_rov (uint,uint,uint,uint) u1\n"
    "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
    "dcl_temps 2\n"
    "ftou r0.xy, v0.xyxx\n"
    "ld_uav_typed r1.x, r0.xyyy, u1.xyzw\n"
    "retc_z r1.x\n"
    "iadd r1.x, r1.x, l(1)\n"
    "store_uav_typed u1.xyzw, r0.xyyy, r1.xxxx\n"
    "ret\n";
  Compiled ordered = compileValid(source);
  CHECK(ordered.result.reflection.rasterizerOrdered);
  CHECK(ordered.has("OpExtension \"SPV_EXT_fragment_shader_interlock\""));
  CHECK(ordered.has("OpCapability FragmentShaderPixelInterlockEXT"));
  CHECK(ordered.has("OpExecutionMode %main PixelInterlockOrderedEXT"));
  CHECK(ordered.count("OpBeginInvocationInterlockEXT") == 1);
  CHECK(ordered.count("OpEndInvocationInterlockEXT") == 1);
  // Begin, the body's call, End: in that order in the entry point.
  const size_t begin = ordered.text.find("OpBeginInvocationInterlockEXT");
  const size_t call = ordered.text.find("OpFunctionCall", begin);
  const size_t end = ordered.text.find("OpEndInvocationInterlockEXT");
  CHECK(begin < call);
  CHECK(call < end);
  CHECK(ordered.text.find("OpFunctionCall", call + 1) > end);

  // The same shader without _rov has no interlock.
  std::string plainSource = source;
  plainSource.erase(plainSource.find("_rov"), 4);
  Compiled plain = compileValid(plainSource);
  CHECK_FALSE(plain.result.reflection.rasterizerOrdered);
  CHECK_FALSE(plain.has("Interlock"));

  // ROVs exist only in pixel shaders.
  CHECK(compileError("cs_5_0\ndcl_uav_raw_rov u0\ndcl_thread_group 1, 1, 1\nstore_raw u0.x, l(0), l(1)\nret\n") ==
        "invalid: a rasterizer-ordered UAV outside a pixel shader");
}

TEST_CASE("vInnerCoverage reads FullyCoveredEXT as 1 or 0 and excludes vCoverage", "[compiler]") {
  const std::string source =
    "ps_5_0\n"
    "dcl_input vInnerCoverage\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, vInnerCoverage.xxxx\n"
    "ret\n";
  Compiled c = compileValid(source);
  CHECK(c.result.reflection.innerCoverage);
  CHECK(c.has("OpExtension \"SPV_EXT_fragment_fully_covered\""));
  CHECK(c.has("OpCapability FragmentFullyCoveredEXT"));
  CHECK(c.has("BuiltIn FullyCoveredEXT"));
  CHECK(c.count("OpSelect") == 1);  // the bool becomes D3D's uint
  Compiled plain = compileValid("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(0,0,0,0)\nret\n");
  CHECK_FALSE(plain.result.reflection.innerCoverage);
  CHECK_FALSE(plain.has("FullyCovered"));
  // D3D: SV_InnerCoverage and SV_Coverage are mutually exclusive; only pixel shaders have it.
  CHECK(compileError("ps_5_0\ndcl_input vInnerCoverage\ndcl_input vCoverage\ndcl_output o0.xyzw\n"
                     "mov o0.x, vInnerCoverage.x\nmov o0.y, vCoverage.x\nret\n") ==
        "invalid: vInnerCoverage together with vCoverage (D3D allows one or the other)");
  CHECK(compileError("ps_5_0\ndcl_input vInnerCoverage\ndcl_input vCoverage\ndcl_output o0.xyzw\n"
                     "mov o0.y, vCoverage.x\nmov o0.x, vInnerCoverage.x\nret\n") ==
        "invalid: vInnerCoverage together with vCoverage (D3D allows one or the other)");
}

TEST_CASE("dynamically indexed textures, samplers, UAVs and constant buffers switch over declared slots", "[compiler]") {
  Compiled c = compileValid(
    "ps_5_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_constantbuffer cb2[2], immediateIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_sampler s3, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_resource_texture2d (float,float,float,float) t1\n"
    "dcl_resource_texture2d (float,float,float,float) t5\n"
    "dcl_uav_typed_texture2d (float,float,float,float) u1\n"
    "dcl_uav_typed_texture2d (float,float,float,float) u2\n"
    "dcl_input_ps linear v0.xy\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 2\n"
    "ftou r1.xyzw, v0.xyxy\n"
    "sample r0.xyzw, v0.xyxx, t[r1.x + 0].xyzw, s[r1.y + 0]\n"
    "add r0.xyzw, r0.xyzw, cb[r1.z + 0][1].xyzw\n"
    "store_uav_typed u[r1.w + 1].xyzw, r1.xyyy, r0.xyzw\n"
    "mov o0.xyzw, r0.xyzw\n"
    "ret\n");
  // The sample is emitted for each of 3 textures times 2 samplers.
  CHECK(c.count("OpImageSampleImplicitLod") == 6);
  CHECK(c.count("OpImageWrite") == 2);
  CHECK(c.has("OpSwitch"));
  CHECK(compileError("ps_5_0\ndcl_temps 1\ndcl_output o0.xyzw\nsample r0.xyzw, r0.xyxx, t[r0.x + 0].xyzw, s0\nret\n") ==
        "invalid: indexed t register with none declared");
}

TEST_CASE("dcl_hs_max_tessfactor clamps the tessellation factors", "[compiler]") {
  std::string hull =
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "dcl_hs_max_tessfactor l(MAX)\n"
    "hs_fork_phase\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "mov o0.x, l(40.0)\n"
    "mov o1.x, l(40.0)\n"
    "mov o2.x, l(40.0)\n"
    "mov o3.x, l(40.0)\n"
    "ret\n";
  auto with = [&](const std::string& max) {
    std::string s = hull;
    s.replace(s.find("MAX"), 3, max);
    return s;
  };
  Compiled clamped = compileValid(with("16.000000"));
  CHECK(clamped.has("%float_16 = OpConstant %float 16"));
  CHECK(clamped.count("OpFOrdGreaterThan") == 4);
  Compiled unclamped = compileValid(with("64.000000"));
  CHECK(unclamped.count("OpFOrdGreaterThan") == 0);
  CHECK(compileError(with("65.000000")).rfind("invalid: dcl_hs_max_tessfactor", 0) == 0);

  // pow2 partitioning: equal spacing with every factor rounded up to a power of two (after the clamp).
  std::string pow2 = with("16.000000");
  pow2.replace(pow2.find("partitioning_integer"), 20, "partitioning_pow2");
  Compiled rounded = compileValid(pow2);
  CHECK(rounded.has("OpExecutionMode %main SpacingEqual"));
  CHECK(rounded.count("FindUMsb") == 4);
  CHECK(rounded.count("OpFOrdGreaterThan") == 12);  // the clamp, the cap at 64, the "above 1" test
}

TEST_CASE("stream output entries become transform feedback variables", "[compiler]") {
  CompileOptions options;
  options.streamOutput.entries = {
    {0, "SV_Position", 0, 0, 4, 0},  // 16 bytes at 0 of buffer 0
    {0, "", 0, 0, 2, 0},             // a gap of 8 bytes
    {0, "TEXCOORD", 0, 1, 1, 0},     // TEXCOORD0.y at 24
    {0, "texcoord", 1, 0, 2, 1},     // TEXCOORD1 (o1.zw, uint) to buffer 1, names match without case
  };
  options.streamOutput.strides[0] = 32;
  Compiled c = compileValid(std::string(kVertexSignatures) + kVertexCode, options);
  const ShaderReflection& r = c.result.reflection;
  CHECK(r.transformFeedback);
  CHECK(r.xfbLocations == std::vector<uint32_t>{2, 3, 4});
  CHECK(c.has("OpCapability TransformFeedback"));
  CHECK(c.has("OpExecutionMode %main Xfb"));
  CHECK(c.has("OpDecorate %xfb_SV_Position0 Offset 0"));
  CHECK(c.has("OpDecorate %xfb_SV_Position0 XfbBuffer 0"));
  CHECK(c.has("OpDecorate %xfb_SV_Position0 XfbStride 32"));
  CHECK(c.has("OpDecorate %xfb_TEXCOORD0 Offset 24"));
  CHECK(c.has("OpDecorate %xfb_texcoord1 XfbBuffer 1"));
  CHECK(c.has("OpDecorate %xfb_texcoord1 XfbStride 8"));  // packed: no stride given
  CHECK(c.has("OpDecorate %xfb_texcoord1 Offset 0"));
  CHECK(c.has("%xfb_texcoord1 = OpVariable %_ptr_Output_v2uint Output"));

  CompileOptions bad = options;
  bad.streamOutput.entries[2].semanticName = "COLOR";
  CHECK(compileError(std::string(kVertexSignatures) + kVertexCode, bad) ==
        "invalid: stream output entry COLOR0 (stream 0) is not in the output signature");
  bad = options;
  bad.streamOutput.entries[3].startComponent = 1;  // TEXCOORD1 has only two components
  CHECK(compileError(std::string(kVertexSignatures) + kVertexCode, bad) ==
        "invalid: stream output entry texcoord1 captures components its signature element does not have");
  bad = options;
  bad.streamOutput.strides[0] = 20;
  CHECK(compileError(std::string(kVertexSignatures) + kVertexCode, bad).rfind("invalid: stream output stride 20", 0) == 0);
  CHECK(compileError("ps_5_0\nret\n", options) ==
        "invalid: stream output for a shader stage other than vertex, domain or geometry");
}

TEST_CASE("a pass-through geometry shader is generated from vertex bytecode for each input primitive", "[compiler]") {
  const std::string vs = std::string(kVertexSignatures) + kVertexCode;
  CompileOptions options;
  options.streamOutput.entries = {{0, "SV_Position", 0, 0, 4, 0}, {0, "TEXCOORD", 1, 0, 2, 0}};
  struct Case {
    uint32_t primitive;
    const char* input;
    const char* output;
    uint32_t vertices;
  } cases[] = {{1, "InputPoints", "OutputPoints", 1}, {2, "InputLines", "OutputLineStrip", 2},
               {3, "Triangles", "OutputTriangleStrip", 3}, {6, "InputLinesAdjacency", "OutputLineStrip", 2},
               {7, "InputTrianglesAdjacency", "OutputTriangleStrip", 3}};
  for (const Case& k : cases) {
    INFO("primitive " << k.primitive);
    options.passThroughGeometry = k.primitive;
    Compiled c = compileValid(vs, options);
    CHECK(c.result.reflection.stage == ShaderStage::Geometry);
    CHECK(c.result.reflection.transformFeedback);
    CHECK(c.result.reflection.outputLocations == std::vector<uint32_t>{1});
    CHECK(c.result.reflection.inputLocations == std::vector<uint32_t>{1});
    CHECK(c.has(std::string("OpExecutionMode %main ") + k.input));
    CHECK(c.has(std::string("OpExecutionMode %main ") + k.output));
    CHECK(c.has("OpExecutionMode %main OutputVertices " + std::to_string(k.vertices)));
    CHECK(c.count("OpEmitVertex") == k.vertices);
    CHECK(c.count("OpEndPrimitive") == 1);
    CHECK(c.has("OpDecorate %xfb_SV_Position0 XfbBuffer 0"));
    CHECK(c.has("OpDecorate %xfb_TEXCOORD1 Offset 16"));
  }
  options.passThroughGeometry = 3;
  CHECK(compileError("ps_5_0\nret\n", options) == "invalid: a pass-through geometry shader needs vertex or domain shader bytecode");
  const std::string clip =
      "// Output signature:\n//\n"
      "// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n"
      "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
      "// SV_ClipDistance          0   x           1  CLIPDST   float   x\n"
      "//\n"
      "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_output_siv o1.x, clip_distance\n"
      "mov o0.xyzw, v0.xyzw\nmov o1.x, v0.x\nret\n";
  // Clip and cull distances: read from the per-vertex ClipDistance/CullDistance inputs, written
  // to the ClipDistance/CullDistance outputs, and capturable.
  options.streamOutput.entries = {{0, "SV_Position", 0, 0, 4, 0}, {0, "SV_ClipDistance", 0, 0, 1, 0}};
  for (uint32_t primitive : {1u, 2u, 3u, 6u, 7u}) {
    INFO("primitive " << primitive);
    options.passThroughGeometry = primitive;
    Compiled c = compileValid(clip, options);
    CHECK(c.result.reflection.stage == ShaderStage::Geometry);
    CHECK(c.count("BuiltIn ClipDistance") == 2);  // the input array and the output
    CHECK(c.has("OpDecorate %xfb_SV_ClipDistance0 Offset 16"));
    CHECK(c.result.reflection.inputLocations.empty());
  }
  const std::string cull =
      "// Output signature:\n//\n"
      "// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n"
      "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
      "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
      "// SV_CullDistance          0     z         1  CULLDST   float     z\n"
      "//\n"
      "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_output o1.xy\n"
      "dcl_output_siv o1.z, cull_distance\nmov o0.xyzw, v0.xyzw\nmov o1.xyz, v0.xyz\nret\n";
  options.passThroughGeometry = 3;
  options.streamOutput.entries = {{0, "TEXCOORD", 0, 0, 2, 0}, {0, "SV_CullDistance", 0, 0, 1, 0}};
  Compiled culled = compileValid(cull, options);
  CHECK(culled.count("BuiltIn CullDistance") == 2);
  CHECK(culled.result.reflection.inputLocations == std::vector<uint32_t>{1});
  // Other system values still leave no pass-through shader.
  const std::string layer =
      "// Output signature:\n//\n"
      "// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n"
      "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
      "// LAYER                    0   x           1  RTINDEX    uint   x\n"
      "//\n"
      "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\ndcl_output_siv o1.x, rendertarget_array_index\n"
      "mov o0.xyzw, v0.xyzw\nmov o1.x, l(1)\nret\n";
  options.streamOutput.entries = {{0, "SV_Position", 0, 0, 4, 0}};
  CHECK(compileError(layer, options).rfind("unsupported: pass-through geometry shader for an output with system value", 0) == 0);
}

TEST_CASE("the dual-source variant puts o1 at location 0 index 1 and drops the other targets", "[compiler]") {
  const std::string ps =
      "ps_5_0\n"
      "dcl_input_ps linear v1.xyzw\n"
      "dcl_output o0.xyzw\n"
      "dcl_output o1.xyzw\n"
      "dcl_output o2.xyzw\n"
      "mov o0.xyzw, v1.xyzw\n"
      "mov o1.xyzw, v1.wzyx\n"
      "mov o2.xyzw, v1.xxxx\n"
      "ret\n";
  Compiled plain = compileValid(ps);
  CHECK(plain.result.reflection.outputLocations == std::vector<uint32_t>{0, 1, 2});
  CHECK(!plain.has("Index"));

  CompileOptions options;
  options.dualSourceBlend = true;
  Compiled c = compileValid(ps, options);
  CHECK(c.result.reflection.outputLocations == std::vector<uint32_t>{0});
  CHECK(c.has("OpDecorate %out0 Location 0"));
  CHECK(c.has("OpDecorate %out0 Index 0"));
  CHECK(c.has("OpDecorate %out0_src1 Location 0"));
  CHECK(c.has("OpDecorate %out0_src1 Index 1"));
  CHECK(!c.has("%out2"));  // target 2 is not written while dual-source blending
  CHECK(c.count("OpVariable %_ptr_Output_v4float Output") == 2);
  CHECK(compileError("vs_5_0\nret\n", options) == "invalid: dual-source blending for a shader stage other than pixel");
}

TEST_CASE("a geometry shader's streams go to their own transform feedback buffers", "[compiler]") {
  CompileOptions options;
  options.streamOutput.entries = {{0, "SV_Position", 0, 0, 4, 0}, {1, "COLOR", 0, 0, 4, 1}};
  const std::string source =
    "// Output signature (OSG5):\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used Stream\n"
    "// -------------------- ----- ------ -------- -------- ------- ------ ------\n"
    "// SV_Position              0   xyzw        0      POS   float             0\n"
    "// COLOR                    0   xyzw        1     NONE   float             1\n"
    "//\n"
    "gs_5_0\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_inputprimitive point\n"
    "dcl_stream m0\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_stream m1\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 1\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "emit_stream m0\n"
    "mov o1.xyzw, v[0][0].wzyx\n"
    "emit_stream m1\n"
    "ret\n";
  Compiled c = compileValid(source, options);
  CHECK(c.has("OpExecutionMode %main Xfb"));
  CHECK(c.has("OpDecorate %xfb_COLOR0 Stream 1"));
  CHECK(c.has("OpDecorate %xfb_COLOR0 XfbBuffer 1"));
  CHECK(c.has("OpDecorate %xfb_SV_Position0 Stream 0"));
  options.streamOutput.entries[1].outputSlot = 0;
  CHECK(compileError(source, options) == "invalid: stream output buffer 0 is fed by two streams");
}

// HLSL's one vertex struct appended to two streams: the same register declared in both. Its one
// Location variable carries the rasterized stream; every stream's capture has its own variable.
TEST_CASE("geometry shader streams may share an output register; its variable is the rasterized stream's",
          "[compiler]") {
  const std::string source =
    "// Output signature (OSG5):\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used Stream\n"
    "// -------------------- ----- ------ -------- -------- ------- ------ ------\n"
    "// COLOR                    0   xyzw        0     NONE   float             0\n"
    "// COLOR                    0   xyzw        0     NONE   float             1\n"
    "//\n"
    "gs_5_0\n"
    "dcl_input v[1][0].xyzw\n"
    "dcl_inputprimitive point\n"
    "dcl_stream m0\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output o0.xyzw\n"
    "dcl_stream m1\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output o0.xyzw\n"
    "dcl_maxout 2\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "emit_stream m0\n"
    "mov o0.xyzw, v[0][0].wzyx\n"
    "emit_stream m1\n"
    "ret\n";
  Compiled plain = compileValid(source);
  CHECK(plain.count("OpDecorate %out0 Location 0") == 1);
  CHECK(!plain.has("OpDecorate %out0 Stream 1"));  // stream 0 is rasterized without stream output
  CompileOptions options;
  options.streamOutput.entries = {{0, "COLOR", 0, 0, 4, 0}, {1, "COLOR", 0, 0, 4, 1}};
  options.streamOutput.rasterizedStream = 1;
  Compiled c = compileValid(source, options);
  CHECK(c.has("OpDecorate %out0 Stream 1"));
  CHECK(c.count("OpDecorate %out0 Location 0") == 1);
  CHECK(c.count("OpEmitStreamVertex") == 2);
  CHECK(c.count("XfbBuffer") == 2);
}

TEST_CASE("abort compiles to nothing; the clamped tiled-resource samples compile with MinLod", "[compiler]") {
  Compiled aborting = compileValid("ps_5_0\ndcl_output o0.xyzw\nabort\nmov o0.xyzw, l(1.0, 0, 0, 1.0)\nret\n");
  CHECK(aborting.has("OpStore"));  // the code after it still runs
  Compiled clamped = compileValid(
      "ps_5_0\ndcl_sampler s0, mode_default\ndcl_sampler s1, mode_comparison\n"
      "dcl_resource_texture2d (float,float,float,float) t0\ndcl_resource_texture2d (float,float,float,float) t1\n"
      "dcl_output o0.xyzw\ndcl_temps 3\n"
      "mov r0.xyzw, l(0.5, 0.5, 0.25, 1.0)\n"
      "sample_cl_s r1.xyzw, r2.x, r0.xyxx, t0.xyzw, s0, l(1.0)\n"
      "sample_b_cl_s r1.xyzw, r2.y, r0.xyxx, t0.xyzw, s0, l(0.5), r0.z\n"
      "sample_d_cl_s r1.xyzw, r2.z, r0.xyxx, t0.xyzw, s0, r0.zzzz, r0.zzzz, l(2.0)\n"
      "sample_c_cl_s r1.x, r2.w, r0.xyxx, t[r0.w + 0].xxxx, s1, r0.z, l(1.0)\n"
      "mov o0.xyzw, r1.xyzw\nret\n");
  CHECK(clamped.has("OpCapability MinLod"));
  CHECK(clamped.count("MinLod %") >= 4);  // one per sample (the indexed one once per declared slot)
  CHECK(clamped.result.reflection.minLod);
  CHECK(compileError("ps_5_1\nret\n") == "unsupported: shader model 5.1 (Direct3D 12 only)");
}

// The fuzz target of the front end, carried through the compiler: mutated corpus blobs must
// compile to valid SPIR-V or be refused with "unsupported:" or "invalid:", never crash or hit an
// internal error. Mutations mostly hit the shader code chunk (bit flips, replaced tokens, copied
// runs, changed opcodes), some the rest of the container; the checksum is unchecked, as compile()
// does.
TEST_CASE("mutated corpus blobs compile to valid SPIR-V or are refused cleanly", "[compiler-fuzz]") {
  if (!dxbc_test::corpusPresent()) {
    WARN("skipped: " << dxbc_test::corpusDir() << " is absent");
    return;
  }
  std::vector<std::string> files = dxbc_test::corpusFiles();
  // FUZZ_SEED and FUZZ_ROUNDS in the environment run other or longer campaigns.
  const char* seedText = std::getenv("FUZZ_SEED");
  const char* roundsText = std::getenv("FUZZ_ROUNDS");
  std::mt19937 rng(seedText ? uint32_t(std::strtoul(seedText, nullptr, 10)) : 20261130u);
  const int rounds = roundsText ? std::atoi(roundsText) : 10000;
  size_t runs = 0, compiled = 0, refused = 0;
  for (int round = 0; round < rounds; round++) {
    std::vector<uint8_t> bytes = readFile(files[rng() % files.size()]);
    // Find the code chunk so that most mutations land in tokens rather than headers.
    size_t codeBegin = 32, codeEnd = bytes.size();
    for (size_t i = 0; i + 8 <= bytes.size(); i += 4)
      if ((bytes[i] == 'S' && bytes[i + 1] == 'H' && (bytes[i + 2] == 'E' || bytes[i + 2] == 'D'))) {
        codeBegin = i + 8 + 8;  // past the chunk header and the version/length tokens
        break;
      }
    if (codeBegin + 8 > codeEnd)
      continue;
    size_t words = (codeEnd - codeBegin) / 4;
    auto word = [&](size_t w) { return reinterpret_cast<uint8_t*>(bytes.data() + codeBegin + 4 * w); };
    int mutations = 1 + int(rng() % 4);
    for (int m = 0; m < mutations; m++) {
      switch (rng() % 5) {
        case 0: {  // flip one bit
          size_t at = codeBegin + rng() % (codeEnd - codeBegin);
          bytes[at] ^= uint8_t(1u << (rng() % 8));
          break;
        }
        case 1: {  // replace a token with a random or boundary value
          static const uint32_t kValues[] = {0, 1, 0xffffffffu, 0x80000000u, 4096, 33, 0x7fffffffu};
          uint32_t v = rng() % 2 ? uint32_t(rng()) : kValues[rng() % std::size(kValues)];
          std::memcpy(word(rng() % words), &v, 4);
          break;
        }
        case 2: {  // copy a run of tokens over another place
          size_t from = rng() % words, to = rng() % words, n = 1 + rng() % 8;
          for (size_t i = 0; i < n && from + i < words && to + i < words; i++)
            std::memcpy(word(to + i), word(from + i), 4);
          break;
        }
        case 3: {  // flip a bit anywhere past the container header: signatures, RDEF, chunk table
          size_t at = 32 + rng() % (bytes.size() - 32);
          bytes[at] ^= uint8_t(1u << (rng() % 8));
          break;
        }
        default: {  // change an opcode token's opcode
          size_t w = rng() % words;
          uint32_t v;
          std::memcpy(&v, word(w), 4);
          v = (v & ~0x7ffu) | uint32_t(rng() % 235);
          std::memcpy(word(w), &v, 4);
          break;
        }
      }
    }
    CompileResult r = compile(bytes);
    INFO("round " << round << ": " << r.error);
    runs++;
    if (r.ok()) {
      compiled++;
      std::string message = spirv_test::validate(r.spirv);
      INFO(message);
      CHECK(message == "");
      if (!message.empty() && std::getenv("FUZZ_DUMP")) {  // FUZZ_DUMP=FILE keeps the failing blob
        if (FILE* f = std::fopen(std::getenv("FUZZ_DUMP"), "wb")) {
          std::fwrite(bytes.data(), 1, bytes.size(), f);
          std::fclose(f);
        }
      }
    } else {
      refused++;
      bool clean = r.error.rfind("unsupported: ", 0) == 0 || r.error.rfind("invalid: ", 0) == 0;
      CHECK(clean);
    }
  }
  std::printf("compiler fuzz: %zu mutated blobs, %zu compiled to valid SPIR-V, %zu refused\n", runs, compiled, refused);
  CHECK(runs > size_t(rounds) * 9 / 10);
}

namespace {

// The binding of the hidden UAV-slice block, or null.
const ShaderBinding* uavSliceBinding(const ShaderReflection& reflection) {
  for (const ShaderBinding& b : reflection.bindings)
    if (b.vulkan.binding == binding_model::kUavSliceBinding)
      return &b;
  return nullptr;
}

}  // namespace

TEST_CASE("typed 3D UAVs read their W-slice range from the UAV-slice block; other shaders have no block", "[compiler]") {
  // u2 is a RWTexture3D: loads, stores, atomics (plain and returning, compare-exchange) and
  // resinfo go through the block; u1 (2D) does not, and neither does a shader without a 3D UAV.
  Compiled c = compileValid(
    "cs_5_0\n"
    "dcl_uav_typed_texture2d (uint,uint,uint,uint) u1\n"
    "dcl_uav_typed_texture3d (uint,uint,uint,uint) u2\n"
    "dcl_uav_typed_texture3d (sint,sint,sint,sint) u5\n"
    "dcl_input vThreadID.xyz\n"
    "dcl_temps 2\n"
    "dcl_thread_group 2, 2, 2\n"
    "ld_uav_typed r0.x, vThreadID.xyzz, u2.xyzw\n"
    "store_uav_typed u2.xyzw, vThreadID.xyzz, r0.xxxx\n"
    "store_uav_typed u1.xyzw, vThreadID.xyyy, r0.xxxx\n"
    "atomic_or u2, vThreadID.xyzz, l(1)\n"
    "imm_atomic_iadd r0.y, u5, vThreadID.xyzz, l(2)\n"
    "imm_atomic_cmp_exch r0.z, u2, vThreadID.xyzz, l(0), l(3)\n"
    "resinfo_uint r1.xyzw, l(0), u2.xyzw\n"
    "store_uav_typed u1.xyzw, r1.xyyy, r0.yzyy\n"
    "ret\n");
  CHECK(c.result.reflection.uavSliceSlots == ((uint64_t(1) << 2) | (uint64_t(1) << 5)));
  const ShaderBinding* block = uavSliceBinding(c.result.reflection);
  REQUIRE(block);
  CHECK(block->kind == BindingKind::ConstantBuffer);
  CHECK(block->slot == binding_model::kUavSliceSlot);
  CHECK(block->descriptor == DescriptorKind::UniformBuffer);
  CHECK(block->vulkan.set == binding_model::descriptorSet(ShaderStage::Compute));
  CHECK(c.has("OpDecorate %uav_slices Binding 15"));
  // The store and the three atomics each sit in a selection on z < WSize; the returning atomics
  // take 0 from the skipped path.
  CHECK(c.count("OpSelectionMerge") == 4);
  CHECK(c.count("OpPhi") == 2);
  CHECK(c.count("OpImageWrite") == 3);

  Compiled plain = compileValid(
    "cs_5_0\n"
    "dcl_uav_typed_texture2darray (uint,uint,uint,uint) u0\n"
    "dcl_input vThreadID.xyz\n"
    "dcl_temps 1\n"
    "dcl_thread_group 2, 2, 2\n"
    "ld_uav_typed r0.x, vThreadID.xyzz, u0.xyzw\n"
    "store_uav_typed u0.xyzw, vThreadID.xyzz, r0.xxxx\n"
    "ret\n");
  CHECK(plain.result.reflection.uavSliceSlots == 0);
  CHECK(!uavSliceBinding(plain.result.reflection));
  CHECK(!plain.has("uav_slices"));
  CHECK(plain.count("OpSelectionMerge") == 0);

  // A pixel shader's dynamically indexed 3D UAVs: each declared slot's store is checked.
  Compiled indexed = compileValid(
    "ps_5_0\n"
    "dcl_uav_typed_texture3d (float,float,float,float) u1\n"
    "dcl_uav_typed_texture3d (float,float,float,float) u3\n"
    "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
    "dcl_temps 1\n"
    "ftou r0.xyzw, v0.xyxy\n"
    "store_uav_typed u[r0.w + 1].xyzw, r0.xyzz, l(1.0, 0, 0, 1.0)\n"
    "ret\n");
  CHECK(indexed.result.reflection.uavSliceSlots == ((uint64_t(1) << 1) | (uint64_t(1) << 3)));
  REQUIRE(uavSliceBinding(indexed.result.reflection));
  CHECK(uavSliceBinding(indexed.result.reflection)->vulkan.set == binding_model::descriptorSet(ShaderStage::Pixel));
  CHECK(indexed.count("OpImageWrite") == 2);
}
