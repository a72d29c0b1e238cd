// RDEF chunk parsing and writing.
#include "dxbc/reflection.h"

#include <map>

#include "dxbc/bytes.h"

namespace dxbc {
namespace {

constexpr uint32_t kRD11 = makeFourCC("RD11");

struct Sizes {
  bool sm5 = false;
  size_t binding = 32, variable = 24;
};

// Types nest (struct members); the depth limit keeps a malicious chunk from recursing forever.
ShaderType parseType(const ByteReader& r, uint32_t offset, const Sizes& sizes, int depth) {
  if (depth > 32)
    throw Error("RDEF: types nest too deeply");
  ShaderType t;
  t.varClass = r.u16(offset);
  t.varType = r.u16(offset + 2);
  t.rows = r.u16(offset + 4);
  t.columns = r.u16(offset + 6);
  t.elements = r.u16(offset + 8);
  uint16_t memberCount = r.u16(offset + 10);
  uint32_t memberOffset = r.u32(offset + 12);
  if (sizes.sm5) {
    uint32_t nameOffset = r.u32(offset + 32);
    if (nameOffset)
      t.name = r.string(nameOffset);
  }
  for (uint16_t i = 0; i < memberCount; i++) {
    size_t m = size_t(memberOffset) + 12 * i;
    ShaderType::Member member;
    member.name = r.string(r.u32(m));
    member.type = std::make_shared<ShaderType>(parseType(r, r.u32(m + 4), sizes, depth + 1));
    member.offset = r.u32(m + 8);
    t.members.push_back(std::move(member));
  }
  return t;
}

}  // namespace

Reflection Reflection::parse(const Chunk& chunk) {
  ByteReader r(chunk.data, "RDEF chunk");
  Reflection refl;
  uint32_t cbCount = r.u32(0), cbOffset = r.u32(4);
  uint32_t bindCount = r.u32(8), bindOffset = r.u32(12);
  refl.programVersion = r.u32(16);
  refl.flags = r.u32(20);
  uint32_t creatorOffset = r.u32(24);
  Sizes sizes;
  if (chunk.data.size() >= 60 && r.u32(28) == kRD11) {
    sizes.sm5 = true;
    sizes.binding = r.u32(40);
    sizes.variable = r.u32(44);
    refl.interfaceSlots = r.u32(56);
    if (sizes.binding < 32 || sizes.variable < 24 || sizes.binding > 64 || sizes.variable > 64)
      throw Error("RDEF: unexpected record sizes");
  }
  if (creatorOffset)
    refl.creator = r.string(creatorOffset);
  if (bindCount > chunk.data.size() / sizes.binding || cbCount > chunk.data.size() / 24)
    throw Error("RDEF: counts do not fit in the chunk");
  for (uint32_t i = 0; i < bindCount; i++) {
    size_t p = size_t(bindOffset) + sizes.binding * i;
    r.check(p, sizes.binding);
    ResourceBinding b;
    b.name = r.string(r.u32(p));
    b.type = r.u32(p + 4);
    b.returnType = r.u32(p + 8);
    b.dimension = r.u32(p + 12);
    b.numSamples = r.u32(p + 16);
    b.bindPoint = r.u32(p + 20);
    b.bindCount = r.u32(p + 24);
    b.flags = r.u32(p + 28);
    if (sizes.binding >= 40)
      b.space = r.u32(p + 32), b.id = r.u32(p + 36);
    refl.bindings.push_back(std::move(b));
  }
  for (uint32_t i = 0; i < cbCount; i++) {
    size_t p = size_t(cbOffset) + 24 * i;
    ConstantBuffer cb;
    cb.name = r.string(r.u32(p));
    uint32_t varCount = r.u32(p + 4), varOffset = r.u32(p + 8);
    cb.size = r.u32(p + 12);
    cb.flags = r.u32(p + 16);
    cb.kind = r.u32(p + 20);
    if (varCount > chunk.data.size() / sizes.variable)
      throw Error("RDEF: variable count does not fit in the chunk");
    for (uint32_t v = 0; v < varCount; v++) {
      size_t q = size_t(varOffset) + sizes.variable * v;
      r.check(q, sizes.variable);
      ShaderVariable var;
      var.name = r.string(r.u32(q));
      var.offset = r.u32(q + 4);
      var.size = r.u32(q + 8);
      var.flags = r.u32(q + 12);
      var.type = parseType(r, r.u32(q + 16), sizes, 0);
      cb.variables.push_back(std::move(var));
    }
    refl.constantBuffers.push_back(std::move(cb));
  }
  return refl;
}

namespace {

// Lays out RDEF's pieces: fixed records first, then types and strings, patched by offset.
class RdefWriter {
public:
  explicit RdefWriter(bool sm5, bool sm51) : m_sm5(sm5), m_sm51(sm51) {}

