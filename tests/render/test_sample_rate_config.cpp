// d3d11.forceSampleRateShading: the same draw with and without the option. meson runs the hidden
// [.sample-rate-config] case with D3D11VK_CONFIG="d3d11.forceSampleRateShading = True" (the
// configuration is fixed per process); the [render][msaa] case is its control without it.
#include "render_util.h"

#include <cstring>
#include <optional>

using namespace render;

namespace {

// Red = frac(SV_Position.x)^2. Shaded once per pixel, every sample gets the pixel centre's
// 0.5^2 = 0.25. Shaded per sample, SV_Position is each sample's position: the standard 4x
// offsets 0.375, 0.875, 0.125, 0.625 give a resolved mean of (0.140625 + 0.765625 + 0.015625 +
// 0.390625) / 4 = 0.328125. The square keeps the two apart (the mean of frac alone is 0.5 both ways).
const char* const kSquaredFracPS =
    "ps_4_0\n"
    "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "frc r0.x, v0.x\n"
    "mul o0.x, r0.x, r0.x\n"
    "mov o0.yzw, l(0, 0, 0, 1.0)\n"
    "ret\n";

// Draws over a 2x1 4x MSAA float target, resolves it and returns the red channel of pixel 0;
// nullopt when the format has no 4x MSAA here.
std::optional<float> resolvedRed(Fixture& f) {
  UINT quality = 0;
  REQUIRE(f.device->CheckMultisampleQualityLevels(DXGI_FORMAT_R32G32B32A32_FLOAT, 4, &quality) == S_OK);
  if (!quality)
    return std::nullopt;
  Scene scene(f, 2, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, kSquaredFracPS, 4);
  ComPtr<ID3D11Texture2D> resolved =
      f.texture2D(2, 1, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  scene.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  f.context->ResolveSubresource(resolved.get(), 0, scene.target.get(), 0, DXGI_FORMAT_R32G32B32A32_FLOAT);
  std::vector<uint8_t> px = f.readTexture(resolved.get(), 0, 16);
  float red;
  std::memcpy(&red, px.data(), 4);
  return red;
}

}  // namespace

TEST_CASE("without d3d11.forceSampleRateShading a 4x MSAA draw shades once per pixel", "[render][msaa]") {
  Fixture f;
  std::optional<float> red = resolvedRed(f);
  if (!red) {
    WARN("skipped: no 4x MSAA for R32G32B32A32_FLOAT on this device");
    return;
  }
  CHECK(*red == 0.25f);
}

TEST_CASE("d3d11.forceSampleRateShading = True shades every sample of a 4x MSAA draw", "[.sample-rate-config]") {
  Fixture f;
  std::optional<float> red = resolvedRed(f);
  if (!red) {
    WARN("skipped: no 4x MSAA for R32G32B32A32_FLOAT on this device");
    return;
  }
  CHECK(*red == Approx(0.328125f).margin(1e-6));
}
