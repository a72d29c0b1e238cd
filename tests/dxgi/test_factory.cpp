// Integration: CreateDXGIFactory* and IDXGIFactory through IDXGIFactory7 as applications call
// them: adapter enumeration and ordering, window association, feature support, registrations.
#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>

#include "dxgi/dxgi_factory.h"
#include "dxgi/dxgi_vk_adapter.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/adapter.h"

using util::ComPtr;

namespace {

ComPtr<IDXGIFactory7> createFactory() {
  ComPtr<IDXGIFactory7> factory;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory7), factory.putVoid()) == S_OK);
  REQUIRE(factory);
  return factory;
}

UINT adapterCount(IDXGIFactory1* factory) {
  UINT count = 0;
  for (ComPtr<IDXGIAdapter1> adapter; factory->EnumAdapters1(count, adapter.put()) == S_OK; adapter = nullptr)
    count++;
  return count;
}

VkPhysicalDeviceType deviceType(IUnknown* adapter) {
  auto vkAdapter = ComPtr<IUnknown>(adapter).query<IDXGIVkAdapter>();
  REQUIRE(vkAdapter);
  return vkAdapter->GetVulkanAdapter()->profile().properties.core.properties.deviceType;
}

LUID luidOf(IDXGIAdapter* adapter) {
  DXGI_ADAPTER_DESC desc{};
  REQUIRE(adapter->GetDesc(&desc) == S_OK);
  return desc.AdapterLuid;
}

// The order each preference promises (lower first); docs/dxgi.md.
int rank(VkPhysicalDeviceType type, DXGI_GPU_PREFERENCE preference) {
  bool power = preference == DXGI_GPU_PREFERENCE_MINIMUM_POWER;
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return power ? 1 : 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return power ? 0 : 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
    default: return 4;
  }
}

}  // namespace

TEST_CASE("CreateDXGIFactory makes a DXGI 1.0 factory; CreateDXGIFactory1 and 2 answer every factory interface and 2 checks its flags", "[dxgi]") {
  ComPtr<IDXGIFactory> factory0;
  CHECK(CreateDXGIFactory(__uuidof(IDXGIFactory), factory0.putVoid()) == S_OK);
  REQUIRE(factory0);
  // Windows 10: the DXGI 1.0 factory answers IDXGIFactory, not IDXGIFactory1 or later.
  CHECK(!factory0.query<IDXGIFactory1>());
  CHECK(!factory0.query<IDXGIFactory2>());
  CHECK(factory0.query<IDXGIObject>());
  void* refused = reinterpret_cast<void*>(1);
  CHECK(CreateDXGIFactory(__uuidof(IDXGIFactory1), &refused) == E_NOINTERFACE);
  CHECK(refused == nullptr);
  ComPtr<IDXGIFactory1> factory1;
  CHECK(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory1.putVoid()) == S_OK);
  ComPtr<IDXGIFactory7> factory = createFactory();
  CHECK(factory.query<IDXGIFactory2>());
  CHECK(factory.query<IDXGIFactory3>());
  CHECK(factory.query<IDXGIFactory4>());
  CHECK(factory.query<IDXGIFactory5>());
  CHECK(factory.query<IDXGIFactory6>());
  CHECK(factory->GetCreationFlags() == 0);

  ComPtr<IDXGIFactory3> debug;
  CHECK(CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, __uuidof(IDXGIFactory3), debug.putVoid()) == S_OK);
  REQUIRE(debug);
  CHECK(debug->GetCreationFlags() == DXGI_CREATE_FACTORY_DEBUG);

  IDXGIFactory2* bad = reinterpret_cast<IDXGIFactory2*>(1);
  CHECK(CreateDXGIFactory2(0x2, __uuidof(IDXGIFactory2), reinterpret_cast<void**>(&bad)) == DXGI_ERROR_INVALID_CALL);
  CHECK(bad == nullptr);
  CHECK(CreateDXGIFactory1(__uuidof(IDXGIFactory1), nullptr) == E_INVALIDARG);

  void* parent = reinterpret_cast<void*>(1);
  CHECK(factory->GetParent(__uuidof(IUnknown), &parent) == E_NOINTERFACE);
  CHECK(parent == nullptr);
  CHECK(factory->IsCurrent() == TRUE);
  CHECK(factory->IsWindowedStereoEnabled() == FALSE);
}

