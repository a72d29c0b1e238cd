// D3D11Multithread: the immediate context's critical section and protection flag.
#include "d3d11/d3d11_multithread.h"

namespace d3d11vk {

void STDMETHODCALLTYPE D3D11Multithread::Enter() {
  m_mutex.lock();
}

void STDMETHODCALLTYPE D3D11Multithread::Leave() {
  m_mutex.unlock();
}

BOOL STDMETHODCALLTYPE D3D11Multithread::SetMultithreadProtected(BOOL protect) {
  // The previous setting, as documented.
  return m_protected.exchange(protect != FALSE) ? TRUE : FALSE;
}

BOOL STDMETHODCALLTYPE D3D11Multithread::GetMultithreadProtected() {
  return isProtected() ? TRUE : FALSE;
}

}  // namespace d3d11vk
