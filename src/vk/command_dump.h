// The text dump of recorded commands: one line per command, its name from the list
// (command_list.h) and the fields its describe(out) names (commands.h), for tests and debugging.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

#include "vk/command_chunk.h"

namespace vk {

// "Draw vertexCount=3 instanceCount=1 firstVertex=0 firstInstance=0". A command without a
// describe(out) prints its name and body size ("TiledResourceBarrier size=8"); an unknown type
// prints its number.
std::string describeCommand(const CommandHeader& header, const void* body);
// Every command of the chunk, one line each, each ending in '\n'.
std::string dumpChunk(const CommandChunk& chunk);

// What a command's describe(out) writes to: ` name=value` pairs appended to a line. Numbers
// print in decimal (enums as their value), floats in the shortest form that reads back the same,
// arrays as [a,b,c]; hex() prints Vulkan handles, pointers and bit masks as 0x... .
class CommandFields {
public:
  explicit CommandFields(std::string& line) : m_line(line) {}

  template <typename T>
  CommandFields& operator()(const char* name, const T& value) {
    start(name);
    put(value, false);
    return *this;
  }
  template <typename T>
  CommandFields& hex(const char* name, const T& value) {
    start(name);
    put(value, true);
    return *this;
  }
  // [get(0),...,get(count-1)] in hex.
  template <typename Get>
  CommandFields& hexEach(const char* name, uint32_t count, Get get) {
    start(name);
    m_line += '[';
    for (uint32_t i = 0; i < count; ++i) {
      if (i)
        m_line += ',';
      put(get(i), true);
    }
    m_line += ']';
    return *this;
  }

private:
  void start(const char* name);
  void putUnsigned(uint64_t value, bool hex);
  void putSigned(int64_t value);
  void putFloat(double value);
  void putExtent(uint32_t width, uint32_t height);

  template <typename T>
  void put(const T& value, bool hex) {
    if constexpr (std::is_array_v<T>) {
      m_line += '[';
      for (size_t i = 0; i < std::extent_v<T>; ++i) {
        if (i)
          m_line += ',';
        put(value[i], hex);
      }
      m_line += ']';
    } else if constexpr (std::is_pointer_v<T>) {
      putUnsigned(uint64_t(reinterpret_cast<uintptr_t>(value)), true);
    } else if constexpr (std::is_enum_v<T>) {
      put(std::underlying_type_t<T>(value), hex);
    } else if constexpr (std::is_floating_point_v<T>) {
      putFloat(value);
    } else if constexpr (std::is_same_v<T, VkExtent2D>) {
      putExtent(value.width, value.height);
    } else if constexpr (std::is_same_v<T, VkExtent3D>) {
      putExtent(value.width, value.height);
      m_line += 'x' + std::to_string(value.depth);
    } else if constexpr (std::is_signed_v<T>) {
      putSigned(value);
    } else {
      static_assert(std::is_unsigned_v<T>, "a field the dump cannot print: describe its parts");
      putUnsigned(value, hex);
    }
  }

  std::string& m_line;
};

}  // namespace vk
