// D3D11BlendState: ID3D11BlendState1 (and ID3D11BlendState) holding a validated, normalised
// D3D11_BLEND_DESC1; CreateBlendState and CreateBlendState1 share one cache.
#pragma once

#include "d3d10/d3d10_state_face.h"
#include "d3d11/d3d11_state_object.h"

namespace d3d11vk {

class D3D11BlendState final : public D3D11StateObject<D3D11BlendState, ID3D11BlendState1, D3D11_BLEND_DESC1> {
public:
  using D3D11StateObject::D3D11StateObject;
  ~D3D11BlendState() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11BlendState
  void STDMETHODCALLTYPE GetDesc(D3D11_BLEND_DESC* desc) override;
  // ID3D11BlendState1
  void STDMETHODCALLTYPE GetDesc1(D3D11_BLEND_DESC1* desc) override;

private:
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10BlendStateFace m_d3d10{this};
};

}  // namespace d3d11vk
