// Integration: Map/Unmap and UpdateSubresource through the immediate context on the machine's
// Vulkan device, every result read back (validation layer on; any error fails the test).
#include <catch2/catch.hpp>

#include <chrono>
#include <numeric>
#include <thread>

#include "context_test_util.h"

using namespace context_test;

TEST_CASE("Map WRITE_DISCARD renames a dynamic buffer: earlier copies keep the old contents", "[device][context]") {
  Fixture f;
  auto dynamic = f.buffer(256, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE);
  auto first = f.buffer(256, D3D11_USAGE_DEFAULT, 0);
  auto second = f.buffer(256, D3D11_USAGE_DEFAULT, 0);

  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  CHECK(mapped.RowPitch == 256);
  std::memset(mapped.pData, 0x11, 256);
  f.context->Unmap(dynamic.get(), 0);
  f.context->CopyResource(first.get(), dynamic.get());  // recorded, not yet executed

  REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  std::memset(mapped.pData, 0x22, 256);
  f.context->Unmap(dynamic.get(), 0);
  f.context->CopyResource(second.get(), dynamic.get());

  auto a = f.readBuffer(first.get());
  auto b = f.readBuffer(second.get());
  CHECK(std::all_of(a.begin(), a.end(), [](uint8_t v) { return v == 0x11; }));
  CHECK(std::all_of(b.begin(), b.end(), [](uint8_t v) { return v == 0x22; }));
}

TEST_CASE("Map WRITE_NO_OVERWRITE writes into the current memory of a dynamic buffer", "[device][context]") {
  Fixture f;
  auto dynamic = f.buffer(64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  std::memset(mapped.pData, 0xaa, 64);
  f.context->Unmap(dynamic.get(), 0);
  REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &mapped) == S_OK);
  std::memset(static_cast<uint8_t*>(mapped.pData) + 32, 0xbb, 32);
  f.context->Unmap(dynamic.get(), 0);
  auto bytes = f.readBuffer(dynamic.get());
  CHECK(bytes[0] == 0xaa);
  CHECK(bytes[31] == 0xaa);
  CHECK(bytes[32] == 0xbb);
  CHECK(bytes[63] == 0xbb);
}

TEST_CASE("Map of staging buffers reads what the GPU copied and writes what the GPU copies", "[device][context]") {
  Fixture f;
  std::vector<uint8_t> pattern(1024);
  std::iota(pattern.begin(), pattern.end(), uint8_t(3));
  auto source = f.buffer(1024, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, pattern.data());
  auto staging = f.buffer(1024, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  f.context->CopyResource(staging.get(), source.get());
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ_WRITE, 0, &mapped) == S_OK);
  CHECK(std::memcmp(mapped.pData, pattern.data(), 1024) == 0);
  std::memset(mapped.pData, 0x5c, 16);
  f.context->Unmap(staging.get(), 0);
  auto target = f.buffer(1024, D3D11_USAGE_DEFAULT, 0);
  f.context->CopyResource(target.get(), staging.get());
  auto bytes = f.readBuffer(target.get());
  CHECK(bytes[0] == 0x5c);
  CHECK(bytes[15] == 0x5c);
  CHECK(bytes[16] == pattern[16]);
}

