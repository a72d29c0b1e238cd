// Integration: the debug layer of a D3D11_CREATE_DEVICE_DEBUG device (docs/debug-layer.md).
// Invalid calls leave messages with the documented IDs in ID3D11InfoQueue; filters, limits and
// the live-object report behave as documented; devices without the flag answer E_NOINTERFACE.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include <d3d11sdklayers.h>
#include <d3d10sdklayers.h>

#include "d3d11vk/d3d11vk_message_ids.h"
#include "util/dxgi_debug_interfaces.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

// WKPDID_D3DDebugObjectName's documented value (the SDK's symbol needs dxguid).
const GUID kDebugObjectName = {0x429b8c22, 0x9188, 0x4b0c, {0x87, 0x42, 0xac, 0xb0, 0xbf, 0x85, 0xc2, 0x00}};

struct Message {
  D3D11_MESSAGE_CATEGORY category;
  D3D11_MESSAGE_SEVERITY severity;
  UINT id;
  std::string text;
};

struct DebugFixture {
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  ComPtr<ID3D11InfoQueue> queue;

  DebugFixture() {
    const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_DEBUG, &level, 1,
                              D3D11_SDK_VERSION, device.put(), nullptr, context.put()) == S_OK);
    REQUIRE(device->QueryInterface(__uuidof(ID3D11InfoQueue), queue.putVoid()) == S_OK);
    queue->ClearStoredMessages();
  }

  // The messages the retrieval filter lets through, read with the documented two-call pattern.
  std::vector<Message> messages() const {
    std::vector<Message> out;
    const UINT64 count = queue->GetNumStoredMessagesAllowedByRetrievalFilter();
    for (UINT64 i = 0; i < count; i++) {
      SIZE_T size = 0;
      REQUIRE(queue->GetMessage(i, nullptr, &size) == S_OK);
      REQUIRE(size > sizeof(D3D11_MESSAGE));
      std::vector<unsigned char> storage(size);
      auto* message = reinterpret_cast<D3D11_MESSAGE*>(storage.data());
      SIZE_T tooSmall = size - 1;
      CHECK(queue->GetMessage(i, message, &tooSmall) == E_INVALIDARG);
      REQUIRE(queue->GetMessage(i, message, &size) == S_OK);
      REQUIRE(message->pDescription);
      CHECK(message->DescriptionByteLength == std::strlen(message->pDescription) + 1);
      out.push_back({message->Category, message->Severity, UINT(message->ID), message->pDescription});
    }
    return out;
  }

  bool has(UINT id) const {
    const std::vector<Message> all = messages();
    return std::any_of(all.begin(), all.end(), [&](const Message& message) { return message.id == id; });
  }

  // What one call leaves in the queue: it is cleared before the call runs.
  template <typename Call> std::vector<Message> after(Call call) {
    queue->ClearStoredMessages();
    call();
    return messages();
  }
};

bool hasId(const std::vector<Message>& messages, UINT id) {
  return std::any_of(messages.begin(), messages.end(), [&](const Message& message) { return message.id == id; });
}

std::string ids(const std::vector<Message>& messages) {
  std::string out;
  for (const Message& message : messages)
    out += std::to_string(message.id) + " (" + message.text + ")\n";
  return out;
}

}  // namespace

TEST_CASE("a device without D3D11_CREATE_DEVICE_DEBUG answers E_NOINTERFACE for the debug interfaces", "[device][debug]") {
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  ComPtr<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(), nullptr,
                            nullptr) == S_OK);
  ComPtr<ID3D11InfoQueue> queue;
  ComPtr<ID3D11Debug> debug;
  CHECK(device->QueryInterface(__uuidof(ID3D11InfoQueue), queue.putVoid()) == E_NOINTERFACE);
  CHECK(device->QueryInterface(__uuidof(ID3D11Debug), debug.putVoid()) == E_NOINTERFACE);
  CHECK_FALSE(queue);
  CHECK_FALSE(debug);
}

