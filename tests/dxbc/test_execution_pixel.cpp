// The pixel-stage execution suite: the instructions whose meaning depends on the pixel shader's
// 2x2 quads (deriv_rtx/rty, their _coarse and _fine forms) with each source modifier and with and
// without _sat, and discard_z/_nz, run as pixel shaders over an 8x8 framebuffer without
// attachments (ComputeRunner::runPixel) under the validation layer, every pixel's result written
// through a raw UAV and compared with the rules of the reference pages:
// - a fine derivative is the difference within the pixel's own quad: along x, the right column
//   minus the left one on the pixel's own row; along y, the bottom row minus the top one in the
//   pixel's own column;
// - a coarse derivative is one difference per quad, and which row (column) it is taken from is
//   not specified, so either is accepted (a device computing it finely is within that set too);
//   deriv_rtx/deriv_rty (shader model 4) leave coarse or fine to the implementation: the same set;
// - the difference is a float subtraction under D3D's rules (any NaN for a NaN, denormals flushed
//   on input and output, or kept as lavapipe does: both accepted, the latter counted);
// - discard_z/discard_nz: a pixel that discards performs none of its later UAV writes.
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "d3d_reference.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "execution_vulkan.h"

using dxbc::BindingKind;

namespace {

constexpr uint32_t kSize = 8;  // the framebuffer is kSize x kSize: 16 quads
constexpr uint32_t kPixels = kSize * kSize;
constexpr uint32_t kUntouched = 0xdeadbeef;  // what the UAV holds where nothing was written

// Per-pixel inputs that put each edge case beside others inside quads: ±0, ±1, ±inf, NaNs,
// denormals, FLT_MAX on both signs (their difference overflows to inf), values whose difference
// is exact, a value next to 1.
const uint32_t kInputs[] = {
  0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00123,
  0x00000001, 0x807fffff, 0x7f7fffff, 0xff7fffff, 0x3fc00000, 0x40400000, 0x3f800001, 0x00800000,
  0x3e800000, 0x4b000000, 0xc0200000, 0x00400000,
};

// Two layouts of the inputs over the pixels, so each value meets different neighbours.
uint32_t inputAt(uint32_t layout, uint32_t pixel) {
  const uint32_t n = uint32_t(std::size(kInputs));
  return kInputs[(layout == 0 ? pixel * 7 + 3 : pixel * 11 + pixel / 8) % n];
}

float asFloat(uint32_t u) { return std::bit_cast<float>(u); }
uint32_t asBits(float f) { return std::bit_cast<uint32_t>(f); }
bool isNan(uint32_t u) { return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu); }
uint32_t flushed(uint32_t u, bool flush) { return flush && (u & 0x7f800000u) == 0 ? u & 0x80000000u : u; }

// a - b as D3D's float subtraction (flush true) or IEEE with denormals kept (flush false).
uint32_t subtract(uint32_t a, uint32_t b, bool flush) {
  return flushed(asBits(asFloat(flushed(a, flush)) - asFloat(flushed(b, flush))), flush);
}

uint32_t saturated(uint32_t u) {
  float f = asFloat(u);
  if (std::isnan(f) || f <= 0.0f)
    return f == 0.0f ? u : 0;
  return f >= 1.0f ? 0x3f800000u : u;
}

struct Derivative {
  const char* name;
  bool alongX;
  bool fineOnly;  // _fine: the pixel's own row/column only
};
const Derivative kDerivatives[] = {
  {"deriv_rtx", true, false},        {"deriv_rty", false, false},
  {"deriv_rtx_coarse", true, false}, {"deriv_rty_coarse", false, false},
  {"deriv_rtx_fine", true, true},    {"deriv_rty_fine", false, true},
};
const char* const kModifierText[4][2] = {{"", ""}, {"-", ""}, {"|", "|"}, {"-|", "|"}};

struct Suite {
  exec_test::ComputeRunner& runner;
  int passed = 0, failed = 0;
  int keptDenormals = 0;  // results accepted only with denormals kept (lavapipe)
};

