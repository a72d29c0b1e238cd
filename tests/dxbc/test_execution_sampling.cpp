// The pixel-stage sampling suite: the instructions whose result depends on where and how a pixel
// shader runs, beyond derivatives (test_execution_pixel.cpp): implicit-LOD sampling (sample,
// sample_b; and sample_l beside them, whose LOD operand takes modifiers) and lod, whose level of detail comes from the quad's derivatives of the address, and
// eval_snapped, eval_sample_index and eval_centroid, which interpolate an input at another place in
// the pixel. Each runs as a pixel shader over an 8x8 framebuffer without attachments
// (ComputeRunner::runPixel), with each source modifier on the operand it reads (and _sat where
// the instruction takes it), under the validation layer, and every pixel's four result words
// (raw UAV u1) are compared with tests/dxbc/d3d_sampling.h:
// - sampling: a 64x64 R32_FLOAT texture with 7 levels whose every texel holds
//   level * 4096 + y * 64 + x, so a point-filtered result names the level and texel read. Each
//   2x2 quad scales the pixel position by its own power of two (2^(quad - 4) texels per pixel:
//   LODs -4 to 11), the same in the quad, so the derivatives, and the LOD, are exact;
// - eval_*: an attribute equal to the clip-space position (exact anywhere in the pixel), at the
//   positions the pages give (offsets in 1/16 pixel from the low 4 bits, the standard sample
//   pattern), with 1 sample and with 4 where the device rasterizes 4 samples without attachments.
// The suite ends with `N passed, N failed`.
#include <cmath>
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "d3d_sampling.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "execution_cases.h"
#include "execution_vulkan.h"

using dxbc::BindingKind;
using namespace d3d_sampling;

