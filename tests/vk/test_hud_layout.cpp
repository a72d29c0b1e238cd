// The HUD's layout: drawn on the CPU exactly as the renderer draws its quads, the text reads back
// as the content said (the same reader the window-capture tests use), the box is dark, and the
// frame-time graph's bars follow the frame times.
#include <catch2/catch.hpp>

#include <algorithm>

#include "common/hud_reader.h"
#include "vk/hud.h"
#include "vk/hud_font.h"

namespace {

vk::HudContent sampleContent() {
  vk::HudContent content;
  content.lines = {{"d3d11vk 1.0", 0xFFFFFFFFu}, {"FPS: 29.9", 0xFFFFFFFFu}, {"Draw calls: 1234 (x|y) ~_", 0xFFFFFFFFu}};
  return content;
}

}  // namespace

TEST_CASE("HUD layout: the text reads back at any whole scale", "[vk][hud]") {
  for (float scale : {1.0f, 2.0f, 3.0f}) {
    CAPTURE(scale);
    const vk::HudContent content = sampleContent();
    test_hud::CpuCanvas canvas(600, 200, 0x3060c0);
    canvas.draw(vk::layoutHud(content, scale));
    const auto lines = test_hud::readLines([&](int x, int y) { return canvas.at(x, y); }, 0, 0, scale, 4, 30);
    CHECK(lines[0] == content.lines[0].text);
    CHECK(lines[1] == content.lines[1].text);
    CHECK(lines[2] == content.lines[2].text);
    CHECK(lines[3].empty());
    CHECK(test_hud::numberAfter(lines, "FPS: ") == Approx(29.9));
    // The box darkens the frame behind the text (75 % black): nothing under it reads as lit.
    const uint32_t box = canvas.at(int(vk::kHudLeft) - 1, int(vk::kHudTop) - 1);
    CHECK((box & 0xff) <= 0xc0 / 4 + 1);
    CHECK(((box >> 8) & 0xff) <= 0x60 / 4 + 1);
    CHECK_FALSE(test_hud::lit(box));
    // Outside the box the frame is untouched.
    CHECK(canvas.at(599, 199) == 0x3060c0);
  }
}

TEST_CASE("HUD layout: the frame-time graph", "[vk][hud]") {
  vk::HudContent content;
  content.lines = {{"Frame time", 0xFFFFFFFFu}, {"After", 0xFFFFFFFFu}};
  content.graphAfterLine = 0;
  content.graphMs.assign(50, 16.0f);
  content.graphMs.push_back(64.0f);  // the newest frame, a spike
  content.graphMaxMs = 64.0f;
  const std::vector<vk::HudQuad> quads = vk::layoutHud(content, 1.0f);
  std::vector<vk::HudQuad> bars;
  for (const vk::HudQuad& quad : quads)
    if (!quad.glyph && quad.color != 0xC0000000u)
      bars.push_back(quad);
  REQUIRE(bars.size() == 51);
  std::sort(bars.begin(), bars.end(), [](const vk::HudQuad& a, const vk::HudQuad& b) { return a.x < b.x; });
  const float spikeHeight = bars.back().height, normalHeight = bars.front().height;
  const uint32_t spikeColor = bars.back().color, normalColor = bars.front().color;
  const float rightmost = bars.back().x;
  CHECK(spikeHeight == Approx(4.0f * normalHeight));  // heights in proportion to the times
  CHECK(spikeColor != normalColor);                   // a frame over twice the median stands out
  CHECK(rightmost == Approx(vk::kHudLeft + float(vk::kHudGraphFrames - 1) * 2.0f));  // newest at the right
  // The graph stands under its line; the next line moves below it (32 + 4 font pixels).
  const float graphBottom = vk::kHudTop + float(vk::hud::kCellHeight) + 32.0f;
  for (const vk::HudQuad& bar : bars)
    CHECK(bar.y + bar.height == Approx(graphBottom));
  float afterTop = 0.0f;
  for (const vk::HudQuad& quad : quads)
    if (quad.glyph)
      afterTop = std::max(afterTop, quad.y);
  CHECK(afterTop == Approx(vk::kHudTop + float(vk::hud::kCellHeight) + 36.0f));
}

TEST_CASE("HUD layout: no content draws nothing", "[vk][hud]") {
  CHECK(vk::layoutHud(vk::HudContent{}, 1.0f).empty());
}
