// queryMemorySegments: one vkGetPhysicalDeviceMemoryProperties2 call with the budget structure
// chained when VK_EXT_memory_budget is present, summed per DXGI segment group.
#include "dxgi/dxgi_video_memory.h"

#include "vk/adapter.h"
#include "vk/instance.h"

namespace d3d11vk {

MemorySegments queryMemorySegments(const vk::Adapter& adapter) {
  MemorySegments segments;
  const bool hasBudget = adapter.profile().hasExtension(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  auto budget = vk::makeStruct<VkPhysicalDeviceMemoryBudgetPropertiesEXT>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT);
  auto properties = vk::makeStruct<VkPhysicalDeviceMemoryProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2);
  if (hasBudget)
    properties.pNext = &budget;
  // Read live, not from the profile: budgets change as this and other processes allocate.
  adapter.instance()->functions().vkGetPhysicalDeviceMemoryProperties2(adapter.handle(), &properties);

  const VkPhysicalDeviceMemoryProperties& memory = properties.memoryProperties;
  for (uint32_t i = 0; i < memory.memoryHeapCount; i++) {
    MemorySegment& segment = (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) ? segments.local : segments.nonLocal;
    if (hasBudget) {
      segment.budget += budget.heapBudget[i];
      segment.usage += budget.heapUsage[i];
    } else {
      // Without the extension the whole heap is the best budget Vulkan can give, and the usage
      // of other processes is unknown.
      segment.budget += memory.memoryHeaps[i].size;
    }
  }
  segments.fromBudgetExtension = hasBudget;
  return segments;
}

}  // namespace d3d11vk
