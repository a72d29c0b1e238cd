// MD5 from RFC 1321, and DXBC's variant of its final padding.
#include "dxbc/md5.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace dxbc {
namespace {

// Per-round left-rotation amounts (RFC 1321, section 3.4).
constexpr uint32_t kShift[64] = {
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
  5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
};

// T[i] = floor(2^32 * |sin(i + 1)|), the RFC's table, computed once rather than typed in.
struct SineTable {
  uint32_t t[64];
  SineTable();
};

SineTable::SineTable() {
  for (int i = 0; i < 64; i++)
    t[i] = static_cast<uint32_t>(std::floor(std::fabs(std::sin(static_cast<double>(i + 1))) * 4294967296.0));
}

const SineTable& sineTable() {
  static const SineTable table;
  return table;
}

uint32_t rotl(uint32_t x, uint32_t n) { return (x << n) | (x >> (32 - n)); }

uint32_t loadLe32(const uint8_t* p) {
  return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

void storeLe32(uint8_t* p, uint32_t v) {
  p[0] = uint8_t(v), p[1] = uint8_t(v >> 8), p[2] = uint8_t(v >> 16), p[3] = uint8_t(v >> 24);
}

}  // namespace

Md5::Md5() : m_state{0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u}, m_buffer{} {}

void Md5::transform(const uint8_t block[64]) {
  const uint32_t* T = sineTable().t;
  uint32_t X[16];
  for (int i = 0; i < 16; i++)
    X[i] = loadLe32(block + 4 * i);
  uint32_t a = m_state[0], b = m_state[1], c = m_state[2], d = m_state[3];
  for (uint32_t i = 0; i < 64; i++) {
    uint32_t f, k;
    switch (i / 16) {
      case 0: f = (b & c) | (~b & d); k = i; break;
      case 1: f = (b & d) | (c & ~d); k = (5 * i + 1) % 16; break;
      case 2: f = b ^ c ^ d; k = (3 * i + 5) % 16; break;
      default: f = c ^ (b | ~d); k = (7 * i) % 16; break;
    }
    uint32_t next = b + rotl(a + f + X[k] + T[i], kShift[i]);
    a = d, d = c, c = b, b = next;
  }
  m_state[0] += a, m_state[1] += b, m_state[2] += c, m_state[3] += d;
}

void Md5::update(const uint8_t* data, size_t size) {
  m_length += size;
  while (size > 0) {
    size_t take = std::min(size, sizeof(m_buffer) - m_buffered);
    std::memcpy(m_buffer + m_buffered, data, take);
    m_buffered += take, data += take, size -= take;
    if (m_buffered == 64) {
      transform(m_buffer);
      m_buffered = 0;
    }
  }
}

Digest Md5::state() const {
  Digest out;
  for (int i = 0; i < 4; i++)
    storeLe32(out.data() + 4 * i, m_state[i]);
  return out;
}

Digest Md5::finish() {
  uint64_t bits = m_length * 8;
  uint8_t pad[72] = {0x80};
  size_t padLength = (m_buffered < 56) ? 56 - m_buffered : 120 - m_buffered;
  update(pad, padLength);
  uint8_t lengthBytes[8];
  for (int i = 0; i < 8; i++)
    lengthBytes[i] = uint8_t(bits >> (8 * i));
  update(lengthBytes, 8);
  return state();
}

Digest md5(const uint8_t* data, size_t size) {
  Md5 h;
  h.update(data, size);
  return h.finish();
}

Digest dxbcChecksum(const uint8_t* container, size_t size) {
  const uint8_t* data = container + 20;
  size_t length = size - 20;
  uint32_t bits = static_cast<uint32_t>(length * 8);
  Md5 h;
  size_t full = length / 64 * 64;
  for (size_t i = 0; i < full; i += 64)
    h.transform(data + i);
  size_t rest = length - full;
  uint8_t block[64] = {};
  // The tail: the bit count leads the block when it fits (rest < 56), otherwise the tail gets its
  // own block and the counts go into one more. The last word is (bits >> 2) | 1 either way.
  if (rest < 56) {
    storeLe32(block, bits);
    std::memcpy(block + 4, data + full, rest);
    block[4 + rest] = 0x80;
  } else {
    std::memcpy(block, data + full, rest);
    block[rest] = 0x80;
    h.transform(block);
    std::memset(block, 0, sizeof(block));
    storeLe32(block, bits);
  }
  storeLe32(block + 60, (bits >> 2) | 1);
  h.transform(block);
  return h.state();
}

}  // namespace dxbc
