// ID3D10Device1, the context half: binding, drawing, copying, clearing and the Get* methods,
// each forwarded to the immediate context's ID3D11DeviceContext under the D3D10 device lock.
#include <algorithm>

#include "d3d10/d3d10_convert.h"
#include "d3d10/d3d10_device.h"
#include "d3d10/d3d10_query_face.h"
#include "d3d10/d3d10_resource_face.h"
#include "d3d10/d3d10_shader_face.h"
#include "d3d10/d3d10_state_face.h"
#include "d3d10/d3d10_view_face.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

// The largest slot range any D3D10 binding call takes (shader resources: 128). A range that does
// not fit the D3D11 slots is passed on with its count so the D3D11 side logs and ignores it.
constexpr UINT kMaxSlots = D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT;

// Unwraps an array of D3D10 faces into D3D11 pointers. Returns the count to pass on and the
// array (null when the application passed null, which D3D11 reads as all-null too).
template <typename Face, typename Interface10, typename Interface11>
Interface11* const* unwrapArray(Interface10* const* in, UINT count, Interface11* (&out)[kMaxSlots]) {
  if (!in)
    return nullptr;
  for (UINT i = 0; i < std::min(count, kMaxSlots); ++i)
    out[i] = unwrap<Face>(in[i]);
  return out;
}

// Whether `resource` is a texture with depth-stencil binding. Windows' D3D10 runtime copies
// nothing into such a resource, with CopyResource or CopySubresourceRegion, whatever the formats
// (Wine's d3d10core test_format_compatibility: "they're just broken in d3d10"); D3D11 copies.
bool isDepthStencilTexture(ID3D11Resource* resource) {
  if (!resource)
    return false;
  D3D11_RESOURCE_DIMENSION dimension = D3D11_RESOURCE_DIMENSION_UNKNOWN;
  resource->GetType(&dimension);
  UINT bind = 0;
  if (dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
    D3D11_TEXTURE1D_DESC desc{};
    static_cast<ID3D11Texture1D*>(resource)->GetDesc(&desc);
    bind = desc.BindFlags;
  } else if (dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D) {
    D3D11_TEXTURE2D_DESC desc{};
    static_cast<ID3D11Texture2D*>(resource)->GetDesc(&desc);
    bind = desc.BindFlags;
  }
  return (bind & D3D11_BIND_DEPTH_STENCIL) != 0;
}

bool refuseCopyIntoDepthStencil(const char* method, ID3D11Resource* destination) {
  if (!isDepthStencilTexture(destination))
    return false;
  D3D11VK_LOG_ONCE(Warn, "D3D10 ", method, ": the destination is a depth-stencil texture; nothing is copied, as "
                   "Windows' D3D10 runtime does");
  return true;
}

// D3D10's bindings of views, samplers and predicates do not keep them alive: once the application
// has released its last reference to one, the Get* methods answer null for it (Wine's d3d10core
// test_state_refcounting; rasterizer, blend and depth-stencil states still come back). The D3D11
// side holds private references, so this is decided here, on the D3D10 face the application
// holds: `object` was just returned with a reference of its own, and when that is the only one,
// it is dropped.
template <typename Interface10>
Interface10* unlessReleased(Interface10* object) {
  if (!object)
    return nullptr;
  const ULONG count = object->AddRef();  // the application's references, the Get's and this one
  object->Release();
  if (count > 2)
    return object;
  object->Release();
  return nullptr;
}

template <typename Interface10>
void dropReleased(Interface10** objects, UINT count) {
  for (UINT i = 0; i < count; ++i)
    objects[i] = unlessReleased(objects[i]);
}

// The D3D10 faces of D3D11 objects a Get* call returned (each reference moves to its face).
template <typename Interface10, typename Interface11>
void wrapArray(Interface11* const* in, UINT count, Interface10** out) {
  for (UINT i = 0; i < count; ++i)
    out[i] = wrapReturned<Interface10>(in[i]);
}

template <typename Interface10, typename Interface11>
Interface10* wrapOne(Interface11* object) {
  return wrapReturned<Interface10>(object);
}

}  // namespace

