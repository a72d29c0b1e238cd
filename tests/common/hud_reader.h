// Reads the HUD's text back from pixels (a window captured from the X server, a CPU rendering of
// the layout): each character cell is matched against the HUD font, so a test can assert what the
// overlay says, not only that something is drawn. Header-only: the native tests and the native
// checker of the Wine test share it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "vk/hud.h"
#include "vk/hud_font.h"

namespace test_hud {

// 0xRRGGBB at a pixel of the capture.
using PixelReader = std::function<uint32_t(int x, int y)>;

// The HUD writes text in white over a dark box, so a lit font pixel is near white whatever the
// frame under it; an unlit one is at most a quarter bright (75 % black over the frame).
inline bool lit(uint32_t rgb) {
  return ((rgb >> 16) & 0xff) >= 0xe0 && ((rgb >> 8) & 0xff) >= 0xe0 && (rgb & 0xff) >= 0xe0;
}

// The character whose glyph is exactly `bits`, or '\0' for none.
inline char glyphOf(uint64_t bits) {
  for (int c = 0x20; c < 0x7f; ++c)
    if (vk::hud::glyphBits(char(c)) == bits)
      return char(c);
  return '\0';
}

// Lines of text read from a HUD drawn at `scale` whose first glyph's top left pixel is at
// (originX + kHudLeft, originY + kHudTop): up to `columns` characters each, trailing spaces
// dropped; a cell that matches no glyph reads '?'.
inline std::vector<std::string> readLines(const PixelReader& pixel, int originX, int originY, float scale, size_t lines,
                                          size_t columns) {
  using namespace vk::hud;
  std::vector<std::string> text;
  for (size_t row = 0; row < lines; ++row) {
    std::string line;
    for (size_t column = 0; column < columns; ++column) {
      const float cellX = float(originX) + vk::kHudLeft + float(column * kCellWidth) * scale;
      const float cellY = float(originY) + vk::kHudTop + float(row * kCellHeight) * scale;
      uint64_t bits = 0;
      for (uint32_t y = 0; y < kGlyphHeight; ++y)
        for (uint32_t x = 0; x < kGlyphWidth; ++x)
          if (lit(pixel(int(cellX + (float(x) + 0.5f) * scale), int(cellY + (float(y) + 0.5f) * scale))))
            bits |= 1ull << (y * kGlyphWidth + x);
      const char c = glyphOf(bits);
      line += c ? c : '?';
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    text.push_back(line);
  }
  return text;
}

// The number after `label` in the first line that starts with it ("FPS: 29.9" -> 29.9).
inline std::optional<double> numberAfter(const std::vector<std::string>& lines, const std::string& label) {
  for (const std::string& line : lines) {
    if (line.rfind(label, 0) != 0)
      continue;
    const char* start = line.c_str() + label.size();
    char* end = nullptr;
    const double value = std::strtod(start, &end);
    if (end != start)
      return value;
  }
  return std::nullopt;
}

// A CPU rendering of layoutHud's quads over a background colour, as the renderer draws them with
// opacity 1 (tests of the layout and the reader without a GPU).
struct CpuCanvas {
  int width, height;
  std::vector<uint32_t> pixels;  // 0xRRGGBB

  CpuCanvas(int w, int h, uint32_t background) : width(w), height(h), pixels(size_t(w) * size_t(h), background) {}

  void draw(const std::vector<vk::HudQuad>& quads) {
    using namespace vk::hud;
    for (const vk::HudQuad& quad : quads) {
      for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
          const float px = float(x) + 0.5f, py = float(y) + 0.5f;
          if (px < quad.x || px >= quad.x + quad.width || py < quad.y || py >= quad.y + quad.height)
            continue;
          if (quad.glyph) {
            const uint32_t column = std::min(kGlyphWidth - 1, uint32_t((px - quad.x) / quad.width * float(kGlyphWidth)));
            const uint32_t row = std::min(kGlyphHeight - 1, uint32_t((py - quad.y) / quad.height * float(kGlyphHeight)));
            const uint64_t bits = uint64_t(quad.bitsLow) | (uint64_t(quad.bitsHigh) << 32);
            if (!((bits >> (row * kGlyphWidth + column)) & 1))
              continue;
          }
          const float alpha = float(quad.color >> 24) / 255.0f;
          uint32_t& out = pixels[size_t(y) * size_t(width) + size_t(x)];
          uint32_t blended = 0;
          for (int channel = 0; channel < 3; ++channel) {
            // The quad's colour is RGBA8 with red in the low byte; the canvas is 0xRRGGBB.
            const float source = float((quad.color >> (8 * channel)) & 0xff);
            const float destination = float((out >> (16 - 8 * channel)) & 0xff);
            blended |= uint32_t(source * alpha + destination * (1.0f - alpha) + 0.5f) << (16 - 8 * channel);
          }
          out = blended;
        }
      }
    }
  }
  uint32_t at(int x, int y) const {
    return x < 0 || y < 0 || x >= width || y >= height ? 0u : pixels[size_t(y) * size_t(width) + size_t(x)];
  }
};

}  // namespace test_hud
