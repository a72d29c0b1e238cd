// Shared resources within one process (docs/resources.md, "Shared resources"): creation with the
// sharing misc flags and the rules between them, handles opened on the same device, and the keyed
// mutex of SHARED_KEYEDMUTEX resources.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

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

TEST_CASE("GetSharedHandle and CreateSharedHandle hand out handles that OpenSharedResource(1) opens on the same device",
          "[device]") {
  auto device = createSharingDevice();
  auto device1 = device.query<ID3D11Device1>();
  REQUIRE(device1);

  // A SHARED texture: one legacy handle, the same on every call, opening the same object.
  ComPtr<ID3D11Texture2D> texture;
  const D3D11_TEXTURE2D_DESC textureDesc = sharedTexture2D(kShared);
  REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, texture.put()) == S_OK);
  auto resource = texture.query<IDXGIResource1>();
  REQUIRE(resource);
  HANDLE handle = nullptr, again = nullptr;
  REQUIRE(resource->GetSharedHandle(&handle) == S_OK);
  CHECK(handle != nullptr);
  REQUIRE(resource->GetSharedHandle(&again) == S_OK);
  CHECK(again == handle);
  ComPtr<ID3D11Texture2D> opened;
  REQUIRE(device->OpenSharedResource(handle, __uuidof(ID3D11Texture2D), reinterpret_cast<void**>(opened.put())) == S_OK);
  CHECK(opened.get() == texture.get());
  ComPtr<IDXGIResource> openedDxgi;
  REQUIRE(device->OpenSharedResource(handle, __uuidof(IDXGIResource), reinterpret_cast<void**>(openedDxgi.put())) == S_OK);
  CHECK(openedDxgi.get() == texture.query<IDXGIResource>().get());
  // An NT-handle resource has no legacy handle; CreateSharedHandle needs SHARED_NTHANDLE.
  HANDLE nt = reinterpret_cast<HANDLE>(uintptr_t(1));
  CHECK(resource->CreateSharedHandle(nullptr, DXGI_SHARED_RESOURCE_READ | DXGI_SHARED_RESOURCE_WRITE, nullptr, &nt) ==
        E_INVALIDARG);
  CHECK(nt == nullptr);

  // A KEYEDMUTEX | NTHANDLE buffer: CreateSharedHandle, opened with OpenSharedResource1.
  ComPtr<ID3D11Buffer> buffer;
  const D3D11_BUFFER_DESC bufferDesc = sharedBuffer(kKeyed | kNt);
  REQUIRE(device->CreateBuffer(&bufferDesc, nullptr, buffer.put()) == S_OK);
  auto bufferResource = buffer.query<IDXGIResource1>();
  REQUIRE(bufferResource->CreateSharedHandle(nullptr, DXGI_SHARED_RESOURCE_READ, nullptr, &nt) == S_OK);
  CHECK(nt != nullptr);
  CHECK(nt != handle);
  HANDLE legacy = reinterpret_cast<HANDLE>(uintptr_t(1));
  CHECK(bufferResource->GetSharedHandle(&legacy) == E_INVALIDARG);
  CHECK(legacy == nullptr);
  ComPtr<ID3D11Buffer> openedBuffer;
  REQUIRE(device1->OpenSharedResource1(nt, __uuidof(ID3D11Buffer), reinterpret_cast<void**>(openedBuffer.put())) == S_OK);
  CHECK(openedBuffer.get() == buffer.get());
  // The wrong interface for the resource.
  void* wrong = reinterpret_cast<void*>(uintptr_t(1));
  CHECK(device1->OpenSharedResource1(nt, __uuidof(ID3D11Texture2D), &wrong) == E_NOINTERFACE);
  CHECK(wrong == nullptr);

  // A resource without sharing flags keeps its answers.
  ComPtr<ID3D11Texture2D> plain;
  const D3D11_TEXTURE2D_DESC plainDesc = sharedTexture2D(0);
  REQUIRE(device->CreateTexture2D(&plainDesc, nullptr, plain.put()) == S_OK);
  HANDLE none = reinterpret_cast<HANDLE>(uintptr_t(1));
  CHECK(plain.query<IDXGIResource1>()->GetSharedHandle(&none) == E_INVALIDARG);
  CHECK(none == nullptr);
  none = reinterpret_cast<HANDLE>(uintptr_t(1));
  CHECK(plain.query<IDXGIResource1>()->CreateSharedHandle(nullptr, DXGI_SHARED_RESOURCE_READ, nullptr, &none) ==
        E_INVALIDARG);
  CHECK(none == nullptr);
}

TEST_CASE("IDXGIDevice::CreateSurface with a shared resource's handle gives that resource's surface", "[device]") {
  auto device = createSharingDevice();
  ComPtr<ID3D11Texture2D> texture;
  const D3D11_TEXTURE2D_DESC textureDesc = sharedTexture2D(kShared);
  REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, texture.put()) == S_OK);
  DXGI_SHARED_RESOURCE shared{};
  REQUIRE(texture.query<IDXGIResource>()->GetSharedHandle(&shared.Handle) == S_OK);
  auto dxgiDevice = device.query<IDXGIDevice>();
  REQUIRE(dxgiDevice);
  DXGI_SURFACE_DESC desc{textureDesc.Width, textureDesc.Height, textureDesc.Format, {1, 0}};
  ComPtr<IDXGISurface> surface;
  REQUIRE(dxgiDevice->CreateSurface(&desc, 1, DXGI_USAGE_SHADER_INPUT, &shared, surface.put()) == S_OK);
  CHECK(surface.get() == texture.query<IDXGISurface>().get());
  // One shared resource makes one surface; a handle naming nothing makes none.
  IDXGISurface* two[2] = {};
  CHECK(dxgiDevice->CreateSurface(&desc, 2, DXGI_USAGE_SHADER_INPUT, &shared, two) == E_INVALIDARG);
  DXGI_SHARED_RESOURCE unknown{reinterpret_cast<HANDLE>(uintptr_t(0x7777))};
  IDXGISurface* nothing = reinterpret_cast<IDXGISurface*>(uintptr_t(1));
  CHECK(dxgiDevice->CreateSurface(&desc, 1, DXGI_USAGE_SHADER_INPUT, &unknown, &nothing) == E_INVALIDARG);
  CHECK(nothing == nullptr);
}

