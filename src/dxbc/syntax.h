// What the disassembler and the assembler must agree on: number spelling, operand shape inference,
// and the mnemonic suffixes for control bits and extended opcode tokens.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dxbc/instruction.h"
#include "dxbc/opcodes.h"

namespace dxbc::syntax {

// A 32-bit value as text in an immediate's style ('f' float, 'i' int, 'u' uint, 't' typeless).
// Whatever is printed parses back to the same bits.
std::string formatNumber(uint32_t value, char style);
std::string formatDouble(uint64_t bits);
// Parses what formatNumber writes (decimal, negative, hex, float with '.' or exponent).
std::optional<uint32_t> parseNumber(const std::string& text);
std::optional<uint64_t> parseDouble(const std::string& text);

// An operand's component count, selection mode and bits, as the low 12 bits of its token.
struct Shape {
  ComponentCount components;
  SelectionMode selection;
  uint32_t bits;
  bool operator==(const Shape&) const = default;
};
Shape shapeOf(const Operand& o);
// The component letters written after '.', from the operand's shape.
std::string componentLetters(const Shape& shape);
// Where an operand stands, which decides how its component letters read.
struct OperandContext {
  bool destination = false;  // masks rather than swizzles
  bool declaration = false;  // a dcl_* operand
  uint32_t indexDimension = 0;
};
// The shape the assembler gives an operand written with these letters (no annotation), or nothing
// when the letters cannot be read there.
std::optional<Shape> shapeFromLetters(uint32_t registerType, const OperandContext& context,
                                      const std::string& letters, size_t immediateCount);
// The letters the disassembler writes for a shape in a context ("" where the default gives it back).
std::string lettersFor(uint32_t registerType, const OperandContext& context, const Shape& shape);

// The mnemonic: base name plus suffixes for control bits and extended opcode tokens; anything these
// cannot express goes into bracketed annotations ("[ctl=0x..]", "[ext=0x..]", "[precise(xy)]").
struct MnemonicText {
  std::string mnemonic;
  std::string before;  // keyword written before the operands (interpolation mode)
  std::string after;   // keyword written after the operands (sampler mode, access pattern)
  std::string annotations;
};
MnemonicText formatMnemonic(const Instruction& ins, const OpcodeInfo& info);

// Parses a mnemonic word into opcode, controls and extended opcode tokens; keyword and annotation
// handling is left to the caller through applyKeyword/applyAnnotation. Throws dxbc::Error.
struct ParsedMnemonic {
  uint32_t opcode = 0;
  uint32_t controls = 0;
  std::vector<uint32_t> extendedOpcodes;
  bool testSeen = false;
};
ParsedMnemonic parseMnemonic(const std::string& word);
// A keyword ("linear", "immediateIndexed", "refactoringAllowed", "patch3", "3") for the opcode's controls.
bool applyKeyword(ParsedMnemonic& m, const std::string& word);
// "[ctl=0x..]", "[ext=0x..]", "[precise(xy)]" without the brackets.
bool applyAnnotation(ParsedMnemonic& m, const std::string& text);

}  // namespace dxbc::syntax
