// PipelineManager: lookup and creation of graphics and compute pipelines.
#include "vk/pipeline_manager.h"

#include <algorithm>
#include <thread>

#include "util/config.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/graphics_pipeline_builder.h"
#include "vk/result.h"
#include "vk/shader_variants.h"

namespace vk {

PipelineManager::PipelineManager(Device& device)
    : PipelineManager(device, PipelineCache::fileFromEnvironment(device.properties()),
                      Options{util::config::options().graphicsPipelineLibrary, true,
                              uint32_t(util::config::options().numCompilerThreads)}) {}

PipelineManager::PipelineManager(Device& device, std::optional<std::filesystem::path> cacheFile)
    : PipelineManager(device, std::move(cacheFile), Options{}) {}

PipelineManager::PipelineManager(Device& device, std::optional<std::filesystem::path> cacheFile, Options options)
    : m_device(device), m_cache(device, std::move(cacheFile)), m_modules(device), m_layouts(device),
      m_optimize(options.backgroundOptimization),
      m_optimizerLimit(options.optimizerThreads ? options.optimizerThreads
                                                : std::max(1u, std::thread::hardware_concurrency())) {
  if (options.graphicsPipelineLibrary && supportsGraphicsPipelineLibrary(device))
    m_libraries = std::make_unique<GraphicsPipelineLibraries>(device, m_optimize);
  util::log::debug("graphics pipelines: ",
                   m_libraries ? (m_optimize ? "libraries, fast-linked, optimized in the background" : "libraries, fast-linked")
                               : (options.graphicsPipelineLibrary ? "monolithic (no VK_EXT_graphics_pipeline_library)"
                                                                  : "monolithic (d3d11.graphicsPipelineLibrary = False)"));
}

PipelineManager::~PipelineManager() {
  {
    std::lock_guard lock(m_mutex);
    m_stopOptimizer = true;
    m_jobs.clear();
  }
  m_jobReady.notify_all();
  for (util::Thread& thread : m_optimizers)
    thread.join();  // waits for a link in progress, never for the queue
  const DeviceFunctions& vk = m_device.functions();
  for (auto& [key, pipeline] : m_graphics)
    if (pipeline)
      vk.vkDestroyPipeline(m_device.handle(), pipeline->pipeline.load(), nullptr);
  for (VkPipeline pipeline : m_replaced)
    vk.vkDestroyPipeline(m_device.handle(), pipeline, nullptr);
  for (auto& [id, pipeline] : m_compute)
    if (pipeline)
      vk.vkDestroyPipeline(m_device.handle(), pipeline->pipeline, nullptr);
  m_libraries.reset();  // linked pipelines first, then the parts they came from
  util::log::debug("pipelines: ", m_created.load(), " created, ", m_hits.load(), " lookups answered from the map, ",
                   m_fastLinks.load(), " fast links, ", m_optimizedSwaps.load(), " optimized");
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
  const GraphicsPipeline* pipeline = createGraphics(key, stages, *layout, modules, &error);
  if (!pipeline)
    return fail(error);
  return pipeline;
}

const GraphicsPipeline* PipelineManager::createGraphics(const GraphicsPipelineKey& key,
                                                        const ShaderCode* const stages[kGraphicsStages],
                                                        const PipelineLayoutInfo& layout,
                                                        const VkShaderModule modules[kGraphicsStages],
                                                        std::string* error) {
  const InProgress compiling(m_device.counters().pipelinesCompiling);
  auto entry = std::make_unique<GraphicsPipeline>();
  entry->layout = &layout;
  LibrarySet parts;
  // Stream output stays monolithic: the Khronos validation layer (1.3.239) crashes in vkCmdDraw
  // with a pipeline linked from libraries whose shaders have Xfb outputs (the draws themselves
  // are right without the layer), and tests run under it.
  bool capture = false;
  for (uint32_t i = 0; i < kGraphicsStages; i++)
    capture |= stages[i] && stages[i]->transformFeedback;
  if (m_libraries && !capture) {
    // A new state costs a link; only parts never seen before compile shaders.
    *error = m_libraries->partsFor(key, stages, modules, layout, m_cache.handle(), &parts);
    if (!error->empty())
      return nullptr;
    entry->pipeline = linkGraphicsPipeline(m_device, parts, layout.layout, m_cache.handle(), false, error);
    if (entry->pipeline.load() != VK_NULL_HANDLE)
      m_fastLinks++;
  } else {
    entry->pipeline = buildGraphicsPipeline(m_device, key, stages, modules, layout.layout, m_cache.handle(), error);
  }
  if (entry->pipeline.load() == VK_NULL_HANDLE)
    return nullptr;
  m_created++;
  DeviceCounters::add(m_device.counters().graphicsPipelines, 1);
  GraphicsPipeline* result = m_graphics.emplace(key, std::move(entry)).first->second.get();
  if (m_libraries && m_optimize && parts.count) {
    m_jobs.push_back({result, parts});
    // Another thread only when every running one is busy and the limit allows it.
    if (m_optimizers.size() < m_optimizerLimit && m_jobs.size() > m_optimizers.size() - m_optimizersBusy)
      m_optimizers.emplace_back("d3d11vk-pipeopt", [this] { optimizerLoop(); });
    m_jobReady.notify_one();
  }
  return result;
}

void PipelineManager::optimizerLoop() {
  std::unique_lock lock(m_mutex);
  for (;;) {
    m_jobReady.wait(lock, [&] { return m_stopOptimizer || !m_jobs.empty(); });
    if (m_stopOptimizer)
      break;
    OptimizeJob job = m_jobs.front();
    m_jobs.pop_front();
    m_optimizersBusy++;
    lock.unlock();
    // The link runs without the lock, so the draw path never waits for it. The parts and the
    // layout live as long as the manager; the cache is internally synchronised.
    std::string error;
    VkPipeline optimized = VK_NULL_HANDLE;
    const InProgress compiling(m_device.counters().pipelinesCompiling);
    try {
      optimized = linkGraphicsPipeline(m_device, job.parts, job.target->layout->layout, m_cache.handle(), true, &error);
    } catch (const std::exception& e) {
      error = e.what();
    }
    if (optimized == VK_NULL_HANDLE)
      D3D11VK_LOG_ONCE(Warn, "graphics pipeline: the optimized link failed (", error, "); keeping fast-linked pipelines");
    lock.lock();
    if (optimized != VK_NULL_HANDLE) {
      // Commands recorded with the fast-linked pipeline may still run: it is kept until the end.
      m_replaced.push_back(job.target->pipeline.exchange(optimized));
      job.target->optimized = true;
      m_optimizedSwaps++;
    }
    m_optimizersBusy--;
    if (m_jobs.empty() && m_optimizersBusy == 0)
      m_optimizerIdle.notify_all();
  }
  m_optimizerIdle.notify_all();
}

void PipelineManager::waitForOptimizer() {
  std::unique_lock lock(m_mutex);
  m_optimizerIdle.wait(lock, [&] { return m_stopOptimizer || (m_jobs.empty() && m_optimizersBusy == 0); });
}

uint32_t PipelineManager::optimizerThreadsStarted() {
  std::lock_guard lock(m_mutex);
  return uint32_t(m_optimizers.size());
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

  const InProgress compiling(m_device.counters().pipelinesCompiling);
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
  DeviceCounters::add(m_device.counters().computePipelines, 1);
  auto entry = std::make_unique<ComputePipeline>(ComputePipeline{pipeline, layout});
  return m_compute.emplace(shader.id, std::move(entry)).first->second.get();
}

}  // namespace vk
