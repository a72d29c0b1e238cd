// BindingRef: the reference a context keeps on what is bound to it (shaders, views, buffers, state
// objects, predicates). It is a private reference: Windows does not count bindings in the counts
// AddRef and Release return, nor do bound objects keep the device's public count up, so an
// application may Release an object it has bound and see 0 (Wine's test_state_refcounting).
#pragma once

#include <utility>

#include "util/windows_base.h"

namespace d3d11vk {

// How to take and drop a private reference on the object behind an interface pointer: the
// function pair of the object's concrete class, chosen by the pointer's static type.
struct BindingOps {
  void (*add)(IUnknown* object);
  void (*release)(IUnknown* object);
};

// One per interface a context binds (d3d11_device_context_state.cpp); a type without one does not
// compile.
const BindingOps* bindingOpsOf(ID3D11VertexShader*);
const BindingOps* bindingOpsOf(ID3D11HullShader*);
const BindingOps* bindingOpsOf(ID3D11DomainShader*);
const BindingOps* bindingOpsOf(ID3D11GeometryShader*);
const BindingOps* bindingOpsOf(ID3D11PixelShader*);
const BindingOps* bindingOpsOf(ID3D11ComputeShader*);
const BindingOps* bindingOpsOf(ID3D11Buffer*);
const BindingOps* bindingOpsOf(ID3D11ShaderResourceView*);
const BindingOps* bindingOpsOf(ID3D11RenderTargetView*);
const BindingOps* bindingOpsOf(ID3D11DepthStencilView*);
const BindingOps* bindingOpsOf(ID3D11UnorderedAccessView*);
const BindingOps* bindingOpsOf(ID3D11SamplerState*);
const BindingOps* bindingOpsOf(ID3D11BlendState*);
const BindingOps* bindingOpsOf(ID3D11DepthStencilState*);
const BindingOps* bindingOpsOf(ID3D11RasterizerState*);
const BindingOps* bindingOpsOf(ID3D11InputLayout*);
const BindingOps* bindingOpsOf(ID3D11ClassInstance*);
const BindingOps* bindingOpsOf(ID3D11Predicate*);
const BindingOps* bindingOpsOf(ID3DDeviceContextState*);

// Interface is the type the binding is read back as (ID3D11DeviceChild for a stage's shader of
// any kind); it is assigned from a pointer of the concrete interface, whose ops it keeps.
template <typename Interface>
class BindingRef {
public:
  BindingRef() = default;
  BindingRef(std::nullptr_t) {}
  template <typename Bound>
  BindingRef(Bound* object) : m_object(object), m_ops(object ? bindingOpsOf(object) : nullptr) {
    if (m_object)
      m_ops->add(m_object);
  }
  BindingRef(const BindingRef& other) : m_object(other.m_object), m_ops(other.m_ops) {
    if (m_object)
      m_ops->add(m_object);
  }
  BindingRef(BindingRef&& other) noexcept
      : m_object(std::exchange(other.m_object, nullptr)), m_ops(std::exchange(other.m_ops, nullptr)) {}
  ~BindingRef() { reset(); }

  BindingRef& operator=(BindingRef other) noexcept {
    std::swap(m_object, other.m_object);
    std::swap(m_ops, other.m_ops);
    return *this;
  }

  void reset() {
    if (Interface* old = std::exchange(m_object, nullptr))
      std::exchange(m_ops, nullptr)->release(old);
  }

  Interface* get() const { return m_object; }
  Interface* operator->() const { return m_object; }
  explicit operator bool() const { return m_object != nullptr; }

private:
  Interface* m_object = nullptr;
  const BindingOps* m_ops = nullptr;
};

}  // namespace d3d11vk
