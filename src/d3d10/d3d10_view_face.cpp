// ID3D10ShaderResourceView1, ID3D10RenderTargetView, ID3D10DepthStencilView: descriptions
// converted from the D3D11 view's.
#include "d3d10/d3d10_view_face.h"

#include <cstring>

#include "d3d10/d3d10_convert.h"

namespace d3d11vk {

void STDMETHODCALLTYPE D3D10ShaderResourceViewFace::GetDesc(D3D10_SHADER_RESOURCE_VIEW_DESC* desc) {
  if (!desc)
    return;
  D3D10_SHADER_RESOURCE_VIEW_DESC1 desc1;
  GetDesc1(&desc1);
  // The 10.0 description is the 10.1 one without the cube-array member (its union is a prefix).
  std::memcpy(desc, &desc1, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D10ShaderResourceViewFace::GetDesc1(D3D10_SHADER_RESOURCE_VIEW_DESC1* desc) {
  if (!desc)
    return;
  D3D11_SHADER_RESOURCE_VIEW_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

void STDMETHODCALLTYPE D3D10RenderTargetViewFace::GetDesc(D3D10_RENDER_TARGET_VIEW_DESC* desc) {
  if (!desc)
    return;
  D3D11_RENDER_TARGET_VIEW_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

void STDMETHODCALLTYPE D3D10DepthStencilViewFace::GetDesc(D3D10_DEPTH_STENCIL_VIEW_DESC* desc) {
  if (!desc)
    return;
  D3D11_DEPTH_STENCIL_VIEW_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

}  // namespace d3d11vk
