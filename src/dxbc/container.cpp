// DXBC container reading (bounds checks, checksum verification) and writing.
#include "dxbc/container.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>

#include "dxbc/error.h"

namespace dxbc {
namespace {

constexpr size_t kHeaderSize = 32;  // magic, checksum, version, total size, chunk count

uint32_t readU32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

void appendU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; i++)
    out.push_back(uint8_t(v >> (8 * i)));
}

std::string hex(size_t v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%zx", v);
  return buf;
}

}  // namespace

std::string fourCCText(FourCC code) {
  std::string s;
  for (int i = 0; i < 4; i++) {
    char c = char((code >> (8 * i)) & 0xff);
    s += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  return s;
}

Container Container::parse(const uint8_t* bytes, size_t size, bool verifyChecksum) {
  if (size < kHeaderSize)
    throw Error("not a DXBC container: " + std::to_string(size) + " bytes is shorter than the 32-byte header");
  if (std::memcmp(bytes, "DXBC", 4) != 0)
    throw Error("not a DXBC container: the file does not start with 'DXBC'");
  Container c;
  std::memcpy(c.m_storedChecksum.data(), bytes + 4, 16);
  c.m_version = readU32(bytes + 20);
  uint32_t totalSize = readU32(bytes + 24);
  uint32_t count = readU32(bytes + 28);
  if (totalSize != size)
    throw Error("DXBC header says " + std::to_string(totalSize) + " bytes but there are " + std::to_string(size));
  if (count > (size - kHeaderSize) / 4)
    throw Error("DXBC chunk count " + std::to_string(count) + " does not fit in the container");
  if (verifyChecksum) {
    Digest computed = dxbcChecksum(bytes, size);
    if (computed != c.m_storedChecksum)
      throw Error("DXBC checksum mismatch: the container is corrupted or was modified");
  }
  for (uint32_t i = 0; i < count; i++) {
    uint32_t offset = readU32(bytes + kHeaderSize + 4 * i);
    if (offset < kHeaderSize || uint64_t(offset) + 8 > size)
      throw Error("DXBC chunk " + std::to_string(i) + " offset " + hex(offset) + " is outside the container");
    uint32_t chunkSize = readU32(bytes + offset + 4);
    if (chunkSize > size - offset - 8)
      throw Error("DXBC chunk '" + fourCCText(readU32(bytes + offset)) + "' at " + hex(offset) + " runs past the end");
    Chunk chunk;
    chunk.code = readU32(bytes + offset);
    chunk.data.assign(bytes + offset + 8, bytes + offset + 8 + chunkSize);
    c.m_chunks.push_back(std::move(chunk));
  }
  return c;
}

std::vector<uint8_t> Container::write() const {
  std::vector<uint8_t> out;
  size_t total = kHeaderSize + 4 * m_chunks.size();
  for (const Chunk& chunk : m_chunks)
    total += 8 + chunk.data.size();
  out.assign(20, 0);
  std::memcpy(out.data(), "DXBC", 4);
  appendU32(out, m_version);
  appendU32(out, uint32_t(total));
  appendU32(out, uint32_t(m_chunks.size()));
  size_t offset = kHeaderSize + 4 * m_chunks.size();
  for (const Chunk& chunk : m_chunks) {
    appendU32(out, uint32_t(offset));
    offset += 8 + chunk.data.size();
  }
  for (const Chunk& chunk : m_chunks) {
    appendU32(out, chunk.code);
    appendU32(out, uint32_t(chunk.data.size()));
    size_t at = out.size();
    out.resize(at + chunk.data.size());
    if (!chunk.data.empty())
      std::memcpy(out.data() + at, chunk.data.data(), chunk.data.size());
  }
  Digest sum = dxbcChecksum(out.data(), out.size());
  std::memcpy(out.data() + 4, sum.data(), 16);
  return out;
}

const Chunk* Container::find(FourCC code) const {
  for (const Chunk& chunk : m_chunks)
    if (chunk.code == code)
      return &chunk;
  return nullptr;
}

const Chunk* Container::findAny(std::initializer_list<FourCC> codes) const {
  for (const Chunk& chunk : m_chunks)
    for (FourCC code : codes)
      if (chunk.code == code)
        return &chunk;
  return nullptr;
}

std::vector<uint8_t> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw Error("cannot open '" + path + "'");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw Error("cannot read '" + path + "'");
  return bytes;
}

}  // namespace dxbc
