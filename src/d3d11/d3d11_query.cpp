// D3D11Query: query and predicate objects (identity, GetDesc(1), GetDataSize) and the documented
// rules for their descriptions, per feature level.
#include "d3d11/d3d11_query.h"

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_state_validation.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/query_pools.h"

#include <sstream>


namespace d3d11vk {

bool isPredicateQuery(D3D11_QUERY query) {
  switch (query) {
    case D3D11_QUERY_OCCLUSION_PREDICATE:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3:
      return true;
    default:
      return false;
  }
}

UINT queryDataSize(D3D11_QUERY query) {
  switch (query) {
    case D3D11_QUERY_EVENT:
      return sizeof(BOOL);
    case D3D11_QUERY_OCCLUSION:
    case D3D11_QUERY_TIMESTAMP:
      return sizeof(UINT64);
    case D3D11_QUERY_TIMESTAMP_DISJOINT:
      return sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT);
    case D3D11_QUERY_PIPELINE_STATISTICS:
      return sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS);
    case D3D11_QUERY_SO_STATISTICS:
    case D3D11_QUERY_SO_STATISTICS_STREAM0:
    case D3D11_QUERY_SO_STATISTICS_STREAM1:
    case D3D11_QUERY_SO_STATISTICS_STREAM2:
    case D3D11_QUERY_SO_STATISTICS_STREAM3:
      return sizeof(D3D11_QUERY_DATA_SO_STATISTICS);
    default:
      return isPredicateQuery(query) ? sizeof(BOOL) : 0;
  }
}

std::string checkQueryDesc(D3D_FEATURE_LEVEL level, const D3D11_QUERY_DESC1& desc, bool predicateOnly) {
  std::ostringstream problem;
  UINT query = enumValue(desc.Query);
  if (query > UINT(D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3)) {
    problem << "Query " << query << " is not a D3D11_QUERY";
  } else if (predicateOnly && !isPredicateQuery(desc.Query)) {
    problem << "Query " << UINT(desc.Query) << " is not a predicate type";
  } else if (predicateOnly && desc.Query != D3D11_QUERY_OCCLUSION_PREDICATE && desc.Query != D3D11_QUERY_SO_OVERFLOW_PREDICATE) {
    // Windows makes the per-stream overflow predicates through CreateQuery only (they still
    // answer ID3D11Predicate); CreatePredicate refuses them (Wine's conformance tests).
    problem << "Query " << UINT(desc.Query) << " (a per-stream overflow predicate) is made with CreateQuery, not CreatePredicate";
  } else if (desc.MiscFlags & ~UINT(D3D11_QUERY_MISC_PREDICATEHINT)) {
    problem << "MiscFlags 0x" << std::hex << desc.MiscFlags << " has bits other than PREDICATEHINT";
  } else if ((desc.MiscFlags & D3D11_QUERY_MISC_PREDICATEHINT) && !isPredicateQuery(desc.Query)) {
    problem << "PREDICATEHINT on query type " << UINT(desc.Query) << ", which is not a predicate";
  } else if (enumValue(desc.ContextType) > UINT(D3D11_CONTEXT_TYPE_VIDEO)) {
    problem << "ContextType " << enumValue(desc.ContextType) << " is not a D3D11_CONTEXT_TYPE";
  } else if (level < D3D_FEATURE_LEVEL_10_0) {
    // 10Level9: event and timestamp queries everywhere, occlusion from 9_2, nothing else
    // (predicates, pipeline and stream-output statistics need 10_0).
    bool allowed = desc.Query == D3D11_QUERY_EVENT || desc.Query == D3D11_QUERY_TIMESTAMP ||
                   desc.Query == D3D11_QUERY_TIMESTAMP_DISJOINT ||
                   (desc.Query == D3D11_QUERY_OCCLUSION && level >= D3D_FEATURE_LEVEL_9_2);
    if (!allowed)
      problem << "Query " << UINT(desc.Query) << " is not supported at this 9_x feature level";
  }
  return problem.str();
}

D3D11Query::D3D11Query(D3D11Device* device, const D3D11_QUERY_DESC1& desc)
    : D3D11DeviceChild(device), m_owner(device), m_desc(desc) {}

D3D11Query::~D3D11Query() {
  if (m_record)
    m_owner->vulkanDevice().timeline().deferUntil(m_owner->recordingValue(),
                                                  [record = std::shared_ptr<vk::QueryRecord>(std::move(m_record))] {});
}

void D3D11Query::setRecord(std::unique_ptr<vk::QueryRecord> record) {
  m_record = std::move(record);
}

HRESULT STDMETHODCALLTYPE D3D11Query::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  // IUnknown and the shared interfaces always come from the ID3D11Query1 face: one identity.
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Asynchronous) ||
      riid == __uuidof(ID3D11Query) || riid == __uuidof(ID3D11Query1))
    return util::returnInterface<ID3D11Query1>(asQuery1(), object);
  if (riid == __uuidof(ID3D11Predicate) && isPredicate())
    return util::returnInterface<ID3D11Predicate>(asPredicate(), object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11Query", riid);
  return E_NOINTERFACE;
}

UINT STDMETHODCALLTYPE D3D11Query::GetDataSize() {
  return queryDataSize(m_desc.Query);
}

void STDMETHODCALLTYPE D3D11Query::GetDesc(D3D11_QUERY_DESC* desc) {
  if (!desc)
    return;
  desc->Query = m_desc.Query;
  desc->MiscFlags = m_desc.MiscFlags;
}

void STDMETHODCALLTYPE D3D11Query::GetDesc1(D3D11_QUERY_DESC1* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
