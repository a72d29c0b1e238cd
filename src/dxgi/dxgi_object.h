// DxgiObject: the IDXGIObject part every DXGI class shares: private data, reference counting, and
// a place among the live objects IDXGIDebug::ReportLiveObjects lists.
#pragma once

#include "dxgi/dxgi_debug.h"
#include "util/com_object.h"
#include "util/private_data.h"

namespace d3d11vk {

template <typename Base>
class DxgiObject : public util::ComObject<Base>, public DxgiLiveObject {
public:
  DxgiObject() { trackDxgiObject(this); }
  ~DxgiObject() override { untrackDxgiObject(this); }

  DxgiLiveObjectInfo dxgiLiveObjectInfo() const override {
    const ULONG publicRefs = this->m_publicRefs.load(), privateRefs = this->m_privateRefs.load();
    return DxgiLiveObjectInfo{dxgiInterfaceName<Base>(), static_cast<const Base*>(this), m_privateData.debugName(), publicRefs,
                              privateRefs - (publicRefs ? 1 : 0)};
  }

  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override {
    return m_privateData.setData(guid, size, data);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* object) override {
    return m_privateData.setInterface(guid, object);
  }
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override {
    return m_privateData.getData(guid, size, data);
  }

protected:
  util::PrivateDataStore m_privateData;
};

}  // namespace d3d11vk
