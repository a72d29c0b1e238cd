// Integration: CopyResource, CopySubresourceRegion, ResolveSubresource and GenerateMips on the
// machine's Vulkan device, results read back (validation layer on).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "context_test_util.h"

using namespace context_test;

namespace {

ComPtr<ID3D11Texture2D> filledTexture(Fixture& f, UINT width, UINT height, DXGI_FORMAT format, UINT texelBytes, uint8_t seed,
                                      UINT bind = D3D11_BIND_SHADER_RESOURCE) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = width;
  desc.Height = height;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = format;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = bind;
  std::vector<uint8_t> data(size_t(width) * height * texelBytes);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint8_t(seed + i * 7);
  D3D11_SUBRESOURCE_DATA initial{data.data(), width * texelBytes, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, &initial, texture.put()) == S_OK);
  return texture;
}

}  // namespace

TEST_CASE("CopySubresourceRegion copies a box between textures and buffers", "[device][context]") {
  Fixture f;
  auto source = filledTexture(f, 16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 1);
  auto target = f.texture2D(16, 16, DXGI_FORMAT_R8G8B8A8_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  D3D11_BOX box{2, 3, 0, 6, 5, 1};
  f.context->CopySubresourceRegion(target.get(), 0, 10, 11, 0, source.get(), 0, &box);  // same typeless family
  auto from = f.readTexture(source.get(), 0, 4);
  auto to = f.readTexture(target.get(), 0, 4);
  CHECK(texel(to, 11 * 16 + 10) == texel(from, 3 * 16 + 2));
  CHECK(texel(to, 12 * 16 + 13) == texel(from, 4 * 16 + 5));
  CHECK(texel(to, 11 * 16 + 9) == 0);

  // Different families are refused: nothing changes.
  auto other = f.texture2D(16, 16, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  f.context->CopySubresourceRegion(other.get(), 0, 0, 0, 0, source.get(), 0, nullptr);
  auto untouched = f.readTexture(other.get(), 0, 4);
  CHECK(texel(untouched, 0) == 0);

  std::vector<uint8_t> bytes(64);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = uint8_t(i);
  auto a = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, bytes.data());
  auto b = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER);
  D3D11_BOX range{8, 0, 0, 24, 1, 1};
  f.context->CopySubresourceRegion(b.get(), 0, 40, 0, 0, a.get(), 0, &range);
  auto copied = f.readBuffer(b.get());
  CHECK(copied[40] == 8);
  CHECK(copied[55] == 23);
  CHECK(copied[39] == 0);
  CHECK(copied[56] == 0);
}

TEST_CASE("CopyResource copies every subresource, staging to staging too", "[device][context]") {
  Fixture f;
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = 8;
  desc.Height = 8;
  desc.MipLevels = 2;
  desc.ArraySize = 2;
  desc.Format = DXGI_FORMAT_R16G16_FLOAT;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_STAGING;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
  ComPtr<ID3D11Texture2D> first, second;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, first.put()) == S_OK);
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, second.put()) == S_OK);
  for (UINT sub = 0; sub < 4; ++sub) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(first.get(), sub, D3D11_MAP_WRITE, 0, &mapped) == S_OK);
    std::memset(mapped.pData, int(0x30 + sub), mapped.DepthPitch);
    f.context->Unmap(first.get(), sub);
  }
  // Through a GPU texture and back, then staging to staging.
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.CPUAccessFlags = 0;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  ComPtr<ID3D11Texture2D> gpu;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, gpu.put()) == S_OK);
  f.context->CopyResource(gpu.get(), first.get());
  f.context->CopyResource(second.get(), gpu.get());
  auto third = ComPtr<ID3D11Texture2D>();
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, third.put()) == S_OK);
  f.context->CopyResource(third.get(), second.get());
  for (UINT sub = 0; sub < 4; ++sub) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(third.get(), sub, D3D11_MAP_READ, 0, &mapped) == S_OK);
    const UINT width = sub % 2 ? 4 : 8;
    auto* bytes = static_cast<uint8_t*>(mapped.pData);
    CHECK(bytes[0] == 0x30 + sub);
    CHECK(bytes[(width - 1) * 4 + 3] == 0x30 + sub);
    CHECK(bytes[(width - 1) * mapped.RowPitch + 3] == 0x30 + sub);  // last row
    f.context->Unmap(third.get(), sub);
  }
}

