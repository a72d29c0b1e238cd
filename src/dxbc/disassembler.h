// fxc-style assembly text from a container or a decoded program.
#pragma once

#include <string>

#include "dxbc/container.h"
#include "dxbc/instruction.h"

namespace dxbc {

// The instruction lines only, starting with the profile line ("ps_5_0").
std::string disassembleProgram(const Program& program);
std::string disassembleInstruction(const Instruction& instruction);

// A whole container: resource and signature tables as comments (which the assembler reads back),
// then the code. Throws dxbc::Error when a chunk it needs is malformed.
std::string disassemble(const Container& container);

}  // namespace dxbc
