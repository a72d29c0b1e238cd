// D3D11DeviceContext: ID3D11DeviceContext through ID3D11DeviceContext4, for the device's
// immediate context and for deferred contexts alike: both record typed commands into a
// vk::CommandStream with the same state logic. The immediate context's stream has a worker thread
// that executes and submits; a deferred context's stream only records, and FinishCommandList
// turns what it holds into a D3D11CommandList (docs/deferred-contexts.md). The immediate context is
// part of the device object (its references are the device's); a deferred context is an object of
// its own. The methods are spread over d3d11_context_*.cpp by responsibility.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "d3d11/d3d11_annotation.h"
#include "d3d11/d3d11_command_list.h"
#include "d3d11/d3d11_context_state.h"
#include "d3d11/d3d11_multithread.h"
#include "vk/commands.h"

#include "util/private_data.h"
#include "util/windows_base.h"
#include "vk/buffer_slice.h"

namespace vk {
class CommandStream;
class Image;
class QueryPools;
class UploadHeap;
}  // namespace vk

namespace d3d11vk {

class D3D11Buffer;
class ViewTarget;
class D3D11Device;
class D3D11Query;
class D3D11ResourceCommon;
struct SubresourceLayout;

class D3D11DeviceContext : public ID3D11DeviceContext4 {
public:
  // The immediate context. Throws vk::Error when the command stream cannot start.
  explicit D3D11DeviceContext(D3D11Device* device);
  // A deferred context, with one reference. Throws vk::Error or std::bad_alloc.
  struct Deferred {};
  D3D11DeviceContext(D3D11Device* device, Deferred);
  D3D11DeviceContext(const D3D11DeviceContext&) = delete;
  D3D11DeviceContext& operator=(const D3D11DeviceContext&) = delete;
  // Submits what is recorded and waits for the GPU before the backend objects go.
  virtual ~D3D11DeviceContext();

  vk::CommandStream& stream() { return *m_stream; }
  bool isDeferred() const { return m_deferred; }
  // Submits everything recorded and waits until the GPU has finished it (diagnostics, teardown).
  void waitIdle();
  // Releases the references rebinding left in m_retainedBindings (d3d11_binding_ref.h). Under
  // the context's lock (D3D11VK_CONTEXT_LOCK) or from the thread that records on the context.
  void releaseRetainedBindings() { m_retainedBindings.releaseAll(); }
  // The ID3D10Multithread/ID3D11Multithread lock of the immediate context (null on deferred
  // ones), for callers outside the context that record into its stream (swapchain presents).
  D3D11Multithread* multithread() const { return m_multithread.get(); }
  // Drops every reference the context holds on objects (bindings, active queries, the default
  // sampler): called when the application has released the device.
  void releaseBindings();
  // CreateDeviceContextState made the device's D3D10 face reachable: on a device of
  // D3D11CreateDevice its binding calls are switched off until a D3D10 state object is swapped in.
  void noteD3D10FaceReachable();

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;

