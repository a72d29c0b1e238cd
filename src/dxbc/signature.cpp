// Signature chunk parsing and writing, and the names of system values and component types.
#include "dxbc/signature.h"

#include <map>

#include "dxbc/bytes.h"

namespace dxbc {

bool isSignatureChunk(FourCC code) {
  for (FourCC c : {makeFourCC("ISGN"), makeFourCC("ISG1"), makeFourCC("OSGN"), makeFourCC("OSG5"),
                   makeFourCC("OSG1"), makeFourCC("PCSG"), makeFourCC("PSG1")})
    if (c == code)
      return true;
  return false;
}

SignatureLayout signatureLayoutOf(FourCC code) {
  if (code == makeFourCC("OSG5"))
    return SignatureLayout::WithStream;
  if (code == makeFourCC("ISG1") || code == makeFourCC("OSG1") || code == makeFourCC("PSG1"))
    return SignatureLayout::WithStreamAndPrecision;
  return SignatureLayout::Basic;
}

static size_t elementSize(SignatureLayout layout) {
  switch (layout) {
    case SignatureLayout::Basic: return 24;
    case SignatureLayout::WithStream: return 28;
    default: return 32;
  }
}

Signature Signature::parse(const Chunk& chunk) {
  Signature sig;
  sig.code = chunk.code;
  sig.layout = signatureLayoutOf(chunk.code);
  std::string what = "signature chunk " + fourCCText(chunk.code);
  ByteReader r(chunk.data, what.c_str());
  uint32_t count = r.u32(0);
  uint32_t first = r.u32(4);
  size_t size = elementSize(sig.layout);
  if (count > chunk.data.size() / size)
    throw Error(what + ": " + std::to_string(count) + " elements do not fit");
  for (uint32_t i = 0; i < count; i++) {
    size_t p = size_t(first) + i * size;
    r.check(p, size);
    SignatureElement e;
    if (sig.layout != SignatureLayout::Basic)
      e.stream = r.u32(p), p += 4;
    e.semanticName = r.string(r.u32(p));
    e.semanticIndex = r.u32(p + 4);
    e.systemValue = r.u32(p + 8);
    e.componentType = r.u32(p + 12);
    e.registerIndex = r.u32(p + 16);
    e.mask = r.u8(p + 20);
    e.rwMask = r.u8(p + 21);
    if (sig.layout == SignatureLayout::WithStreamAndPrecision)
      e.minPrecision = r.u32(p + 24);
    sig.elements.push_back(e);
  }
  return sig;
}

Chunk Signature::write() const {
  ByteWriter w;
  w.u32(uint32_t(elements.size()));
  w.u32(8);
  size_t size = elementSize(layout);
  size_t stringsAt = 8 + size * elements.size();
  std::map<std::string, uint32_t> offsets;
  std::vector<std::string> order;
  size_t next = stringsAt;
  for (const SignatureElement& e : elements)
    if (!offsets.count(e.semanticName)) {
      offsets[e.semanticName] = uint32_t(next);
      order.push_back(e.semanticName);
      next += e.semanticName.size() + 1;
    }
  for (const SignatureElement& e : elements) {
    if (layout != SignatureLayout::Basic)
      w.u32(e.stream);
    w.u32(offsets[e.semanticName]);
    w.u32(e.semanticIndex);
    w.u32(e.systemValue);
    w.u32(e.componentType);
    w.u32(e.registerIndex);
    w.u8(e.mask);
    w.u8(e.rwMask);
    w.u16(0);
    if (layout == SignatureLayout::WithStreamAndPrecision)
      w.u32(e.minPrecision);
  }
  for (const std::string& name : order)
    w.string(name);
  w.padAB();
  return Chunk{code, std::move(w.bytes)};
}

namespace {
struct NamedValue {
  uint32_t value;
  const char* name;
};
constexpr NamedValue kSystemValues[] = {
  {0, "NONE"}, {1, "POS"}, {2, "CLIPDST"}, {3, "CULLDST"}, {4, "RTINDEX"}, {5, "VPINDEX"},
  {6, "VERTID"}, {7, "PRIMID"}, {8, "INSTID"}, {9, "FFACE"}, {10, "SAMPLE"}, {11, "QUADEDGE"},
  {12, "QUADINT"}, {13, "TRIEDGE"}, {14, "TRIINT"}, {15, "LINEDET"}, {16, "LINEDEN"},
  {17, "BARYCEN"}, {18, "SHDRATE"}, {19, "CULLPRIM"}, {64, "TARGET"}, {65, "DEPTH"},
  {66, "COVERAGE"}, {67, "DEPTHGE"}, {68, "DEPTHLE"}, {69, "STENCILREF"}, {70, "INNERCOV"},
};
constexpr NamedValue kComponentTypes[] = {{0, "unknown"}, {1, "uint"}, {2, "int"}, {3, "float"}};
constexpr NamedValue kMinPrecisions[] = {{0, "any"}, {1, "min16f"}, {2, "min2_8f"}, {3, "reserved"},
                                         {4, "min16i"}, {5, "min16u"}};

template <size_t N>
const char* nameOf(const NamedValue (&table)[N], uint32_t value) {
  for (const NamedValue& v : table)
    if (v.value == value)
      return v.name;
  return nullptr;
}
template <size_t N>
std::optional<uint32_t> valueOf(const NamedValue (&table)[N], const std::string& name) {
  for (const NamedValue& v : table)
    if (name == v.name)
      return v.value;
  return std::nullopt;
}
}  // namespace

const char* systemValueName(uint32_t value) { return nameOf(kSystemValues, value); }
std::optional<uint32_t> systemValueFromName(const std::string& name) { return valueOf(kSystemValues, name); }
const char* componentTypeName(uint32_t value) { return nameOf(kComponentTypes, value); }
std::optional<uint32_t> componentTypeFromName(const std::string& name) { return valueOf(kComponentTypes, name); }
const char* minPrecisionName(uint32_t value) { return nameOf(kMinPrecisions, value); }
std::optional<uint32_t> minPrecisionFromName(const std::string& name) { return valueOf(kMinPrecisions, name); }

}  // namespace dxbc
