// The shader model 4.0-5.1 opcode table: names, operand layout and how control bits are shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dxbc {

namespace op {
// Opcode numbers from the tokenized program format that the code refers to by name.
constexpr uint32_t Breakc = 3, Callc = 5, Continuec = 8, Discard = 13, If = 31, Retc = 63;
constexpr uint32_t Resinfo = 61, CustomData = 53, SampleInfo = 111, Sync = 190, InterfaceCall = 120;
constexpr uint32_t DclResource = 88, DclConstantBuffer = 89, DclSampler = 90, DclIndexableTemp = 105;
constexpr uint32_t DclGlobalFlags = 106, DclTemps = 104;
constexpr uint32_t DclUavTyped = 156, DclUavRaw = 157, DclUavStructured = 158;
constexpr uint32_t DclResourceRaw = 161, DclResourceStructured = 162;
constexpr uint32_t HsDecls = 113, HsControlPointPhase = 114, HsForkPhase = 115, HsJoinPhase = 116;
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
