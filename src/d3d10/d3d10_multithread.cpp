// ID3D10Multithread: the D3D10 device lock (see d3d10_multithread.h).
#include "d3d10/d3d10_multithread.h"

namespace d3d11vk {

// Enter and Leave take the lock even while protection is off, as Windows does: an application
// may use it for its own serialisation.
void STDMETHODCALLTYPE D3D10Multithread::Enter() { m_mutex.lock(); }

void STDMETHODCALLTYPE D3D10Multithread::Leave() { m_mutex.unlock(); }

BOOL STDMETHODCALLTYPE D3D10Multithread::SetMultithreadProtected(BOOL protect) {
  return m_protected.exchange(protect != FALSE) ? TRUE : FALSE;
}

BOOL STDMETHODCALLTYPE D3D10Multithread::GetMultithreadProtected() { return m_protected.load() ? TRUE : FALSE; }

}  // namespace d3d11vk
