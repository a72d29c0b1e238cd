// The shader-code decoder: opcode, extended opcode, operand and custom-data tokens.
#include "dxbc/decoder.h"

#include <cstring>

#include "dxbc/error.h"
#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc {
namespace {

constexpr int kMaxRelativeDepth = 4;  // relative indices nest; real shaders use one level

std::string at(size_t pos) { return " (token " + std::to_string(pos) + ")"; }

}  // namespace

std::vector<uint32_t> chunkTokens(const Chunk& chunk) {
  std::vector<uint32_t> tokens(chunk.data.size() / 4);
  if (!tokens.empty())
    std::memcpy(tokens.data(), chunk.data.data(), tokens.size() * 4);
  return tokens;
}

uint32_t Decoder::take(size_t& pos, size_t end, const char* what) {
  if (pos >= end)
    throw Error(std::string("shader code: ") + what + " runs past the end of instruction at token " +
                std::to_string(m_instructionStart));
  return m_tokens[pos++];
}

Program Decoder::decode(const Chunk& shaderChunk) {
  if (shaderChunk.data.size() % 4)
    throw Error("shader code chunk size " + std::to_string(shaderChunk.data.size()) + " is not a multiple of 4");
  std::vector<uint32_t> tokens = chunkTokens(shaderChunk);
  return decode(tokens.data(), tokens.size());
}

Program Decoder::decode(const uint32_t* tokens, size_t count) {
  if (count < 2)
    throw Error("shader code is shorter than its two header tokens");
  Program program;
  program.versionToken = tokens[0];
  program.minor = tokens[0] & 0xf;
  program.major = (tokens[0] >> 4) & 0xf;
  uint32_t type = tokens[0] >> 16;
  if (type > 5)
    throw Error("shader code: unknown program type " + std::to_string(type));
  program.type = ProgramType(type);
  if (program.major < 4 || program.major > 5)
    throw Error("shader code: unsupported shader model " + std::to_string(program.major) + "." +
                std::to_string(program.minor));
  uint32_t length = tokens[1];
  if (length < 2 || length > count)
    throw Error("shader code: length " + std::to_string(length) + " tokens does not fit the chunk's " +
                std::to_string(count));
  Decoder decoder(tokens, length);
  size_t pos = 2;
  while (pos < length)
    program.instructions.push_back(decoder.decodeInstruction(pos));
  return program;
}

Instruction Decoder::decodeInstruction(size_t& pos) {
  m_instructionStart = uint32_t(pos);
  Instruction ins;
  ins.offset = uint32_t(pos);
  uint32_t token = m_tokens[pos];
  ins.opcode = token & 0x7ff;
  if (ins.opcode == op::CustomData) {
    ins.customClass = token >> 11;
    if (pos + 1 >= m_end)
      throw Error("shader code: custom data block without a length" + at(pos));
    uint32_t length = m_tokens[pos + 1];
    if (length < 2 || length > m_end - pos)
      throw Error("shader code: custom data length " + std::to_string(length) + " runs past the end" + at(pos));
    ins.customData.assign(m_tokens + pos + 2, m_tokens + pos + length);
    pos += length;
    return ins;
  }
  const OpcodeInfo* info = opcodeInfo(ins.opcode);
  if (!info)
    throw Error("shader code: unknown opcode " + std::to_string(ins.opcode) + at(pos));
  uint32_t length = (token >> 24) & 0x7f;
  if (length == 0 || length > m_end - pos)
    throw Error("shader code: instruction length " + std::to_string(length) + " is invalid for '" + info->name +
                "'" + at(pos));
  size_t end = pos + length;
  ins.controls = (token >> 11) & 0x1fff;
  pos++;
  bool extended = token >> 31;
  while (extended) {
    uint32_t ext = take(pos, end, "extended opcode token");
    ins.extendedOpcodes.push_back(ext);
    extended = ext >> 31;
  }
  if (!info->layout) {
    while (pos < end)
      ins.operands.push_back(decodeOperand(pos, end, 0));
  } else {
    bool optional = false;
    for (const char* item = info->layout; *item; item++) {
      if (*item == '|') {
        optional = true;
        continue;
      }
      if (optional && pos >= end)
        break;
      switch (*item) {
        case 'O': ins.operands.push_back(decodeOperand(pos, end, 0)); break;
        case 'X':
          for (int i = 0; i < 3; i++)
            ins.extra.push_back(take(pos, end, "declaration token"));
          break;
        case '*':
          while (pos < end)
            ins.extra.push_back(m_tokens[pos++]);
          break;
        default: ins.extra.push_back(take(pos, end, "declaration token")); break;
      }
    }
    if (pos != end)
      throw Error(std::string("shader code: '") + info->name + "' has " + std::to_string(end - pos) +
                  " unexpected trailing tokens" + at(m_instructionStart));
  }
  pos = end;
  return ins;
}

