// D3D11ClassInstance: ID3D11ClassInstance, one HLSL class instance (made by CreateClassInstance
// or taken from a shader by GetClassInstance) that *SetShader binds to an interface slot.
#pragma once

#include <string>

#include "d3d11/d3d11_device_child.h"
#include "util/com_ptr.h"

namespace d3d11vk {

class D3D11ClassLinkage;

class D3D11ClassInstance final : public D3D11DeviceChild<ID3D11ClassInstance> {
public:
  D3D11ClassInstance(util::ComObject<ID3D11Device5>* device, D3D11ClassLinkage* linkage, std::string instanceName,
                     std::string typeName, const D3D11_CLASS_INSTANCE_DESC& desc);
  ~D3D11ClassInstance() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  // ID3D11ClassInstance
  void STDMETHODCALLTYPE GetClassLinkage(ID3D11ClassLinkage** ppLinkage) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_CLASS_INSTANCE_DESC* pDesc) override;
  void STDMETHODCALLTYPE GetInstanceName(LPSTR pInstanceName, SIZE_T* pBufferLength) override;
  void STDMETHODCALLTYPE GetTypeName(LPSTR pTypeName, SIZE_T* pBufferLength) override;

  const std::string& typeName() const { return m_typeName; }
  const D3D11_CLASS_INSTANCE_DESC& desc() const { return m_desc; }

private:
  // A private reference: a public one would keep the linkage's public device reference alive
  // while a context binds the instance (privately), a cycle that never frees the device.
  D3D11ClassLinkage* m_linkage;
  std::string m_instanceName, m_typeName;
  D3D11_CLASS_INSTANCE_DESC m_desc;
};

}  // namespace d3d11vk
