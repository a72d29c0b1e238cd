// D3D11DeviceContext: identity, device-child methods, context type, the command stream's
// lifetime, Flush, and what differs between the immediate context and deferred ones: command
// lists (FinishCommandList, ExecuteCommandList) and the recording helpers the other
// d3d11_context_*.cpp files go through.
#include "d3d11/d3d11_device_context.h"

#include <algorithm>
#include <cstring>

#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_calling_api.h"
#include "d3d11/d3d11_device_context_state.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_fence.h"
#include "d3d11/d3d11_query.h"
#include "util/com_object.h"
#include "util/log.h"
#include "util/thread.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/query_pools.h"
#include "vk/result.h"
#include "vk/upload_heap.h"

namespace d3d11vk {

D3D11DeviceContext::D3D11DeviceContext(D3D11Device* device)
    : m_device(device),
      m_multithread(std::make_unique<D3D11Multithread>(this)),
      m_queryPools(std::make_unique<vk::QueryPools>(device->vulkanDevice())),
      m_stream(std::make_unique<vk::CommandStream>(device->vulkanDevice(), *m_queryPools)),
      // Upload memory is also the scratch memory of copies that go through internal shaders
      // (depth-stencil texels to and from staging memory): written by copies and shaders too.
      m_uploads(std::make_unique<vk::UploadHeap>(device->vulkanDevice(), vk::UploadHeap::Reuse::AfterCompletion,
                                                 VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT)) {
  m_refCount.store(0);  // the device hands out the references (GetImmediateContext)
}

D3D11DeviceContext::D3D11DeviceContext(D3D11Device* device, Deferred)
    : m_device(device), m_deferred(true), m_stream(std::make_unique<vk::CommandStream>()) {
  beginRecording();
  m_device->addPrivateRef();  // as every device child: the device outlives the context
  m_device->AddRef();         // and the application's reference holds a public one
}

D3D11DeviceContext::~D3D11DeviceContext() {
  if (m_deferred) {
    // Nothing was submitted: what is recorded and not finished is dropped with its references.
    for (D3D11Query* query : m_activeQueries) {
      query->contextState().active = false;
      query->releasePrivateRef();
    }
    m_activeQueries.clear();
    m_state = ContextState{};
    m_defaultSampler = nullptr;
    m_recording = CommandListContents{};
    m_uploads.reset();  // its pages are the Vulkan device's: gone before the device may go
    m_stream.reset();
    m_device->releasePrivateRef();
    return;
  }
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

void D3D11DeviceContext::releaseBindings() {
  while (!m_activeQueries.empty())
    End(m_activeQueries.back()->asQuery1());
  m_state = ContextState{};
  releaseRetainedBindings();  // kept objects hold the device too
  m_defaultSampler = nullptr;
  m_activeStateObject = nullptr;  // it holds the device
}

void D3D11DeviceContext::waitIdle() {
  m_stream->waitIdle();
}

void STDMETHODCALLTYPE D3D11DeviceContext::Flush() {
  D3D11VK_CONTEXT_LOCK();
  if (refusedOnDeferred("Flush"))
    return;
  releaseRetainedBindings();  // an object released while unbound lives at most until a flush
  m_stream->flush();
}

void STDMETHODCALLTYPE D3D11DeviceContext::Flush1(D3D11_CONTEXT_TYPE /*type*/, HANDLE event) {
  D3D11VK_CONTEXT_LOCK();
  // STATUS: partial: the context type is ignored (one queue does every kind of work); the event is set once the flushed work completes
  if (refusedOnDeferred("Flush1"))
    return;
  releaseRetainedBindings();
  m_stream->flush();
  if (event) {
    const uint64_t value = m_stream->recordingValue() - 1;
    m_device->vulkanDevice().timeline().deferUntil(value, [event] { util::setEventHandle(event); });
  }
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11DeviceContext) ||
      riid == __uuidof(ID3D11DeviceContext1) || riid == __uuidof(ID3D11DeviceContext2) ||
      riid == __uuidof(ID3D11DeviceContext3) || riid == __uuidof(ID3D11DeviceContext4))
    return util::returnInterface<ID3D11DeviceContext4>(this, object);
  if (riid == __uuidof(ID3D11Multithread) && m_multithread)
    return util::returnInterface<ID3D11Multithread>(m_multithread.get(), object);
  if (riid == __uuidof(ID3DUserDefinedAnnotation))
    return util::returnInterface<ID3DUserDefinedAnnotation>(&m_annotation, object);
  util::logUnknownInterface("D3D11DeviceContext", riid);
  return E_NOINTERFACE;
}

