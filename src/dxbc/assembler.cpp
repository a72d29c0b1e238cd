// The assembler: statements to instructions, and the container around them.
#include "dxbc/assembler.h"

#include <cctype>
#include <cstring>
#include <sstream>

#include "dxbc/asm_lexer.h"
#include "dxbc/encoder.h"
#include "dxbc/error.h"
#include "dxbc/opcodes.h"
#include "dxbc/registers.h"
#include "dxbc/syntax.h"
#include "dxbc/tables.h"

namespace dxbc {
namespace {

using assembly::Token;
using assembly::TokenStream;

constexpr int kMaxNesting = 4;

const char* const kCustomDataNames[] = {"dcl_comment", "dcl_debuginfo", "dcl_opaque", "dcl_immediateConstantBuffer",
                                        "dcl_shader_message", "dcl_clip_plane_constant_mappings"};

uint32_t number(TokenStream& ts, const std::string& text) {
  auto v = syntax::parseNumber(text);
  if (!v)
    ts.fail("bad number '" + text + "'");
  return *v;
}

// "{name}" or "{name=value}" after an operand.
std::string annotation(TokenStream& ts) {
  std::string s;
  while (!ts.atEnd() && !(ts.peek().kind == Token::Punct && ts.peek().text == "}"))
    s += ts.next().text;
  ts.expect("}");
  return s;
}

Operand parseOperand(TokenStream& ts, bool destination, int depth, bool declaration = false);

OperandIndex parseIndex(TokenStream& ts, int depth) {
  OperandIndex index;
  if (ts.peek().kind == Token::Number) {
    std::string text = ts.next().text;
    bool wide = text.size() > 3 && text.compare(text.size() - 3, 3, "i64") == 0;
    if (wide) {
      text.resize(text.size() - 3);
      index.representation = IndexRepresentation::Imm64;
      index.immediate = std::strtoull(text.c_str(), nullptr, 10);
    } else {
      index.immediate = number(ts, text);
    }
    return index;
  }
  index.relative = std::make_shared<Operand>(parseOperand(ts, false, depth + 1));
  index.representation = IndexRepresentation::Relative;
  if (ts.accept("+")) {
    OperandIndex offset = parseIndex(ts, depth);
    if (offset.relative)
      ts.fail("an index is a register plus a number");
    index.immediate = offset.immediate;
    index.representation = offset.representation == IndexRepresentation::Imm64 ? IndexRepresentation::Imm64PlusRelative
                                                                                : IndexRepresentation::Imm32PlusRelative;
  }
  return index;
}

Operand parseOperand(TokenStream& ts, bool destination, int depth, bool declaration) {
  if (depth > kMaxNesting)
    ts.fail("indices nest too deeply");
  Operand o;
  uint32_t modifier = 0;
  if (ts.accept("-"))
    modifier |= 1;
  bool abs = ts.accept("|");
  if (abs)
    modifier |= 2;
  std::string word = ts.expectWord();
  if ((word == "l" || word == "d") && ts.accept("(")) {
    o.type = word == "l" ? reg::Imm32 : reg::Imm64;
    do {
      std::string text = ts.expectNumber();
      if (o.type == reg::Imm32) {
        o.immediates.push_back(number(ts, text));
      } else {
        auto bits = syntax::parseDouble(text);
        if (!bits)
          ts.fail("bad double '" + text + "'");
        o.immediates.push_back(uint32_t(*bits));
        o.immediates.push_back(uint32_t(*bits >> 32));
      }
    } while (ts.accept(","));
    ts.expect(")");
    size_t values = o.type == reg::Imm32 ? o.immediates.size() : o.immediates.size() / 2;
    if (values != 1 && (o.type == reg::Imm32 ? values != 4 : values != 2))
      ts.fail("an immediate has 1 or " + std::string(o.type == reg::Imm32 ? "4" : "2") + " values");
  } else {
    size_t digits = word.size();
    while (digits > 0 && std::isdigit(uint8_t(word[digits - 1])))
      digits--;
    auto type = registerFromName(word.substr(0, digits));
    if (!type)
      ts.fail("unknown register '" + word + "'");
    // "l" and "d" name the immediate types too; without "(values)" they would encode an
    // immediate with no value tokens, which no decoder reads back (a fuzz finding).
    if (*type == reg::Imm32 || *type == reg::Imm64)
      ts.fail("the immediate '" + word + "' needs its values in parentheses, as in l(1.0)");
    o.type = *type;
    if (digits < word.size()) {
      if (!registerIndexInline(o.type))
        ts.fail("'" + word.substr(0, digits) + "' takes its index in brackets");
      o.index[0].immediate = std::strtoull(word.c_str() + digits, nullptr, 10);
      o.indexDimension = 1;
    }
    while (ts.accept("[")) {
      if (o.indexDimension >= 3)
        ts.fail("an operand has at most three indices");
      o.index[o.indexDimension++] = parseIndex(ts, depth);
      ts.expect("]");
    }
  }
  std::string letters;
  if (ts.accept("."))
    letters = ts.expectWord();
  if (abs)
    ts.expect("|");
  syntax::OperandContext context{destination, declaration, o.indexDimension};
  std::optional<syntax::Shape> shape = syntax::shapeFromLetters(o.type, context, letters, o.immediates.size());
  uint32_t precision = 0;
  bool nonUniform = false, emptyExt = false;
  while (ts.accept("{")) {
    std::string note = annotation(ts);
    if (note.rfind("shape=", 0) == 0) {
      uint32_t v = number(ts, note.substr(6));
      shape = syntax::Shape{ComponentCount(v & 3), SelectionMode((v >> 2) & 3), (v >> 4) & 0xff};
    } else if (note.rfind("ext=", 0) == 0) {
      o.extended.push_back(number(ts, note.substr(4)));
    } else if (note == "nonuniform") {
      nonUniform = true;
    } else if (note == "ext") {
      emptyExt = true;
    } else if (auto p = minPrecisionFromName(note)) {
      precision = *p;
    } else if (note.rfind("precision=", 0) == 0) {
      precision = number(ts, note.substr(10));
    } else {
      ts.fail("unknown operand annotation '{" + note + "}'");
    }
  }
  if (!shape)
    ts.fail("'." + letters + "' is not a valid component selection here");
  o.components = shape->components;
  o.selection = shape->selection;
  o.componentBits = shape->bits;
  if (modifier || precision || nonUniform || emptyExt)
    o.extended.insert(o.extended.begin(), 1u | modifier << 6 | precision << 14 | uint32_t(nonUniform) << 17);
  return o;
}

std::vector<uint32_t> parseCustomData(TokenStream& ts) {
  std::vector<uint32_t> data;
  ts.expect("{");
  while (ts.accept("{")) {
    if (!ts.accept("}")) {
      do
        data.push_back(number(ts, ts.expectNumber()));
      while (ts.accept(","));
      ts.expect("}");
    }
    if (!ts.accept(","))
      break;
  }
  ts.expect("}");
  return data;
}

uint32_t parseReturnType(TokenStream& ts) {
  ts.expect("(");
  uint32_t token = 0;
  for (int i = 0; i < 4; i++) {
    if (i)
      ts.expect(",");
    std::string word = ts.peek().kind == Token::Number ? ts.next().text : ts.expectWord();
    auto t = returnTypeTokenFromName(word);
    token |= (t ? *t : number(ts, word)) << (4 * i);
  }
  ts.expect(")");
  if (ts.accept("{")) {
    std::string note = annotation(ts);
    if (note.rfind("rt=", 0) != 0)
      ts.fail("unknown return type annotation");
    token = number(ts, note.substr(3));
  }
  return token;
}

// fxc's spelling of class linkage: "dcl_function_body fb#", "dcl_function_table ft# = {fb#, ...}",
// "dcl_interface[_dynamicindexed] fp#[array size][call sites] = {ft#, ...}" and
// "fcall fp#[index][call site]". The token form (numbers) is parsed by the generic path.
bool parseClassLinkage(const std::string& mnemonic, TokenStream& ts, Instruction& ins) {
  auto prefixed = [&](const char* prefix) {
    const Token& t = ts.peek();
    size_t n = std::strlen(prefix);
    return t.kind == Token::Word && t.text.size() > n && t.text.compare(0, n, prefix) == 0 &&
           t.text.find_first_not_of("0123456789", n) == std::string::npos;
  };
  auto id = [&](const char* prefix) -> uint32_t {
    if (!prefixed(prefix))
      ts.fail(std::string("expected ") + prefix + "#");
    return number(ts, ts.next().text.substr(std::strlen(prefix)));
  };
  auto list = [&](const char* prefix) {
    std::vector<uint32_t> ids;
    ts.expect("=");
    ts.expect("{");
    if (!ts.accept("}")) {
      do
        ids.push_back(id(prefix));
      while (ts.accept(","));
      ts.expect("}");
    }
    return ids;
  };
  auto bracketed = [&]() {
    ts.expect("[");
    uint32_t v = number(ts, ts.expectNumber());
    ts.expect("]");
    return v;
  };
  if (mnemonic == "dcl_function_body" && prefixed("fb")) {
    ins.opcode = op::DclFunctionBody;
    ins.extra = {id("fb")};
  } else if (mnemonic == "dcl_function_table" && prefixed("ft")) {
    ins.opcode = op::DclFunctionTable;
    uint32_t table = id("ft");
    std::vector<uint32_t> bodies = list("fb");
    ins.extra = {table, uint32_t(bodies.size())};
    ins.extra.insert(ins.extra.end(), bodies.begin(), bodies.end());
  } else if ((mnemonic == "dcl_interface" || mnemonic == "dcl_interface_dynamicindexed") && prefixed("fp")) {
    ins.opcode = op::DclInterface;
    ins.controls = mnemonic == "dcl_interface_dynamicindexed" ? 1 : 0;
    uint32_t first = id("fp");
    uint32_t arraySize = bracketed(), callSites = bracketed();
    std::vector<uint32_t> tables = list("ft");
    if (arraySize > 0xffff || tables.size() > 0xffff)
      ts.fail("interface array size or table count past 65535");
    ins.extra = {first, callSites, arraySize << 16 | uint32_t(tables.size())};
    ins.extra.insert(ins.extra.end(), tables.begin(), tables.end());
  } else if (mnemonic == "fcall" && prefixed("fp")) {
    ins.opcode = op::InterfaceCall;
    Operand fp = parseOperand(ts, false, 0);
    if (fp.indexDimension != 3 || fp.index[2].representation != IndexRepresentation::Imm32)
      ts.fail("expected fcall fp#[index][call site]");
    ins.extra = {uint32_t(fp.index[2].immediate)};
    fp.index[2] = OperandIndex{};
    fp.indexDimension = 2;
    ins.operands.push_back(std::move(fp));
  } else {
    return false;
  }
  if (!ts.atEnd())
    ts.fail("unexpected '" + ts.peek().text + "' after the operands");
  return true;
}

Instruction parseStatement(const std::string& mnemonic, TokenStream& ts) {
  Instruction ins;
  if (parseClassLinkage(mnemonic, ts, ins))
    return ins;
  for (uint32_t c = 0; c < 6; c++)
    if (mnemonic == kCustomDataNames[c])
      ins.opcode = op::CustomData, ins.customClass = c;
  if (mnemonic.rfind("dcl_customdata_", 0) == 0)
    ins.opcode = op::CustomData, ins.customClass = uint32_t(std::strtoul(mnemonic.c_str() + 15, nullptr, 10));
  if (ins.opcode == op::CustomData) {
    ins.customData = parseCustomData(ts);
    return ins;
  }
  syntax::ParsedMnemonic m;
  try {
    m = syntax::parseMnemonic(mnemonic);
  } catch (const Error& e) {
    ts.fail(e.what());
  }
  const OpcodeInfo& info = *opcodeInfo(m.opcode);
  while (ts.accept("[")) {
    std::string text;
    while (!ts.atEnd() && !(ts.peek().kind == Token::Punct && ts.peek().text == "]"))
      text += ts.next().text;
    ts.expect("]");
    if (!syntax::applyAnnotation(m, text))
      ts.fail("unknown annotation '[" + text + "]'");
  }
  bool keywordBefore = info.control == ControlKind::Interpolation || info.control == ControlKind::Primitive ||
                       info.control == ControlKind::Topology || info.control == ControlKind::ControlPoints ||
                       info.control == ControlKind::Domain || info.control == ControlKind::Partitioning ||
                       info.control == ControlKind::OutputPrimitive;
  if (keywordBefore) {
    std::string word = ts.peek().kind == Token::Number ? ts.next().text : ts.expectWord();
    if (!syntax::applyKeyword(m, word))
      ts.fail("'" + word + "' is not a valid mode for '" + info.name + "'");
  }
  if (info.control == ControlKind::GlobalFlags && !ts.atEnd()) {
    do {
      std::string word = ts.expectWord();
      if (!syntax::applyKeyword(m, word))
        ts.fail("unknown global flag '" + word + "'");
    } while (ts.accept("|"));
  }
  ins.opcode = m.opcode;
  ins.controls = m.controls;
  ins.extendedOpcodes = m.extendedOpcodes;
  const char* layout = info.layout;
  bool first = true;
  auto separator = [&]() {
    if (!first)
      ts.expect(",");
    first = false;
  };
  if (!layout || std::string(layout) == "NO") {
    if (layout) {
      separator();
      ins.extra.push_back(number(ts, ts.expectNumber()));
    }
    while (!ts.atEnd()) {
      separator();
      ins.operands.push_back(parseOperand(ts, ins.operands.size() < info.numDst, 0));
    }
  } else {
    std::string items = layout;
    size_t bar = items.find('|');
    if (items.find('R') != std::string::npos)
      ins.extra.push_back(0);  // placeholder: the return type goes where the layout puts it
    uint32_t returnType = 0;
    if (items.find('R') != std::string::npos)
      returnType = parseReturnType(ts);
    ins.extra.clear();
    for (size_t i = 0; i < items.size(); i++) {
      char item = items[i];
      if (item == '|')
        continue;
      if (item == 'R') {
        ins.extra.push_back(returnType);
        continue;
      }
      if (bar != std::string::npos && i > bar) {
        // Optional (SM 5.1) items are there when a number or "space=" follows.
        bool present = ts.peek().kind == Token::Punct && ts.peek().text == "," &&
                       (ts.peek(1).kind == Token::Number || ts.peek(1).text == "space");
        if (!present)
          break;
      }
      switch (item) {
        case 'O': separator(); ins.operands.push_back(parseOperand(ts, true, 0, true)); break;
        case 'N': separator(); ins.extra.push_back(number(ts, ts.expectNumber())); break;
        case 'F': {
          separator();
          if (ts.expectWord() != "l")
            ts.fail("expected l(value)");
          ts.expect("(");
          ins.extra.push_back(number(ts, ts.expectNumber()));
          ts.expect(")");
          break;
        }
        case 'S': {
          separator();
          std::string word = ts.peek().kind == Token::Number ? ts.next().text : ts.expectWord();
          auto v = systemValueTokenFromName(word);
          ins.extra.push_back(v ? *v : number(ts, word));
          break;
        }
        case 'P':
          separator();
          if (ts.expectWord() != "space")
            ts.fail("expected space=N");
          ts.expect("=");
          ins.extra.push_back(number(ts, ts.expectNumber()));
          break;
        case 'X': {
          separator();
          std::string word = ts.expectWord();
          if (word.size() < 2 || word[0] != 'x')
            ts.fail("expected xN[size], components");
          ins.extra.push_back(number(ts, word.substr(1)));
          ts.expect("[");
          ins.extra.push_back(number(ts, ts.expectNumber()));
          ts.expect("]");
          ts.expect(",");
          ins.extra.push_back(number(ts, ts.expectNumber()));
          break;
        }
        case '*':
          while (!ts.atEnd()) {
            separator();
            ins.extra.push_back(number(ts, ts.expectNumber()));
          }
          break;
        default: break;
      }
    }
    if (info.control == ControlKind::SamplerMode || info.control == ControlKind::CbAccess) {
      separator();
      std::string word = ts.expectWord();
      if (!syntax::applyKeyword(m, word))
        ts.fail("'" + word + "' is not a valid mode for '" + info.name + "'");
      ins.controls = m.controls;
    }
  }
  if (!ts.atEnd())
    ts.fail("unexpected '" + ts.peek().text + "' after the operands");
  return ins;
}

bool parseProfile(const std::string& word, Program& program) {
  static const char* const prefixes[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
  if (word.size() != 6 || word[2] != '_' || word[4] != '_' || !std::isdigit(uint8_t(word[3])) ||
      !std::isdigit(uint8_t(word[5])))
    return false;
  for (uint32_t t = 0; t < 6; t++)
    if (word.compare(0, 2, prefixes[t]) == 0) {
      program.type = ProgramType(t);
      program.major = uint32_t(word[3] - '0');
      program.minor = uint32_t(word[5] - '0');
      program.versionToken = t << 16 | program.major << 4 | program.minor;
      return true;
    }
  return false;
}

}  // namespace

Program assembleProgram(const std::string& text) {
  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      size_t comment = line.find("//");
      if (comment != std::string::npos) {
        // "// version token 0x..." overrides the profile's version token.
        lines.push_back(line.substr(0, comment) + (line.find("// version token ", comment) == comment ? line.substr(comment) : ""));
      } else {
        lines.push_back(line);
      }
    }
  }
  Program program;
  bool haveProfile = false;
  for (size_t i = 0; i < lines.size(); i++) {
    std::string line = lines[i];
    size_t lineNumber = i + 1;
    if (line.rfind("// version token ", 0) == 0) {
      auto v = syntax::parseNumber(line.substr(17));
      if (!v)
        throw Error("line " + std::to_string(lineNumber) + ": bad version token");
      program.versionToken = *v;
      continue;
    }
    size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos)
      continue;
    // The mnemonic runs to the first blank outside parentheses.
    size_t e = b;
    int depth = 0;
    while (e < line.size() && (depth > 0 || !std::isspace(uint8_t(line[e])))) {
      if (line[e] == '(')
        depth++;
      else if (line[e] == ')')
        depth--;
      e++;
    }
    std::string mnemonic = line.substr(b, e - b);
    std::string rest = line.substr(e);
    if (!haveProfile) {
      if (!parseProfile(mnemonic, program))
        throw Error("line " + std::to_string(lineNumber) + ": expected a profile such as ps_5_0, found '" + mnemonic + "'");
      haveProfile = true;
      continue;
    }
    // Custom data blocks continue over lines until their braces close.
    auto balance = [](const std::string& s) {
      int n = 0;
      for (char c : s)
        n += c == '{' ? 1 : c == '}' ? -1 : 0;
      return n;
    };
    if (mnemonic.rfind("dcl_", 0) == 0 && rest.find('{') != std::string::npos)
      while (balance(rest) > 0 && i + 1 < lines.size())
        rest += " " + lines[++i];
    TokenStream ts(assembly::lex(rest, lineNumber), lineNumber);
    Instruction ins = parseStatement(mnemonic, ts);
    try {
      encodeInstruction(ins);  // catches what only the encoder can see (length limits)
    } catch (const Error& err) {
      throw Error("line " + std::to_string(lineNumber) + ": " + err.what());
    }
    program.instructions.push_back(std::move(ins));
  }
  if (!haveProfile)
    throw Error("no shader profile line (such as ps_5_0) in the assembly");
  // DXBC code exists for shader models 4.0, 4.1, 5.0 and 5.1 only; the decoder refuses any other
  // version, so the assembler must not write one (the fuzz target found "gs_2_0" going through).
  if (program.major < 4 || program.major > 5 || program.minor > 1)
    throw Error("shader model " + std::to_string(program.major) + "." + std::to_string(program.minor) +
                " has no DXBC code (4.0, 4.1, 5.0 and 5.1 do)");
  // A "// version token" line may carry bits beyond the profile, never a different profile.
  const uint32_t type = program.versionToken >> 16, major = (program.versionToken >> 4) & 0xf,
                 minor = program.versionToken & 0xf;
  if (type != uint32_t(program.type) || major != program.major || minor != program.minor)
    throw Error("the version token does not match the profile " + program.profileName());
  return program;
}

