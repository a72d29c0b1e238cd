// D3D11Multithread: ID3D11Multithread on the immediate context (its owner, whose identity and
// reference count it shares). Enter/Leave are the context's
// critical section; with SetMultithreadProtected(TRUE) every immediate-context method holds it for
// its duration (MultithreadGuard), so applications may call the context from several threads.
// Off by default, as documented for D3D11 devices; a protected call costs one uncontended lock,
// an unprotected one a relaxed load.
#pragma once

#include <atomic>
#include <mutex>

#include "util/com_face.h"
#include "util/windows_base.h"

namespace d3d11vk {


class D3D11Multithread final : public util::ComFace<ID3D11Multithread, ID3D11DeviceContext4> {
public:
  using ComFace::ComFace;

  void STDMETHODCALLTYPE Enter() override;
  void STDMETHODCALLTYPE Leave() override;
  BOOL STDMETHODCALLTYPE SetMultithreadProtected(BOOL protect) override;
  BOOL STDMETHODCALLTYPE GetMultithreadProtected() override;

  bool isProtected() const { return m_protected.load(std::memory_order_relaxed); }
  std::recursive_mutex& mutex() { return m_mutex; }

private:
  std::recursive_mutex m_mutex;
  std::atomic<bool> m_protected{false};
};

// Held for the duration of an immediate-context method when the context is protected.
class MultithreadGuard {
public:
  explicit MultithreadGuard(D3D11Multithread* multithread)
      : m_mutex(multithread && multithread->isProtected() ? &multithread->mutex() : nullptr) {
    if (m_mutex)
      m_mutex->lock();
  }
  ~MultithreadGuard() {
    if (m_mutex)
      m_mutex->unlock();
  }
  MultithreadGuard(const MultithreadGuard&) = delete;
  MultithreadGuard& operator=(const MultithreadGuard&) = delete;

private:
  std::recursive_mutex* m_mutex;
};

}  // namespace d3d11vk

// First statement of every ID3D11DeviceContext method of D3D11DeviceContext (null on deferred
// contexts, which D3D11 does not protect).
#define D3D11VK_CONTEXT_LOCK() const ::d3d11vk::MultithreadGuard contextLock_(m_multithread.get())
