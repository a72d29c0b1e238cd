// InfoQueueFilters: the filter structures of the info queues (D3D11_INFO_QUEUE_FILTER,
// D3D10_INFO_QUEUE_FILTER, DXGI_INFO_QUEUE_FILTER: the same shape over different enums), to and
// from util::MessageFilter. Shared by d3d11's and dxgi's queues (docs/debug-layer.md).
#pragma once

#include <type_traits>
#include <vector>

#include "util/message_queue.h"
#include "util/windows_base.h"

namespace util {

// The filter structures of the info queues, to and from MessageFilter. Get*Filter hands the
// filter back in one block: the structure, then its lists, as the documented size query implies.
template <typename Filter, typename FilterDesc>
class InfoQueueFilters {
public:
  static MessageFilter fromApi(const Filter& filter) {
    return MessageFilter{list(filter.AllowList), list(filter.DenyList)};
  }

  static SIZE_T byteSize(const MessageFilter& filter) {
    return sizeof(Filter) + listBytes(filter.allow) + listBytes(filter.deny);
  }

  // S_OK with the filter written; *size is the size needed when `out` is null (S_OK) or too small
  // (E_INVALIDARG).
  static HRESULT toApi(const MessageFilter& filter, Filter* out, SIZE_T* size) {
    if (!size)
      return E_INVALIDARG;
    const SIZE_T needed = byteSize(filter);
    if (!out) {
      *size = needed;
      return S_OK;
    }
    if (*size < needed) {
      *size = needed;
      return E_INVALIDARG;
    }
    unsigned char* cursor = reinterpret_cast<unsigned char*>(out) + sizeof(Filter);
    write(filter.allow, &out->AllowList, &cursor);
    write(filter.deny, &out->DenyList, &cursor);
    *size = needed;
    return S_OK;
  }

  // AddStorageFilterEntries / AddRetrievalFilterEntries: the entries join the top filter's lists.
  static HRESULT addEntries(MessageFilterStack& stack, const Filter* filter) {
    if (!filter)
      return E_INVALIDARG;
    const MessageFilter added = fromApi(*filter);
    stack.top().allow.append(added.allow);
    stack.top().deny.append(added.deny);
    return S_OK;
  }

private:
  template <typename Enum>
  static std::vector<uint32_t> values(UINT count, const Enum* list) {
    std::vector<uint32_t> out;
    if (list)
      for (UINT i = 0; i < count; i++)
        out.push_back(uint32_t(list[i]));
    return out;
  }

  static MessageFilterList list(const FilterDesc& desc) {
    return MessageFilterList{values(desc.NumCategories, desc.pCategoryList),
                                   values(desc.NumSeverities, desc.pSeverityList), values(desc.NumIDs, desc.pIDList)};
  }

  static SIZE_T listBytes(const MessageFilterList& list) {
    return sizeof(*FilterDesc{}.pCategoryList) * list.categories.size() +
           sizeof(*FilterDesc{}.pSeverityList) * list.severities.size() + sizeof(*FilterDesc{}.pIDList) * list.ids.size();
  }

  template <typename Enum>
  static Enum* place(const std::vector<uint32_t>& values, unsigned char** cursor) {
    if (values.empty())
      return nullptr;
    Enum* start = reinterpret_cast<Enum*>(*cursor);
    for (size_t i = 0; i < values.size(); i++)
      start[i] = Enum(values[i]);
    *cursor += sizeof(Enum) * values.size();
    return start;
  }

  static void write(const MessageFilterList& list, FilterDesc* desc, unsigned char** cursor) {
    using Category = std::remove_pointer_t<decltype(desc->pCategoryList)>;
    using Severity = std::remove_pointer_t<decltype(desc->pSeverityList)>;
    using Id = std::remove_pointer_t<decltype(desc->pIDList)>;
    desc->NumCategories = UINT(list.categories.size());
    desc->pCategoryList = place<Category>(list.categories, cursor);
    desc->NumSeverities = UINT(list.severities.size());
    desc->pSeverityList = place<Severity>(list.severities, cursor);
    desc->NumIDs = UINT(list.ids.size());
    desc->pIDList = place<Id>(list.ids, cursor);
  }
};

}  // namespace util
