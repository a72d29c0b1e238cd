// Number spelling, operand shapes and mnemonic suffixes shared by the disassembler and assembler.
#include "dxbc/syntax.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "dxbc/error.h"
#include "dxbc/registers.h"

namespace dxbc::syntax {
namespace {

float bitsToFloat(uint32_t v) {
  float f;
  std::memcpy(&f, &v, 4);
  return f;
}
uint32_t floatToBits(float f) {
  uint32_t v;
  std::memcpy(&v, &f, 4);
  return v;
}

std::string hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%08x", v);
  return buf;
}

bool looksLikeFloat(const std::string& s) {
  if (s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    return false;
  return s.find_first_of(".eE") != std::string::npos;
}

// Exact float text: fxc's %f where it is exact, otherwise nine significant digits.
std::optional<std::string> exactFloat(uint32_t v) {
  float f = bitsToFloat(v);
  if (!std::isfinite(f) || (f != 0 && std::fabs(f) < 1.17549435e-38f))
    return std::nullopt;
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%f", double(f));
  if (floatToBits(std::strtof(buf, nullptr)) == v)
    return std::string(buf);
  std::snprintf(buf, sizeof(buf), "%.9g", double(f));
  std::string s = buf;
  if (!looksLikeFloat(s))
    s += ".0";
  if (floatToBits(std::strtof(s.c_str(), nullptr)) == v)
    return s;
  return std::nullopt;
}

const char* const kComponents = "xyzw";

}  // namespace

std::string formatNumber(uint32_t value, char style) {
  switch (style) {
    case 'f':
      if (auto f = exactFloat(value))
        return *f;
      return hex32(value);
    case 'i': return std::to_string(int32_t(value));
    case 'u': return value < 0x10000 ? std::to_string(value) : hex32(value);
    default: {
      // Typeless (mov, movc, immediate constant buffers): a float when it reads as an ordinary one.
      float f = bitsToFloat(value);
      if (value != 0 && std::isfinite(f) && std::fabs(f) >= 1e-6f && std::fabs(f) <= 1e8f)
        if (auto text = exactFloat(value))
          return *text;
      if (int32_t(value) > -0x10000 && int32_t(value) < 0x10000)
        return std::to_string(int32_t(value));
      return hex32(value);
    }
  }
}

std::string formatDouble(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, 8);
  char buf[64];
  if (std::isfinite(d)) {
    for (const char* format : {"%f", "%.17g"}) {
      std::snprintf(buf, sizeof(buf), format, d);
      std::string s = buf;
      if (!looksLikeFloat(s))
        s += ".0";
      double back = std::strtod(s.c_str(), nullptr);
      uint64_t backBits;
      std::memcpy(&backBits, &back, 8);
      if (backBits == bits)
        return s;
    }
  }
  std::snprintf(buf, sizeof(buf), "0x%016llx", static_cast<unsigned long long>(bits));
  return buf;
}

std::optional<uint32_t> parseNumber(const std::string& text) {
  if (text.empty())
    return std::nullopt;
  const char* s = text.c_str();
  char* end = nullptr;
  errno = 0;
  if (looksLikeFloat(text)) {
    float f = std::strtof(s, &end);
    if (*end)
      return std::nullopt;
    return floatToBits(f);
  }
  bool negative = text[0] == '-';
  unsigned long long v = std::strtoull(negative ? s + 1 : s, &end, 0);
  if (*end || errno == ERANGE || end == (negative ? s + 1 : s))
    return std::nullopt;
  if (negative) {
    if (v > 0x80000000ull)
      return std::nullopt;
    return uint32_t(-int64_t(v));
  }
  if (v > 0xffffffffull)
    return std::nullopt;
  return uint32_t(v);
}

std::optional<uint64_t> parseDouble(const std::string& text) {
  if (text.empty())
    return std::nullopt;
  char* end = nullptr;
  errno = 0;
  if (looksLikeFloat(text)) {
    double d = std::strtod(text.c_str(), &end);
    if (*end)
      return std::nullopt;
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    return bits;
  }
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (*end || errno == ERANGE)
    return std::nullopt;
  return uint64_t(v);
}

Shape shapeOf(const Operand& o) { return Shape{o.components, o.selection, o.componentBits}; }

