// The DXGI debug interfaces (IDXGIInfoQueue, IDXGIDebug1) and their types. Wine's headers (the
// native build) declare them; Debian 12's mingw-w64 headers (the PE build) have IDXGIDebug only,
// so this declares the rest there, with the layouts and IIDs Microsoft's dxgidebug.h documents.
#pragma once

#include "util/windows_base.h"

#include <dxgidebug.h>

typedef GUID DXGI_DEBUG_ID;

#ifndef __IDXGIInfoQueue_INTERFACE_DEFINED__
#define __IDXGIInfoQueue_INTERFACE_DEFINED__

typedef int DXGI_INFO_QUEUE_MESSAGE_ID;

typedef enum DXGI_INFO_QUEUE_MESSAGE_CATEGORY {
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_UNKNOWN = 0,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_MISCELLANEOUS = 1,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_INITIALIZATION = 2,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_CLEANUP = 3,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_COMPILATION = 4,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_CREATION = 5,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_SETTING = 6,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_GETTING = 7,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_RESOURCE_MANIPULATION = 8,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_EXECUTION = 9,
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY_SHADER = 10,
} DXGI_INFO_QUEUE_MESSAGE_CATEGORY;

typedef enum DXGI_INFO_QUEUE_MESSAGE_SEVERITY {
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY_CORRUPTION = 0,
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR = 1,
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING = 2,
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY_INFO = 3,
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY_MESSAGE = 4,
} DXGI_INFO_QUEUE_MESSAGE_SEVERITY;

typedef struct DXGI_INFO_QUEUE_MESSAGE {
  DXGI_DEBUG_ID Producer;
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY Category;
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY Severity;
  DXGI_INFO_QUEUE_MESSAGE_ID ID;
  const char* pDescription;
  SIZE_T DescriptionByteLength;
} DXGI_INFO_QUEUE_MESSAGE;

typedef struct DXGI_INFO_QUEUE_FILTER_DESC {
  UINT NumCategories;
  DXGI_INFO_QUEUE_MESSAGE_CATEGORY* pCategoryList;
  UINT NumSeverities;
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY* pSeverityList;
  UINT NumIDs;
  DXGI_INFO_QUEUE_MESSAGE_ID* pIDList;
} DXGI_INFO_QUEUE_FILTER_DESC;

typedef struct DXGI_INFO_QUEUE_FILTER {
  DXGI_INFO_QUEUE_FILTER_DESC AllowList;
  DXGI_INFO_QUEUE_FILTER_DESC DenyList;
} DXGI_INFO_QUEUE_FILTER;

#define DXGI_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT 1024

MIDL_INTERFACE("d67441c7-672a-476f-9e82-cd55b44949ce")
IDXGIInfoQueue : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE SetMessageCountLimit(DXGI_DEBUG_ID producer, UINT64 limit) = 0;
  virtual void STDMETHODCALLTYPE ClearStoredMessages(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetMessage(DXGI_DEBUG_ID producer, UINT64 index, DXGI_INFO_QUEUE_MESSAGE* message,
                                               SIZE_T* message_length) = 0;
  virtual UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilters(DXGI_DEBUG_ID producer) = 0;
  virtual UINT64 STDMETHODCALLTYPE GetNumStoredMessages(DXGI_DEBUG_ID producer) = 0;
  virtual UINT64 STDMETHODCALLTYPE GetNumMessagesDiscardedByMessageCountLimit(DXGI_DEBUG_ID producer) = 0;
  virtual UINT64 STDMETHODCALLTYPE GetMessageCountLimit(DXGI_DEBUG_ID producer) = 0;
  virtual UINT64 STDMETHODCALLTYPE GetNumMessagesAllowedByStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual UINT64 STDMETHODCALLTYPE GetNumMessagesDeniedByStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE AddStorageFilterEntries(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetStorageFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter, SIZE_T* length) = 0;
  virtual void STDMETHODCALLTYPE ClearStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushEmptyStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushDenyAllStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushCopyOfStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushStorageFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) = 0;
  virtual void STDMETHODCALLTYPE PopStorageFilter(DXGI_DEBUG_ID producer) = 0;
  virtual UINT STDMETHODCALLTYPE GetStorageFilterStackSize(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE AddRetrievalFilterEntries(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) = 0;
  virtual HRESULT STDMETHODCALLTYPE GetRetrievalFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter, SIZE_T* length) = 0;
  virtual void STDMETHODCALLTYPE ClearRetrievalFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushEmptyRetrievalFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushDenyAllRetrievalFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushCopyOfRetrievalFilter(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE PushRetrievalFilter(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_FILTER* filter) = 0;
  virtual void STDMETHODCALLTYPE PopRetrievalFilter(DXGI_DEBUG_ID producer) = 0;
  virtual UINT STDMETHODCALLTYPE GetRetrievalFilterStackSize(DXGI_DEBUG_ID producer) = 0;
  virtual HRESULT STDMETHODCALLTYPE AddMessage(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY category,
                                               DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity, DXGI_INFO_QUEUE_MESSAGE_ID id,
                                               LPCSTR description) = 0;
  virtual HRESULT STDMETHODCALLTYPE AddApplicationMessage(DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity, LPCSTR description) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetBreakOnCategory(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY category,
                                                       BOOL enable) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetBreakOnSeverity(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity,
                                                       BOOL enable) = 0;
  virtual HRESULT STDMETHODCALLTYPE SetBreakOnID(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_ID id, BOOL enable) = 0;
  virtual BOOL STDMETHODCALLTYPE GetBreakOnCategory(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_CATEGORY category) = 0;
  virtual BOOL STDMETHODCALLTYPE GetBreakOnSeverity(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity) = 0;
  virtual BOOL STDMETHODCALLTYPE GetBreakOnID(DXGI_DEBUG_ID producer, DXGI_INFO_QUEUE_MESSAGE_ID id) = 0;
  virtual void STDMETHODCALLTYPE SetMuteDebugOutput(DXGI_DEBUG_ID producer, BOOL mute) = 0;
  virtual BOOL STDMETHODCALLTYPE GetMuteDebugOutput(DXGI_DEBUG_ID producer) = 0;
};
__CRT_UUID_DECL(IDXGIInfoQueue, 0xd67441c7, 0x672a, 0x476f, 0x9e, 0x82, 0xcd, 0x55, 0xb4, 0x49, 0x49, 0xce)

