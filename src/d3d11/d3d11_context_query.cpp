// D3D11DeviceContext: Begin, End and GetData. A query's End is recorded in the stream; GetData
// answers S_FALSE until the submission holding that End has completed (flushing it unless
// D3D11_ASYNC_GETDATA_DONOTFLUSH), then reads the Vulkan query results.
#include <cstring>

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_query.h"
#include "util/log.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/query_pools.h"

namespace d3d11vk {

namespace {

D3D11Query* queryOf(ID3D11Asynchronous* async) {
  ID3D11Query* query = nullptr;
  if (!async || FAILED(async->QueryInterface(__uuidof(ID3D11Query), reinterpret_cast<void**>(&query))) || !query)
    return nullptr;
  query->Release();  // the caller holds a reference
  return static_cast<D3D11Query*>(static_cast<ID3D11Query1*>(query));
}

// Queries measured by Begin/End pairs; EVENT and TIMESTAMP take End only.
bool takesBegin(D3D11_QUERY type) { return type != D3D11_QUERY_EVENT && type != D3D11_QUERY_TIMESTAMP; }

bool isStreamOutputQuery(D3D11_QUERY type) {
  return type >= D3D11_QUERY_SO_STATISTICS && type <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3;
}

// The query kind of a stream-output query: its stream's. SO_STATISTICS without a stream measures
// stream 0 (the only stream below feature level 11_0); SO_OVERFLOW_PREDICATE is documented to tell
// whether any buffer overflowed, so it measures every stream (a stream never writes more than it
// needs, so summed needed > summed written exactly when one stream overflowed).
vk::QueryKind streamOutputKind(D3D11_QUERY type, bool severalStreams) {
  if (type == D3D11_QUERY_SO_OVERFLOW_PREDICATE)
    return severalStreams ? vk::QueryKind::StreamOutputAll : vk::QueryKind::StreamOutput0;
  const uint32_t stream = type >= D3D11_QUERY_SO_STATISTICS_STREAM0 ? uint32_t(type - D3D11_QUERY_SO_STATISTICS_STREAM0) / 2 : 0;
  return vk::QueryKind(uint32_t(vk::QueryKind::StreamOutput0) + stream);
}

bool isOverflowPredicate(D3D11_QUERY type) {
  return type == D3D11_QUERY_SO_OVERFLOW_PREDICATE || type == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 ||
         type == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM1 || type == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2 ||
         type == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3;
}

}  // namespace

void D3D11DeviceContext::recordQueryBegin(D3D11Query* query) {
  if (createQueryRecord(query)) {
    auto& begin = m_stream->record<vk::BeginQueryCommand>();
    begin.query = query->record();
  }
}

bool D3D11DeviceContext::createQueryRecord(D3D11Query* query) {
  const D3D11_QUERY type = query->desc().Query;
  if (!query->record()) {
    const vk::Device& device = m_device->vulkanDevice();
    vk::QueryKind kind;
    if (type == D3D11_QUERY_OCCLUSION || type == D3D11_QUERY_OCCLUSION_PREDICATE)
      kind = device.enabledFeatures().core.features.occlusionQueryPrecise && type == D3D11_QUERY_OCCLUSION
                 ? vk::QueryKind::PreciseOcclusion
                 : vk::QueryKind::Occlusion;
    else if (type == D3D11_QUERY_TIMESTAMP)
      kind = vk::QueryKind::Timestamp;
    else if (type == D3D11_QUERY_PIPELINE_STATISTICS && device.enabledFeatures().core.features.pipelineStatisticsQuery)
      kind = vk::QueryKind::PipelineStatistics;
    else if (isStreamOutputQuery(type) && device.hasStreamOutputQueries())
      kind = streamOutputKind(type, device.enabledFeatures().transformFeedback.geometryStreams);
    else
      return false;  // event, disjoint, or statistics without the feature: no Vulkan query
    auto record = std::make_unique<vk::QueryRecord>(kind);
    record->setPredicateHint((query->desc().MiscFlags & D3D11_QUERY_MISC_PREDICATEHINT) != 0);
    query->setRecord(std::move(record));
  }
  return true;
}

void D3D11DeviceContext::recordQueryEnd(D3D11Query* query) {
  if (query->desc().Query == D3D11_QUERY_TIMESTAMP) {
    if (createQueryRecord(query) && m_device->vulkanDevice().timestampValidBits()) {
      auto& write = m_stream->record<vk::WriteTimestampCommand>();
      write.query = query->record();
    }
    return;
  }
  if (vk::QueryRecord* record = query->record()) {
    auto& end = m_stream->record<vk::EndQueryCommand>();
    end.query = record;
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::Begin(ID3D11Asynchronous* pAsync) {
  D3D11VK_CONTEXT_LOCK();
  D3D11Query* query = queryOf(pAsync);
  if (!query) {
    if (pAsync)
      m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "Begin: counters are not supported (CreateCounter fails); call dropped");
    return;
  }
  const D3D11_QUERY type = query->desc().Query;
  if (!takesBegin(type))
    return;  // documented: EVENT and TIMESTAMP only use End
  D3D11Query::ContextState& state = query->contextState();
  if (!state.active) {
    state.active = true;
    query->addPrivateRef();  // the query lives while the GPU may be measuring into it
    m_activeQueries.push_back(query);
  }
  keepAlive(pAsync);
  recordQueryBegin(query);
}

void STDMETHODCALLTYPE D3D11DeviceContext::End(ID3D11Asynchronous* pAsync) {
  D3D11VK_CONTEXT_LOCK();
  D3D11Query* query = queryOf(pAsync);
  if (!query)
    return;
  D3D11Query::ContextState& state = query->contextState();
  const D3D11_QUERY type = query->desc().Query;
  if (takesBegin(type) && !state.active) {
    // End without Begin on a Begin/End query: an empty measurement, as a Begin right before.
    Begin(pAsync);
  }
  keepAlive(pAsync);
  recordQueryEnd(query);
  noteQueryEnded(query);
  if (state.active) {
    state.active = false;
    for (size_t i = 0; i < m_activeQueries.size(); ++i)
      if (m_activeQueries[i] == query) {
        m_activeQueries[i] = m_activeQueries.back();
        m_activeQueries.pop_back();
        break;
      }
    query->releasePrivateRef();
  }
}

void D3D11DeviceContext::noteQueryEnded(D3D11Query* query) {
  if (m_deferred) {
    m_recording.endedQueries.emplace_back(query->asQuery1());
    return;
  }
  D3D11Query::ContextState& state = query->contextState();
  state.issued = true;
  state.endValue = m_stream->recordingValue();
}

bool D3D11DeviceContext::beginPredicatedOperation() {
  // Without a predicate nothing is bracketed: the common case records nothing extra.
  if (!m_state.predicate.get())
    return false;
  if (m_state.predicationDirty)
    recordPredication();
  m_stream->record<vk::PredicatedOperationCommand>().begin = VK_TRUE;
  return true;
}

void D3D11DeviceContext::endPredicatedOperation() { m_stream->record<vk::PredicatedOperationCommand>().begin = VK_FALSE; }

HRESULT STDMETHODCALLTYPE D3D11DeviceContext::GetData(ID3D11Asynchronous* pAsync, void* pData, UINT DataSize, UINT GetDataFlags) {
  D3D11VK_CONTEXT_LOCK();
  // Documented: only the immediate context answers queries.
  if (m_deferred) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "GetData: called on a deferred context: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  D3D11Query* query = queryOf(pAsync);
  if (!query) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "GetData: ", pAsync ? "counters are not supported" : "pAsync is null");
    return E_INVALIDARG;
  }
  const D3D11_QUERY type = query->desc().Query;
  const UINT size = queryDataSize(type);
  if ((GetDataFlags & ~UINT(D3D11_ASYNC_GETDATA_DONOTFLUSH)) || (DataSize && DataSize != size) || (DataSize && !pData)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "GetData: DataSize ", DataSize, " (the query's is ", size, "), pData or flags 0x", std::hex, GetDataFlags,
                    " are invalid");
    return E_INVALIDARG;
  }
  const D3D11Query::ContextState& state = query->contextState();
  if (state.active || !state.issued)
    return DXGI_ERROR_INVALID_CALL;  // building (Begin without End) or never issued
  vk::Device& device = m_device->vulkanDevice();
  const bool complete = m_stream->isComplete(state.endValue, !(GetDataFlags & D3D11_ASYNC_GETDATA_DONOTFLUSH));
  // Checked after isComplete, which counts every value as complete once the device is lost: a
  // loss noticed between the two must not read as a finished query.
  if (device.timeline().isLost())
    return DXGI_ERROR_DEVICE_REMOVED;
  if (!complete)
    return S_FALSE;
  if (!DataSize)
    return S_OK;

  uint64_t values[11] = {};
  if (vk::QueryRecord* record = query->record()) {
    const uint32_t count = record->kind() == vk::QueryKind::PipelineStatistics ? 11
                           : vk::isStreamOutputKind(record->kind())         ? 2
                                                                            : 1;
    if (!record->results(device, values, count))
      return device.timeline().isLost() ? DXGI_ERROR_DEVICE_REMOVED : S_FALSE;
  }
  switch (type) {
    case D3D11_QUERY_EVENT: {
      BOOL done = TRUE;
      std::memcpy(pData, &done, sizeof(done));
      break;
    }
    case D3D11_QUERY_OCCLUSION:
      std::memcpy(pData, &values[0], sizeof(UINT64));
      break;
    case D3D11_QUERY_TIMESTAMP: {
      const uint32_t bits = device.timestampValidBits();
      const uint64_t ticks = bits >= 64 ? values[0] : values[0] & ((uint64_t(1) << bits) - 1);
      std::memcpy(pData, &ticks, sizeof(ticks));
      break;
    }
    case D3D11_QUERY_TIMESTAMP_DISJOINT: {
      D3D11_QUERY_DATA_TIMESTAMP_DISJOINT disjoint{};
      // Vulkan timestamps tick every timestampPeriod nanoseconds; they are never disjoint.
      disjoint.Frequency = UINT64(1e9 / double(device.properties().limits.timestampPeriod) + 0.5);
      disjoint.Disjoint = device.timestampValidBits() ? FALSE : TRUE;
      std::memcpy(pData, &disjoint, sizeof(disjoint));
      break;
    }
    case D3D11_QUERY_PIPELINE_STATISTICS: {
      D3D11_QUERY_DATA_PIPELINE_STATISTICS stats{values[0], values[1], values[2], values[3], values[4], values[5],
                                                 values[6], values[7], values[8], values[9], values[10]};
      std::memcpy(pData, &stats, sizeof(stats));
      break;
    }
    case D3D11_QUERY_OCCLUSION_PREDICATE: {
      BOOL visible = values[0] != 0;
      std::memcpy(pData, &visible, sizeof(visible));
      break;
    }
    default:
      if (isStreamOutputQuery(type)) {
        // Vulkan's transform feedback stream query gives primitives written, then primitives
        // the stream produced (what D3D11 calls storage needed); more needed than written is an
        // overflow. Without transform feedback nothing is captured: zero and FALSE.
        if (isOverflowPredicate(type)) {
          BOOL overflow = values[1] > values[0];
          std::memcpy(pData, &overflow, sizeof(overflow));
        } else {
          D3D11_QUERY_DATA_SO_STATISTICS stats{values[0], values[1]};
          std::memcpy(pData, &stats, sizeof(stats));
        }
        break;
      }
      std::memset(pData, 0, size);
      break;
  }
  return S_OK;
}

}  // namespace d3d11vk
