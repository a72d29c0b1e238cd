// QueryPools and QueryRecord: Vulkan query slots behind D3D11 queries. A D3D11 query may stay
// active across Flush, but a Vulkan query must begin and end in one command buffer, so the worker
// ends an active query when it submits and continues it in a new slot: a record is a list of
// segments whose results add up. Slots are recycled once the GPU is done with them.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

enum class QueryKind : uint8_t { Occlusion, PreciseOcclusion, Timestamp, PipelineStatistics };

struct QuerySlot {
  VkQueryPool pool = VK_NULL_HANDLE;
  uint32_t index = 0;
};

class QueryPools {
public:
  explicit QueryPools(Device& device);
  ~QueryPools();
  QueryPools(const QueryPools&) = delete;
  QueryPools& operator=(const QueryPools&) = delete;

  // A slot reset in `commands` (which must be outside a rendering pass). Throws vk::Error.
  QuerySlot allocate(VkCommandBuffer commands, QueryKind kind);
  // Makes the slots reusable after submission `lastUse` completes. Thread-safe.
  void release(QueryKind kind, const std::vector<QuerySlot>& slots, uint64_t lastUse);

  // The statistics a PipelineStatistics slot counts, in D3D11_QUERY_DATA_PIPELINE_STATISTICS order.
  static const VkQueryPipelineStatisticFlagBits kStatistics[11];

private:
  struct Kind {
    std::vector<VkQueryPool> pools;
    std::vector<QuerySlot> free;
  };

  Device& m_device;
  std::mutex m_mutex;
  Kind m_kinds[4];
};

// The worker's side of one D3D11 query: written by the worker, read by the app thread only after
// the submission that ended the query has completed.
class QueryRecord {
public:
  QueryRecord(QueryPools& pools, QueryKind kind) : m_pools(pools), m_kind(kind) {}
  ~QueryRecord();  // releases the slots (after `lastUse`)

  QueryKind kind() const { return m_kind; }
  // Worker side.
  void begin(const Device& device, VkCommandBuffer commands, uint64_t submission);
  void end(const Device& device, VkCommandBuffer commands, uint64_t submission);
  void writeTimestamp(const Device& device, VkCommandBuffer commands, uint64_t submission);
  bool active() const { return m_active; }
  // Ends the active segment before a submission and starts the next one after it.
  void suspend(const Device& device, VkCommandBuffer commands);
  void resume(const Device& device, VkCommandBuffer commands, uint64_t submission);

  // App side, once complete: the summed results (one value, or 11 statistics); false if the
  // results are not available (device lost).
  bool results(const Device& device, uint64_t* values, uint32_t count) const;

private:
  void beginSegment(const Device& device, VkCommandBuffer commands);

  QueryPools& m_pools;
  QueryKind m_kind;
  std::vector<QuerySlot> m_slots;
  bool m_active = false;
  uint64_t m_lastUse = 0;
};

}  // namespace vk
