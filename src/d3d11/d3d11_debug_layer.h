// D3D11DebugLayer: what a device made with D3D11_CREATE_DEVICE_DEBUG (or D3D10_CREATE_DEVICE_DEBUG)
// has beyond a plain one: the message queue behind ID3D11InfoQueue and ID3D10InfoQueue, the
// ID3D11Debug and ID3D10Debug interfaces, and the registry of live children that
// ReportLiveDeviceObjects lists. The interfaces are faces of the device (one identity, one count).
// A device without the flag has none of this and answers E_NOINTERFACE for them, as Windows does
// without the SDK layers (docs/debug-layer.md).
#pragma once

#include "d3d10/d3d10_base.h"
#include "d3d11/d3d11_diagnostics.h"
#include "d3d11/d3d11_info_queue.h"
#include "d3d11/d3d11_live_objects.h"
#include "util/com_face.h"
#include "util/com_ptr.h"
#include "util/message_queue.h"

#include <d3d10sdklayers.h>

namespace d3d11vk {

class D3D11Device;

class D3D11DebugLayer {
public:
  explicit D3D11DebugLayer(D3D11Device* device);

  util::MessageQueue& queue() { return m_queue; }
  // DXGI's info queue, from dxgi.dll's DXGIGetDebugInterface1; null when it has none.
  IDXGIInfoQueue* dxgiQueue() const { return m_dxgiQueue.get(); }
  LiveObjectRegistry& liveObjects() { return m_liveObjects; }

  // ID3D11Debug and ID3D11InfoQueue; ID3D10Debug and ID3D10InfoQueue when `d3d10` (a device made
  // for the D3D10 runtime). False for every other IID.
  bool query(REFIID riid, bool d3d10, void** object);

  // ReportLiveDeviceObjects: messages (and log lines) for the device and, with D3D11_RLDO_DETAIL,
  // each live child; with D3D11_RLDO_SUMMARY a count per interface.
  HRESULT reportLiveObjects(UINT flags);

private:
  // The state both debug interfaces set and read.
  struct Settings {
    UINT featureMask = 0;
    UINT presentDelay = 0;
    IDXGISwapChain* swapChain = nullptr;  // not referenced: a swapchain holds its device
  };

  // The methods ID3D11Debug and ID3D10Debug share (same names and meaning).
  template <typename Interface>
  class DebugFace : public util::ComFace<Interface, D3D11Device> {
  public:
    DebugFace(D3D11Device* device, D3D11DebugLayer* layer) : util::ComFace<Interface, D3D11Device>(device), m_layer(layer) {}
    HRESULT STDMETHODCALLTYPE SetFeatureMask(UINT mask) override;
    UINT STDMETHODCALLTYPE GetFeatureMask() override { return m_layer->m_settings.featureMask; }
    HRESULT STDMETHODCALLTYPE SetPresentPerRenderOpDelay(UINT milliseconds) override {
      m_layer->m_settings.presentDelay = milliseconds;
      return S_OK;
    }
    UINT STDMETHODCALLTYPE GetPresentPerRenderOpDelay() override { return m_layer->m_settings.presentDelay; }
    HRESULT STDMETHODCALLTYPE SetSwapChain(IDXGISwapChain* swapChain) override {
      m_layer->m_settings.swapChain = swapChain;
      return S_OK;
    }
    HRESULT STDMETHODCALLTYPE GetSwapChain(IDXGISwapChain** swapChain) override;

  protected:
    D3D11DebugLayer* m_layer;
  };

  class Debug final : public DebugFace<ID3D11Debug> {
  public:
    using DebugFace::DebugFace;
    HRESULT STDMETHODCALLTYPE ValidateContext(ID3D11DeviceContext* pContext) override;
    HRESULT STDMETHODCALLTYPE ReportLiveDeviceObjects(D3D11_RLDO_FLAGS Flags) override;
    HRESULT STDMETHODCALLTYPE ValidateContextForDispatch(ID3D11DeviceContext* pContext) override;
  };

  class D3D10Debug final : public DebugFace<ID3D10Debug> {
  public:
    using DebugFace::DebugFace;
    HRESULT STDMETHODCALLTYPE Validate() override { return S_OK; }
  };

  D3D11Device* m_device;
  util::MessageQueue m_queue;
  util::ComPtr<IDXGIInfoQueue> m_dxgiQueue;
  LiveObjectRegistry m_liveObjects;
  Settings m_settings;
  Debug m_debug;
  D3D10Debug m_d3d10Debug;
  InfoQueueFace<D3D11InfoQueueTypes, D3D11Device> m_infoQueue;
  InfoQueueFace<D3D10InfoQueueTypes, D3D11Device> m_d3d10InfoQueue;
};

}  // namespace d3d11vk
