// CommandExecutor: the worker's interpreter of the command stream. It turns each typed command of
// a chunk into Vulkan commands in the current command buffer, with barriers from the
// BarrierTracker and the worker-side state that spans commands (active queries).
#pragma once

#include <cstdint>
#include <functional>
#include <utility>
#include <memory>
#include <vector>

#include "vk/barrier_tracker.h"
#include "vk/buffer.h"
#include "vk/command_chunk.h"
#include "vk/descriptor_allocator.h"
#include "vk/meta_pipelines.h"
#include "vk/pipeline_manager.h"
#include "vk/presenter.h"
#include "vk/tiled_resource.h"

namespace vk {

class Device;
class QueryPools;
class QueryRecord;
struct QueryLease;

class CommandExecutor {
public:
  CommandExecutor(Device& device, QueryPools& queryPools);

  // Starts recording into a fresh command buffer that will signal `submission`.
  void begin(VkCommandBuffer commands, uint64_t submission);
  void execute(const CommandChunk& chunk);
  // Closes the command buffer's work: pauses active queries, makes writes visible to the host.
  void end();

  uint64_t barrierCount() const { return m_barriers.barrierCount(); }
  // D3D11 draws that went into multi-draw calls of more than one draw (executor_draw_batch.cpp).
  uint64_t batchedDrawCount() const { return m_batchedDraws; }
  // Draws and dispatches recorded since the last take, for DeviceCounters (the worker adds them
  // once a chunk instead of an atomic per draw).
  uint64_t takeDrawCount() { return std::exchange(m_draws, 0); }
  uint64_t takeDispatchCount() { return std::exchange(m_dispatches, 0); }
  // The present recorded into the command buffer just ended, if any: its semaphores go into the
  // submission and the worker presents after submitting (executor_present.cpp).
  bool takePresent(PresentWork* work) {
    *work = m_present;
    m_present = PresentWork{};
    return work->presenter != nullptr;
  }
  PipelineManager& pipelines() { return m_pipelines; }
  // Ends the command buffer being recorded, submits it (without signalling the timeline), waits
  // for it and returns a new one begun for the same submission: how the worker reads a predicate.
  void setSubmitPart(std::function<VkCommandBuffer()> submitPart) { m_submitPart = std::move(submitPart); }
  // Ends the command buffer being recorded, submits it, binds `binds` on the queue after it and
  // returns a new command buffer whose work runs after the binds, with no wait on the CPU
  // (semaphores order the three): how tile mapping changes keep their place among the commands.
  // `waitFirst` (or null): a binary semaphore the submitted part waits for (a present's image).
  void setBindSparse(std::function<VkCommandBuffer(const SparseBinds&, VkSemaphore waitFirst)> bindSparse) {
    m_bindSparse = std::move(bindSparse);
  }

private:
  // One per command of the list (command_list.h), in the executor_*.cpp file of its kind.
#define D3D11VK_EXECUTE(Name, Phase, Predication) void execute(const Name##Command& command);
  D3D11VK_COMMANDS(D3D11VK_EXECUTE)
#undef D3D11VK_EXECUTE
  void bindTiles(const SparseBinds& binds);  // executor_tiles.cpp