// Both kinds count their own references, as Windows does (Wine's test_immediate_context), and hold
// one public reference on the device while they have any. The immediate context is part of the
// device object and is not destroyed at zero.
ULONG STDMETHODCALLTYPE D3D11DeviceContext::AddRef() {
  const ULONG count = ++m_refCount;
  if (count == 1)
    m_device->AddRef();
  return count;
}

ULONG STDMETHODCALLTYPE D3D11DeviceContext::Release() {
  D3D11Device* device = m_device;  // a deferred context is gone below
  const ULONG count = --m_refCount;
  if (count == 0) {
    if (m_deferred)
      delete this;
    device->Release();
  }
  return count;
}

void STDMETHODCALLTYPE D3D11DeviceContext::GetDevice(ID3D11Device** ppDevice) {
  D3D11VK_CONTEXT_LOCK();
  if (ppDevice) {
    m_device->AddRef();
    *ppDevice = m_device;
  }
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) {
  D3D11VK_CONTEXT_LOCK();
  return m_privateData.getData(guid, pDataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) {
  D3D11VK_CONTEXT_LOCK();
  return m_privateData.setData(guid, DataSize, pData);
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) {
  D3D11VK_CONTEXT_LOCK();
  return m_privateData.setInterface(guid, pData);
}

D3D11_DEVICE_CONTEXT_TYPE STDMETHODCALLTYPE D3D11DeviceContext::GetType() {
  D3D11VK_CONTEXT_LOCK();
  return m_deferred ? D3D11_DEVICE_CONTEXT_DEFERRED : D3D11_DEVICE_CONTEXT_IMMEDIATE;
}

UINT STDMETHODCALLTYPE D3D11DeviceContext::GetContextFlags() {
  D3D11VK_CONTEXT_LOCK();
  // Context flags are those given to CreateDeferredContext, which only accepts 0 (reserved).
  return 0;
}

// ---- Immediate and deferred recording ----

uint64_t D3D11DeviceContext::recordingValue() const {
  return m_stream->recordingValue();  // 0 for a recording-only stream
}

void D3D11DeviceContext::keepAliveInList(IUnknown* object) {
  IUnknown*& recent = m_recentReferences[(reinterpret_cast<uintptr_t>(object) >> 4) % kRecentReferences];
  if (recent == object)
    return;
  recent = object;
  m_recording.references.emplace_back(object);
}

void D3D11DeviceContext::noteGpuUse(D3D11ResourceCommon* resource) {
  if (m_deferred)
    m_recording.cpuVisibleUses.push_back(resource);
  else
    resource->noteGpuUse(m_stream->recordingValue());
}

vk::BufferSlice D3D11DeviceContext::sliceOf(const D3D11Buffer& buffer) const {
  if (m_deferred && !m_renamed.empty()) {
    auto found = m_renamed.find(&buffer);
    if (found != m_renamed.end())
      return found->second;
  }
  return buffer.slice();
}

void D3D11DeviceContext::markAllDirty() {
  ContextState& s = m_state;
  s.pipelineDirty = s.shadersDirty = s.computePipelineDirty = true;
  s.vertexBuffersDirty = s.indexBufferDirty = s.viewportsDirty = s.dynamicDirty = s.renderTargetsDirty = true;
  s.predicationDirty = true;
  s.streamOutDirty = true;
  for (StageState& stage : s.stages) {
    stage.descriptorsDirty = true;
    stage.uavSliceWords.clear();  // the next list (or what runs after a list) writes the blocks again
    stage.classInstanceWords.clear();
  }
  m_pipelineValid = false;
}

void D3D11DeviceContext::beginRecording() {
  m_recording = CommandListContents{};
  std::fill(std::begin(m_recentReferences), std::end(m_recentReferences), nullptr);
  // The list's upload memory also serves as renamed dynamic-buffer memory, bound like the
  // buffers themselves; it is never reused while the list lives (executions are unknown).
  // FinishCommandList hands it to the list.
  m_uploads = std::make_unique<vk::UploadHeap>(
      m_device->vulkanDevice(), vk::UploadHeap::Reuse::Never,
      VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
          VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
          VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT);
  m_renamed.clear();
  m_listTexelViews.clear();
}

HRESULT D3D11DeviceContext::discardOnDeferred(D3D11Buffer* buffer, void** data) {
  const VkPhysicalDeviceLimits& limits = m_device->vulkanDevice().properties().limits;
  const VkDeviceSize alignment = std::max({limits.minUniformBufferOffsetAlignment, limits.minStorageBufferOffsetAlignment,
                                           limits.minTexelBufferOffsetAlignment, VkDeviceSize(16)});
  try {
    vk::BufferSlice slice = m_uploads->allocate(buffer->desc().ByteWidth, alignment, 0);
    m_renamed[buffer] = slice;
    *data = slice.mapped;
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "Map(WRITE_DISCARD) on a deferred context: no memory for the buffer: ", error.what());
    return E_OUTOFMEMORY;
  }
  noteBufferDiscarded(*buffer);
  return S_OK;
}

