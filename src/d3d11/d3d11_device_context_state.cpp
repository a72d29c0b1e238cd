// D3D11DeviceContextState: identity of a saved binding set (SwapDeviceContextState is in
// d3d11_device_context.cpp, CreateDeviceContextState in d3d11_device.cpp); and the functions
// through which bindings (BindingRef, d3d11_binding_ref.h) hold what they bind privately.
#include "d3d11/d3d11_device_context_state.h"

#include "d3d11/d3d11_binding_ref.h"
#include "d3d11/d3d11_blend_state.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_class_instance.h"
#include "d3d11/d3d11_depth_stencil_state.h"
#include "d3d11/d3d11_input_layout.h"
#include "d3d11/d3d11_query.h"
#include "d3d11/d3d11_rasterizer_state.h"
#include "d3d11/d3d11_sampler_state.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_view.h"
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

bool D3D11DeviceContextState::emulatesD3D10() const {
  return m_emulatedInterface == __uuidof(ID3D10Device) || m_emulatedInterface == __uuidof(ID3D10Device1);
}

D3D11DeviceContextState* D3D11DeviceContextState::from(ID3DDeviceContextState* state) {
  void* ours = nullptr;
  if (!state || FAILED(state->QueryInterface(kDeviceContextStateId, &ours)) || !ours)
    return nullptr;
  auto* contextState = static_cast<D3D11DeviceContextState*>(ours);
  contextState->Release();  // the caller holds a reference
  return contextState;
}

// ---- BindingRef ----

namespace {

// Interface is what the application handed to the context; Object the class behind it, reached
// through Path (the interface Object derives from that has Interface as a base).
template <typename Interface, typename Path, typename Object>
const BindingOps* opsFor() {
  static const BindingOps ops{
      [](IUnknown* object) {
        static_cast<Object*>(static_cast<Path*>(static_cast<Interface*>(object)))->addPrivateRef();
      },
      [](IUnknown* object) {
        static_cast<Object*>(static_cast<Path*>(static_cast<Interface*>(object)))->releasePrivateRef();
      },
  };
  return &ops;
}

}  // namespace

const BindingOps* bindingOpsOf(ID3D11VertexShader*) { return opsFor<ID3D11VertexShader, ID3D11VertexShader, D3D11VertexShader>(); }
const BindingOps* bindingOpsOf(ID3D11HullShader*) { return opsFor<ID3D11HullShader, ID3D11HullShader, D3D11HullShader>(); }
const BindingOps* bindingOpsOf(ID3D11DomainShader*) { return opsFor<ID3D11DomainShader, ID3D11DomainShader, D3D11DomainShader>(); }
const BindingOps* bindingOpsOf(ID3D11GeometryShader*) {
  return opsFor<ID3D11GeometryShader, ID3D11GeometryShader, D3D11GeometryShader>();
}
const BindingOps* bindingOpsOf(ID3D11PixelShader*) { return opsFor<ID3D11PixelShader, ID3D11PixelShader, D3D11PixelShader>(); }
const BindingOps* bindingOpsOf(ID3D11ComputeShader*) {
  return opsFor<ID3D11ComputeShader, ID3D11ComputeShader, D3D11ComputeShader>();
}
const BindingOps* bindingOpsOf(ID3D11Buffer*) { return opsFor<ID3D11Buffer, ID3D11Buffer, D3D11Buffer>(); }
const BindingOps* bindingOpsOf(ID3D11ShaderResourceView*) {
  return opsFor<ID3D11ShaderResourceView, ID3D11ShaderResourceView1, D3D11ShaderResourceView>();
}
const BindingOps* bindingOpsOf(ID3D11RenderTargetView*) {
  return opsFor<ID3D11RenderTargetView, ID3D11RenderTargetView1, D3D11RenderTargetView>();
}
const BindingOps* bindingOpsOf(ID3D11DepthStencilView*) {
  return opsFor<ID3D11DepthStencilView, ID3D11DepthStencilView, D3D11DepthStencilView>();
}
const BindingOps* bindingOpsOf(ID3D11UnorderedAccessView*) {
  return opsFor<ID3D11UnorderedAccessView, ID3D11UnorderedAccessView1, D3D11UnorderedAccessView>();
}
const BindingOps* bindingOpsOf(ID3D11SamplerState*) { return opsFor<ID3D11SamplerState, ID3D11SamplerState, D3D11SamplerState>(); }
const BindingOps* bindingOpsOf(ID3D11BlendState*) { return opsFor<ID3D11BlendState, ID3D11BlendState1, D3D11BlendState>(); }
const BindingOps* bindingOpsOf(ID3D11DepthStencilState*) {
  return opsFor<ID3D11DepthStencilState, ID3D11DepthStencilState, D3D11DepthStencilState>();
}
const BindingOps* bindingOpsOf(ID3D11RasterizerState*) {
  return opsFor<ID3D11RasterizerState, ID3D11RasterizerState2, D3D11RasterizerState>();
}
const BindingOps* bindingOpsOf(ID3D11InputLayout*) { return opsFor<ID3D11InputLayout, ID3D11InputLayout, D3D11InputLayout>(); }
const BindingOps* bindingOpsOf(ID3D11ClassInstance*) {
  return opsFor<ID3D11ClassInstance, ID3D11ClassInstance, D3D11ClassInstance>();
}
const BindingOps* bindingOpsOf(ID3D11Predicate*) { return opsFor<ID3D11Predicate, ID3D11Predicate, D3D11Query>(); }
const BindingOps* bindingOpsOf(ID3DDeviceContextState*) {
  return opsFor<ID3DDeviceContextState, ID3DDeviceContextState, D3D11DeviceContextState>();
}

}  // namespace d3d11vk
