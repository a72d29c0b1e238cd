// The shader-code encoder: writes instructions back to tokens, computing every length field.
#include "dxbc/encoder.h"

#include <cstring>

#include "dxbc/error.h"
#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc {
namespace {

void encodeOperand(const Operand& o, std::vector<uint32_t>& out) {
  uint32_t token = uint32_t(o.components) | uint32_t(o.selection) << 2 | (o.componentBits & 0xff) << 4 |
                   (o.type & 0xff) << 12 | (o.indexDimension & 3) << 20;
  for (uint32_t d = 0; d < o.indexDimension && d < 3; d++)
    token |= uint32_t(o.index[d].representation) << (22 + 3 * d);
  if (!o.extended.empty())
    token |= 1u << 31;
  out.push_back(token);
  for (size_t i = 0; i < o.extended.size(); i++) {
    // The chain bit follows the list, whatever the stored tokens said.
    uint32_t ext = o.extended[i] & 0x7fffffff;
    out.push_back(i + 1 < o.extended.size() ? ext | 1u << 31 : ext);
  }
  for (uint32_t d = 0; d < o.indexDimension && d < 3; d++) {
    const OperandIndex& index = o.index[d];
    switch (index.representation) {
      case IndexRepresentation::Imm32:
      case IndexRepresentation::Imm32PlusRelative: out.push_back(uint32_t(index.immediate)); break;
      case IndexRepresentation::Imm64:
      case IndexRepresentation::Imm64PlusRelative:
        out.push_back(uint32_t(index.immediate >> 32));
        out.push_back(uint32_t(index.immediate));
        break;
      default: break;
    }
    if (index.representation >= IndexRepresentation::Relative) {
      if (!index.relative)
        throw Error("relative index without an operand");
      encodeOperand(*index.relative, out);
    }
  }
  out.insert(out.end(), o.immediates.begin(), o.immediates.end());
}

}  // namespace

std::vector<uint32_t> encodeInstruction(const Instruction& ins) {
  std::vector<uint32_t> out;
  if (ins.opcode == op::CustomData) {
    out.push_back(op::CustomData | ins.customClass << 11);
    out.push_back(uint32_t(ins.customData.size() + 2));
    out.insert(out.end(), ins.customData.begin(), ins.customData.end());
    return out;
  }
  out.push_back(0);
  for (size_t i = 0; i < ins.extendedOpcodes.size(); i++) {
    uint32_t ext = ins.extendedOpcodes[i] & 0x7fffffff;
    out.push_back(i + 1 < ins.extendedOpcodes.size() ? ext | 1u << 31 : ext);
  }
  const OpcodeInfo* info = opcodeInfo(ins.opcode);
  if (info && info->layout) {
    // Declarations interleave operands and plain tokens in their layout's order.
    size_t operand = 0, extra = 0;
    for (const char* item = info->layout; *item; item++) {
      if (*item == '|')
        continue;
      if (*item == 'O') {
        if (operand < ins.operands.size())
          encodeOperand(ins.operands[operand++], out);
      } else if (*item == 'X') {
        for (int i = 0; i < 3 && extra < ins.extra.size(); i++)
          out.push_back(ins.extra[extra++]);
      } else if (*item == '*') {
        while (extra < ins.extra.size())
          out.push_back(ins.extra[extra++]);
      } else if (extra < ins.extra.size()) {
        out.push_back(ins.extra[extra++]);
      }
    }
  } else {
    for (const Operand& o : ins.operands)
      encodeOperand(o, out);
  }
  if (out.size() > 127)
    throw Error("instruction is longer than 127 tokens");
  out[0] = (ins.opcode & 0x7ff) | (ins.controls & 0x1fff) << 11 | uint32_t(out.size()) << 24 |
           (ins.extendedOpcodes.empty() ? 0 : 1u << 31);
  return out;
}

std::vector<uint32_t> encodeProgram(const Program& program) {
  std::vector<uint32_t> out = {program.versionToken, 0};
  for (const Instruction& ins : program.instructions) {
    std::vector<uint32_t> tokens = encodeInstruction(ins);
    out.insert(out.end(), tokens.begin(), tokens.end());
  }
  out[1] = uint32_t(out.size());
  return out;
}

Chunk encodeProgramChunk(const Program& program, FourCC code) {
  std::vector<uint32_t> tokens = encodeProgram(program);
  Chunk chunk;
  chunk.code = code;
  chunk.data.resize(tokens.size() * 4);
  std::memcpy(chunk.data.data(), tokens.data(), chunk.data.size());
  return chunk;
}

}  // namespace dxbc
