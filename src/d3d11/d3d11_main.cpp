// d3d11.dll entry points: D3D11CreateDevice, D3D11CreateDeviceAndSwapChain, D3D11CoreCreateDevice
// and D3D11On12CreateDevice, and the private export dxgi.dll calls (d3d11vk_shared_resources.h).
#include "d3d11/d3d11_create_device.h"
#include "d3d11/d3d11_shared_handles.h"
#include "d3d11vk/d3d11vk_shared_resources.h"
#include "util/com_ptr.h"
#include "util/dll_export.h"
#include "util/log.h"

const char* util::moduleName() { return "d3d11"; }

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE D3D11CreateDevice(IDXGIAdapter* pAdapter, D3D_DRIVER_TYPE DriverType,
    HMODULE Software, UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels, UINT SDKVersion,
    ID3D11Device** ppDevice, D3D_FEATURE_LEVEL* pFeatureLevel, ID3D11DeviceContext** ppImmediateContext) {
  (void)SDKVersion;
  d3d11vk::DeviceRequest request{pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels};
  return d3d11vk::createDevice(request, ppDevice, pFeatureLevel, ppImmediateContext);
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE D3D11CreateDeviceAndSwapChain(IDXGIAdapter* pAdapter,
    D3D_DRIVER_TYPE DriverType, HMODULE Software, UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels,
    UINT FeatureLevels, UINT SDKVersion, const DXGI_SWAP_CHAIN_DESC* pSwapChainDesc, IDXGISwapChain** ppSwapChain,
    ID3D11Device** ppDevice, D3D_FEATURE_LEVEL* pFeatureLevel, ID3D11DeviceContext** ppImmediateContext) {
  (void)SDKVersion;
  // Every failure leaves the out-parameters cleared, the feature level too (as Windows does:
  // Wine's test_create_device), also when only the swapchain fails.
  if (ppSwapChain)
    *ppSwapChain = nullptr;
  if (ppDevice)
    *ppDevice = nullptr;
  if (ppImmediateContext)
    *ppImmediateContext = nullptr;
  if (pFeatureLevel)
    *pFeatureLevel = D3D_FEATURE_LEVEL(0);
  if (ppSwapChain && !pSwapChainDesc) {
    util::log::error("D3D11CreateDeviceAndSwapChain: ppSwapChain without pSwapChainDesc");
    return E_INVALIDARG;
  }

  util::ComPtr<ID3D11Device> device;
  util::ComPtr<ID3D11DeviceContext> context;
  d3d11vk::DeviceRequest request{pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels};
  bool wantDevice = ppDevice || ppImmediateContext || ppSwapChain;
  HRESULT result = d3d11vk::createDevice(request, wantDevice ? device.put() : nullptr, pFeatureLevel,
                                         wantDevice ? context.put() : nullptr);
  if (FAILED(result) || result == S_FALSE)
    return result;

  if (ppSwapChain) {
    // The swapchain comes from the device's own DXGI factory, as on Windows.
    util::ComPtr<IDXGIDevice> dxgiDevice = device.query<IDXGIDevice>();
    util::ComPtr<IDXGIAdapter> adapter;
    util::ComPtr<IDXGIFactory> factory;
    if (SUCCEEDED(result = dxgiDevice->GetAdapter(adapter.put())) &&
        SUCCEEDED(result = adapter->GetParent(__uuidof(IDXGIFactory), factory.putVoid()))) {
      DXGI_SWAP_CHAIN_DESC desc = *pSwapChainDesc;
      result = factory->CreateSwapChain(device.get(), &desc, ppSwapChain);
    }
    if (FAILED(result)) {
      util::log::error("D3D11CreateDeviceAndSwapChain: CreateSwapChain failed: 0x", std::hex, unsigned(result));
      if (pFeatureLevel)
        *pFeatureLevel = D3D_FEATURE_LEVEL(0);
      return result;
    }
  }
  if (ppDevice)
    *ppDevice = device.detach();
  if (ppImmediateContext)
    *ppImmediateContext = context.detach();
  return S_OK;
}

// Not declared in the SDK headers: the entry DXGI and d3d10core use to create a D3D11 core device.
D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE D3D11CoreCreateDevice(IDXGIFactory* pFactory, IDXGIAdapter* pAdapter,
    UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels, ID3D11Device** ppDevice) {
  (void)pFactory;
  d3d11vk::DeviceRequest request{pAdapter, pAdapter ? D3D_DRIVER_TYPE_UNKNOWN : D3D_DRIVER_TYPE_HARDWARE,
                                 nullptr, Flags, pFeatureLevels, FeatureLevels, true};
  return d3d11vk::createDevice(request, ppDevice, nullptr, nullptr);
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE D3D11On12CreateDevice(IUnknown* pDevice, UINT Flags,
    const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels, IUnknown* const* ppCommandQueues, UINT NumQueues,
    UINT NodeMask, ID3D11Device** ppDevice, ID3D11DeviceContext** ppImmediateContext, D3D_FEATURE_LEVEL* pChosenFeatureLevel) {
  // D3D11on12 layers D3D11 over a D3D12 device; d3d11vk has no D3D12 device to layer over.
  (void)pDevice; (void)Flags; (void)pFeatureLevels; (void)FeatureLevels; (void)ppCommandQueues;
  (void)NumQueues; (void)NodeMask; (void)pChosenFeatureLevel;
  if (ppDevice)
    *ppDevice = nullptr;
  if (ppImmediateContext)
    *ppImmediateContext = nullptr;
  util::log::error("D3D11On12CreateDevice: not supported (d3d11vk has no Direct3D 12 device)");
  return E_NOTIMPL;
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE D3D11VkSharedResourceAdapterLuid(HANDLE handle, LUID* luid) {
  // Called by dxgi.dll (d3d11vk_shared_resources.h); dxgi.dll logs the refusals it passes on.
  static_assert(sizeof(&D3D11VkSharedResourceAdapterLuid) == sizeof(PFN_D3D11VK_SHARED_RESOURCE_ADAPTER_LUID));
  if (!luid)
    return DXGI_ERROR_INVALID_CALL;
  util::ComPtr<ID3D11Device> device;
  if (!d3d11vk::shared_handles::owningDevice(handle, device.put()))
    return DXGI_ERROR_INVALID_CALL;
  // The device's adapter, through its DXGI face: the LUID DXGI's adapters report.
  util::ComPtr<IDXGIDevice> dxgiDevice = device.query<IDXGIDevice>();
  util::ComPtr<IDXGIAdapter> adapter;
  DXGI_ADAPTER_DESC desc{};
  if (!dxgiDevice || FAILED(dxgiDevice->GetAdapter(adapter.put())) || FAILED(adapter->GetDesc(&desc)))
    return DXGI_ERROR_INVALID_CALL;
  *luid = desc.AdapterLuid;
  return S_OK;
}
