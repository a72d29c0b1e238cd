#include "dxgi/dxgi_debug.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <unordered_set>
#include <vector>

#include <d3d11vk/d3d11vk_message_ids.h>

#include "util/com_object.h"
#include "util/info_queue_filters.h"
#include "util/log.h"
#include "util/message_queue.h"

namespace d3d11vk {

namespace {

using Filters = util::InfoQueueFilters<DXGI_INFO_QUEUE_FILTER, DXGI_INFO_QUEUE_FILTER_DESC>;

constexpr UINT kSeverities = UINT(DXGI_INFO_QUEUE_MESSAGE_SEVERITY_MESSAGE) + 1;

thread_local bool t_leakTracking = true;

// The producers a call names: one, or all of them for DXGI_DEBUG_ALL (a getter then reads the
// first, DXGI's). Unknown producers name none and the call answers E_INVALIDARG.
class DxgiDebugLayer {
public:
  static DxgiDebugLayer& instance() {
    static DxgiDebugLayer* layer = new DxgiDebugLayer;  // process lifetime: never destroyed
    return *layer;
  }

  struct Producer {
    GUID id;
    util::MessageQueue queue;
  };

  std::vector<Producer*> producers(const GUID& id) {
    if (id == util::kDxgiDebugAll)
      return {&m_dxgi, &m_d3d11, &m_app, &m_dx};
    if (id == util::kDxgiDebugDxgi)
      return {&m_dxgi};
    if (id == util::kDxgiDebugD3D11)
      return {&m_d3d11};
    if (id == util::kDxgiDebugApp || id == util::kDxgiDebugAppHeaders)
      return {&m_app};
    if (id == util::kDxgiDebugDx)
      return {&m_dx};
    return {};
  }

  Producer& dxgi() { return m_dxgi; }
  Producer& app() { return m_app; }

  void track(const DxgiLiveObject* object) {
    std::lock_guard lock(m_liveMutex);
    m_live.insert(object);
  }
  void untrack(const DxgiLiveObject* object) {
    std::lock_guard lock(m_liveMutex);
    m_live.erase(object);
  }
  template <typename Visit> void forEachLive(Visit visit) {
    std::lock_guard lock(m_liveMutex);
    for (const DxgiLiveObject* object : m_live)
      visit(object->dxgiLiveObjectInfo());
  }

