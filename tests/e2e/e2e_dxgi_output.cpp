// End-to-end under Wine: DXGI outputs of Xvfb's one monitor as a Windows program sees them through
// our dxgi.dll (proved by the private IDXGIVkAdapter interface, which Wine's dxgi lacks): the
// description against Win32's own answers, the mode list with its count query and
// DXGI_ERROR_MORE_DATA, FindClosestMatchingMode, WaitForVBlank, and the IDXGIDevice face's event
// and window registrations with real Win32 objects.
// Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "dxgi/dxgi_vk_adapter.h"
#include "util/windows_base.h"

static int g_passed = 0, g_failed = 0;

static void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

template <typename T>
static void release(T*& object) {
  if (object)
    object->Release();
  object = nullptr;
}

static BOOL CALLBACK countMonitor(HMONITOR, HDC, LPRECT, LPARAM data) {
  ++*reinterpret_cast<int*>(data);
  return TRUE;
}

static int countMonitors() {
  int count = 0;
  EnumDisplayMonitors(nullptr, nullptr, countMonitor, reinterpret_cast<LPARAM>(&count));
  return count;
}

static void checkOutput(IDXGIOutput* output) {
  DEVMODEW current{};
  current.dmSize = sizeof(current);
  check(EnumDisplaySettingsW(nullptr, ENUM_CURRENT_SETTINGS, &current) != FALSE, "Win32 reports the current display mode");
  std::printf("Win32 current mode: %lux%lu at %lu Hz, %lu bpp\n", current.dmPelsWidth, current.dmPelsHeight,
              current.dmDisplayFrequency, current.dmBitsPerPel);

  DXGI_OUTPUT_DESC desc{};
  check(output->GetDesc(&desc) == S_OK, "IDXGIOutput::GetDesc succeeds");
  std::printf("output: %ls at (%ld,%ld)-(%ld,%ld)\n", desc.DeviceName, desc.DesktopCoordinates.left,
              desc.DesktopCoordinates.top, desc.DesktopCoordinates.right, desc.DesktopCoordinates.bottom);
  check(std::wcsncmp(desc.DeviceName, L"\\\\.\\DISPLAY", 11) == 0, "the output's name is a Win32 display name");
  check(desc.AttachedToDesktop == TRUE, "the output is attached to the desktop");
  check(desc.Monitor == MonitorFromPoint(POINT{0, 0}, MONITOR_DEFAULTTOPRIMARY), "the output's HMONITOR is the primary monitor");
  check(desc.DesktopCoordinates.right - desc.DesktopCoordinates.left == LONG(current.dmPelsWidth) &&
            desc.DesktopCoordinates.bottom - desc.DesktopCoordinates.top == LONG(current.dmPelsHeight),
        "the desktop rectangle has the current mode's size");
  check(GetSystemMetrics(SM_CXSCREEN) == LONG(current.dmPelsWidth), "the size agrees with GetSystemMetrics");

  // The count query, then the list.
  UINT count = 0;
  check(output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &count, nullptr) == S_OK && count >= 1,
        "GetDisplayModeList with a null array returns the count");
  std::vector<DXGI_MODE_DESC> modes(count);
  UINT filled = count;
  check(output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &filled, modes.data()) == S_OK && filled == count,
        "GetDisplayModeList fills an array of the counted size");
  std::printf("%u modes in R8G8B8A8_UNORM:", count);
  bool hasCurrent = false, sorted = true;
  for (UINT i = 0; i < filled; i++) {
    std::printf(" %ux%u@%u", modes[i].Width, modes[i].Height, modes[i].RefreshRate.Numerator);
    hasCurrent |= modes[i].Width == current.dmPelsWidth && modes[i].Height == current.dmPelsHeight;
    if (i && (modes[i].Width < modes[i - 1].Width ||
              (modes[i].Width == modes[i - 1].Width && modes[i].Height < modes[i - 1].Height)))
      sorted = false;
  }
  std::printf("\n");
  check(hasCurrent, "the mode list holds the current mode");
  check(sorted, "the mode list is in ascending resolution order");
  bool rated = true;
  for (UINT i = 0; i < filled; i++)
    rated = rated && modes[i].RefreshRate.Numerator > 0 && modes[i].RefreshRate.Denominator > 0;
  check(rated, "every mode has a refresh rate (Win32's \"default\" becomes 60 Hz)");

  std::vector<DXGI_MODE_DESC> small(count);
  UINT capacity = count - 1;
  check(output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, &capacity, small.data()) == DXGI_ERROR_MORE_DATA,
        "GetDisplayModeList with one slot too few is DXGI_ERROR_MORE_DATA");
  UINT none = 99;
  check(output->GetDisplayModeList(DXGI_FORMAT_R32_FLOAT, 0, &none, nullptr) == S_OK && none == 0,
        "a format that cannot be displayed has no modes");
  check(output->GetDisplayModeList(DXGI_FORMAT_R8G8B8A8_UNORM, 0, nullptr, nullptr) == DXGI_ERROR_INVALID_CALL,
        "a null count is DXGI_ERROR_INVALID_CALL");

  // FindClosestMatchingMode: an unspecified mode is the desktop's, a near one the closest listed.
  DXGI_MODE_DESC request{};
  request.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  DXGI_MODE_DESC match{};
  check(output->FindClosestMatchingMode(&request, &match, nullptr) == S_OK && match.Width == current.dmPelsWidth &&
            match.Height == current.dmPelsHeight,
        "FindClosestMatchingMode of an unspecified mode is the current mode");
  request.Width = current.dmPelsWidth - 10;
  request.Height = current.dmPelsHeight - 10;
  long best = -1;
  for (const DXGI_MODE_DESC& m : modes) {
    long distance = labs(long(m.Width) - long(request.Width)) + labs(long(m.Height) - long(request.Height));
    if (best < 0 || distance < best)
      best = distance;
  }
  check(output->FindClosestMatchingMode(&request, &match, nullptr) == S_OK &&
            labs(long(match.Width) - long(request.Width)) + labs(long(match.Height) - long(request.Height)) == best,
        "FindClosestMatchingMode of a slightly smaller size is the closest listed resolution");
  request.Format = DXGI_FORMAT_UNKNOWN;
  check(output->FindClosestMatchingMode(&request, &match, nullptr) == DXGI_ERROR_INVALID_CALL,
        "FindClosestMatchingMode with an unknown format and no device is DXGI_ERROR_INVALID_CALL");
  request.Height = 0;
  request.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  check(output->FindClosestMatchingMode(&request, &match, nullptr) == DXGI_ERROR_INVALID_CALL,
        "FindClosestMatchingMode with a width but no height is DXGI_ERROR_INVALID_CALL");

  check(output->WaitForVBlank() == S_OK, "WaitForVBlank returns");
  DXGI_GAMMA_CONTROL_CAPABILITIES caps{};
  check(output->GetGammaControlCapabilities(&caps) == DXGI_ERROR_INVALID_CALL,
        "GetGammaControlCapabilities is DXGI_ERROR_INVALID_CALL without a fullscreen swapchain (Windows 10)");
}

