// Helpers for the D3D10 integration tests: a D3D10.1 device made through d3d10_1's entry point,
// the validation-error check, resource helpers and the test shaders (D3D assembly).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "../common/color_shaders.h"
#include "d3d10/d3d10_base.h"
#include "d3d11vk/d3d11vk_device_info.h"
#include "dxbc/assembler.h"
#include "util/com_ptr.h"

namespace d3d10_test {

using test_shaders::kColorVS;

using util::ComPtr;

// The validation layer's error count (the process's) must not grow while a fixture lives.
struct Device10 {
  ComPtr<ID3D10Device1> device;
  UINT errorsBefore = 0;

  explicit Device10(D3D10_FEATURE_LEVEL1 level = D3D10_FEATURE_LEVEL_10_0) {
    REQUIRE(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, level, D3D10_1_SDK_VERSION,
                               device.put()) == S_OK);
    auto info = device.query<ID3D11VkDeviceInfo>();
    REQUIRE(info);
    errorsBefore = info->GetValidationErrorCount();
  }
  ~Device10() {
    auto info = device.query<ID3D11VkDeviceInfo>();
    if (info) {
      // Reading a resource back waits for everything recorded, so late errors are counted too.
      D3D10_BUFFER_DESC desc{16, D3D10_USAGE_DEFAULT, D3D10_BIND_VERTEX_BUFFER, 0, 0};
      ComPtr<ID3D10Buffer> probe;
      if (device->CreateBuffer(&desc, nullptr, probe.put()) == S_OK) {
        auto probe11 = probe.query<ID3D11Resource>();
        UINT size = 0;
        info->ReadSubresource(probe11.get(), 0, nullptr, &size);
      }
      CHECK(info->GetValidationErrorCount() == errorsBefore);
    }
  }

  ComPtr<ID3D10Buffer> buffer(UINT size, D3D10_USAGE usage, UINT bind, UINT cpu = 0, const void* data = nullptr) {
    D3D10_BUFFER_DESC desc{size, usage, bind, cpu, 0};
    D3D10_SUBRESOURCE_DATA initial{data, 0, 0};
    ComPtr<ID3D10Buffer> buffer;
    REQUIRE(device->CreateBuffer(&desc, data ? &initial : nullptr, buffer.put()) == S_OK);
    return buffer;
  }

  ComPtr<ID3D10Texture2D> texture2D(UINT width, UINT height, DXGI_FORMAT format, D3D10_USAGE usage, UINT bind,
                                    UINT cpu = 0) {
    D3D10_TEXTURE2D_DESC desc{};
    desc.Width = width;
    desc.Height = height;
    desc.MipLevels = 1;
    desc.ArraySize = 1;
    desc.Format = format;
    desc.SampleDesc = {1, 0};
    desc.Usage = usage;
    desc.BindFlags = bind;
    desc.CPUAccessFlags = cpu;
    ComPtr<ID3D10Texture2D> texture;
    REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    return texture;
  }

  // A 2D RGBA8 texture's texels through a STAGING copy and the texture's own Map (D3D10 style).
  std::vector<uint32_t> readTexels(ID3D10Texture2D* texture) {
    D3D10_TEXTURE2D_DESC desc;
    texture->GetDesc(&desc);
    auto staging = texture2D(desc.Width, desc.Height, desc.Format, D3D10_USAGE_STAGING, 0, D3D10_CPU_ACCESS_READ);
    device->CopyResource(staging.get(), texture);
    D3D10_MAPPED_TEXTURE2D mapped{};
    REQUIRE(staging->Map(0, D3D10_MAP_READ, 0, &mapped) == S_OK);
    std::vector<uint32_t> texels(size_t(desc.Width) * desc.Height);
    for (UINT y = 0; y < desc.Height; ++y)
      std::memcpy(&texels[size_t(y) * desc.Width], static_cast<uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                  desc.Width * 4);
    staging->Unmap(0);
    return texels;
  }
};

inline std::vector<uint8_t> bytecode(const char* text) { return dxbc::assemble(text).write(); }

// The interpolated colour, times cb0[0] (so one constant buffer tints the whole draw).
inline const char* kTintPS =
    D3D11VK_TEST_COLOR_PS_SIGNATURE
    "ps_4_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mul o0.xyzw, v1.xyzw, cb0[0].xyzw\n"
    "ret\n";

struct Vertex {
  float x, y;
  float r, g, b, a;
};

}  // namespace d3d10_test
