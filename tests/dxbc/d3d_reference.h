// A CPU reference of Direct3D's shader model 4/5 instruction rules, written from the reference
// pages and the floating-point rules, for the generated modifier execution suite.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace d3d_reference {

// The freedoms Direct3D's rules or a named device exception leave to a result (docs/compiler.md,
// "Execution suite"). A device result is accepted when it matches any allowed variant.
struct Expectation {
  std::vector<uint32_t> d3d;          // the result under Direct3D's rules (denormals flushed, unfused mad)
  // Results with a named exception applied, and the exception's name; only those that differ.
  std::vector<std::pair<std::vector<uint32_t>, const char*>> alternatives;
  bool floatResult = false;           // destination k is a float from arithmetic: any NaN matches a NaN
  bool zeroSignFree = false;          // min/max/_sat: +0 and -0 are both right (D3D recommends, does not require)
};

// Whether the reference knows this opcode (component-wise, exactly defined instructions).
bool covered(uint32_t opcode);
// The names of the exceptions, for the suite's summary line.
const char* const kDenormalsKept = "lavapipe-keeps-denormals";
const char* const kFusedMad = "mad-may-fuse";

// Applies a source modifier (0 none, 1 -, 2 |x|, 3 -|x|) by the operand's table letter.
uint32_t applyModifier(uint32_t bits, uint32_t modifier, char typeLetter);

// The instruction on one component; `sources` already carry their modifiers.
Expectation evaluate(uint32_t opcode, const std::vector<uint32_t>& sources, bool saturate);

// "" when `got` is accepted; else what differs. Sets `exception` to the name of the alternative
// that matched when the Direct3D result did not.
std::string compare(const Expectation& e, const std::vector<uint32_t>& got, const char*& exception);

}  // namespace d3d_reference
