// Truncated, bit-flipped and garbage inputs: every path ends in success or dxbc::Error, never a crash.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "corpus.h"
#include "dxbc/assembler.h"
#include "dxbc/container.h"
#include "dxbc/decoder.h"
#include "dxbc/disassembler.h"
#include "dxbc/error.h"
#include "dxbc/reflection.h"
#include "dxbc/signature.h"

using namespace dxbc;

namespace {

// Everything the front end does with a container; only dxbc::Error may come out.
void exercise(const std::vector<uint8_t>& bytes) {
  try {
    Container c = Container::parse(bytes, false);
    for (const Chunk& chunk : c.chunks()) {
      try {
        if (isSignatureChunk(chunk.code))
          Signature::parse(chunk);
        else if (chunk.code == makeFourCC("RDEF"))
          Reflection::parse(chunk);
        else if (chunk.code == makeFourCC("SHEX") || chunk.code == makeFourCC("SHDR"))
          Decoder::decode(chunk);
      } catch (const Error&) {
      }
    }
    std::string text = disassemble(c);
    try {
      assemble(text);
    } catch (const Error&) {
    }
  } catch (const Error&) {
  }
}

}  // namespace

TEST_CASE("truncated and bit-flipped corpus blobs give clean errors", "[dxbc][malformed]") {
  if (!dxbc_test::corpusPresent()) {
    WARN("skipped: " << dxbc_test::corpusDir() << " is absent");
    return;
  }
  std::mt19937 rng(1234);
  size_t cases = 0, checksumRejected = 0;
  auto files = dxbc_test::corpusFiles();
  for (size_t f = 0; f < files.size(); f += 3) {
    std::vector<uint8_t> bytes = readFile(files[f]);
    for (size_t cut : {size_t(0), size_t(4), size_t(31), size_t(33), bytes.size() / 2, bytes.size() - 1}) {
      std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + long(std::min(cut, bytes.size())));
      CHECK_THROWS_AS(Container::parse(truncated), Error);
      exercise(truncated);
      cases++;
    }
    for (int flip = 0; flip < 24; flip++) {
      std::vector<uint8_t> corrupt = bytes;
      size_t at = 20 + rng() % (corrupt.size() - 20);
      corrupt[at] ^= uint8_t(1u << (rng() % 8));
      // The checksum catches every corruption when verified...
      CHECK_THROWS_AS(Container::parse(corrupt), Error);
      checksumRejected++;
      // ...and without verification the parsers and decoder still fail cleanly or succeed.
      exercise(corrupt);
      cases++;
    }
  }
  CHECK(cases > 2500);
  CHECK(checksumRejected > 2000);
}

TEST_CASE("random token streams never crash the decoder", "[dxbc][malformed]") {
  std::mt19937 rng(99);
  for (int round = 0; round < 3000; round++) {
    std::vector<uint32_t> tokens(2 + rng() % 40);
    for (uint32_t& t : tokens)
      t = rng();
    tokens[0] = (rng() % 6) << 16 | (4 + rng() % 2) << 4 | rng() % 2;
    tokens[1] = uint32_t(tokens.size());
    // Keep some opcodes plausible so decoding gets past the first token.
    for (size_t i = 2; i < tokens.size(); i += 3)
      tokens[i] = (tokens[i] & 0x80fff800u) | (rng() % 220) | (1 + rng() % 6) << 24;
    try {
      Program p = Decoder::decode(tokens.data(), tokens.size());
      disassembleProgram(p);
    } catch (const Error&) {
    }
  }
  SUCCEED("3000 random streams decoded or rejected cleanly");
}

TEST_CASE("garbage assembly text gives clean errors", "[dxbc][malformed]") {
  std::mt19937 rng(7);
  const std::string alphabet = "rvoxlcbtsu0123456789.,()[]{}+-|: \nxyzw_=";
  for (int round = 0; round < 2000; round++) {
    std::string text = "ps_5_0\n";
    size_t n = rng() % 80;
    for (size_t i = 0; i < n; i++)
      text += alphabet[rng() % alphabet.size()];
    try {
      assemble(text);
    } catch (const Error&) {
    }
  }
  SUCCEED("2000 garbage texts assembled or rejected cleanly");
}
