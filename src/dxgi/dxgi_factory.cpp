// DxgiFactory: adapter enumeration and ordering, window association, notification registrations;
// swapchains are created by DxgiSwapChain (dxgi_swapchain.h).
#include "dxgi/dxgi_factory.h"

#include "dxgi/dxgi_swapchain.h"

#include <algorithm>
#include <cstring>

#include "d3d11/d3d11_enum_value.h"
#include "dxgi/dxgi_adapter.h"
#include "dxgi/dxgi_shared_resource_luid.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/instance.h"
#include "vk/presenter.h"

namespace d3d11vk {

DxgiFactory::DxgiFactory(std::shared_ptr<vk::Instance> instance, UINT flags, Version version)
    : m_instance(std::move(instance)), m_flags(flags), m_version(version) {}

HRESULT STDMETHODCALLTYPE DxgiFactory::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIFactory))
    return util::returnInterface<IDXGIFactory7>(this, object);
  if (m_version == Version::Dxgi10) {
    if (riid == __uuidof(IDXGIFactory1) || riid == __uuidof(IDXGIFactory2) || riid == __uuidof(IDXGIFactory3) ||
        riid == __uuidof(IDXGIFactory4) || riid == __uuidof(IDXGIFactory5) || riid == __uuidof(IDXGIFactory6) ||
        riid == __uuidof(IDXGIFactory7))
      util::log::info("IDXGIFactory::QueryInterface: a factory from CreateDXGIFactory is a DXGI 1.0 factory; ",
                      util::guidToString(riid), " needs CreateDXGIFactory1 or CreateDXGIFactory2");
    else
      util::logUnknownInterface("DxgiFactory", riid);
    return E_NOINTERFACE;
  }
  if (riid == __uuidof(IDXGIFactory1) || riid == __uuidof(IDXGIFactory2) || riid == __uuidof(IDXGIFactory3) ||
      riid == __uuidof(IDXGIFactory4) || riid == __uuidof(IDXGIFactory5) || riid == __uuidof(IDXGIFactory6) ||
      riid == __uuidof(IDXGIFactory7))
    return util::returnInterface<IDXGIFactory7>(this, object);
  util::logUnknownInterface("DxgiFactory", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::GetParent(REFIID riid, void** parent) {
  // A factory is the root of the DXGI object tree: it has no parent to return.
  (void)riid;
  if (!parent)
    return E_INVALIDARG;
  *parent = nullptr;
  return E_NOINTERFACE;
}

namespace {

// Where a device type goes in each preference's order (lower first). HIGH_PERFORMANCE and
// UNSPECIFIED keep the instance's order (discrete, integrated, virtual, CPU); MINIMUM_POWER
// moves integrated devices, which draw the least power, ahead of discrete ones.
int preferenceRank(VkPhysicalDeviceType type, DXGI_GPU_PREFERENCE preference) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return preference == DXGI_GPU_PREFERENCE_MINIMUM_POWER ? 1 : 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return preference == DXGI_GPU_PREFERENCE_MINIMUM_POWER ? 0 : 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
    default: return 4;
  }
}

}  // namespace

