// d3d10.dll entry points: D3D10CreateDevice and D3D10CreateDeviceAndSwapChain (the helpers shared
// with d3d10_1.dll, D3D10GetVersion among them, are in d3d10_helpers.cpp).
#include "d3d10/dlls/d3d10_entry.h"
#include "util/com_ptr.h"
#include "util/dll_export.h"
#include "util/log.h"

const char* util::moduleName() { return "d3d10"; }

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateDevice(IDXGIAdapter* adapter, D3D10_DRIVER_TYPE driver_type, HMODULE swrast, UINT flags,
                                 UINT sdk_version, ID3D10Device** device) {
  // A D3D10.0 device is a 10.1-capable object at feature level 10_0.
  return d3d11vk::d3d10::createDevice1("D3D10CreateDevice", adapter, driver_type, swrast, flags,
                                       D3D10_FEATURE_LEVEL_10_0, sdk_version, D3D10_SDK_VERSION,
                                       reinterpret_cast<ID3D10Device1**>(device));
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateDeviceAndSwapChain(IDXGIAdapter* adapter, D3D10_DRIVER_TYPE driver_type, HMODULE swrast,
                                             UINT flags, UINT sdk_version, DXGI_SWAP_CHAIN_DESC* swapchain_desc,
                                             IDXGISwapChain** swapchain, ID3D10Device** device) {
  if (swapchain)
    *swapchain = nullptr;
  if (device)
    *device = nullptr;
  if (swapchain && !swapchain_desc) {
    util::log::error("D3D10CreateDeviceAndSwapChain: a swapchain without a description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  // Windows' runtime (Wine's d3d10_1 test_create_device) refuses a call without ppDevice, with or
  // without a swapchain description, rather than validating only as D3D11CreateDevice does.
  if (!device) {
    util::log::error("D3D10CreateDeviceAndSwapChain: ppDevice is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  util::ComPtr<ID3D10Device1> created;
  HRESULT result = d3d11vk::d3d10::createDevice1("D3D10CreateDeviceAndSwapChain", adapter, driver_type, swrast, flags,
                                                 D3D10_FEATURE_LEVEL_10_0, sdk_version, D3D10_SDK_VERSION, created.put());
  if (FAILED(result))
    return result;
  if (swapchain && FAILED(result = d3d11vk::d3d10::createSwapChain("D3D10CreateDeviceAndSwapChain", created.get(),
                                                                    swapchain_desc, swapchain)))
    return result;
  if (device)
    *device = created.detach();
  return S_OK;
}