// Shader stages: constant buffers, resources, samplers, shaders (Prefix: VS, GS or PS).
#define D3D10VK_STAGE_METHODS(Prefix, Shader10, Shader11, Face)                                                   \
  void STDMETHODCALLTYPE D3D10Device::Prefix##SetConstantBuffers(UINT StartSlot, UINT NumBuffers,                 \
                                                                ID3D10Buffer* const* ppConstantBuffers) {        \
    ID3D11Buffer* buffers[kMaxSlots];                                                                            \
    auto lock = guard();                                                                                         \
    context()->Prefix##SetConstantBuffers(StartSlot, NumBuffers,                                                  \
                                         unwrapArray<D3D10BufferFace>(ppConstantBuffers, NumBuffers, buffers));  \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##SetShaderResources(UINT StartSlot, UINT NumViews,                   \
                                                                ID3D10ShaderResourceView* const* ppViews) {      \
    ID3D11ShaderResourceView* views[kMaxSlots];                                                                  \
    auto lock = guard();                                                                                         \
    context()->Prefix##SetShaderResources(StartSlot, NumViews,                                                    \
                                         unwrapArray<D3D10ShaderResourceViewFace>(ppViews, NumViews, views));    \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##SetSamplers(UINT StartSlot, UINT NumSamplers,                      \
                                                         ID3D10SamplerState* const* ppSamplers) {                \
    ID3D11SamplerState* samplers[kMaxSlots];                                                                     \
    auto lock = guard();                                                                                         \
    context()->Prefix##SetSamplers(StartSlot, NumSamplers,                                                        \
                                  unwrapArray<D3D10SamplerStateFace>(ppSamplers, NumSamplers, samplers));        \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##SetShader(Shader10* pShader) {                                      \
    auto lock = guard();                                                                                         \
    context()->Prefix##SetShader(unwrap<Face>(pShader), nullptr, 0);                                              \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##GetConstantBuffers(UINT StartSlot, UINT NumBuffers,                 \
                                                                ID3D10Buffer** ppConstantBuffers) {              \
    if (!ppConstantBuffers || NumBuffers > kMaxSlots)                                                            \
      return;                                                                                                    \
    ID3D11Buffer* buffers[kMaxSlots] = {};                                                                       \
    auto lock = guard();                                                                                         \
    context()->Prefix##GetConstantBuffers(StartSlot, NumBuffers, buffers);                                        \
    wrapArray(buffers, NumBuffers, ppConstantBuffers);                                                           \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##GetShaderResources(UINT StartSlot, UINT NumViews,                   \
                                                                ID3D10ShaderResourceView** ppViews) {            \
    if (!ppViews || NumViews > kMaxSlots)                                                                        \
      return;                                                                                                    \
    ID3D11ShaderResourceView* views[kMaxSlots] = {};                                                             \
    auto lock = guard();                                                                                         \
    context()->Prefix##GetShaderResources(StartSlot, NumViews, views);                                            \
    wrapArray(views, NumViews, ppViews);                                                                         \
    dropReleased(ppViews, NumViews);                                                                             \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##GetSamplers(UINT StartSlot, UINT NumSamplers,                      \
                                                         ID3D10SamplerState** ppSamplers) {                      \
    if (!ppSamplers || NumSamplers > kMaxSlots)                                                                  \
      return;                                                                                                    \
    ID3D11SamplerState* samplers[kMaxSlots] = {};                                                                \
    auto lock = guard();                                                                                         \
    context()->Prefix##GetSamplers(StartSlot, NumSamplers, samplers);                                             \
    wrapArray(samplers, NumSamplers, ppSamplers);                                                                \
    dropReleased(ppSamplers, NumSamplers);                                                                       \
  }                                                                                                              \
  void STDMETHODCALLTYPE D3D10Device::Prefix##GetShader(Shader10** ppShader) {                                    \
    if (!ppShader)                                                                                               \
      return;                                                                                                    \
    Shader11* shader = nullptr;                                                                                  \
    auto lock = guard();                                                                                         \
    context()->Prefix##GetShader(&shader, nullptr, nullptr);                                                      \
    *ppShader = wrapOne<Shader10>(shader);                                                                       \
  }

