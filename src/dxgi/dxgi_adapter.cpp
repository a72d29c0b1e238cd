// DxgiAdapter: adapter descriptions from Vulkan, outputs, video-memory queries and reservations,
// notification registrations, and the private Vulkan interop interface.
#include "dxgi/dxgi_adapter.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "d3d11/d3d11_enum_value.h"
#include "dxgi/dxgi_monitor.h"
#include "dxgi/dxgi_output.h"
#include "dxgi/dxgi_video_memory.h"
#include "util/adapter_overrides.h"
#include "util/config.h"
#include "util/log.h"
#include "util/thread.h"
#include "util/unicode.h"
#include "vk/adapter.h"
#include "vk/instance.h"

namespace d3d11vk {

namespace {

// The Direct3D 10 device interfaces CheckInterfaceSupport answers for (d3d10.h and d3d10_1.h are
// not otherwise needed here).
constexpr GUID kIID_ID3D10Device = {0x9b7e4c0f, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};
constexpr GUID kIID_ID3D10Device1 = {0x9b7e4c8f, 0x342c, 0x4106, {0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89, 0xf0}};

}  // namespace

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

DxgiAdapter::~DxgiAdapter() {
#ifdef _WIN32
  if (m_softwareModule)
    FreeLibrary(m_softwareModule);
#endif
}

void DxgiAdapter::markSoftware(HMODULE module) {
  m_desc.Flags = DXGI_ADAPTER_FLAG3(m_desc.Flags | DXGI_ADAPTER_FLAG3_SOFTWARE);
#ifdef _WIN32
  // The documented contract: the adapter owns one reference to the module. Taken through the
  // module's own name, since Win32 has no "add a reference to this HMODULE" call.
  WCHAR path[MAX_PATH];
  DWORD length = GetModuleFileNameW(module, path, MAX_PATH);
  if (length > 0 && length < MAX_PATH)
    m_softwareModule = LoadLibraryW(path);
#else
  (void)module;  // natively the value is only checked for null: there are no rasterizer modules
#endif
}

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

bool DxgiAdapter::drivesDisplays() const {
  // Vulkan cannot say which device scans out which monitor without a surface, so every monitor is
  // reported on the first adapter, the one applications take for the desktop's (docs/dxgi.md).
  const auto& adapters = m_adapter->instance()->adapters();
  return !adapters.empty() && adapters.front() == m_adapter;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::EnumOutputs(UINT output_idx, IDXGIOutput** output) {
  // STATUS: partial: every monitor is reported on the first adapter; natively the X screen's RandR monitors, none without DISPLAY
  if (!output) {
    util::log::warn("IDXGIAdapter::EnumOutputs: null output pointer");
    return E_INVALIDARG;
  }
  *output = nullptr;
  if (!drivesDisplays())
    return DXGI_ERROR_NOT_FOUND;
  // Read afresh each time, so a mode change since the last call is seen.
  std::vector<Monitor> monitors = enumerateMonitors();
  if (output_idx >= monitors.size())
    return DXGI_ERROR_NOT_FOUND;
  *output = new DxgiOutput(this, std::move(monitors[output_idx]));
  return S_OK;
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
  // Documented to answer only for the DXGI device and Direct3D 10 device interfaces (Direct3D 11
  // and later are always DXGI_ERROR_UNSUPPORTED, the version left as it was, as Windows leaves
  // it); applications call it to read the driver version.
  if (guid != __uuidof(IDXGIDevice) && guid != kIID_ID3D10Device && guid != kIID_ID3D10Device1) {
    util::log::info("IDXGIAdapter::CheckInterfaceSupport: ", util::guidToString(guid), " unsupported");
    return DXGI_ERROR_UNSUPPORTED;
  }
  if (umd_version) {
    // Windows' a.b.c.d driver-version form from Vulkan's packed driver version.
    uint32_t version = m_adapter->profile().properties.core.properties.driverVersion;
    umd_version->HighPart = LONG((VK_API_VERSION_MAJOR(version) << 16) | VK_API_VERSION_MINOR(version));
    umd_version->LowPart = DWORD(VK_API_VERSION_PATCH(version) << 16);
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE event, DWORD* cookie) {
  // STATUS: partial: registered, never signalled: d3d11vk has no protected content to tear down
  return m_protectionEvents.registerEvent(event, cookie);
}

void STDMETHODCALLTYPE DxgiAdapter::UnregisterHardwareContentProtectionTeardownStatus(DWORD cookie) {
  m_protectionEvents.unregister(cookie);
}

bool DxgiAdapter::validSegment(const char* method, UINT node_index, UINT group) {
  // One node: d3d11vk drives one Vulkan device per adapter, never a linked group.
  if (node_index != 0) {
    util::log::warn(method, ": node ", node_index, " does not exist (one node per adapter)");
    return false;
  }
  if (group != DXGI_MEMORY_SEGMENT_GROUP_LOCAL && group != DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL) {
    util::log::warn(method, ": invalid segment group ", group);
    return false;
  }
  return true;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::QueryVideoMemoryInfo(UINT node_index, DXGI_MEMORY_SEGMENT_GROUP segment_group, DXGI_QUERY_VIDEO_MEMORY_INFO* memory_info) {
  if (!validSegment("IDXGIAdapter3::QueryVideoMemoryInfo", node_index, enumValue(segment_group)))
    return E_INVALIDARG;
  if (!memory_info) {
    util::log::warn("IDXGIAdapter3::QueryVideoMemoryInfo: null memory info");
    return E_INVALIDARG;
  }
  MemorySegments segments = queryMemorySegments(*m_adapter);
  D3D11VK_LOG_ONCE(Info, "IDXGIAdapter3::QueryVideoMemoryInfo: ",
                   segments.fromBudgetExtension ? "budgets from VK_EXT_memory_budget"
                                                : "no VK_EXT_memory_budget: budgets are heap sizes, usage unknown");
  const bool local = enumValue(segment_group) == DXGI_MEMORY_SEGMENT_GROUP_LOCAL;
  const MemorySegment& segment = local ? segments.local : segments.nonLocal;
  memory_info->Budget = segment.budget;
  // dxgi.maxDeviceMemory caps the dedicated memory the adapter reports; the budget follows it.
  if (local && m_desc.DedicatedVideoMemory)
    memory_info->Budget = std::min<UINT64>(memory_info->Budget, m_desc.DedicatedVideoMemory);
  memory_info->CurrentUsage = segment.usage;
  memory_info->AvailableForReservation = memory_info->Budget / 2;
  memory_info->CurrentReservation = m_reservation[local ? 0 : 1].load();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::SetVideoMemoryReservation(UINT node_index, DXGI_MEMORY_SEGMENT_GROUP segment_group, UINT64 reservation) {
  // STATUS: partial: the reservation is recorded and reported; Vulkan has no residency guarantee to request
  if (!validSegment("IDXGIAdapter3::SetVideoMemoryReservation", node_index, enumValue(segment_group)))
    return E_INVALIDARG;
  DXGI_QUERY_VIDEO_MEMORY_INFO info{};
  QueryVideoMemoryInfo(node_index, segment_group, &info);
  if (reservation > info.AvailableForReservation) {
    util::log::warn("IDXGIAdapter3::SetVideoMemoryReservation: ", reservation, " bytes exceed the ",
                    info.AvailableForReservation, " available for reservation");
    return E_INVALIDARG;
  }
  m_reservation[enumValue(segment_group) == DXGI_MEMORY_SEGMENT_GROUP_LOCAL ? 0 : 1] = reservation;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiAdapter::RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE event, DWORD* cookie) {
  // STATUS: partial: signalled once at registration (the budget to read first); later budget changes are not watched
  HRESULT result = m_budgetEvents.registerEvent(event, cookie);
  // Windows 10 sets a newly registered event at once (Wine's dxgi tests wait for it), so the
  // application reads its first budget through the same path as every later change.
  if (SUCCEEDED(result))
    util::setEventHandle(event);
  return result;
}

void STDMETHODCALLTYPE DxgiAdapter::UnregisterVideoMemoryBudgetChangeNotification(DWORD cookie) {
  m_budgetEvents.unregister(cookie);
}

vk::Adapter* STDMETHODCALLTYPE DxgiAdapter::VkInterop::GetVulkanAdapter() {
  return owner()->m_adapter.get();
}

}  // namespace d3d11vk
