// D3D11DeviceContextState: identity of a saved binding set (SwapDeviceContextState is in
// d3d11_device_context.cpp, CreateDeviceContextState in d3d11_device.cpp).
#include "d3d11/d3d11_device_context_state.h"

#include "d3d11/d3d11_device.h"
#include "util/log.h"

namespace d3d11vk {

D3D11DeviceContextState::D3D11DeviceContextState(D3D11Device* device, D3D_FEATURE_LEVEL level, const IID& emulatedInterface)
    : D3D11DeviceChild(device), m_level(level), m_emulatedInterface(emulatedInterface) {}

HRESULT STDMETHODCALLTYPE D3D11DeviceContextState::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3DDeviceContextState))
    return util::returnInterface<ID3DDeviceContextState>(this, object);
  if (riid == kDeviceContextStateId) {
    AddRef();
    *object = this;
    return S_OK;
  }
  util::logUnknownInterface("D3D11DeviceContextState", riid);
  return E_NOINTERFACE;
}

D3D11DeviceContextState* D3D11DeviceContextState::from(ID3DDeviceContextState* state) {
  void* ours = nullptr;
  if (!state || FAILED(state->QueryInterface(kDeviceContextStateId, &ours)) || !ours)
    return nullptr;
  auto* contextState = static_cast<D3D11DeviceContextState*>(ours);
  contextState->Release();  // the caller holds a reference
  return contextState;
}

}  // namespace d3d11vk
