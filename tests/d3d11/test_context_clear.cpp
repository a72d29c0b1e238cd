// Integration: render-target, depth-stencil and unordered-access clears and ClearView on the
// machine's Vulkan device, results read back (validation layer on).
#include <catch2/catch.hpp>

#include <limits>

#include "context_test_util.h"

using namespace context_test;

TEST_CASE("ClearRenderTargetView converts the colour to the view's format, sRGB included", "[device][context]") {
  Fixture f;
  auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  ComPtr<ID3D11RenderTargetView> unorm, srgb;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), &desc, unorm.put()) == S_OK);
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), &desc, srgb.put()) == S_OK);

  const float half[4] = {0.5f, 0.25f, 1.0f, 0.0f};
  f.context->ClearRenderTargetView(unorm.get(), half);
  auto bytes = f.readTexture(texture.get(), 0, 4);
  CHECK((bytes[0] == 127 || bytes[0] == 128));
  CHECK((bytes[1] == 63 || bytes[1] == 64));
  CHECK(bytes[2] == 255);
  CHECK(bytes[3] == 0);

  f.context->ClearRenderTargetView(srgb.get(), half);
  bytes = f.readTexture(texture.get(), 0, 4);
  CHECK((bytes[0] >= 187 && bytes[0] <= 189));  // linear 0.5 is sRGB 188
  CHECK((bytes[1] >= 136 && bytes[1] <= 138));  // linear 0.25 is sRGB 137
  CHECK(bytes[3] == 0);                          // alpha is linear
}

TEST_CASE("ClearRenderTargetView of an integer target takes the colour as integers", "[device][context]") {
  Fixture f;
  auto texture = f.texture2D(2, 2, DXGI_FORMAT_R32G32B32A32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  const float values[4] = {1.0f, 7.0f, 300.0f, 65536.0f};
  f.context->ClearRenderTargetView(rtv.get(), values);
  auto bytes = f.readTexture(texture.get(), 0, 16);
  CHECK(texel(bytes, 0) == 1);
  CHECK(texel(bytes, 1) == 7);
  CHECK(texel(bytes, 2) == 300);
  CHECK(texel(bytes, 3) == 65536);
}

TEST_CASE("ClearRenderTargetView clears only the view's slice and mip", "[device][context]") {
  Fixture f;
  auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 2, 3);
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  desc.Texture2DArray = {1, 1, 1};  // mip 1, slice 1
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), &desc, rtv.put()) == S_OK);
  const float white[4] = {1, 1, 1, 1};
  f.context->ClearRenderTargetView(rtv.get(), white);
  // Subresource index = mip + slice * mips.
  CHECK(texel(f.readTexture(texture.get(), 1 + 1 * 2, 4), 0) == 0xffffffffu);
  CHECK(texel(f.readTexture(texture.get(), 0 + 1 * 2, 4), 0) == 0);
  CHECK(texel(f.readTexture(texture.get(), 1 + 0 * 2, 4), 0) == 0);
  CHECK(texel(f.readTexture(texture.get(), 1 + 2 * 2, 4), 0) == 0);
}

TEST_CASE("ClearDepthStencilView clears depth and stencil by flag", "[device][context]") {
  Fixture f;
  auto depth = f.texture2D(4, 4, DXGI_FORMAT_D32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL);
  ComPtr<ID3D11DepthStencilView> dsv;
  REQUIRE(f.device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
  f.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.25f, 0);
  auto bytes = f.readTexture(depth.get(), 0, 4);
  float value;
  std::memcpy(&value, bytes.data(), 4);
  CHECK(value == 0.25f);
  std::memcpy(&value, bytes.data() + 60, 4);
  CHECK(value == 0.25f);
  // Stencil on a depth-only format, and no flags at all, change nothing.
  f.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_STENCIL, 0.75f, 3);
  f.context->ClearDepthStencilView(dsv.get(), 0, 0.75f, 3);
  bytes = f.readTexture(depth.get(), 0, 4);
  std::memcpy(&value, bytes.data(), 4);
  CHECK(value == 0.25f);

  // A depth-stencil format: clearing stencil only keeps depth (read back through an SRV-less copy
  // of the whole resource is not possible for two aspects, so the check is that it runs clean).
  auto both = f.texture2D(4, 4, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL);
  ComPtr<ID3D11DepthStencilView> dsv2;
  REQUIRE(f.device->CreateDepthStencilView(both.get(), nullptr, dsv2.put()) == S_OK);
  f.context->ClearDepthStencilView(dsv2.get(), D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0f, 0x80);
  f.context->ClearDepthStencilView(dsv2.get(), D3D11_CLEAR_STENCIL, 0.0f, 0x01);
}

