// ResolveSubresource and GenerateMips with D3D11's format semantics: the resolve averages in the
// Format argument's space (sRGB: decode, average, encode) and mip generation filters through the
// SRV's format, also for typeless textures stored in another typed format. Expected values are
// computed here; the validation layer is on.
#include "render_util.h"

namespace {

using namespace render;

double toLinear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double toSrgb(double l) { return l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055; }

// The byte D3D11 stores for the average of bytes `a` and `b` of one channel: in linear space for
// sRGB channels, directly for UNORM ones.
double averaged(uint8_t a, uint8_t b, bool srgb) {
  if (!srgb)
    return (a + b) / 2.0;
  return 255.0 * toSrgb((toLinear(a / 255.0) + toLinear(b / 255.0)) / 2.0);
}

// Each byte within one step of the exact value (conversions round differently across hardware).
void checkNear(const std::vector<uint8_t>& bytes, size_t texels, const double want[4]) {
  for (size_t i = 0; i < texels; ++i)
    for (size_t c = 0; c < 4; ++c) {
      INFO("texel " << i << " channel " << c << ": " << int(bytes[i * 4 + c]) << " vs " << want[c]);
      CHECK(std::abs(bytes[i * 4 + c] - want[c]) <= 1.0);
    }
}

bool has4xMsaa(Fixture& f, DXGI_FORMAT format) {
  UINT quality = 0;
  REQUIRE(f.device->CheckMultisampleQualityLevels(format, 4, &quality) == S_OK);
  return quality > 0;
}

// A 4x multisampled 4x4 texture of `storage` whose samples 0 and 2 hold `color` (written through a
// render-target view of `rtvFormat`) and samples 1 and 3 hold zero.
ComPtr<ID3D11Texture2D> halfCovered(Fixture& f, Scene& scene, DXGI_FORMAT storage, DXGI_FORMAT rtvFormat, UINT bind,
                                    const float color[4]) {
  auto msaa = f.texture2D(4, 4, storage, D3D11_USAGE_DEFAULT, bind, 0, 1, 1, 4);
  D3D11_RENDER_TARGET_VIEW_DESC desc{};
  desc.Format = rtvFormat;
  desc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(msaa.get(), &desc, rtv.put()) == S_OK);
  const float zero[4] = {0, 0, 0, 0};
  f.context->ClearRenderTargetView(rtv.get(), zero);
  D3D11_BLEND_DESC blend{};
  blend.RenderTarget[0] = {FALSE, D3D11_BLEND_ONE, D3D11_BLEND_ZERO, D3D11_BLEND_OP_ADD, D3D11_BLEND_ONE, D3D11_BLEND_ZERO,
                           D3D11_BLEND_OP_ADD, D3D11_COLOR_WRITE_ENABLE_ALL};
  ComPtr<ID3D11BlendState> state;
  REQUIRE(f.device->CreateBlendState(&blend, state.put()) == S_OK);
  f.context->OMSetBlendState(state.get(), nullptr, 0x5);
  ID3D11RenderTargetView* targets[] = {rtv.get()};
  f.context->OMSetRenderTargets(1, targets, nullptr);
  scene.draw(rect(-1, -1, 1, 1, color[0], color[1], color[2], color[3]));
  f.context->OMSetRenderTargets(0, nullptr, nullptr);
  f.context->OMSetBlendState(nullptr, nullptr, 0xffffffff);
  return msaa;
}

}  // namespace

