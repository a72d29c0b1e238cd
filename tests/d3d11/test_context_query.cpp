// Integration: Begin/End/GetData for event, occlusion, timestamp, disjoint and pipeline
// statistics queries on the machine's Vulkan device (validation layer on).
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "context_test_util.h"

using namespace context_test;

namespace {

ComPtr<ID3D11Query> makeQuery(Fixture& f, D3D11_QUERY type) {
  D3D11_QUERY_DESC desc{type, 0};
  ComPtr<ID3D11Query> query;
  REQUIRE(f.device->CreateQuery(&desc, query.put()) == S_OK);
  return query;
}

// Polls GetData until it answers S_OK (at most a few seconds).
template <typename T>
T waitForData(Fixture& f, ID3D11Asynchronous* query) {
  T data{};
  HRESULT hr = S_FALSE;
  for (int i = 0; i < 5000 && hr == S_FALSE; ++i) {
    hr = f.context->GetData(query, &data, sizeof(data), 0);
    if (hr == S_FALSE)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  REQUIRE(hr == S_OK);
  return data;
}

}  // namespace

TEST_CASE("an event query signals once the work before it has completed", "[device][context]") {
  Fixture f;
  auto event = makeQuery(f, D3D11_QUERY_EVENT);
  BOOL done = FALSE;
  CHECK(f.context->GetData(event.get(), &done, sizeof(done), 0) == DXGI_ERROR_INVALID_CALL);  // never issued
  auto texture = f.texture2D(256, 256, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  const float color[4] = {0.1f, 0.2f, 0.3f, 0.4f};
  f.context->ClearRenderTargetView(rtv.get(), color);
  f.context->End(event.get());
  CHECK(waitForData<BOOL>(f, event.get()) == TRUE);
  // Wrong sizes and flags are refused.
  CHECK(f.context->GetData(event.get(), &done, 1, 0) == E_INVALIDARG);
  CHECK(f.context->GetData(event.get(), &done, sizeof(done), 0x8) == E_INVALIDARG);
  CHECK(f.context->GetData(event.get(), nullptr, 0, 0) == S_OK);
}

TEST_CASE("an occlusion query with no draws counts zero samples", "[device][context]") {
  Fixture f;
  auto occlusion = makeQuery(f, D3D11_QUERY_OCCLUSION);
  f.context->Begin(occlusion.get());
  UINT64 samples = 1;
  CHECK(f.context->GetData(occlusion.get(), &samples, sizeof(samples), 0) == DXGI_ERROR_INVALID_CALL);  // building
  f.context->Flush();  // the query spans a submission boundary
  f.context->End(occlusion.get());
  CHECK(waitForData<UINT64>(f, occlusion.get()) == 0);

  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  ComPtr<ID3D11Predicate> predicate;
  REQUIRE(f.device->CreatePredicate(&desc, predicate.put()) == S_OK);
  f.context->Begin(predicate.get());
  f.context->End(predicate.get());
  CHECK(waitForData<BOOL>(f, predicate.get()) == FALSE);
}

TEST_CASE("timestamps increase and the disjoint query reports the tick frequency", "[device][context]") {
  Fixture f;
  auto disjoint = makeQuery(f, D3D11_QUERY_TIMESTAMP_DISJOINT);
  auto first = makeQuery(f, D3D11_QUERY_TIMESTAMP);
  auto second = makeQuery(f, D3D11_QUERY_TIMESTAMP);
  f.context->Begin(disjoint.get());
  f.context->End(first.get());
  auto texture = f.texture2D(512, 512, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  const float color[4] = {1, 1, 1, 1};
  f.context->ClearRenderTargetView(rtv.get(), color);
  f.context->End(second.get());
  f.context->End(disjoint.get());
  auto frequency = waitForData<D3D11_QUERY_DATA_TIMESTAMP_DISJOINT>(f, disjoint.get());
  CHECK(frequency.Frequency > 0);
  CHECK(frequency.Disjoint == FALSE);
  UINT64 a = waitForData<UINT64>(f, first.get());
  UINT64 b = waitForData<UINT64>(f, second.get());
  CHECK(b >= a);
}

TEST_CASE("a pipeline statistics query with no draws reports zeros", "[device][context]") {
  Fixture f;
  auto stats = makeQuery(f, D3D11_QUERY_PIPELINE_STATISTICS);
  f.context->Begin(stats.get());
  f.context->End(stats.get());
  auto data = waitForData<D3D11_QUERY_DATA_PIPELINE_STATISTICS>(f, stats.get());
  CHECK(data.IAVertices == 0);
  CHECK(data.VSInvocations == 0);
  CHECK(data.PSInvocations == 0);
  CHECK(data.CSInvocations == 0);
}

TEST_CASE("GetData with DONOTFLUSH does not submit the query by itself", "[device][context]") {
  Fixture f;
  auto event = makeQuery(f, D3D11_QUERY_EVENT);
  f.context->End(event.get());
  BOOL done = FALSE;
  // Nothing has been submitted: without a flush the event cannot complete.
  for (int i = 0; i < 20; ++i)
    CHECK(f.context->GetData(event.get(), &done, sizeof(done), D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_FALSE);
  f.context->Flush();
  CHECK(waitForData<BOOL>(f, event.get()) == TRUE);
}
