// Integration: IDXGIAdapter through IDXGIAdapter4 over the machine's Vulkan adapters:
// descriptions from Vulkan (and the dxgi.* overrides), video-memory budgets and reservations,
// CheckInterfaceSupport, outputs (the X display's natively) and registrations.
#include <catch2/catch.hpp>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "dxgi/dxgi_vk_adapter.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/adapter.h"

using util::ComPtr;

namespace {

ComPtr<IDXGIAdapter4> firstAdapter(ComPtr<IDXGIFactory1>* factoryOut = nullptr) {
  ComPtr<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  ComPtr<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  if (factoryOut)
    *factoryOut = factory;
  ComPtr<IDXGIAdapter4> adapter4 = adapter.query<IDXGIAdapter4>();
  REQUIRE(adapter4);
  return adapter4;
}

const vk::Adapter& vulkanAdapter(IDXGIAdapter* adapter) {
  auto interop = ComPtr<IDXGIAdapter>(adapter).query<IDXGIVkAdapter>();
  REQUIRE(interop);
  return *interop->GetVulkanAdapter();
}

uint64_t heapSum(const vk::Adapter& adapter, bool deviceLocal) {
  uint64_t sum = 0;
  const VkPhysicalDeviceMemoryProperties& memory = adapter.profile().memory;
  for (uint32_t i = 0; i < memory.memoryHeapCount; i++) {
    if (bool(memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) == deviceLocal)
      sum += memory.memoryHeaps[i].size;
  }
  return sum;
}

std::string narrow(const WCHAR* text) {
  std::string result;
  for (; *text; text++)
    result += char(*text);
  return result;
}

}  // namespace

TEST_CASE("GetDesc through GetDesc3 report the Vulkan device's ids, name and memory consistently", "[dxgi]") {
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  const vk::Adapter& vk = vulkanAdapter(adapter.get());
  const VkPhysicalDeviceProperties& properties = vk.profile().properties.core.properties;

  DXGI_ADAPTER_DESC desc{};
  DXGI_ADAPTER_DESC1 desc1{};
  DXGI_ADAPTER_DESC2 desc2{};
  DXGI_ADAPTER_DESC3 desc3{};
  REQUIRE(adapter->GetDesc(&desc) == S_OK);
  REQUIRE(adapter->GetDesc1(&desc1) == S_OK);
  REQUIRE(adapter->GetDesc2(&desc2) == S_OK);
  REQUIRE(adapter->GetDesc3(&desc3) == S_OK);
  CHECK(desc.VendorId == properties.vendorID);
  CHECK(desc.DeviceId == properties.deviceID);
  CHECK(narrow(desc.Description) == std::string(properties.deviceName));
  CHECK(desc.DedicatedVideoMemory == heapSum(vk, true));
  CHECK(desc.SharedSystemMemory == heapSum(vk, false));
  for (const DXGI_ADAPTER_DESC* other : {reinterpret_cast<DXGI_ADAPTER_DESC*>(&desc1), reinterpret_cast<DXGI_ADAPTER_DESC*>(&desc2),
                                         reinterpret_cast<DXGI_ADAPTER_DESC*>(&desc3)}) {
    CHECK(other->VendorId == desc.VendorId);
    CHECK(other->DeviceId == desc.DeviceId);
    CHECK(other->DedicatedVideoMemory == desc.DedicatedVideoMemory);
    CHECK(other->AdapterLuid.LowPart == desc.AdapterLuid.LowPart);
  }
  CHECK(desc1.Flags == 0);  // never SOFTWARE, even on a CPU device (docs/foundation.md)
  CHECK(adapter->GetDesc(nullptr) == E_INVALIDARG);
  CHECK(adapter->GetDesc3(nullptr) == E_INVALIDARG);
}

