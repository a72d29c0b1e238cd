// Integration, native: DXGI_SCALING_NONE and DXGI_SCALING_ASPECT_RATIO_STRETCH read back as pixels
// from the X server (XGetImage on the swapchain's X11 window): an unscaled buffer at the top left
// with the background colour around it, a letterboxed and a pillarboxed buffer with black
// borders, and ASPECT_RATIO_STRETCH on the bitblt model stretching as documented. Validation on.
#include <catch2/catch.hpp>

#include <initializer_list>

#include "swapchain_fixture.h"

using test_dxgi::kBlue;
using test_dxgi::kGreen;
using test_dxgi::kRed;
using test_dxgi::SwapChainFixture;
using util::ComPtr;

namespace {

constexpr uint32_t kShownRed = 0xff0000, kShownGreen = 0x00ff00, kShownBlue = 0x0000ff, kShownBlack = 0x000000;

DXGI_SWAP_CHAIN_DESC1 scaledDesc(UINT width, UINT height, DXGI_SCALING scaling,
                                 DXGI_SWAP_EFFECT effect = DXGI_SWAP_EFFECT_FLIP_DISCARD) {
  DXGI_SWAP_CHAIN_DESC1 desc = SwapChainFixture::flipDesc();
  desc.Width = width;
  desc.Height = height;
  desc.Scaling = scaling;
  desc.SwapEffect = effect;
  if (effect == DXGI_SWAP_EFFECT_DISCARD)
    desc.BufferCount = 1;
  return desc;
}

// Clears the whole back buffer to `color` and its top-left `width` x `height` to `corner`
// (ID3D11DeviceContext1::ClearView), then presents it.
void presentWithCorner(SwapChainFixture& f, const float color[4], const float corner[4], LONG width, LONG height) {
  f.render(color);
  ComPtr<ID3D11Texture2D> buffer;
  REQUIRE(f.swapchain->GetBuffer(0, __uuidof(ID3D11Texture2D), buffer.putVoid()) == S_OK);
  ComPtr<ID3D11RenderTargetView> view;
  REQUIRE(f.device->CreateRenderTargetView(buffer.get(), nullptr, view.put()) == S_OK);
  auto context1 = f.context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);
  const D3D11_RECT rect{0, 0, width, height};
  context1->ClearView(view.get(), corner, &rect, 1);
  REQUIRE(f.swapchain->Present(0, 0) == S_OK);
  f.waitForPresents();
}

struct ShownPixel {
  int x, y;
  uint32_t color;  // 0xRRGGBB
};

// Each pixel of the window as the X server shows it.
void checkShown(SwapChainFixture& f, std::initializer_list<ShownPixel> pixels) {
  for (const ShownPixel& pixel : pixels) {
    INFO("pixel (" << pixel.x << ", " << pixel.y << ")");
    CHECK(f.shownPixel(pixel.x, pixel.y, pixel.color) == pixel.color);
  }
}

}  // namespace