  std::vector<uint8_t> write(const Reflection& refl) {
    size_t header = m_sm5 ? 60 : 28;
    size_t bindingSize = m_sm51 ? 40 : 32, varSize = m_sm5 ? 40 : 24;
    w.bytes.resize(header, 0);
    size_t bindAt = w.size();
    w.bytes.resize(bindAt + bindingSize * refl.bindings.size(), 0);
    size_t cbAt = w.size();
    w.bytes.resize(cbAt + 24 * refl.constantBuffers.size(), 0);
    std::vector<size_t> varAt;
    for (const ConstantBuffer& cb : refl.constantBuffers) {
      varAt.push_back(w.size());
      w.bytes.resize(w.size() + varSize * cb.variables.size(), 0);
    }
    for (size_t c = 0; c < refl.constantBuffers.size(); c++) {
      const ConstantBuffer& cb = refl.constantBuffers[c];
      for (size_t v = 0; v < cb.variables.size(); v++) {
        size_t q = varAt[c] + varSize * v;
        const ShaderVariable& var = cb.variables[v];
        stringAt(q, var.name);
        w.patch32(q + 4, var.offset);
        w.patch32(q + 8, var.size);
        w.patch32(q + 12, var.flags);
        w.patch32(q + 16, writeType(var.type));
        if (m_sm5)
          w.patch32(q + 24, 0xffffffff), w.patch32(q + 32, 0xffffffff);
      }
      size_t p = cbAt + 24 * c;
      stringAt(p, cb.name);
      w.patch32(p + 4, uint32_t(cb.variables.size()));
      w.patch32(p + 8, cb.variables.empty() ? 0 : uint32_t(varAt[c]));
      w.patch32(p + 12, cb.size);
      w.patch32(p + 16, cb.flags);
      w.patch32(p + 20, cb.kind);
    }
    for (size_t i = 0; i < refl.bindings.size(); i++) {
      const ResourceBinding& b = refl.bindings[i];
      size_t p = bindAt + bindingSize * i;
      stringAt(p, b.name);
      uint32_t fields[] = {b.type, b.returnType, b.dimension, b.numSamples, b.bindPoint, b.bindCount, b.flags};
      for (size_t f = 0; f < 7; f++)
        w.patch32(p + 4 + 4 * f, fields[f]);
      if (m_sm51)
        w.patch32(p + 32, b.space), w.patch32(p + 36, b.id);
    }
    w.patch32(0, uint32_t(refl.constantBuffers.size()));
    w.patch32(4, refl.constantBuffers.empty() ? 0 : uint32_t(cbAt));
    w.patch32(8, uint32_t(refl.bindings.size()));
    w.patch32(12, refl.bindings.empty() ? 0 : uint32_t(bindAt));
    w.patch32(16, refl.programVersion);
    w.patch32(20, refl.flags);
    stringAt(24, refl.creator);
    if (m_sm5) {
      uint32_t rd11[] = {kRD11, 60, 24, uint32_t(bindingSize), uint32_t(varSize), 36, 12, refl.interfaceSlots};
      for (size_t f = 0; f < 8; f++)
        w.patch32(28 + 4 * f, rd11[f]);
    }
    // Strings last, each written once.
    for (auto& [offset, text] : m_pendingStrings) {
      auto it = m_strings.find(text);
      if (it == m_strings.end()) {
        it = m_strings.emplace(text, uint32_t(w.size())).first;
        w.string(text);
      }
      w.patch32(offset, it->second);
    }
    w.padAB();
    return std::move(w.bytes);
  }

private:
  void stringAt(size_t offset, const std::string& text) { m_pendingStrings.emplace_back(offset, text); }

