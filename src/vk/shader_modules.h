// ShaderModules: one VkShaderModule per vk::ShaderCode id, created on first use and destroyed
// with the owner (the pipeline manager), since pipelines no longer need them once built but
// later pipelines built from the same shader do.
#pragma once

#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "vk/pipeline_key.h"

namespace vk {

class Device;

class ShaderModules {
public:
  explicit ShaderModules(Device& device) : m_device(device) {}
  ~ShaderModules();
  ShaderModules(const ShaderModules&) = delete;
  ShaderModules& operator=(const ShaderModules&) = delete;

  // The module for `code`, created on first use. VK_NULL_HANDLE with one log line when the
  // SPIR-V is empty or the driver refuses it (a pipeline from it then fails, it does not crash).
  VkShaderModule get(const ShaderCode& code);
  size_t size() const;

private:
  Device& m_device;
  mutable std::mutex m_mutex;
  std::unordered_map<uint64_t, VkShaderModule> m_modules;  // by ShaderCode::id
};

}  // namespace vk
