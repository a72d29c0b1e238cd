// The compiler's geometry and hull shaders, clip/cull distances, pixel system values, eval_* and UAV counters.
#include <catch2/catch.hpp>

#include <string>

#include "compile_valid.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"

using namespace dxbc;
using compiler_test::Compiled;
using compiler_test::compileValid;

TEST_CASE("a geometry shader with two streams, instancing, cut and a layer output compiles", "[compiler]") {
  Compiled c = compileValid(
    "gs_5_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_input v[3][1].xy\n"
    "dcl_input vPrim\n"
    "dcl_input vGSInstanceID\n"
    "dcl_temps 1\n"
    "dcl_inputprimitive triangle\n"
    "dcl_stream m0\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output_siv o1.x, rendertarget_array_index\n"
    "dcl_stream m1\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output o2.xyzw\n"
    "dcl_maxout 6\n"
    "dcl_gs_instance_count 4\n"
    "mov o0.xyzw, v[1][0].xyzw\n"
    "mov o1.x, vGSInstanceID.x\n"
    "emit_stream m0\n"
    "cut_stream m0\n"
    "iadd r0.x, vPrim, v[2][1].x\n"
    "mov o2.xyzw, r0.xxxx\n"
    "emitthencut_stream m1\n"
    "ret\n");
  CHECK(c.result.reflection.stage == ShaderStage::Geometry);
  CHECK(c.has("OpExecutionMode %main Invocations 4"));
  CHECK(c.has("OpExecutionMode %main OutputVertices 6"));
  CHECK(c.has("OpExecutionMode %main Triangles"));
  CHECK(c.has("OpExecutionMode %main OutputPoints"));
  CHECK(c.has("OpEmitStreamVertex %uint_1"));
  CHECK(c.has("OpEndStreamPrimitive %uint_0"));
  CHECK(c.has("Stream 1"));
  CHECK(c.has("BuiltIn Layer"));
  CHECK(c.has("BuiltIn InvocationId"));
  // No doubles here: emit/cut reach the double-precision emitter's opcode check, which must not
  // declare a 64-bit type (a device without shaderFloat64 would reject the module).
  CHECK_FALSE(c.has("OpCapability Float64"));
  CHECK_FALSE(c.result.reflection.doubles);
}

TEST_CASE("a hull shader runs its control point, fork and join phases in one entry point", "[compiler]") {
  Compiled c = compileValid(
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// COLOR                    0   xyzw        1     NONE   float   xyzw\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 4\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_fractional_odd\n"
    "dcl_tessellator_output_primitive output_triangle_ccw\n"
    "hs_control_point_phase\n"
    "dcl_input vOutputControlPointID\n"
    "dcl_input v[3][0].xyzw\n"
    "dcl_input v[3][1].xyzw\n"
    "dcl_output o0.xyzw\n"
    "dcl_output o1.xyzw\n"
    "dcl_temps 1\n"
    "umin r0.x, vOutputControlPointID, l(2)\n"
    "mov o0.xyzw, v[r0.x][0].xyzw\n"
    "mov o1.xyzw, v[r0.x][1].xyzw\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_hs_fork_phase_instance_count 3\n"
    "dcl_input vForkInstanceID\n"
    "dcl_input vocp[4][1].x\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_temps 2\n"
    "dcl_indexrange o0.x, 3\n"
    "mov r0.x, vForkInstanceID.x\n"
    "mov r1.x, vocp[r0.x][1].x\n"
    "mov o[r0.x].x, r1.x\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_input vicp[3][1].x\n"
    "dcl_input vPrim\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "dcl_output o4.xy\n"
    "mov o3.x, vicp[0][1].x\n"
    "mov o4.x, vPrim\n"
    "ret\n"
    "hs_join_phase\n"
    "dcl_input vpc0.x\n"
    "dcl_input vpc1.x\n"
    "dcl_output o4.y\n"
    "add o4.y, vpc0.x, vpc1.x\n"
    "ret\n");
  const ShaderReflection& r = c.result.reflection;
  CHECK(r.stage == ShaderStage::Hull);
  CHECK(r.patchControlPoints == 3);
  CHECK(r.outputLocations == std::vector<uint32_t>{0, 1, 36});  // o0, o1 per control point; patch o4 at 32 + 4
  CHECK(c.has("OpEntryPoint TessellationControl"));
  CHECK(c.has("OpExecutionMode %main OutputVertices 4"));
  CHECK(c.has("OpExecutionMode %main SpacingFractionalOdd"));
  CHECK(c.has("OpExecutionMode %main VertexOrderCcw"));
  CHECK(c.has("BuiltIn TessLevelOuter"));
  CHECK(c.has("BuiltIn TessLevelInner"));
  CHECK(c.has("OpControlBarrier"));
  // Three instances of the first fork phase, one of the second, one join phase.
  size_t calls = 0;
  for (size_t at = c.text.find("OpFunctionCall"); at != std::string::npos; at = c.text.find("OpFunctionCall", at + 1))
    calls++;
  CHECK(calls == 1 + 3 + 1 + 1);
}