std::string componentLetters(const Shape& shape) {
  std::string s;
  if (shape.components != ComponentCount::Four)
    return s;
  switch (shape.selection) {
    case SelectionMode::Mask:
      for (int i = 0; i < 4; i++)
        if (shape.bits & (1u << i))
          s += kComponents[i];
      break;
    case SelectionMode::Swizzle:
      for (int i = 0; i < 4; i++)
        s += kComponents[(shape.bits >> (2 * i)) & 3];
      break;
    case SelectionMode::Select1: s += kComponents[shape.bits & 3]; break;
    default: break;
  }
  return s;
}

namespace {
// Declarations of constant buffers, and SM 5.1 range declarations, carry a full xyzw swizzle that
// fxc does not write; other declared registers without letters have no components.
Shape defaultShape(uint32_t registerType, const OperandContext& context) {
  if (context.declaration) {
    if (registerType == reg::ConstantBuffer || context.indexDimension == 3)
      return Shape{ComponentCount::Four, SelectionMode::Swizzle, 0xe4};
    // The depth, stencil-reference and coverage registers are declared as one component; the
    // other scalar system registers (vPrim, vForkInstanceID, oMask...) as none.
    for (uint32_t scalar : {12u, 35u, 38u, 39u, 41u, 42u})
      if (registerType == scalar)
        return Shape{ComponentCount::One, SelectionMode::Mask, 0};
    return Shape{ComponentCount::Zero, SelectionMode::Mask, 0};
  }
  uint32_t n = registerDefaultComponents(registerType);
  return Shape{n == 1 ? ComponentCount::One : ComponentCount::Zero, SelectionMode::Mask, 0};
}
}  // namespace

std::string lettersFor(uint32_t registerType, const OperandContext& context, const Shape& shape) {
  if (registerType != reg::Imm32 && registerType != reg::Imm64 && shape == defaultShape(registerType, context))
    return "";
  return componentLetters(shape);
}

std::optional<Shape> shapeFromLetters(uint32_t registerType, const OperandContext& context,
                                      const std::string& letters, size_t immediateCount) {
  bool destination = context.destination;
  if (registerType == reg::Imm32 || registerType == reg::Imm64) {
    if (!letters.empty())
      return std::nullopt;
    return Shape{immediateCount == 4 ? ComponentCount::Four : ComponentCount::One, SelectionMode::Mask, 0};
  }
  if (letters.empty())
    return defaultShape(registerType, context);
  uint32_t index[4];
  for (size_t i = 0; i < letters.size(); i++) {
    const char* p = letters[i] ? std::strchr(kComponents, letters[i]) : nullptr;
    if (!p || i >= 4)
      return std::nullopt;
    index[i] = uint32_t(p - kComponents);
  }
  bool ordered = true;
  for (size_t i = 1; i < letters.size(); i++)
    ordered = ordered && index[i] > index[i - 1];
  if (letters.size() == 1 && !destination)
    return Shape{ComponentCount::Four, SelectionMode::Select1, index[0]};
  if (letters.size() == 4 && !destination) {
    uint32_t bits = 0;
    for (int i = 0; i < 4; i++)
      bits |= index[i] << (2 * i);
    return Shape{ComponentCount::Four, SelectionMode::Swizzle, bits};
  }
  if (!ordered)
    return std::nullopt;
  uint32_t mask = 0;
  for (size_t i = 0; i < letters.size(); i++)
    mask |= 1u << index[i];
  return Shape{ComponentCount::Four, SelectionMode::Mask, mask};
}

// ----- mnemonics -------------------------------------------------------------------------------

namespace {

constexpr uint32_t kSaturate = 1u << 2, kTest = 1u << 7, kPreciseShift = 8;

std::string letterMask(uint32_t mask) {
  std::string s;
  for (int i = 0; i < 4; i++)
    if (mask & (1u << i))
      s += kComponents[i];
  return s;
}

std::string returnTypes(uint32_t token) {
  std::string s = "(";
  for (int i = 0; i < 4; i++) {
    uint32_t t = (token >> (4 * i)) & 0xf;
    const char* name = returnTypeTokenName(t);
    s += name ? std::string(name) : std::to_string(t);
    s += i < 3 ? "," : ")";
  }
  return s;
}

bool isInstructionKind(ControlKind k) {
  return k == ControlKind::Instruction || k == ControlKind::Conditional || k == ControlKind::Resinfo ||
         k == ControlKind::SampleInfo || k == ControlKind::Sync;
}

std::string hexText(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "0x%x", v);
  return buf;
}

}  // namespace

