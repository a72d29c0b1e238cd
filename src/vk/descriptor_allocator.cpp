// DescriptorAllocator: descriptor pool rotation by GPU timeline completion.
#include "vk/descriptor_allocator.h"

#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/result.h"

namespace vk {

DescriptorAllocator::DescriptorAllocator(Device& device, GpuTimeline& timeline) : m_device(device), m_timeline(timeline) {
  m_pools.push_back({createPool(), 0});
}

DescriptorAllocator::~DescriptorAllocator() {
  for (const Pool& pool : m_pools)
    m_device.functions().vkDestroyDescriptorPool(m_device.handle(), pool.pool, nullptr);
}

VkDescriptorPool DescriptorAllocator::createPool() {
  // Generous for every type D3D11 state can produce, so a pool fills by set count, not by one
  // type running out; the exhausted-pool retry in allocate() covers any shader that does.
  const VkDescriptorType types[] = {
      VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_SAMPLER, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
      VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
      VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER};
  VkDescriptorPoolSize sizes[std::size(types)];
  for (size_t i = 0; i < std::size(types); i++)
    sizes[i] = {types[i], kDescriptorsPerType};
  auto info = makeStruct<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  info.maxSets = kSetsPerPool;
  info.poolSizeCount = uint32_t(std::size(sizes));
  info.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  check(m_device.functions().vkCreateDescriptorPool(m_device.handle(), &info, nullptr, &pool), "vkCreateDescriptorPool");
  return pool;
}

void DescriptorAllocator::nextPool() {
  m_retired.push_back(m_current);
  // Retired pools finish in submission order, so only the oldest needs looking at.
  size_t oldest = m_retired.front();
  if (m_timeline.isComplete(m_pools[oldest].lastSubmission)) {
    m_retired.pop_front();
    check(m_device.functions().vkResetDescriptorPool(m_device.handle(), m_pools[oldest].pool, 0),
          "vkResetDescriptorPool");
    m_resets++;
    m_pools[oldest].sets = 0;
    m_current = oldest;
    return;
  }
  m_pools.push_back({createPool(), 0});
  m_current = m_pools.size() - 1;
}

VkDescriptorSet DescriptorAllocator::allocate(VkDescriptorSetLayout layout, uint64_t submission) {
  auto info = makeStruct<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  info.descriptorSetCount = 1;
  info.pSetLayouts = &layout;
  // Two tries: the current pool, then a fresh (or recycled) one. A set that fits no empty pool is
  // a layout larger than kDescriptorsPerType of one type, which the binding model cannot make.
  if (m_pools[m_current].sets >= kSetsPerPool)
    nextPool();
  for (int attempt = 0; attempt < 2; attempt++) {
    info.descriptorPool = m_pools[m_current].pool;
    VkDescriptorSet set = VK_NULL_HANDLE;
    VkResult result = m_device.functions().vkAllocateDescriptorSets(m_device.handle(), &info, &set);
    if (result == VK_SUCCESS) {
      m_pools[m_current].sets++;
      if (submission > m_pools[m_current].lastSubmission)
        m_pools[m_current].lastSubmission = submission;
      return set;
    }
    if (result != VK_ERROR_OUT_OF_POOL_MEMORY && result != VK_ERROR_FRAGMENTED_POOL)
      check(result, "vkAllocateDescriptorSets");
    nextPool();
  }
  throw Error("vkAllocateDescriptorSets (a fresh pool)", VK_ERROR_OUT_OF_POOL_MEMORY);
}

}  // namespace vk
