#include "d3d11/d3d11_live_objects.h"

#include "d3d11/d3d11_debug_layer.h"
#include "d3d11/d3d11_device.h"

namespace d3d11vk {

void trackLiveObject(util::ComObject<ID3D11Device5>* device, const LiveObject* object) {
  if (D3D11DebugLayer* layer = static_cast<D3D11Device*>(device)->debugLayer())
    layer->liveObjects().add(object);
}

void untrackLiveObject(util::ComObject<ID3D11Device5>* device, const LiveObject* object) {
  if (D3D11DebugLayer* layer = static_cast<D3D11Device*>(device)->debugLayer())
    layer->liveObjects().remove(object);
}

void LiveObjectRegistry::add(const LiveObject* object) {
  std::lock_guard lock(m_mutex);
  m_objects.insert(object);
}

void LiveObjectRegistry::remove(const LiveObject* object) {
  std::lock_guard lock(m_mutex);
  m_objects.erase(object);
}

}  // namespace d3d11vk
