// How Direct3D types each operand of the arithmetic, move and conditional instructions: which
// source modifiers they take and whether _sat applies. The compiler and the execution tests read it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dxbc {

// The type Direct3D gives one operand; it decides what `-`, `|x|` and `-|x|` mean on it.
enum class OperandType : uint8_t {
  Float,   // 32-bit float: the modifiers act on the sign bit (a negate flips it, also on -0, NaN, denormals)
  Move,    // typeless move source (mov, movc, swapc): float modifiers on the sign bit, other bits untouched
  Int,     // 32-bit integer (signed or not): `-` is two's complement; `|x|` is not allowed
  Double,  // a double (two words): the modifiers act on the double's sign bit
};

struct InstructionTypes {
  uint32_t opcode;
  // One letter per operand, destinations first: f Float, m Move, i Int, d Double.
  const char* operands;
  bool saturate;  // _sat allowed: the result is a float (or a float-moved value)
};

// The instruction's entry, or nullptr for the opcodes the table does not cover (declarations,
// flow without a condition, resource access: their operands keep the compiler's per-kind rule).
const InstructionTypes* instructionTypes(uint32_t opcode);
// Operand `index`'s type, when the opcode is in the table and has that operand.
std::optional<OperandType> operandType(uint32_t opcode, size_t index);
// Every entry, for tests that walk the table.
const InstructionTypes* instructionTypesBegin();
const InstructionTypes* instructionTypesEnd();

// Why this instruction's modifiers or _sat break the table's rules, or empty when they do not.
// `modifiers[i]` is operand i's modifier (0 none, 1 neg, 2 abs, 3 abs+neg).
std::string checkModifiers(uint32_t opcode, const uint32_t* modifiers, size_t count, bool saturate);

}  // namespace dxbc