TEST_CASE("debug device: the debug interfaces are faces of the device", "[device][debug]") {
  DebugFixture f;
  CHECK((f.device->GetCreationFlags() & D3D11_CREATE_DEVICE_DEBUG) != 0);
  ComPtr<ID3D11Debug> debug;
  REQUIRE(f.device->QueryInterface(__uuidof(ID3D11Debug), debug.putVoid()) == S_OK);
  ComPtr<IUnknown> fromDevice, fromDebug, fromQueue;
  REQUIRE(f.device->QueryInterface(__uuidof(IUnknown), fromDevice.putVoid()) == S_OK);
  REQUIRE(debug->QueryInterface(__uuidof(IUnknown), fromDebug.putVoid()) == S_OK);
  REQUIRE(f.queue->QueryInterface(__uuidof(IUnknown), fromQueue.putVoid()) == S_OK);
  CHECK(fromDevice.get() == fromDebug.get());
  CHECK(fromDevice.get() == fromQueue.get());
  // A D3D11 device does not answer the D3D10 debug interfaces.
  ComPtr<ID3D10InfoQueue> d3d10Queue;
  CHECK(f.device->QueryInterface(__uuidof(ID3D10InfoQueue), d3d10Queue.putVoid()) == E_NOINTERFACE);

  CHECK(debug->SetFeatureMask(0x100000) == E_INVALIDARG);
  CHECK(debug->SetFeatureMask(D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS) == S_OK);
  CHECK(debug->GetFeatureMask() == D3D11_DEBUG_FEATURE_AVOID_BEHAVIOR_CHANGING_DEBUG_AIDS);
  CHECK(debug->SetPresentPerRenderOpDelay(7) == S_OK);
  CHECK(debug->GetPresentPerRenderOpDelay() == 7);
  CHECK(debug->ValidateContext(f.context.get()) == S_OK);
  CHECK(debug->ValidateContext(nullptr) == E_INVALIDARG);
}

TEST_CASE("debug device: invalid creation descriptions leave the documented message IDs", "[device][debug]") {
  DebugFixture f;
  std::vector<Message> got = f.after([&] {
    ComPtr<ID3D11Buffer> buffer;
    CHECK(f.device->CreateBuffer(nullptr, nullptr, buffer.put()) == E_INVALIDARG);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC));
  REQUIRE(!got.empty());
  CHECK(got.front().category == D3D11_MESSAGE_CATEGORY_STATE_CREATION);
  CHECK(got.front().severity == D3D11_MESSAGE_SEVERITY_ERROR);
  CHECK(got.front().text.find("CreateBuffer") != std::string::npos);

  got = f.after([&] {
    D3D11_BUFFER_DESC desc{0, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};  // ByteWidth 0
    ComPtr<ID3D11Buffer> buffer;
    CHECK(f.device->CreateBuffer(&desc, nullptr, buffer.put()) == E_INVALIDARG);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDARG_RETURN));

  got = f.after([&] {
    D3D11_TEXTURE2D_DESC desc{};
    desc.Width = 64;
    desc.Height = 64;
    desc.MipLevels = 1;
    desc.ArraySize = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc = {1, 0};
    desc.Usage = D3D11_USAGE_IMMUTABLE;  // immutable without initial data
    desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
    ComPtr<ID3D11Texture2D> texture;
    CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == E_INVALIDARG);
    CHECK(f.device->CreateTexture2D(nullptr, nullptr, texture.put()) == E_INVALIDARG);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDARG_RETURN));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATETEXTURE2D_NULLDESC));

  got = f.after([&] {
    // A view of a resource without the bind flag.
    D3D11_BUFFER_DESC desc{256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    ComPtr<ID3D11Buffer> buffer;
    REQUIRE(f.device->CreateBuffer(&desc, nullptr, buffer.put()) == S_OK);
    ComPtr<ID3D11ShaderResourceView> view;
    CHECK(f.device->CreateShaderResourceView(buffer.get(), nullptr, view.put()) == E_INVALIDARG);
    ComPtr<ID3D11RenderTargetView> rtv;
    CHECK(f.device->CreateRenderTargetView(buffer.get(), nullptr, rtv.put()) == E_INVALIDARG);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDARG_RETURN));

  got = f.after([&] {
    ComPtr<ID3D11BlendState> blend;
    CHECK(f.device->CreateBlendState(nullptr, blend.put()) == E_INVALIDARG);
    ComPtr<ID3D11SamplerState> sampler;
    CHECK(f.device->CreateSamplerState(nullptr, sampler.put()) == E_INVALIDARG);
    const unsigned char garbage[64] = {1, 2, 3, 4};
    ComPtr<ID3D11PixelShader> shader;
    CHECK(f.device->CreatePixelShader(garbage, sizeof(garbage), nullptr, shader.put()) == E_INVALIDARG);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATEBLENDSTATE_NULLDESC));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATESAMPLERSTATE_NULLDESC));
  CHECK(hasId(got, D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE));
}

