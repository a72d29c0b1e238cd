// Instance creation: loader, instance extensions and layers, debug messenger, adapter enumeration.
#include "vk/instance.h"

#include <algorithm>
#include <cstring>

#include "util/config.h"
#include "util/env.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/result.h"

namespace vk {

static constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

std::shared_ptr<Instance> Instance::shared() {
  // One instance for the life of the process, never destroyed: games create and drop DXGI
  // factories often, and a Vulkan instance costs milliseconds to create on real drivers; and
  // destroying it from static destructors would run vkDestroyInstance under the loader lock at
  // DLL unload. A failed creation is retried on the next call.
  static std::mutex mutex;
  static std::shared_ptr<Instance>* instance = nullptr;
  std::lock_guard lock(mutex);
  if (!instance)
    instance = new std::shared_ptr<Instance>(new Instance());
  return *instance;
}

Instance::Instance() {
  const GlobalFunctions& global = m_loader.functions();

  uint32_t version = VK_API_VERSION_1_0;
  if (global.vkEnumerateInstanceVersion)
    global.vkEnumerateInstanceVersion(&version);

  uint32_t count = 0;
  check(global.vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr), "vkEnumerateInstanceExtensionProperties");
  std::vector<VkExtensionProperties> available(count);
  check(global.vkEnumerateInstanceExtensionProperties(nullptr, &count, available.data()), "vkEnumerateInstanceExtensionProperties");
  auto has = [&](const char* name) {
    return std::any_of(available.begin(), available.end(),
                       [&](const VkExtensionProperties& e) { return std::strcmp(e.extensionName, name) == 0; });
  };

  // Presenting needs a surface extension of the window system; the device works without one.
  const char* wanted[] = {
    VK_EXT_DEBUG_UTILS_EXTENSION_NAME, VK_KHR_SURFACE_EXTENSION_NAME,
    VK_KHR_GET_SURFACE_CAPABILITIES_2_EXTENSION_NAME,
#ifdef _WIN32
    "VK_KHR_win32_surface",
#else
    "VK_KHR_xlib_surface", "VK_KHR_xcb_surface",
#endif
  };
  for (const char* name : wanted) {
    if (has(name))
      m_extensions.push_back(name);
  }

  // D3D11VK_VALIDATION=1 turns the Khronos validation layer on from inside; VK_INSTANCE_LAYERS
  // in the environment works too, and the messenger below reports what either one finds.
  std::vector<const char*> layers;
  if (util::getEnv("D3D11VK_VALIDATION").value_or("0") == "1") {
    global.vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layerList(count);
    global.vkEnumerateInstanceLayerProperties(&count, layerList.data());
    bool found = std::any_of(layerList.begin(), layerList.end(),
                             [](const VkLayerProperties& l) { return std::strcmp(l.layerName, kValidationLayer) == 0; });
    if (found)
      layers.push_back(kValidationLayer);
  }
  std::vector<const char*> extensionNames;
  for (const std::string& name : m_extensions)
    extensionNames.push_back(name.c_str());

  VkApplicationInfo appInfo = makeStruct<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
  std::string exeName = util::exeName();
  appInfo.pApplicationName = exeName.c_str();
  appInfo.pEngineName = "d3d11vk";
  appInfo.engineVersion = VK_MAKE_API_VERSION(0, 0, 1, 0);
  appInfo.apiVersion = VK_API_VERSION_1_3;

