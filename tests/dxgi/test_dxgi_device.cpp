// Integration: the IDXGIDevice through IDXGIDevice4 face of a d3d11vk device: adapter and parent,
// GPU thread priority, frame latency, residency, offer/reclaim, EnqueueSetEvent (an eventfd
// natively, set from the GPU timeline) and the refusals; every test ends with no Vulkan
// validation error.
#include <catch2/catch.hpp>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

struct DeviceFixture {
  ComPtr<ID3D11Device> device;
  ComPtr<IDXGIDevice4> dxgi;

  DeviceFixture() {
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                              device.put(), nullptr, nullptr) == S_OK);
    dxgi = device.query<IDXGIDevice4>();
    REQUIRE(dxgi);
  }
  ~DeviceFixture() {
    auto info = device.query<ID3D11VkDeviceInfo>();
    CHECK((info && info->GetValidationErrorCount() == 0));
  }

  ComPtr<ID3D11Buffer> buffer() {
    D3D11_BUFFER_DESC desc{};
    desc.ByteWidth = 256;
    desc.Usage = D3D11_USAGE_DEFAULT;
    desc.BindFlags = D3D11_BIND_VERTEX_BUFFER;
    ComPtr<ID3D11Buffer> result;
    REQUIRE(device->CreateBuffer(&desc, nullptr, result.put()) == S_OK);
    return result;
  }
};

// Offer/Reclaim take IDXGIResource pointers; d3d11vk's resources are recognised through
// QueryInterface, which every COM pointer starts with.
IDXGIResource* asResource(IUnknown* object) {
  return reinterpret_cast<IDXGIResource*>(object);
}

}  // namespace

TEST_CASE("GetAdapter and GetParent give the device's adapter", "[dxgi]") {
  DeviceFixture f;
  ComPtr<IDXGIAdapter> adapter;
  REQUIRE(f.dxgi->GetAdapter(adapter.put()) == S_OK);
  REQUIRE(adapter);
  ComPtr<IDXGIAdapter> parent;
  REQUIRE(f.dxgi->GetParent(__uuidof(IDXGIAdapter), parent.putVoid()) == S_OK);
  CHECK(parent.query<IUnknown>().get() == adapter.query<IUnknown>().get());
  CHECK(f.dxgi->GetAdapter(nullptr) == E_INVALIDARG);
  CHECK(f.dxgi->GetParent(__uuidof(IDXGIAdapter), nullptr) == E_INVALIDARG);
}

TEST_CASE("SetGPUThreadPriority takes -7..7 and GetGPUThreadPriority reads it back", "[dxgi]") {
  DeviceFixture f;
  INT priority = 99;
  REQUIRE(f.dxgi->GetGPUThreadPriority(&priority) == S_OK);
  CHECK(priority == 0);
  CHECK(f.dxgi->SetGPUThreadPriority(-7) == S_OK);
  CHECK(f.dxgi->SetGPUThreadPriority(-8) == E_INVALIDARG);
  CHECK(f.dxgi->SetGPUThreadPriority(8) == E_INVALIDARG);
  REQUIRE(f.dxgi->GetGPUThreadPriority(&priority) == S_OK);
  CHECK(priority == -7);
  CHECK(f.dxgi->GetGPUThreadPriority(nullptr) == E_POINTER);
}

