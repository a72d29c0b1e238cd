// The D3D10 face of a D3D11 query: ID3D10Query, and ID3D10Predicate for the predicate types.
// D3D10 puts Begin, End and GetData on the query; they go to the immediate context.
#pragma once

#include "d3d10/d3d10_child_face.h"

namespace d3d11vk {

class D3D10QueryFace final : public D3D10ChildFace<ID3D10Predicate, ID3D11Query> {
public:
  using D3D10ChildFace::D3D10ChildFace;
  bool query(REFIID riid, void** object);

  void STDMETHODCALLTYPE Begin() override;
  void STDMETHODCALLTYPE End() override;
  HRESULT STDMETHODCALLTYPE GetData(void* data, UINT size, UINT flags) override;
  UINT STDMETHODCALLTYPE GetDataSize() override;
  void STDMETHODCALLTYPE GetDesc(D3D10_QUERY_DESC* desc) override;
};

}  // namespace d3d11vk
