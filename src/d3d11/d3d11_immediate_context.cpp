// D3D11ImmediateContext: identity, device-child methods, context type, the command stream's
// lifetime and Flush; the pipeline methods not implemented yet log once each.
#include "d3d11/d3d11_immediate_context.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_query.h"
#include "util/com_object.h"
#include "util/log.h"
#include "util/thread.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/query_pools.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

D3D11ImmediateContext::D3D11ImmediateContext(D3D11Device* device)
    : m_device(device),
      m_queryPools(std::make_unique<vk::QueryPools>(device->vulkanDevice())),
      m_stream(std::make_unique<vk::CommandStream>(device->vulkanDevice(), *m_queryPools)),
      m_uploads(std::make_unique<vk::UploadHeap>(device->vulkanDevice())) {}

D3D11ImmediateContext::~D3D11ImmediateContext() {
  // Active queries hold a private reference; the device is going, so are they. Their End is
  // recorded first so the worker stops measuring into them before they are freed.
  while (!m_activeQueries.empty())
    End(m_activeQueries.back()->asQuery1());
  waitIdle();
  m_uploads.reset();
  const uint64_t last = m_stream->recordingValue();
  m_stream.reset();  // flushes the (empty) open chunk and stops the worker
  // Deferred destructions (query records release slots into m_queryPools) finish before it goes.
  m_device->vulkanDevice().timeline().drain(last);
}

void D3D11ImmediateContext::waitIdle() {
  m_stream->waitIdle();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::Flush() {
  m_stream->flush();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::Flush1(D3D11_CONTEXT_TYPE /*type*/, HANDLE event) {
  // STATUS: partial: the context type is ignored (one queue does every kind of work); the event is set once the flushed work completes
  m_stream->flush();
  if (event) {
    const uint64_t value = m_stream->recordingValue() - 1;
    m_device->vulkanDevice().timeline().deferUntil(value, [event] { util::setEventHandle(event); });
  }
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11DeviceContext) ||
      riid == __uuidof(ID3D11DeviceContext1) || riid == __uuidof(ID3D11DeviceContext2) ||
      riid == __uuidof(ID3D11DeviceContext3) || riid == __uuidof(ID3D11DeviceContext4))
    return util::returnInterface<ID3D11DeviceContext4>(this, object);
  util::logUnknownInterface("D3D11ImmediateContext", riid);
  return E_NOINTERFACE;
}

ULONG STDMETHODCALLTYPE D3D11ImmediateContext::AddRef() {
  return m_device->AddRef();
}

