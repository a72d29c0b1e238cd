// Loading of the instance and device function tables declared in functions.h.
#include "vk/functions.h"

namespace vk {

template <typename Pfn, typename GetProc, typename Handle>
static bool loadEntry(Pfn& slot, GetProc getProcAddr, Handle handle, const char* name) {
  slot = reinterpret_cast<Pfn>(getProcAddr(handle, name));
  return slot != nullptr;
}

#define D3D11VK_LOAD_REQUIRED(name) \
  if (!loadEntry(name, getProcAddr, handle, #name)) return #name;
#define D3D11VK_LOAD_OPTIONAL(name) loadEntry(name, getProcAddr, handle, #name);

const char* InstanceFunctions::load(PFN_vkGetInstanceProcAddr getProcAddr, VkInstance handle) {
  D3D11VK_VK_INSTANCE_FUNCTIONS(D3D11VK_LOAD_REQUIRED)
  D3D11VK_VK_INSTANCE_EXTENSION_FUNCTIONS(D3D11VK_LOAD_OPTIONAL)
  return nullptr;
}

const char* DeviceFunctions::load(PFN_vkGetDeviceProcAddr getProcAddr, VkDevice handle) {
  D3D11VK_VK_DEVICE_FUNCTIONS(D3D11VK_LOAD_REQUIRED)
  D3D11VK_VK_DEVICE_EXTENSION_FUNCTIONS(D3D11VK_LOAD_OPTIONAL)
  return nullptr;
}

#undef D3D11VK_LOAD_REQUIRED
#undef D3D11VK_LOAD_OPTIONAL

}  // namespace vk
