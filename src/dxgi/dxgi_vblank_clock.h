// VBlankClock: a simulated vertical-blank timeline per refresh rate, for WaitForVBlank and output
// frame statistics. Nothing here can see the real display's scan-out, so vblanks are the
// multiples of the refresh period since a process-wide start time.
#pragma once

#include <cstdint>

namespace d3d11vk {

class VBlankClock {
public:
  // refreshHz <= 0 means unknown; 60 Hz is assumed, as on most displays.
  explicit VBlankClock(double refreshHz);

  // Sleeps until the next vblank; returns its index (vblanks since the start time).
  uint64_t waitForNext() const;
  // Vblanks passed since the start time, and the time of the latest one in ticks().
  uint64_t count() const;
  int64_t lastVBlankTicks() const;

  // QueryPerformanceCounter units in the PE build (as DXGI_FRAME_STATISTICS::SyncQPCTime needs);
  // nanoseconds of a monotonic clock natively.
  static int64_t ticks();
  static int64_t ticksPerSecond();

  double periodSeconds() const { return m_period; }

private:
  double m_period;
};

}  // namespace d3d11vk
