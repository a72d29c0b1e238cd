// d3d10core.dll entry points: D3D10CoreCreateDevice (how DXGI programs and the D3D10 runtime make
// a device on a DXGI adapter), D3D10CoreGetVersion, D3D10CoreRegisterLayers.
#include "d3d10/dlls/d3d10_entry.h"
#include "util/com_ptr.h"
#include "util/dll_export.h"
#include "util/log.h"

const char* util::moduleName() { return "d3d10core"; }

// Not in the SDK headers. The device is the D3D11 core device at one feature level, answered
// through its ID3D10Device face.
D3D11VK_EXPORT HRESULT WINAPI D3D10CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                                    D3D_FEATURE_LEVEL feature_level, ID3D10Device** device) {
  if (device)
    *device = nullptr;
  // As in D3D10CreateDevice1: the D3D10-only flags (threading optimisations, null from Map, strict
  // validation...) change nothing here and are not D3D11 flags.
  flags &= D3D10_CREATE_DEVICE_SINGLETHREADED | D3D10_CREATE_DEVICE_DEBUG | D3D10_CREATE_DEVICE_BGRA_SUPPORT;
  util::ComPtr<ID3D11Device> device11;
  HRESULT result = d3d11vk::d3d10::callD3D11CoreCreateDevice(factory, adapter, flags, &feature_level, 1,
                                                            device ? device11.put() : nullptr);
  if (FAILED(result) || !device)
    return result;
  d3d11vk::d3d10::protectUnlessSingleThreaded(device11.get(), flags);
  return device11->QueryInterface(__uuidof(ID3D10Device), reinterpret_cast<void**>(device));
}

D3D11VK_EXPORT UINT64 WINAPI D3D10CoreGetVersion() { return d3d11vk::d3d10::kD3D10Version; }

D3D11VK_EXPORT HRESULT WINAPI D3D10CoreRegisterLayers() {
  return d3d11vk::d3d10::notImplemented("D3D10CoreRegisterLayers");
}
