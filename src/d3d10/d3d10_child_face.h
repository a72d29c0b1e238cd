// D3D10ChildFace: the part every D3D10 face of a D3D11 object shares: IUnknown and the
// ID3D10DeviceChild methods, all forwarded to the D3D11 object the face belongs to.
#pragma once

#include "d3d10/d3d10_base.h"

namespace d3d11vk {

// A face is a member of its D3D11 object (Owner is that object's D3D11 interface). COM requires
// that the D3D10 and D3D11 interfaces of one object share identity and reference count, so
// AddRef, Release and QueryInterface go to the owner, whose QueryInterface hands this face out
// for the D3D10 IIDs. The face owns no state of its own: descriptions, private data and the
// device are the D3D11 object's, converted on the way out.
template <typename Interface, typename Owner>
class D3D10ChildFace : public Interface {
public:
  explicit D3D10ChildFace(Owner* owner) : m_owner(owner) {}
  D3D10ChildFace(const D3D10ChildFace&) = delete;
  D3D10ChildFace& operator=(const D3D10ChildFace&) = delete;
  virtual ~D3D10ChildFace() = default;

  ULONG STDMETHODCALLTYPE AddRef() override { return m_owner->AddRef(); }
  ULONG STDMETHODCALLTYPE Release() override { return m_owner->Release(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
    return m_owner->QueryInterface(riid, object);
  }

  // The D3D10 face of the D3D11 device that made the owner.
  void STDMETHODCALLTYPE GetDevice(ID3D10Device** device) override {
    if (!device)
      return;
    *device = nullptr;
    ID3D11Device* device11 = nullptr;
    m_owner->GetDevice(&device11);
    if (!device11)
      return;
    device11->QueryInterface(__uuidof(ID3D10Device), reinterpret_cast<void**>(device));
    device11->Release();
  }
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override {
    return m_owner->GetPrivateData(guid, size, data);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override {
    return m_owner->SetPrivateData(guid, size, data);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* object) override {
    return m_owner->SetPrivateDataInterface(guid, object);
  }

  Owner* d3d11() const { return m_owner; }

protected:
  // For the owner's QueryInterface: answers riid when it is one of the face's interfaces.
  bool answer(bool matches, void** object) {
    if (!matches)
      return false;
    m_owner->AddRef();
    *object = static_cast<Interface*>(this);
    return true;
  }

  Owner* m_owner;
};

// The D3D11 object behind a D3D10 pointer the application passes in. Every D3D10 object an
// application can hold is one of our faces (D3D10 objects come only from our device), so the
// cast is as safe as the D3D11 side's casts of its own interfaces; null stays null.
template <typename Face, typename Interface>
inline auto unwrap(Interface* object) -> decltype(static_cast<Face*>(object)->d3d11()) {
  return object ? static_cast<Face*>(object)->d3d11() : nullptr;
}

// The D3D10 face of a D3D11 object the D3D11 side returned with a reference (a Get* method):
// the reference moves to the face, which shares the count.
template <typename Interface>
inline Interface* wrapReturned(IUnknown* object) {
  if (!object)
    return nullptr;
  Interface* face = nullptr;
  object->QueryInterface(__uuidof(Interface), reinterpret_cast<void**>(&face));
  object->Release();
  return face;
}

}  // namespace d3d11vk
