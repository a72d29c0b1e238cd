// Shared-resource handles within one process (d3d11_shared_handles.h).
#include "d3d11/d3d11_shared_handles.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "util/com_ptr.h"

namespace d3d11vk::shared_handles {

namespace {

struct Entry {
  ID3D11Resource* resource;  // not a reference: the resource takes itself out when destroyed
  bool legacy;
};

struct Registry {
  std::mutex lock;
  std::unordered_map<uintptr_t, Entry> byHandle;
  // Multiples of 4 from 0x40000000, as Windows' handle values are, so that a handle never looks
  // like a small integer or a null pointer.
  uintptr_t next = 0x40000000;
  // How many resources have handles: forget() skips the lock while none do.
  std::atomic<size_t> registered{0};
};

Registry& registry() {
  static Registry instance;
  return instance;
}

HANDLE add(Registry& table, ID3D11Resource* resource, bool legacy) {
  bool hadOne = false;
  for (const auto& [value, entry] : table.byHandle)
    hadOne |= entry.resource == resource;
  const uintptr_t value = table.next;
  table.next += 4;
  table.byHandle.emplace(value, Entry{resource, legacy});
  if (!hadOne)
    table.registered.fetch_add(1);
  return reinterpret_cast<HANDLE>(value);
}

}  // namespace

HANDLE legacyHandle(ID3D11Resource* resource) {
  Registry& table = registry();
  std::lock_guard guard(table.lock);
  for (const auto& [value, entry] : table.byHandle)
    if (entry.resource == resource && entry.legacy)
      return reinterpret_cast<HANDLE>(value);
  return add(table, resource, true);
}

HANDLE newNtHandle(ID3D11Resource* resource) {
  Registry& table = registry();
  std::lock_guard guard(table.lock);
  return add(table, resource, false);
}

void forget(ID3D11Resource* resource) {
  Registry& table = registry();
  if (table.registered.load() == 0)
    return;
  std::lock_guard guard(table.lock);
  bool removed = false;
  for (auto it = table.byHandle.begin(); it != table.byHandle.end();) {
    if (it->second.resource == resource) {
      it = table.byHandle.erase(it);
      removed = true;
    } else {
      ++it;
    }
  }
  if (removed)
    table.registered.fetch_sub(1);
}

OpenResult open(HANDLE handle, ID3D11Device* device, REFIID riid, void** object) {
  Registry& table = registry();
  // Held while the reference is taken, so that the resource cannot leave the table (be
  // destroyed) between the look-up and QueryInterface.
  std::lock_guard guard(table.lock);
  auto it = table.byHandle.find(reinterpret_cast<uintptr_t>(handle));
  if (it == table.byHandle.end())
    return OpenResult::UnknownHandle;
  util::ComPtr<ID3D11Device> owner;
  it->second.resource->GetDevice(owner.put());
  if (owner.get() != device)
    return OpenResult::OtherDevice;
  return SUCCEEDED(it->second.resource->QueryInterface(riid, object)) ? OpenResult::Opened : OpenResult::NoInterface;
}

bool owningDevice(HANDLE handle, ID3D11Device** device) {
  Registry& table = registry();
  // Held while the device is taken, for the reason open() gives.
  std::lock_guard guard(table.lock);
  auto it = table.byHandle.find(reinterpret_cast<uintptr_t>(handle));
  if (it == table.byHandle.end())
    return false;
  it->second.resource->GetDevice(device);
  return *device != nullptr;
}

}  // namespace d3d11vk::shared_handles