namespace {

constexpr uint32_t kSize = 8;  // the framebuffer: 16 quads
constexpr uint32_t kPixels = kSize * kSize;
constexpr uint32_t kTextureSize = 64;
constexpr uint32_t kLevels = 7;  // 64x64 down to 1x1
constexpr int kFirstExponent = -4;  // quad q scales by 2^(q + kFirstExponent) texels per pixel
constexpr uint32_t kUntouched = 0xdeadbeef;
// The LOD precision asked of lod: D3D11 requires at least 8 fractional bits in the LOD computation.
constexpr double kLodTolerance = 1.0 / 256;
// The attribute's precision: interpolation in float, so a few ULPs of values in [-1, 1].
constexpr double kAttributeTolerance = 1.0 / (1 << 18);

const char* const kModifierText[4][2] = {{"", ""}, {"-", ""}, {"|", "|"}, {"-|", "|"}};
const char* const kModifierName[4] = {"", "-", "|x|", "-|x|"};

std::string withModifier(uint32_t modifier, const std::string& operand) {
  return std::string(kModifierText[modifier][0]) + operand + kModifierText[modifier][1];
}

double applyModifier(double v, uint32_t modifier) {
  if (modifier & 2)
    v = std::fabs(v);
  return modifier & 1 ? -v : v;
}

using exec_test::hex;
using exec_test::toBits;
using exec_test::toFloat;

struct Suite : exec_test::CaseTally {
  explicit Suite(exec_test::ComputeRunner& r) : runner(r) {}
  exec_test::ComputeRunner& runner;
  int centroidAtSample = 0;  // eval_centroid results at a covered sample instead of the centre
};

// The texture: level m's texel (x, y) holds m * 4096 + y * 64 + x, exact in a float.
exec_test::TextureData texture() {
  exec_test::TextureData t;
  t.slot = 0;
  t.width = t.height = kTextureSize;
  for (uint32_t level = 0; level < kLevels; level++) {
    const uint32_t size = kTextureSize >> level;
    std::vector<float> texels;
    for (uint32_t y = 0; y < size; y++)
      for (uint32_t x = 0; x < size; x++)
        texels.push_back(float(level * 4096 + y * 64 + x));
    t.levels.push_back(texels);
  }
  return t;
}

int exponentOf(uint32_t x, uint32_t y) { return int((y / 2) * (kSize / 2) + x / 2) + kFirstExponent; }
// The address of pixel (x, y): its centre times the quad's scale, in texture coordinates.
double addressOf(uint32_t pixel, int exponent) {
  return (pixel + 0.5) * std::ldexp(1.0, exponent) / kTextureSize;
}

// Runs a pixel shader whose `body` leaves its result in r2; returns u1, four words per pixel.
// The prologue: r0.w is the pixel's byte address in u1, r0.x its quad's index, r1.xy the
// pixel's address (its position times cb0[quad].x).
std::vector<uint32_t> runSampling(Suite& suite, const std::string& body) {
  const std::string text =
    exec_test::pixelPositionSignature() +
    "ps_5_0\n"
    "dcl_constantbuffer cb0[16], dynamicIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_sampler s1, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_uav_raw u1\n"
    "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
    "dcl_temps 4\n"
    "ftou r0.xy, v0.xyxx\n"
    "imad r0.z, r0.y, l(8), r0.x\n"
    "ishl r0.w, r0.z, l(4)\n"
    "ushr r0.xy, r0.xyxx, l(1, 1, 0, 0)\n"
    "imad r0.x, r0.y, l(4), r0.x\n"
    "mul r1.xy, v0.xyxx, cb0[r0.x + 0].xxxx\n" +
    body + "store_raw u1.xyzw, r0.w, r2.xyzw\nret\n";
  dxbc::CompileResult vs = dxbc::compile(dxbc::assemble(exec_test::fullScreenVertexShader()).write(),
                                         suite.runner.compileOptions());
  dxbc::CompileResult ps = dxbc::compile(dxbc::assemble(text).write(), suite.runner.compileOptions());
  if (!vs.ok() || !ps.ok())
    throw std::runtime_error("compile: " + vs.error + ps.error);
  std::vector<uint32_t> cb0(16 * 4, 0);
  for (uint32_t q = 0; q < 16; q++)
    cb0[q * 4] = toBits(float(std::ldexp(1.0, int(q) + kFirstExponent) / kTextureSize));
  exec_test::PixelExtras extras;
  extras.textures = {texture()};
  extras.samplers = {{0, false, false}, {1, true, true}};  // s0: point everything; s1: trilinear
  auto out = suite.runner.runPixel(vs, ps,
                                   {{BindingKind::ConstantBuffer, 0, cb0},
                                    {BindingKind::UnorderedAccess, 1, std::vector<uint32_t>(kPixels * 4, kUntouched)}},
                                   kSize, kSize, extras);
  if (out.size() < 2 || out[1].size() < kPixels * 4)
    throw std::runtime_error("the run returned no UAV contents");
  return std::vector<uint32_t>(out[1].begin(), out[1].begin() + kPixels * 4);
}

// Checks every pixel with `expect`, which says for a pixel and component whether the word is
// right and what was wanted; reports the case with up to three failures.
template <typename Expect>
void checkPixels(Suite& suite, const std::string& group, const std::string& label, const std::vector<uint32_t>& got,
                 Expect expect) {
  std::string problem;
  int failures = 0;
  for (uint32_t p = 0; p < kPixels; p++)
    for (uint32_t c = 0; c < 4; c++) {
      std::string want;
      if (expect(p % kSize, p / kSize, c, got[p * 4 + c], want))
        continue;
      if (++failures <= 3)
        problem += "\n  pixel (" + std::to_string(p % kSize) + ", " + std::to_string(p / kSize) + ")." + "xyzw"[c] +
                   ": got " + hex(got[p * 4 + c]) + " (" + std::to_string(toFloat(got[p * 4 + c])) + "), want " + want;
    }
  if (failures > 3)
    problem += "\n  (" + std::to_string(failures) + " values failed)";
  suite.report(group, label, problem);
}

// A point-filtered sample of the texture at level `level` and address (u, v): (texel, 0, 0, 1), as
// a one-channel format reads.
bool pointSampleMatches(uint32_t level, double u, double v, uint32_t c, uint32_t got, std::string& want) {
  const uint32_t size = kTextureSize >> level;
  const float texel = float(level * 4096 + nearestTexel(v, size) * 64 + nearestTexel(u, size));
  const uint32_t expected = c == 0 ? toBits(texel) : c == 3 ? toBits(1.0f) : 0u;
  want = hex(expected) + " (level " + std::to_string(level) + ")";
  return got == expected;
}

// sample with a modifier on the address: the modifier changes the address (|x| of a positive one
// nothing; - mirrors it, which wrapping makes another texel), never the LOD (the derivatives'
// lengths are unchanged).
void sampleCase(Suite& suite, uint32_t modifier) {
  const std::string text = "sample r2.xyzw, " + withModifier(modifier, "r1.xyxx") + ", t0.xyzw, s0";
  try {
    auto got = runSampling(suite, text + "\n");
    checkPixels(suite, "sample", text, got, [&](uint32_t x, uint32_t y, uint32_t c, uint32_t g, std::string& want) {
      const int e = exponentOf(x, y);
      const double lod = levelOfDetail(std::ldexp(1.0, e) / kTextureSize, std::ldexp(1.0, e) / kTextureSize,
                                       kTextureSize, kTextureSize);
      return pointSampleMatches(pointMipLevel(lod, 0, kLevels), applyModifier(addressOf(x, e), modifier),
                                applyModifier(addressOf(y, e), modifier), c, g, want);
    });
  } catch (const std::exception& e) {
    suite.report("sample", text, e.what());
  }
}

// sample_b and sample_l: a scalar operand with each modifier moves the level: sample_b's bias
// is added to the LOD of the derivatives; sample_l's operand is the LOD itself (no derivatives:
// at -5, -5 and -|-5| clamp to level 0 while - and |x| give level 5).
void sampleOperandCase(Suite& suite, const std::string& instruction, float operand, uint32_t modifier) {
  const bool bias = instruction == "sample_b";
  char value[32];
  std::snprintf(value, sizeof value, "l(%.1f)", operand);
  const std::string text = instruction + " r2.xyzw, r1.xyxx, t0.xyzw, s0, " + withModifier(modifier, value);
  try {
    auto got = runSampling(suite, text + "\n");
    checkPixels(suite, instruction, text, got, [&](uint32_t x, uint32_t y, uint32_t c, uint32_t g, std::string& want) {
      const int e = exponentOf(x, y);
      const double derivative = std::ldexp(1.0, e) / kTextureSize;
      const double lod = bias ? levelOfDetail(derivative, derivative, kTextureSize, kTextureSize) : 0.0;
      return pointSampleMatches(pointMipLevel(lod, applyModifier(operand, modifier), kLevels), addressOf(x, e),
                                addressOf(y, e), c, g, want);
    });
  } catch (const std::exception& e) {
    suite.report(instruction, text, e.what());
  }
}

// lod with a trilinear sampler (the page leaves it undefined with point mip filtering):
// (ClampedLOD, NonClampedLOD, 0, 0) within the LOD precision, with each modifier on the address.
void lodCase(Suite& suite, uint32_t modifier) {
  const std::string text = "lod r2.xyzw, " + withModifier(modifier, "r1.xyxx") + ", t0.xyzw, s1";
  try {
    auto got = runSampling(suite, text + "\n");
    checkPixels(suite, "lod", text, got, [&](uint32_t x, uint32_t y, uint32_t c, uint32_t g, std::string& want) {
      const int e = exponentOf(x, y);
      const LodResult r = lodInstruction(levelOfDetail(std::ldexp(1.0, e) / kTextureSize,
                                                       std::ldexp(1.0, e) / kTextureSize, kTextureSize, kTextureSize),
                                         kLevels);
      if (c >= 2) {
        want = "0";
        return g == 0;
      }
      const double expected = c == 0 ? r.clamped : r.unclamped;
      want = std::to_string(expected) + " +- 1/256";
      return std::fabs(double(toFloat(g)) - expected) <= kLodTolerance;
    });
  } catch (const std::exception& e) {
    suite.report("lod", text, e.what());
  }
}

// Runs an eval_* shader: r0.w is the pixel's byte address, r0.xy its integer position, then `body`
// leaves the result in r2.xy.
std::vector<uint32_t> runEval(Suite& suite, const std::string& body, uint32_t samples) {
  const std::string text = exec_test::pixelAttributeSignature() +
                           "ps_5_0\n"
                           "dcl_uav_raw u1\n"
                           "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
                           "dcl_input_ps linear v1.xy\n"
                           "dcl_temps 4\n"
                           "ftou r0.xy, v0.xyxx\n"
                           "imad r0.z, r0.y, l(8), r0.x\n"
                           "ishl r0.w, r0.z, l(4)\n"
                           "mov r2.xyzw, l(0, 0, 0, 0)\n" +
                           body + "store_raw u1.xyzw, r0.w, r2.xyzw\nret\n";
  dxbc::CompileResult vs = dxbc::compile(dxbc::assemble(exec_test::fullScreenVertexShaderWithPosition()).write(),
                                         suite.runner.compileOptions());
  dxbc::CompileResult ps = dxbc::compile(dxbc::assemble(text).write(), suite.runner.compileOptions());
  if (!vs.ok() || !ps.ok())
    throw std::runtime_error("compile: " + vs.error + ps.error);
  exec_test::PixelExtras extras;
  extras.samples = samples;
  auto out = suite.runner.runPixel(
    vs, ps, {{BindingKind::UnorderedAccess, 1, std::vector<uint32_t>(kPixels * 4, kUntouched)}}, kSize, kSize, extras);
  if (out.empty() || out[0].size() < kPixels * 4)
    throw std::runtime_error("the run returned no UAV contents");
  return std::vector<uint32_t>(out[0].begin(), out[0].begin() + kPixels * 4);
}

// The attribute (clip-space x, y) at `at` within pixel (x, y), after the modifier and _sat.
double attributeAt(uint32_t pixel, double at, uint32_t modifier, bool sat) {
  double v = applyModifier(2.0 * (pixel + at) / kSize - 1.0, modifier);
  return sat ? std::fmin(std::fmax(v, 0.0), 1.0) : v;
}

// Whether components x and y are the attribute at one of `positions`, z and w untouched zeros.
bool attributeMatches(uint32_t x, uint32_t y, uint32_t c, uint32_t g, const std::vector<Position>& positions,
                      uint32_t modifier, bool sat, std::string& want) {
  if (c >= 2) {
    want = "0";
    return g == 0;
  }
  want.clear();
  for (const Position& p : positions) {
    const double expected = attributeAt(c == 0 ? x : y, c == 0 ? p.x : p.y, modifier, sat);
    want += (want.empty() ? "" : " or ") + std::to_string(expected);
    if (std::fabs(double(toFloat(g)) - expected) <= kAttributeTolerance)
      return true;
  }
  return false;
}

void evalCase(Suite& suite, const std::string& group, const std::string& text, uint32_t samples, uint32_t modifier,
              bool sat, const std::string& setup,
              const std::function<std::vector<Position>(uint32_t x, uint32_t y)>& positions) {
  const std::string label = text + (samples > 1 ? " (" + std::to_string(samples) + " samples)" : "");
  try {
    auto got = runEval(suite, setup + text + "\n", samples);
    checkPixels(suite, group, label, got, [&](uint32_t x, uint32_t y, uint32_t c, uint32_t g, std::string& want) {
      return attributeMatches(x, y, c, g, positions(x, y), modifier, sat, want);
    });
  } catch (const std::exception& e) {
    suite.report(group, label, e.what());
  }
}

std::string evalText(const std::string& instruction, uint32_t modifier, bool sat, const std::string& rest) {
  return instruction + (sat ? "_sat" : "") + " r2.xy, " + withModifier(modifier, "v1.xyxx") + rest;
}

void evalSnappedCases(Suite& suite) {
  // Offsets in [-8, 7], and two whose bits above the low 4 must be ignored (19 -> 3, -11 -> 5).
  const int32_t offsets[][2] = {{0, 0}, {-8, 7}, {7, -8}, {3, -5}, {19, -11}};
  for (const auto& o : offsets)
    for (uint32_t modifier = 0; modifier < 4; modifier++) {
      const std::string immediate = "l(" + std::to_string(o[0]) + ", " + std::to_string(o[1]) + ", 0, 0)";
      evalCase(suite, "eval_snapped", evalText("eval_snapped", modifier, false, ", " + immediate), 1, modifier, false,
               "", [&](uint32_t, uint32_t) { return std::vector<Position>{snappedPosition(o[0], o[1])}; });
    }
  // The offset from a register, and _sat.
  evalCase(suite, "eval_snapped", evalText("eval_snapped", 0, false, ", r3.xyxx"), 1, 0, false,
           "mov r3.xy, l(-3, 6, 0, 0)\n",
           [&](uint32_t, uint32_t) { return std::vector<Position>{snappedPosition(-3, 6)}; });
  for (uint32_t modifier : {0u, 1u})
    evalCase(suite, "eval_snapped", evalText("eval_snapped", modifier, true, ", l(5, -2, 0, 0)"), 1, modifier, true, "",
             [&](uint32_t, uint32_t) { return std::vector<Position>{snappedPosition(5, -2)}; });
}

void evalSampleCases(Suite& suite, uint32_t samples) {
  for (uint32_t index = 0; index < samples; index++)
    for (uint32_t modifier = 0; modifier < 4; modifier++)
      evalCase(suite, "eval_sample_index", evalText("eval_sample_index", modifier, false, ", l(" + std::to_string(index) + ")"),
               samples, modifier, false, "",
               [&](uint32_t, uint32_t) { return std::vector<Position>{samplePosition(samples, index)}; });
  // The index from a register, different per pixel: (x + y) mod samples.
  evalCase(suite, "eval_sample_index", evalText("eval_sample_index", 0, false, ", r3.x"), samples, 0, false,
           "iadd r3.x, r0.x, r0.y\nand r3.x, r3.x, l(" + std::to_string(samples - 1) + ")\n",
           [&](uint32_t x, uint32_t y) { return std::vector<Position>{samplePosition(samples, (x + y) % samples)}; });
}

void evalCentroidCases(Suite& suite, uint32_t samples) {
  for (uint32_t modifier = 0; modifier < 4; modifier++)
    for (bool sat : {false, true}) {
      const std::string text = evalText("eval_centroid", modifier, sat, "");
      const std::string label = text + (samples > 1 ? " (" + std::to_string(samples) + " samples)" : "");
      try {
        auto got = runEval(suite, text + "\n", samples);
        // D3D's centroid of a fully covered pixel is its centre; Vulkan lets a driver use any
        // covered sample there, which is accepted and counted.
        checkPixels(suite, "eval_centroid", label, got,
                    [&](uint32_t x, uint32_t y, uint32_t c, uint32_t g, std::string& want) {
                      if (attributeMatches(x, y, c, g, {centroidPosition()}, modifier, sat, want))
                        return true;
                      if (attributeMatches(x, y, c, g, centroidAlternatives(samples), modifier, sat, want)) {
                        suite.centroidAtSample++;
                        return true;
                      }
                      return false;
                    });
      } catch (const std::exception& e) {
        suite.report("eval_centroid", label, e.what());
      }
    }
}

}  // namespace

