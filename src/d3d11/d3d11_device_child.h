// D3D11DeviceChild: what every object a D3D11 device creates shares: GetDevice, private data
// (debug names included) and a private reference that keeps the device alive while it exists.
#pragma once

#include "d3d11/d3d11_live_objects.h"
#include "util/com_object.h"
#include "util/private_data.h"
#include "util/windows_base.h"

namespace d3d11vk {

// Base is the object's most derived COM interface (e.g. ID3D11BlendState1); it must derive from
// ID3D11DeviceChild. A child holds two references on its device: a private one for its whole
// life, so the device, and the caches that children unregister from, outlive every child; and a
// public one while the application holds the child (public count above zero), as Windows does:
// creating an object raises the device's count, releasing it lowers it again. Objects only a
// context binds (BindingRef) or only other objects hold privately do not count.
// On a debug device every child is also in the device's live-object registry (LiveObject).
template <typename Base>
class D3D11DeviceChild : public util::ComObject<Base>, public LiveObject {
public:
  explicit D3D11DeviceChild(util::ComObject<ID3D11Device5>* device) : m_device(device) {
    m_device->addPrivateRef();
    m_device->AddRef();  // for the creator's public reference
    trackLiveObject(m_device, this);
  }
  ~D3D11DeviceChild() override {
    untrackLiveObject(m_device, this);
    // Public references left only when a constructor threw after this one ran.
    if (this->m_publicRefs.load() != 0)
      m_device->Release();
    m_device->releasePrivateRef();
  }

  ULONG STDMETHODCALLTYPE AddRef() override {
    ULONG count = util::ComObject<Base>::AddRef();
    if (count == 1)
      m_device->AddRef();
    return count;
  }

  ULONG STDMETHODCALLTYPE Release() override {
    util::ComObject<ID3D11Device5>* device = m_device;  // `this` may be gone below
    ULONG count = util::ComObject<Base>::Release();
    if (count == 0)
      device->Release();
    return count;
  }

  void STDMETHODCALLTYPE GetDevice(ID3D11Device** device) override {
    if (!device)
      return;
    m_device->AddRef();
    *device = m_device;
  }

  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override {
    return m_privateData.getData(guid, size, data);
  }

  // A name set under WKPDID_D3DDebugObjectName is what debugName() returns for log lines.
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override {
    return m_privateData.setData(guid, size, data);
  }

  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* object) override {
    return m_privateData.setInterface(guid, object);
  }

  std::string debugName() const { return m_privateData.debugName(); }

  LiveObjectInfo liveObjectInfo() const override {
    const auto [interfaceName, messageId] = liveObjectKind<Base>();
    const ULONG publicRefs = this->m_publicRefs.load(), privateRefs = this->m_privateRefs.load();
    // The public references together hold one private reference (ComObject); the rest are ours.
    const ULONG internalRefs = privateRefs - (publicRefs ? 1 : 0);
    return LiveObjectInfo{interfaceName, messageId, static_cast<const Base*>(this), debugName(), publicRefs, internalRefs};
  }
  util::ComObject<ID3D11Device5>* device() const { return m_device; }

  // For caches that hand an existing object out again: takes a public reference unless the
  // object is already being destroyed (no reference of either kind left), which a plain AddRef
  // could not tell and would resurrect.
  bool tryAddRefFromCache() {
    ULONG privateRefs = this->m_privateRefs.load();
    do {
      if (privateRefs == 0)
        return false;
    } while (!this->m_privateRefs.compare_exchange_weak(privateRefs, privateRefs + 1));
    this->AddRef();
    this->releasePrivateRef();  // the temporary one; AddRef's public reference keeps it alive
    return true;
  }

private:
  util::ComObject<ID3D11Device5>* m_device;
  util::PrivateDataStore m_privateData;
};

}  // namespace d3d11vk
