// The D3D10 faces of the D3D11 buffer and textures: ID3D10Buffer, ID3D10Texture1D/2D/3D, with
// D3D10's Map/Unmap on the resource itself (D3D11 moved them to the context).
#pragma once

#include "d3d10/d3d10_child_face.h"

namespace d3d11vk {

// The resource methods shared by the four faces: type, eviction priority, and Map/Unmap through
// the immediate context's Map (under the D3D10 device lock).
template <typename Interface, typename Owner>
class D3D10ResourceFace : public D3D10ChildFace<Interface, Owner> {
public:
  using D3D10ChildFace<Interface, Owner>::D3D10ChildFace;

  void STDMETHODCALLTYPE GetType(D3D10_RESOURCE_DIMENSION* dimension) override {
    D3D11_RESOURCE_DIMENSION type = D3D11_RESOURCE_DIMENSION_UNKNOWN;
    this->m_owner->GetType(&type);
    if (dimension)
      *dimension = D3D10_RESOURCE_DIMENSION(type);  // the same values
  }
  void STDMETHODCALLTYPE SetEvictionPriority(UINT priority) override { this->m_owner->SetEvictionPriority(priority); }
  UINT STDMETHODCALLTYPE GetEvictionPriority() override { return this->m_owner->GetEvictionPriority(); }

protected:
  bool answerResource(REFIID riid, void** object, REFIID own) {
    return this->answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10Resource) || riid == own, object);
  }
};

// Maps subresource `sub` of `resource` through the immediate context of its device.
HRESULT mapD3D10(ID3D11Resource* resource, UINT sub, D3D10_MAP type, UINT flags, D3D11_MAPPED_SUBRESOURCE* mapped);
void unmapD3D10(ID3D11Resource* resource, UINT sub);

class D3D10BufferFace final : public D3D10ResourceFace<ID3D10Buffer, ID3D11Buffer> {
public:
  using D3D10ResourceFace::D3D10ResourceFace;
  bool query(REFIID riid, void** object) { return answerResource(riid, object, __uuidof(ID3D10Buffer)); }
  HRESULT STDMETHODCALLTYPE Map(D3D10_MAP type, UINT flags, void** data) override;
  void STDMETHODCALLTYPE Unmap() override;
  void STDMETHODCALLTYPE GetDesc(D3D10_BUFFER_DESC* desc) override;
};

class D3D10Texture1DFace final : public D3D10ResourceFace<ID3D10Texture1D, ID3D11Texture1D> {
public:
  using D3D10ResourceFace::D3D10ResourceFace;
  bool query(REFIID riid, void** object) { return answerResource(riid, object, __uuidof(ID3D10Texture1D)); }
  HRESULT STDMETHODCALLTYPE Map(UINT sub, D3D10_MAP type, UINT flags, void** data) override;
  void STDMETHODCALLTYPE Unmap(UINT sub) override;
  void STDMETHODCALLTYPE GetDesc(D3D10_TEXTURE1D_DESC* desc) override;
};

class D3D10Texture2DFace final : public D3D10ResourceFace<ID3D10Texture2D, ID3D11Texture2D> {
public:
  using D3D10ResourceFace::D3D10ResourceFace;
  bool query(REFIID riid, void** object) { return answerResource(riid, object, __uuidof(ID3D10Texture2D)); }
  HRESULT STDMETHODCALLTYPE Map(UINT sub, D3D10_MAP type, UINT flags, D3D10_MAPPED_TEXTURE2D* mapped) override;
  void STDMETHODCALLTYPE Unmap(UINT sub) override;
  void STDMETHODCALLTYPE GetDesc(D3D10_TEXTURE2D_DESC* desc) override;
};

class D3D10Texture3DFace final : public D3D10ResourceFace<ID3D10Texture3D, ID3D11Texture3D> {
public:
  using D3D10ResourceFace::D3D10ResourceFace;
  bool query(REFIID riid, void** object) { return answerResource(riid, object, __uuidof(ID3D10Texture3D)); }
  HRESULT STDMETHODCALLTYPE Map(UINT sub, D3D10_MAP type, UINT flags, D3D10_MAPPED_TEXTURE3D* mapped) override;
  void STDMETHODCALLTYPE Unmap(UINT sub) override;
  void STDMETHODCALLTYPE GetDesc(D3D10_TEXTURE3D_DESC* desc) override;
};

// The D3D11 resource behind any D3D10 resource pointer (null for null).
ID3D11Resource* unwrapResource(ID3D10Resource* resource);

}  // namespace d3d11vk