TEST_CASE("frame latency defaults to 3, takes 1..16, and 0 restores the default", "[dxgi]") {
  DeviceFixture f;
  UINT latency = 0;
  REQUIRE(f.dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(f.dxgi->SetMaximumFrameLatency(16) == S_OK);
  REQUIRE(f.dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 16);
  CHECK(f.dxgi->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(f.dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 16);
  CHECK(f.dxgi->SetMaximumFrameLatency(0) == S_OK);
  REQUIRE(f.dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(f.dxgi->GetMaximumFrameLatency(nullptr) == DXGI_ERROR_INVALID_CALL);
  f.dxgi->Trim();  // nothing cached to drop; must leave the device working
  CHECK(f.device->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("QueryResourceResidency reports d3d11vk resources resident and refuses others", "[dxgi]") {
  DeviceFixture f;
  ComPtr<ID3D11Buffer> buffer = f.buffer();
  IUnknown* resources[] = {buffer.get()};
  DXGI_RESIDENCY residency[1] = {DXGI_RESIDENCY(0)};
  CHECK(f.dxgi->QueryResourceResidency(resources, residency, 1) == S_OK);
  CHECK(residency[0] == DXGI_RESIDENCY_FULLY_RESIDENT);
  CHECK(f.dxgi->QueryResourceResidency(resources, nullptr, 1) == E_INVALIDARG);
  CHECK(f.dxgi->QueryResourceResidency(nullptr, residency, 1) == E_INVALIDARG);
  IUnknown* foreign[] = {f.dxgi.get()};  // a COM object, but not a resource
  CHECK(f.dxgi->QueryResourceResidency(foreign, residency, 1) == E_INVALIDARG);
}

TEST_CASE("OfferResources and ReclaimResources succeed for d3d11vk resources; contents are never discarded", "[dxgi]") {
  DeviceFixture f;
  ComPtr<ID3D11Buffer> buffer = f.buffer();
  IDXGIResource* resources[] = {asResource(buffer.get())};
  CHECK(f.dxgi->OfferResources(1, resources, DXGI_OFFER_RESOURCE_PRIORITY_NORMAL) == S_OK);
  BOOL discarded = TRUE;
  CHECK(f.dxgi->ReclaimResources(1, resources, &discarded) == S_OK);
  CHECK(discarded == FALSE);

  CHECK(f.dxgi->OfferResources1(1, resources, DXGI_OFFER_RESOURCE_PRIORITY_LOW, DXGI_OFFER_RESOURCE_FLAG_ALLOW_DECOMMIT) == S_OK);
  DXGI_RECLAIM_RESOURCE_RESULTS results[1] = {DXGI_RECLAIM_RESOURCE_RESULT_DISCARDED};
  CHECK(f.dxgi->ReclaimResources1(1, resources, results) == S_OK);
  CHECK(results[0] == DXGI_RECLAIM_RESOURCE_RESULT_OK);

  CHECK(f.dxgi->OfferResources(1, resources, DXGI_OFFER_RESOURCE_PRIORITY(0)) == E_INVALIDARG);
  CHECK(f.dxgi->OfferResources(1, resources, DXGI_OFFER_RESOURCE_PRIORITY(4)) == E_INVALIDARG);
  CHECK(f.dxgi->OfferResources1(1, resources, DXGI_OFFER_RESOURCE_PRIORITY_LOW, 0x2) == E_INVALIDARG);
  CHECK(f.dxgi->OfferResources(1, nullptr, DXGI_OFFER_RESOURCE_PRIORITY_LOW) == E_INVALIDARG);
  IDXGIResource* foreign[] = {asResource(f.dxgi.get())};
  CHECK(f.dxgi->OfferResources(1, foreign, DXGI_OFFER_RESOURCE_PRIORITY_LOW) == E_INVALIDARG);
  CHECK(f.dxgi->ReclaimResources(1, foreign, nullptr) == E_INVALIDARG);
}

TEST_CASE("EnqueueSetEvent sets the event once the submitted work completes; natively the handle is an eventfd", "[dxgi]") {
  DeviceFixture f;
  // Give the GPU something to finish first: a buffer upload through the immediate context.
  ComPtr<ID3D11Buffer> buffer = f.buffer();
  ComPtr<ID3D11DeviceContext> context;
  f.device->GetImmediateContext(context.put());
  std::vector<uint8_t> data(256, 0x5a);
  context->UpdateSubresource(buffer.get(), 0, nullptr, data.data(), 0, 0);

  int fd = eventfd(0, 0);
  REQUIRE(fd > 0);
  CHECK(f.dxgi->EnqueueSetEvent(reinterpret_cast<HANDLE>(intptr_t(fd))) == S_OK);
  pollfd ready{fd, POLLIN, 0};
  CHECK(poll(&ready, 1, 10000) == 1);  // set by the completion thread
  uint64_t value = 0;
  CHECK(read(fd, &value, sizeof(value)) == ssize_t(sizeof(value)));
  CHECK(value == 1);
  close(fd);

  CHECK(f.dxgi->EnqueueSetEvent(nullptr) == E_INVALIDARG);
  int pipeFds[2];
  REQUIRE(pipe(pipeFds) == 0);
  // The read end of a pipe cannot be written: not an event.
  CHECK(f.dxgi->EnqueueSetEvent(reinterpret_cast<HANDLE>(intptr_t(pipeFds[0]))) == E_INVALIDARG);
  close(pipeFds[0]);
  close(pipeFds[1]);
  CHECK(f.dxgi->EnqueueSetEvent(reinterpret_cast<HANDLE>(intptr_t(pipeFds[0]))) == E_INVALIDARG);  // closed
}

// The surfaces' bind flags per usage are checked in test_swapchain_usage_native.cpp.
TEST_CASE("CreateSurface makes a surface of the described size", "[dxgi]") {
  DeviceFixture f;
  DXGI_SURFACE_DESC desc{64, 32, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}};
  IDXGISurface* surface = nullptr;
  REQUIRE(f.dxgi->CreateSurface(&desc, 1, DXGI_USAGE_RENDER_TARGET_OUTPUT, nullptr, &surface) == S_OK);
  REQUIRE(surface != nullptr);
  DXGI_SURFACE_DESC got{};
  CHECK(surface->GetDesc(&got) == S_OK);
  CHECK(got.Width == 64);
  CHECK(got.Height == 32);
  CHECK(got.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  surface->Release();
}
