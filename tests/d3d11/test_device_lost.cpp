// Integration: what the application sees once the Vulkan device is lost, on lavapipe through the
// test hook D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS (docs/command-stream.md, Device loss).
// Every wait must end: a watchdog ends the process with a message instead of letting CI hang.
#include <catch2/catch.hpp>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "context_test_util.h"
#include "../scoped_env.h"
#include "../watchdog.h"

using namespace context_test;

namespace {

// An eventfd passed as a HANDLE, as d3d11vk's native build takes events.
struct EventFd {
  int fd = eventfd(0, EFD_NONBLOCK);
  ~EventFd() { close(fd); }
  HANDLE handle() const { return reinterpret_cast<HANDLE>(intptr_t(fd)); }
  // Whether it was set within `ms` milliseconds; reading resets it.
  bool waitSet(int ms) {
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, ms) != 1)
      return false;
    uint64_t count = 0;
    return read(fd, &count, sizeof(count)) == ssize_t(sizeof(count)) && count >= 1;
  }
};

ComPtr<ID3D11Device> createDevice(ComPtr<ID3D11DeviceContext>* context) {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  ComPtr<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(), nullptr,
                            context->put()) == S_OK);
  return device;
}

D3D11_TEXTURE2D_DESC textureDesc(D3D11_USAGE usage, UINT bind, UINT cpu) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = 8;
  desc.Height = 4;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = usage;
  desc.BindFlags = bind;
  desc.CPUAccessFlags = cpu;
  return desc;
}

UINT validationErrorCount(ID3D11Device* device) {
  ComPtr<ID3D11VkDeviceInfo> info;
  REQUIRE(device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), info.putVoid()) == S_OK);
  return info->GetValidationErrorCount();
}

}  // namespace

