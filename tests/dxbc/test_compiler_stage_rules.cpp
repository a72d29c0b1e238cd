// Stage-specific instructions and registers (src/dxbc/stage_rules.h): each one compiles to valid
// SPIR-V in the stages the assembly reference allows it in, and in every other stage is refused
// with "invalid: ... is not allowed in a <stage> shader", never compiled into SPIR-V that spirv-val
// rejects (a fuzzed pixel shader with sync_g once gave a Workgroup-scope barrier in a Fragment
// entry point).
#include <catch2/catch.hpp>

#include <string>

#include "compile_valid.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "dxbc/stage_rules.h"

using compiler_test::compileValid;

namespace {

enum Stage : unsigned { PS = 1, VS = 2, GS = 4, HS = 8, DS = 16, CS = 32, All = 63 };

struct StageProgram {
  Stage stage;
  const char* name;
  const char* head;  // declarations; the snippet follows them
  const char* tail;  // what the stage must still do, then ret
};

// One small program per stage; each compiles on its own (checked below). A texture, a sampler
// and two temps are declared everywhere so that a case can sample in any stage; r0 holds a
// coordinate when the case's code runs.
const StageProgram kPrograms[] = {
  {PS, "pixel",
   "ps_5_0\ndcl_resource_texture2d (float,float,float,float) t0\ndcl_sampler s0, mode_default\n"
   "dcl_input_ps linear v0.xy\ndcl_output o0.xyzw\ndcl_temps 2\n",
   "mov o0.xyzw, r1.xyzw\nret\n"},
  {VS, "vertex",
   "vs_5_0\ndcl_resource_texture2d (float,float,float,float) t0\ndcl_sampler s0, mode_default\n"
   "dcl_output_siv o0.xyzw, position\ndcl_temps 2\n",
   "mov o0.xyzw, r1.xyzw\nret\n"},
  {GS, "geometry",
   "gs_5_0\ndcl_resource_texture2d (float,float,float,float) t0\ndcl_sampler s0, mode_default\n"
   "dcl_inputprimitive point\ndcl_outputtopology pointlist\ndcl_output_siv o0.xyzw, position\ndcl_maxout 1\n"
   "dcl_temps 2\n",
   "mov o0.xyzw, r1.xyzw\nemit\nret\n"},
  {HS, "hull",
   "hs_5_0\nhs_decls\ndcl_input_control_point_count 3\ndcl_output_control_point_count 3\n"
   "dcl_tessellator_domain domain_tri\ndcl_tessellator_partitioning partitioning_integer\n"
   "dcl_tessellator_output_primitive output_triangle_cw\n"
   "dcl_resource_texture2d (float,float,float,float) t0\ndcl_sampler s0, mode_default\n"
   "hs_fork_phase\ndcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\ndcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
   "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\ndcl_temps 2\n",
   "mov o0.x, l(1.0)\nmov o1.x, l(1.0)\nmov o2.x, l(1.0)\nret\n"},
  {DS, "domain",
   "ds_5_0\ndcl_input_control_point_count 3\ndcl_tessellator_domain domain_tri\n"
   "dcl_resource_texture2d (float,float,float,float) t0\ndcl_sampler s0, mode_default\n"
   "dcl_input vDomain.xyz\ndcl_output_siv o0.xyzw, position\ndcl_temps 2\n",
   "mov o0.xyzw, r1.xyzw\nret\n"},
  {CS, "compute",
   "cs_5_0\ndcl_resource_texture2d (float,float,float,float) t0\ndcl_sampler s0, mode_default\n"
   "dcl_uav_raw u0\ndcl_temps 2\ndcl_thread_group 4, 1, 1\n",
   "store_raw u0.x, l(0), r1.x\nret\n"},
};

struct Case {
  const char* declarations;  // after the program's own declarations
  const char* code;          // after its first instruction, before its tail
  unsigned allowed;          // the stages it compiles in
};

const Case kCases[] = {
  // Derivatives, implicit-LOD sampling and per-pixel coverage need a pixel quad.
  {"", "deriv_rtx r1.xy, r0.xyxx\n", PS},
  {"", "deriv_rty_fine r1.xy, r0.xyxx\n", PS},
  {"", "sample r1.xyzw, r0.xyxx, t0.xyzw, s0\n", PS},
  {"", "sample_b r1.xyzw, r0.xyxx, t0.xyzw, s0, l(0.5)\n", PS},
  {"", "lod r1.xyzw, r0.xyxx, t0.xyzw, s0\n", PS},
  {"", "discard_nz r0.x\n", PS},
  {"", "eval_centroid r1.xy, v0.xyxx\n", PS},
  {"dcl_output oDepth\n", "mov oDepth, r0.x\n", PS},
  {"dcl_input vCoverage\n", "utof r1.x, vCoverage\n", PS},
  // Sampling with an explicit level works everywhere.
  {"", "sample_l r1.xyzw, r0.xyxx, t0.xyzw, s0, l(0)\n", All},
  // Geometry shaders emit and cut.
  {"", "emit\n", GS},
  {"", "cut\n", GS},
  {"dcl_input vGSInstanceID\n", "utof r1.x, vGSInstanceID\n", GS},
  // The domain location exists in domain shaders only.
  {"", "mov r1.xyz, vDomain.xyzx\n", DS},
  // Thread groups: barriers, group memory and thread ids.
  {"", "sync_g_t\n", CS},
  {"", "sync_g\n", CS},
  {"", "sync_ugroup\n", CS},
  {"", "sync_uglobal_t\n", CS},
  {"dcl_tgsm_raw g0, 16\n", "", CS},
  {"dcl_input vThreadIDInGroupFlattened\n", "utof r1.x, vThreadIDInGroupFlattened\n", CS},
  {"dcl_input vThreadID.x\n", "utof r1.x, vThreadID.x\n", CS},
  // A device-wide UAV fence is meaningful wherever UAVs are.
  {"", "sync_uglobal\n", All},
};

std::string programText(const StageProgram& p, const char* declarations, const char* code) {
  return std::string(p.head) + declarations + "mov r0.xyzw, l(0.5, 0.5, 0, 0)\n" + code + p.tail;
}

}  // namespace

