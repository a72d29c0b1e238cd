// Test helper: runs SPIRV-Tools' validator (the library behind spirv-val) on a module in memory.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spirv_test {

// Empty when the module is valid for Vulkan 1.1 (SPIR-V 1.3) with Vulkan 1.1's rules; otherwise
// the validator's message.
std::string validate(const std::vector<uint32_t>& words);
// The same under Vulkan 1.<vulkanMinor>'s rules (1 or 3).
std::string validate(const std::vector<uint32_t>& words, int vulkanMinor);

// The module as text (spirv-dis), for failure messages.
std::string disassemble(const std::vector<uint32_t>& words);

}  // namespace spirv_test