TEST_CASE("block-compressed textures copy to staging and to a matching uncompressed format", "[device][context]") {
  Fixture f;
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = 8;
  desc.Height = 8;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_BC1_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  std::vector<uint8_t> blocks(4 * 8);  // 2x2 blocks of 8 bytes
  for (size_t i = 0; i < blocks.size(); ++i)
    blocks[i] = uint8_t(0x40 + i);
  D3D11_SUBRESOURCE_DATA initial{blocks.data(), 16, 0};
  ComPtr<ID3D11Texture2D> bc1;
  REQUIRE(f.device->CreateTexture2D(&desc, &initial, bc1.put()) == S_OK);

  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  ComPtr<ID3D11Texture2D> staging;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, staging.put()) == S_OK);
  f.context->CopyResource(staging.get(), bc1.get());
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  CHECK(mapped.RowPitch == 16);
  CHECK(std::memcmp(mapped.pData, blocks.data(), 16) == 0);
  CHECK(std::memcmp(static_cast<uint8_t*>(mapped.pData) + mapped.RowPitch, blocks.data() + 16, 16) == 0);
  f.context->Unmap(staging.get(), 0);

  // BC1 (64-bit blocks) into R32G32_UINT texels: one block per texel.
  auto texels = f.texture2D(2, 2, DXGI_FORMAT_R32G32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  f.context->CopySubresourceRegion(texels.get(), 0, 0, 0, 0, bc1.get(), 0, nullptr);
  auto bytes = f.readTexture(texels.get(), 0, 8);
  CHECK(std::memcmp(bytes.data(), blocks.data(), blocks.size()) == 0);
}

TEST_CASE("ResolveSubresource averages a 4x multisampled render target", "[device][context]") {
  Fixture f;
  auto msaa = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 1, 4);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(msaa.get(), nullptr, rtv.put()) == S_OK);
  const float color[4] = {1.0f, 0.5f, 0.0f, 1.0f};
  f.context->ClearRenderTargetView(rtv.get(), color);
  auto resolved = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  f.context->ResolveSubresource(resolved.get(), 0, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  auto bytes = f.readTexture(resolved.get(), 0, 4);
  CHECK(bytes[0] == 255);
  CHECK((bytes[1] == 127 || bytes[1] == 128));
  CHECK(bytes[2] == 0);
  CHECK(bytes[63 * 4 + 3] == 255);
}

TEST_CASE("GenerateMips fills the lower levels from the top one", "[device][context]") {
  Fixture f;
  auto texture = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                             D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 4, 1, 1, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  // A checkerboard of black and white averages to mid grey in every lower level.
  std::vector<uint32_t> top(64);
  for (UINT i = 0; i < 64; ++i)
    top[i] = ((i % 8) + (i / 8)) % 2 ? 0xffffffffu : 0xff000000u;
  f.context->UpdateSubresource(texture.get(), 0, nullptr, top.data(), 32, 0);
  ComPtr<ID3D11ShaderResourceView> srv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) == S_OK);
  f.context->GenerateMips(srv.get());
  for (UINT mip = 1; mip < 4; ++mip) {
    auto bytes = f.readTexture(texture.get(), mip, 4);
    INFO("mip " << mip);
    CHECK(bytes[0] >= 120);
    CHECK(bytes[0] <= 135);
    CHECK(bytes[3] == 255);
  }
}

namespace {

// The first `rows` rows of `rowBytes` bytes of a mapped subresource, without the row padding.
std::vector<uint8_t> mappedRows(const D3D11_MAPPED_SUBRESOURCE& mapped, UINT rows, UINT rowBytes) {
  std::vector<uint8_t> bytes;
  for (UINT y = 0; y < rows; ++y) {
    const uint8_t* row = static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch;
    bytes.insert(bytes.end(), row, row + rowBytes);
  }
  return bytes;
}

}  // namespace