  std::atomic<ULONG> refs{0};

private:
  Producer m_dxgi{util::kDxgiDebugDxgi, {}}, m_d3d11{util::kDxgiDebugD3D11, {}}, m_app{util::kDxgiDebugApp, {}}, m_dx{util::kDxgiDebugDx, {}};
  std::mutex m_liveMutex;
  std::unordered_set<const DxgiLiveObject*> m_live;
};

// Adds to one producer's queue; a matching break-on setting breaks under a debugger.
void post(DxgiDebugLayer::Producer& producer, uint32_t category, uint32_t severity, uint32_t id, std::string text) {
  if (producer.queue.add(util::QueuedMessage{category, severity, id, std::move(text)}))
    util::debugBreakIfDebugged();
}

// The dxgi module's log sink: every warning and error becomes a DXGI-producer message.
void logSink(util::log::Level level, std::string_view message) {
  post(DxgiDebugLayer::instance().dxgi(), DXGI_INFO_QUEUE_MESSAGE_CATEGORY_MISCELLANEOUS,
       level == util::log::Level::Warn ? DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING : DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR,
       D3D11VK_MESSAGE_ID_CALL_IGNORED, std::string(message));
}

// Both interfaces count references on the one process-wide layer, which never goes away.
template <typename Interface>
class DebugFace : public Interface {
public:
  ULONG STDMETHODCALLTYPE AddRef() override { return ++DxgiDebugLayer::instance().refs; }
  ULONG STDMETHODCALLTYPE Release() override { return --DxgiDebugLayer::instance().refs; }
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override { return getDxgiDebugInterface(riid, object); }
};

class InfoQueue final : public DebugFace<IDXGIInfoQueue> {
public:
  HRESULT STDMETHODCALLTYPE SetMessageCountLimit(DXGI_DEBUG_ID producer, UINT64 limit) override {
    return forEach(producer, [&](util::MessageQueue& queue) { queue.setLimit(limit); });
  }
  void STDMETHODCALLTYPE ClearStoredMessages(DXGI_DEBUG_ID producer) override {
    forEach(producer, [](util::MessageQueue& queue) { queue.clearStored(); });
  }
  HRESULT STDMETHODCALLTYPE GetMessage(DXGI_DEBUG_ID producer, UINT64 index, DXGI_INFO_QUEUE_MESSAGE* message,
                                       SIZE_T* length) override {
    if (!length)
      return E_INVALIDARG;
    // Across producers for DXGI_DEBUG_ALL: each producer's retrieved messages in turn.
    for (DxgiDebugLayer::Producer* from : DxgiDebugLayer::instance().producers(producer)) {
      const uint64_t count = from->queue.storedAllowedByRetrievalFilter();
      if (index >= count) {
        index -= count;
        continue;
      }
      std::optional<util::QueuedMessage> found = from->queue.retrieved(index);
      if (!found)
        return E_INVALIDARG;
      const SIZE_T needed = sizeof(DXGI_INFO_QUEUE_MESSAGE) + found->text.size() + 1;
      if (!message || *length < needed) {
        *length = needed;
        return message ? E_INVALIDARG : S_OK;
      }
      char* text = reinterpret_cast<char*>(message) + sizeof(DXGI_INFO_QUEUE_MESSAGE);
      std::memcpy(text, found->text.c_str(), found->text.size() + 1);
      message->Producer = from->id;
      message->Category = DXGI_INFO_QUEUE_MESSAGE_CATEGORY(found->category);
      message->Severity = DXGI_INFO_QUEUE_MESSAGE_SEVERITY(found->severity);
      message->ID = DXGI_INFO_QUEUE_MESSAGE_ID(found->id);
      message->pDescription = text;
      message->DescriptionByteLength = found->text.size() + 1;
      *length = needed;
      return S_OK;
    }
    return E_INVALIDARG;
  }
  UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilters(DXGI_DEBUG_ID producer) override {
    return sum(producer, &util::MessageQueue::storedAllowedByRetrievalFilter);
  }
  UINT64 STDMETHODCALLTYPE GetNumStoredMessages(DXGI_DEBUG_ID producer) override {
    return sum(producer, &util::MessageQueue::stored);
  }
  UINT64 STDMETHODCALLTYPE GetNumMessagesDiscardedByMessageCountLimit(DXGI_DEBUG_ID producer) override {
    return sum(producer, &util::MessageQueue::discardedByLimit);
  }
  UINT64 STDMETHODCALLTYPE GetMessageCountLimit(DXGI_DEBUG_ID producer) override {
    util::MessageQueue* queue = first(producer);
    return queue ? queue->limit() : 0;
  }
  UINT64 STDMETHODCALLTYPE GetNumMessagesAllowedByStorageFilter(DXGI_DEBUG_ID producer) override {
    return sum(producer, &util::MessageQueue::allowedByStorageFilter);
  }
  UINT64 STDMETHODCALLTYPE GetNumMessagesDeniedByStorageFilter(DXGI_DEBUG_ID producer) override {
    return sum(producer, &util::MessageQueue::deniedByStorageFilter);
  }

  HRESULT STDMETHODCALLTYPE AddStorageFilterEntries(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) override {
    return onStacks<true>(producer, [&](util::MessageFilterStack& stack) { return Filters::addEntries(stack, filter); });
  }
  HRESULT STDMETHODCALLTYPE GetStorageFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter, SIZE_T* length) override {
    return onFirstStack<true>(producer, [&](util::MessageFilterStack& stack) { return Filters::toApi(stack.top(), filter, length); });
  }
  void STDMETHODCALLTYPE ClearStorageFilter(DXGI_DEBUG_ID producer) override {
    onStacks<true>(producer, [](util::MessageFilterStack& stack) { return clearTop(stack); });
  }
  HRESULT STDMETHODCALLTYPE PushEmptyStorageFilter(DXGI_DEBUG_ID producer) override {
    return onStacks<true>(producer, [](util::MessageFilterStack& stack) { return push(stack, util::MessageFilter{}); });
  }
  HRESULT STDMETHODCALLTYPE PushDenyAllStorageFilter(DXGI_DEBUG_ID producer) override {
    return onStacks<true>(producer, [](util::MessageFilterStack& stack) { return push(stack, denyAll()); });
  }
  HRESULT STDMETHODCALLTYPE PushCopyOfStorageFilter(DXGI_DEBUG_ID producer) override {
    return onStacks<true>(producer, [](util::MessageFilterStack& stack) { return push(stack, stack.top()); });
  }
  HRESULT STDMETHODCALLTYPE PushStorageFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) override {
    if (!filter)
      return E_INVALIDARG;
    return onStacks<true>(producer, [&](util::MessageFilterStack& stack) { return push(stack, Filters::fromApi(*filter)); });
  }
  void STDMETHODCALLTYPE PopStorageFilter(DXGI_DEBUG_ID producer) override {
    onStacks<true>(producer, [](util::MessageFilterStack& stack) { return pop(stack); });
  }
  UINT STDMETHODCALLTYPE GetStorageFilterStackSize(DXGI_DEBUG_ID producer) override {
    UINT size = 0;
    onFirstStack<true>(producer, [&](util::MessageFilterStack& stack) { size = UINT(stack.size()); return S_OK; });
    return size;
  }

