// libFuzzer target for the DXBC container and every chunk parser the layer reads: the container
// header and chunk table, input/output/patch signatures (ISGN, OSGN, PCSG and their 5.0/5.1
// forms), RDEF reflection, the class-linkage interfaces chunk, and the disassembler's listing of
// all of them. Bad input must be refused with dxbc::Error; any other exception, a crash or a
// sanitizer report is a finding.
#include <cstddef>
#include <cstdint>

#include "dxbc/container.h"
#include "dxbc/disassembler.h"
#include "dxbc/error.h"
#include "dxbc/interfaces.h"
#include "dxbc/reflection.h"
#include "dxbc/signature.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  dxbc::Container container;
  try {
    container = dxbc::Container::parse(data, size, false);
  } catch (const dxbc::Error&) {
    return 0;
  }
  // Each chunk on its own, so that one malformed chunk does not hide the others from the fuzzer.
  for (const dxbc::Chunk& chunk : container.chunks()) {
    try {
      if (dxbc::isSignatureChunk(chunk.code))
        (void)dxbc::Signature::parse(chunk);
      else if (chunk.code == dxbc::makeFourCC("RDEF"))
        (void)dxbc::Reflection::parse(chunk);
      else if (chunk.code == dxbc::makeFourCC("IFCE"))
        (void)dxbc::Interfaces::parse(chunk);
    } catch (const dxbc::Error&) {
    }
  }
  try {
    (void)dxbc::disassemble(container);
  } catch (const dxbc::Error&) {
  }
  return 0;
}
