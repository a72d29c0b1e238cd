// Device creation shared by D3D11CreateDevice, D3D11CreateDeviceAndSwapChain and
// D3D11CoreCreateDevice: argument checks, adapter choice, feature-level negotiation.
#pragma once

#include "util/windows_base.h"

namespace d3d11vk {

struct DeviceRequest {
  IDXGIAdapter* adapter = nullptr;
  D3D_DRIVER_TYPE driverType = D3D_DRIVER_TYPE_HARDWARE;
  HMODULE software = nullptr;
  UINT flags = 0;
  const D3D_FEATURE_LEVEL* featureLevels = nullptr;
  UINT featureLevelCount = 0;
};

// Creates the device and returns it through the out-parameters, any of which may be null: with
// both device and context null the call only checks and returns S_FALSE, as documented.
HRESULT createDevice(const DeviceRequest& request, ID3D11Device** device, D3D_FEATURE_LEVEL* chosenLevel,
                     ID3D11DeviceContext** context);

}  // namespace d3d11vk
