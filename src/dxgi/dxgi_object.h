// DxgiObject: the IDXGIObject part every DXGI class shares: private data and reference counting.
#pragma once

#include "util/com_object.h"
#include "util/private_data.h"

namespace d3d11vk {

template <typename Base>
class DxgiObject : public util::ComObject<Base> {
public:
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
