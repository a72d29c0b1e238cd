// d3d10_1.dll entry points: D3D10CreateDevice1 and D3D10CreateDeviceAndSwapChain1 (the helpers
// shared with d3d10.dll are in d3d10_helpers.cpp).
#include "d3d10/dlls/d3d10_entry.h"
#include "util/com_ptr.h"
#include "util/dll_export.h"
#include "util/log.h"

const char* util::moduleName() { return "d3d10_1"; }

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateDevice1(IDXGIAdapter* adapter, D3D10_DRIVER_TYPE driver_type, HMODULE swrast, UINT flags,
                                  D3D10_FEATURE_LEVEL1 feature_level, UINT sdk_version, ID3D10Device1** device) {
  return d3d11vk::d3d10::createDevice1("D3D10CreateDevice1", adapter, driver_type, swrast, flags, feature_level,
                                       sdk_version, D3D10_1_SDK_VERSION, device);
}

D3D11VK_EXPORT HRESULT WINAPI D3D10CreateDeviceAndSwapChain1(IDXGIAdapter* adapter, D3D10_DRIVER_TYPE driver_type, HMODULE swrast,
                                              UINT flags, D3D10_FEATURE_LEVEL1 feature_level, UINT sdk_version,
                                              DXGI_SWAP_CHAIN_DESC* swapchain_desc, IDXGISwapChain** swapchain,
                                              ID3D10Device1** device) {
  if (swapchain)
    *swapchain = nullptr;
  if (device)
    *device = nullptr;
  if (swapchain && !swapchain_desc) {
    util::log::error("D3D10CreateDeviceAndSwapChain1: a swapchain without a description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  // Windows' runtime (Wine's d3d10_1 test_create_device) refuses a call without ppDevice, with or
  // without a swapchain description, rather than validating only as D3D11CreateDevice does.
  if (!device) {
    util::log::error("D3D10CreateDeviceAndSwapChain1: ppDevice is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  util::ComPtr<ID3D10Device1> created;
  HRESULT result = d3d11vk::d3d10::createDevice1("D3D10CreateDeviceAndSwapChain1", adapter, driver_type, swrast, flags,
                                                 feature_level, sdk_version, D3D10_1_SDK_VERSION, created.put());
  if (FAILED(result))
    return result;
  if (swapchain && FAILED(result = d3d11vk::d3d10::createSwapChain("D3D10CreateDeviceAndSwapChain1", created.get(),
                                                                    swapchain_desc, swapchain)))
    return result;
  if (device)
    *device = created.detach();
  return S_OK;
}
