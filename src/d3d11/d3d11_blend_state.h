// D3D11BlendState: ID3D11BlendState1 (and ID3D11BlendState) holding a validated, normalised
// D3D11_BLEND_DESC1; CreateBlendState and CreateBlendState1 share one cache.
#pragma once

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
};

}  // namespace d3d11vk
