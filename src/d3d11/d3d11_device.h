// D3D11Device: ID3D11Device through ID3D11Device5 on a Vulkan device. It owns the immediate
// context and answers IDXGIDevice4, ID3D11VkDeviceInfo and ID3D11VkPresentDevice as further faces of the same object.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <set>
#include <unordered_map>

#include "d3d10/d3d10_device.h"
#include "d3d11/d3d11_blend_state.h"
#include "d3d11/d3d11_depth_stencil_state.h"
#include "d3d11/d3d11_dxgi_device.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_rasterizer_state.h"
#include "d3d11/d3d11_sampler_state.h"
#include "d3d11/d3d11_class_linkage.h"
#include "d3d11/d3d11_debug_layer.h"
#include "d3d11/d3d11_diagnostics.h"
#include "d3d11/d3d11_input_layout.h"
#include "d3d11/d3d11_present_device.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_state_validation.h"
#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_face.h"
#include "util/com_object.h"
#include "util/com_ptr.h"
#include "util/private_data.h"

namespace vk { class Adapter; class Device; struct ShaderCode; }

namespace d3d11vk {

class D3D11Device : public util::ComObject<ID3D11Device5> {
public:
  // The last public reference also drops what the immediate context has bound: bound objects hold
  // the device privately, so keeping them would keep the device alive for ever.
  ULONG STDMETHODCALLTYPE Release() override;

