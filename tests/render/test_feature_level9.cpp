// Binding at feature levels 9_1 and 9_3 (seed 000): adjacency topologies, viewports and scissor
// rectangles past slot 0, more render targets than the level has, a zero sample mask and
// unordered access views are refused (the call is ignored, the state read back is the previous
// one); the same calls at 11_1, and 9_3's four targets, are taken.
#include "render_util.h"

using namespace render;

namespace {

struct Targets {
  std::vector<ComPtr<ID3D11Texture2D>> textures;
  std::vector<ComPtr<ID3D11RenderTargetView>> views;
  Targets(Fixture& f, UINT count) {
    for (UINT i = 0; i < count; ++i) {
      textures.push_back(f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET));
      views.emplace_back();
      REQUIRE(f.device->CreateRenderTargetView(textures.back().get(), nullptr, views.back().put()) == S_OK);
    }
  }
  std::vector<ID3D11RenderTargetView*> raw(UINT count) const {
    std::vector<ID3D11RenderTargetView*> out;
    for (UINT i = 0; i < count; ++i)
      out.push_back(views[i].get());
    return out;
  }
};

// How many of the first eight render-target slots hold a view.
UINT boundTargets(Fixture& f) {
  ID3D11RenderTargetView* views[D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT] = {};
  f.context->OMGetRenderTargets(D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, views, nullptr);
  UINT count = 0;
  for (ID3D11RenderTargetView* view : views)
    if (view) {
      ++count;
      view->Release();
    }
  return count;
}

void checkLevel(D3D_FEATURE_LEVEL level) {
  Fixture f(level);
  const bool nine = level < D3D_FEATURE_LEVEL_10_0;
  INFO("feature level 0x" << std::hex << level);

  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  f.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ);
  D3D11_PRIMITIVE_TOPOLOGY topology{};
  f.context->IAGetPrimitiveTopology(&topology);
  CHECK(topology == (nine ? D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST : D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ));

  const D3D11_VIEWPORT viewports[2] = {{0, 0, 4, 4, 0, 1}, {0, 0, 2, 2, 0, 1}};
  f.context->RSSetViewports(1, viewports);
  f.context->RSSetViewports(2, viewports);
  UINT count = 0;
  f.context->RSGetViewports(&count, nullptr);
  CHECK(count == (nine ? 1u : 2u));
  const D3D11_RECT rects[2] = {{0, 0, 4, 4}, {0, 0, 2, 2}};
  f.context->RSSetScissorRects(1, rects);
  f.context->RSSetScissorRects(2, rects);
  count = 0;
  f.context->RSGetScissorRects(&count, nullptr);
  CHECK(count == (nine ? 1u : 2u));

  f.context->OMSetBlendState(nullptr, nullptr, 0x5);
  f.context->OMSetBlendState(nullptr, nullptr, 0);
  UINT mask = 1234;
  f.context->OMGetBlendState(nullptr, nullptr, &mask);
  CHECK(mask == (nine ? 0x5u : 0u));

  Targets targets(f, 5);
  auto one = targets.raw(1);
  f.context->OMSetRenderTargets(1, one.data(), nullptr);
  CHECK(boundTargets(f) == 1);
  auto two = targets.raw(2);
  f.context->OMSetRenderTargets(2, two.data(), nullptr);
  CHECK(boundTargets(f) == (level == D3D_FEATURE_LEVEL_9_1 ? 1u : 2u));
  // Null views past the bound ones do not count.
  ID3D11RenderTargetView* oneThenNull[2] = {targets.views[0].get(), nullptr};
  f.context->OMSetRenderTargets(2, oneThenNull, nullptr);
  CHECK(boundTargets(f) == 1);
  auto five = targets.raw(5);
  f.context->OMSetRenderTargets(5, five.data(), nullptr);
  CHECK(boundTargets(f) == (nine ? 1u : 5u));

  // Unordered access views do not exist at 9_x: the whole call is ignored, targets included.
  f.context->OMSetRenderTargets(1, one.data(), nullptr);
  ID3D11UnorderedAccessView* noUav[1] = {nullptr};
  f.context->OMSetRenderTargetsAndUnorderedAccessViews(2, two.data(), nullptr, 2, 1, noUav, nullptr);
  CHECK(boundTargets(f) == (nine ? 1u : 2u));
}

}  // namespace

TEST_CASE("feature level 9_x refuses binds beyond its limits", "[render][level9]") {
  checkLevel(D3D_FEATURE_LEVEL_9_1);
  checkLevel(D3D_FEATURE_LEVEL_9_3);
  checkLevel(D3D_FEATURE_LEVEL_11_1);
}
