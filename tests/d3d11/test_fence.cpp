// Integration: ID3D11Fence from CreateFence and the immediate context's Signal/Wait on the
// machine's Vulkan device (validation layer on); natively an event handle is an eventfd.
#include <catch2/catch.hpp>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "context_test_util.h"

using namespace context_test;

namespace {

// Microsoft's header value of D3D11_FENCE_FLAG_NONE (mingw-w64's and Wine's say 0x1).
constexpr D3D11_FENCE_FLAG kMicrosoftNone = D3D11_FENCE_FLAG(0);

struct FenceFixture : Fixture {
  ComPtr<ID3D11Device5> device5 = device.query<ID3D11Device5>();
  ComPtr<ID3D11DeviceContext4> context4 = context.query<ID3D11DeviceContext4>();

  ComPtr<ID3D11Fence> fence(UINT64 initial = 0) {
    ComPtr<ID3D11Fence> created;
    REQUIRE(device5->CreateFence(initial, kMicrosoftNone, __uuidof(ID3D11Fence), created.putVoid()) == S_OK);
    REQUIRE(created);
    return created;
  }
};

// An eventfd passed as a HANDLE, as d3d11vk's native build takes events.
struct EventFd {
  int fd = eventfd(0, EFD_NONBLOCK);
  ~EventFd() { close(fd); }
  HANDLE handle() const { return reinterpret_cast<HANDLE>(intptr_t(fd)); }
  // Whether it was set within `ms` milliseconds; reading resets it.
  bool waitSet(int ms) {
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, ms) != 1)
      return false;
    uint64_t count = 0;
    return read(fd, &count, sizeof(count)) == ssize_t(sizeof(count)) && count >= 1;
  }
};

}  // namespace