  D3D11Device(util::ComPtr<IDXGIAdapter> dxgiAdapter, vk::Adapter* vkAdapter, std::unique_ptr<vk::Device> vkDevice,
              D3D_FEATURE_LEVEL featureLevel, UINT flags);
  ~D3D11Device() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  // ID3D11Device
  HRESULT STDMETHODCALLTYPE CreateBuffer(const D3D11_BUFFER_DESC *pDesc, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Buffer **ppBuffer) override;
  HRESULT STDMETHODCALLTYPE CreateTexture1D(const D3D11_TEXTURE1D_DESC *pDesc, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture1D **ppTexture1D) override;
  HRESULT STDMETHODCALLTYPE CreateTexture2D(const D3D11_TEXTURE2D_DESC *pDesc, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture2D **ppTexture2D) override;
  HRESULT STDMETHODCALLTYPE CreateTexture3D(const D3D11_TEXTURE3D_DESC *pDesc, const D3D11_SUBRESOURCE_DATA *pInitialData, ID3D11Texture3D **ppTexture3D) override;
  HRESULT STDMETHODCALLTYPE CreateShaderResourceView(ID3D11Resource *pResource, const D3D11_SHADER_RESOURCE_VIEW_DESC *pDesc, ID3D11ShaderResourceView **ppSRView) override;
  HRESULT STDMETHODCALLTYPE CreateUnorderedAccessView(ID3D11Resource *pResource, const D3D11_UNORDERED_ACCESS_VIEW_DESC *pDesc, ID3D11UnorderedAccessView **ppUAView) override;
  HRESULT STDMETHODCALLTYPE CreateRenderTargetView(ID3D11Resource *pResource, const D3D11_RENDER_TARGET_VIEW_DESC *pDesc, ID3D11RenderTargetView **ppRTView) override;
  HRESULT STDMETHODCALLTYPE CreateDepthStencilView(ID3D11Resource *pResource, const D3D11_DEPTH_STENCIL_VIEW_DESC *pDesc, ID3D11DepthStencilView **ppDepthStencilView) override;
  HRESULT STDMETHODCALLTYPE CreateInputLayout(const D3D11_INPUT_ELEMENT_DESC *pInputElementDescs, UINT NumElements, const void *pShaderBytecodeWithInputSignature, SIZE_T BytecodeLength, ID3D11InputLayout **ppInputLayout) override;
  HRESULT STDMETHODCALLTYPE CreateVertexShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11VertexShader **ppVertexShader) override;
  HRESULT STDMETHODCALLTYPE CreateGeometryShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11GeometryShader **ppGeometryShader) override;
  HRESULT STDMETHODCALLTYPE CreateGeometryShaderWithStreamOutput(const void *pShaderBytecode, SIZE_T BytecodeLength, const D3D11_SO_DECLARATION_ENTRY *pSODeclaration, UINT NumEntries, const UINT *pBufferStrides, UINT NumStrides, UINT RasterizedStream, ID3D11ClassLinkage *pClassLinkage, ID3D11GeometryShader **ppGeometryShader) override;
  HRESULT STDMETHODCALLTYPE CreatePixelShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11PixelShader **ppPixelShader) override;
  HRESULT STDMETHODCALLTYPE CreateHullShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11HullShader **ppHullShader) override;
  HRESULT STDMETHODCALLTYPE CreateDomainShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11DomainShader **ppDomainShader) override;
  HRESULT STDMETHODCALLTYPE CreateComputeShader(const void *pShaderBytecode, SIZE_T BytecodeLength, ID3D11ClassLinkage *pClassLinkage, ID3D11ComputeShader **ppComputeShader) override;
  HRESULT STDMETHODCALLTYPE CreateClassLinkage(ID3D11ClassLinkage **ppLinkage) override;
  HRESULT STDMETHODCALLTYPE CreateBlendState(const D3D11_BLEND_DESC *pBlendStateDesc, ID3D11BlendState **ppBlendState) override;
  HRESULT STDMETHODCALLTYPE CreateDepthStencilState(const D3D11_DEPTH_STENCIL_DESC *pDepthStencilDesc, ID3D11DepthStencilState **ppDepthStencilState) override;
  HRESULT STDMETHODCALLTYPE CreateRasterizerState(const D3D11_RASTERIZER_DESC *pRasterizerDesc, ID3D11RasterizerState **ppRasterizerState) override;
  HRESULT STDMETHODCALLTYPE CreateSamplerState(const D3D11_SAMPLER_DESC *pSamplerDesc, ID3D11SamplerState **ppSamplerState) override;
  HRESULT STDMETHODCALLTYPE CreateQuery(const D3D11_QUERY_DESC *pQueryDesc, ID3D11Query **ppQuery) override;
  HRESULT STDMETHODCALLTYPE CreatePredicate(const D3D11_QUERY_DESC *pPredicateDesc, ID3D11Predicate **ppPredicate) override;
  HRESULT STDMETHODCALLTYPE CreateCounter(const D3D11_COUNTER_DESC *pCounterDesc, ID3D11Counter **ppCounter) override;
  HRESULT STDMETHODCALLTYPE CreateDeferredContext(UINT ContextFlags, ID3D11DeviceContext **ppDeferredContext) override;
  HRESULT STDMETHODCALLTYPE OpenSharedResource(HANDLE hResource, REFIID ReturnedInterface, void **ppResource) override;
  HRESULT STDMETHODCALLTYPE CheckFormatSupport(DXGI_FORMAT Format, UINT *pFormatSupport) override;
  HRESULT STDMETHODCALLTYPE CheckMultisampleQualityLevels(DXGI_FORMAT Format, UINT SampleCount, UINT *pNumQualityLevels) override;
  void STDMETHODCALLTYPE CheckCounterInfo(D3D11_COUNTER_INFO *pCounterInfo) override;
  HRESULT STDMETHODCALLTYPE CheckCounter(const D3D11_COUNTER_DESC *pDesc, D3D11_COUNTER_TYPE *pType, UINT *pActiveCounters, LPSTR szName, UINT *pNameLength, LPSTR szUnits, UINT *pUnitsLength, LPSTR szDescription, UINT *pDescriptionLength) override;
  HRESULT STDMETHODCALLTYPE CheckFeatureSupport(D3D11_FEATURE Feature, void *pFeatureSupportData, UINT FeatureSupportDataSize) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT *pDataSize, void *pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void *pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown *pData) override;
  D3D_FEATURE_LEVEL STDMETHODCALLTYPE GetFeatureLevel() override;
  UINT STDMETHODCALLTYPE GetCreationFlags() override;
  HRESULT STDMETHODCALLTYPE GetDeviceRemovedReason() override;
  void STDMETHODCALLTYPE GetImmediateContext(ID3D11DeviceContext **ppImmediateContext) override;
  HRESULT STDMETHODCALLTYPE SetExceptionMode(UINT RaiseFlags) override;
  UINT STDMETHODCALLTYPE GetExceptionMode() override;
  // ID3D11Device1
  void STDMETHODCALLTYPE GetImmediateContext1(ID3D11DeviceContext1 **ppImmediateContext) override;
  HRESULT STDMETHODCALLTYPE CreateDeferredContext1(UINT ContextFlags, ID3D11DeviceContext1 **ppDeferredContext) override;
  HRESULT STDMETHODCALLTYPE CreateBlendState1(const D3D11_BLEND_DESC1 *pBlendStateDesc, ID3D11BlendState1 **ppBlendState) override;
  HRESULT STDMETHODCALLTYPE CreateRasterizerState1(const D3D11_RASTERIZER_DESC1 *pRasterizerDesc, ID3D11RasterizerState1 **ppRasterizerState) override;
  HRESULT STDMETHODCALLTYPE CreateDeviceContextState(UINT Flags, const D3D_FEATURE_LEVEL *pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, D3D_FEATURE_LEVEL *pChosenFeatureLevel, ID3DDeviceContextState **ppContextState) override;
  HRESULT STDMETHODCALLTYPE OpenSharedResource1(HANDLE hResource, REFIID returnedInterface, void **ppResource) override;
  HRESULT STDMETHODCALLTYPE OpenSharedResourceByName(LPCWSTR lpName, DWORD dwDesiredAccess, REFIID returnedInterface, void **ppResource) override;
  // ID3D11Device2
  void STDMETHODCALLTYPE GetImmediateContext2(ID3D11DeviceContext2 **context) override;
  HRESULT STDMETHODCALLTYPE CreateDeferredContext2(UINT flags, ID3D11DeviceContext2 **context) override;
  void STDMETHODCALLTYPE GetResourceTiling(ID3D11Resource *resource, UINT *tile_count, D3D11_PACKED_MIP_DESC *mip_desc, D3D11_TILE_SHAPE *tile_shape, UINT *subresource_tiling_count, UINT first_subresource_tiling, D3D11_SUBRESOURCE_TILING *subresource_tiling) override;
  HRESULT STDMETHODCALLTYPE CheckMultisampleQualityLevels1(DXGI_FORMAT format, UINT sample_count, UINT flags, UINT *quality_level_count) override;
  // ID3D11Device3
  HRESULT STDMETHODCALLTYPE CreateTexture2D1(const D3D11_TEXTURE2D_DESC1 *desc, const D3D11_SUBRESOURCE_DATA *initial_data, ID3D11Texture2D1 **texture) override;
  HRESULT STDMETHODCALLTYPE CreateTexture3D1(const D3D11_TEXTURE3D_DESC1 *desc, const D3D11_SUBRESOURCE_DATA *initial_data, ID3D11Texture3D1 **texture) override;
  HRESULT STDMETHODCALLTYPE CreateRasterizerState2(const D3D11_RASTERIZER_DESC2 *desc, ID3D11RasterizerState2 **state) override;
  HRESULT STDMETHODCALLTYPE CreateShaderResourceView1(ID3D11Resource *resource, const D3D11_SHADER_RESOURCE_VIEW_DESC1 *desc, ID3D11ShaderResourceView1 **view) override;
  HRESULT STDMETHODCALLTYPE CreateUnorderedAccessView1(ID3D11Resource *resource, const D3D11_UNORDERED_ACCESS_VIEW_DESC1 *desc, ID3D11UnorderedAccessView1 **view) override;
  HRESULT STDMETHODCALLTYPE CreateRenderTargetView1(ID3D11Resource *resource, const D3D11_RENDER_TARGET_VIEW_DESC1 *desc, ID3D11RenderTargetView1 **view) override;
  HRESULT STDMETHODCALLTYPE CreateQuery1(const D3D11_QUERY_DESC1 *desc, ID3D11Query1 **query) override;
  void STDMETHODCALLTYPE GetImmediateContext3(ID3D11DeviceContext3 **context) override;
  HRESULT STDMETHODCALLTYPE CreateDeferredContext3(UINT flags, ID3D11DeviceContext3 **context) override;
  void STDMETHODCALLTYPE WriteToSubresource(ID3D11Resource *dst_resource, UINT dst_subresource, const D3D11_BOX *dst_box, const void *src_data, UINT src_row_pitch, UINT src_depth_pitch) override;
  void STDMETHODCALLTYPE ReadFromSubresource(void *dst_data, UINT dst_row_pitch, UINT dst_depth_pitch, ID3D11Resource *src_resource, UINT src_subresource, const D3D11_BOX *src_box) override;
  // ID3D11Device4
  HRESULT STDMETHODCALLTYPE RegisterDeviceRemovedEvent(HANDLE event, DWORD *cookie) override;
  void STDMETHODCALLTYPE UnregisterDeviceRemoved(DWORD cookie) override;
  // ID3D11Device5
  HRESULT STDMETHODCALLTYPE OpenSharedFence(HANDLE handle, REFIID iid, void **fence) override;
  HRESULT STDMETHODCALLTYPE CreateFence(UINT64 initial_value, D3D11_FENCE_FLAG flags, REFIID iid, void **fence) override;

  IDXGIAdapter* dxgiAdapter() const { return m_dxgiAdapter.get(); }
  vk::Adapter& vulkanAdapter() const { return *m_vkAdapter; }
  vk::Device& vulkanDevice() const { return *m_vkDevice; }
  D3D11DeviceContext& immediateContext() { return m_immediateContext; }
  // A swapchain buffer (ID3D11VkPresentDevice::CreateBackBuffer): validated like CreateTexture2D,
  // marked with its DXGI usage so views follow the back-buffer rules (docs/dxgi.md).
  HRESULT createBackBuffer(const D3D11_TEXTURE2D_DESC& desc, UINT swapChainUsage, ID3D11Texture2D** texture);
  D3D_FEATURE_LEVEL featureLevel() const { return m_featureLevel; }
  // Where refusals are reported: the log, and the info queue of a debug device.
  const Diagnostics& diagnostics() const { return m_diagnostics; }
  // Null unless the device was made with D3D11_CREATE_DEVICE_DEBUG.
  D3D11DebugLayer* debugLayer() const { return m_debugLayer.get(); }
  // Whether the device was removed; if so, logs that `method` answers DXGI_ERROR_DEVICE_REMOVED.
  bool refuseWhenRemoved(const char* method);
  // The GPU timeline value of commands recorded now: the last use of anything released now.
  uint64_t recordingValue();
  // The backend's view of a compiled shader, made once per device and shared by every context
  // (any thread). Lives as long as the device, like the compiled shader itself.
  const vk::ShaderCode* shaderCodeFor(const CompiledShader& compiled);
  // Devices made for the D3D10 runtime (D3D11CoreCreateDevice) answer ID3D10Device(1); those of
  // D3D11CreateDevice do not, as on Windows (Wine's test_device_interfaces), until the
  // application makes a context state object (CreateDeviceContextState), which may emulate D3D10.
  void exposeD3D10Device() {
    m_madeForD3D10 = true;
    m_exposeD3D10Device = true;
  }
  bool madeForD3D10() const { return m_madeForD3D10; }

