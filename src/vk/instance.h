// Instance: the Vulkan instance, its debug messenger (which logs and counts validation errors) and
// the list of usable adapters, shared process-wide by every DXGI factory and D3D11 device.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vk/functions.h"
#include "vk/loader.h"

namespace vk {

class Adapter;

class Instance : public std::enable_shared_from_this<Instance> {
public:
  // The process's instance, created on first use and kept until the process ends. Throws std::runtime_error (or vk::Error) with
  // a message naming the cause when Vulkan is missing or the instance cannot be created.
  static std::shared_ptr<Instance> shared();

  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return m_instance; }
  const InstanceFunctions& functions() const { return m_functions; }
  const std::vector<std::string>& enabledExtensions() const { return m_extensions; }
  bool validationEnabled() const { return m_validation; }
  bool hasExtension(const char* name) const {
    for (const std::string& enabled : m_extensions)
      if (enabled == name)
        return true;
    return false;
  }
  // Entry points kept out of the function tables because their prototypes need a window system's
  // headers (vkCreateWin32SurfaceKHR, vkCreateXlibSurfaceKHR); null when not enabled.
  PFN_vkVoidFunction procAddr(const char* name) const {
    return m_loader.functions().vkGetInstanceProcAddr(m_instance, name);
  }

  // Adapters in the order DXGI enumerates them: only devices matching the device filter
  // (D3D11VK_FILTER_DEVICE_NAME, or the dxvk.deviceFilter option; see docs/config.md), discrete
  // before integrated before CPU.
  const std::vector<std::shared_ptr<Adapter>>& adapters();

  // Validation messages of error severity seen so far (0 when no validation layer is active).
  uint32_t validationErrorCount() const { return m_validationErrors.load(); }

private:
  Instance();
  void createDebugMessenger();
  void noteValidationLayer(bool enabledHere);
  static VKAPI_ATTR VkBool32 VKAPI_CALL debugCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
      VkDebugUtilsMessageTypeFlagsEXT types, const VkDebugUtilsMessengerCallbackDataEXT* data, void* user);

  LibraryLoader m_loader;
  InstanceFunctions m_functions;
  VkInstance m_instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT m_messenger = VK_NULL_HANDLE;
  std::vector<std::string> m_extensions;
  bool m_validation = false;
  std::atomic<uint32_t> m_validationErrors{0};

  std::mutex m_adapterMutex;
  bool m_adaptersEnumerated = false;
  std::vector<std::shared_ptr<Adapter>> m_adapters;
};

}  // namespace vk
