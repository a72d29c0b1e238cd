// The compiler tests' compile-and-validate step: D3D assembly through the assembler and the
// compiler, the module required to pass spirv-val for Vulkan 1.1 and 1.3, with its disassembly
// for checks on the text.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "spirv_validate.h"

namespace compiler_test {

struct Compiled {
  dxbc::CompileResult result;
  std::string text;  // the disassembly
  bool has(const std::string& s) const { return text.find(s) != std::string::npos; }
  size_t count(const std::string& s) const {
    size_t n = 0;
    for (size_t at = text.find(s); at != std::string::npos; at = text.find(s, at + 1))
      n++;
    return n;
  }
};

// Compiles, requires a module valid for Vulkan 1.1 and 1.3, and returns it with its disassembly.
inline Compiled compileValid(const std::string& source, const dxbc::CompileOptions& options = {}) {
  Compiled c;
  c.result = dxbc::compile(dxbc::assemble(source).write(), options);
  INFO(c.result.error);
  REQUIRE(c.result.ok());
  c.text = spirv_test::disassemble(c.result.spirv);
  INFO(c.text);
  CHECK(spirv_test::validate(c.result.spirv) == "");
  CHECK(spirv_test::validate(c.result.spirv, 3) == "");
  return c;
}

}  // namespace compiler_test