D3D10VK_STAGE_METHODS(VS, ID3D10VertexShader, ID3D11VertexShader, D3D10VertexShaderFace)
D3D10VK_STAGE_METHODS(GS, ID3D10GeometryShader, ID3D11GeometryShader, D3D10GeometryShaderFace)
D3D10VK_STAGE_METHODS(PS, ID3D10PixelShader, ID3D11PixelShader, D3D10PixelShaderFace)
#undef D3D10VK_STAGE_METHODS

// Input assembler.
void STDMETHODCALLTYPE D3D10Device::IASetInputLayout(ID3D10InputLayout* pInputLayout) {
  auto lock = guard();
  context()->IASetInputLayout(unwrap<D3D10InputLayoutFace>(pInputLayout));
}

void STDMETHODCALLTYPE D3D10Device::IASetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D10Buffer* const* ppVertexBuffers,
                                                       const UINT* pStrides, const UINT* pOffsets) {
  ID3D11Buffer* buffers[kMaxSlots];
  auto lock = guard();
  context()->IASetVertexBuffers(StartSlot, NumBuffers, unwrapArray<D3D10BufferFace>(ppVertexBuffers, NumBuffers, buffers),
                                pStrides, pOffsets);
}

void STDMETHODCALLTYPE D3D10Device::IASetIndexBuffer(ID3D10Buffer* pIndexBuffer, DXGI_FORMAT Format, UINT Offset) {
  auto lock = guard();
  context()->IASetIndexBuffer(unwrap<D3D10BufferFace>(pIndexBuffer), Format, Offset);
}

void STDMETHODCALLTYPE D3D10Device::IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY Topology) {
  auto lock = guard();
  context()->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY(Topology));  // the same values
}

void STDMETHODCALLTYPE D3D10Device::IAGetInputLayout(ID3D10InputLayout** ppInputLayout) {
  if (!ppInputLayout)
    return;
  ID3D11InputLayout* layout = nullptr;
  auto lock = guard();
  context()->IAGetInputLayout(&layout);
  *ppInputLayout = wrapOne<ID3D10InputLayout>(layout);
}

void STDMETHODCALLTYPE D3D10Device::IAGetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D10Buffer** ppVertexBuffers,
                                                       UINT* pStrides, UINT* pOffsets) {
  if (NumBuffers > kMaxSlots)
    return;
  ID3D11Buffer* buffers[kMaxSlots] = {};
  auto lock = guard();
  context()->IAGetVertexBuffers(StartSlot, NumBuffers, ppVertexBuffers ? buffers : nullptr, pStrides, pOffsets);
  if (ppVertexBuffers)
    wrapArray(buffers, NumBuffers, ppVertexBuffers);
}

void STDMETHODCALLTYPE D3D10Device::IAGetIndexBuffer(ID3D10Buffer** pIndexBuffer, DXGI_FORMAT* Format, UINT* Offset) {
  ID3D11Buffer* buffer = nullptr;
  auto lock = guard();
  context()->IAGetIndexBuffer(pIndexBuffer ? &buffer : nullptr, Format, Offset);
  if (pIndexBuffer)
    *pIndexBuffer = wrapOne<ID3D10Buffer>(buffer);
}

void STDMETHODCALLTYPE D3D10Device::IAGetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY* pTopology) {
  if (!pTopology)
    return;
  D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED;
  auto lock = guard();
  context()->IAGetPrimitiveTopology(&topology);
  *pTopology = D3D10_PRIMITIVE_TOPOLOGY(topology);
}

// Drawing.
void STDMETHODCALLTYPE D3D10Device::DrawIndexed(UINT IndexCount, UINT StartIndexLocation, INT BaseVertexLocation) {
  auto lock = guard();
  context()->DrawIndexed(IndexCount, StartIndexLocation, BaseVertexLocation);
}

void STDMETHODCALLTYPE D3D10Device::Draw(UINT VertexCount, UINT StartVertexLocation) {
  auto lock = guard();
  context()->Draw(VertexCount, StartVertexLocation);
}