  // ID3D11DeviceChild
  void STDMETHODCALLTYPE GetDevice(ID3D11Device **ppDevice) override;
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT *pDataSize, void *pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void *pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown *pData) override;
  // ID3D11DeviceContext
  void STDMETHODCALLTYPE VSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers) override;
  void STDMETHODCALLTYPE PSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView *const *ppShaderResourceViews) override;
  void STDMETHODCALLTYPE PSSetShader(ID3D11PixelShader *pPixelShader, ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE PSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState *const *ppSamplers) override;
  void STDMETHODCALLTYPE VSSetShader(ID3D11VertexShader *pVertexShader, ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE DrawIndexed(UINT IndexCount, UINT StartIndexLocation, INT BaseVertexLocation) override;
  void STDMETHODCALLTYPE Draw(UINT VertexCount, UINT StartVertexLocation) override;
  HRESULT STDMETHODCALLTYPE Map(ID3D11Resource *pResource, UINT Subresource, D3D11_MAP MapType, UINT MapFlags, D3D11_MAPPED_SUBRESOURCE *pMappedResource) override;
  void STDMETHODCALLTYPE Unmap(ID3D11Resource *pResource, UINT Subresource) override;
  void STDMETHODCALLTYPE PSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers) override;
  void STDMETHODCALLTYPE IASetInputLayout(ID3D11InputLayout *pInputLayout) override;
  void STDMETHODCALLTYPE IASetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppVertexBuffers, const UINT *pStrides, const UINT *pOffsets) override;
  void STDMETHODCALLTYPE IASetIndexBuffer(ID3D11Buffer *pIndexBuffer, DXGI_FORMAT Format, UINT Offset) override;
  void STDMETHODCALLTYPE DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation, UINT StartInstanceLocation) override;
  void STDMETHODCALLTYPE DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation, UINT StartInstanceLocation) override;
  void STDMETHODCALLTYPE GSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers) override;
  void STDMETHODCALLTYPE GSSetShader(ID3D11GeometryShader *pShader, ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY Topology) override;
  void STDMETHODCALLTYPE VSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView *const *ppShaderResourceViews) override;
  void STDMETHODCALLTYPE VSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState *const *ppSamplers) override;
  void STDMETHODCALLTYPE Begin(ID3D11Asynchronous *pAsync) override;
  void STDMETHODCALLTYPE End(ID3D11Asynchronous *pAsync) override;
  HRESULT STDMETHODCALLTYPE GetData(ID3D11Asynchronous *pAsync, void *pData, UINT DataSize, UINT GetDataFlags) override;
  void STDMETHODCALLTYPE SetPredication(ID3D11Predicate *pPredicate, BOOL PredicateValue) override;
  void STDMETHODCALLTYPE GSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView *const *ppShaderResourceViews) override;
  void STDMETHODCALLTYPE GSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState *const *ppSamplers) override;
  void STDMETHODCALLTYPE OMSetRenderTargets(UINT NumViews, ID3D11RenderTargetView *const *ppRenderTargetViews, ID3D11DepthStencilView *pDepthStencilView) override;
  void STDMETHODCALLTYPE OMSetRenderTargetsAndUnorderedAccessViews(UINT NumRTVs, ID3D11RenderTargetView *const *ppRenderTargetViews, ID3D11DepthStencilView *pDepthStencilView, UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView *const *ppUnorderedAccessViews, const UINT *pUAVInitialCounts) override;
  void STDMETHODCALLTYPE OMSetBlendState(ID3D11BlendState *pBlendState, const FLOAT BlendFactor[4], UINT SampleMask) override;
  void STDMETHODCALLTYPE OMSetDepthStencilState(ID3D11DepthStencilState *pDepthStencilState, UINT StencilRef) override;
  void STDMETHODCALLTYPE SOSetTargets(UINT NumBuffers, ID3D11Buffer *const *ppSOTargets, const UINT *pOffsets) override;
  void STDMETHODCALLTYPE DrawAuto() override;
  void STDMETHODCALLTYPE DrawIndexedInstancedIndirect(ID3D11Buffer *pBufferForArgs, UINT AlignedByteOffsetForArgs) override;
  void STDMETHODCALLTYPE DrawInstancedIndirect(ID3D11Buffer *pBufferForArgs, UINT AlignedByteOffsetForArgs) override;
  void STDMETHODCALLTYPE Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) override;
  void STDMETHODCALLTYPE DispatchIndirect(ID3D11Buffer *pBufferForArgs, UINT AlignedByteOffsetForArgs) override;
  void STDMETHODCALLTYPE RSSetState(ID3D11RasterizerState *pRasterizerState) override;
  void STDMETHODCALLTYPE RSSetViewports(UINT NumViewports, const D3D11_VIEWPORT *pViewports) override;
  void STDMETHODCALLTYPE RSSetScissorRects(UINT NumRects, const D3D11_RECT *pRects) override;
  void STDMETHODCALLTYPE CopySubresourceRegion(ID3D11Resource *pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox) override;
  void STDMETHODCALLTYPE CopyResource(ID3D11Resource *pDstResource, ID3D11Resource *pSrcResource) override;
  void STDMETHODCALLTYPE UpdateSubresource(ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch) override;
  void STDMETHODCALLTYPE CopyStructureCount(ID3D11Buffer *pDstBuffer, UINT DstAlignedByteOffset, ID3D11UnorderedAccessView *pSrcView) override;
  void STDMETHODCALLTYPE ClearRenderTargetView(ID3D11RenderTargetView *pRenderTargetView, const FLOAT ColorRGBA[4]) override;
  void STDMETHODCALLTYPE ClearUnorderedAccessViewUint(ID3D11UnorderedAccessView *pUnorderedAccessView, const UINT Values[4]) override;
  void STDMETHODCALLTYPE ClearUnorderedAccessViewFloat(ID3D11UnorderedAccessView *pUnorderedAccessView, const FLOAT Values[4]) override;
  void STDMETHODCALLTYPE ClearDepthStencilView(ID3D11DepthStencilView *pDepthStencilView, UINT ClearFlags, FLOAT Depth, UINT8 Stencil) override;
  void STDMETHODCALLTYPE GenerateMips(ID3D11ShaderResourceView *pShaderResourceView) override;
  void STDMETHODCALLTYPE SetResourceMinLOD(ID3D11Resource *pResource, FLOAT MinLOD) override;
  FLOAT STDMETHODCALLTYPE GetResourceMinLOD(ID3D11Resource *pResource) override;
  void STDMETHODCALLTYPE ResolveSubresource(ID3D11Resource *pDstResource, UINT DstSubresource, ID3D11Resource *pSrcResource, UINT SrcSubresource, DXGI_FORMAT Format) override;
  void STDMETHODCALLTYPE ExecuteCommandList(ID3D11CommandList *pCommandList, BOOL RestoreContextState) override;
  void STDMETHODCALLTYPE HSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView *const *ppShaderResourceViews) override;
  void STDMETHODCALLTYPE HSSetShader(ID3D11HullShader *pHullShader, ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE HSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState *const *ppSamplers) override;
  void STDMETHODCALLTYPE HSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers) override;
  void STDMETHODCALLTYPE DSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView *const *ppShaderResourceViews) override;
  void STDMETHODCALLTYPE DSSetShader(ID3D11DomainShader *pDomainShader, ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE DSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState *const *ppSamplers) override;
  void STDMETHODCALLTYPE DSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers) override;
  void STDMETHODCALLTYPE CSSetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView *const *ppShaderResourceViews) override;
  void STDMETHODCALLTYPE CSSetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs, ID3D11UnorderedAccessView *const *ppUnorderedAccessViews, const UINT *pUAVInitialCounts) override;
  void STDMETHODCALLTYPE CSSetShader(ID3D11ComputeShader *pComputeShader, ID3D11ClassInstance *const *ppClassInstances, UINT NumClassInstances) override;
  void STDMETHODCALLTYPE CSSetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState *const *ppSamplers) override;
  void STDMETHODCALLTYPE CSSetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers) override;
  void STDMETHODCALLTYPE VSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers) override;
  void STDMETHODCALLTYPE PSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView **ppShaderResourceViews) override;
  void STDMETHODCALLTYPE PSGetShader(ID3D11PixelShader **ppPixelShader, ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances) override;
  void STDMETHODCALLTYPE PSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState **ppSamplers) override;
  void STDMETHODCALLTYPE VSGetShader(ID3D11VertexShader **ppVertexShader, ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances) override;
  void STDMETHODCALLTYPE PSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers) override;
  void STDMETHODCALLTYPE IAGetInputLayout(ID3D11InputLayout **ppInputLayout) override;
  void STDMETHODCALLTYPE IAGetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppVertexBuffers, UINT *pStrides, UINT *pOffsets) override;
  void STDMETHODCALLTYPE IAGetIndexBuffer(ID3D11Buffer **pIndexBuffer, DXGI_FORMAT *Format, UINT *Offset) override;
  void STDMETHODCALLTYPE GSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers) override;
  void STDMETHODCALLTYPE GSGetShader(ID3D11GeometryShader **ppGeometryShader, ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances) override;
  void STDMETHODCALLTYPE IAGetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY *pTopology) override;
  void STDMETHODCALLTYPE VSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView **ppShaderResourceViews) override;
  void STDMETHODCALLTYPE VSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState **ppSamplers) override;
  void STDMETHODCALLTYPE GetPredication(ID3D11Predicate **ppPredicate, BOOL *pPredicateValue) override;
  void STDMETHODCALLTYPE GSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView **ppShaderResourceViews) override;
  void STDMETHODCALLTYPE GSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState **ppSamplers) override;
  void STDMETHODCALLTYPE OMGetRenderTargets(UINT NumViews, ID3D11RenderTargetView **ppRenderTargetViews, ID3D11DepthStencilView **ppDepthStencilView) override;
  void STDMETHODCALLTYPE OMGetRenderTargetsAndUnorderedAccessViews(UINT NumRTVs, ID3D11RenderTargetView **ppRenderTargetViews, ID3D11DepthStencilView **ppDepthStencilView, UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView **ppUnorderedAccessViews) override;
  void STDMETHODCALLTYPE OMGetBlendState(ID3D11BlendState **ppBlendState, FLOAT BlendFactor[4], UINT *pSampleMask) override;
  void STDMETHODCALLTYPE OMGetDepthStencilState(ID3D11DepthStencilState **ppDepthStencilState, UINT *pStencilRef) override;
  void STDMETHODCALLTYPE SOGetTargets(UINT NumBuffers, ID3D11Buffer **ppSOTargets) override;
  void STDMETHODCALLTYPE RSGetState(ID3D11RasterizerState **ppRasterizerState) override;
  void STDMETHODCALLTYPE RSGetViewports(UINT *pNumViewports, D3D11_VIEWPORT *pViewports) override;
  void STDMETHODCALLTYPE RSGetScissorRects(UINT *pNumRects, D3D11_RECT *pRects) override;
  void STDMETHODCALLTYPE HSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView **ppShaderResourceViews) override;
  void STDMETHODCALLTYPE HSGetShader(ID3D11HullShader **ppHullShader, ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances) override;
  void STDMETHODCALLTYPE HSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState **ppSamplers) override;
  void STDMETHODCALLTYPE HSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers) override;
  void STDMETHODCALLTYPE DSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView **ppShaderResourceViews) override;
  void STDMETHODCALLTYPE DSGetShader(ID3D11DomainShader **ppDomainShader, ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances) override;
  void STDMETHODCALLTYPE DSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState **ppSamplers) override;
  void STDMETHODCALLTYPE DSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers) override;
  void STDMETHODCALLTYPE CSGetShaderResources(UINT StartSlot, UINT NumViews, ID3D11ShaderResourceView **ppShaderResourceViews) override;
  void STDMETHODCALLTYPE CSGetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs, ID3D11UnorderedAccessView **ppUnorderedAccessViews) override;
  void STDMETHODCALLTYPE CSGetShader(ID3D11ComputeShader **ppComputeShader, ID3D11ClassInstance **ppClassInstances, UINT *pNumClassInstances) override;
  void STDMETHODCALLTYPE CSGetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState **ppSamplers) override;
  void STDMETHODCALLTYPE CSGetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers) override;
  void STDMETHODCALLTYPE ClearState() override;
  void STDMETHODCALLTYPE Flush() override;
  D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE GetType() override;
  UINT STDMETHODCALLTYPE GetContextFlags() override;
  HRESULT STDMETHODCALLTYPE FinishCommandList(BOOL RestoreDeferredContextState, ID3D11CommandList **ppCommandList) override;
  // ID3D11DeviceContext1
  void STDMETHODCALLTYPE CopySubresourceRegion1(ID3D11Resource *pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource *pSrcResource, UINT SrcSubresource, const D3D11_BOX *pSrcBox, UINT CopyFlags) override;
  void STDMETHODCALLTYPE UpdateSubresource1(ID3D11Resource *pDstResource, UINT DstSubresource, const D3D11_BOX *pDstBox, const void *pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags) override;
  void STDMETHODCALLTYPE DiscardResource(ID3D11Resource *pResource) override;
  void STDMETHODCALLTYPE DiscardView(ID3D11View *pResourceView) override;
  void STDMETHODCALLTYPE VSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants) override;
  void STDMETHODCALLTYPE HSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants) override;
  void STDMETHODCALLTYPE DSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants) override;
  void STDMETHODCALLTYPE GSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants) override;
  void STDMETHODCALLTYPE PSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants) override;
  void STDMETHODCALLTYPE CSSetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer *const *ppConstantBuffers, const UINT *pFirstConstant, const UINT *pNumConstants) override;
  void STDMETHODCALLTYPE VSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants) override;
  void STDMETHODCALLTYPE HSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants) override;
  void STDMETHODCALLTYPE DSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants) override;
  void STDMETHODCALLTYPE GSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants) override;
  void STDMETHODCALLTYPE PSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants) override;
  void STDMETHODCALLTYPE CSGetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer **ppConstantBuffers, UINT *pFirstConstant, UINT *pNumConstants) override;
  void STDMETHODCALLTYPE SwapDeviceContextState(ID3DDeviceContextState *pState, ID3DDeviceContextState **ppPreviousState) override;
  void STDMETHODCALLTYPE ClearView(ID3D11View *pView, const FLOAT Color[4], const D3D11_RECT *pRect, UINT NumRects) override;
  void STDMETHODCALLTYPE DiscardView1(ID3D11View *pResourceView, const D3D11_RECT *pRects, UINT NumRects) override;
  // ID3D11DeviceContext2
  HRESULT STDMETHODCALLTYPE UpdateTileMappings(ID3D11Resource *resource, UINT region_count, const D3D11_TILED_RESOURCE_COORDINATE *region_start_coordinates, const D3D11_TILE_REGION_SIZE *region_sizes, ID3D11Buffer *pool, UINT range_count, const UINT *range_flags, const UINT *pool_start_offsets, const UINT *range_tile_counts, UINT flags) override;
  HRESULT STDMETHODCALLTYPE CopyTileMappings(ID3D11Resource *dst_resource, const D3D11_TILED_RESOURCE_COORDINATE *dst_start_coordinate, ID3D11Resource *src_resource, const D3D11_TILED_RESOURCE_COORDINATE *src_start_coordinate, const D3D11_TILE_REGION_SIZE *region_size, UINT flags) override;
  void STDMETHODCALLTYPE CopyTiles(ID3D11Resource *resource, const D3D11_TILED_RESOURCE_COORDINATE *start_coordinate, const D3D11_TILE_REGION_SIZE *size, ID3D11Buffer *buffer, UINT64 start_offset, UINT flags) override;
  void STDMETHODCALLTYPE UpdateTiles(ID3D11Resource *dst_resource, const D3D11_TILED_RESOURCE_COORDINATE *dst_start_coordinate, const D3D11_TILE_REGION_SIZE *dst_region_size, const void *src_data, UINT flags) override;
  HRESULT STDMETHODCALLTYPE ResizeTilePool(ID3D11Buffer *pool, UINT64 size) override;
  void STDMETHODCALLTYPE TiledResourceBarrier(ID3D11DeviceChild *before_barrier, ID3D11DeviceChild *after_barrier) override;
  BOOL STDMETHODCALLTYPE IsAnnotationEnabled() override;
  void STDMETHODCALLTYPE SetMarkerInt(const WCHAR *label, int data) override;
  void STDMETHODCALLTYPE BeginEventInt(const WCHAR *label, int data) override;
  void STDMETHODCALLTYPE EndEvent() override;
  // ID3D11DeviceContext3
  void STDMETHODCALLTYPE Flush1(D3D11_CONTEXT_TYPE type, HANDLE event) override;
  void STDMETHODCALLTYPE SetHardwareProtectionState(BOOL enable) override;
  void STDMETHODCALLTYPE GetHardwareProtectionState(BOOL *enable) override;
  // ID3D11DeviceContext4
  HRESULT STDMETHODCALLTYPE Signal(ID3D11Fence *fence, UINT64 value) override;
  HRESULT STDMETHODCALLTYPE Wait(ID3D11Fence *fence, UINT64 value) override;