TEST_CASE("the dxgi.* options change the ids and cap the memory GetDesc and QueryVideoMemoryInfo report", "[.dxgi-overrides]") {
  // Run with D3D11VK_CONFIG=dxgi.customVendorId=1234;dxgi.customDeviceId=5678;dxgi.maxDeviceMemory=64
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  DXGI_ADAPTER_DESC3 desc{};
  REQUIRE(adapter->GetDesc3(&desc) == S_OK);
  CHECK(desc.VendorId == 0x1234);
  CHECK(desc.DeviceId == 0x5678);
  constexpr uint64_t kCap = 64ull << 20;
  CHECK(desc.DedicatedVideoMemory == std::min<uint64_t>(kCap, heapSum(vulkanAdapter(adapter.get()), true)));
  DXGI_QUERY_VIDEO_MEMORY_INFO info{};
  REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &info) == S_OK);
  CHECK(info.Budget <= kCap);
  CHECK(info.Budget > 0);
}

TEST_CASE("QueryVideoMemoryInfo reports Vulkan budgets per segment group and checks its arguments", "[dxgi]") {
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  const vk::Adapter& vk = vulkanAdapter(adapter.get());
  const bool hasBudget = vk.profile().hasExtension(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  INFO("VK_EXT_memory_budget: " << hasBudget);

  DXGI_QUERY_VIDEO_MEMORY_INFO local{}, nonLocal{};
  REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &local) == S_OK);
  REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, &nonLocal) == S_OK);
  if (hasBudget) {
    CHECK(local.Budget > 0);
    CHECK(local.Budget <= heapSum(vk, true));
    CHECK(nonLocal.Budget <= heapSum(vk, false));
  } else {
    // Without the extension the budget is the heaps' size and usage is unknown.
    CHECK(local.Budget == heapSum(vk, true));
    CHECK(nonLocal.Budget == heapSum(vk, false));
    CHECK(local.CurrentUsage == 0);
  }
  CHECK(local.AvailableForReservation == local.Budget / 2);
  CHECK(local.CurrentReservation == 0);

  DXGI_QUERY_VIDEO_MEMORY_INFO info{};
  CHECK(adapter->QueryVideoMemoryInfo(1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &info) == E_INVALIDARG);
  CHECK(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP(2), &info) == E_INVALIDARG);
  CHECK(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, nullptr) == E_INVALIDARG);
}

TEST_CASE("SetVideoMemoryReservation records reservations up to AvailableForReservation", "[dxgi]") {
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  DXGI_QUERY_VIDEO_MEMORY_INFO info{};
  REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &info) == S_OK);
  REQUIRE(info.AvailableForReservation > 0);
  CHECK(adapter->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, info.AvailableForReservation) == S_OK);
  DXGI_QUERY_VIDEO_MEMORY_INFO after{};
  REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after) == S_OK);
  CHECK(after.CurrentReservation == info.AvailableForReservation);
  CHECK(adapter->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, info.AvailableForReservation + 1) == E_INVALIDARG);
  CHECK(adapter->SetVideoMemoryReservation(2, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 0) == E_INVALIDARG);
  CHECK(adapter->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP(5), 0) == E_INVALIDARG);
  REQUIRE(adapter->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after) == S_OK);
  CHECK(after.CurrentReservation == info.AvailableForReservation);  // failures changed nothing
}

TEST_CASE("CheckInterfaceSupport answers the DXGI and Direct3D 10 device interfaces with the driver version", "[dxgi]") {
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  uint32_t driver = vulkanAdapter(adapter.get()).profile().properties.core.properties.driverVersion;
  LARGE_INTEGER version{};
  REQUIRE(adapter->CheckInterfaceSupport(__uuidof(IDXGIDevice), &version) == S_OK);
  CHECK(uint32_t(version.HighPart) == ((VK_API_VERSION_MAJOR(driver) << 16) | VK_API_VERSION_MINOR(driver)));
  CHECK(version.LowPart == (VK_API_VERSION_PATCH(driver) << 16));
  const GUID d3d10Device = {0x9b7e4c0f, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};
  CHECK(adapter->CheckInterfaceSupport(d3d10Device, nullptr) == S_OK);
  version.QuadPart = 99;
  CHECK(adapter->CheckInterfaceSupport(__uuidof(ID3D11Device), &version) == DXGI_ERROR_UNSUPPORTED);
  CHECK(version.QuadPart == 99);  // left as it was, as Windows leaves it
}

