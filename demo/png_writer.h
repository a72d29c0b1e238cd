// A dependency-free PNG encoder for 8-bit RGB images (zlib 'stored' blocks, CRC32, Adler32).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace demo {

// Encodes width x height pixels of tightly packed 8-bit RGB (rows top to bottom) as a PNG file.
std::vector<uint8_t> encodePng(uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb);

// Writes the PNG to path. Returns an empty string on success, otherwise what went wrong.
std::string writePng(const std::string& path, uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb);

// The checksums, exposed so a check can recompute them.
uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc = 0);
uint32_t adler32(const uint8_t* data, size_t size);

}  // namespace demo