private:
  // The GetImmediateContext(1/2/3) body: one reference, the same context object.
  template <typename ContextInterface>
  void returnImmediateContext(ContextInterface** context);

  // The shared tail of the Create*State methods: logs and rejects an invalid description,
  // answers S_FALSE to a validation-only call, else finds or creates the deduplicated object.
  template <typename Object, typename Desc, typename Interface>
  HRESULT createStateObject(const char* method, StateCache<Object, Desc>& cache, const std::string& problem,
                            const Desc& normalised, Interface** object);
  template <typename Interface>
  HRESULT createBlendState(const char* method, const D3D11_BLEND_DESC1& desc, Interface** object);
  template <typename Interface>
  HRESULT createRasterizerState(const char* method, const D3D11_RASTERIZER_DESC2& desc, Interface** object);
  // Logs a rejected description: E_NOTIMPL for valid features not implemented, else E_INVALIDARG.
  HRESULT rejectDescription(const char* method, const std::string& problem);
  HRESULT openSharedResource(const char* method, HANDLE handle, REFIID riid, void** object);
  // The shared body of CreateTexture1D/2D/3D(1): validation, the size limit, S_FALSE, creation.
  template <typename Object, typename Desc, typename Interface>
  HRESULT createTexture(const char* method, Desc desc, const D3D11_SUBRESOURCE_DATA* initialData, Interface** texture,
                        UINT swapChainUsage = 0);
  template <typename Interface>
  HRESULT createQuery(const char* method, const D3D11_QUERY_DESC1& desc, bool predicateOnly, Interface** object);
  template <typename Interface>
  HRESULT createDeferredContext(const char* method, UINT flags, Interface** context);

  class DeviceInfo : public util::ComFace<ID3D11VkDeviceInfo, D3D11Device> {
  public:
    using ComFace::ComFace;
    const char* STDMETHODCALLTYPE GetImplementationName() override;
    const char* STDMETHODCALLTYPE GetVulkanDeviceName() override;
    const char* STDMETHODCALLTYPE GetVulkanDriverDescription() override;
    UINT STDMETHODCALLTYPE GetValidationErrorCount() override;
    BOOL STDMETHODCALLTYPE IsValidationEnabled() override;
    HRESULT STDMETHODCALLTYPE ReadSubresource(ID3D11Resource* resource, UINT subresource, void* data, UINT* size) override;

  private:
    std::string m_deviceName, m_driverDescription;
  };

  util::ComPtr<IDXGIAdapter> m_dxgiAdapter;
  vk::Adapter* m_vkAdapter;                 // owned by m_dxgiAdapter
  std::unique_ptr<vk::Device> m_vkDevice;
  D3D_FEATURE_LEVEL m_featureLevel;
  UINT m_flags;
  // Before every child: children register with it (D3D11_CREATE_DEVICE_DEBUG only; else null).
  std::unique_ptr<D3D11DebugLayer> m_debugLayer;
  Diagnostics m_diagnostics;
  std::mutex m_removedEventsMutex;
  std::set<uint32_t> m_removedEventCookies;  // RegisterDeviceRemovedEvent's, still registered
  UINT m_exceptionMode = 0;
  std::atomic<bool> m_exposeD3D10Device{false};
  std::atomic<bool> m_madeForD3D10{false};
  util::PrivateDataStore m_privateData;
  StateCaps m_stateCaps;
  // The resource size limit, from the DedicatedVideoMemory the adapter reports (its config
  // override, dxgi.maxDeviceMemory, included), so the limit and GetDesc never disagree.
  uint64_t m_maxResourceBytes;
  StateCache<D3D11BlendState, D3D11_BLEND_DESC1> m_blendStates;
  StateCache<D3D11DepthStencilState, D3D11_DEPTH_STENCIL_DESC> m_depthStencilStates;
  StateCache<D3D11RasterizerState, D3D11_RASTERIZER_DESC2> m_rasterizerStates;
  StateCache<D3D11SamplerState, D3D11_SAMPLER_DESC> m_samplerStates;
  ShaderCache m_shaderCache;  // compiled shaders by bytecode hash (docs/shaders.md)
  std::mutex m_shaderCodeMutex;
  std::unordered_map<const CompiledShader*, std::shared_ptr<const vk::ShaderCode>> m_shaderCode;
  D3D11DeviceContext m_immediateContext{this};  // after m_vkDevice: it records into it
  D3D11DxgiDevice m_dxgiDevice{this};
  DeviceInfo m_deviceInfo{this};
  D3D11PresentDevice m_presentDevice{this};
  // ID3D10Device1 and ID3D10Multithread (src/d3d10, docs/d3d10.md).
  D3D10Device m_d3d10{this};
};

}  // namespace d3d11vk
