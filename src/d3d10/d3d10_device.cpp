// ID3D10Device1, the device half: object creation with D3D10 descriptions converted to D3D11
// ones, format and counter checks, and the device-wide methods; all forwarded to ID3D11Device.
#include "d3d10/d3d10_device.h"

#include <cstring>

#include "d3d10/d3d10_convert.h"
#include "d3d10/d3d10_query_face.h"
#include "d3d10/d3d10_resource_face.h"
#include "d3d10/d3d10_shader_face.h"
#include "d3d10/d3d10_shader_profile.h"
#include "d3d10/d3d10_state_face.h"
#include "d3d10/d3d10_view_face.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

// The tail of every Create* wrapper: the D3D11 call's result, with the new object's D3D10 face
// stored in *out (the D3D11 reference moves to it). A null out-pointer gives S_FALSE on both
// sides, so validation-only calls behave the same.
template <typename Interface10, typename Interface11>
HRESULT finishCreate(HRESULT result, Interface11* object11, Interface10** out) {
  if (out)
    *out = SUCCEEDED(result) ? wrapReturned<Interface10>(object11) : nullptr;
  else if (object11)
    object11->Release();
  return result;
}

HRESULT rejectShader(const char* method, const std::string& problem) {
  util::log::warn("ID3D10Device::", method, ": ", problem, ": E_INVALIDARG");
  return E_INVALIDARG;
}

}  // namespace

bool D3D10Device::query(REFIID riid, void** object) {
  if (riid == __uuidof(ID3D10Device) || riid == __uuidof(ID3D10Device1)) {
    m_owner->AddRef();
    *object = static_cast<ID3D10Device1*>(this);
    return true;
  }
  if (riid == __uuidof(ID3D10Multithread)) {
    m_owner->AddRef();
    *object = static_cast<ID3D10Multithread*>(&m_multithread);
    return true;
  }
  return false;
}

ID3D11DeviceContext* D3D10Device::context() {
  ID3D11DeviceContext* context = m_context.load(std::memory_order_acquire);
  if (!context) {
    // The immediate context lives as long as the device: keep a plain pointer, not a reference
    // (a reference would keep the device alive for ever).
    m_owner->GetImmediateContext(&context);
    context->Release();
    m_context.store(context, std::memory_order_release);
  }
  return context;
}

D3D10Device* D3D10Device::of(ID3D11DeviceChild* child) {
  ID3D11Device* device11 = nullptr;
  child->GetDevice(&device11);
  if (!device11)
    return nullptr;
  ID3D10Device1* device10 = nullptr;
  device11->QueryInterface(__uuidof(ID3D10Device1), reinterpret_cast<void**>(&device10));
  device11->Release();
  if (!device10)
    return nullptr;
  // The device outlives its children's calls; the reference is not needed.
  device10->Release();
  return static_cast<D3D10Device*>(device10);
}

HRESULT STDMETHODCALLTYPE D3D10Device::GetDeviceRemovedReason() { return m_owner->GetDeviceRemovedReason(); }

HRESULT STDMETHODCALLTYPE D3D10Device::SetExceptionMode(UINT RaiseFlags) { return m_owner->SetExceptionMode(RaiseFlags); }

UINT STDMETHODCALLTYPE D3D10Device::GetExceptionMode() { return m_owner->GetExceptionMode(); }

