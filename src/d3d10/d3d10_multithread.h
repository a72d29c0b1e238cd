// D3D10Multithread: ID3D10Multithread on the device, the lock D3D10 puts around every device call.
#pragma once

#include <atomic>
#include <mutex>

#include "d3d10/d3d10_base.h"

namespace d3d11vk {

// D3D10 devices serialise their methods unless created with D3D10_CREATE_DEVICE_SINGLETHREADED;
// ID3D10Multithread lets the application take the same lock (Enter/Leave) and switch it off.
// Only the D3D10 face takes it: the D3D11 interfaces of the device keep D3D11's rules.
class D3D10Multithread : public ID3D10Multithread {
public:
  D3D10Multithread(IUnknown* owner, bool protect) : m_owner(owner), m_protected(protect) {}
  D3D10Multithread(const D3D10Multithread&) = delete;
  D3D10Multithread& operator=(const D3D10Multithread&) = delete;
  virtual ~D3D10Multithread() = default;

  ULONG STDMETHODCALLTYPE AddRef() override { return m_owner->AddRef(); }
  ULONG STDMETHODCALLTYPE Release() override { return m_owner->Release(); }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override {
    return m_owner->QueryInterface(riid, object);
  }
  void STDMETHODCALLTYPE Enter() override;
  void STDMETHODCALLTYPE Leave() override;
  BOOL STDMETHODCALLTYPE SetMultithreadProtected(BOOL protect) override;
  BOOL STDMETHODCALLTYPE GetMultithreadProtected() override;

  // What each D3D10 device method holds while it runs: the lock, or nothing when unprotected.
  std::unique_lock<std::recursive_mutex> guard() {
    return m_protected.load(std::memory_order_relaxed) ? std::unique_lock(m_mutex)
                                                       : std::unique_lock<std::recursive_mutex>();
  }

private:
  IUnknown* m_owner;
  std::atomic<bool> m_protected;
  std::recursive_mutex m_mutex;
};

}  // namespace d3d11vk
