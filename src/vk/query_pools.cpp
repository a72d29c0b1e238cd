// QueryPools and QueryRecord: slot allocation, segmented queries and result summing.
#include "vk/query_pools.h"

#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/result.h"

namespace vk {

namespace {
constexpr uint32_t kSlotsPerPool = 64;

VkQueryType vulkanType(QueryKind kind) {
  switch (kind) {
    case QueryKind::Occlusion:
    case QueryKind::PreciseOcclusion: return VK_QUERY_TYPE_OCCLUSION;
    case QueryKind::Timestamp: return VK_QUERY_TYPE_TIMESTAMP;
    case QueryKind::PipelineStatistics: return VK_QUERY_TYPE_PIPELINE_STATISTICS;
    case QueryKind::StreamOutput0:
    case QueryKind::StreamOutput1:
    case QueryKind::StreamOutput2:
    case QueryKind::StreamOutput3:
    case QueryKind::StreamOutputAll: return VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
  }
  return VK_QUERY_TYPE_OCCLUSION;
}
}  // namespace

// D3D11_QUERY_DATA_PIPELINE_STATISTICS: IAVertices, IAPrimitives, VSInvocations, GSInvocations,
// GSPrimitives, CInvocations, CPrimitives, PSInvocations, HSInvocations, DSInvocations, CSInvocations.
const VkQueryPipelineStatisticFlagBits QueryPools::kStatistics[11] = {
    VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT,
    VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT,
    VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT,
    VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT,
    VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT,
    VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT,
    VK_QUERY_PIPELINE_STATISTIC_CLIPPING_PRIMITIVES_BIT,
    VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT,
    VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT,
    VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT,
    VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT,
};

QueryPools::QueryPools(Device& device) : m_device(device) {}

QueryPools::~QueryPools() {
  for (Kind& kind : m_kinds)
    for (VkQueryPool pool : kind.pools)
      m_device.functions().vkDestroyQueryPool(m_device.handle(), pool, nullptr);
}

QuerySlot QueryPools::allocate(VkCommandBuffer commands, QueryKind kind) {
  QuerySlot slot;
  {
    std::lock_guard lock(m_mutex);
    Kind& slots = m_kinds[size_t(kind)];
    if (slots.free.empty()) {
      VkQueryPoolCreateInfo info = makeStruct<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
      info.queryType = vulkanType(kind);
      info.queryCount = kSlotsPerPool;
      if (kind == QueryKind::PipelineStatistics)
        for (VkQueryPipelineStatisticFlagBits bit : kStatistics)
          info.pipelineStatistics |= bit;
      VkQueryPool pool = VK_NULL_HANDLE;
      check(m_device.functions().vkCreateQueryPool(m_device.handle(), &info, nullptr, &pool), "vkCreateQueryPool");
      slots.pools.push_back(pool);
      for (uint32_t i = kSlotsPerPool; i-- > 0;)
        slots.free.push_back(QuerySlot{pool, i});
    }
    slot = slots.free.back();
    slots.free.pop_back();
  }
  m_device.functions().vkCmdResetQueryPool(commands, slot.pool, slot.index, 1);
  return slot;
}

void QueryPools::release(QueryKind kind, const std::vector<QuerySlot>& slots, uint64_t lastUse) {
  if (slots.empty())
    return;
  m_device.timeline().deferUntil(lastUse, [this, kind, slots] {
    std::lock_guard lock(m_mutex);
    Kind& free = m_kinds[size_t(kind)];
    free.free.insert(free.free.end(), slots.begin(), slots.end());
  });
}

bool QueryRecord::results(const Device& device, uint64_t* values, uint32_t count) const {
  for (uint32_t i = 0; i < count; ++i)
    values[i] = 0;
  uint64_t slotValues[11];
  for (const std::shared_ptr<QueryLease>& segment : m_segments) {
    VkResult result = device.functions().vkGetQueryPoolResults(device.handle(), segment->slot.pool, segment->slot.index, 1,
                                                               sizeof(uint64_t) * count, slotValues, sizeof(uint64_t) * count,
                                                               VK_QUERY_RESULT_64_BIT);
    if (result != VK_SUCCESS)
      return false;
    for (uint32_t i = 0; i < count; ++i)
      values[i] = m_kind == QueryKind::Timestamp ? slotValues[i] : values[i] + slotValues[i];
  }
  return true;
}

}  // namespace vk
