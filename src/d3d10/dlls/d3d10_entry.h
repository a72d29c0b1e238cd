// What d3d10.dll, d3d10_1.dll and d3d10core.dll share: reaching d3d11's device creation, creating
// a D3D10 device by D3D10's rules, and the helper entry points (blobs, profiles, state-block masks).
#pragma once

#include "d3d10/d3d10_base.h"

namespace d3d11vk::d3d10 {

// D3D11CreateDevice / D3D11CoreCreateDevice of the d3d11 in this process: our d3d11.dll, found at
// run time under Windows (like d3d11 finds dxgi, docs/foundation.md), linked natively.
HRESULT callD3D11CreateDevice(IDXGIAdapter* adapter, D3D_DRIVER_TYPE driverType, HMODULE software, UINT flags,
                              const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device);
HRESULT callD3D11CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                  const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device);

// D3D10CreateDevice1's body: the SDK version (exactly `requiredSdkVersion`: D3D10_SDK_VERSION for
// d3d10.dll, D3D10_1_SDK_VERSION for d3d10_1.dll, as Windows' DLLs check), D3D10 driver types and
// flags, one feature level (10_1, 10_0, 9_x), a device pointer (none is E_INVALIDARG, not
// D3D11's S_FALSE). `method` names the entry point in log lines.
HRESULT createDevice1(const char* method, IDXGIAdapter* adapter, D3D10_DRIVER_TYPE driverType, HMODULE software,
                      UINT flags, D3D10_FEATURE_LEVEL1 level, UINT sdkVersion, UINT requiredSdkVersion,
                      ID3D10Device1** device);

// D3D10 devices serialise their methods unless created SINGLETHREADED (D3D11 devices start
// unprotected): switches ID3D10Multithread's protection on for a device a D3D10 entry point made.
void protectUnlessSingleThreaded(IUnknown* device, UINT flags);

// The swapchain half of D3D10CreateDeviceAndSwapChain(1): from the device's own DXGI factory.
HRESULT createSwapChain(const char* method, IUnknown* device, const DXGI_SWAP_CHAIN_DESC* desc,
                        IDXGISwapChain** swapChain);

// A blob of `size` zeroed bytes (ID3D10Blob is ID3DBlob).
HRESULT createBlob(SIZE_T size, ID3D10Blob** blob);

// The version number D3D10GetVersion and D3D10CoreGetVersion report: 10.0.1 and the build Windows'
// own DLLs report, so version checks made against Windows pass.
constexpr UINT64 kD3D10Version = 0xa000100041770ull;

// Logs, once per entry point, that a D3D10 helper (effects, reflection, the HLSL compiler, state
// blocks) is not implemented, and returns E_NOTIMPL.
HRESULT notImplemented(const char* entryPoint);

}  // namespace d3d11vk::d3d10
