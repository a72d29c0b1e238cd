// Window hook (PE build): a window procedure put in front of the application's for every window
// a swapchain presents to; it acts on Alt+Enter and passes every message on (docs/dxgi.md).
#include "dxgi/dxgi_window_hook.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "dxgi/dxgi_swapchain.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

struct Hook {
  WNDPROC previous = nullptr;
  std::vector<DxgiSwapChain*> swapchains;  // those watching the window, oldest first
};

// Recursive: acting on Alt+Enter moves the window, which sends it messages through the hook on
// the same thread while the lock is held (held so a swapchain cannot go away mid-switch).
std::recursive_mutex g_mutex;
std::map<HWND, Hook> g_hooks;

constexpr LPARAM kAltDown = LPARAM(1) << 29;     // WM_SYSKEYDOWN: the context code (Alt held)
constexpr LPARAM kRepeated = LPARAM(1) << 30;    // the key was already down: auto-repeat

LRESULT CALLBACK hookProcedure(HWND window, UINT message, WPARAM wParam, LPARAM lParam) {
  WNDPROC previous = nullptr;
  {
    std::lock_guard lock(g_mutex);
    auto found = g_hooks.find(window);
    if (found == g_hooks.end())
      return DefWindowProcW(window, message, wParam, lParam);  // not ours any more (cannot happen)
    previous = found->second.previous;
    if (message == WM_SYSKEYDOWN && wParam == VK_RETURN && (lParam & kAltDown) && !(lParam & kRepeated) &&
        !found->second.swapchains.empty()) {
      // Consumed when acted on, as DXGI does; otherwise the application sees the keystroke.
      if (found->second.swapchains.back()->handleAltEnter())
        return 0;
    }
    if (message == WM_NCDESTROY) {
      // The window's last message: forget it (its swapchains then find no hook to remove).
      if (reinterpret_cast<WNDPROC>(GetWindowLongPtrW(window, GWLP_WNDPROC)) == hookProcedure)
        SetWindowLongPtrW(window, GWLP_WNDPROC, reinterpret_cast<LONG_PTR>(previous));
      g_hooks.erase(found);
    }
  }
  return CallWindowProcW(previous, window, message, wParam, lParam);
}

}  // namespace

void watchWindow(HWND window, DxgiSwapChain* swapchain) {
  std::lock_guard lock(g_mutex);
  auto [hook, inserted] = g_hooks.try_emplace(window);
  if (inserted) {
    SetLastError(0);
    LONG_PTR previous = SetWindowLongPtrW(window, GWLP_WNDPROC, reinterpret_cast<LONG_PTR>(hookProcedure));
    if (!previous) {
      // Another process's window, or one being destroyed: presenting still works, Alt+Enter does not.
      util::log::warn("swapchain: the window's procedure cannot be watched (error ", GetLastError(), "); Alt+Enter is not seen");
      g_hooks.erase(hook);
      return;
    }
    hook->second.previous = reinterpret_cast<WNDPROC>(previous);
  }
  hook->second.swapchains.push_back(swapchain);
}

void unwatchWindow(HWND window, DxgiSwapChain* swapchain) {
  std::lock_guard lock(g_mutex);
  auto hook = g_hooks.find(window);
  if (hook == g_hooks.end())
    return;
  std::vector<DxgiSwapChain*>& swapchains = hook->second.swapchains;
  swapchains.erase(std::remove(swapchains.begin(), swapchains.end(), swapchain), swapchains.end());
  if (!swapchains.empty())
    return;
  // The application's procedure goes back only when ours is still the window's: if someone
  // subclassed the window after us, theirs chains to ours, which stays and passes messages on.
  if (IsWindow(window) && reinterpret_cast<WNDPROC>(GetWindowLongPtrW(window, GWLP_WNDPROC)) == hookProcedure) {
    SetWindowLongPtrW(window, GWLP_WNDPROC, reinterpret_cast<LONG_PTR>(hook->second.previous));
    g_hooks.erase(hook);
  }
}

}  // namespace d3d11vk