TEST_CASE("EnumOutputs: natively the X display's monitors, none without DISPLAY; past the last is NOT_FOUND", "[dxgi]") {
  // The outputs themselves are tested on Xvfb in dxgi-swapchain (test_swapchain_native.cpp).
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  UINT count = 0;
  for (; count < 16; ++count) {
    ComPtr<IDXGIOutput> output;
    HRESULT hr = adapter->EnumOutputs(count, output.put());
    if (hr == DXGI_ERROR_NOT_FOUND)
      break;
    CHECK(hr == S_OK);
    CHECK(output);
  }
  CHECK(count < 16);
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display)
    CHECK(count == 0);  // no window system, no monitors
  IDXGIOutput* output = reinterpret_cast<IDXGIOutput*>(1);
  CHECK(adapter->EnumOutputs(count, &output) == DXGI_ERROR_NOT_FOUND);
  CHECK(output == nullptr);
  CHECK(adapter->EnumOutputs(0, nullptr) == E_INVALIDARG);
}

TEST_CASE("the adapter's parent is its factory", "[dxgi]") {
  ComPtr<IDXGIFactory1> factory;
  ComPtr<IDXGIAdapter4> adapter = firstAdapter(&factory);
  ComPtr<IDXGIFactory> parent;
  REQUIRE(adapter->GetParent(__uuidof(IDXGIFactory), parent.putVoid()) == S_OK);
  CHECK(parent.query<IUnknown>().get() == factory.query<IUnknown>().get());
  CHECK(adapter->GetParent(__uuidof(IDXGIFactory), nullptr) == E_INVALIDARG);
}

TEST_CASE("budget and content-protection registrations pair by cookie", "[dxgi]") {
  ComPtr<IDXGIAdapter4> adapter = firstAdapter();
  // Natively an event handle is an eventfd (util::setEventHandle writes to it).
  const int eventFd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  REQUIRE(eventFd >= 0);
  HANDLE event = reinterpret_cast<HANDLE>(intptr_t(eventFd));
  DWORD cookie = 0, second = 0;
  CHECK(adapter->RegisterVideoMemoryBudgetChangeNotificationEvent(event, &cookie) == S_OK);
  // Set at once on registration, as on Windows 10: the application reads its first budget.
  uint64_t count = 0;
  CHECK(read(eventFd, &count, sizeof(count)) == ssize_t(sizeof(count)));
  CHECK(count == 1);
  CHECK(adapter->RegisterVideoMemoryBudgetChangeNotificationEvent(event, &second) == DXGI_ERROR_INVALID_CALL);
  CHECK(adapter->RegisterVideoMemoryBudgetChangeNotificationEvent(nullptr, &second) == DXGI_ERROR_INVALID_CALL);
  adapter->UnregisterVideoMemoryBudgetChangeNotification(cookie);
  CHECK(adapter->RegisterVideoMemoryBudgetChangeNotificationEvent(event, &second) == S_OK);

  CHECK(adapter->RegisterHardwareContentProtectionTeardownStatusEvent(event, &cookie) == S_OK);
  CHECK(adapter->RegisterHardwareContentProtectionTeardownStatusEvent(event, &second) == DXGI_ERROR_INVALID_CALL);
  adapter->UnregisterHardwareContentProtectionTeardownStatus(cookie);
  CHECK(adapter->RegisterHardwareContentProtectionTeardownStatusEvent(event, &second) == S_OK);
  adapter->UnregisterHardwareContentProtectionTeardownStatus(second);
  close(eventFd);
}
