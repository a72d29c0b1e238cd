// The generated modifier execution suite: every instruction the operand-type table and the CPU
// reference both cover, with each source modifier its operands take on each source and with and
// without _sat, assembled as a compute shader, run on the Vulkan device under the validation
// layer over edge-case inputs, and compared bit for bit with d3d_reference.
#include <cstdio>
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
// largest finite value, values at the integer conversion limits, ordinary values, halves.
const uint32_t kFloatInputs[] = {
  0x00000000, 0x80000000, 0x3f800000, 0xbfc00000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001,
  0xffc00123, 0x00000001, 0x807fffff, 0x7f7fffff, 0x3f000000, 0x40700000, 0xcf000000, 0x4f800000,
  0x501502f9, 0x3effffff, 0xc0200000, 0x00800000,
};
// Integer edge cases: 0, ±1, INT_MIN, INT_MAX, UINT_MAX, shift counts at and past 31, bit patterns.
const uint32_t kIntInputs[] = {
  0, 1, 0xffffffff, 0x80000000, 0x7fffffff, 31, 32, 33, 0xffffffdf, 0x12345678, 0x80000001, 7,
  0xffff0000, 0x3c00, 0xfc00, 0x7e00,
};

const char* const kModifierText[4][2] = {{"", ""}, {"-", ""}, {"|", "|"}, {"-|", "|"}};
const char kComponents[] = "xyzw";

std::vector<uint32_t> inputsFor(char letter) {
  if (letter == 'i')
    return {std::begin(kIntInputs), std::end(kIntInputs)};
  // Moves get both kinds: their bits are not interpreted.
  std::vector<uint32_t> v(std::begin(kFloatInputs), std::end(kFloatInputs));
  if (letter == 'm')
    v.insert(v.end(), std::begin(kIntInputs), std::end(kIntInputs));
  return v;
}

struct Suite {
  exec_test::ComputeRunner& runner;
  int passed = 0, failed = 0, compileRefused = 0;
  std::map<std::string, int> exceptions;
};

