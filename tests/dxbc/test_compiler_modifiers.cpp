// Source modifiers follow the operand-type table: float and move operands change the sign bit,
// integer operands negate in two's complement, and modifiers or _sat an instruction does not take
// are refused as invalid.
#include <catch2/catch.hpp>

#include <string>

#include "compile_valid.h"
#include "dxbc/operand_types.h"

using compiler_test::compileValid;

namespace {

std::string program(const std::string& body) {
  return "cs_5_0\ndcl_uav_raw u0\ndcl_input vThreadID.x\ndcl_temps 4\ndcl_thread_group 1, 1, 1\n"
         "ld_raw r0.xyzw, l(0), u0.xyzw\n" + body + "store_raw u0.xyzw, l(0), r1.xyzw\nret\n";
}

}  // namespace

TEST_CASE("mov, movc and swapc apply - and |x| to the sign bit, not as integers", "[compiler]") {
  for (const char* body : {"mov r1.xyzw, -r0.xyzw\n", "mov r1.xyzw, |r0.xyzw|\n", "mov r1.xyzw, -|r0.xyzw|\n",
                           "movc r1.xyzw, r0.xxxx, -r0.xyzw, |r0.wzyx|\n",
                           "swapc r1.xyzw, r2.xyzw, r0.xxxx, -r0.xyzw, -|r0.wzyx|\n"}) {
    INFO(body);
    auto c = compileValid(program(body));
    CHECK_FALSE(c.has("OpSNegate"));
    CHECK_FALSE(c.has("SAbs"));
    CHECK_FALSE(c.has("OpFNegate"));  // a driver's float negate may flush denormals; the sign bit never does
    CHECK(c.has("OpBitwise"));
  }
}

TEST_CASE("integer instructions keep two's complement negation", "[compiler]") {
  auto c = compileValid(program("iadd r1.xyzw, r0.xyzw, -r0.yzwx\n"));
  CHECK(c.has("OpSNegate"));
  CHECK_FALSE(c.has("OpBitwiseXor"));
}

TEST_CASE("modifiers and _sat an instruction does not take are refused as invalid", "[compiler]") {
  struct Case {
    const char* body;
    const char* error;
  };
  const Case cases[] = {
    {"iadd r1.xyzw, |r0.xyzw|, r0.xyzw\n", "invalid: iadd has |x| on integer operand 1"},
    {"and r1.xyzw, -|r0.xyzw|, r0.xyzw\n", "invalid: and has |x| on integer operand 1"},
    {"iadd_sat r1.xyzw, r0.xyzw, r0.xyzw\n", "invalid: iadd takes no _sat"},
    {"swapc_sat r1.xyzw, r2.xyzw, r0.xxxx, r0.xyzw, r0.wzyx\n", "invalid: swapc takes no _sat"},
  };
  for (const Case& k : cases) {
    INFO(k.body);
    std::string error = dxbc::compile(dxbc::assemble(program(k.body)).write()).error;
    CHECK(error.rfind(k.error, 0) == 0);
  }
}

TEST_CASE("the operand-type table covers every operand the opcode table gives those instructions", "[compiler]") {
  for (auto e = dxbc::instructionTypesBegin(); e != dxbc::instructionTypesEnd(); e++) {
    INFO(e->opcode);
    // Entries are unique and use only the four letters.
    CHECK(dxbc::instructionTypes(e->opcode) == e);
    for (const char* p = e->operands; *p; p++)
      CHECK(std::string("fmid").find(*p) != std::string::npos);
  }
}