void D3D11DeviceContext::takeListBufferContents(const CommandListContents& contents) {
  // The list's memory is final once FinishCommandList returned (the application's Map pointers
  // into it are no longer valid to write), so its bytes are copied on the CPU now: the fresh
  // slice holds them before any command recorded after this point can read it, and a later
  // Map(WRITE_NO_OVERWRITE) here hands out memory no pending GPU copy would overwrite.
  for (const auto& [buffer, listSlice] : contents.renamedBuffers) {
    void* data;
    if (m_deferred) {
      // Into this recording's own memory: the nested list's memory stays the nested list's.
      if (FAILED(discardOnDeferred(buffer, &data)))
        continue;  // logged; the buffer keeps what this recording named for it
    } else {
      try {
        data = buffer->discard(m_stream->recordingValue()).mapped;
      } catch (const vk::Error& error) {
        m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "ExecuteCommandList: cannot rename a buffer the list mapped; it keeps its previous contents: ",
                         error.what());
        continue;
      }
      noteBufferDiscarded(*buffer);
    }
    std::memcpy(data, listSlice.mapped, buffer->desc().ByteWidth);
  }
}

bool D3D11DeviceContext::refusedOnDeferred(const char* method) const {
  if (!m_deferred)
    return false;
  m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), method, " is not allowed on a deferred context; call ignored");
  return true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::SetResourceMinLOD(ID3D11Resource * /*pResource*/, FLOAT /*MinLOD*/) {
  D3D11VK_CONTEXT_LOCK();
  D3D11VK_NOT_IMPLEMENTED();
}

FLOAT STDMETHODCALLTYPE D3D11DeviceContext::GetResourceMinLOD(ID3D11Resource * /*pResource*/) {
  D3D11VK_CONTEXT_LOCK();
  D3D11VK_NOT_IMPLEMENTED();
  return FLOAT();
}

void STDMETHODCALLTYPE D3D11DeviceContext::ExecuteCommandList(ID3D11CommandList* pCommandList, BOOL RestoreContextState) {
  D3D11VK_CONTEXT_LOCK();
  D3D11CommandList* list = D3D11CommandList::from(pCommandList);
  if (!list || list->owner() != m_device) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "ExecuteCommandList: ", !pCommandList ? "the command list is null"
                                            : !list       ? "not a d3d11vk command list"
                                                          : "the command list belongs to another device",
                    "; call ignored");
    return;
  }
  const CommandListContents& contents = list->contents();
  // Documented: a list that ends a query this context has begun does not execute (the context's
  // state is still cleared or kept as asked).
  bool queryConflict = false;
  for (const auto& query : contents.endedQueries)
    for (D3D11Query* active : m_activeQueries)
      if (static_cast<ID3D11Query*>(active->asQuery1()) == query.get())
        queryConflict = true;
  if (queryConflict) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "ExecuteCommandList: the list ends a query begun on this context; the list is not executed");
  } else {
    // One command, however long the list: the worker walks the list's chunks in place.
    m_stream->record<vk::ExecuteRecordedCommand>().commands = contents.commands.get();
    keepAlive(pCommandList);  // a deferred context's own list holds the nested one
    takeListBufferContents(contents);
    for (D3D11ResourceCommon* resource : contents.cpuVisibleUses)
      noteGpuUse(resource);
    for (const auto& query : contents.endedQueries)
      noteQueryEnded(static_cast<D3D11Query*>(static_cast<ID3D11Query1*>(query.get())));
  }
  // The list ran from the default state and left the Vulkan state its own; this context's state
  // is recorded again before its next draw, or cleared as documented.
  if (!RestoreContextState)
    ClearState();
  markAllDirty();
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::FinishCommandList(BOOL RestoreDeferredContextState, ID3D11CommandList** ppCommandList) {
  D3D11VK_CONTEXT_LOCK();
  if (ppCommandList)
    *ppCommandList = nullptr;
  if (!m_deferred) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "FinishCommandList: called on the immediate context: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  if (!ppCommandList) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "FinishCommandList: ppCommandList is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  releaseRetainedBindings();
  if (!m_mapped.empty()) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "FinishCommandList: ", m_mapped.size(), " subresource(s) still mapped; their writes after this point are lost");
    m_mapped.clear();
  }
  D3D11CommandList* list;
  try {
    m_recording.commands = m_stream->finish();
    m_recording.uploads = std::move(m_uploads);
    // The buffers this list renamed (each referenced by the list since its Map): the key is const
    // only for sliceOf's lookups.
    m_recording.renamedBuffers.reserve(m_renamed.size());
    for (const auto& [buffer, slice] : m_renamed)
      m_recording.renamedBuffers.emplace_back(const_cast<D3D11Buffer*>(buffer), slice);
    // One reference per object is enough; recording took one per use.
    auto& refs = m_recording.references;
    std::sort(refs.begin(), refs.end(), [](const auto& a, const auto& b) { return a.get() < b.get(); });
    refs.erase(std::unique(refs.begin(), refs.end(), [](const auto& a, const auto& b) { return a.get() == b.get(); }), refs.end());
    list = new D3D11CommandList(m_device, 0, std::move(m_recording));
    beginRecording();
  } catch (const std::bad_alloc&) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "FinishCommandList: out of memory: E_OUTOFMEMORY");
    beginRecording();
    return E_OUTOFMEMORY;
  }
  // Documented: each list holds only what was recorded since the previous FinishCommandList; the
  // context's state is kept for the next list when asked, else back to the defaults. Either way
  // the next list records all it relies on (it may run on a context in any state).
  if (!RestoreDeferredContextState)
    ClearState();
  markAllDirty();
  *ppCommandList = list;
  return S_OK;
}

