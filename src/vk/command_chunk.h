// CommandChunk: a block of recorded commands, each a header followed by its struct and an optional
// tail of entries. Chunks are what the app thread hands to the worker (and what a command list
// holds), so they are pure data: they can be walked, dumped and replayed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "vk/commands.h"

namespace vk {

struct CommandHeader {
  CommandType type;
  uint16_t reserved;
  uint32_t size;  // bytes of this command after the header, tail included, rounded to 8
};

class CommandChunk {
public:
  static constexpr size_t kCapacity = 64 * 1024;

  CommandChunk() : m_data(new std::byte[kCapacity]) {}

  // Room for a command of type T with `tailBytes` after it; null when the chunk is full.
  template <typename T>
  T* append(size_t tailBytes = 0) {
    static_assert(isCommand<T>);
    const size_t body = (((sizeof(T) + 7) & ~size_t(7)) + tailBytes + 7) & ~size_t(7);
    if (m_used + sizeof(CommandHeader) + body > kCapacity)
      return nullptr;
    auto* header = reinterpret_cast<CommandHeader*>(m_data.get() + m_used);
    header->type = kCommandTypeOf<T>;
    header->reserved = 0;
    header->size = uint32_t(body);
    m_used += sizeof(CommandHeader) + body;
    m_count++;
    return reinterpret_cast<T*>(header + 1);
  }

  // The largest command (struct and tail) a chunk can hold.
  static constexpr size_t maxCommandBytes() { return kCapacity - sizeof(CommandHeader); }

  template <typename Visitor>
  void forEach(Visitor&& visit) const {
    size_t at = 0;
    while (at < m_used) {
      auto* header = reinterpret_cast<const CommandHeader*>(m_data.get() + at);
      visit(*header, static_cast<const void*>(header + 1));
      at += sizeof(CommandHeader) + header->size;
    }
  }

  bool empty() const { return m_count == 0; }
  uint32_t count() const { return m_count; }
  size_t bytes() const { return m_used; }
  void reset() {
    m_used = 0;
    m_count = 0;
  }

private:
  std::unique_ptr<std::byte[]> m_data;
  size_t m_used = 0;
  uint32_t m_count = 0;
};

// The tail entries that follow a command struct.
template <typename Entry, typename Command>
Entry* tailOf(Command* command) {
  return reinterpret_cast<Entry*>(reinterpret_cast<std::byte*>(command) + ((sizeof(Command) + 7) & ~size_t(7)));
}
template <typename Entry, typename Command>
const Entry* tailOf(const Command* command) {
  return reinterpret_cast<const Entry*>(reinterpret_cast<const std::byte*>(command) + ((sizeof(Command) + 7) & ~size_t(7)));
}

}  // namespace vk
