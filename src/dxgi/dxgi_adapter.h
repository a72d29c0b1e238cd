// DxgiAdapter: IDXGIAdapter through IDXGIAdapter4 over one Vulkan physical device: descriptions,
// outputs, video-memory budgets and reservations.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "dxgi/dxgi_event_registry.h"
#include "dxgi/dxgi_object.h"
#include "dxgi/dxgi_vk_adapter.h"
#include "util/com_face.h"
#include "util/com_ptr.h"

namespace vk { class Adapter; }

namespace d3d11vk {

class DxgiAdapter : public DxgiObject<IDXGIAdapter4> {
public:
  DxgiAdapter(IDXGIFactory* factory, std::shared_ptr<vk::Adapter> adapter, UINT index);
  // Gives back the software rasterizer module's reference (markSoftware).
  ~DxgiAdapter() override;

  // Makes this the adapter IDXGIFactory::CreateSoftwareAdapter hands out: DXGI_ADAPTER_FLAG_SOFTWARE
  // in its descriptions, and (PE) a reference to `module` held until the adapter goes, as
  // documented, so the application may FreeLibrary its own at once.
  void markSoftware(HMODULE module);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  // IDXGIObject
  HRESULT STDMETHODCALLTYPE GetParent(REFIID riid, void **parent) override;
  // IDXGIAdapter
  HRESULT STDMETHODCALLTYPE EnumOutputs(UINT output_idx, IDXGIOutput **output) override;
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_ADAPTER_DESC *desc) override;
  HRESULT STDMETHODCALLTYPE CheckInterfaceSupport(REFGUID guid, LARGE_INTEGER *umd_version) override;
  // IDXGIAdapter1
  HRESULT STDMETHODCALLTYPE GetDesc1(DXGI_ADAPTER_DESC1 *pDesc) override;
  // IDXGIAdapter2
  HRESULT STDMETHODCALLTYPE GetDesc2(DXGI_ADAPTER_DESC2 *pDesc) override;
  // IDXGIAdapter3
  HRESULT STDMETHODCALLTYPE RegisterHardwareContentProtectionTeardownStatusEvent(HANDLE event, DWORD *cookie) override;
  void STDMETHODCALLTYPE UnregisterHardwareContentProtectionTeardownStatus(DWORD cookie) override;
  HRESULT STDMETHODCALLTYPE QueryVideoMemoryInfo(UINT node_index, DXGI_MEMORY_SEGMENT_GROUP segment_group, DXGI_QUERY_VIDEO_MEMORY_INFO *memory_info) override;
  HRESULT STDMETHODCALLTYPE SetVideoMemoryReservation(UINT node_index, DXGI_MEMORY_SEGMENT_GROUP segment_group, UINT64 reservation) override;
  HRESULT STDMETHODCALLTYPE RegisterVideoMemoryBudgetChangeNotificationEvent(HANDLE event, DWORD *cookie) override;
  void STDMETHODCALLTYPE UnregisterVideoMemoryBudgetChangeNotification(DWORD cookie) override;
  // IDXGIAdapter4
  HRESULT STDMETHODCALLTYPE GetDesc3(DXGI_ADAPTER_DESC3 *desc) override;

  const std::shared_ptr<vk::Adapter>& vulkanAdapter() const { return m_adapter; }

private:
  class VkInterop : public util::ComFace<IDXGIVkAdapter, DxgiAdapter> {
  public:
    using ComFace::ComFace;
    vk::Adapter* STDMETHODCALLTYPE GetVulkanAdapter() override;
  };

  util::ComPtr<IDXGIFactory> m_factory;
  std::shared_ptr<vk::Adapter> m_adapter;
  // The adapter the monitors are attached to: the first in the instance's order (docs/dxgi.md).
  bool drivesDisplays() const;
  // Validates QueryVideoMemoryInfo/SetVideoMemoryReservation's node and segment arguments.
  static bool validSegment(const char* method, UINT node_index, UINT group);  // group: the raw value

  DXGI_ADAPTER_DESC3 m_desc{};
  HMODULE m_softwareModule = nullptr;  // the reference taken by markSoftware (PE only)
  VkInterop m_vkInterop{this};
  std::atomic<uint64_t> m_reservation[2]{0, 0};  // per DXGI_MEMORY_SEGMENT_GROUP
  DxgiEventRegistry m_budgetEvents{"video memory budget change"};
  DxgiEventRegistry m_protectionEvents{"hardware content protection teardown"};
};

// Fills a DXGI adapter description from a Vulkan device profile; index makes up a LUID for
// devices whose driver reports none.
DXGI_ADAPTER_DESC3 describeAdapter(const vk::Adapter& adapter, UINT index);

}  // namespace d3d11vk