TEST_CASE("ClearView clears rectangles of a render target", "[device][context]") {
  Fixture f;
  auto texture = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  auto context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  const float red[4] = {1, 0, 0, 1};
  const D3D11_RECT rects[2] = {{1, 1, 3, 2}, {6, 6, 20, 20}};  // the second is clipped to the view
  context1->ClearView(rtv.get(), red, rects, 2);
  auto bytes = f.readTexture(texture.get(), 0, 4);
  CHECK(texel(bytes, 1 * 8 + 1) == 0xff0000ffu);
  CHECK(texel(bytes, 1 * 8 + 2) == 0xff0000ffu);
  CHECK(texel(bytes, 1 * 8 + 3) == 0);
  CHECK(texel(bytes, 2 * 8 + 1) == 0);
  CHECK(texel(bytes, 7 * 8 + 7) == 0xff0000ffu);
  CHECK(texel(bytes, 5 * 8 + 5) == 0);
}

TEST_CASE("UAV clears write raw bits (Uint) or converted values (Float) for every view kind", "[device][context]") {
  Fixture f;
  // A typed texture UAV in its own 32-bit integer format: a direct Vulkan clear.
  auto r32 = f.texture2D(4, 4, DXGI_FORMAT_R32_UINT, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(r32.get(), nullptr, uav.put()) == S_OK);
  const UINT values[4] = {0xdeadbeef, 2, 3, 4};
  f.context->ClearUnorderedAccessViewUint(uav.get(), values);
  CHECK(texel(f.readTexture(r32.get(), 0, 4), 15) == 0xdeadbeefu);

  // Uint clear of a UNORM view keeps each channel's low bits (no conversion).
  auto rgba = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  uav = nullptr;
  REQUIRE(f.device->CreateUnorderedAccessView(rgba.get(), nullptr, uav.put()) == S_OK);
  const UINT low[4] = {0x101, 0x22, 0x3ff, 0x44};
  f.context->ClearUnorderedAccessViewUint(uav.get(), low);
  CHECK(texel(f.readTexture(rgba.get(), 0, 4), 5) == 0x44ff2201u);
  // Float clear of the same view converts to UNORM.
  const float floats[4] = {1.0f, 0.0f, 0.5f, 2.0f};
  f.context->ClearUnorderedAccessViewFloat(uav.get(), floats);
  auto bytes = f.readTexture(rgba.get(), 0, 4);
  CHECK(bytes[0] == 255);
  CHECK(bytes[1] == 0);
  CHECK((bytes[2] == 127 || bytes[2] == 128));
  CHECK(bytes[3] == 255);

  // A raw buffer view: 32-bit words.
  auto raw = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC rawDesc{};
  rawDesc.Format = DXGI_FORMAT_R32_TYPELESS;
  rawDesc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  rawDesc.Buffer = {4, 8, D3D11_BUFFER_UAV_FLAG_RAW};  // words 4..11
  uav = nullptr;
  REQUIRE(f.device->CreateUnorderedAccessView(raw.get(), &rawDesc, uav.put()) == S_OK);
  f.context->ClearUnorderedAccessViewUint(uav.get(), values);
  auto words = f.readBuffer(raw.get());
  CHECK(texel(words, 3) == 0);
  CHECK(texel(words, 4) == 0xdeadbeefu);
  CHECK(texel(words, 11) == 0xdeadbeefu);
  CHECK(texel(words, 12) == 0);

  // A typed buffer view with 16-bit float elements: each element converted.
  auto typed = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC typedDesc{};
  typedDesc.Format = DXGI_FORMAT_R16G16_FLOAT;
  typedDesc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  typedDesc.Buffer = {4, 4, 0};  // 16-byte aligned: see docs/STATUS.md on typed buffer view offsets
  uav = nullptr;
  REQUIRE(f.device->CreateUnorderedAccessView(typed.get(), &typedDesc, uav.put()) == S_OK);
  const float halves[4] = {1.0f, -2.0f, 0, 0};
  f.context->ClearUnorderedAccessViewFloat(uav.get(), halves);
  words = f.readBuffer(typed.get());
  CHECK(texel(words, 3) == 0);
  CHECK(texel(words, 4) == 0xc0003c00u);  // half 1.0 = 0x3c00, -2.0 = 0xc000
  CHECK(texel(words, 7) == 0xc0003c00u);
  CHECK(texel(words, 8) == 0);
}

