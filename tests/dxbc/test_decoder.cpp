// The decoder and disassembler on hand-built token streams and on known corpus shaders.
#include <catch2/catch.hpp>

#include <string>

#include "corpus.h"
#include "dxbc/container.h"
#include "dxbc/decoder.h"
#include "dxbc/disassembler.h"
#include "dxbc/encoder.h"
#include "dxbc/error.h"
#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

using namespace dxbc;

namespace {
std::string codeOnly(const std::string& text) {
  std::string out, line;
  for (char c : text) {
    if (c != '\n') {
      line += c;
      continue;
    }
    if (line.rfind("//", 0) != 0)
      out += line + "\n";
    line.clear();
  }
  return out;
}
}  // namespace

TEST_CASE("hand-built tokens decode to the documented fields", "[dxbc][decoder]") {
  // ps_5_0: add_sat r0.xy, -v1.xyzw, cb0[r1.x + 2].x ; discard_nz r0.x ; ret
  std::vector<uint32_t> tokens = {0x00000050, 0};
  tokens.push_back(0x0b002000);                       // add, saturate (bit 13), 11 tokens
  tokens.push_back(0x00100032), tokens.push_back(0);  // r0.xy: 4 components, mask 0x3, 1D imm32
  tokens.push_back(0x80101e46), tokens.push_back(0x41), tokens.push_back(1);  // v1.xyzw + neg token
  tokens.push_back(0x0620800a);                       // cb, select-1 x, 2D: imm32, imm32+relative
  tokens.push_back(0);                                // cb0
  tokens.push_back(2);                                // + 2
  tokens.push_back(0x0010000a), tokens.push_back(1);  // r1.x
  tokens.push_back(0x0304000d);                       // discard, test nonzero (bit 18), 3 tokens
  tokens.push_back(0x0010000a), tokens.push_back(0);  // r0.x
  tokens.push_back(0x0100003e);                       // ret
  tokens[1] = uint32_t(tokens.size());

  Program p = Decoder::decode(tokens.data(), tokens.size());
  CHECK(p.type == ProgramType::Pixel);
  CHECK(p.profileName() == "ps_5_0");
  REQUIRE(p.instructions.size() == 3);
  const Instruction& add = p.instructions[0];
  CHECK(add.opcode == 0);
  CHECK(add.controls == 4);  // saturate
  REQUIRE(add.operands.size() == 3);
  CHECK(add.operands[0].type == reg::Temp);
  CHECK(add.operands[0].selection == SelectionMode::Mask);
  CHECK(add.operands[0].mask() == 3);
  CHECK(add.operands[1].modifier() == OperandModifier::Neg);
  CHECK(add.operands[1].selection == SelectionMode::Swizzle);
  const Operand& cb = add.operands[2];
  CHECK(cb.type == reg::ConstantBuffer);
  CHECK(cb.indexDimension == 2);
  CHECK(cb.index[1].representation == IndexRepresentation::Imm32PlusRelative);
  CHECK(cb.index[1].immediate == 2);
  REQUIRE(cb.index[1].relative);
  CHECK(cb.index[1].relative->index[0].immediate == 1);
  CHECK(disassembleInstruction(add) == "add_sat r0.xy, -v1.xyzw, cb0[r1.x + 2].x");
  CHECK(disassembleInstruction(p.instructions[1]) == "discard_nz r0.x");
  CHECK(encodeProgram(p) == tokens);
}

TEST_CASE("extended opcode tokens, custom data and hull shader phases decode", "[dxbc][decoder]") {
  std::vector<uint32_t> tokens = {0x00030050, 0};     // hs_5_0
  tokens.push_back(0x01000071);                       // hs_decls
  tokens.push_back(0x00001835), tokens.push_back(6);  // custom data, class 3 (immediate constant buffer)
  for (uint32_t v : {0x3f800000u, 2u, 0xffffffffu, 0u})
    tokens.push_back(v);
  tokens.push_back(0x01000073);                       // hs_fork_phase
  tokens.push_back(0x8800002d);                       // ld with an extended opcode token, 8 tokens
  tokens.push_back(1u | 0xfu << 9 | 0xeu << 13);      // sample offsets u=-1, v=-2, w=0
  tokens.push_back(0x001000f2), tokens.push_back(0);  // r0.xyzw
  tokens.push_back(0x00004001), tokens.push_back(5);  // l(5)
  tokens.push_back(0x00107e46), tokens.push_back(0);  // t0.xyzw
  tokens.push_back(0x0100003e);                       // ret
  tokens[1] = uint32_t(tokens.size());
  Program p = Decoder::decode(tokens.data(), tokens.size());
  REQUIRE(p.instructions.size() == 5);
  CHECK(p.instructions[0].opcode == op::HsDecls);
  CHECK(p.instructions[1].opcode == op::CustomData);
  CHECK(p.instructions[1].customClass == 3);
  CHECK(p.instructions[1].customData.size() == 4);
  CHECK(p.instructions[2].opcode == op::HsForkPhase);
  CHECK(disassembleInstruction(p.instructions[1]) == "dcl_immediateConstantBuffer { { 1.000000, 2, -1, 0 } }");
  CHECK(disassembleInstruction(p.instructions[3]) == "ld_aoffimmi(-1,-2,0) r0.xyzw, l(5), t0.xyzw");
  CHECK(encodeProgram(p) == tokens);
}