TEST_CASE("debug device: binding hazards, out-of-range slots and Map misuse leave their messages", "[device][debug]") {
  DebugFixture f;
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = 16;
  desc.Height = 16;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  ComPtr<ID3D11ShaderResourceView> srv;
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) == S_OK);
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);

  // Bound as input, then as output: the output bind unbinds the input (OMSETRENDERTARGETS_HAZARD).
  std::vector<Message> got = f.after([&] {
    ID3D11ShaderResourceView* views[] = {srv.get()};
    f.context->PSSetShaderResources(0, 1, views);
    ID3D11RenderTargetView* targets[] = {rtv.get()};
    f.context->OMSetRenderTargets(1, targets, nullptr);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_DEVICE_OMSETRENDERTARGETS_HAZARD));
  // Now bound for output: an input bind of it binds null (PSSETSHADERRESOURCES_HAZARD).
  got = f.after([&] {
    ID3D11ShaderResourceView* views[] = {srv.get()};
    f.context->PSSetShaderResources(0, 1, views);
    ComPtr<ID3D11ShaderResourceView> bound;
    f.context->PSGetShaderResources(0, 1, bound.put());
    CHECK_FALSE(bound);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_DEVICE_PSSETSHADERRESOURCES_HAZARD));
  REQUIRE(!got.empty());
  CHECK(got.front().severity == D3D11_MESSAGE_SEVERITY_WARNING);
  CHECK(got.front().category == D3D11_MESSAGE_CATEGORY_STATE_SETTING);

  got = f.after([&] {
    ID3D11Buffer* buffers[2] = {};
    const UINT strides[2] = {}, offsets[2] = {};
    f.context->IASetVertexBuffers(D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT - 1, 2, buffers, strides, offsets);
    ID3D11SamplerState* samplers[2] = {};
    f.context->PSSetSamplers(D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT - 1, 2, samplers);
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_DEVICE_IASETVERTEXBUFFERS_INVALIDRANGE));
  CHECK(hasId(got, D3D11VK_MESSAGE_ID_CALL_IGNORED));

  D3D11_BUFFER_DESC dynamicDesc{256, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  ComPtr<ID3D11Buffer> dynamic;
  REQUIRE(f.device->CreateBuffer(&dynamicDesc, nullptr, dynamic.put()) == S_OK);
  got = f.after([&] {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    CHECK(f.context->Map(dynamic.get(), 0, D3D11_MAP_READ, 0, &mapped) == E_INVALIDARG);  // no CPU read access
    REQUIRE(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
    CHECK(f.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == E_INVALIDARG);  // already mapped
    f.context->Unmap(dynamic.get(), 0);
    f.context->Unmap(dynamic.get(), 0);  // not mapped
    CHECK(f.context->Map(texture.get(), 0, D3D11_MAP_WRITE_DISCARD, 0x100, &mapped) == E_INVALIDARG);  // unknown flag
  });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_BUFFER_MAP_INVALIDMAPTYPE));
  CHECK(hasId(got, D3D11_MESSAGE_ID_BUFFER_MAP_ALREADYMAPPED));
  CHECK(hasId(got, D3D11_MESSAGE_ID_BUFFER_UNMAP_NOTMAPPED));
  CHECK(hasId(got, D3D11_MESSAGE_ID_TEXTURE2D_MAP_INVALIDFLAGS));
  for (const Message& message : got)
    CHECK(message.category == D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION);
}

