// Window hook (PE build): a WH_GETMESSAGE hook on the thread of every window a swapchain presents
// to; it acts on Alt+Enter and leaves the window procedure alone (docs/dxgi.md).
#include "dxgi/dxgi_window_hook.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "dxgi/dxgi_swapchain.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

struct ThreadHook {
  HHOOK hook = nullptr;
  unsigned windows = 0;  // watched windows that belong to the thread
};

struct WatchedWindow {
  DWORD thread = 0;
  std::vector<DxgiSwapChain*> swapchains;  // those watching the window, oldest first
};

// Recursive: acting on Alt+Enter moves the window, which can pump the thread's messages (and so
// call the hook again) while the lock is held; held so a swapchain cannot go away mid-switch.
std::recursive_mutex g_mutex;
std::map<HWND, WatchedWindow> g_windows;
std::map<DWORD, ThreadHook> g_threads;

constexpr LPARAM kAltDown = LPARAM(1) << 29;   // WM_SYSKEYDOWN: the context code (Alt held)
constexpr LPARAM kRepeated = LPARAM(1) << 30;  // the key was already down: auto-repeat

bool isAltEnter(const MSG& message) {
  return message.message == WM_SYSKEYDOWN && message.wParam == VK_RETURN && (message.lParam & kAltDown) &&
         !(message.lParam & kRepeated);
}

// Called by GetMessage/PeekMessage on the window's thread for each posted message it returns.
// Keystrokes are posted, so this sees them all; the message is acted on once, when it is removed
// from the queue (a PM_NOREMOVE peek sees it again later).
LRESULT CALLBACK getMessageHook(int code, WPARAM removal, LPARAM lParam) {
  if (code == HC_ACTION && removal == PM_REMOVE) {
    MSG* message = reinterpret_cast<MSG*>(lParam);
    if (isAltEnter(*message)) {
      std::lock_guard lock(g_mutex);
      auto found = g_windows.find(message->hwnd);
      // Consumed when acted on, as DXGI does (the message becomes WM_NULL); otherwise the
      // application sees the keystroke.
      if (found != g_windows.end() && !found->second.swapchains.empty() &&
          found->second.swapchains.back()->handleAltEnter())
        message->message = WM_NULL;
    }
  }
  return CallNextHookEx(nullptr, code, removal, lParam);
}

}  // namespace

void watchWindow(HWND window, DxgiSwapChain* swapchain) {
  std::lock_guard lock(g_mutex);
  auto [watched, inserted] = g_windows.try_emplace(window);
  if (inserted) {
    DWORD process = 0;
    const DWORD thread = GetWindowThreadProcessId(window, &process);
    if (!thread || process != GetCurrentProcessId()) {
      // Another process's window: a hook there would need a DLL injected into it. Presenting
      // still works; Alt+Enter is that process's business.
      util::log::warn("swapchain: the window belongs to another process; Alt+Enter is not watched");
      g_windows.erase(watched);
      return;
    }
    ThreadHook& threadHook = g_threads[thread];
    if (!threadHook.hook) {
      // A thread-local hook of this module's own code: no module handle is needed.
      threadHook.hook = SetWindowsHookExW(WH_GETMESSAGE, getMessageHook, nullptr, thread);
      if (!threadHook.hook) {
        util::log::warn("swapchain: the window's message queue cannot be watched (error ", GetLastError(),
                        "); Alt+Enter is not seen");
        g_threads.erase(thread);
        g_windows.erase(watched);
        return;
      }
    }
    ++threadHook.windows;
    watched->second.thread = thread;
  }
  watched->second.swapchains.push_back(swapchain);
}

void unwatchWindow(HWND window, DxgiSwapChain* swapchain) {
  std::lock_guard lock(g_mutex);
  auto watched = g_windows.find(window);
  if (watched == g_windows.end())
    return;
  std::vector<DxgiSwapChain*>& swapchains = watched->second.swapchains;
  swapchains.erase(std::remove(swapchains.begin(), swapchains.end(), swapchain), swapchains.end());
  if (!swapchains.empty())
    return;
  const DWORD thread = watched->second.thread;
  g_windows.erase(watched);
  auto threadHook = g_threads.find(thread);
  if (threadHook != g_threads.end() && --threadHook->second.windows == 0) {
    // The thread's last watched window: the hook goes (UnhookWindowsHookEx may be called from any thread).
    UnhookWindowsHookEx(threadHook->second.hook);
    g_threads.erase(threadHook);
  }
}

}  // namespace d3d11vk