  uint32_t writeType(const ShaderType& t) {
    size_t typeSize = m_sm5 ? 36 : 16;
    size_t at = w.size();
    w.bytes.resize(at + typeSize, 0);
    uint16_t fields[] = {t.varClass, t.varType, t.rows, t.columns, t.elements, uint16_t(t.members.size())};
    for (size_t f = 0; f < 6; f++)
      w.bytes[at + 2 * f] = uint8_t(fields[f]), w.bytes[at + 2 * f + 1] = uint8_t(fields[f] >> 8);
    if (m_sm5 && !t.name.empty())
      stringAt(at + 32, t.name);
    if (!t.members.empty()) {
      size_t membersAt = w.size();
      w.bytes.resize(membersAt + 12 * t.members.size(), 0);
      w.patch32(at + 12, uint32_t(membersAt));
      for (size_t m = 0; m < t.members.size(); m++) {
        stringAt(membersAt + 12 * m, t.members[m].name);
        uint32_t typeOffset = t.members[m].type ? writeType(*t.members[m].type) : writeType(ShaderType{});
        w.patch32(membersAt + 12 * m + 4, typeOffset);
        w.patch32(membersAt + 12 * m + 8, t.members[m].offset);
      }
    }
    return uint32_t(at);
  }

  bool m_sm5, m_sm51;
  ByteWriter w;
  std::vector<std::pair<size_t, std::string>> m_pendingStrings;
  std::map<std::string, uint32_t> m_strings;
};

}  // namespace

Chunk Reflection::write() const {
  uint32_t major = (programVersion >> 8) & 0xff, minor = programVersion & 0xff;
  RdefWriter writer(major >= 5, major == 5 && minor >= 1);
  return Chunk{makeFourCC("RDEF"), writer.write(*this)};
}

const char* inputTypeName(uint32_t type) {
  static const char* const names[] = {"cbuffer", "tbuffer", "texture", "sampler", "UAV", "texture",
                                      "UAV", "texture", "UAV", "UAV", "UAV", "UAV", "UAV"};
  return type < std::size(names) ? names[type] : "unknown";
}

const char* returnTypeName(uint32_t type) {
  static const char* const names[] = {"NA", "unorm", "snorm", "sint", "uint", "float", "mixed", "double", "struct"};
  return type < std::size(names) ? names[type] : "unknown";
}

const char* srvDimensionName(uint32_t dim) {
  static const char* const names[] = {"NA", "buf", "1d", "1darray", "2d", "2darray", "2dMS", "2dMSarray",
                                      "3d", "cube", "cubearray", "bufex"};
  return dim < std::size(names) ? names[dim] : "unknown";
}

const char* variableTypeName(const ShaderType& type) {
  static const char* const names[] = {"void", "bool", "int", "float", "string", "texture", "texture1D",
                                      "texture2D", "texture3D", "textureCUBE", "sampler", "sampler1D",
                                      "sampler2D", "sampler3D", "samplerCUBE", "pixelshader", "vertexshader",
                                      "pixelfragment", "vertexfragment", "uint", "uint8", "geometryshader",
                                      "rasterizer", "depthstencil", "blend", "buffer", "cbuffer", "tbuffer",
                                      "texture1DArray", "texture2DArray", "rendertargetview", "depthstencilview",
                                      "texture2DMS", "texture2DMSArray", "textureCUBEArray", "hullshader",
                                      "domainshader", "interface", "computeshader", "double"};
  if (type.varClass == 5)  // struct
    return "struct";
  return type.varType < std::size(names) ? names[type.varType] : "unknown";
}

}  // namespace dxbc
