// d3d11.dll's private export that dxgi.dll calls for IDXGIFactory2::GetSharedResourceAdapterLuid:
// the shared-handle table lives in d3d11.dll (src/d3d11/d3d11_shared_handles.h), which dxgi.dll
// neither links nor includes, so dxgi.dll finds this function by name at run time.
#pragma once

#include <dxgi.h>

// The name under which d3d11.dll (natively libd3d11vk_d3d11.so) exports it.
#define D3D11VK_SHARED_RESOURCE_ADAPTER_LUID_EXPORT "D3D11VkSharedResourceAdapterLuid"

// Writes the LUID of the adapter whose device made the resource behind `handle` (a handle of
// IDXGIResource::GetSharedHandle or IDXGIResource1::CreateSharedHandle) and returns S_OK;
// DXGI_ERROR_INVALID_CALL for a handle that names no live shared resource or a null `luid`.
typedef HRESULT(STDMETHODCALLTYPE* PFN_D3D11VK_SHARED_RESOURCE_ADAPTER_LUID)(HANDLE handle, LUID* luid);
