// Device creation for the D3D10 DLLs, blobs, and the not-implemented helper (d3d10_entry.h).
#include "d3d10/dlls/d3d10_entry.h"

#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "d3d11/d3d11_create_device.h"
#include "util/com_object.h"
#include "util/com_ptr.h"
#include "util/log.h"

#ifndef _WIN32
// Declared by d3d11.h only for D3D11CreateDevice; D3D11CoreCreateDevice is not in the SDK headers.
extern "C" HRESULT WINAPI D3D11CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                                const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device);
#endif

namespace d3d11vk::d3d10 {

namespace {

#ifdef _WIN32
// Looks the entry point up in whichever d3d11.dll the process loads (ours, under the override):
// a link-time import would need stdcall-decorated names on 32-bit, which d3d11.dll does not export.
template <typename Proc>
Proc d3d11Proc(const char* name) {
  HMODULE d3d11 = LoadLibraryA("d3d11.dll");
  Proc proc = d3d11 ? reinterpret_cast<Proc>(reinterpret_cast<void*>(GetProcAddress(d3d11, name))) : nullptr;
  if (!proc)
    util::log::error("cannot find ", name, " in d3d11.dll: d3d10 needs d3d11vk's d3d11.dll beside it");
  return proc;
}
#endif

// A COM blob: ID3D10Blob/ID3DBlob over a byte vector.
class Blob final : public util::ComObject<ID3D10Blob> {
public:
  explicit Blob(SIZE_T size) : m_bytes(size) {}
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
    HRESULT result;
    if (!util::beginQueryInterface(object, &result))
      return result;
    if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D10Blob))
      return util::returnInterface<ID3D10Blob>(this, object);
    util::logUnknownInterface("D3D10Blob", riid);
    return E_NOINTERFACE;
  }
  void* STDMETHODCALLTYPE GetBufferPointer() override { return m_bytes.empty() ? nullptr : m_bytes.data(); }
  SIZE_T STDMETHODCALLTYPE GetBufferSize() override { return m_bytes.size(); }

private:
  std::vector<uint8_t> m_bytes;
};

// D3D10's driver types have their own values; HARDWARE with an adapter means "that adapter".
bool toD3D11DriverType(D3D10_DRIVER_TYPE type, bool hasAdapter, D3D_DRIVER_TYPE* result) {
  switch (type) {
    case D3D10_DRIVER_TYPE_HARDWARE: *result = hasAdapter ? D3D_DRIVER_TYPE_UNKNOWN : D3D_DRIVER_TYPE_HARDWARE; return true;
    case D3D10_DRIVER_TYPE_REFERENCE: *result = D3D_DRIVER_TYPE_REFERENCE; break;
    case D3D10_DRIVER_TYPE_NULL: *result = D3D_DRIVER_TYPE_NULL; break;
    case D3D10_DRIVER_TYPE_SOFTWARE: *result = D3D_DRIVER_TYPE_SOFTWARE; break;
    case D3D10_DRIVER_TYPE_WARP: *result = D3D_DRIVER_TYPE_WARP; break;
    default: return false;
  }
  return !hasAdapter;  // only HARDWARE goes with an explicit adapter
}

#ifdef _WIN32
// The first adapter of a DXGI 1.0 factory (dxgi.dll's CreateDXGIFactory): what the D3D10.0 runtime
// creates its devices on when it is given no adapter, so the device's adapter's parent answers
// IDXGIFactory and not IDXGIFactory1, as on Windows (Wine's d3d10core tests,
// test_device_interfaces). Null when dxgi.dll or the adapter cannot be had (the caller then lets
// D3D11 choose, as D3D10.1 does).
util::ComPtr<IDXGIAdapter> dxgi10Adapter() {
  using Proc = HRESULT(WINAPI*)(REFIID, void**);
  HMODULE dxgi = LoadLibraryA("dxgi.dll");
  auto proc = dxgi ? reinterpret_cast<Proc>(reinterpret_cast<void*>(GetProcAddress(dxgi, "CreateDXGIFactory"))) : nullptr;
  util::ComPtr<IDXGIFactory> factory;
  util::ComPtr<IDXGIAdapter> adapter;
  if (proc && SUCCEEDED(proc(__uuidof(IDXGIFactory), factory.putVoid())))
    factory->EnumAdapters(0, adapter.put());
  return adapter;
}
#endif

}  // namespace

HRESULT callD3D11CreateDevice(IDXGIAdapter* adapter, D3D_DRIVER_TYPE driverType, HMODULE software, UINT flags,
                              const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device) {
#ifdef _WIN32
  using Proc = HRESULT(WINAPI*)(IDXGIAdapter*, D3D_DRIVER_TYPE, HMODULE, UINT, const D3D_FEATURE_LEVEL*, UINT, UINT,
                                ID3D11Device**, D3D_FEATURE_LEVEL*, ID3D11DeviceContext**);
  static Proc proc = d3d11Proc<Proc>("D3D11CreateDevice");
  if (!proc)
    return DXGI_ERROR_UNSUPPORTED;
#else
  auto proc = &D3D11CreateDevice;
#endif
  return proc(adapter, driverType, software, flags, levels, levelCount, D3D11_SDK_VERSION, device, nullptr, nullptr);
}

HRESULT callD3D11CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                  const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device) {
#ifdef _WIN32
  using Proc = HRESULT(WINAPI*)(IDXGIFactory*, IDXGIAdapter*, UINT, const D3D_FEATURE_LEVEL*, UINT, ID3D11Device**);
  static Proc proc = d3d11Proc<Proc>("D3D11CoreCreateDevice");
  if (!proc)
    return DXGI_ERROR_UNSUPPORTED;
#else
  auto proc = &D3D11CoreCreateDevice;
#endif
  return proc(factory, adapter, flags, levels, levelCount, device);
}

