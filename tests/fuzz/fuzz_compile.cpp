// libFuzzer target for the whole shader path: container, decoder and compiler. Any input must
// compile to SPIR-V that SPIRV-Tools accepts for Vulkan 1.1, or be refused as unsupported or
// invalid; anything else (a crash, an internal error, an invalid module) aborts.
// Built by the fuzzing configuration (-Dfuzzing=true, clang); see docs/fuzzing.md.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "dxbc/compiler.h"
#include "spirv_validate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  dxbc::CompileResult r = dxbc::compile(data, size);
  if (r.ok()) {
    std::string message = spirv_test::validate(r.spirv);
    if (!message.empty()) {
      std::fprintf(stderr, "invalid SPIR-V: %s\n", message.c_str());
      std::abort();
    }
  } else if (r.failure != dxbc::CompileFailure::Unsupported && r.failure != dxbc::CompileFailure::Invalid) {
    std::fprintf(stderr, "unexpected error: %s\n", r.error.c_str());
    std::abort();
  }
  return 0;
}
