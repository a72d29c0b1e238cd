// D3D11DepthStencilState: identity and GetDesc of a depth-stencil-state object.
#include "d3d11/d3d11_depth_stencil_state.h"

namespace d3d11vk {

D3D11DepthStencilState::~D3D11DepthStencilState() {
  unregister(this);
}

HRESULT STDMETHODCALLTYPE D3D11DepthStencilState::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11DepthStencilState))
    return util::returnInterface<ID3D11DepthStencilState>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11DepthStencilState", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11DepthStencilState::GetDesc(D3D11_DEPTH_STENCIL_DESC* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