private:
  // A subresource mapped through the upload heap (dynamic textures): Unmap copies it in.
  struct MappedSubresource {
    D3D11ResourceCommon* resource;
    UINT subresource;
    vk::BufferSlice staging;
    bool throughUpload;
  };

  HRESULT mapBuffer(D3D11ResourceCommon* resource, D3D11_MAP type, UINT flags, D3D11_MAPPED_SUBRESOURCE* mapped);
  HRESULT mapTexture(D3D11ResourceCommon* resource, UINT subresource, D3D11_MAP type, UINT flags,
                     D3D11_MAPPED_SUBRESOURCE* mapped);
  // For Map of CPU-visible memory the GPU may still use: S_OK once it is safe, else
  // DXGI_ERROR_WAS_STILL_DRAWING when `flags` has DO_NOT_WAIT (or the device is lost).
  HRESULT waitForGpu(D3D11ResourceCommon* resource, D3D11_MAP type, UINT flags);
  void updateBuffer(D3D11ResourceCommon* resource, const D3D11_BOX* box, const void* data);
  void updateTexture(D3D11ResourceCommon* resource, UINT subresource, const D3D11_BOX* box, const void* data,
                     UINT rowPitch, UINT depthPitch);
  void copyRegion(D3D11ResourceCommon* dst, UINT dstSubresource, UINT dstX, UINT dstY, UINT dstZ,
                  D3D11ResourceCommon* src, UINT srcSubresource, const D3D11_BOX* srcBox, const char* method);
  void recordCopy(D3D11ResourceCommon* dst, UINT dstSubresource, const VkOffset3D& dstOffset, D3D11ResourceCommon* src,
                  UINT srcSubresource, const VkOffset3D& srcOffset, const VkExtent3D& extent);
  // An image of `format` (`samples` samples, `usage`) for commands recorded now, kept alive until
  // they have run (by the timeline, or by the command list a deferred context records). Null with
  // a log line when it cannot be made.
  vk::Image* scratchImage(VkFormat format, uint32_t width, uint32_t height, uint32_t samples = 1,
                          VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT);
  // A copy between a depth-stencil image and staging memory: the two aspects go through scratch
  // memory and an internal shader interleaves them as D3D11 lays the texels out. Returns false
  // (nothing recorded) when the formats are not a depth-stencil pair it knows.
  bool recordDepthStencilStagingCopy(D3D11ResourceCommon* dst, UINT dstSubresource, const VkOffset3D& dstOffset,
                                     D3D11ResourceCommon* src, UINT srcSubresource, const VkOffset3D& srcOffset,
                                     const VkExtent3D& extent);
  void clearUnorderedAccessView(ID3D11UnorderedAccessView* view, const void* values, bool isFloat, const char* method);
  // The query's Vulkan record, made on first use; false for queries with no Vulkan query.
  bool createQueryRecord(D3D11Query* query);
  // Host-visible memory for copies recorded now (m_uploads, kept until they ran): false, with
  // "<what>: no scratch memory: ...; call dropped" logged, when there is none.
  bool scratchMemory(const char* what, VkDeviceSize bytes, VkDeviceSize alignment, vk::BufferSlice* slice);
  // Tiled resources (d3d11_context_tiles.cpp): the copy regions of whole tiles against linear
  // 64 KiB tiles at `bufferOffset`, false (logged) when a tile cannot be copied; and their commands.
  bool tileCopyRegions(const char* method, D3D11ResourceCommon* resource, const std::vector<uint32_t>& tiles,
                       VkDeviceSize bufferOffset, std::vector<VkBufferCopy>* bufferRegions,
                       std::vector<VkBufferImageCopy>* imageRegions);
  void recordTileCopies(D3D11ResourceCommon* resource, VkBuffer linear, bool toResource,
                        const std::vector<VkBufferCopy>& bufferRegions, const std::vector<VkBufferImageCopy>& imageRegions);
  void recordQueryBegin(D3D11Query* query);
  void recordQueryEnd(D3D11Query* query);
  // An End reached the stream: GetData may answer once it completes (on a deferred context, once
  // the command list holding it executes).
  void noteQueryEnded(D3D11Query* query);
  // While a predicate is set, the commands of a clear, copy, update, resolve or mip generation are
  // bracketed so the worker can skip them (d3d11_context_query.cpp; docs/pipelines.md, Predication).
  bool beginPredicatedOperation();
  void endPredicatedOperation();
  class PredicatedOperation {
  public:
    explicit PredicatedOperation(D3D11DeviceContext& context) : m_context(context), m_open(context.beginPredicatedOperation()) {}
    ~PredicatedOperation() {
      if (m_open)
        m_context.endPredicatedOperation();
    }
    PredicatedOperation(const PredicatedOperation&) = delete;
    PredicatedOperation& operator=(const PredicatedOperation&) = delete;

  private:
    D3D11DeviceContext& m_context;
    bool m_open;
  };

  // Binding (d3d11_context_bind.cpp).
  template <typename ShaderClass>
  void setShader(typename ShaderClass::InterfaceType* shader, ID3D11ClassInstance* const* instances, UINT instanceCount);
  // Class linkage: keeps the instances bound with a stage's shader and records the stage's
  // class-instance block (docs/binding-model.md) when its contents change.
  void setClassInstances(uint32_t stage, ID3D11ClassInstance* const* instances, UINT count);
  // The Get* bodies read `state`, the stage's bindings as visibleBindings() answers them.
  template <typename Interface>
  static void getShader(const StageState& state, Interface** shader, ID3D11ClassInstance** instances, UINT* instanceCount);
  void setConstantBuffers(uint32_t stage, UINT start, UINT count, ID3D11Buffer* const* buffers, const UINT* firstConstant,
                          const UINT* numConstants);
  static void getConstantBuffers(const StageState& state, UINT start, UINT count, ID3D11Buffer** buffers, UINT* firstConstant,
                                 UINT* numConstants);
  void setShaderResources(uint32_t stage, UINT start, UINT count, ID3D11ShaderResourceView* const* views);
  void setSamplers(uint32_t stage, UINT start, UINT count, ID3D11SamplerState* const* samplers);
  // The documented hazard rules between output and input bindings (d3d11_context_bind.cpp).
  void unbindShaderResourcesOf(ID3D11Resource* resource);
  // Per subresource: unbinds the shader-resource views that share a subresource with `output` (a
  // render-target, depth-stencil or unordered-access view's target); for a depth-stencil view,
  // pass it too, so its read-only aspects keep the views that read only them.
  // Whether it unbound any (the debug layer reports the hazard).
  bool unbindShaderResourcesSharing(const ViewTarget& output, ID3D11DepthStencilView* depthStencil = nullptr);
  // Whether `view` shares a subresource with an output bound for `stage` (it then binds as null).
  bool shaderResourceHazard(ID3D11ShaderResourceView* view, uint32_t stage) const;
  // `bindFlags`, when the caller knows the resource's BindFlags, skips the output bindings the
  // resource cannot be in (a view's ViewTarget::resourceBindFlags): most sampled textures are
  // shader resources only, and a scan of every output slot per bind is a third of a draw's cost.
  bool boundForOutput(ID3D11Resource* resource, uint32_t stage, UINT bindFlags = ~0u) const;
  // Records a UAV's initial append/consume count (UINT(-1) keeps it).
  void setInitialCount(ID3D11UnorderedAccessView* view, UINT count);

  // Immediate and deferred recording differ only through these (d3d11_device_context.cpp).
  // The timeline value commands recorded now will signal; 0 on a deferred context, whose
  // submissions are unknown until its command list executes (its upload memory is never reused).
  uint64_t recordingValue() const;
  // A deferred context's command list keeps a reference on every object its commands name. A
  // small table of objects already referenced in this recording spares the repeated AddRef of
  // the objects every draw names again (their addresses stay theirs: the list holds them).
  // The immediate context's test is inline (the draw path calls this per descriptor); the rest
  // is out of line, so the draw path's functions stay small.
  void keepAlive(IUnknown* object) {
    if (m_deferred && object)
      keepAliveInList(object);
  }
  void keepAliveInList(IUnknown* object);
  // A copy to or from CPU-visible memory: Map waits for it (on a deferred context, once executed).
  void noteGpuUse(D3D11ResourceCommon* resource);
  // The memory commands recorded now name for `buffer`: on a deferred context, the memory its own
  // Map(WRITE_DISCARD) gave the buffer, if any.
  vk::BufferSlice sliceOf(const D3D11Buffer& buffer) const;
  // Everything bound is recorded again before the next draw or dispatch (a new command list, or
  // the immediate context after executing one).
  void markAllDirty();
  // A fresh recording for the deferred context's next command list.
  void beginRecording();
  // Map(WRITE_DISCARD) of a dynamic buffer on a deferred context: memory of the command list's own.
  HRESULT discardOnDeferred(D3D11Buffer* buffer, void** data);
  // After ExecuteCommandList records the list: each buffer the list renamed is renamed on this
  // context too (its own discard path) and given the list's final bytes, so what this context
  // records afterwards reads the list's data, as on Windows.
  void takeListBufferContents(const CommandListContents& contents);
  // Logs and answers whether `method` is called on a deferred context, where it is invalid.
  bool refusedOnDeferred(const char* method) const;
  // Context state objects (SwapDeviceContextState): whether a binding call (Set*, Get*,
  // ClearState) came through the interface the active state object switches off:
  // ID3D11DeviceContext while a state made for ID3D10Device(1) is active, the D3D10 face while
  // one made for ID3D11Device(1) is. Such a call is ignored; `method` names it in the log.
  // Inline: every binding call asks, and before any state object exists the answer is one load.
  bool bindingCallSwitchedOff(const char* method) const {
    return m_stateApi.load(std::memory_order_relaxed) != StateApi::Unset && bindingCallSwitchedOffByState(method);
  }
  bool bindingCallSwitchedOffByState(const char* method) const;
  // What the Get* methods answer from: the bindings, or the defaults for a switched-off call.
  const ContextState& visibleBindings(const char* method) const;

  // Drawing (d3d11_context_draw.cpp): what changed since the last draw becomes commands.
  bool prepareDraw();
  bool prepareDispatch();
  void recordPredication();
  void recordRenderTargets();
  bool recordPipeline();
  bool recordShaders();
  void recordViewportsAndScissors();
  uint32_t dynamicViewportCount() const;
  void recordDynamicState();
  void recordVertexInput();
  // Stream output (d3d11_context_draw.cpp): the targets with their counters, and the shaders a
  // pipeline runs (a geometry-shader object made from vertex or domain bytecode with stream
  // output takes that stage's place).
  void recordStreamOutTargets();
  void graphicsStages(const vk::ShaderCode* stages[]) const;
  void recordDescriptors(uint32_t stage);
  // The stage's UAV-slice and class-instance blocks, when its shader, UAVs or instances changed.
  void recordHiddenBlocks(uint32_t stage);
  // Typed 3D UAVs: writes the stage's UAV-slice block (each bound view's FirstWSlice and WSize,
  // docs/binding-model.md) when its shader has one and the words changed; an unpredicated copy
  // recorded before the draw or dispatch's other commands.
  void recordUavSlices(uint32_t stage);
  // Class linkage: writes the stage's class-instance block (the words setClassInstances computed)
  // when they differ from what this list last recorded; unpredicated, before the draw's commands.
  void recordClassInstances(uint32_t stage);
  // Records `words` into the stage's hidden block `buffer` (made on first use) unless `recorded`
  // already holds them, and marks the stage's descriptors dirty.
  void writeHiddenBlock(uint32_t stage, const char* what, BindingRef<ID3D11Buffer>& buffer,
                        std::vector<uint32_t>& recorded, const std::vector<uint32_t>& words);
  // The descriptor of `slot` of the stage's shader as the context's bindings have it now.
  void writeDescriptor(uint32_t stage, const vk::ShaderBindingSlot& slot, vk::DescriptorEntry& entry);
  void writeDescriptorSlow(uint32_t stage, const vk::ShaderBindingSlot& slot, vk::DescriptorEntry& entry);
  // Deferred: the typed view of list memory `slice` for `target`, made once per recording.
  VkBufferView listBufferView(const ViewTarget& target, const vk::BufferSlice& slice);
  ID3D11SamplerState* defaultSampler();
  void drawIndirect(ID3D11Buffer* args, UINT offset, bool indexed);
  // A dynamic buffer was renamed: bindings that may name it are recorded again.
  void noteBufferDiscarded(const D3D11Buffer& buffer);

  D3D11Device* m_device;
  const bool m_deferred = false;
  std::unique_ptr<D3D11Multithread> m_multithread;  // immediate context only
  D3D11Annotation m_annotation{this};               // ID3DUserDefinedAnnotation, both kinds
  BindingRef<ID3DDeviceContextState> m_activeStateObject;  // after the first SwapDeviceContextState
  // Which API's binding methods work (the active state object's); Unset: both, as long as no
  // state object exists (and on a device of the D3D10 runtime until its first swap).
  enum class StateApi : uint8_t { Unset, D3D10, D3D11 };
  std::atomic<StateApi> m_stateApi{StateApi::Unset};
  // Public references: a deferred context starts with one; the immediate context with none (the
  // device hands them out). While there are any, the context holds one on the device.
  std::atomic<ULONG> m_refCount{1};
  CommandListContents m_recording;                  // deferred contexts only
  static constexpr size_t kRecentReferences = 32;
  IUnknown* m_recentReferences[kRecentReferences] = {};  // see keepAlive
  std::unordered_map<const D3D11Buffer*, vk::BufferSlice> m_renamed;  // deferred: Map(WRITE_DISCARD) memory
  // Deferred: typed views of list memory (listBufferView), owned by the recording's list.
  struct ListTexelViewKey {
    const ViewTarget* target;
    VkBuffer buffer;
    VkDeviceSize offset;
    bool operator<(const ListTexelViewKey& other) const {
      return std::tie(target, buffer, offset) < std::tie(other.target, other.buffer, other.offset);
    }
  };
  std::map<ListTexelViewKey, VkBufferView> m_listTexelViews;
  util::PrivateDataStore m_privateData;
  std::unique_ptr<vk::QueryPools> m_queryPools;   // outlives the stream's worker
  std::unique_ptr<vk::CommandStream> m_stream;
  std::unique_ptr<vk::UploadHeap> m_uploads;
  std::vector<MappedSubresource> m_mapped;
  std::vector<D3D11Query*> m_activeQueries;      // each holds a private reference while active
  ContextState m_state;
  // What rebinding shaders, shader-resource views and samplers gave up (d3d11_binding_ref.h);
  // dropped by releaseRetainedBindings.
  RetainedReferences m_retainedBindings;
  BindingRef<ID3D11SamplerState> m_defaultSampler;
  VkExtent2D m_renderArea{1, 1};
  bool m_pipelineValid = false;
};

}  // namespace d3d11vk
