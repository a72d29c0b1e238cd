// Hud: what the presenter's overlay shows each frame (the items of util/hud_options.h, sampled
// from the device's counters, the allocator, the GPU timer and the swapchain's frame times) and
// how it is laid out: quads of glyphs and bars in swapchain pixels, which HudRenderer draws.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "util/hud_options.h"

namespace vk {

class Adapter;
class Device;
class FrameStats;

// One quad of the overlay: a glyph of the HUD font (glyph 1: its pixels lit where `bits` says)
// or a solid rectangle (glyph 0). Laid out as the renderer's instance data.
struct HudQuad {
  float x, y, width, height;  // swapchain pixels, top left origin
  uint32_t color;             // RGBA8, red in the low byte
  uint32_t bitsLow, bitsHigh; // hud::glyphBits, for glyphs
  uint32_t glyph;
};
static_assert(sizeof(HudQuad) == 32);

struct HudLine {
  std::string text;
  uint32_t color;
};

// A frame's content: text lines top to bottom, with the frame-time graph under line
// `graphAfterLine` when there is one (the lines below it move down by the graph's height).
struct HudContent {
  std::vector<HudLine> lines;
  std::vector<float> graphMs;  // oldest first; empty: no graph
  float graphMaxMs = 0.0f;     // the graph's full height
  size_t graphAfterLine = 0;   // the index of the line the graph follows
};

// Where the first glyph's top left pixel is, at any scale: tests read the text from there (the
// lines down to the graph are kCellHeight * scale apart).
constexpr float kHudLeft = 8.0f, kHudTop = 8.0f;
// Bars of the frame-time graph, one per frame.
constexpr uint32_t kHudGraphFrames = 120;

// The quads drawing `content` at `scale` (font pixels to screen pixels): a translucent dark
// box behind everything, the glyphs, and the graph's bars.
std::vector<HudQuad> layoutHud(const HudContent& content, float scale);

class Hud {
public:
  using Clock = std::chrono::steady_clock;

  // `api` is what the api item shows ("D3D11 FL 11_1"). The references outlive the HUD.
  Hud(const Device& device, const Adapter& adapter, const util::hud::Options& options, const FrameStats& frames,
      std::string api);

  // The content for the frame being presented now (worker thread). Counts and rates are
  // averages over the last half second, updated twice a second, as DXVK's users read them.
  const HudContent& content(Clock::time_point now);
  const util::hud::Options& options() const { return m_options; }

private:
  struct Sample {
    Clock::time_point time{};
    uint64_t frames = 0, submissions = 0, draws = 0, dispatches = 0, chunks = 0, workerBusyNs = 0, gpuBusyNs = 0;
  };
  Sample sample(Clock::time_point now) const;
  void rebuild(Clock::time_point now);

  const Device& m_device;
  const util::hud::Options m_options;
  const FrameStats& m_frames;
  std::vector<HudLine> m_fixed;  // version, devinfo, api: the same every frame
  Sample m_last;                 // at the last update
  bool m_haveSample = false;
  // Figures of the last update.
  double m_fps = 0.0, m_submissions = 0.0, m_draws = 0.0, m_dispatches = 0.0, m_chunks = 0.0;
  double m_gpuLoad = -1.0, m_workerLoad = 0.0;
  Clock::time_point m_lastCompiling{};
  bool m_everCompiled = false;
  uint64_t m_compiledCount = 0;  // shaders and pipelines made, at the last frame
  HudContent m_content;
};

}  // namespace vk
