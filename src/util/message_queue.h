// MessageQueue: the store behind the debug layer's info queues (ID3D11InfoQueue, ID3D10InfoQueue,
// IDXGIInfoQueue): messages with a category, severity and ID, a storage-filter stack that decides
// what is kept, a retrieval-filter stack that decides what GetMessage sees, a count limit that
// drops the oldest, and break-on settings. API-neutral: the faces convert their enums and
// structures (docs/debug-layer.md).
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace util {

struct QueuedMessage {
  uint32_t category = 0;
  uint32_t severity = 0;
  uint32_t id = 0;
  std::string text;
};

// One side of a filter (D3D11_INFO_QUEUE_FILTER_DESC): what it names by category, severity and ID.
struct MessageFilterList {
  std::vector<uint32_t> categories, severities, ids;
  bool empty() const { return categories.empty() && severities.empty() && ids.empty(); }
  void append(const MessageFilterList& other);
};

// D3D11_INFO_QUEUE_FILTER: a message passes when, for each of category, severity and ID, the
// allow list names none or names the message's, and the deny list names none of them. The empty
// filter passes everything.
struct MessageFilter {
  MessageFilterList allow, deny;
  bool passes(const QueuedMessage& message) const;
};

// A filter stack: only the top filter is in force. It never goes below one entry (the empty
// filter every queue starts with); popping that one leaves an empty filter in its place.
class MessageFilterStack {
public:
  const MessageFilter& top() const { return m_stack.back(); }
  MessageFilter& top() { return m_stack.back(); }
  void push(MessageFilter filter) { m_stack.push_back(std::move(filter)); }
  void pop();
  size_t size() const { return m_stack.size(); }

private:
  std::vector<MessageFilter> m_stack{1};
};

enum class BreakKind { Category, Severity, Id };

class MessageQueue {
public:
  static constexpr uint64_t kDefaultLimit = 1024;  // D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT
  static constexpr uint64_t kNoLimit = UINT64_MAX;

  // Stores the message if the storage filter passes it (counted either way), dropping the oldest
  // beyond the limit. Returns whether a break-on setting matches a stored message.
  bool add(QueuedMessage message);

  // Every method below takes the queue's lock: messages arrive from any thread.
  void setLimit(uint64_t limit);
  uint64_t limit() const;
  void clearStored();
  // The index-th stored message that passes the retrieval filter.
  std::optional<QueuedMessage> retrieved(uint64_t index) const;
  uint64_t allowedByStorageFilter() const;
  uint64_t deniedByStorageFilter() const;
  uint64_t stored() const;
  uint64_t storedAllowedByRetrievalFilter() const;
  uint64_t discardedByLimit() const;

  // Either filter stack, under the lock, through a callback: Get/Push/Pop/Add/Clear differ only
  // in what they do to the stack.
  template <typename Function> auto withStorageFilters(Function function) {
    std::lock_guard lock(m_mutex);
    return function(m_storage);
  }
  template <typename Function> auto withRetrievalFilters(Function function) {
    std::lock_guard lock(m_mutex);
    return function(m_retrieval);
  }

  void setBreak(BreakKind kind, uint32_t value, bool enable);
  bool breaksOn(BreakKind kind, uint32_t value) const;
  void setMuteDebugOutput(bool mute);
  bool muteDebugOutput() const;

private:
  bool breaksLocked(const QueuedMessage& message) const;

  mutable std::mutex m_mutex;
  std::deque<QueuedMessage> m_messages;
  MessageFilterStack m_storage, m_retrieval;
  uint64_t m_limit = kDefaultLimit;
  uint64_t m_allowed = 0, m_denied = 0, m_discarded = 0;
  std::vector<uint32_t> m_breakCategories, m_breakSeverities, m_breakIds;
  bool m_mute = false;
};

// A debug break when a debugger is attached to the process (SetBreakOn* of the info queues);
// nothing otherwise, so a program that sets them runs on outside a debugger.
void debugBreakIfDebugged();

}  // namespace util
