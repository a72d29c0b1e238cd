// The opcode table and the keyword tables for control bits and declaration tokens.
#include "dxbc/opcodes.h"

#include <cstring>
#include <iterator>
#include <map>

namespace dxbc {
namespace {

using K = ControlKind;

struct Entry {
  uint32_t opcode;
  OpcodeInfo info;
};

// Shorthands: instruction with numDst destinations and an immediate style; declaration forms.
constexpr OpcodeInfo I(const char* n, uint8_t dst, char style = 'f', K k = K::Instruction) {
  return OpcodeInfo{n, false, k, nullptr, dst, style};
}
constexpr OpcodeInfo D(const char* n, K k, const char* layout) { return OpcodeInfo{n, true, k, layout, 1, 'u'}; }

const Entry kOpcodes[] = {
  {0, I("add", 1)}, {1, I("and", 1, 'u')}, {2, I("break", 0)}, {3, I("breakc", 0, 'u', K::Conditional)},
  {4, I("call", 0)}, {5, I("callc", 0, 'u', K::Conditional)}, {6, I("case", 0, 'i')}, {7, I("continue", 0)},
  {8, I("continuec", 0, 'u', K::Conditional)}, {9, I("cut", 0)}, {10, I("default", 0)},
  {11, I("deriv_rtx", 1)}, {12, I("deriv_rty", 1)}, {13, I("discard", 0, 'u', K::Conditional)},
  {14, I("div", 1)}, {15, I("dp2", 1)}, {16, I("dp3", 1)}, {17, I("dp4", 1)}, {18, I("else", 0)},
  {19, I("emit", 0)}, {20, I("emitthencut", 0)}, {21, I("endif", 0)}, {22, I("endloop", 0)},
  {23, I("endswitch", 0)}, {24, I("eq", 1)}, {25, I("exp", 1)}, {26, I("frc", 1)}, {27, I("ftoi", 1)},
  {28, I("ftou", 1)}, {29, I("ge", 1)}, {30, I("iadd", 1, 'i')}, {31, I("if", 0, 'u', K::Conditional)},
  {32, I("ieq", 1, 'i')}, {33, I("ige", 1, 'i')}, {34, I("ilt", 1, 'i')}, {35, I("imad", 1, 'i')},
  {36, I("imax", 1, 'i')}, {37, I("imin", 1, 'i')}, {38, I("imul", 2, 'i')}, {39, I("ine", 1, 'i')},
  {40, I("ineg", 1, 'i')}, {41, I("ishl", 1, 'i')}, {42, I("ishr", 1, 'i')}, {43, I("itof", 1, 'i')},
  {44, I("label", 0)}, {45, I("ld", 1, 'i')}, {46, I("ld_ms", 1, 'i')}, {47, I("log", 1)}, {48, I("loop", 0)},
  {49, I("lt", 1)}, {50, I("mad", 1)}, {51, I("min", 1)}, {52, I("max", 1)},
  {53, OpcodeInfo{"customdata", false, K::None, "", 0, 't'}},
  {54, I("mov", 1, 't')}, {55, I("movc", 1, 't')}, {56, I("mul", 1)}, {57, I("ne", 1)}, {58, I("nop", 0)},
  {59, I("not", 1, 'u')}, {60, I("or", 1, 'u')}, {61, I("resinfo", 1, 'u', K::Resinfo)}, {62, I("ret", 0)},
  {63, I("retc", 0, 'u', K::Conditional)}, {64, I("round_ne", 1)}, {65, I("round_ni", 1)},
  {66, I("round_pi", 1)}, {67, I("round_z", 1)}, {68, I("rsq", 1)}, {69, I("sample", 1)},
  {70, I("sample_c", 1)}, {71, I("sample_c_lz", 1)}, {72, I("sample_l", 1)}, {73, I("sample_d", 1)},
  {74, I("sample_b", 1)}, {75, I("sqrt", 1)}, {76, I("switch", 0, 'i')}, {77, I("sincos", 2)},
  {78, I("udiv", 2, 'u')}, {79, I("ult", 1, 'u')}, {80, I("uge", 1, 'u')}, {81, I("umul", 2, 'u')},
  {82, I("umad", 1, 'u')}, {83, I("umax", 1, 'u')}, {84, I("umin", 1, 'u')}, {85, I("ushr", 1, 'u')},
  {86, I("utof", 1, 'u')}, {87, I("xor", 1, 'u')},
  {88, D("dcl_resource", K::ResourceDim, "OR|P")},
  {89, D("dcl_constantbuffer", K::CbAccess, "O|NP")},
  {90, D("dcl_sampler", K::SamplerMode, "O|P")},
  {91, D("dcl_indexrange", K::None, "ON")},
  {92, D("dcl_outputtopology", K::Topology, "")},
  {93, D("dcl_inputprimitive", K::Primitive, "")},
  {94, D("dcl_maxout", K::None, "N")},
  {95, D("dcl_input", K::None, "O")},
  {96, D("dcl_input_sgv", K::None, "OS")},
  {97, D("dcl_input_siv", K::None, "OS")},
  {98, D("dcl_input_ps", K::Interpolation, "O")},
  {99, D("dcl_input_ps_sgv", K::Interpolation, "OS")},
  {100, D("dcl_input_ps_siv", K::Interpolation, "OS")},
  {101, D("dcl_output", K::None, "O")},
  {102, D("dcl_output_sgv", K::None, "OS")},
  {103, D("dcl_output_siv", K::None, "OS")},
  {104, D("dcl_temps", K::None, "N")},
  {105, D("dcl_indexableTemp", K::None, "X")},
  {106, D("dcl_globalFlags", K::GlobalFlags, "")},
  {108, I("lod", 1)}, {109, I("gather4", 1)}, {110, I("samplepos", 1)},
  {111, I("sampleinfo", 1, 'u', K::SampleInfo)},
  {113, D("hs_decls", K::None, "")}, {114, D("hs_control_point_phase", K::None, "")},
  {115, D("hs_fork_phase", K::None, "")}, {116, D("hs_join_phase", K::None, "")},
  {117, I("emit_stream", 0)}, {118, I("cut_stream", 0)}, {119, I("emitthencut_stream", 0)},
  {120, OpcodeInfo{"fcall", false, K::Instruction, "NO", 0, 'u'}},
  {121, I("bufinfo", 1, 'u')}, {122, I("deriv_rtx_coarse", 1)}, {123, I("deriv_rtx_fine", 1)},
  {124, I("deriv_rty_coarse", 1)}, {125, I("deriv_rty_fine", 1)}, {126, I("gather4_c", 1)},
  {127, I("gather4_po", 1, 'i')}, {128, I("gather4_po_c", 1, 'i')}, {129, I("rcp", 1)},
  {130, I("f32tof16", 1)}, {131, I("f16tof32", 1, 'u')}, {132, I("uaddc", 2, 'u')},
  {133, I("usubb", 2, 'u')}, {134, I("countbits", 1, 'u')}, {135, I("firstbit_hi", 1, 'u')},
  {136, I("firstbit_lo", 1, 'u')}, {137, I("firstbit_shi", 1, 'i')}, {138, I("ubfe", 1, 'u')},
  {139, I("ibfe", 1, 'i')}, {140, I("bfi", 1, 'u')}, {141, I("bfrev", 1, 'u')}, {142, I("swapc", 2, 't')},
  {143, D("dcl_stream", K::None, "O")},
  {144, D("dcl_function_body", K::None, "N")},
  {145, D("dcl_function_table", K::None, "*")},
  {146, D("dcl_interface", K::None, "*")},
  {147, D("dcl_input_control_point_count", K::ControlPoints, "")},
  {148, D("dcl_output_control_point_count", K::ControlPoints, "")},
  {149, D("dcl_tessellator_domain", K::Domain, "")},
  {150, D("dcl_tessellator_partitioning", K::Partitioning, "")},
  {151, D("dcl_tessellator_output_primitive", K::OutputPrimitive, "")},
  {152, D("dcl_hs_max_tessfactor", K::None, "F")},
  {153, D("dcl_hs_fork_phase_instance_count", K::None, "N")},
  {154, D("dcl_hs_join_phase_instance_count", K::None, "N")},
  {155, D("dcl_thread_group", K::None, "NNN")},
  {156, D("dcl_uav_typed", K::UavDim, "OR|P")},
  {157, D("dcl_uav_raw", K::UavFlags, "O|P")},
  {158, D("dcl_uav_structured", K::UavFlags, "ON|P")},
  {159, D("dcl_tgsm_raw", K::None, "ON")},
  {160, D("dcl_tgsm_structured", K::None, "ONN")},
  {161, D("dcl_resource_raw", K::None, "O|P")},
  {162, D("dcl_resource_structured", K::None, "ON|P")},
  {163, I("ld_uav_typed", 1, 'u')}, {164, I("store_uav_typed", 1, 'u')}, {165, I("ld_raw", 1, 'u')},
  {166, I("store_raw", 1, 'u')}, {167, I("ld_structured", 1, 'u')}, {168, I("store_structured", 1, 'u')},
  {169, I("atomic_and", 1, 'u')}, {170, I("atomic_or", 1, 'u')}, {171, I("atomic_xor", 1, 'u')},
  {172, I("atomic_cmp_store", 1, 'u')}, {173, I("atomic_iadd", 1, 'i')}, {174, I("atomic_imax", 1, 'i')},
  {175, I("atomic_imin", 1, 'i')}, {176, I("atomic_umax", 1, 'u')}, {177, I("atomic_umin", 1, 'u')},
  {178, I("imm_atomic_alloc", 2, 'u')}, {179, I("imm_atomic_consume", 2, 'u')},
  {180, I("imm_atomic_iadd", 2, 'i')}, {181, I("imm_atomic_and", 2, 'u')}, {182, I("imm_atomic_or", 2, 'u')},
  {183, I("imm_atomic_xor", 2, 'u')}, {184, I("imm_atomic_exch", 2, 'u')},
  {185, I("imm_atomic_cmp_exch", 2, 'u')}, {186, I("imm_atomic_imax", 2, 'i')},
  {187, I("imm_atomic_imin", 2, 'i')}, {188, I("imm_atomic_umax", 2, 'u')},
  {189, I("imm_atomic_umin", 2, 'u')}, {190, I("sync", 0, 'u', K::Sync)},
  {191, I("dadd", 1, 'd')}, {192, I("dmax", 1, 'd')}, {193, I("dmin", 1, 'd')}, {194, I("dmul", 1, 'd')},
  {195, I("deq", 1, 'd')}, {196, I("dge", 1, 'd')}, {197, I("dlt", 1, 'd')}, {198, I("dne", 1, 'd')},
  {199, I("dmov", 1, 'd')}, {200, I("dmovc", 1, 'd')}, {201, I("dtof", 1, 'd')}, {202, I("ftod", 1)},
  {203, I("eval_snapped", 1, 'i')}, {204, I("eval_sample_index", 1, 'i')}, {205, I("eval_centroid", 1)},
  {206, D("dcl_gs_instance_count", K::None, "N")},
  {207, I("abort", 0)}, {208, I("debug_break", 0)},
  {210, I("ddiv", 1, 'd')}, {211, I("dfma", 1, 'd')}, {212, I("drcp", 1, 'd')}, {213, I("msad", 1, 'u')},
  {214, I("dtoi", 1, 'd')}, {215, I("dtou", 1, 'd')}, {216, I("itod", 1, 'i')}, {217, I("utod", 1, 'u')},
  {219, I("gather4_s", 2)}, {220, I("gather4_c_s", 2)}, {221, I("gather4_po_s", 2, 'i')},
  {222, I("gather4_po_c_s", 2, 'i')}, {223, I("ld_s", 2, 'i')}, {224, I("ld_ms_s", 2, 'i')},
  {225, I("ld_uav_typed_s", 2, 'u')}, {226, I("ld_raw_s", 2, 'u')}, {227, I("ld_structured_s", 2, 'u')},
  {228, I("sample_l_s", 2)}, {229, I("sample_c_lz_s", 2)}, {230, I("sample_cl_s", 2)},
  {231, I("sample_b_cl_s", 2)}, {232, I("sample_d_cl_s", 2)}, {233, I("sample_c_cl_s", 2)},
  {234, I("check_access_fully_mapped", 1, 'u')},
};

constexpr uint32_t kMaxOpcode = 235;

struct Table {
  const OpcodeInfo* byOpcode[kMaxOpcode] = {};
  std::map<std::string, uint32_t> byName;
  Table() {
    for (const Entry& e : kOpcodes) {
      byOpcode[e.opcode] = &e.info;
      byName[e.info.name] = e.opcode;
    }
  }
};

const Table& table() {
  static const Table t;
  return t;
}

template <size_t N>
const char* lookup(const char* const (&names)[N], uint32_t value) {
  return value < N ? names[value] : nullptr;
}
template <size_t N>
std::optional<uint32_t> reverse(const char* const (&names)[N], const std::string& name) {
  for (size_t i = 0; i < N; i++)
    if (names[i] && name == names[i])
      return uint32_t(i);
  return std::nullopt;
}

const char* const kResourceDims[] = {"unknown", "buffer", "texture1d", "texture2d", "texture2dms",
                                     "texture3d", "texturecube", "texture1darray", "texture2darray",
                                     "texture2dmsarray", "texturecubearray", "raw_buffer", "structured_buffer"};
const char* const kReturnTypes[] = {nullptr, "unorm", "snorm", "sint", "uint", "float", "mixed", "double",
                                    "continued", "unused"};
const char* const kSystemValues[] = {"undefined", "position", "clip_distance", "cull_distance",
                                     "rendertarget_array_index", "viewport_array_index", "vertex_id",
                                     "primitive_id", "instance_id", "is_front_face", "sampleIndex",
                                     "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
                                     "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor",
                                     "finalQuadUInsideTessFactor", "finalQuadVInsideTessFactor",
                                     "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
                                     "finalTriWeq0EdgeTessFactor", "finalTriInsideTessFactor",
                                     "finalLineDetailTessFactor", "finalLineDensityTessFactor"};
const char* const kInterpolation[] = {"undefined", "constant", "linear", "linearCentroid",
                                      "linearNoperspective", "linearNoperspectiveCentroid", "linearSample",
                                      "linearNoperspectiveSample"};
const char* const kSamplerModes[] = {"mode_default", "mode_comparison", "mode_mono"};
const char* const kCbAccess[] = {"immediateIndexed", "dynamicIndexed"};
const char* const kPrimitives[] = {"undefined", "point", "line", "triangle", nullptr, nullptr, "lineadj",
                                   "triangleadj", "patch1", "patch2", "patch3", "patch4", "patch5", "patch6",
                                   "patch7", "patch8", "patch9", "patch10", "patch11", "patch12", "patch13",
                                   "patch14", "patch15", "patch16", "patch17", "patch18", "patch19",
                                   "patch20", "patch21", "patch22", "patch23", "patch24", "patch25",
                                   "patch26", "patch27", "patch28", "patch29", "patch30", "patch31",
                                   "patch32"};
const char* const kTopologies[] = {"undefined", "pointlist", "linelist", "linestrip", "trianglelist",
                                   "trianglestrip"};
const char* const kDomains[] = {"domain_undefined", "domain_isoline", "domain_tri", "domain_quad"};
const char* const kPartitionings[] = {"partitioning_undefined", "partitioning_integer", "partitioning_pow2",
                                      "partitioning_fractional_odd", "partitioning_fractional_even"};
const char* const kOutputPrimitives[] = {"output_undefined", "output_point", "output_line",
                                         "output_triangle_cw", "output_triangle_ccw"};
const char* const kGlobalFlags[] = {"refactoringAllowed", "enableDoublePrecisionFloatOps",
                                    "forceEarlyDepthStencil", "enableRawAndStructuredBuffers",
                                    "skipOptimization", "enableMinimumPrecision",
                                    "enable11_1DoubleExtensions", "enable11_1ShaderExtensions",
                                    "allResourcesBound"};

}  // namespace

const OpcodeInfo* opcodeInfo(uint32_t opcode) { return opcode < kMaxOpcode ? table().byOpcode[opcode] : nullptr; }

std::optional<uint32_t> opcodeFromName(const std::string& name) {
  auto it = table().byName.find(name);
  if (it == table().byName.end())
    return std::nullopt;
  return it->second;
}

const char* resourceDimensionName(uint32_t dim) { return lookup(kResourceDims, dim); }
std::optional<uint32_t> resourceDimensionFromName(const std::string& n) { return reverse(kResourceDims, n); }
const char* returnTypeTokenName(uint32_t type) { return lookup(kReturnTypes, type); }
std::optional<uint32_t> returnTypeTokenFromName(const std::string& n) { return reverse(kReturnTypes, n); }
const char* systemValueTokenName(uint32_t name) { return lookup(kSystemValues, name); }
std::optional<uint32_t> systemValueTokenFromName(const std::string& n) { return reverse(kSystemValues, n); }
const char* globalFlagName(uint32_t bit) { return lookup(kGlobalFlags, bit); }
std::optional<uint32_t> globalFlagBit(const std::string& n) { return reverse(kGlobalFlags, n); }

const char* controlKeyword(ControlKind kind, uint32_t value) {
  switch (kind) {
    case K::Interpolation: return lookup(kInterpolation, value);
    case K::SamplerMode: return lookup(kSamplerModes, value);
    case K::CbAccess: return lookup(kCbAccess, value);
    case K::Primitive: return lookup(kPrimitives, value);
    case K::Topology: return lookup(kTopologies, value);
    case K::Domain: return lookup(kDomains, value);
    case K::Partitioning: return lookup(kPartitionings, value);
    case K::OutputPrimitive: return lookup(kOutputPrimitives, value);
    default: return nullptr;
  }
}

std::optional<uint32_t> controlKeywordValue(ControlKind kind, const std::string& word) {
  switch (kind) {
    case K::Interpolation: return reverse(kInterpolation, word);
    case K::SamplerMode: return reverse(kSamplerModes, word);
    case K::CbAccess: return reverse(kCbAccess, word);
    case K::Primitive: return reverse(kPrimitives, word);
    case K::Topology: return reverse(kTopologies, word);
    case K::Domain: return reverse(kDomains, word);
    case K::Partitioning: return reverse(kPartitionings, word);
    case K::OutputPrimitive: return reverse(kOutputPrimitives, word);
    default: return std::nullopt;
  }
}

}  // namespace dxbc
