// ID3D10Query/ID3D10Predicate: Begin/End/GetData through the immediate context, with D3D10's
// smaller pipeline-statistics structure.
#include "d3d10/d3d10_query_face.h"

#include <cstddef>
#include <cstring>

#include "d3d10/d3d10_device.h"

namespace d3d11vk {

static bool isPredicate(D3D11_QUERY query) {
  return query == D3D11_QUERY_OCCLUSION_PREDICATE || query == D3D11_QUERY_SO_OVERFLOW_PREDICATE;
}

bool D3D10QueryFace::query(REFIID riid, void** object) {
  D3D11_QUERY_DESC desc;
  m_owner->GetDesc(&desc);
  return answer(riid == __uuidof(ID3D10DeviceChild) || riid == __uuidof(ID3D10Asynchronous) ||
                    riid == __uuidof(ID3D10Query) || (riid == __uuidof(ID3D10Predicate) && isPredicate(desc.Query)),
                object);
}

void STDMETHODCALLTYPE D3D10QueryFace::Begin() {
  if (D3D10Device* device = D3D10Device::of(m_owner)) {
    auto lock = device->guard();
    device->context()->Begin(m_owner);
  }
}

void STDMETHODCALLTYPE D3D10QueryFace::End() {
  if (D3D10Device* device = D3D10Device::of(m_owner)) {
    auto lock = device->guard();
    device->context()->End(m_owner);
  }
}

UINT STDMETHODCALLTYPE D3D10QueryFace::GetDataSize() {
  D3D11_QUERY_DESC desc;
  m_owner->GetDesc(&desc);
  // D3D10's statistics end before D3D11's hull, domain and compute counts.
  if (desc.Query == D3D11_QUERY_PIPELINE_STATISTICS)
    return sizeof(D3D10_QUERY_DATA_PIPELINE_STATISTICS);
  return m_owner->GetDataSize();
}

HRESULT STDMETHODCALLTYPE D3D10QueryFace::GetData(void* data, UINT size, UINT flags) {
  D3D10Device* device = D3D10Device::of(m_owner);
  if (!device)
    return E_FAIL;
  auto lock = device->guard();
  D3D11_QUERY_DESC desc;
  m_owner->GetDesc(&desc);
  if (desc.Query != D3D11_QUERY_PIPELINE_STATISTICS || !data)
    return device->context()->GetData(m_owner, data, size, flags);
  if (size != sizeof(D3D10_QUERY_DATA_PIPELINE_STATISTICS))
    return E_INVALIDARG;
  D3D11_QUERY_DATA_PIPELINE_STATISTICS stats11{};
  HRESULT result = device->context()->GetData(m_owner, &stats11, sizeof(stats11), flags);
  if (result == S_OK) {
    static_assert(offsetof(D3D11_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations) ==
                  offsetof(D3D10_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations));
    std::memcpy(data, &stats11, sizeof(D3D10_QUERY_DATA_PIPELINE_STATISTICS));
  }
  return result;
}

void STDMETHODCALLTYPE D3D10QueryFace::GetDesc(D3D10_QUERY_DESC* desc) {
  if (!desc)
    return;
  D3D11_QUERY_DESC desc11;
  m_owner->GetDesc(&desc11);
  *desc = {D3D10_QUERY(desc11.Query), desc11.MiscFlags};  // the same values
}

}  // namespace d3d11vk
