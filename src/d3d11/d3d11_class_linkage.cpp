// D3D11ClassLinkage: the class types and instances of its shaders, and class instance creation.
#include "d3d11/d3d11_class_linkage.h"

#include <new>
#include <string>

#include "d3d11/d3d11_class_instance.h"
#include "util/log.h"

namespace d3d11vk {

HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11ClassLinkage))
    return util::returnInterface<ID3D11ClassLinkage>(this, object);
  util::logUnknownInterface("D3D11ClassLinkage", riid);
  return E_NOINTERFACE;
}

void D3D11ClassLinkage::registerShader(const dxbc::Interfaces& interfaces) {
  std::lock_guard lock(m_mutex);
  for (const dxbc::ClassType& type : interfaces.types) {
    bool known = false;
    for (const dxbc::ClassType& t : m_types)
      known |= t.name == type.name;
    if (!known)
      m_types.push_back(type);
  }
  for (const dxbc::ClassInstanceInfo& instance : interfaces.instances) {
    // The instance's type is named by this shader's id; keep it by name for the linkage.
    bool known = false;
    for (const dxbc::ClassInstanceInfo& i : m_instances)
      known |= i.name == instance.name && i.typeId == instance.typeId && i.constantBuffer == instance.constantBuffer &&
               i.constantVectorOffset == instance.constantVectorOffset && i.texture == instance.texture &&
               i.sampler == instance.sampler;
    if (!known)
      m_instances.push_back(instance);
  }
}

// InstanceIndex picks among the instances of that name the linkage's shaders declare (the
// elements of an instance array), in the order the shaders registered them.
HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::GetClassInstance(LPCSTR pClassInstanceName, UINT InstanceIndex, ID3D11ClassInstance** ppInstance) {
  if (ppInstance)
    *ppInstance = nullptr;
  if (!pClassInstanceName || !ppInstance) {
    util::log::warn("ID3D11ClassLinkage::GetClassInstance: null name or ppInstance: E_INVALIDARG");
    return E_INVALIDARG;
  }
  std::lock_guard lock(m_mutex);
  UINT seen = 0;
  for (size_t i = 0; i < m_instances.size(); i++) {
    const dxbc::ClassInstanceInfo& info = m_instances[i];
    if (info.name != pClassInstanceName || seen++ != InstanceIndex)
      continue;
    std::string typeName;
    for (const dxbc::ClassType& t : m_types)
      if (t.id == info.typeId)
        typeName = t.name;
    D3D11_CLASS_INSTANCE_DESC desc{};
    desc.InstanceId = UINT(i);
    desc.InstanceIndex = InstanceIndex;
    desc.TypeId = info.typeId;
    desc.ConstantBuffer = info.constantBuffer;
    desc.BaseConstantBufferOffset = info.constantVectorOffset;
    desc.BaseTexture = info.texture;
    desc.BaseSampler = info.sampler;
    desc.Created = FALSE;
    try {
      *ppInstance = new D3D11ClassInstance(device(), this, info.name, typeName, desc);
    } catch (const std::bad_alloc&) {
      return E_OUTOFMEMORY;
    }
    return S_OK;
  }
  util::log::warn("ID3D11ClassLinkage::GetClassInstance: no shader of this linkage declares instance '",
                  pClassInstanceName, "' [", InstanceIndex, "]: E_INVALIDARG");
  return E_INVALIDARG;
}

// The type need not be known yet (instances may be created before the shaders): *SetShader
// looks its name up in the bound shader's class types.
HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::CreateClassInstance(LPCSTR pClassTypeName, UINT ConstantBufferOffset, UINT ConstantVectorOffset, UINT TextureOffset, UINT SamplerOffset, ID3D11ClassInstance** ppInstance) {
  if (ppInstance)
    *ppInstance = nullptr;
  if (!pClassTypeName || !ppInstance) {
    util::log::warn("ID3D11ClassLinkage::CreateClassInstance: null type name or ppInstance: E_INVALIDARG");
    return E_INVALIDARG;
  }
  D3D11_CLASS_INSTANCE_DESC desc{};
  {
    std::lock_guard lock(m_mutex);
    for (const dxbc::ClassType& t : m_types)
      if (t.name == pClassTypeName)
        desc.TypeId = t.id;
  }
  desc.ConstantBuffer = ConstantBufferOffset;
  desc.BaseConstantBufferOffset = ConstantVectorOffset;
  desc.BaseTexture = TextureOffset;
  desc.BaseSampler = SamplerOffset;
  desc.Created = TRUE;
  try {
    *ppInstance = new D3D11ClassInstance(device(), this, std::string(), pClassTypeName, desc);
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  }
  return S_OK;
}

}  // namespace d3d11vk