Operand Decoder::decodeOperand(size_t& pos, size_t end, int depth) {
  if (depth > kMaxRelativeDepth)
    throw Error("shader code: relative indices nest too deeply" + at(pos));
  uint32_t token = take(pos, end, "operand");
  Operand o;
  o.components = ComponentCount(token & 3);
  o.selection = SelectionMode((token >> 2) & 3);
  o.componentBits = (token >> 4) & 0xff;
  o.type = (token >> 12) & 0xff;
  o.indexDimension = (token >> 20) & 3;
  if (o.components == ComponentCount::N)
    throw Error("shader code: operands with N components are not defined" + at(pos - 1));
  if (!registerName(o.type))
    throw Error("shader code: unknown operand type " + std::to_string(o.type) + at(pos - 1));
  bool extended = token >> 31;
  while (extended) {
    uint32_t ext = take(pos, end, "extended operand token");
    o.extended.push_back(ext);
    extended = ext >> 31;
  }
  for (uint32_t d = 0; d < o.indexDimension; d++) {
    OperandIndex& index = o.index[d];
    uint32_t repr = (token >> (22 + 3 * d)) & 7;
    if (repr > 4)
      throw Error("shader code: unknown index representation " + std::to_string(repr) + at(pos));
    index.representation = IndexRepresentation(repr);
    if (repr == 1 || repr == 4) {
      uint64_t hi = take(pos, end, "64-bit index");
      uint64_t lo = take(pos, end, "64-bit index");
      index.immediate = hi << 32 | lo;
    } else if (repr == 0 || repr == 3) {
      index.immediate = take(pos, end, "index");
    }
    if (repr >= 2)
      index.relative = std::make_shared<Operand>(decodeOperand(pos, end, depth + 1));
  }
  if (o.type == reg::Imm32 || o.type == reg::Imm64) {
    // A 64-bit immediate holds two doubles in its "four" components, one in its "one".
    size_t n = o.components == ComponentCount::Four ? 4 : o.components == ComponentCount::One ? 1 : 0;
    if (o.type == reg::Imm64 && o.components == ComponentCount::One)
      n = 2;
    for (size_t i = 0; i < n; i++)
      o.immediates.push_back(take(pos, end, "immediate value"));
  }
  return o;
}

OperandModifier Operand::modifier() const {
  for (uint32_t ext : extended)
    if ((ext & 0x3f) == 1)
      return OperandModifier((ext >> 6) & 0xff);
  return OperandModifier::None;
}

uint32_t Operand::minPrecision() const {
  for (uint32_t ext : extended)
    if ((ext & 0x3f) == 1)
      return (ext >> 14) & 7;
  return 0;
}

bool Operand::nonUniform() const {
  for (uint32_t ext : extended)
    if ((ext & 0x3f) == 1)
      return (ext >> 17) & 1;
  return false;
}

const char* programTypePrefix(ProgramType type) {
  static const char* const names[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
  return uint32_t(type) < 6 ? names[uint32_t(type)] : "xs";
}

std::string Program::profileName() const {
  return std::string(programTypePrefix(type)) + "_" + std::to_string(major) + "_" + std::to_string(minor);
}

}  // namespace dxbc
