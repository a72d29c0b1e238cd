// Video-memory segments as IDXGIAdapter3::QueryVideoMemoryInfo reports them, read from Vulkan:
// per-heap budgets and usage from VK_EXT_memory_budget when the device has it, else heap sizes.
#pragma once

#include <cstdint>

namespace vk { class Adapter; }

namespace d3d11vk {

struct MemorySegment {
  uint64_t budget = 0;  // bytes the process may use before the OS starts evicting
  uint64_t usage = 0;   // bytes the process uses now (0 when Vulkan cannot say)
};

struct MemorySegments {
  MemorySegment local;     // device-local heaps: DXGI_MEMORY_SEGMENT_GROUP_LOCAL
  MemorySegment nonLocal;  // the other heaps: DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL
  bool fromBudgetExtension = false;
};

MemorySegments queryMemorySegments(const vk::Adapter& adapter);

}  // namespace d3d11vk
