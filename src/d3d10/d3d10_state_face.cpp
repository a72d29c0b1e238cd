// The D3D10 state-object faces: descriptions converted from the D3D11 object's.
#include "d3d10/d3d10_state_face.h"

#include <cstring>

#include "d3d10/d3d10_convert.h"

namespace d3d11vk {

void STDMETHODCALLTYPE D3D10BlendStateFace::GetDesc(D3D10_BLEND_DESC* desc) {
  if (!desc)
    return;
  D3D11_BLEND_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10(desc11);
}

void STDMETHODCALLTYPE D3D10BlendStateFace::GetDesc1(D3D10_BLEND_DESC1* desc) {
  if (!desc)
    return;
  D3D11_BLEND_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = d3d10::toD3D10_1(desc11);
}

// The three below have the same layout in D3D10 and D3D11 (static_asserts in d3d10_convert.cpp).
void STDMETHODCALLTYPE D3D10DepthStencilStateFace::GetDesc(D3D10_DEPTH_STENCIL_DESC* desc) {
  if (!desc)
    return;
  D3D11_DEPTH_STENCIL_DESC desc11;
  m_owner->GetDesc(&desc11);
  std::memcpy(desc, &desc11, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D10RasterizerStateFace::GetDesc(D3D10_RASTERIZER_DESC* desc) {
  if (!desc)
    return;
  D3D11_RASTERIZER_DESC desc11;
  m_owner->GetDesc(&desc11);
  std::memcpy(desc, &desc11, sizeof(*desc));
}

void STDMETHODCALLTYPE D3D10SamplerStateFace::GetDesc(D3D10_SAMPLER_DESC* desc) {
  if (!desc)
    return;
  D3D11_SAMPLER_DESC desc11;
  m_owner->GetDesc(&desc11);
  std::memcpy(desc, &desc11, sizeof(*desc));
}

}  // namespace d3d11vk