  // Draw state (executor_draw.cpp). Everything a command buffer loses when it ends is kept here
  // and re-applied in the next one.
  enum : uint32_t { kGraphics = 0, kCompute = 1 };
  // Prepares a draw: pipeline, barriers, rendering pass, descriptor sets, dynamic state, vertex
  // input. False when the draw must be skipped (no pipeline could be built).
  bool prepareDraw(const ResourceAccess* extra, size_t extraCount);
  // The pipeline for m_graphicsKey: from the recent shader swaps when only shaders changed since
  // the last full key, else from the manager (and remembered).
  const GraphicsPipeline* graphicsPipelineForKey();
  bool prepareDispatch(const ResourceAccess* extra, size_t extraCount);
  void beginRendering();
  void endRendering();
  // Render-target views of buffers (executor_buffer_targets.cpp): their buffer ranges are copied
  // into the shadow images before a rendering pass begins and back after it ends.
  void copyBufferTargetsIn();
  void copyBufferTargetsOut();
  // Render-target views of A8_UNORM textures (executor_alpha_targets.cpp): the texels are copied
  // into the RGBA8 shadows' alpha before a rendering pass begins and back after it ends.
  void copyAlphaTargetsIn();
  void copyAlphaTargetsOut();
  void copyAlpha(bool toShadow);
  // After internal draws outside a pass: the application's graphics pipeline bound again, its
  // descriptor sets and dynamic state marked for binding before the next draw.
  void restoreGraphicsBindings();
  void flushDescriptorSets(uint32_t bindPoint, const PipelineLayoutInfo& layout);
  void collectAccesses(uint32_t bindPoint, std::vector<ResourceAccess>* accesses) const;
  void reapplyState();

  // Draw batching (executor_draw_batch.cpp): a run of draws with nothing between them is one
  // vkCmdDrawMulti(Indexed)EXT, recorded when the run ends (flushDrawBatch before any other
  // command and at end()).
  static constexpr uint32_t kMaxBatchedDraws = 1024;
  struct DrawBatch {
    bool indexed = false;
    uint32_t instanceCount = 0, firstInstance = 0;
    uint32_t count = 0;  // draws waiting in m_batchDraws / m_batchIndexedDraws
  };
  uint32_t multiDrawLimit(bool enabled) const;  // 0: no batching on this device or by option
  bool batchable() const;                       // the state allows a run to start here
  bool joinBatch(const CommandHeader& header, const void* body);  // appended to the open run
  void startBatch(const DrawCommand& draw);
  void startBatch(const DrawIndexedCommand& draw);
  void flushDrawBatch();

  Device& m_device;
  VkCommandBuffer m_commands = VK_NULL_HANDLE;
  uint64_t m_submission = 0;
  BarrierTracker m_barriers;
  // Queries: per kind, the records measuring now and the segment they share (Vulkan allows one
  // active query of a type per command buffer; see executor_query.cpp).
  void startSegment(uint32_t kind);
  void endSegment(uint32_t kind);
  // Internal draws (resolves, mip generation) must not count in the application's occlusion,
  // pipeline-statistics or stream-output queries, as D3D11's do not: the open segments end before
  // them and new ones begin after, as at a submission boundary.
  void pauseQueries();
  void resumeQueries();
  std::vector<QueryRecord*> m_activeQueries[8];     // by QueryKind (kQueryKinds)
  std::shared_ptr<QueryLease> m_currentSegment[8];
  QueryPools* m_queryPools;

