// Watchdog: ends the test process with a message when a scope runs past a generous limit, so a
// wait that hangs fails the run instead of blocking CI until its own timeout.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace test {

class Watchdog {
public:
  Watchdog(const char* what, int seconds)
      : m_thread([this, what, seconds] {
          std::unique_lock lock(m_mutex);
          if (!m_done.wait_for(lock, std::chrono::seconds(seconds), [this] { return m_finished; })) {
            std::fprintf(stderr, "WATCHDOG: '%s' did not finish within %d s: something hangs\n", what, seconds);
            std::fflush(stderr);
            std::_Exit(3);
          }
        }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(m_mutex);
      m_finished = true;
    }
    m_done.notify_all();
    m_thread.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

private:
  std::mutex m_mutex;
  std::condition_variable m_done;
  bool m_finished = false;
  std::thread m_thread;  // last: its function uses the members above
};

}  // namespace test
