// PipelineLayouts: descriptor set layouts and pipeline layouts by content, with the device-limit
// check that turns an over-large shader into a refused pipeline instead of a Vulkan error.
#include "vk/pipeline_layouts.h"

#include <algorithm>
#include <sstream>
#include <tuple>

#include "util/log.h"
#include "vk/device.h"
#include "vk/result.h"

namespace vk {

namespace {

const VkShaderStageFlags kGraphicsStageFlags[kGraphicsStages] = {
    VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
    VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_FRAGMENT_BIT};

// Descriptor counts by the classes Vulkan's limits count separately.
struct Counts {
  uint32_t uniformBuffers = 0, samplers = 0, sampledImages = 0, storageBuffers = 0, storageImages = 0;

  void add(VkDescriptorType type) {
    switch (type) {
      case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER: uniformBuffers++; break;
      case VK_DESCRIPTOR_TYPE_SAMPLER: samplers++; break;
      // Texel buffers count against the image limits they resemble (Vulkan spec, Limits).
      case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
      case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER: sampledImages++; break;
      case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER: storageBuffers++; break;
      case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
      case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: storageImages++; break;
      default: break;
    }
  }
  uint32_t resources() const { return uniformBuffers + sampledImages + storageBuffers + storageImages; }
};

void exceeds(std::ostringstream& why, const char* what, uint32_t count, uint32_t limit) {
  if (count > limit)
    why << (why.tellp() > 0 ? ", " : "") << what << " " << count << " > " << limit;
}

}  // namespace

bool PipelineLayouts::SetLayoutKey::operator<(const SetLayoutKey& other) const {
  if (stage != other.stage)
    return stage < other.stage;
  if (bindings.size() != other.bindings.size())
    return bindings.size() < other.bindings.size();
  for (size_t i = 0; i < bindings.size(); i++)
    if (std::tie(bindings[i].binding, bindings[i].type) != std::tie(other.bindings[i].binding, other.bindings[i].type))
      return std::tie(bindings[i].binding, bindings[i].type) < std::tie(other.bindings[i].binding, other.bindings[i].type);
  return false;
}

PipelineLayouts::PipelineLayouts(Device& device) : m_device(device) {}

PipelineLayouts::~PipelineLayouts() {
  const DeviceFunctions& vk = m_device.functions();
  for (auto& [key, info] : m_layouts)
    if (info)
      vk.vkDestroyPipelineLayout(m_device.handle(), info->layout, nullptr);
  for (VkDescriptorSetLayout layout : m_setLayouts)
    vk.vkDestroyDescriptorSetLayout(m_device.handle(), layout, nullptr);
}

std::string PipelineLayouts::checkLimits(const VkPhysicalDeviceLimits& limits,
                                         const std::vector<ShaderBindingSlot>* sets, uint32_t setCount) {
  std::ostringstream why;
  exceeds(why, "descriptor sets", setCount, limits.maxBoundDescriptorSets);
  Counts total;
  for (uint32_t set = 0; set < setCount; set++) {
    // One set per stage, so a set's counts are that stage's counts.
    Counts stage;
    for (const ShaderBindingSlot& slot : sets[set]) {
      stage.add(slot.type);
      total.add(slot.type);
    }
    std::string prefix = "set " + std::to_string(set) + ": ";
    exceeds(why, (prefix + "uniform buffers").c_str(), stage.uniformBuffers, limits.maxPerStageDescriptorUniformBuffers);
    exceeds(why, (prefix + "samplers").c_str(), stage.samplers, limits.maxPerStageDescriptorSamplers);
    exceeds(why, (prefix + "sampled images").c_str(), stage.sampledImages, limits.maxPerStageDescriptorSampledImages);
    exceeds(why, (prefix + "storage buffers").c_str(), stage.storageBuffers, limits.maxPerStageDescriptorStorageBuffers);
    exceeds(why, (prefix + "storage images").c_str(), stage.storageImages, limits.maxPerStageDescriptorStorageImages);
    exceeds(why, (prefix + "resources").c_str(), stage.resources(), limits.maxPerStageResources);
  }
  // The maxDescriptorSet* limits count every set of the pipeline layout together.
  exceeds(why, "layout uniform buffers", total.uniformBuffers, limits.maxDescriptorSetUniformBuffers);
  exceeds(why, "layout samplers", total.samplers, limits.maxDescriptorSetSamplers);
  exceeds(why, "layout sampled images", total.sampledImages, limits.maxDescriptorSetSampledImages);
  exceeds(why, "layout storage buffers", total.storageBuffers, limits.maxDescriptorSetStorageBuffers);
  exceeds(why, "layout storage images", total.storageImages, limits.maxDescriptorSetStorageImages);
  return why.str();
}

size_t PipelineLayouts::setLayout(VkShaderStageFlags stage, const std::vector<ShaderBindingSlot>& bindings) {
  SetLayoutKey key{stage, bindings};
  auto found = m_setLayoutIndex.find(key);
  if (found != m_setLayoutIndex.end())
    return found->second;
  std::vector<VkDescriptorSetLayoutBinding> vkBindings;
  for (const ShaderBindingSlot& slot : bindings)
    vkBindings.push_back({slot.binding, slot.type, 1, stage, nullptr});
  auto info = makeStruct<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  info.bindingCount = uint32_t(vkBindings.size());
  info.pBindings = vkBindings.data();
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  check(m_device.functions().vkCreateDescriptorSetLayout(m_device.handle(), &info, nullptr, &layout),
        "vkCreateDescriptorSetLayout");
  m_setLayouts.push_back(layout);
  m_setLayoutIndex.emplace(std::move(key), m_setLayouts.size() - 1);
  return m_setLayouts.size() - 1;
}

const PipelineLayoutInfo* PipelineLayouts::layoutFor(std::vector<ShaderBindingSlot> sets[],
                                                     const VkShaderStageFlags stages[], uint32_t setCount) {
  // Vulkan wants each binding number once per set; the compiler reports each once, but a
  // hand-made ShaderCode might not, and that must be refused, not passed to the driver.
  for (uint32_t set = 0; set < setCount; set++) {
    std::sort(sets[set].begin(), sets[set].end(),
              [](const ShaderBindingSlot& a, const ShaderBindingSlot& b) { return a.binding < b.binding; });
    for (size_t i = 1; i < sets[set].size(); i++)
      if (sets[set][i].binding == sets[set][i - 1].binding) {
        util::log::error("pipeline layout refused: set ", set, " lists binding ", sets[set][i].binding, " twice");
        return nullptr;
      }
  }
  std::vector<uint32_t> key{setCount};
  for (uint32_t set = 0; set < setCount; set++) {
    key.push_back(stages[set]);
    key.push_back(uint32_t(sets[set].size()));
    for (const ShaderBindingSlot& slot : sets[set]) {
      key.push_back(slot.binding);
      key.push_back(uint32_t(slot.type));
    }
  }
  std::lock_guard lock(m_mutex);
  auto found = m_layouts.find(key);
  if (found != m_layouts.end())
    return found->second.get();

  std::string why = checkLimits(m_device.properties().limits, sets, setCount);
  if (!why.empty()) {
    util::log::error("pipeline layout refused: the shaders need more than the device allows (", why, ")");
    m_layouts.emplace(std::move(key), nullptr);
    return nullptr;
  }
  auto info = std::make_unique<PipelineLayoutInfo>();
  info->setCount = setCount;
  for (uint32_t set = 0; set < setCount; set++) {
    info->sets[set] = m_setLayouts[setLayout(stages[set], sets[set])];
    info->setBindings[set] = std::move(sets[set]);
  }
  auto create = makeStruct<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  create.setLayoutCount = setCount;
  create.pSetLayouts = info->sets;
  check(m_device.functions().vkCreatePipelineLayout(m_device.handle(), &create, nullptr, &info->layout),
        "vkCreatePipelineLayout");
  return m_layouts.emplace(std::move(key), std::move(info)).first->second.get();
}

const PipelineLayoutInfo* PipelineLayouts::graphics(const ShaderCode* const stages[kGraphicsStages]) {
  std::vector<ShaderBindingSlot> sets[kGraphicsStages];
  for (uint32_t stage = 0; stage < kGraphicsStages; stage++)
    if (stages[stage])
      sets[stage] = stages[stage]->bindings;
  return layoutFor(sets, kGraphicsStageFlags, kGraphicsStages);
}

const PipelineLayoutInfo* PipelineLayouts::compute(const ShaderCode& shader) {
  std::vector<ShaderBindingSlot> sets[1] = {shader.bindings};
  const VkShaderStageFlags stages[1] = {VK_SHADER_STAGE_COMPUTE_BIT};
  return layoutFor(sets, stages, 1);
}

}  // namespace vk