TEST_CASE("ResolveSubresource of a typeless 4x target: Format UNORM averages the bytes, UNORM_SRGB in linear space",
          "[render][meta-formats]") {
  Fixture f;
  if (!has4xMsaa(f, DXGI_FORMAT_R8G8B8A8_UNORM)) {
    WARN("skipped: no 4x MSAA for R8G8B8A8_UNORM on this device");
    return;
  }
  Scene scene(f, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, kColorPS, 4);
  const float color[4] = {0.8f, 0.4f, 0.2f, 1.0f};
  // Bytes written through the UNORM view: 204, 102, 51, 255 in samples 0 and 2, zero elsewhere.
  const uint8_t stored[4] = {204, 102, 51, 255};
  // Source and destination with and without the bindings the resolve shader samples and renders
  // through (without them it goes through scratch images).
  const UINT sourceBinds[] = {D3D11_BIND_RENDER_TARGET, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE};
  const UINT targetBinds[] = {D3D11_BIND_SHADER_RESOURCE, D3D11_BIND_RENDER_TARGET};
  for (UINT sourceBind : sourceBinds)
    for (UINT targetBind : targetBinds)
      for (bool srgb : {false, true}) {
        INFO("source bind " << sourceBind << ", target bind " << targetBind << (srgb ? ", UNORM_SRGB" : ", UNORM"));
        auto msaa = halfCovered(f, scene, DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, sourceBind, color);
        auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, targetBind);
        f.context->ResolveSubresource(resolved.get(), 0, msaa.get(), 0,
                                      srgb ? DXGI_FORMAT_R8G8B8A8_UNORM_SRGB : DXGI_FORMAT_R8G8B8A8_UNORM);
        const double want[4] = {averaged(stored[0], 0, srgb), averaged(stored[1], 0, srgb), averaged(stored[2], 0, srgb),
                                averaged(stored[3], 0, false)};  // alpha is linear in sRGB formats
        checkNear(f.readTexture(resolved.get(), 0, 4), 16, want);
      }
  // The two answers really differ (204 -> 102 as UNORM, 149 as sRGB).
  CHECK(std::abs(averaged(204, 0, true) - averaged(204, 0, false)) > 40);
}

TEST_CASE("ResolveSubresource: typed sRGB resolves in linear space, typed UNORM unchanged, integer Format refused",
          "[render][meta-formats]") {
  Fixture f;
  if (!has4xMsaa(f, DXGI_FORMAT_R8G8B8A8_UNORM)) {
    WARN("skipped: no 4x MSAA for R8G8B8A8_UNORM on this device");
    return;
  }
  Scene scene(f, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, kColorPS, 4);
  SECTION("R8G8B8A8_UNORM_SRGB resources") {
    // Written through an sRGB view: the stored byte is the sRGB encoding of the shader's value.
    const float color[4] = {0.5f, 0.25f, 1.0f, 1.0f};
    auto msaa = halfCovered(f, scene, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,
                            D3D11_BIND_RENDER_TARGET, color);
    auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    f.context->ResolveSubresource(resolved.get(), 0, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    // The bytes stored for the shader's values are their sRGB encodings, rounded either way where
    // the encoding falls halfway (0.5 encodes to 187.5: lavapipe stores 187, NVIDIA 188); the
    // resolve decodes them, halves in linear space and encodes again. So each channel may read
    // within one step of the result for either stored byte (136.4 or 137.3 for red).
    auto withinOneOfEither = [](double value) {
      const double encoded = 255.0 * toSrgb(value);
      const double low = averaged(uint8_t(std::floor(encoded)), 0, true), high = averaged(uint8_t(std::ceil(encoded)), 0, true);
      return std::pair<double, double>{std::min(low, high) - 1.0, std::max(low, high) + 1.0};
    };
    const std::pair<double, double> bounds[4] = {withinOneOfEither(0.5), withinOneOfEither(0.25), withinOneOfEither(1.0),
                                                 {126.5, 128.5}};  // alpha: linear, 127.5 within one step
    const std::vector<uint8_t> bytes = f.readTexture(resolved.get(), 0, 4);
    for (size_t i = 0; i < 16; ++i)
      for (size_t c = 0; c < 4; ++c) {
        INFO("texel " << i << " channel " << c << ": " << int(bytes[i * 4 + c]) << " outside [" << bounds[c].first << ", "
                      << bounds[c].second << "]");
        CHECK((bytes[i * 4 + c] >= bounds[c].first && bytes[i * 4 + c] <= bounds[c].second));
      }
  }
  SECTION("R8G8B8A8_UNORM resources (vkCmdResolveImage)") {
    const float color[4] = {0.8f, 0.4f, 0.2f, 1.0f};
    auto msaa = halfCovered(f, scene, DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET, color);
    auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    f.context->ResolveSubresource(resolved.get(), 0, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    const double want[4] = {102, 51, 25.5, 127.5};
    checkNear(f.readTexture(resolved.get(), 0, 4), 16, want);
  }
  SECTION("an integer or typeless Format is refused: the destination keeps its contents") {
    const float color[4] = {0.8f, 0.4f, 0.2f, 1.0f};
    auto msaa = halfCovered(f, scene, DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET, color);
    std::vector<uint32_t> initial(16, 0x01020304u);
    auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    f.context->UpdateSubresource(resolved.get(), 0, nullptr, initial.data(), 16, 0);
    for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UINT, DXGI_FORMAT_R8G8B8A8_SINT, DXGI_FORMAT_R8G8B8A8_TYPELESS}) {
      INFO("Format " << format);
      f.context->ResolveSubresource(resolved.get(), 0, msaa.get(), 0, format);
      auto bytes = f.readTexture(resolved.get(), 0, 4);
      for (size_t i = 0; i < 16; ++i)
        CHECK(texel(bytes, i) == 0x01020304u);
    }
  }
  SECTION("a depth-stencil source is refused, also with a colour Format of its family") {
    D3D11_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_R32_TYPELESS, {4, 0}, D3D11_USAGE_DEFAULT, D3D11_BIND_DEPTH_STENCIL, 0, 0};
    ComPtr<ID3D11Texture2D> depth;
    if (f.device->CreateTexture2D(&desc, nullptr, depth.put()) != S_OK) {
      WARN("skipped: no 4x R32_TYPELESS depth textures on this device");
      return;
    }
    std::vector<uint32_t> initial(16, 0x3f000000u);  // 0.5f
    auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    f.context->UpdateSubresource(resolved.get(), 0, nullptr, initial.data(), 16, 0);
    f.context->ResolveSubresource(resolved.get(), 0, depth.get(), 0, DXGI_FORMAT_R32_FLOAT);
    auto bytes = f.readTexture(resolved.get(), 0, 4);
    for (size_t i = 0; i < 16; ++i)
      CHECK(texel(bytes, i) == 0x3f000000u);
  }
}

