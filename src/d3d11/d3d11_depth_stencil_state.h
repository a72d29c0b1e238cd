// D3D11DepthStencilState: ID3D11DepthStencilState holding a validated, normalised
// D3D11_DEPTH_STENCIL_DESC.
#pragma once

#include "d3d10/d3d10_state_face.h"
#include "d3d11/d3d11_state_object.h"

namespace d3d11vk {

class D3D11DepthStencilState final
    : public D3D11StateObject<D3D11DepthStencilState, ID3D11DepthStencilState, D3D11_DEPTH_STENCIL_DESC> {
public:
  using D3D11StateObject::D3D11StateObject;
  ~D3D11DepthStencilState() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11DepthStencilState
  void STDMETHODCALLTYPE GetDesc(D3D11_DEPTH_STENCIL_DESC* desc) override;

private:
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10DepthStencilStateFace m_d3d10{this};
};

}  // namespace d3d11vk
