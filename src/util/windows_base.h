// Windows, D3D11 and DXGI type declarations for both builds: mingw-w64's headers in the PE build,
// Wine's pre-generated headers in the native build (see docs/native-headers.md).
#pragma once

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#include <unknwn.h>
#include <d3dcommon.h>
#include <dxgi1_6.h>
#include <d3d11_4.h>
