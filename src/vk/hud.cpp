// Hud: sampling the figures each item shows, and laying the text and graph out as quads.
#include "vk/hud.h"

#include <algorithm>
#include <cstdio>

#include "vk/adapter.h"
#include "vk/device.h"
#include "vk/frame_stats.h"
#include "vk/gpu_timer.h"
#include "vk/hud_font.h"
#include "vk/memory_allocator.h"

namespace vk {

namespace {

using util::hud::Item;

constexpr uint32_t kText = 0xFFFFFFFFu;        // white: readable over any game, and what tests look for
constexpr uint32_t kBackground = 0xC0000000u;  // black at 75 %: the text stays white on top of it
constexpr uint32_t kGraphBar = 0xFF40D040u;    // green
constexpr uint32_t kGraphSpike = 0xFF4040F0u;  // red: frames over twice the median
constexpr float kPadding = 4.0f;               // font pixels around the text
constexpr float kGraphHeight = 32.0f;          // font pixels
constexpr float kGraphBarWidth = 2.0f;
constexpr double kUpdateSeconds = 0.5;
constexpr double kCompilerLingerSeconds = 1.0;  // the compiler line stays up this long after work ends

template <typename... Args>
std::string format(const char* pattern, Args... args) {
  char buffer[256];
  std::snprintf(buffer, sizeof(buffer), pattern, args...);
  return buffer;
}

std::string megabytes(VkDeviceSize bytes) {
  return format("%llu MB", (unsigned long long)((bytes + (1u << 19)) >> 20));
}

// The graph's bars, standing on `bottom`: newest frame at the right edge, as a scrolling graph reads.
void layoutGraph(const HudContent& content, float scale, float bottom, std::vector<HudQuad>* quads) {
  std::vector<float> sorted = content.graphMs;
  std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(sorted.size() / 2), sorted.end());
  const float median = sorted[sorted.size() / 2];
  // A steady frame rate sits at 80 % of the height, so a spike above it still shows.
  const float full = std::max({content.graphMaxMs, 1.25f * median, 1.0f});
  const size_t shown = std::min<size_t>(kHudGraphFrames, content.graphMs.size());
  const size_t first = kHudGraphFrames - shown;
  for (size_t i = 0; i < shown; ++i) {
    const float ms = content.graphMs[content.graphMs.size() - shown + i];
    const float barHeight = std::max(1.0f, std::min(1.0f, ms / full) * kGraphHeight * scale);
    // Half the bar's slot is drawn: the gaps keep neighbouring frames apart.
    quads->push_back(HudQuad{kHudLeft + float(first + i) * kGraphBarWidth * scale, bottom - barHeight,
                             0.5f * kGraphBarWidth * scale, barHeight, ms > 2.0f * median ? kGraphSpike : kGraphBar, 0, 0, 0});
  }
}

}  // namespace

std::vector<HudQuad> layoutHud(const HudContent& content, float scale) {
  std::vector<HudQuad> quads;
  const bool graph = !content.graphMs.empty();
  if (content.lines.empty() && !graph)
    return quads;
  size_t columns = 0;
  for (const HudLine& line : content.lines)
    columns = std::max(columns, line.text.size());
  const float cellWidth = float(hud::kCellWidth) * scale, cellHeight = float(hud::kCellHeight) * scale;
  const float graphHeight = graph ? (kGraphHeight + kPadding) * scale : 0.0f;
  const float height = float(content.lines.size()) * cellHeight + graphHeight;
  float width = float(columns) * cellWidth;
  if (graph)
    width = std::max(width, float(kHudGraphFrames) * kGraphBarWidth * scale);
  const float pad = kPadding * scale;
  quads.push_back(HudQuad{kHudLeft - pad, kHudTop - pad, width + 2 * pad, height + 2 * pad, kBackground, 0, 0, 0});

  float top = kHudTop;
  for (size_t row = 0; row < content.lines.size(); ++row) {
    const HudLine& line = content.lines[row];
    for (size_t column = 0; column < line.text.size(); ++column) {
      if (line.text[column] == ' ')
        continue;
      const uint64_t bits = hud::glyphBits(line.text[column]);
      quads.push_back(HudQuad{kHudLeft + float(column) * cellWidth, top, float(hud::kGlyphWidth) * scale,
                              float(hud::kGlyphHeight) * scale, line.color, uint32_t(bits), uint32_t(bits >> 32), 1});
    }
    top += cellHeight;
    if (graph && row == std::min(content.graphAfterLine, content.lines.size() - 1)) {
      layoutGraph(content, scale, top + kGraphHeight * scale, &quads);
      top += graphHeight;
    }
  }
  if (graph && content.lines.empty())
    layoutGraph(content, scale, top + kGraphHeight * scale, &quads);
  return quads;
}

Hud::Hud(const Device& device, const Adapter& adapter, const util::hud::Options& options, const FrameStats& frames,
         std::string api)
    : m_device(device), m_options(options), m_frames(frames) {
  const DeviceProfile& profile = adapter.profile();
  if (options.has(Item::Version))
    m_fixed.push_back({std::string("d3d11vk ") + D3D11VK_VERSION, kText});
  if (options.has(Item::DevInfo)) {
    m_fixed.push_back({profile.deviceName(), kText});
    m_fixed.push_back({"Driver: " + profile.driverDescription(), kText});
    m_fixed.push_back({"Vulkan: " + versionString(profile.apiVersion()), kText});
  }
  if (options.has(Item::Api))
    m_fixed.push_back({api, kText});
}