void STDMETHODCALLTYPE D3D11DeviceContext::SwapDeviceContextState(ID3DDeviceContextState* pState, ID3DDeviceContextState** ppPreviousState) {
  D3D11VK_CONTEXT_LOCK();
  if (ppPreviousState)
    *ppPreviousState = nullptr;
  if (refusedOnDeferred("SwapDeviceContextState"))  // documented
    return;
  D3D11DeviceContextState* next = D3D11DeviceContextState::from(pState);
  if (!next || next->device() != m_device) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "SwapDeviceContextState: ", !pState ? "pState is null" : "not a context state object of this device",
                    "; call ignored");
    return;
  }
  // The bindings made before any swap belong to the device's first state object, made here for
  // the API the device was made for. The context holds it privately (BindingRef), so it does not
  // keep the device's public count up.
  if (!m_activeStateObject)
    m_activeStateObject = util::ComPtr<ID3DDeviceContextState>::adopt(
        new D3D11DeviceContextState(m_device, m_device->featureLevel(),
                                    m_device->madeForD3D10() ? __uuidof(ID3D10Device1) : __uuidof(ID3D11Device))).get();
  util::ComPtr<ID3DDeviceContextState> previous(m_activeStateObject.get());
  if (previous.get() != pState) {
    D3D11DeviceContextState::from(previous.get())->bindings() = std::move(m_state);
    m_state = std::move(next->bindings());
    next->bindings() = ContextState{};
    m_activeStateObject = pState;
    markAllDirty();  // documented: queries and other asynchronous work are not affected
  }
  m_stateApi.store(next->emulatesD3D10() ? StateApi::D3D10 : StateApi::D3D11, std::memory_order_relaxed);
  if (ppPreviousState)
    *ppPreviousState = previous.detach();
}

void D3D11DeviceContext::noteD3D10FaceReachable() {
  // A device of the D3D10 runtime keeps both interfaces on until the first swap (its D3D10 face
  // is how the application draws, and nothing says Windows refuses its ID3D11DeviceContext).
  StateApi unset = StateApi::Unset;
  if (!m_device->madeForD3D10())
    m_stateApi.compare_exchange_strong(unset, StateApi::D3D11, std::memory_order_relaxed);
}

bool D3D11DeviceContext::bindingCallSwitchedOffByState(const char* method) const {
  // Documented (CreateDeviceContextState, SwapDeviceContextState): while a state object is
  // active, the methods of the API it was not made for are switched off. Before any state object
  // exists nothing is (bindingCallSwitchedOff does not call this).
  const StateApi api = m_stateApi.load(std::memory_order_relaxed);
  if (api == StateApi::Unset || m_deferred)
    return false;
  const bool fromD3D10 = D3D10CallScope::active();
  if (fromD3D10 == (api == StateApi::D3D10))
    return false;
  D3D11VK_LOG_ONCE(Info, method, " through ", fromD3D10 ? "ID3D10Device" : "ID3D11DeviceContext",
                   " while a context state object for the other API is active: ignored, as on Windows (logged once)");
  return true;
}

