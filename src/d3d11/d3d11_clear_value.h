// The bytes of one element of a typed UAV format for ClearUnorderedAccessViewUint (each channel
// keeps the low bits of its value) and ClearUnorderedAccessViewFloat (each value converted as the
// format stores it): the pattern the context writes when Vulkan cannot clear the view directly.
#pragma once

#include <cstdint>

#include "util/windows_base.h"

namespace d3d11vk {

// Writes the element into `out` (at least 16 bytes) and returns its size, or 0 for a format this
// does not know (the caller logs that the clear is not implemented for it).
uint32_t packClearValue(DXGI_FORMAT format, const UINT uintValues[4], const FLOAT floatValues[4], bool isFloat, uint8_t* out);

}  // namespace d3d11vk