void STDMETHODCALLTYPE D3D10Device::DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount,
                                                         UINT StartIndexLocation, INT BaseVertexLocation,
                                                         UINT StartInstanceLocation) {
  auto lock = guard();
  context()->DrawIndexedInstanced(IndexCountPerInstance, InstanceCount, StartIndexLocation, BaseVertexLocation,
                                  StartInstanceLocation);
}

void STDMETHODCALLTYPE D3D10Device::DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount,
                                                  UINT StartVertexLocation, UINT StartInstanceLocation) {
  auto lock = guard();
  context()->DrawInstanced(VertexCountPerInstance, InstanceCount, StartVertexLocation, StartInstanceLocation);
}

void STDMETHODCALLTYPE D3D10Device::DrawAuto() {
  auto lock = guard();
  context()->DrawAuto();
}

// Predication.
void STDMETHODCALLTYPE D3D10Device::SetPredication(ID3D10Predicate* pPredicate, BOOL PredicateValue) {
  ID3D11Query* query = unwrap<D3D10QueryFace>(pPredicate);
  ID3D11Predicate* predicate = nullptr;
  if (query)
    query->QueryInterface(__uuidof(ID3D11Predicate), reinterpret_cast<void**>(&predicate));
  auto lock = guard();
  context()->SetPredication(predicate, PredicateValue);
  if (predicate)
    predicate->Release();
}

void STDMETHODCALLTYPE D3D10Device::GetPredication(ID3D10Predicate** ppPredicate, BOOL* pPredicateValue) {
  ID3D11Predicate* predicate = nullptr;
  auto lock = guard();
  context()->GetPredication(ppPredicate ? &predicate : nullptr, pPredicateValue);
  if (ppPredicate)
    *ppPredicate = unlessReleased(wrapOne<ID3D10Predicate>(predicate));
}

// Output merger.
void STDMETHODCALLTYPE D3D10Device::OMSetRenderTargets(UINT NumViews, ID3D10RenderTargetView* const* ppRenderTargetViews,
                                                       ID3D10DepthStencilView* pDepthStencilView) {
  ID3D11RenderTargetView* views[kMaxSlots];
  auto lock = guard();
  context()->OMSetRenderTargets(NumViews,
                                unwrapArray<D3D10RenderTargetViewFace>(ppRenderTargetViews, NumViews, views),
                                unwrap<D3D10DepthStencilViewFace>(pDepthStencilView));
}

void STDMETHODCALLTYPE D3D10Device::OMSetBlendState(ID3D10BlendState* pBlendState, const FLOAT BlendFactor[4],
                                                    UINT SampleMask) {
  auto lock = guard();
  context()->OMSetBlendState(unwrap<D3D10BlendStateFace>(static_cast<ID3D10BlendState1*>(pBlendState)), BlendFactor,
                             SampleMask);
}

void STDMETHODCALLTYPE D3D10Device::OMSetDepthStencilState(ID3D10DepthStencilState* pDepthStencilState, UINT StencilRef) {
  auto lock = guard();
  context()->OMSetDepthStencilState(unwrap<D3D10DepthStencilStateFace>(pDepthStencilState), StencilRef);
}

void STDMETHODCALLTYPE D3D10Device::OMGetRenderTargets(UINT NumViews, ID3D10RenderTargetView** ppRenderTargetViews,
                                                       ID3D10DepthStencilView** ppDepthStencilView) {
  if (NumViews > kMaxSlots)
    return;
  ID3D11RenderTargetView* views[kMaxSlots] = {};
  ID3D11DepthStencilView* depth = nullptr;
  auto lock = guard();
  context()->OMGetRenderTargets(NumViews, ppRenderTargetViews ? views : nullptr, ppDepthStencilView ? &depth : nullptr);
  if (ppRenderTargetViews) {
    wrapArray(views, NumViews, ppRenderTargetViews);
    dropReleased(ppRenderTargetViews, NumViews);
  }
  if (ppDepthStencilView)
    *ppDepthStencilView = unlessReleased(wrapOne<ID3D10DepthStencilView>(depth));
}

void STDMETHODCALLTYPE D3D10Device::OMGetBlendState(ID3D10BlendState** ppBlendState, FLOAT BlendFactor[4],
                                                    UINT* pSampleMask) {
  ID3D11BlendState* state = nullptr;
  auto lock = guard();
  context()->OMGetBlendState(ppBlendState ? &state : nullptr, BlendFactor, pSampleMask);
  if (ppBlendState)
    *ppBlendState = wrapOne<ID3D10BlendState>(state);
}