const ContextState& D3D11DeviceContext::visibleBindings(const char* method) const {
  static const ContextState defaults{};
  return bindingCallSwitchedOff(method) ? defaults : m_state;
}

// Annotations reach no profiling tool (d3d11vk forwards none to Vulkan debug labels), so the
// context answers as Windows does when no tool is attached: disabled, and the markers and events
// do nothing (the same as its ID3DUserDefinedAnnotation face, d3d11_annotation.h).
BOOL STDMETHODCALLTYPE D3D11DeviceContext::IsAnnotationEnabled() {
  // STATUS: partial: FALSE, as Windows answers without a profiling tool; annotations are not forwarded to Vulkan debug labels
  return FALSE;
}

void STDMETHODCALLTYPE D3D11DeviceContext::SetMarkerInt(const WCHAR * /*label*/, int /*data*/) {
  // STATUS: partial: does nothing, as without a profiling tool on Windows; not forwarded to Vulkan debug labels
}

void STDMETHODCALLTYPE D3D11DeviceContext::BeginEventInt(const WCHAR * /*label*/, int /*data*/) {
  // STATUS: partial: does nothing, as without a profiling tool on Windows; not forwarded to Vulkan debug labels
}

void STDMETHODCALLTYPE D3D11DeviceContext::EndEvent() {
  // STATUS: partial: does nothing, as without a profiling tool on Windows; not forwarded to Vulkan debug labels
}

void STDMETHODCALLTYPE D3D11DeviceContext::SetHardwareProtectionState(BOOL /*enable*/) {
  D3D11VK_CONTEXT_LOCK();
  D3D11VK_NOT_IMPLEMENTED();
}

void STDMETHODCALLTYPE D3D11DeviceContext::GetHardwareProtectionState(BOOL * /*enable*/) {
  D3D11VK_CONTEXT_LOCK();
  D3D11VK_NOT_IMPLEMENTED();
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::Signal(ID3D11Fence *fence, UINT64 value) {
  D3D11VK_CONTEXT_LOCK();
  if (refusedOnDeferred("ID3D11DeviceContext4::Signal"))
    return DXGI_ERROR_INVALID_CALL;
  D3D11Fence* target = D3D11Fence::from(fence);
  if (!target) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "ID3D11DeviceContext4::Signal: pFence is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (!target->state()->noteSignal(value))
    D3D11VK_LOG_ONCE(Warn, "ID3D11DeviceContext4::Signal: value ", value,
                     " is below one already signalled; d3d11vk fences never go backwards, so it changes nothing");
  // A removed device signals nothing (its fences answer UINT64_MAX as their completed value).
  if (m_device->vulkanDevice().timeline().isLost())
    return DXGI_ERROR_DEVICE_REMOVED;
  // The fence's value is the completion of the submission holding everything recorded so far;
  // flushing now means no later Flush is needed for it to be reached (as on Windows).
  m_stream->flush();
  const uint64_t submission = m_stream->recordingValue() - 1;
  m_device->vulkanDevice().timeline().deferUntil(submission, [state = target->state(), value] { state->reach(value); });
  return S_OK;
}

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::Wait(ID3D11Fence *fence, UINT64 value) {
  D3D11VK_CONTEXT_LOCK();
  // STATUS: partial: one queue and no shared fences: a wait for a value a submitted Signal reaches is already ordered by the queue; any other is DXGI_ERROR_INVALID_CALL
  if (refusedOnDeferred("ID3D11DeviceContext4::Wait"))
    return DXGI_ERROR_INVALID_CALL;
  D3D11Fence* target = D3D11Fence::from(fence);
  if (!target) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "ID3D11DeviceContext4::Wait: pFence is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (m_device->vulkanDevice().timeline().isLost())
    return DXGI_ERROR_DEVICE_REMOVED;
  // Every Signal reaching the fence was recorded on this context before this Wait, so the queue
  // already runs what follows after it (and the barrier tracker orders every memory access):
  // nothing to record, nothing to block on.
  if (target->state()->highestSignal() >= value)
    return S_OK;
  // Nothing will ever reach the value: only this context signals d3d11vk fences, and only later
  // in queue order, behind the wait. Windows would hang the GPU; refusing keeps the app running.
  m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "ID3D11DeviceContext4::Wait: no Signal reaches ", value, " (highest ", target->state()->highestSignal(),
                  ") and only this context can signal it, so the GPU would wait forever: DXGI_ERROR_INVALID_CALL");
  return DXGI_ERROR_INVALID_CALL;
}

}  // namespace d3d11vk