// Inputs per thread: every combination of the first two sources' edge cases (later sources
// cycle through theirs), so each value meets each other value at least once on those two.
std::vector<std::vector<uint32_t>> combinations(const std::string& sources) {
  std::vector<std::vector<uint32_t>> lists;
  for (char c : sources)
    lists.push_back(inputsFor(c));
  size_t total = 1;
  for (size_t i = 0; i < lists.size() && i < 2; i++)
    total *= lists[i].size();
  std::vector<std::vector<uint32_t>> rows;
  for (size_t t = 0; t < total; t++) {
    std::vector<uint32_t> row;
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

// One case: the instruction with `modifiers` on its sources and optionally _sat.
std::string runCase(Suite& suite, uint32_t opcode, const dxbc::InstructionTypes& types, const std::vector<uint32_t>& modifiers,
                    bool sat, std::string& label) {
  const dxbc::OpcodeInfo* info = dxbc::opcodeInfo(opcode);
  uint32_t numDst = info->numDst;
  std::string letters = types.operands;
  std::string sourceLetters = letters.substr(numDst);
  uint32_t numSrc = uint32_t(sourceLetters.size());
  std::string mnemonic = std::string(info->name) + (sat ? "_sat" : "");
  std::string instruction = mnemonic + " ";
  for (uint32_t k = 0; k < numDst; k++)
    instruction += "r2." + std::string(1, kComponents[k]) + ", ";
  for (uint32_t i = 0; i < numSrc; i++) {
    instruction += std::string(kModifierText[modifiers[i]][0]) + "r1." + kComponents[i] + kModifierText[modifiers[i]][1];
    instruction += i + 1 < numSrc ? ", " : "";
  }
  label = instruction;
  std::string readMask(kComponents, numSrc), writeMask(kComponents, numDst);
  std::string source =
    "cs_5_0\n"
    "dcl_resource_raw t0\n"
    "dcl_uav_raw u0\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 3\n"
    "dcl_thread_group 64, 1, 1\n"
    "imul null, r0.x, vThreadID.x, l(" + std::to_string(4 * numSrc) + ")\n"
    "ld_raw r1." + readMask + ", r0.x, t0.xyzw\n"
    + instruction + "\n"
    "imul null, r0.y, vThreadID.x, l(" + std::to_string(4 * numDst) + ")\n"
    "store_raw u0." + writeMask + ", r0.y, r2." + writeMask + "\n"
    "ret\n";
  auto rows = combinations(sourceLetters);
  for (size_t i = 0; rows.size() % 64; i++) {
    std::vector<uint32_t> again = rows[i];
    rows.push_back(again);
  }
  std::vector<uint32_t> input;
  for (const auto& row : rows)
    input.insert(input.end(), row.begin(), row.end());
  dxbc::CompileResult shader = dxbc::compile(dxbc::assemble(source).write());
  if (!shader.ok())
    return "compile: " + shader.error;
  std::vector<exec_test::BufferData> buffers = {{BindingKind::ShaderResource, 0, input},
                                                {BindingKind::UnorderedAccess, 0, std::vector<uint32_t>(rows.size() * numDst, 0xdeadbeef)}};
  auto out = suite.runner.run(shader, buffers, uint32_t(rows.size() / 64));
  if (out.size() < 2 || out[1].size() < rows.size() * numDst)
    return "the run returned " + std::to_string(out.size() < 2 ? 0 : out[1].size()) + " words";
  for (size_t t = 0; t < rows.size(); t++) {
    std::vector<uint32_t> modified;
    for (uint32_t i = 0; i < numSrc; i++)
      modified.push_back(d3d_reference::applyModifier(rows[t][i], modifiers[i], sourceLetters[i]));
    auto expect = d3d_reference::evaluate(opcode, modified, sat);
    std::vector<uint32_t> got(out[1].begin() + t * numDst, out[1].begin() + (t + 1) * numDst);
    const char* exception = nullptr;
    std::string problem = d3d_reference::compare(expect, got, exception);
    if (!problem.empty()) {
      std::string inputs;
      char word[16];
      for (uint32_t v : rows[t]) {
        std::snprintf(word, sizeof word, " 0x%08x", v);
        inputs += word;
      }
      return "inputs" + inputs + ": " + problem;
    }
    if (exception)
      suite.exceptions[exception]++;
  }
  return "";
}

}  // namespace

int main() {
  exec_test::ComputeRunner runner;
  if (exec_test::skipped(runner))
    return 77;
  Suite suite{runner, 0, 0, 0, {}};
  int instructions = 0;
  for (auto e = dxbc::instructionTypesBegin(); e != dxbc::instructionTypesEnd(); e++) {
    if (!d3d_reference::covered(e->opcode))
      continue;
    instructions++;
    const dxbc::OpcodeInfo* info = dxbc::opcodeInfo(e->opcode);
    std::string letters = e->operands;
    size_t numSrc = letters.size() - info->numDst;
    // No modifier; each allowed modifier on each source alone; each with _sat where allowed.
    std::vector<std::vector<uint32_t>> variants = {std::vector<uint32_t>(numSrc, 0)};
    for (size_t i = 0; i < numSrc; i++) {
      char type = letters[info->numDst + i];
      for (uint32_t m = 1; m < 4; m++) {
        if (type == 'i' && (m & 2))
          continue;  // |x| is not defined on integer operands (the compiler refuses it)
        std::vector<uint32_t> v(numSrc, 0);
        v[i] = m;
        variants.push_back(v);
      }
    }
    for (bool sat : {false, true}) {
      if (sat && !e->saturate)
        continue;
      for (const auto& v : variants) {
        std::string label, problem;
        try {
          problem = runCase(suite, e->opcode, *e, v, sat, label);
        } catch (const std::exception& ex) {
          problem = ex.what();
        }
        if (problem.empty()) {
          suite.passed++;
        } else {
          suite.failed++;
          std::printf("FAIL: %s - %s\n", label.c_str(), problem.c_str());
        }
      }
    }
  }
  std::printf("%d instructions; %d instruction x modifier x type cases run\n", instructions, suite.passed + suite.failed);
  for (const auto& [name, count] : suite.exceptions)
    std::printf("note: named exception %s matched %d results\n", name.c_str(), count);
  if (runner.validationErrors()) {
    std::printf("FAIL: %u validation errors\n", runner.validationErrors());
    suite.failed++;
  }
  std::printf("%d passed, %d failed\n", suite.passed, suite.failed);
  return suite.failed ? 1 : 0;
}
