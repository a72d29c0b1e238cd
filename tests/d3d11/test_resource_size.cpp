// Integration: the resource size limit of seed 003, min(max(128 MB, 0.25 x dedicated video memory),
// 2048 MB) from 11_0 (128 MB below), for buffers (ByteWidth) and textures (all subresources), taken
// from the DedicatedVideoMemory the adapter reports, and E_INVALIDARG past it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

constexpr uint64_t kMiB = uint64_t(1) << 20;

ComPtr<ID3D11Device> createDevice(D3D_FEATURE_LEVEL level) {
  ComPtr<ID3D11Device> device;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                                 device.put(), nullptr, nullptr);
  REQUIRE(hr == S_OK);
  return device;
}

uint64_t dedicatedVideoMemory(ID3D11Device* device) {
  auto dxgiDevice = ComPtr<ID3D11Device>(device).query<IDXGIDevice>();
  REQUIRE(dxgiDevice);
  ComPtr<IDXGIAdapter> adapter;
  REQUIRE(dxgiDevice->GetAdapter(adapter.put()) == S_OK);
  DXGI_ADAPTER_DESC desc{};
  REQUIRE(adapter->GetDesc(&desc) == S_OK);
  return desc.DedicatedVideoMemory;
}

// The seed's expression, with its A (128), B (0.25) and C (2048) terms.
uint64_t documentedLimit(uint64_t videoMemory) {
  return std::min(std::max(128 * kMiB, uint64_t(double(videoMemory) * 0.25)), 2048 * kMiB);
}

HRESULT validateBuffer(ID3D11Device* device, uint64_t bytes) {
  D3D11_BUFFER_DESC desc{UINT(bytes), D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, 0, 0};
  return device->CreateBuffer(&desc, nullptr, nullptr);  // a null out-pointer validates only
}

// 4096x4096 RGBA8 slices: 64 MiB each, no mips.
HRESULT validateTextureArray(ID3D11Device* device, UINT slices) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = desc.Height = 4096;
  desc.MipLevels = 1;
  desc.ArraySize = slices;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  return device->CreateTexture2D(&desc, nullptr, nullptr);
}

void checkLimit(ID3D11Device* device, uint64_t limit) {
  INFO("limit " << limit);
  CHECK(validateBuffer(device, limit) == S_FALSE);
  CHECK(validateBuffer(device, limit + 1) == E_INVALIDARG);
  UINT slices = UINT(limit / (64 * kMiB));
  CHECK(validateTextureArray(device, slices) == S_FALSE);
  CHECK(validateTextureArray(device, slices + 1) == E_INVALIDARG);
  auto info = ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  CHECK(info->GetValidationErrorCount() == 0);
}

}  // namespace

TEST_CASE("the resource size limit follows the adapter's dedicated video memory from 11_0", "[device],[resource-size]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  uint64_t limit = documentedLimit(dedicatedVideoMemory(device.get()));
  checkLimit(device.get(), limit);
  if (limit >= 512 * kMiB) {
    // The case: a 512 MB compute buffer is created, not refused at 128 MB.
    D3D11_BUFFER_DESC desc{UINT(512 * kMiB), D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS,
                           0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
    ComPtr<ID3D11Buffer> buffer;
    CHECK(device->CreateBuffer(&desc, nullptr, buffer.put()) == S_OK);
  }
}

TEST_CASE("10_x devices keep the fixed 128 MB resource size limit", "[device],[resource-size]") {
  checkLimit(createDevice(D3D_FEATURE_LEVEL_10_0).get(), 128 * kMiB);
}

TEST_CASE("dxgi.maxDeviceMemory=1024 gives a 256 MB resource size limit", "[.resource-size-override]") {
  // Run with D3D11VK_CONFIG=dxgi.maxDeviceMemory=1024 (the configuration is read once per process).
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  REQUIRE(dedicatedVideoMemory(device.get()) == 1024 * kMiB);
  checkLimit(device.get(), 256 * kMiB);
}
