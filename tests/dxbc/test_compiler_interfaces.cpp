// Unit: class linkage (dcl_function_body/table, dcl_interface, fcall, this[]) compiles to valid
// SPIR-V with the hidden class-instance block, and malformed declarations are refused.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "dxbc/container.h"
#include "dxbc/disassembler.h"
#include "spirv_validate.h"

using namespace dxbc;

namespace {

// Assembly spells the declarations as their tokens:
//   dcl_function_body fb#
//   dcl_function_table ft#, body count, fb#...
//   dcl_interface fp#, call sites, array size << 16 | table count, ft#...
//   fcall callSite, fp#[array index]
const char* kDeclarations =
  "dcl_function_body 0\n"
  "dcl_function_body 1\n"
  "dcl_function_body 2\n"
  "dcl_function_body 3\n"
  "dcl_function_table 0, 2, 0, 1\n"
  "dcl_function_table 1, 2, 2, 3\n"
  "dcl_interface 0, 2, 131074, 0, 1\n"   // fp0[2][2] = {ft0, ft1}
  "dcl_interface 2, 2, 65537, 1\n";      // fp2[1][2] = {ft1}

const char* kBodies =
  "label fb0\n"
  "iadd r1.x, r1.x, this[0].x\n"
  "ret\n"
  "label fb1\n"
  "iadd r1.x, r1.x, this[r0.x + 0].y\n"
  "ret\n"
  "label fb2\n"
  "imul null, r1.x, r1.x, this[2].z\n"
  "ret\n"
  "label fb3\n"
  "mov r1.x, l(0)\n"
  "ret\n";

std::string pixelShader(const std::string& code) {
  return std::string("ps_5_0\n") + kDeclarations + "dcl_output o0.x\ndcl_temps 2\n" + code + "mov o0.x, r1.x\nret\n" +
         kBodies;
}

CompileResult compileText(const std::string& text) { return compile(assemble(text).write()); }

}  // namespace

TEST_CASE("fcall with immediate and register indices compiles to a switch over the slot's table", "[compiler]") {
  CompileResult r = compileText(pixelShader(
      "mov r0.x, l(1)\n"
      "mov r1.x, l(5)\n"
      "fcall 0, fp0[0]\n"
      "fcall 1, fp0[r0.x + 0]\n"
      "fcall 1, fp2[0]\n"
      "if_nz r0.x\n"
      "  fcall 0, fp2[0]\n"
      "endif\n"));
  INFO(r.error);
  REQUIRE(r.ok());
  std::string text = spirv_test::disassemble(r.spirv);
  INFO(text);
  CHECK(spirv_test::validate(r.spirv) == "");
  CHECK(spirv_test::validate(r.spirv, 3) == "");
  CHECK(r.reflection.interfaceSlots == 3);
  bool found = false;
  for (const ShaderBinding& binding : r.reflection.bindings)
    if (binding.kind == BindingKind::ConstantBuffer && binding.slot == binding_model::kClassInstanceSlot) {
      found = true;
      CHECK(binding.vulkan.binding == 14);
      CHECK(binding.vulkan.set == binding_model::descriptorSet(ShaderStage::Pixel));
      CHECK(binding.descriptor == DescriptorKind::UniformBuffer);
    }
  CHECK(found);
  CHECK(text.find("OpSwitch") != std::string::npos);
  CHECK(text.find("%fb3 = OpFunction") != std::string::npos);
  CHECK(text.find("OpDecorate %class_instances Binding 14") != std::string::npos);
}

TEST_CASE("a shader with function bodies but no interface needs no class-instance block", "[compiler]") {
  CompileResult r = compileText("cs_5_0\ndcl_function_body 0\ndcl_thread_group 1, 1, 1\nret\nlabel fb0\nret\n");
  INFO(r.error);
  REQUIRE(r.ok());
  CHECK(r.reflection.interfaceSlots == 0);
  CHECK(r.reflection.bindings.empty());
  CHECK(spirv_test::validate(r.spirv) == "");
}

