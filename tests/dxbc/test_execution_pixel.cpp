// The pixel-stage execution suite: the instructions whose meaning depends on the pixel shader's
// 2x2 quads (deriv_rtx/rty, their _coarse and _fine forms) with each source modifier and with and
// without _sat, the same after a discard in the quad, and discard_z/_nz, run as pixel shaders
// over an 8x8 framebuffer without attachments (ComputeRunner::runPixel) under the validation
// layer, every pixel's four result components written through a raw UAV (u1) and compared bit
// for bit with the reference of the pages' rules (tests/dxbc/d3d_derivatives.h):
// - a fine derivative is the difference within the pixel's own quad row (x) or column (y); a
//   coarse one, and shader model 4's deriv_rtx/rty, either row's (column's);
// - the difference is a float subtraction under D3D's rules, then _sat;
// - a discarded pixel performs no UAV write after the discard, and goes on executing so that its
//   quad's other pixels get their derivatives: computed after a discard, they are the same
//   differences, the discarded pixels' values included (whether those were computed before or
//   after the discard).
// A case is one instruction x modifier x _sat combination (or one discard variant) over every
// pixel and component, in two placements of the inputs: the suite ends with `N passed, N failed`.
#include <cstdio>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "d3d_derivatives.h"
#include "d3d_reference.h"  // the deviation names the execution suites share
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "execution_cases.h"
#include "execution_vulkan.h"

using dxbc::BindingKind;
using namespace d3d_derivatives;

