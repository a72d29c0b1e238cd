// The decoded shader program: instructions and operands, lossless down to every token bit.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace dxbc {

enum class ProgramType : uint32_t { Pixel = 0, Vertex = 1, Geometry = 2, Hull = 3, Domain = 4, Compute = 5 };

enum class IndexRepresentation : uint32_t {
  Imm32 = 0, Imm64 = 1, Relative = 2, Imm32PlusRelative = 3, Imm64PlusRelative = 4,
};

enum class SelectionMode : uint32_t { Mask = 0, Swizzle = 1, Select1 = 2 };

// Numbers of components, as encoded in operand bits 0-1.
enum class ComponentCount : uint32_t { Zero = 0, One = 1, Four = 2, N = 3 };

enum class OperandModifier : uint32_t { None = 0, Neg = 1, Abs = 2, AbsNeg = 3 };

struct Operand;

struct OperandIndex {
  IndexRepresentation representation = IndexRepresentation::Imm32;
  uint64_t immediate = 0;
  std::shared_ptr<Operand> relative;  // for the relative representations
};

struct Operand {
  uint32_t type = 0;  // register type (D3D10_SB_OPERAND_TYPE)
  ComponentCount components = ComponentCount::Zero;
  SelectionMode selection = SelectionMode::Mask;
  uint32_t componentBits = 0;  // operand bits 4-11: mask, swizzle or select-1 component
  uint32_t indexDimension = 0;
  OperandIndex index[3];
  // Extended operand tokens exactly as stored (modifier, min precision, non-uniform).
  std::vector<uint32_t> extended;
  std::vector<uint32_t> immediates;  // immediate32/64 operand values (1 or 4 components)

  uint32_t mask() const { return componentBits & 0xf; }
  uint32_t swizzle(int i) const { return (componentBits >> (2 * i)) & 3; }
  OperandModifier modifier() const;
  uint32_t minPrecision() const;
  bool nonUniform() const;
};

struct Instruction {
  uint32_t opcode = 0;
  uint32_t controls = 0;                   // opcode token bits 11-23 (shifted down to bit 0)
  std::vector<uint32_t> extendedOpcodes;   // extended opcode tokens as stored
  std::vector<Operand> operands;
  std::vector<uint32_t> extra;             // declaration tokens that are not operands
  // Custom data blocks (opcode 53): class and payload.
  uint32_t customClass = 0;
  std::vector<uint32_t> customData;
  uint32_t offset = 0;                     // token offset within the program, for messages
};

struct Program {
  ProgramType type = ProgramType::Pixel;
  uint32_t major = 0, minor = 0;
  uint32_t versionToken = 0;
  std::vector<Instruction> instructions;

  std::string profileName() const;  // "ps_5_0"
};

const char* programTypePrefix(ProgramType type);  // "ps", "vs", ...

}  // namespace dxbc
