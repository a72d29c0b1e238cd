// HUD font: the built-in bitmap font the presenter's overlay draws text with (printable ASCII).
#pragma once
#include <cstdint>
namespace vk::hud {
// A glyph is kGlyphWidth x kGlyphHeight pixels: rows 0-6 hold capitals and digits (the baseline is under row 6), rows 7-8 hold descenders (g, j, p, q, y, comma...). Lowercase x-height is 5 rows (rows 2-6).
constexpr uint32_t kGlyphWidth = 5;
constexpr uint32_t kGlyphHeight = 9;
// Text advances one cell per character and one line per kCellHeight rows (one column and two rows of space around each glyph).
constexpr uint32_t kCellWidth = 6;
constexpr uint32_t kCellHeight = 11;
// The glyph of `c` as bits: bit (row * kGlyphWidth + column) is set where the pixel is lit; row 0 is the top, column 0 the left. Printable ASCII 0x20-0x7E has its own glyph; every other value draws as '?'.
uint64_t glyphBits(char c);
}
