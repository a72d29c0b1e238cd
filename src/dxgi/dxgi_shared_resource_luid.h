// Where IDXGIFactory2::GetSharedResourceAdapterLuid gets its answer: d3d11.dll's shared-handle
// table, reached through d3d11.dll's private export found at run time.
#pragma once

#include "util/windows_base.h"

#include <dxgi.h>

namespace d3d11vk {

// S_OK with the LUID of the adapter that made the resource behind `handle`; DXGI_ERROR_INVALID_CALL
// (logged) when no d3d11vk d3d11.dll is loaded or the handle names no live shared resource.
HRESULT sharedResourceAdapterLuid(HANDLE handle, LUID* luid);

}  // namespace d3d11vk