TEST_CASE("Map with DO_NOT_WAIT answers WAS_STILL_DRAWING or S_OK and eventually succeeds", "[device][context]") {
  Fixture f;
  auto source = f.texture2D(512, 512, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto staging = f.texture2D(512, 512, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  f.context->CopyResource(staging.get(), source.get());
  D3D11_MAPPED_SUBRESOURCE mapped{};
  HRESULT hr = DXGI_ERROR_WAS_STILL_DRAWING;
  // Polling must make progress by itself (the first poll submits the copy); give it seconds.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (hr == DXGI_ERROR_WAS_STILL_DRAWING && std::chrono::steady_clock::now() < deadline) {
    hr = f.context->Map(staging.get(), 0, D3D11_MAP_READ, D3D11_MAP_FLAG_DO_NOT_WAIT, &mapped);
    if (hr == DXGI_ERROR_WAS_STILL_DRAWING) {
      CHECK(mapped.pData == nullptr);
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
  REQUIRE(hr == S_OK);
  CHECK(mapped.RowPitch >= 512 * 4);
  CHECK(mapped.DepthPitch >= mapped.RowPitch * 512);
  f.context->Unmap(staging.get(), 0);
}

TEST_CASE("Map refuses the documented invalid combinations", "[device][context]") {
  Fixture f;
  auto deflt = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER);
  auto dynamic = f.buffer(64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE);
  auto stagingRead = f.buffer(64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  CHECK(f.context->Map(deflt.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == E_INVALIDARG);
  CHECK(mapped.pData == nullptr);
  CHECK(f.context->Map(dynamic.get(), 0, D3D11_MAP_READ, 0, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE, 0, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP_WRITE, 0, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(stagingRead.get(), 1, D3D11_MAP_READ, 0, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP_READ, 0x4, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP(42), 0, &mapped) == E_INVALIDARG);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP_READ, 0, nullptr) == E_INVALIDARG);
  CHECK(f.context->Map(nullptr, 0, D3D11_MAP_READ, 0, &mapped) == E_INVALIDARG);
  // Mapping a mapped subresource again is refused; after Unmap it works.
  REQUIRE(f.context->Map(stagingRead.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP_READ, 0, &mapped) == E_INVALIDARG);
  f.context->Unmap(stagingRead.get(), 0);
  CHECK(f.context->Map(stagingRead.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  f.context->Unmap(stagingRead.get(), 0);
  f.context->Unmap(stagingRead.get(), 0);  // not mapped: logged and ignored
}

TEST_CASE("Map WRITE_DISCARD of a dynamic texture reaches the image at Unmap", "[device][context]") {
  Fixture f;
  auto dynamic = f.texture2D(16, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, D3D11_CPU_ACCESS_WRITE);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  REQUIRE(mapped.RowPitch >= 16 * 4);
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 16; ++x) {
      uint32_t value = 0xff000000u | (y << 8) | x;
      std::memcpy(static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * 4, &value, 4);
    }
  f.context->Unmap(dynamic.get(), 0);
  auto bytes = f.readTexture(dynamic.get(), 0, 4);
  CHECK(texel(bytes, 0) == 0xff000000u);
  CHECK(texel(bytes, 5 * 16 + 9) == (0xff000000u | (5u << 8) | 9u));
  CHECK(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &mapped) == E_INVALIDARG);
}

TEST_CASE("UpdateSubresource writes buffer ranges and texture boxes", "[device][context]") {
  Fixture f;
  auto buffer = f.buffer(256, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER);
  std::vector<uint8_t> full(256, 0x01), part(32, 0x7f);
  f.context->UpdateSubresource(buffer.get(), 0, nullptr, full.data(), 0, 0);
  D3D11_BOX range{64, 0, 0, 96, 1, 1};
  ComPtr<ID3D11DeviceContext1> context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  context1->UpdateSubresource1(buffer.get(), 0, &range, part.data(), 0, 0, D3D11_COPY_NO_OVERWRITE);
  auto bytes = f.readBuffer(buffer.get());
  CHECK(bytes[63] == 0x01);
  CHECK(bytes[64] == 0x7f);
  CHECK(bytes[95] == 0x7f);
  CHECK(bytes[96] == 0x01);

  auto texture = f.texture2D(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 2);
  std::vector<uint32_t> zeros(32 * 32, 0), box(4 * 3);
  for (size_t i = 0; i < box.size(); ++i)
    box[i] = 0x10203000u + uint32_t(i);
  f.context->UpdateSubresource(texture.get(), 0, nullptr, zeros.data(), 32 * 4, 0);
  D3D11_BOX area{5, 7, 0, 9, 10, 1};
  f.context->UpdateSubresource(texture.get(), 0, &area, box.data(), 4 * 4, 0);
  auto texels = f.readTexture(texture.get(), 0, 4);
  CHECK(texel(texels, 7 * 32 + 5) == 0x10203000u);
  CHECK(texel(texels, 9 * 32 + 8) == 0x10203000u + 11);
  CHECK(texel(texels, 7 * 32 + 4) == 0);
  CHECK(texel(texels, 10 * 32 + 5) == 0);
  // A box outside the subresource is dropped (logged), leaving the contents alone.
  D3D11_BOX outside{30, 30, 0, 40, 31, 1};
  f.context->UpdateSubresource(texture.get(), 0, &outside, box.data(), 16, 0);
  texels = f.readTexture(texture.get(), 0, 4);
  CHECK(texel(texels, 30 * 32 + 30) == 0);
}