ULONG STDMETHODCALLTYPE D3D11ImmediateContext::Release() {
  return m_device->Release();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GetDevice(ID3D11Device** ppDevice) {
  if (ppDevice) {
    m_device->AddRef();
    *ppDevice = m_device;
  }
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) {
  return m_privateData.getData(guid, pDataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) {
  return m_privateData.setData(guid, DataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) {
  return m_privateData.setInterface(guid, pData);
}

D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE D3D11ImmediateContext::GetType() {
  return D3D11_DEVICE_CONTEXT_IMMEDIATE;
}

UINT STDMETHODCALLTYPE D3D11ImmediateContext::GetContextFlags() {
  // Context flags are those given to CreateDeferredContext; the immediate context has none.
  return 0;
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView *const * /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetShader(ID3D11PixelShader * /*pPixelShader*/, ID3D11ClassInstance *const * /*ppClassInstances*/, UINT /*NumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState *const * /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetShader(ID3D11VertexShader * /*pVertexShader*/, ID3D11ClassInstance *const * /*ppClassInstances*/, UINT /*NumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawIndexed(UINT /*IndexCount*/, UINT /*StartIndexLocation*/, INT /*BaseVertexLocation*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::Draw(UINT /*VertexCount*/, UINT /*StartVertexLocation*/) {
  D3D11VK_NOT_IMPLEMENTED();
}



void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetInputLayout(ID3D11InputLayout * /*pInputLayout*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetVertexBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppVertexBuffers*/, const UINT * /*pStrides*/, const UINT * /*pOffsets*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetIndexBuffer(ID3D11Buffer * /*pIndexBuffer*/, DXGI_FORMAT /*Format*/, UINT /*Offset*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawIndexedInstanced(UINT /*IndexCountPerInstance*/, UINT /*InstanceCount*/, UINT /*StartIndexLocation*/, INT /*BaseVertexLocation*/, UINT /*StartInstanceLocation*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawInstanced(UINT /*VertexCountPerInstance*/, UINT /*InstanceCount*/, UINT /*StartVertexLocation*/, UINT /*StartInstanceLocation*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetShader(ID3D11GeometryShader * /*pShader*/, ID3D11ClassInstance *const * /*ppClassInstances*/, UINT /*NumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY /*Topology*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView *const * /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState *const * /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}




void STDMETHODCALLTYPE D3D11ImmediateContext::SetPredication(ID3D11Predicate * /*pPredicate*/, BOOL /*PredicateValue*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView *const * /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState *const * /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetRenderTargets(UINT /*NumViews*/, ID3D11RenderTargetView *const * /*ppRenderTargetViews*/, ID3D11DepthStencilView * /*pDepthStencilView*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetRenderTargetsAndUnorderedAccessViews(UINT /*NumRTVs*/, ID3D11RenderTargetView *const * /*ppRenderTargetViews*/, ID3D11DepthStencilView * /*pDepthStencilView*/, UINT /*UAVStartSlot*/, UINT /*NumUAVs*/, ID3D11UnorderedAccessView *const * /*ppUnorderedAccessViews*/, const UINT * /*pUAVInitialCounts*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetBlendState(ID3D11BlendState * /*pBlendState*/, const FLOAT /*BlendFactor*/[4], UINT /*SampleMask*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMSetDepthStencilState(ID3D11DepthStencilState * /*pDepthStencilState*/, UINT /*StencilRef*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::SOSetTargets(UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppSOTargets*/, const UINT * /*pOffsets*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawAuto() {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawIndexedInstancedIndirect(ID3D11Buffer * /*pBufferForArgs*/, UINT /*AlignedByteOffsetForArgs*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DrawInstancedIndirect(ID3D11Buffer * /*pBufferForArgs*/, UINT /*AlignedByteOffsetForArgs*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::Dispatch(UINT /*ThreadGroupCountX*/, UINT /*ThreadGroupCountY*/, UINT /*ThreadGroupCountZ*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DispatchIndirect(ID3D11Buffer * /*pBufferForArgs*/, UINT /*AlignedByteOffsetForArgs*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::RSSetState(ID3D11RasterizerState * /*pRasterizerState*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::RSSetViewports(UINT /*NumViewports*/, const D3D11_VIEWPORT * /*pViewports*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::RSSetScissorRects(UINT /*NumRects*/, const D3D11_RECT * /*pRects*/) {
  D3D11VK_NOT_IMPLEMENTED();
}




void STDMETHODCALLTYPE D3D11ImmediateContext::CopyStructureCount(ID3D11Buffer * /*pDstBuffer*/, UINT /*DstAlignedByteOffset*/, ID3D11UnorderedAccessView * /*pSrcView*/) {
  D3D11VK_NOT_IMPLEMENTED();
}






void STDMETHODCALLTYPE D3D11ImmediateContext::SetResourceMinLOD(ID3D11Resource * /*pResource*/, FLOAT /*MinLOD*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

FLOAT STDMETHODCALLTYPE D3D11ImmediateContext::GetResourceMinLOD(ID3D11Resource * /*pResource*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return FLOAT();
}


void STDMETHODCALLTYPE D3D11ImmediateContext::ExecuteCommandList(ID3D11CommandList * /*pCommandList*/, BOOL /*RestoreContextState*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView *const * /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetShader(ID3D11HullShader * /*pHullShader*/, ID3D11ClassInstance *const * /*ppClassInstances*/, UINT /*NumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState *const * /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView *const * /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetShader(ID3D11DomainShader * /*pDomainShader*/, ID3D11ClassInstance *const * /*ppClassInstances*/, UINT /*NumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState *const * /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView *const * /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetUnorderedAccessViews(UINT /*StartSlot*/, UINT /*NumUAVs*/, ID3D11UnorderedAccessView *const * /*ppUnorderedAccessViews*/, const UINT * /*pUAVInitialCounts*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetShader(ID3D11ComputeShader * /*pComputeShader*/, ID3D11ClassInstance *const * /*ppClassInstances*/, UINT /*NumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState *const * /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView ** /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetShader(ID3D11PixelShader ** /*ppPixelShader*/, ID3D11ClassInstance ** /*ppClassInstances*/, UINT * /*pNumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState ** /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetShader(ID3D11VertexShader ** /*ppVertexShader*/, ID3D11ClassInstance ** /*ppClassInstances*/, UINT * /*pNumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetInputLayout(ID3D11InputLayout ** /*ppInputLayout*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetVertexBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppVertexBuffers*/, UINT * /*pStrides*/, UINT * /*pOffsets*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetIndexBuffer(ID3D11Buffer ** /*pIndexBuffer*/, DXGI_FORMAT * /*Format*/, UINT * /*Offset*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetShader(ID3D11GeometryShader ** /*ppGeometryShader*/, ID3D11ClassInstance ** /*ppClassInstances*/, UINT * /*pNumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::IAGetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY * /*pTopology*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView ** /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState ** /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GetPredication(ID3D11Predicate ** /*ppPredicate*/, BOOL * /*pPredicateValue*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView ** /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState ** /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetRenderTargets(UINT /*NumViews*/, ID3D11RenderTargetView ** /*ppRenderTargetViews*/, ID3D11DepthStencilView ** /*ppDepthStencilView*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetRenderTargetsAndUnorderedAccessViews(UINT /*NumRTVs*/, ID3D11RenderTargetView ** /*ppRenderTargetViews*/, ID3D11DepthStencilView ** /*ppDepthStencilView*/, UINT /*UAVStartSlot*/, UINT /*NumUAVs*/, ID3D11UnorderedAccessView ** /*ppUnorderedAccessViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetBlendState(ID3D11BlendState ** /*ppBlendState*/, FLOAT /*BlendFactor*/[4], UINT * /*pSampleMask*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::OMGetDepthStencilState(ID3D11DepthStencilState ** /*ppDepthStencilState*/, UINT * /*pStencilRef*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::SOGetTargets(UINT /*NumBuffers*/, ID3D11Buffer ** /*ppSOTargets*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::RSGetState(ID3D11RasterizerState ** /*ppRasterizerState*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::RSGetViewports(UINT * /*pNumViewports*/, D3D11_VIEWPORT * /*pViewports*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::RSGetScissorRects(UINT * /*pNumRects*/, D3D11_RECT * /*pRects*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView ** /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetShader(ID3D11HullShader ** /*ppHullShader*/, ID3D11ClassInstance ** /*ppClassInstances*/, UINT * /*pNumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState ** /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView ** /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetShader(ID3D11DomainShader ** /*ppDomainShader*/, ID3D11ClassInstance ** /*ppClassInstances*/, UINT * /*pNumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState ** /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetShaderResources(UINT /*StartSlot*/, UINT /*NumViews*/, ID3D11ShaderResourceView ** /*ppShaderResourceViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetUnorderedAccessViews(UINT /*StartSlot*/, UINT /*NumUAVs*/, ID3D11UnorderedAccessView ** /*ppUnorderedAccessViews*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetShader(ID3D11ComputeShader ** /*ppComputeShader*/, ID3D11ClassInstance ** /*ppClassInstances*/, UINT * /*pNumClassInstances*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetSamplers(UINT /*StartSlot*/, UINT /*NumSamplers*/, ID3D11SamplerState ** /*ppSamplers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetConstantBuffers(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::ClearState() {
  D3D11VK_NOT_IMPLEMENTED();
}


HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::FinishCommandList(BOOL /*RestoreDeferredContextState*/, ID3D11CommandList ** /*ppCommandList*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}





void STDMETHODCALLTYPE D3D11ImmediateContext::VSSetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/, const UINT * /*pFirstConstant*/, const UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/, const UINT * /*pFirstConstant*/, const UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/, const UINT * /*pFirstConstant*/, const UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSSetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/, const UINT * /*pFirstConstant*/, const UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSSetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/, const UINT * /*pFirstConstant*/, const UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSSetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer *const * /*ppConstantBuffers*/, const UINT * /*pFirstConstant*/, const UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::VSGetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/, UINT * /*pFirstConstant*/, UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/, UINT * /*pFirstConstant*/, UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/, UINT * /*pFirstConstant*/, UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GSGetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/, UINT * /*pFirstConstant*/, UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::PSGetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/, UINT * /*pFirstConstant*/, UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CSGetConstantBuffers1(UINT /*StartSlot*/, UINT /*NumBuffers*/, ID3D11Buffer ** /*ppConstantBuffers*/, UINT * /*pFirstConstant*/, UINT * /*pNumConstants*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::SwapDeviceContextState(ID3DDeviceContextState * /*pState*/, ID3DDeviceContextState ** /*ppPreviousState*/) {
  D3D11VK_NOT_IMPLEMENTED();
}



HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::UpdateTileMappings(ID3D11Resource * /*resource*/, UINT /*region_count*/, const D3D11_TILED_RESOURCE_COORDINATE * /*region_start_coordinates*/, const D3D11_TILE_REGION_SIZE * /*region_sizes*/, ID3D11Buffer * /*pool*/, UINT /*range_count*/, const UINT * /*range_flags*/, const UINT * /*pool_start_offsets*/, const UINT * /*range_tile_counts*/, UINT /*flags*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::CopyTileMappings(ID3D11Resource * /*dst_resource*/, const D3D11_TILED_RESOURCE_COORDINATE * /*dst_start_coordinate*/, ID3D11Resource * /*src_resource*/, const D3D11_TILED_RESOURCE_COORDINATE * /*src_start_coordinate*/, const D3D11_TILE_REGION_SIZE * /*region_size*/, UINT /*flags*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

void STDMETHODCALLTYPE D3D11ImmediateContext::CopyTiles(ID3D11Resource * /*resource*/, const D3D11_TILED_RESOURCE_COORDINATE * /*start_coordinate*/, const D3D11_TILE_REGION_SIZE * /*size*/, ID3D11Buffer * /*buffer*/, UINT64 /*start_offset*/, UINT /*flags*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::UpdateTiles(ID3D11Resource * /*dst_resource*/, const D3D11_TILED_RESOURCE_COORDINATE * /*dst_start_coordinate*/, const D3D11_TILE_REGION_SIZE * /*dst_region_size*/, const void * /*src_data*/, UINT /*flags*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::ResizeTilePool(ID3D11Buffer * /*pool*/, UINT64 /*size*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

void STDMETHODCALLTYPE D3D11ImmediateContext::TiledResourceBarrier(ID3D11DeviceChild * /*before_barrier*/, ID3D11DeviceChild * /*after_barrier*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

BOOL STDMETHODCALLTYPE D3D11ImmediateContext::IsAnnotationEnabled() {
  D3D11VK_NOT_IMPLEMENTED();
  return BOOL();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::SetMarkerInt(const WCHAR * /*label*/, int /*data*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::BeginEventInt(const WCHAR * /*label*/, int /*data*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::EndEvent() {
  D3D11VK_NOT_IMPLEMENTED();
}


void STDMETHODCALLTYPE D3D11ImmediateContext::SetHardwareProtectionState(BOOL /*enable*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11ImmediateContext::GetHardwareProtectionState(BOOL * /*enable*/) {
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::Signal(ID3D11Fence * /*fence*/, UINT64 /*value*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::Wait(ID3D11Fence * /*fence*/, UINT64 /*value*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
}

}  // namespace d3d11vk