  HRESULT STDMETHODCALLTYPE AddRetrievalFilterEntries(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) override {
    return onStacks<false>(producer, [&](util::MessageFilterStack& stack) { return Filters::addEntries(stack, filter); });
  }
  HRESULT STDMETHODCALLTYPE GetRetrievalFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter, SIZE_T* length) override {
    return onFirstStack<false>(producer, [&](util::MessageFilterStack& stack) { return Filters::toApi(stack.top(), filter, length); });
  }
  void STDMETHODCALLTYPE ClearRetrievalFilter(DXGI_DEBUG_ID producer) override {
    onStacks<false>(producer, [](util::MessageFilterStack& stack) { return clearTop(stack); });
  }
  HRESULT STDMETHODCALLTYPE PushEmptyRetrievalFilter(DXGI_DEBUG_ID producer) override {
    return onStacks<false>(producer, [](util::MessageFilterStack& stack) { return push(stack, util::MessageFilter{}); });
  }
  HRESULT STDMETHODCALLTYPE PushDenyAllRetrievalFilter(DXGI_DEBUG_ID producer) override {
    return onStacks<false>(producer, [](util::MessageFilterStack& stack) { return push(stack, denyAll()); });
  }
  HRESULT STDMETHODCALLTYPE PushCopyOfRetrievalFilter(DXGI_DEBUG_ID producer) override {
    return onStacks<false>(producer, [](util::MessageFilterStack& stack) { return push(stack, stack.top()); });
  }
  HRESULT STDMETHODCALLTYPE PushRetrievalFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) override {
    if (!filter)
      return E_INVALIDARG;
    return onStacks<false>(producer, [&](util::MessageFilterStack& stack) { return push(stack, Filters::fromApi(*filter)); });
  }
  void STDMETHODCALLTYPE PopRetrievalFilter(DXGI_DEBUG_ID producer) override {
    onStacks<false>(producer, [](util::MessageFilterStack& stack) { return pop(stack); });
  }
  UINT STDMETHODCALLTYPE GetRetrievalFilterStackSize(DXGI_DEBUG_ID producer) override {
    UINT size = 0;
    onFirstStack<false>(producer, [&](util::MessageFilterStack& stack) { size = UINT(stack.size()); return S_OK; });
    return size;
  }

  // One producer only: a message belongs to one.
  HRESULT STDMETHODCALLTYPE AddMessage(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY category,
                                       DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity, DXGI_INFO_QUEUE_MESSAGE_ID id,
                                       LPCSTR description) override {
    std::vector<DxgiDebugLayer::Producer*> to = DxgiDebugLayer::instance().producers(producer);
    if (to.size() != 1 || !description || UINT(severity) >= kSeverities)
      return E_INVALIDARG;
    post(*to.front(), uint32_t(category), uint32_t(severity), uint32_t(id), description);
    return S_OK;
  }
  HRESULT STDMETHODCALLTYPE AddApplicationMessage(DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity, LPCSTR description) override {
    if (!description || UINT(severity) >= kSeverities)
      return E_INVALIDARG;
    post(DxgiDebugLayer::instance().app(), DXGI_INFO_QUEUE_MESSAGE_CATEGORY_UNKNOWN, uint32_t(severity), 0, description);
    return S_OK;
  }

  HRESULT STDMETHODCALLTYPE SetBreakOnCategory(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY category, BOOL enable) override {
    return forEach(producer, [&](util::MessageQueue& queue) { queue.setBreak(util::BreakKind::Category, uint32_t(category), enable); });
  }
  HRESULT STDMETHODCALLTYPE SetBreakOnSeverity(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity, BOOL enable) override {
    if (UINT(severity) >= kSeverities)
      return E_INVALIDARG;
    return forEach(producer, [&](util::MessageQueue& queue) { queue.setBreak(util::BreakKind::Severity, uint32_t(severity), enable); });
  }
  HRESULT STDMETHODCALLTYPE SetBreakOnID(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_ID id, BOOL enable) override {
    return forEach(producer, [&](util::MessageQueue& queue) { queue.setBreak(util::BreakKind::Id, uint32_t(id), enable); });
  }
  BOOL STDMETHODCALLTYPE GetBreakOnCategory(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY category) override {
    util::MessageQueue* queue = first(producer);
    return queue && queue->breaksOn(util::BreakKind::Category, uint32_t(category));
  }
  BOOL STDMETHODCALLTYPE GetBreakOnSeverity(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity) override {
    util::MessageQueue* queue = first(producer);
    return queue && queue->breaksOn(util::BreakKind::Severity, uint32_t(severity));
  }
  BOOL STDMETHODCALLTYPE GetBreakOnID(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_ID id) override {
    util::MessageQueue* queue = first(producer);
    return queue && queue->breaksOn(util::BreakKind::Id, uint32_t(id));
  }
  void STDMETHODCALLTYPE SetMuteDebugOutput(DXGI_DEBUG_ID producer, BOOL mute) override {
    forEach(producer, [&](util::MessageQueue& queue) { queue.setMuteDebugOutput(mute); });
  }
  BOOL STDMETHODCALLTYPE GetMuteDebugOutput(DXGI_DEBUG_ID producer) override {
    util::MessageQueue* queue = first(producer);
    return queue && queue->muteDebugOutput();
  }

