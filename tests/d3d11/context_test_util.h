// Helpers for the immediate-context integration tests: a device at a chosen level, resource
// descriptions, and reading a resource back through a STAGING copy and Map(READ).
#pragma once

#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

namespace context_test {

using util::ComPtr;

struct Fixture {
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;

  explicit Fixture(D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1) {
    HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(),
                                   nullptr, context.put());
    REQUIRE(hr == S_OK);
    auto info = device.query<ID3D11VkDeviceInfo>();
    REQUIRE(info);
    validationErrorsBefore = info->GetValidationErrorCount();
  }
  // Any validation error reported while the fixture lived fails the test (the count is the
  // process's, so the test compares against the count at its start).
  ~Fixture() {
    auto info = device.query<ID3D11VkDeviceInfo>();
    if (info) {
      UINT size = 0;
      ComPtr<ID3D11Buffer> probe = buffer(4, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER);
      info->ReadSubresource(probe.get(), 0, nullptr, &size);  // waits for everything recorded
      CHECK(info->GetValidationErrorCount() == validationErrorsBefore);
    }
  }

  UINT validationErrorsBefore = 0;

  ComPtr<ID3D11Buffer> buffer(UINT size, D3D11_USAGE usage, UINT bind, UINT cpu = 0, const void* data = nullptr, UINT misc = 0,
                              UINT stride = 0) {
    D3D11_BUFFER_DESC desc{size, usage, bind, cpu, misc, stride};
    D3D11_SUBRESOURCE_DATA initial{data, 0, 0};
    ComPtr<ID3D11Buffer> buffer;
    REQUIRE(device->CreateBuffer(&desc, data ? &initial : nullptr, buffer.put()) == S_OK);
    return buffer;
  }

  ComPtr<ID3D11Texture2D> texture2D(UINT width, UINT height, DXGI_FORMAT format, D3D11_USAGE usage, UINT bind, UINT cpu = 0,
                                    UINT mips = 1, UINT array = 1, UINT samples = 1, UINT misc = 0) {
    D3D11_TEXTURE2D_DESC desc{};
    desc.Width = width;
    desc.Height = height;
    desc.MipLevels = mips;
    desc.ArraySize = array;
    desc.Format = format;
    desc.SampleDesc = {samples, 0};
    desc.Usage = usage;
    desc.BindFlags = bind;
    desc.CPUAccessFlags = cpu;
    desc.MiscFlags = misc;
    ComPtr<ID3D11Texture2D> texture;
    REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    return texture;
  }

  // The bytes of a buffer, through a staging copy.
  std::vector<uint8_t> readBuffer(ID3D11Buffer* buffer) {
    D3D11_BUFFER_DESC desc;
    buffer->GetDesc(&desc);
    auto staging = this->buffer(desc.ByteWidth, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
    context->CopyResource(staging.get(), buffer);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    std::vector<uint8_t> bytes(static_cast<uint8_t*>(mapped.pData), static_cast<uint8_t*>(mapped.pData) + desc.ByteWidth);
    context->Unmap(staging.get(), 0);
    return bytes;
  }

  // Subresource `sub` of a 2D texture as tightly packed rows of `texelBytes`-byte texels (or
  // blocks), through a staging texture of the same description.
  std::vector<uint8_t> readTexture(ID3D11Texture2D* texture, UINT sub, UINT texelBytes) {
    D3D11_TEXTURE2D_DESC desc;
    texture->GetDesc(&desc);
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.MiscFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ComPtr<ID3D11Texture2D> staging;
    REQUIRE(device->CreateTexture2D(&desc, nullptr, staging.put()) == S_OK);
    context->CopyResource(staging.get(), texture);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(staging.get(), sub, D3D11_MAP_READ, 0, &mapped) == S_OK);
    const UINT mip = sub % desc.MipLevels;
    const UINT width = std::max(1u, desc.Width >> mip), height = std::max(1u, desc.Height >> mip);
    std::vector<uint8_t> bytes;
    for (UINT y = 0; y < height; ++y) {
      const uint8_t* row = static_cast<uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch;
      bytes.insert(bytes.end(), row, row + size_t(width) * texelBytes);
    }
    context->Unmap(staging.get(), sub);
    return bytes;
  }
};

inline uint32_t texel(const std::vector<uint8_t>& bytes, size_t index) {
  uint32_t value;
  std::memcpy(&value, &bytes[index * 4], 4);
  return value;
}

}  // namespace context_test
