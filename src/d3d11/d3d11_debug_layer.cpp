#include "d3d11/d3d11_debug_layer.h"

#include <cstring>
#include <map>
#include <string>

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "util/log.h"

// Not in every header set (Wine 8's d3d11sdklayers.h lacks it); the documented value.
#ifndef D3D11_RLDO_IGNORE_INTERNAL
#define D3D11_RLDO_IGNORE_INTERNAL D3D11_RLDO_FLAGS(4)
#endif

namespace d3d11vk {

namespace {

constexpr UINT kKnownFeatureBits = D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP | D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP |
                                   D3D11_DEBUG_FEATURE_PRESENT_PER_RENDER_OP |
                                   D3D11_DEBUG_FEATURE_ALWAYS_DISCARD_OFFERED_RESOURCE |
                                   D3D11_DEBUG_FEATURE_NEVER_DISCARD_OFFERED_RESOURCE |
                                   D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS |
                                   D3D11_DEBUG_FEATURE_DISABLE_TILED_RESOURCE_MAPPING_TRACKING_AND_VALIDATION;

constexpr UINT kKnownReportFlags = D3D11_RLDO_SUMMARY | D3D11_RLDO_DETAIL | D3D11_RLDO_IGNORE_INTERNAL;

// DXGI's info queue through whichever dxgi.dll the process loads (as d3d11_create_device.cpp
// finds CreateDXGIFactory1): the D3D11 producer's messages go there too, as on Windows.
util::ComPtr<IDXGIInfoQueue> dxgiInfoQueue() {
  using Proc = HRESULT(WINAPI*)(UINT, REFIID, void**);
#ifdef _WIN32
  HMODULE dxgi = LoadLibraryA("dxgi.dll");
  auto proc = dxgi ? reinterpret_cast<Proc>(reinterpret_cast<void*>(GetProcAddress(dxgi, "DXGIGetDebugInterface1"))) : nullptr;
#else
  Proc proc = &DXGIGetDebugInterface1;
#endif
  util::ComPtr<IDXGIInfoQueue> queue;
  if (!proc || FAILED(proc(0, __uuidof(IDXGIInfoQueue), queue.putVoid())))
    util::log::info("debug layer: dxgi.dll has no IDXGIInfoQueue; D3D11 messages are in ID3D11InfoQueue only");
  return queue;
}

constexpr MessageKind liveMessage(UINT id) {
  return MessageKind{D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_WARNING, id};
}

}  // namespace

D3D11DebugLayer::D3D11DebugLayer(D3D11Device* device)
    : m_device(device),
      m_dxgiQueue(dxgiInfoQueue()),
      m_debug(device, this),
      m_d3d10Debug(device, this),
      m_infoQueue(device, &m_queue),
      m_d3d10InfoQueue(device, &m_queue) {}

bool D3D11DebugLayer::query(REFIID riid, bool d3d10, void** object) {
  if (riid == __uuidof(ID3D11Debug)) {
    util::returnInterface<ID3D11Debug>(&m_debug, object);
    return true;
  }
  if (riid == __uuidof(ID3D11InfoQueue)) {
    util::returnInterface<ID3D11InfoQueue>(&m_infoQueue, object);
    return true;
  }
  if (d3d10 && riid == __uuidof(ID3D10Debug)) {
    util::returnInterface<ID3D10Debug>(&m_d3d10Debug, object);
    return true;
  }
  if (d3d10 && riid == __uuidof(ID3D10InfoQueue)) {
    util::returnInterface<ID3D10InfoQueue>(&m_d3d10InfoQueue, object);
    return true;
  }
  return false;
}

HRESULT D3D11DebugLayer::reportLiveObjects(UINT flags) {
  if (flags & ~kKnownReportFlags) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS), "ID3D11Debug::ReportLiveDeviceObjects: unknown flags 0x", std::hex, flags,
                                 ": E_INVALIDARG");
    return E_INVALIDARG;
  }
  const Diagnostics& diagnostics = m_device->diagnostics();
  diagnostics.warn(liveMessage(D3D11_MESSAGE_ID_LIVE_DEVICE), "Live ID3D11Device at ", util::pointerToString(static_cast<ID3D11Device*>(m_device)),
                   ", Refcount: ", m_device->publicRefCount());
  std::map<std::string, UINT> counts;
  UINT total = 0;
  m_liveObjects.forEach([&](const LiveObjectInfo& info) {
    if ((flags & D3D11_RLDO_IGNORE_INTERNAL) && info.refCount == 0)
      return;
    counts[info.interfaceName]++;
    total++;
    if (flags & D3D11_RLDO_DETAIL)
      diagnostics.warn(liveMessage(info.messageId), "\tLive ", info.interfaceName, " at ", util::pointerToString(info.address),
                       info.name.empty() ? "" : ", Name: ", info.name, ", Refcount: ", info.refCount, ", IntRef: ",
                       info.internalRefCount);
  });
  if (flags & D3D11_RLDO_SUMMARY) {
    for (const auto& [interfaceName, count] : counts)
      diagnostics.warn(liveMessage(D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY), "Live ", interfaceName, " : ", count);
    diagnostics.warn(liveMessage(D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY), "Live Object : ", total);
  }
  return S_OK;
}

template <typename Interface>
HRESULT STDMETHODCALLTYPE D3D11DebugLayer::DebugFace<Interface>::SetFeatureMask(UINT mask) {
  if (mask & ~kKnownFeatureBits)
    return E_INVALIDARG;
  if (mask & (D3D11_DEBUG_FEATURE_FLUSH_PER_RENDER_OP | D3D11_DEBUG_FEATURE_FINISH_PER_RENDER_OP |
              D3D11_DEBUG_FEATURE_PRESENT_PER_RENDER_OP))
    D3D11VK_LOG_ONCE(Warn, "SetFeatureMask: the per-render-op flush, finish and present features are recorded "
                           "but not acted on (docs/debug-layer.md)");
  m_layer->m_settings.featureMask = mask;
  return S_OK;
}

template <typename Interface>
HRESULT STDMETHODCALLTYPE D3D11DebugLayer::DebugFace<Interface>::GetSwapChain(IDXGISwapChain** swapChain) {
  if (!swapChain)
    return E_INVALIDARG;
  *swapChain = m_layer->m_settings.swapChain;
  if (*swapChain)
    (*swapChain)->AddRef();
  return S_OK;
}

template class D3D11DebugLayer::DebugFace<ID3D11Debug>;
template class D3D11DebugLayer::DebugFace<ID3D10Debug>;

// The context checks its state at every draw and dispatch and reports there; these answer for a
// context of this device without a separate pass (docs/debug-layer.md).
HRESULT STDMETHODCALLTYPE D3D11DebugLayer::Debug::ValidateContext(ID3D11DeviceContext* pContext) {
  return pContext ? S_OK : E_INVALIDARG;
}

HRESULT STDMETHODCALLTYPE D3D11DebugLayer::Debug::ReportLiveDeviceObjects(D3D11_RLDO_FLAGS Flags) {
  // Through the bytes: D3D11_RLDO_IGNORE_INTERNAL (4) and bad bits lie outside the enumeration's
  // values in some headers, and a cast of them would be undefined.
  UINT flags = 0;
  std::memcpy(&flags, &Flags, sizeof(flags));
  return m_layer->reportLiveObjects(flags);
}

HRESULT STDMETHODCALLTYPE D3D11DebugLayer::Debug::ValidateContextForDispatch(ID3D11DeviceContext* pContext) {
  return pContext ? S_OK : E_INVALIDARG;
}

}  // namespace d3d11vk
