// The D3D10 faces of shaders and input layouts: ID3D10VertexShader, ID3D10GeometryShader,
// ID3D10PixelShader and ID3D10InputLayout add nothing to ID3D10DeviceChild.
#pragma once

#include <type_traits>

#include "d3d10/d3d10_child_face.h"

namespace d3d11vk {

template <typename Interface, typename Owner>
class D3D10PlainFace final : public D3D10ChildFace<Interface, Owner> {
public:
  using D3D10ChildFace<Interface, Owner>::D3D10ChildFace;
  bool query(REFIID riid, void** object) {
    return this->answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(Interface), object);
  }
};

using D3D10VertexShaderFace = D3D10PlainFace<ID3D10VertexShader, ID3D11VertexShader>;
using D3D10GeometryShaderFace = D3D10PlainFace<ID3D10GeometryShader, ID3D11GeometryShader>;
using D3D10PixelShaderFace = D3D10PlainFace<ID3D10PixelShader, ID3D11PixelShader>;
using D3D10InputLayoutFace = D3D10PlainFace<ID3D10InputLayout, ID3D11InputLayout>;

// Hull, domain and compute shaders have no D3D10 interface: their face is this empty stand-in.
struct D3D10NoFace {
  template <typename Owner>
  explicit D3D10NoFace(Owner*) {}
  bool query(REFIID, void**) { return false; }
};

// The face member type of the D3D11 shader class for a D3D11 shader interface.
template <typename Interface11>
using D3D10ShaderFaceFor = std::conditional_t<
    std::is_same_v<Interface11, ID3D11VertexShader>, D3D10VertexShaderFace,
    std::conditional_t<std::is_same_v<Interface11, ID3D11GeometryShader>, D3D10GeometryShaderFace,
                       std::conditional_t<std::is_same_v<Interface11, ID3D11PixelShader>, D3D10PixelShaderFace,
                                          D3D10NoFace>>>;

}  // namespace d3d11vk