namespace {

// A checkerboard of texels `a` and `b` (RGBA bytes, a at even x + y) for a width x height level.
std::vector<uint32_t> checkerboard(UINT width, UINT height, uint32_t a, uint32_t b) {
  std::vector<uint32_t> texels(size_t(width) * height);
  for (UINT y = 0; y < height; ++y)
    for (UINT x = 0; x < width; ++x)
      texels[size_t(y) * width + x] = (x + y) % 2 ? b : a;
  return texels;
}

// Every texel of the next level of a checkerboard of a and b: each 2x2 block averages two of each.
void checkAverage(const std::vector<uint8_t>& bytes, size_t texels, uint32_t a, uint32_t b, bool srgb) {
  double want[4];
  for (int c = 0; c < 4; ++c)
    want[c] = averaged(uint8_t(a >> (8 * c)), uint8_t(b >> (8 * c)), srgb && c < 3);
  checkNear(bytes, texels, want);
}

ComPtr<ID3D11ShaderResourceView> srv(Fixture& f, ID3D11Resource* resource, DXGI_FORMAT format, D3D11_SRV_DIMENSION dimension,
                                     UINT arraySize) {
  D3D11_SHADER_RESOURCE_VIEW_DESC desc{};
  desc.Format = format;
  desc.ViewDimension = dimension;
  switch (dimension) {
    case D3D11_SRV_DIMENSION_TEXTURE2D: desc.Texture2D = {0, UINT(-1)}; break;
    case D3D11_SRV_DIMENSION_TEXTURE2DARRAY: desc.Texture2DArray = {0, UINT(-1), 0, arraySize}; break;
    case D3D11_SRV_DIMENSION_TEXTURECUBE: desc.TextureCube = {0, UINT(-1)}; break;
    case D3D11_SRV_DIMENSION_TEXTURE1DARRAY: desc.Texture1DArray = {0, UINT(-1), 0, arraySize}; break;
    case D3D11_SRV_DIMENSION_TEXTURE3D: desc.Texture3D = {0, UINT(-1)}; break;
    default: FAIL("unexpected dimension");
  }
  ComPtr<ID3D11ShaderResourceView> view;
  REQUIRE(f.device->CreateShaderResourceView(resource, &desc, view.put()) == S_OK);
  return view;
}

// A texture's description made into that of a staging texture the CPU reads.
template <class Desc>
Desc stagingOf(Desc desc) {
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.MiscFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  return desc;
}

}  // namespace