TEST_CASE("malformed class linkage is refused as invalid", "[compiler]") {
  auto error = [](const std::string& text) { return compileText(text).error; };
  const std::string cs = "cs_5_0\ndcl_thread_group 1, 1, 1\ndcl_temps 2\n";
  // A table naming an undeclared body, an interface naming an undeclared table.
  CHECK(error("cs_5_0\ndcl_function_table 0, 1, 4\ndcl_thread_group 1, 1, 1\nret\n") ==
        "invalid: ft0 names fb4, which is not declared");
  CHECK(error("cs_5_0\ndcl_interface 0, 1, 65537, 3\ndcl_thread_group 1, 1, 1\nret\n") ==
        "invalid: fp0 names ft3, which is not declared");
  // Token counts that do not match, arrays of 0 or past the 253 slots, overlapping interfaces.
  CHECK(error("cs_5_0\ndcl_function_table 0, 3, 0\nret\n") == "invalid: malformed dcl_function_table");
  CHECK(error("cs_5_0\ndcl_interface 0, 1, 65538, 0\nret\n") == "invalid: malformed dcl_interface");
  CHECK(error("cs_5_0\ndcl_interface 0, 1, 0\nret\n").find("outside D3D11's 253 interface slots") != std::string::npos);
  CHECK(error("cs_5_0\ndcl_interface 250, 1, 262144\nret\n").find("outside D3D11's 253") != std::string::npos);
  CHECK(error("cs_5_0\ndcl_interface 0, 1, 131072\ndcl_interface 1, 1, 65536\nret\n") ==
        "invalid: interfaces fp0 and fp1 overlap");
  CHECK(error("cs_5_0\ndcl_function_body 0\ndcl_function_body 0\nret\n") == "invalid: fb0 is declared twice");
  // A table with fewer bodies than the interface's call sites.
  CHECK(error("cs_5_0\ndcl_function_body 0\ndcl_function_table 0, 1, 0\ndcl_interface 0, 2, 65537, 0\nret\n") ==
        "invalid: ft0 has fewer bodies than fp0's 2 call sites");
  // fcall of an undeclared interface, of a call site past the declaration, of an index past the array.
  const std::string decls = "dcl_function_body 0\ndcl_function_table 0, 1, 0\ndcl_interface 0, 1, 65537, 0\n";
  CHECK(error("cs_5_0\n" + decls + "dcl_thread_group 1, 1, 1\nfcall 0, fp1[0]\nret\nlabel fb0\nret\n") ==
        "invalid: fcall of fp1, which is not declared");
  CHECK(error("cs_5_0\n" + decls + "dcl_thread_group 1, 1, 1\nfcall 1, fp0[0]\nret\nlabel fb0\nret\n") ==
        "invalid: fcall of call site 1 of fp0, which has 1");
  CHECK(error("cs_5_0\n" + decls + "dcl_thread_group 1, 1, 1\nfcall 0, fp0[1]\nret\nlabel fb0\nret\n") ==
        "invalid: interface index 1 is outside fp0[1]");
  // A called body without its label, a label fb# never declared, this[] without interfaces.
  CHECK(error("cs_5_0\n" + decls + "dcl_thread_group 1, 1, 1\nfcall 0, fp0[0]\nret\n") ==
        "invalid: call to label fb0, which has no body");
  CHECK(error(cs + "ret\nlabel fb7\nret\n") == "invalid: label fb7 has no dcl_function_body");
  CHECK(error(cs + "mov r0.x, this[0].x\nret\n") == "invalid: this[] in a shader without dcl_interface");
  // A body reaching itself through its own interface is recursion, which D3D forbids.
  CHECK(error("cs_5_0\n" + decls + "dcl_thread_group 1, 1, 1\nfcall 0, fp0[0]\nret\nlabel fb0\nfcall 0, fp0[0]\nret\n") ==
        "invalid: recursive call of label fb0");
  // `this` is read-only.
  CHECK(error("cs_5_0\n" + decls + "dcl_thread_group 1, 1, 1\nmov this[0].x, l(1)\nret\n") ==
        "invalid: write to a read-only register");
}

