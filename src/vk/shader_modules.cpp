// ShaderModules: VkShaderModule creation and ownership by ShaderCode id.
#include "vk/shader_modules.h"

#include "util/log.h"
#include "vk/device.h"
#include "vk/result.h"

namespace vk {

ShaderModules::~ShaderModules() {
  for (auto& [id, module] : m_modules)
    if (module != VK_NULL_HANDLE)
      m_device.functions().vkDestroyShaderModule(m_device.handle(), module, nullptr);
}

VkShaderModule ShaderModules::get(const ShaderCode& code) {
  std::lock_guard lock(m_mutex);
  auto found = m_modules.find(code.id);
  if (found != m_modules.end())
    return found->second;
  VkShaderModule module = VK_NULL_HANDLE;
  if (code.spirv.empty()) {
    util::log::error("shader ", code.id, ": no SPIR-V, no shader module");
  } else {
    auto info = makeStruct<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    info.codeSize = code.spirv.size() * sizeof(uint32_t);
    info.pCode = code.spirv.data();
    VkResult result = m_device.functions().vkCreateShaderModule(m_device.handle(), &info, nullptr, &module);
    // Out of memory is the caller's to report like any other Vulkan failure; anything else
    // (a driver refusing the module) fails only the pipelines that use it.
    if (result == VK_ERROR_OUT_OF_HOST_MEMORY || result == VK_ERROR_OUT_OF_DEVICE_MEMORY)
      check(result, "vkCreateShaderModule");
    if (result != VK_SUCCESS) {
      util::log::error("shader ", code.id, ": vkCreateShaderModule failed: ", resultName(result));
      module = VK_NULL_HANDLE;
    }
  }
  // A failure is remembered too, so a bad shader logs once rather than on every draw.
  m_modules.emplace(code.id, module);
  return module;
}

size_t ShaderModules::size() const {
  std::lock_guard lock(m_mutex);
  return m_modules.size();
}

}  // namespace vk
