// RangeAllocator: first-fit sub-allocation of aligned ranges inside one fixed-size block, with a
// sorted free list whose neighbours merge on free. Pure (no Vulkan), so it is tested on its own.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>
#include <optional>

namespace vk {

class RangeAllocator {
public:
  explicit RangeAllocator(uint64_t size) : m_size(size) { m_free.emplace(0, size); }

  // The offset of a range of `size` bytes aligned to `alignment` (a power of two), or nothing
  // when no free range fits. The alignment padding in front stays free.
  std::optional<uint64_t> allocate(uint64_t size, uint64_t alignment) {
    if (size == 0 || alignment == 0 || (alignment & (alignment - 1)))
      return std::nullopt;
    for (auto it = m_free.begin(); it != m_free.end(); ++it) {
      uint64_t start = it->first, end = it->first + it->second;
      uint64_t aligned = (start + alignment - 1) & ~(alignment - 1);
      if (aligned < start || aligned > end || end - aligned < size)
        continue;
      m_free.erase(it);
      if (aligned > start)
        m_free.emplace(start, aligned - start);
      if (aligned + size < end)
        m_free.emplace(aligned + size, end - aligned - size);
      return aligned;
    }
    return std::nullopt;
  }

  // Returns a range allocate() gave out; it merges with free neighbours so space does not fragment
  // into pieces smaller than what is freed.
  void free(uint64_t offset, uint64_t size) {
    auto next = m_free.lower_bound(offset);
    if (next != m_free.end() && offset + size == next->first) {
      size += next->second;
      next = m_free.erase(next);
    }
    if (next != m_free.begin()) {
      auto prev = std::prev(next);
      if (prev->first + prev->second == offset) {
        prev->second += size;
        return;
      }
    }
    m_free.emplace(offset, size);
  }

  bool empty() const { return m_free.size() == 1 && m_free.begin()->second == m_size; }
  uint64_t size() const { return m_size; }
  uint64_t freeBytes() const {
    uint64_t total = 0;
    for (const auto& range : m_free)
      total += range.second;
    return total;
  }
  size_t freeRangeCount() const { return m_free.size(); }

private:
  uint64_t m_size;
  std::map<uint64_t, uint64_t> m_free;  // offset -> size, never adjacent to each other
};

}  // namespace vk
