// D3D11Query: the object behind CreateQuery, CreateQuery1 and CreatePredicate: ID3D11Query1 for
// every type, ID3D11Predicate too for the predicate types; plus the rules for D3D11_QUERY_DESC1.
#pragma once

#include <memory>
#include <string>

#include "d3d10/d3d10_query_face.h"
#include "d3d11/d3d11_device_child.h"

namespace vk {
class QueryRecord;
}

namespace d3d11vk {

class D3D11Device;

// Empty when desc may be created at this feature level (through CreatePredicate when
// predicateOnly), else why not.
std::string checkQueryDesc(D3D_FEATURE_LEVEL level, const D3D11_QUERY_DESC1& desc, bool predicateOnly);
bool isPredicateQuery(D3D11_QUERY query);
// The size of the data GetData returns for a query type (0 for an unknown type).
UINT queryDataSize(D3D11_QUERY query);

// Begin, End and GetData are context methods that arrive with the command stream; until then a
// query is its description. ID3D11Predicate adds nothing to ID3D11Query, but it is a separate
// interface, so the object derives from both and overrides every method once for the two.
class D3D11Query final : public D3D11DeviceChild<ID3D11Query1>, public ID3D11Predicate {
public:
  D3D11Query(D3D11Device* device, const D3D11_QUERY_DESC1& desc);
  // The Vulkan query slots may still be named by recorded commands: they go when those complete.
  ~D3D11Query() override;

  // What the immediate context tracks of the query (its thread only).
  struct ContextState {
    bool active = false;      // between Begin and End
    bool issued = false;      // End has been recorded at least once
    uint64_t endValue = 0;    // the timeline value of the submission holding the last End
  };
  ContextState& contextState() { return m_state; }
  const D3D11_QUERY_DESC1& desc() const { return m_desc; }
  vk::QueryRecord* record() const { return m_record.get(); }
  void setRecord(std::unique_ptr<vk::QueryRecord> record);

  ID3D11Query1* asQuery1() { return this; }
  ID3D11Predicate* asPredicate() { return this; }
  bool isPredicate() const { return isPredicateQuery(m_desc.Query); }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
  ULONG STDMETHODCALLTYPE AddRef() override { return D3D11DeviceChild::AddRef(); }
  ULONG STDMETHODCALLTYPE Release() override { return D3D11DeviceChild::Release(); }
  // ID3D11DeviceChild, for both faces
  void STDMETHODCALLTYPE GetDevice(ID3D11Device** device) override { D3D11DeviceChild::GetDevice(device); }
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* size, void* data) override {
    return D3D11DeviceChild::GetPrivateData(guid, size, data);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT size, const void* data) override {
    return D3D11DeviceChild::SetPrivateData(guid, size, data);
  }
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* object) override {
    return D3D11DeviceChild::SetPrivateDataInterface(guid, object);
  }
  // ID3D11Asynchronous
  UINT STDMETHODCALLTYPE GetDataSize() override;
  // ID3D11Query
  void STDMETHODCALLTYPE GetDesc(D3D11_QUERY_DESC* desc) override;
  // ID3D11Query1
  void STDMETHODCALLTYPE GetDesc1(D3D11_QUERY_DESC1* desc) override;

private:
  D3D11Device* m_owner;
  const D3D11_QUERY_DESC1 m_desc;
  std::unique_ptr<vk::QueryRecord> m_record;
  ContextState m_state;
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10QueryFace m_d3d10{asQuery1()};
};

}  // namespace d3d11vk
