// Assembly text to a DXBC container: shader code plus the signature and reflection chunks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/container.h"
#include "dxbc/instruction.h"

namespace dxbc {

// Only the code: the profile line and instructions. Throws dxbc::Error naming the line.
Program assembleProgram(const std::string& text);

// A complete container: the tables in the comments become ISGN/OSGN/PCSG (and their 5.x variants)
// and RDEF; the code becomes SHDR (SM4) or SHEX (SM5). Throws dxbc::Error naming the line.
Container assemble(const std::string& text);

}  // namespace dxbc
