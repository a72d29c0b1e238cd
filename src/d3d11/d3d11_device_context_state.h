// D3D11DeviceContextState: ID3DDeviceContextState, a saved set of immediate-context bindings that
// SwapDeviceContextState exchanges with the context's own. While a state object is active its
// bindings live in the context (it holds none); when swapped out it holds them, with the
// references D3D11 keeps on bound objects.
#pragma once

#include "d3d11/d3d11_context_state.h"
#include "d3d11/d3d11_device_child.h"
#include "util/windows_base.h"

namespace d3d11vk {

class D3D11Device;

// {2c7d9e15-6a43-4b8f-9e02-d15a7c3b8e64}: answered only by d3d11vk's context state objects.
inline constexpr GUID kDeviceContextStateId = {0x2c7d9e15, 0x6a43, 0x4b8f, {0x9e, 0x02, 0xd1, 0x5a, 0x7c, 0x3b, 0x8e, 0x64}};

class D3D11DeviceContextState final : public D3D11DeviceChild<ID3DDeviceContextState> {
public:
  D3D11DeviceContextState(D3D11Device* device, D3D_FEATURE_LEVEL level, const IID& emulatedInterface);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  // d3d11vk's state object behind `state` (no reference taken), or null for a foreign object.
  static D3D11DeviceContextState* from(ID3DDeviceContextState* state);
  ContextState& bindings() { return m_bindings; }
  D3D_FEATURE_LEVEL featureLevel() const { return m_level; }
  const IID& emulatedInterface() const { return m_emulatedInterface; }
  // Made for ID3D10Device or ID3D10Device1: while active, ID3D11DeviceContext's binding methods
  // are switched off; otherwise the D3D10 device's are.
  bool emulatesD3D10() const;

private:
  D3D_FEATURE_LEVEL m_level;
  IID m_emulatedInterface;
  ContextState m_bindings;
};

}  // namespace d3d11vk
