// d3d11vk-info: creates a D3D11 device the way a game does and prints which implementation served
// it, the adapter, the Vulkan driver and the feature level. Built natively and as a Windows exe.
#include <cstdio>
#include <cstring>
#include <string>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/windows_base.h"

static std::string narrow(const WCHAR* text) {
  std::string result;
  for (; *text; text++)
    result += *text < 128 ? char(*text) : '?';
  return result;
}

static const char* levelName(D3D_FEATURE_LEVEL level) {
  switch (level) {
    case D3D_FEATURE_LEVEL_9_1: return "9_1";
    case D3D_FEATURE_LEVEL_9_2: return "9_2";
    case D3D_FEATURE_LEVEL_9_3: return "9_3";
    case D3D_FEATURE_LEVEL_10_0: return "10_0";
    case D3D_FEATURE_LEVEL_10_1: return "10_1";
    case D3D_FEATURE_LEVEL_11_0: return "11_0";
    case D3D_FEATURE_LEVEL_11_1: return "11_1";
    case D3D_FEATURE_LEVEL_12_0: return "12_0";
    case D3D_FEATURE_LEVEL_12_1: return "12_1";
    default: return "unknown";
  }
}

int main() {
  const D3D_FEATURE_LEVEL requested[] = {
    D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0,
    D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_9_3,  D3D_FEATURE_LEVEL_9_2, D3D_FEATURE_LEVEL_9_1,
  };
  ID3D11Device* device = nullptr;
  D3D_FEATURE_LEVEL level{};
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, requested,
                                 UINT(sizeof(requested) / sizeof(requested[0])), D3D11_SDK_VERSION, &device, &level, nullptr);
  if (FAILED(hr)) {
    std::fprintf(stderr, "d3d11vk-info: D3D11CreateDevice failed: 0x%08x\n", unsigned(hr));
    return 1;
  }

  ID3D11VkDeviceInfo* info = nullptr;
  if (FAILED(device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(&info)))) {
    std::printf("implementation: not d3d11vk (the device does not answer ID3D11VkDeviceInfo)\n");
    device->Release();
    return 2;
  }
  std::printf("implementation: %s\n", info->GetImplementationName());
  std::printf("vulkan device:  %s\n", info->GetVulkanDeviceName());
  std::printf("vulkan driver:  %s\n", info->GetVulkanDriverDescription());
  info->Release();

  IDXGIDevice* dxgiDevice = nullptr;
  IDXGIAdapter* adapter = nullptr;
  DXGI_ADAPTER_DESC desc{};
  if (SUCCEEDED(device->QueryInterface(__uuidof(IDXGIDevice), reinterpret_cast<void**>(&dxgiDevice))) &&
      SUCCEEDED(dxgiDevice->GetAdapter(&adapter)) && SUCCEEDED(adapter->GetDesc(&desc))) {
    std::printf("dxgi adapter:   %s (vendor 0x%04x, device 0x%04x, %llu MiB dedicated)\n", narrow(desc.Description).c_str(),
                unsigned(desc.VendorId), unsigned(desc.DeviceId),
                static_cast<unsigned long long>(desc.DedicatedVideoMemory >> 20));
  }
  if (adapter)
    adapter->Release();
  if (dxgiDevice)
    dxgiDevice->Release();

  std::printf("feature level:  %s\n", levelName(level));
  std::printf("GetFeatureLevel: %s\n", levelName(device->GetFeatureLevel()));
  device->Release();
  return 0;
}