std::string hex(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

// The pixel shader: r0.x is the pixel's index (y * kSize + x), r1.x its input, then `body`. The
// inputs are an immediate constant buffer, not a buffer load. With ld_raw from a buffer, lavapipe
// (Mesa 22.3) gave the quads on the framebuffer's diagonal derivatives as if the neighbour's value
// were 0 (the draw's triangle is clipped into two meeting there, so those quads run helper
// invocations; Vulkan has helpers execute loads like any invocation): a driver matter outside the
// instruction under test, so the inputs come from a constant array every invocation reads.
std::string shaderText(const std::vector<uint32_t>& input, const std::string& body) {
  std::string icb = "dcl_immediateConstantBuffer {";
  for (size_t i = 0; i < input.size(); i++)
    icb += std::string(i ? ", " : " ") + "{ " + hex(input[i]) + ", 0, 0, 0 }";
  return exec_test::pixelPositionSignature() + "ps_5_0\n" + icb +
         " }\n"
         "dcl_uav_raw u1\n"
         "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
         "dcl_temps 3\n"
         "ftou r0.xy, v0.xyxx\n"
         "imad r0.x, r0.y, l(" + std::to_string(kSize) + "), r0.x\n"
         "mov r1.x, icb[r0.x + 0].x\n"
         "ishl r0.x, r0.x, l(2)\n" + body + "ret\n";
}

// Runs a pixel shader over the framebuffer with one input word per pixel (r1.x); returns u1, one
// result word per pixel, kUntouched where the shader wrote none.
std::vector<uint32_t> runPixels(Suite& suite, const std::string& body, const std::vector<uint32_t>& input) {
  dxbc::CompileResult vs = dxbc::compile(dxbc::assemble(exec_test::fullScreenVertexShader()).write(),
                                         suite.runner.compileOptions());
  dxbc::CompileResult ps = dxbc::compile(dxbc::assemble(shaderText(input, body)).write(), suite.runner.compileOptions());
  if (!vs.ok() || !ps.ok())
    throw std::runtime_error("compile: " + vs.error + ps.error);
  auto out = suite.runner.runPixel(vs, ps, {{BindingKind::UnorderedAccess, 1, std::vector<uint32_t>(kPixels, kUntouched)}},
                                   kSize, kSize);
  if (out.empty() || out[0].size() < kPixels)
    throw std::runtime_error("the run returned no UAV contents");
  return std::vector<uint32_t>(out[0].begin(), out[0].begin() + kPixels);
}

void report(Suite& suite, const std::string& label, const std::string& problem) {
  if (problem.empty()) {
    suite.passed++;
    return;
  }
  suite.failed++;
  std::printf("FAIL: %s - %s\n", label.c_str(), problem.c_str());
}

// Whether `got` is an accepted result of the difference a - b (with _sat when sat); sets kept
// when only the denormals-kept rule accepts it.
bool differenceMatches(uint32_t a, uint32_t b, bool sat, uint32_t got, bool& kept) {
  for (bool flush : {true, false}) {
    uint32_t want = subtract(a, b, flush);
    if (sat)
      want = saturated(want);
    bool ok = want == got || (isNan(want) && isNan(got)) || (sat && (want << 1) == 0 && (got << 1) == 0);
    if (ok) {
      kept = !flush;
      return true;
    }
  }
  return false;
}

void derivativeCase(Suite& suite, const Derivative& d, uint32_t modifier, bool sat) {
  std::string operand = std::string(kModifierText[modifier][0]) + "r1.x" + kModifierText[modifier][1];
  std::string label = std::string(d.name) + (sat ? "_sat" : "") + " r2.x, " + operand;
  std::string problem;
  try {
    for (uint32_t layout = 0; layout < 2 && problem.empty(); layout++) {
      std::vector<uint32_t> input(kPixels);
      for (uint32_t p = 0; p < kPixels; p++)
        input[p] = inputAt(layout, p);
      auto got = runPixels(suite, std::string(d.name) + (sat ? "_sat" : "") + " r2.x, " + operand +
                                    "\nstore_raw u1.x, r0.x, r2.x\n", input);
      auto value = [&](uint32_t x, uint32_t y) {
        return d3d_reference::applyModifier({input[y * kSize + x]}, modifier, 'f')[0];
      };
      for (uint32_t y = 0; y < kSize && problem.empty(); y++)
        for (uint32_t x = 0; x < kSize && problem.empty(); x++) {
          const uint32_t qx = x & ~1u, qy = y & ~1u;
          // The rows (columns) whose difference is accepted: the pixel's own first, then the
          // quad's other one where the derivative may be coarse.
          std::vector<uint32_t> lines = {d.alongX ? y : x};
          if (!d.fineOnly)
            lines.push_back((d.alongX ? qy : qx) + ((d.alongX ? y : x) & 1 ? 0 : 1));
          const uint32_t g = got[y * kSize + x];
          bool matched = false, kept = false;
          std::string want;
          for (uint32_t line : lines) {
            uint32_t a = d.alongX ? value(qx + 1, line) : value(line, qy + 1);
            uint32_t b = d.alongX ? value(qx, line) : value(line, qy);
            bool lineKept = false;
            if (!matched && differenceMatches(a, b, sat, g, lineKept)) {
              matched = true;
              kept = lineKept;
            }
            want += " " + hex(a) + " - " + hex(b);
          }
          if (!matched) {
            problem = "layout " + std::to_string(layout) + ", pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                      "): got " + hex(g) + ", want one of" + want + "\n  inputs and results by row:";
            for (uint32_t row = 0; row < kSize; row++) {
              problem += "\n ";
              for (uint32_t col = 0; col < kSize; col++)
                problem += " " + hex(input[row * kSize + col]) + ">" + hex(got[row * kSize + col]);
            }
          }
          else if (kept)
            suite.keptDenormals++;
        }
    }
  } catch (const std::exception& e) {
    problem = e.what();
  }
  report(suite, label, problem);
}

