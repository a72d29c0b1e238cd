// The Windows, D3D11, DXGI and D3D10/10.1 declarations the D3D10 faces and entry points use.
#pragma once

#include "util/windows_base.h"

// mingw-w64's headers in the PE build, Wine's pre-generated ones natively (docs/native-headers.md),
// exactly as for D3D11.
#include <d3d10_1.h>
#include <d3d10misc.h>
#include <d3d10shader.h>
