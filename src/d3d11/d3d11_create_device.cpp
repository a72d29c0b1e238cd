// Device creation: validates the documented argument rules, finds the Vulkan adapter behind the
// DXGI adapter, negotiates the feature level and creates the Vulkan device.
#include "d3d11/d3d11_create_device.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_feature_levels.h"
#include "dxgi/dxgi_vk_adapter.h"
#include "util/com_ptr.h"
#include "util/config.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/device.h"

namespace d3d11vk {

static const char* driverTypeName(D3D_DRIVER_TYPE type) {
  switch (type) {
    case D3D_DRIVER_TYPE_UNKNOWN: return "UNKNOWN";
    case D3D_DRIVER_TYPE_HARDWARE: return "HARDWARE";
    case D3D_DRIVER_TYPE_REFERENCE: return "REFERENCE";
    case D3D_DRIVER_TYPE_NULL: return "NULL";
    case D3D_DRIVER_TYPE_SOFTWARE: return "SOFTWARE";
    case D3D_DRIVER_TYPE_WARP: return "WARP";
  }
  return "invalid";
}

#ifdef _WIN32
// d3d11.dll finds CreateDXGIFactory1 in whichever dxgi.dll the process loads (ours, under a DLL
// override) at run time: a link-time import would need stdcall-decorated names on 32-bit, while
// dxgi.dll exports the undecorated names games import.
static HRESULT createDxgiFactory1(REFIID riid, void** factory) {
  using CreateFactoryProc = HRESULT(WINAPI*)(REFIID, void**);
  HMODULE dxgi = LoadLibraryA("dxgi.dll");
  auto proc = dxgi ? reinterpret_cast<CreateFactoryProc>(reinterpret_cast<void*>(GetProcAddress(dxgi, "CreateDXGIFactory1")))
                   : nullptr;
  if (!proc) {
    util::log::error("D3D11CreateDevice: cannot load CreateDXGIFactory1 from dxgi.dll");
    return DXGI_ERROR_UNSUPPORTED;
  }
  return proc(riid, factory);
}
#else
static HRESULT createDxgiFactory1(REFIID riid, void** factory) { return CreateDXGIFactory1(riid, factory); }
#endif

// D3D_DRIVER_TYPE_SOFTWARE's adapter: the one IDXGIFactory::CreateSoftwareAdapter makes of the module.
static HRESULT softwareAdapter(HMODULE module, util::ComPtr<IDXGIAdapter>& adapter) {
  util::ComPtr<IDXGIFactory1> factory;
  HRESULT result = createDxgiFactory1(__uuidof(IDXGIFactory1), factory.putVoid());
  if (FAILED(result)) {
    util::log::error("D3D11CreateDevice: CreateDXGIFactory1 failed: 0x", std::hex, unsigned(result));
    return result;
  }
  result = factory->CreateSoftwareAdapter(module, adapter.put());
  if (FAILED(result))
    util::log::error("D3D11CreateDevice: driver type SOFTWARE: no software adapter (see the dxgi log): 0x", std::hex,
                     unsigned(result));
  return result;
}

// The documented pairing of adapter and driver type; then the default adapter when none is given.
static HRESULT chooseAdapter(const DeviceRequest& request, util::ComPtr<IDXGIAdapter>& adapter) {
  if (request.adapter) {
    if (request.driverType != D3D_DRIVER_TYPE_UNKNOWN) {
      util::log::error("D3D11CreateDevice: an adapter was given, so the driver type must be UNKNOWN, not ",
                       driverTypeName(request.driverType));
      return E_INVALIDARG;
    }
    adapter = request.adapter;
    return S_OK;
  }
  switch (request.driverType) {
    case D3D_DRIVER_TYPE_UNKNOWN:
      util::log::error("D3D11CreateDevice: driver type UNKNOWN needs an adapter");
      return E_INVALIDARG;
    case D3D_DRIVER_TYPE_SOFTWARE:
      if (!request.software) {
        util::log::error("D3D11CreateDevice: driver type SOFTWARE needs a software rasterizer module");
        return E_INVALIDARG;
      }
      // As IDXGIFactory::CreateSoftwareAdapter answers the module: the CPU Vulkan device
      // (lavapipe), or DXGI_ERROR_UNSUPPORTED without one (docs/dxgi.md, Factories).
      return softwareAdapter(request.software, adapter);
    case D3D_DRIVER_TYPE_HARDWARE:
    case D3D_DRIVER_TYPE_REFERENCE:
    case D3D_DRIVER_TYPE_NULL:
    case D3D_DRIVER_TYPE_WARP:
      break;
    default:
      util::log::error("D3D11CreateDevice: invalid driver type ", int(request.driverType));
      return E_INVALIDARG;
  }
  if (request.driverType != D3D_DRIVER_TYPE_HARDWARE)
    util::log::info("D3D11CreateDevice: driver type ", driverTypeName(request.driverType),
                    " is served by the default Vulkan adapter");

  util::ComPtr<IDXGIFactory1> factory;
  HRESULT result = createDxgiFactory1(__uuidof(IDXGIFactory1), factory.putVoid());
  if (FAILED(result)) {
    util::log::error("D3D11CreateDevice: CreateDXGIFactory1 failed: 0x", std::hex, unsigned(result));
    return result;
  }
  util::ComPtr<IDXGIAdapter1> adapter1;
  if (FAILED(factory->EnumAdapters1(0, adapter1.put()))) {
    util::log::error("D3D11CreateDevice: no Vulkan adapter available (see the dxgi log for why)");
    return DXGI_ERROR_UNSUPPORTED;
  }
  adapter = adapter1.get();
  return S_OK;
}

HRESULT createDevice(const DeviceRequest& request, ID3D11Device** device, D3D_FEATURE_LEVEL* chosenLevel,
                     ID3D11DeviceContext** context) {
  if (device)
    *device = nullptr;
  if (context)
    *context = nullptr;
  if (chosenLevel)
    *chosenLevel = D3D_FEATURE_LEVEL(0);  // what a failure leaves, as on Windows

  util::ComPtr<IDXGIAdapter> adapter;
  HRESULT result = chooseAdapter(request, adapter);
  if (FAILED(result))
    return result;

  util::ComPtr<IDXGIVkAdapter> interop = adapter.query<IDXGIVkAdapter>();
  if (!interop) {
    util::log::error("D3D11CreateDevice: the adapter is not a d3d11vk DXGI adapter; is dxgi.dll d3d11vk's?");
    return E_INVALIDARG;
  }
  vk::Adapter* vkAdapter = interop->GetVulkanAdapter();

  Negotiation negotiation = negotiateFeatureLevel(vkAdapter->profile(), request.featureLevels,
                                                  request.featureLevelCount, util::config::options().maxFeatureLevel);
  if (FAILED(negotiation.result)) {
    util::log::error("D3D11CreateDevice: ", negotiation.message);
    return negotiation.result;
  }
  if (chosenLevel)
    *chosenLevel = negotiation.level;

  if (request.flags & D3D11_CREATE_DEVICE_DEBUG)
    util::log::info("D3D11CreateDevice: D3D11_CREATE_DEVICE_DEBUG: d3d11vk's debug layer (ID3D11Debug, ID3D11InfoQueue) is on; "
                    "D3D11VK_VALIDATION=1 adds Vulkan validation");

  if (!device && !context)
    return S_FALSE;

  std::unique_ptr<vk::Device> vkDevice;
  try {
    vkDevice = vkAdapter->createDevice();
  } catch (const std::exception& error) {
    util::log::error("D3D11CreateDevice: cannot create the Vulkan device: ", error.what());
    return DXGI_ERROR_UNSUPPORTED;
  }

  auto* created = new D3D11Device(adapter, vkAdapter, std::move(vkDevice), negotiation.level, request.flags);
  if (request.forD3D10)
    created->exposeD3D10Device();
  util::log::info("D3D11 device: ", vkAdapter->description(), ", feature level ", featureLevelName(negotiation.level),
                  ", flags 0x", std::hex, request.flags);
  if (context)
    created->GetImmediateContext(context);
  if (device)
    *device = created;
  else
    created->Release();
  return S_OK;
}

}  // namespace d3d11vk
