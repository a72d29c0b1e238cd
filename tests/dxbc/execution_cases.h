// What the execution suites share around their cases: the pass/fail count per instruction (in the
// order the instructions first ran), the FAIL line of a failed case, and the word helpers their
// messages use.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace exec_test {

inline std::string hex(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", v);
  return text;
}

inline float toFloat(uint32_t u) { return std::bit_cast<float>(u); }
inline uint32_t toBits(float f) { return std::bit_cast<uint32_t>(f); }

class CaseTally {
public:
  // Counts one case of `group` (an instruction's name); a non-empty problem fails it and prints
  // `FAIL: label - problem`.
  void report(const std::string& group, const std::string& label, const std::string& problem) {
    if (!m_groups.count(group))
      m_order.push_back(group);
    Counts& counts = m_groups[group];
    if (problem.empty()) {
      passed++;
      counts.passed++;
      return;
    }
    failed++;
    counts.failed++;
    std::printf("FAIL: %s - %s\n", label.c_str(), problem.c_str());
  }

  // One line per group: "  name: N cases, N passed, N failed".
  void printGroups() const {
    for (const std::string& name : m_order) {
      const Counts& c = m_groups.at(name);
      std::printf("  %s: %d cases, %d passed, %d failed\n", name.c_str(), c.passed + c.failed, c.passed, c.failed);
    }
  }

  int passed = 0, failed = 0;

private:
  struct Counts {
    int passed = 0, failed = 0;
  };
  std::map<std::string, Counts> m_groups;
  std::vector<std::string> m_order;
};

}  // namespace exec_test