namespace {

constexpr uint32_t kSize = 8;  // the framebuffer is kSize x kSize: 16 quads
constexpr uint32_t kPixels = kSize * kSize;
constexpr uint32_t kQuads = kPixels / 4;
constexpr uint32_t kUntouched = 0xdeadbeef;  // what the UAV holds where nothing was written
constexpr uint32_t kPosInf = 0x7f800000, kNegInf = 0xff800000, kMax = 0x7f7fffff, kNegMax = 0xff7fffff;
constexpr uint32_t kOne = 0x3f800000, kNegOne = 0xbf800000;

// The differences (minuend - subtrahend) the inputs set side by side in quad rows or columns:
// exact ones, zeros of each sign (x - x = +0, -0 - +0 = -0), infinities (inf - inf = NaN),
// NaNs with sign and payload (a signalling one too), denormals (flushed, or kept as the
// lavapipe-keeps-denormals alternative; one whose result alone is denormal), FLT_MAX differences
// that overflow to +-inf, rounding of large values, and values around _sat's bounds.
const Difference kPairs[] = {
  {0x40400000, 0x3fc00000}, {0x3fc00000, kOne},       {0x3f800001, kOne},       {0x3e800000, 0x00000000},
  {0x40000000, 0x3f000000}, {0x3f000000, kOne},       {kOne, kOne},             {kNegOne, kNegOne},
  {0x00000000, 0x00000000}, {0x80000000, 0x80000000}, {0x80000000, 0x00000000}, {0x00000000, 0x80000000},
  {kPosInf, kOne},          {kOne, kPosInf},          {kPosInf, kPosInf},       {kNegInf, kNegInf},
  {kPosInf, kNegInf},       {kNegInf, kPosInf},       {kPosInf, kMax},          {0x7fc00000, kOne},
  {kOne, 0xffc00123},       {0x7fc00000, 0xffc00123}, {0x7f800001, 0x00000000}, {0x7fc00000, kPosInf},
  {0x00000001, 0x00000000}, {0x00000000, 0x807fffff}, {0x00800000, 0x00400000}, {0x00800001, 0x00800000},
  {0x807fffff, 0x00000001}, {0x00400000, 0x00400000}, {kMax, kNegMax},          {kNegMax, kMax},
  {kMax, kMax},             {0x4b800000, kOne},       {0x4c000000, kOne},       {0xc0200000, 0x40400000},
  {0x4b000001, 0x4b000000},
};
constexpr uint32_t kPairCount = uint32_t(std::size(kPairs));
static_assert(kPairCount % 7 != 0, "the second placement steps through the pairs by 7");

// The inputs of one run: for each pixel its four components, and the word a discard tests.
struct Inputs {
  uint32_t value[kPixels][4];
  uint32_t condition[kPixels];
};

// Placement 0 puts each pair along a quad row (minuend on the right), placement 1 along a quad
// column (minuend at the bottom); each quad, component and row (column) takes the next pair, in
// order (placement 0) or by steps of 7 (placement 1), so every pair appears in both, beside
// different others. Pixel (x, y) is in quad (x / 2, y / 2) at column x & 1, row y & 1.
Inputs placeInputs(uint32_t placement) {
  Inputs in{};
  for (uint32_t p = 0; p < kPixels; p++) {
    const uint32_t x = p % kSize, y = p / kSize;
    const uint32_t quad = (y / 2) * (kSize / 2) + x / 2, column = x & 1, row = y & 1;
    for (uint32_t c = 0; c < 4; c++) {
      const uint32_t line = placement == 0 ? row : column;    // which pair of the two in the quad
      const bool minuend = (placement == 0 ? column : row) == 1;
      const uint32_t slot = (quad * 4 + c) * 2 + line;
      const Difference& d = kPairs[(placement == 0 ? slot : slot * 7 + 5) % kPairCount];
      in.value[p][c] = minuend ? d.minuend : d.subtrahend;
    }
  }
  return in;
}

// The quad of pixel (x, y), component c, after the modifier.
Quad quadOf(const Inputs& in, uint32_t x, uint32_t y, uint32_t c, Modifier modifier) {
  Quad q{};
  for (uint32_t row = 0; row < 2; row++)
    for (uint32_t column = 0; column < 2; column++)
      q.value[row][column] = applyModifier(in.value[((y & ~1u) + row) * kSize + (x & ~1u) + column][c], modifier);
  return q;
}

using exec_test::hex;

struct Suite : exec_test::CaseTally {
  explicit Suite(exec_test::ComputeRunner& r) : runner(r) {}
  exec_test::ComputeRunner& runner;
  int keptDenormals = 0;  // results accepted only with denormals kept (lavapipe)
  int coarsePerRow = 0;   // coarse quads whose pixels got different values (see coarseUniform)
};

// The pixel shader: r0.x is the pixel's index (y * kSize + x), r0.y the byte address of its four
// UAV words, then `body` (r1: the inputs, cb0[index]; the discard condition is
// cb0[kPixels + index].x). The inputs come from a constant buffer: as an immediate constant
// buffer of 128 vectors (a private array in SPIR-V) each shader took lavapipe (Mesa 22.3, LLVM 15)
// about 16 s to compile, and loaded with ld_raw from a buffer, lavapipe 22.3 gave the quads on the
// framebuffer's diagonal (where the clipped triangle's two halves meet, so those quads run helper
// invocations) derivatives as if the neighbour's value were 0 (found by this suite's first
// version), a driver matter outside the instructions under test.
std::string shaderText(const std::string& body) {
  return exec_test::pixelPositionSignature() +
         "ps_5_0\n"
         "dcl_constantbuffer cb0[" + std::to_string(kPixels * 2) + "], dynamicIndexed\n"
         "dcl_uav_raw u1\n"
         "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
         "dcl_temps 4\n"
         "ftou r0.xy, v0.xyxx\n"
         "imad r0.x, r0.y, l(" + std::to_string(kSize) + "), r0.x\n"
         "ishl r0.y, r0.x, l(4)\n" + body + "ret\n";
}

// Runs the pixel shader over the framebuffer; returns u1: four words per pixel, kUntouched where
// the shader wrote none.
std::vector<uint32_t> runPixels(Suite& suite, const Inputs& in, const std::string& body) {
  dxbc::CompileResult vs = dxbc::compile(dxbc::assemble(exec_test::fullScreenVertexShader()).write(),
                                         suite.runner.compileOptions());
  dxbc::CompileResult ps = dxbc::compile(dxbc::assemble(shaderText(body)).write(), suite.runner.compileOptions());
  if (!vs.ok() || !ps.ok())
    throw std::runtime_error("compile: " + vs.error + ps.error);
  std::vector<uint32_t> cb0(kPixels * 8, 0);
  for (uint32_t p = 0; p < kPixels; p++) {
    for (uint32_t c = 0; c < 4; c++)
      cb0[p * 4 + c] = in.value[p][c];
    cb0[(kPixels + p) * 4] = in.condition[p];
  }
  auto out = suite.runner.runPixel(vs, ps,
                                   {{BindingKind::ConstantBuffer, 0, cb0},
                                    {BindingKind::UnorderedAccess, 1, std::vector<uint32_t>(kPixels * 4, kUntouched)}},
                                   kSize, kSize);
  if (out.size() < 2 || out[1].size() < kPixels * 4)
    throw std::runtime_error("the run returned no UAV contents");
  return std::vector<uint32_t>(out[1].begin(), out[1].begin() + kPixels * 4);
}

// Checks one run's results: every pixel that did not discard against the reference, every one
// that did for no write at all. Appends up to a few failures to `problem`; returns how many
// values failed.
int checkRun(Suite& suite, const Instruction& instruction, Modifier modifier, bool sat, const Inputs& in,
             const std::vector<bool>& discarded, const std::vector<uint32_t>& got, const std::string& where,
             std::string& problem) {
  int failures = 0;
  for (uint32_t p = 0; p < kPixels; p++) {
    const uint32_t x = p % kSize, y = p / kSize;
    for (uint32_t c = 0; c < 4; c++) {
      const uint32_t g = got[p * 4 + c];
      std::string why;
      if (discarded[p]) {
        if (g != kUntouched)
          why = "got " + hex(g) + " from a discarded pixel, want no write";
      } else {
        const Quad q = quadOf(in, x, y, c, modifier);
        const Verdict verdict = judge(instruction, q, x & 1, y & 1, sat, g);
        if (verdict == Verdict::MatchesWithDenormalsKept)
          suite.keptDenormals++;
        if (verdict == Verdict::Mismatch) {
          why = "got " + hex(g) + ", want " + (sat ? "_sat of " : "") + "one of";
          for (const Difference& d : allowedDifferences(instruction, q, x & 1, y & 1))
            why += " " + hex(d.minuend) + " - " + hex(d.subtrahend) + " (= " +
                   hex(subtract(d.minuend, d.subtrahend, true)) + ")";
          why += "; the quad's inputs after the modifier, top row then bottom: " + hex(q.value[0][0]) + " " +
                 hex(q.value[0][1]) + " / " + hex(q.value[1][0]) + " " + hex(q.value[1][1]);
        }
      }
      if (!why.empty() && ++failures <= 3)
        problem += "\n  " + where + " pixel (" + std::to_string(x) + ", " + std::to_string(y) + ")." + "xyzw"[c] +
                   ": " + why;
    }
  }
  return failures;
}

// A coarse derivative is "a single x,y derivative pair ... for each 2x2 stamp": the four pixels
// of a quad should share one value. Vulkan lets OpDPdxCoarse be computed finely, and lavapipe
// does, so a quad whose pixels differ is accepted (each value is one of the rows' differences,
// which checkRun verifies) and counted.
void coarseUniform(Suite& suite, bool sat, const std::vector<uint32_t>& got) {
  auto same = [&](uint32_t a, uint32_t b) {
    return a == b || (isNan(a) && isNan(b)) || (sat && (a << 1) == 0 && (b << 1) == 0);
  };
  for (uint32_t quad = 0; quad < kQuads; quad++)
    for (uint32_t c = 0; c < 4; c++) {
      const uint32_t x = (quad % (kSize / 2)) * 2, y = (quad / (kSize / 2)) * 2;
      const uint32_t first = got[(y * kSize + x) * 4 + c];
      bool uniform = true;
      for (uint32_t p : {y * kSize + x + 1, (y + 1) * kSize + x, (y + 1) * kSize + x + 1})
        uniform = uniform && same(first, got[p * 4 + c]);
      if (!uniform)
        suite.coarsePerRow++;
    }
}

// Runs one derivative case in both input placements: `placement` runs and checks one and returns
// its failed values, adding their descriptions (at most 3 per run) to `problem`. An exception
// (a compile or Vulkan error) fails the case with its message; the case is reported as `label`.
template <typename RunPlacement>
void placementCase(Suite& suite, const std::string& instruction, const std::string& label, RunPlacement placement) {
  std::string problem;
  int failures = 0;
  try {
    for (uint32_t index = 0; index < 2; index++)
      failures += placement(placeInputs(index), "placement " + std::to_string(index) + ",", problem);
  } catch (const std::exception& e) {
    problem += std::string("\n  ") + e.what();
    failures++;
  }
  if (failures > 3)
    problem += "\n  (" + std::to_string(failures) + " values failed)";
  suite.report(instruction, label, problem);
}

void derivativeCase(Suite& suite, const Instruction& instruction, Modifier modifier, bool sat) {
  const std::string text = std::string(instruction.name) + (sat ? "_sat" : "") + " r2.xyzw, " +
                           modifierText(modifier, "r1.xyzw");
  placementCase(suite, instruction.name, text, [&](const Inputs& in, const std::string& where, std::string& problem) {
    auto got = runPixels(suite, in, "mov r1.xyzw, cb0[r0.x + 0].xyzw\n" + text + "\nstore_raw u1.xyzw, r0.y, r2.xyzw\n");
    const int failures =
      checkRun(suite, instruction, modifier, sat, in, std::vector<bool>(kPixels, false), got, where, problem);
    if (instruction.granularity == Granularity::Coarse)
      coarseUniform(suite, sat, got);
    return failures;
  });
}

// The derivative after a discard in its quad: quad q discards the pixels of the bit set q (bit
// row * 2 + column), so the 16 quads take every subset, from none to all. The survivors' results
// must be the differences of all four pixels' values; the discarded pixels write nothing.
// valuesAfter: the inputs are read after the discard (the discarded pixels compute them while
// flagged as terminated), else before it.
void afterDiscardCase(Suite& suite, const Instruction& instruction, bool valuesAfter) {
  const std::string text = std::string(instruction.name) + " r2.xyzw, r1.xyzw";
  const std::string label = text + (valuesAfter ? " after discard_nz, inputs read after it"
                                                : " after discard_nz, inputs read before it");
  const std::string load = "mov r1.xyzw, cb0[r0.x + 0].xyzw\n";
  const std::string discard = "mov r3.x, cb0[r0.x + " + std::to_string(kPixels) + "].x\ndiscard_nz r3.x\n";
  const std::string body = (valuesAfter ? discard + load : load + discard) + text +
                           "\nstore_raw u1.xyzw, r0.y, r2.xyzw\n";
  placementCase(suite, instruction.name, label, [&](Inputs in, const std::string& where, std::string& problem) {
    std::vector<bool> discarded(kPixels);
    for (uint32_t p = 0; p < kPixels; p++) {
      const uint32_t x = p % kSize, y = p / kSize;
      const uint32_t quad = (y / 2) * (kSize / 2) + x / 2;
      const bool flagged = (quad >> ((y & 1) * 2 + (x & 1))) & 1;
      in.condition[p] = flagged ? (p % 3 ? 1u : 0x80000000u) : 0u;
      discarded[p] = discards(false, in.condition[p]);
    }
    auto got = runPixels(suite, in, body);
    return checkRun(suite, instruction, kNone, false, in, discarded, got, where, problem);
  });
}

// discard_z / discard_nz on a per-pixel condition: a pixel that discards writes nothing after the
// discard; the others write their marker.
void discardCase(Suite& suite, bool onZero) {
  const std::string name = onZero ? "discard_z" : "discard_nz";
  std::string problem;
  try {
    Inputs in = placeInputs(0);
    for (uint32_t p = 0; p < kPixels; p++)
      in.condition[p] = (p * 5 + p / 8) % 3 == 0 ? 0u : (p % 2 ? 0x80000000u : 7u);  // 0, -0's bits, or 7
    auto got = runPixels(suite, in,
                         "mov r1.x, cb0[r0.x + " + std::to_string(kPixels) + "].x\n" + name +
                             " r1.x\nstore_raw u1.x, r0.y, l(0x600d)\n");
    for (uint32_t p = 0; p < kPixels && problem.empty(); p++) {
      const uint32_t want = discards(onZero, in.condition[p]) ? kUntouched : 0x600d;
      if (got[p * 4] != want)
        problem = "pixel " + std::to_string(p) + " (condition " + hex(in.condition[p]) + "): got " + hex(got[p * 4]) +
                  ", want " + hex(want);
    }
  } catch (const std::exception& e) {
    problem = e.what();
  }
  suite.report(name, name + " r1.x", problem);
}

}  // namespace

