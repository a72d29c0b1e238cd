// libFuzzer target for the shader-code decoder, the disassembler and the encoder: the input is a
// code chunk's tokens (SHDR/SHEX contents), or a whole DXBC container whose code chunk is taken,
// so that the corpus of real shaders seeds it. A program that decodes must disassemble,
// and encoding it again must give tokens that decode to a program with the same disassembly (the
// decoder keeps everything the encoder needs). Bad input must be refused with dxbc::Error; any
// other exception, a crash, a sanitizer report or a round trip that differs is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "dxbc/container.h"
#include "dxbc/decoder.h"
#include "dxbc/disassembler.h"
#include "dxbc/encoder.h"
#include "dxbc/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint32_t> tokens(size / 4);
  if (!tokens.empty())
    std::memcpy(tokens.data(), data, tokens.size() * 4);
  if (size >= 4 && std::memcmp(data, "DXBC", 4) == 0) {
    try {
      dxbc::Container container = dxbc::Container::parse(data, size, false);
      if (const dxbc::Chunk* code = container.findAny({dxbc::makeFourCC("SHEX"), dxbc::makeFourCC("SHDR")}))
        tokens = dxbc::chunkTokens(*code);
    } catch (const dxbc::Error&) {
      return 0;
    }
  }
  dxbc::Program program;
  std::string text;
  try {
    program = dxbc::Decoder::decode(tokens.data(), tokens.size());
    text = dxbc::disassembleProgram(program);
  } catch (const dxbc::Error&) {
    return 0;
  }
  std::vector<uint32_t> again = dxbc::encodeProgram(program);
  std::string textAgain = dxbc::disassembleProgram(dxbc::Decoder::decode(again.data(), again.size()));
  if (textAgain != text) {
    std::fprintf(stderr, "decode-encode-decode changed the program:\n%s\n---\n%s\n", text.c_str(), textAgain.c_str());
    std::abort();
  }
  return 0;
}
