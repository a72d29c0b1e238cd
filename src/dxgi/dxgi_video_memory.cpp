// queryMemorySegments: the adapter's live heap budgets (vk::Adapter::memoryBudget), summed per DXGI
// segment group.
#include "dxgi/dxgi_video_memory.h"

#include "vk/adapter.h"

namespace d3d11vk {

MemorySegments queryMemorySegments(const vk::Adapter& adapter) {
  MemorySegments segments;
  // Without VK_EXT_memory_budget the whole heap is the best budget Vulkan can give, and the usage
  // of other processes is unknown (the adapter reports the heap's size and 0).
  const vk::Adapter::MemoryBudget memory = adapter.memoryBudget();
  for (const vk::Adapter::HeapBudget& heap : memory.heaps) {
    MemorySegment& segment = heap.deviceLocal ? segments.local : segments.nonLocal;
    segment.budget += heap.budget;
    segment.usage += heap.usage;
  }
  segments.fromBudgetExtension = memory.budgetKnown;
  return segments;
}

}  // namespace d3d11vk
