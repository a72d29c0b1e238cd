// End-to-end under Wine: tiled resources (issue #24) through d3d11vk's DLLs as a Windows program
// sees them. Where the device reports no tiled resources tier (Mesa 22.3) it checks that tile
// pools are refused; at tier 1 (Mesa 25's lavapipe) it maps a tiled buffer and a tiled texture
// from a tile pool, writes and reads tiles, clears the texture through its tiles, aliases a pool
// tile from two resources and checks every byte read back.
// Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "util/windows_base.h"

static int g_passed = 0, g_failed = 0;

static void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

static const UINT kTile = 65536;

static int finish() {
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}

// `count` tiles of `resource` from `start`, through CopyTiles and a staging buffer.
static std::vector<uint8_t> readTiles(ID3D11Device* device, ID3D11DeviceContext2* context, ID3D11Resource* resource,
                                      D3D11_TILED_RESOURCE_COORDINATE start, UINT count) {
  D3D11_BUFFER_DESC desc{count * kTile, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  ID3D11Buffer* staging = nullptr;
  std::vector<uint8_t> bytes;
  if (FAILED(device->CreateBuffer(&desc, nullptr, &staging)))
    return bytes;
  D3D11_TILE_REGION_SIZE size{count, FALSE, 0, 0, 0};
  context->CopyTiles(resource, &start, &size, staging, 0, D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (SUCCEEDED(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped))) {
    bytes.assign(static_cast<uint8_t*>(mapped.pData), static_cast<uint8_t*>(mapped.pData) + size_t(count) * kTile);
    context->Unmap(staging, 0);
  }
  staging->Release();
  return bytes;
}

int main() {
  const D3D_FEATURE_LEVEL wanted = D3D_FEATURE_LEVEL_11_1;
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* immediate = nullptr;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &wanted, 1, D3D11_SDK_VERSION, &device,
                                 nullptr, &immediate);
  check(hr == S_OK && device, "D3D11CreateDevice at 11_1");
  if (!device)
    return finish();
  ID3D11DeviceContext2* context = nullptr;
  check(SUCCEEDED(immediate->QueryInterface(__uuidof(ID3D11DeviceContext2), reinterpret_cast<void**>(&context))),
        "the immediate context is an ID3D11DeviceContext2");
  if (!context)
    return finish();
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1{};
  device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS1, &options1, sizeof(options1));
  std::printf("TiledResourcesTier %d\n", int(options1.TiledResourcesTier));

  D3D11_BUFFER_DESC poolDesc{4 * kTile, D3D11_USAGE_DEFAULT, 0, 0, D3D11_RESOURCE_MISC_TILE_POOL, 0};
  ID3D11Buffer* pool = nullptr;
  hr = device->CreateBuffer(&poolDesc, nullptr, &pool);
  if (options1.TiledResourcesTier == D3D11_TILED_RESOURCES_NOT_SUPPORTED) {
    check(hr == E_INVALIDARG && !pool, "no tiled resources tier: a tile pool is refused with E_INVALIDARG");
    std::printf("the rest needs a tiled resources tier (Mesa 25's lavapipe has tier 1); not run\n");
    return finish();
  }
  check(options1.TiledResourcesTier == D3D11_TILED_RESOURCES_TIER_1, "tier 1 (tier 2's shader feedback is not built)");
  check(hr == S_OK && pool, "a 4-tile pool is created");
  D3D11_BUFFER_DESC tiledDesc{2 * kTile, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
                              0, D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
  ID3D11Buffer *a = nullptr, *b = nullptr;
  check(SUCCEEDED(device->CreateBuffer(&tiledDesc, nullptr, &a)) && SUCCEEDED(device->CreateBuffer(&tiledDesc, nullptr, &b)),
        "two 2-tile tiled buffers are created");
  if (!pool || !a || !b)
    return finish();

  // a: tiles 0, 1 on pool tiles 2, 3; b: tile 0 on pool tile 3 (aliasing a's tile 1).
  D3D11_TILED_RESOURCE_COORDINATE start{0, 0, 0, 0};
  D3D11_TILE_REGION_SIZE two{2, FALSE, 0, 0, 0}, one{1, FALSE, 0, 0, 0};
  const UINT offsetA = 2, offsetB = 3;
  check(context->UpdateTileMappings(a, 1, &start, &two, pool, 1, nullptr, &offsetA, nullptr, 0) == S_OK, "map a's tiles");
  check(context->UpdateTileMappings(b, 1, &start, &one, pool, 1, nullptr, &offsetB, nullptr, 0) == S_OK, "map b's tile");
  std::vector<uint8_t> data(2 * kTile);
  for (size_t i = 0; i < data.size(); i++)
    data[i] = uint8_t(i * 13 + (i >> 16));
  context->UpdateTiles(a, &start, &two, data.data(), 0);
  check(readTiles(device, context, a, start, 2) == data, "UpdateTiles then CopyTiles round-trips a's two tiles");
  context->TiledResourceBarrier(a, b);
  std::vector<uint8_t> aliased = readTiles(device, context, b, start, 1);
  check(aliased.size() == kTile && std::memcmp(aliased.data(), data.data() + kTile, kTile) == 0,
        "b's tile reads what a wrote to the pool tile they share");

  // A 256x256 RGBA8 tiled texture (2x2 tiles) on pool tiles 0..3, cleared and read back.
  D3D11_TEXTURE2D_DESC textureDesc{256, 256, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_TILED};
  ID3D11Texture2D* texture = nullptr;
  check(SUCCEEDED(device->CreateTexture2D(&textureDesc, nullptr, &texture)), "a tiled 256x256 texture is created");
  if (texture) {
    D3D11_TILE_REGION_SIZE all{4, FALSE, 0, 0, 0};
    const UINT zero = 0;
    check(context->UpdateTileMappings(texture, 1, &start, &all, pool, 1, nullptr, &zero, nullptr, 0) == S_OK,
          "map the texture's four tiles");
    ID3D11RenderTargetView* rtv = nullptr;
    device->CreateRenderTargetView(texture, nullptr, &rtv);
    const float color[4] = {1.0f, 0.0f, 0.0f, 1.0f};
    if (rtv) {
      context->ClearRenderTargetView(rtv, color);
      rtv->Release();
    }
    D3D11_TEXTURE2D_DESC stagingDesc = textureDesc;
    stagingDesc.Usage = D3D11_USAGE_STAGING;
    stagingDesc.BindFlags = 0;
    stagingDesc.MiscFlags = 0;
    stagingDesc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Texture2D* staging = nullptr;
    bool red = false;
    if (SUCCEEDED(device->CreateTexture2D(&stagingDesc, nullptr, &staging))) {
      context->CopyResource(staging, texture);
      D3D11_MAPPED_SUBRESOURCE mapped{};
      if (SUCCEEDED(context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped))) {
        red = true;
        for (UINT y = 0; y < 256; y += 17)
          for (UINT x = 0; x < 256; x += 13) {
            uint32_t texel;
            std::memcpy(&texel, static_cast<uint8_t*>(mapped.pData) + y * mapped.RowPitch + x * 4, 4);
            red &= texel == 0xff0000ffu;
          }
        context->Unmap(staging, 0);
      }
      staging->Release();
    }
    check(red, "the cleared tiled texture reads red everywhere through its tiles");
    texture->Release();
  }
  a->Release();
  b->Release();
  pool->Release();
  context->Release();
  immediate->Release();
  device->Release();
  return finish();
}
