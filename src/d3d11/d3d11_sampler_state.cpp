// D3D11SamplerState: identity and GetDesc of a sampler-state object.
#include "d3d11/d3d11_sampler_state.h"

namespace d3d11vk {

D3D11SamplerState::~D3D11SamplerState() {
  unregister(this);
}

HRESULT STDMETHODCALLTYPE D3D11SamplerState::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11SamplerState))
    return util::returnInterface<ID3D11SamplerState>(this, object);
  util::logUnknownInterface("D3D11SamplerState", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11SamplerState::GetDesc(D3D11_SAMPLER_DESC* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