private:
  template <typename Function> static HRESULT forEach(const GUID& producer, Function function) {
    std::vector<DxgiDebugLayer::Producer*> to = DxgiDebugLayer::instance().producers(producer);
    if (to.empty())
      return E_INVALIDARG;
    for (DxgiDebugLayer::Producer* each : to)
      function(each->queue);
    return S_OK;
  }
  static uint64_t sum(const GUID& producer, uint64_t (util::MessageQueue::*count)() const) {
    uint64_t total = 0;
    for (DxgiDebugLayer::Producer* each : DxgiDebugLayer::instance().producers(producer))
      total += (each->queue.*count)();
    return total;
  }
  static util::MessageQueue* first(const GUID& producer) {
    std::vector<DxgiDebugLayer::Producer*> to = DxgiDebugLayer::instance().producers(producer);
    return to.empty() ? nullptr : &to.front()->queue;
  }
  template <bool Storage, typename Function> static HRESULT onStacks(const GUID& producer, Function function) {
    std::vector<DxgiDebugLayer::Producer*> to = DxgiDebugLayer::instance().producers(producer);
    if (to.empty())
      return E_INVALIDARG;
    HRESULT result = S_OK;
    for (DxgiDebugLayer::Producer* each : to) {
      HRESULT one = Storage ? each->queue.withStorageFilters(function) : each->queue.withRetrievalFilters(function);
      if (FAILED(one))
        result = one;
    }
    return result;
  }
  template <bool Storage, typename Function> static HRESULT onFirstStack(const GUID& producer, Function function) {
    util::MessageQueue* queue = first(producer);
    if (!queue)
      return E_INVALIDARG;
    return Storage ? queue->withStorageFilters(function) : queue->withRetrievalFilters(function);
  }
  static HRESULT push(util::MessageFilterStack& stack, util::MessageFilter filter) {
    stack.push(std::move(filter));
    return S_OK;
  }
  static HRESULT pop(util::MessageFilterStack& stack) {
    stack.pop();
    return S_OK;
  }
  static HRESULT clearTop(util::MessageFilterStack& stack) {
    stack.top() = {};
    return S_OK;
  }
  // PushDenyAll*Filter: every severity denied.
  static util::MessageFilter denyAll() {
    util::MessageFilter filter;
    for (uint32_t severity = 0; severity < kSeverities; severity++)
      filter.deny.severities.push_back(severity);
    return filter;
  }
};

