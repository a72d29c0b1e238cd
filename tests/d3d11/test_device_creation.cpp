// Integration: D3D11CreateDevice on the machine's Vulkan device (lavapipe in CI), through the
// public entry points exactly as an application calls them. Every test ends by checking that the
// Vulkan validation layer reported no error.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

#include <d3d11on12.h>

using util::ComPtr;

namespace {

// Checks the validation layer is on when the test run asks for it, and silent.
void checkValidation(ID3D11Device* device) {
  auto info = ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  const char* required = std::getenv("D3D11VK_REQUIRE_VALIDATION");
  if (required && std::string(required) == "1")
    REQUIRE(info->IsValidationEnabled());
  CHECK(info->GetValidationErrorCount() == 0);
}

ComPtr<ID3D11Device> createDevice(D3D_FEATURE_LEVEL* level = nullptr) {
  ComPtr<ID3D11Device> device;
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 2, D3D11_SDK_VERSION,
                                 device.put(), level, nullptr);
  REQUIRE(hr == S_OK);
  REQUIRE(device);
  return device;
}

}  // namespace

TEST_CASE("D3D11CreateDevice creates a d3d11vk device at the highest requested possible level", "[device]") {
  D3D_FEATURE_LEVEL level{};
  ComPtr<ID3D11Device> device = createDevice(&level);
  CHECK(level == D3D_FEATURE_LEVEL_11_1);  // lavapipe reaches 11_1; so does any 11_1 GPU
  CHECK(device->GetFeatureLevel() == level);
  CHECK(device->GetCreationFlags() == 0);
  CHECK(device->GetDeviceRemovedReason() == S_OK);

  auto info = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  CHECK(std::string(info->GetImplementationName()).rfind("d3d11vk ", 0) == 0);
  CHECK_FALSE(std::string(info->GetVulkanDeviceName()).empty());
  checkValidation(device.get());
}

TEST_CASE("the device answers ID3D11Device1-5 and IDXGIDevice1-4 as one object", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  ComPtr<IUnknown> identity = device.query<IUnknown>();
  REQUIRE(identity);

  CHECK(device.query<ID3D11Device1>());
  CHECK(device.query<ID3D11Device2>());
  CHECK(device.query<ID3D11Device3>());
  CHECK(device.query<ID3D11Device4>());
  CHECK(device.query<ID3D11Device5>());

  ComPtr<IDXGIDevice4> dxgi = device.query<IDXGIDevice4>();
  REQUIRE(dxgi);
  CHECK(device.query<IDXGIDevice>());
  CHECK(device.query<IDXGIDevice1>());
  CHECK(device.query<IDXGIDevice2>());
  CHECK(device.query<IDXGIDevice3>());
  // COM identity: IUnknown from any face is the same pointer.
  CHECK(dxgi.query<IUnknown>().get() == identity.get());
  CHECK(dxgi.query<ID3D11Device>().get() == device.get());

  ComPtr<IDXGIAdapter> adapter;
  REQUIRE(dxgi->GetAdapter(adapter.put()) == S_OK);
  DXGI_ADAPTER_DESC desc{};
  REQUIRE(adapter->GetDesc(&desc) == S_OK);
  CHECK(desc.Description[0] != 0);

  // The D3D10 face is the same object (docs/d3d10.md): one identity, one reference count.
  ComPtr<ID3D10Device> d3d10 = device.query<ID3D10Device>();
  REQUIRE(d3d10);
  CHECK(d3d10.query<IUnknown>().get() == device.query<IUnknown>().get());
  void* none = reinterpret_cast<void*>(1);
  CHECK(device->QueryInterface(__uuidof(ID3D12Device), &none) == E_NOINTERFACE);
  CHECK(none == nullptr);
  checkValidation(device.get());
}

TEST_CASE("the immediate context belongs to the device and shares its lifetime", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  REQUIRE(context);
  CHECK(context->GetType() == D3D11_DEVICE_CONTEXT_IMMEDIATE);
  CHECK(context.query<ID3D11DeviceContext4>());
  CHECK_FALSE(context.query<ID3D11Device>());

  ComPtr<ID3D11Device> parent;
  context->GetDevice(parent.put());
  CHECK(parent.get() == device.get());

  ComPtr<ID3D11DeviceContext1> context1;
  device.query<ID3D11Device1>()->GetImmediateContext1(context1.put());
  CHECK(static_cast<ID3D11DeviceContext*>(context1.get()) == context.get());
  checkValidation(device.get());

  // The context keeps the device alive after the application drops its device reference.
  ID3D11Device* raw = device.get();
  parent.reset();
  device.reset();
  ComPtr<ID3D11Device> again;
  context->GetDevice(again.put());
  CHECK(again.get() == raw);
}

