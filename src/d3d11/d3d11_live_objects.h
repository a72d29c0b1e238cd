// Live-object tracking for ID3D11Debug::ReportLiveDeviceObjects: every child of a debug device
// registers itself while it exists, with what the report says of it (its interface, debug name
// and reference counts). Devices without the debug layer register nothing.
#pragma once

#include <mutex>
#include <string>
#include <type_traits>
#include <unordered_set>

#include "util/windows_base.h"

#include <d3d11sdklayers.h>
#include <d3d11vk/d3d11vk_message_ids.h>

namespace util {
template <typename Base> class ComObject;
}

namespace d3d11vk {

struct LiveObjectInfo {
  const char* interfaceName;  // "ID3D11Texture2D", as Windows' report names it
  UINT messageId;             // D3D11_MESSAGE_ID_LIVE_*
  const void* address;
  std::string name;           // WKPDID_D3DDebugObjectName, empty when unnamed
  ULONG refCount;             // the application's references
  ULONG internalRefCount;     // references d3d11vk holds (bindings, views of a resource)
};

class LiveObject {
public:
  virtual ~LiveObject() = default;
  virtual LiveObjectInfo liveObjectInfo() const = 0;
};

class LiveObjectRegistry {
public:
  void add(const LiveObject* object);
  void remove(const LiveObject* object);
  // Calls `visit(const LiveObjectInfo&)` for each live object under the registry's lock, so none
  // is destroyed while it is read.
  template <typename Visit> void forEach(Visit visit) const {
    std::lock_guard lock(m_mutex);
    for (const LiveObject* object : m_objects)
      visit(object->liveObjectInfo());
  }

private:
  mutable std::mutex m_mutex;
  std::unordered_set<const LiveObject*> m_objects;
};

// Through the device a child was made on (always a D3D11Device); nothing unless it is a debug device.
void trackLiveObject(util::ComObject<ID3D11Device5>* device, const LiveObject* object);
void untrackLiveObject(util::ComObject<ID3D11Device5>* device, const LiveObject* object);

// The interface name and LIVE_* ID of a device child by its most derived interface.
template <typename Base>
constexpr std::pair<const char*, UINT> liveObjectKind() {
  if constexpr (std::is_base_of_v<ID3D11Buffer, Base>) return {"ID3D11Buffer", D3D11_MESSAGE_ID_LIVE_BUFFER};
  else if constexpr (std::is_base_of_v<ID3D11Texture1D, Base>) return {"ID3D11Texture1D", D3D11_MESSAGE_ID_LIVE_TEXTURE1D};
  else if constexpr (std::is_base_of_v<ID3D11Texture2D, Base>) return {"ID3D11Texture2D", D3D11_MESSAGE_ID_LIVE_TEXTURE2D};
  else if constexpr (std::is_base_of_v<ID3D11Texture3D, Base>) return {"ID3D11Texture3D", D3D11_MESSAGE_ID_LIVE_TEXTURE3D};
  else if constexpr (std::is_base_of_v<ID3D11ShaderResourceView, Base>)
    return {"ID3D11ShaderResourceView", D3D11_MESSAGE_ID_LIVE_SHADERRESOURCEVIEW};
  else if constexpr (std::is_base_of_v<ID3D11RenderTargetView, Base>)
    return {"ID3D11RenderTargetView", D3D11_MESSAGE_ID_LIVE_RENDERTARGETVIEW};
  else if constexpr (std::is_base_of_v<ID3D11DepthStencilView, Base>)
    return {"ID3D11DepthStencilView", D3D11_MESSAGE_ID_LIVE_DEPTHSTENCILVIEW};
  else if constexpr (std::is_base_of_v<ID3D11UnorderedAccessView, Base>)
    return {"ID3D11UnorderedAccessView", D3D11_MESSAGE_ID_LIVE_UNORDEREDACCESSVIEW};
  else if constexpr (std::is_base_of_v<ID3D11VertexShader, Base>) return {"ID3D11VertexShader", D3D11_MESSAGE_ID_LIVE_VERTEXSHADER};
  else if constexpr (std::is_base_of_v<ID3D11HullShader, Base>) return {"ID3D11HullShader", D3D11_MESSAGE_ID_LIVE_HULLSHADER};
  else if constexpr (std::is_base_of_v<ID3D11DomainShader, Base>) return {"ID3D11DomainShader", D3D11_MESSAGE_ID_LIVE_DOMAINSHADER};
  else if constexpr (std::is_base_of_v<ID3D11GeometryShader, Base>)
    return {"ID3D11GeometryShader", D3D11_MESSAGE_ID_LIVE_GEOMETRYSHADER};
  else if constexpr (std::is_base_of_v<ID3D11PixelShader, Base>) return {"ID3D11PixelShader", D3D11_MESSAGE_ID_LIVE_PIXELSHADER};
  else if constexpr (std::is_base_of_v<ID3D11ComputeShader, Base>) return {"ID3D11ComputeShader", D3D11_MESSAGE_ID_LIVE_COMPUTESHADER};
  else if constexpr (std::is_base_of_v<ID3D11InputLayout, Base>) return {"ID3D11InputLayout", D3D11_MESSAGE_ID_LIVE_INPUTLAYOUT};
  else if constexpr (std::is_base_of_v<ID3D11SamplerState, Base>) return {"ID3D11SamplerState", D3D11_MESSAGE_ID_LIVE_SAMPLER};
  else if constexpr (std::is_base_of_v<ID3D11BlendState, Base>) return {"ID3D11BlendState", D3D11_MESSAGE_ID_LIVE_BLENDSTATE};
  else if constexpr (std::is_base_of_v<ID3D11DepthStencilState, Base>)
    return {"ID3D11DepthStencilState", D3D11_MESSAGE_ID_LIVE_DEPTHSTENCILSTATE};
  else if constexpr (std::is_base_of_v<ID3D11RasterizerState, Base>)
    return {"ID3D11RasterizerState", D3D11_MESSAGE_ID_LIVE_RASTERIZERSTATE};
  else if constexpr (std::is_base_of_v<ID3D11Counter, Base>) return {"ID3D11Counter", D3D11_MESSAGE_ID_LIVE_COUNTER};
  else if constexpr (std::is_base_of_v<ID3D11Query, Base>) return {"ID3D11Query", D3D11_MESSAGE_ID_LIVE_QUERY};
  else if constexpr (std::is_base_of_v<ID3D11CommandList, Base>) return {"ID3D11CommandList", D3D11_MESSAGE_ID_LIVE_COMMANDLIST};
  else if constexpr (std::is_base_of_v<ID3D11ClassInstance, Base>) return {"ID3D11ClassInstance", D3D11_MESSAGE_ID_LIVE_CLASSINSTANCE};
  else if constexpr (std::is_base_of_v<ID3D11ClassLinkage, Base>) return {"ID3D11ClassLinkage", D3D11_MESSAGE_ID_LIVE_CLASSLINKAGE};
  else if constexpr (std::is_base_of_v<ID3DDeviceContextState, Base>)
    return {"ID3DDeviceContextState", D3D11_MESSAGE_ID_LIVE_DEVICECONTEXTSTATE};
  else if constexpr (std::is_base_of_v<ID3D11DeviceContext, Base>) return {"ID3D11DeviceContext", D3D11_MESSAGE_ID_LIVE_CONTEXT};
  else return {"ID3D11Fence", D3D11VK_MESSAGE_ID_LIVE_OBJECT};  // Windows has no LIVE_ ID for fences
}

}  // namespace d3d11vk