int main() {
  IDXGIFactory2* factory = nullptr;
  check(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), reinterpret_cast<void**>(&factory)) == S_OK && factory,
        "CreateDXGIFactory2 succeeds");
  if (!factory) {
    std::printf("%d passed, %d failed\n", g_passed, g_failed);
    return 1;
  }
  IDXGIAdapter* adapter = nullptr;
  check(factory->EnumAdapters(0, &adapter) == S_OK, "EnumAdapters(0) succeeds");
  IDXGIVkAdapter* ours = nullptr;
  check(adapter && SUCCEEDED(adapter->QueryInterface(__uuidof(IDXGIVkAdapter), reinterpret_cast<void**>(&ours))),
        "the adapter is d3d11vk's (answers IDXGIVkAdapter): our dxgi.dll served the program");
  release(ours);

  IDXGIOutput* output = nullptr;
  check(adapter && adapter->EnumOutputs(0, &output) == S_OK && output, "EnumOutputs(0) gives Xvfb's monitor");
  int monitors = countMonitors();
  IDXGIOutput* past = reinterpret_cast<IDXGIOutput*>(1);
  check(adapter && adapter->EnumOutputs(UINT(monitors), &past) == DXGI_ERROR_NOT_FOUND && past == nullptr,
        "EnumOutputs past the Win32 monitor count is DXGI_ERROR_NOT_FOUND");
  std::printf("Win32 monitors: %d\n", monitors);
  if (output)
    checkOutput(output);
  release(output);

  // A window and an event of this process for the registrations.
  HWND window = CreateWindowExW(0, L"STATIC", L"d3d11vk-e2e", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64, nullptr, nullptr,
                                GetModuleHandleW(nullptr), nullptr);
  check(window != nullptr, "CreateWindowExW gives a window");
  DWORD cookie = 0;
  check(factory->RegisterOcclusionStatusWindow(window, WM_USER + 1, &cookie) == S_OK, "RegisterOcclusionStatusWindow accepts the window");
  factory->UnregisterOcclusionStatus(cookie);
  check(factory->RegisterOcclusionStatusWindow(reinterpret_cast<HWND>(0x7ff0), WM_USER + 1, &cookie) == DXGI_ERROR_INVALID_CALL,
        "RegisterOcclusionStatusWindow refuses a handle that is not a window");
  check(factory->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER) == S_OK, "MakeWindowAssociation accepts the window");
  HWND associated = window;
  check(factory->GetWindowAssociation(&associated) == S_OK && associated == nullptr,
        "GetWindowAssociation answers a null window, as Windows 10 does");
  check(factory->MakeWindowAssociation(nullptr, DXGI_MWA_NO_ALT_ENTER) == S_OK,
        "MakeWindowAssociation(null, flags) is S_OK, as on Windows 10");

  // The IDXGIDevice face of a d3d11vk device (the runner also checks our d3d11 log for it).
  ID3D11Device* device = nullptr;
  HRESULT hr = D3D11CreateDevice(adapter, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, &device,
                                 nullptr, nullptr);
  check(hr == S_OK && device, "D3D11CreateDevice on the enumerated adapter succeeds");
  if (device) {
    IDXGIDevice2* dxgi = nullptr;
    check(SUCCEEDED(device->QueryInterface(__uuidof(IDXGIDevice2), reinterpret_cast<void**>(&dxgi))), "the device answers IDXGIDevice2");
    if (dxgi) {
      HANDLE event = CreateEventW(nullptr, TRUE, FALSE, nullptr);
      // Set from the GPU timeline's completion thread once the flushed work is done.
      check(dxgi->EnqueueSetEvent(event) == S_OK && WaitForSingleObject(event, 10000) == WAIT_OBJECT_0,
            "EnqueueSetEvent sets a Win32 event once the submitted work completes");
      check(dxgi->EnqueueSetEvent(reinterpret_cast<HANDLE>(0x7ff0)) == E_INVALIDARG,
            "EnqueueSetEvent refuses a value that is not a handle");
      CloseHandle(event);
      check(dxgi->EnqueueSetEvent(nullptr) == E_INVALIDARG, "EnqueueSetEvent(NULL) is E_INVALIDARG");
      IDXGIAdapter* deviceAdapter = nullptr;
      IDXGIOutput* deviceOutput = nullptr;
      check(dxgi->GetAdapter(&deviceAdapter) == S_OK && deviceAdapter->EnumOutputs(0, &deviceOutput) == S_OK,
            "the device's adapter enumerates the monitor too");
      release(deviceOutput);
      release(deviceAdapter);
      release(dxgi);
    }
    // GetSharedResourceAdapterLuid: our dxgi.dll asks our d3d11.dll through its private export
    // (GetModuleHandle + GetProcAddress), and the answer is the device's adapter's LUID.
    D3D11_TEXTURE2D_DESC sharedDesc{16, 16, 1, 1, DXGI_FORMAT_B8G8R8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                                    D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_SHARED};
    ID3D11Texture2D* sharedTexture = nullptr;
    IDXGIResource* sharedResource = nullptr;
    HANDLE sharedHandle = nullptr;
    LUID sharedLuid{}, adapterLuid{};
    DXGI_ADAPTER_DESC adapterDesc{};
    if (adapter && SUCCEEDED(adapter->GetDesc(&adapterDesc)))
      adapterLuid = adapterDesc.AdapterLuid;
    HRESULT luidResult = E_FAIL;
    if (SUCCEEDED(device->CreateTexture2D(&sharedDesc, nullptr, &sharedTexture)) &&
        SUCCEEDED(sharedTexture->QueryInterface(__uuidof(IDXGIResource), reinterpret_cast<void**>(&sharedResource))) &&
        SUCCEEDED(sharedResource->GetSharedHandle(&sharedHandle)))
      luidResult = factory->GetSharedResourceAdapterLuid(sharedHandle, &sharedLuid);
    std::printf("GetSharedResourceAdapterLuid returned 0x%08x, LUID %08lx:%08lx (adapter %08lx:%08lx)\n", unsigned(luidResult),
                static_cast<unsigned long>(sharedLuid.HighPart), static_cast<unsigned long>(sharedLuid.LowPart),
                static_cast<unsigned long>(adapterLuid.HighPart), static_cast<unsigned long>(adapterLuid.LowPart));
    check(luidResult == S_OK && sharedLuid.LowPart == adapterLuid.LowPart && sharedLuid.HighPart == adapterLuid.HighPart,
          "GetSharedResourceAdapterLuid names the adapter of the shared texture's device");
    release(sharedResource);
    release(sharedTexture);
    check(factory->GetSharedResourceAdapterLuid(sharedHandle, &sharedLuid) == DXGI_ERROR_INVALID_CALL,
          "GetSharedResourceAdapterLuid of a released resource's handle is DXGI_ERROR_INVALID_CALL");

    ID3D11VkDeviceInfo* info = nullptr;
    if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(&info)))) {
      check(info->GetValidationErrorCount() == 0, "no Vulkan validation errors");
      release(info);
    }
    check(device->Release() == 0, "the last Release destroys the device");
  }
  // CreateSoftwareAdapter: lavapipe (the CPU Vulkan device) flagged software; the adapter keeps its
  // own reference to the module, so the program's FreeLibrary right after leaves it loaded.
  // A DLL this program does not otherwise load stands in for a rasterizer module.
  const char* moduleName = "xinput1_3.dll";
  const bool loadedBefore = GetModuleHandleA(moduleName) != nullptr;
  HMODULE rasterizer = LoadLibraryA(moduleName);
  IDXGIAdapter* software = nullptr;
  HRESULT softwareResult = rasterizer ? factory->CreateSoftwareAdapter(rasterizer, &software) : E_FAIL;
  if (rasterizer)
    FreeLibrary(rasterizer);
  DXGI_ADAPTER_DESC1 softwareDesc{};
  IDXGIAdapter1* software1 = nullptr;
  if (software && SUCCEEDED(software->QueryInterface(__uuidof(IDXGIAdapter1), reinterpret_cast<void**>(&software1))))
    software1->GetDesc1(&softwareDesc);
  std::printf("CreateSoftwareAdapter returned 0x%08x, flags 0x%x\n", unsigned(softwareResult), unsigned(softwareDesc.Flags));
  check(softwareResult == S_OK && (softwareDesc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE),
        "CreateSoftwareAdapter answers lavapipe flagged DXGI_ADAPTER_FLAG_SOFTWARE");
  const bool heldByAdapter = GetModuleHandleA(moduleName) != nullptr;
  release(software1);
  release(software);
  if (!loadedBefore)
    check(heldByAdapter && GetModuleHandleA(moduleName) == nullptr,
          "the software adapter holds a reference to its module until it is released");
  IDXGIAdapter* noAdapter = reinterpret_cast<IDXGIAdapter*>(1);
  check(factory->CreateSoftwareAdapter(nullptr, &noAdapter) == DXGI_ERROR_INVALID_CALL && !noAdapter,
        "CreateSoftwareAdapter(NULL module) is DXGI_ERROR_INVALID_CALL");

  if (window)
    DestroyWindow(window);
  release(adapter);
  check(factory->Release() == 0, "the last Release destroys the factory");
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
