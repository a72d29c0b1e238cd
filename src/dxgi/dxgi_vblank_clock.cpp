// VBlankClock: period arithmetic on QueryPerformanceCounter (PE) or steady_clock (native).
#include "dxgi/dxgi_vblank_clock.h"

#include <chrono>
#include <cmath>
#include <thread>

#include "util/windows_base.h"

namespace d3d11vk {

namespace {

// One start time for every output, so two outputs at one rate agree on where vblanks fall.
int64_t startTicks() {
  static const int64_t start = VBlankClock::ticks();
  return start;
}

}  // namespace

VBlankClock::VBlankClock(double refreshHz) : m_period(1.0 / (refreshHz > 0.0 ? refreshHz : 60.0)) {
  startTicks();
}

int64_t VBlankClock::ticks() {
#ifdef _WIN32
  LARGE_INTEGER counter;
  QueryPerformanceCounter(&counter);
  return counter.QuadPart;
#else
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
#endif
}

int64_t VBlankClock::ticksPerSecond() {
#ifdef _WIN32
  LARGE_INTEGER frequency;
  QueryPerformanceFrequency(&frequency);
  return frequency.QuadPart;
#else
  return 1000000000;
#endif
}

uint64_t VBlankClock::count() const {
  double elapsed = double(ticks() - startTicks()) / double(ticksPerSecond());
  return uint64_t(std::floor(elapsed / m_period));
}

int64_t VBlankClock::lastVBlankTicks() const {
  return startTicks() + int64_t(std::llround(double(count()) * m_period * double(ticksPerSecond())));
}

uint64_t VBlankClock::waitForNext() const {
  uint64_t next = count() + 1;
  int64_t target = startTicks() + int64_t(std::llround(double(next) * m_period * double(ticksPerSecond())));
  int64_t remaining = target - ticks();
  if (remaining > 0)
    std::this_thread::sleep_for(std::chrono::nanoseconds(int64_t(double(remaining) * 1e9 / double(ticksPerSecond()))));
  return next;
}

}  // namespace d3d11vk
