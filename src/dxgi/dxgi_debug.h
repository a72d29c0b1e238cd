// The DXGI debug layer: IDXGIInfoQueue and IDXGIDebug1, through DXGIGetDebugInterface1. One per
// process, as DXGI's is: a queue per producer (DXGI, D3D11, the application, DX), and the live DXGI
// objects (factories, adapters, outputs, swapchains) for ReportLiveObjects. It starts collecting
// DXGI's warnings and errors when it is first asked for or when a factory is made with
// DXGI_CREATE_FACTORY_DEBUG (docs/debug-layer.md, "DXGI").
#pragma once

#include <string>

#include "util/dxgi_debug_interfaces.h"

namespace d3d11vk {

struct DxgiLiveObjectInfo {
  const char* interfaceName;  // "IDXGIFactory", "IDXGISwapChain", ...
  const void* address;
  std::string name;           // WKPDID_D3DDebugObjectName, empty when unnamed
  ULONG refCount;
  ULONG internalRefCount;
};

class DxgiLiveObject {
public:
  virtual ~DxgiLiveObject() = default;
  virtual DxgiLiveObjectInfo dxgiLiveObjectInfo() const = 0;
};

// Every DXGI object registers for its life (unless the creating thread turned leak tracking off
// with IDXGIDebug1::DisableLeakTrackingForThread). Objects are few, so this is always on.
void trackDxgiObject(const DxgiLiveObject* object);
void untrackDxgiObject(const DxgiLiveObject* object);

// From now on the dxgi module's warnings and errors are also DXGI-producer messages.
void activateDxgiDebug();
// DXGIGetDebugInterface1: IDXGIInfoQueue, IDXGIDebug, IDXGIDebug1; E_NOINTERFACE otherwise.
HRESULT getDxgiDebugInterface(REFIID riid, void** object);

template <typename Base>
constexpr const char* dxgiInterfaceName() {
  if constexpr (std::is_base_of_v<IDXGISwapChain, Base>) return "IDXGISwapChain";
  else if constexpr (std::is_base_of_v<IDXGIOutput, Base>) return "IDXGIOutput";
  else if constexpr (std::is_base_of_v<IDXGIAdapter, Base>) return "IDXGIAdapter";
  else if constexpr (std::is_base_of_v<IDXGIFactory, Base>) return "IDXGIFactory";
  else return "IDXGIObject";
}

}  // namespace d3d11vk
