// The process-wide table behind shared-resource handles: IDXGIResource::GetSharedHandle and
// IDXGIResource1::CreateSharedHandle add a resource to it, ID3D11Device::OpenSharedResource(1)
// looks a handle up, and the resource's DXGI face takes it out when the resource is destroyed.
// Sharing is within one process: the handles are numbers of this table, not kernel objects.
#pragma once

#include "util/windows_base.h"

namespace d3d11vk::shared_handles {

// The one legacy (KMT-style) handle of `resource`, made on the first call; the same value after.
HANDLE legacyHandle(ID3D11Resource* resource);
// A new handle for `resource` on each call, as NT handles are (CloseHandle is not needed: the
// value is released with the resource).
HANDLE newNtHandle(ID3D11Resource* resource);
// Every handle of `resource` stops working (its destruction); cheap when it has none.
void forget(ID3D11Resource* resource);

enum class OpenResult { Opened, UnknownHandle, OtherDevice, NoInterface };
// The resource behind `handle` as `riid` (one reference) when it was made by `device`.
// A resource whose last reference is being released on another thread while it is opened is
// the application's race, as with any object it no longer holds.
OpenResult open(HANDLE handle, ID3D11Device* device, REFIID riid, void** object);
// The device that made the resource behind `handle` (one reference), or false for a handle that
// names no live resource (IDXGIFactory2::GetSharedResourceAdapterLuid asks through it).
bool owningDevice(HANDLE handle, ID3D11Device** device);

}  // namespace d3d11vk::shared_handles