TEST_CASE("GenerateMips filters through the SRV's format: sRGB views of typeless textures in linear space",
          "[render][meta-formats]") {
  Fixture f;
  const UINT bind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
  const uint32_t a = 0xff000000u, b = 0xffffffffu;  // black and white, opaque
  SECTION("2D, two levels: sRGB, UNORM and typed sRGB") {
    struct Case {
      DXGI_FORMAT storage, view;
      bool srgb;
    };
    const Case cases[] = {{DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, true},
                          {DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, false},
                          {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, true},
                          {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM, false}};
    for (const Case& c : cases) {
      INFO("storage " << c.storage << ", view " << c.view);
      auto texture = f.texture2D(8, 8, c.storage, D3D11_USAGE_DEFAULT, bind, 0, 2, 1, 1, D3D11_RESOURCE_MISC_GENERATE_MIPS);
      auto top = checkerboard(8, 8, a, b);
      f.context->UpdateSubresource(texture.get(), 0, nullptr, top.data(), 32, 0);
      auto view = srv(f, texture.get(), c.view, D3D11_SRV_DIMENSION_TEXTURE2D, 1);
      f.context->GenerateMips(view.get());
      checkAverage(f.readTexture(texture.get(), 1, 4), 16, a, b, c.srgb);
      // The top level is untouched.
      CHECK(f.readTexture(texture.get(), 0, 4) == std::vector<uint8_t>(reinterpret_cast<uint8_t*>(top.data()),
                                                                         reinterpret_cast<uint8_t*>(top.data()) + top.size() * 4));
    }
  }
  SECTION("2D array, three levels, per layer") {
    auto texture = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, bind, 0, 3, 3, 1,
                               D3D11_RESOURCE_MISC_GENERATE_MIPS);
    const uint32_t others[3] = {0xffffffffu, 0xff4080c0u, 0x80204060u};
    for (UINT layer = 0; layer < 3; ++layer) {
      auto top = checkerboard(8, 8, a, others[layer]);
      f.context->UpdateSubresource(texture.get(), layer * 3, nullptr, top.data(), 32, 0);
    }
    auto view = srv(f, texture.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_SRV_DIMENSION_TEXTURE2DARRAY, 3);
    f.context->GenerateMips(view.get());
    for (UINT layer = 0; layer < 3; ++layer) {
      INFO("layer " << layer);
      checkAverage(f.readTexture(texture.get(), layer * 3 + 1, 4), 16, a, others[layer], true);
      // Level 2 is filtered from level 1, whose texels are all one value: it keeps that value.
      auto level1 = f.readTexture(texture.get(), layer * 3 + 1, 4);
      auto level2 = f.readTexture(texture.get(), layer * 3 + 2, 4);
      for (size_t i = 0; i < level2.size(); ++i)
        CHECK(std::abs(int(level2[i]) - int(level1[i % 4])) <= 1);
    }
  }
  SECTION("cube, per face") {
    auto texture = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, bind, 0, 2, 6, 1,
                               D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_TEXTURECUBE);
    uint32_t others[6];
    for (UINT face = 0; face < 6; ++face) {
      others[face] = 0xff000000u | ((face * 40 + 30) << 16) | ((255 - face * 30) << 8) | (face * 50);
      auto top = checkerboard(4, 4, a, others[face]);
      f.context->UpdateSubresource(texture.get(), face * 2, nullptr, top.data(), 16, 0);
    }
    auto view = srv(f, texture.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_SRV_DIMENSION_TEXTURECUBE, 6);
    f.context->GenerateMips(view.get());
    for (UINT face = 0; face < 6; ++face) {
      INFO("face " << face);
      checkAverage(f.readTexture(texture.get(), face * 2 + 1, 4), 4, a, others[face], true);
    }
  }
}