class Debug final : public DebugFace<IDXGIDebug1> {
public:
  // The live DXGI objects: a message per object with DETAIL, a count with SUMMARY; into the DXGI
  // producer's queue as warnings and into the log. D3D11 objects are reported by ID3D11Debug.
  HRESULT STDMETHODCALLTYPE ReportLiveObjects(GUID apiid, DXGI_DEBUG_RLO_FLAGS flagsValue) override {
    // Through the bytes: an application may pass bits outside the enumeration's values.
    UINT flags = 0;
    std::memcpy(&flags, &flagsValue, sizeof(flags));
    if (flags & ~UINT(DXGI_DEBUG_RLO_ALL))
      return E_INVALIDARG;
    DxgiDebugLayer& layer = DxgiDebugLayer::instance();
    if (layer.producers(apiid).empty())
      return E_INVALIDARG;
    if (!(apiid == util::kDxgiDebugAll || apiid == util::kDxgiDebugDxgi))
      return S_OK;  // no DXGI objects belong to another producer
    std::map<std::string, UINT> counts;
    UINT total = 0;
    std::vector<std::string> lines;
    layer.forEachLive([&](const DxgiLiveObjectInfo& info) {
      if ((flags & DXGI_DEBUG_RLO_IGNORE_INTERNAL) && info.refCount == 0)
        return;
      counts[info.interfaceName]++;
      total++;
      if (flags & DXGI_DEBUG_RLO_DETAIL) {
        lines.push_back(std::string("Live ") + info.interfaceName + " at " + util::pointerToString(info.address) +
                        (info.name.empty() ? "" : ", Name: " + info.name) + ", Refcount: " + std::to_string(info.refCount) +
                        ", IntRef: " + std::to_string(info.internalRefCount));
      }
    });
    if (flags & DXGI_DEBUG_RLO_SUMMARY) {
      for (const auto& [interfaceName, count] : counts)
        lines.push_back("Live " + interfaceName + " : " + std::to_string(count));
      lines.push_back("Live Object : " + std::to_string(total));
    }
    // Outside the registry's lock. Logged at info level: the log sink takes warnings and errors,
    // and these go into the queue here, with the live-object ID.
    for (std::string& line : lines) {
      util::log::info("IDXGIDebug::ReportLiveObjects: ", line);
      post(layer.dxgi(), DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_CREATION, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING,
           D3D11VK_MESSAGE_ID_LIVE_OBJECT, std::move(line));
    }
    return S_OK;
  }
  void STDMETHODCALLTYPE EnableLeakTrackingForThread() override { t_leakTracking = true; }
  void STDMETHODCALLTYPE DisableLeakTrackingForThread() override { t_leakTracking = false; }
  BOOL STDMETHODCALLTYPE IsLeakTrackingEnabledForThread() override { return t_leakTracking; }
};

InfoQueue g_infoQueue;
Debug g_debug;

}  // namespace

void trackDxgiObject(const DxgiLiveObject* object) {
  if (t_leakTracking)
    DxgiDebugLayer::instance().track(object);
}

void untrackDxgiObject(const DxgiLiveObject* object) {
  DxgiDebugLayer::instance().untrack(object);
}

void activateDxgiDebug() {
  util::log::Logger::instance().setSink(&logSink);
}

HRESULT getDxgiDebugInterface(REFIID riid, void** object) {
  if (!object)
    return E_POINTER;
  *object = nullptr;
  activateDxgiDebug();
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIInfoQueue)) {
    g_infoQueue.AddRef();
    *object = static_cast<IDXGIInfoQueue*>(&g_infoQueue);
    return S_OK;
  }
  if (riid == __uuidof(IDXGIDebug) || riid == __uuidof(IDXGIDebug1)) {
    g_debug.AddRef();
    *object = static_cast<IDXGIDebug1*>(&g_debug);
    return S_OK;
  }
  util::logUnknownInterface("DXGIGetDebugInterface1", riid);
  return E_NOINTERFACE;
}

}  // namespace d3d11vk
