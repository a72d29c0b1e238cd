// PrivateDataStore: the Get/SetPrivateData(Interface) storage every D3D11 and DXGI object carries.
#pragma once

#include <mutex>
#include <string>
#include <vector>

#include "util/windows_base.h"

namespace util {

class PrivateDataStore {
public:
  PrivateDataStore() = default;
  PrivateDataStore(const PrivateDataStore&) = delete;
  PrivateDataStore& operator=(const PrivateDataStore&) = delete;
  ~PrivateDataStore();

  // Copies size bytes under guid, replacing what was there; size 0 or null data removes the entry
  // (S_FALSE when there was none, as Windows answers).
  HRESULT setData(REFGUID guid, UINT size, const void* data);
  // Stores an interface pointer (AddRef'd; released when replaced or when the store dies); a null
  // pointer is stored as such (GetPrivateData then returns a null pointer), as Windows does.
  HRESULT setInterface(REFGUID guid, const IUnknown* object);
  // Null data: *size receives the stored size. A buffer too small: DXGI_ERROR_MORE_DATA with the
  // needed size in *size. Unknown guid: DXGI_ERROR_NOT_FOUND and *size = 0. A stored interface
  // is AddRef'd before it is returned, as documented.
  HRESULT getData(REFGUID guid, UINT* size, void* data) const;

  // The WKPDID_D3DDebugObjectName string, or empty: for log lines that name objects.
  std::string debugName() const;

private:
  struct Entry {
    GUID guid;
    std::vector<unsigned char> bytes;
    IUnknown* object = nullptr;
  };

  Entry* find(REFGUID guid);
  const Entry* find(REFGUID guid) const;
  bool remove(REFGUID guid);  // true when an entry was there

  mutable std::mutex m_mutex;
  std::vector<Entry> m_entries;
};

}  // namespace util