void STDMETHODCALLTYPE D3D10Device::OMGetDepthStencilState(ID3D10DepthStencilState** ppDepthStencilState,
                                                           UINT* pStencilRef) {
  ID3D11DepthStencilState* state = nullptr;
  auto lock = guard();
  context()->OMGetDepthStencilState(ppDepthStencilState ? &state : nullptr, pStencilRef);
  if (ppDepthStencilState)
    *ppDepthStencilState = wrapOne<ID3D10DepthStencilState>(state);
}

// Stream output.
void STDMETHODCALLTYPE D3D10Device::SOSetTargets(UINT NumBuffers, ID3D10Buffer* const* ppSOTargets, const UINT* pOffsets) {
  ID3D11Buffer* buffers[kMaxSlots];
  auto lock = guard();
  context()->SOSetTargets(NumBuffers, unwrapArray<D3D10BufferFace>(ppSOTargets, NumBuffers, buffers), pOffsets);
}

void STDMETHODCALLTYPE D3D10Device::SOGetTargets(UINT NumBuffers, ID3D10Buffer** ppSOTargets, UINT* pOffsets) {
  if (NumBuffers > D3D10_SO_BUFFER_SLOT_COUNT)
    return;
  ID3D11Buffer* buffers[D3D10_SO_BUFFER_SLOT_COUNT] = {};
  auto lock = guard();
  context()->SOGetTargets(NumBuffers, buffers);
  for (UINT i = 0; i < NumBuffers; ++i) {
    // Windows 10's D3D10 runtime reports ~0 (append) for every bound buffer, whatever offset was
    // set, and 0 for empty slots (Wine's d3d10core tests, test_clear_state).
    if (pOffsets)
      pOffsets[i] = buffers[i] ? ~0u : 0;
    if (ppSOTargets)
      ppSOTargets[i] = wrapOne<ID3D10Buffer>(buffers[i]);
    else if (buffers[i])
      buffers[i]->Release();
  }
}

// Rasterizer.
void STDMETHODCALLTYPE D3D10Device::RSSetState(ID3D10RasterizerState* pRasterizerState) {
  auto lock = guard();
  context()->RSSetState(unwrap<D3D10RasterizerStateFace>(pRasterizerState));
}