// The fuzz contract on a shader with interfaces: mutated code tokens compile to valid SPIR-V or
// are refused with "unsupported:" or "invalid:", never a crash or an internal error.
TEST_CASE("mutated class-linkage shaders are refused cleanly or compile to valid SPIR-V", "[compiler]") {
  Container container = assemble(pixelShader("mov r0.x, l(1)\nmov r1.x, l(5)\nfcall 0, fp0[0]\nfcall 1, fp0[r0.x + 0]\n"));
  Chunk* code = nullptr;
  for (Chunk& chunk : container.chunks())
    if (chunk.code == makeFourCC("SHEX"))
      code = &chunk;
  REQUIRE(code);
  const std::vector<uint8_t> original = code->data;
  uint32_t state = 12345;
  auto next = [&]() { return state = state * 1664525u + 1013904223u; };
  for (int round = 0; round < 3000; round++) {
    code->data = original;
    for (int m = 0, n = 1 + next() % 3; m < n; m++) {
      size_t word = 2 + next() % (original.size() / 4 - 2);  // past the version and length tokens
      uint32_t old;
      std::memcpy(&old, &original[word * 4], 4);
      uint32_t value = next() % 4 == 0 ? next() % 8 : (next() % 2 ? next() : old ^ (1u << (next() % 32)));
      std::memcpy(&code->data[word * 4], &value, 4);
    }
    CompileResult r = compile(container.write());
    if (r.ok()) {
      INFO("round " << round);
      CHECK(spirv_test::validate(r.spirv) == "");
    } else {
      INFO("round " << round << ": " << r.error);
      CHECK((r.error.rfind("unsupported:", 0) == 0 || r.error.rfind("invalid:", 0) == 0));
    }
  }
}

TEST_CASE("fxc's class-linkage syntax assembles to the same tokens and the disassembly round-trips", "[compiler]") {
  const std::string fxc =
      "cs_5_0\n"
      "dcl_function_body fb0\n"
      "dcl_function_body fb1\n"
      "dcl_function_table ft0 = {fb0, fb1}\n"
      "dcl_function_table ft1 = {fb1, fb0}\n"
      "dcl_interface_dynamicindexed fp0[2][2] = {ft0, ft1}\n"
      "dcl_interface fp2[1][2] = {ft1}\n"
      "dcl_temps 1\n"
      "dcl_thread_group 1, 1, 1\n"
      "mov r0.x, l(1)\n"
      "fcall fp0[r0.x + 0][1]\n"
      "fcall fp2[0][0]\n"
      "ret\n"
      "label fb0\nret\nlabel fb1\nret\n";
  const std::string tokens =
      "cs_5_0\n"
      "dcl_function_body 0\n"
      "dcl_function_body 1\n"
      "dcl_function_table 0, 2, 0, 1\n"
      "dcl_function_table 1, 2, 1, 0\n"
      "dcl_interface 0, 2, 131074, 0, 1\n"
      "dcl_interface 2, 2, 65537, 1\n"
      "dcl_temps 1\n"
      "dcl_thread_group 1, 1, 1\n"
      "mov r0.x, l(1)\n"
      "fcall 1, fp0[r0.x + 0]\n"
      "fcall 0, fp2[0]\n"
      "ret\n"
      "label fb0\nret\nlabel fb1\nret\n";
  Program a = assembleProgram(fxc), b = assembleProgram(tokens);
  REQUIRE(a.instructions.size() == b.instructions.size());
  CHECK(a.instructions[4].controls == 1);  // _dynamicindexed: bit 11
  b.instructions[4].controls = 1;
  for (size_t i = 0; i < a.instructions.size(); i++) {
    INFO("instruction " << i);
    CHECK(disassembleInstruction(a.instructions[i]) == disassembleInstruction(b.instructions[i]));
  }
  std::string text = disassembleProgram(a);
  INFO(text);
  CHECK(text.find("dcl_function_table ft1 = {fb1, fb0}") != std::string::npos);
  CHECK(text.find("dcl_interface_dynamicindexed fp0[2][2] = {ft0, ft1}") != std::string::npos);
  CHECK(text.find("dcl_interface fp2[1][2] = {ft1}") != std::string::npos);
  CHECK(text.find("fcall fp0[r0.x + 0][1]") != std::string::npos);
  CHECK(text.find("fcall fp2[0][0]") != std::string::npos);
  std::vector<uint8_t> bytes = assemble(fxc).write();
  CHECK(assemble(disassemble(Container::parse(bytes.data(), bytes.size(), false))).write() == bytes);
  CompileResult r = compile(bytes);
  INFO(r.error);
  CHECK(r.ok());
  CHECK(r.reflection.interfaceSlots == 3);
}
