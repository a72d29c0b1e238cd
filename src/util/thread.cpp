// Thread naming, thread ids and the Event primitive for POSIX and Win32.
#include "util/thread.h"

#ifdef _WIN32
#include "util/windows_base.h"
#else
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace util {

void setCurrentThreadName(const std::string& name) {
#ifdef _WIN32
  // SetThreadDescription exists from Windows 10 1607 (and in Wine); look it up so older systems load us.
  using SetThreadDescriptionProc = HRESULT(WINAPI*)(HANDLE, PCWSTR);
  static auto proc = reinterpret_cast<SetThreadDescriptionProc>(reinterpret_cast<void*>(
      GetProcAddress(GetModuleHandleA("kernel32.dll"), "SetThreadDescription")));
  if (proc) {
    std::wstring wide(name.begin(), name.end());
    proc(GetCurrentThread(), wide.c_str());
  }
#else
  pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
#endif
}

uint32_t currentThreadId() {
#ifdef _WIN32
  return uint32_t(GetCurrentThreadId());
#else
  return uint32_t(syscall(SYS_gettid));
#endif
}

Thread::Thread(std::string name, std::function<void()> function)
    : m_thread([name = std::move(name), function = std::move(function)] {
        setCurrentThreadName(name);
        function();
      }) {}

Thread& Thread::operator=(Thread&& other) {
  join();
  m_thread = std::move(other.m_thread);
  return *this;
}

Thread::~Thread() { join(); }

void Thread::join() {
  if (m_thread.joinable())
    m_thread.join();
}

void Event::set() {
  {
    std::lock_guard lock(m_mutex);
    m_set = true;
  }
  m_condition.notify_all();
}

void Event::reset() {
  std::lock_guard lock(m_mutex);
  m_set = false;
}

void Event::wait() {
  std::unique_lock lock(m_mutex);
  m_condition.wait(lock, [this] { return m_set; });
}

bool Event::waitFor(std::chrono::milliseconds timeout) {
  std::unique_lock lock(m_mutex);
  return m_condition.wait_for(lock, timeout, [this] { return m_set; });
}

bool Event::isSet() const {
  std::lock_guard lock(m_mutex);
  return m_set;
}

bool setEventHandle(void* handle) {
#ifdef _WIN32
  return SetEvent(handle) != 0;
#else
  const uint64_t one = 1;
  return write(int(reinterpret_cast<intptr_t>(handle)), &one, sizeof(one)) == ssize_t(sizeof(one));
#endif
}

}  // namespace util
