// The Vulkan headers as every file in src/vk includes them: prototypes off, since all entry points
// are loaded at run time through the function tables in functions.h.
#pragma once

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <vulkan/vulkan.h>

namespace vk {

// A zeroed Vulkan structure with its sType set: `Vk... x{TYPE}` would leave -Wextra complaining
// about every other member.
template <typename T>
constexpr T makeStruct(VkStructureType type) {
  T structure{};
  structure.sType = type;
  return structure;
}

}  // namespace vk
