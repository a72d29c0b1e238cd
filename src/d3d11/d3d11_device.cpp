// D3D11Device: identity (QueryInterface and its faces), device-wide state, creation of state
// objects, queries and counters, and the methods not implemented yet, each of which logs once
// and returns E_NOTIMPL (docs/STATUS.md).
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"

#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/caps/resource_limits.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_create_device.h"
#include "d3d11/d3d11_device_context_state.h"
#include "d3d11/d3d11_resource_validation.h"
#include "d3d11/d3d11_shared_handles.h"
#include "d3d11/d3d11_texture.h"
#include "d3d11/d3d11_view.h"
#include "d3d11/d3d11_view_validation.h"
#include "d3d11/d3d11_feature_levels.h"
#include "d3d11/d3d11_fence.h"
#include "d3d11/d3d11_query.h"
#include "util/log.h"
#include "util/thread.h"
#include "vk/adapter.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/instance.h"
#include "vk/result.h"
#include "vk/shader_code.h"
#include "vk/tiled_resource.h"

#include <cstddef>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace d3d11vk {

namespace {

uint64_t maxResourceBytesFor(IDXGIAdapter* adapter, D3D_FEATURE_LEVEL level) {
  DXGI_ADAPTER_DESC desc{};
  uint64_t videoMemory = adapter && SUCCEEDED(adapter->GetDesc(&desc)) ? uint64_t(desc.DedicatedVideoMemory) : 0;
  return caps::resourceSizeLimit(level, videoMemory);
}

}  // namespace

D3D11Device::D3D11Device(util::ComPtr<IDXGIAdapter> dxgiAdapter, vk::Adapter* vkAdapter,
                         std::unique_ptr<vk::Device> vkDevice, D3D_FEATURE_LEVEL featureLevel, UINT flags)
    : m_dxgiAdapter(std::move(dxgiAdapter)), m_vkAdapter(vkAdapter), m_vkDevice(std::move(vkDevice)),
      m_featureLevel(featureLevel), m_flags(flags),
      m_debugLayer(flags & D3D11_CREATE_DEVICE_DEBUG ? std::make_unique<D3D11DebugLayer>(this) : nullptr),
      m_stateCaps(stateCapsFor(m_vkAdapter->profile(), featureLevel)),
      m_maxResourceBytes(maxResourceBytesFor(m_dxgiAdapter.get(), featureLevel)) {
  if (m_debugLayer)
    m_diagnostics.attach(&m_debugLayer->queue(), m_debugLayer->dxgiQueue());
  const VkPhysicalDeviceVulkan12Properties& vk12 = m_vkAdapter->profile().properties.vk12;
  ShaderCache::DeviceShaderFeatures shaderFeatures;
  shaderFeatures.preserveSignedZeroInfNan32 = vk12.shaderSignedZeroInfNanPreserveFloat32;
  shaderFeatures.preserveSignedZeroInfNan64 = vk12.shaderSignedZeroInfNanPreserveFloat64;
  // Enabled, not merely present: the module may use only what the device was created with.
  shaderFeatures.demoteToHelperInvocation = m_vkDevice->enabledFeatures().vk13.shaderDemoteToHelperInvocation;
  m_shaderCache.setDeviceFeatures(shaderFeatures);
  m_shaderCache.setCounters(&m_vkDevice->counters());
}

D3D11Device::~D3D11Device() {
  // Documented: the events are unregistered when the device is destroyed, not set by it.
  std::lock_guard lock(m_removedEventsMutex);
  for (uint32_t cookie : m_removedEventCookies)
    m_vkDevice->timeline().removeLossCallback(cookie);
}

HRESULT STDMETHODCALLTYPE D3D11Device::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11Device) || riid == __uuidof(ID3D11Device1) ||
      riid == __uuidof(ID3D11Device2) || riid == __uuidof(ID3D11Device3) || riid == __uuidof(ID3D11Device4) ||
      riid == __uuidof(ID3D11Device5))
    return util::returnInterface<ID3D11Device5>(this, object);
  if (riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIDevice) || riid == __uuidof(IDXGIDevice1) ||
      riid == __uuidof(IDXGIDevice2) || riid == __uuidof(IDXGIDevice3) || riid == __uuidof(IDXGIDevice4))
    return util::returnInterface<IDXGIDevice4>(&m_dxgiDevice, object);
  if (riid == __uuidof(ID3D11VkDeviceInfo))
    return util::returnInterface<ID3D11VkDeviceInfo>(&m_deviceInfo, object);
  if (riid == __uuidof(ID3D11VkPresentDevice))
    return util::returnInterface<ID3D11VkPresentDevice>(&m_presentDevice, object);
  if (riid == kD3D10RuntimeDeviceId) {  // d3d11_create_device.h
    exposeD3D10Device();
    return m_d3d10.query(__uuidof(ID3D10Device1), object) ? S_OK : E_NOINTERFACE;
  }
  const bool d3d10Device = riid == __uuidof(ID3D10Device) || riid == __uuidof(ID3D10Device1);
  if ((!d3d10Device || m_exposeD3D10Device) && m_d3d10.query(riid, object))  // ID3D10Device(1), ID3D10Multithread (src/d3d10)
    return S_OK;
  // ID3D11Debug, ID3D11InfoQueue; the D3D10 ones on a device made for the D3D10 runtime.
  if (m_debugLayer && m_debugLayer->query(riid, m_exposeD3D10Device, object))
    return S_OK;
  util::logUnknownInterface("D3D11Device", riid);
  return E_NOINTERFACE;
}

D3D_FEATURE_LEVEL STDMETHODCALLTYPE D3D11Device::GetFeatureLevel() {
  return m_featureLevel;
}

UINT STDMETHODCALLTYPE D3D11Device::GetCreationFlags() {
  return m_flags;
}

HRESULT STDMETHODCALLTYPE D3D11Device::GetDeviceRemovedReason() {
  // One mapping (docs/command-stream.md, Device loss): VK_ERROR_DEVICE_LOST is what a GPU hang or
  // reset gives, which Windows drivers report as DXGI_ERROR_DEVICE_HUNG; any other failure that
  // stopped the command stream is the driver's own (DXGI_ERROR_DRIVER_INTERNAL_ERROR).
  const vk::GpuTimeline& timeline = m_vkDevice->timeline();
  if (!timeline.isLost())
    return S_OK;
  return timeline.lostResult() == VK_ERROR_DEVICE_LOST ? DXGI_ERROR_DEVICE_HUNG : DXGI_ERROR_DRIVER_INTERNAL_ERROR;
}

bool D3D11Device::refuseWhenRemoved(const char* method) {
  if (!m_vkDevice->timeline().isLost())
    return false;
  m_diagnostics.warn(creationRefused(method, DXGI_ERROR_DEVICE_REMOVED), "ID3D11Device::", method, ": the device was removed: DXGI_ERROR_DEVICE_REMOVED");
  return true;
}

