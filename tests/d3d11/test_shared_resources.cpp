// Shared resources within one process (docs/resources.md, "Shared resources"): creation with the
// sharing misc flags and the rules between them.
#include <catch2/catch.hpp>

#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

ComPtr<ID3D11Device> createSharingDevice() {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  ComPtr<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(),
                            nullptr, nullptr) == S_OK);
  return device;
}

D3D11_TEXTURE2D_DESC sharedTexture2D(UINT misc) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = desc.Height = 4;
  desc.MipLevels = desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
  desc.MiscFlags = misc;
  return desc;
}

D3D11_BUFFER_DESC sharedBuffer(UINT misc) { return {64, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, misc, 0}; }

constexpr UINT kShared = D3D11_RESOURCE_MISC_SHARED;
constexpr UINT kKeyed = D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
constexpr UINT kNt = D3D11_RESOURCE_MISC_SHARED_NTHANDLE;

}  // namespace

TEST_CASE("buffers and textures are created with the sharing flags, which read back in their descriptions", "[device]") {
  auto device = createSharingDevice();
  for (UINT misc : {kShared, kKeyed, kShared | kNt, kKeyed | kNt}) {
    INFO("MiscFlags " << misc);
    ComPtr<ID3D11Buffer> buffer;
    const D3D11_BUFFER_DESC bufferDesc = sharedBuffer(misc);
    REQUIRE(device->CreateBuffer(&bufferDesc, nullptr, buffer.put()) == S_OK);
    D3D11_BUFFER_DESC bufferBack{};
    buffer->GetDesc(&bufferBack);
    CHECK(bufferBack.MiscFlags == misc);

    ComPtr<ID3D11Texture2D> texture;
    const D3D11_TEXTURE2D_DESC textureDesc = sharedTexture2D(misc);
    REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, texture.put()) == S_OK);
    D3D11_TEXTURE2D_DESC textureBack{};
    texture->GetDesc(&textureBack);
    CHECK(textureBack.MiscFlags == misc);

    D3D11_TEXTURE3D_DESC volume{4, 4, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, misc};
    ComPtr<ID3D11Texture3D> texture3D;
    CHECK(device->CreateTexture3D(&volume, nullptr, texture3D.put()) == S_OK);
    D3D11_TEXTURE1D_DESC line{4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, misc};
    ComPtr<ID3D11Texture1D> texture1D;
    CHECK(device->CreateTexture1D(&line, nullptr, texture1D.put()) == S_OK);
  }
}

TEST_CASE("SHARED and SHARED_KEYEDMUTEX exclude each other and SHARED_NTHANDLE needs one of them", "[device]") {
  auto device = createSharingDevice();
  for (UINT misc : {kShared | kKeyed, kNt, kShared | kKeyed | kNt}) {
    INFO("MiscFlags " << misc);
    ID3D11Buffer* buffer = reinterpret_cast<ID3D11Buffer*>(uintptr_t(1));
    const D3D11_BUFFER_DESC bufferDesc = sharedBuffer(misc);
    CHECK(device->CreateBuffer(&bufferDesc, nullptr, &buffer) == E_INVALIDARG);
    CHECK(buffer == nullptr);
    ID3D11Texture2D* texture = reinterpret_cast<ID3D11Texture2D*>(uintptr_t(1));
    const D3D11_TEXTURE2D_DESC textureDesc = sharedTexture2D(misc);
    CHECK(device->CreateTexture2D(&textureDesc, nullptr, &texture) == E_INVALIDARG);
    CHECK(texture == nullptr);
  }
}
