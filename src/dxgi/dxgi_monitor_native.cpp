// enumerateMonitors() for the native build: no monitors. A Linux process has no window-system-
// neutral monitor API, and DXGI outputs only matter for fullscreen presentation, which the native
// presenter does not offer yet (docs/dxgi.md).
#include "dxgi/dxgi_monitor.h"

#include "util/log.h"

namespace d3d11vk {

std::vector<Monitor> enumerateMonitors() {
  D3D11VK_LOG_ONCE(Info, "DXGI outputs: the native build reports none (docs/dxgi.md)");
  return {};
}

}  // namespace d3d11vk