TEST_CASE("EnumAdapters and EnumAdapters1 list the Vulkan adapters and then DXGI_ERROR_NOT_FOUND", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  UINT count = adapterCount(factory.get());
  REQUIRE(count >= 1);  // lavapipe at least
  ComPtr<IDXGIAdapter> adapter;
  CHECK(factory->EnumAdapters(0, adapter.put()) == S_OK);
  CHECK(adapter);
  IDXGIAdapter* past = reinterpret_cast<IDXGIAdapter*>(1);
  CHECK(factory->EnumAdapters(count, &past) == DXGI_ERROR_NOT_FOUND);
  CHECK(past == nullptr);
  // Windows answers a null out-pointer with DXGI_ERROR_INVALID_CALL (Wine's dxgi tests check it).
  CHECK(factory->EnumAdapters(0, nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->EnumAdapters1(0, nullptr) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("EnumAdapterByLuid finds each adapter by its LUID and nothing for an unknown one", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  for (UINT i = 0; i < adapterCount(factory.get()); i++) {
    ComPtr<IDXGIAdapter> adapter;
    REQUIRE(factory->EnumAdapters(i, adapter.put()) == S_OK);
    LUID luid = luidOf(adapter.get());
    ComPtr<IDXGIAdapter4> found;
    REQUIRE(factory->EnumAdapterByLuid(luid, __uuidof(IDXGIAdapter4), found.putVoid()) == S_OK);
    LUID again = luidOf(found.get());
    CHECK(again.LowPart == luid.LowPart);
    CHECK(again.HighPart == luid.HighPart);
  }
  LUID unknown{0x7fff1234, 0x7fff};
  void* none = reinterpret_cast<void*>(1);
  CHECK(factory->EnumAdapterByLuid(unknown, __uuidof(IDXGIAdapter), &none) == DXGI_ERROR_NOT_FOUND);
  CHECK(none == nullptr);
  CHECK(factory->EnumAdapterByLuid(unknown, __uuidof(IDXGIAdapter), nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->EnumAdapters(0, nullptr) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("EnumAdapterByGpuPreference orders adapters by device type and validates the preference", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  UINT count = adapterCount(factory.get());
  for (DXGI_GPU_PREFERENCE preference : {DXGI_GPU_PREFERENCE_UNSPECIFIED, DXGI_GPU_PREFERENCE_MINIMUM_POWER,
                                         DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE}) {
    std::vector<LUID> luids;
    int previous = -1;
    for (UINT i = 0;; i++) {
      ComPtr<IDXGIAdapter1> adapter;
      HRESULT hr = factory->EnumAdapterByGpuPreference(i, preference, __uuidof(IDXGIAdapter1), adapter.putVoid());
      if (hr == DXGI_ERROR_NOT_FOUND)
        break;
      REQUIRE(hr == S_OK);
      luids.push_back(luidOf(adapter.get()));
      if (preference != DXGI_GPU_PREFERENCE_UNSPECIFIED) {
        int r = rank(deviceType(adapter.get()), preference);
        CHECK(r >= previous);
        previous = r;
      }
    }
    CHECK(luids.size() == count);
    // Every preference lists each adapter once, with the same LUID the plain enumeration gives.
    for (UINT i = 0; i < count; i++) {
      ComPtr<IDXGIAdapter> adapter;
      REQUIRE(factory->EnumAdapters(i, adapter.put()) == S_OK);
      LUID luid = luidOf(adapter.get());
      CHECK(std::count_if(luids.begin(), luids.end(), [&](const LUID& l) {
              return l.LowPart == luid.LowPart && l.HighPart == luid.HighPart;
            }) == 1);
    }
  }
  void* adapter = reinterpret_cast<void*>(1);
  CHECK(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE(7), __uuidof(IDXGIAdapter), &adapter) == E_INVALIDARG);
  CHECK(adapter == nullptr);
}

TEST_CASE("EnumWarpAdapter finds no WARP adapter", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  void* adapter = reinterpret_cast<void*>(1);
  CHECK(factory->EnumWarpAdapter(__uuidof(IDXGIAdapter), &adapter) == DXGI_ERROR_NOT_FOUND);
  CHECK(adapter == nullptr);
  CHECK(factory->EnumWarpAdapter(__uuidof(IDXGIAdapter), nullptr) == E_INVALIDARG);
}

TEST_CASE("MakeWindowAssociation keeps flags per window; a null window ends them; GetWindowAssociation answers null", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  // The factory object behind the interface: its altEnterBlocked is what the swapchains ask.
  auto* ours = static_cast<d3d11vk::DxgiFactory*>(factory.get());
  HWND window = reinterpret_cast<HWND>(0x1234);  // natively any non-null value names a window
  HWND other = reinterpret_cast<HWND>(0x5678);
  CHECK(factory->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER) == S_OK);
  CHECK(ours->altEnterBlocked(window));
  // Another window's association is added, not put in the first one's place (Windows 10).
  CHECK(factory->MakeWindowAssociation(other, DXGI_MWA_NO_PRINT_SCREEN) == S_OK);
  CHECK(ours->altEnterBlocked(window));
  CHECK(!ours->altEnterBlocked(other));
  CHECK(factory->MakeWindowAssociation(window, DXGI_MWA_NO_PRINT_SCREEN) == S_OK);
  CHECK(!ours->altEnterBlocked(window));
  CHECK(factory->MakeWindowAssociation(other, DXGI_MWA_NO_WINDOW_CHANGES) == S_OK);
  CHECK(ours->altEnterBlocked(other));
  // Windows 10 answers a null window even after a successful association.
  HWND associated = reinterpret_cast<HWND>(1);
  CHECK(factory->GetWindowAssociation(&associated) == S_OK);
  CHECK(associated == nullptr);
  CHECK(factory->MakeWindowAssociation(window, 0x8) == DXGI_ERROR_INVALID_CALL);
  CHECK(ours->altEnterBlocked(other));  // the failed call changed nothing
  // A null window, with or without flags (S_OK on Windows 10), ends every association.
  CHECK(factory->MakeWindowAssociation(nullptr, DXGI_MWA_NO_ALT_ENTER) == S_OK);
  CHECK(!ours->altEnterBlocked(other));
  CHECK(factory->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER) == S_OK);
  CHECK(factory->MakeWindowAssociation(nullptr, 0) == S_OK);
  CHECK(!ours->altEnterBlocked(window));
  CHECK(factory->GetWindowAssociation(nullptr) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("CheckFeatureSupport(PRESENT_ALLOW_TEARING) checks its size and needs a display", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  BOOL tearing = 7;
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, sizeof(tearing)) == S_OK);
  // The answer comes from a hidden X11 window's surface (docs/dxgi.md): without a display there
  // is no surface to ask, and FALSE promises nothing. With one, the swapchain tests check TRUE.
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display)
    CHECK(tearing == FALSE);
  else
    CHECK((tearing == FALSE || tearing == TRUE));
  uint64_t wide = 0;
  // Windows 10 answers DXGI_ERROR_INVALID_CALL for each (Wine's dxgi tests record it).
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &wide, sizeof(wide)) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, 1) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, nullptr, sizeof(BOOL)) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE(42), &tearing, sizeof(tearing)) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("occlusion and stereo registrations hand out cookies and refuse bad arguments", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  HANDLE event1 = reinterpret_cast<HANDLE>(0x10), event2 = reinterpret_cast<HANDLE>(0x20);
  HWND window = reinterpret_cast<HWND>(0x30);
  DWORD cookie1 = 0, cookie2 = 0, cookie3 = 0;
  CHECK(factory->RegisterOcclusionStatusEvent(event1, &cookie1) == S_OK);
  CHECK(cookie1 != 0);
  CHECK(factory->RegisterOcclusionStatusEvent(event1, &cookie2) == DXGI_ERROR_INVALID_CALL);  // same handle twice
  CHECK(factory->RegisterOcclusionStatusEvent(event2, &cookie2) == S_OK);
  CHECK(factory->RegisterOcclusionStatusWindow(window, 0x400, &cookie3) == S_OK);
  CHECK((cookie2 != cookie1 && cookie3 != cookie1 && cookie3 != cookie2));
  CHECK(factory->RegisterOcclusionStatusEvent(nullptr, &cookie2) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->RegisterOcclusionStatusEvent(reinterpret_cast<HANDLE>(0x40), nullptr) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->RegisterOcclusionStatusWindow(nullptr, 0x400, &cookie2) == DXGI_ERROR_INVALID_CALL);
  factory->UnregisterOcclusionStatus(cookie1);
  DWORD again = 0;
  CHECK(factory->RegisterOcclusionStatusEvent(event1, &again) == S_OK);  // free after unregistering
  factory->UnregisterOcclusionStatus(0xdead);  // unknown cookie: logged, harmless

  DWORD stereo1 = 0, stereo2 = 0;
  CHECK(factory->RegisterStereoStatusEvent(event1, &stereo1) == S_OK);  // separate from occlusion
  CHECK(factory->RegisterStereoStatusEvent(event1, &stereo2) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->RegisterStereoStatusWindow(window, 0x401, &stereo2) == S_OK);
  CHECK(factory->RegisterStereoStatusWindow(nullptr, 0x401, &stereo2) == DXGI_ERROR_INVALID_CALL);
  factory->UnregisterStereoStatus(stereo1);
  CHECK(factory->RegisterStereoStatusEvent(event1, &stereo1) == S_OK);
}

