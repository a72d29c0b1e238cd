// FrameStats: the timing of each frame a swapchain presents (present-to-present, the application
// thread's share, the GPU's busy time where measured), kept for the HUD and written one CSV line
// per frame to D3D11VK_FRAMETIME_LOG (docs/hud.md).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace vk {

class Device;

class FrameStats {
public:
  using Clock = std::chrono::steady_clock;

  // `logPath` empty: no log file. A log that cannot be opened is logged once and skipped.
  FrameStats(Device& device, const std::string& logPath);
  // Writes the frames whose GPU time never arrived (with it empty) and closes the log.
  ~FrameStats();
  FrameStats(const FrameStats&) = delete;
  FrameStats& operator=(const FrameStats&) = delete;

  // The log path D3D11VK_FRAMETIME_LOG names for the process's `index`-th swapchain (0 first):
  // the path itself, then "PATH.2", "PATH.3"...; empty when the variable is not set.
  static std::string logPathFor(uint32_t index);

  // ---- application thread ----
  // Present was called (before any waiting it does).
  void presentCalled(Clock::time_point now);
  // The frame was recorded as submission `submission` (its GPU work ends there); Present returns.
  void presentDone(uint64_t submission, Clock::time_point now);

  // ---- any thread ----
  struct Snapshot {
    uint64_t frames = 0;            // presented so far
    Clock::time_point lastPresent;  // of the latest frame
    std::vector<float> presentMs;   // the latest frames' present-to-present times, oldest first
  };
  // The latest `count` frame times at most.
  Snapshot snapshot(size_t count) const;

  static constexpr size_t kHistory = 512;

private:
  struct Pending {
    uint64_t frame;
    uint64_t submission;
    double timeMs, presentMs, appMs;
    uint64_t gpuStartNs;  // GpuTimer::busyNs() once the previous frame was complete
  };
  void gpuCredited(uint64_t value, uint64_t busyNs, bool partial);
  void writeLine(const Pending& frame, double gpuMs);  // gpuMs < 0: not measured

  Device& m_device;
  uint32_t m_listener = 0;
  std::FILE* m_log = nullptr;

  mutable std::mutex m_mutex;
  Clock::time_point m_first{}, m_lastCall{}, m_lastReturn{};
  bool m_haveFirst = false;
  double m_callPresentMs = 0.0, m_callAppMs = 0.0;  // of the Present in progress
  uint64_t m_frames = 0;
  std::deque<float> m_history;
  std::deque<Pending> m_pending;  // waiting for their GPU time, in submission order
  uint64_t m_gpuMark = 0;         // busyNs when the last finished frame's work was complete
  bool m_partial = false;         // some work since the mark was not timed
};

}  // namespace vk
