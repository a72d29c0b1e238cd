// PipelineManager: lookup and creation of graphics and compute pipelines.
#include "vk/pipeline_manager.h"

#include "util/log.h"
#include "vk/device.h"
#include "vk/graphics_pipeline_builder.h"
#include "vk/result.h"
#include "vk/shader_variants.h"

namespace vk {

PipelineManager::PipelineManager(Device& device)
    : m_device(device), m_cache(device), m_modules(device), m_layouts(device) {}

PipelineManager::PipelineManager(Device& device, std::optional<std::filesystem::path> cacheFile)
    : m_device(device), m_cache(device, std::move(cacheFile)), m_modules(device), m_layouts(device) {}

PipelineManager::~PipelineManager() {
  const DeviceFunctions& vk = m_device.functions();
  for (auto& [key, pipeline] : m_graphics)
    if (pipeline)
      vk.vkDestroyPipeline(m_device.handle(), pipeline->pipeline, nullptr);
  for (auto& [id, pipeline] : m_compute)
    if (pipeline)
      vk.vkDestroyPipeline(m_device.handle(), pipeline->pipeline, nullptr);
  util::log::debug("pipelines: ", m_created.load(), " created, ", m_hits.load(), " lookups answered from the map");
  // m_cache's destructor (it is declared first, so it runs last) saves the disk cache.
}

const GraphicsPipeline* PipelineManager::getGraphics(const GraphicsPipelineKey& key,
                                                     const ShaderCode* const stages[kGraphicsStages]) {
  std::lock_guard lock(m_mutex);
  auto found = m_graphics.find(key);
  if (found != m_graphics.end()) {
    m_hits++;
    return found->second.get();
  }
  // Every failure below is remembered as a null entry: one log line per distinct key.
  auto fail = [&](const std::string& why) -> const GraphicsPipeline* {
    util::log::error("graphics pipeline refused (key ", std::hex, hashKey(key), std::dec, "): ", why);
    m_graphics.emplace(key, nullptr);
    return nullptr;
  };
  std::string why = checkGraphicsKey(m_device, key, stages);
  if (!why.empty())
    return fail(why);
  const ShaderCode* selected[kGraphicsStages];
  selectGraphicsShaders(key, stages, selected);  // dual-source and pass-through variants
  stages = selected;
  const PipelineLayoutInfo* layout = m_layouts.graphics(stages);
  if (!layout)
    return fail("the pipeline layout was refused (see above)");
  VkShaderModule modules[kGraphicsStages] = {};
  for (uint32_t i = 0; i < kGraphicsStages; i++)
    if (stages[i] && (modules[i] = m_modules.get(*stages[i])) == VK_NULL_HANDLE)
      return fail("a shader module could not be created (see above)");
  std::string error;
  VkPipeline pipeline = buildGraphicsPipeline(m_device, key, stages, modules, layout->layout, m_cache.handle(), &error);
  if (pipeline == VK_NULL_HANDLE)
    return fail(error);
  m_created++;
  auto entry = std::make_unique<GraphicsPipeline>(GraphicsPipeline{pipeline, layout});
  return m_graphics.emplace(key, std::move(entry)).first->second.get();
}

const ComputePipeline* PipelineManager::getCompute(const ShaderCode& shader) {
  std::lock_guard lock(m_mutex);
  auto found = m_compute.find(shader.id);
  if (found != m_compute.end()) {
    m_hits++;
    return found->second.get();
  }
  auto fail = [&](const std::string& why) -> const ComputePipeline* {
    util::log::error("compute pipeline refused (shader ", shader.id, "): ", why);
    m_compute.emplace(shader.id, nullptr);
    return nullptr;
  };
  if (shader.stage != VK_SHADER_STAGE_COMPUTE_BIT)
    return fail("not a compute shader");
  const PipelineLayoutInfo* layout = m_layouts.compute(shader);
  if (!layout)
    return fail("the pipeline layout was refused (see above)");
  VkShaderModule module = m_modules.get(shader);
  if (module == VK_NULL_HANDLE)
    return fail("the shader module could not be created (see above)");

  auto info = makeStruct<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
  info.stage = makeStruct<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  info.layout = layout->layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkResult result =
      m_device.functions().vkCreateComputePipelines(m_device.handle(), m_cache.handle(), 1, &info, nullptr, &pipeline);
  if (result == VK_ERROR_OUT_OF_HOST_MEMORY || result == VK_ERROR_OUT_OF_DEVICE_MEMORY)
    check(result, "vkCreateComputePipelines");
  if (result != VK_SUCCESS)
    return fail(std::string("vkCreateComputePipelines: ") + resultName(result));
  m_created++;
  auto entry = std::make_unique<ComputePipeline>(ComputePipeline{pipeline, layout});
  return m_compute.emplace(shader.id, std::move(entry)).first->second.get();
}

}  // namespace vk
