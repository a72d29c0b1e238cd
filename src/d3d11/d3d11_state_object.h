// D3D11StateObject: the shared part of the four deduplicated state objects (blend,
// depth-stencil, rasterizer, sampler): the validated description and the cache entry.
#pragma once

#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_state_cache.h"

namespace d3d11vk {

// Self is the final class, Desc the normalised description it is keyed by. The object holds only
// the D3D description: the pipeline issue turns it into Vulkan state when it is bound.
template <typename Self, typename Interface, typename Desc>
class D3D11StateObject : public D3D11DeviceChild<Interface> {
public:
  using Cache = StateCache<Self, Desc>;

  D3D11StateObject(util::ComObject<ID3D11Device5>* device, Cache& cache, const Desc& desc)
      : D3D11DeviceChild<Interface>(device), m_cache(cache), m_desc(desc) {}

  const Desc& desc() const { return m_desc; }

protected:
  // The final class's destructor calls this (while it is still a whole Self) so that a later
  // identical description creates a new object instead of finding this dying one.
  void unregister(const Self* self) { m_cache.forget(m_desc, self); }

  Cache& m_cache;
  const Desc m_desc;
};

}  // namespace d3d11vk