HRESULT STDMETHODCALLTYPE D3D10Device::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) {
  return m_owner->GetPrivateData(guid, pDataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D10Device::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) {
  return m_owner->SetPrivateData(guid, DataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D10Device::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) {
  return m_owner->SetPrivateDataInterface(guid, pData);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateBuffer(const D3D10_BUFFER_DESC* pDesc,
                                                    const D3D10_SUBRESOURCE_DATA* pInitialData, ID3D10Buffer** ppBuffer) {
  if (ppBuffer)
    *ppBuffer = nullptr;
  D3D11_BUFFER_DESC desc;
  if (!pDesc)  // D3D11 refuses it too, and reports it (the debug layer's NULLDESC message)
    return m_owner->CreateBuffer(nullptr, nullptr, nullptr);
  if (!d3d10::toD3D11(*pDesc, &desc)) {
    util::log::warn("ID3D10Device::CreateBuffer: unknown misc flags: E_INVALIDARG");
    return E_INVALIDARG;
  }
  ID3D11Buffer* buffer = nullptr;
  HRESULT result = m_owner->CreateBuffer(&desc, d3d10::asD3D11(pInitialData), ppBuffer ? &buffer : nullptr);
  return finishCreate(result, buffer, ppBuffer);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateTexture1D(const D3D10_TEXTURE1D_DESC* pDesc,
                                                       const D3D10_SUBRESOURCE_DATA* pInitialData, ID3D10Texture1D** ppTexture1D) {
  if (ppTexture1D)
    *ppTexture1D = nullptr;
  D3D11_TEXTURE1D_DESC desc;
  if (!pDesc)  // D3D11 refuses it too, and reports it (the debug layer's NULLDESC message)
    return m_owner->CreateTexture1D(nullptr, nullptr, nullptr);
  if (!d3d10::toD3D11(*pDesc, &desc)) {
    util::log::warn("ID3D10Device::CreateTexture1D: unknown misc flags: E_INVALIDARG");
    return E_INVALIDARG;
  }
  ID3D11Texture1D* texture = nullptr;
  HRESULT result = m_owner->CreateTexture1D(&desc, d3d10::asD3D11(pInitialData), ppTexture1D ? &texture : nullptr);
  return finishCreate(result, texture, ppTexture1D);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateTexture2D(const D3D10_TEXTURE2D_DESC* pDesc,
                                                       const D3D10_SUBRESOURCE_DATA* pInitialData, ID3D10Texture2D** ppTexture2D) {
  if (ppTexture2D)
    *ppTexture2D = nullptr;
  D3D11_TEXTURE2D_DESC desc;
  if (!pDesc)  // D3D11 refuses it too, and reports it (the debug layer's NULLDESC message)
    return m_owner->CreateTexture2D(nullptr, nullptr, nullptr);
  if (!d3d10::toD3D11(*pDesc, &desc)) {
    util::log::warn("ID3D10Device::CreateTexture2D: unknown misc flags: E_INVALIDARG");
    return E_INVALIDARG;
  }
  ID3D11Texture2D* texture = nullptr;
  HRESULT result = m_owner->CreateTexture2D(&desc, d3d10::asD3D11(pInitialData), ppTexture2D ? &texture : nullptr);
  return finishCreate(result, texture, ppTexture2D);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateTexture3D(const D3D10_TEXTURE3D_DESC* pDesc,
                                                       const D3D10_SUBRESOURCE_DATA* pInitialData, ID3D10Texture3D** ppTexture3D) {
  if (ppTexture3D)
    *ppTexture3D = nullptr;
  D3D11_TEXTURE3D_DESC desc;
  if (!pDesc)  // D3D11 refuses it too, and reports it (the debug layer's NULLDESC message)
    return m_owner->CreateTexture3D(nullptr, nullptr, nullptr);
  if (!d3d10::toD3D11(*pDesc, &desc)) {
    util::log::warn("ID3D10Device::CreateTexture3D: unknown misc flags: E_INVALIDARG");
    return E_INVALIDARG;
  }
  ID3D11Texture3D* texture = nullptr;
  HRESULT result = m_owner->CreateTexture3D(&desc, d3d10::asD3D11(pInitialData), ppTexture3D ? &texture : nullptr);
  return finishCreate(result, texture, ppTexture3D);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateShaderResourceView(ID3D10Resource* pResource,
                                                                const D3D10_SHADER_RESOURCE_VIEW_DESC* pDesc,
                                                                ID3D10ShaderResourceView** ppSRView) {
  // The 10.0 description is a prefix of the 10.1 one (the union gains the cube-array member).
  D3D10_SHADER_RESOURCE_VIEW_DESC1 desc1{};
  if (pDesc)
    std::memcpy(&desc1, pDesc, sizeof(*pDesc));
  if (pDesc && desc1.ViewDimension == D3D10_1_SRV_DIMENSION_TEXTURECUBEARRAY) {
    if (ppSRView)
      *ppSRView = nullptr;
    util::log::warn("ID3D10Device::CreateShaderResourceView: cube arrays need CreateShaderResourceView1: E_INVALIDARG");
    return E_INVALIDARG;
  }
  return CreateShaderResourceView1(pResource, pDesc ? &desc1 : nullptr,
                                   reinterpret_cast<ID3D10ShaderResourceView1**>(ppSRView));
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateShaderResourceView1(ID3D10Resource* pResource,
                                                                 const D3D10_SHADER_RESOURCE_VIEW_DESC1* pDesc,
                                                                 ID3D10ShaderResourceView1** ppSRView) {
  if (ppSRView)
    *ppSRView = nullptr;
  D3D11_SHADER_RESOURCE_VIEW_DESC desc;
  if (pDesc)
    desc = d3d10::toD3D11(*pDesc);
  ID3D11ShaderResourceView* view = nullptr;
  HRESULT result = m_owner->CreateShaderResourceView(unwrapResource(pResource), pDesc ? &desc : nullptr,
                                                     ppSRView ? &view : nullptr);
  return finishCreate(result, view, ppSRView);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateRenderTargetView(ID3D10Resource* pResource,
                                                              const D3D10_RENDER_TARGET_VIEW_DESC* pDesc,
                                                              ID3D10RenderTargetView** ppRTView) {
  if (ppRTView)
    *ppRTView = nullptr;
  D3D11_RENDER_TARGET_VIEW_DESC desc;
  if (pDesc)
    desc = d3d10::toD3D11(*pDesc);
  ID3D11RenderTargetView* view = nullptr;
  HRESULT result = m_owner->CreateRenderTargetView(unwrapResource(pResource), pDesc ? &desc : nullptr,
                                                   ppRTView ? &view : nullptr);
  return finishCreate(result, view, ppRTView);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateDepthStencilView(ID3D10Resource* pResource,
                                                              const D3D10_DEPTH_STENCIL_VIEW_DESC* pDesc,
                                                              ID3D10DepthStencilView** ppDepthStencilView) {
  if (ppDepthStencilView)
    *ppDepthStencilView = nullptr;
  D3D11_DEPTH_STENCIL_VIEW_DESC desc;
  if (pDesc)
    desc = d3d10::toD3D11(*pDesc);
  ID3D11DepthStencilView* view = nullptr;
  HRESULT result = m_owner->CreateDepthStencilView(unwrapResource(pResource), pDesc ? &desc : nullptr,
                                                   ppDepthStencilView ? &view : nullptr);
  return finishCreate(result, view, ppDepthStencilView);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateInputLayout(const D3D10_INPUT_ELEMENT_DESC* pInputElementDescs,
                                                         UINT NumElements, const void* pShaderBytecodeWithInputSignature,
                                                         SIZE_T BytecodeLength, ID3D10InputLayout** ppInputLayout) {
  if (ppInputLayout)
    *ppInputLayout = nullptr;
  ID3D11InputLayout* layout = nullptr;
  HRESULT result = m_owner->CreateInputLayout(d3d10::asD3D11(pInputElementDescs), NumElements,
                                              pShaderBytecodeWithInputSignature, BytecodeLength,
                                              ppInputLayout ? &layout : nullptr);
  return finishCreate(result, layout, ppInputLayout);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateVertexShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                          ID3D10VertexShader** ppVertexShader) {
  if (ppVertexShader)
    *ppVertexShader = nullptr;
  std::string problem = d3d10::checkShaderModel(pShaderBytecode, BytecodeLength, m_owner->GetFeatureLevel());
  if (!problem.empty())
    return rejectShader("CreateVertexShader", problem);
  ID3D11VertexShader* shader = nullptr;
  HRESULT result = m_owner->CreateVertexShader(pShaderBytecode, BytecodeLength, nullptr, ppVertexShader ? &shader : nullptr);
  return finishCreate(result, shader, ppVertexShader);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateGeometryShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                            ID3D10GeometryShader** ppGeometryShader) {
  if (ppGeometryShader)
    *ppGeometryShader = nullptr;
  std::string problem = d3d10::checkShaderModel(pShaderBytecode, BytecodeLength, m_owner->GetFeatureLevel());
  if (!problem.empty())
    return rejectShader("CreateGeometryShader", problem);
  ID3D11GeometryShader* shader = nullptr;
  HRESULT result =
      m_owner->CreateGeometryShader(pShaderBytecode, BytecodeLength, nullptr, ppGeometryShader ? &shader : nullptr);
  return finishCreate(result, shader, ppGeometryShader);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateGeometryShaderWithStreamOutput(
    const void* pShaderBytecode, SIZE_T BytecodeLength, const D3D10_SO_DECLARATION_ENTRY* pSODeclaration,
    UINT NumEntries, UINT OutputStreamStride, ID3D10GeometryShader** ppGeometryShader) {
  if (ppGeometryShader)
    *ppGeometryShader = nullptr;
  std::string problem = d3d10::checkShaderModel(pShaderBytecode, BytecodeLength, m_owner->GetFeatureLevel());
  if (!problem.empty())
    return rejectShader("CreateGeometryShaderWithStreamOutput", problem);
  if (NumEntries && !pSODeclaration)
    return rejectShader("CreateGeometryShaderWithStreamOutput", "entries without a declaration");
  problem = d3d10::checkStreamOutputStride(pSODeclaration, NumEntries, OutputStreamStride);
  if (!problem.empty())
    return rejectShader("CreateGeometryShaderWithStreamOutput", problem);
  if (NumEntries == 0)  // no declaration and no stride: a geometry shader without stream output
    return CreateGeometryShader(pShaderBytecode, BytecodeLength, ppGeometryShader);
  d3d10::StreamOutputDecl decl = d3d10::toD3D11(pSODeclaration, NumEntries, OutputStreamStride);
  ID3D11GeometryShader* shader = nullptr;
  // D3D10 always rasterizes stream 0 (it has only one stream).
  HRESULT result = m_owner->CreateGeometryShaderWithStreamOutput(
      pShaderBytecode, BytecodeLength, decl.entries.data(), UINT(decl.entries.size()), decl.strides.data(),
      UINT(decl.strides.size()), 0, nullptr, ppGeometryShader ? &shader : nullptr);
  return finishCreate(result, shader, ppGeometryShader);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreatePixelShader(const void* pShaderBytecode, SIZE_T BytecodeLength,
                                                         ID3D10PixelShader** ppPixelShader) {
  if (ppPixelShader)
    *ppPixelShader = nullptr;
  std::string problem = d3d10::checkShaderModel(pShaderBytecode, BytecodeLength, m_owner->GetFeatureLevel());
  if (!problem.empty())
    return rejectShader("CreatePixelShader", problem);
  ID3D11PixelShader* shader = nullptr;
  HRESULT result = m_owner->CreatePixelShader(pShaderBytecode, BytecodeLength, nullptr, ppPixelShader ? &shader : nullptr);
  return finishCreate(result, shader, ppPixelShader);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateBlendState(const D3D10_BLEND_DESC* pBlendStateDesc,
                                                        ID3D10BlendState** ppBlendState) {
  if (ppBlendState)
    *ppBlendState = nullptr;
  if (!pBlendStateDesc)
    return E_INVALIDARG;
  D3D11_BLEND_DESC desc = d3d10::toD3D11(*pBlendStateDesc);
  ID3D11BlendState* state = nullptr;
  HRESULT result = m_owner->CreateBlendState(&desc, ppBlendState ? &state : nullptr);
  return finishCreate(result, state, ppBlendState);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateBlendState1(const D3D10_BLEND_DESC1* pBlendStateDesc,
                                                         ID3D10BlendState1** ppBlendState) {
  if (ppBlendState)
    *ppBlendState = nullptr;
  if (!pBlendStateDesc)
    return E_INVALIDARG;
  D3D11_BLEND_DESC desc = d3d10::toD3D11(*pBlendStateDesc);
  ID3D11BlendState* state = nullptr;
  HRESULT result = m_owner->CreateBlendState(&desc, ppBlendState ? &state : nullptr);
  return finishCreate(result, state, ppBlendState);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateDepthStencilState(const D3D10_DEPTH_STENCIL_DESC* pDepthStencilDesc,
                                                               ID3D10DepthStencilState** ppDepthStencilState) {
  if (ppDepthStencilState)
    *ppDepthStencilState = nullptr;
  ID3D11DepthStencilState* state = nullptr;
  HRESULT result = m_owner->CreateDepthStencilState(d3d10::asD3D11(pDepthStencilDesc),
                                                    ppDepthStencilState ? &state : nullptr);
  return finishCreate(result, state, ppDepthStencilState);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateRasterizerState(const D3D10_RASTERIZER_DESC* pRasterizerDesc,
                                                             ID3D10RasterizerState** ppRasterizerState) {
  if (ppRasterizerState)
    *ppRasterizerState = nullptr;
  ID3D11RasterizerState* state = nullptr;
  HRESULT result = m_owner->CreateRasterizerState(d3d10::asD3D11(pRasterizerDesc), ppRasterizerState ? &state : nullptr);
  return finishCreate(result, state, ppRasterizerState);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateSamplerState(const D3D10_SAMPLER_DESC* pSamplerDesc,
                                                          ID3D10SamplerState** ppSamplerState) {
  if (ppSamplerState)
    *ppSamplerState = nullptr;
  ID3D11SamplerState* state = nullptr;
  HRESULT result = m_owner->CreateSamplerState(d3d10::asD3D11(pSamplerDesc), ppSamplerState ? &state : nullptr);
  return finishCreate(result, state, ppSamplerState);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateQuery(const D3D10_QUERY_DESC* pQueryDesc, ID3D10Query** ppQuery) {
  if (ppQuery)
    *ppQuery = nullptr;
  if (!pQueryDesc)
    return E_INVALIDARG;
  D3D11_QUERY_DESC desc{D3D11_QUERY(pQueryDesc->Query), pQueryDesc->MiscFlags};
  ID3D11Query* query = nullptr;
  HRESULT result = m_owner->CreateQuery(&desc, ppQuery ? &query : nullptr);
  return finishCreate(result, query, ppQuery);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreatePredicate(const D3D10_QUERY_DESC* pPredicateDesc,
                                                       ID3D10Predicate** ppPredicate) {
  if (ppPredicate)
    *ppPredicate = nullptr;
  if (!pPredicateDesc)
    return E_INVALIDARG;
  D3D11_QUERY_DESC desc{D3D11_QUERY(pPredicateDesc->Query), pPredicateDesc->MiscFlags};
  ID3D11Predicate* predicate = nullptr;
  HRESULT result = m_owner->CreatePredicate(&desc, ppPredicate ? &predicate : nullptr);
  return finishCreate(result, predicate, ppPredicate);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CreateCounter(const D3D10_COUNTER_DESC* pCounterDesc, ID3D10Counter** ppCounter) {
  // STATUS: partial: the D3D11 device exposes no counters, so every counter is refused as there
  if (ppCounter)
    *ppCounter = nullptr;
  ID3D11Counter* counter = nullptr;
  HRESULT result = m_owner->CreateCounter(reinterpret_cast<const D3D11_COUNTER_DESC*>(pCounterDesc),
                                          ppCounter ? &counter : nullptr);
  return finishCreate(result, counter, ppCounter);
}

HRESULT STDMETHODCALLTYPE D3D10Device::CheckFormatSupport(DXGI_FORMAT Format, UINT* pFormatSupport) {
  HRESULT result = m_owner->CheckFormatSupport(Format, pFormatSupport);
  if (pFormatSupport)
    *pFormatSupport = d3d10::formatSupportToD3D10(*pFormatSupport);
  return result;
}

HRESULT STDMETHODCALLTYPE D3D10Device::CheckMultisampleQualityLevels(DXGI_FORMAT Format, UINT SampleCount,
                                                                     UINT* pNumQualityLevels) {
  return m_owner->CheckMultisampleQualityLevels(Format, SampleCount, pNumQualityLevels);
}

void STDMETHODCALLTYPE D3D10Device::CheckCounterInfo(D3D10_COUNTER_INFO* pCounterInfo) {
  static_assert(sizeof(D3D10_COUNTER_INFO) == sizeof(D3D11_COUNTER_INFO));
  m_owner->CheckCounterInfo(reinterpret_cast<D3D11_COUNTER_INFO*>(pCounterInfo));
}

HRESULT STDMETHODCALLTYPE D3D10Device::CheckCounter(const D3D10_COUNTER_DESC* pDesc, D3D10_COUNTER_TYPE* pType,
                                                    UINT* pActiveCounters, char* name, UINT* pNameLength, char* units,
                                                    UINT* pUnitsLength, char* description, UINT* pDescriptionLength) {
  static_assert(sizeof(D3D10_COUNTER_DESC) == sizeof(D3D11_COUNTER_DESC));
  return m_owner->CheckCounter(reinterpret_cast<const D3D11_COUNTER_DESC*>(pDesc),
                               reinterpret_cast<D3D11_COUNTER_TYPE*>(pType), pActiveCounters, name, pNameLength, units,
                               pUnitsLength, description, pDescriptionLength);
}

UINT STDMETHODCALLTYPE D3D10Device::GetCreationFlags() { return m_owner->GetCreationFlags(); }

HRESULT STDMETHODCALLTYPE D3D10Device::OpenSharedResource(HANDLE hResource, REFIID ReturnedInterface, void** ppResource) {
  // The D3D11 object answers the D3D10 interfaces too, so the id can be passed on unchanged.
  return m_owner->OpenSharedResource(hResource, ReturnedInterface, ppResource);
}

// The text filter sizes are for D3DX10's font rendering; the device only keeps them.
void STDMETHODCALLTYPE D3D10Device::SetTextFilterSize(UINT Width, UINT Height) {
  m_textFilterWidth = Width;
  m_textFilterHeight = Height;
}

void STDMETHODCALLTYPE D3D10Device::GetTextFilterSize(UINT* pWidth, UINT* pHeight) {
  if (pWidth)
    *pWidth = m_textFilterWidth;
  if (pHeight)
    *pHeight = m_textFilterHeight;
}

D3D10_FEATURE_LEVEL1 STDMETHODCALLTYPE D3D10Device::GetFeatureLevel() {
  // D3D10_FEATURE_LEVEL1 has D3D_FEATURE_LEVEL's values for 9_1 to 10_1.
  return D3D10_FEATURE_LEVEL1(m_owner->GetFeatureLevel());
}

}  // namespace d3d11vk
