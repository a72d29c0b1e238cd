// PipelineManager: graphics and compute pipelines by key, with their layouts, shader modules and
// the on-disk VkPipelineCache; the one place the backend gets a VkPipeline from (docs/pipelines.md).
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "vk/pipeline_cache.h"
#include "vk/pipeline_key.h"
#include "vk/pipeline_layouts.h"
#include "vk/shader_modules.h"

namespace vk {

class Device;

struct GraphicsPipeline {
  VkPipeline pipeline = VK_NULL_HANDLE;
  const PipelineLayoutInfo* layout = nullptr;
};

struct ComputePipeline {
  VkPipeline pipeline = VK_NULL_HANDLE;
  const PipelineLayoutInfo* layout = nullptr;
};

// Meant for the command stream's worker thread, which creates pipelines as draws need them; the
// methods lock, so tests and a future compile thread may call them too. Returned pointers live as
// long as the manager. The owner destroys the manager only once the GPU has finished every
// command buffer that uses its pipelines (the device's timeline drained).
class PipelineManager {
public:
  // The disk cache file comes from the environment (PipelineCache::fileFromEnvironment).
  explicit PipelineManager(Device& device);
  // An explicit disk cache file; nullopt keeps the cache in memory only.
  PipelineManager(Device& device, std::optional<std::filesystem::path> cacheFile);
  // Saves the pipeline cache, then destroys pipelines, layouts and modules.
  ~PipelineManager();
  PipelineManager(const PipelineManager&) = delete;
  PipelineManager& operator=(const PipelineManager&) = delete;

  // The pipeline for `key` with the shaders the key names (stages[i]->id == key.shaders[i], null
  // where the key has 0), created on first use. Null, with one log line per distinct key, when
  // no valid pipeline can be built (device limits or features, mismatched stages, driver refusal);
  // the draw is then skipped. Throws vk::Error when Vulkan runs out of memory.
  const GraphicsPipeline* getGraphics(const GraphicsPipelineKey& key, const ShaderCode* const stages[kGraphicsStages]);
  // The compute pipeline for the shader (by its id), created on first use; null as above.
  const ComputePipeline* getCompute(const ShaderCode& shader);

  // Saves the disk cache now (also done by the destructor).
  void saveCache() { m_cache.save(); }
  const PipelineCache& cache() const { return m_cache; }
  PipelineLayouts& layouts() { return m_layouts; }

  // For tests and the log: pipelines created (graphics and compute, failures not counted) and
  // lookups answered from the manager's own maps.
  uint64_t pipelinesCreated() const { return m_created.load(); }
  uint64_t cacheHits() const { return m_hits.load(); }

private:
  struct KeyHash {
    size_t operator()(const GraphicsPipelineKey& key) const { return size_t(hashKey(key)); }
  };

  Device& m_device;
  PipelineCache m_cache;
  ShaderModules m_modules;
  PipelineLayouts m_layouts;
  std::mutex m_mutex;
  // Null entries remember keys that failed, so a bad combination is logged once, not per draw.
  std::unordered_map<GraphicsPipelineKey, std::unique_ptr<GraphicsPipeline>, KeyHash> m_graphics;
  std::unordered_map<uint64_t, std::unique_ptr<ComputePipeline>> m_compute;  // by ShaderCode::id
  std::atomic<uint64_t> m_created{0};
  std::atomic<uint64_t> m_hits{0};
};

}  // namespace vk
