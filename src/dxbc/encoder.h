// Program to token stream: the inverse of the decoder, used by the assembler.
#pragma once

#include <cstdint>
#include <vector>

#include "dxbc/container.h"
#include "dxbc/instruction.h"

namespace dxbc {

std::vector<uint32_t> encodeInstruction(const Instruction& instruction);
std::vector<uint32_t> encodeProgram(const Program& program);
// A SHDR (shader model 4) or SHEX (5) chunk holding the program.
Chunk encodeProgramChunk(const Program& program, FourCC code);

}  // namespace dxbc
