// Register (operand type) names in assembly, and each type's component count when no suffix shows it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dxbc {

namespace reg {
constexpr uint32_t Temp = 0, Input = 1, Output = 2, IndexableTemp = 3, Imm32 = 4, Imm64 = 5, Sampler = 6,
                   Resource = 7, ConstantBuffer = 8, ImmediateConstantBuffer = 9, Label = 10, Null = 13,
                   Stream = 16, FunctionBody = 17, FunctionTable = 18,
                   Interface = 19, ThisPointer = 29, Uav = 30, ThreadGroupShared = 31, InnerCoverage = 42;
}

const char* registerName(uint32_t type);  // nullptr when unknown
std::optional<uint32_t> registerFromName(const std::string& name);
// Whether an immediate first index is written right after the name ("r3") rather than in brackets.
bool registerIndexInline(uint32_t type);
// 0, 1 or 4: the components an operand of this type has when written without a suffix.
uint32_t registerDefaultComponents(uint32_t type);

}  // namespace dxbc
