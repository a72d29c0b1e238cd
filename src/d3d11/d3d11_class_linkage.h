// D3D11ClassLinkage: ID3D11ClassLinkage. Shaders may be created with one; class instances (HLSL
// interfaces and dynamic linkage) are not supported because the compiler has no interface support.
#pragma once

#include "d3d11/d3d11_device_child.h"

namespace d3d11vk {

class D3D11ClassLinkage final : public D3D11DeviceChild<ID3D11ClassLinkage> {
public:
  using D3D11DeviceChild::D3D11DeviceChild;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11ClassLinkage
  HRESULT STDMETHODCALLTYPE GetClassInstance(LPCSTR pClassInstanceName, UINT InstanceIndex, ID3D11ClassInstance** ppInstance) override;
  HRESULT STDMETHODCALLTYPE CreateClassInstance(LPCSTR pClassTypeName, UINT ConstantBufferOffset, UINT ConstantVectorOffset, UINT TextureOffset, UINT SamplerOffset, ID3D11ClassInstance** ppInstance) override;
};

}  // namespace d3d11vk