MnemonicText formatMnemonic(const Instruction& ins, const OpcodeInfo& info) {
  MnemonicText out;
  out.mnemonic = info.name;
  uint32_t c = ins.controls;
  uint32_t used = 0;
  std::string suffix;
  auto field = [&](uint32_t shift, uint32_t width) {
    uint32_t mask = ((1u << width) - 1) << shift;
    used |= mask;
    return (c & mask) >> shift;
  };
  auto keyword = [&](uint32_t shift, uint32_t width) {
    uint32_t v = field(shift, width);
    const char* name = controlKeyword(info.control, v);
    return name ? std::string(name) : std::to_string(v);
  };
  switch (info.control) {
    case ControlKind::Resinfo: {
      uint32_t t = field(0, 2);
      if (t == 1)
        suffix += "_rcpFloat";
      else if (t == 2)
        suffix += "_uint";
      else if (t == 3)
        used &= ~3u;
      break;
    }
    case ControlKind::SampleInfo:
      if (field(0, 1))
        suffix += "_uint";
      break;
    case ControlKind::Sync:
      if (field(3, 1)) suffix += "_uglobal";
      if (field(2, 1)) suffix += "_ugroup";
      if (field(1, 1)) suffix += "_g";
      if (field(0, 1)) suffix += "_t";
      break;
    case ControlKind::ResourceDim:
    case ControlKind::UavDim: {
      uint32_t dim = field(0, 5);
      const char* name = resourceDimensionName(dim);
      if (!name) {
        used &= ~0x1fu;
        break;
      }
      suffix += std::string("_") + name;
      if (info.control == ControlKind::ResourceDim) {
        if (uint32_t samples = field(5, 7))
          suffix += "(" + std::to_string(samples) + ")";
      } else {
        if (field(5, 1)) suffix += "_glc";
        if (field(6, 1)) suffix += "_rov";
      }
      break;
    }
    case ControlKind::UavFlags:
      if (field(5, 1)) suffix += "_glc";
      if (field(6, 1)) suffix += "_rov";
      if (field(12, 1)) suffix += "_opc";
      break;
    case ControlKind::Interpolation: out.before = keyword(0, 4); break;
    case ControlKind::SamplerMode: out.after = keyword(0, 4); break;
    case ControlKind::CbAccess: out.after = keyword(0, 1); break;
    case ControlKind::Primitive: out.before = keyword(0, 6); break;
    case ControlKind::Topology: out.before = keyword(0, 7); break;
    case ControlKind::ControlPoints: out.before = std::to_string(field(0, 6)); break;
    case ControlKind::Domain: out.before = keyword(0, 2); break;
    case ControlKind::Partitioning:
    case ControlKind::OutputPrimitive: out.before = keyword(0, 3); break;
    case ControlKind::GlobalFlags:
      for (uint32_t bit = 0; bit < 13; bit++)
        if (c & (1u << bit))
          if (const char* name = globalFlagName(bit)) {
            out.before += (out.before.empty() ? "" : " | ") + std::string(name);
            used |= 1u << bit;
          }
      break;
    default: break;
  }
  if (isInstructionKind(info.control)) {
    if (field(2, 1))
      suffix += "_sat";
    if (info.control == ControlKind::Conditional)
      suffix += field(7, 1) ? "_nz" : "_z";
    if (uint32_t precise = field(kPreciseShift, 4))
      out.annotations += " [precise(" + letterMask(precise) + ")]";
  }
  // Extended opcode tokens, in stored order.
  std::string ext;
  for (uint32_t token : ins.extendedOpcodes) {
    uint32_t t = token & 0x7fffffff;
    uint32_t type = t & 0x3f;
    if (type == 1 && (t & ~0x1ffe3fu) == 0) {
      auto offset = [&](int shift) { return int32_t((t >> shift) & 0xf) << 28 >> 28; };
      ext += "_aoffimmi(" + std::to_string(offset(9)) + "," + std::to_string(offset(13)) + "," +
             std::to_string(offset(17)) + ")";
    } else if (type == 2 && (t & ~0x7fffffu) == 0 && resourceDimensionName((t >> 6) & 0x1f)) {
      uint32_t stride = (t >> 11) & 0xfff;
      ext += std::string("_indexable(") + resourceDimensionName((t >> 6) & 0x1f);
      ext += stride ? ",stride=" + std::to_string(stride) + ")" : ")";
    } else if (type == 3 && (t & ~0x3fffffu) == 0) {
      ext += returnTypes(t >> 6);
    } else {
      out.annotations += " [ext=" + hexText(t) + "]";
    }
  }
  out.mnemonic += ext + suffix;
  if (uint32_t rest = c & ~used)
    out.annotations += " [ctl=" + hexText(rest) + "]";
  return out;
}

