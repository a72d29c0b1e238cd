// D3D11ClassInstance: identity, description and names of one class instance.
#include "d3d11/d3d11_class_instance.h"

#include "d3d11/d3d11_class_linkage.h"

#include <algorithm>
#include <cstring>

namespace d3d11vk {

namespace {

// The documented name protocol: without a buffer, *length receives the size needed (with the
// terminating NUL); with one, at most *length bytes are written, always NUL-terminated.
void copyName(const std::string& name, LPSTR buffer, SIZE_T* length) {
  if (!length)
    return;
  if (!buffer) {
    *length = name.size() + 1;
    return;
  }
  if (*length == 0)
    return;
  const SIZE_T n = std::min<SIZE_T>(name.size(), *length - 1);
  std::memcpy(buffer, name.data(), n);
  buffer[n] = '\0';
  *length = n + 1;
}

}  // namespace

D3D11ClassInstance::D3D11ClassInstance(util::ComObject<ID3D11Device5>* device, D3D11ClassLinkage* linkage,
                                       std::string instanceName, std::string typeName,
                                       const D3D11_CLASS_INSTANCE_DESC& desc)
    : D3D11DeviceChild(device), m_linkage(linkage), m_instanceName(std::move(instanceName)),
      m_typeName(std::move(typeName)), m_desc(desc) {
  if (m_linkage)
    m_linkage->addPrivateRef();
}

D3D11ClassInstance::~D3D11ClassInstance() {
  if (m_linkage)
    m_linkage->releasePrivateRef();
}

HRESULT STDMETHODCALLTYPE D3D11ClassInstance::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11ClassInstance))
    return util::returnInterface<ID3D11ClassInstance>(this, object);
  util::logUnknownInterface("D3D11ClassInstance", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11ClassInstance::GetClassLinkage(ID3D11ClassLinkage** ppLinkage) {
  if (!ppLinkage)
    return;
  *ppLinkage = m_linkage;
  if (*ppLinkage)
    (*ppLinkage)->AddRef();
}

void STDMETHODCALLTYPE D3D11ClassInstance::GetDesc(D3D11_CLASS_INSTANCE_DESC* pDesc) {
  if (pDesc)
    *pDesc = m_desc;
}

void STDMETHODCALLTYPE D3D11ClassInstance::GetInstanceName(LPSTR pInstanceName, SIZE_T* pBufferLength) {
  copyName(m_instanceName, pInstanceName, pBufferLength);
}

void STDMETHODCALLTYPE D3D11ClassInstance::GetTypeName(LPSTR pTypeName, SIZE_T* pBufferLength) {
  copyName(m_typeName, pTypeName, pBufferLength);
}

}  // namespace d3d11vk
