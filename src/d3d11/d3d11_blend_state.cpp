// D3D11BlendState: identity and GetDesc(1) of a blend-state object.
#include "d3d11/d3d11_blend_state.h"

namespace d3d11vk {

D3D11BlendState::~D3D11BlendState() {
  unregister(this);
}

HRESULT STDMETHODCALLTYPE D3D11BlendState::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11BlendState) ||
      riid == __uuidof(ID3D11BlendState1))
    return util::returnInterface<ID3D11BlendState1>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11BlendState", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11BlendState::GetDesc(D3D11_BLEND_DESC* desc) {
  if (!desc)
    return;
  // The 11.0 description is the 11.1 one without the logic-op members.
  desc->AlphaToCoverageEnable = m_desc.AlphaToCoverageEnable;
  desc->IndependentBlendEnable = m_desc.IndependentBlendEnable;
  for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC1& from = m_desc.RenderTarget[i];
    D3D11_RENDER_TARGET_BLEND_DESC& to = desc->RenderTarget[i];
    to.BlendEnable = from.BlendEnable;
    to.SrcBlend = from.SrcBlend;
    to.DestBlend = from.DestBlend;
    to.BlendOp = from.BlendOp;
    to.SrcBlendAlpha = from.SrcBlendAlpha;
    to.DestBlendAlpha = from.DestBlendAlpha;
    to.BlendOpAlpha = from.BlendOpAlpha;
    to.RenderTargetWriteMask = from.RenderTargetWriteMask;
  }
}

void STDMETHODCALLTYPE D3D11BlendState::GetDesc1(D3D11_BLEND_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