namespace {

// Splits "_name(args)" items off the mnemonic's tail.
struct SuffixItem {
  std::string name;   // empty for a bare "(...)" group
  std::string args;   // inside the parentheses, or empty
  bool hasArgs = false;
};

std::vector<SuffixItem> splitSuffixes(const std::string& text) {
  std::vector<SuffixItem> items;
  size_t i = 0;
  while (i < text.size()) {
    SuffixItem item;
    if (text[i] == '_') {
      i++;
      while (i < text.size() && (std::isalnum(uint8_t(text[i]))))
        item.name += text[i++];
      if (item.name.empty())
        throw Error("empty suffix in mnemonic");
    } else if (text[i] != '(') {
      throw Error("unexpected '" + std::string(1, text[i]) + "' in mnemonic");
    }
    if (i < text.size() && text[i] == '(') {
      size_t close = text.find(')', i);
      if (close == std::string::npos)
        throw Error("unclosed '(' in mnemonic");
      item.args = text.substr(i + 1, close - i - 1);
      item.hasArgs = true;
      i = close + 1;
    }
    items.push_back(item);
  }
  return items;
}

std::vector<std::string> splitArgs(const std::string& args) {
  std::vector<std::string> out;
  std::string cur;
  for (char ch : args) {
    if (ch == ',') {
      out.push_back(cur);
      cur.clear();
    } else if (!std::isspace(uint8_t(ch))) {
      cur += ch;
    }
  }
  out.push_back(cur);
  return out;
}

uint32_t parseSmall(const std::string& text, const char* what) {
  auto v = parseNumber(text);
  if (!v)
    throw Error(std::string("bad ") + what + " '" + text + "'");
  return *v;
}

}  // namespace