TEST_CASE("block-compressed and uncompressed formats copy through staging memory in both directions", "[device][context]") {
  Fixture f;
  // An 8x8 BC1 texture (2x2 blocks of 8 bytes) with a 4x4 and a 2x2 mip (one block each).
  std::vector<uint8_t> blocks(6 * 8);
  for (size_t i = 0; i < blocks.size(); ++i)
    blocks[i] = uint8_t(0x11 + 3 * i);
  D3D11_TEXTURE2D_DESC desc{8, 8, 3, 1, DXGI_FORMAT_BC1_UNORM, {1, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  const D3D11_SUBRESOURCE_DATA initial[] = {{blocks.data(), 16, 0}, {blocks.data() + 32, 8, 0}, {blocks.data() + 40, 8, 0}};
  ComPtr<ID3D11Texture2D> bc1;
  REQUIRE(f.device->CreateTexture2D(&desc, initial, bc1.put()) == S_OK);
  auto texels = f.texture2D(2, 2, DXGI_FORMAT_R32G32_UINT, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  D3D11_MAPPED_SUBRESOURCE mapped{};

  SECTION("BC1 image to R32G32_UINT staging: one block per texel") {
    f.context->CopySubresourceRegion(texels.get(), 0, 0, 0, 0, bc1.get(), 0, nullptr);
    REQUIRE(f.context->Map(texels.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    CHECK(mappedRows(mapped, 2, 16) == std::vector<uint8_t>(blocks.begin(), blocks.begin() + 32));
    f.context->Unmap(texels.get(), 0);
  }
  SECTION("R32G32_UINT staging to a BC1 image, whole mip and a mip smaller than a block") {
    std::vector<uint8_t> fresh(32);
    for (size_t i = 0; i < fresh.size(); ++i)
      fresh[i] = uint8_t(0xa0 + i);
    REQUIRE(f.context->Map(texels.get(), 0, D3D11_MAP_WRITE, 0, &mapped) == S_OK);
    for (UINT y = 0; y < 2; ++y)
      std::memcpy(static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch, fresh.data() + 16 * y, 16);
    f.context->Unmap(texels.get(), 0);
    f.context->CopySubresourceRegion(bc1.get(), 0, 0, 0, 0, texels.get(), 0, nullptr);
    // Texel (1, 1) onto mip 2, which is 2x2 texels: the copy is clipped to the mip's edge.
    const D3D11_BOX one{1, 1, 0, 2, 2, 1};
    f.context->CopySubresourceRegion(bc1.get(), 2, 0, 0, 0, texels.get(), 0, &one);

    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ComPtr<ID3D11Texture2D> readback;
    REQUIRE(f.device->CreateTexture2D(&desc, nullptr, readback.put()) == S_OK);
    f.context->CopyResource(readback.get(), bc1.get());
    REQUIRE(f.context->Map(readback.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    CHECK(mappedRows(mapped, 2, 16) == fresh);
    f.context->Unmap(readback.get(), 0);
    REQUIRE(f.context->Map(readback.get(), 1, D3D11_MAP_READ, 0, &mapped) == S_OK);
    CHECK(mappedRows(mapped, 1, 8) == std::vector<uint8_t>(blocks.begin() + 32, blocks.begin() + 40));  // untouched
    f.context->Unmap(readback.get(), 1);
    REQUIRE(f.context->Map(readback.get(), 2, D3D11_MAP_READ, 0, &mapped) == S_OK);
    CHECK(mappedRows(mapped, 1, 8) == std::vector<uint8_t>(fresh.begin() + 24, fresh.end()));
    f.context->Unmap(readback.get(), 2);
  }
  SECTION("BC1 staging to R32G32_UINT staging, with an offset") {
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ComPtr<ID3D11Texture2D> bcStaging;
    REQUIRE(f.device->CreateTexture2D(&desc, nullptr, bcStaging.put()) == S_OK);
    f.context->CopyResource(bcStaging.get(), bc1.get());
    REQUIRE(f.context->Map(texels.get(), 0, D3D11_MAP_WRITE, 0, &mapped) == S_OK);
    for (UINT y = 0; y < 2; ++y)
      std::memset(static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch, 0, 16);
    f.context->Unmap(texels.get(), 0);
    // The bottom-right block lands on texel (0, 1).
    const D3D11_BOX block{4, 4, 0, 8, 8, 1};
    f.context->CopySubresourceRegion(texels.get(), 0, 0, 1, 0, bcStaging.get(), 0, &block);
    REQUIRE(f.context->Map(texels.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    std::vector<uint8_t> expected(32, 0);
    std::copy(blocks.begin() + 24, blocks.begin() + 32, expected.begin() + 16);
    CHECK(mappedRows(mapped, 2, 16) == expected);
    f.context->Unmap(texels.get(), 0);
  }
}

TEST_CASE("depth-stencil textures copy to and from staging memory with their stencil, interleaved as D3D11 lays texels out",
          "[device][context]") {
  Fixture f;
  struct Case {
    DXGI_FORMAT format;
    UINT texelBytes;
  };
  const Case cases[] = {{DXGI_FORMAT_D24_UNORM_S8_UINT, 4}, {DXGI_FORMAT_D32_FLOAT_S8X24_UINT, 8}};
  for (const Case& c : cases) {
    INFO("format " << c.format);
    const UINT width = 13, height = 7;  // odd sizes: rows and stencil words do not line up
    auto depth = f.texture2D(width, height, c.format, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL);
    auto staging = f.texture2D(width, height, c.format, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
    ComPtr<ID3D11DepthStencilView> dsv;
    REQUIRE(f.device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
    f.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.75f, 0x5a);

    // The expected texel of depth `z` and stencil `s` in D3D11's layout (24-bit UNORM depth with the
    // stencil in the top byte, or a float followed by a word holding the stencil).
    auto check = [&](const uint8_t* texel, float z, uint32_t s, const char* what) {
      INFO(what);
      uint32_t first, second = 0;
      std::memcpy(&first, texel, 4);
      if (c.texelBytes == 4) {
        const uint32_t unorm = uint32_t(z * 16777215.0f + 0.5f);
        CHECK(first >> 24 == s);
        CHECK(std::abs(int64_t(first & 0xffffff) - int64_t(unorm)) <= 1);
      } else {
        std::memcpy(&second, texel + 4, 4);
        float value;
        std::memcpy(&value, &first, 4);
        CHECK(value == z);
        CHECK((second & 0xff) == s);
      }
    };

    f.context->CopyResource(staging.get(), depth.get());
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ_WRITE, 0, &mapped) == S_OK);
    for (UINT y = 0; y < height; ++y)
      for (UINT x = 0; x < width; ++x)
        check(static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * c.texelBytes, 0.75f, 0x5a, "cleared texel");
    // New values in a 5x3 block at (6, 2): depth x/16 + y/64, stencil 10 * x + y.
    for (UINT y = 2; y < 5; ++y)
      for (UINT x = 6; x < 11; ++x) {
        uint8_t* texel = static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * c.texelBytes;
        const float z = float(x) / 16.0f + float(y) / 64.0f;
        const uint32_t s = 10 * x + y;
        if (c.texelBytes == 4) {
          const uint32_t word = uint32_t(z * 16777215.0f + 0.5f) | (s << 24);
          std::memcpy(texel, &word, 4);
        } else {
          const uint32_t second = s | 0xabcdef00u;  // the unused bits are ignored
          std::memcpy(texel, &z, 4);
          std::memcpy(texel + 4, &second, 4);
        }
      }
    f.context->Unmap(staging.get(), 0);
    // A depth-stencil texture takes only whole-subresource copies (documented; Windows drops a box):
    // the block copied alone changes nothing, the whole staging texture carries it in.
    const D3D11_BOX block{6, 2, 0, 11, 5, 1};
    f.context->CopySubresourceRegion(depth.get(), 0, 1, 3, 0, staging.get(), 0, &block);
    f.context->CopySubresourceRegion(depth.get(), 0, 0, 0, 0, staging.get(), 0, nullptr);
    auto readback = f.texture2D(width, height, c.format, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
    f.context->CopyResource(readback.get(), depth.get());
    REQUIRE(f.context->Map(readback.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    for (UINT y = 0; y < height; ++y)
      for (UINT x = 0; x < width; ++x) {
        const uint8_t* texel = static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * c.texelBytes;
        if (x >= 6 && x < 11 && y >= 2 && y < 5) {
          check(texel, float(x) / 16.0f + float(y) / 64.0f, 10 * x + y, "uploaded texel");
        } else {
          check(texel, 0.75f, 0x5a, "texel outside the upload");
        }
      }
    f.context->Unmap(readback.get(), 0);
  }
}

TEST_CASE("ResolveSubresource between two storage formats of one family, into a lower mip", "[device][context]") {
  Fixture f;
  auto msaa = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 1, 4);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(msaa.get(), nullptr, rtv.put()) == S_OK);
  const float color[4] = {1.0f, 0.5f, 0.25f, 1.0f};
  f.context->ClearRenderTargetView(rtv.get(), color);
  // An sRGB destination (another Vulkan format) whose 8x8 mip 1 receives the resolve; the texels
  // keep the UNORM bytes the resolve format names.
  auto resolved = f.texture2D(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 2);
  f.context->ResolveSubresource(resolved.get(), 1, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  auto bytes = f.readTexture(resolved.get(), 1, 4);
  REQUIRE(bytes.size() == 8 * 8 * 4);
  for (size_t texel = 0; texel < 64; ++texel) {
    INFO("texel " << texel);
    CHECK(bytes[texel * 4] == 255);
    CHECK((bytes[texel * 4 + 1] == 127 || bytes[texel * 4 + 1] == 128));
    CHECK((bytes[texel * 4 + 2] == 63 || bytes[texel * 4 + 2] == 64));
    CHECK(bytes[texel * 4 + 3] == 255);
  }
  // Mip 0 is untouched (zero, as new resources are).
  auto top = f.readTexture(resolved.get(), 0, 4);
  CHECK(std::all_of(top.begin(), top.end(), [](uint8_t b) { return b == 0; }));
}

namespace {

ComPtr<ID3D11Texture2D> texture2DWith(Fixture& f, UINT width, UINT height, DXGI_FORMAT format, const void* data, UINT pitch,
                                      UINT bind = D3D11_BIND_SHADER_RESOURCE) {
  D3D11_TEXTURE2D_DESC desc{width, height, 1, 1, format, {1, 0}, D3D11_USAGE_DEFAULT, bind, 0, 0};
  D3D11_SUBRESOURCE_DATA initial{data, pitch, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, data ? &initial : nullptr, texture.put()) == S_OK);
  return texture;
}

std::vector<uint32_t> words(UINT count, uint32_t seed) {
  std::vector<uint32_t> out(count);
  for (UINT i = 0; i < count; ++i)
    out[i] = seed + i * 0x01010101u;
  return out;
}

}  // namespace

TEST_CASE("copies between the format pairs of Format Conversion using Direct3D 10.1", "[device][context]") {
  Fixture f;
  // 4x4 texels of R32G32B32A32 are 4x4 blocks of BC2: a block lands on the texel at (1, 1).
  const auto data = words(64, 0x10203040);
  auto texels = texture2DWith(f, 4, 4, DXGI_FORMAT_R32G32B32A32_UINT, data.data(), 64);
  auto bc2 = texture2DWith(f, 16, 16, DXGI_FORMAT_BC2_UNORM, nullptr, 0);
  D3D11_BOX one{0, 0, 0, 1, 1, 1};
  f.context->CopySubresourceRegion(bc2.get(), 0, 4, 4, 0, texels.get(), 0, &one);
  auto back = texture2DWith(f, 4, 4, DXGI_FORMAT_R32G32B32A32_TYPELESS, nullptr, 0);
  D3D11_BOX block{4, 4, 0, 8, 8, 1};
  f.context->CopySubresourceRegion(back.get(), 0, 2, 2, 0, bc2.get(), 0, &block);
  auto read = f.readTexture(back.get(), 0, 16);
  CHECK(std::memcmp(&read[(2 * 4 + 2) * 16], data.data(), 16) == 0);

  // CopyResource compares sizes in blocks: 16x16 BC2 and 4x4 R32G32B32A32 are the same size.
  f.context->CopyResource(bc2.get(), texels.get());
  auto whole = texture2DWith(f, 4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, nullptr, 0);
  f.context->CopyResource(whole.get(), bc2.get());
  read = f.readTexture(whole.get(), 0, 16);
  CHECK(std::memcmp(read.data(), data.data(), read.size()) == 0);

  // 8-byte BC1 blocks pair with R16G16B16A16 but not with R32G8X24 or two R8G8B8A8 texels.
  auto bc1 = texture2DWith(f, 16, 16, DXGI_FORMAT_BC1_UNORM, nullptr, 0);
  auto halfs = texture2DWith(f, 4, 4, DXGI_FORMAT_R16G16B16A16_UINT, data.data(), 32);
  f.context->CopyResource(bc1.get(), halfs.get());
  auto halfsBack = texture2DWith(f, 4, 4, DXGI_FORMAT_R32G32_UINT, nullptr, 0);
  f.context->CopyResource(halfsBack.get(), bc1.get());
  read = f.readTexture(halfsBack.get(), 0, 8);
  CHECK(std::memcmp(read.data(), data.data(), read.size()) == 0);

  // R9G9B9E5_SHAREDEXP and the R32 colour formats; not R16G16.
  auto shared = texture2DWith(f, 4, 4, DXGI_FORMAT_R9G9B9E5_SHAREDEXP, data.data(), 16);
  auto r32 = texture2DWith(f, 4, 4, DXGI_FORMAT_R32_UINT, nullptr, 0);
  auto r16g16 = texture2DWith(f, 4, 4, DXGI_FORMAT_R16G16_UINT, nullptr, 0);
  f.context->CopyResource(r32.get(), shared.get());
  f.context->CopyResource(r16g16.get(), shared.get());
  read = f.readTexture(r32.get(), 0, 4);
  CHECK(std::memcmp(read.data(), data.data(), read.size()) == 0);
  CHECK(texel(f.readTexture(r16g16.get(), 0, 4), 0) == 0);
}

TEST_CASE("depth-stencil resources copy only as whole subresources, and to colour formats of their family", "[device][context]") {
  Fixture f;
  std::vector<uint16_t> depths(16);
  for (UINT i = 0; i < 16; ++i)
    depths[i] = uint16_t(0x1000 + i * 0x0123);
  auto depth = texture2DWith(f, 4, 4, DXGI_FORMAT_D16_UNORM, depths.data(), 8, D3D11_BIND_DEPTH_STENCIL);
  auto colour = texture2DWith(f, 4, 4, DXGI_FORMAT_R16_UNORM, nullptr, 0);
  D3D11_BOX part{0, 0, 0, 3, 3, 1};
  f.context->CopySubresourceRegion(colour.get(), 0, 1, 1, 0, depth.get(), 0, &part);
  auto read = f.readTexture(colour.get(), 0, 2);
  CHECK(std::all_of(read.begin(), read.end(), [](uint8_t b) { return b == 0; }));
  f.context->CopySubresourceRegion(colour.get(), 0, 0, 0, 0, depth.get(), 0, nullptr);
  read = f.readTexture(colour.get(), 0, 2);
  CHECK(std::memcmp(read.data(), depths.data(), 32) == 0);
}

TEST_CASE("depth-stencil textures take initial data with their stencil", "[device][context]") {
  Fixture f;
  // D24_UNORM_S8_UINT: depth in the low 24 bits, stencil on top; R32G8X24: float, stencil byte.
  std::vector<uint32_t> d24s8(16), d32s8(32);
  for (UINT i = 0; i < 16; ++i) {
    d24s8[i] = (uint32_t(0x10 + i) << 24) | (i * 0x080000u);
    const float value = float(i) / 16.0f;
    std::memcpy(&d32s8[i * 2], &value, 4);
    d32s8[i * 2 + 1] = 0x20 + i;
  }
  auto packed = texture2DWith(f, 4, 4, DXGI_FORMAT_D24_UNORM_S8_UINT, d24s8.data(), 16, D3D11_BIND_DEPTH_STENCIL);
  auto read = f.readTexture(packed.get(), 0, 4);
  for (UINT i = 0; i < 16; ++i) {
    CHECK(read[i * 4 + 3] == 0x10 + i);  // stencil exact
    const int32_t got = int32_t(texel(read, i) & 0xffffff), want = int32_t(d24s8[i] & 0xffffff);
    CHECK(std::abs(got - want) <= 1);  // a D32 stand-in rounds through float
  }
  auto wide = texture2DWith(f, 4, 4, DXGI_FORMAT_R32G8X24_TYPELESS, d32s8.data(), 32);
  read = f.readTexture(wide.get(), 0, 8);
  for (UINT i = 0; i < 16; ++i) {
    CHECK(texel(read, i * 2) == d32s8[i * 2]);
    CHECK(read[i * 8 + 4] == 0x20 + i);
  }
}

TEST_CASE("CopySubresourceRegion copies between 1D, 2D and 3D textures, and an empty buffer box copies nothing",
          "[device][context]") {
  Fixture f;
  const auto data = words(16, 0x11223344);
  D3D11_TEXTURE1D_DESC desc1{4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  D3D11_SUBRESOURCE_DATA initial{data.data(), 16, 0};
  ComPtr<ID3D11Texture1D> row;
  REQUIRE(f.device->CreateTexture1D(&desc1, &initial, row.put()) == S_OK);
  auto plane = texture2DWith(f, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, nullptr, 0);
  D3D11_BOX four{0, 0, 0, 4, 1, 1};
  f.context->CopySubresourceRegion(plane.get(), 0, 0, 2, 0, row.get(), 0, &four);
  auto read = f.readTexture(plane.get(), 0, 4);
  CHECK(std::memcmp(&read[2 * 16], data.data(), 16) == 0);
  CHECK(texel(read, 0) == 0);

  // A 2D texture into slice 1 of a volume, read back through a slice-sized 2D texture.
  D3D11_TEXTURE3D_DESC desc3{4, 4, 2, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture3D> volume;
  REQUIRE(f.device->CreateTexture3D(&desc3, nullptr, volume.put()) == S_OK);
  auto source = texture2DWith(f, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, data.data(), 16);
  f.context->CopySubresourceRegion(volume.get(), 0, 0, 0, 1, source.get(), 0, nullptr);
  auto slice = texture2DWith(f, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, nullptr, 0);
  D3D11_BOX second{0, 0, 1, 4, 4, 2};
  f.context->CopySubresourceRegion(slice.get(), 0, 0, 0, 0, volume.get(), 0, &second);
  read = f.readTexture(slice.get(), 0, 4);
  CHECK(std::memcmp(read.data(), data.data(), 64) == 0);

  std::vector<uint8_t> bytes(16, 0x5a);
  auto from = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, bytes.data());
  auto to = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER);
  D3D11_BOX flat{0, 0, 0, 16, 0, 1}, thin{0, 0, 0, 16, 1, 0};
  f.context->CopySubresourceRegion(to.get(), 0, 0, 0, 0, from.get(), 0, &flat);
  f.context->CopySubresourceRegion(to.get(), 0, 0, 0, 0, from.get(), 0, &thin);
  CHECK(f.readBuffer(to.get())[0] == 0);
}

TEST_CASE("CopyWithOverlap: a region copied within one buffer or one texture subresource lands as if through a "
          "temporary", "[device][copy]") {
  Fixture f;
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(f.device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK);
  REQUIRE(options.CopyWithOverlap);
  ComPtr<ID3D11DeviceContext1> context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);

  // Bytes 0..99 of a buffer of 0, 1, 2...: copy [10, 60) to 30: the destination gets the
  // source's old bytes (10..59), not bytes the copy itself wrote.
  std::vector<uint8_t> bytes(100);
  for (size_t i = 0; i < bytes.size(); i++)
    bytes[i] = uint8_t(i);
  auto buffer = f.buffer(100, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, bytes.data());
  const D3D11_BOX range{10, 0, 0, 60, 1, 1};
  context1->CopySubresourceRegion1(buffer.get(), 0, 30, 0, 0, buffer.get(), 0, &range, 0);
  std::vector<uint8_t> expected = bytes;
  std::copy(bytes.begin() + 10, bytes.begin() + 60, expected.begin() + 30);
  CHECK(f.readBuffer(buffer.get()) == expected);

  // A 16x16 R32 texture of texel = y * 16 + x: copy the 8x8 box at (2, 2) to (4, 5).
  std::vector<uint32_t> texels(256);
  for (uint32_t i = 0; i < 256; i++)
    texels[i] = i;
  D3D11_TEXTURE2D_DESC desc{16, 16, 1, 1, DXGI_FORMAT_R32_UINT, {1, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  D3D11_SUBRESOURCE_DATA initial{texels.data(), 64, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, &initial, texture.put()) == S_OK);
  const D3D11_BOX box{2, 2, 0, 10, 10, 1};
  f.context->CopySubresourceRegion(texture.get(), 0, 4, 5, 0, texture.get(), 0, &box);
  const std::vector<uint8_t> read = f.readTexture(texture.get(), 0, 4);
  for (uint32_t y = 0; y < 16; y++)
    for (uint32_t x = 0; x < 16; x++) {
      const bool copied = x >= 4 && x < 12 && y >= 5 && y < 13;
      const uint32_t want = copied ? (y - 5 + 2) * 16 + (x - 4 + 2) : y * 16 + x;
      INFO("texel " << x << ", " << y);
      CHECK(texel(read, y * 16 + x) == want);
    }
}

// Wine's Direct2D (ID2D1Bitmap::CopyFromBitmap with a destination point and no source rectangle)
// copies a whole 4x4 bitmap to (1, 1) of another 4x4 one and expects the 3x3 that fits: without a
// source box the copy is clipped to the destination's edges, as Windows' drivers and Wine's d3d11
// do. An explicit box that does not fit is still dropped, and an empty box copies nothing.
TEST_CASE("CopySubresourceRegion without a source box clips the whole source to the destination's edges", "[device][context]") {
  Fixture f;
  auto source = filledTexture(f, 4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, 4, 9);
  auto from = f.readTexture(source.get(), 0, 4);

  auto clipped = f.texture2D(4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  f.context->CopySubresourceRegion(clipped.get(), 0, 1, 1, 0, source.get(), 0, nullptr);
  auto to = f.readTexture(clipped.get(), 0, 4);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      INFO("texel (" << x << ", " << y << ")");
      CHECK(texel(to, y * 4 + x) == (x && y ? texel(from, (y - 1) * 4 + (x - 1)) : 0u));
    }

  // Placed wholly outside: nothing is written (and nothing faults).
  auto outside = f.texture2D(4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  f.context->CopySubresourceRegion(outside.get(), 0, 4, 0, 0, source.get(), 0, nullptr);
  auto none = f.readTexture(outside.get(), 0, 4);
  CHECK(std::all_of(none.begin(), none.end(), [](uint8_t byte) { return byte == 0; }));

  // An explicit box that overruns the destination is dropped whole, and an inverted box is empty.
  auto dropped = f.texture2D(4, 4, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  const D3D11_BOX all{0, 0, 0, 4, 4, 1};
  f.context->CopySubresourceRegion(dropped.get(), 0, 1, 1, 0, source.get(), 0, &all);
  const D3D11_BOX inverted{2, 2, 0, 1, 1, 1};
  f.context->CopySubresourceRegion(dropped.get(), 0, 0, 0, 0, source.get(), 0, &inverted);
  auto unchanged = f.readTexture(dropped.get(), 0, 4);
  CHECK(std::all_of(unchanged.begin(), unchanged.end(), [](uint8_t byte) { return byte == 0; }));
}
