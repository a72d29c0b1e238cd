// ComFace: a second COM interface of an object (e.g. IDXGIDevice4 of a D3D11 device) that shares
// its owner's identity and reference count, as COM requires of interfaces of one object.
#pragma once

#include "util/windows_base.h"

namespace util {

template <typename Interface, typename Owner>
class ComFace : public Interface {
public:
  explicit ComFace(Owner* owner) : m_owner(owner) {}
  ComFace(const ComFace&) = delete;
  ComFace& operator=(const ComFace&) = delete;
  virtual ~ComFace() = default;

  ULONG STDMETHODCALLTYPE AddRef() override { return m_owner->AddRef(); }
  ULONG STDMETHODCALLTYPE Release() override { return m_owner->Release(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
    return m_owner->QueryInterface(riid, object);
  }

  Owner* owner() const { return m_owner; }

private:
  Owner* m_owner;
};

}  // namespace util