TEST_CASE("a lost device is reported the documented way and no wait hangs", "[device][device-lost]") {
  UINT validationBefore = 0;
  {
    ComPtr<ID3D11DeviceContext> probeContext;
    validationBefore = validationErrorCount(createDevice(&probeContext).get());
  }
  test::Watchdog watchdog("device loss", 120);
  {
    // The first submission reaches the GPU; the second fails as VK_ERROR_DEVICE_LOST.
    test::ScopedEnv lose("D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS", "1");
    ComPtr<ID3D11DeviceContext> context;
    ComPtr<ID3D11Device> device = createDevice(&context);
    ComPtr<ID3D11Device5> device5;
    REQUIRE(device->QueryInterface(__uuidof(ID3D11Device5), device5.putVoid()) == S_OK);
    ComPtr<ID3D11DeviceContext4> context4;
    REQUIRE(context->QueryInterface(__uuidof(ID3D11DeviceContext4), context4.putVoid()) == S_OK);
    CHECK(device->GetDeviceRemovedReason() == S_OK);

    // ID3D11Device4's event: argument checks, then one registered and kept, one unregistered.
    DWORD cookie = 0;
    EventFd removed, unregistered;
    CHECK(device5->RegisterDeviceRemovedEvent(nullptr, &cookie) == E_INVALIDARG);
    CHECK(device5->RegisterDeviceRemovedEvent(removed.handle(), nullptr) == E_INVALIDARG);
    REQUIRE(device5->RegisterDeviceRemovedEvent(removed.handle(), &cookie) == S_OK);
    DWORD dropped = 0;
    REQUIRE(device5->RegisterDeviceRemovedEvent(unregistered.handle(), &dropped) == S_OK);
    CHECK(dropped != cookie);
    device5->UnregisterDeviceRemoved(dropped);
    device5->UnregisterDeviceRemoved(0xBAD);  // not a cookie: logged and ignored
    CHECK_FALSE(removed.waitSet(0));

    // Submission 1 works: a copy into a staging texture is read back.
    std::vector<uint32_t> texels(8 * 4);
    for (size_t i = 0; i < texels.size(); ++i)
      texels[i] = 0x01020300u + uint32_t(i);
    D3D11_SUBRESOURCE_DATA initial{texels.data(), 8 * 4, 0};
    D3D11_TEXTURE2D_DESC sourceDesc = textureDesc(D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0);
    ComPtr<ID3D11Texture2D> source, staging, stagingInUse;
    REQUIRE(device->CreateTexture2D(&sourceDesc, &initial, source.put()) == S_OK);
    D3D11_TEXTURE2D_DESC stagingDesc = textureDesc(D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
    REQUIRE(device->CreateTexture2D(&stagingDesc, nullptr, staging.put()) == S_OK);
    REQUIRE(device->CreateTexture2D(&stagingDesc, nullptr, stagingInUse.put()) == S_OK);
    D3D11_BUFFER_DESC dynamicDesc{256, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    ComPtr<ID3D11Buffer> dynamic;
    REQUIRE(device->CreateBuffer(&dynamicDesc, nullptr, dynamic.put()) == S_OK);
    D3D11_QUERY_DESC eventDesc{D3D11_QUERY_EVENT, 0};
    ComPtr<ID3D11Query> event;
    REQUIRE(device->CreateQuery(&eventDesc, event.put()) == S_OK);
    ComPtr<ID3D11Fence> fence;
    REQUIRE(device5->CreateFence(0, D3D11_FENCE_FLAG(0), __uuidof(ID3D11Fence), fence.putVoid()) == S_OK);
    EventFd fenceEvent;
    CHECK(fence->SetEventOnCompletion(5, fenceEvent.handle()) == S_OK);  // no Signal will ever reach 5

    context->CopyResource(staging.get(), source.get());
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    CHECK(std::memcmp(mapped.pData, texels.data(), 8 * 4) == 0);
    context->Unmap(staging.get(), 0);
    CHECK(device->GetDeviceRemovedReason() == S_OK);
    CHECK_FALSE(removed.waitSet(0));

    // Submission 2 is lost: a staging texture it copies into is in use, and so is the query.
    context->CopyResource(stagingInUse.get(), source.get());
    context->End(event.get());
    // Map of a resource in use waits for the submission: the wait ends with the loss.
    mapped = {};
    CHECK(context->Map(stagingInUse.get(), 0, D3D11_MAP_READ, 0, &mapped) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(mapped.pData == nullptr);
    CHECK(device->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG);
    CHECK(removed.waitSet(10000));
    CHECK_FALSE(unregistered.waitSet(0));
    CHECK(fenceEvent.waitSet(10000));

    CHECK(context->Map(stagingInUse.get(), 0, D3D11_MAP_WRITE, D3D11_MAP_FLAG_DO_NOT_WAIT, &mapped) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == DXGI_ERROR_DEVICE_REMOVED);
    BOOL done = FALSE;
    CHECK(context->GetData(event.get(), &done, sizeof(done), 0) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(context->GetData(event.get(), nullptr, 0, D3D11_ASYNC_GETDATA_DONOTFLUSH) == DXGI_ERROR_DEVICE_REMOVED);
    // Recording and flushing go on and wait for nothing.
    context->CopyResource(staging.get(), source.get());
    context->Flush();
    context->End(event.get());
    context->Flush();
    CHECK(context->GetData(event.get(), &done, sizeof(done), 0) == DXGI_ERROR_DEVICE_REMOVED);

    // Fences: every value counts as reached; a blocking wait ends with the documented error.
    CHECK(fence->GetCompletedValue() == UINT64_MAX);
    CHECK(context4->Signal(fence.get(), 1) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(context4->Wait(fence.get(), 1) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(fence->SetEventOnCompletion(7, nullptr) == DXGI_ERROR_DEVICE_REMOVED);
    EventFd lateFenceEvent;
    CHECK(fence->SetEventOnCompletion(9, lateFenceEvent.handle()) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK(lateFenceEvent.waitSet(0));

    // Creation of resources, views, queries and deferred contexts answers DXGI_ERROR_DEVICE_REMOVED;
    // a validation-only call and an invalid description still answer as before.
    ComPtr<ID3D11Buffer> buffer;
    CHECK(device->CreateBuffer(&dynamicDesc, nullptr, buffer.put()) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK_FALSE(buffer);
    CHECK(device->CreateBuffer(&dynamicDesc, nullptr, nullptr) == S_FALSE);
    D3D11_BUFFER_DESC invalid{0, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    CHECK(device->CreateBuffer(&invalid, nullptr, buffer.put()) == E_INVALIDARG);
    ComPtr<ID3D11Texture2D> texture;
    CHECK(device->CreateTexture2D(&sourceDesc, &initial, texture.put()) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK_FALSE(texture);
    ComPtr<ID3D11ShaderResourceView> view;
    CHECK(device->CreateShaderResourceView(source.get(), nullptr, view.put()) == DXGI_ERROR_DEVICE_REMOVED);
    CHECK_FALSE(view);
    ComPtr<ID3D11Query> query;
    CHECK(device->CreateQuery(&eventDesc, query.put()) == DXGI_ERROR_DEVICE_REMOVED);
    ComPtr<ID3D11DeviceContext> deferred;
    CHECK(device->CreateDeferredContext(0, deferred.put()) == DXGI_ERROR_DEVICE_REMOVED);

    // Registered after the loss: set at once, and RegisterDeviceRemovedEvent itself succeeds.
    EventFd late;
    DWORD lateCookie = 0;
    CHECK(device5->RegisterDeviceRemovedEvent(late.handle(), &lateCookie) == S_OK);
    CHECK(late.waitSet(0));
    CHECK_FALSE(removed.waitSet(0));  // set once only
    device5->UnregisterDeviceRemoved(lateCookie);
    CHECK(device->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG);
    // Everything is released here, with the device (the watchdog covers its teardown).
  }
  // The validation layer's count is the process's: a fresh device (without the hook) reads it.
  ComPtr<ID3D11DeviceContext> context;
  ComPtr<ID3D11Device> fresh = createDevice(&context);
  CHECK(fresh->GetDeviceRemovedReason() == S_OK);
  CHECK(validationErrorCount(fresh.get()) == validationBefore);
}

TEST_CASE("the device-loss hook counts submissions from the device's creation", "[device][device-lost]") {
  test::Watchdog watchdog("device loss on the first submission", 120);
  test::ScopedEnv lose("D3D11VK_TEST_DEVICE_LOST_AFTER_SUBMISSIONS", "0");
  ComPtr<ID3D11DeviceContext> context;
  ComPtr<ID3D11Device> device = createDevice(&context);
  CHECK(device->GetDeviceRemovedReason() == S_OK);
  D3D11_QUERY_DESC eventDesc{D3D11_QUERY_EVENT, 0};
  ComPtr<ID3D11Query> event;
  REQUIRE(device->CreateQuery(&eventDesc, event.put()) == S_OK);
  context->End(event.get());
  // Polling as applications do: the flush hands submission 1 to the worker, which loses it.
  HRESULT result = S_FALSE;
  BOOL done = FALSE;
  while (result == S_FALSE)
    result = context->GetData(event.get(), &done, sizeof(done), 0);
  CHECK(result == DXGI_ERROR_DEVICE_REMOVED);
  CHECK(device->GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG);
}
