// Bounds-checked little-endian reads from chunk bytes, and the matching writer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/error.h"

namespace dxbc {

class ByteReader {
public:
  ByteReader(const std::vector<uint8_t>& data, const char* what) : m_data(data), m_what(what) {}

  uint32_t u32(size_t offset) const {
    check(offset, 4);
    const uint8_t* p = m_data.data() + offset;
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
  }
  uint16_t u16(size_t offset) const {
    check(offset, 2);
    return uint16_t(m_data[offset] | m_data[offset + 1] << 8);
  }
  uint8_t u8(size_t offset) const {
    check(offset, 1);
    return m_data[offset];
  }
  // A NUL-terminated string that must end inside the chunk.
  std::string string(size_t offset) const {
    check(offset, 1);
    std::string s;
    for (size_t i = offset;; i++) {
      if (i >= m_data.size())
        throw Error(std::string(m_what) + ": string at " + std::to_string(offset) + " is not terminated");
      if (m_data[i] == 0)
        return s;
      s += char(m_data[i]);
    }
  }
  void check(size_t offset, size_t size) const {
    if (offset > m_data.size() || size > m_data.size() - offset)
      throw Error(std::string(m_what) + ": read of " + std::to_string(size) + " bytes at " + std::to_string(offset) +
                  " is past the chunk's " + std::to_string(m_data.size()) + " bytes");
  }
  size_t size() const { return m_data.size(); }

private:
  const std::vector<uint8_t>& m_data;
  const char* m_what;
};

class ByteWriter {
public:
  std::vector<uint8_t> bytes;
  void u32(uint32_t v) {
    for (int i = 0; i < 4; i++)
      bytes.push_back(uint8_t(v >> (8 * i)));
  }
  void u16(uint16_t v) { bytes.push_back(uint8_t(v)), bytes.push_back(uint8_t(v >> 8)); }
  void u8(uint8_t v) { bytes.push_back(v); }
  void patch32(size_t offset, uint32_t v) {
    for (int i = 0; i < 4; i++)
      bytes[offset + i] = uint8_t(v >> (8 * i));
  }
  void string(const std::string& s) {
    bytes.insert(bytes.end(), s.begin(), s.end());
    bytes.push_back(0);
  }
  // Microsoft's compiler pads string tables with 0xAB up to the next 4-byte boundary.
  void padAB() {
    while (bytes.size() % 4)
      bytes.push_back(0xab);
  }
  size_t size() const { return bytes.size(); }
};

}  // namespace dxbc
