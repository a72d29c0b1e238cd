// The generated modifier execution suite: every instruction the operand-type table and the CPU
// reference both cover, with each source modifier its operands take on each source and with and
// without _sat, its sources read from registers, folded in as immediates or read from a constant
// buffer, assembled as a compute shader, run on the Vulkan device under the validation layer over
// edge-case inputs, and compared with d3d_reference (bit for bit, or within the error bound
// Direct3D gives the approximate instructions).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "d3d_reference.h"
#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "dxbc/opcodes.h"
#include "dxbc/operand_types.h"
#include "execution_vulkan.h"

using dxbc::BindingKind;

namespace {

// Float edge cases: signed zeros, infinities, NaNs with payloads and sign, denormals, the
// largest finite value, values at the integer conversion limits, ordinary values, halves, and
// the float16 limits (a float16 denormal, 65504, 65520: the largest half and the first value
// that rounds to its infinity), pi.
const uint32_t kFloatInputs[] = {
  0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
  0xffc00123, 0x00000001, 0x807fffff, 0x7f7fffff, 0x3f000000, 0x40700000, 0xcf000000, 0x4f800000,
  0x501502f9, 0x3effffff, 0xc0200000, 0x00800000, 0x37800000, 0x477fe000, 0x477ff000, 0x40490fdb,
};
// Integer edge cases: 0, ±1, INT_MIN, INT_MAX, UINT_MAX, shift counts at and past 31, bit patterns.
const uint32_t kIntInputs[] = {
  0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 31, 32, 33, 0xffffffdf, 0x12345678, 0x80000001, 7,
  0xffff0000, 0x3c00, 0xfc00, 0x7e00,
};
// Double edge cases: signed zeros, ±1, infinities, NaNs (one negative with a payload),
// denormals, the largest double, halves, values at the float and integer limits (each side of
// INT_MAX, INT_MIN and UINT_MAX, for dtoi/dtou's clamps and truncation), 1 + 1 ULP.
const uint64_t kDoubleInputs[] = {
  0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0xbff0000000000000, 0x7ff0000000000000,
  0xfff0000000000000, 0x7ff8000000000000, 0xfff0000000000123, 0x0000000000000001, 0x800fffffffffffff,
  0x7fefffffffffffff, 0x3fe0000000000000, 0x4004000000000000, 0xc00e000000000000, 0x7e37e43c8800759c,
  0x41e0000000000000, 0x47efffffe0000000, 0x47efffffefffffff, 0x3810000000000000, 0x36a0000000000000,
  0x3ff0000000000001, 0x41f0000000000000, 0x41dfffffffe00000, 0x41dfffffffc00000, 0xc1e0000000100000,
  0xc1e0000000200000, 0x41effffffff00000, 0xbfe8000000000000,
};

const char* const kModifierText[4][2] = {{"", ""}, {"-", ""}, {"|", "|"}, {"-|", "|"}};
const char kComponents[] = "xyzw";

// How the suite gives one source its value: a register loaded per thread, or a value folded into
// the shader (an immediate, or a constant-buffer element), one switch case per input value.
enum class SourceKind { Register, Immediate, ConstantBuffer };
const char* const kKindName[] = {"register", "immediate", "constant buffer"};

using Value = std::vector<uint32_t>;  // one source's words

std::vector<Value> valuesFor(uint32_t opcode, char letter) {
  std::vector<Value> v;
  if (letter == 'd') {
    for (uint64_t d : kDoubleInputs)
      v.push_back({uint32_t(d), uint32_t(d >> 32)});
    return v;
  }
  uint32_t words = d3d_reference::sourceWords(opcode, letter);
  if (words > 1) {  // dp2/dp3/dp4: vectors that put each edge case beside others
    const size_t n = std::size(kFloatInputs);
    for (size_t k = 0; k < n; k++) {
      Value vec;
      for (uint32_t c = 0; c < words; c++)
        vec.push_back(kFloatInputs[(k + c * 7 + (c ? 3 : 0)) % n]);
      v.push_back(vec);
    }
    v.push_back(Value(words, 0x3fc00000));  // an ordinary vector of 1.5s
    return v;
  }
  if (letter == 'i') {
    for (uint32_t i : kIntInputs)
      v.push_back({i});
    return v;
  }
  for (uint32_t f : kFloatInputs)
    v.push_back({f});
  if (letter == 'm')  // moves get both kinds: their bits are not interpreted
    for (uint32_t i : kIntInputs)
      v.push_back({i});
  return v;
}

struct Suite {
  exec_test::ComputeRunner& runner;
  int passed = 0, failed = 0;
  std::map<std::string, int> cases;        // by source kind
  std::map<std::string, int> alternatives; // results accepted under a named alternative
};

// Inputs per thread: every combination of the first two sources' values (later sources cycle
// through theirs), so each value meets each other value at least once on those two. The shader
// recomputes the same indices for a folded source (selectorCode).
std::vector<std::vector<Value>> combinations(const std::vector<std::vector<Value>>& lists) {
  size_t total = 1;
  for (size_t i = 0; i < lists.size() && i < 2; i++)
    total *= lists[i].size();
  std::vector<std::vector<Value>> rows;
  for (size_t t = 0; t < total; t++) {
    std::vector<Value> row;
    size_t rest = t;
    for (size_t i = 0; i < lists.size(); i++) {
      size_t n = lists[i].size();
      size_t pick = i < 2 ? rest % n : (t * 7 + i * 3) % n;
      if (i < 2)
        rest /= n;
      row.push_back(lists[i][pick]);
    }
    rows.push_back(row);
  }
  return rows;
}

std::string hex32(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

// The swizzle a source of `words` words is read with: a double's pair, a dp vector, or one component.
std::string swizzle(uint32_t words, char letter) {
  if (letter == 'd')
    return ".xyxy";
  if (words == 1)
    return ".x";
  std::string s(kComponents, words);
  while (s.size() < 4)
    s += 'x';
  return "." + s;
}

std::string immediateText(const Value& v, char letter) {
  if (letter == 'd') {
    char text[64];
    unsigned long long d = uint64_t(v[0]) | uint64_t(v[1]) << 32;
    std::snprintf(text, sizeof text, "d(0x%016llx, 0x%016llx)", d, d);
    return text;
  }
  if (v.size() == 1)
    return "l(" + hex32(v[0]) + ")";
  std::string s = "l(";
  for (size_t c = 0; c < 4; c++)
    s += hex32(v[c < v.size() ? c : 0]) + (c < 3 ? ", " : ")");
  return s;
}

// The shader code that leaves in r1.x the index of source `f`'s value for this thread, as
// combinations() chose it (r0.w: the thread's row before the padding to whole groups).
std::string selectorCode(size_t f, const std::vector<std::vector<Value>>& lists, size_t total) {
  std::string code = "udiv null, r0.w, vThreadID.x, l(" + std::to_string(total) + ")\n";
  std::string n = std::to_string(lists[f].size());
  if (f == 0)
    return code + "udiv null, r1.x, r0.w, l(" + n + ")\n";
  if (f == 1)
    return code + "udiv r1.y, null, r0.w, l(" + std::to_string(lists[0].size()) + ")\n" +
           "udiv null, r1.x, r1.y, l(" + n + ")\n";
  return code + "imad r1.y, r0.w, l(7), l(" + std::to_string(3 * f) + ")\nudiv null, r1.x, r1.y, l(" + n + ")\n";
}

struct Case {
  uint32_t opcode;
  const dxbc::InstructionTypes* types;
  std::vector<uint32_t> modifiers;  // per source
  bool sat = false;
  SourceKind kind = SourceKind::Register;
  size_t folded = 0;                // the source an immediate or constant buffer gives
};

// One case: assembles, runs and compares; "" when every thread's result is accepted.
std::string runCase(Suite& suite, const Case& c, std::string& label) {
  const dxbc::OpcodeInfo* info = dxbc::opcodeInfo(c.opcode);
  const std::string letters = c.types->operands;
  const uint32_t numDst = info->numDst;
  const std::string sourceLetters = letters.substr(numDst);
  const size_t numSrc = sourceLetters.size();
  std::vector<std::vector<Value>> lists;
  std::vector<uint32_t> words, offsets;
  uint32_t stride = 0;
  for (char l : sourceLetters) {
    lists.push_back(valuesFor(c.opcode, l));
    words.push_back(d3d_reference::sourceWords(c.opcode, l));
    offsets.push_back(stride);
    stride += words.back();
  }
  uint32_t dstWords = 0;
  std::string dsts;
  for (uint32_t k = 0; k < numDst; k++) {
    dsts += letters[k] == 'd' ? std::string("r2.xy, ") : "r2." + std::string(1, kComponents[k]) + ", ";
    dstWords += d3d_reference::destWords(letters[k]);
  }
  const bool folded = c.kind != SourceKind::Register;
  auto instructionWith = [&](const std::string& foldedText) {
    std::string text = std::string(info->name) + (c.sat ? "_sat" : "") + " " + dsts;
    for (size_t i = 0; i < numSrc; i++) {
      std::string operand = folded && i == c.folded ? foldedText
                                                    : "r" + std::to_string(4 + i) + swizzle(words[i], sourceLetters[i]);
      text += std::string(kModifierText[c.modifiers[i]][0]) + operand + kModifierText[c.modifiers[i]][1];
      text += i + 1 < numSrc ? ", " : "";
    }
    return text;
  };
  label = instructionWith(c.kind == SourceKind::Immediate ? "l(...)" : "cb0[...]") + " (" + kKindName[int(c.kind)] +
          (folded ? " source " + std::to_string(c.folded) : std::string()) + ")";

  auto rows = combinations(lists);
  const size_t total = rows.size();
  for (size_t i = 0; rows.size() % 64; i++) {
    std::vector<Value> again = rows[i];
    rows.push_back(again);
  }
  std::string mask(kComponents, dstWords);
  std::string source = "cs_5_0\n";
  if (letters.find('d') != std::string::npos)
    source += "dcl_globalFlags enableDoublePrecisionFloatOps\n";
  if (c.kind == SourceKind::ConstantBuffer)
    source += "dcl_constantbuffer cb0[" + std::to_string(lists[c.folded].size()) + "], immediateIndexed\n";
  source += "dcl_resource_raw t0\ndcl_uav_raw u0\ndcl_input vThreadID.x\ndcl_temps 12\ndcl_thread_group 64, 1, 1\n";
  source += "imul null, r0.x, vThreadID.x, l(" + std::to_string(4 * stride) + ")\n";
  for (size_t i = 0; i < numSrc; i++) {
    std::string address = "r0.x";
    if (offsets[i]) {
      source += "iadd r0.z, r0.x, l(" + std::to_string(4 * offsets[i]) + ")\n";
      address = "r0.z";
    }
    source += "ld_raw r" + std::to_string(4 + i) + "." + std::string(kComponents, words[i]) + ", " + address + ", t0.xyzw\n";
  }
  if (!folded) {
    source += instructionWith("") + "\n";
  } else {
    source += selectorCode(c.folded, lists, total) + "switch r1.x\n";
    for (size_t k = 0; k < lists[c.folded].size(); k++) {
      const Value& v = lists[c.folded][k];
      std::string text = c.kind == SourceKind::Immediate
                           ? immediateText(v, sourceLetters[c.folded])
                           : "cb0[" + std::to_string(k) + "]" + swizzle(words[c.folded], sourceLetters[c.folded]);
      source += "case l(" + std::to_string(k) + ")\n" + instructionWith(text) + "\nbreak\n";
    }
    source += "default\nmov r2.xyzw, l(0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef)\nbreak\nendswitch\n";
  }
  source += "imul null, r0.y, vThreadID.x, l(" + std::to_string(4 * dstWords) + ")\n"
            "store_raw u0." + mask + ", r0.y, r2." + mask + "\nret\n";

  std::vector<uint32_t> input;
  for (const auto& row : rows)
    for (const Value& v : row)
      input.insert(input.end(), v.begin(), v.end());
  dxbc::CompileResult shader = dxbc::compile(dxbc::assemble(source).write(), suite.runner.compileOptions());
  if (!shader.ok())
    return "compile: " + shader.error;
  std::vector<exec_test::BufferData> buffers = {
    {BindingKind::ShaderResource, 0, input},
    {BindingKind::UnorderedAccess, 0, std::vector<uint32_t>(rows.size() * dstWords, 0xdeadbeef)}};
  if (c.kind == SourceKind::ConstantBuffer) {
    std::vector<uint32_t> elements;
    for (const Value& v : lists[c.folded])
      for (uint32_t k = 0; k < 4; k++)
        elements.push_back(k < v.size() ? v[k] : 0);
    buffers.push_back({BindingKind::ConstantBuffer, 0, elements});
  }
  auto out = suite.runner.run(shader, buffers, uint32_t(rows.size() / 64));
  if (out.size() < 2 || out[1].size() < rows.size() * dstWords)
    return "the run returned " + std::to_string(out.size() < 2 ? 0 : out[1].size()) + " words";
  for (size_t t = 0; t < rows.size(); t++) {
    std::vector<std::vector<uint32_t>> modified;
    for (size_t i = 0; i < numSrc; i++)
      modified.push_back(d3d_reference::applyModifier(rows[t][i], c.modifiers[i], sourceLetters[i]));
    auto expect = d3d_reference::evaluate(c.opcode, modified, c.sat,
                                          c.kind == SourceKind::Immediate ? int(c.folded) : -1);
    std::vector<uint32_t> got(out[1].begin() + t * dstWords, out[1].begin() + (t + 1) * dstWords);
    const char* alternative = nullptr;
    std::string problem = d3d_reference::compare(expect, got, alternative);
    if (!problem.empty()) {
      std::string inputs;
      for (const Value& v : rows[t])
        for (uint32_t w : v)
          inputs += " " + hex32(w);
      return "inputs" + inputs + ": " + problem;
    }
    if (alternative)
      suite.alternatives[alternative]++;
  }
  return "";
}

// Counts one case by its source kind, and prints it when it failed.
void record(Suite& suite, SourceKind kind, const std::string& label, const std::string& problem) {
  suite.cases[kKindName[int(kind)]]++;
  if (problem.empty()) {
    suite.passed++;
  } else {
    suite.failed++;
    std::printf("FAIL: %s - %s\n", label.c_str(), problem.c_str());
  }
}

void run(Suite& suite, const Case& c) {
  std::string label, problem;
  try {
    problem = runCase(suite, c, label);
  } catch (const std::exception& ex) {
    problem = ex.what();
  }
  record(suite, c.kind, label, problem);
}

// The flow-control instructions whose one operand is an integer condition (if, breakc, continuec,
// retc, each _z and _nz), with no modifier and with `-` (integer negation; |x| is refused on an
// integer operand): each thread's path is recorded as 0 (condition taken) or 1, and compared with
// the test of the negated or plain value for zero.
void conditionCase(Suite& suite, const std::string& name, bool onZero, bool negate) {
  const std::string test = name + (onZero ? "_z " : "_nz ") + (negate ? "-" : "") + "r4.x\n";
  std::string body;
  if (name == "if")
    body = "mov r2.x, l(1)\n" + test + "mov r2.x, l(0)\nendif\n";
  else if (name == "breakc")
    body = "mov r2.x, l(0)\nloop\n" + test + "mov r2.x, l(1)\nbreak\nendloop\n";
  else if (name == "continuec")  // a taken continue skips the write and the next iteration ends the loop
    body = "mov r2.x, l(0)\nmov r3.x, l(0)\nloop\nuge r3.y, r3.x, l(1)\nbreakc_nz r3.y\n"
           "iadd r3.x, r3.x, l(1)\n" + test + "mov r2.x, l(1)\nendloop\n";
  else  // retc: the thread's word is 0 unless it gets past the return
    body = "store_raw u0.x, r0.y, l(0)\n" + test + "mov r2.x, l(1)\n";
  std::string label = test.substr(0, test.size() - 1);
  std::string source = "cs_5_0\ndcl_resource_raw t0\ndcl_uav_raw u0\ndcl_input vThreadID.x\ndcl_temps 5\n"
                       "dcl_thread_group 64, 1, 1\n"
                       "ishl r0.y, vThreadID.x, l(2)\nld_raw r4.x, r0.y, t0.xxxx\n" + body +
                       "store_raw u0.x, r0.y, r2.x\nret\n";
  std::string problem;
  try {
    std::vector<uint32_t> input(64);
    for (size_t t = 0; t < input.size(); t++)
      input[t] = kIntInputs[t % std::size(kIntInputs)];
    dxbc::CompileResult shader = dxbc::compile(dxbc::assemble(source).write(), suite.runner.compileOptions());
    if (!shader.ok())
      throw std::runtime_error("compile: " + shader.error);
    auto out = suite.runner.run(shader, {{BindingKind::ShaderResource, 0, input},
                                         {BindingKind::UnorderedAccess, 0, std::vector<uint32_t>(64, 0xdeadbeef)}}, 1);
    for (size_t t = 0; t < input.size() && problem.empty(); t++) {
      uint32_t value = negate ? 0u - input[t] : input[t];
      bool taken = onZero ? value == 0 : value != 0;
      uint32_t want = taken ? 0 : 1;
      if (out.size() < 2 || out[1][t] != want)
        problem = "input " + hex32(input[t]) + ": got " + (out.size() < 2 ? std::string("nothing") : hex32(out[1][t])) +
                  ", want " + hex32(want);
    }
  } catch (const std::exception& e) {
    problem = e.what();
  }
  record(suite, SourceKind::Register, label, problem);
}

}  // namespace

int main() {
  exec_test::ComputeRunner runner;
  if (exec_test::skipped(runner))
    return 77;
  Suite suite{runner, 0, 0, {}, {}};
  std::printf("float controls asked for: SignedZeroInfNanPreserve 32-bit %s, 64-bit %s\n",
              runner.compileOptions().preserveSignedZeroInfNan32 ? "yes" : "no",
              runner.compileOptions().preserveSignedZeroInfNan64 ? "yes" : "no");
  // D3D11VK_MODIFIER_SUITE_ONLY=NAME[,NAME...] runs only those instructions (a developer's rerun
  // of one failure); the summary then says how many instructions ran.
  const char* only = std::getenv("D3D11VK_MODIFIER_SUITE_ONLY");
  auto selected = [&](const char* name) {
    if (!only || !*only)
      return true;
    std::string list = std::string(",") + only + ",";
    return list.find("," + std::string(name) + ",") != std::string::npos;
  };
  int instructions = 0;
  for (auto e = dxbc::instructionTypesBegin(); e != dxbc::instructionTypesEnd(); e++) {
    if (!d3d_reference::covered(e->opcode) || !selected(dxbc::opcodeInfo(e->opcode)->name))
      continue;
    instructions++;
    const dxbc::OpcodeInfo* info = dxbc::opcodeInfo(e->opcode);
    std::string letters = e->operands;
    size_t numSrc = letters.size() - info->numDst;
    auto allowed = [&](size_t i, uint32_t m) {
      return !(letters[info->numDst + i] == 'i' && (m & 2));  // |x| is not defined on integer operands
    };
    // Registers: no modifier; each allowed modifier on each source alone; each with _sat where allowed.
    std::vector<std::vector<uint32_t>> variants = {std::vector<uint32_t>(numSrc, 0)};
    for (size_t i = 0; i < numSrc; i++)
      for (uint32_t m = 1; m < 4; m++)
        if (allowed(i, m)) {
          std::vector<uint32_t> v(numSrc, 0);
          v[i] = m;
          variants.push_back(v);
        }
    for (bool sat : {false, true}) {
      if (sat && !e->saturate)
        continue;
      for (const auto& v : variants)
        run(suite, Case{e->opcode, &*e, v, sat, SourceKind::Register, 0});
    }
    // Folded sources: each source in turn as an immediate with each allowed modifier (the
    // compiler folds the modifier into the constant), and source 0 from a constant buffer.
    for (size_t i = 0; i < numSrc; i++)
      for (uint32_t m = 0; m < 4; m++) {
        if (!allowed(i, m))
          continue;
        std::vector<uint32_t> v(numSrc, 0);
        v[i] = m;
        run(suite, Case{e->opcode, &*e, v, false, SourceKind::Immediate, i});
        if (i == 0)
          run(suite, Case{e->opcode, &*e, v, false, SourceKind::ConstantBuffer, 0});
      }
  }
  for (const char* name : {"if", "breakc", "continuec", "retc"}) {
    if (!selected(name))
      continue;
    instructions++;
    for (bool onZero : {true, false})
      for (bool negate : {false, true})
        conditionCase(suite, name, onZero, negate);
  }
  std::printf("%d instructions; %d instruction x modifier x type x source cases run\n", instructions,
              suite.passed + suite.failed);
  for (const auto& [kind, count] : suite.cases)
    std::printf("  %d with %s sources\n", count, kind.c_str());
  for (const auto& [name, count] : suite.alternatives)
    std::printf("note: %d results accepted under %s\n", count, name.c_str());
  if (runner.validationErrors()) {
    std::printf("FAIL: %u validation errors\n", runner.validationErrors());
    suite.failed++;
  }
  std::printf("%d passed, %d failed\n", suite.passed, suite.failed);
  return suite.failed ? 1 : 0;
}
