// Window hook (PE build): DXGI watches the message queue of a swapchain's window, as documented
// for MakeWindowAssociation, through a WH_GETMESSAGE hook on the window's thread (the window
// procedure stays the application's, as on Windows); Alt+Enter toggles fullscreen.
#pragma once

#include "util/windows_base.h"

namespace d3d11vk {

class DxgiSwapChain;

// The swapchain starts watching its window: the window's thread gets the hook (once per thread).
// Several swapchains may watch one window; the latest one created answers Alt+Enter.
void watchWindow(HWND window, DxgiSwapChain* swapchain);
// The swapchain stops watching (its Release). When no watched window of the thread is left, the
// thread's hook is removed.
void unwatchWindow(HWND window, DxgiSwapChain* swapchain);

}  // namespace d3d11vk