  PipelineManager m_pipelines;
  DescriptorAllocator m_descriptors;
  MetaPipelines m_meta;  // the internal shaders' pipelines (executor_meta.cpp)
  SetRenderTargetsCommand m_targets{};
  bool m_rendering = false;
  const ShaderCode* m_graphicsStages[kGraphicsStages] = {};
  GraphicsPipelineKey m_graphicsKey{};
  bool m_hasGraphicsKey = false;
  const GraphicsPipeline* m_graphicsPipeline = nullptr;
  bool m_graphicsPipelineDirty = false;
  // Pipelines of the last few shader combinations drawn under the current key's other state.
  // An application switching shaders between draws (materials) sends only new shader ids
  // (BindGraphicsShadersCommand); finding their pipeline here skips hashing and comparing the
  // whole 1.5 KB key under the manager's lock. A full key (BindGraphicsPipelineCommand) empties it.
  struct RecentShaderPipeline {
    uint64_t shaders[kGraphicsStages];
    const GraphicsPipeline* pipeline;  // the manager's entry: its address is stable, null = refused
  };
  static constexpr uint32_t kRecentShaderPipelines = 4;
  RecentShaderPipeline m_recentShaderPipelines[kRecentShaderPipelines] = {};
  uint32_t m_recentShaderPipelineCount = 0;
  uint32_t m_recentShaderPipelineNext = 0;
  const ShaderCode* m_computeShader = nullptr;
  const ComputePipeline* m_computePipeline = nullptr;
  bool m_computePipelineDirty = false;
  static constexpr uint32_t kSets = 6;
  std::vector<DescriptorEntry> m_entries[2][kSets];  // the descriptors each set should hold
  bool m_setDirty[2][kSets] = {};                    // needs a new VkDescriptorSet
  bool m_accessesDirty[2] = {true, true};            // descriptor resources changed since declared
  bool m_storageWrites[2] = {};                      // a bound descriptor is written (UAVs)
  std::vector<ResourceAccess> m_scratchAccesses;
  std::vector<VkWriteDescriptorSet> m_scratchWrites;
  VertexBufferBinding m_vertexBuffers[kMaxVertexBindings] = {};
  uint32_t m_vertexBufferCount = 0;
  bool m_vertexBuffersDirty = false;
  BindIndexBufferCommand m_indexBuffer{};
  bool m_indexBufferDirty = false;
  SetViewportsCommand m_viewports{};
  SetScissorsCommand m_scissors{};
  SetBlendConstantsCommand m_blendConstants{};
  SetStencilReferenceCommand m_stencilReference{};
  SetDepthBiasCommand m_depthBias{};
  float m_appliedDepthBiasScale = 1.0f;  // the divisor of the depth bias last set (executor_draw.cpp)
  bool m_dynamicDirty = true;
  uint64_t m_draws = 0, m_dispatches = 0;
  PresentWork m_present;  // recorded in this command buffer, not yet handed to the worker
  uint32_t m_multiDrawLimit = 0;
  DrawBatch m_batch;
  VkMultiDrawInfoEXT m_batchDraws[kMaxBatchedDraws] = {};
  VkMultiDrawIndexedInfoEXT m_batchIndexedDraws[kMaxBatchedDraws] = {};
  uint64_t m_batchedDraws = 0;

  // Stream output (executor_stream_output.cpp). Transform feedback stays active across the draws
  // of one rendering pass that capture into the same targets with the same pipeline; it is ended
  // (counters written) before the pass ends, the pipeline or the targets change, or a draw that
  // does not capture.
  bool capturesStreamOutput() const;
  void beginStreamOutput();
  void endStreamOutput();
  void streamOutputAccesses(std::vector<ResourceAccess>* accesses) const;
  StreamOutputTarget m_streamOutTargets[4] = {};
  bool m_streamOutActive = false;

  // Predication (executor_predication.cpp): the predicate's result is copied into a slot of
  // m_predicates, and each draw or dispatch while it is set runs inside conditional rendering on
  // that slot, ended before the next command.
  void beginPredicated();
  void endPredicated();
  // Clears, copies, updates, resolves and mip generation are predicated too (bracketed by
  // PredicatedOperationCommand): view clears as vkCmdClearAttachments under conditional rendering,
  // transfers (which conditional rendering does not cover) by the predicate's data read on the CPU.
  // PredicatedOperationCommand opens and closes such a bracket.
  bool skipPredicatedTransfer();
  bool readPredicateData(bool* data);  // false when it cannot be read (nothing is skipped then)
  bool submitAndWait();
  QueryRecord* m_predicate = nullptr;        // set by SetPredication, whatever the path
  bool m_predicateValue = false;
  bool m_predicateResolved = false;  // m_predicateSkips read on the CPU for this SetPredication
  bool m_predicateSkips = false;
  bool m_predicatedOperation = false;
  std::function<VkCommandBuffer()> m_submitPart;  // the worker's: submit, wait, continue in a new buffer
  std::function<VkCommandBuffer(const SparseBinds&, VkSemaphore)> m_bindSparse;  // the worker's: submit, bind, continue
  std::unique_ptr<Buffer> m_predicates;
  uint32_t m_predicateSlot = 0;      // the next slot to fill
  VkDeviceSize m_predicateOffset = 0;
  bool m_predicateActive = false;
  bool m_predicateInverted = false;
  bool m_conditionalOpen = false;
};

}  // namespace vk