HRESULT createDevice1(const char* method, IDXGIAdapter* adapter, D3D10_DRIVER_TYPE driverType, HMODULE software,
                      UINT flags, D3D10_FEATURE_LEVEL1 level, UINT sdkVersion, UINT requiredSdkVersion,
                      ID3D10Device1** device) {
  if (device)
    *device = nullptr;
  if (sdkVersion != requiredSdkVersion) {
    util::log::error(method, ": SDK version ", sdkVersion, " (this DLL takes ", requiredSdkVersion, "): E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!device) {
    util::log::error(method, ": no device pointer: E_INVALIDARG");
    return E_INVALIDARG;
  }
  D3D_DRIVER_TYPE driverType11;
  if (!toD3D11DriverType(driverType, adapter != nullptr, &driverType11)) {
    util::log::error(method, ": driver type ", int(driverType), adapter ? " with an adapter" : "", ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  switch (level) {
    case D3D10_FEATURE_LEVEL_10_1:
    case D3D10_FEATURE_LEVEL_10_0:
    case D3D10_FEATURE_LEVEL_9_3:
    case D3D10_FEATURE_LEVEL_9_2:
    case D3D10_FEATURE_LEVEL_9_1:
      break;
    default:
      util::log::error(method, ": feature level 0x", std::hex, unsigned(level), " is not a D3D10 level: E_INVALIDARG");
      return E_INVALIDARG;
  }
  // SINGLETHREADED, DEBUG and BGRA_SUPPORT mean the same in D3D11; the other D3D10 flags (switch
  // to reference, threading optimisations, null from Map, strict validation) change nothing here.
  const UINT flags11 = flags & (D3D10_CREATE_DEVICE_SINGLETHREADED | D3D10_CREATE_DEVICE_DEBUG |
                                D3D10_CREATE_DEVICE_BGRA_SUPPORT);
  const D3D_FEATURE_LEVEL level11 = D3D_FEATURE_LEVEL(level);  // the same values
  util::ComPtr<IDXGIAdapter> chosen(adapter);
#ifdef _WIN32
  // Both D3D10 runtimes make a hardware device without an adapter on a DXGI 1.0 factory's first
  // adapter, whose parent answers IDXGIFactory but not IDXGIFactory1 (Wine's d3d10core and d3d10_1
  // test_device_interfaces); D3D11 uses a DXGI 1.1 factory.
  if (!adapter && driverType == D3D10_DRIVER_TYPE_HARDWARE) {
    chosen = dxgi10Adapter();
    if (chosen)
      driverType11 = D3D_DRIVER_TYPE_UNKNOWN;
  }
#endif
  util::ComPtr<ID3D11Device> device11;
  HRESULT result = callD3D11CreateDevice(chosen.get(), driverType11, software, flags11, &level11, 1, device11.put());
  if (FAILED(result))
    return result;
  protectUnlessSingleThreaded(device11.get(), flags);
  // Devices of D3D11CreateDevice answer ID3D10Device1 only after this private request.
  return device11->QueryInterface(kD3D10RuntimeDeviceId, reinterpret_cast<void**>(device));
}

void protectUnlessSingleThreaded(IUnknown* device, UINT flags) {
  if (flags & D3D10_CREATE_DEVICE_SINGLETHREADED)
    return;
  util::ComPtr<ID3D10Multithread> multithread;
  if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D10Multithread), multithread.putVoid())))
    multithread->SetMultithreadProtected(TRUE);
}

HRESULT createSwapChain(const char* method, IUnknown* device, const DXGI_SWAP_CHAIN_DESC* desc,
                        IDXGISwapChain** swapChain) {
  util::ComPtr<IDXGIDevice> dxgiDevice;
  device->QueryInterface(__uuidof(IDXGIDevice), dxgiDevice.putVoid());
  util::ComPtr<IDXGIAdapter> adapter;
  util::ComPtr<IDXGIFactory> factory;
  HRESULT result;
  if (!dxgiDevice)
    return E_FAIL;
  if (FAILED(result = dxgiDevice->GetAdapter(adapter.put())) ||
      FAILED(result = adapter->GetParent(__uuidof(IDXGIFactory), factory.putVoid())))
    return result;
  DXGI_SWAP_CHAIN_DESC copy = *desc;
  result = factory->CreateSwapChain(device, &copy, swapChain);
  if (FAILED(result))
    util::log::error(method, ": CreateSwapChain failed: 0x", std::hex, unsigned(result));
  return result;
}

HRESULT createBlob(SIZE_T size, ID3D10Blob** blob) {
  if (!blob)
    return E_INVALIDARG;
  try {
    *blob = new Blob(size);
  } catch (const std::bad_alloc&) {
    *blob = nullptr;
    return E_OUTOFMEMORY;
  }
  return S_OK;
}

HRESULT notImplemented(const char* entryPoint) {
  static std::mutex mutex;
  static std::set<std::string> logged;
  std::lock_guard lock(mutex);
  if (logged.insert(entryPoint).second)
    util::log::warn(entryPoint, ": not implemented by d3d11vk (effects, reflection and the HLSL compiler are "
                    "D3DX/d3dcompiler work): E_NOTIMPL");
  return E_NOTIMPL;
}

}  // namespace d3d11vk::d3d10
