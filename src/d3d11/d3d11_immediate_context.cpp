// D3D11ImmediateContext: identity, device-child methods, context type, the command stream's
// lifetime and Flush; the pipeline methods not implemented yet log once each.
#include "d3d11/d3d11_immediate_context.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_fence.h"
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
  util::log::debug("context teardown: waiting for the GPU");
  waitIdle();
  m_uploads.reset();
  const uint64_t last = m_stream->recordingValue();
  util::log::debug("context teardown: stopping the worker");
  m_stream.reset();  // flushes the (empty) open chunk and stops the worker
  // Deferred destructions (query records release slots into m_queryPools) finish before it goes.
  util::log::debug("context teardown: draining deferred destruction up to ", last);
  m_device->vulkanDevice().timeline().drain(last);
  util::log::debug("context teardown: done");
}

void D3D11ImmediateContext::releaseBindings() {
  while (!m_activeQueries.empty())
    End(m_activeQueries.back()->asQuery1());
  m_state = ContextState{};
  m_defaultSampler = nullptr;
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






















































HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::FinishCommandList(BOOL /*RestoreDeferredContextState*/, ID3D11CommandList ** /*ppCommandList*/) {
  D3D11VK_NOT_IMPLEMENTED();
  return E_NOTIMPL;
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

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::Signal(ID3D11Fence *fence, UINT64 value) {
  D3D11Fence* target = D3D11Fence::from(fence);
  if (!target) {
    util::log::warn("ID3D11DeviceContext4::Signal: pFence is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!target->state()->noteSignal(value))
    D3D11VK_LOG_ONCE(Warn, "ID3D11DeviceContext4::Signal: value ", value,
                     " is below one already signalled; d3d11vk fences never go backwards, so it changes nothing");
  // The fence's value is the completion of the submission holding everything recorded so far;
  // flushing now means no later Flush is needed for it to be reached (as on Windows).
  m_stream->flush();
  const uint64_t submission = m_stream->recordingValue() - 1;
  m_device->vulkanDevice().timeline().deferUntil(submission, [state = target->state(), value] { state->reach(value); });
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::Wait(ID3D11Fence *fence, UINT64 value) {
  // STATUS: partial: one queue and no shared fences: a wait for a value a submitted Signal reaches is already ordered by the queue; any other is DXGI_ERROR_INVALID_CALL
  D3D11Fence* target = D3D11Fence::from(fence);
  if (!target) {
    util::log::warn("ID3D11DeviceContext4::Wait: pFence is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  // Every Signal reaching the fence was recorded on this context before this Wait, so the queue
  // already runs what follows after it (and the barrier tracker orders every memory access):
  // nothing to record, nothing to block on.
  if (target->state()->highestSignal() >= value)
    return S_OK;
  // Nothing will ever reach the value: only this context signals d3d11vk fences, and only later
  // in queue order, behind the wait. Windows would hang the GPU; refusing keeps the app running.
  util::log::warn("ID3D11DeviceContext4::Wait: no Signal reaches ", value, " (highest ", target->state()->highestSignal(),
                  ") and only this context can signal it, so the GPU would wait forever: DXGI_ERROR_INVALID_CALL");
  return DXGI_ERROR_INVALID_CALL;
}

}  // namespace d3d11vk
