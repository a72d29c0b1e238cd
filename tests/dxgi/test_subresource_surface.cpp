// Integration: IDXGIResource1::CreateSubresourceSurface on every subresource of mipmapped and
// array textures: the surface's description, resource and index, parents, private data, Map of
// that subresource, and the documented DXGI_ERROR_INVALID_CALL refusals.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

constexpr GUID kTestData = {0x1b3c5d7e, 0x2a4f, 0x4c6e, {0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x40, 0x51}};

struct Device {
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  Device() {
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                              nullptr, context.put()) == S_OK);
  }
  ~Device() {
    auto info = device.query<ID3D11VkDeviceInfo>();
    CHECK((info && info->GetValidationErrorCount() == 0));
  }
};

// 8x4 with 3 mips (8x4, 4x2, 2x1) and 2 array slices: subresources 0..5, index = mip + slice * 3.
D3D11_TEXTURE2D_DESC chainDesc(D3D11_USAGE usage, UINT bind, UINT cpu) {
  return D3D11_TEXTURE2D_DESC{8, 4, 3, 2, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, usage, bind, cpu, 0};
}

}  // namespace

TEST_CASE("CreateSubresourceSurface makes a surface of each mip and slice of a 2D texture", "[dxgi]") {
  Device d;
  const D3D11_TEXTURE2D_DESC desc = chainDesc(D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0);
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(d.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  auto resource = texture.query<IDXGIResource1>();
  REQUIRE(resource);
  CHECK_FALSE(texture.query<IDXGISurface>());  // several subresources: the texture is no surface itself

  const UINT widths[] = {8, 4, 2}, heights[] = {4, 2, 1};
  std::vector<ComPtr<IDXGISurface2>> surfaces(6);
  for (UINT index = 0; index < 6; ++index) {
    INFO("subresource " << index);
    REQUIRE(resource->CreateSubresourceSurface(index, surfaces[index].put()) == S_OK);
    IDXGISurface2* surface = surfaces[index].get();
    REQUIRE(surface);
    DXGI_SURFACE_DESC surfaceDesc{};
    REQUIRE(surface->GetDesc(&surfaceDesc) == S_OK);
    CHECK(surfaceDesc.Width == widths[index % 3]);
    CHECK(surfaceDesc.Height == heights[index % 3]);
    CHECK(surfaceDesc.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(surfaceDesc.SampleDesc.Count == 1);
    // GetResource: the parent texture and this index.
    ComPtr<ID3D11Texture2D> parentTexture;
    UINT subresource = 99;
    REQUIRE(surface->GetResource(__uuidof(ID3D11Texture2D), parentTexture.putVoid(), &subresource) == S_OK);
    CHECK(parentTexture.get() == texture.get());
    CHECK(subresource == index);
    // GetParent: the texture it was made from; GetDevice: the texture's DXGI device.
    ComPtr<IDXGIResource> parent;
    REQUIRE(surface->GetParent(__uuidof(IDXGIResource), parent.putVoid()) == S_OK);
    CHECK(parent.get() == texture.query<IDXGIResource>().get());
    ComPtr<IDXGIDevice> dxgiDevice;
    REQUIRE(surface->GetDevice(__uuidof(IDXGIDevice), dxgiDevice.putVoid()) == S_OK);
    CHECK(dxgiDevice.get() == d.device.query<IDXGIDevice>().get());
    // QueryInterface: the surface interfaces, one identity; not the texture's.
    ComPtr<IUnknown> unknown;
    REQUIRE(surface->QueryInterface(__uuidof(IUnknown), unknown.putVoid()) == S_OK);
    CHECK(unknown.get() == static_cast<IUnknown*>(surface));
    CHECK(ComPtr<IDXGISurface2>(surface).query<IDXGISurface>().get() == static_cast<IDXGISurface*>(surface));
    CHECK(ComPtr<IDXGISurface2>(surface).query<IDXGIDeviceSubObject>());
    ComPtr<ID3D11Texture2D> notTexture;
    CHECK(surface->QueryInterface(__uuidof(ID3D11Texture2D), notTexture.putVoid()) == E_NOINTERFACE);
    CHECK_FALSE(notTexture);
    HDC dc = reinterpret_cast<HDC>(uintptr_t(1));
    CHECK(surface->GetDC(FALSE, &dc) == DXGI_ERROR_INVALID_CALL);  // not GDI-compatible, as documented
  }
  // Each surface is an object of its own with its own private data.
  CHECK(surfaces[1].get() != surfaces[2].get());
  const uint32_t value = 0x5eed;
  REQUIRE(surfaces[1]->SetPrivateData(kTestData, sizeof(value), &value) == S_OK);
  uint32_t read = 0;
  UINT size = sizeof(read);
  REQUIRE(surfaces[1]->GetPrivateData(kTestData, &size, &read) == S_OK);
  CHECK(read == value);
  size = sizeof(read);
  CHECK(surfaces[2]->GetPrivateData(kTestData, &size, &read) == DXGI_ERROR_NOT_FOUND);
  size = sizeof(read);
  CHECK(texture->GetPrivateData(kTestData, &size, &read) == DXGI_ERROR_NOT_FOUND);

  // Past the last subresource: DXGI_ERROR_INVALID_CALL (documented), the pointer left null.
  IDXGISurface2* none = reinterpret_cast<IDXGISurface2*>(uintptr_t(1));
  CHECK(resource->CreateSubresourceSurface(6, &none) == DXGI_ERROR_INVALID_CALL);
  CHECK(none == nullptr);
  CHECK(resource->CreateSubresourceSurface(0, nullptr) == E_INVALIDARG);

  // A surface keeps its texture alive.
  ComPtr<IDXGISurface2> last = surfaces[5];
  surfaces.clear();
  resource = nullptr;
  texture = nullptr;
  DXGI_SURFACE_DESC lastDesc{};
  REQUIRE(last->GetDesc(&lastDesc) == S_OK);
  CHECK(lastDesc.Width == 2);
  CHECK(lastDesc.Height == 1);
}

TEST_CASE("a subresource surface maps its own subresource", "[dxgi]") {
  Device d;
  const D3D11_TEXTURE2D_DESC desc = chainDesc(D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  // Every texel of subresource i holds 0x01010101 * (i + 1).
  std::vector<std::vector<uint32_t>> texels(6);
  D3D11_SUBRESOURCE_DATA initial[6]{};
  for (UINT i = 0; i < 6; ++i) {
    const UINT width = 8u >> (i % 3), height = 4u >> (i % 3);
    texels[i].assign(size_t(width) * height, 0x01010101u * (i + 1));
    initial[i] = D3D11_SUBRESOURCE_DATA{texels[i].data(), width * 4, 0};
  }
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(d.device->CreateTexture2D(&desc, initial, texture.put()) == S_OK);
  auto resource = texture.query<IDXGIResource1>();

  // Subresource 4 is mip 1 (4x2) of slice 1.
  ComPtr<IDXGISurface2> surface;
  REQUIRE(resource->CreateSubresourceSurface(4, surface.put()) == S_OK);
  DXGI_MAPPED_RECT mapped{};
  REQUIRE(surface->Map(&mapped, DXGI_MAP_READ) == S_OK);
  REQUIRE(mapped.pBits);
  CHECK(mapped.Pitch >= 16);
  uint32_t texel = 0;
  std::memcpy(&texel, mapped.pBits + mapped.Pitch + 12, 4);  // (3, 1), the mip's last texel
  CHECK(texel == 0x05050505u);
  REQUIRE(surface->Unmap() == S_OK);

  // Written through the surface, read back through the texture's subresource 4 only.
  REQUIRE(surface->Map(&mapped, DXGI_MAP_WRITE) == S_OK);
  const uint32_t written = 0xa1b2c3d4u;
  std::memcpy(mapped.pBits, &written, 4);
  REQUIRE(surface->Unmap() == S_OK);
  D3D11_MAPPED_SUBRESOURCE check{};
  REQUIRE(d.context->Map(texture.get(), 4, D3D11_MAP_READ, 0, &check) == S_OK);
  std::memcpy(&texel, check.pData, 4);
  CHECK(texel == written);
  d.context->Unmap(texture.get(), 4);
  REQUIRE(d.context->Map(texture.get(), 1, D3D11_MAP_READ, 0, &check) == S_OK);
  std::memcpy(&texel, check.pData, 4);
  CHECK(texel == 0x02020202u);
  d.context->Unmap(texture.get(), 1);

  // Flags that name no access are refused (documented for IDXGISurface::Map).
  CHECK(surface->Map(&mapped, 0) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("CreateSubresourceSurface refuses buffers and 3D textures", "[dxgi]") {
  Device d;
  D3D11_BUFFER_DESC bufferDesc{256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  ComPtr<ID3D11Buffer> buffer;
  REQUIRE(d.device->CreateBuffer(&bufferDesc, nullptr, buffer.put()) == S_OK);
  ComPtr<IDXGISurface2> surface;
  CHECK(buffer.query<IDXGIResource1>()->CreateSubresourceSurface(0, surface.put()) == DXGI_ERROR_INVALID_CALL);
  CHECK_FALSE(surface);
  D3D11_TEXTURE3D_DESC volumeDesc{4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture3D> volume;
  REQUIRE(d.device->CreateTexture3D(&volumeDesc, nullptr, volume.put()) == S_OK);
  CHECK(volume.query<IDXGIResource1>()->CreateSubresourceSurface(0, surface.put()) == DXGI_ERROR_INVALID_CALL);
  CHECK_FALSE(surface);
}
