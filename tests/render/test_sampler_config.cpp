// The per-game sampler options, in a process of their own: meson runs this with
// D3D11VK_CONFIG="d3d11.samplerLodBias = 1.0" (the configuration is fixed per process), so the
// tests are hidden from the [render] run. d3d11.samplerAnisotropy has no pixel test: lavapipe's
// anisotropic filtering of an oblique surface gives no value a test could predict exactly.
#include "render_util.h"

using namespace render;

TEST_CASE("d3d11.samplerLodBias = 1 moves implicit-LOD sampling one mip down", "[.sampler-config]") {
  Fixture f;
  // Mip 0 (4x4) red, mip 1 (2x2) green, mip 2 (1x1) blue.
  const uint32_t colours[3] = {rgba8(255, 0, 0), rgba8(0, 255, 0), rgba8(0, 0, 255)};
  std::vector<uint32_t> texels[3];
  D3D11_SUBRESOURCE_DATA init[3];
  for (UINT mip = 0; mip < 3; ++mip) {
    const UINT size = 4u >> mip;
    texels[mip].assign(size * size, colours[mip]);
    init[mip] = {texels[mip].data(), size * 4, size * size * 4};
  }
  D3D11_TEXTURE2D_DESC desc{4, 4, 3, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, init, texture.put()) == S_OK);
  ComPtr<ID3D11ShaderResourceView> srv;
  REQUIRE(f.device->CreateShaderResourceView(texture.get(), nullptr, srv.put()) == S_OK);
  // Pixel x of a 4x1 target samples at u = (x + 0.5) / 4: one texel of mip 0 per pixel, LOD 0.
  const std::string ps =
      "ps_4_0\n"
      "dcl_sampler s0, mode_default\n"
      "dcl_resource_texture2d (float,float,float,float) t0\n"
      "dcl_input_ps_siv linearNoperspective v0.xy, position\n"
      "dcl_output o0.xyzw\n"
      "dcl_temps 1\n"
      "mul r0.x, v0.x, l(0.25)\n"
      "mov r0.y, l(0.5)\n"
      "sample o0.xyzw, r0.xyxx, t0.xyzw, s0\n"
      "ret\n";
  Scene s(f, 4, 1, DXGI_FORMAT_R8G8B8A8_UNORM, ps);
  D3D11_SAMPLER_DESC sampler{};
  sampler.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
  sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  sampler.MaxAnisotropy = 1;
  sampler.ComparisonFunc = D3D11_COMPARISON_NEVER;
  sampler.MaxLOD = D3D11_FLOAT32_MAX;
  ComPtr<ID3D11SamplerState> state;
  REQUIRE(f.device->CreateSamplerState(&sampler, state.put()) == S_OK);
  ID3D11SamplerState* samplers[] = {state.get()};
  f.context->PSSetSamplers(0, 1, samplers);
  ID3D11ShaderResourceView* views[] = {srv.get()};
  f.context->PSSetShaderResources(0, 1, views);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  auto px = s.pixels();
  for (UINT x = 0; x < 4; ++x) {
    INFO("pixel " << x);
    CHECK(texel(px, x) == colours[1]);  // without the option: mip 0, red
  }
  // The application's own bias adds to the option's: 1 + 1 reaches mip 2.
  sampler.MipLODBias = 1.0f;
  ComPtr<ID3D11SamplerState> biased;
  REQUIRE(f.device->CreateSamplerState(&sampler, biased.put()) == S_OK);
  samplers[0] = biased.get();
  f.context->PSSetSamplers(0, 1, samplers);
  s.draw(rect(-1, -1, 1, 1, 0, 0, 0));
  px = s.pixels();
  CHECK(texel(px, 0) == colours[2]);
}
