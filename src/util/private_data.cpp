// PrivateDataStore implementation: a small guid-keyed list, as objects rarely hold more than a name.
#include "util/private_data.h"

#include <cstring>

namespace util {

// Declared by d3dcommon.h; defined here once so no module needs INITGUID or libdxguid.
static const GUID kDebugObjectName = {0x429b8c22, 0x9188, 0x4b0c, {0x87, 0x42, 0xac, 0xb0, 0xbf, 0x85, 0xc2, 0x00}};

PrivateDataStore::~PrivateDataStore() {
  for (Entry& entry : m_entries) {
    if (entry.object)
      entry.object->Release();
  }
}

PrivateDataStore::Entry* PrivateDataStore::find(REFGUID guid) {
  for (Entry& entry : m_entries) {
    if (IsEqualGUID(entry.guid, guid))
      return &entry;
  }
  return nullptr;
}

const PrivateDataStore::Entry* PrivateDataStore::find(REFGUID guid) const {
  return const_cast<PrivateDataStore*>(this)->find(guid);
}

bool PrivateDataStore::remove(REFGUID guid) {
  for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
    if (IsEqualGUID(it->guid, guid)) {
      if (it->object)
        it->object->Release();
      m_entries.erase(it);
      return true;
    }
  }
  return false;
}

HRESULT PrivateDataStore::setData(REFGUID guid, UINT size, const void* data) {
  std::lock_guard lock(m_mutex);
  const bool removed = remove(guid);
  // What Windows answers (Wine's conformance tests): removing data that is not there is S_FALSE.
  if (size == 0 || !data)
    return removed ? S_OK : S_FALSE;
  Entry entry{guid, {}, nullptr};
  entry.bytes.assign(static_cast<const unsigned char*>(data), static_cast<const unsigned char*>(data) + size);
  m_entries.push_back(std::move(entry));
  return S_OK;
}

HRESULT PrivateDataStore::setInterface(REFGUID guid, const IUnknown* object) {
  std::lock_guard lock(m_mutex);
  remove(guid);
  // A null interface is stored too: GetPrivateData then answers a null pointer of pointer size.
  auto* mutableObject = const_cast<IUnknown*>(object);
  if (mutableObject)
    mutableObject->AddRef();
  Entry entry{guid, {}, mutableObject};
  entry.bytes.resize(sizeof(IUnknown*));
  std::memcpy(entry.bytes.data(), &mutableObject, sizeof(IUnknown*));
  m_entries.push_back(std::move(entry));
  return S_OK;
}

HRESULT PrivateDataStore::getData(REFGUID guid, UINT* size, void* data) const {
  if (!size)
    return E_INVALIDARG;
  std::lock_guard lock(m_mutex);
  const Entry* entry = find(guid);
  if (!entry) {
    *size = 0;
    return DXGI_ERROR_NOT_FOUND;
  }
  UINT needed = UINT(entry->bytes.size());
  if (!data) {
    *size = needed;
    return S_OK;
  }
  if (*size < needed) {
    *size = needed;
    return DXGI_ERROR_MORE_DATA;
  }
  *size = needed;
  std::memcpy(data, entry->bytes.data(), needed);
  if (entry->object)
    entry->object->AddRef();
  return S_OK;
}

std::string PrivateDataStore::debugName() const {
  std::lock_guard lock(m_mutex);
  const Entry* entry = find(kDebugObjectName);
  if (!entry || entry->object)
    return {};
  std::string name(entry->bytes.begin(), entry->bytes.end());
  while (!name.empty() && name.back() == '\0')
    name.pop_back();
  return name;
}

}  // namespace util
