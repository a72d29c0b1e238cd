// Threads and synchronisation that behave the same on POSIX and Win32: named threads, a
// manual-reset event, and the current thread's id for log lines.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace util {

// Names the calling thread for debuggers and profilers (pthread name natively,
// SetThreadDescription where Windows or Wine has it). Names longer than 15 bytes are cut natively.
void setCurrentThreadName(const std::string& name);

// A numeric id of the calling thread as the OS knows it (tid / GetCurrentThreadId).
uint32_t currentThreadId();

// Sets an application's event handle (EnqueueSetEvent, Flush1, fences): a Win32 event in the PE
// build; natively an eventfd descriptor passed as (HANDLE)(intptr_t)fd, whose counter goes up by
// one (docs/dxgi.md). Returns false when the handle cannot be set.
bool setEventHandle(void* handle);

// A joinable thread that names itself before running its function. Joins on destruction.
class Thread {
public:
  Thread() = default;
  Thread(std::string name, std::function<void()> function);
  Thread(Thread&&) = default;
  Thread& operator=(Thread&& other);
  ~Thread();

  bool joinable() const { return m_thread.joinable(); }
  void join();

private:
  std::thread m_thread;
};

// A manual-reset event: set() wakes every waiter until reset().
class Event {
public:
  void set();
  void reset();
  void wait();
  // True if the event was set within the timeout.
  bool waitFor(std::chrono::milliseconds timeout);
  bool isSet() const;

private:
  mutable std::mutex m_mutex;
  std::condition_variable m_condition;
  bool m_set = false;
};

}  // namespace util