ParsedMnemonic parseMnemonic(const std::string& word) {
  // The longest opcode name that is a prefix ending at '_' or '(' or the end.
  std::optional<uint32_t> best;
  size_t bestLength = 0;
  for (size_t len = 1; len <= word.size(); len++) {
    if (len < word.size() && word[len] != '_' && word[len] != '(')
      continue;
    if (auto opcode = opcodeFromName(word.substr(0, len)))
      best = opcode, bestLength = len;
  }
  if (!best)
    throw Error("unknown instruction '" + word + "'");
  ParsedMnemonic m;
  m.opcode = *best;
  const OpcodeInfo& info = *opcodeInfo(m.opcode);
  for (const SuffixItem& item : splitSuffixes(word.substr(bestLength))) {
    const std::string& n = item.name;
    if (n.empty()) {
      auto types = splitArgs(item.args);
      if (types.size() != 4)
        throw Error("a return type list needs four entries: (" + item.args + ")");
      uint32_t token = 3;
      for (int i = 0; i < 4; i++) {
        auto t = returnTypeTokenFromName(types[i]);
        token |= (t ? *t : parseSmall(types[i], "return type")) << (6 + 4 * i);
      }
      m.extendedOpcodes.push_back(token);
    } else if (n == "aoffimmi") {
      auto offsets = splitArgs(item.args);
      if (offsets.size() != 3)
        throw Error("_aoffimmi needs three offsets");
      uint32_t token = 1;
      for (int i = 0; i < 3; i++)
        token |= (parseSmall(offsets[i], "offset") & 0xf) << (9 + 4 * i);
      m.extendedOpcodes.push_back(token);
    } else if (n == "indexable") {
      auto args = splitArgs(item.args);
      auto dim = resourceDimensionFromName(args[0]);
      if (!dim)
        throw Error("unknown resource dimension '" + args[0] + "'");
      uint32_t token = 2 | *dim << 6;
      if (args.size() > 1) {
        if (args[1].rfind("stride=", 0) != 0)
          throw Error("expected stride=N in _indexable");
        token |= (parseSmall(args[1].substr(7), "stride") & 0xfff) << 11;
      }
      m.extendedOpcodes.push_back(token);
    } else if (n == "sat") {
      m.controls |= kSaturate;
    } else if (n == "nz" && info.control == ControlKind::Conditional) {
      m.controls |= kTest, m.testSeen = true;
    } else if (n == "z" && info.control == ControlKind::Conditional) {
      m.testSeen = true;
    } else if (n == "uint" && info.control == ControlKind::Resinfo) {
      m.controls |= 2;
    } else if (n == "rcpFloat" && info.control == ControlKind::Resinfo) {
      m.controls |= 1;
    } else if (n == "uint" && info.control == ControlKind::SampleInfo) {
      m.controls |= 1;
    } else if (info.control == ControlKind::Sync && (n == "t" || n == "g" || n == "ugroup" || n == "uglobal")) {
      m.controls |= n == "t" ? 1 : n == "g" ? 2 : n == "ugroup" ? 4 : 8;
    } else if ((info.control == ControlKind::UavDim || info.control == ControlKind::UavFlags) &&
               (n == "glc" || n == "rov" || n == "opc")) {
      m.controls |= n == "glc" ? 1u << 5 : n == "rov" ? 1u << 6 : 1u << 12;
    } else if ((info.control == ControlKind::ResourceDim || info.control == ControlKind::UavDim) &&
               resourceDimensionFromName(n)) {
      m.controls |= *resourceDimensionFromName(n);
      if (item.hasArgs)
        m.controls |= (parseSmall(item.args, "sample count") & 0x7f) << 5;
    } else {
      throw Error("unknown suffix '_" + n + "' on '" + info.name + "'");
    }
  }
  return m;
}

bool applyKeyword(ParsedMnemonic& m, const std::string& word) {
  const OpcodeInfo& info = *opcodeInfo(m.opcode);
  if (info.control == ControlKind::GlobalFlags) {
    if (auto bit = globalFlagBit(word)) {
      m.controls |= 1u << *bit;
      return true;
    }
    return false;
  }
  uint32_t width = 0;
  switch (info.control) {
    case ControlKind::Interpolation:
    case ControlKind::SamplerMode: width = 4; break;
    case ControlKind::CbAccess: width = 1; break;
    case ControlKind::Primitive:
    case ControlKind::ControlPoints: width = 6; break;
    case ControlKind::Topology: width = 7; break;
    case ControlKind::Domain: width = 2; break;
    case ControlKind::Partitioning:
    case ControlKind::OutputPrimitive: width = 3; break;
    default: return false;
  }
  std::optional<uint32_t> v = controlKeywordValue(info.control, word);
  if (!v)
    v = parseNumber(word);
  if (!v || *v >= (1u << width))
    return false;
  m.controls |= *v;
  return true;
}

bool applyAnnotation(ParsedMnemonic& m, const std::string& text) {
  if (text.rfind("ctl=", 0) == 0) {
    auto v = parseNumber(text.substr(4));
    if (!v)
      return false;
    m.controls |= *v;
    return true;
  }
  if (text.rfind("ext=", 0) == 0) {
    auto v = parseNumber(text.substr(4));
    if (!v)
      return false;
    m.extendedOpcodes.push_back(*v);
    return true;
  }
  if (text.rfind("precise(", 0) == 0 && text.back() == ')') {
    for (char ch : text.substr(8, text.size() - 9)) {
      const char* p = std::strchr(kComponents, ch);
      if (!p || !ch)
        return false;
      m.controls |= 1u << (kPreciseShift + uint32_t(p - kComponents));
    }
    return true;
  }
  return false;
}

}  // namespace dxbc::syntax
