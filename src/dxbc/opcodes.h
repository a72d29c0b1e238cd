// The shader model 4.0-5.1 opcode table: names, operand layout and how control bits are shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dxbc {

namespace op {
// Every opcode of the tokenized program format, named after the D3D10_SB_OPCODE_* / D3D11_SB_OPCODE_*
// constants of d3d11TokenizedProgramFormat.hpp in CamelCase (D3D11_SB_OPCODE_DERIV_RTX_COARSE:
// DerivRtxCoarse), except CustomData and the long declarations DclUav* (DCL_UNORDERED_ACCESS_VIEW_*)
// and DclTgsm* (DCL_THREAD_GROUP_SHARED_MEMORY_*). This enum is the only place their numbers are
// written; the opcode table (opcodes.cpp) gives each its assembly name and operand layout.
enum Opcode : uint32_t {
  // D3D10_SB_OPCODE_*
  Add = 0, And = 1, Break = 2, Breakc = 3, Call = 4, Callc = 5, Case = 6, Continue = 7, Continuec = 8,
  Cut = 9, Default = 10, DerivRtx = 11, DerivRty = 12, Discard = 13, Div = 14, Dp2 = 15, Dp3 = 16, Dp4 = 17,
  Else = 18, Emit = 19, Emitthencut = 20, Endif = 21, Endloop = 22, Endswitch = 23, Eq = 24, Exp = 25,
  Frc = 26, Ftoi = 27, Ftou = 28, Ge = 29, Iadd = 30, If = 31, Ieq = 32, Ige = 33, Ilt = 34, Imad = 35,
  Imax = 36, Imin = 37, Imul = 38, Ine = 39, Ineg = 40, Ishl = 41, Ishr = 42, Itof = 43, Label = 44, Ld = 45,
  LdMs = 46, Log = 47, Loop = 48, Lt = 49, Mad = 50, Min = 51, Max = 52, CustomData = 53, Mov = 54,
  Movc = 55, Mul = 56, Ne = 57, Nop = 58, Not = 59, Or = 60, Resinfo = 61, Ret = 62, Retc = 63, RoundNe = 64,
  RoundNi = 65, RoundPi = 66, RoundZ = 67, Rsq = 68, Sample = 69, SampleC = 70, SampleCLz = 71, SampleL = 72,
  SampleD = 73, SampleB = 74, Sqrt = 75, Switch = 76, Sincos = 77, Udiv = 78, Ult = 79, Uge = 80, Umul = 81,
  Umad = 82, Umax = 83, Umin = 84, Ushr = 85, Utof = 86, Xor = 87, DclResource = 88, DclConstantBuffer = 89,
  DclSampler = 90, DclIndexRange = 91, DclGsOutputPrimitiveTopology = 92, DclGsInputPrimitive = 93,
  DclMaxOutputVertexCount = 94, DclInput = 95, DclInputSgv = 96, DclInputSiv = 97, DclInputPs = 98,
  DclInputPsSgv = 99, DclInputPsSiv = 100, DclOutput = 101, DclOutputSgv = 102, DclOutputSiv = 103,
  DclTemps = 104, DclIndexableTemp = 105, DclGlobalFlags = 106,
  // D3D10_1_SB_OPCODE_*
  Lod = 108, Gather4 = 109, SamplePos = 110, SampleInfo = 111,
  // D3D11_SB_OPCODE_*
  HsDecls = 113, HsControlPointPhase = 114, HsForkPhase = 115, HsJoinPhase = 116, EmitStream = 117,
  CutStream = 118, EmitthencutStream = 119, InterfaceCall = 120, Bufinfo = 121, DerivRtxCoarse = 122,
  DerivRtxFine = 123, DerivRtyCoarse = 124, DerivRtyFine = 125, Gather4C = 126, Gather4Po = 127,
  Gather4PoC = 128, Rcp = 129, F32tof16 = 130, F16tof32 = 131, Uaddc = 132, Usubb = 133, Countbits = 134,
  FirstbitHi = 135, FirstbitLo = 136, FirstbitShi = 137, Ubfe = 138, Ibfe = 139, Bfi = 140, Bfrev = 141,
  Swapc = 142, DclStream = 143, DclFunctionBody = 144, DclFunctionTable = 145, DclInterface = 146,
  DclInputControlPointCount = 147, DclOutputControlPointCount = 148, DclTessDomain = 149,
  DclTessPartitioning = 150, DclTessOutputPrimitive = 151, DclHsMaxTessfactor = 152,
  DclHsForkPhaseInstanceCount = 153, DclHsJoinPhaseInstanceCount = 154, DclThreadGroup = 155,
  DclUavTyped = 156, DclUavRaw = 157, DclUavStructured = 158, DclTgsmRaw = 159, DclTgsmStructured = 160,
  DclResourceRaw = 161, DclResourceStructured = 162, LdUavTyped = 163, StoreUavTyped = 164, LdRaw = 165,
  StoreRaw = 166, LdStructured = 167, StoreStructured = 168, AtomicAnd = 169, AtomicOr = 170,
  AtomicXor = 171, AtomicCmpStore = 172, AtomicIadd = 173, AtomicImax = 174, AtomicImin = 175,
  AtomicUmax = 176, AtomicUmin = 177, ImmAtomicAlloc = 178, ImmAtomicConsume = 179, ImmAtomicIadd = 180,
  ImmAtomicAnd = 181, ImmAtomicOr = 182, ImmAtomicXor = 183, ImmAtomicExch = 184, ImmAtomicCmpExch = 185,
  ImmAtomicImax = 186, ImmAtomicImin = 187, ImmAtomicUmax = 188, ImmAtomicUmin = 189, Sync = 190, Dadd = 191,
  Dmax = 192, Dmin = 193, Dmul = 194, Deq = 195, Dge = 196, Dlt = 197, Dne = 198, Dmov = 199, Dmovc = 200,
  Dtof = 201, Ftod = 202, EvalSnapped = 203, EvalSampleIndex = 204, EvalCentroid = 205,
  DclGsInstanceCount = 206, Abort = 207, DebugBreak = 208,
  // D3D11_1_SB_OPCODE_*
  Ddiv = 210, Dfma = 211, Drcp = 212, Msad = 213, Dtoi = 214, Dtou = 215, Itod = 216, Utod = 217,
  // D3DWDDM1_3_SB_OPCODE_* (tiled-resource feedback forms)
  Gather4Feedback = 219, Gather4CFeedback = 220, Gather4PoFeedback = 221, Gather4PoCFeedback = 222,
  LdFeedback = 223, LdMsFeedback = 224, LdUavTypedFeedback = 225, LdRawFeedback = 226,
  LdStructuredFeedback = 227, SampleLFeedback = 228, SampleCLzFeedback = 229, SampleClampFeedback = 230,
  SampleBClampFeedback = 231, SampleDClampFeedback = 232, SampleCClampFeedback = 233,
  CheckAccessFullyMapped = 234,
};
}  // namespace op