TEST_CASE("a hull shader without a control point phase passes its input control points through", "[compiler]") {
  Compiled c = compileValid(
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "//\n"
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 4\n"
    "dcl_output_control_point_count 4\n"
    "dcl_tessellator_domain domain_quad\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_point\n"
    "hs_fork_phase\n"
    "dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor\n"
    "mov o0.x, l(2.0)\n"
    "ret\n");
  CHECK(c.has("BuiltIn Position"));
  CHECK(c.has("OpExecutionMode %main PointMode"));
  CHECK(c.result.reflection.outputLocations == std::vector<uint32_t>{0, 1});
}

TEST_CASE("clip and cull distances packed in signature components become ClipDistance/CullDistance arrays", "[compiler]") {
  Compiled c = compileValid(
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output_siv o1.xyz, clip_distance\n"
    "dcl_output_siv o1.w, cull_distance\n"
    "dcl_output_siv o2.x, clip_distance\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v0.xyzw\n"
    "mov o2.x, v0.x\n"
    "ret\n");
  CHECK(c.has("BuiltIn ClipDistance"));
  CHECK(c.has("BuiltIn CullDistance"));
  CHECK(c.has("_arr_float_uint_4"));  // three clip distances in o1 and one in o2
  CHECK(c.has("OpCapability ClipDistance"));
  CHECK(c.has("OpCapability CullDistance"));
}

TEST_CASE("a pass-through hull shader copies its control points' clip and cull distances to its outputs", "[compiler]") {
  const std::string signatures =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// SV_ClipDistance          0   x           1  CLIPDST   float   x\n"
    "// SV_CullDistance          0    y          1  CULLDST   float    y\n"
    "// SV_ClipDistance          1     z         1  CLIPDST   float     z\n"
    "// TEXCOORD                 0   xy          2     NONE   float   xy\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// SV_ClipDistance          0   x           1  CLIPDST   float   x\n"
    "// SV_CullDistance          0    y          1  CULLDST   float    y\n"
    "// SV_ClipDistance          1     z         1  CLIPDST   float     z\n"
    "// TEXCOORD                 0   xy          2     NONE   float   xy\n"
    "//\n";
  Compiled c = compileValid(signatures +
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
    "mov o0.x, l(1.0)\n"
    "mov o1.x, l(1.0)\n"
    "mov o2.x, l(1.0)\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "mov o3.x, l(1.0)\n"
    "ret\n");
  // Per control point: the ClipDistance (two) and CullDistance (one) input arrays, read into the
  // registers, then written with the rest of register 1 at location 1.
  CHECK(c.has("BuiltIn ClipDistance"));
  CHECK(c.has("BuiltIn CullDistance"));
  CHECK(c.has("OpCapability ClipDistance"));
  CHECK(c.has("OpCapability CullDistance"));
  CHECK(c.has("_arr__arr_float_uint_2_uint_3"));
  CHECK(c.has("_arr__arr_float_uint_1_uint_3"));
  CHECK(c.result.reflection.outputLocations.size() >= 3);
  CHECK(c.result.reflection.outputLocations[0] == 0);
  CHECK(c.result.reflection.outputLocations[1] == 1);
  CHECK(c.result.reflection.outputLocations[2] == 2);
  // Register 2 is a plain input; register 1 comes only from the built-ins (no location 1 input).
  CHECK(c.result.reflection.inputLocations == std::vector<uint32_t>{2});
}