TEST_CASE("each stage's test program compiles on its own", "[compiler][stage-rules]") {
  for (const StageProgram& p : kPrograms) {
    INFO(p.name);
    compileValid(programText(p, "", ""));
  }
}

TEST_CASE("stage-specific instructions and registers compile only in their stages", "[compiler][stage-rules]") {
  for (const Case& k : kCases) {
    for (const StageProgram& p : kPrograms) {
      INFO(p.name << " shader with: " << k.declarations << k.code);
      const std::string text = programText(p, k.declarations, k.code);
      if (k.allowed & p.stage) {
        compileValid(text);
        continue;
      }
      const std::string error = dxbc::compile(dxbc::assemble(text).write()).error;
      INFO(error);
      CHECK(error.rfind("invalid: ", 0) == 0);
      CHECK(error.find(std::string("is not allowed in a ") + p.name + " shader, only in ") != std::string::npos);
      // The refusal comes from the stage rules themselves, on the decoded program.
      CHECK(dxbc::stageViolation(dxbc::assembleProgram(text)) != "");
    }
  }
}

TEST_CASE("a stage refusal names what the stage lacks and where it belongs", "[compiler][stage-rules]") {
  const std::string ps = programText(kPrograms[0], "", "sync_g\n");
  CHECK(dxbc::compile(dxbc::assemble(ps).write()).error ==
        "invalid: sync with a thread-group flag (_t, _g or _ugroup) is not allowed in a pixel shader, only in compute shaders");
  const std::string vs = programText(kPrograms[1], "", "discard_nz r0.x\n");
  CHECK(dxbc::compile(dxbc::assemble(vs).write()).error ==
        "invalid: discard is not allowed in a vertex shader, only in pixel shaders");
  const std::string ps2 = programText(kPrograms[0], "", "mov r1.x, vicp[0][0].x\n");
  CHECK(dxbc::compile(dxbc::assemble(ps2).write()).error ==
        "invalid: register vicp is not allowed in a pixel shader, only in hull and domain shaders");
}