TEST_CASE("UAV clears of an R11G11B10_FLOAT typed buffer convert to its unsigned small floats, or keep the Uint values' low bits",
          "[device][context]") {
  Fixture f;
  // The packed pattern path (a texture of this format is cleared by Vulkan directly).
  auto buffer = f.buffer(64, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC desc{};
  desc.Format = DXGI_FORMAT_R11G11B10_FLOAT;
  desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  desc.Buffer = {2, 8, 0};  // elements 2..9
  ComPtr<ID3D11UnorderedAccessView> uav;
  HRESULT hr = f.device->CreateUnorderedAccessView(buffer.get(), &desc, uav.put());
  if (hr != S_OK) {
    WARN("this device offers no R11G11B10_FLOAT typed buffer UAVs: nothing to clear");
    return;
  }
  // 1.0 = exponent 15, mantissa 0; 0.5 = exponent 14; 2^-15 is a denormal (mantissa 0x10 of the
  // 5-bit-mantissa blue channel: 0.5 * 2^-14).
  const float floats[4] = {1.0f, 0.5f, 1.0f / 32768.0f, 7.0f};
  f.context->ClearUnorderedAccessViewFloat(uav.get(), floats);
  auto words = f.readBuffer(buffer.get());
  const uint32_t red = 15u << 6, green = 14u << 6, blue = 0x10;
  CHECK(texel(words, 1) == 0);
  CHECK(texel(words, 2) == (red | (green << 11) | (blue << 22)));
  CHECK(texel(words, 9) == (red | (green << 11) | (blue << 22)));
  CHECK(texel(words, 10) == 0);
  // Negative values clamp to 0; above the largest finite value is infinity; NaN stays NaN.
  const float special[4] = {-3.0f, 65536.0f, std::numeric_limits<float>::quiet_NaN(), 0.0f};
  f.context->ClearUnorderedAccessViewFloat(uav.get(), special);
  words = f.readBuffer(buffer.get());
  const uint32_t blueWord = texel(words, 5) >> 22;
  CHECK((texel(words, 5) & 0x3fffffu) == (0u | ((0x1fu << 6) << 11)));
  CHECK((blueWord >> 5) == 0x1fu);
  CHECK((blueWord & 0x1fu) != 0);
  const UINT bits[4] = {0xfff, 0x801, 0x3ff, 0};
  f.context->ClearUnorderedAccessViewUint(uav.get(), bits);
  CHECK(texel(f.readBuffer(buffer.get()), 3) == (0x7ffu | (0x001u << 11) | (0x3ffu << 22)));
}

TEST_CASE("discards are accepted and the contents stay usable", "[device][context]") {
  // DiscardAPIsSeenByDriver: the discard is a hint that the contents may go; keeping them is a
  // valid discard, and whatever follows must render as usual.
  Fixture f;
  ComPtr<ID3D11DeviceContext1> context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  auto texture = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
  f.context->ClearRenderTargetView(rtv.get(), red);
  context1->DiscardView(rtv.get());
  context1->DiscardResource(texture.get());
  const D3D11_RECT rect{0, 0, 4, 4};
  context1->DiscardView1(rtv.get(), &rect, 1);
  context1->DiscardResource(nullptr);  // ignored
  f.context->ClearRenderTargetView(rtv.get(), green);
  const std::vector<uint8_t> pixels = f.readTexture(texture.get(), 0, 4);
  CHECK(texel(pixels, 0) == 0xff00ff00u);
  CHECK(texel(pixels, 63) == 0xff00ff00u);
}
