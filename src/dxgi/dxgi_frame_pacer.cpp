// FramePacer: deadline arithmetic and a sleep that neither wakes early nor oversleeps by a timer
// slice.
#include "dxgi/dxgi_frame_pacer.h"

#include <chrono>
#include <thread>

#include "dxgi/dxgi_vblank_clock.h"

namespace d3d11vk {

int64_t FramePacer::deadline(int64_t now, int64_t period) {
  if (period <= 0) {
    m_hasDeadline = false;
    return now;
  }
  int64_t next = m_hasDeadline ? m_deadline + period : now;
  if (next + period < now)
    next = now;  // more than a period behind: start again from here instead of catching up
  m_deadline = next;
  m_hasDeadline = true;
  return next > now ? next : now;
}

void FramePacer::sleepUntil(int64_t deadline) {
  const int64_t perSecond = VBlankClock::ticksPerSecond();
  // Timers may wake a scheduler slice late (about 1 ms under Windows and Wine): sleep to just
  // before the deadline, then yield until it passes.
  const int64_t margin = perSecond / 1000;
  for (;;) {
    int64_t remaining = deadline - VBlankClock::ticks();
    if (remaining <= 0)
      return;
    if (remaining > margin) {
      int64_t nanoseconds = int64_t(double(remaining - margin) * 1e9 / double(perSecond));
      std::this_thread::sleep_for(std::chrono::nanoseconds(nanoseconds));
    } else {
      std::this_thread::yield();
    }
  }
}

}  // namespace d3d11vk
