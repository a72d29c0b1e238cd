// PipelineLayouts: descriptor set layouts and pipeline layouts built from shaders' bindings by the
// binding model (one set per stage), cached by content, and checked against the device's limits.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "vk/pipeline_key.h"

namespace vk {

class Device;

constexpr uint32_t kMaxPipelineSets = kGraphicsStages;

// A pipeline layout and, per descriptor set, its layout and the descriptors it holds (what the
// draw path allocates and writes). Graphics: sets 0-4 = VS, HS, DS, GS, PS; a stage without a
// shader or without bindings has an empty set layout, so set numbers stay the binding model's.
// Compute: set 0 only (setCount 1).
struct PipelineLayoutInfo {
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkDescriptorSetLayout sets[kMaxPipelineSets] = {};
  std::vector<ShaderBindingSlot> setBindings[kMaxPipelineSets];
  uint32_t setCount = 0;
};

class PipelineLayouts {
public:
  explicit PipelineLayouts(Device& device);
  ~PipelineLayouts();
  PipelineLayouts(const PipelineLayouts&) = delete;
  PipelineLayouts& operator=(const PipelineLayouts&) = delete;

  // Null (logged once per distinct layout) when the shaders need more descriptors than the
  // device allows; throws vk::Error when Vulkan fails to create a layout.
  const PipelineLayoutInfo* graphics(const ShaderCode* const stages[kGraphicsStages]);
  const PipelineLayoutInfo* compute(const ShaderCode& shader);

  // Why these per-set bindings exceed the device's limits, or "" when they fit. Public for tests.
  static std::string checkLimits(const VkPhysicalDeviceLimits& limits,
                                 const std::vector<ShaderBindingSlot>* sets, uint32_t setCount);

private:
  struct SetLayoutKey {
    VkShaderStageFlags stage;
    std::vector<ShaderBindingSlot> bindings;
    bool operator<(const SetLayoutKey& other) const;
  };

  // Index into m_setLayouts; layouts are shared by every pipeline layout that has the same set.
  size_t setLayout(VkShaderStageFlags stage, const std::vector<ShaderBindingSlot>& bindings);
  const PipelineLayoutInfo* layoutFor(std::vector<ShaderBindingSlot> sets[], const VkShaderStageFlags stages[],
                                      uint32_t setCount);

  Device& m_device;
  std::mutex m_mutex;
  std::map<SetLayoutKey, size_t> m_setLayoutIndex;
  std::vector<VkDescriptorSetLayout> m_setLayouts;
  // Keyed by the sets' stages and bindings serialised; null for layouts refused by the limits, so
  // a refused shader combination is logged once, not on every draw.
  std::map<std::vector<uint32_t>, std::unique_ptr<PipelineLayoutInfo>> m_layouts;
};

}  // namespace vk
