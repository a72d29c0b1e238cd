// StateCache: per-device deduplication of one kind of state object (blend, depth-stencil,
// rasterizer, sampler) and its documented limit of 4096 unique live objects.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>

#include "util/windows_base.h"

namespace d3d11vk {

// The documented limit per kind (D3D11_REQ_*_OBJECT_COUNT_PER_DEVICE are all 4096).
constexpr size_t kMaxUniqueStateObjects = 4096;

// Keys are normalised descriptions compared byte for byte: the validators build them in zeroed
// storage (padding included) and reset every member the description ignores, so equal bytes mean
// equal state. The cache holds no reference: an object unregisters itself when it is destroyed.
template <typename Object, typename Desc>
class StateCache {
public:
  StateCache() = default;
  StateCache(const StateCache&) = delete;
  StateCache& operator=(const StateCache&) = delete;

  // The live object for desc with one more public reference, or a new one from create() (which
  // returns a new Object* holding one public reference). E_OUTOFMEMORY when allocation fails;
  // D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS when 4096 distinct objects of this kind are alive.
  template <typename Create>
  HRESULT findOrCreate(const Desc& desc, Create&& create, Object** object) {
    std::lock_guard lock(m_mutex);
    auto found = m_objects.find(desc);
    if (found != m_objects.end() && found->second->tryAddRefFromCache()) {
      *object = found->second;
      return S_OK;
    }
    // An object still in the map that refused the reference is being destroyed: the new one
    // takes its entry, and the dying one's forget() leaves the entry alone.
    if (found == m_objects.end() && m_objects.size() >= kMaxUniqueStateObjects)
      return D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS;
    Object* created = nullptr;
    try {
      created = create();
      m_objects[desc] = created;
    } catch (const std::bad_alloc&) {
      if (created)
        created->Release();
      return E_OUTOFMEMORY;
    }
    *object = created;
    return S_OK;
  }

  // Called by a dying object: removes desc's entry if it still names that object.
  void forget(const Desc& desc, const Object* object) {
    std::lock_guard lock(m_mutex);
    auto found = m_objects.find(desc);
    if (found != m_objects.end() && found->second == object)
      m_objects.erase(found);
  }

  size_t size() const {
    std::lock_guard lock(m_mutex);
    return m_objects.size();
  }

private:
  struct ByteHash {
    size_t operator()(const Desc& desc) const {
      // FNV-1a: descriptions are at most a few hundred bytes and created rarely.
      uint64_t hash = 0xcbf29ce484222325ull;
      const auto* bytes = reinterpret_cast<const unsigned char*>(&desc);
      for (size_t i = 0; i < sizeof(Desc); ++i)
        hash = (hash ^ bytes[i]) * 0x100000001b3ull;
      return size_t(hash);
    }
  };
  struct ByteEqual {
    bool operator()(const Desc& a, const Desc& b) const { return std::memcmp(&a, &b, sizeof(Desc)) == 0; }
  };

  mutable std::mutex m_mutex;
  std::unordered_map<Desc, Object*, ByteHash, ByteEqual> m_objects;
};

}  // namespace d3d11vk
