// Integration: deferred contexts and command lists (docs/deferred-contexts.md). Command lists are
// recorded, executed on the immediate context and their pixels read back and compared, with the
// validation layer on (any error fails the test).
#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <thread>

#include "draw_test_util.h"

using namespace draw_test;

namespace {

ComPtr<ID3D11DeviceContext> deferredContext(Fixture& f) {
  ComPtr<ID3D11DeviceContext> context;
  REQUIRE(f.device->CreateDeferredContext(0, context.put()) == S_OK);
  REQUIRE(context);
  return context;
}

// Draws `cells` small quads into the cells of a grid on `context`, each with its own colour
// written through Map(WRITE_DISCARD) of `cb`: the per-draw pattern games record on worker threads.
void drawCells(ID3D11DeviceContext* context, Scene& scene, ID3D11Buffer* vb, ID3D11Buffer* cb, ID3D11RasterizerState* raster,
               UINT firstCell, UINT cells, UINT columns, float cellSize) {
  scene.bind(context);
  ID3D11Buffer* buffers[] = {vb};
  UINT stride = sizeof(Vertex), offset = 0;
  context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
  context->RSSetState(raster);
  ID3D11Buffer* cbs[] = {cb};
  context->PSSetConstantBuffers(0, 1, cbs);
  for (UINT cell = firstCell; cell < firstCell + cells; ++cell) {
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(cb, 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
    const float color[4] = {float(cell % 7) / 6.0f, float(cell % 5) / 4.0f, float(cell % 3) / 2.0f, 1.0f};
    std::memcpy(mapped.pData, color, sizeof(color));
    context->Unmap(cb, 0);
    D3D11_VIEWPORT viewport{float(cell % columns) * cellSize, float(cell / columns) * cellSize, cellSize, cellSize, 0, 1};
    context->RSSetViewports(1, &viewport);
    context->Draw(6, 0);
  }
}

}  // namespace

TEST_CASE("a deferred context reports its type and the documented creation failures", "[deferred]") {
  Fixture f;
  auto deferred = deferredContext(f);
  CHECK(deferred->GetType() == D3D11_DEVICE_CONTEXT_DEFERRED);
  CHECK(f.context->GetType() == D3D11_DEVICE_CONTEXT_IMMEDIATE);
  CHECK(deferred->GetContextFlags() == 0);
  ComPtr<ID3D11Device> owner;
  deferred->GetDevice(owner.put());
  CHECK(owner.get() == f.device.get());
  CHECK(deferred.query<ID3D11DeviceContext4>());

  ComPtr<ID3D11DeviceContext> none;
  CHECK(f.device->CreateDeferredContext(1, none.put()) == E_INVALIDARG);  // ContextFlags is reserved
  CHECK(!none);
  CHECK(f.device->CreateDeferredContext(0, nullptr) == E_INVALIDARG);
  auto device3 = f.device.query<ID3D11Device3>();
  REQUIRE(device3);
  ComPtr<ID3D11DeviceContext3> deferred3;
  CHECK(device3->CreateDeferredContext3(0, deferred3.put()) == S_OK);
  CHECK(deferred3->GetType() == D3D11_DEVICE_CONTEXT_DEFERRED);

  // Documented: a SINGLETHREADED device has no deferred contexts.
  ComPtr<ID3D11Device> single;
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_SINGLETHREADED, &level, 1,
                            D3D11_SDK_VERSION, single.put(), nullptr, nullptr) == S_OK);
  CHECK(single->CreateDeferredContext(0, none.put()) == DXGI_ERROR_INVALID_CALL);

  D3D11_FEATURE_DATA_THREADING threading{};
  REQUIRE(f.device->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, sizeof(threading)) == S_OK);
  CHECK(threading.DriverCommandLists == TRUE);
  CHECK(threading.DriverConcurrentCreates == TRUE);
}

