// MD5, the DXBC checksum, container reading and writing, signatures and RDEF.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "corpus.h"
#include "dxbc/container.h"
#include "dxbc/error.h"
#include "dxbc/md5.h"
#include "dxbc/reflection.h"
#include "dxbc/signature.h"
#include "dxbc/tables.h"

using namespace dxbc;

namespace {
std::string hex(const Digest& d) {
  std::string s;
  char buf[3];
  for (uint8_t b : d)
    std::snprintf(buf, sizeof(buf), "%02x", b), s += buf;
  return s;
}
Digest md5Of(const std::string& text) { return md5(reinterpret_cast<const uint8_t*>(text.data()), text.size()); }
}  // namespace

TEST_CASE("MD5 matches the RFC 1321 test suite", "[dxbc][md5]") {
  CHECK(hex(md5Of("")) == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(hex(md5Of("a")) == "0cc175b9c0f1b6a831c399e269772661");
  CHECK(hex(md5Of("abc")) == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(hex(md5Of("message digest")) == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(hex(md5Of("abcdefghijklmnopqrstuvwxyz")) == "c3fcd3d76192e4007dfb496cca67e13b");
  CHECK(hex(md5Of("12345678901234567890123456789012345678901234567890123456789012345678901234567890")) ==
        "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("a container we write reads back with the same chunks and a valid checksum", "[dxbc][container]") {
  Container c;
  c.chunks().push_back(Chunk{makeFourCC("ABCD"), {1, 2, 3, 4, 5}});
  c.chunks().push_back(Chunk{makeFourCC("SHEX"), std::vector<uint8_t>(60, 7)});
  std::vector<uint8_t> bytes = c.write();
  REQUIRE(bytes.size() == 32 + 8 + 8 + 5 + 8 + 60);
  CHECK(std::memcmp(bytes.data(), "DXBC", 4) == 0);
  CHECK(bytes[20] == 1);   // version
  CHECK(bytes[24] == bytes.size());
  CHECK(bytes[28] == 2);   // chunk count
  CHECK(bytes[32] == 40);  // first chunk offset
  Container back = Container::parse(bytes);
  REQUIRE(back.chunks().size() == 2);
  CHECK(back.chunks()[0].data == std::vector<uint8_t>{1, 2, 3, 4, 5});
  CHECK(fourCCText(back.chunks()[1].code) == "SHEX");
  CHECK(back.find(makeFourCC("SHEX")) == &back.chunks()[1]);
  CHECK(back.find(makeFourCC("RDEF")) == nullptr);

  // One flipped bit anywhere past the checksum breaks the checksum.
  for (size_t i = 20; i < bytes.size(); i += 7) {
    std::vector<uint8_t> corrupt = bytes;
    corrupt[i] ^= 0x10;
    CHECK_THROWS_AS(Container::parse(corrupt), Error);
  }
}

TEST_CASE("the checksum covers both tail layouts of the last MD5 block", "[dxbc][container]") {
  // Sizes after byte 20 whose remainder mod 64 is below and at/above 56 take different paths.
  for (size_t payload : {0u, 1u, 43u, 44u, 45u, 52u, 100u, 107u, 108u, 109u}) {
    Container c;
    c.chunks().push_back(Chunk{makeFourCC("TEST"), std::vector<uint8_t>(payload, 0x5a)});
    std::vector<uint8_t> bytes = c.write();
    CHECK_NOTHROW(Container::parse(bytes));
  }
}

TEST_CASE("malformed containers give a clean error", "[dxbc][container]") {
  std::vector<uint8_t> tooShort = {'D', 'X', 'B', 'C', 0, 0};
  CHECK_THROWS_WITH(Container::parse(tooShort), Catch::Contains("shorter"));
  std::vector<uint8_t> text(64, 'x');
  CHECK_THROWS_WITH(Container::parse(text), Catch::Contains("does not start with 'DXBC'"));

  Container c;
  c.chunks().push_back(Chunk{makeFourCC("TEST"), std::vector<uint8_t>(16, 1)});
  std::vector<uint8_t> bytes = c.write();
  std::vector<uint8_t> truncated(bytes.begin(), bytes.end() - 4);
  CHECK_THROWS_WITH(Container::parse(truncated, false), Catch::Contains("header says"));
  std::vector<uint8_t> badOffset = bytes;
  badOffset[32] = 0xf0;  // chunk offset past the end
  CHECK_THROWS_WITH(Container::parse(badOffset, false), Catch::Contains("outside the container"));
  std::vector<uint8_t> badSize = bytes;
  badSize[36 + 4] = 0xff;  // chunk size past the end
  CHECK_THROWS_WITH(Container::parse(badSize, false), Catch::Contains("runs past the end"));
}

TEST_CASE("every corpus blob parses, verifies its checksum and writes back byte-identically", "[dxbc][corpus]") {
  if (!dxbc_test::corpusPresent()) {
    WARN("skipped: " << dxbc_test::corpusDir() << " is absent (a fresh clone has no ../shared)");
    return;
  }
  auto files = dxbc_test::corpusFiles();
  REQUIRE(files.size() == 303);
  size_t verified = 0;
  for (const std::string& file : files) {
    INFO(file);
    std::vector<uint8_t> bytes = readFile(file);
    Container c = Container::parse(bytes);  // verifies the checksum
    CHECK(c.write() == bytes);
    verified++;
  }
  CHECK(verified == 303);
}

TEST_CASE("corpus signatures decode to known elements and re-encode byte-identically", "[dxbc][corpus]") {
  if (!dxbc_test::corpusPresent()) {
    WARN("skipped: " << dxbc_test::corpusDir() << " is absent");
    return;
  }
  // s002 is a vs_4_0 with POSITION, COLOR0/1 and SV_InstanceID in, SV_Position and two COLORs out.
  Container c = Container::parse(readFile(dxbc_test::corpusFile("s002.dxbc")));
  const Chunk* isgn = c.find(makeFourCC("ISGN"));
  REQUIRE(isgn);
  Signature in = Signature::parse(*isgn);
  REQUIRE(in.elements.size() == 4);
  CHECK(in.elements[0].semanticName == "POSITION");
  CHECK(in.elements[0].mask == 0xf);
  CHECK(in.elements[0].componentType == 3);
  CHECK(in.elements[2].semanticName == "COLOR");
  CHECK(in.elements[2].semanticIndex == 1);
  CHECK(in.elements[2].registerIndex == 2);
  CHECK(in.elements[3].semanticName == "SV_INSTANCEID");
  CHECK(in.elements[3].systemValue == 8);
  CHECK(std::string(systemValueName(in.elements[3].systemValue)) == "INSTID");
  CHECK(in.elements[3].componentType == 1);
  Signature out = Signature::parse(*c.find(makeFourCC("OSGN")));
  REQUIRE(out.elements.size() == 3);
  CHECK(out.elements[0].systemValue == 1);
  CHECK(out.elements[2].mask == 0xc);
  CHECK(out.elements[2].rwMask == 0x3);

  size_t total = 0;
  for (const std::string& file : dxbc_test::corpusFiles()) {
    Container blob = Container::parse(readFile(file));
    for (const Chunk& chunk : blob.chunks())
      if (isSignatureChunk(chunk.code)) {
        INFO(file << " " << fourCCText(chunk.code));
        CHECK(Signature::parse(chunk).write().data == chunk.data);
        total++;
      }
  }
  CHECK(total == 635);
}

TEST_CASE("signature chunks with stream and precision layouts round-trip", "[dxbc][signature]") {
  Signature sig;
  sig.code = makeFourCC("OSG1");
  sig.layout = signatureLayoutOf(sig.code);
  sig.elements.push_back({1, "SV_Position", 0, 1, 3, 0, 0xf, 0, 0});
  sig.elements.push_back({1, "TEXCOORD", 3, 0, 3, 1, 0x3, 0xc, 1});
  Chunk chunk = sig.write();
  CHECK(chunk.data.size() % 4 == 0);
  CHECK(chunk.data.size() == 8 + 2 * 32 + 12 + 9 + 3);  // names, then 0xAB padding
  Signature back = Signature::parse(chunk);
  REQUIRE(back.elements.size() == 2);
  CHECK(back.elements[1].stream == 1);
  CHECK(back.elements[1].minPrecision == 1);
  CHECK(back.elements[1].semanticIndex == 3);
  CHECK(back.write().data == chunk.data);

  Chunk broken = chunk;
  broken.data[8 + 4] = 0xff;  // name offset far outside the chunk
  CHECK_THROWS_AS(Signature::parse(broken), Error);
}

TEST_CASE("RDEF written by the layer parses back with its buffers, variables and bindings", "[dxbc][rdef]") {
  for (uint32_t version : {0xffff0400u, 0xffff0500u, 0xffff0501u}) {
    Reflection r;
    r.programVersion = version;
    r.creator = "d3d11vk";
    ConstantBuffer cb;
    cb.name = "Globals";
    cb.size = 32;
    ShaderVariable color;
    color.name = "color";
    color.size = 16;
    color.flags = 2;
    color.type.varClass = 1;  // vector
    color.type.varType = 3;   // float
    color.type.rows = 1;
    color.type.columns = 4;
    color.type.name = "float4";
    cb.variables.push_back(color);
    ShaderVariable scale = color;
    scale.name = "scale";
    scale.offset = 16;
    scale.size = 4;
    scale.type.varClass = 0;
    scale.type.columns = 1;
    scale.type.name = "float";
    cb.variables.push_back(scale);
    r.constantBuffers.push_back(cb);
    r.bindings.push_back({"samp", 3, 0, 0, 0, 0, 1, 0, 0, 0});
    r.bindings.push_back({"tex", 2, 5, 4, 0xffffffff, 1, 1, 0xc, 0, 0});
    r.bindings.push_back({"Globals", 0, 0, 0, 0, 0, 1, 0, 0, 0});
    r.interfaceSlots = version >= 0xffff0500u ? 3 : 0;
    Chunk chunk = r.write();
    Reflection back = Reflection::parse(chunk);
    INFO(std::hex << version);
    CHECK(back.interfaceSlots == r.interfaceSlots);  // RD11's interface slot count (SM5)
    if (version >= 0xffff0500u) {
      // The disassembly's tables carry it, so the assembler writes it back.
      std::string text = formatReflectionTables(r);
      CHECK(text.find("// Interface slots: 3") != std::string::npos);
      CHECK(parseCommentTables(text + "ps_5_0\nret\n").reflection.interfaceSlots == 3);
    }
    CHECK(back.creator == "d3d11vk");
    REQUIRE(back.bindings.size() == 3);
    CHECK(back.bindings[1].name == "tex");
    CHECK(back.bindings[1].dimension == 4);
    CHECK(back.bindings[1].bindPoint == 1);
    REQUIRE(back.constantBuffers.size() == 1);
    REQUIRE(back.constantBuffers[0].variables.size() == 2);
    CHECK(back.constantBuffers[0].variables[1].name == "scale");
    CHECK(back.constantBuffers[0].variables[1].offset == 16);
    CHECK(back.constantBuffers[0].variables[0].type.columns == 4);
    CHECK(std::string(variableTypeName(back.constantBuffers[0].variables[0].type)) == "float");
    if (version >= 0xffff0500u)
      CHECK(back.constantBuffers[0].variables[0].type.name == "float4");
  }
}

TEST_CASE("truncated RDEF chunks give a clean error", "[dxbc][rdef]") {
  Reflection r;
  r.programVersion = 0xffff0500u;
  r.bindings.push_back({"tex", 2, 5, 4, 0xffffffff, 1, 1, 0xc, 0, 0});
  Chunk chunk = r.write();
  for (size_t cut = 0; cut < chunk.data.size(); cut += 3) {
    Chunk shorter{chunk.code, std::vector<uint8_t>(chunk.data.begin(), chunk.data.begin() + cut)};
    try {
      Reflection::parse(shorter);
    } catch (const Error&) {
    }
  }
  Chunk tiny{chunk.code, {1, 2, 3}};
  CHECK_THROWS_AS(Reflection::parse(tiny), Error);
}
