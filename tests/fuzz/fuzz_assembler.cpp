// libFuzzer target for the assembler's text input (lexer, syntax, operand and declaration
// parsing), seeded with assembly (tests/fuzz/seeds/asm) and a dictionary of its words
// (asm.dict). Text the assembler refuses must be refused with dxbc::Error; text it accepts must
// encode, and the encoded program must decode again. Anything else is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/assembler.h"
#include "dxbc/decoder.h"
#include "dxbc/encoder.h"
#include "dxbc/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  dxbc::Program program;
  try {
    program = dxbc::assembleProgram(text);
  } catch (const dxbc::Error&) {
    return 0;
  }
  std::vector<uint32_t> tokens = dxbc::encodeProgram(program);
  try {
    (void)dxbc::Decoder::decode(tokens.data(), tokens.size());
  } catch (const dxbc::Error&) {
    // The assembler accepted what the decoder cannot read back: a bug in one of them.
    __builtin_trap();
  }
  return 0;
}