Container assemble(const std::string& text) {
  Program program = assembleProgram(text);
  CommentTables tables = parseCommentTables(text);
  FourCC codeChunk = program.major >= 5 ? makeFourCC("SHEX") : makeFourCC("SHDR");
  if (tables.codeChunk == "SHDR" || tables.codeChunk == "SHEX")
    codeChunk = tables.codeChunk == "SHDR" ? makeFourCC("SHDR") : makeFourCC("SHEX");
  std::vector<Chunk> chunks;
  if (tables.hasReflection) {
    static const uint32_t kRdefTypes[] = {0xffff, 0xfffe, 0x4753, 0x4853, 0x4453, 0x4353};
    tables.reflection.programVersion = kRdefTypes[uint32_t(program.type)] << 16 | program.major << 8 | program.minor;
    tables.reflection.creator = "d3d11vk-dxbc";
    chunks.push_back(tables.reflection.write());
  }
  for (const Signature& sig : tables.signatures)
    chunks.push_back(sig.write());
  chunks.push_back(encodeProgramChunk(program, codeChunk));
  if (tables.featureFlags) {
    Chunk sfi0{makeFourCC("SFI0"), std::vector<uint8_t>(8, 0)};
    for (int i = 0; i < 8; i++)
      sfi0.data[i] = uint8_t(*tables.featureFlags >> (8 * i));
    chunks.push_back(sfi0);
  }
  // The order of "// Chunks:" when the text has it.
  Container container;
  if (!tables.chunkOrder.empty()) {
    for (const std::string& name : tables.chunkOrder)
      for (auto it = chunks.begin(); it != chunks.end(); ++it)
        if (fourCCText(it->code) == name) {
          container.chunks().push_back(std::move(*it));
          chunks.erase(it);
          break;
        }
  }
  for (Chunk& chunk : chunks)
    container.chunks().push_back(std::move(chunk));
  return container;
}

}  // namespace dxbc