void STDMETHODCALLTYPE D3D10Device::RSSetViewports(UINT NumViewports, const D3D10_VIEWPORT* pViewports) {
  D3D11_VIEWPORT viewports[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
  UINT count = std::min<UINT>(NumViewports, D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE);
  for (UINT i = 0; pViewports && i < count; ++i)
    viewports[i] = d3d10::toD3D11(pViewports[i]);
  auto lock = guard();
  // Too many viewports: the D3D11 side logs and ignores the call.
  context()->RSSetViewports(NumViewports, pViewports ? viewports : nullptr);
}

void STDMETHODCALLTYPE D3D10Device::RSSetScissorRects(UINT NumRects, const D3D10_RECT* pRects) {
  auto lock = guard();
  context()->RSSetScissorRects(NumRects, pRects);  // D3D10_RECT is RECT, as D3D11_RECT is
}

void STDMETHODCALLTYPE D3D10Device::RSGetState(ID3D10RasterizerState** ppRasterizerState) {
  if (!ppRasterizerState)
    return;
  ID3D11RasterizerState* state = nullptr;
  auto lock = guard();
  context()->RSGetState(&state);
  *ppRasterizerState = wrapOne<ID3D10RasterizerState>(state);
}

void STDMETHODCALLTYPE D3D10Device::RSGetViewports(UINT* NumViewports, D3D10_VIEWPORT* pViewports) {
  if (!NumViewports)
    return;
  D3D11_VIEWPORT viewports[D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE];
  UINT count = std::min<UINT>(*NumViewports, D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE);
  auto lock = guard();
  if (!pViewports) {
    context()->RSGetViewports(NumViewports, nullptr);
    return;
  }
  context()->RSGetViewports(&count, viewports);
  for (UINT i = 0; i < count; ++i)
    pViewports[i] = d3d10::toD3D10(viewports[i]);
  for (UINT i = count; i < *NumViewports; ++i)
    pViewports[i] = {};
  // The count comes back as the number of viewports set (Wine's d3d10core tests,
  // test_multiple_viewports), as D3D11's RSGetViewports reports it.
  *NumViewports = count;
}

void STDMETHODCALLTYPE D3D10Device::RSGetScissorRects(UINT* NumRects, D3D10_RECT* pRects) {
  auto lock = guard();
  context()->RSGetScissorRects(NumRects, pRects);
}

// Copies, clears, mips, resolves.
void STDMETHODCALLTYPE D3D10Device::CopySubresourceRegion(ID3D10Resource* pDstResource, UINT DstSubresource, UINT DstX,
                                                          UINT DstY, UINT DstZ, ID3D10Resource* pSrcResource,
                                                          UINT SrcSubresource, const D3D10_BOX* pSrcBox) {
  auto lock = guard();
  if (refuseCopyIntoDepthStencil("CopySubresourceRegion", unwrapResource(pDstResource)))
    return;
  context()->CopySubresourceRegion(unwrapResource(pDstResource), DstSubresource, DstX, DstY, DstZ,
                                   unwrapResource(pSrcResource), SrcSubresource, d3d10::asD3D11(pSrcBox));
}

void STDMETHODCALLTYPE D3D10Device::CopyResource(ID3D10Resource* pDstResource, ID3D10Resource* pSrcResource) {
  auto lock = guard();
  if (refuseCopyIntoDepthStencil("CopyResource", unwrapResource(pDstResource)))
    return;
  context()->CopyResource(unwrapResource(pDstResource), unwrapResource(pSrcResource));
}

void STDMETHODCALLTYPE D3D10Device::UpdateSubresource(ID3D10Resource* pDstResource, UINT DstSubresource,
                                                      const D3D10_BOX* pDstBox, const void* pSrcData, UINT SrcRowPitch,
                                                      UINT SrcDepthPitch) {
  auto lock = guard();
  context()->UpdateSubresource(unwrapResource(pDstResource), DstSubresource, d3d10::asD3D11(pDstBox), pSrcData,
                               SrcRowPitch, SrcDepthPitch);
}

void STDMETHODCALLTYPE D3D10Device::ClearRenderTargetView(ID3D10RenderTargetView* pRenderTargetView,
                                                          const FLOAT ColorRGBA[4]) {
  auto lock = guard();
  context()->ClearRenderTargetView(unwrap<D3D10RenderTargetViewFace>(pRenderTargetView), ColorRGBA);
}

void STDMETHODCALLTYPE D3D10Device::ClearDepthStencilView(ID3D10DepthStencilView* pDepthStencilView, UINT ClearFlags,
                                                          FLOAT Depth, UINT8 Stencil) {
  auto lock = guard();
  // D3D10_CLEAR_DEPTH/STENCIL have D3D11's values.
  context()->ClearDepthStencilView(unwrap<D3D10DepthStencilViewFace>(pDepthStencilView), ClearFlags, Depth, Stencil);
}

void STDMETHODCALLTYPE D3D10Device::GenerateMips(ID3D10ShaderResourceView* pShaderResourceView) {
  auto lock = guard();
  context()->GenerateMips(unwrap<D3D10ShaderResourceViewFace>(pShaderResourceView));
}

void STDMETHODCALLTYPE D3D10Device::ResolveSubresource(ID3D10Resource* pDstResource, UINT DstSubresource,
                                                       ID3D10Resource* pSrcResource, UINT SrcSubresource,
                                                       DXGI_FORMAT Format) {
  auto lock = guard();
  context()->ResolveSubresource(unwrapResource(pDstResource), DstSubresource, unwrapResource(pSrcResource),
                                SrcSubresource, Format);
}

void STDMETHODCALLTYPE D3D10Device::ClearState() {
  auto lock = guard();
  context()->ClearState();
}

void STDMETHODCALLTYPE D3D10Device::Flush() {
  auto lock = guard();
  context()->Flush();
}

}  // namespace d3d11vk
