// Integration, native: what each DXGI_USAGE makes of a swapchain's buffers (Windows 10, as Wine's
// dxgi conformance tests record it): the description keeps the usage as given, the texture is
// bound exactly for RENDER_TARGET_OUTPUT / SHADER_INPUT / UNORDERED_ACCESS, and GetUsage reports
// the usage with BACK_BUFFER, DISCARD_ON_PRESENT for the DISCARD effect and READ_ONLY above
// buffer 0; and IDXGIDevice::CreateSurface makes 2D textures bound by the usage. Validation on.
#include <catch2/catch.hpp>

#include "swapchain_fixture.h"

using test_dxgi::SwapChainFixture;
using util::ComPtr;

namespace {

DXGI_USAGE usageOf(IUnknown* object) {
  ComPtr<IDXGIResource> resource;
  REQUIRE(object->QueryInterface(__uuidof(IDXGIResource), resource.putVoid()) == S_OK);
  DXGI_USAGE usage = 0;
  REQUIRE(resource->GetUsage(&usage) == S_OK);
  return usage;
}

UINT bindFlagsOf(ID3D11Texture2D* texture) {
  D3D11_TEXTURE2D_DESC desc{};
  texture->GetDesc(&desc);
  return desc.BindFlags;
}

}  // namespace

TEST_CASE("Swapchain buffers are bound and report the usage the description gives", "[dxgi-swapchain][usage]") {
  SwapChainFixture f(64, 64);
  if (f.skipped)
    return;
  const DXGI_USAGE usage = GENERATE(DXGI_USAGE(0), DXGI_USAGE_BACK_BUFFER, DXGI_USAGE_SHADER_INPUT,
                                    DXGI_USAGE_RENDER_TARGET_OUTPUT, DXGI_USAGE_DISCARD_ON_PRESENT,
                                    DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT,
                                    DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_UNORDERED_ACCESS);
  INFO("usage 0x" << std::hex << unsigned(usage));
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.SwapEffect = DXGI_SWAP_EFFECT_DISCARD;
  desc.BufferCount = 1;
  desc.BufferUsage = usage;
  REQUIRE(f.create(desc) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 described{};
  REQUIRE(f.swapchain->GetDesc1(&described) == S_OK);
  CHECK(described.BufferUsage == usage);
  UINT expectedBind = 0;
  if (usage & DXGI_USAGE_RENDER_TARGET_OUTPUT)
    expectedBind |= D3D11_BIND_RENDER_TARGET;
  if (usage & DXGI_USAGE_SHADER_INPUT)
    expectedBind |= D3D11_BIND_SHADER_RESOURCE;
  if (usage & DXGI_USAGE_UNORDERED_ACCESS)
    expectedBind |= D3D11_BIND_UNORDERED_ACCESS;
  ComPtr<ID3D11Texture2D> buffer;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  CHECK(bindFlagsOf(buffer.get()) == expectedBind);
  CHECK(usageOf(buffer.get()) == (usage | DXGI_USAGE_BACK_BUFFER | DXGI_USAGE_DISCARD_ON_PRESENT));
  // Whatever its bindings, the buffer presents.
  CHECK(f.swapchain->Present(0, 0) == S_OK);
}

TEST_CASE("FLIP_SEQUENTIAL buffers above 0 are read-only back buffers; FLIP_DISCARD gives only buffer 0", "[dxgi-swapchain][usage]") {
  SwapChainFixture f(64, 64);
  if (f.skipped)
    return;
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.BufferCount = 3;
  {
    // Windows 10 gives Direct3D 11 only buffer 0 of a FLIP_DISCARD swapchain (Wine's dxgi tests).
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    REQUIRE(f.create(desc) == S_OK);
    ComPtr<ID3D11Texture2D> buffer;
    CHECK(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
    buffer = nullptr;
    CHECK(f.swapchain->GetBuffer(1, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
    CHECK(!buffer);
    f.swapchain = nullptr;
  }
  desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL;
  REQUIRE(f.create(desc) == S_OK);
  ComPtr<ID3D11Texture2D> buffer;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  CHECK(usageOf(buffer.get()) == (DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_BACK_BUFFER));
  for (UINT index : {1u, 2u}) {
    INFO("buffer " << index);
    REQUIRE(f.swapchain->GetBuffer(index, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
    CHECK(usageOf(buffer.get()) == (DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_BACK_BUFFER | DXGI_USAGE_READ_ONLY));
    CHECK(bindFlagsOf(buffer.get()) == D3D11_BIND_RENDER_TARGET);
  }
  buffer = nullptr;
  CHECK(f.swapchain->GetBuffer(3, __uuidof(ID3D11Texture2D), buffer.putVoid()) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("IDXGIDevice::CreateSurface makes 2D textures bound by the usage", "[dxgi-swapchain][usage]") {
  SwapChainFixture f(16, 16);
  if (f.skipped)
    return;
  auto dxgiDevice = f.device.query<IDXGIDevice>();
  REQUIRE(dxgiDevice);
  DXGI_SURFACE_DESC desc{64, 32, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}};
  IDXGISurface* surfaces[2] = {};
  REQUIRE(dxgiDevice->CreateSurface(&desc, 2, DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_UNORDERED_ACCESS, nullptr,
                                    surfaces) == S_OK);
  for (IDXGISurface* surface : surfaces) {
    REQUIRE(surface);
    DXGI_SURFACE_DESC described{};
    REQUIRE(surface->GetDesc(&described) == S_OK);
    CHECK((described.Width == 64 && described.Height == 32 && described.Format == DXGI_FORMAT_R8G8B8A8_UNORM));
    ComPtr<ID3D11Texture2D> texture;
    REQUIRE(surface->QueryInterface(__uuidof(ID3D11Texture2D), texture.putVoid()) == S_OK);
    CHECK(bindFlagsOf(texture.get()) == (D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS));
    ComPtr<ID3D11UnorderedAccessView> view;
    CHECK(f.device->CreateUnorderedAccessView(texture.get(), nullptr, view.put()) == S_OK);
    ComPtr<IDXGIDevice> parent;
    CHECK((surface->GetParent(__uuidof(IDXGIDevice), parent.putVoid()) == S_OK && parent.get() == dxgiDevice.get()));
    surface->Release();
  }
  IDXGISurface* surface = nullptr;
  CHECK(dxgiDevice->CreateSurface(nullptr, 1, 0, nullptr, &surface) == E_INVALIDARG);
  CHECK(dxgiDevice->CreateSurface(&desc, 0, 0, nullptr, &surface) == E_INVALIDARG);
  desc.Width = 0;  // CreateTexture2D's own rule
  CHECK(dxgiDevice->CreateSurface(&desc, 1, 0, nullptr, &surface) == E_INVALIDARG);
  CHECK(!surface);
}
