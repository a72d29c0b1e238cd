// A CPU reference of Direct3D's pixel-stage rules for the derivative instructions and discard,
// written from the instruction reference pages (deriv_rtx/deriv_rty (sm4 - asm),
// deriv_rtx_coarse/_fine and deriv_rty_coarse/_fine (sm5 - asm), discard (sm4 - asm)) and D3D's
// float rules, for tests/dxbc/test_execution_pixel.cpp. It says which results D3D accepts; it
// runs nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d3d_derivatives {

enum class Axis { X, Y };

// How the 2x2 quad's values make a pixel's derivative:
// - Fine (deriv_rt?_fine): "each pixel in the 2x2 stamp gets a unique pair of x/y derivative
//   calculations" and the current pixel's data always takes part: along x, the difference of the
//   two pixels of the quad row holding the pixel; along y, of the quad column holding it.
// - Coarse (deriv_rt?_coarse): "only a single x,y derivative pair is computed for each 2x2
//   stamp"; the current pixel's data may or may not take part, e.g. the x derivative may come
//   from the top row and the y one from the left column, "the exact calculation is up to the
//   hardware vendor". Which row (column) is not specified, so either is accepted.
// - Unspecified (deriv_rtx/deriv_rty, shader model 4): the page says one pair per stamp, and
//   describes the reference rasterizer as taking the current pixel's own row (column): coarse or
//   fine is the implementation's choice, so the same set as Coarse.
// In every case the difference is the odd-coordinate pixel's value minus the even one's
// ("src0(odd x pixel) - src0(even x pixel)", and the same along y), per component.
enum class Granularity { Fine, Coarse, Unspecified };

struct Instruction {
  const char* name;
  Axis axis;
  Granularity granularity;
};
// deriv_rtx, deriv_rty, deriv_rtx_coarse, deriv_rty_coarse, deriv_rtx_fine, deriv_rty_fine.
extern const Instruction kInstructions[6];

// The float source modifiers: they act on the sign bit only (NaNs keep their payload).
enum Modifier : uint32_t { kNone = 0, kNegate = 1, kAbs = 2, kNegateAbs = 3 };
uint32_t applyModifier(uint32_t bits, Modifier modifier);
// The modifier's assembly around a register name: "-", "|", "|" ... ("-|r1.x|").
std::string modifierText(Modifier modifier, const std::string& operand);

// One component's values over a quad, after the source modifier: value[row][column], row 0 the
// quad's top (even y), column 0 its left (even x).
struct Quad {
  uint32_t value[2][2];
};

struct Difference {
  uint32_t minuend, subtrahend;  // minuend - subtrahend
};
// The differences whose result D3D accepts for the pixel at (column, row) of its quad: one for
// Fine, the pixel's own row (column) first and then the other for Coarse and Unspecified.
std::vector<Difference> allowedDifferences(const Instruction& instruction, const Quad& quad, uint32_t column,
                                           uint32_t row);

// a - b as a float subtraction rounded to nearest even. flush true: D3D's rule, denormal inputs
// and a denormal result flushed to a zero of the same sign. flush false: IEEE with denormals kept
// (lavapipe reports no shaderDenormFlushToZeroFloat32, so it cannot be asked to flush; its
// compute shaders keep denormals, its fragment shaders, on Mesa 22.3, flush them).
uint32_t subtract(uint32_t a, uint32_t b, bool flush);
// _sat: clamped to [0, 1], NaN to 0.
uint32_t saturate(uint32_t bits);
bool isNan(uint32_t bits);

enum class Verdict {
  Mismatch,
  Matches,                   // under D3D's rules
  MatchesWithDenormalsKept,  // only with denormals kept (the lavapipe-keeps-denormals deviation)
};
// Whether `got` is an accepted result for that pixel: any NaN where the difference is a NaN
// (D3D11 leaves the NaN's bits free), either sign of a zero out of _sat (D3D recommends IEEE
// 754R's signed zeros there without requiring them), otherwise the exact bits; a zero out of a
// plain subtraction has the sign round-to-nearest gives (x - x = +0, -0 - +0 = -0).
Verdict judge(const Instruction& instruction, const Quad& quad, uint32_t column, uint32_t row, bool sat,
              uint32_t got);

// discard_z discards when every bit of the selected component is zero, discard_nz when any bit
// is set (an integer test: -0.0's bits 0x80000000 are not zero). The page: the pixel is flagged
// as terminated "while continuing execution, so that other pixels executing in parallel may
// obtain derivatives": a discarded pixel goes on computing, and its values still make its quad's
// derivatives. "All Pixel Shader output writes before or after the discard instruction are
// discarded": the page names the shader's outputs, not UAVs. Taken to cover UAV writes too, a
// discarded pixel performs none after the discard, which the suite checks; whether those made
// before it stand the page does not say for UAVs (it cannot mean they are undone), so the suite
// does not check them.
bool discards(bool onZero, uint32_t condition);

}  // namespace d3d_derivatives