TEST_CASE("DXGI_SCALING_NONE shows the buffer unscaled at the top left, the background colour around it",
          "[dxgi-swapchain][scaling]") {
  SwapChainFixture f(160, 120);
  if (f.skipped)
    return;
  REQUIRE(f.create(scaledDesc(64, 48, DXGI_SCALING_NONE)) == S_OK);
  DXGI_SWAP_CHAIN_DESC1 desc{};
  REQUIRE(f.swapchain->GetDesc1(&desc) == S_OK);
  CHECK(desc.Scaling == DXGI_SCALING_NONE);
  const DXGI_RGBA background{0, 0, 1, 1};
  REQUIRE(f.swapchain->SetBackgroundColor(&background) == S_OK);
  presentWithCorner(f, kRed, kRed, 1, 1);
  checkShown(f, {{0, 0, kShownRed}, {63, 47, kShownRed}});
  // Stretched, these would be red too.
  checkShown(f, {{64, 10, kShownBlue}, {10, 48, kShownBlue}, {159, 119, kShownBlue}});

  // A buffer larger than the window: its top-left part shows, unscaled. The green quarter
  // (0..160 x 0..120 of a 320x240 buffer) covers the whole window; stretched it would cover only
  // the window's top-left quarter.
  REQUIRE(f.swapchain->ResizeBuffers(0, 320, 240, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  presentWithCorner(f, kRed, kGreen, 160, 120);
  checkShown(f, {{10, 10, kShownGreen}, {150, 110, kShownGreen}});
}

TEST_CASE("DXGI_SCALING_NONE needs a flip model", "[dxgi-swapchain][scaling]") {
  SwapChainFixture f(64, 64);
  if (f.skipped)
    return;
  CHECK(f.create(scaledDesc(32, 32, DXGI_SCALING_NONE, DXGI_SWAP_EFFECT_DISCARD)) == DXGI_ERROR_INVALID_CALL);
  CHECK(f.create(scaledDesc(32, 32, DXGI_SCALING(7))) == DXGI_ERROR_INVALID_CALL);
}

TEST_CASE("DXGI_SCALING_ASPECT_RATIO_STRETCH letterboxes flip-model buffers with black borders",
          "[dxgi-swapchain][scaling]") {
  SwapChainFixture f(160, 120);
  if (f.skipped)
    return;
  // A square buffer in a 4:3 window: pillarboxed, 120x120 from x = 20 to 140.
  REQUIRE(f.create(scaledDesc(80, 80, DXGI_SCALING_ASPECT_RATIO_STRETCH)) == S_OK);
  presentWithCorner(f, kRed, kRed, 1, 1);
  checkShown(f, {{80, 60, kShownRed}, {21, 1, kShownRed}, {138, 118, kShownRed}, {10, 60, kShownBlack},
                 {150, 60, kShownBlack}});

  // A 4:1 buffer: letterboxed, 160x40 from y = 40 to 80.
  REQUIRE(f.swapchain->ResizeBuffers(0, 80, 20, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  presentWithCorner(f, kBlue, kBlue, 1, 1);
  checkShown(f, {{80, 60, kShownBlue}, {1, 41, kShownBlue}, {80, 20, kShownBlack}, {80, 100, kShownBlack}});
}

TEST_CASE("DXGI_SCALING_ASPECT_RATIO_STRETCH on the bitblt model stretches, as documented", "[dxgi-swapchain][scaling]") {
  SwapChainFixture f(160, 120);
  if (f.skipped)
    return;
  REQUIRE(f.create(scaledDesc(80, 80, DXGI_SCALING_ASPECT_RATIO_STRETCH, DXGI_SWAP_EFFECT_DISCARD)) == S_OK);
  presentWithCorner(f, kRed, kRed, 1, 1);
  checkShown(f, {{2, 60, kShownRed}, {157, 60, kShownRed}});
}

TEST_CASE("SetSourceSize presents the buffer's top-left region as the whole buffer", "[dxgi-swapchain][scaling]") {
  SwapChainFixture f(160, 120);
  if (f.skipped)
    return;
  // A 320x240 buffer, stretched: with source size 160x120 only its green top-left quarter is
  // shown, stretched over the whole window (without it the window's top-left quarter would be
  // green and the rest red).
  REQUIRE(f.create(scaledDesc(320, 240, DXGI_SCALING_STRETCH)) == S_OK);
  auto swapchain2 = f.swapchain.query<IDXGISwapChain2>();
  REQUIRE(swapchain2);
  CHECK(swapchain2->SetSourceSize(0, 120) == E_INVALIDARG);
  CHECK(swapchain2->SetSourceSize(321, 120) == E_INVALIDARG);
  REQUIRE(swapchain2->SetSourceSize(160, 120) == S_OK);
  UINT width = 0, height = 0;
  REQUIRE(swapchain2->GetSourceSize(&width, &height) == S_OK);
  CHECK((width == 160 && height == 120));
  presentWithCorner(f, kRed, kGreen, 160, 120);
  checkShown(f, {{10, 10, kShownGreen}, {150, 110, kShownGreen}, {80, 60, kShownGreen}});
  // ResizeBuffers makes the whole buffer the source again.
  REQUIRE(f.swapchain->ResizeBuffers(0, 80, 60, DXGI_FORMAT_UNKNOWN, 0) == S_OK);
  REQUIRE(swapchain2->GetSourceSize(&width, &height) == S_OK);
  CHECK((width == 80 && height == 60));
  presentWithCorner(f, kRed, kGreen, 40, 30);
  checkShown(f, {{10, 10, kShownGreen}, {150, 110, kShownRed}});
}
