// The DXBC container: header, checksum, chunk table; reading with verification and writing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dxbc/md5.h"

namespace dxbc {

// A four-character chunk code as stored (first character in the low byte).
using FourCC = uint32_t;
constexpr FourCC makeFourCC(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
         uint32_t(uint8_t(s[3])) << 24;
}
std::string fourCCText(FourCC code);

// One chunk; its bytes are kept exactly, whether or not this layer understands the chunk.
struct Chunk {
  FourCC code = 0;
  std::vector<uint8_t> data;
};

class Container {
public:
  // Parses and bounds-checks the chunk table. verifyChecksum: also require the stored checksum
  // to match. Throws dxbc::Error on any malformed input.
  static Container parse(const uint8_t* bytes, size_t size, bool verifyChecksum = true);
  static Container parse(const std::vector<uint8_t>& bytes, bool verifyChecksum = true) {
    return parse(bytes.data(), bytes.size(), verifyChecksum);
  }

  // The container's bytes with the checksum Windows' D3DCompiler computes.
  std::vector<uint8_t> write() const;

  const std::vector<Chunk>& chunks() const { return m_chunks; }
  std::vector<Chunk>& chunks() { return m_chunks; }
  const Chunk* find(FourCC code) const;
  // The first chunk whose code is any of the given ones (e.g. SHEX or SHDR).
  const Chunk* findAny(std::initializer_list<FourCC> codes) const;

  const Digest& storedChecksum() const { return m_storedChecksum; }
  uint32_t version() const { return m_version; }

private:
  std::vector<Chunk> m_chunks;
  Digest m_storedChecksum{};
  uint32_t m_version = 1;
};

// Reads a whole file; throws dxbc::Error when it cannot.
std::vector<uint8_t> readFile(const std::string& path);

}  // namespace dxbc