TEST_CASE("GenerateMips through an sRGB view of typeless 1D and 3D textures filters in linear space", "[render][meta-formats]") {
  Fixture f;
  const UINT bind = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET;
  const uint32_t a = 0xff000000u, b = 0xff80ffffu;
  SECTION("1D array of two layers, 8 texels, two levels") {
    D3D11_TEXTURE1D_DESC desc{8, 2, 2, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, bind, 0,
                              D3D11_RESOURCE_MISC_GENERATE_MIPS};
    ComPtr<ID3D11Texture1D> texture;
    REQUIRE(f.device->CreateTexture1D(&desc, nullptr, texture.put()) == S_OK);
    for (UINT layer = 0; layer < 2; ++layer) {
      auto top = checkerboard(8, 1, layer ? b : a, layer ? a : b);
      f.context->UpdateSubresource(texture.get(), layer * 2, nullptr, top.data(), 32, 0);
    }
    auto view = srv(f, texture.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_SRV_DIMENSION_TEXTURE1DARRAY, 2);
    f.context->GenerateMips(view.get());
    const D3D11_TEXTURE1D_DESC stagingDesc = stagingOf(desc);
    ComPtr<ID3D11Texture1D> staging;
    REQUIRE(f.device->CreateTexture1D(&stagingDesc, nullptr, staging.put()) == S_OK);
    f.context->CopyResource(staging.get(), texture.get());
    for (UINT layer = 0; layer < 2; ++layer) {
      INFO("layer " << layer);
      D3D11_MAPPED_SUBRESOURCE mapped{};
      REQUIRE(f.context->Map(staging.get(), layer * 2 + 1, D3D11_MAP_READ, 0, &mapped) == S_OK);
      std::vector<uint8_t> bytes(static_cast<uint8_t*>(mapped.pData), static_cast<uint8_t*>(mapped.pData) + 16);
      f.context->Unmap(staging.get(), layer * 2 + 1);
      checkAverage(bytes, 4, a, b, true);
    }
  }
  SECTION("3D, 4x4x4, two levels: each 2x2x2 block averaged") {
    D3D11_TEXTURE3D_DESC desc{4, 4, 4, 2, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, bind, 0,
                              D3D11_RESOURCE_MISC_GENERATE_MIPS};
    ComPtr<ID3D11Texture3D> texture;
    REQUIRE(f.device->CreateTexture3D(&desc, nullptr, texture.put()) == S_OK);
    // A 3D checkerboard: a where x + y + z is even.
    std::vector<uint32_t> top;
    for (UINT z = 0; z < 4; ++z) {
      auto slice = checkerboard(4, 4, z % 2 ? b : a, z % 2 ? a : b);
      top.insert(top.end(), slice.begin(), slice.end());
    }
    f.context->UpdateSubresource(texture.get(), 0, nullptr, top.data(), 16, 64);
    auto view = srv(f, texture.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_SRV_DIMENSION_TEXTURE3D, 1);
    f.context->GenerateMips(view.get());
    const D3D11_TEXTURE3D_DESC stagingDesc = stagingOf(desc);
    ComPtr<ID3D11Texture3D> staging;
    REQUIRE(f.device->CreateTexture3D(&stagingDesc, nullptr, staging.put()) == S_OK);
    f.context->CopyResource(staging.get(), texture.get());
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(f.context->Map(staging.get(), 1, D3D11_MAP_READ, 0, &mapped) == S_OK);
    std::vector<uint8_t> bytes;
    for (UINT z = 0; z < 2; ++z)
      for (UINT y = 0; y < 2; ++y) {
        const uint8_t* row = static_cast<uint8_t*>(mapped.pData) + size_t(z) * mapped.DepthPitch + size_t(y) * mapped.RowPitch;
        bytes.insert(bytes.end(), row, row + 8);
      }
    f.context->Unmap(staging.get(), 1);
    checkAverage(bytes, 8, a, b, true);
  }
}