TEST_CASE("device private data follows the documented rules", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  const GUID guid = {0xabcdef01, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
  int value = 42;
  REQUIRE(device->SetPrivateData(guid, sizeof(value), &value) == S_OK);
  int out = 0;
  UINT size = sizeof(out);
  CHECK(device->GetPrivateData(guid, &size, &out) == S_OK);
  CHECK(out == 42);
  // The DXGI face is the same object, so it sees the same data.
  size = sizeof(out);
  out = 0;
  CHECK(device.query<IDXGIDevice>()->GetPrivateData(guid, &size, &out) == S_OK);
  CHECK(out == 42);
}

TEST_CASE("D3D11CreateDevice rejects what the documentation rejects", "[device]") {
  ComPtr<ID3D11Device> device;
  const D3D_FEATURE_LEVEL level11 = D3D_FEATURE_LEVEL_11_0;

  SECTION("UNKNOWN driver type without an adapter") {
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
  SECTION("an adapter with a driver type other than UNKNOWN") {
    ComPtr<IDXGIFactory1> factory;
    REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
    ComPtr<IDXGIAdapter1> adapter;
    REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
    CHECK(D3D11CreateDevice(adapter.get(), D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
    CHECK(D3D11CreateDevice(adapter.get(), D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, &level11, 1, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == S_OK);
    CHECK(device);
  }
  SECTION("a level count with no list") {
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 3, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
  SECTION("a value that is no feature level") {
    const D3D_FEATURE_LEVEL bogus = D3D_FEATURE_LEVEL(0x1234);
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &bogus, 1, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
  SECTION("SOFTWARE without a module") {
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_SOFTWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
}

TEST_CASE("a level the device cannot run fails with DXGI_ERROR_UNSUPPORTED", "[device]") {
  ComPtr<ID3D11Device> probe = createDevice();
  // lavapipe has no sparse residency, so 12_0 and 12_1 are out of reach; on a GPU that has them
  // this test has nothing to refuse and checks only that asking succeeds.
  const D3D_FEATURE_LEVEL only12[] = {D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0};
  ComPtr<ID3D11Device> device;
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL(0);
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, only12, 2, D3D11_SDK_VERSION,
                                 device.put(), &level, nullptr);
  std::string name = probe.query<ID3D11VkDeviceInfo>()->GetVulkanDeviceName();
  if (name.find("llvmpipe") != std::string::npos) {
    CHECK(hr == DXGI_ERROR_UNSUPPORTED);
    CHECK_FALSE(device);
  } else {
    CHECK((hr == S_OK || hr == DXGI_ERROR_UNSUPPORTED));
  }
}

TEST_CASE("with no device out-pointer D3D11CreateDevice only checks and returns S_FALSE", "[device]") {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL(0);
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, nullptr,
                          &level, nullptr) == S_FALSE);
  CHECK(level == D3D_FEATURE_LEVEL_11_0);  // the default list starts at 11_0
}

TEST_CASE("D3D11CreateDeviceAndSwapChain without a swapchain creates a device", "[device]") {
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  CHECK(D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                                      nullptr, nullptr, device.put(), nullptr, context.put()) == S_OK);
  CHECK(device);
  CHECK(context);
  IDXGISwapChain* swapchain = reinterpret_cast<IDXGISwapChain*>(1);
  CHECK(D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                                      nullptr, &swapchain, nullptr, nullptr, nullptr) == E_INVALIDARG);
  CHECK(swapchain == nullptr);
}

TEST_CASE("D3D11On12CreateDevice fails cleanly", "[device]") {
  ID3D11Device* device = reinterpret_cast<ID3D11Device*>(1);
  CHECK(D3D11On12CreateDevice(nullptr, 0, nullptr, 0, nullptr, 0, 0, &device, nullptr, nullptr) == E_NOTIMPL);
  CHECK(device == nullptr);
}

TEST_CASE("IDXGIDevice frame latency and GPU priority follow the documented ranges", "[device][dxgi]") {
  ComPtr<ID3D11Device> device = createDevice();
  ComPtr<IDXGIDevice1> dxgi = device.query<IDXGIDevice1>();
  UINT latency = 0;
  CHECK(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(dxgi->SetMaximumFrameLatency(5) == S_OK);
  CHECK(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 5);
  CHECK(dxgi->SetMaximumFrameLatency(0) == S_OK);
  CHECK(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(dxgi->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL);
  CHECK(dxgi->GetMaximumFrameLatency(nullptr) == DXGI_ERROR_INVALID_CALL);

  CHECK(dxgi->SetGPUThreadPriority(7) == S_OK);
  CHECK(dxgi->SetGPUThreadPriority(8) == E_INVALIDARG);
  INT priority = 0;
  CHECK(dxgi->GetGPUThreadPriority(&priority) == S_OK);
  CHECK(priority == 7);
}

TEST_CASE("the device answers CheckFeatureSupport, CheckFormatSupport and quality levels from the mapper", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK);
  CHECK(options.OutputMergerLogicOp);  // 11_1 on lavapipe
  CHECK(options.ClearView == options.CopyWithOverlap);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, 1) == E_INVALIDARG);

  D3D11_FEATURE_DATA_FORMAT_SUPPORT format{DXGI_FORMAT_B8G8R8A8_UNORM, 0};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT, &format, sizeof(format)) == S_OK);
  CHECK(format.OutFormatSupport & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
  UINT bits = 0;
  CHECK(device->CheckFormatSupport(DXGI_FORMAT_B8G8R8A8_UNORM, &bits) == S_OK);
  CHECK(bits == format.OutFormatSupport);
  // A value that is no DXGI format is unsupported: E_FAIL and no bits (as Windows answers).
  bits = 0xdeadbeef;
  CHECK(device->CheckFormatSupport(DXGI_FORMAT(0x7777), &bits) == E_FAIL);
  CHECK(bits == 0);
  CHECK(device->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, nullptr) == E_INVALIDARG);

  UINT quality = 0;
  CHECK(device->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &quality) == S_OK);
  CHECK(quality == 1);
  CHECK(device.query<ID3D11Device2>()->CheckMultisampleQualityLevels1(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, &quality) == S_OK);
  CHECK(quality == 1);
}

TEST_CASE("the threading feature promises concurrent creates and command lists", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  D3D11_FEATURE_DATA_THREADING threading{FALSE, FALSE};
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, sizeof(threading)) == S_OK);
  CHECK(threading.DriverConcurrentCreates == TRUE);
  CHECK(threading.DriverCommandLists == TRUE);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, 1) == E_INVALIDARG);
}
