// QueryPools and QueryRecord: Vulkan query slots behind D3D11 queries. A D3D11 query may stay
// active across Flush, but a Vulkan query must begin and end in one command buffer, so the worker
// ends an active query when it submits and continues it in a new slot: a record is a list of
// segments whose results add up. Slots are recycled once the GPU is done with them.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "vk/vulkan_api.h"

namespace vk {

class Device;

// StreamOutput0-3: VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT on that vertex stream (queries of
// different streams may be active together, so each stream is its own kind). StreamOutputAll is a
// record measuring every stream: it joins the four streams' segments (Vulkan allows one active
// query per stream, so it shares theirs) and its results are their sums. It has no slots itself.
enum class QueryKind : uint8_t {
  Occlusion,
  PreciseOcclusion,
  Timestamp,
  PipelineStatistics,
  StreamOutput0,
  StreamOutput1,
  StreamOutput2,
  StreamOutput3,
  StreamOutputAll,
};
constexpr uint32_t kQueryKinds = 8;  // kinds with slots and segments of their own (not StreamOutputAll)

inline bool isStreamOutputKind(QueryKind kind) { return kind >= QueryKind::StreamOutput0; }
inline uint32_t streamOf(QueryKind kind) { return uint32_t(kind) - uint32_t(QueryKind::StreamOutput0); }

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
  Kind m_kinds[kQueryKinds];
};

// One query slot lent to the records that measure into it. Vulkan allows one active query of a
// type per command buffer, so overlapping D3D11 queries of one kind share segments: the slot goes
// back to the pools (after the submission that last used it) when the last record drops it.
struct QueryLease {
  QueryLease(QueryPools& pools, QueryKind kind, QuerySlot slot) : pools(pools), kind(kind), slot(slot) {}
  ~QueryLease() { pools.release(kind, {slot}, lastUse); }
  QueryLease(const QueryLease&) = delete;
  QueryLease& operator=(const QueryLease&) = delete;

  QueryPools& pools;
  QueryKind kind;
  QuerySlot slot;
  uint64_t lastUse = 0;  // the submission that wrote it
};

// The worker's side of one D3D11 query: the segments whose results add up to its value. Written
// by the worker, read by the app thread only after the submission that ended the query completed.
class QueryRecord {
public:
  explicit QueryRecord(QueryKind kind) : m_kind(kind) {}

  QueryKind kind() const { return m_kind; }
  std::vector<std::shared_ptr<QueryLease>>& segments() { return m_segments; }
  // A predicate created with D3D11_QUERY_MISC_PREDICATEHINT: predication may ignore it where
  // honouring it would cost a wait for the GPU (executor_predication.cpp).
  bool predicateHint() const { return m_predicateHint; }
  void setPredicateHint(bool hint) { m_predicateHint = hint; }

  // App side, once complete: the summed results (one value, 11 statistics, or for stream output
  // primitives written and primitives needed); false if the results are not available (device lost).
  bool results(const Device& device, uint64_t* values, uint32_t count) const;

private:
  QueryKind m_kind;
  bool m_predicateHint = false;
  std::vector<std::shared_ptr<QueryLease>> m_segments;
};

}  // namespace vk
