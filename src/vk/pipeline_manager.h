// PipelineManager: graphics and compute pipelines by key, with their layouts, shader modules and
// the on-disk VkPipelineCache; the one place the backend gets a VkPipeline from (docs/pipelines.md).
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "util/thread.h"
#include "vk/pipeline_cache.h"
#include "vk/pipeline_key.h"
#include "vk/pipeline_layouts.h"
#include "vk/pipeline_library.h"
#include "vk/shader_modules.h"

namespace vk {

class Device;

// `pipeline` may change once: the background optimizer replaces a fast-linked pipeline by the
// optimized one for the same key (an atomic store; the old one stays valid for recorded commands
// until the manager goes). The entry's address never changes.
struct GraphicsPipeline {
  std::atomic<VkPipeline> pipeline{VK_NULL_HANDLE};
  const PipelineLayoutInfo* layout = nullptr;
  std::atomic<bool> optimized{false};  // set when the optimizer's pipeline replaced the first one
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
  struct Options {
    // Build graphics pipelines from libraries where the device has VK_EXT_graphics_pipeline_library.
    bool graphicsPipelineLibrary = true;
    // With libraries: replace each fast-linked pipeline by a link-time-optimized one, built on
    // background threads.
    bool backgroundOptimization = true;
    // How many background threads link optimized pipelines (dxvk.numCompilerThreads); 0: one per
    // CPU core. They start one by one as jobs queue up, so a game with few pipelines runs one.
    uint32_t optimizerThreads = 0;
  };

  // The disk cache file comes from the environment (PipelineCache::fileFromEnvironment), the
  // library choice from the configuration (d3d11.graphicsPipelineLibrary).
  explicit PipelineManager(Device& device);
  // An explicit disk cache file; nullopt keeps the cache in memory only.
  PipelineManager(Device& device, std::optional<std::filesystem::path> cacheFile);
  PipelineManager(Device& device, std::optional<std::filesystem::path> cacheFile, Options options);
  // Stops the optimizer thread (its queue is dropped), saves the pipeline cache, then destroys
  // pipelines, libraries, layouts and modules.
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

  // Whether graphics pipelines are built from libraries on this manager.
  bool usesLibraries() const { return m_libraries != nullptr; }
  // Library parts created so far (0 without libraries).
  uint64_t librariesBuilt(LibraryPart part) const { return m_libraries ? m_libraries->built(part) : 0; }
  // Pipelines made by fast linking, and optimized pipelines swapped in for them.
  uint64_t fastLinks() const { return m_fastLinks.load(); }
  uint64_t optimizedSwaps() const { return m_optimizedSwaps.load(); }
  // Blocks until the optimizer's queue is empty and its current links done (tests, benchmarks;
  // the draw path never calls it).
  void waitForOptimizer();
  // Background threads started so far, and the most that may run.
  uint32_t optimizerThreadsStarted();
  uint32_t optimizerThreadLimit() const { return m_optimizerLimit; }

private:
  struct OptimizeJob {
    GraphicsPipeline* target;
    LibrarySet parts;
  };

  const GraphicsPipeline* createGraphics(const GraphicsPipelineKey& key, const ShaderCode* const stages[kGraphicsStages],
                                         const PipelineLayoutInfo& layout, const VkShaderModule modules[kGraphicsStages],
                                         std::string* error);
  void optimizerLoop();

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
  // Library path (null: monolithic pipelines). Guarded by m_mutex.
  std::unique_ptr<GraphicsPipelineLibraries> m_libraries;
  const bool m_optimize;
  const uint32_t m_optimizerLimit;
  std::atomic<uint64_t> m_fastLinks{0};
  std::atomic<uint64_t> m_optimizedSwaps{0};
  // The optimizer: jobs, its stop flag and the pipelines it replaced, all under m_mutex (it links
  // without holding it). m_optimizerIdle is signalled when the queue drains.
  std::deque<OptimizeJob> m_jobs;
  bool m_stopOptimizer = false;
  uint32_t m_optimizersBusy = 0;  // threads linking right now
  std::vector<VkPipeline> m_replaced;
  std::condition_variable m_jobReady;
  std::condition_variable m_optimizerIdle;
  std::vector<util::Thread> m_optimizers;  // last: started as jobs queue up, joined first
};

}  // namespace vk
