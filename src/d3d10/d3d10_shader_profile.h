// Which shader models a D3D10 device accepts: 4.0 everywhere, 4.1 on a 10.1 device. The D3D11
// device behind it would take 5.0 bytecode at 11_x levels; the D3D10 interface must not.
#pragma once

#include <string>

#include "d3d10/d3d10_base.h"

namespace d3d11vk::d3d10 {

// Empty when the bytecode's shader model is one D3D10 accepts at `level` (or the bytecode is not
// a container this check can read: the D3D11 validation that follows rejects that with its own
// message); else why not.
std::string checkShaderModel(const void* bytecode, SIZE_T length, D3D_FEATURE_LEVEL level);

}  // namespace d3d11vk::d3d10
