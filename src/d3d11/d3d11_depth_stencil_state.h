// D3D11DepthStencilState: ID3D11DepthStencilState holding a validated, normalised
// D3D11_DEPTH_STENCIL_DESC.
#pragma once

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
};

}  // namespace d3d11vk
