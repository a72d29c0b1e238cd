// MD5 (RFC 1321) and the DXBC container checksum, which is MD5 with its own padding layout.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace dxbc {

using Digest = std::array<uint8_t, 16>;

// Incremental MD5 exactly as RFC 1321 describes it.
class Md5 {
public:
  Md5();
  void update(const uint8_t* data, size_t size);
  Digest finish();

  // The compression function on one 64-byte block; the DXBC checksum drives it directly.
  void transform(const uint8_t block[64]);
  Digest state() const;

private:
  uint32_t m_state[4];
  uint8_t m_buffer[64];
  size_t m_buffered = 0;
  uint64_t m_length = 0;
};

Digest md5(const uint8_t* data, size_t size);

// The checksum stored at bytes 4..19 of a DXBC container. It covers everything from byte 20 on,
// but places the bit length before the tail bytes of the last block (and a second length word at
// the block's end) instead of MD5's trailing 64-bit length. Needs size >= 20.
Digest dxbcChecksum(const uint8_t* container, size_t size);

}  // namespace dxbc