// discard_z / discard_nz on a per-pixel condition: a pixel that discards writes nothing after the
// discard; the others write their marker.
void discardCase(Suite& suite, bool onZero) {
  std::string label = onZero ? "discard_z r1.x" : "discard_nz r1.x";
  std::string problem;
  try {
    std::vector<uint32_t> input(kPixels);
    for (uint32_t p = 0; p < kPixels; p++)
      input[p] = (p * 5 + p / 8) % 3 == 0 ? 0u : (p % 2 ? 0x80000000u : 7u);  // 0, or -0's bits, or 7
    auto got = runPixels(suite, std::string(onZero ? "discard_z" : "discard_nz") +
                                  " r1.x\nstore_raw u1.x, r0.x, l(0x600d)\n", input);
    for (uint32_t p = 0; p < kPixels && problem.empty(); p++) {
      // The condition is a 32-bit integer test: 0x80000000 is not zero.
      bool discards = onZero ? input[p] == 0 : input[p] != 0;
      uint32_t want = discards ? kUntouched : 0x600d;
      if (got[p] != want)
        problem = "pixel " + std::to_string(p) + " (condition " + hex(input[p]) + "): got " + hex(got[p]) + ", want " +
                  hex(want);
    }
  } catch (const std::exception& e) {
    problem = e.what();
  }
  report(suite, label, problem);
}

}  // namespace

int main() {
  exec_test::ComputeRunner runner;
  if (exec_test::skipped(runner))
    return 77;
  if (!runner.fragmentStores()) {
    std::printf("SKIP: the Vulkan device has no fragmentStoresAndAtomics or shaderDrawParameters: pixel shaders cannot "
                "write their results\n");
    return 77;
  }
  Suite suite{runner};
  for (const Derivative& d : kDerivatives)
    for (uint32_t modifier = 0; modifier < 4; modifier++)
      for (bool sat : {false, true})
        derivativeCase(suite, d, modifier, sat);
  discardCase(suite, true);
  discardCase(suite, false);
  std::printf("%zu derivative instructions x 4 source modifiers x _sat on/off, and discard_z/_nz: %d cases over %u "
              "pixels each\n",
              std::size(kDerivatives), suite.passed + suite.failed, kPixels);
  if (suite.keptDenormals)
    std::printf("note: %d results accepted under %s\n", suite.keptDenormals, d3d_reference::kDenormalsKept);
  if (runner.validationErrors()) {
    std::printf("FAIL: %u validation errors\n", runner.validationErrors());
    suite.failed++;
  }
  std::printf("%d passed, %d failed\n", suite.passed, suite.failed);
  return suite.failed ? 1 : 0;
}