int main() {
  exec_test::ComputeRunner runner;
  if (exec_test::pixelSkipped(runner))
    return 77;
  Suite suite(runner);
  for (uint32_t modifier = 0; modifier < 4; modifier++)
    sampleCase(suite, modifier);
  for (float bias : {1.0f, -2.0f})
    for (uint32_t modifier = 0; modifier < 4; modifier++)
      sampleOperandCase(suite, "sample_b", bias, modifier);
  for (float lod : {2.0f, -5.0f})
    for (uint32_t modifier = 0; modifier < 4; modifier++)
      sampleOperandCase(suite, "sample_l", lod, modifier);
  for (uint32_t modifier = 0; modifier < 4; modifier++)
    lodCase(suite, modifier);
  evalSnappedCases(suite);
  evalSampleCases(suite, 1);
  evalCentroidCases(suite, 1);
  if (runner.standardSamples(4)) {
    evalSampleCases(suite, 4);
    evalCentroidCases(suite, 4);
  } else {
    std::printf("note: the 4-sample eval_sample_index/eval_centroid cases are skipped: the device rasterizes no 4 "
                "samples at the standard positions without attachments\n");
  }
  std::printf("sampling and eval instructions x source modifiers (and _sat): %d cases over %u pixels\n",
              suite.passed + suite.failed, kPixels);
  suite.printGroups();
  if (suite.centroidAtSample)
    std::printf("note: %d eval_centroid values accepted under vulkan-centroid-at-a-sample\n", suite.centroidAtSample);
  if (runner.validationErrors()) {
    std::printf("FAIL: %u validation errors\n", runner.validationErrors());
    suite.failed++;
  }
  std::printf("%d passed, %d failed\n", suite.passed, suite.failed);
  return suite.failed ? 1 : 0;
}
