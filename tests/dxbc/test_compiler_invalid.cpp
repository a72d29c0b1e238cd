// The compiler refuses declarations beyond Direct3D 11's limits with "invalid: ..." and a reason.
#include <catch2/catch.hpp>

#include <string>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"

using namespace dxbc;

namespace {

std::string errorOf(const std::string& text) { return compile(assemble(text).write()).error; }

const char* kHullHead =
  "hs_5_0\n"
  "hs_decls\n"
  "dcl_input_control_point_count 3\n"
  "dcl_output_control_point_count 3\n"
  "dcl_tessellator_domain domain_tri\n"
  "dcl_tessellator_partitioning partitioning_integer\n"
  "dcl_tessellator_output_primitive output_triangle_cw\n";

}  // namespace

TEST_CASE("declarations out of range are refused as invalid with the reason", "[compiler]") {
  struct Case {
    const char* what;
    std::string text;
    const char* expected;  // the whole error message
  };
  const Case cases[] = {
    {"cb slot 14", "ps_5_0\ndcl_constantbuffer cb14[1], immediateIndexed\nret\n",
     "invalid: register slot 14 is out of range"},
    {"sampler slot 16", "ps_5_0\ndcl_sampler s16, mode_default\nret\n", "invalid: register slot 16 is out of range"},
    {"texture slot 128", "ps_5_0\ndcl_resource_texture2d (float,float,float,float) t128\nret\n",
     "invalid: register slot 128 is out of range"},
    {"UAV slot 64", "cs_5_0\ndcl_uav_raw u64\ndcl_thread_group 1, 1, 1\nret\n",
     "invalid: register slot 64 is out of range"},
    {"input register 32", "vs_5_0\ndcl_input v32.x\nret\n", "invalid: input register v32 is beyond D3D11's 32"},
    {"output register 32", "vs_5_0\ndcl_output o32.x\nret\n", "invalid: output register o32 is beyond D3D11's 32"},
    {"4097 temps", "vs_5_0\ndcl_temps 4097\nret\n", "invalid: dcl_temps 4097 is out of range or repeated"},
    {"constant buffer of 4097 vectors", "ps_5_0\ndcl_constantbuffer cb0[4097], immediateIndexed\nret\n",
     "invalid: constant buffer of 4097 vectors is larger than D3D11 allows"},
    {"group-shared memory beyond 32 KiB", "cs_5_0\ndcl_tgsm_raw g0, 32772\ndcl_thread_group 1, 1, 1\nret\n",
     "invalid: group-shared memory of 32772 bytes"},
    {"thread group x beyond 1024", "cs_5_0\ndcl_thread_group 1025, 1, 1\nret\n",
     "invalid: thread group 1025x1x1 is larger than D3D11 allows"},
    {"thread group z beyond 64", "cs_5_0\ndcl_thread_group 1, 1, 65\nret\n",
     "invalid: thread group 1x1x65 is larger than D3D11 allows"},
    {"more than 1024 threads", "cs_5_0\ndcl_thread_group 32, 32, 2\nret\n",
     "invalid: thread group 32x32x2 is larger than D3D11 allows"},
    // Found by the compile fuzz target (docs/fuzzing.md): SPIR-V has no Dref sampling of 3D images.
    {"sample_c_lz of a Texture3D",
     "cs_5_0\ndcl_sampler s0, mode_comparison\ndcl_resource_texture3d (float,float,float,float) t0\n"
     "dcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n"
     "sample_c_lz r0.x, l(0, 0, 0, 0), t0.xxxx, s0, l(0.6)\nstore_raw u0.x, l(0), r0.x\nret\n",
     "invalid: comparison sampling of a Texture3D (only 1D, 2D and cube textures compare)"},
    {"GS stream 4", "gs_5_0\ndcl_inputprimitive point\ndcl_stream m4\ndcl_outputtopology pointlist\ndcl_maxout 1\nret\n",
     "invalid: dcl_stream of a stream other than m0-m3"},
    {"GS emit to stream 4",
     "gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_maxout 1\nemit_stream m4\nret\n",
     "invalid: emit/cut of a stream other than m0-m3"},
    {"GS 1025 output vertices", "gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_maxout 1025\nret\n",
     "invalid: dcl_maxout 1025 is beyond D3D11's 1024"},
    {"GS 33 instances",
     "gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_maxout 1\ndcl_gs_instance_count 33\nret\n",
     "invalid: dcl_gs_instance_count 33 is outside 1-32"},
    {"GS output topology trianglelist", "gs_5_0\ndcl_inputprimitive point\ndcl_outputtopology trianglelist\ndcl_maxout 1\nret\n",
     "invalid: output topology 4 is not a point list, line strip or triangle strip"},
    {"GS without an input primitive", "gs_5_0\ndcl_outputtopology pointlist\ndcl_maxout 1\nret\n",
     "invalid: geometry shader without dcl_inputprimitive or dcl_outputtopology"},
    {"emit outside a GS", "vs_5_0\nemit\nret\n", "invalid: emit is not allowed in a vertex shader, only in geometry shaders"},
    {"33 input control points",
     "hs_5_0\nhs_decls\ndcl_input_control_point_count 33\nret\n",
     "invalid: input control point count 33 is outside 1-32"},
    {"33 output control points",
     "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 33\nret\n",
     "invalid: output control point count 33 is beyond 32"},
    {"fork phase with 129 instances",
     std::string(kHullHead) + "hs_fork_phase\ndcl_hs_fork_phase_instance_count 129\nret\n",
     "invalid: phase instance count 129 is outside 1-128"},
    {"hull shader without a partitioning",
     "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
     "dcl_tessellator_domain domain_tri\nhs_fork_phase\nret\n",
     "invalid: hull shader without its tessellator domain, partitioning or output primitive"},
    {"fork phase after a join phase", std::string(kHullHead) + "hs_join_phase\nret\nhs_fork_phase\nret\n",
     "invalid: a fork phase after a join phase"},
    {"hull phase marker in a pixel shader", "ps_5_0\nhs_fork_phase\nret\n", "invalid: hs_fork_phase is not allowed in a pixel shader, only in hull shaders"},
    {"oDepth in a vertex shader", "vs_5_0\ndcl_output oDepth\nret\n", "invalid: register oDepth is not allowed in a vertex shader, only in pixel shaders"},
    {"two depth outputs", "ps_5_0\ndcl_output oDepth\ndcl_output oDepthLE\nret\n",
     "invalid: more than one depth output register"},
    {"vCoverage in a compute shader", "cs_5_0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\nmov r0.x, vCoverage.x\nret\n",
     "invalid: register vCoverage is not allowed in a compute shader, only in pixel shaders"},
    {"UAV counter of a raw UAV",
     "cs_5_0\ndcl_uav_raw u0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\nimm_atomic_alloc r0.x, u0\nret\n",
     "invalid: UAV counter of a UAV that is not a structured buffer"},
    {"eval of a constant input",
     "ps_5_0\ndcl_input_ps constant v0.x\ndcl_temps 1\neval_centroid r0.x, v0.x\nret\n",
     "invalid: eval_* of an input that is not interpolated"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(errorOf(c.text) == c.expected);
  }
}
