// LibraryLoader implementation: dlopen/LoadLibrary and the global entry points.
#include "vk/loader.h"

#include <stdexcept>

#include "util/env.h"

#ifdef _WIN32
#include "util/windows_base.h"
#else
#include <dlfcn.h>
#endif

namespace vk {

#ifdef _WIN32
static constexpr const char* kDefaultLibrary = "vulkan-1.dll";
static void* openLibrary(const std::string& name) { return reinterpret_cast<void*>(LoadLibraryA(name.c_str())); }
static void* findSymbol(void* handle, const char* name) {
  return reinterpret_cast<void*>(GetProcAddress(static_cast<HMODULE>(handle), name));
}
static void closeLibrary(void* handle) { FreeLibrary(static_cast<HMODULE>(handle)); }
#else
static constexpr const char* kDefaultLibrary = "libvulkan.so.1";
static void* openLibrary(const std::string& name) { return dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL); }
static void* findSymbol(void* handle, const char* name) { return dlsym(handle, name); }
static void closeLibrary(void* handle) { dlclose(handle); }
#endif

LibraryLoader::LibraryLoader() {
  m_libraryName = util::getEnv("D3D11VK_VULKAN_LIBRARY").value_or(kDefaultLibrary);
  m_handle = openLibrary(m_libraryName);
  if (!m_handle)
    throw std::runtime_error("cannot load the Vulkan loader '" + m_libraryName + "': is Vulkan installed?");

  m_functions.vkGetInstanceProcAddr =
      reinterpret_cast<PFN_vkGetInstanceProcAddr>(findSymbol(m_handle, "vkGetInstanceProcAddr"));
  if (!m_functions.vkGetInstanceProcAddr) {
    closeLibrary(m_handle);
    throw std::runtime_error("'" + m_libraryName + "' has no vkGetInstanceProcAddr");
  }
#define D3D11VK_LOAD_GLOBAL(name) \
  m_functions.name = reinterpret_cast<PFN_##name>(m_functions.vkGetInstanceProcAddr(VK_NULL_HANDLE, #name));
  D3D11VK_VK_GLOBAL_FUNCTIONS(D3D11VK_LOAD_GLOBAL)
#undef D3D11VK_LOAD_GLOBAL
  if (!m_functions.vkCreateInstance || !m_functions.vkEnumerateInstanceExtensionProperties) {
    closeLibrary(m_handle);
    throw std::runtime_error("'" + m_libraryName + "' lacks the global Vulkan entry points");
  }
}

LibraryLoader::~LibraryLoader() {
  // The library stays mapped: unloading the Vulkan loader unloads the drivers, some of which keep
  // process-wide state that does not survive being unloaded and loaded again (a second device in
  // the same process), and whose allocations leak checkers could then no longer attribute.
  m_handle = nullptr;
}

}  // namespace vk
