#include "util/message_queue.h"

#include <algorithm>
#include <csignal>
#include <fstream>

#ifdef _WIN32
#include <windows.h>
#endif

namespace util {

namespace {

bool contains(const std::vector<uint32_t>& list, uint32_t value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

void appendUnique(std::vector<uint32_t>* to, const std::vector<uint32_t>& from) {
  for (uint32_t value : from)
    if (!contains(*to, value))
      to->push_back(value);
}

}  // namespace

void MessageFilterList::append(const MessageFilterList& other) {
  appendUnique(&categories, other.categories);
  appendUnique(&severities, other.severities);
  appendUnique(&ids, other.ids);
}

bool MessageFilter::passes(const QueuedMessage& message) const {
  if ((!allow.categories.empty() && !contains(allow.categories, message.category)) ||
      (!allow.severities.empty() && !contains(allow.severities, message.severity)) ||
      (!allow.ids.empty() && !contains(allow.ids, message.id)))
    return false;
  return !contains(deny.categories, message.category) && !contains(deny.severities, message.severity) &&
         !contains(deny.ids, message.id);
}

void MessageFilterStack::pop() {
  if (m_stack.size() > 1)
    m_stack.pop_back();
  else
    m_stack.back() = MessageFilter{};
}

bool MessageQueue::add(QueuedMessage message) {
  std::lock_guard lock(m_mutex);
  if (!m_storage.top().passes(message)) {
    m_denied++;
    return false;
  }
  m_allowed++;
  const bool breaks = breaksLocked(message);
  if (m_limit == 0) {
    m_discarded++;
    return breaks;
  }
  m_messages.push_back(std::move(message));
  while (m_messages.size() > m_limit) {
    m_messages.pop_front();
    m_discarded++;
  }
  return breaks;
}

void MessageQueue::setLimit(uint64_t limit) {
  std::lock_guard lock(m_mutex);
  m_limit = limit;
  while (m_messages.size() > m_limit) {
    m_messages.pop_front();
    m_discarded++;
  }
}

uint64_t MessageQueue::limit() const {
  std::lock_guard lock(m_mutex);
  return m_limit;
}

void MessageQueue::clearStored() {
  std::lock_guard lock(m_mutex);
  m_messages.clear();
}

std::optional<QueuedMessage> MessageQueue::retrieved(uint64_t index) const {
  std::lock_guard lock(m_mutex);
  for (const QueuedMessage& message : m_messages) {
    if (!m_retrieval.top().passes(message))
      continue;
    if (index == 0)
      return message;
    index--;
  }
  return std::nullopt;
}

uint64_t MessageQueue::allowedByStorageFilter() const {
  std::lock_guard lock(m_mutex);
  return m_allowed;
}

uint64_t MessageQueue::deniedByStorageFilter() const {
  std::lock_guard lock(m_mutex);
  return m_denied;
}

uint64_t MessageQueue::stored() const {
  std::lock_guard lock(m_mutex);
  return m_messages.size();
}

uint64_t MessageQueue::storedAllowedByRetrievalFilter() const {
  std::lock_guard lock(m_mutex);
  return uint64_t(std::count_if(m_messages.begin(), m_messages.end(),
                                [&](const QueuedMessage& message) { return m_retrieval.top().passes(message); }));
}

uint64_t MessageQueue::discardedByLimit() const {
  std::lock_guard lock(m_mutex);
  return m_discarded;
}

void MessageQueue::setBreak(BreakKind kind, uint32_t value, bool enable) {
  std::lock_guard lock(m_mutex);
  std::vector<uint32_t>& list =
      kind == BreakKind::Category ? m_breakCategories : kind == BreakKind::Severity ? m_breakSeverities : m_breakIds;
  const auto found = std::find(list.begin(), list.end(), value);
  if (enable && found == list.end())
    list.push_back(value);
  else if (!enable && found != list.end())
    list.erase(found);
}

bool MessageQueue::breaksOn(BreakKind kind, uint32_t value) const {
  std::lock_guard lock(m_mutex);
  return contains(kind == BreakKind::Category ? m_breakCategories
                  : kind == BreakKind::Severity ? m_breakSeverities
                                                : m_breakIds,
                  value);
}

bool MessageQueue::breaksLocked(const QueuedMessage& message) const {
  return contains(m_breakCategories, message.category) || contains(m_breakSeverities, message.severity) ||
         contains(m_breakIds, message.id);
}

void MessageQueue::setMuteDebugOutput(bool mute) {
  std::lock_guard lock(m_mutex);
  m_mute = mute;
}

bool MessageQueue::muteDebugOutput() const {
  std::lock_guard lock(m_mutex);
  return m_mute;
}

void debugBreakIfDebugged() {
#ifdef _WIN32
  if (IsDebuggerPresent())
    DebugBreak();
#else
  // Linux names the tracing process (a debugger) in /proc/self/status; 0 when there is none.
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("TracerPid:", 0) == 0) {
      if (std::stol(line.substr(10)) != 0)
        std::raise(SIGTRAP);
      return;
    }
  }
#endif
}

}  // namespace util
