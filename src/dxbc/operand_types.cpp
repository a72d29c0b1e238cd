// The per-opcode operand-type table of shader model 4 and 5 (docs/compiler.md, "Source modifiers").
#include "dxbc/operand_types.h"

#include <cstring>
#include <iterator>

#include "dxbc/opcodes.h"

namespace dxbc {
namespace {

// From the per-instruction reference pages: float instructions take [-][|x|] and [_sat]; integer
// instructions take [-] (two's complement, iadd's page); mov/movc/swapc move bits and take float
// modifiers, as fxc writes a float negation as `mov r, -x` (integer negation is ineg).
const InstructionTypes kTable[] = {
  {op::Add, "fff", true},
  {op::And, "iii", false},
  {op::Breakc, "i", false},
  {op::Continuec, "i", false},
  {op::DerivRtx, "ff", true},
  {op::DerivRty, "ff", true},
  {op::Discard, "i", false},
  {op::Div, "fff", true},
  {op::Dp2, "fff", true},
  {op::Dp3, "fff", true},
  {op::Dp4, "fff", true},
  {op::Eq, "iff", false},
  {op::Exp, "ff", true},
  {op::Frc, "ff", true},
  {op::Ftoi, "if", false},
  {op::Ftou, "if", false},
  {op::Ge, "iff", false},
  {op::Iadd, "iii", false},
  {op::If, "i", false},
  {op::Ieq, "iii", false},
  {op::Ige, "iii", false},
  {op::Ilt, "iii", false},
  {op::Imad, "iiii", false},
  {op::Imax, "iii", false},
  {op::Imin, "iii", false},
  {op::Imul, "iiii", false},
  {op::Ine, "iii", false},
  {op::Ineg, "ii", false},
  {op::Ishl, "iii", false},
  {op::Ishr, "iii", false},
  {op::Itof, "fi", true},
  {op::Log, "ff", true},
  {op::Lt, "iff", false},
  {op::Mad, "ffff", true},
  {op::Min, "fff", true},
  {op::Max, "fff", true},
  {op::Mov, "mm", true},
  {op::Movc, "mimm", true},
  {op::Mul, "fff", true},
  {op::Ne, "iff", false},
  {op::Not, "ii", false},
  {op::Or, "iii", false},
  {op::Retc, "i", false},
  {op::RoundNe, "ff", true},
  {op::RoundNi, "ff", true},
  {op::RoundPi, "ff", true},
  {op::RoundZ, "ff", true},
  {op::Rsq, "ff", true},
  {op::Sqrt, "ff", true},
  {op::Sincos, "fff", true},
  {op::Udiv, "iiii", false},
  {op::Ult, "iii", false},
  {op::Uge, "iii", false},
  {op::Umul, "iiii", false},
  {op::Umad, "iiii", false},
  {op::Umax, "iii", false},
  {op::Umin, "iii", false},
  {op::Ushr, "iii", false},
  {op::Utof, "fi", true},
  {op::Xor, "iii", false},
  {op::Rcp, "ff", true},
  {op::F32tof16, "if", false},
  {op::F16tof32, "fi", true},
  {op::Uaddc, "iiii", false},
  {op::Usubb, "iiii", false},
  {op::Countbits, "ii", false},
  {op::FirstbitHi, "ii", false},
  {op::FirstbitLo, "ii", false},
  {op::FirstbitShi, "ii", false},
  {op::Ubfe, "iiii", false},
  {op::Ibfe, "iiii", false},
  {op::Bfi, "iiiii", false},
  {op::Bfrev, "ii", false},
  {op::Swapc, "mmimm", false},
  {op::Dadd, "ddd", true},
  {op::Dmax, "ddd", true},
  {op::Dmin, "ddd", true},
  {op::Dmul, "ddd", true},
  {op::Deq, "idd", false},
  {op::Dge, "idd", false},
  {op::Dlt, "idd", false},
  {op::Dne, "idd", false},
  {op::Dmov, "dd", true},
  {op::Dmovc, "didd", true},
  {op::Dtof, "fd", true},
  {op::Ftod, "df", true},
  {op::Ddiv, "ddd", true},
  {op::Dfma, "dddd", true},
  {op::Drcp, "dd", true},
  {op::Msad, "iiii", false},
  {op::Dtoi, "id", false},
  {op::Dtou, "id", false},
  {op::Itod, "di", true},
  {op::Utod, "di", true},
};

OperandType fromLetter(char c) {
  switch (c) {
    case 'f': return OperandType::Float;
    case 'm': return OperandType::Move;
    case 'd': return OperandType::Double;
    default: return OperandType::Int;
  }
}

}  // namespace

const InstructionTypes* instructionTypes(uint32_t opcode) {
  for (const InstructionTypes& e : kTable)
    if (e.opcode == opcode)
      return &e;
  return nullptr;
}

std::optional<OperandType> operandType(uint32_t opcode, size_t index) {
  const InstructionTypes* e = instructionTypes(opcode);
  if (!e || index >= std::strlen(e->operands))
    return std::nullopt;
  return fromLetter(e->operands[index]);
}

const InstructionTypes* instructionTypesBegin() { return std::begin(kTable); }
const InstructionTypes* instructionTypesEnd() { return std::end(kTable); }

std::string checkModifiers(uint32_t opcode, const uint32_t* modifiers, size_t count, bool saturate) {
  const InstructionTypes* e = instructionTypes(opcode);
  if (!e)
    return {};
  const OpcodeInfo* info = opcodeInfo(opcode);
  std::string name = info && info->name ? info->name : "opcode " + std::to_string(opcode);
  if (saturate && !e->saturate)
    return name + " takes no _sat (its result is not a float)";
  for (size_t i = 0; i < count; i++) {
    auto type = operandType(opcode, i);
    if (!type || modifiers[i] == 0)
      continue;
    if (info && i < info->numDst)
      return name + " has a modifier on destination operand " + std::to_string(i);
    if (*type == OperandType::Int && (modifiers[i] & 2))
      return name + " has |x| on integer operand " + std::to_string(i) + " (only - is defined there)";
  }
  return {};
}

}  // namespace dxbc