TEST_CASE("the resolve and mips shaders' draws do not count in an occlusion query", "[render][meta-formats]") {
  Fixture f;
  if (!has4xMsaa(f, DXGI_FORMAT_R8G8B8A8_UNORM)) {
    WARN("skipped: no 4x MSAA for R8G8B8A8_UNORM on this device");
    return;
  }
  Scene scene(f, 4, 4);
  auto msaa = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 1, 1, 4);
  auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
  auto mipmapped = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 4, 1, 1, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  auto view = srv(f, mipmapped.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_SRV_DIMENSION_TEXTURE2D, 1);
  D3D11_QUERY_DESC desc{D3D11_QUERY_OCCLUSION, 0};
  auto samples = [&](bool withMeta) {
    ComPtr<ID3D11Query> query;
    REQUIRE(f.device->CreateQuery(&desc, query.put()) == S_OK);
    f.context->Begin(query.get());
    scene.draw(rect(-1, -1, 1, 1, 1, 0, 0));
    if (withMeta) {
      f.context->ResolveSubresource(resolved.get(), 0, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
      f.context->GenerateMips(view.get());
      scene.draw(rect(-1, -1, 1, 1, 0, 1, 0));
    }
    f.context->End(query.get());
    UINT64 count = 0;
    HRESULT hr;
    while ((hr = f.context->GetData(query.get(), &count, sizeof(count), 0)) == S_FALSE) {
    }
    REQUIRE(hr == S_OK);
    return count;
  };
  const UINT64 one = samples(false);
  CHECK(one == 16);
  // Two draws of 16 samples; the resolve (16 pixels) and three mip levels (16 + 4 + 1) add none.
  CHECK(samples(true) == 2 * one);
}

TEST_CASE("a deferred context's sRGB resolve and mip generation run when its command list executes", "[render][meta-formats]") {
  Fixture f;
  if (!has4xMsaa(f, DXGI_FORMAT_R8G8B8A8_UNORM)) {
    WARN("skipped: no 4x MSAA for R8G8B8A8_UNORM on this device");
    return;
  }
  Scene scene(f, 4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, kColorPS, 4);
  const float color[4] = {0.8f, 0.4f, 0.2f, 1.0f};
  auto msaa = halfCovered(f, scene, DXGI_FORMAT_R8G8B8A8_TYPELESS, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET, color);
  // A destination without render-target binding: the resolve draws into a scratch image the
  // command list keeps alive, then copies.
  auto resolved = f.texture2D(4, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  auto mipmapped = f.texture2D(8, 8, DXGI_FORMAT_R8G8B8A8_TYPELESS, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 2, 1, 1, D3D11_RESOURCE_MISC_GENERATE_MIPS);
  const uint32_t a = 0xff000000u, b = 0xffffffffu;
  auto top = checkerboard(8, 8, a, b);
  f.context->UpdateSubresource(mipmapped.get(), 0, nullptr, top.data(), 32, 0);
  auto view = srv(f, mipmapped.get(), DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, D3D11_SRV_DIMENSION_TEXTURE2D, 1);

  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  deferred->ResolveSubresource(resolved.get(), 0, msaa.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
  deferred->GenerateMips(view.get());
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  // Nothing happened yet.
  CHECK(f.readTexture(resolved.get(), 0, 4) == std::vector<uint8_t>(64, 0));
  f.context->ExecuteCommandList(list.get(), FALSE);
  const double want[4] = {averaged(204, 0, true), averaged(102, 0, true), averaged(51, 0, true), 127.5};
  checkNear(f.readTexture(resolved.get(), 0, 4), 16, want);
  checkAverage(f.readTexture(mipmapped.get(), 1, 4), 16, a, b, true);
  // Executed again, the list gives the same results (its views are made per execution).
  f.context->ExecuteCommandList(list.get(), FALSE);
  checkNear(f.readTexture(resolved.get(), 0, 4), 16, want);
  checkAverage(f.readTexture(mipmapped.get(), 1, 4), 16, a, b, true);
}