TEST_CASE("CreateFence validates its arguments and answers ID3D11Fence through riid", "[device][fence]") {
  FenceFixture f;
  REQUIRE(f.device5);
  REQUIRE(f.context4);

  CHECK(f.device5->CreateFence(0, kMicrosoftNone, __uuidof(ID3D11Fence), nullptr) == E_INVALIDARG);

  void* out = reinterpret_cast<void*>(1);
  CHECK(f.device5->CreateFence(0, D3D11_FENCE_FLAG_SHARED, __uuidof(ID3D11Fence), &out) == E_NOTIMPL);
  CHECK(out == nullptr);
  out = reinterpret_cast<void*>(1);
  CHECK(f.device5->CreateFence(0, D3D11_FENCE_FLAG_SHARED_CROSS_ADAPTER, __uuidof(ID3D11Fence), &out) == E_NOTIMPL);
  CHECK(out == nullptr);
  CHECK(f.device5->CreateFence(0, D3D11_FENCE_FLAG_NON_MONITORED, __uuidof(ID3D11Fence), &out) == E_INVALIDARG);
  CHECK(f.device5->CreateFence(0, D3D11_FENCE_FLAG(0x100), __uuidof(ID3D11Fence), &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  out = reinterpret_cast<void*>(1);
  CHECK(f.device5->CreateFence(0, kMicrosoftNone, __uuidof(ID3D11Buffer), &out) == E_NOINTERFACE);
  CHECK(out == nullptr);

  // Both spellings of "no flags" make a fence.
  ComPtr<ID3D11Fence> fence;
  CHECK(f.device5->CreateFence(3, D3D11_FENCE_FLAG_NONE, __uuidof(ID3D11Fence), fence.putVoid()) == S_OK);
  REQUIRE(fence);
  CHECK(fence->GetCompletedValue() == 3);
  ComPtr<IUnknown> unknown;
  CHECK(f.device5->CreateFence(0, kMicrosoftNone, __uuidof(IUnknown), unknown.putVoid()) == S_OK);
  CHECK(unknown);
  ComPtr<ID3D11DeviceChild> child;
  CHECK(f.device5->CreateFence(0, kMicrosoftNone, __uuidof(ID3D11DeviceChild), child.putVoid()) == S_OK);
  REQUIRE(child);
  ComPtr<ID3D11Device> owner;
  child->GetDevice(owner.put());
  CHECK(owner.get() == f.device.get());
  CHECK(child.query<ID3D11Fence>());

  HANDLE shared = reinterpret_cast<HANDLE>(1);
  CHECK(fence->CreateSharedHandle(nullptr, 0, nullptr, &shared) == E_INVALIDARG);
  CHECK(shared == nullptr);
  out = reinterpret_cast<void*>(1);
  CHECK(f.device5->OpenSharedFence(reinterpret_cast<HANDLE>(1), __uuidof(ID3D11Fence), &out) == E_NOTIMPL);
  CHECK(out == nullptr);
}

TEST_CASE("a new fence reports its initial value as completed", "[device][fence]") {
  FenceFixture f;
  CHECK(f.fence()->GetCompletedValue() == 0);
  CHECK(f.fence(42)->GetCompletedValue() == 42);
  CHECK(f.fence(UINT64_MAX - 1)->GetCompletedValue() == UINT64_MAX - 1);
}

TEST_CASE("Signal sets the event given to SetEventOnCompletion once the value is reached", "[device][fence]") {
  FenceFixture f;
  auto fence = f.fence();
  EventFd early, late, already;
  REQUIRE(early.fd > 0);
  // Registered before the Signal: set by the completion thread.
  CHECK(fence->SetEventOnCompletion(1, early.handle()) == S_OK);
  CHECK(fence->SetEventOnCompletion(2, late.handle()) == S_OK);
  CHECK(f.context4->Signal(fence.get(), 1) == S_OK);
  CHECK(early.waitSet(10000));
  CHECK(fence->GetCompletedValue() == 1);
  CHECK_FALSE(late.waitSet(50));  // 2 is not reached
  // Registered once reached: set at once.
  CHECK(fence->SetEventOnCompletion(1, already.handle()) == S_OK);
  CHECK(already.waitSet(0));
  CHECK(f.context4->Signal(fence.get(), 2) == S_OK);
  CHECK(late.waitSet(10000));

  CHECK(f.context4->Signal(nullptr, 1) == E_INVALIDARG);
  CHECK(f.context4->Wait(nullptr, 1) == E_INVALIDARG);
  // A handle that is not an event (the read end of a pipe cannot be written).
  int pipeFds[2];
  REQUIRE(pipe(pipeFds) == 0);
  CHECK(fence->SetEventOnCompletion(0, reinterpret_cast<HANDLE>(intptr_t(pipeFds[0]))) == E_INVALIDARG);
  close(pipeFds[0]);
  close(pipeFds[1]);
}

TEST_CASE("a Signal after GPU work is reached only once that work has completed", "[device][fence]") {
  FenceFixture f;
  auto fence = f.fence();
  // A large clear, then a copy into a staging texture: the fence must not be reached before both.
  constexpr UINT size = 2048;
  auto target = f.texture2D(size, size, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto staging = f.texture2D(size, size, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
  const float colour[4] = {1.0f, 0.0f, 1.0f, 1.0f};
  f.context->ClearRenderTargetView(rtv.get(), colour);
  f.context->CopyResource(staging.get(), target.get());
  CHECK(f.context4->Signal(fence.get(), 7) == S_OK);

  EventFd event;
  CHECK(fence->SetEventOnCompletion(7, event.handle()) == S_OK);
  REQUIRE(event.waitSet(30000));
  CHECK(fence->GetCompletedValue() == 7);
  // The copy has completed, so Map need not wait, and sees the cleared texels.
  D3D11_MAPPED_SUBRESOURCE mapped{};
  REQUIRE(f.context->Map(staging.get(), 0, D3D11_MAP_READ, D3D11_MAP_FLAG_DO_NOT_WAIT, &mapped) == S_OK);
  const uint8_t* last = static_cast<const uint8_t*>(mapped.pData) + (size - 1) * mapped.RowPitch + (size - 1) * 4;
  CHECK(last[0] == 255);
  CHECK(last[1] == 0);
  CHECK(last[2] == 255);
  f.context->Unmap(staging.get(), 0);
}

TEST_CASE("SetEventOnCompletion with a null event blocks until the value is reached", "[device][fence]") {
  FenceFixture f;
  auto fence = f.fence();
  CHECK(fence->SetEventOnCompletion(0, nullptr) == S_OK);  // reached already: returns at once
  CHECK(f.context4->Signal(fence.get(), 5) == S_OK);
  CHECK(fence->SetEventOnCompletion(5, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() >= 5);

  // A waiter on another thread returns once this thread signals the value.
  std::atomic<bool> returned{false};
  HRESULT waited = E_FAIL;
  std::thread waiter([&] {
    waited = fence->SetEventOnCompletion(9, nullptr);
    returned = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK_FALSE(returned.load());
  CHECK(f.context4->Signal(fence.get(), 9) == S_OK);
  waiter.join();
  CHECK(waited == S_OK);
  CHECK(fence->GetCompletedValue() == 9);
}

TEST_CASE("fence values only go up, and Wait on a reached or signalled value returns at once", "[device][fence]") {
  FenceFixture f;
  auto fence = f.fence(10);
  CHECK(f.context4->Wait(fence.get(), 10) == S_OK);  // the initial value
  CHECK(f.context4->Wait(fence.get(), 3) == S_OK);
  // Nothing will reach 11: only this context signals, and later in queue order than the wait.
  CHECK(f.context4->Wait(fence.get(), 11) == DXGI_ERROR_INVALID_CALL);

  UINT64 seen = fence->GetCompletedValue();
  for (UINT64 value = 11; value <= 20; ++value) {
    CHECK(f.context4->Signal(fence.get(), value) == S_OK);
    CHECK(f.context4->Wait(fence.get(), value) == S_OK);  // a submitted Signal reaches it
    UINT64 now = fence->GetCompletedValue();
    CHECK(now >= seen);
    seen = now;
  }
  CHECK(fence->SetEventOnCompletion(20, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 20);
  // A lower value changes nothing: the fence stays at its highest.
  CHECK(f.context4->Signal(fence.get(), 4) == S_OK);
  f.context->Flush();
  ComPtr<ID3D11Fence> other = f.fence();
  CHECK(f.context4->Signal(other.get(), 1) == S_OK);  // after the lower Signal in the queue
  CHECK(other->SetEventOnCompletion(1, nullptr) == S_OK);
  CHECK(fence->GetCompletedValue() == 20);
}

TEST_CASE("a fence released with a Signal pending is updated safely and its events still set", "[device][fence]") {
  FenceFixture f;
  EventFd event;
  {
    auto fence = f.fence();
    CHECK(fence->SetEventOnCompletion(1, event.handle()) == S_OK);
    CHECK(f.context4->Signal(fence.get(), 1) == S_OK);
  }
  CHECK(event.waitSet(10000));
}
