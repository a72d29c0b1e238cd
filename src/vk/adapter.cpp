// Adapter: profile query at enumeration, description for logs, live memory budgets, device creation.
#include "vk/adapter.h"

#include "vk/device.h"
#include "vk/instance.h"

namespace vk {

Adapter::Adapter(std::shared_ptr<Instance> instance, VkPhysicalDevice device)
    : m_instance(std::move(instance)), m_device(device),
      m_profile(queryDeviceProfile(m_instance->functions(), device)) {}

std::string Adapter::description() const {
  return m_profile.deviceName() + ", Vulkan " + versionString(m_profile.apiVersion()) + ", " +
         m_profile.driverDescription();
}

Adapter::MemoryBudget Adapter::memoryBudget() const {
  MemoryBudget result;
  result.budgetKnown = m_profile.hasExtension(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  auto budget = makeStruct<VkPhysicalDeviceMemoryBudgetPropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT);
  auto properties = makeStruct<VkPhysicalDeviceMemoryProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2);
  if (result.budgetKnown)
    properties.pNext = &budget;
  m_instance->functions().vkGetPhysicalDeviceMemoryProperties2(m_device, &properties);
  const VkPhysicalDeviceMemoryProperties& memory = properties.memoryProperties;
  for (uint32_t i = 0; i < memory.memoryHeapCount; i++) {
    HeapBudget heap;
    heap.size = memory.memoryHeaps[i].size;
    heap.deviceLocal = (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) != 0;
    heap.budget = result.budgetKnown ? budget.heapBudget[i] : heap.size;
    heap.usage = result.budgetKnown ? budget.heapUsage[i] : 0;
    result.heaps.push_back(heap);
  }
  return result;
}

std::unique_ptr<Device> Adapter::createDevice() const {
  return std::make_unique<Device>(*this);
}

}  // namespace vk
