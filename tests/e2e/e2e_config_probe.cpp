// End-to-end under Wine, configuration: a Windows program that reports what a game would see of
// d3d11vk's configuration (the adapter DXGI describes and the feature level D3D11CreateDevice
// picks from 11_1 down to 9_1) as `name: value` lines. run-wine-config-e2e.sh runs it under
// several names and config files and checks the lines; this program itself checks nothing but
// that d3d11vk served it (Wine's own d3d11 does not answer ID3D11VkDeviceInfo).
#include <cstdio>
#include <iterator>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/windows_base.h"

int main() {
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1,
                                      D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_9_2,
                                      D3D_FEATURE_LEVEL_9_1};
  ID3D11Device* device = nullptr;
  D3D_FEATURE_LEVEL level{};
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, UINT(std::size(levels)),
                                 D3D11_SDK_VERSION, &device, &level, nullptr);
  if (FAILED(hr) || !device) {
    std::printf("error: D3D11CreateDevice returned 0x%08x\n", unsigned(hr));
    return 1;
  }
  int status = 0;
  ID3D11VkDeviceInfo* info = nullptr;
  if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(&info))) && info) {
    std::printf("implementation: %s\n", info->GetImplementationName());
    info->Release();
  } else {
    std::printf("error: the device is not d3d11vk's (no ID3D11VkDeviceInfo)\n");
    status = 1;
  }
  std::printf("feature level: %u_%u\n", unsigned(level) >> 12, (unsigned(level) >> 8) & 0xf);

  IDXGIDevice* dxgi = nullptr;
  IDXGIAdapter* adapter = nullptr;
  DXGI_ADAPTER_DESC desc{};
  if (SUCCEEDED(device->QueryInterface(__uuidof(IDXGIDevice), reinterpret_cast<void**>(&dxgi))) &&
      SUCCEEDED(dxgi->GetAdapter(&adapter)) && SUCCEEDED(adapter->GetDesc(&desc))) {
    // Plain ASCII is enough for the test's strings; others print as '?'.
    char description[128];
    size_t i = 0;
    for (; i + 1 < sizeof(description) && desc.Description[i]; i++)
      description[i] = desc.Description[i] < 128 ? char(desc.Description[i]) : '?';
    description[i] = 0;
    std::printf("adapter description: %s\n", description);
    std::printf("vendor id: %04x\n", unsigned(desc.VendorId));
    std::printf("device id: %04x\n", unsigned(desc.DeviceId));
    std::printf("dedicated video memory MiB: %llu\n", static_cast<unsigned long long>(desc.DedicatedVideoMemory >> 20));
  } else {
    std::printf("error: no adapter description\n");
    status = 1;
  }
  if (adapter)
    adapter->Release();
  if (dxgi)
    dxgi->Release();
  device->Release();
  return status;
}
