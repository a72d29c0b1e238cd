// Signature and reflection tables as fxc-style comments, and the reader for them.
#include "dxbc/tables.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "dxbc/error.h"
#include "dxbc/syntax.h"

namespace dxbc {
namespace {

const char* signatureTitle(FourCC code) {
  if (code == makeFourCC("ISGN") || code == makeFourCC("ISG1"))
    return "Input signature";
  if (code == makeFourCC("PCSG") || code == makeFourCC("PSG1"))
    return "Patch Constant signature";
  return "Output signature";
}

bool isBasicCode(FourCC code) {
  return code == makeFourCC("ISGN") || code == makeFourCC("OSGN") || code == makeFourCC("PCSG");
}

std::string maskText(uint8_t mask) {
  if (mask > 0xf) {
    char buf[8];
    std::snprintf(buf, sizeof(buf), "0x%x", mask);
    return buf;
  }
  std::string s;
  for (int i = 0; i < 4; i++)
    s += (mask & (1 << i)) ? "xyzw"[i] : ' ';
  return s;
}

std::string pad(const std::string& s, size_t width, bool left) {
  if (s.size() >= width)
    return s;
  return left ? s + std::string(width - s.size(), ' ') : std::string(width - s.size(), ' ') + s;
}

// Rows laid out under a dashed line; the dashes mark the columns for the reader.
std::string formatTable(const std::vector<std::string>& headers, std::vector<size_t> widths,
                        const std::vector<std::vector<std::string>>& rows) {
  for (const auto& row : rows)
    for (size_t i = 0; i < row.size(); i++)
      widths[i] = std::max(widths[i], row[i].size());
  std::string s = "//";
  for (size_t i = 0; i < headers.size(); i++)
    s += " " + pad(headers[i], widths[i], i == 0);
  s += "\n//";
  for (size_t w : widths)
    s += " " + std::string(w, '-');
  s += "\n";
  for (const auto& row : rows) {
    std::string line = "//";
    for (size_t i = 0; i < row.size(); i++)
      line += " " + pad(row[i], widths[i], i == 0);
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    s += line + "\n";
  }
  return s;
}

const char* const kInputTypes[] = {"cbuffer", "tbuffer", "texture", "sampler", "UAV", "structured",
                                   "rwstructured", "byteaddress", "rwbyteaddress", "append", "consume",
                                   "rwstructured_counter"};
const char* bindPrefix(uint32_t type) {
  switch (type) {
    case 0: return "cb";
    case 3: return "s";
    case 1: case 2: case 5: case 7: return "t";
    default: return "u";
  }
}

std::string typeText(const ShaderType& t) {
  std::string base = variableTypeName(t);
  if (t.varClass == 1 || (t.varClass == 0 && t.columns > 1))
    base += std::to_string(t.columns);
  else if (t.varClass == 2 || t.varClass == 3)
    base += std::to_string(t.rows) + "x" + std::to_string(t.columns);
  return base;
}

}  // namespace

std::string formatSignatureTable(const Signature& sig) {
  std::string s = "// " + std::string(signatureTitle(sig.code));
  if (!isBasicCode(sig.code))
    s += " (" + fourCCText(sig.code) + ")";
  s += ":\n//\n";
  std::vector<std::string> headers = {"Name", "Index", "Mask", "Register", "SysValue", "Format", "Used"};
  std::vector<size_t> widths = {20, 5, 6, 8, 8, 7, 6};
  if (sig.layout != SignatureLayout::Basic)
    headers.push_back("Stream"), widths.push_back(6);
  if (sig.layout == SignatureLayout::WithStreamAndPrecision)
    headers.push_back("MinPrec"), widths.push_back(7);
  std::vector<std::vector<std::string>> rows;
  for (const SignatureElement& e : sig.elements) {
    const char* sv = systemValueName(e.systemValue);
    const char* format = componentTypeName(e.componentType);
    std::vector<std::string> row = {e.semanticName, std::to_string(e.semanticIndex), maskText(e.mask),
                                    std::to_string(e.registerIndex), sv ? sv : std::to_string(e.systemValue),
                                    format ? format : std::to_string(e.componentType), maskText(e.rwMask)};
    if (sig.layout != SignatureLayout::Basic)
      row.push_back(std::to_string(e.stream));
    if (sig.layout == SignatureLayout::WithStreamAndPrecision) {
      const char* p = minPrecisionName(e.minPrecision);
      row.push_back(p ? p : std::to_string(e.minPrecision));
    }
    // Names with spaces would break the columns; the semantic rules of HLSL forbid them anyway.
    rows.push_back(row);
  }
  s += formatTable(headers, widths, rows) + "//\n";
  return s;
}

std::string formatReflectionTables(const Reflection& r) {
  std::string s;
  if (!r.constantBuffers.empty()) {
    s += "// Buffer Definitions:\n//\n";
    for (const ConstantBuffer& cb : r.constantBuffers) {
      static const char* const kinds[] = {"cbuffer", "tbuffer", "interfaces", "Resource bind info for"};
      s += "// " + std::string(cb.kind < 4 ? kinds[cb.kind] : "cbuffer") + " " + cb.name + "\n// {\n//\n";
      for (const ShaderVariable& v : cb.variables) {
        std::string decl = "//   " + typeText(v.type) + " " + v.name;
        if (v.type.elements)
          decl += "[" + std::to_string(v.type.elements) + "]";
        decl += ";";
        char tail[64];
        std::snprintf(tail, sizeof(tail), "// Offset: %4u Size: %5u", v.offset, v.size);
        s += pad(decl, 40, true) + " " + tail + (v.flags & 2 ? "" : " [unused]") + "\n";
      }
      s += "//\n// }\n//\n";
    }
  }
  if (!r.bindings.empty()) {
    s += "// Resource Bindings:\n//\n";
    std::vector<std::vector<std::string>> rows;
    for (const ResourceBinding& b : r.bindings) {
      std::string bind = bindPrefix(b.type) + std::to_string(b.bindPoint);
      if (b.space)
        bind += ",space" + std::to_string(b.space);
      rows.push_back({b.name, b.type < 12 ? kInputTypes[b.type] : std::to_string(b.type),
                      returnTypeName(b.returnType), srvDimensionName(b.dimension), bind,
                      std::to_string(b.bindCount)});
    }
    s += formatTable({"Name", "Type", "Format", "Dim", "HLSL Bind", "Count"}, {30, 10, 7, 11, 14, 6}, rows);
    s += "//\n";
  }
  if (r.interfaceSlots)
    s += "// Interface slots: " + std::to_string(r.interfaceSlots) + "\n//\n";
  return s;
}

// ----- reading ---------------------------------------------------------------------------------

namespace {

struct Column {
  size_t begin, end;
};

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<Column> columnsOf(const std::string& dashes) {
  std::vector<Column> cols;
  size_t i = 0;
  while ((i = dashes.find('-', i)) != std::string::npos) {
    size_t e = dashes.find(' ', i);
    if (e == std::string::npos)
      e = dashes.size();
    cols.push_back({i, e});
    i = e;
  }
  return cols;
}

std::vector<std::string> cells(const std::string& line, const std::vector<Column>& cols) {
  std::vector<std::string> out;
  for (const Column& c : cols)
    out.push_back(c.begin < line.size() ? trim(line.substr(c.begin, c.end - c.begin)) : "");
  return out;
}

uint8_t parseMask(const std::string& text, size_t line) {
  if (text.rfind("0x", 0) == 0)
    if (auto v = syntax::parseNumber(text); v && *v < 256)
      return uint8_t(*v);
  uint8_t mask = 0;
  for (char c : text) {
    const char* letters = "xyzw";
    const char* p = std::strchr(letters, c);
    if (c == ' ')
      continue;
    if (!p || !c)
      throw Error("line " + std::to_string(line) + ": bad component mask '" + text + "'");
    mask |= uint8_t(1 << (p - letters));
  }
  return mask;
}

uint32_t parseCount(const std::string& text, size_t line, const char* what) {
  auto v = syntax::parseNumber(text);
  if (!v || text.find_first_of(".eE") != std::string::npos)
    throw Error("line " + std::to_string(line) + ": bad " + what + " '" + text + "'");
  return *v;
}

template <typename F>
uint32_t namedOrNumber(const std::string& text, F&& lookup, size_t line, const char* what) {
  if (auto v = lookup(text))
    return *v;
  return parseCount(text, line, what);
}

ShaderType typeFromText(const std::string& text) {
  ShaderType t;
  static const std::pair<const char*, uint16_t> bases[] = {{"float", 3}, {"uint", 19}, {"int", 2}, {"bool", 1},
                                                           {"double", 39}};
  for (auto [name, type] : bases) {
    size_t n = std::strlen(name);
    if (text.compare(0, n, name) != 0)
      continue;
    std::string rest = text.substr(n);
    t.varType = type;
    t.rows = t.columns = 1;
    if (rest.empty())
      t.varClass = 0;
    else if (rest.size() == 1 && std::isdigit(uint8_t(rest[0])))
      t.varClass = 1, t.columns = uint16_t(rest[0] - '0');
    else if (rest.size() == 3 && rest[1] == 'x')
      t.varClass = 3, t.rows = uint16_t(rest[0] - '0'), t.columns = uint16_t(rest[2] - '0');
    t.name = text;
    return t;
  }
  t.varClass = 5;  // a struct or a type this reader does not spell out
  t.name = text;
  return t;
}

}  // namespace

CommentTables parseCommentTables(const std::string& text) {
  CommentTables out;
  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      lines.push_back(line);
    }
  }
  auto comment = [&](size_t i) -> std::optional<std::string> {
    const std::string& l = lines[i];
    size_t p = l.find_first_not_of(" \t");
    if (p == std::string::npos || l.compare(p, 2, "//") != 0)
      return std::nullopt;
    return l.substr(p + 2);
  };
  for (size_t i = 0; i < lines.size(); i++) {
    auto c = comment(i);
    if (!c)
      continue;
    std::string body = trim(*c);
    if (body.rfind("Chunks:", 0) == 0) {
      std::istringstream words(body.substr(7));
      std::string w;
      while (words >> w)
        out.chunkOrder.push_back(w);
      continue;
    }
    if (body.rfind("Shader feature flags:", 0) == 0) {
      out.featureFlags = std::strtoull(body.c_str() + 21, nullptr, 0);
      continue;
    }
    if (body.rfind("Interface slots:", 0) == 0) {
      out.hasReflection = true;
      out.reflection.interfaceSlots = uint32_t(std::strtoul(body.c_str() + 16, nullptr, 10));
      continue;
    }
    if (body.rfind("Code chunk:", 0) == 0) {
      out.codeChunk = trim(body.substr(11));
      continue;
    }
    bool isSignature = body.find(" signature") != std::string::npos && body.back() == ':';
    bool isBindings = body == "Resource Bindings:";
    bool isBuffer = body.rfind("cbuffer ", 0) == 0 || body.rfind("tbuffer ", 0) == 0;
    if (isBuffer) {
      out.hasReflection = true;
      ConstantBuffer cb;
      cb.kind = body[0] == 't' ? 1 : 0;
      cb.name = trim(body.substr(8));
      for (i++; i < lines.size(); i++) {
        auto row = comment(i);
        if (!row)
          break;
        std::string r = trim(*row);
        if (r == "}")
          break;
        size_t semi = r.find(';'), off = r.find("Offset:"), size = r.find("Size:");
        if (semi == std::string::npos || off == std::string::npos || size == std::string::npos)
          continue;
        std::istringstream decl(r.substr(0, semi));
        std::string typeName, name;
        decl >> typeName >> name;
        ShaderVariable v;
        v.type = typeFromText(typeName);
        if (size_t b = name.find('['); b != std::string::npos) {
          v.type.elements = uint16_t(std::atoi(name.c_str() + b + 1));
          name = name.substr(0, b);
        }
        v.name = name;
        v.offset = uint32_t(std::strtoul(r.c_str() + off + 7, nullptr, 10));
        v.size = uint32_t(std::strtoul(r.c_str() + size + 5, nullptr, 10));
        v.flags = r.find("[unused]") == std::string::npos ? 2 : 0;
        cb.size = std::max(cb.size, (v.offset + v.size + 15) / 16 * 16);
        cb.variables.push_back(v);
      }
      out.reflection.constantBuffers.push_back(cb);
      continue;
    }
    if (!isSignature && !isBindings)
      continue;
    // Find the dashed line that starts the table.
    size_t dash = i + 1;
    while (dash < lines.size() && comment(dash) && comment(dash)->find("---") == std::string::npos)
      dash++;
    if (dash >= lines.size() || !comment(dash))
      throw Error("line " + std::to_string(i + 1) + ": table without a dashed header line");
    std::vector<Column> cols = columnsOf(*comment(dash));
    std::vector<std::vector<std::string>> rows;
    std::vector<size_t> rowLines;
    for (i = dash + 1; i < lines.size(); i++) {
      auto row = comment(i);
      if (!row || trim(*row).empty())
        break;
      rows.push_back(cells(*row, cols));
      rowLines.push_back(i + 1);
    }
    if (isSignature) {
      Signature sig;
      std::string title = body.substr(0, body.size() - 1);
      size_t paren = title.find('(');
      if (paren != std::string::npos) {
        std::string code = title.substr(paren + 1, 4);
        sig.code = makeFourCC({code[0], code[1], code[2], code[3], 0});
      } else {
        sig.code = title.rfind("Input", 0) == 0 ? makeFourCC("ISGN")
                 : title.rfind("Patch", 0) == 0 ? makeFourCC("PCSG") : makeFourCC("OSGN");
      }
      if (!isSignatureChunk(sig.code))
        throw Error("line " + std::to_string(i) + ": unknown signature chunk in '" + title + "'");
      sig.layout = signatureLayoutOf(sig.code);
      size_t wantColumns = sig.layout == SignatureLayout::Basic ? 7 : sig.layout == SignatureLayout::WithStream ? 8 : 9;
      if (cols.size() != wantColumns)
        throw Error("line " + std::to_string(dash + 1) + ": the " + title + " table needs " +
                    std::to_string(wantColumns) + " columns");
      for (size_t r = 0; r < rows.size(); r++) {
        const auto& row = rows[r];
        size_t line = rowLines[r];
        SignatureElement e;
        e.semanticName = row[0];
        e.semanticIndex = parseCount(row[1], line, "semantic index");
        e.mask = parseMask(row[2], line);
        e.registerIndex = parseCount(row[3], line, "register");
        e.systemValue = namedOrNumber(row[4], systemValueFromName, line, "system value");
        e.componentType = namedOrNumber(row[5], componentTypeFromName, line, "format");
        e.rwMask = parseMask(row[6], line);
        if (wantColumns > 7)
          e.stream = parseCount(row[7], line, "stream");
        if (wantColumns > 8)
          e.minPrecision = namedOrNumber(row[8], minPrecisionFromName, line, "min precision");
        sig.elements.push_back(e);
      }
      out.signatures.push_back(sig);
    } else {
      out.hasReflection = true;
      if (cols.size() != 6)
        throw Error("line " + std::to_string(dash + 1) + ": the resource binding table needs 6 columns");
      for (size_t r = 0; r < rows.size(); r++) {
        const auto& row = rows[r];
        size_t line = rowLines[r];
        ResourceBinding b;
        b.name = row[0];
        auto type = std::find(std::begin(kInputTypes), std::end(kInputTypes), row[1]);
        b.type = type != std::end(kInputTypes) ? uint32_t(type - std::begin(kInputTypes))
                                               : parseCount(row[1], line, "binding type");
        for (uint32_t t = 0; t < 9; t++)
          if (row[2] == returnTypeName(t))
            b.returnType = t;
        for (uint32_t d = 0; d < 12; d++)
          if (row[3] == srvDimensionName(d))
            b.dimension = d;
        std::string bind = row[4];
        size_t comma = bind.find(",space");
        if (comma != std::string::npos)
          b.space = parseCount(bind.substr(comma + 6), line, "space"), bind = bind.substr(0, comma);
        size_t digits = bind.find_first_of("0123456789");
        if (digits == std::string::npos)
          throw Error("line " + std::to_string(line) + ": bad bind point '" + row[4] + "'");
        b.bindPoint = parseCount(bind.substr(digits), line, "bind point");
        b.bindCount = parseCount(row[5], line, "bind count");
        if (b.type == 2 && b.returnType)
          b.numSamples = 0xffffffff, b.flags = 0xc;  // a 4-component texture, as the compiler records it
        out.reflection.bindings.push_back(b);
      }
    }
    if (i < lines.size())
      i--;
  }
  return out;
}

}  // namespace dxbc