  VkInstanceCreateInfo info = makeStruct<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
  info.pApplicationInfo = &appInfo;
  info.enabledLayerCount = uint32_t(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = uint32_t(extensionNames.size());
  info.ppEnabledExtensionNames = extensionNames.data();
  check(global.vkCreateInstance(&info, nullptr, &m_instance), "vkCreateInstance");
  noteValidationLayer(!layers.empty());

  if (const char* missing = m_functions.load(global.vkGetInstanceProcAddr, m_instance)) {
    PFN_vkDestroyInstance destroy = m_functions.vkDestroyInstance;
    if (destroy)
      destroy(m_instance, nullptr);
    throw std::runtime_error(std::string("the Vulkan instance lacks ") + missing);
  }

  std::string extensionList;
  for (const std::string& name : m_extensions)
    extensionList += (extensionList.empty() ? "" : ", ") + name;
  util::log::info("Vulkan instance: loader ", m_loader.libraryName(), ", instance version ", versionString(version),
                  ", extensions: ", extensionList, m_validation ? ", validation layer on" : "");

  if (std::find(m_extensions.begin(), m_extensions.end(), VK_EXT_DEBUG_UTILS_EXTENSION_NAME) != m_extensions.end())
    createDebugMessenger();
}

// The layer may also be inserted by the host loader's VK_INSTANCE_LAYERS. Under Wine that is the
// only way in (winevulkan lists no host layers and refuses enabled ones), and nothing a Windows
// program can read tells whether it happened: Wine keeps VK_* variables from Windows programs, and
// files under \\?\unix\proc\self are opened by wineserver, so they describe wineserver. The log
// says so instead of claiming the layer is missing; its messages, when it is in, still arrive.
void Instance::noteValidationLayer(bool enabledHere) {
  m_validation = enabledHere || util::getEnv("VK_INSTANCE_LAYERS").value_or("").find(kValidationLayer) != std::string::npos;
  if (util::getEnv("D3D11VK_VALIDATION").value_or("0") != "1" || m_validation)
    return;
  if (util::runningUnderWine())
    util::log::info("D3D11VK_VALIDATION=1: under Wine, Windows programs cannot see or enable the host's Vulkan layers; "
                    "start wine with VK_INSTANCE_LAYERS=", kValidationLayer,
                    " in its environment to insert the validation layer (its messages then appear here as 'Vulkan:' lines)");
  else
    util::log::warn("D3D11VK_VALIDATION=1 but ", kValidationLayer, " is not installed");
}

Instance::~Instance() {
  m_adapters.clear();
  if (m_messenger)
    m_functions.vkDestroyDebugUtilsMessengerEXT(m_instance, m_messenger, nullptr);
  if (m_instance)
    m_functions.vkDestroyInstance(m_instance, nullptr);
}

void Instance::createDebugMessenger() {
  if (!m_functions.vkCreateDebugUtilsMessengerEXT)
    return;
  VkDebugUtilsMessengerCreateInfoEXT info = makeStruct<VkDebugUtilsMessengerCreateInfoEXT>(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = &Instance::debugCallback;
  info.pUserData = this;
  VkResult result = m_functions.vkCreateDebugUtilsMessengerEXT(m_instance, &info, nullptr, &m_messenger);
  if (result != VK_SUCCESS)
    util::log::warn("vkCreateDebugUtilsMessengerEXT failed: ", resultName(result), "; validation messages will not be logged");
}

VKAPI_ATTR VkBool32 VKAPI_CALL Instance::debugCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
    VkDebugUtilsMessageTypeFlagsEXT types, const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  auto* instance = static_cast<Instance*>(user);
  const char* message = data && data->pMessage ? data->pMessage : "(no message)";
  const std::string_view id = data && data->pMessageIdName ? data->pMessageIdName : "";
  // Validation layers of the 1.3.2xx series count a fragment shader's output variables for this
  // rule, so the Index 1 output of dual-source blending counts as a second attachment on devices
  // with maxFragmentDualSrcAttachments = 1 (NVIDIA's; lavapipe has 2). The rule is about output
  // Locations, and our dual-source shaders write Location 0 alone (dxbc compiler, copyOutputs):
  // logged as a warning, not counted as an error.
  if (id == "VUID-RuntimeSpirv-Fragment-06427") {
    util::log::warn("Vulkan (known false positive of older validation layers, not counted): ", message);
    return VK_FALSE;
  }
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    if (types & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT)
      instance->m_validationErrors++;
    util::log::error("Vulkan: ", message);
  } else {
    util::log::warn("Vulkan: ", message);
  }
  return VK_FALSE;
}

const std::vector<std::shared_ptr<Adapter>>& Instance::adapters() {
  std::lock_guard lock(m_adapterMutex);
  if (m_adaptersEnumerated)
    return m_adapters;
  m_adaptersEnumerated = true;

  uint32_t count = 0;
  check(m_functions.vkEnumeratePhysicalDevices(m_instance, &count, nullptr), "vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> devices(count);
  check(m_functions.vkEnumeratePhysicalDevices(m_instance, &count, devices.data()), "vkEnumeratePhysicalDevices");

  // dxvk.deviceFilter (config) or D3D11VK_FILTER_DEVICE_NAME (environment): a device is kept when
  // its name contains one of the filter's texts.
  const util::config::Configuration& config = util::config::current();
  const std::vector<std::string>& filter = config.options.deviceFilter;
  std::string filterOrigin = "device filter from " + config.originOf("dxvk.deviceFilter");
  for (VkPhysicalDevice device : devices) {
    auto adapter = std::make_shared<Adapter>(shared_from_this(), device);
    const std::string& name = adapter->profile().deviceName();
    bool kept = filter.empty() || std::any_of(filter.begin(), filter.end(),
                                              [&](const std::string& text) { return name.find(text) != std::string::npos; });
    if (!kept) {
      util::log::info("skipping Vulkan device '", name, "': does not match the ", filterOrigin);
      continue;
    }
    m_adapters.push_back(std::move(adapter));
  }

  auto rank = [](const std::shared_ptr<Adapter>& adapter) {
    switch (adapter->profile().properties.core.properties.deviceType) {
      case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
      case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
      case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
      case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
      default: return 4;
    }
  };
  std::stable_sort(m_adapters.begin(), m_adapters.end(),
                   [&](const auto& a, const auto& b) { return rank(a) < rank(b); });

  if (m_adapters.empty())
    util::log::error("no Vulkan device found", filter.empty() ? "" : " matching the " + filterOrigin,
                     ": is a Vulkan driver installed?");
  for (size_t i = 0; i < m_adapters.size(); i++)
    util::log::info("adapter ", i, ": ", m_adapters[i]->description());
  return m_adapters;
}

}  // namespace vk