TEST_CASE("debug device: storage and retrieval filters, the message limit and application messages", "[device][debug]") {
  DebugFixture f;
  ID3D11InfoQueue* queue = f.queue.get();
  CHECK(queue->GetMessageCountLimit() == D3D11_INFO_QUEUE_DEFAULT_MESSAGE_COUNT_LIMIT);
  CHECK(queue->GetStorageFilterStackSize() == 1);

  // Application messages: category APPLICATION_DEFINED, ID STRING_FROM_APPLICATION.
  REQUIRE(queue->AddApplicationMessage(D3D11_MESSAGE_SEVERITY_INFO, "hello from the test") == S_OK);
  CHECK(queue->AddApplicationMessage(D3D11_MESSAGE_SEVERITY(9), "bad severity") == E_INVALIDARG);
  std::vector<Message> got = f.messages();
  REQUIRE(got.size() == 1);
  CHECK(got[0].category == D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED);
  CHECK(UINT(got[0].id) == UINT(D3D11_MESSAGE_ID_STRING_FROM_APPLICATION));
  CHECK(got[0].text == "hello from the test");

  // A storage filter denying warnings keeps errors and counts what it denied.
  queue->ClearStoredMessages();
  D3D11_MESSAGE_SEVERITY denied[] = {D3D11_MESSAGE_SEVERITY_WARNING};
  D3D11_INFO_QUEUE_FILTER filter{};
  filter.DenyList.NumSeverities = 1;
  filter.DenyList.pSeverityList = denied;
  REQUIRE(queue->PushStorageFilter(&filter) == S_OK);
  CHECK(queue->GetStorageFilterStackSize() == 2);
  const UINT64 deniedBefore = queue->GetNumMessagesDeniedByStorageFilter();
  queue->AddMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_WARNING, D3D11_MESSAGE_ID_UNKNOWN, "dropped");
  queue->AddMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_UNKNOWN, "kept");
  CHECK(queue->GetNumMessagesDeniedByStorageFilter() == deniedBefore + 1);
  got = f.messages();
  REQUIRE(got.size() == 1);
  CHECK(got[0].text == "kept");

  // GetStorageFilter hands the filter back in one block, after a size query.
  SIZE_T size = 0;
  REQUIRE(queue->GetStorageFilter(nullptr, &size) == S_OK);
  CHECK(size == sizeof(D3D11_INFO_QUEUE_FILTER) + sizeof(D3D11_MESSAGE_SEVERITY));
  std::vector<unsigned char> block(size);
  auto* read = reinterpret_cast<D3D11_INFO_QUEUE_FILTER*>(block.data());
  REQUIRE(queue->GetStorageFilter(read, &size) == S_OK);
  CHECK(read->DenyList.NumSeverities == 1);
  REQUIRE(read->DenyList.pSeverityList);
  CHECK(read->DenyList.pSeverityList[0] == D3D11_MESSAGE_SEVERITY_WARNING);
  CHECK(read->AllowList.NumCategories == 0);
  queue->PopStorageFilter();
  CHECK(queue->GetStorageFilterStackSize() == 1);

  // A retrieval filter allowing one ID hides the rest without dropping them.
  queue->ClearStoredMessages();
  queue->AddMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_DEVICE_DRAW_SAMPLER_NOT_SET, "a");
  queue->AddMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_UNKNOWN, "b");
  D3D11_MESSAGE_ID allowed[] = {D3D11_MESSAGE_ID_DEVICE_DRAW_SAMPLER_NOT_SET};
  D3D11_INFO_QUEUE_FILTER only{};
  only.AllowList.NumIDs = 1;
  only.AllowList.pIDList = allowed;
  REQUIRE(queue->PushRetrievalFilter(&only) == S_OK);
  CHECK(queue->GetNumStoredMessages() == 2);
  CHECK(queue->GetNumStoredMessagesAllowedByRetrievalFilter() == 1);
  got = f.messages();
  REQUIRE(got.size() == 1);
  CHECK(got[0].text == "a");
  queue->PopRetrievalFilter();
  CHECK(queue->GetNumStoredMessagesAllowedByRetrievalFilter() == 2);

  // The count limit drops the oldest and counts them.
  queue->ClearStoredMessages();
  REQUIRE(queue->SetMessageCountLimit(2) == S_OK);
  const UINT64 discardedBefore = queue->GetNumMessagesDiscardedByMessageCountLimit();
  for (const char* text : {"one", "two", "three"})
    queue->AddMessage(D3D11_MESSAGE_CATEGORY_MISCELLANEOUS, D3D11_MESSAGE_SEVERITY_INFO, D3D11_MESSAGE_ID_UNKNOWN, text);
  CHECK(queue->GetNumMessagesDiscardedByMessageCountLimit() == discardedBefore + 1);
  got = f.messages();
  REQUIRE(got.size() == 2);
  CHECK(got[0].text == "two");
  CHECK(got[1].text == "three");
  CHECK(queue->SetMessageCountLimit(UINT64(-1)) == S_OK);

  // Break-on settings read back (no debugger is attached here, so nothing breaks).
  CHECK(queue->SetBreakOnSeverity(D3D11_MESSAGE_SEVERITY_ERROR, TRUE) == S_OK);
  CHECK(queue->GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY_ERROR));
  CHECK_FALSE(queue->GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY_WARNING));
  CHECK(queue->SetBreakOnID(D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC, TRUE) == S_OK);
  CHECK(queue->GetBreakOnID(D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC));
  ComPtr<ID3D11Buffer> buffer;
  CHECK(f.device->CreateBuffer(nullptr, nullptr, buffer.put()) == E_INVALIDARG);
  CHECK(f.has(D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC));
  queue->SetMuteDebugOutput(TRUE);
  CHECK(queue->GetMuteDebugOutput());
}