// How an opcode's control bits (11..23) are written in assembly.
enum class ControlKind : uint8_t {
  Instruction,     // _sat, precise; plus _z/_nz when it has a test
  Conditional,     // Instruction plus the test-boolean bit
  Resinfo,         // return type in bits 11-12
  SampleInfo,      // _uint in bit 11
  Sync,            // barrier flags in bits 11-14
  ResourceDim,     // dcl_resource: dimension bits 11-15, sample count 16-22
  UavDim,          // dcl_uav_typed: dimension, _glc (16), _rov (17)
  UavFlags,        // dcl_uav_raw/structured: _glc (16), _rov (17), _opc (23)
  Interpolation,   // dcl_input_ps*: bits 11-14
  SamplerMode,     // bits 11-14
  CbAccess,        // bit 11
  GlobalFlags,     // bits 11-23 as a flag list
  Primitive,       // dcl_inputprimitive: bits 11-16
  Topology,        // dcl_outputtopology: bits 11-17
  ControlPoints,   // bits 11-16 as a number
  Domain,          // bits 11-12
  Partitioning,    // bits 11-13
  OutputPrimitive, // bits 11-13
  None,            // declarations with no control bits
};

// What a declaration's tokens after the opcode are, in binary order. Letters:
// O operand, R return-type token, N number, F float, S system-value name, X indexable temp
// (three numbers), P register space (SM 5.1), * every remaining token as a number.
// Items after '|' are optional (present in SM 5.1 containers).
struct OpcodeInfo {
  const char* name = nullptr;
  bool declaration = false;
  ControlKind control = ControlKind::Instruction;
  const char* layout = nullptr;  // declarations (and the few special instructions); nullptr: operands to the end
  uint8_t numDst = 1;            // leading destination operands (masks rather than swizzles)
  char numberStyle = 'f';        // how immediates print: f float, i int, u uint, d double, t typeless
};

const OpcodeInfo* opcodeInfo(uint32_t opcode);
// The opcode whose name is exactly this.
std::optional<uint32_t> opcodeFromName(const std::string& name);

// Names of values stored in control bits and tokens.
const char* resourceDimensionName(uint32_t dim);   // "texture2d", ...
std::optional<uint32_t> resourceDimensionFromName(const std::string& name);
const char* returnTypeTokenName(uint32_t type);     // "float", "uint", ...
std::optional<uint32_t> returnTypeTokenFromName(const std::string& name);
const char* systemValueTokenName(uint32_t name);    // "position", ... for dcl_*_sv
std::optional<uint32_t> systemValueTokenFromName(const std::string& name);

// Keyword tables for ControlKinds with a single named value.
const char* controlKeyword(ControlKind kind, uint32_t value);
std::optional<uint32_t> controlKeywordValue(ControlKind kind, const std::string& word);
const char* globalFlagName(uint32_t bit);  // bit index 0..12 within bits 11-23
std::optional<uint32_t> globalFlagBit(const std::string& name);

}  // namespace dxbc