TEST_CASE("OpenSharedResource refuses unknown handles, other devices' handles and destroyed resources' handles", "[device]") {
  auto device = createSharingDevice();
  auto other = createSharingDevice();
  HANDLE handle = nullptr;
  {
    ComPtr<ID3D11Texture2D> texture;
    const D3D11_TEXTURE2D_DESC desc = sharedTexture2D(kKeyed);
    REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    REQUIRE(texture.query<IDXGIResource>()->GetSharedHandle(&handle) == S_OK);
    void* object = reinterpret_cast<void*>(uintptr_t(1));
    CHECK(other->OpenSharedResource(handle, __uuidof(ID3D11Texture2D), &object) == E_INVALIDARG);
    CHECK(object == nullptr);
    ComPtr<ID3D11Resource> same;
    CHECK(device->OpenSharedResource(handle, __uuidof(ID3D11Resource), reinterpret_cast<void**>(same.put())) == S_OK);
  }
  // The texture is gone: its handle opens nothing.
  void* object = reinterpret_cast<void*>(uintptr_t(1));
  CHECK(device->OpenSharedResource(handle, __uuidof(ID3D11Texture2D), &object) == E_INVALIDARG);
  CHECK(object == nullptr);
  CHECK(device->OpenSharedResource(reinterpret_cast<HANDLE>(uintptr_t(0x1234)), __uuidof(ID3D11Texture2D), &object) ==
        E_INVALIDARG);
  CHECK(device->OpenSharedResource(nullptr, __uuidof(ID3D11Texture2D), &object) == E_INVALIDARG);
  CHECK(device->OpenSharedResource(handle, __uuidof(ID3D11Texture2D), nullptr) == E_INVALIDARG);
}

TEST_CASE("only SHARED_KEYEDMUTEX resources answer IDXGIKeyedMutex, a face of the resource", "[device]") {
  auto device = createSharingDevice();
  for (UINT misc : {0u, kShared, kShared | kNt}) {
    ComPtr<ID3D11Texture2D> texture;
    const D3D11_TEXTURE2D_DESC desc = sharedTexture2D(misc);
    REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    CHECK(!texture.query<IDXGIKeyedMutex>());
  }
  for (UINT misc : {kKeyed, kKeyed | kNt}) {
    ComPtr<ID3D11Buffer> buffer;
    const D3D11_BUFFER_DESC desc = sharedBuffer(misc);
    REQUIRE(device->CreateBuffer(&desc, nullptr, buffer.put()) == S_OK);
    auto mutex = buffer.query<IDXGIKeyedMutex>();
    REQUIRE(mutex);
    CHECK(mutex.query<ID3D11Buffer>().get() == buffer.get());
    CHECK(mutex.query<IUnknown>().get() == buffer.query<IUnknown>().get());
  }
}

TEST_CASE("IDXGIKeyedMutex: AcquireSync waits for a release with its key, ReleaseSync sets the key", "[device]") {
  auto device = createSharingDevice();
  ComPtr<ID3D11Texture2D> texture;
  const D3D11_TEXTURE2D_DESC desc = sharedTexture2D(kKeyed);
  REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  auto mutex = texture.query<IDXGIKeyedMutex>();
  REQUIRE(mutex);

  CHECK(mutex->ReleaseSync(0) == E_FAIL);  // not held
  CHECK(mutex->AcquireSync(1, 0) == HRESULT(WAIT_TIMEOUT));  // a new mutex is free with key 0
  REQUIRE(mutex->AcquireSync(0, 0) == S_OK);
  CHECK(mutex->AcquireSync(0, 10) == HRESULT(WAIT_TIMEOUT));  // held: not recursive
  REQUIRE(mutex->ReleaseSync(1) == S_OK);
  CHECK(mutex->AcquireSync(0, 10) == HRESULT(WAIT_TIMEOUT));  // free, but with key 1
  REQUIRE(mutex->AcquireSync(1, 0) == S_OK);

  // Another thread waits (without a timeout) for key 2 and releases with 3.
  std::atomic<bool> acquired{false};
  HRESULT threadAcquire = E_FAIL, threadRelease = E_FAIL;
  std::thread other([&] {
    threadAcquire = mutex->AcquireSync(2, INFINITE);
    acquired = true;
    threadRelease = mutex->ReleaseSync(3);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(!acquired);  // still held here
  REQUIRE(mutex->ReleaseSync(2) == S_OK);
  CHECK(mutex->AcquireSync(3, 5000) == S_OK);
  other.join();
  CHECK(threadAcquire == S_OK);
  CHECK(threadRelease == S_OK);
  CHECK(mutex->ReleaseSync(0) == S_OK);
}
