// sharedResourceAdapterLuid: d3d11.dll's private export, looked up by name. Only an already
// loaded d3d11 is asked: without one this process has made no shared handles, so loading it would
// only answer "unknown handle" at the cost of a DLL load.
#include "dxgi/dxgi_shared_resource_luid.h"

#include <cstdint>

#include "d3d11vk/d3d11vk_shared_resources.h"
#include "util/log.h"

#ifndef _WIN32
#include <dlfcn.h>
#endif

namespace d3d11vk {

namespace {

PFN_D3D11VK_SHARED_RESOURCE_ADAPTER_LUID findExport() {
  void* function = nullptr;
#ifdef _WIN32
  // Whichever d3d11.dll the process loaded; Wine's or Windows' own have no such export.
  if (HMODULE d3d11 = GetModuleHandleA("d3d11.dll"))
    function = reinterpret_cast<void*>(GetProcAddress(d3d11, D3D11VK_SHARED_RESOURCE_ADAPTER_LUID_EXPORT));
#else
  // libd3d11vk_d3d11.so links this library, so when it is loaded the global scope usually has it;
  // a library opened with RTLD_LOCAL is found by name without loading it a second time.
  function = dlsym(RTLD_DEFAULT, D3D11VK_SHARED_RESOURCE_ADAPTER_LUID_EXPORT);
  if (!function) {
    if (void* d3d11 = dlopen("libd3d11vk_d3d11.so", RTLD_LAZY | RTLD_NOLOAD)) {
      function = dlsym(d3d11, D3D11VK_SHARED_RESOURCE_ADAPTER_LUID_EXPORT);
      dlclose(d3d11);  // drops only the reference RTLD_NOLOAD added
    }
  }
#endif
  return reinterpret_cast<PFN_D3D11VK_SHARED_RESOURCE_ADAPTER_LUID>(function);
}

}  // namespace

HRESULT sharedResourceAdapterLuid(HANDLE handle, LUID* luid) {
  PFN_D3D11VK_SHARED_RESOURCE_ADAPTER_LUID function = findExport();
  if (!function) {
    util::log::warn("IDXGIFactory2::GetSharedResourceAdapterLuid: no d3d11vk d3d11 is loaded, so no shared handle "
                    "exists: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  HRESULT result = function(handle, luid);
  if (FAILED(result))
    util::log::warn("IDXGIFactory2::GetSharedResourceAdapterLuid: handle 0x", std::hex, reinterpret_cast<uintptr_t>(handle),
                    " names no live shared resource: DXGI_ERROR_INVALID_CALL");
  return result;
}

}  // namespace d3d11vk
