// Definitions Wine's include/wine/test.h and the d3d11/dxgi/d3d10 tests expect from Wine's own Windows
// headers, for a build against mingw-w64's headers (tools/conformance/run-wine-tests.sh).
#define COBJMACROS
#include <windows.h>
#ifndef __WINE_ALLOC_SIZE
#define __WINE_ALLOC_SIZE(...)
#endif
#ifndef __WINE_MALLOC
#define __WINE_MALLOC
#endif
#ifndef ENABLE_PROCESSED_OUTPUT
#define ENABLE_PROCESSED_OUTPUT 1
#endif
#ifndef ENABLE_VIRTUAL_TERMINAL_PROCESSING
#define ENABLE_VIRTUAL_TERMINAL_PROCESSING 4
#endif
// The d3d12 calls that return a structure: Wine's headers have C wrappers for them, mingw-w64's
// only behind WIDL_C_INLINE_WRAPPERS (which clashes with its own FORCEINLINE in C), so the dxgi
// module (-DWINE_TEST_D3D12_WRAPPERS) gets them as statement expressions over the vtable.
#ifdef WINE_TEST_D3D12_WRAPPERS
#include <d3d12.h>
#undef ID3D12Device_GetAdapterLuid
#define ID3D12Device_GetAdapterLuid(This) ({ LUID r_; *(This)->lpVtbl->GetAdapterLuid((This), &r_); })
#undef ID3D12Resource_GetDesc
#define ID3D12Resource_GetDesc(This) ({ D3D12_RESOURCE_DESC r_; *(This)->lpVtbl->GetDesc((This), &r_); })
#endif