TEST_CASE("debug device: ReportLiveDeviceObjects names a leaked texture by its debug name", "[device][debug]") {
  DebugFixture f;
  ComPtr<ID3D11Debug> debug;
  REQUIRE(f.device->QueryInterface(__uuidof(ID3D11Debug), debug.putVoid()) == S_OK);
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = 8;
  desc.Height = 8;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  ComPtr<ID3D11Texture2D> leaked;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, leaked.put()) == S_OK);
  const char name[] = "leaked-albedo";
  REQUIRE(leaked->SetPrivateData(kDebugObjectName, sizeof(name) - 1, name) == S_OK);
  {
    ComPtr<ID3D11Texture2D> released;
    REQUIRE(f.device->CreateTexture2D(&desc, nullptr, released.put()) == S_OK);
    const char other[] = "released-early";
    released->SetPrivateData(kDebugObjectName, sizeof(other) - 1, other);
  }

  CHECK(debug->ReportLiveDeviceObjects(D3D11_RLDO_FLAGS(0x80)) == E_INVALIDARG);
  std::vector<Message> got = f.after([&] { CHECK(debug->ReportLiveDeviceObjects(D3D11_RLDO_DETAIL) == S_OK); });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_LIVE_DEVICE));
  auto texture = std::find_if(got.begin(), got.end(), [](const Message& message) {
    return message.id == UINT(D3D11_MESSAGE_ID_LIVE_TEXTURE2D) && message.text.find("leaked-albedo") != std::string::npos;
  });
  REQUIRE(texture != got.end());
  CHECK(texture->text.find("Refcount: 1") != std::string::npos);
  CHECK(texture->severity == D3D11_MESSAGE_SEVERITY_WARNING);
  CHECK(texture->category == D3D11_MESSAGE_CATEGORY_STATE_CREATION);
  for (const Message& message : got)
    CHECK(message.text.find("released-early") == std::string::npos);

  got = f.after([&] { CHECK(debug->ReportLiveDeviceObjects(D3D11_RLDO_SUMMARY) == S_OK); });
  INFO(ids(got));
  CHECK(hasId(got, D3D11_MESSAGE_ID_LIVE_OBJECT_SUMMARY));
  CHECK_FALSE(hasId(got, D3D11_MESSAGE_ID_LIVE_TEXTURE2D));  // no detail without D3D11_RLDO_DETAIL
  CHECK(std::any_of(got.begin(), got.end(),
                    [](const Message& message) { return message.text.find("ID3D11Texture2D : 1") != std::string::npos; }));
}

TEST_CASE("debug device: its messages are also the DXGI_DEBUG_D3D11 producer's in IDXGIInfoQueue", "[device][debug]") {
  DebugFixture f;
  ComPtr<IDXGIInfoQueue> dxgiQueue;
  REQUIRE(DXGIGetDebugInterface1(0, __uuidof(IDXGIInfoQueue), dxgiQueue.putVoid()) == S_OK);
  dxgiQueue->ClearStoredMessages(util::kDxgiDebugD3D11);
  ComPtr<ID3D11Buffer> buffer;
  CHECK(f.device->CreateBuffer(nullptr, nullptr, buffer.put()) == E_INVALIDARG);
  REQUIRE(dxgiQueue->GetNumStoredMessages(util::kDxgiDebugD3D11) >= 1);
  SIZE_T size = 0;
  REQUIRE(dxgiQueue->GetMessage(util::kDxgiDebugD3D11, 0, nullptr, &size) == S_OK);
  std::vector<unsigned char> storage(size);
  auto* message = reinterpret_cast<DXGI_INFO_QUEUE_MESSAGE*>(storage.data());
  REQUIRE(dxgiQueue->GetMessage(util::kDxgiDebugD3D11, 0, message, &size) == S_OK);
  CHECK(message->Producer == util::kDxgiDebugD3D11);
  CHECK(message->ID == DXGI_INFO_QUEUE_MESSAGE_ID(D3D11_MESSAGE_ID_CREATEBUFFER_NULLDESC));
  CHECK(message->Category == DXGI_INFO_QUEUE_MESSAGE_CATEGORY_STATE_CREATION);
  CHECK(message->Severity == DXGI_INFO_QUEUE_MESSAGE_SEVERITY_ERROR);
}
