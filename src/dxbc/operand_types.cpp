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
  {0, "fff", true},     // add
  {1, "iii", false},    // and
  {3, "i", false},      // breakc
  {8, "i", false},      // continuec
  {11, "ff", true},     // deriv_rtx
  {12, "ff", true},     // deriv_rty
  {13, "i", false},     // discard
  {14, "fff", true},    // div
  {15, "fff", true},    // dp2
  {16, "fff", true},    // dp3
  {17, "fff", true},    // dp4
  {24, "iff", false},   // eq
  {25, "ff", true},     // exp
  {26, "ff", true},     // frc
  {27, "if", false},    // ftoi
  {28, "if", false},    // ftou
  {29, "iff", false},   // ge
  {30, "iii", false},   // iadd
  {31, "i", false},     // if
  {32, "iii", false},   // ieq
  {33, "iii", false},   // ige
  {34, "iii", false},   // ilt
  {35, "iiii", false},  // imad
  {36, "iii", false},   // imax
  {37, "iii", false},   // imin
  {38, "iiii", false},  // imul
  {39, "iii", false},   // ine
  {40, "ii", false},    // ineg
  {41, "iii", false},   // ishl
  {42, "iii", false},   // ishr
  {43, "fi", true},     // itof
  {47, "ff", true},     // log
  {49, "iff", false},   // lt
  {50, "ffff", true},   // mad
  {51, "fff", true},    // min
  {52, "fff", true},    // max
  {54, "mm", true},     // mov
  {55, "mimm", true},   // movc
  {56, "fff", true},    // mul
  {57, "iff", false},   // ne
  {59, "ii", false},    // not
  {60, "iii", false},   // or
  {63, "i", false},     // retc
  {64, "ff", true},     // round_ne
  {65, "ff", true},     // round_ni
  {66, "ff", true},     // round_pi
  {67, "ff", true},     // round_z
  {68, "ff", true},     // rsq
  {75, "ff", true},     // sqrt
  {77, "fff", true},    // sincos
  {78, "iiii", false},  // udiv
  {79, "iii", false},   // ult
  {80, "iii", false},   // uge
  {81, "iiii", false},  // umul
  {82, "iiii", false},  // umad
  {83, "iii", false},   // umax
  {84, "iii", false},   // umin
  {85, "iii", false},   // ushr
  {86, "fi", true},     // utof
  {87, "iii", false},   // xor
  {129, "ff", true},    // rcp
  {130, "if", false},   // f32tof16
  {131, "fi", true},    // f16tof32
  {132, "iiii", false}, // uaddc
  {133, "iiii", false}, // usubb
  {134, "ii", false},   // countbits
  {135, "ii", false},   // firstbit_hi
  {136, "ii", false},   // firstbit_lo
  {137, "ii", false},   // firstbit_shi
  {138, "iiii", false}, // ubfe
  {139, "iiii", false}, // ibfe
  {140, "iiiii", false},// bfi
  {141, "ii", false},   // bfrev
  {142, "mmimm", false},// swapc
  {191, "ddd", true},   // dadd
  {192, "ddd", true},   // dmax
  {193, "ddd", true},   // dmin
  {194, "ddd", true},   // dmul
  {195, "idd", false},  // deq
  {196, "idd", false},  // dge
  {197, "idd", false},  // dlt
  {198, "idd", false},  // dne
  {199, "dd", true},    // dmov
  {200, "didd", true},  // dmovc
  {201, "fd", true},    // dtof
  {202, "df", true},    // ftod
  {210, "ddd", true},   // ddiv
  {211, "dddd", true},  // dfma
  {212, "dd", true},    // drcp
  {213, "iiii", false}, // msad
  {214, "id", false},   // dtoi
  {215, "id", false},   // dtou
  {216, "di", true},    // itod
  {217, "di", true},    // utod
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
