// PNG encoding without zlib: the image data is wrapped in uncompressed deflate blocks, which every
// PNG reader accepts; the picture is a few hundred KiB larger but the PE build needs no library.
#include "png_writer.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>

namespace demo {

namespace {

// The table for the reflected CRC-32 polynomial 0xEDB88320 that PNG chunks use.
const std::array<uint32_t, 256>& crcTable() {
  static const std::array<uint32_t, 256> table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t n = 0; n < 256; ++n) {
      uint32_t c = n;
      for (int k = 0; k < 8; ++k)
        c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  return table;
}

void putBigEndian32(std::vector<uint8_t>& out, uint32_t value) {
  out.push_back(uint8_t(value >> 24));
  out.push_back(uint8_t(value >> 16));
  out.push_back(uint8_t(value >> 8));
  out.push_back(uint8_t(value));
}

// A chunk is length, type, data, then the CRC of type and data.
void putChunk(std::vector<uint8_t>& out, const char type[4], const std::vector<uint8_t>& data) {
  putBigEndian32(out, uint32_t(data.size()));
  size_t typeAt = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  putBigEndian32(out, crc32(out.data() + typeAt, out.size() - typeAt));
}

// A zlib stream (RFC 1950) whose deflate data (RFC 1951) is only stored blocks of at most 65535
// bytes: no compression, so no Huffman coding to get wrong.
std::vector<uint8_t> zlibStored(const std::vector<uint8_t>& raw) {
  std::vector<uint8_t> out;
  out.reserve(raw.size() + raw.size() / 65535 * 5 + 16);
  out.push_back(0x78);  // deflate, 32 KiB window
  out.push_back(0x01);  // no preset dictionary; 0x7801 is a multiple of 31 as the header requires
  size_t at = 0;
  do {
    size_t length = std::min<size_t>(raw.size() - at, 65535);
    bool last = at + length == raw.size();
    out.push_back(last ? 1 : 0);  // BFINAL, BTYPE = 00 (stored)
    out.push_back(uint8_t(length));
    out.push_back(uint8_t(length >> 8));
    out.push_back(uint8_t(~length));
    out.push_back(uint8_t(~length >> 8));
    out.insert(out.end(), raw.begin() + std::ptrdiff_t(at), raw.begin() + std::ptrdiff_t(at + length));
    at += length;
  } while (at < raw.size());
  putBigEndian32(out, adler32(raw.data(), raw.size()));
  return out;
}

}  // namespace

uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc) {
  const auto& table = crcTable();
  crc = ~crc;
  for (size_t i = 0; i < size; ++i)
    crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

uint32_t adler32(const uint8_t* data, size_t size) {
  const uint32_t mod = 65521;
  uint32_t a = 1, b = 0;
  // 5552 bytes is the longest run whose sums cannot overflow 32 bits before the modulo.
  while (size > 0) {
    size_t run = std::min<size_t>(size, 5552);
    for (size_t i = 0; i < run; ++i) {
      a += data[i];
      b += a;
    }
    a %= mod;
    b %= mod;
    data += run;
    size -= run;
  }
  return (b << 16) | a;
}

std::vector<uint8_t> encodePng(uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb) {
  // Each row gets filter type 0 (None) in front of it.
  std::vector<uint8_t> raw;
  raw.reserve(size_t(height) * (size_t(width) * 3 + 1));
  for (uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);
    const uint8_t* row = rgb.data() + size_t(y) * width * 3;
    raw.insert(raw.end(), row, row + size_t(width) * 3);
  }

  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> header;
  putBigEndian32(header, width);
  putBigEndian32(header, height);
  header.push_back(8);  // bit depth
  header.push_back(2);  // colour type: RGB
  header.push_back(0);  // compression: deflate
  header.push_back(0);  // filter method 0
  header.push_back(0);  // no interlace
  putChunk(png, "IHDR", header);
  putChunk(png, "IDAT", zlibStored(raw));
  putChunk(png, "IEND", {});
  return png;
}

std::string writePng(const std::string& path, uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb) {
  if (rgb.size() != size_t(width) * height * 3)
    return "image data does not match " + std::to_string(width) + "x" + std::to_string(height);
  std::vector<uint8_t> png = encodePng(width, height, rgb);
  FILE* file = std::fopen(path.c_str(), "wb");
  if (!file)
    return "cannot open " + path + " for writing: " + std::strerror(errno);
  size_t written = std::fwrite(png.data(), 1, png.size(), file);
  bool closed = std::fclose(file) == 0;
  if (written != png.size() || !closed)
    return "cannot write " + path + ": " + std::strerror(errno);
  return {};
}

}  // namespace demo
