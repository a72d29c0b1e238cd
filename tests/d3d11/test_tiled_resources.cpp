// Tiled resources (D3D11.2): tile pools, tiled buffers and Texture2Ds, GetResourceTiling, the
// ID3D11DeviceContext2 tile methods, with pixels read back through the mapped tiles. Runs where
// the device reports a tiled resources tier (Mesa 25's lavapipe); elsewhere it checks that the
// creation of tiled resources is refused and skips the rest, saying why.
#include "d3d11/context_test_util.h"

#include <numeric>

namespace {

using context_test::Fixture;
using util::ComPtr;

constexpr UINT kTile = 65536;

D3D11_TILED_RESOURCES_TIER tierOf(ID3D11Device* device) {
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS1, &options1, sizeof(options1)) == S_OK);
  return options1.TiledResourcesTier;
}

struct TiledFixture : Fixture {
  ComPtr<ID3D11Device2> device2;
  ComPtr<ID3D11DeviceContext2> context2;
  TiledFixture() {
    device2 = device.query<ID3D11Device2>();
    context2 = context.query<ID3D11DeviceContext2>();
    REQUIRE(device2);
    REQUIRE(context2);
  }
  HRESULT createBuffer(UINT size, UINT bind, UINT misc, ID3D11Buffer** out, const void* data = nullptr) {
    D3D11_BUFFER_DESC desc{size, D3D11_USAGE_DEFAULT, bind, 0, misc, 0};
    D3D11_SUBRESOURCE_DATA initial{data, 0, 0};
    return device->CreateBuffer(&desc, data ? &initial : nullptr, out);
  }
  ComPtr<ID3D11Buffer> pool(UINT tiles) {
    ComPtr<ID3D11Buffer> pool;
    REQUIRE(createBuffer(tiles * kTile, 0, D3D11_RESOURCE_MISC_TILE_POOL, pool.put()) == S_OK);
    return pool;
  }
  ComPtr<ID3D11Buffer> tiledBuffer(UINT tiles) {
    ComPtr<ID3D11Buffer> buffer;
    REQUIRE(createBuffer(tiles * kTile, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
                         D3D11_RESOURCE_MISC_TILED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, buffer.put()) == S_OK);
    return buffer;
  }
  // Maps `count` tiles of `resource` from tile (x, y) of `subresource` on to the pool's tiles
  // from `poolTile` on.
  HRESULT map(ID3D11Resource* resource, UINT x, UINT count, ID3D11Buffer* pool, UINT poolTile, UINT subresource = 0, UINT y = 0) {
    D3D11_TILED_RESOURCE_COORDINATE start{x, y, 0, subresource};
    D3D11_TILE_REGION_SIZE size{count, FALSE, 0, 0, 0};
    UINT flags = 0;
    return context2->UpdateTileMappings(resource, 1, &start, &size, pool, 1, &flags, &poolTile, &count, 0);
  }
  // The bytes of `count` tiles from `first`, through CopyTiles into a staging buffer.
  std::vector<uint8_t> readTiles(ID3D11Resource* resource, D3D11_TILED_RESOURCE_COORDINATE start, UINT count) {
    auto staging = buffer(count * kTile, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
    D3D11_TILE_REGION_SIZE size{count, FALSE, 0, 0, 0};
    context2->CopyTiles(resource, &start, &size, staging.get(), 0, D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    REQUIRE(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
    std::vector<uint8_t> bytes(static_cast<uint8_t*>(mapped.pData), static_cast<uint8_t*>(mapped.pData) + size_t(count) * kTile);
    context->Unmap(staging.get(), 0);
    return bytes;
  }
  void writeTiles(ID3D11Resource* resource, D3D11_TILED_RESOURCE_COORDINATE start, const std::vector<uint8_t>& bytes) {
    D3D11_TILE_REGION_SIZE size{UINT(bytes.size() / kTile), FALSE, 0, 0, 0};
    context2->UpdateTiles(resource, &start, &size, bytes.data(), 0);
  }
};

std::vector<uint8_t> pattern(UINT tiles, uint8_t seed) {
  std::vector<uint8_t> bytes(size_t(tiles) * kTile);
  for (size_t i = 0; i < bytes.size(); i++)
    bytes[i] = uint8_t(seed + i * 7 + (i >> 16) * 31);
  return bytes;
}

std::vector<uint8_t> slice(const std::vector<uint8_t>& bytes, UINT tile, UINT count = 1) {
  return std::vector<uint8_t>(bytes.begin() + size_t(tile) * kTile, bytes.begin() + size_t(tile + count) * kTile);
}

#define REQUIRE_TILED(fixture)                                                                                   \
  do {                                                                                                           \
    if (tierOf((fixture).device.get()) == D3D11_TILED_RESOURCES_NOT_SUPPORTED) {                                  \
      WARN("skipped: this Vulkan device reports no tiled resources tier (no sparse residency; Mesa 25 has it)"); \
      return;                                                                                                    \
    }                                                                                                            \
  } while (0)

}  // namespace

TEST_CASE("tiled resources and tile pools are created only where the device reports a tier, by the documented rules",
          "[device][tiled]") {
  TiledFixture f;
  ComPtr<ID3D11Buffer> buffer;
  if (tierOf(f.device.get()) == D3D11_TILED_RESOURCES_NOT_SUPPORTED) {
    CHECK(f.createBuffer(kTile, 0, D3D11_RESOURCE_MISC_TILE_POOL, buffer.put()) == E_INVALIDARG);
    CHECK(f.createBuffer(kTile, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TILED, buffer.put()) == E_INVALIDARG);
    UINT support2 = 0;
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 format{DXGI_FORMAT_R8G8B8A8_UNORM, 0};
    REQUIRE(f.device->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &format, sizeof(format)) == S_OK);
    support2 = format.OutFormatSupport2;
    CHECK_FALSE(support2 & D3D11_FORMAT_SUPPORT2_TILED);
    WARN("skipped the rest: this Vulkan device reports no tiled resources tier (no sparse residency; Mesa 25 has it)");
    return;
  }
  CHECK(tierOf(f.device.get()) == D3D11_TILED_RESOURCES_TIER_1);  // tier 2's shader feedback is not built
  // Tile pools: a multiple of 64 KiB (0 too), default usage, no bind flags, no initial data.
  CHECK(f.createBuffer(0, 0, D3D11_RESOURCE_MISC_TILE_POOL, buffer.put()) == S_OK);
  CHECK(f.createBuffer(4 * kTile, 0, D3D11_RESOURCE_MISC_TILE_POOL, buffer.put()) == S_OK);
  CHECK(f.createBuffer(kTile + 4, 0, D3D11_RESOURCE_MISC_TILE_POOL, buffer.put()) == E_INVALIDARG);
  CHECK(f.createBuffer(kTile, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TILE_POOL, buffer.put()) == E_INVALIDARG);
  const std::vector<uint8_t> data(kTile);
  CHECK(f.createBuffer(kTile, 0, D3D11_RESOURCE_MISC_TILE_POOL, buffer.put(), data.data()) == E_INVALIDARG);
  CHECK(f.createBuffer(kTile, 0, D3D11_RESOURCE_MISC_TILE_POOL | D3D11_RESOURCE_MISC_TILED, buffer.put()) == E_INVALIDARG);
  // A tile pool is no buffer to bind, copy or view.
  auto pool = f.pool(1);
  ComPtr<ID3D11ShaderResourceView> view;
  CHECK(f.device->CreateShaderResourceView(pool.get(), nullptr, view.put()) == E_INVALIDARG);
  // Tiled buffers: no vertex, index, constant or stream-output binding, no initial data.
  CHECK(f.createBuffer(3 * kTile + 100, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_TILED, buffer.put()) == S_OK);
  CHECK(f.createBuffer(kTile, D3D11_BIND_CONSTANT_BUFFER, D3D11_RESOURCE_MISC_TILED, buffer.put()) == E_INVALIDARG);
  CHECK(f.createBuffer(kTile, D3D11_BIND_VERTEX_BUFFER, D3D11_RESOURCE_MISC_TILED, buffer.put()) == E_INVALIDARG);
  CHECK(f.createBuffer(kTile, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_TILED, buffer.put(), data.data()) == E_INVALIDARG);
  D3D11_BUFFER_DESC dynamic{kTile, D3D11_USAGE_DYNAMIC, D3D11_BIND_SHADER_RESOURCE, D3D11_CPU_ACCESS_WRITE,
                            D3D11_RESOURCE_MISC_TILED, 0};
  CHECK(f.device->CreateBuffer(&dynamic, nullptr, buffer.put()) == E_INVALIDARG);

  // Tiled textures: Texture2D only at tier 1 (no 1D, no 3D), 1 or 4 samples, no initial data,
  // and no arrays when a mip is not a whole number of standard tiles.
  D3D11_TEXTURE2D_DESC desc{256, 256, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_TILED};
  ComPtr<ID3D11Texture2D> texture;
  CHECK(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  D3D11_TEXTURE2D_DESC array = desc;
  array.ArraySize = 3;
  CHECK(f.device->CreateTexture2D(&array, nullptr, texture.put()) == S_OK);  // 256 and 128: whole tiles
  array.MipLevels = 0;  // 64x64 and smaller are packed
  CHECK(f.device->CreateTexture2D(&array, nullptr, texture.put()) == E_INVALIDARG);
  D3D11_TEXTURE2D_DESC msaa = desc;
  msaa.SampleDesc.Count = 2;
  CHECK(f.device->CreateTexture2D(&msaa, nullptr, texture.put()) == E_INVALIDARG);
  D3D11_TEXTURE2D_DESC wide = desc;
  wide.Format = DXGI_FORMAT_R32G32B32_FLOAT;  // 96 bits per texel are never tiled
  CHECK(f.device->CreateTexture2D(&wide, nullptr, texture.put()) == E_INVALIDARG);
  std::vector<uint8_t> texels(256 * 256 * 4);
  D3D11_SUBRESOURCE_DATA initial{texels.data(), 256 * 4, 0};
  CHECK(f.device->CreateTexture2D(&desc, &initial, texture.put()) == E_INVALIDARG);
  D3D11_TEXTURE1D_DESC line{256, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                            D3D11_RESOURCE_MISC_TILED};
  ComPtr<ID3D11Texture1D> texture1D;
  CHECK(f.device->CreateTexture1D(&line, nullptr, texture1D.put()) == E_INVALIDARG);
  D3D11_TEXTURE3D_DESC volume{64, 64, 64, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0,
                              D3D11_RESOURCE_MISC_TILED};
  ComPtr<ID3D11Texture3D> texture3D;
  CHECK(f.device->CreateTexture3D(&volume, nullptr, texture3D.put()) == E_INVALIDARG);
  D3D11_FEATURE_DATA_FORMAT_SUPPORT2 format{DXGI_FORMAT_R8G8B8A8_UNORM, 0};
  REQUIRE(f.device->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &format, sizeof(format)) == S_OK);
  CHECK(format.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_TILED);
}

TEST_CASE("GetResourceTiling reports D3D11's standard tile shapes, the tile grid and the packed mips", "[device][tiled]") {
  TiledFixture f;
  REQUIRE_TILED(f);
  struct Shape {
    DXGI_FORMAT format;
    UINT width, height;
  };
  // The documented Texture2D shapes by bits per element, and for block-compressed formats.
  const Shape shapes[] = {{DXGI_FORMAT_R8_UNORM, 256, 256},          {DXGI_FORMAT_R16_FLOAT, 256, 128},
                          {DXGI_FORMAT_R8G8B8A8_UNORM, 128, 128},    {DXGI_FORMAT_R16G16B16A16_FLOAT, 128, 64},
                          {DXGI_FORMAT_R32G32B32A32_FLOAT, 64, 64},  {DXGI_FORMAT_BC1_UNORM, 512, 256},
                          {DXGI_FORMAT_BC3_UNORM, 256, 256}};
  for (const Shape& shape : shapes) {
    INFO("format " << shape.format);
    D3D11_TEXTURE2D_DESC desc{shape.width * 4, shape.height * 2, 1, 1, shape.format, {1, 0}, D3D11_USAGE_DEFAULT,
                              D3D11_BIND_SHADER_RESOURCE, 0, D3D11_RESOURCE_MISC_TILED};
    ComPtr<ID3D11Texture2D> texture;
    REQUIRE(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    UINT tiles = 0, count = 1;
    D3D11_PACKED_MIP_DESC packed{};
    D3D11_TILE_SHAPE tileShape{};
    D3D11_SUBRESOURCE_TILING tiling{};
    f.device2->GetResourceTiling(texture.get(), &tiles, &packed, &tileShape, &count, 0, &tiling);
    CHECK(tileShape.WidthInTexels == shape.width);
    CHECK(tileShape.HeightInTexels == shape.height);
    CHECK(tileShape.DepthInTexels == 1);
    CHECK(tiles == 8);
    CHECK(packed.NumStandardMips == 1);
    CHECK(packed.NumPackedMips == 0);
    CHECK(count == 1);
    CHECK(tiling.WidthInTiles == 4);
    CHECK(tiling.HeightInTiles == 2);
    CHECK(tiling.DepthInTiles == 1);
    CHECK(tiling.StartTileIndexInOverallResource == 0);
  }

  // 512x256 RGBA8 with its full chain: mips 0 (4x2 tiles) and 1 (2x1) are whole tiles, so
  // standard; 128x64 and below may be packed (tier 1 leaves it to the device: lavapipe binds
  // them as partly used standard tiles, other drivers pack them in a mip tail).
  D3D11_TEXTURE2D_DESC desc{512, 256, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_TILED};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  UINT tiles = 0, count = 16;
  D3D11_PACKED_MIP_DESC packed{};
  D3D11_SUBRESOURCE_TILING tilings[16] = {};
  f.device2->GetResourceTiling(texture.get(), &tiles, &packed, nullptr, &count, 0, tilings);
  CHECK(count == 10);
  CHECK(packed.NumStandardMips >= 2);
  CHECK(packed.NumStandardMips + packed.NumPackedMips == 10);
  CHECK(tilings[0].WidthInTiles == 4);
  CHECK(tilings[0].HeightInTiles == 2);
  CHECK(tilings[1].WidthInTiles == 2);
  CHECK(tilings[1].HeightInTiles == 1);
  CHECK(tilings[1].StartTileIndexInOverallResource == 8);
  UINT standardTiles = 0;
  for (UINT mip = 0; mip < 10; mip++) {
    INFO("mip " << mip);
    if (mip < packed.NumStandardMips) {
      // Each standard mip covers its texels with whole tiles, one after the other.
      CHECK(tilings[mip].StartTileIndexInOverallResource == standardTiles);
      CHECK(tilings[mip].WidthInTiles == std::max(1u, ((512u >> mip) + 127) / 128));
      CHECK(tilings[mip].HeightInTiles == std::max(1u, ((256u >> mip) + 127) / 128));
      standardTiles += tilings[mip].WidthInTiles * tilings[mip].HeightInTiles;
    } else {
      CHECK(tilings[mip].WidthInTiles == 0);
      CHECK(tilings[mip].StartTileIndexInOverallResource == D3D11_PACKED_TILE);
    }
  }
  if (packed.NumPackedMips) {
    CHECK(packed.NumTilesForPackedMips >= 1);
    CHECK(packed.StartTileIndexInOverallResource == standardTiles);
  } else {
    CHECK(packed.NumTilesForPackedMips == 0);
  }
  CHECK(tiles == standardTiles + packed.NumTilesForPackedMips);
  count = 2;  // from subresource 9: one is left
  f.device2->GetResourceTiling(texture.get(), nullptr, nullptr, nullptr, &count, 9, tilings);
  CHECK(count == 1);

  // A buffer: 64 KiB tiles, the last one partly used; one subresource of NumTiles x 1 x 1.
  auto buffer = f.tiledBuffer(3);
  D3D11_TILE_SHAPE shape{};
  count = 1;
  f.device2->GetResourceTiling(buffer.get(), &tiles, &packed, &shape, &count, 0, tilings);
  CHECK(tiles == 3);
  CHECK(shape.WidthInTexels == kTile);
  CHECK(packed.NumPackedMips == 0);
  CHECK(tilings[0].WidthInTiles == 3);
}

TEST_CASE("a tiled buffer's tiles read and write pool memory; two resources aliasing a pool tile see each other's writes",
          "[device][tiled]") {
  TiledFixture f;
  REQUIRE_TILED(f);
  auto pool = f.pool(4);
  auto a = f.tiledBuffer(2);
  auto b = f.tiledBuffer(4);
  // a's tiles 0 and 1 on pool tiles 2 and 3.
  REQUIRE(f.map(a.get(), 0, 2, pool.get(), 2) == S_OK);
  const std::vector<uint8_t> data = pattern(2, 5);
  f.writeTiles(a.get(), {0, 0, 0, 0}, data);
  CHECK(f.readTiles(a.get(), {0, 0, 0, 0}, 2) == data);
  // The buffer's own copy path (CopyResource of the whole buffer) reads the same bytes.
  CHECK(f.readBuffer(a.get()) == data);
  // b's tile 3 maps pool tile 3, which a's tile 1 wrote.
  REQUIRE(f.map(b.get(), 3, 1, pool.get(), 3) == S_OK);
  f.context2->TiledResourceBarrier(a.get(), b.get());
  CHECK(f.readTiles(b.get(), {3, 0, 0, 0}, 1) == slice(data, 1));
  // A write through b shows through a.
  const std::vector<uint8_t> other = pattern(1, 99);
  f.writeTiles(b.get(), {3, 0, 0, 0}, other);
  f.context2->TiledResourceBarrier(b.get(), a.get());
  CHECK(f.readTiles(a.get(), {1, 0, 0, 0}, 1) == other);
  CHECK(f.readTiles(a.get(), {0, 0, 0, 0}, 1) == slice(data, 0));

  // Remapping: a's tile 0 now on pool tile 3 reads what tile 1 has.
  REQUIRE(f.map(a.get(), 0, 1, pool.get(), 3) == S_OK);
  CHECK(f.readTiles(a.get(), {0, 0, 0, 0}, 1) == other);
}

TEST_CASE("UpdateTileMappings: range flags, null defaults, a null pool adding to the mappings, and bad calls refused",
          "[device][tiled]") {
  TiledFixture f;
  REQUIRE_TILED(f);
  auto pool = f.pool(4);
  auto buffer = f.tiledBuffer(4);
  // Fill pool tiles 0..3 with distinct bytes through a helper buffer mapped 1:1.
  auto filler = f.tiledBuffer(4);
  REQUIRE(f.map(filler.get(), 0, 4, pool.get(), 0) == S_OK);
  const std::vector<uint8_t> data = pattern(4, 1);
  f.writeTiles(filler.get(), {0, 0, 0, 0}, data);
  f.context2->TiledResourceBarrier(nullptr, nullptr);

  // One region of all 4 tiles, ranges: 1 sequential from pool tile 2, 1 skipped, 2 reusing pool tile 1.
  D3D11_TILED_RESOURCE_COORDINATE start{0, 0, 0, 0};
  D3D11_TILE_REGION_SIZE size{4, FALSE, 0, 0, 0};
  const UINT flags[3] = {0, D3D11_TILE_RANGE_SKIP, D3D11_TILE_RANGE_REUSE_SINGLE_TILE};
  const UINT offsets[3] = {2, 0, 1};
  const UINT counts[3] = {1, 1, 2};
  REQUIRE(f.context2->UpdateTileMappings(buffer.get(), 1, &start, &size, pool.get(), 3, flags, offsets, counts, 0) == S_OK);
  std::vector<uint8_t> read = f.readTiles(buffer.get(), start, 4);
  CHECK(slice(read, 0) == slice(data, 2));
  CHECK(slice(read, 2) == slice(data, 1));
  CHECK(slice(read, 3) == slice(data, 1));
  // The skipped tile 1 stays unmapped (its contents are undefined at tier 1: not read). Now map
  // it with a null pool, which adds to the pool named before, with a box region and null counts.
  D3D11_TILED_RESOURCE_COORDINATE one{1, 0, 0, 0};
  D3D11_TILE_REGION_SIZE box{1, TRUE, 1, 1, 1};
  const UINT offset = 0;
  REQUIRE(f.context2->UpdateTileMappings(buffer.get(), 1, &one, &box, nullptr, 1, nullptr, &offset, nullptr,
                                         D3D11_TILE_MAPPING_NO_OVERWRITE) == S_OK);
  read = f.readTiles(buffer.get(), start, 4);
  CHECK(slice(read, 1) == slice(data, 0));
  CHECK(slice(read, 0) == slice(data, 2));  // unchanged

  // Several regions of one tile each (null sizes), one range per tile (null counts).
  const D3D11_TILED_RESOURCE_COORDINATE starts[2] = {{3, 0, 0, 0}, {0, 0, 0, 0}};
  const UINT twoOffsets[2] = {0, 3};
  REQUIRE(f.context2->UpdateTileMappings(buffer.get(), 2, starts, nullptr, pool.get(), 2, nullptr, twoOffsets, nullptr, 0) == S_OK);
  read = f.readTiles(buffer.get(), start, 4);
  CHECK(slice(read, 3) == slice(data, 0));
  CHECK(slice(read, 0) == slice(data, 3));

  // Refused with E_INVALIDARG: tile counts that disagree, a region past the resource, pool
  // tiles past the pool, unknown range flags, no pool ever named, a resource that is not tiled.
  const UINT three = 3, zero = 0, bad = 8;
  CHECK(f.context2->UpdateTileMappings(buffer.get(), 1, &start, &size, pool.get(), 1, nullptr, &zero, &three, 0) == E_INVALIDARG);
  D3D11_TILE_REGION_SIZE tooLong{5, FALSE, 0, 0, 0};
  CHECK(f.context2->UpdateTileMappings(buffer.get(), 1, &start, &tooLong, pool.get(), 1, nullptr, &zero, nullptr, 0) == E_INVALIDARG);
  CHECK(f.context2->UpdateTileMappings(buffer.get(), 1, &start, &size, pool.get(), 1, nullptr, &three, nullptr, 0) == E_INVALIDARG);
  CHECK(f.context2->UpdateTileMappings(buffer.get(), 1, &start, &size, pool.get(), 1, &bad, &zero, nullptr, 0) == E_INVALIDARG);
  auto fresh = f.tiledBuffer(1);
  CHECK(f.context2->UpdateTileMappings(fresh.get(), 1, nullptr, nullptr, nullptr, 1, nullptr, &zero, nullptr, 0) == E_INVALIDARG);
  auto plain = f.buffer(kTile, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
  CHECK(f.context2->UpdateTileMappings(plain.get(), 1, nullptr, nullptr, pool.get(), 1, nullptr, &zero, nullptr, 0) == E_INVALIDARG);
  CHECK(f.context2->UpdateTileMappings(buffer.get(), 1, nullptr, nullptr, plain.get(), 1, nullptr, &zero, nullptr, 0) == E_INVALIDARG);
  // Everything to NULL (the documented first example): no pool needed.
  const UINT null = D3D11_TILE_RANGE_NULL;
  CHECK(f.context2->UpdateTileMappings(buffer.get(), 1, nullptr, nullptr, nullptr, 1, &null, nullptr, nullptr,
                                       D3D11_TILE_MAPPING_NO_OVERWRITE) == S_OK);
}

TEST_CASE("a tiled Texture2D renders and reads through its mapped tiles; UpdateTiles and CopyTiles round-trip texels",
          "[device][tiled]") {
  TiledFixture f;
  REQUIRE_TILED(f);
  // 256x256 RGBA8: 2x2 tiles of 128x128.
  D3D11_TEXTURE2D_DESC desc{256, 256, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                            D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_TILED};
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  auto pool = f.pool(4);
  REQUIRE(f.map(texture.get(), 0, 4, pool.get(), 0) == S_OK);
  ComPtr<ID3D11RenderTargetView> rtv;
  REQUIRE(f.device->CreateRenderTargetView(texture.get(), nullptr, rtv.put()) == S_OK);
  const float green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  f.context->ClearRenderTargetView(rtv.get(), green);
  std::vector<uint8_t> pixels = f.readTexture(texture.get(), 0, 4);
  CHECK(context_test::texel(pixels, 0) == 0xff00ff00u);
  CHECK(context_test::texel(pixels, 255 * 256 + 255) == 0xff00ff00u);

  // Tile (1, 0) in linear layout: 128 rows of 128 texels. Written with UpdateTiles, it covers
  // x 128..255 of rows 0..127.
  std::vector<uint8_t> tile(kTile);
  for (UINT y = 0; y < 128; y++)
    for (UINT x = 0; x < 128; x++) {
      const uint32_t value = 0xff000000u | (y << 8) | x;
      std::memcpy(&tile[(y * 128 + x) * 4], &value, 4);
    }
  D3D11_TILED_RESOURCE_COORDINATE at{1, 0, 0, 0};
  D3D11_TILE_REGION_SIZE one{1, TRUE, 1, 1, 1};
  f.context2->UpdateTiles(texture.get(), &at, &one, tile.data(), 0);
  pixels = f.readTexture(texture.get(), 0, 4);
  CHECK(context_test::texel(pixels, 0 * 256 + 128) == 0xff000000u);
  CHECK(context_test::texel(pixels, 5 * 256 + 130) == (0xff000000u | (5 << 8) | 2));
  CHECK(context_test::texel(pixels, 127 * 256 + 255) == (0xff000000u | (127 << 8) | 127));
  CHECK(context_test::texel(pixels, 128 * 256 + 128) == 0xff00ff00u);  // tile (1, 1) still green
  CHECK(context_test::texel(pixels, 5 * 256 + 2) == 0xff00ff00u);      // tile (0, 0) too
  CHECK(f.readTiles(texture.get(), at, 1) == tile);

  // Tile (0, 1) mapped onto pool tile 1, which holds tile (1, 0): the texture shows it twice.
  REQUIRE(f.map(texture.get(), 0, 1, pool.get(), 1, 0, 1) == S_OK);
  pixels = f.readTexture(texture.get(), 0, 4);
  CHECK(context_test::texel(pixels, (128 + 5) * 256 + 2) == (0xff000000u | (5 << 8) | 2));
}

TEST_CASE("packed mips map as one unit and render; CopyTileMappings and ResizeTilePool; tile work from deferred contexts",
          "[device][tiled]") {
  TiledFixture f;
  REQUIRE_TILED(f);
  SECTION("small mips: packed tiles mapped as one unit, or standard tiles") {
    D3D11_TEXTURE2D_DESC desc{512, 256, 0, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                              D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, D3D11_RESOURCE_MISC_TILED};
    ComPtr<ID3D11Texture2D> texture;
    REQUIRE(f.device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
    UINT tiles = 0;
    D3D11_PACKED_MIP_DESC packed{};
    f.device2->GetResourceTiling(texture.get(), &tiles, &packed, nullptr, nullptr, 0, nullptr);
    const UINT firstSmall = 2;  // 128x64: not whole tiles
    auto pool = f.pool(tiles);
    if (packed.NumPackedMips) {
      // Addressed through any packed mip's subresource, X counting into the packed tiles.
      REQUIRE(f.map(texture.get(), 0, packed.NumTilesForPackedMips, pool.get(), 0, packed.NumStandardMips + 1) == S_OK);
      D3D11_TILED_RESOURCE_COORDINATE at{0, 0, 0, packed.NumStandardMips};
      D3D11_TILE_REGION_SIZE box{1, TRUE, 1, 1, 1};
      const UINT zero = 0;
      CHECK(f.context2->UpdateTileMappings(texture.get(), 1, &at, &box, pool.get(), 1, nullptr, &zero, nullptr, 0) == E_INVALIDARG);
    } else {
      WARN("this device packs no mip of a 512x256 RGBA8 texture: its small mips are standard tiles, mapped one each");
    }
    // Standard small mips: each has one tile; map them all.
    for (UINT mip = firstSmall; mip < packed.NumStandardMips; mip++)
      REQUIRE(f.map(texture.get(), 0, 1, pool.get(), packed.NumTilesForPackedMips + mip, mip) == S_OK);
    for (UINT mip = firstSmall; mip < desc.MipLevels; mip++) {
      D3D11_RENDER_TARGET_VIEW_DESC view{};
      view.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
      view.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
      view.Texture2D.MipSlice = mip;
      ComPtr<ID3D11RenderTargetView> rtv;
      REQUIRE(f.device->CreateRenderTargetView(texture.get(), &view, rtv.put()) == S_OK);
      const float color[4] = {float(mip) / 16.0f, 0.0f, 1.0f, 1.0f};
      f.context->ClearRenderTargetView(rtv.get(), color);
    }
    for (UINT mip = firstSmall; mip < desc.MipLevels; mip++) {
      INFO("mip " << mip);
      const std::vector<uint8_t> pixels = f.readTexture(texture.get(), mip, 4);
      const uint32_t red = uint32_t(float(mip) / 16.0f * 255.0f + 0.5f);
      CHECK(context_test::texel(pixels, 0) == (0xffff0000u | red));
      CHECK(context_test::texel(pixels, pixels.size() / 4 - 1) == (0xffff0000u | red));
    }
  }
  SECTION("CopyTileMappings and ResizeTilePool") {
    auto pool = f.pool(1);
    CHECK(f.context2->ResizeTilePool(pool.get(), kTile + 1) == E_INVALIDARG);
    auto plain = f.buffer(kTile, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE);
    CHECK(f.context2->ResizeTilePool(plain.get(), kTile) == E_INVALIDARG);
    auto a = f.tiledBuffer(3);
    CHECK(f.map(a.get(), 0, 3, pool.get(), 0) == E_INVALIDARG);  // the pool has 1 tile
    REQUIRE(f.context2->ResizeTilePool(pool.get(), 3 * kTile) == S_OK);
    REQUIRE(f.map(a.get(), 0, 3, pool.get(), 0) == S_OK);
    const std::vector<uint8_t> data = pattern(3, 42);
    f.writeTiles(a.get(), {0, 0, 0, 0}, data);
    // Shrinking keeps mapped memory usable; new mappings past the end are refused.
    REQUIRE(f.context2->ResizeTilePool(pool.get(), kTile) == S_OK);
    CHECK(f.readTiles(a.get(), {0, 0, 0, 0}, 3) == data);
    auto b = f.tiledBuffer(2);
    CHECK(f.map(b.get(), 0, 1, pool.get(), 2) == E_INVALIDARG);
    // b's tiles 0 and 1 take a's mappings of tiles 2 and 1.
    D3D11_TILED_RESOURCE_COORDINATE to{0, 0, 0, 0}, from{1, 0, 0, 0};
    D3D11_TILE_REGION_SIZE two{2, FALSE, 0, 0, 0};
    REQUIRE(f.context2->CopyTileMappings(b.get(), &to, a.get(), &from, &two, 0) == S_OK);
    const std::vector<uint8_t> read = f.readTiles(b.get(), to, 2);
    CHECK(slice(read, 0) == slice(data, 1));
    CHECK(slice(read, 1) == slice(data, 2));
    // Overlapping within one resource: as if through a temporary. a's tiles 1, 2 take 0, 1.
    D3D11_TILED_RESOURCE_COORDINATE zero{0, 0, 0, 0}, oneOn{1, 0, 0, 0};
    REQUIRE(f.context2->CopyTileMappings(a.get(), &oneOn, a.get(), &zero, &two, 0) == S_OK);
    const std::vector<uint8_t> shifted = f.readTiles(a.get(), zero, 3);
    CHECK(slice(shifted, 1) == slice(data, 0));
    CHECK(slice(shifted, 2) == slice(data, 1));
  }
  SECTION("deferred context") {
    ComPtr<ID3D11DeviceContext2> deferred;
    REQUIRE(f.device2->CreateDeferredContext2(0, deferred.put()) == S_OK);
    auto pool = f.pool(2);
    auto a = f.tiledBuffer(2);
    D3D11_TILED_RESOURCE_COORDINATE start{0, 0, 0, 0};
    D3D11_TILE_REGION_SIZE size{2, FALSE, 0, 0, 0};
    const UINT offset = 0;
    REQUIRE(deferred->UpdateTileMappings(a.get(), 1, &start, &size, pool.get(), 1, nullptr, &offset, nullptr, 0) == S_OK);
    const std::vector<uint8_t> data = pattern(2, 77);
    deferred->UpdateTiles(a.get(), &start, &size, data.data(), 0);
    ComPtr<ID3D11CommandList> list;
    REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
    f.context->ExecuteCommandList(list.get(), FALSE);
    CHECK(f.readTiles(a.get(), start, 2) == data);
  }
}
