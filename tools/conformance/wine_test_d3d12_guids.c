// The D3D12 interface ids Wine's dxgi tests name: mingw-w64's libuuid lacks them, so this unit
// instantiates every GUID d3d12.h declares (initguid.h turns the declarations into definitions).
#include <initguid.h>
#include <d3d12.h>
