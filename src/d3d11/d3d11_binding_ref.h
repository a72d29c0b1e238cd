// BindingRef: the reference a context keeps on what is bound to it (shaders, views, buffers, state
// objects, predicates). It is a private reference: Windows does not count bindings in the counts
// AddRef and Release return, nor do bound objects keep the device's public count up, so an
// application may Release an object it has bound and see 0 (Wine's test_state_refcounting).
#pragma once

#include <cstddef>
#include <cstdint>
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

// References a context's bindings gave up on a rebind, kept until the context drops them
// (ReleaseAll: Flush, Present, ClearState, FinishCommandList, a swapchain asking whether its
// buffers have other references, the context's end). Binding an object kept here takes its
// reference back, so a draw loop alternating between a few shaders or views rebinds them without
// touching their reference counts: two atomic read-modify-writes fewer per rebind. Measured on
// bench/draw_bench pattern (c) under Wine, two builds alternating, medians of 8: 57.3 ns a draw
// without, 49.5 with (docs/pipelines.md).
// An object the application released while it sits here lives until the drop; binding null
// releases the slot's object at once, as before. Direct-mapped by address; what a new entry
// displaces is released.
class RetainedReferences {
public:
  RetainedReferences() = default;
  RetainedReferences(const RetainedReferences&) = delete;
  RetainedReferences& operator=(const RetainedReferences&) = delete;
  ~RetainedReferences() { releaseAll(); }

  // Whether a reference on `object` was kept; it is then the caller's. (An address names one
  // object, and every interface of it at that address takes and drops the same references.)
  bool take(IUnknown* object) {
    Entry& entry = entryFor(object);
    if (entry.object != object)
      return false;
    entry.object = nullptr;
    return true;
  }
  // Keeps the caller's reference on `object`.
  void keep(IUnknown* object, const BindingOps* ops) {
    Entry displaced = std::exchange(entryFor(object), Entry{object, ops});
    if (displaced.object)
      displaced.ops->release(displaced.object);  // may destroy it: the table is consistent already
  }
  void releaseAll() {
    for (Entry& entry : m_entries)
      if (IUnknown* object = std::exchange(entry.object, nullptr))
        entry.ops->release(object);
  }

private:
  struct Entry {
    IUnknown* object = nullptr;
    const BindingOps* ops = nullptr;
  };
  static constexpr size_t kEntries = 16;  // the hash's top 4 bits
  Entry& entryFor(IUnknown* object) {
    // Fibonacci hashing: the top bits of the product mix all of the address's bits, so objects
    // allocated a fixed stride apart do not share an entry.
    return m_entries[(uint64_t(reinterpret_cast<uintptr_t>(object)) * 0x9E3779B97F4A7C15ull) >> 60];
  }

  Entry m_entries[kEntries];
};

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

  // Binds `object` taking its reference from `retained` when one is kept there, and gives the
  // old object's reference to `retained` (binding null releases it at once).
  template <typename Bound>
  void rebind(Bound* object, RetainedReferences& retained) {
    if (object == m_object)
      return;
    Interface* old = std::exchange(m_object, object);
    const BindingOps* oldOps = std::exchange(m_ops, object ? bindingOpsOf(object) : nullptr);
    if (object && !retained.take(m_object))
      m_ops->add(m_object);
    if (old) {
      if (object)
        retained.keep(old, oldOps);
      else
        oldOps->release(old);
    }
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
