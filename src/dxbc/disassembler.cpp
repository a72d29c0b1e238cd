// The disassembler: instructions and operands as text, in the syntax docs/dxbc.md describes.
#include "dxbc/disassembler.h"

#include <cstdio>
#include <optional>
#include <sstream>

#include "dxbc/decoder.h"
#include "dxbc/error.h"
#include "dxbc/opcodes.h"
#include "dxbc/reflection.h"
#include "dxbc/registers.h"
#include "dxbc/signature.h"
#include "dxbc/syntax.h"
#include "dxbc/tables.h"

namespace dxbc {
namespace {

std::string hexText(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%x", v);
  return buf;
}

std::string formatOperand(const Operand& o, bool destination, char style, bool declaration = false);

std::string formatIndex(const OperandIndex& index, char style) {
  std::string imm = std::to_string(index.immediate);
  if (index.representation == IndexRepresentation::Imm64 ||
      index.representation == IndexRepresentation::Imm64PlusRelative)
    imm += "i64";
  switch (index.representation) {
    case IndexRepresentation::Imm32:
    case IndexRepresentation::Imm64: return imm;
    case IndexRepresentation::Relative: return formatOperand(*index.relative, false, style);
    default: return formatOperand(*index.relative, false, style) + " + " + imm;
  }
}

// The extended operand tokens as prefix/suffix text, or raw annotations when they say more than
// one modifier token can.
struct Modifiers {
  std::string prefix, open, close, annotations;
};

Modifiers formatModifiers(const Operand& o) {
  Modifiers m;
  bool simple = o.extended.size() == 1 && (o.extended[0] & 0x3f) == 1 && (o.extended[0] & 0x7ffc0000u) == 0;
  if (!simple) {
    for (uint32_t ext : o.extended)
      m.annotations += " {ext=" + hexText(ext & 0x7fffffff) + "}";
    return m;
  }
  uint32_t ext = o.extended[0];
  uint32_t modifier = (ext >> 6) & 0xff;
  if (modifier > 3) {
    m.annotations += " {ext=" + hexText(ext & 0x7fffffff) + "}";
    return m;
  }
  if (modifier & 1)
    m.prefix = "-";
  if (modifier & 2)
    m.open = "|", m.close = "|";
  uint32_t precision = (ext >> 14) & 7;
  if (precision) {
    const char* name = minPrecisionName(precision);
    m.annotations += std::string(" {") + (name ? name : "precision=" + std::to_string(precision)) + "}";
  }
  if ((ext >> 17) & 1)
    m.annotations += " {nonuniform}";
  if (ext == 1)  // a modifier token that changes nothing must still come back
    m.annotations += " {ext}";
  return m;
}

std::string formatOperand(const Operand& o, bool destination, char style, bool declaration) {
  Modifiers mods = formatModifiers(o);
  std::string core;
  if (o.type == reg::Imm32) {
    core = "l(";
    for (size_t i = 0; i < o.immediates.size(); i++)
      core += (i ? ", " : "") + syntax::formatNumber(o.immediates[i], style == 'd' ? 't' : style);
    core += ")";
  } else if (o.type == reg::Imm64) {
    core = "d(";
    for (size_t i = 0; i + 1 < o.immediates.size(); i += 2)
      core += (i ? ", " : "") + syntax::formatDouble(uint64_t(o.immediates[i + 1]) << 32 | o.immediates[i]);
    core += ")";
  } else {
    core = registerName(o.type);
    uint32_t first = 0;
    if (o.indexDimension > 0 && registerIndexInline(o.type) &&
        o.index[0].representation == IndexRepresentation::Imm32) {
      core += std::to_string(o.index[0].immediate);
      first = 1;
    }
    for (uint32_t d = first; d < o.indexDimension; d++)
      core += "[" + formatIndex(o.index[d], style) + "]";
  }
  syntax::Shape shape = syntax::shapeOf(o);
  syntax::OperandContext context{destination, declaration, o.indexDimension};
  std::string letters = syntax::lettersFor(o.type, context, shape);
  if (!letters.empty())
    core += "." + letters;
  std::string shapeNote;
  auto inferred = syntax::shapeFromLetters(o.type, context, letters, o.immediates.size());
  if (!inferred || !(*inferred == shape))
    shapeNote = " {shape=" + hexText(uint32_t(shape.components) | uint32_t(shape.selection) << 2 | shape.bits << 4) + "}";
  return mods.prefix + mods.open + core + mods.close + shapeNote + mods.annotations;
}

std::string formatReturnTypeToken(uint32_t token) {
  std::string s = "(";
  for (int i = 0; i < 4; i++) {
    uint32_t t = (token >> (4 * i)) & 0xf;
    const char* name = returnTypeTokenName(t);
    s += name ? std::string(name) : std::to_string(t);
    s += i < 3 ? "," : ")";
  }
  if (token >> 16)
    s += " {rt=" + hexText(token) + "}";
  return s;
}

std::string formatCustomData(const Instruction& ins) {
  static const char* const names[] = {"dcl_comment", "dcl_debuginfo", "dcl_opaque", "dcl_immediateConstantBuffer",
                                      "dcl_shader_message", "dcl_clip_plane_constant_mappings"};
  std::string s = ins.customClass < 6 ? names[ins.customClass] : "dcl_customdata_" + std::to_string(ins.customClass);
  bool icb = ins.customClass == 3;
  s += " {";
  for (size_t i = 0; i < ins.customData.size(); i += 4) {
    s += i ? ",\n  { " : " { ";
    for (size_t j = i; j < i + 4 && j < ins.customData.size(); j++)
      s += (j > i ? ", " : "") + (icb ? syntax::formatNumber(ins.customData[j], 't') : hexText(ins.customData[j]));
    s += " }";
  }
  s += " }";
  return s;
}

// fxc's spelling of the class-linkage declarations and fcall, when the tokens are well formed
// (otherwise the generic token form keeps them lossless).
std::optional<std::string> formatClassLinkage(const Instruction& ins) {
  if (!ins.extendedOpcodes.empty())
    return std::nullopt;
  auto ids = [&](const char* prefix, size_t from) {
    std::string s = " = {";
    for (size_t i = from; i < ins.extra.size(); i++)
      s += (i > from ? ", " : "") + std::string(prefix) + std::to_string(ins.extra[i]);
    return s + "}";
  };
  switch (ins.opcode) {
    case op::DclFunctionBody:
      if (ins.controls || ins.extra.size() != 1 || !ins.operands.empty())
        return std::nullopt;
      return "dcl_function_body fb" + std::to_string(ins.extra[0]);
    case op::DclFunctionTable:
      if (ins.controls || ins.extra.size() < 2 || ins.extra[1] != ins.extra.size() - 2 || !ins.operands.empty())
        return std::nullopt;
      return "dcl_function_table ft" + std::to_string(ins.extra[0]) + ids("fb", 2);
    case op::DclInterface:
      if (ins.controls > 1 || ins.extra.size() < 3 || (ins.extra[2] & 0xffff) != ins.extra.size() - 3 ||
          !ins.operands.empty())
        return std::nullopt;
      return std::string(ins.controls ? "dcl_interface_dynamicindexed" : "dcl_interface") + " fp" +
             std::to_string(ins.extra[0]) + "[" + std::to_string(ins.extra[2] >> 16) + "][" +
             std::to_string(ins.extra[1]) + "]" + ids("ft", 3);
    case op::InterfaceCall: {
      if (ins.controls || ins.extra.size() != 1 || ins.operands.size() != 1)
        return std::nullopt;
      const Operand& fp = ins.operands[0];
      if (fp.type != 19 || fp.indexDimension != 2 || fp.index[0].representation != IndexRepresentation::Imm32 ||
          fp.components != ComponentCount::Zero || !fp.extended.empty())
        return std::nullopt;
      return "fcall " + formatOperand(fp, false, 'u') + "[" + std::to_string(ins.extra[0]) + "]";
    }
    default: return std::nullopt;
  }
}

}  // namespace

std::string disassembleInstruction(const Instruction& ins) {
  if (ins.opcode == op::CustomData)
    return formatCustomData(ins);
  if (auto linkage = formatClassLinkage(ins))
    return *linkage;
  const OpcodeInfo* info = opcodeInfo(ins.opcode);
  if (!info)
    throw Error("unknown opcode " + std::to_string(ins.opcode));
  syntax::MnemonicText m = syntax::formatMnemonic(ins, *info);
  std::string s = m.mnemonic + m.annotations;
  std::vector<std::string> items;
  if (!m.before.empty())
    s += " " + m.before;
  const char* layout = info->layout;
  if (!layout || !*layout || std::string(layout) == "NO") {
    size_t extraIndex = 0;
    if (layout && std::string(layout) == "NO" && !ins.extra.empty())
      items.push_back(std::to_string(ins.extra[extraIndex++]));
    for (size_t i = 0; i < ins.operands.size(); i++)
      items.push_back(formatOperand(ins.operands[i], i < info->numDst, info->numberStyle));
  } else {
    size_t operand = 0, extra = 0;
    bool optional = false;
    for (const char* item = layout; *item; item++) {
      if (*item == '|') {
        optional = true;
        continue;
      }
      if (*item == 'O') {
        if (operand < ins.operands.size())
          items.push_back(formatOperand(ins.operands[operand++], true, 'u', true));
        continue;
      }
      if (extra >= ins.extra.size())
        break;
      uint32_t v = ins.extra[extra];
      switch (*item) {
        case 'R': s += " " + formatReturnTypeToken(v), extra++; break;
        case 'N': items.push_back(std::to_string(v)), extra++; break;
        case 'F': items.push_back("l(" + syntax::formatNumber(v, 'f') + ")"), extra++; break;
        case 'S': {
          const char* name = systemValueTokenName(v);
          items.push_back(name ? name : std::to_string(v));
          extra++;
          break;
        }
        case 'P': items.push_back("space=" + std::to_string(v)), extra++; break;
        case 'X':
          if (ins.extra.size() >= 3) {
            items.push_back("x" + std::to_string(ins.extra[0]) + "[" + std::to_string(ins.extra[1]) + "]");
            items.push_back(std::to_string(ins.extra[2]));
            extra += 3;
          }
          break;
        case '*':
          while (extra < ins.extra.size())
            items.push_back(std::to_string(ins.extra[extra++]));
          break;
        default: break;
      }
      (void)optional;
    }
  }
  if (!m.after.empty())
    items.push_back(m.after);
  for (size_t i = 0; i < items.size(); i++)
    s += (i ? ", " : " ") + items[i];
  return s;
}

std::string disassembleProgram(const Program& program) {
  std::string s = program.profileName() + "\n";
  if (program.versionToken != (uint32_t(program.type) << 16 | program.major << 4 | program.minor))
    s += "// version token " + hexText(program.versionToken) + "\n";
  int indent = 0;
  for (const Instruction& ins : program.instructions) {
    switch (ins.opcode) {
      case op::Else: case op::Endif: case op::Endloop: case op::Endswitch: case op::Case: case op::Default:
        indent = std::max(0, indent - 1);
        break;
      default: break;
    }
    std::string text = disassembleInstruction(ins);
    s += std::string(size_t(indent) * 2, ' ') + text + "\n";
    switch (ins.opcode) {
      case op::Else: case op::If: case op::Loop: case op::Switch: case op::Case: case op::Default:
        indent++;
        break;
      default: break;
    }
  }
  return s;
}

std::string disassemble(const Container& container) {
  std::string s = "//\n// Generated by d3d11vk-dxbc\n//\n";
  s += "// Chunks:";
  for (const Chunk& chunk : container.chunks())
    s += " " + fourCCText(chunk.code);
  s += "\n//\n";
  if (const Chunk* rdef = container.find(makeFourCC("RDEF")))
    s += formatReflectionTables(Reflection::parse(*rdef));
  for (const Chunk& chunk : container.chunks())
    if (isSignatureChunk(chunk.code))
      s += formatSignatureTable(Signature::parse(chunk));
  if (const Chunk* sfi0 = container.find(makeFourCC("SFI0")); sfi0 && sfi0->data.size() >= 8) {
    uint64_t flags = 0;
    for (int i = 7; i >= 0; i--)
      flags = flags << 8 | sfi0->data[size_t(i)];
    char buf[64];
    std::snprintf(buf, sizeof(buf), "// Shader feature flags: 0x%llx\n//\n", static_cast<unsigned long long>(flags));
    s += buf;
  }
  const Chunk* code = container.findAny({makeFourCC("SHEX"), makeFourCC("SHDR")});
  if (!code)
    throw Error("the container has no shader code (SHDR or SHEX chunk)");
  Program program = Decoder::decode(*code);
  bool expected = (program.major >= 5) == (code->code == makeFourCC("SHEX"));
  if (!expected)
    s += "// Code chunk: " + fourCCText(code->code) + "\n//\n";
  s += disassembleProgram(program);
  size_t count = 0;
  for (const Instruction& ins : program.instructions) {
    const OpcodeInfo* info = opcodeInfo(ins.opcode);
    if (info && !info->declaration && ins.opcode != op::CustomData)
      count++;
  }
  s += "// Approximately " + std::to_string(count) + " instruction slots used\n";
  return s;
}

}  // namespace dxbc