HRESULT DxgiFactory::createAdapter(UINT index, DXGI_GPU_PREFERENCE preference, REFIID riid, void** adapter) {
  if (!adapter) {
    util::log::warn("IDXGIFactory::EnumAdapters: null adapter pointer");
    return DXGI_ERROR_INVALID_CALL;  // what Windows 10 answers
  }
  *adapter = nullptr;
  if (!m_instance)
    return DXGI_ERROR_NOT_FOUND;
  const std::vector<std::shared_ptr<vk::Adapter>>& instanceOrder = m_instance->adapters();
  std::vector<std::shared_ptr<vk::Adapter>> adapters = instanceOrder;
  if (preference != DXGI_GPU_PREFERENCE_UNSPECIFIED) {
    std::stable_sort(adapters.begin(), adapters.end(), [&](const auto& a, const auto& b) {
      return preferenceRank(a->profile().properties.core.properties.deviceType, preference) <
             preferenceRank(b->profile().properties.core.properties.deviceType, preference);
    });
  }
  if (index >= adapters.size())
    return DXGI_ERROR_NOT_FOUND;
  // The adapter's identity (its made-up LUID when the driver has none) follows the instance's
  // order, so every preference reports the same LUID for one device.
  UINT identity = UINT(std::find(instanceOrder.begin(), instanceOrder.end(), adapters[index]) - instanceOrder.begin());
  auto* created = new DxgiAdapter(this, adapters[index], identity);
  HRESULT result = created->QueryInterface(riid, adapter);
  created->Release();
  return result;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapters(UINT adapter_idx, IDXGIAdapter** adapter) {
  return createAdapter(adapter_idx, DXGI_GPU_PREFERENCE_UNSPECIFIED, __uuidof(IDXGIAdapter), reinterpret_cast<void**>(adapter));
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapters1(UINT Adapter, IDXGIAdapter1** ppAdapter) {
  return createAdapter(Adapter, DXGI_GPU_PREFERENCE_UNSPECIFIED, __uuidof(IDXGIAdapter1), reinterpret_cast<void**>(ppAdapter));
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapterByGpuPreference(UINT adapter_idx, DXGI_GPU_PREFERENCE gpu_preference, REFIID iid, void** adapter) {
  UINT raw = enumValue(gpu_preference);  // raw value: the application may pass anything
  if (raw != DXGI_GPU_PREFERENCE_UNSPECIFIED && raw != DXGI_GPU_PREFERENCE_MINIMUM_POWER &&
      raw != DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE) {
    if (adapter)
      *adapter = nullptr;
    util::log::warn("IDXGIFactory6::EnumAdapterByGpuPreference: invalid preference ", raw);
    return E_INVALIDARG;
  }
  return createAdapter(adapter_idx, DXGI_GPU_PREFERENCE(raw), iid, adapter);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumAdapterByLuid(LUID luid, REFIID iid, void** adapter) {
  if (!adapter) {
    // DXGI_ERROR_INVALID_CALL, as Windows 10 answers (Wine's dxgi tests record it).
    util::log::warn("IDXGIFactory4::EnumAdapterByLuid: null adapter pointer");
    return DXGI_ERROR_INVALID_CALL;
  }
  *adapter = nullptr;
  if (!m_instance)
    return DXGI_ERROR_NOT_FOUND;
  const auto& adapters = m_instance->adapters();
  for (UINT i = 0; i < adapters.size(); i++) {
    DXGI_ADAPTER_DESC3 desc = describeAdapter(*adapters[i], i);
    if (desc.AdapterLuid.LowPart == luid.LowPart && desc.AdapterLuid.HighPart == luid.HighPart)
      return createAdapter(i, DXGI_GPU_PREFERENCE_UNSPECIFIED, iid, adapter);
  }
  util::log::warn("IDXGIFactory4::EnumAdapterByLuid: no adapter with LUID ", luid.HighPart, ":", luid.LowPart);
  return DXGI_ERROR_NOT_FOUND;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::EnumWarpAdapter(REFIID iid, void** adapter) {
  // WARP is Microsoft's software rasterizer; d3d11vk has none, so there is no such adapter to
  // find (a CPU Vulkan device is enumerated as an ordinary adapter instead).
  (void)iid;
  if (!adapter) {
    util::log::warn("IDXGIFactory4::EnumWarpAdapter: null adapter pointer");
    return E_INVALIDARG;
  }
  *adapter = nullptr;
  D3D11VK_LOG_ONCE(Warn, "IDXGIFactory4::EnumWarpAdapter: no WARP adapter in d3d11vk");
  return DXGI_ERROR_NOT_FOUND;
}

BOOL STDMETHODCALLTYPE DxgiFactory::IsCurrent() {
  // The set of Vulkan adapters does not change while the instance lives.
  return TRUE;
}

BOOL STDMETHODCALLTYPE DxgiFactory::IsWindowedStereoEnabled() {
  return FALSE;
}

UINT STDMETHODCALLTYPE DxgiFactory::GetCreationFlags() {
  return m_flags;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CheckFeatureSupport(DXGI_FEATURE feature, void* support_data, UINT support_data_size) {
  // Unknown features and wrong sizes are DXGI_ERROR_INVALID_CALL: what Windows 10 answers (Wine's
  // dxgi tests record it), though the page names E_INVALIDARG for a wrong size.
  if (enumValue(feature) != DXGI_FEATURE_PRESENT_ALLOW_TEARING) {
    util::log::warn("IDXGIFactory5::CheckFeatureSupport: unknown feature ", enumValue(feature));
    return DXGI_ERROR_INVALID_CALL;
  }
  if (!support_data || support_data_size != sizeof(BOOL)) {
    util::log::warn("IDXGIFactory5::CheckFeatureSupport(PRESENT_ALLOW_TEARING): ",
                    support_data ? "size must be sizeof(BOOL), not " : "null data", support_data ? support_data_size : 0u);
    return DXGI_ERROR_INVALID_CALL;
  }
  *static_cast<BOOL*>(support_data) = tearingSupported() ? TRUE : FALSE;
  return S_OK;
}

bool DxgiFactory::tearingSupported() {
  std::lock_guard lock(m_tearingMutex);
  if (m_tearingKnown)
    return m_tearing;
  // Asked once per factory of the adapter that shows the desktop (the first, which holds the
  // outputs, docs/dxgi.md): a surface on a hidden window tells whether IMMEDIATE is offered.
  std::string reason = "no Vulkan adapter";
  m_tearing = false;
  if (m_instance && !m_instance->adapters().empty()) {
    reason.clear();
    m_tearing = vk::Presenter::offersImmediate(*m_instance->adapters().front(), &reason);
  }
  if (m_tearing)
    util::log::info("DXGI: tearing is supported (the window surface offers VK_PRESENT_MODE_IMMEDIATE_KHR)");
  else
    util::log::info("DXGI: tearing is not supported: ", reason);
  m_tearingKnown = true;
  return m_tearing;
}

void DxgiFactory::notifyOcclusionChange() {
  m_occlusion.notify();
}

bool DxgiFactory::altEnterBlocked(HWND window) const {
  std::lock_guard lock(m_associationMutex);
  auto found = m_associations.find(window);
  return found != m_associations.end() && (found->second & (DXGI_MWA_NO_ALT_ENTER | DXGI_MWA_NO_WINDOW_CHANGES));
}

HRESULT STDMETHODCALLTYPE DxgiFactory::MakeWindowAssociation(HWND window, UINT flags) {
  // STATUS: partial: the flags govern Alt+Enter on the factory's swapchains (PE); Print Screen is never acted on, and natively no key is watched
  constexpr UINT kKnownFlags = DXGI_MWA_NO_WINDOW_CHANGES | DXGI_MWA_NO_ALT_ENTER | DXGI_MWA_NO_PRINT_SCREEN;
  if (flags & ~kKnownFlags) {
    util::log::warn("IDXGIFactory::MakeWindowAssociation: invalid flags 0x", std::hex, flags);
    return DXGI_ERROR_INVALID_CALL;
  }
  std::lock_guard lock(m_associationMutex);
  if (!window) {
    // The reference page allows a null window only with no flags; Windows 10 answers S_OK
    // whatever the flags (Wine's dxgi tests record it) and ends the factory's associations.
    if (flags)
      D3D11VK_LOG_ONCE(Info, "IDXGIFactory::MakeWindowAssociation: flags with a null window end the associations, as on Windows 10");
    m_associations.clear();
    return S_OK;
  }
#ifdef _WIN32
  if (!IsWindow(window)) {
    util::log::warn("IDXGIFactory::MakeWindowAssociation: not a valid window");
    return DXGI_ERROR_INVALID_CALL;
  }
#endif
  // One entry per window: associating another window adds to the factory's associations instead
  // of replacing them (Windows 10: an association with a second window leaves the first one's
  // Alt+Enter blocked).
  m_associations[window] = flags;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::GetWindowAssociation(HWND* window) {
  if (!window) {
    util::log::warn("IDXGIFactory::GetWindowAssociation: null window pointer");
    return DXGI_ERROR_INVALID_CALL;
  }
  // Windows 10 answers a null window even after a successful MakeWindowAssociation (Wine's dxgi
  // tests record it); applications that compare the answer expect that.
  *window = nullptr;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChain(IUnknown *device, DXGI_SWAP_CHAIN_DESC *desc, IDXGISwapChain **swapchain) {
  if (swapchain)
    *swapchain = nullptr;
  if (!desc || !swapchain) {
    util::log::error("CreateSwapChain: a null description or swapchain pointer");
    return DXGI_ERROR_INVALID_CALL;
  }
  // The DXGI 1.0 description is the DXGI 1.2 pair: buffers, and the mode for fullscreen.
  DXGI_SWAP_CHAIN_DESC1 desc1{};
  desc1.Width = desc->BufferDesc.Width;
  desc1.Height = desc->BufferDesc.Height;
  desc1.Format = desc->BufferDesc.Format;
  desc1.SampleDesc = desc->SampleDesc;
  desc1.BufferUsage = desc->BufferUsage;
  desc1.BufferCount = desc->BufferCount;
  desc1.Scaling = DXGI_SCALING_STRETCH;
  desc1.SwapEffect = desc->SwapEffect;
  // The DXGI 1.0 description has no alpha mode; Windows 10 reports such swapchains as IGNORE.
  desc1.AlphaMode = DXGI_ALPHA_MODE_IGNORE;
  desc1.Flags = desc->Flags;
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fullscreen{};
  fullscreen.RefreshRate = desc->BufferDesc.RefreshRate;
  fullscreen.ScanlineOrdering = desc->BufferDesc.ScanlineOrdering;
  fullscreen.Scaling = desc->BufferDesc.Scaling;
  fullscreen.Windowed = desc->Windowed;
  IDXGISwapChain1* created = nullptr;
  HRESULT result = DxgiSwapChain::create(this, device, desc->OutputWindow, &desc1, &fullscreen, nullptr, &created);
  *swapchain = created;
  return result;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSoftwareAdapter(HMODULE module, IDXGIAdapter** adapter) {
  // A software adapter is documented as a rasterizer DLL implementing the driver interface;
  // d3d11vk loads no such DLL, so the module asks for "a rasterizer on the CPU", and the answer
  // is the Vulkan device that is one (VK_PHYSICAL_DEVICE_TYPE_CPU, such as lavapipe), flagged
  // DXGI_ADAPTER_FLAG_SOFTWARE (docs/dxgi.md, Factories).
  if (!adapter) {
    util::log::warn("IDXGIFactory::CreateSoftwareAdapter: null adapter pointer: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  *adapter = nullptr;
  if (!module) {
    util::log::warn("IDXGIFactory::CreateSoftwareAdapter: null module: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
#ifdef _WIN32
  WCHAR path[MAX_PATH];
  if (!GetModuleFileNameW(module, path, MAX_PATH)) {
    util::log::warn("IDXGIFactory::CreateSoftwareAdapter: the module handle names no loaded module: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
#endif
  const std::vector<std::shared_ptr<vk::Adapter>> none;
  const auto& adapters = m_instance ? m_instance->adapters() : none;
  for (UINT i = 0; i < adapters.size(); i++) {
    if (adapters[i]->profile().properties.core.properties.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU)
      continue;
    // Its identity (LUID) is its place in the instance's order, as EnumAdapters reports it.
    auto* created = new DxgiAdapter(this, adapters[i], i);
    created->markSoftware(module);
    HRESULT result = created->QueryInterface(__uuidof(IDXGIAdapter), reinterpret_cast<void**>(adapter));
    created->Release();
    if (FAILED(result))
      return result;
    util::log::info("IDXGIFactory::CreateSoftwareAdapter: the CPU Vulkan device ",
                    adapters[i]->profile().properties.core.properties.deviceName, " serves the software adapter");
    return S_OK;
  }
  util::log::warn("IDXGIFactory::CreateSoftwareAdapter: no Vulkan device of type CPU (such as lavapipe) to serve a "
                  "software adapter: DXGI_ERROR_UNSUPPORTED");
  return DXGI_ERROR_UNSUPPORTED;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForHwnd(IUnknown *pDevice, HWND hWnd, const DXGI_SWAP_CHAIN_DESC1 *pDesc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC *pFullscreenDesc, IDXGIOutput *pRestrictToOutput, IDXGISwapChain1 **ppSwapChain) {
  return DxgiSwapChain::create(this, pDevice, hWnd, pDesc, pFullscreenDesc, pRestrictToOutput, ppSwapChain);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForCoreWindow(IUnknown * /*pDevice*/, IUnknown * /*pWindow*/, const DXGI_SWAP_CHAIN_DESC1 * /*pDesc*/, IDXGIOutput * /*pRestrictToOutput*/, IDXGISwapChain1 ** /*ppSwapChain*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::GetSharedResourceAdapterLuid(HANDLE resource, LUID* luid) {
  if (!luid) {
    // Not documented; DXGI_ERROR_INVALID_CALL, the code the page gives for a bad handle.
    util::log::warn("IDXGIFactory2::GetSharedResourceAdapterLuid: null LUID pointer: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  return sharedResourceAdapterLuid(resource, luid);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterStereoStatusWindow(HWND WindowHandle, UINT wMsg, DWORD* pdwCookie) {
  // STATUS: partial: registered, never notified: windowed stereo is never enabled (IsWindowedStereoEnabled)
  return m_stereo.registerWindow(WindowHandle, wMsg, pdwCookie);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterStereoStatusEvent(HANDLE hEvent, DWORD* pdwCookie) {
  // STATUS: partial: registered, never signalled: windowed stereo is never enabled (IsWindowedStereoEnabled)
  return m_stereo.registerEvent(hEvent, pdwCookie);
}

void STDMETHODCALLTYPE DxgiFactory::UnregisterStereoStatus(DWORD dwCookie) {
  m_stereo.unregister(dwCookie);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterOcclusionStatusWindow(HWND WindowHandle, UINT wMsg, DWORD* pdwCookie) {
  return m_occlusion.registerWindow(WindowHandle, wMsg, pdwCookie);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterOcclusionStatusEvent(HANDLE hEvent, DWORD* pdwCookie) {
  return m_occlusion.registerEvent(hEvent, pdwCookie);
}

void STDMETHODCALLTYPE DxgiFactory::UnregisterOcclusionStatus(DWORD dwCookie) {
  m_occlusion.unregister(dwCookie);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::CreateSwapChainForComposition(IUnknown * /*pDevice*/, const DXGI_SWAP_CHAIN_DESC1 * /*pDesc*/, IDXGIOutput * /*pRestrictToOutput*/, IDXGISwapChain1 ** /*ppSwapChain*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiFactory::RegisterAdaptersChangedEvent(HANDLE event, DWORD* cookie) {
  // Never signalled, and correctly so: the instance's adapters do not change while it lives
  // (IsCurrent stays TRUE).
  return m_adaptersChanged.registerEvent(event, cookie);
}

HRESULT STDMETHODCALLTYPE DxgiFactory::UnregisterAdaptersChangedEvent(DWORD cookie) {
  return m_adaptersChanged.unregister(cookie) ? S_OK : DXGI_ERROR_INVALID_CALL;
}

}  // namespace d3d11vk
