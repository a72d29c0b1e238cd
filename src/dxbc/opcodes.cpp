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
  {op::Add, I("add", 1)}, {op::And, I("and", 1, 'u')}, {op::Break, I("break", 0)},
  {op::Breakc, I("breakc", 0, 'u', K::Conditional)}, {op::Call, I("call", 0)},
  {op::Callc, I("callc", 0, 'u', K::Conditional)}, {op::Case, I("case", 0, 'i')}, {op::Continue, I("continue", 0)},
  {op::Continuec, I("continuec", 0, 'u', K::Conditional)}, {op::Cut, I("cut", 0)}, {op::Default, I("default", 0)},
  {op::DerivRtx, I("deriv_rtx", 1)}, {op::DerivRty, I("deriv_rty", 1)},
  {op::Discard, I("discard", 0, 'u', K::Conditional)}, {op::Div, I("div", 1)}, {op::Dp2, I("dp2", 1)},
  {op::Dp3, I("dp3", 1)}, {op::Dp4, I("dp4", 1)}, {op::Else, I("else", 0)}, {op::Emit, I("emit", 0)},
  {op::Emitthencut, I("emitthencut", 0)}, {op::Endif, I("endif", 0)}, {op::Endloop, I("endloop", 0)},
  {op::Endswitch, I("endswitch", 0)}, {op::Eq, I("eq", 1)}, {op::Exp, I("exp", 1)}, {op::Frc, I("frc", 1)},
  {op::Ftoi, I("ftoi", 1)}, {op::Ftou, I("ftou", 1)}, {op::Ge, I("ge", 1)}, {op::Iadd, I("iadd", 1, 'i')},
  {op::If, I("if", 0, 'u', K::Conditional)}, {op::Ieq, I("ieq", 1, 'i')}, {op::Ige, I("ige", 1, 'i')},
  {op::Ilt, I("ilt", 1, 'i')}, {op::Imad, I("imad", 1, 'i')}, {op::Imax, I("imax", 1, 'i')},
  {op::Imin, I("imin", 1, 'i')}, {op::Imul, I("imul", 2, 'i')}, {op::Ine, I("ine", 1, 'i')},
  {op::Ineg, I("ineg", 1, 'i')}, {op::Ishl, I("ishl", 1, 'i')}, {op::Ishr, I("ishr", 1, 'i')},
  {op::Itof, I("itof", 1, 'i')}, {op::Label, I("label", 0)}, {op::Ld, I("ld", 1, 'i')},
  {op::LdMs, I("ld_ms", 1, 'i')}, {op::Log, I("log", 1)}, {op::Loop, I("loop", 0)}, {op::Lt, I("lt", 1)},
  {op::Mad, I("mad", 1)}, {op::Min, I("min", 1)}, {op::Max, I("max", 1)},
  {op::CustomData, OpcodeInfo{"customdata", false, K::None, "", 0, 't'}}, {op::Mov, I("mov", 1, 't')},
  {op::Movc, I("movc", 1, 't')}, {op::Mul, I("mul", 1)}, {op::Ne, I("ne", 1)}, {op::Nop, I("nop", 0)},
  {op::Not, I("not", 1, 'u')}, {op::Or, I("or", 1, 'u')}, {op::Resinfo, I("resinfo", 1, 'u', K::Resinfo)},
  {op::Ret, I("ret", 0)}, {op::Retc, I("retc", 0, 'u', K::Conditional)}, {op::RoundNe, I("round_ne", 1)},
  {op::RoundNi, I("round_ni", 1)}, {op::RoundPi, I("round_pi", 1)}, {op::RoundZ, I("round_z", 1)},
  {op::Rsq, I("rsq", 1)}, {op::Sample, I("sample", 1)}, {op::SampleC, I("sample_c", 1)},
  {op::SampleCLz, I("sample_c_lz", 1)}, {op::SampleL, I("sample_l", 1)}, {op::SampleD, I("sample_d", 1)},
  {op::SampleB, I("sample_b", 1)}, {op::Sqrt, I("sqrt", 1)}, {op::Switch, I("switch", 0, 'i')},
  {op::Sincos, I("sincos", 2)}, {op::Udiv, I("udiv", 2, 'u')}, {op::Ult, I("ult", 1, 'u')},
  {op::Uge, I("uge", 1, 'u')}, {op::Umul, I("umul", 2, 'u')}, {op::Umad, I("umad", 1, 'u')},
  {op::Umax, I("umax", 1, 'u')}, {op::Umin, I("umin", 1, 'u')}, {op::Ushr, I("ushr", 1, 'u')},
  {op::Utof, I("utof", 1, 'u')}, {op::Xor, I("xor", 1, 'u')},
  {op::DclResource, D("dcl_resource", K::ResourceDim, "OR|P")},
  {op::DclConstantBuffer, D("dcl_constantbuffer", K::CbAccess, "O|NP")},
  {op::DclSampler, D("dcl_sampler", K::SamplerMode, "O|P")},
  {op::DclIndexRange, D("dcl_indexrange", K::None, "ON")},
  {op::DclGsOutputPrimitiveTopology, D("dcl_outputtopology", K::Topology, "")},
  {op::DclGsInputPrimitive, D("dcl_inputprimitive", K::Primitive, "")},
  {op::DclMaxOutputVertexCount, D("dcl_maxout", K::None, "N")}, {op::DclInput, D("dcl_input", K::None, "O")},
  {op::DclInputSgv, D("dcl_input_sgv", K::None, "OS")}, {op::DclInputSiv, D("dcl_input_siv", K::None, "OS")},
  {op::DclInputPs, D("dcl_input_ps", K::Interpolation, "O")},
  {op::DclInputPsSgv, D("dcl_input_ps_sgv", K::Interpolation, "OS")},
  {op::DclInputPsSiv, D("dcl_input_ps_siv", K::Interpolation, "OS")},
  {op::DclOutput, D("dcl_output", K::None, "O")}, {op::DclOutputSgv, D("dcl_output_sgv", K::None, "OS")},
  {op::DclOutputSiv, D("dcl_output_siv", K::None, "OS")}, {op::DclTemps, D("dcl_temps", K::None, "N")},
  {op::DclIndexableTemp, D("dcl_indexableTemp", K::None, "X")},
  {op::DclGlobalFlags, D("dcl_globalFlags", K::GlobalFlags, "")}, {op::Lod, I("lod", 1)},
  {op::Gather4, I("gather4", 1)}, {op::SamplePos, I("samplepos", 1)},
  {op::SampleInfo, I("sampleinfo", 1, 'u', K::SampleInfo)}, {op::HsDecls, D("hs_decls", K::None, "")},
  {op::HsControlPointPhase, D("hs_control_point_phase", K::None, "")},
  {op::HsForkPhase, D("hs_fork_phase", K::None, "")}, {op::HsJoinPhase, D("hs_join_phase", K::None, "")},
  {op::EmitStream, I("emit_stream", 0)}, {op::CutStream, I("cut_stream", 0)},
  {op::EmitthencutStream, I("emitthencut_stream", 0)},
  {op::InterfaceCall, OpcodeInfo{"fcall", false, K::Instruction, "NO", 0, 'u'}},
  {op::Bufinfo, I("bufinfo", 1, 'u')}, {op::DerivRtxCoarse, I("deriv_rtx_coarse", 1)},
  {op::DerivRtxFine, I("deriv_rtx_fine", 1)}, {op::DerivRtyCoarse, I("deriv_rty_coarse", 1)},
  {op::DerivRtyFine, I("deriv_rty_fine", 1)}, {op::Gather4C, I("gather4_c", 1)},
  {op::Gather4Po, I("gather4_po", 1, 'i')}, {op::Gather4PoC, I("gather4_po_c", 1, 'i')}, {op::Rcp, I("rcp", 1)},
  {op::F32tof16, I("f32tof16", 1)}, {op::F16tof32, I("f16tof32", 1, 'u')}, {op::Uaddc, I("uaddc", 2, 'u')},
  {op::Usubb, I("usubb", 2, 'u')}, {op::Countbits, I("countbits", 1, 'u')},
  {op::FirstbitHi, I("firstbit_hi", 1, 'u')}, {op::FirstbitLo, I("firstbit_lo", 1, 'u')},
  {op::FirstbitShi, I("firstbit_shi", 1, 'i')}, {op::Ubfe, I("ubfe", 1, 'u')}, {op::Ibfe, I("ibfe", 1, 'i')},
  {op::Bfi, I("bfi", 1, 'u')}, {op::Bfrev, I("bfrev", 1, 'u')}, {op::Swapc, I("swapc", 2, 't')},
  {op::DclStream, D("dcl_stream", K::None, "O")}, {op::DclFunctionBody, D("dcl_function_body", K::None, "N")},
  {op::DclFunctionTable, D("dcl_function_table", K::None, "*")},
  {op::DclInterface, D("dcl_interface", K::None, "*")},
  {op::DclInputControlPointCount, D("dcl_input_control_point_count", K::ControlPoints, "")},
  {op::DclOutputControlPointCount, D("dcl_output_control_point_count", K::ControlPoints, "")},
  {op::DclTessDomain, D("dcl_tessellator_domain", K::Domain, "")},
  {op::DclTessPartitioning, D("dcl_tessellator_partitioning", K::Partitioning, "")},
  {op::DclTessOutputPrimitive, D("dcl_tessellator_output_primitive", K::OutputPrimitive, "")},
  {op::DclHsMaxTessfactor, D("dcl_hs_max_tessfactor", K::None, "F")},
  {op::DclHsForkPhaseInstanceCount, D("dcl_hs_fork_phase_instance_count", K::None, "N")},
  {op::DclHsJoinPhaseInstanceCount, D("dcl_hs_join_phase_instance_count", K::None, "N")},
  {op::DclThreadGroup, D("dcl_thread_group", K::None, "NNN")},
  {op::DclUavTyped, D("dcl_uav_typed", K::UavDim, "OR|P")}, {op::DclUavRaw, D("dcl_uav_raw", K::UavFlags, "O|P")},
  {op::DclUavStructured, D("dcl_uav_structured", K::UavFlags, "ON|P")},
  {op::DclTgsmRaw, D("dcl_tgsm_raw", K::None, "ON")},
  {op::DclTgsmStructured, D("dcl_tgsm_structured", K::None, "ONN")},
  {op::DclResourceRaw, D("dcl_resource_raw", K::None, "O|P")},
  {op::DclResourceStructured, D("dcl_resource_structured", K::None, "ON|P")},
  {op::LdUavTyped, I("ld_uav_typed", 1, 'u')}, {op::StoreUavTyped, I("store_uav_typed", 1, 'u')},
  {op::LdRaw, I("ld_raw", 1, 'u')}, {op::StoreRaw, I("store_raw", 1, 'u')},
  {op::LdStructured, I("ld_structured", 1, 'u')}, {op::StoreStructured, I("store_structured", 1, 'u')},
  {op::AtomicAnd, I("atomic_and", 1, 'u')}, {op::AtomicOr, I("atomic_or", 1, 'u')},
  {op::AtomicXor, I("atomic_xor", 1, 'u')}, {op::AtomicCmpStore, I("atomic_cmp_store", 1, 'u')},
  {op::AtomicIadd, I("atomic_iadd", 1, 'i')}, {op::AtomicImax, I("atomic_imax", 1, 'i')},
  {op::AtomicImin, I("atomic_imin", 1, 'i')}, {op::AtomicUmax, I("atomic_umax", 1, 'u')},
  {op::AtomicUmin, I("atomic_umin", 1, 'u')}, {op::ImmAtomicAlloc, I("imm_atomic_alloc", 2, 'u')},
  {op::ImmAtomicConsume, I("imm_atomic_consume", 2, 'u')}, {op::ImmAtomicIadd, I("imm_atomic_iadd", 2, 'i')},
  {op::ImmAtomicAnd, I("imm_atomic_and", 2, 'u')}, {op::ImmAtomicOr, I("imm_atomic_or", 2, 'u')},
  {op::ImmAtomicXor, I("imm_atomic_xor", 2, 'u')}, {op::ImmAtomicExch, I("imm_atomic_exch", 2, 'u')},
  {op::ImmAtomicCmpExch, I("imm_atomic_cmp_exch", 2, 'u')}, {op::ImmAtomicImax, I("imm_atomic_imax", 2, 'i')},
  {op::ImmAtomicImin, I("imm_atomic_imin", 2, 'i')}, {op::ImmAtomicUmax, I("imm_atomic_umax", 2, 'u')},
  {op::ImmAtomicUmin, I("imm_atomic_umin", 2, 'u')}, {op::Sync, I("sync", 0, 'u', K::Sync)},
  {op::Dadd, I("dadd", 1, 'd')}, {op::Dmax, I("dmax", 1, 'd')}, {op::Dmin, I("dmin", 1, 'd')},
  {op::Dmul, I("dmul", 1, 'd')}, {op::Deq, I("deq", 1, 'd')}, {op::Dge, I("dge", 1, 'd')},
  {op::Dlt, I("dlt", 1, 'd')}, {op::Dne, I("dne", 1, 'd')}, {op::Dmov, I("dmov", 1, 'd')},
  {op::Dmovc, I("dmovc", 1, 'd')}, {op::Dtof, I("dtof", 1, 'd')}, {op::Ftod, I("ftod", 1)},
  {op::EvalSnapped, I("eval_snapped", 1, 'i')}, {op::EvalSampleIndex, I("eval_sample_index", 1, 'i')},
  {op::EvalCentroid, I("eval_centroid", 1)}, {op::DclGsInstanceCount, D("dcl_gs_instance_count", K::None, "N")},
  {op::Abort, I("abort", 0)}, {op::DebugBreak, I("debug_break", 0)}, {op::Ddiv, I("ddiv", 1, 'd')},
  {op::Dfma, I("dfma", 1, 'd')}, {op::Drcp, I("drcp", 1, 'd')}, {op::Msad, I("msad", 1, 'u')},
  {op::Dtoi, I("dtoi", 1, 'd')}, {op::Dtou, I("dtou", 1, 'd')}, {op::Itod, I("itod", 1, 'i')},
  {op::Utod, I("utod", 1, 'u')}, {op::Gather4Feedback, I("gather4_s", 2)},
  {op::Gather4CFeedback, I("gather4_c_s", 2)}, {op::Gather4PoFeedback, I("gather4_po_s", 2, 'i')},
  {op::Gather4PoCFeedback, I("gather4_po_c_s", 2, 'i')}, {op::LdFeedback, I("ld_s", 2, 'i')},
  {op::LdMsFeedback, I("ld_ms_s", 2, 'i')}, {op::LdUavTypedFeedback, I("ld_uav_typed_s", 2, 'u')},
  {op::LdRawFeedback, I("ld_raw_s", 2, 'u')}, {op::LdStructuredFeedback, I("ld_structured_s", 2, 'u')},
  {op::SampleLFeedback, I("sample_l_s", 2)}, {op::SampleCLzFeedback, I("sample_c_lz_s", 2)},
  {op::SampleClampFeedback, I("sample_cl_s", 2)}, {op::SampleBClampFeedback, I("sample_b_cl_s", 2)},
  {op::SampleDClampFeedback, I("sample_d_cl_s", 2)}, {op::SampleCClampFeedback, I("sample_c_cl_s", 2)},
  {op::CheckAccessFullyMapped, I("check_access_fully_mapped", 1, 'u')},
};

constexpr uint32_t kMaxOpcode = op::CheckAccessFullyMapped + 1;

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
