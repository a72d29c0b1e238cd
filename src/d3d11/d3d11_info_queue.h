// InfoQueueFace: ID3D11InfoQueue and ID3D10InfoQueue over a device's util::MessageQueue. The two
// interfaces have the same methods on structures of the same layout (D3D11_MESSAGE and
// D3D10_MESSAGE, the filter descriptions), so one template serves both; the traits name the
// types. A face of its device: AddRef, Release and QueryInterface are the device's
// (docs/debug-layer.md).
#pragma once

#include <cstring>

#include "util/com_face.h"
#include "util/info_queue_filters.h"
#include "util/message_queue.h"
#include "util/windows_base.h"

namespace d3d11vk {

struct D3D11InfoQueueTypes {
  using Interface = ID3D11InfoQueue;
  using Message = D3D11_MESSAGE;
  using Filter = D3D11_INFO_QUEUE_FILTER;
  using FilterDesc = D3D11_INFO_QUEUE_FILTER_DESC;
  using Category = D3D11_MESSAGE_CATEGORY;
  using Severity = D3D11_MESSAGE_SEVERITY;
  using Id = D3D11_MESSAGE_ID;
  static constexpr Category kApplicationCategory = D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED;
  static constexpr Id kApplicationId = D3D11_MESSAGE_ID_STRING_FROM_APPLICATION;
  static constexpr UINT kSeverities = UINT(D3D11_MESSAGE_SEVERITY_MESSAGE) + 1;
};

struct D3D10InfoQueueTypes {
  using Interface = ID3D10InfoQueue;
  using Message = D3D10_MESSAGE;
  using Filter = D3D10_INFO_QUEUE_FILTER;
  using FilterDesc = D3D10_INFO_QUEUE_FILTER_DESC;
  using Category = D3D10_MESSAGE_CATEGORY;
  using Severity = D3D10_MESSAGE_SEVERITY;
  using Id = D3D10_MESSAGE_ID;
  static constexpr Category kApplicationCategory = D3D10_MESSAGE_CATEGORY_APPLICATION_DEFINED;
  static constexpr Id kApplicationId = D3D10_MESSAGE_ID_STRING_FROM_APPLICATION;
  static constexpr UINT kSeverities = UINT(D3D10_MESSAGE_SEVERITY_MESSAGE) + 1;
};

template <typename Types, typename Owner>
class InfoQueueFace final : public util::ComFace<typename Types::Interface, Owner> {
  using Filter = typename Types::Filter;
  using Filters = util::InfoQueueFilters<Filter, typename Types::FilterDesc>;

public:
  InfoQueueFace(Owner* owner, util::MessageQueue* queue) : util::ComFace<typename Types::Interface, Owner>(owner), m_queue(queue) {}

  HRESULT STDMETHODCALLTYPE SetMessageCountLimit(UINT64 limit) override {
    m_queue->setLimit(limit);
    return S_OK;
  }
  void STDMETHODCALLTYPE ClearStoredMessages() override { m_queue->clearStored(); }

  // The documented two-call pattern: a null message asks for the size (the structure and the
  // description with its terminating zero); the description is placed right after the structure.
  HRESULT STDMETHODCALLTYPE GetMessage(UINT64 index, typename Types::Message* message, SIZE_T* size) override {
    if (!size)
      return E_INVALIDARG;
    std::optional<util::QueuedMessage> found = m_queue->retrieved(index);
    if (!found)
      return E_INVALIDARG;
    const SIZE_T needed = sizeof(*message) + found->text.size() + 1;
    if (!message) {
      *size = needed;
      return S_OK;
    }
    if (*size < needed) {
      *size = needed;
      return E_INVALIDARG;
    }
    char* text = reinterpret_cast<char*>(message) + sizeof(*message);
    std::memcpy(text, found->text.c_str(), found->text.size() + 1);
    message->Category = typename Types::Category(found->category);
    message->Severity = typename Types::Severity(found->severity);
    // Through the bytes: d3d11vk's own IDs (0x3f0000 and up) are values of D3D11_MESSAGE_ID but
    // lie past D3D10_MESSAGE_ID's range, and a cast to it would be undefined.
    static_assert(sizeof(message->ID) == sizeof(uint32_t));
    std::memcpy(&message->ID, &found->id, sizeof(uint32_t));
    message->pDescription = text;
    message->DescriptionByteLength = found->text.size() + 1;
    *size = needed;
    return S_OK;
  }

  UINT64 STDMETHODCALLTYPE GetNumMessagesAllowedByStorageFilter() override { return m_queue->allowedByStorageFilter(); }
  UINT64 STDMETHODCALLTYPE GetNumMessagesDeniedByStorageFilter() override { return m_queue->deniedByStorageFilter(); }
  UINT64 STDMETHODCALLTYPE GetNumStoredMessages() override { return m_queue->stored(); }
  UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilter() override {
    return m_queue->storedAllowedByRetrievalFilter();
  }
  UINT64 STDMETHODCALLTYPE GetNumMessagesDiscardedByMessageCountLimit() override { return m_queue->discardedByLimit(); }
  UINT64 STDMETHODCALLTYPE GetMessageCountLimit() override { return m_queue->limit(); }

