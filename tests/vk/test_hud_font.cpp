// HUD font: the glyph table is complete, decodable from screen captures and shaped like text.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "vk/hud_font.h"

namespace {

constexpr uint64_t kRowMask = (uint64_t(1) << vk::hud::kGlyphWidth) - 1;

uint64_t row(char c, uint32_t index) {
  return (vk::hud::glyphBits(c) >> (index * vk::hud::kGlyphWidth)) & kRowMask;
}

bool anyLitIn(char c, uint32_t firstRow, uint32_t lastRow) {
  for (uint32_t r = firstRow; r <= lastRow; ++r) {
    if (row(c, r) != 0) return true;
  }
  return false;
}

std::string printable() {
  std::string all;
  for (int c = 0x20; c <= 0x7E; ++c) all += static_cast<char>(c);
  return all;
}

}  // namespace

TEST_CASE("space is the only blank glyph", "[vk][hud]") {
  CHECK(vk::hud::glyphBits(' ') == 0);
  for (char c : printable()) {
    if (c == ' ') continue;
    INFO("character '" << c << "'");
    CHECK(vk::hud::glyphBits(c) != 0);
  }
}

TEST_CASE("every printable glyph is different from every other", "[vk][hud]") {
  const std::string all = printable();
  REQUIRE(all.size() == 95);
  for (size_t i = 0; i < all.size(); ++i) {
    for (size_t j = i + 1; j < all.size(); ++j) {
      INFO("characters '" << all[i] << "' and '" << all[j] << "'");
      CHECK(vk::hud::glyphBits(all[i]) != vk::hud::glyphBits(all[j]));
    }
  }
}

TEST_CASE("glyph bits stay inside the glyph", "[vk][hud]") {
  constexpr uint32_t kPixels = vk::hud::kGlyphWidth * vk::hud::kGlyphHeight;
  static_assert(kPixels < 64);
  for (int c = 0; c < 256; ++c) {
    INFO("code " << c);
    CHECK((vk::hud::glyphBits(static_cast<char>(c)) >> kPixels) == 0);
  }
}

TEST_CASE("cells leave room around each glyph", "[vk][hud]") {
  CHECK(vk::hud::kCellWidth == vk::hud::kGlyphWidth + 1);
  CHECK(vk::hud::kCellHeight == vk::hud::kGlyphHeight + 2);
}

TEST_CASE("characters outside printable ASCII draw as a question mark", "[vk][hud]") {
  const uint64_t question = vk::hud::glyphBits('?');
  for (char c : {'\0', '\t', '\n', '\r', '\x1F', '\x7F', static_cast<char>(0x80), static_cast<char>(0xA0),
                 static_cast<char>(0xFF)}) {
    INFO("code " << static_cast<int>(static_cast<unsigned char>(c)));
    CHECK(vk::hud::glyphBits(c) == question);
  }
  CHECK(vk::hud::glyphBits('!') != question);
  CHECK(vk::hud::glyphBits('~') != question);
}

TEST_CASE("only descending characters reach below the baseline", "[vk][hud]") {
  for (char c : std::string("gjpqy,;")) {
    INFO("character '" << c << "'");
    CHECK(anyLitIn(c, 7, 8));
  }
  for (char c = 'A'; c <= 'Z'; ++c) {
    INFO("character '" << c << "'");
    CHECK_FALSE(anyLitIn(c, 7, 8));
  }
  for (char c = '0'; c <= '9'; ++c) {
    INFO("character '" << c << "'");
    CHECK_FALSE(anyLitIn(c, 7, 8));
  }
  for (char c : std::string("abcdefhiklmnorstuvwxz")) {
    INFO("character '" << c << "'");
    CHECK_FALSE(anyLitIn(c, 7, 8));
  }
}

TEST_CASE("capitals and digits span the full cap height", "[vk][hud]") {
  std::string tall;
  for (char c = '0'; c <= '9'; ++c) tall += c;
  for (char c = 'A'; c <= 'Z'; ++c) tall += c;
  for (char c : tall) {
    INFO("character '" << c << "'");
    CHECK(row(c, 0) != 0);
    CHECK(row(c, 6) != 0);
  }
  // Shapes whose outline is a flat bar at the top or bottom must fill it edge to edge.
  CHECK(row('E', 0) == kRowMask);
  CHECK(row('E', 6) == kRowMask);
  CHECK(row('T', 0) == kRowMask);
  CHECK(row('L', 6) == kRowMask);
  CHECK(row('Z', 0) == kRowMask);
  CHECK(row('Z', 6) == kRowMask);
  CHECK(row('H', 0) == row('H', 6));
}

TEST_CASE("lowercase letters sit on the x-height with ascenders above it", "[vk][hud]") {
  for (char c = 'a'; c <= 'z'; ++c) {
    INFO("character '" << c << "'");
    CHECK(row(c, 2) != 0);
    CHECK(anyLitIn(c, 6, 6));
  }
  for (char c : std::string("bdfhklt")) {
    INFO("character '" << c << "'");
    CHECK(anyLitIn(c, 0, 1));
  }
  for (char c : std::string("acegmnopqrsuvwxyz")) {
    INFO("character '" << c << "'");
    CHECK_FALSE(anyLitIn(c, 0, 1));
  }
  // The dots of i and j stand apart from their stems.
  CHECK(row('i', 0) != 0);
  CHECK(row('i', 1) == 0);
  CHECK(row('j', 0) != 0);
  CHECK(row('j', 1) == 0);
}

TEST_CASE("easily confused shapes are told apart", "[vk][hud]") {
  for (const char* pair : {"0O", "0o", "1l", "1I", "lI", "l|", "I|", "1|", "5S", "2Z", "8B", "0D", "Oo", "!i", ".,",
                           ":;", "'`"}) {
    INFO("characters '" << pair[0] << "' and '" << pair[1] << "'");
    CHECK(vk::hud::glyphBits(pair[0]) != vk::hud::glyphBits(pair[1]));
  }
  // The zero is slashed: it lights a pixel in its middle where O is hollow.
  CHECK((row('0', 3) & ~row('O', 3)) != 0);
}