HRESULT STDMETHODCALLTYPE D3D11Device::SetExceptionMode(UINT RaiseFlags) {
  if (RaiseFlags & ~UINT(D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR))
    return E_INVALIDARG;
  m_exceptionMode = RaiseFlags;
  return S_OK;
}

UINT STDMETHODCALLTYPE D3D11Device::GetExceptionMode() {
  return m_exceptionMode;
}

HRESULT STDMETHODCALLTYPE D3D11Device::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) {
  return m_privateData.getData(guid, pDataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D11Device::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) {
  return m_privateData.setData(guid, DataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D11Device::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) {
  return m_privateData.setInterface(guid, pData);
}

template <typename ContextInterface>
void D3D11Device::returnImmediateContext(ContextInterface** context) {
  if (context) {
    m_immediateContext.AddRef();
    *context = &m_immediateContext;
  }
}

void STDMETHODCALLTYPE D3D11Device::GetImmediateContext(ID3D11DeviceContext** ppImmediateContext) {
  returnImmediateContext(ppImmediateContext);
}

void STDMETHODCALLTYPE D3D11Device::GetImmediateContext1(ID3D11DeviceContext1** ppImmediateContext) {
  returnImmediateContext(ppImmediateContext);
}

void STDMETHODCALLTYPE D3D11Device::GetImmediateContext2(ID3D11DeviceContext2** ppImmediateContext) {
  returnImmediateContext(ppImmediateContext);
}

void STDMETHODCALLTYPE D3D11Device::GetImmediateContext3(ID3D11DeviceContext3** ppImmediateContext) {
  returnImmediateContext(ppImmediateContext);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFeatureSupport(D3D11_FEATURE Feature, void* pFeatureSupportData, UINT FeatureSupportDataSize) {
  HRESULT result = caps::queryFeatureSupport(m_vkAdapter->profile(), m_featureLevel, Feature, pFeatureSupportData,
                                             FeatureSupportDataSize);
  if (result == E_INVALIDARG)
    m_diagnostics.warn(creationRefused("CheckFeatureSupport", E_INVALIDARG), "ID3D11Device::CheckFeatureSupport: feature ", int(Feature), " with a ", FeatureSupportDataSize,
                    "-byte structure: E_INVALIDARG");
  return result;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFormatSupport(DXGI_FORMAT Format, UINT* pFormatSupport) {
  if (!pFormatSupport)
    return E_INVALIDARG;
  *pFormatSupport = 0;
  if (!caps::formatInfo(Format))  // not a DXGI format: unsupported (E_FAIL), as Windows answers
    return E_FAIL;
  *pFormatSupport = caps::queryFormatSupport(m_vkAdapter->profile(), m_featureLevel, Format).support;
  return *pFormatSupport ? S_OK : E_FAIL;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckMultisampleQualityLevels(DXGI_FORMAT Format, UINT SampleCount, UINT* pNumQualityLevels) {
  return caps::checkMultisampleQualityLevels(m_vkAdapter->profile(), m_featureLevel, Format, SampleCount, 0,
                                             pNumQualityLevels);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckMultisampleQualityLevels1(DXGI_FORMAT Format, UINT SampleCount, UINT Flags, UINT* pNumQualityLevels) {
  return caps::checkMultisampleQualityLevels(m_vkAdapter->profile(), m_featureLevel, Format, SampleCount, Flags,
                                             pNumQualityLevels);
}

const char* STDMETHODCALLTYPE D3D11Device::DeviceInfo::GetImplementationName() {
  return "d3d11vk " D3D11VK_VERSION;
}

const char* STDMETHODCALLTYPE D3D11Device::DeviceInfo::GetVulkanDeviceName() {
  if (m_deviceName.empty())
    m_deviceName = owner()->vulkanAdapter().profile().deviceName();
  return m_deviceName.c_str();
}

const char* STDMETHODCALLTYPE D3D11Device::DeviceInfo::GetVulkanDriverDescription() {
  if (m_driverDescription.empty())
    m_driverDescription = owner()->vulkanAdapter().profile().driverDescription();
  return m_driverDescription.c_str();
}

UINT STDMETHODCALLTYPE D3D11Device::DeviceInfo::GetValidationErrorCount() {
  return owner()->vulkanAdapter().instance()->validationErrorCount();
}

BOOL STDMETHODCALLTYPE D3D11Device::DeviceInfo::IsValidationEnabled() {
  return owner()->vulkanAdapter().instance()->validationEnabled() ? TRUE : FALSE;
}

namespace {

HRESULT rejectNullDescription(const Diagnostics& diagnostics, const char* method) {
  diagnostics.warn(creationWithoutDescription(method), "ID3D11Device::", method, ": no description: E_INVALIDARG");
  return E_INVALIDARG;
}

D3D11_QUERY_DESC1 widenQueryDesc(const D3D11_QUERY_DESC& desc) {
  // Copied as bytes: Query is validated afterwards and may hold any value here.
  static_assert(offsetof(D3D11_QUERY_DESC1, ContextType) == sizeof(D3D11_QUERY_DESC));
  D3D11_QUERY_DESC1 wide{};
  std::memcpy(&wide, &desc, sizeof(desc));
  wide.ContextType = D3D11_CONTEXT_TYPE_ALL;
  return wide;
}

// Why a counter description cannot be used; with no counters on this device, always something.
std::string checkCounterDesc(const D3D11_COUNTER_DESC* desc) {
  if (!desc)
    return "no description";
  if (desc->MiscFlags)
    return "MiscFlags must be 0";
  if (UINT(desc->Counter) < UINT(D3D11_COUNTER_DEVICE_DEPENDENT_0))
    return "counter " + std::to_string(UINT(desc->Counter)) + " is not a D3D11_COUNTER";
  return "device-dependent counter " + std::to_string(UINT(desc->Counter)) +
         " is out of range (this device has none; see CheckCounterInfo)";
}

// The shared body of the Create*View methods: the resource must be one of ours with the view's
// bind flag; a null description becomes the default one; then validation, S_FALSE for a null
// out-pointer, and creation. `Check` is one of the check*View functions.
const char* bindFlagName(UINT flag) {
  switch (flag) {
    case D3D11_BIND_SHADER_RESOURCE: return "D3D11_BIND_SHADER_RESOURCE";
    case D3D11_BIND_RENDER_TARGET: return "D3D11_BIND_RENDER_TARGET";
    case D3D11_BIND_DEPTH_STENCIL: return "D3D11_BIND_DEPTH_STENCIL";
    default: return "D3D11_BIND_UNORDERED_ACCESS";
  }
}

// A creation whose Vulkan objects failed: one log line, and the documented code for why.
HRESULT vulkanCreationFailed(const Diagnostics& diagnostics, const char* method, const vk::Error& error) {
  const bool lost = error.result() == VK_ERROR_DEVICE_LOST;
  diagnostics.warn(creationRefused(method, lost ? DXGI_ERROR_DEVICE_REMOVED : E_OUTOFMEMORY), "ID3D11Device::", method, ": ", error.what(), lost ? ": DXGI_ERROR_DEVICE_REMOVED" : ": E_OUTOFMEMORY");
  return lost ? DXGI_ERROR_DEVICE_REMOVED : E_OUTOFMEMORY;
}

template <typename Object, typename Desc, typename Interface, typename Check>
HRESULT createView(D3D11Device* device, D3D_FEATURE_LEVEL level, const char* method, ID3D11Resource* resource,
                   const Desc* desc, UINT bindFlag, Check check, Interface** view) {
  if (view)
    *view = nullptr;
  ResolvedResource resolved;
  if (!resource || !resolveResource(resource, &resolved)) {
    device->diagnostics().warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ", resource ? "not a d3d11vk resource" : "null resource", ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!(resolved.bindFlags & bindFlag)) {
    device->diagnostics().warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": the resource lacks bind flag ", bindFlagName(bindFlag), ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  Desc normalised{};
  if (desc)
    normalised = *desc;
  ViewRange range;
  std::string problem = check(level, resolved.desc, &normalised, desc == nullptr, &range);
  if (!problem.empty()) {
    if (problem.rfind("not implemented:", 0) == 0) {
      device->diagnostics().warn(creationRefused(method, E_NOTIMPL), "ID3D11Device::", method, ": ", problem, ": E_NOTIMPL");
      return E_NOTIMPL;
    }
    device->diagnostics().warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ", problem, ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!view)
    return S_FALSE;  // documented: a null out-pointer validates the description only
  if (device->refuseWhenRemoved(method))
    return DXGI_ERROR_DEVICE_REMOVED;
  try {
    *view = new Object(device, resolved, normalised, range);  // starts with the caller's reference
    return S_OK;
  } catch (const std::bad_alloc&) {
    device->diagnostics().warn(creationRefused(method, E_OUTOFMEMORY), "ID3D11Device::", method, ": out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  } catch (const vk::Error& error) {
    return vulkanCreationFailed(device->diagnostics(), method, error);
  }
}

// The older descriptions are the newer ones without PlaneSlice. Texture2DArray's PlaneSlice lies
// past the older union and starts zeroed; Texture2D's overlaps bytes the older description does
// not define for that dimension (another member's leftovers), so it is cleared.
template <typename New, typename Old>
const New* widenViewDesc(const Old* desc, New* storage, UINT texture2DDimension) {
  if (!desc)
    return nullptr;
  *storage = {};
  std::memcpy(storage, desc, sizeof(*desc));
  if (enumValue(storage->ViewDimension) == texture2DDimension)
    storage->Texture2D.PlaneSlice = 0;
  return storage;
}

}  // namespace

template <typename Object, typename Desc, typename Interface>
HRESULT D3D11Device::createStateObject(const char* method, StateCache<Object, Desc>& cache, const std::string& problem,
                                       const Desc& normalised, Interface** object) {
  if (!problem.empty()) {
    m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ", problem, ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!object)
    return S_FALSE;  // documented: a null out-pointer validates the description only
  Object* found = nullptr;
  HRESULT result = cache.findOrCreate(normalised, [&] { return new Object(this, cache, normalised); }, &found);
  if (FAILED(result)) {
    m_diagnostics.warn(creationRefused(method, result), "ID3D11Device::", method, ": ",
                    result == E_OUTOFMEMORY ? "out of memory" : "4096 unique objects of this kind are alive",
                    ": 0x", std::hex, unsigned(result));
    return result;
  }
  *object = found;
  return S_OK;
}

template <typename Interface>
HRESULT D3D11Device::createBlendState(const char* method, const D3D11_BLEND_DESC1& desc, Interface** object) {
  D3D11_BLEND_DESC1 normalised;
  std::string problem = checkBlendDesc(m_stateCaps, desc, &normalised);
  return createStateObject(method, m_blendStates, problem, normalised, object);
}

template <typename Interface>
HRESULT D3D11Device::createRasterizerState(const char* method, const D3D11_RASTERIZER_DESC2& desc, Interface** object) {
  D3D11_RASTERIZER_DESC2 normalised;
  std::string problem = checkRasterizerDesc(m_stateCaps, desc, &normalised);
  return createStateObject(method, m_rasterizerStates, problem, normalised, object);
}

template <typename Interface>
HRESULT D3D11Device::createQuery(const char* method, const D3D11_QUERY_DESC1& desc, bool predicateOnly, Interface** object) {
  std::string problem = checkQueryDesc(m_featureLevel, desc, predicateOnly);
  if (!problem.empty()) {
    m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ", problem, ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!object)
    return S_FALSE;
  if (refuseWhenRemoved(method))
    return DXGI_ERROR_DEVICE_REMOVED;
  D3D11Query* query = nullptr;
  try {
    query = new D3D11Query(this, desc);
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused(method, E_OUTOFMEMORY), "ID3D11Device::", method, ": out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
  // Queries are not deduplicated: each call is a new object.
  if constexpr (std::is_same_v<Interface, ID3D11Predicate>)
    *object = query->asPredicate();
  else
    *object = query->asQuery1();
  return S_OK;
}

HRESULT D3D11Device::rejectDescription(const char* method, const std::string& problem) {
  if (problem.rfind("not implemented:", 0) == 0) {
    m_diagnostics.warn(creationRefused(method, E_NOTIMPL), "ID3D11Device::", method, ": ", problem, ": E_NOTIMPL");
    return E_NOTIMPL;
  }
  m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ", problem, ": E_INVALIDARG");
  return E_INVALIDARG;
}

template <typename Object, typename Desc, typename Interface>
HRESULT D3D11Device::createTexture(const char* method, Desc desc, const D3D11_SUBRESOURCE_DATA* initialData,
                                   Interface** texture, UINT swapChainUsage) {
  TextureDesc common = textureDesc(desc);
  std::string problem = checkTextureDesc(m_vkAdapter->profile(), m_featureLevel, &common, initialData);
  if (problem.empty()) {
    VkDeviceSize total = 0;
    TextureStorage::packedLayout(common, &total);
    if (total > m_maxResourceBytes)
      problem = std::to_string(total) + " bytes are over the " + std::to_string(m_maxResourceBytes) +
                "-byte resource size limit (from the adapter's dedicated video memory)";
  }
  if (!problem.empty())
    return rejectDescription(method, problem);
  if (!texture)
    return S_FALSE;  // documented: a null out-pointer validates the description only
  if (refuseWhenRemoved(method))
    return DXGI_ERROR_DEVICE_REMOVED;
  desc.MipLevels = common.mipLevels;
  try {
    if constexpr (std::is_same_v<Object, D3D11Texture2D>)
      *texture = new Object(this, desc, initialData, swapChainUsage);  // starts with the caller's reference
    else
      *texture = new Object(this, desc, initialData);
    return S_OK;
  } catch (const std::invalid_argument& error) {
    m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ", error.what(), ": E_INVALIDARG");
    return E_INVALIDARG;
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused(method, E_OUTOFMEMORY), "ID3D11Device::", method, ": out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  } catch (const vk::Error& error) {
    return vulkanCreationFailed(m_diagnostics, method, error);
  }
}

HRESULT STDMETHODCALLTYPE D3D11Device::DeviceInfo::ReadSubresource(ID3D11Resource* resource, UINT subresource, void* data, UINT* size) {
  if (!resource || !size)
    return E_INVALIDARG;
  D3D11ResourceCommon* common = nullptr;
  if (FAILED(resource->QueryInterface(kResourceCommonId, reinterpret_cast<void**>(&common))) || !common)
    return E_INVALIDARG;
  std::vector<uint8_t> bytes;
  try {
    owner()->m_immediateContext.waitIdle();  // what the context recorded is part of the contents
    bytes = common->readSubresource(subresource);
  } catch (const std::exception& error) {
    util::log::warn("ID3D11VkDeviceInfo::ReadSubresource: ", error.what());
  }
  common->releaseCommon();
  if (bytes.empty())
    return E_INVALIDARG;
  UINT capacity = *size;
  *size = UINT(bytes.size());
  if (!data)
    return S_OK;
  if (capacity < bytes.size())
    return E_INVALIDARG;
  std::memcpy(data, bytes.data(), bytes.size());
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateBuffer(const D3D11_BUFFER_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Buffer** ppBuffer) {
  if (ppBuffer)
    *ppBuffer = nullptr;
  if (!pDesc) {
    m_diagnostics.warn(creationWithoutDescription("CreateBuffer"), "ID3D11Device::CreateBuffer: null description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  std::string problem = checkBufferDesc(m_vkAdapter->profile(), m_featureLevel, *pDesc, pInitialData, m_maxResourceBytes);
  if (!problem.empty())
    return rejectDescription("CreateBuffer", problem);
  if (!ppBuffer)
    return S_FALSE;  // documented: a null out-pointer validates the description only
  if (refuseWhenRemoved("CreateBuffer"))
    return DXGI_ERROR_DEVICE_REMOVED;
  try {
    *ppBuffer = new D3D11Buffer(this, *pDesc, pInitialData);  // starts with the caller's reference
    return S_OK;
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused("CreateBuffer", E_OUTOFMEMORY), "ID3D11Device::CreateBuffer: out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  } catch (const vk::Error& error) {
    return vulkanCreationFailed(m_diagnostics, "CreateBuffer", error);
  }
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture1D(const D3D11_TEXTURE1D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture1D** ppTexture) {
  if (ppTexture)
    *ppTexture = nullptr;
  if (!pDesc) {
    m_diagnostics.warn(creationWithoutDescription("CreateTexture1D"), "ID3D11Device::CreateTexture1D: null description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  return createTexture<D3D11Texture1D>("CreateTexture1D", *pDesc, pInitialData, ppTexture);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture2D(const D3D11_TEXTURE2D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture2D** ppTexture) {
  if (ppTexture)
    *ppTexture = nullptr;
  if (!pDesc) {
    m_diagnostics.warn(creationWithoutDescription("CreateTexture2D"), "ID3D11Device::CreateTexture2D: null description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  D3D11_TEXTURE2D_DESC1 desc1{};
  std::memcpy(&desc1, pDesc, sizeof(*pDesc));  // the newer description adds TextureLayout at the end
  return createTexture<D3D11Texture2D>("CreateTexture2D", desc1, pInitialData, ppTexture);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture3D(const D3D11_TEXTURE3D_DESC* pDesc, const D3D11_SUBRESOURCE_DATA* pInitialData, ID3D11Texture3D** ppTexture) {
  if (ppTexture)
    *ppTexture = nullptr;
  if (!pDesc) {
    m_diagnostics.warn(creationWithoutDescription("CreateTexture3D"), "ID3D11Device::CreateTexture3D: null description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  D3D11_TEXTURE3D_DESC1 desc1{};
  std::memcpy(&desc1, pDesc, sizeof(*pDesc));  // the newer description adds TextureLayout at the end
  return createTexture<D3D11Texture3D>("CreateTexture3D", desc1, pInitialData, ppTexture);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateShaderResourceView(ID3D11Resource* pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC* pDesc, ID3D11ShaderResourceView** ppSRView) {
  // STATUS: partial: typed buffer views start at any element only where the device's Vulkan 1.3 texel-buffer alignment allows one element (lavapipe, NVIDIA); elsewhere the view starts at the aligned byte below and a warning is logged
  D3D11_SHADER_RESOURCE_VIEW_DESC1 desc1;
  return createView<D3D11ShaderResourceView>(this, m_featureLevel, "CreateShaderResourceView", pResource,
                                             widenViewDesc(pDesc, &desc1, D3D11_SRV_DIMENSION_TEXTURE2D), D3D11_BIND_SHADER_RESOURCE,
                                             checkShaderResourceView, ppSRView);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateUnorderedAccessView(ID3D11Resource* pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC* pDesc, ID3D11UnorderedAccessView** ppUAView) {
  // STATUS: partial: typed buffer views start at any element only where the device's Vulkan 1.3 texel-buffer alignment allows one element (lavapipe, NVIDIA); elsewhere the view starts at the aligned byte below and a warning is logged
  D3D11_UNORDERED_ACCESS_VIEW_DESC1 desc1;
  return createView<D3D11UnorderedAccessView>(this, m_featureLevel, "CreateUnorderedAccessView", pResource,
                                              widenViewDesc(pDesc, &desc1, D3D11_UAV_DIMENSION_TEXTURE2D), D3D11_BIND_UNORDERED_ACCESS,
                                              checkUnorderedAccessView, ppUAView);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRenderTargetView(ID3D11Resource* pResource, const D3D11_RENDER_TARGET_VIEW_DESC* pDesc, ID3D11RenderTargetView** ppRTView) {
  D3D11_RENDER_TARGET_VIEW_DESC1 desc1;
  return createView<D3D11RenderTargetView>(this, m_featureLevel, "CreateRenderTargetView", pResource,
                                           widenViewDesc(pDesc, &desc1, D3D11_RTV_DIMENSION_TEXTURE2D), D3D11_BIND_RENDER_TARGET,
                                           checkRenderTargetView, ppRTView);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDepthStencilView(ID3D11Resource* pResource, const D3D11_DEPTH_STENCIL_VIEW_DESC* pDesc, ID3D11DepthStencilView** ppDepthStencilView) {
  return createView<D3D11DepthStencilView>(this, m_featureLevel, "CreateDepthStencilView", pResource, pDesc,
                                           D3D11_BIND_DEPTH_STENCIL, checkDepthStencilView, ppDepthStencilView);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateInputLayout(const D3D11_INPUT_ELEMENT_DESC *pInputElementDescs, UINT NumElements, const void *pShaderBytecodeWithInputSignature, SIZE_T BytecodeLength, ID3D11InputLayout **ppInputLayout) {
  return createInputLayout(this, m_diagnostics, m_vkAdapter->profile(), m_featureLevel, pInputElementDescs, NumElements,
                           pShaderBytecodeWithInputSignature, BytecodeLength, ppInputLayout);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateVertexShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11VertexShader **ppVertexShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics}, "CreateVertexShader",
                      dxbc::ShaderStage::Vertex, pShaderBytecode, BytecodeLength, pClassLinkage, nullptr,
                      reinterpret_cast<void**>(ppVertexShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateGeometryShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11GeometryShader **ppGeometryShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics}, "CreateGeometryShader",
                      dxbc::ShaderStage::Geometry, pShaderBytecode, BytecodeLength, pClassLinkage, nullptr,
                      reinterpret_cast<void**>(ppGeometryShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateGeometryShaderWithStreamOutput(const void *pShaderBytecode, SIZE_T BytecodeLength, const D3D11_SO_DECLARATION_ENTRY *pSODeclaration, UINT NumEntries, const UINT *pBufferStrides, UINT NumStrides, UINT RasterizedStream, ID3D11ClassLinkage *pClassLinkage, ID3D11GeometryShader **ppGeometryShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  StreamOutputRequest streamOutput{pSODeclaration, NumEntries, pBufferStrides, NumStrides, RasterizedStream};
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics},
                      "CreateGeometryShaderWithStreamOutput", dxbc::ShaderStage::Geometry, pShaderBytecode,
                      BytecodeLength, pClassLinkage, &streamOutput, reinterpret_cast<void**>(ppGeometryShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreatePixelShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11PixelShader **ppPixelShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics}, "CreatePixelShader",
                      dxbc::ShaderStage::Pixel, pShaderBytecode, BytecodeLength, pClassLinkage, nullptr,
                      reinterpret_cast<void**>(ppPixelShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateHullShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11HullShader **ppHullShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics}, "CreateHullShader",
                      dxbc::ShaderStage::Hull, pShaderBytecode, BytecodeLength, pClassLinkage, nullptr,
                      reinterpret_cast<void**>(ppHullShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDomainShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11DomainShader **ppDomainShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics}, "CreateDomainShader",
                      dxbc::ShaderStage::Domain, pShaderBytecode, BytecodeLength, pClassLinkage, nullptr,
                      reinterpret_cast<void**>(ppDomainShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateComputeShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11ComputeShader **ppComputeShader) {
  // STATUS: partial: shaders the compiler does not translate yet are refused with E_INVALIDARG (docs/shaders.md, docs/compiler.md)
  return createShader({this, m_shaderCache, m_vkAdapter->profile(), m_featureLevel, m_diagnostics}, "CreateComputeShader",
                      dxbc::ShaderStage::Compute, pShaderBytecode, BytecodeLength, pClassLinkage, nullptr,
                      reinterpret_cast<void**>(ppComputeShader));
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateClassLinkage(ID3D11ClassLinkage **ppLinkage) {
  if (!ppLinkage) {
    m_diagnostics.warn(creationRefused("CreateClassLinkage", E_INVALIDARG), "ID3D11Device::CreateClassLinkage: null ppLinkage: E_INVALIDARG");
    return E_INVALIDARG;
  }
  *ppLinkage = nullptr;
  try {
    *ppLinkage = new D3D11ClassLinkage(this);  // starts with the caller's reference
    return S_OK;
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused("CreateClassLinkage", E_OUTOFMEMORY), "ID3D11Device::CreateClassLinkage: out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateBlendState(const D3D11_BLEND_DESC* pBlendStateDesc, ID3D11BlendState** ppBlendState) {
  if (ppBlendState)
    *ppBlendState = nullptr;
  if (!pBlendStateDesc)
    return rejectNullDescription(m_diagnostics, "CreateBlendState");
  return createBlendState("CreateBlendState", widenBlendDesc(*pBlendStateDesc), ppBlendState);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDepthStencilState(const D3D11_DEPTH_STENCIL_DESC* pDepthStencilDesc, ID3D11DepthStencilState** ppDepthStencilState) {
  if (ppDepthStencilState)
    *ppDepthStencilState = nullptr;
  if (!pDepthStencilDesc)
    return rejectNullDescription(m_diagnostics, "CreateDepthStencilState");
  D3D11_DEPTH_STENCIL_DESC normalised;
  std::string problem = checkDepthStencilDesc(m_stateCaps, *pDepthStencilDesc, &normalised);
  return createStateObject("CreateDepthStencilState", m_depthStencilStates, problem, normalised, ppDepthStencilState);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState(const D3D11_RASTERIZER_DESC* pRasterizerDesc, ID3D11RasterizerState** ppRasterizerState) {
  if (ppRasterizerState)
    *ppRasterizerState = nullptr;
  if (!pRasterizerDesc)
    return rejectNullDescription(m_diagnostics, "CreateRasterizerState");
  return createRasterizerState("CreateRasterizerState", widenRasterizerDesc(*pRasterizerDesc), ppRasterizerState);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateSamplerState(const D3D11_SAMPLER_DESC* pSamplerDesc, ID3D11SamplerState** ppSamplerState) {
  if (ppSamplerState)
    *ppSamplerState = nullptr;
  if (!pSamplerDesc)
    return rejectNullDescription(m_diagnostics, "CreateSamplerState");
  D3D11_SAMPLER_DESC normalised;
  std::string problem = checkSamplerDesc(m_stateCaps, *pSamplerDesc, &normalised);
  return createStateObject("CreateSamplerState", m_samplerStates, problem, normalised, ppSamplerState);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateQuery(const D3D11_QUERY_DESC* pQueryDesc, ID3D11Query** ppQuery) {
  if (ppQuery)
    *ppQuery = nullptr;
  if (!pQueryDesc)
    return rejectNullDescription(m_diagnostics, "CreateQuery");
  return createQuery("CreateQuery", widenQueryDesc(*pQueryDesc), false, ppQuery);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreatePredicate(const D3D11_QUERY_DESC* pPredicateDesc, ID3D11Predicate** ppPredicate) {
  if (ppPredicate)
    *ppPredicate = nullptr;
  if (!pPredicateDesc)
    return rejectNullDescription(m_diagnostics, "CreatePredicate");
  return createQuery("CreatePredicate", widenQueryDesc(*pPredicateDesc), true, ppPredicate);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateCounter(const D3D11_COUNTER_DESC* pCounterDesc, ID3D11Counter** ppCounter) {
  // STATUS: partial: d3d11vk exposes no counters (CheckCounterInfo reports none), so every counter is E_INVALIDARG
  if (ppCounter)
    *ppCounter = nullptr;
  // The documented E_INVALIDARG for "an out-of-range well-known or device-dependent counter":
  // D3D11 defines no well-known counters and d3d11vk exposes no device-dependent ones, so every
  // counter is out of range (and counters do not exist at 9_x at all).
  std::string problem = checkCounterDesc(pCounterDesc);
  m_diagnostics.warn(creationRefused("CreateCounter", E_INVALIDARG), "ID3D11Device::CreateCounter: ", problem, ": E_INVALIDARG");
  return E_INVALIDARG;
}

template <typename Interface>
HRESULT D3D11Device::createDeferredContext(const char* method, UINT flags, Interface** context) {
  if (!context) {
    m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": the output pointer is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  *context = nullptr;
  if (flags) {
    m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": ContextFlags 0x", std::hex, flags, " (reserved, must be 0): E_INVALIDARG");
    return E_INVALIDARG;
  }
  // Documented: a single-threaded device has no deferred contexts.
  if (m_flags & D3D11_CREATE_DEVICE_SINGLETHREADED) {
    m_diagnostics.warn(creationRefused(method, DXGI_ERROR_INVALID_CALL), "ID3D11Device::", method, ": the device was created SINGLETHREADED: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  if (refuseWhenRemoved(method))
    return DXGI_ERROR_DEVICE_REMOVED;
  try {
    *context = new D3D11DeviceContext(this, D3D11DeviceContext::Deferred{});
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused(method, E_OUTOFMEMORY), "ID3D11Device::", method, ": out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  } catch (const vk::Error& error) {
    m_diagnostics.warn(creationRefused(method, E_OUTOFMEMORY), "ID3D11Device::", method, ": ", error.what(), ": E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext(UINT ContextFlags, ID3D11DeviceContext** ppDeferredContext) {
  return createDeferredContext("CreateDeferredContext", ContextFlags, ppDeferredContext);
}

const vk::ShaderCode* D3D11Device::shaderCodeFor(const CompiledShader& compiled) {
  std::lock_guard lock(m_shaderCodeMutex);
  auto found = m_shaderCode.find(&compiled);
  if (found != m_shaderCode.end())
    return found->second.get();
  // The cache's hash names distinct bytecode; 0 is reserved for "no shader" in pipeline keys.
  auto code = makeShaderCode(m_shaderCache, compiled, compiled.hash ? compiled.hash : 1);
  const vk::ShaderCode* pointer = code.get();
  m_shaderCode.emplace(&compiled, std::move(code));
  return pointer;
}

HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedResource(HANDLE hResource, REFIID ReturnedInterface, void **ppResource) {
  // STATUS: partial: handles of this device's own resources (GetSharedHandle) only; other devices' and processes' are E_INVALIDARG
  return openSharedResource("OpenSharedResource", hResource, ReturnedInterface, ppResource);
}

// Both OpenSharedResource calls: the resource itself, asked for riid, when the handle came from one
// of this device's resources (d3d11_shared_handles.h); sharing is within one device and process.
HRESULT D3D11Device::openSharedResource(const char* method, HANDLE handle, REFIID riid, void** object) {
  if (!object) {
    m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": null out-pointer: E_INVALIDARG");
    return E_INVALIDARG;
  }
  *object = nullptr;
  switch (shared_handles::open(handle, static_cast<ID3D11Device*>(this), riid, object)) {
    case shared_handles::OpenResult::Opened:
      return S_OK;
    case shared_handles::OpenResult::OtherDevice:
      m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": not implemented: sharing across devices/processes (the handle's "
                      "resource belongs to another device): E_INVALIDARG");
      return E_INVALIDARG;
    case shared_handles::OpenResult::NoInterface:
      m_diagnostics.warn(callIgnored(), "ID3D11Device::", method, ": the shared resource does not answer the asked interface: E_NOINTERFACE");
      return E_NOINTERFACE;
    case shared_handles::OpenResult::UnknownHandle:
      break;
  }
  m_diagnostics.warn(creationRefused(method, E_INVALIDARG), "ID3D11Device::", method, ": not implemented: sharing across devices/processes (the handle ",
                  handle, " is not one of this process's shared resources): E_INVALIDARG");
  return E_INVALIDARG;
}

void STDMETHODCALLTYPE D3D11Device::CheckCounterInfo(D3D11_COUNTER_INFO* pCounterInfo) {
  if (!pCounterInfo)
    return;
  // No device-dependent counters: LastDeviceDependentCounter 0 is the documented "none".
  // Vulkan has no portable equivalent of the vendors' counters (VK_KHR_performance_query is
  // rare and differs per vendor).
  pCounterInfo->LastDeviceDependentCounter = D3D11_COUNTER(0);
  pCounterInfo->NumSimultaneousCounters = 0;
  pCounterInfo->NumDetectableParallelUnits = 1;  // documented range 1..4; there is nothing to tell apart
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckCounter(const D3D11_COUNTER_DESC* pDesc, D3D11_COUNTER_TYPE* /*pType*/, UINT* /*pActiveCounters*/, LPSTR /*szName*/, UINT* /*pNameLength*/, LPSTR /*szUnits*/, UINT* /*pUnitsLength*/, LPSTR /*szDescription*/, UINT* /*pDescriptionLength*/) {
  // STATUS: partial: d3d11vk exposes no counters, so every description is E_INVALIDARG
  // As CreateCounter: no counter exists, so none can be described; the outputs stay untouched.
  std::string problem = checkCounterDesc(pDesc);
  m_diagnostics.warn(creationRefused("CheckCounter", E_INVALIDARG), "ID3D11Device::CheckCounter: ", problem, ": E_INVALIDARG");
  return E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext1(UINT ContextFlags, ID3D11DeviceContext1** ppDeferredContext) {
  return createDeferredContext("CreateDeferredContext1", ContextFlags, ppDeferredContext);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateBlendState1(const D3D11_BLEND_DESC1* pBlendStateDesc, ID3D11BlendState1** ppBlendState) {
  if (ppBlendState)
    *ppBlendState = nullptr;
  if (!pBlendStateDesc)
    return rejectNullDescription(m_diagnostics, "CreateBlendState1");
  return createBlendState("CreateBlendState1", *pBlendStateDesc, ppBlendState);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState1(const D3D11_RASTERIZER_DESC1* pRasterizerDesc, ID3D11RasterizerState1** ppRasterizerState) {
  if (ppRasterizerState)
    *ppRasterizerState = nullptr;
  if (!pRasterizerDesc)
    return rejectNullDescription(m_diagnostics, "CreateRasterizerState1");
  return createRasterizerState("CreateRasterizerState1", widenRasterizerDesc(*pRasterizerDesc), ppRasterizerState);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeviceContextState(UINT Flags, const D3D_FEATURE_LEVEL* pFeatureLevels, UINT FeatureLevels,
                                                                 UINT SDKVersion, REFIID EmulatedInterface,
                                                                 D3D_FEATURE_LEVEL* pChosenFeatureLevel,
                                                                 ID3DDeviceContextState** ppContextState) {
  // STATUS: partial: the state objects hold and swap every binding, and while one is active the binding methods (Set*, Get*, ClearState) of the API it was not made for are ignored; D3D10's unbind-on-final-release rule is not applied while a D3D10 state is active
  if (ppContextState)
    *ppContextState = nullptr;
  if (pChosenFeatureLevel)
    *pChosenFeatureLevel = D3D_FEATURE_LEVEL(0);
  const bool knownInterface = EmulatedInterface == __uuidof(ID3D10Device) || EmulatedInterface == __uuidof(ID3D10Device1) ||
                              EmulatedInterface == __uuidof(ID3D11Device) || EmulatedInterface == __uuidof(ID3D11Device1) ||
                              EmulatedInterface == __uuidof(ID3D11Device2) || EmulatedInterface == __uuidof(ID3D11Device3) ||
                              EmulatedInterface == __uuidof(ID3D11Device4) || EmulatedInterface == __uuidof(ID3D11Device5);
  if ((Flags & ~UINT(D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED)) || !pFeatureLevels || !FeatureLevels || !knownInterface ||
      SDKVersion != D3D11_SDK_VERSION) {
    m_diagnostics.warn(creationRefused("CreateDeviceContextState", E_INVALIDARG), "ID3D11Device1::CreateDeviceContextState: invalid flags 0x", std::hex, Flags,
                    ", feature levels, SDK version or emulated interface: E_INVALIDARG");
    return E_INVALIDARG;
  }
  // Documented: the first level of the list the device supports.
  D3D_FEATURE_LEVEL chosen = D3D_FEATURE_LEVEL(0);
  for (UINT i = 0; i < FeatureLevels && !chosen; ++i)
    if (pFeatureLevels[i] <= m_featureLevel && pFeatureLevels[i] >= D3D_FEATURE_LEVEL_9_1)
      chosen = pFeatureLevels[i];
  if (!chosen) {
    m_diagnostics.warn(creationRefused("CreateDeviceContextState", E_INVALIDARG), "ID3D11Device1::CreateDeviceContextState: no requested level is at or below the device's: E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (pChosenFeatureLevel)
    *pChosenFeatureLevel = chosen;
  if (!ppContextState)
    return S_FALSE;
  try {
    *ppContextState = new D3D11DeviceContextState(this, chosen, EmulatedInterface);
    // Windows: the device answers ID3D10Device(1) from the first state object on, whatever it
    // emulates; its D3D10 calls then follow the active state object.
    m_exposeD3D10Device = true;
    m_immediateContext.noteD3D10FaceReachable();
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused("CreateDeviceContextState", E_OUTOFMEMORY), "ID3D11Device1::CreateDeviceContextState: out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedResource1(HANDLE hResource, REFIID returnedInterface, void **ppResource) {
  // STATUS: partial: handles of this device's own resources (CreateSharedHandle) only; other devices' and processes' are E_INVALIDARG
  return openSharedResource("OpenSharedResource1", hResource, returnedInterface, ppResource);
}

HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedResourceByName(LPCWSTR /*lpName*/, DWORD /*dwDesiredAccess*/, REFIID /*returnedInterface*/, void ** /*ppResource*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext2(UINT flags, ID3D11DeviceContext2** context) {
  return createDeferredContext("CreateDeferredContext2", flags, context);
}

void STDMETHODCALLTYPE D3D11Device::GetResourceTiling(ID3D11Resource* resource, UINT* tileCount,
                                                     D3D11_PACKED_MIP_DESC* packedMips, D3D11_TILE_SHAPE* tileShape,
                                                     UINT* subresourceTilingCount, UINT firstSubresourceTiling,
                                                     D3D11_SUBRESOURCE_TILING* subresourceTilings) {
  D3D11ResourceCommon* common = resourceCommon(resource);
  const vk::TiledResource* tiled = common ? common->tiled() : nullptr;
  if (!tiled) {
    // Not documented for other resources: nothing is tiled, so every count is 0.
    m_diagnostics.warn(callIgnored(), "ID3D11Device2::GetResourceTiling: not a tiled resource; zeros returned");
    if (tileCount)
      *tileCount = 0;
    if (packedMips)
      *packedMips = {};
    if (tileShape)
      *tileShape = {};
    if (subresourceTilingCount)
      *subresourceTilingCount = 0;
    return;
  }
  if (tileCount)
    *tileCount = tiled->tileCount();
  if (packedMips) {
    *packedMips = {};
    packedMips->NumStandardMips = UINT8(tiled->standardMips());
    packedMips->NumPackedMips = UINT8(tiled->packedMips());
    if (tiled->packedMips()) {
      packedMips->NumTilesForPackedMips = tiled->packedTilesPerSlice();
      packedMips->StartTileIndexInOverallResource = tiled->firstPackedTile(0);
    }
  }
  if (tileShape) {
    // All zeros when the whole resource is packed.
    const vk::TileShape shape = tiled->shape();
    const bool standard = tiled->isBuffer() || tiled->standardMips() > 0;
    *tileShape = standard ? D3D11_TILE_SHAPE{shape.width, shape.height, shape.depth} : D3D11_TILE_SHAPE{};
  }
  if (!subresourceTilingCount)
    return;
  // A buffer is one subresource of NumTiles x 1 x 1 tiles.
  const UINT total = tiled->isBuffer() ? 1u : UINT(tiled->subresources().size());
  if (*subresourceTilingCount == 0)
    return;  // FirstSubresourceTilingToGet is ignored then
  const UINT first = std::min(firstSubresourceTiling, total);
  const UINT count = std::min(*subresourceTilingCount, total - first);
  *subresourceTilingCount = count;
  if (!subresourceTilings)
    return;
  for (UINT i = 0; i < count; i++) {
    D3D11_SUBRESOURCE_TILING& out = subresourceTilings[i];
    if (tiled->isBuffer()) {
      out = D3D11_SUBRESOURCE_TILING{tiled->tileCount(), 1, 1, 0};
      continue;
    }
    const vk::SubresourceTiles& s = tiled->subresources()[first + i];
    out = s.packed ? D3D11_SUBRESOURCE_TILING{0, 0, 0, D3D11_PACKED_TILE}
                   : D3D11_SUBRESOURCE_TILING{s.widthInTiles, UINT16(s.heightInTiles), UINT16(s.depthInTiles), s.firstTile};
  }
}

HRESULT D3D11Device::createBackBuffer(const D3D11_TEXTURE2D_DESC& desc, UINT swapChainUsage, ID3D11Texture2D** texture) {
  D3D11_TEXTURE2D_DESC1 desc1{};
  std::memcpy(&desc1, &desc, sizeof(desc));
  return createTexture<D3D11Texture2D>("CreateTexture2D (swapchain buffer)", desc1, nullptr, texture,
                                       swapChainUsage | DXGI_USAGE_BACK_BUFFER);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture2D1(const D3D11_TEXTURE2D_DESC1* desc, const D3D11_SUBRESOURCE_DATA* initial_data, ID3D11Texture2D1** texture) {
  if (texture)
    *texture = nullptr;
  if (!desc) {
    m_diagnostics.warn(creationWithoutDescription("CreateTexture2D1"), "ID3D11Device::CreateTexture2D1: null description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  return createTexture<D3D11Texture2D>("CreateTexture2D1", *desc, initial_data, texture);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateTexture3D1(const D3D11_TEXTURE3D_DESC1* desc, const D3D11_SUBRESOURCE_DATA* initial_data, ID3D11Texture3D1** texture) {
  if (texture)
    *texture = nullptr;
  if (!desc) {
    m_diagnostics.warn(creationWithoutDescription("CreateTexture3D1"), "ID3D11Device::CreateTexture3D1: null description: E_INVALIDARG");
    return E_INVALIDARG;
  }
  return createTexture<D3D11Texture3D>("CreateTexture3D1", *desc, initial_data, texture);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRasterizerState2(const D3D11_RASTERIZER_DESC2* desc, ID3D11RasterizerState2** state) {
  if (state)
    *state = nullptr;
  if (!desc)
    return rejectNullDescription(m_diagnostics, "CreateRasterizerState2");
  return createRasterizerState("CreateRasterizerState2", *desc, state);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateShaderResourceView1(ID3D11Resource* resource, const D3D11_SHADER_RESOURCE_VIEW_DESC1* desc, ID3D11ShaderResourceView1** view) {
  // STATUS: partial: typed buffer views start at any element only where the device's Vulkan 1.3 texel-buffer alignment allows one element (lavapipe, NVIDIA); elsewhere the view starts at the aligned byte below and a warning is logged
  return createView<D3D11ShaderResourceView>(this, m_featureLevel, "CreateShaderResourceView1", resource, desc, D3D11_BIND_SHADER_RESOURCE, checkShaderResourceView, view);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateUnorderedAccessView1(ID3D11Resource* resource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1* desc, ID3D11UnorderedAccessView1** view) {
  // STATUS: partial: typed buffer views start at any element only where the device's Vulkan 1.3 texel-buffer alignment allows one element (lavapipe, NVIDIA); elsewhere the view starts at the aligned byte below and a warning is logged
  return createView<D3D11UnorderedAccessView>(this, m_featureLevel, "CreateUnorderedAccessView1", resource, desc, D3D11_BIND_UNORDERED_ACCESS, checkUnorderedAccessView, view);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateRenderTargetView1(ID3D11Resource* resource, const D3D11_RENDER_TARGET_VIEW_DESC1* desc, ID3D11RenderTargetView1** view) {
  return createView<D3D11RenderTargetView>(this, m_featureLevel, "CreateRenderTargetView1", resource, desc, D3D11_BIND_RENDER_TARGET, checkRenderTargetView, view);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateQuery1(const D3D11_QUERY_DESC1* desc, ID3D11Query1** query) {
  if (query)
    *query = nullptr;
  if (!desc)
    return rejectNullDescription(m_diagnostics, "CreateQuery1");
  return createQuery("CreateQuery1", *desc, false, query);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateDeferredContext3(UINT flags, ID3D11DeviceContext3** context) {
  return createDeferredContext("CreateDeferredContext3", flags, context);
}

void STDMETHODCALLTYPE D3D11Device::WriteToSubresource(ID3D11Resource * /*dst_resource*/, UINT /*dst_subresource*/, const D3D11_BOX * /*dst_box*/, const void * /*src_data*/, UINT /*src_row_pitch*/, UINT /*src_depth_pitch*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11Device::ReadFromSubresource(void * /*dst_data*/, UINT /*dst_row_pitch*/, UINT /*dst_depth_pitch*/, ID3D11Resource * /*src_resource*/, UINT /*src_subresource*/, const D3D11_BOX * /*src_box*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE D3D11Device::RegisterDeviceRemovedEvent(HANDLE event, DWORD *cookie) {
  if (!event || !cookie) {
    m_diagnostics.warn(creationRefused("RegisterDeviceRemovedEvent", E_INVALIDARG), "ID3D11Device4::RegisterDeviceRemovedEvent: ", !event ? "hEvent" : "pdwCookie", " is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  // Documented: set when the device becomes removed, at once when it already is, never twice;
  // RegisterDeviceRemovedEvent itself never fails for a removed device. The event is a Win32
  // event in the PE build and an eventfd natively, as for Flush1 and fences (util::setEventHandle).
  std::lock_guard lock(m_removedEventsMutex);
  const uint32_t registered = m_vkDevice->timeline().addLossCallback([event] {
    if (!util::setEventHandle(event))
      util::log::warn("ID3D11Device4: the device-removed event could not be set (no longer an event?)");
  });
  m_removedEventCookies.insert(registered);
  *cookie = DWORD(registered);
  return S_OK;
}

void STDMETHODCALLTYPE D3D11Device::UnregisterDeviceRemoved(DWORD cookie) {
  std::lock_guard lock(m_removedEventsMutex);
  // Only cookies this device handed out: the timeline's other callbacks (fences) are not the
  // application's to remove.
  if (!m_removedEventCookies.erase(uint32_t(cookie))) {
    m_diagnostics.warn(callIgnored(), "ID3D11Device4::UnregisterDeviceRemoved: cookie ", cookie, " is not a registered event; ignored");
    return;
  }
  m_vkDevice->timeline().removeLossCallback(uint32_t(cookie));
}

HRESULT STDMETHODCALLTYPE D3D11Device::OpenSharedFence(HANDLE /*handle*/, REFIID /*iid*/, void **fence) {
  D3D11VK_NOT_IMPLEMENTED();  // no fence is shared across devices or processes (docs/command-stream.md, Fences)
  if (fence)
    *fence = nullptr;
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11Device::CreateFence(UINT64 initial_value, D3D11_FENCE_FLAG flags, REFIID iid, void **fence) {
  // STATUS: partial: unshared fences only; SHARED and SHARED_CROSS_ADAPTER are E_NOTIMPL
  if (!fence) {
    m_diagnostics.warn(creationRefused("CreateFence", E_INVALIDARG), "ID3D11Device::CreateFence: ppFence is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  *fence = nullptr;
  std::string problem = checkFenceFlags(UINT(flags));
  if (!problem.empty())
    return rejectDescription("CreateFence", problem);
  util::ComPtr<D3D11Fence> created;
  try {
    created = util::ComPtr<D3D11Fence>::adopt(new D3D11Fence(this, initial_value));
  } catch (const std::bad_alloc&) {
    m_diagnostics.warn(creationRefused("CreateFence", E_OUTOFMEMORY), "ID3D11Device::CreateFence: out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
  // The answer for any other riid is E_NOINTERFACE (logged by QueryInterface); the new fence then goes.
  return created->QueryInterface(iid, fence);
}

uint64_t D3D11Device::recordingValue() {
  return m_immediateContext.stream().recordingValue();
}

ULONG STDMETHODCALLTYPE D3D11Device::Release() {
  const ULONG count = --m_publicRefs;
  if (count == 0) {
    m_immediateContext.releaseBindings();
    releasePrivateRef();
  }
  return count;
}

}  // namespace d3d11vk
