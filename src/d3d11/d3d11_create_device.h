// Device creation shared by D3D11CreateDevice, D3D11CreateDeviceAndSwapChain and
// D3D11CoreCreateDevice: argument checks, adapter choice, feature-level negotiation.
#pragma once

#include "util/windows_base.h"

namespace d3d11vk {

// {10bc12a9-6692-4bf5-9ee7-637836b8ee35}: asked of a new device by the D3D10 runtime's entry points
// (src/d3d10/dlls), it makes the device answer ID3D10Device(1) from then on and returns its
// ID3D10Device1 face (one reference). Only such devices have that face, as on Windows: those of
// D3D11CreateDevice do not (Wine's test_device_interfaces).
inline constexpr GUID kD3D10RuntimeDeviceId = {0x10bc12a9, 0x6692, 0x4bf5, {0x9e, 0xe7, 0x63, 0x78, 0x36, 0xb8, 0xee, 0x35}};

struct DeviceRequest {
  IDXGIAdapter* adapter = nullptr;
  D3D_DRIVER_TYPE driverType = D3D_DRIVER_TYPE_HARDWARE;
  HMODULE software = nullptr;
  UINT flags = 0;
  const D3D_FEATURE_LEVEL* featureLevels = nullptr;
  UINT featureLevelCount = 0;
  bool forD3D10 = false;  // D3D11CoreCreateDevice: the device also answers ID3D10Device(1)
};

// Creates the device and returns it through the out-parameters, any of which may be null: with
// both device and context null the call only checks and returns S_FALSE, as documented.
HRESULT createDevice(const DeviceRequest& request, ID3D11Device** device, D3D_FEATURE_LEVEL* chosenLevel,
                     ID3D11DeviceContext** context);

}  // namespace d3d11vk