TEST_CASE("pixel shader system values: oMask, vCoverage, oStencilRef, conservative depth, eval_*, the rasterizer", "[compiler]") {
  Compiled c = compileValid(
    "ps_5_0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_input_ps_sgv constant v2.x, sampleIndex\n"
    "dcl_input vCoverage\n"
    "dcl_output o0.xyzw\n"
    "dcl_output oMask\n"
    "dcl_output oStencilRef\n"
    "dcl_output oDepthGE\n"
    "dcl_temps 2\n"
    "eval_centroid r0.xy, v1.xyxx\n"
    "eval_sample_index r0.zw, v1.xxxy, v2.x\n"
    "eval_snapped r1.xy, v1.xyxx, l(-8, 7, 0, 0)\n"
    "add r0.xyzw, r0.xyzw, r1.xyxy\n"
    "sampleinfo r1.x, rasterizer.x\n"
    "samplepos r1.yz, rasterizer.xxyx, l(0)\n"
    "mov o0.xyzw, r0.xyzw\n"
    "and oMask, vCoverage.x, l(5)\n"
    "mov oStencilRef, l(3)\n"
    "mov oDepthGE, r1.y\n"
    "ret\n");
  const ShaderReflection& r = c.result.reflection;
  CHECK(r.stencilExport);
  CHECK(r.rasterizerSampleCount);
  CHECK(c.has("OpExtension \"SPV_EXT_shader_stencil_export\""));
  CHECK(c.has("OpExecutionMode %main StencilRefReplacingEXT"));
  CHECK(c.has("OpExecutionMode %main DepthGreater"));
  CHECK(c.has("BuiltIn SampleMask"));
  CHECK(c.has("InterpolateAtCentroid"));
  CHECK(c.has("InterpolateAtSample"));
  CHECK(c.has("InterpolateAtOffset"));
  CHECK(c.has("SpecId " + std::to_string(kRasterizerSampleCountSpecId)));
}

TEST_CASE("imm_atomic_alloc and imm_atomic_consume use the UAV's hidden counter binding", "[compiler]") {
  Compiled c = compileValid(
    "cs_5_0\n"
    "dcl_uav_structured_opc u3, 4\n"
    "dcl_temps 1\n"
    "dcl_thread_group 4, 1, 1\n"
    "imm_atomic_alloc r0.x, u3\n"
    "imm_atomic_consume r0.y, u3\n"
    "store_structured u3.x, r0.x, l(0), r0.y\n"
    "ret\n");
  bool found = false;
  for (const ShaderBinding& binding : c.result.reflection.bindings)
    if (binding.kind == BindingKind::UavCounter) {
      found = true;
      CHECK(binding.slot == 3);
      CHECK(binding.descriptor == DescriptorKind::StorageBuffer);
      CHECK(binding.vulkan.binding == binding_model::kUavCounterBase + 3);
    }
  CHECK(found);
  CHECK(c.has("OpAtomicIAdd"));
  CHECK(c.has("OpAtomicISub"));
}

