// D3D11RasterizerState: identity and GetDesc(1/2) of a rasterizer-state object.
#include "d3d11/d3d11_rasterizer_state.h"

#include <cstring>

namespace d3d11vk {

D3D11RasterizerState::~D3D11RasterizerState() {
  unregister(this);
}

HRESULT STDMETHODCALLTYPE D3D11RasterizerState::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11RasterizerState) ||
      riid == __uuidof(ID3D11RasterizerState1) || riid == __uuidof(ID3D11RasterizerState2))
    return util::returnInterface<ID3D11RasterizerState2>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11RasterizerState", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11RasterizerState::GetDesc(D3D11_RASTERIZER_DESC* desc) {
  if (!desc)
    return;
  // Each newer description appends members to the older one.
  desc->FillMode = m_desc.FillMode;
  desc->CullMode = m_desc.CullMode;
  desc->FrontCounterClockwise = m_desc.FrontCounterClockwise;
  desc->DepthBias = m_desc.DepthBias;
  desc->DepthBiasClamp = m_desc.DepthBiasClamp;
  desc->SlopeScaledDepthBias = m_desc.SlopeScaledDepthBias;
  desc->DepthClipEnable = m_desc.DepthClipEnable;
  desc->ScissorEnable = m_desc.ScissorEnable;
  desc->MultisampleEnable = m_desc.MultisampleEnable;
  desc->AntialiasedLineEnable = m_desc.AntialiasedLineEnable;
}

void STDMETHODCALLTYPE D3D11RasterizerState::GetDesc1(D3D11_RASTERIZER_DESC1* desc) {
  if (!desc)
    return;
  D3D11_RASTERIZER_DESC base;
  GetDesc(&base);
  std::memcpy(desc, &base, sizeof(base));
  desc->ForcedSampleCount = m_desc.ForcedSampleCount;
}

void STDMETHODCALLTYPE D3D11RasterizerState::GetDesc2(D3D11_RASTERIZER_DESC2* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