  HRESULT STDMETHODCALLTYPE AddStorageFilterEntries(Filter* filter) override {
    return m_queue->withStorageFilters([&](util::MessageFilterStack& stack) { return Filters::addEntries(stack, filter); });
  }
  HRESULT STDMETHODCALLTYPE GetStorageFilter(Filter* filter, SIZE_T* size) override {
    return m_queue->withStorageFilters([&](util::MessageFilterStack& stack) { return Filters::toApi(stack.top(), filter, size); });
  }
  void STDMETHODCALLTYPE ClearStorageFilter() override {
    m_queue->withStorageFilters([](util::MessageFilterStack& stack) { stack.top() = {}; });
  }
  HRESULT STDMETHODCALLTYPE PushEmptyStorageFilter() override {
    return m_queue->withStorageFilters([](util::MessageFilterStack& stack) { return pushEmpty(stack); });
  }
  HRESULT STDMETHODCALLTYPE PushCopyOfStorageFilter() override {
    return m_queue->withStorageFilters([](util::MessageFilterStack& stack) { return pushCopy(stack); });
  }
  HRESULT STDMETHODCALLTYPE PushStorageFilter(Filter* filter) override {
    return m_queue->withStorageFilters([&](util::MessageFilterStack& stack) { return push(stack, filter); });
  }
  void STDMETHODCALLTYPE PopStorageFilter() override {
    m_queue->withStorageFilters([](util::MessageFilterStack& stack) { stack.pop(); });
  }
  UINT STDMETHODCALLTYPE GetStorageFilterStackSize() override {
    return m_queue->withStorageFilters([](util::MessageFilterStack& stack) { return UINT(stack.size()); });
  }

  HRESULT STDMETHODCALLTYPE AddRetrievalFilterEntries(Filter* filter) override {
    return m_queue->withRetrievalFilters([&](util::MessageFilterStack& stack) { return Filters::addEntries(stack, filter); });
  }
  HRESULT STDMETHODCALLTYPE GetRetrievalFilter(Filter* filter, SIZE_T* size) override {
    return m_queue->withRetrievalFilters([&](util::MessageFilterStack& stack) { return Filters::toApi(stack.top(), filter, size); });
  }
  void STDMETHODCALLTYPE ClearRetrievalFilter() override {
    m_queue->withRetrievalFilters([](util::MessageFilterStack& stack) { stack.top() = {}; });
  }
  HRESULT STDMETHODCALLTYPE PushEmptyRetrievalFilter() override {
    return m_queue->withRetrievalFilters([](util::MessageFilterStack& stack) { return pushEmpty(stack); });
  }
  HRESULT STDMETHODCALLTYPE PushCopyOfRetrievalFilter() override {
    return m_queue->withRetrievalFilters([](util::MessageFilterStack& stack) { return pushCopy(stack); });
  }
  HRESULT STDMETHODCALLTYPE PushRetrievalFilter(Filter* filter) override {
    return m_queue->withRetrievalFilters([&](util::MessageFilterStack& stack) { return push(stack, filter); });
  }
  void STDMETHODCALLTYPE PopRetrievalFilter() override {
    m_queue->withRetrievalFilters([](util::MessageFilterStack& stack) { stack.pop(); });
  }
  UINT STDMETHODCALLTYPE GetRetrievalFilterStackSize() override {
    return m_queue->withRetrievalFilters([](util::MessageFilterStack& stack) { return UINT(stack.size()); });
  }

  HRESULT STDMETHODCALLTYPE AddMessage(typename Types::Category category, typename Types::Severity severity,
                                       typename Types::Id id, const char* description) override {
    if (!description || UINT(severity) >= Types::kSeverities)
      return E_INVALIDARG;
    if (m_queue->add(util::QueuedMessage{uint32_t(category), uint32_t(severity), uint32_t(id), description}))
      util::debugBreakIfDebugged();
    return S_OK;
  }
  HRESULT STDMETHODCALLTYPE AddApplicationMessage(typename Types::Severity severity, const char* description) override {
    return AddMessage(Types::kApplicationCategory, severity, Types::kApplicationId, description);
  }

  HRESULT STDMETHODCALLTYPE SetBreakOnCategory(typename Types::Category category, BOOL enable) override {
    m_queue->setBreak(util::BreakKind::Category, uint32_t(category), enable != FALSE);
    return S_OK;
  }
  HRESULT STDMETHODCALLTYPE SetBreakOnSeverity(typename Types::Severity severity, BOOL enable) override {
    if (UINT(severity) >= Types::kSeverities)
      return E_INVALIDARG;
    m_queue->setBreak(util::BreakKind::Severity, uint32_t(severity), enable != FALSE);
    return S_OK;
  }
  HRESULT STDMETHODCALLTYPE SetBreakOnID(typename Types::Id id, BOOL enable) override {
    m_queue->setBreak(util::BreakKind::Id, uint32_t(id), enable != FALSE);
    return S_OK;
  }
  BOOL STDMETHODCALLTYPE GetBreakOnCategory(typename Types::Category category) override {
    return m_queue->breaksOn(util::BreakKind::Category, uint32_t(category));
  }
  BOOL STDMETHODCALLTYPE GetBreakOnSeverity(typename Types::Severity severity) override {
    return m_queue->breaksOn(util::BreakKind::Severity, uint32_t(severity));
  }
  BOOL STDMETHODCALLTYPE GetBreakOnID(typename Types::Id id) override { return m_queue->breaksOn(util::BreakKind::Id, uint32_t(id)); }
  void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL mute) override { m_queue->setMuteDebugOutput(mute != FALSE); }
  BOOL STDMETHODCALLTYPE GetMuteDebugOutput() override { return m_queue->muteDebugOutput(); }

private:
  static HRESULT pushEmpty(util::MessageFilterStack& stack) {
    stack.push({});
    return S_OK;
  }
  static HRESULT pushCopy(util::MessageFilterStack& stack) {
    stack.push(stack.top());
    return S_OK;
  }
  static HRESULT push(util::MessageFilterStack& stack, const Filter* filter) {
    if (!filter)
      return E_INVALIDARG;
    stack.push(Filters::fromApi(*filter));
    return S_OK;
  }

  util::MessageQueue* m_queue;
};

}  // namespace d3d11vk
