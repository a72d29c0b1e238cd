// A CPU reference of Direct3D's shader model 4/5 instruction rules, written from the reference
// pages and the floating-point rules, for the generated modifier execution suite.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace d3d_reference {

// What one destination value must be: exact bits (32-bit, or a double over two words) with the
// freedoms Direct3D leaves, or, for the instructions D3D gives an error bound instead of an exact
// result (rcp, rsq, sqrt, div, exp, log, sincos, dp2/dp3/dp4), a value and the distance allowed.
struct Word {
  enum class Kind : uint8_t {
    Bits,         // `bits` exactly, with anyNan/zeroSignFree
    Approximate,  // within `bound` of `value` (docs/compiler.md lists the bounds and their pages)
    HalfNan,      // f32tof16 of a NaN: any float16 NaN in the low 16 bits, the high 16 zero
  };
  Kind kind = Kind::Bits;
  bool isDouble = false;      // Bits: a double taking two destination words (low word first)
  uint64_t bits = 0;
  bool anyNan = false;        // a NaN produced by arithmetic: any NaN is right
  bool zeroSignFree = false;  // +0 and -0 both right (min/max, _sat: D3D recommends, does not require)
  bool mayBePosInf = false;   // Approximate: an ordering or a rounding D3D allows may overflow to +inf
  bool mayBeNegInf = false;   // ... or to -inf
  bool mayBeNan = false;      // Approximate: opposite overflows D3D allows may meet (inf - inf)
  double value = 0, bound = 0;
};
using Result = std::vector<Word>;

// A device result is accepted when it matches the Direct3D result or one of the alternatives:
// results of other implementations Direct3D allows (div as a * (1/b), f32tof16 rounding) or of a
// named device exception (lavapipe-keeps-denormals), each under its name.
struct Expectation {
  Result d3d;
  std::vector<std::pair<Result, const char*>> alternatives;
};

// Whether the reference knows this opcode.
bool covered(uint32_t opcode);
// The names of the alternatives, for the suite's summary lines.
const char* const kDenormalsKept = "lavapipe-keeps-denormals";
const char* const kFusedMad = "mad-may-fuse";
const char* const kDivByReciprocal = "div-as-a-times-rcp-b";
const char* const kRoundToZero = "conversion-rounds-to-zero";
const char* const kDoubleDenormalsFlushed = "double-denormals-flushed";
const char* const kUnfusedDoubleFma = "vulkan-fma-may-be-unfused";
const char* const kLogDenormalAsNormal = "lavapipe-log-of-denormal";
const char* const kConstantFolded = "lavapipe-folds-constant-zero";

// How many 32-bit words source `index` of the opcode reads (a double: 2; dp2/dp3/dp4: 2/3/4).
uint32_t sourceWords(uint32_t opcode, char typeLetter);
// How many 32-bit words destination `index` writes (a double: 2).
uint32_t destWords(char typeLetter);

// Applies a source modifier (0 none, 1 -, 2 |x|, 3 -|x|) to one source by the operand's table
// letter: on each float's sign bit, on the double's sign bit, or as integer negation.
std::vector<uint32_t> applyModifier(std::vector<uint32_t> words, uint32_t modifier, char typeLetter);

// The instruction on one set of sources, which already carry their modifiers. constantSource:
// the source given as an immediate (its value a constant the driver sees), or -1.
Expectation evaluate(uint32_t opcode, const std::vector<std::vector<uint32_t>>& sources, bool saturate,
                     int constantSource = -1);

// "" when `got` (the destinations' words in order) is accepted; else what differs. Sets
// `alternative` to the name of the alternative that matched when the Direct3D result did not.
std::string compare(const Expectation& e, const std::vector<uint32_t>& got, const char*& alternative);

}  // namespace d3d_reference
