// The pixel-stage reference (d3d_derivatives.h): the quad rules of the derivative instructions'
// reference pages and the float subtraction under D3D's rules.
#include "d3d_derivatives.h"

#include <bit>
#include <cmath>

namespace d3d_derivatives {

const Instruction kInstructions[6] = {
  {"deriv_rtx", Axis::X, Granularity::Unspecified},      {"deriv_rty", Axis::Y, Granularity::Unspecified},
  {"deriv_rtx_coarse", Axis::X, Granularity::Coarse},    {"deriv_rty_coarse", Axis::Y, Granularity::Coarse},
  {"deriv_rtx_fine", Axis::X, Granularity::Fine},        {"deriv_rty_fine", Axis::Y, Granularity::Fine},
};

uint32_t applyModifier(uint32_t bits, Modifier modifier) {
  switch (modifier) {
  case kNegate:
    return bits ^ 0x80000000u;
  case kAbs:
    return bits & 0x7fffffffu;
  case kNegateAbs:
    return bits | 0x80000000u;
  case kNone:
    break;
  }
  return bits;
}

std::string modifierText(Modifier modifier, const std::string& operand) {
  switch (modifier) {
  case kNegate:
    return "-" + operand;
  case kAbs:
    return "|" + operand + "|";
  case kNegateAbs:
    return "-|" + operand + "|";
  case kNone:
    break;
  }
  return operand;
}

std::vector<Difference> allowedDifferences(const Instruction& instruction, const Quad& quad, uint32_t column,
                                           uint32_t row) {
  // Along x, a quad row's right pixel minus its left one; along y, a quad column's bottom pixel
  // minus its top one. The pixel's own row (column) comes first.
  auto along = [&](uint32_t line) {
    return instruction.axis == Axis::X ? Difference{quad.value[line][1], quad.value[line][0]}
                                       : Difference{quad.value[1][line], quad.value[0][line]};
  };
  const uint32_t own = instruction.axis == Axis::X ? row : column;
  std::vector<Difference> allowed = {along(own)};
  if (instruction.granularity != Granularity::Fine)
    allowed.push_back(along(own ^ 1u));
  return allowed;
}

bool isNan(uint32_t bits) { return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0; }

namespace {

bool isDenormal(uint32_t bits) { return (bits & 0x7f800000u) == 0 && (bits & 0x007fffffu) != 0; }
uint32_t flushed(uint32_t bits) { return isDenormal(bits) ? bits & 0x80000000u : bits; }
bool isZero(uint32_t bits) { return (bits & 0x7fffffffu) == 0; }

}  // namespace

uint32_t subtract(uint32_t a, uint32_t b, bool flush) {
  if (flush) {
    a = flushed(a);
    b = flushed(b);
  }
  // The host's float subtraction is IEEE 754 binary32, rounding to nearest even (the test is not
  // built with fast-math), which is D3D's rounding for add.
  const uint32_t result = std::bit_cast<uint32_t>(std::bit_cast<float>(a) - std::bit_cast<float>(b));
  return flush ? flushed(result) : result;
}

uint32_t saturate(uint32_t bits) {
  if (isNan(bits))
    return 0;
  const float f = std::bit_cast<float>(bits);
  if (f <= 0.0f)
    return isZero(bits) ? bits : 0u;
  return f >= 1.0f ? 0x3f800000u : bits;
}

Verdict judge(const Instruction& instruction, const Quad& quad, uint32_t column, uint32_t row, bool sat,
              uint32_t got) {
  const std::vector<Difference> allowed = allowedDifferences(instruction, quad, column, row);
  for (bool flush : {true, false})
    for (const Difference& d : allowed) {
      uint32_t want = subtract(d.minuend, d.subtrahend, flush);
      if (sat)
        want = saturate(want);
      if (want == got || (isNan(want) && isNan(got)) || (sat && isZero(want) && isZero(got)))
        return flush ? Verdict::Matches : Verdict::MatchesWithDenormalsKept;
    }
  return Verdict::Mismatch;
}

bool discards(bool onZero, uint32_t condition) { return onZero ? condition == 0 : condition != 0; }

}  // namespace d3d_derivatives
