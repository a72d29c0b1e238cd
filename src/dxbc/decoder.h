// Token stream to Program: decodes SHDR/SHEX shader code for shader models 4.0 to 5.1.
#pragma once

#include <cstdint>
#include <vector>

#include "dxbc/container.h"
#include "dxbc/instruction.h"

namespace dxbc {

class Decoder {
public:
  // Throws dxbc::Error on a malformed token stream; never reads outside it.
  static Program decode(const uint32_t* tokens, size_t count);
  static Program decode(const Chunk& shaderChunk);

private:
  Decoder(const uint32_t* tokens, size_t end) : m_tokens(tokens), m_end(end) {}
  Instruction decodeInstruction(size_t& pos);
  Operand decodeOperand(size_t& pos, size_t end, int depth);
  uint32_t take(size_t& pos, size_t end, const char* what);

  const uint32_t* m_tokens;
  size_t m_end;
  uint32_t m_instructionStart = 0;
};

std::vector<uint32_t> chunkTokens(const Chunk& chunk);

}  // namespace dxbc
