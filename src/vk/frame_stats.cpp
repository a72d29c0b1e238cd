// FrameStats: frame timing from Present's calls and the GPU timer's credits, and the CSV log.
#include "vk/frame_stats.h"

#include "util/env.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timer.h"

namespace vk {

namespace {

double millisecondsBetween(FrameStats::Clock::time_point from, FrameStats::Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

}  // namespace

std::string FrameStats::logPathFor(uint32_t index) {
  std::optional<std::string> path = util::getEnv("D3D11VK_FRAMETIME_LOG");
  if (!path || path->empty())
    return {};
  std::string file = *path;
#ifdef _WIN32
  // Under Wine a Unix path names the same file through drive Z: (Wine maps it to /); as given,
  // it would be taken relative to the current drive.
  if (file[0] == '/' && util::runningUnderWine())
    file = "Z:" + file;
#endif
  return index == 0 ? file : file + "." + std::to_string(index + 1);
}

FrameStats::FrameStats(Device& device, const std::string& logPath) : m_device(device) {
  if (!logPath.empty()) {
    m_log = std::fopen(logPath.c_str(), "w");
    if (!m_log) {
      util::log::warn("frame-time log: cannot open '", logPath, "' for writing; no log is written");
    } else {
      // Line buffered: a run that is killed keeps every frame written so far.
      std::setvbuf(m_log, nullptr, _IOLBF, 1 << 12);
      std::fputs("frame,time_ms,present_ms,app_ms,gpu_ms\n", m_log);
      util::log::info("frame-time log: writing '", logPath, "'");
    }
  }
  if (GpuTimer* timer = device.gpuTimer()) {
    m_gpuMark = timer->busyNs();
    m_listener = timer->addListener([this](uint64_t value, uint64_t busyNs, bool partial) { gpuCredited(value, busyNs, partial); });
  }
}

FrameStats::~FrameStats() {
  if (m_listener)
    m_device.gpuTimer()->removeListener(m_listener);
  std::lock_guard lock(m_mutex);
  for (const Pending& frame : m_pending)
    writeLine(frame, -1.0);
  if (m_log)
    std::fclose(m_log);
}

void FrameStats::presentCalled(Clock::time_point now) {
  std::lock_guard lock(m_mutex);
  if (!m_haveFirst) {
    m_first = m_lastCall = m_lastReturn = now;
    m_haveFirst = true;
  }
  m_callPresentMs = millisecondsBetween(m_lastCall, now);
  m_callAppMs = millisecondsBetween(m_lastReturn, now);
  m_lastCall = now;
}

void FrameStats::presentDone(uint64_t submission, Clock::time_point now) {
  std::lock_guard lock(m_mutex);
  m_lastReturn = now;
  const uint64_t frame = ++m_frames;
  if (frame > 1) {
    m_history.push_back(float(m_callPresentMs));
    if (m_history.size() > kHistory)
      m_history.pop_front();
  }
  if (!m_log)
    return;
  Pending pending{frame, submission, millisecondsBetween(m_first, m_lastCall), m_callPresentMs, m_callAppMs, 0};
  if (m_device.gpuTimer())
    m_pending.push_back(pending);  // written once its submissions' GPU time is in
  else
    writeLine(pending, -1.0);
}

void FrameStats::gpuCredited(uint64_t value, uint64_t busyNs, bool partial) {
  std::lock_guard lock(m_mutex);
  m_partial |= partial;
  // Credits arrive in submission order: every frame whose last submission is done is complete,
  // and the busy time since the previous complete frame is its own.
  while (!m_pending.empty() && m_pending.front().submission <= value) {
    const double gpuMs = m_partial ? -1.0 : double(busyNs - m_gpuMark) / 1.0e6;
    writeLine(m_pending.front(), gpuMs);
    m_pending.pop_front();
    m_gpuMark = busyNs;
    m_partial = false;
  }
  if (m_pending.empty())
    m_gpuMark = busyNs;  // work outside frames (before the first) is nobody's
}

void FrameStats::writeLine(const Pending& frame, double gpuMs) {
  if (!m_log)
    return;
  if (gpuMs >= 0.0)
    std::fprintf(m_log, "%llu,%.3f,%.3f,%.3f,%.3f\n", (unsigned long long)frame.frame, frame.timeMs, frame.presentMs,
                 frame.appMs, gpuMs);
  else
    std::fprintf(m_log, "%llu,%.3f,%.3f,%.3f,\n", (unsigned long long)frame.frame, frame.timeMs, frame.presentMs, frame.appMs);
}

FrameStats::Snapshot FrameStats::snapshot(size_t count) const {
  std::lock_guard lock(m_mutex);
  Snapshot result;
  result.frames = m_frames;
  result.lastPresent = m_lastCall;
  const size_t take = std::min(count, m_history.size());
  result.presentMs.assign(m_history.end() - std::ptrdiff_t(take), m_history.end());
  return result;
}

}  // namespace vk