int main() {
  exec_test::ComputeRunner runner;
  if (exec_test::pixelSkipped(runner))
    return 77;
  // d3d11vk's device demotes where the driver can (D3D's meaning); otherwise discard is OpKill,
  // under which Vulkan leaves the derivatives after a discard in the quad undefined.
  std::printf("discard compiles to %s\n", runner.compileOptions().demoteToHelperInvocation
                                              ? "OpDemoteToHelperInvocation (the device has the feature)"
                                              : "OpKill (the device lacks shaderDemoteToHelperInvocation)");
  Suite suite(runner);
  for (const Instruction& instruction : kInstructions) {
    for (uint32_t modifier = 0; modifier < 4; modifier++)
      for (bool sat : {false, true})
        derivativeCase(suite, instruction, Modifier(modifier), sat);
    for (bool valuesAfter : {false, true})
      afterDiscardCase(suite, instruction, valuesAfter);
  }
  discardCase(suite, true);
  discardCase(suite, false);
  std::printf("%zu derivative instructions x (4 source modifiers x _sat on/off, and 2 after a discard), and "
              "discard_z/_nz: %d cases over %u pixels x 4 components, %u differences in each of 2 placements\n",
              std::size(kInstructions), suite.passed + suite.failed, kPixels, kPairCount);
  suite.printGroups();
  if (suite.keptDenormals)
    std::printf("note: %d results accepted under %s\n", suite.keptDenormals, d3d_reference::kDenormalsKept);
  if (suite.coarsePerRow)
    std::printf("note: %d coarse quad components accepted under coarse-computed-finely (the quad's pixels differ)\n",
                suite.coarsePerRow);
  if (runner.validationErrors()) {
    std::printf("FAIL: %u validation errors\n", runner.validationErrors());
    suite.failed++;
  }
  std::printf("%d passed, %d failed\n", suite.passed, suite.failed);
  return suite.failed ? 1 : 0;
}
