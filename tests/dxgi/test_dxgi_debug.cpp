// Integration: the DXGI debug layer through DXGIGetDebugInterface1 (docs/debug-layer.md, "DXGI"):
// IDXGIInfoQueue with a queue per producer, DXGI's refusals in it once the layer is on, and
// IDXGIDebug1::ReportLiveObjects naming live DXGI objects by their debug names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <d3d11vk/d3d11vk_message_ids.h>

#include "util/dxgi_debug_interfaces.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

extern "C" HRESULT WINAPI DXGIGetDebugInterface1(UINT flags, REFIID riid, void** debug);

namespace {

const GUID kDebugObjectName = {0x429b8c22, 0x9188, 0x4b0c, {0x87, 0x42, 0xac, 0xb0, 0xbf, 0x85, 0xc2, 0x00}};

struct Message {
  GUID producer;
  UINT id;
  DXGI_INFO_QUEUE_MESSAGE_SEVERITY severity;
  std::string text;
};

std::vector<Message> messages(IDXGIInfoQueue* queue, const GUID& producer) {
  std::vector<Message> out;
  const UINT64 count = queue->GetNumStoredMessagesAllowedByRetrievalFilters(producer);
  for (UINT64 i = 0; i < count; i++) {
    SIZE_T size = 0;
    REQUIRE(queue->GetMessage(producer, i, nullptr, &size) == S_OK);
    std::vector<unsigned char> storage(size);
    auto* message = reinterpret_cast<DXGI_INFO_QUEUE_MESSAGE*>(storage.data());
    REQUIRE(queue->GetMessage(producer, i, message, &size) == S_OK);
    out.push_back({message->Producer, UINT(message->ID), message->Severity, message->pDescription});
  }
  return out;
}

bool anyText(const std::vector<Message>& all, const std::string& part) {
  return std::any_of(all.begin(), all.end(), [&](const Message& message) { return message.text.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("DXGIGetDebugInterface1 answers IDXGIInfoQueue and IDXGIDebug1 of one process-wide layer", "[dxgi][debug]") {
  ComPtr<IDXGIInfoQueue> queue;
  ComPtr<IDXGIDebug1> debug;
  REQUIRE(DXGIGetDebugInterface1(0, __uuidof(IDXGIInfoQueue), queue.putVoid()) == S_OK);
  REQUIRE(DXGIGetDebugInterface1(0, __uuidof(IDXGIDebug1), debug.putVoid()) == S_OK);
  ComPtr<IUnknown> a, b;
  REQUIRE(queue->QueryInterface(__uuidof(IUnknown), a.putVoid()) == S_OK);
  REQUIRE(debug->QueryInterface(__uuidof(IUnknown), b.putVoid()) == S_OK);
  CHECK(a.get() == b.get());
  ComPtr<IDXGIFactory> notDebug;
  CHECK(DXGIGetDebugInterface1(0, __uuidof(IDXGIFactory), notDebug.putVoid()) == E_NOINTERFACE);
  CHECK_FALSE(notDebug);

  // Producers: the application's messages are the APP producer's and in DXGI_DEBUG_ALL.
  queue->ClearStoredMessages(util::kDxgiDebugAll);
  REQUIRE(queue->AddApplicationMessage(DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING, "from the application") == S_OK);
  CHECK(queue->GetNumStoredMessages(util::kDxgiDebugApp) == 1);
  CHECK(queue->GetNumStoredMessages(util::kDxgiDebugDxgi) == 0);
  std::vector<Message> all = messages(queue.get(), util::kDxgiDebugAll);
  REQUIRE(all.size() == 1);
  CHECK(all[0].producer == util::kDxgiDebugApp);
  CHECK(all[0].text == "from the application");
  const GUID unknown = {0x12345678, 0, 0, {0, 0, 0, 0, 0, 0, 0, 1}};
  CHECK(queue->AddMessage(unknown, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_MISCELLANEOUS, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR, 0,
                          "x") == E_INVALIDARG);
  CHECK(queue->AddMessage(util::kDxgiDebugAll, DXGI_INFO_QUEUE_MESSAGE_CATEGORY_MISCELLANEOUS, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR,
                          0, "x") == E_INVALIDARG);  // a message belongs to one producer

  // DXGI's own refusals become DXGI-producer messages.
  queue->ClearStoredMessages(util::kDxgiDebugAll);
  ComPtr<IDXGIFactory2> factory;
  CHECK(CreateDXGIFactory2(0x80, __uuidof(IDXGIFactory2), factory.putVoid()) == DXGI_ERROR_INVALID_CALL);
  std::vector<Message> dxgi = messages(queue.get(), util::kDxgiDebugDxgi);
  INFO(dxgi.size());
  CHECK(anyText(dxgi, "CreateDXGIFactory2"));

  // A deny-all storage filter keeps the DXGI producer's messages out and counts them.
  queue->ClearStoredMessages(util::kDxgiDebugAll);
  REQUIRE(queue->PushDenyAllStorageFilter(util::kDxgiDebugDxgi) == S_OK);
  CHECK(queue->GetStorageFilterStackSize(util::kDxgiDebugDxgi) == 2);
  const UINT64 denied = queue->GetNumMessagesDeniedByStorageFilter(util::kDxgiDebugDxgi);
  CHECK(CreateDXGIFactory2(0x80, __uuidof(IDXGIFactory2), factory.putVoid()) == DXGI_ERROR_INVALID_CALL);
  CHECK(queue->GetNumStoredMessages(util::kDxgiDebugDxgi) == 0);
  CHECK(queue->GetNumMessagesDeniedByStorageFilter(util::kDxgiDebugDxgi) > denied);
  queue->PopStorageFilter(util::kDxgiDebugDxgi);
  CHECK(queue->GetStorageFilterStackSize(util::kDxgiDebugDxgi) == 1);

  CHECK(queue->SetBreakOnSeverity(util::kDxgiDebugAll, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_CORRUPTION, TRUE) == S_OK);
  CHECK(queue->GetBreakOnSeverity(util::kDxgiDebugDxgi, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_CORRUPTION));
  CHECK(queue->SetBreakOnSeverity(util::kDxgiDebugAll, DXGI_INFO_QUEUE_MESSAGE_SEVERITY_CORRUPTION, FALSE) == S_OK);
}

TEST_CASE("IDXGIDebug1::ReportLiveObjects names a live factory; leak tracking can be turned off per thread", "[dxgi][debug]") {
  ComPtr<IDXGIInfoQueue> queue;
  ComPtr<IDXGIDebug1> debug;
  REQUIRE(DXGIGetDebugInterface1(0, __uuidof(IDXGIInfoQueue), queue.putVoid()) == S_OK);
  REQUIRE(DXGIGetDebugInterface1(0, __uuidof(IDXGIDebug1), debug.putVoid()) == S_OK);
  ComPtr<IDXGIFactory2> named, untracked;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), named.putVoid()) == S_OK);
  const char name[] = "the-named-factory";
  REQUIRE(named->SetPrivateData(kDebugObjectName, sizeof(name) - 1, name) == S_OK);
  CHECK(debug->IsLeakTrackingEnabledForThread());
  debug->DisableLeakTrackingForThread();
  CHECK_FALSE(debug->IsLeakTrackingEnabledForThread());
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory2), untracked.putVoid()) == S_OK);
  const char hidden[] = "made-untracked";
  untracked->SetPrivateData(kDebugObjectName, sizeof(hidden) - 1, hidden);
  debug->EnableLeakTrackingForThread();

  CHECK(debug->ReportLiveObjects(util::kDxgiDebugAll, DXGI_DEBUG_RLO_FLAGS(0x10)) == E_INVALIDARG);
  queue->ClearStoredMessages(util::kDxgiDebugAll);
  REQUIRE(debug->ReportLiveObjects(util::kDxgiDebugAll, DXGI_DEBUG_RLO_ALL) == S_OK);
  std::vector<Message> dxgi = messages(queue.get(), util::kDxgiDebugDxgi);
  auto found = std::find_if(dxgi.begin(), dxgi.end(),
                            [](const Message& message) { return message.text.find("the-named-factory") != std::string::npos; });
  REQUIRE(found != dxgi.end());
  CHECK(found->text.find("IDXGIFactory") != std::string::npos);
  CHECK(found->text.find("Refcount: 1") != std::string::npos);
  CHECK(found->id == UINT(D3D11VK_MESSAGE_ID_LIVE_OBJECT));
  CHECK(found->severity == DXGI_INFO_QUEUE_MESSAGE_SEVERITY_WARNING);
  CHECK_FALSE(anyText(dxgi, "made-untracked"));
  CHECK(anyText(dxgi, "Live Object : "));

  // Released: no longer listed.
  named = nullptr;
  queue->ClearStoredMessages(util::kDxgiDebugAll);
  REQUIRE(debug->ReportLiveObjects(util::kDxgiDebugDxgi, DXGI_DEBUG_RLO_DETAIL) == S_OK);
  CHECK_FALSE(anyText(messages(queue.get(), util::kDxgiDebugDxgi), "the-named-factory"));
}
