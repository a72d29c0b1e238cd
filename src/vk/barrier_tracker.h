// BarrierTracker: decides where the worker's command buffer needs a pipeline barrier. Every
// resource an operation touches is declared with read or write access; when one of them was
// written since the last barrier (read-after-write, write-after-write) or is written now after a
// read (write-after-read), one global memory barrier is recorded first. Images stay in the GENERAL
// layout (docs/command-stream.md), so no layout transitions are tracked.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "vk/vulkan_api.h"

namespace vk {

struct DeviceFunctions;

enum class Access : uint8_t { Read = 1, Write = 2 };

struct ResourceAccess {
  uint64_t resource;  // a VkBuffer or VkImage handle value
  Access access;
};

class BarrierTracker {
public:
  // Records a barrier into `commands` if `accesses` conflict with what happened since the last
  // one, then notes them. Returns whether a barrier was recorded.
  bool prepare(const DeviceFunctions& vk, VkCommandBuffer commands, const ResourceAccess* accesses, size_t count);
  bool prepare(const DeviceFunctions& vk, VkCommandBuffer commands, std::initializer_list<ResourceAccess> accesses) {
    return prepare(vk, commands, accesses.begin(), accesses.size());
  }
  // Whether `accesses` conflict with what happened since the last barrier (nothing recorded).
  bool conflicts(const ResourceAccess* accesses, size_t count) const;
  // Notes accesses without checking (inside a rendering pass, after conflicts() said none).
  void note(const ResourceAccess* accesses, size_t count);
  // Everything before against everything after, and device writes made visible to the host:
  // recorded at the end of each submission so Map can read what the GPU wrote.
  void fullBarrier(const DeviceFunctions& vk, VkCommandBuffer commands, bool toHost);
  // A new command buffer starts with nothing pending (submission order covers the previous ones).
  void reset() { m_since.clear(); }
  uint64_t barrierCount() const { return m_barriers; }

private:
  std::unordered_map<uint64_t, uint8_t> m_since;  // accesses since the last barrier
  uint64_t m_barriers = 0;
};

template <typename Handle>
inline uint64_t resourceId(Handle handle) {
  return uint64_t(reinterpret_cast<uintptr_t>(handle));
}
// 32-bit builds define non-dispatchable handles as uint64_t.
inline uint64_t resourceId(uint64_t handle) { return handle; }

}  // namespace vk
