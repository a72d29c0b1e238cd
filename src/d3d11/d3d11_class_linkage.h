// D3D11ClassLinkage: ID3D11ClassLinkage. Shaders created with a linkage register their class
// linkage reflection (IFCE: class types and the instances they declare) with it; class instances
// come from CreateClassInstance (by type name) or GetClassInstance (an instance a shader declares).
#pragma once

#include <mutex>
#include <vector>

#include "d3d11/d3d11_device_child.h"
#include "dxbc/interfaces.h"

namespace d3d11vk {

class D3D11ClassLinkage final : public D3D11DeviceChild<ID3D11ClassLinkage> {
public:
  using D3D11DeviceChild::D3D11DeviceChild;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11ClassLinkage
  HRESULT STDMETHODCALLTYPE GetClassInstance(LPCSTR pClassInstanceName, UINT InstanceIndex, ID3D11ClassInstance** ppInstance) override;
  HRESULT STDMETHODCALLTYPE CreateClassInstance(LPCSTR pClassTypeName, UINT ConstantBufferOffset, UINT ConstantVectorOffset, UINT TextureOffset, UINT SamplerOffset, ID3D11ClassInstance** ppInstance) override;

  // Called by Create*Shader for a shader made with this linkage.
  void registerShader(const dxbc::Interfaces& interfaces);

private:
  std::mutex m_mutex;
  std::vector<dxbc::ClassType> m_types;                 // distinct by name, in registration order
  std::vector<dxbc::ClassInstanceInfo> m_instances;     // distinct, in registration order
};

}  // namespace d3d11vk
