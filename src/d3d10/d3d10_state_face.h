// The D3D10 faces of the four state objects: ID3D10BlendState1, ID3D10DepthStencilState,
// ID3D10RasterizerState, ID3D10SamplerState. Deduplication is the D3D11 device's: equal
// descriptions give the same D3D11 object, hence the same face.
#pragma once

#include "d3d10/d3d10_child_face.h"

namespace d3d11vk {

class D3D10BlendStateFace final : public D3D10ChildFace<ID3D10BlendState1, ID3D11BlendState> {
public:
  using D3D10ChildFace::D3D10ChildFace;
  bool query(REFIID riid, void** object) {
    return answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10BlendState) ||
                      riid == __uuidof(ID3D10BlendState1), object);
  }
  void STDMETHODCALLTYPE GetDesc(D3D10_BLEND_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D10_BLEND_DESC1* desc) override;
};

class D3D10DepthStencilStateFace final : public D3D10ChildFace<ID3D10DepthStencilState, ID3D11DepthStencilState> {
public:
  using D3D10ChildFace::D3D10ChildFace;
  bool query(REFIID riid, void** object) {
    return answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10DepthStencilState), object);
  }
  void STDMETHODCALLTYPE GetDesc(D3D10_DEPTH_STENCIL_DESC* desc) override;
};

class D3D10RasterizerStateFace final : public D3D10ChildFace<ID3D10RasterizerState, ID3D11RasterizerState> {
public:
  using D3D10ChildFace::D3D10ChildFace;
  bool query(REFIID riid, void** object) {
    return answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10RasterizerState), object);
  }
  void STDMETHODCALLTYPE GetDesc(D3D10_RASTERIZER_DESC* desc) override;
};

class D3D10SamplerStateFace final : public D3D10ChildFace<ID3D10SamplerState, ID3D11SamplerState> {
public:
  using D3D10ChildFace::D3D10ChildFace;
  bool query(REFIID riid, void** object) {
    return answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10SamplerState), object);
  }
  void STDMETHODCALLTYPE GetDesc(D3D10_SAMPLER_DESC* desc) override;
};

}  // namespace d3d11vk
