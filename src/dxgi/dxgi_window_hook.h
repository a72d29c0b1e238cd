// Window hook (PE build): DXGI watches the message queue of a swapchain's window, as documented
// for MakeWindowAssociation, by subclassing its window procedure; Alt+Enter toggles fullscreen.
#pragma once

#include "util/windows_base.h"

namespace d3d11vk {

class DxgiSwapChain;

// The swapchain starts watching its window: the window procedure is replaced (once per window)
// by one that chains to the previous procedure. Several swapchains may watch one window; the
// latest one created answers Alt+Enter.
void watchWindow(HWND window, DxgiSwapChain* swapchain);
// The swapchain stops watching (its Release). When no swapchain watches the window any more and
// no one subclassed it after us, the previous window procedure is put back.
void unwatchWindow(HWND window, DxgiSwapChain* swapchain);

}  // namespace d3d11vk