TEST_CASE("geometry shaders taking patches of 1, 2, 3, 4 and 6 control points compile as list primitives", "[compiler]") {
  // With no hull and domain shader a patch list is the vertex stream of the list primitive with
  // the same vertex count; the module declares that primitive and per-vertex arrays of N.
  const struct {
    const char* primitive;
    uint32_t vertices;
    const char* mode;
  } cases[] = {{"patch1", 1, "InputPoints"},
               {"patch2", 2, "InputLines"},
               {"patch3", 3, "Triangles"},
               {"patch4", 4, "InputLinesAdjacency"},
               {"patch6", 6, "InputTrianglesAdjacency"}};
  for (const auto& c : cases) {
    INFO(c.primitive);
    const std::string n = std::to_string(c.vertices), last = std::to_string(c.vertices - 1);
    Compiled compiled = compileValid(
      "gs_5_0\n"
      "dcl_input_siv v[" + n + "][0].xyzw, position\n"
      "dcl_input v[" + n + "][1].xyzw\n"
      "dcl_input vPrim\n"
      "dcl_temps 1\n"
      "dcl_inputprimitive " + c.primitive + "\n"
      "dcl_outputtopology trianglestrip\n"
      "dcl_output_siv o0.xyzw, position\n"
      "dcl_output o1.xyzw\n"
      "dcl_maxout 1\n"
      "utof r0.x, vPrim\n"
      "add o0.xyzw, v[0][0].xyzw, v[" + last + "][0].xyzw\n"
      "add o1.xyzw, r0.xxxx, v[" + last + "][1].xyzw\n"
      "emit\n"
      "ret\n");
    CHECK(compiled.result.reflection.geometryPatchInput == c.vertices);
    CHECK(compiled.has(std::string("OpExecutionMode %main ") + c.mode));
    CHECK(compiled.has("BuiltIn PrimitiveId"));
    // The per-vertex input arrays hold exactly N vertices.
    CHECK(compiled.has("%_arr_v4float_uint_" + n + " = OpTypeArray"));
    CHECK(compiled.has("OpTypePointer Input %_arr_v4float_uint_" + n));
    CHECK_FALSE(compiled.has("OpExecutionMode %main Quads"));
  }
  // A plain triangle input reports no patch.
  Compiled plain = compileValid(
    "gs_4_0\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_inputprimitive triangle\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_maxout 1\n"
    "mov o0.xyzw, v[2][0].xyzw\n"
    "emit\n"
    "ret\n");
  CHECK(plain.result.reflection.geometryPatchInput == 0);
}

TEST_CASE("geometry shaders taking patches without a list primitive of that size are refused", "[compiler]") {
  for (uint32_t n : {5u, 7u, 8u, 16u, 32u}) {
    INFO(n);
    CompileResult r = compile(assemble("gs_5_0\n"
                                       "dcl_inputprimitive patch" + std::to_string(n) + "\n"
                                       "dcl_outputtopology pointlist\n"
                                       "dcl_maxout 1\n"
                                       "emit\n"
                                       "ret\n").write());
    CHECK(r.error == "unsupported: geometry shaders taking patches of " + std::to_string(n) +
                         " control points (only 1, 2, 3, 4 and 6 map to a Vulkan input primitive)");
  }
}

TEST_CASE("sampleinfo returns the sample count as a float, and as an integer with _uint", "[compiler]") {
  const std::string head =
    "ps_5_0\n"
    "dcl_resource_texture2dms(4) (float,float,float,float) t0\n"
    "dcl_output o0.xyzw\n";
  Compiled asFloat = compileValid(head + "sampleinfo o0.xyzw, t0.xyzw\nret\n");
  CHECK(asFloat.has("OpImageQuerySamples"));
  CHECK(asFloat.has("OpConvertUToF"));
  Compiled asUint = compileValid(head + "sampleinfo_uint o0.xyzw, t0.xyzw\nret\n");
  CHECK(asUint.has("OpImageQuerySamples"));
  CHECK_FALSE(asUint.has("OpConvertUToF"));
}
