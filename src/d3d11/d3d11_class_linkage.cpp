// D3D11ClassLinkage: identity; class instances answer E_NOTIMPL (no interface support yet).
#include "d3d11/d3d11_class_linkage.h"

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

HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::GetClassInstance(LPCSTR /*pClassInstanceName*/, UINT /*InstanceIndex*/, ID3D11ClassInstance** ppInstance) {
  // Instances come from shaders with interfaces (dcl_interface, fcall), which the compiler
  // refuses, so no shader made with this linkage can have registered one.
  D3D11VK_NOT_IMPLEMENTED();
  if (ppInstance)
    *ppInstance = nullptr;
  return E_NOTIMPL;
}

HRESULT STDMETHODCALLTYPE D3D11ClassLinkage::CreateClassInstance(LPCSTR /*pClassTypeName*/, UINT /*ConstantBufferOffset*/, UINT /*ConstantVectorOffset*/, UINT /*TextureOffset*/, UINT /*SamplerOffset*/, ID3D11ClassInstance** ppInstance) {
  D3D11VK_NOT_IMPLEMENTED();
  if (ppInstance)
    *ppInstance = nullptr;
  return E_NOTIMPL;
}

}  // namespace d3d11vk
