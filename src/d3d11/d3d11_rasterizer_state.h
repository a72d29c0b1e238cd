// D3D11RasterizerState: ID3D11RasterizerState2 (and 1, and the 11.0 interface) holding a
// validated D3D11_RASTERIZER_DESC2; CreateRasterizerState(1/2) share one cache.
#pragma once

#include "d3d10/d3d10_state_face.h"
#include "d3d11/d3d11_state_object.h"

namespace d3d11vk {

class D3D11RasterizerState final
    : public D3D11StateObject<D3D11RasterizerState, ID3D11RasterizerState2, D3D11_RASTERIZER_DESC2> {
public:
  using D3D11StateObject::D3D11StateObject;
  ~D3D11RasterizerState() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11RasterizerState
  void STDMETHODCALLTYPE GetDesc(D3D11_RASTERIZER_DESC* desc) override;
  // ID3D11RasterizerState1
  void STDMETHODCALLTYPE GetDesc1(D3D11_RASTERIZER_DESC1* desc) override;
  // ID3D11RasterizerState2
  void STDMETHODCALLTYPE GetDesc2(D3D11_RASTERIZER_DESC2* desc) override;

private:
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10RasterizerStateFace m_d3d10{this};
};

}  // namespace d3d11vk
