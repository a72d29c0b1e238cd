// ID3D10Multithread: the D3D10 device lock (see d3d10_multithread.h).
#include "d3d10/d3d10_multithread.h"

namespace d3d11vk {

ID3D11Multithread* D3D10Multithread::contextMultithread() {
  if (m_lookedUp.load(std::memory_order_acquire))
    return m_contextMultithread.load(std::memory_order_relaxed);
  ID3D11DeviceContext* context = nullptr;
  m_owner->GetImmediateContext(&context);
  ID3D11Multithread* multithread = nullptr;
  if (context &&
      SUCCEEDED(context->QueryInterface(__uuidof(ID3D11Multithread), reinterpret_cast<void**>(&multithread))) &&
      multithread) {
    // Carry over what this face was told before it found the context's interface.
    if (m_protected.load())
      multithread->SetMultithreadProtected(TRUE);
    multithread->Release();
  }
  if (context)
    context->Release();
  m_contextMultithread.store(multithread, std::memory_order_relaxed);
  m_lookedUp.store(true, std::memory_order_release);
  return multithread;
}

// Enter and Leave take the lock even while protection is off, as Windows does: an application
// may use it for its own serialisation.
void STDMETHODCALLTYPE D3D10Multithread::Enter() {
  if (ID3D11Multithread* multithread = contextMultithread())
    multithread->Enter();
  else
    m_mutex.lock();
}

void STDMETHODCALLTYPE D3D10Multithread::Leave() {
  if (ID3D11Multithread* multithread = contextMultithread())
    multithread->Leave();
  else
    m_mutex.unlock();
}

BOOL STDMETHODCALLTYPE D3D10Multithread::SetMultithreadProtected(BOOL protect) {
  if (ID3D11Multithread* multithread = contextMultithread())
    return multithread->SetMultithreadProtected(protect);
  return m_protected.exchange(protect != FALSE) ? TRUE : FALSE;
}

BOOL STDMETHODCALLTYPE D3D10Multithread::GetMultithreadProtected() {
  if (ID3D11Multithread* multithread = contextMultithread())
    return multithread->GetMultithreadProtected();
  return m_protected.load() ? TRUE : FALSE;
}

}  // namespace d3d11vk
