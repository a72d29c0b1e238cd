// LibraryLoader: opens the Vulkan loader (libvulkan.so.1 natively, vulkan-1.dll on Windows/Wine)
// at run time, so a missing Vulkan install is a clear error instead of a DLL that fails to load.
#pragma once

#include <memory>
#include <string>

#include "vk/functions.h"

namespace vk {

class LibraryLoader {
public:
  // Opens the library named by D3D11VK_VULKAN_LIBRARY, or the platform's default loader.
  // Throws std::runtime_error naming the library when it or vkGetInstanceProcAddr is missing.
  LibraryLoader();
  ~LibraryLoader();
  LibraryLoader(const LibraryLoader&) = delete;
  LibraryLoader& operator=(const LibraryLoader&) = delete;

  const GlobalFunctions& functions() const { return m_functions; }
  const std::string& libraryName() const { return m_libraryName; }

private:
  void* m_handle = nullptr;
  std::string m_libraryName;
  GlobalFunctions m_functions;
};

}  // namespace vk
