// The D3D10 faces of the D3D11 views: ID3D10ShaderResourceView1, ID3D10RenderTargetView and
// ID3D10DepthStencilView (D3D10 has no unordered-access views).
#pragma once

#include "d3d10/d3d10_child_face.h"

namespace d3d11vk {

template <typename Interface, typename Owner>
class D3D10ViewFace : public D3D10ChildFace<Interface, Owner> {
public:
  using D3D10ChildFace<Interface, Owner>::D3D10ChildFace;

  // The D3D10 face of the viewed resource.
  void STDMETHODCALLTYPE GetResource(ID3D10Resource** resource) override {
    if (!resource)
      return;
    ID3D11Resource* resource11 = nullptr;
    this->m_owner->GetResource(&resource11);
    *resource = wrapReturned<ID3D10Resource>(resource11);
  }

protected:
  bool answerView(REFIID riid, void** object, bool own) {
    return this->answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10View) || own, object);
  }
};

class D3D10ShaderResourceViewFace final
    : public D3D10ViewFace<ID3D10ShaderResourceView1, ID3D11ShaderResourceView> {
public:
  using D3D10ViewFace::D3D10ViewFace;
  bool query(REFIID riid, void** object) {
    return answerView(riid, object,
                      riid == __uuidof(ID3D10ShaderResourceView) || riid == __uuidof(ID3D10ShaderResourceView1));
  }
  void STDMETHODCALLTYPE GetDesc(D3D10_SHADER_RESOURCE_VIEW_DESC* desc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D10_SHADER_RESOURCE_VIEW_DESC1* desc) override;
};

class D3D10RenderTargetViewFace final : public D3D10ViewFace<ID3D10RenderTargetView, ID3D11RenderTargetView> {
public:
  using D3D10ViewFace::D3D10ViewFace;
  bool query(REFIID riid, void** object) { return answerView(riid, object, riid == __uuidof(ID3D10RenderTargetView)); }
  void STDMETHODCALLTYPE GetDesc(D3D10_RENDER_TARGET_VIEW_DESC* desc) override;
};

class D3D10DepthStencilViewFace final : public D3D10ViewFace<ID3D10DepthStencilView, ID3D11DepthStencilView> {
public:
  using D3D10ViewFace::D3D10ViewFace;
  bool query(REFIID riid, void** object) { return answerView(riid, object, riid == __uuidof(ID3D10DepthStencilView)); }
  void STDMETHODCALLTYPE GetDesc(D3D10_DEPTH_STENCIL_VIEW_DESC* desc) override;
};

}  // namespace d3d11vk
