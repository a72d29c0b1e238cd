// DxgiAdapter: adapter descriptions from Vulkan, the private Vulkan interop interface, and the
// adapter methods not implemented yet.
#include "dxgi/dxgi_adapter.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "util/adapter_overrides.h"
#include "util/config.h"
#include "util/log.h"
#include "util/unicode.h"
#include "vk/adapter.h"

namespace d3d11vk {

DXGI_ADAPTER_DESC3 describeAdapter(const vk::Adapter& adapter, UINT index) {
  const vk::DeviceProfile& profile = adapter.profile();
  const VkPhysicalDeviceProperties& properties = profile.properties.core.properties;
  DXGI_ADAPTER_DESC3 desc{};

  util::config::AdapterIdentity real;
  real.vendorId = properties.vendorID;
  real.deviceId = properties.deviceID;
  real.description = profile.deviceName();
  uint64_t deviceLocal = 0, shared = 0;
  for (uint32_t i = 0; i < profile.memory.memoryHeapCount; i++) {
    const VkMemoryHeap& heap = profile.memory.memoryHeaps[i];
    (heap.flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT ? deviceLocal : shared) += heap.size;
  }
  real.dedicatedVideoMemory = deviceLocal;

  // The dxgi.* options (config files, built-in profiles) may report another identity; the log
  // says so once per adapter, since games enumerate adapters many times.
  std::vector<std::string> changes;
  util::config::AdapterIdentity reported = util::config::applyAdapterOptions(util::config::options(), real, &changes);
  static std::atomic<uint32_t> loggedAdapters{0};
  uint32_t bit = index < 32 ? 1u << index : 0u;
  if (!changes.empty() && bit && !(loggedAdapters.fetch_or(bit) & bit)) {
    for (const std::string& change : changes)
      util::log::info("adapter ", index, " (", real.description, "): ", change);
  }

  std::u16string name = util::utf8ToUtf16(reported.description);
  size_t length = std::min(name.size(), std::size(desc.Description) - 1);
  for (size_t i = 0; i < length; i++)
    desc.Description[i] = WCHAR(name[i]);

  desc.VendorId = reported.vendorId;
  desc.DeviceId = reported.deviceId;
  desc.DedicatedVideoMemory = SIZE_T(std::min<uint64_t>(reported.dedicatedVideoMemory, SIZE_MAX));
  desc.SharedSystemMemory = SIZE_T(std::min<uint64_t>(shared, SIZE_MAX));

  if (profile.properties.vk11.deviceLUIDValid) {
    std::memcpy(&desc.AdapterLuid, profile.properties.vk11.deviceLUID, sizeof(desc.AdapterLuid));
  } else {
    // A stable LUID per process; the high part marks it as ours.
    desc.AdapterLuid.LowPart = 0xd3d1100u + index;
    desc.AdapterLuid.HighPart = 0;
  }
  // A CPU Vulkan device is still reported as hardware: DXGI_ADAPTER_FLAG_SOFTWARE means WARP to
  // applications, and those that skip it would find no adapter at all (docs/dxgi.md).
  desc.Flags = DXGI_ADAPTER_FLAG3_NONE;
  desc.GraphicsPreemptionGranularity = DXGI_GRAPHICS_PREEMPTION_DMA_BUFFER_BOUNDARY;
  desc.ComputePreemptionGranularity = DXGI_COMPUTE_PREEMPTION_DMA_BUFFER_BOUNDARY;
  return desc;
}

DxgiAdapter::DxgiAdapter(IDXGIFactory* factory, std::shared_ptr<vk::Adapter> adapter, UINT index)
    : m_factory(factory), m_adapter(std::move(adapter)), m_desc(describeAdapter(*m_adapter, index)) {}

HRESULT STDMETHODCALLTYPE DxgiAdapter::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIAdapter) ||
      riid == __uuidof(IDXGIAdapter1) || riid == __uuidof(IDXGIAdapter2) || riid == __uuidof(IDXGIAdapter3) ||
      riid == __uuidof(IDXGIAdapter4))
    return util::returnInterface<IDXGIAdapter4>(this, object);
  if (riid == __uuidof(IDXGIVkAdapter))
    return util::returnInterface<IDXGIVkAdapter>(&m_vkInterop, object);
  util::logUnknownInterface("DxgiAdapter", riid);
  return E_NOINTERFACE;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetParent(REFIID riid, void** parent) {
  if (!parent)
    return E_INVALIDARG;
  return m_factory->QueryInterface(riid, parent);
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::EnumOutputs(UINT output_idx, IDXGIOutput** output) {
  (void)output_idx;
  if (output)
    *output = nullptr;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc(DXGI_ADAPTER_DESC* desc) {
  if (!desc)
    return E_INVALIDARG;
  std::memcpy(desc->Description, m_desc.Description, sizeof(desc->Description));
  desc->VendorId = m_desc.VendorId;
  desc->DeviceId = m_desc.DeviceId;
  desc->SubSysId = m_desc.SubSysId;
  desc->Revision = m_desc.Revision;
  desc->DedicatedVideoMemory = m_desc.DedicatedVideoMemory;
  desc->DedicatedSystemMemory = m_desc.DedicatedSystemMemory;
  desc->SharedSystemMemory = m_desc.SharedSystemMemory;
  desc->AdapterLuid = m_desc.AdapterLuid;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc1(DXGI_ADAPTER_DESC1* desc) {
  if (!desc)
    return E_INVALIDARG;
  GetDesc(reinterpret_cast<DXGI_ADAPTER_DESC*>(desc));  // DESC1 begins with DESC's members
  desc->Flags = m_desc.Flags;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc2(DXGI_ADAPTER_DESC2* desc) {
  if (!desc)
    return E_INVALIDARG;
  GetDesc1(reinterpret_cast<DXGI_ADAPTER_DESC1*>(desc));
  desc->GraphicsPreemptionGranularity = m_desc.GraphicsPreemptionGranularity;
  desc->ComputePreemptionGranularity = m_desc.ComputePreemptionGranularity;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::GetDesc3(DXGI_ADAPTER_DESC3* desc) {
  if (!desc)
    return E_INVALIDARG;
  *desc = m_desc;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::CheckInterfaceSupport(REFGUID guid, LARGE_INTEGER* umd_version) {
  // STATUS: partial: always DXGI_ERROR_UNSUPPORTED: no Direct3D 10 front end yet
  // Documented to answer only for Direct3D 10 device interfaces; d3d11vk has no D3D10 front end yet.
  (void)umd_version;
  D3D11VK_LOG_ONCE(Info, "IDXGIAdapter::CheckInterfaceSupport: ", util::guidToString(guid),
                   " unsupported (no Direct3D 10 front end yet)");
  return DXGI_ERROR_UNSUPPORTED;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE event, DWORD* cookie) {
  (void)event; (void)cookie;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

void STDMETHODCALLTYPE DxgiAdapter::UnregisterHardwareContentProtectionTeardownStatus(DWORD cookie) {
  (void)cookie;
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::QueryVideoMemoryInfo(UINT node_index, DXGI_MEMORY_SEGMENT_GROUP segment_group, DXGI_QUERY_VIDEO_MEMORY_INFO* memory_info) {
  (void)node_index; (void)segment_group; (void)memory_info;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::SetVideoMemoryReservation(UINT node_index, DXGI_MEMORY_SEGMENT_GROUP segment_group, UINT64 reservation) {
  (void)node_index; (void)segment_group; (void)reservation;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE event, DWORD* cookie) {
  (void)event; (void)cookie;
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

void STDMETHODCALLTYPE DxgiAdapter::UnregisterVideoMemoryBudgetChangeNotification(DWORD cookie) {
  (void)cookie;
  D3D11VK_NOT_IMPLEMENTED();
}

vk::Adapter* STDMETHODCALLTYPE DxgiAdapter::VkInterop::GetVulkanAdapter() {
  return owner()->m_adapter.get();
}

}  // namespace d3d11vk
