// Which instructions and registers each shader stage may use. The Direct3D 11 runtime refuses
// bytecode that uses, say, a thread-group barrier in a pixel shader or discard in a vertex shader;
// so does the compiler, before it emits anything, rather than translating it into SPIR-V that no
// Vulkan stage accepts (docs/compiler.md, "Stage rules").
#pragma once

#include <string>

#include "dxbc/instruction.h"

namespace dxbc {

// Empty when every instruction and register of the program is one its stage may use; otherwise
// the first violation in words, e.g. "sync_g (thread-group memory) is not allowed in a pixel
// shader, only in compute shaders".
std::string stageViolation(const Program& program);

}  // namespace dxbc