TEST_CASE("RegisterAdaptersChangedEvent and UnregisterAdaptersChangedEvent pair by cookie", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  DWORD cookie = 0;
  CHECK(factory->RegisterAdaptersChangedEvent(reinterpret_cast<HANDLE>(0x10), &cookie) == S_OK);
  CHECK(factory->RegisterAdaptersChangedEvent(nullptr, &cookie) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->UnregisterAdaptersChangedEvent(cookie) == S_OK);
  CHECK(factory->UnregisterAdaptersChangedEvent(cookie) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->IsCurrent() == TRUE);  // the adapters never change, so the event never fires
}

TEST_CASE("GetSharedResourceAdapterLuid names the adapter of a shared resource's device", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  LUID luid{};
  // No resource behind the handle: DXGI_ERROR_INVALID_CALL, as documented.
  CHECK(factory->GetSharedResourceAdapterLuid(reinterpret_cast<HANDLE>(0x10), &luid) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->GetSharedResourceAdapterLuid(nullptr, &luid) == DXGI_ERROR_INVALID_CALL);

  ComPtr<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, nullptr) == S_OK);
  ComPtr<IDXGIAdapter> adapter;
  REQUIRE(device.query<IDXGIDevice>()->GetAdapter(adapter.put()) == S_OK);
  const LUID expected = luidOf(adapter.get());

  D3D11_TEXTURE2D_DESC desc{16, 16, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_SHARED};
  ComPtr<ID3D11Texture2D> legacy;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, legacy.put()) == S_OK);
  HANDLE legacyHandle = nullptr;
  REQUIRE(legacy.query<IDXGIResource>()->GetSharedHandle(&legacyHandle) == S_OK);
  luid = LUID{0x1234, 0x5678};
  REQUIRE(factory->GetSharedResourceAdapterLuid(legacyHandle, &luid) == S_OK);
  CHECK(luid.LowPart == expected.LowPart);
  CHECK(luid.HighPart == expected.HighPart);
  CHECK(factory->GetSharedResourceAdapterLuid(legacyHandle, nullptr) == DXGI_ERROR_INVALID_CALL);

  desc.MiscFlags = D3D11_RESOURCE_MISC_SHARED_NTHANDLE | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
  ComPtr<ID3D11Texture2D> nt;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, nt.put()) == S_OK);
  HANDLE ntHandle = nullptr;
  REQUIRE(nt.query<IDXGIResource1>()->CreateSharedHandle(nullptr, DXGI_SHARED_RESOURCE_READ, nullptr, &ntHandle) == S_OK);
  luid = LUID{};
  REQUIRE(factory->GetSharedResourceAdapterLuid(ntHandle, &luid) == S_OK);
  CHECK(luid.LowPart == expected.LowPart);
  CHECK(luid.HighPart == expected.HighPart);

  // A released resource's handles name nothing any more.
  legacy = nullptr;
  CHECK(factory->GetSharedResourceAdapterLuid(legacyHandle, &luid) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("CreateSoftwareAdapter answers with the CPU Vulkan device, flagged as software", "[dxgi]") {
  ComPtr<IDXGIFactory7> factory = createFactory();
  // Natively a rasterizer module is any non-null handle; the program's own stands in for one.
  HMODULE module = reinterpret_cast<HMODULE>(dlopen(nullptr, RTLD_LAZY));
  REQUIRE(module);
  CHECK(factory->CreateSoftwareAdapter(module, nullptr) == DXGI_ERROR_INVALID_CALL);
  IDXGIAdapter* none = reinterpret_cast<IDXGIAdapter*>(1);
  CHECK(factory->CreateSoftwareAdapter(nullptr, &none) == DXGI_ERROR_INVALID_CALL);
  CHECK(none == nullptr);

  // lavapipe, which every test machine has (docs/testing.md), is a CPU device.
  ComPtr<IDXGIAdapter> software;
  REQUIRE(factory->CreateSoftwareAdapter(module, software.put()) == S_OK);
  CHECK(deviceType(software.get()) == VK_PHYSICAL_DEVICE_TYPE_CPU);
  DXGI_ADAPTER_DESC1 desc{};
  REQUIRE(software.query<IDXGIAdapter1>()->GetDesc1(&desc) == S_OK);
  CHECK((desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) != 0);
  DXGI_ADAPTER_DESC3 desc3{};
  REQUIRE(software.query<IDXGIAdapter4>()->GetDesc3(&desc3) == S_OK);
  CHECK((desc3.Flags & DXGI_ADAPTER_FLAG3_SOFTWARE) != 0);
  // The same device as enumerated (one LUID), where it is not flagged: applications that skip
  // software adapters must still find lavapipe when it is all there is.
  ComPtr<IDXGIAdapter4> enumerated;
  REQUIRE(factory->EnumAdapterByLuid(desc.AdapterLuid, __uuidof(IDXGIAdapter4), enumerated.putVoid()) == S_OK);
  REQUIRE(enumerated->GetDesc3(&desc3) == S_OK);
  CHECK((desc3.Flags & DXGI_ADAPTER_FLAG3_SOFTWARE) == 0);
  ComPtr<IDXGIFactory> parent;
  REQUIRE(software->GetParent(__uuidof(IDXGIFactory), parent.putVoid()) == S_OK);
  CHECK(parent.get() == static_cast<IDXGIFactory*>(factory.get()));

  // D3D_DRIVER_TYPE_SOFTWARE takes the same adapter, as D3D11CreateDevice documents.
  ComPtr<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_SOFTWARE, module, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, nullptr) == S_OK);
  ComPtr<IDXGIAdapter> deviceAdapter;
  REQUIRE(device.query<IDXGIDevice>()->GetAdapter(deviceAdapter.put()) == S_OK);
  DXGI_ADAPTER_DESC1 deviceDesc{};
  REQUIRE(deviceAdapter.query<IDXGIAdapter1>()->GetDesc1(&deviceDesc) == S_OK);
  CHECK((deviceDesc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) != 0);
  CHECK(deviceDesc.AdapterLuid.LowPart == desc.AdapterLuid.LowPart);
  dlclose(module);
}
