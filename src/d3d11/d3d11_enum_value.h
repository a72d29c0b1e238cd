// enumValue: reads an enumeration member that an application filled in as its raw integer value.
#pragma once

#include <cstring>

#include "util/windows_base.h"

namespace d3d11vk {

// The raw value of an enumeration member an application filled in. Reading an out-of-range value
// through the enumeration type is undefined behaviour (UBSan reports it), and such values are
// exactly what validation must look at.
template <typename Enum>
UINT enumValue(const Enum& member) {
  static_assert(sizeof(Enum) == sizeof(UINT));
  UINT value;
  std::memcpy(&value, &member, sizeof(value));
  return value;
}

}  // namespace d3d11vk
