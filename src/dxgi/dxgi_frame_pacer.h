// FramePacer: the deadline schedule behind the frame-rate limiter (dxgi.maxFrameRate) and sync
// intervals 2-4: each frame may be presented one period after the previous frame's deadline.
#pragma once

#include <cstdint>

namespace d3d11vk {

class FramePacer {
public:
  // The time (in `ticksPerSecond` units of one monotonic clock) at which the frame arriving at
  // `now` may be presented, for frames `period` ticks apart; `period` 0 (no pacing) answers `now`
  // and forgets the schedule. Deadlines follow the previous deadline, not the previous arrival,
  // so sleeping late or a frame that arrives a little late does not shift the schedule (no drift).
  // A frame later than one whole period restarts the schedule at `now`: the frames missed are
  // not made up by a burst of unpaced ones.
  int64_t deadline(int64_t now, int64_t period);
  // Whether deadline(now, period) would answer a time after `now`, without changing anything.
  bool wouldHold(int64_t now, int64_t period) const {
    return period > 0 && m_hasDeadline && m_deadline + period > now;
  }
  void reset() { m_hasDeadline = false; }

  // Sleeps on the VBlankClock's clock (QueryPerformanceCounter in the PE build, steady_clock
  // natively) until `deadline`, which is in VBlankClock::ticks() units.
  static void sleepUntil(int64_t deadline);

private:
  int64_t m_deadline = 0;
  bool m_hasDeadline = false;
};

}  // namespace d3d11vk