TEST_CASE("known corpus shaders decode to their known instructions", "[dxbc][corpus]") {
  if (!dxbc_test::corpusPresent()) {
    WARN("skipped: " << dxbc_test::corpusDir() << " is absent");
    return;
  }
  Container s001 = Container::parse(readFile(dxbc_test::corpusFile("s001.dxbc")));
  Program cs = Decoder::decode(*s001.find(makeFourCC("SHEX")));
  CHECK(cs.profileName() == "cs_5_0");
  REQUIRE(cs.instructions.size() == 3);
  CHECK(cs.instructions[0].opcode == op::DclGlobalFlags);
  CHECK(cs.instructions[0].controls == 1);  // refactoringAllowed
  CHECK(cs.instructions[1].opcode == 155);  // dcl_thread_group
  CHECK(cs.instructions[1].extra == std::vector<uint32_t>{1, 1, 1});
  CHECK(cs.instructions[2].opcode == 62);   // ret

  Container s002 = Container::parse(readFile(dxbc_test::corpusFile("s002.dxbc")));
  CHECK(codeOnly(disassemble(s002)) ==
        "vs_4_0\n"
        "dcl_input v0.xyzw\n"
        "dcl_input v1.xy\n"
        "dcl_input v2.xy\n"
        "dcl_input_sgv v3.x, instance_id\n"
        "dcl_output_siv o0.xyzw, position\n"
        "dcl_output o1.xy\n"
        "dcl_output o1.zw\n"
        "dcl_temps 1\n"
        "utof r0.x, v3.x\n"
        "mad o0.x, r0.x, l(0.500000), v0.x\n"
        "mov o0.yzw, v0.yyzw\n"
        "mov o1.xy, v1.xyxx\n"
        "mov o1.zw, v2.xxxy\n"
        "ret\n");

  // s140 samples with texel offsets through extended opcode tokens.
  std::string s140 = disassemble(Container::parse(readFile(dxbc_test::corpusFile("s140.dxbc"))));
  CHECK(s140.find("ld_aoffimmi(-1,-2,0)_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyzw, t0.xyzw") !=
        std::string::npos);
  // s130 has an immediate constant buffer; s242 is a hull shader with a fork phase.
  CHECK(disassemble(Container::parse(readFile(dxbc_test::corpusFile("s130.dxbc")))).find("dcl_immediateConstantBuffer {") !=
        std::string::npos);
  std::string hs = disassemble(Container::parse(readFile(dxbc_test::corpusFile("s242.dxbc"))));
  CHECK(hs.find("hs_fork_phase") != std::string::npos);
  CHECK(hs.find("// Patch Constant signature:") != std::string::npos);
}

TEST_CASE("every corpus shader decodes, re-encodes identically and disassembles", "[dxbc][corpus]") {
  if (!dxbc_test::corpusPresent()) {
    WARN("skipped: " << dxbc_test::corpusDir() << " is absent");
    return;
  }
  size_t decoded = 0, reencoded = 0, disassembled = 0, instructions = 0;
  for (const std::string& file : dxbc_test::corpusFiles()) {
    INFO(file);
    Container c = Container::parse(readFile(file));
    const Chunk* code = c.findAny({makeFourCC("SHEX"), makeFourCC("SHDR")});
    REQUIRE(code);
    Program p = Decoder::decode(*code);
    decoded++;
    instructions += p.instructions.size();
    CHECK(encodeProgramChunk(p, code->code).data == code->data);
    reencoded += encodeProgramChunk(p, code->code).data == code->data;
    std::string text = disassemble(c);
    CHECK(text.find(p.profileName()) != std::string::npos);
    disassembled++;
  }
  CHECK(decoded == 303);
  CHECK(reencoded == 303);
  CHECK(disassembled == 303);
  CHECK(instructions > 3000);
}