Hud::Sample Hud::sample(Clock::time_point now) const {
  const DeviceCounters& counters = m_device.counters();
  Sample sample;
  sample.time = now;
  sample.frames = m_frames.snapshot(0).frames;
  sample.submissions = DeviceCounters::read(counters.submissions);
  sample.draws = DeviceCounters::read(counters.draws);
  sample.dispatches = DeviceCounters::read(counters.dispatches);
  sample.chunks = DeviceCounters::read(counters.chunks);
  sample.workerBusyNs = DeviceCounters::read(counters.workerBusyNs);
  sample.gpuBusyNs = m_device.gpuTimer() ? m_device.gpuTimer()->busyNs() : 0;
  return sample;
}

const HudContent& Hud::content(Clock::time_point now) {
  if (!m_haveSample) {
    m_last = sample(now);
    m_haveSample = true;
    rebuild(now);
  } else if (std::chrono::duration<double>(now - m_last.time).count() >= kUpdateSeconds) {
    const Sample current = sample(now);
    const double seconds = std::chrono::duration<double>(current.time - m_last.time).count();
    const double frames = double(current.frames - m_last.frames);
    const double perFrame = frames > 0 ? 1.0 / frames : 0.0;
    m_fps = frames / seconds;
    m_submissions = double(current.submissions - m_last.submissions) * perFrame;
    m_draws = double(current.draws - m_last.draws) * perFrame;
    m_dispatches = double(current.dispatches - m_last.dispatches) * perFrame;
    m_chunks = double(current.chunks - m_last.chunks) * perFrame;
    m_workerLoad = std::min(1.0, double(current.workerBusyNs - m_last.workerBusyNs) / (seconds * 1e9));
    // The share of the wall-clock time the GPU spent on our command buffers.
    m_gpuLoad = m_device.gpuTimer() ? std::min(1.0, double(current.gpuBusyNs - m_last.gpuBusyNs) / (seconds * 1e9)) : -1.0;
    m_last = current;
    rebuild(now);
  } else if (m_options.has(Item::FrameTimes) || m_options.has(Item::Compiler)) {
    rebuild(now);  // the graph scrolls and the compiler line follows work every frame
  }
  return m_content;
}

void Hud::rebuild(Clock::time_point now) {
  m_content.lines = m_fixed;
  m_content.graphMs.clear();
  auto line = [&](std::string text) { m_content.lines.push_back({std::move(text), kText}); };
  if (m_options.has(Item::Fps))
    line(format("FPS: %.1f", m_fps));
  if (m_options.has(Item::FrameTimes)) {
    FrameStats::Snapshot frames = m_frames.snapshot(kHudGraphFrames);
    if (!frames.presentMs.empty()) {
      const auto [low, high] = std::minmax_element(frames.presentMs.begin(), frames.presentMs.end());
      line(format("Frame time: min %.1f ms, max %.1f ms", double(*low), double(*high)));
      m_content.graphAfterLine = m_content.lines.size() - 1;
      m_content.graphMaxMs = std::max(*high, 1.0f);
      m_content.graphMs = std::move(frames.presentMs);
    } else {
      line("Frame time: -");
    }
  }
  if (m_options.has(Item::Submissions))
    line(format("Submissions: %.1f", m_submissions));
  if (m_options.has(Item::DrawCalls)) {
    line(format("Draw calls: %.0f", m_draws));
    line(format("Dispatch calls: %.0f", m_dispatches));
  }
  const DeviceCounters& counters = m_device.counters();
  if (m_options.has(Item::Pipelines)) {
    line(format("Graphics pipelines: %llu", (unsigned long long)DeviceCounters::read(counters.graphicsPipelines)));
    line(format("Compute pipelines: %llu", (unsigned long long)DeviceCounters::read(counters.computePipelines)));
    line(format("Compiling: %lld", (long long)std::max<int64_t>(0, counters.pipelinesCompiling.load(std::memory_order_relaxed))));
  }
  if (m_options.has(Item::Memory)) {
    for (const HeapStats& heap : m_device.allocator().heapStats()) {
      if (!heap.allocatedBytes && !heap.deviceLocal)
        continue;
      line(format("Heap %u (%s): %s allocated, %s used", heap.heap, heap.deviceLocal ? "device" : "system",
                  megabytes(heap.allocatedBytes).c_str(), megabytes(heap.usedBytes).c_str()));
    }
  }
  if (m_options.has(Item::GpuLoad))
    line(m_gpuLoad < 0.0 ? std::string("GPU load: n/a (no timestamps)") : format("GPU load: %.0f%%", m_gpuLoad * 100.0));
  if (m_options.has(Item::Cs)) {
    line(format("CS chunks: %.1f per frame", m_chunks));
    line(format("CS worker: %.0f%%", m_workerLoad * 100.0));
  }
  if (m_options.has(Item::Compiler)) {
    // Work in progress now, or finished since the last frame (a compile between two presents).
    const uint64_t compiled = DeviceCounters::read(counters.shadersCompiled) + DeviceCounters::read(counters.graphicsPipelines) +
                              DeviceCounters::read(counters.computePipelines);
    const bool compiling = counters.shadersCompiling.load(std::memory_order_relaxed) > 0 ||
                           counters.pipelinesCompiling.load(std::memory_order_relaxed) > 0 || compiled != m_compiledCount;
    m_compiledCount = compiled;
    if (compiling) {
      m_lastCompiling = now;
      m_everCompiled = true;
    }
    if (m_everCompiled && std::chrono::duration<double>(now - m_lastCompiling).count() < kCompilerLingerSeconds)
      line("Compiling shaders...");
  }
}

}  // namespace vk