TEST_CASE("what a deferred context may not do fails as documented", "[deferred]") {
  Fixture f;
  auto deferred = deferredContext(f);
  // Map: only WRITE_DISCARD and WRITE_NO_OVERWRITE.
  auto staging = f.buffer(64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  CHECK(deferred->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == E_INVALIDARG);
  CHECK(deferred->Map(staging.get(), 0, D3D11_MAP_WRITE, 0, &mapped) == E_INVALIDARG);
  // NO_OVERWRITE needs memory this list's WRITE_DISCARD gave the buffer.
  auto dynamic = f.buffer(64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE);
  CHECK(deferred->Map(dynamic.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &mapped) == D3D11_ERROR_DEFERRED_CONTEXT_MAP_WITHOUT_INITIAL_DISCARD);
  REQUIRE(deferred->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  void* discarded = mapped.pData;
  deferred->Unmap(dynamic.get(), 0);
  REQUIRE(deferred->Map(dynamic.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &mapped) == S_OK);
  CHECK(mapped.pData == discarded);
  deferred->Unmap(dynamic.get(), 0);
  // GetData answers only on the immediate context.
  D3D11_QUERY_DESC desc{D3D11_QUERY_EVENT, 0};
  ComPtr<ID3D11Query> query;
  REQUIRE(f.device->CreateQuery(&desc, query.put()) == S_OK);
  deferred->End(query.get());
  BOOL done = FALSE;
  CHECK(deferred->GetData(query.get(), &done, sizeof(done), 0) == DXGI_ERROR_INVALID_CALL);
  // The End is only issued once the list executes.
  CHECK(f.context->GetData(query.get(), &done, sizeof(done), 0) == DXGI_ERROR_INVALID_CALL);
  deferred->Flush();  // ignored, not a crash
  // FinishCommandList belongs to deferred contexts.
  ComPtr<ID3D11CommandList> list;
  CHECK(f.context->FinishCommandList(FALSE, list.put()) == DXGI_ERROR_INVALID_CALL);
  CHECK(deferred->FinishCommandList(FALSE, nullptr) == E_INVALIDARG);
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  f.context->ExecuteCommandList(list.get(), FALSE);
  HRESULT hr;
  while ((hr = f.context->GetData(query.get(), &done, sizeof(done), 0)) == S_FALSE) {
  }
  CHECK(hr == S_OK);
  CHECK(done == TRUE);

  // A command list of another device is not executed.
  Fixture other;
  auto foreign = deferredContext(other);
  const float red[4] = {1, 0, 0, 1};
  auto target = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
  ComPtr<ID3D11CommandList> foreignList;
  REQUIRE(foreign->FinishCommandList(FALSE, foreignList.put()) == S_OK);
  f.context->ClearRenderTargetView(rtv.get(), red);
  f.context->ExecuteCommandList(foreignList.get(), FALSE);
  f.context->ExecuteCommandList(nullptr, FALSE);
  CHECK(texel(f.readTexture(target.get(), 0, 4), 0) == 0xff0000ffu);
}

TEST_CASE("a command list draws what the immediate context would, and again when executed twice", "[deferred]") {
  Fixture f;
  Scene scene(f, 16, 16, kConstantPS);
  auto raster = noCulling(f);
  auto vb = f.buffer(UINT(kQuad.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, kQuad.data());
  auto cb = f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE);

  // The reference: the immediate context draws 16 cells of 4x4 pixels.
  drawCells(f.context.get(), scene, vb.get(), cb.get(), raster.get(), 0, 16, 4, 4.0f);
  const std::vector<uint8_t> expected = scene.pixels();

  // The same through a deferred context, into a cleared target.
  auto deferred = deferredContext(f);
  drawCells(deferred.get(), scene, vb.get(), cb.get(), raster.get(), 0, 16, 4, 4.0f);
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  const float black[4] = {0, 0, 0, 1};
  f.context->ClearRenderTargetView(scene.rtv.get(), black);
  CHECK(scene.pixels() != expected);
  f.context->ExecuteCommandList(list.get(), FALSE);
  CHECK(scene.pixels() == expected);

  // Executed again (its constant-buffer data belongs to the list), after a clear.
  f.context->ClearRenderTargetView(scene.rtv.get(), black);
  f.context->ExecuteCommandList(list.get(), TRUE);
  CHECK(scene.pixels() == expected);
}

TEST_CASE("ExecuteCommandList and FinishCommandList clear or keep context state as asked", "[deferred]") {
  Fixture f;
  Scene scene(f, 8, 8, kConstantPS);
  auto deferred = deferredContext(f);
  scene.bind(deferred.get());
  ComPtr<ID3D11CommandList> list;
  // RestoreDeferredContextState TRUE keeps the deferred context's state for the next list.
  REQUIRE(deferred->FinishCommandList(TRUE, list.put()) == S_OK);
  ComPtr<ID3D11PixelShader> ps;
  deferred->PSGetShader(ps.put(), nullptr, nullptr);
  CHECK(ps.get() == scene.ps.get());
  list = nullptr;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  deferred->PSGetShader(ps.put(), nullptr, nullptr);
  CHECK(!ps);

  // The immediate context keeps its state with RestoreContextState TRUE, else is cleared.
  f.context->ExecuteCommandList(list.get(), TRUE);
  f.context->PSGetShader(ps.put(), nullptr, nullptr);
  CHECK(ps.get() == scene.ps.get());
  f.context->ExecuteCommandList(list.get(), FALSE);
  f.context->PSGetShader(ps.put(), nullptr, nullptr);
  CHECK(!ps);
  ComPtr<ID3D11RenderTargetView> rtv;
  f.context->OMGetRenderTargets(1, rtv.put(), nullptr);
  CHECK(!rtv);
}

TEST_CASE("a command list keeps what it names alive and orders its copies for Map", "[deferred]") {
  Fixture f;
  auto deferred = deferredContext(f);
  auto staging = f.buffer(16, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  ComPtr<ID3D11CommandList> list;
  {
    // A default buffer updated and copied to staging on the deferred context, then released by
    // the application before the list executes.
    auto source = f.buffer(16, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    const uint32_t words[4] = {11, 22, 33, 44};
    deferred->UpdateSubresource(source.get(), 0, nullptr, words, 0, 0);
    deferred->CopyResource(staging.get(), source.get());
    REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  }
  f.context->ExecuteCommandList(list.get(), FALSE);
  list = nullptr;  // released while the GPU may still run it
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);  // waits for the list's copy
  uint32_t words[4];
  std::memcpy(words, mapped.pData, sizeof(words));
  f.context->Unmap(staging.get(), 0);
  CHECK(words[0] == 11);
  CHECK(words[3] == 44);
}

TEST_CASE("a dynamic texture mapped on a deferred context and a nested command list", "[deferred]") {
  Fixture f;
  auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE,
                             D3D11_CPU_ACCESS_WRITE);
  auto copy = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  auto inner = deferredContext(f);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(inner->Map(texture.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      const uint32_t value = 0xff000000u | (y << 8) | x;
      std::memcpy(static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * 4, &value, 4);
    }
  inner->Unmap(texture.get(), 0);
  ComPtr<ID3D11CommandList> innerList;
  REQUIRE(inner->FinishCommandList(FALSE, innerList.put()) == S_OK);
  // A second deferred context executes the first list, then copies.
  auto outer = deferredContext(f);
  outer->ExecuteCommandList(innerList.get(), FALSE);
  outer->CopyResource(copy.get(), texture.get());
  ComPtr<ID3D11CommandList> outerList;
  REQUIRE(outer->FinishCommandList(FALSE, outerList.put()) == S_OK);
  innerList = nullptr;  // the outer list holds it
  f.context->ExecuteCommandList(outerList.get(), FALSE);
  auto pixels = f.readTexture(copy.get(), 0, 4);
  CHECK(texel(pixels, 0) == 0xff000000u);
  CHECK(texel(pixels, 2 * 4 + 3) == 0xff000203u);
}

namespace {

void writeColor(ID3D11DeviceContext* context, ID3D11Buffer* cb, const std::array<float, 4>& color) {
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(context->Map(cb, 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == S_OK);
  std::memcpy(mapped.pData, color.data(), sizeof(color));
  context->Unmap(cb, 0);
}

std::vector<uint8_t> bytesOf(const std::array<float, 4>& color) {
  std::vector<uint8_t> bytes(sizeof(color));
  std::memcpy(bytes.data(), color.data(), sizeof(color));
  return bytes;
}

}  // namespace

// As Windows does (Wine's test_deferred_context_map): the list's last Map(WRITE_DISCARD) data is
// the buffer's once the list executes, and not before; what the executing context draws
// afterwards reads it.
TEST_CASE("a command list's Map(WRITE_DISCARD) data becomes the buffer's when the list executes", "[deferred]") {
  Fixture f;
  Scene scene(f, 4, 4, kConstantPS);
  auto raster = noCulling(f);
  auto vb = scene.vertices(kQuad);
  f.context->RSSetState(raster.get());
  auto cb = f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->PSSetConstantBuffers(0, 1, cbs);
  const std::array<float, 4> red{1, 0, 0, 1}, green{0, 1, 0, 1}, blue{0, 0, 1, 1};
  const float black[4] = {0, 0, 0, 1};
  auto drawnColor = [&] {
    f.context->ClearRenderTargetView(scene.rtv.get(), black);
    f.context->Draw(6, 0);
    return texel(scene.pixels(), 5);
  };
  writeColor(f.context.get(), cb.get(), red);
  CHECK(drawnColor() == 0xff0000ffu);

  // The list discards twice; its last data is green.
  auto deferred = deferredContext(f);
  writeColor(deferred.get(), cb.get(), blue);
  writeColor(deferred.get(), cb.get(), green);
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  CHECK(f.readBuffer(cb.get()) == bytesOf(red));  // not before the list executes
  CHECK(drawnColor() == 0xff0000ffu);

  f.context->ExecuteCommandList(list.get(), TRUE);
  CHECK(f.readBuffer(cb.get()) == bytesOf(green));
  CHECK(drawnColor() == 0xff00ff00u);  // the kept binding reads the list's data

  SECTION("executed again after the immediate context wrote the buffer") {
    writeColor(f.context.get(), cb.get(), red);
    CHECK(drawnColor() == 0xff0000ffu);
    f.context->ExecuteCommandList(list.get(), FALSE);  // state cleared: bind again
    CHECK(f.readBuffer(cb.get()) == bytesOf(green));
    scene.bind(f.context.get());
    ID3D11Buffer* vbs[] = {vb.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    f.context->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
    f.context->RSSetState(raster.get());
    f.context->PSSetConstantBuffers(0, 1, cbs);
    CHECK(drawnColor() == 0xff00ff00u);
  }

  SECTION("executed inside another deferred context, whose later draw reads it") {
    writeColor(f.context.get(), cb.get(), red);
    auto outer = deferredContext(f);
    outer->ExecuteCommandList(list.get(), FALSE);
    scene.bind(outer.get());
    ID3D11Buffer* vbs[] = {vb.get()};
    UINT stride = sizeof(Vertex), offset = 0;
    outer->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
    outer->RSSetState(raster.get());
    outer->PSSetConstantBuffers(0, 1, cbs);
    outer->ClearRenderTargetView(scene.rtv.get(), black);
    outer->Draw(6, 0);
    ComPtr<ID3D11CommandList> outerList;
    REQUIRE(outer->FinishCommandList(FALSE, outerList.put()) == S_OK);
    list = nullptr;  // the outer list holds it
    CHECK(f.readBuffer(cb.get()) == bytesOf(red));
    f.context->ClearRenderTargetView(scene.rtv.get(), black);
    f.context->ExecuteCommandList(outerList.get(), TRUE);
    CHECK(texel(scene.pixels(), 5) == 0xff00ff00u);
    CHECK(f.readBuffer(cb.get()) == bytesOf(green));
    CHECK(drawnColor() == 0xff00ff00u);
  }
}

TEST_CASE("command lists recorded on four threads give the immediate context's pixels", "[deferred][threads]") {
  Fixture f;
  constexpr UINT kThreads = 4, kCellsPerThread = 64, kColumns = 16;
  Scene scene(f, 64, 64, kConstantPS);
  auto raster = noCulling(f);
  auto vb = f.buffer(UINT(kQuad.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, kQuad.data());
  auto cb = f.buffer(16, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE);
  drawCells(f.context.get(), scene, vb.get(), cb.get(), raster.get(), 0, kThreads * kCellsPerThread, kColumns, 4.0f);
  const std::vector<uint8_t> expected = scene.pixels();

  std::array<ComPtr<ID3D11DeviceContext>, kThreads> contexts;
  std::array<ComPtr<ID3D11CommandList>, kThreads> lists;
  std::array<HRESULT, kThreads> results{};
  for (auto& context : contexts)
    context = deferredContext(f);
  std::vector<std::thread> threads;
  for (UINT t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      // Catch2's REQUIRE is not thread-safe: failures are gathered and checked after joining.
      ID3D11DeviceContext* context = contexts[t].get();
      scene.bind(context);
      ID3D11Buffer* buffers[] = {vb.get()};
      UINT stride = sizeof(Vertex), offset = 0;
      context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
      context->RSSetState(raster.get());
      ID3D11Buffer* cbs[] = {cb.get()};
      context->PSSetConstantBuffers(0, 1, cbs);
      HRESULT result = S_OK;
      for (UINT cell = t * kCellsPerThread; cell < (t + 1) * kCellsPerThread; ++cell) {
        D3D11_MAPPED_SUBRESOURCE mapped{};
        if (FAILED(context->Map(cb.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped))) {
          result = E_FAIL;
          break;
        }
        const float color[4] = {float(cell % 7) / 6.0f, float(cell % 5) / 4.0f, float(cell % 3) / 2.0f, 1.0f};
        std::memcpy(mapped.pData, color, sizeof(color));
        context->Unmap(cb.get(), 0);
        D3D11_VIEWPORT viewport{float(cell % kColumns) * 4.0f, float(cell / kColumns) * 4.0f, 4.0f, 4.0f, 0, 1};
        context->RSSetViewports(1, &viewport);
        context->Draw(6, 0);
      }
      results[t] = SUCCEEDED(result) ? context->FinishCommandList(FALSE, lists[t].put()) : result;
    });
  for (auto& thread : threads)
    thread.join();
  for (UINT t = 0; t < kThreads; ++t)
    REQUIRE(results[t] == S_OK);

  const float black[4] = {0, 0, 0, 1};
  f.context->ClearRenderTargetView(scene.rtv.get(), black);
  for (auto& list : lists)
    f.context->ExecuteCommandList(list.get(), FALSE);
  CHECK(scene.pixels() == expected);
}