#endif  // __IDXGIInfoQueue_INTERFACE_DEFINED__

#ifndef __IDXGIDebug1_INTERFACE_DEFINED__
#define __IDXGIDebug1_INTERFACE_DEFINED__

MIDL_INTERFACE("c5a05f0c-16f2-4adf-9f4d-a8c4d58ac550")
IDXGIDebug1 : public IDXGIDebug {
  virtual void STDMETHODCALLTYPE EnableLeakTrackingForThread() = 0;
  virtual void STDMETHODCALLTYPE DisableLeakTrackingForThread() = 0;
  virtual BOOL STDMETHODCALLTYPE IsLeakTrackingEnabledForThread() = 0;
};
__CRT_UUID_DECL(IDXGIDebug1, 0xc5a05f0c, 0x16f2, 0x4adf, 0x9f, 0x4d, 0xa8, 0xc4, 0xd5, 0x8a, 0xc5, 0x50)

#endif  // __IDXGIDebug1_INTERFACE_DEFINED__

namespace util {

// The producers, by their documented values (the SDK's symbols need dxguid, which the native build
// does not link). Wine's and mingw-w64's headers spell DXGI_DEBUG_APP with 0x90 where Microsoft's
// has 0x09; both are taken as the application producer.
inline constexpr GUID kDxgiDebugAll = {0xe48ae283, 0xda80, 0x490b, {0x87, 0xe6, 0x43, 0xe9, 0xa9, 0xcf, 0xda, 0x08}};
inline constexpr GUID kDxgiDebugDx = {0x35cdd7fc, 0x13b2, 0x421d, {0xa5, 0xd7, 0x7e, 0x44, 0x51, 0x28, 0x7d, 0x64}};
inline constexpr GUID kDxgiDebugDxgi = {0x25cddaa4, 0xb1c6, 0x47e1, {0xac, 0x3e, 0x98, 0x87, 0x5b, 0x5a, 0x2e, 0x2a}};
inline constexpr GUID kDxgiDebugApp = {0x06cd6e01, 0x4219, 0x4ebd, {0x87, 0x09, 0x27, 0xed, 0x23, 0x36, 0x0c, 0x62}};
inline constexpr GUID kDxgiDebugAppHeaders = {0x06cd6e01, 0x4219, 0x4ebd, {0x87, 0x90, 0x27, 0xed, 0x23, 0x36, 0x0c, 0x62}};
inline constexpr GUID kDxgiDebugD3D11 = {0x4b99317b, 0xac39, 0x4aa6, {0xbb, 0x0b, 0xba, 0xa0, 0x47, 0x84, 0x79, 0x8f}};

}  // namespace util
