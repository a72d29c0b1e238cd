// Integration: buffers and textures on the machine's Vulkan device through the public API:
// documented invalid descriptions (E_INVALIDARG, null output), S_FALSE validation mode, per-level
// limits, GetDesc round trips, private data, initial data read back from the GPU; plus the pure
// range sub-allocator behind vk::MemoryAllocator.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"
#include "vk/range_allocator.h"

using util::ComPtr;

namespace {

const GUID kDebugObjectName = {0x429b8c22, 0x9188, 0x4b0c, {0x87, 0x42, 0xac, 0xb0, 0xbf, 0x85, 0xc2, 0x00}};

ComPtr<ID3D11Device3> createDevice(D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1) {
  ComPtr<ID3D11Device> device;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                                 device.put(), nullptr, nullptr);
  REQUIRE(hr == S_OK);
  auto device3 = device.query<ID3D11Device3>();
  REQUIRE(device3);
  return device3;
}

void checkValidation(ID3D11Device* device) {
  auto info = ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  CHECK(info->GetValidationErrorCount() == 0);
}

D3D11_BUFFER_DESC bufferDesc(UINT size, UINT bind, D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpu = 0, UINT misc = 0,
                             UINT stride = 0) {
  return {size, usage, bind, cpu, misc, stride};
}

D3D11_TEXTURE2D_DESC tex2D(UINT w, UINT h, DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM,
                           UINT bind = D3D11_BIND_SHADER_RESOURCE) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = w;
  desc.Height = h;
  desc.MipLevels = 1;
  desc.ArraySize = 1;
  desc.Format = format;
  desc.SampleDesc = {1, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = bind;
  return desc;
}

HRESULT tryBuffer(ID3D11Device* device, const D3D11_BUFFER_DESC& desc, const D3D11_SUBRESOURCE_DATA* data = nullptr) {
  ID3D11Buffer* buffer = reinterpret_cast<ID3D11Buffer*>(uintptr_t(1));
  HRESULT hr = device->CreateBuffer(&desc, data, &buffer);
  if (FAILED(hr))
    CHECK(buffer == nullptr);
  if (buffer)
    buffer->Release();
  return hr;
}

HRESULT tryTexture(ID3D11Device* device, const D3D11_TEXTURE2D_DESC& desc, const D3D11_SUBRESOURCE_DATA* data = nullptr) {
  ID3D11Texture2D* texture = reinterpret_cast<ID3D11Texture2D*>(uintptr_t(1));
  HRESULT hr = device->CreateTexture2D(&desc, data, &texture);
  if (FAILED(hr))
    CHECK(texture == nullptr);
  if (texture)
    texture->Release();
  return hr;
}

std::vector<uint8_t> readBack(ID3D11Device* device, ID3D11Resource* resource, UINT subresource) {
  auto info = ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  UINT size = 0;
  REQUIRE(info->ReadSubresource(resource, subresource, nullptr, &size) == S_OK);
  std::vector<uint8_t> bytes(size);
  REQUIRE(info->ReadSubresource(resource, subresource, bytes.data(), &size) == S_OK);
  return bytes;
}

}  // namespace

TEST_CASE("the range allocator aligns, reuses freed ranges and merges neighbours", "[device]") {
  vk::RangeAllocator ranges(1024);
  auto a = ranges.allocate(100, 1);
  auto b = ranges.allocate(100, 256);
  auto c = ranges.allocate(100, 16);
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(c);
  CHECK(*a == 0);
  CHECK(*b == 256);
  CHECK(*c == 112);  // first fit: the padding in front of b is reused
  CHECK_FALSE(ranges.allocate(2000, 1));
  CHECK_FALSE(ranges.allocate(16, 3));  // not a power of two
  ranges.free(*b, 100);
  auto d = ranges.allocate(100, 256);
  REQUIRE(d);
  CHECK(*d == 256);  // the freed range is reused
  ranges.free(*a, 100);
  ranges.free(*c, 100);
  ranges.free(*d, 100);
  CHECK(ranges.empty());
  CHECK(ranges.freeRangeCount() == 1);
  CHECK(ranges.allocate(1024, 1024));
}

TEST_CASE("CreateBuffer rejects the documented invalid descriptions", "[device]") {
  auto device = createDevice();
  const uint32_t data[64] = {};
  D3D11_SUBRESOURCE_DATA init{data, 0, 0};
  CHECK(tryBuffer(device.get(), bufferDesc(0, D3D11_BIND_VERTEX_BUFFER)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_DEPTH_STENCIL)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, 0x10000)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(20, D3D11_BIND_CONSTANT_BUFFER)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_VERTEX_BUFFER)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_IMMUTABLE)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC, 0)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_READ)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, 0, D3D11_USAGE_STAGING, 0)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, D3D11_CPU_ACCESS_WRITE)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE(7))) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, 0,
                                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 6)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(60, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, 0,
                                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0,
                                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, 0,
                                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 16)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0,
                                           D3D11_RESOURCE_MISC_TEXTURECUBE)) == E_INVALIDARG);
  // Raw views need a buffer that can have shader-resource or unordered-access views.
  for (UINT bind : {0u, UINT(D3D11_BIND_VERTEX_BUFFER), UINT(D3D11_BIND_INDEX_BUFFER), UINT(D3D11_BIND_STREAM_OUTPUT),
                    UINT(D3D11_BIND_RENDER_TARGET)})
    CHECK(tryBuffer(device.get(), bufferDesc(64, bind, D3D11_USAGE_DEFAULT, 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS)) ==
          E_INVALIDARG);
  D3D11_SUBRESOURCE_DATA nullData{nullptr, 0, 0};
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER), &nullData) == E_INVALIDARG);
  // Sharing flags that contradict each other (test_shared_resources.cpp has the accepted ones).
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, 0,
                                           D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX)) == E_INVALIDARG);
  CHECK(device->CreateBuffer(nullptr, &init, nullptr) == E_INVALIDARG);
  checkValidation(device.get());
}

TEST_CASE("CreateBuffer accepts every usage, answers S_FALSE without an out-pointer and keeps its description", "[device]") {
  auto device = createDevice();
  uint32_t data[64];
  for (uint32_t i = 0; i < 64; i++)
    data[i] = 0x01020304u * i;
  D3D11_SUBRESOURCE_DATA init{data, 0, 0};
  CHECK(device->CreateBuffer(nullptr, nullptr, nullptr) == E_INVALIDARG);
  D3D11_BUFFER_DESC vb = bufferDesc(256, D3D11_BIND_VERTEX_BUFFER);
  CHECK(device->CreateBuffer(&vb, &init, nullptr) == S_FALSE);

  const D3D11_BUFFER_DESC descs[] = {
      bufferDesc(256, D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER),
      bufferDesc(256, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_IMMUTABLE),
      bufferDesc(256, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE),
      bufferDesc(256, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE),
      bufferDesc(256, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT, 0,
                 D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16),
      bufferDesc(256, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT, 0,
                 D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS | D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS),
      bufferDesc(256, D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, 0,
                 D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS),
      bufferDesc(256, D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT, 0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS),
  };
  for (const D3D11_BUFFER_DESC& desc : descs) {
    ComPtr<ID3D11Buffer> buffer;
    REQUIRE(device->CreateBuffer(&desc, &init, buffer.put()) == S_OK);
    D3D11_BUFFER_DESC out{};
    buffer->GetDesc(&out);
    CHECK(std::memcmp(&out, &desc, sizeof(desc)) == 0);
    D3D11_RESOURCE_DIMENSION dimension{};
    buffer->GetType(&dimension);
    CHECK(dimension == D3D11_RESOURCE_DIMENSION_BUFFER);
    std::vector<uint8_t> bytes = readBack(device.get(), buffer.get(), 0);
    REQUIRE(bytes.size() == 256);
    CHECK(std::memcmp(bytes.data(), data, 256) == 0);
  }
  checkValidation(device.get());
}

TEST_CASE("many small buffers share memory blocks and come back in any order", "[device]") {
  auto device = createDevice();
  std::vector<ComPtr<ID3D11Buffer>> buffers(300);
  D3D11_BUFFER_DESC desc = bufferDesc(4096, D3D11_BIND_VERTEX_BUFFER);
  for (auto& buffer : buffers)
    REQUIRE(device->CreateBuffer(&desc, nullptr, buffer.put()) == S_OK);
  for (size_t i = 0; i < buffers.size(); i += 2)
    buffers[i] = nullptr;
  for (size_t i = 0; i < buffers.size(); i += 2)
    REQUIRE(device->CreateBuffer(&desc, nullptr, buffers[i].put()) == S_OK);
  buffers.clear();
  checkValidation(device.get());
}

TEST_CASE("CreateTexture2D rejects the documented invalid descriptions", "[device]") {
  auto device = createDevice();
  auto desc = tex2D(64, 64);
  CHECK(tryTexture(device.get(), desc) == S_OK);
  auto bad = desc; bad.Width = 0;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Width = 16385;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.MipLevels = 8;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.ArraySize = 0;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.ArraySize = 2049;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Format = DXGI_FORMAT_UNKNOWN;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Format = DXGI_FORMAT_D24_UNORM_S8_UINT; bad.BindFlags = D3D11_BIND_RENDER_TARGET;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Format = DXGI_FORMAT_BC1_UNORM; bad.BindFlags = D3D11_BIND_RENDER_TARGET;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  // Block-compressed top levels are whole 4x4 blocks; smaller mips may be partial blocks.
  D3D11_TEXTURE2D_DESC bc = desc;
  bc.Format = DXGI_FORMAT_BC3_UNORM;
  bc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  bc.MipLevels = 0;
  CHECK(tryTexture(device.get(), bc) == S_OK);  // 64x64 with mips down to 1x1
  bad = bc; bad.Width = 62;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = bc; bad.Height = 2; bad.MipLevels = 1;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = bc; bad.Format = DXGI_FORMAT_BC7_TYPELESS; bad.Width = 6;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.BindFlags = D3D11_BIND_VERTEX_BUFFER;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.SampleDesc = {0, 0};
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.SampleDesc = {1, 1};
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.SampleDesc = {4, 0}; bad.MipLevels = 2;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.SampleDesc = {4, 5};
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE; bad.ArraySize = 6; bad.Height = 32;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS; bad.MipLevels = 0;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);  // needs RENDER_TARGET too
  bad = desc; bad.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Usage = D3D11_USAGE_IMMUTABLE;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Usage = D3D11_USAGE_DYNAMIC; bad.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE; bad.BindFlags |= D3D11_BIND_RENDER_TARGET;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  bad = desc; bad.Usage = D3D11_USAGE_STAGING; bad.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  CHECK(tryTexture(device.get(), bad) == E_INVALIDARG);
  D3D11_SUBRESOURCE_DATA nullData{nullptr, 256, 0};
  CHECK(tryTexture(device.get(), desc, &nullData) == E_INVALIDARG);
  CHECK(device->CreateTexture2D(&desc, nullptr, nullptr) == S_FALSE);
  CHECK(device->CreateTexture2D(nullptr, nullptr, nullptr) == E_INVALIDARG);

  D3D11_TEXTURE2D_DESC1 desc1{};
  std::memcpy(&desc1, &desc, sizeof(desc));
  desc1.TextureLayout = D3D11_TEXTURE_LAYOUT(9);
  ID3D11Texture2D1* texture1 = nullptr;
  CHECK(device->CreateTexture2D1(&desc1, nullptr, &texture1) == E_INVALIDARG);
  CHECK(texture1 == nullptr);
  checkValidation(device.get());
}

TEST_CASE("CreateTexture2D follows Windows on cube sizes, typeless families, bind pairs and sample patterns", "[device]") {
  // What Wine's conformance tests show Windows doing where the documentation says less.
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  auto desc = tex2D(16, 16);
  // Cube textures of any ArraySize from 6.
  auto cube = desc; cube.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
  for (UINT layers : {6u, 7u, 10u, 13u}) {
    cube.ArraySize = layers;
    CHECK(tryTexture(device.get(), cube) == S_OK);
  }
  cube.ArraySize = 5;
  CHECK(tryTexture(device.get(), cube) == E_INVALIDARG);
  // A typeless depth family binds what one of its members supports.
  auto family = desc;
  family.Format = DXGI_FORMAT_R32_TYPELESS; family.BindFlags = D3D11_BIND_RENDER_TARGET;
  CHECK(tryTexture(device.get(), family) == S_OK);  // through R32_FLOAT
  family.Format = DXGI_FORMAT_R16_TYPELESS;
  CHECK(tryTexture(device.get(), family) == S_OK);  // through R16_UNORM
  family.Format = DXGI_FORMAT_R32_TYPELESS; family.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL;
  CHECK(tryTexture(device.get(), family) == E_INVALIDARG);
  family.BindFlags = D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS;
  CHECK(tryTexture(device.get(), family) == E_INVALIDARG);
  family.Format = DXGI_FORMAT_R24G8_TYPELESS; family.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
  CHECK(tryTexture(device.get(), family) == E_INVALIDARG);  // no member is a UAV format
  family.Format = DXGI_FORMAT_R32G8X24_TYPELESS;
  CHECK(tryTexture(device.get(), family) == E_INVALIDARG);
  family.Format = DXGI_FORMAT_R32G32B32A32_TYPELESS; family.BindFlags = D3D11_BIND_DEPTH_STENCIL;
  CHECK(tryTexture(device.get(), family) == E_INVALIDARG);  // no member is a depth format
  // An sRGB texture may carry UNORDERED_ACCESS (its family has UAV formats), but no UAV of it exists.
  auto srgb = desc; srgb.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB; srgb.BindFlags = D3D11_BIND_UNORDERED_ACCESS;
  ComPtr<ID3D11Texture2D> srgbTexture;
  REQUIRE(device->CreateTexture2D(&srgb, nullptr, srgbTexture.put()) == S_OK);
  ID3D11UnorderedAccessView* uav = reinterpret_cast<ID3D11UnorderedAccessView*>(uintptr_t(1));
  CHECK(device->CreateUnorderedAccessView(srgbTexture.get(), nullptr, &uav) == E_INVALIDARG);
  CHECK(uav == nullptr);
  // GENERATE_MIPS on a format without MIP_AUTOGEN is created; GenerateMips leaves it alone.
  auto mips = desc; mips.Format = DXGI_FORMAT_R8G8B8A8_UINT; mips.MipLevels = 0;
  mips.BindFlags = D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET; mips.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
  CHECK(tryTexture(device.get(), mips) == S_OK);
  // SHARED and SHARED_KEYEDMUTEX are mutually exclusive: invalid, not unimplemented.
  auto shared = desc; shared.BindFlags = D3D11_BIND_RENDER_TARGET;
  shared.MiscFlags = D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
  CHECK(tryTexture(device.get(), shared) == E_INVALIDARG);
  // The standard multisample pattern is a valid quality wherever the count is.
  auto ms = desc; ms.BindFlags = D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE;
  ms.SampleDesc = {4, D3D11_STANDARD_MULTISAMPLE_PATTERN};
  CHECK(tryTexture(device.get(), ms) == S_OK);
  ms.SampleDesc = {1, D3D11_STANDARD_MULTISAMPLE_PATTERN};
  CHECK(tryTexture(device.get(), ms) == E_INVALIDARG);
  // DYNAMIC and IMMUTABLE resources need a bind flag.
  const uint32_t texels[16 * 16] = {};
  D3D11_SUBRESOURCE_DATA init{texels, 64, 0};
  auto immutable = desc; immutable.Usage = D3D11_USAGE_IMMUTABLE; immutable.BindFlags = 0;
  CHECK(tryTexture(device.get(), immutable, &init) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, 0, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, 0, D3D11_USAGE_IMMUTABLE), &init) == E_INVALIDARG);
  checkValidation(device.get());
}

TEST_CASE("DEFAULT buffers bound as SRV or UAV may be mapped from 11_0 (MapOnDefaultBuffers)", "[device]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS1, &options, sizeof(options)) == S_OK);
  CHECK(options.MapOnDefaultBuffers);
  const UINT rw = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DEFAULT, D3D11_CPU_ACCESS_WRITE)) == E_INVALIDARG);
  CHECK(tryBuffer(device.get(), bufferDesc(64, D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT, D3D11_CPU_ACCESS_READ)) == S_OK);
  D3D11_BUFFER_DESC desc = bufferDesc(64, D3D11_BIND_SHADER_RESOURCE, D3D11_USAGE_DEFAULT, rw);
  ComPtr<ID3D11Buffer> buffer;
  REQUIRE(device->CreateBuffer(&desc, nullptr, buffer.put()) == S_OK);
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  D3D11_MAPPED_SUBRESOURCE mapped{};
  CHECK(context->Map(buffer.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &mapped) == E_INVALIDARG);
  REQUIRE(context->Map(buffer.get(), 0, D3D11_MAP_WRITE, 0, &mapped) == S_OK);
  REQUIRE(mapped.pData);
  for (uint32_t i = 0; i < 16; i++)
    static_cast<uint32_t*>(mapped.pData)[i] = 0xabc00000u + i;
  context->Unmap(buffer.get(), 0);
  std::vector<uint8_t> bytes = readBack(device.get(), buffer.get(), 0);
  REQUIRE(bytes.size() == 64);
  uint32_t words[16];
  std::memcpy(words, bytes.data(), 64);
  CHECK(words[0] == 0xabc00000u);
  CHECK(words[15] == 0xabc0000fu);
  REQUIRE(context->Map(buffer.get(), 0, D3D11_MAP_READ, 0, &mapped) == S_OK);
  CHECK(static_cast<const uint32_t*>(mapped.pData)[7] == 0xabc00007u);
  context->Unmap(buffer.get(), 0);
  // Below 11_0 the DEFAULT usage keeps its documented rule: no CPU access.
  auto device10 = createDevice(D3D_FEATURE_LEVEL_10_1);
  CHECK(tryBuffer(device10.get(), desc) == E_INVALIDARG);
  checkValidation(device.get());
}

TEST_CASE("an R32_TYPELESS render target renders through R32_FLOAT and R32_UINT views", "[device]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  auto desc = tex2D(4, 4, DXGI_FORMAT_R32_TYPELESS, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rtv{};
  rtv.Format = DXGI_FORMAT_R32_FLOAT;
  rtv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  ComPtr<ID3D11RenderTargetView> floatView, uintView;
  REQUIRE(device->CreateRenderTargetView(texture.get(), &rtv, floatView.put()) == S_OK);
  rtv.Format = DXGI_FORMAT_R32_UINT;
  REQUIRE(device->CreateRenderTargetView(texture.get(), &rtv, uintView.put()) == S_OK);
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  const float half[4] = {0.5f, 0.0f, 0.0f, 0.0f};
  context->ClearRenderTargetView(floatView.get(), half);
  std::vector<uint8_t> bytes = readBack(device.get(), texture.get(), 0);
  REQUIRE(bytes.size() >= 4);
  float first;
  std::memcpy(&first, bytes.data(), 4);
  CHECK(first == 0.5f);
  checkValidation(device.get());
}

TEST_CASE("texture sizes follow the feature level's limits", "[device]") {
  auto device11 = createDevice(D3D_FEATURE_LEVEL_11_0);
  CHECK(tryTexture(device11.get(), tex2D(16384, 4)) == S_OK);
  CHECK(tryTexture(device11.get(), tex2D(16385, 4)) == E_INVALIDARG);
  auto device10 = createDevice(D3D_FEATURE_LEVEL_10_0);
  CHECK(tryTexture(device10.get(), tex2D(8192, 4)) == S_OK);
  CHECK(tryTexture(device10.get(), tex2D(8193, 4)) == E_INVALIDARG);
  auto cube = tex2D(64, 64);
  cube.ArraySize = 12;
  cube.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
  CHECK(tryTexture(device10.get(), cube) == E_INVALIDARG);  // cube arrays need 10_1
  CHECK(tryTexture(device11.get(), cube) == S_OK);
  auto uav = tex2D(64, 64, DXGI_FORMAT_R32_FLOAT, D3D11_BIND_UNORDERED_ACCESS);
  CHECK(tryTexture(device10.get(), uav) == E_INVALIDARG);
  D3D11_BUFFER_DESC big = bufferDesc(65536 + 16, D3D11_BIND_CONSTANT_BUFFER);
  CHECK(tryBuffer(device11.get(), big) == E_INVALIDARG);
  auto device111 = createDevice(D3D_FEATURE_LEVEL_11_1);
  CHECK(tryBuffer(device111.get(), big) == S_OK);
  checkValidation(device11.get());
}

TEST_CASE("textures of every dimension keep their descriptions and initial data", "[device]") {
  auto device = createDevice();

  SECTION("2D with a full mip chain, typeless, read back per subresource") {
    auto desc = tex2D(8, 4, DXGI_FORMAT_R8G8B8A8_TYPELESS);
    desc.MipLevels = 0;
    desc.ArraySize = 2;
    std::vector<std::vector<uint8_t>> levels;
    std::vector<D3D11_SUBRESOURCE_DATA> init;
    for (UINT layer = 0; layer < 2; layer++)
      for (UINT mip = 0; mip < 4; mip++) {
        UINT w = std::max(1u, 8u >> mip), h = std::max(1u, 4u >> mip);
        std::vector<uint8_t> bytes(w * h * 4);
        for (size_t i = 0; i < bytes.size(); i++)
          bytes[i] = uint8_t(i * 7 + mip * 31 + layer * 101);
        levels.push_back(bytes);
      }
    for (UINT i = 0; i < levels.size(); i++)
      init.push_back({levels[i].data(), std::max(1u, 8u >> (i % 4)) * 4, 0});  // row pitch: width * 4
    ComPtr<ID3D11Texture2D> texture;
    REQUIRE(device->CreateTexture2D(&desc, init.data(), texture.put()) == S_OK);
    D3D11_TEXTURE2D_DESC out{};
    texture->GetDesc(&out);
    CHECK(out.MipLevels == 4);
    CHECK(out.Width == 8);
    CHECK(out.ArraySize == 2);
    auto texture1 = texture.query<ID3D11Texture2D1>();
    REQUIRE(texture1);
    D3D11_TEXTURE2D_DESC1 out1{};
    texture1->GetDesc1(&out1);
    CHECK(out1.TextureLayout == D3D11_TEXTURE_LAYOUT_UNDEFINED);
    for (UINT i = 0; i < 8; i++)
      CHECK(readBack(device.get(), texture.get(), i) == levels[i]);
  }

  SECTION("1D and 3D, and STAGING textures held in host memory") {
    D3D11_TEXTURE1D_DESC desc1d{16, 1, 1, DXGI_FORMAT_R32_FLOAT, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0};
    float texels[16];
    for (int i = 0; i < 16; i++)
      texels[i] = float(i) * 0.5f;
    D3D11_SUBRESOURCE_DATA init1d{texels, 0, 0};
    ComPtr<ID3D11Texture1D> tex1d;
    REQUIRE(device->CreateTexture1D(&desc1d, &init1d, tex1d.put()) == S_OK);
    auto bytes = readBack(device.get(), tex1d.get(), 0);
    REQUIRE(bytes.size() == sizeof(texels));
    CHECK(std::memcmp(bytes.data(), texels, sizeof(texels)) == 0);
    D3D11_RESOURCE_DIMENSION dimension{};
    tex1d->GetType(&dimension);
    CHECK(dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D);

    D3D11_TEXTURE3D_DESC desc3d{4, 4, 4, 1, DXGI_FORMAT_R8_UINT, D3D11_USAGE_DEFAULT,
                                D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS, 0, 0};
    uint8_t voxels[64];
    for (int i = 0; i < 64; i++)
      voxels[i] = uint8_t(i * 3);
    D3D11_SUBRESOURCE_DATA init3d{voxels, 4, 16};
    ComPtr<ID3D11Texture3D> tex3d;
    REQUIRE(device->CreateTexture3D(&desc3d, &init3d, tex3d.put()) == S_OK);
    bytes = readBack(device.get(), tex3d.get(), 0);
    REQUIRE(bytes.size() == 64);
    CHECK(std::memcmp(bytes.data(), voxels, 64) == 0);

    auto staging = tex2D(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    staging.Usage = D3D11_USAGE_STAGING;
    staging.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    uint32_t pixels[16];
    for (int i = 0; i < 16; i++)
      pixels[i] = 0xff000000u | uint32_t(i);
    D3D11_SUBRESOURCE_DATA initStaging{pixels, 16, 0};
    ComPtr<ID3D11Texture2D> stagingTexture;
    REQUIRE(device->CreateTexture2D(&staging, &initStaging, stagingTexture.put()) == S_OK);
    bytes = readBack(device.get(), stagingTexture.get(), 0);
    REQUIRE(bytes.size() == sizeof(pixels));
    CHECK(std::memcmp(bytes.data(), pixels, sizeof(pixels)) == 0);
  }

  SECTION("depth, cube, multisampled and mip-generating textures without initial data") {
    auto depth = tex2D(64, 64, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL);
    CHECK(tryTexture(device.get(), depth) == S_OK);
    auto depthTypeless = tex2D(64, 64, DXGI_FORMAT_R32_TYPELESS, D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE);
    CHECK(tryTexture(device.get(), depthTypeless) == S_OK);
    auto cube = tex2D(32, 32);
    cube.ArraySize = 6;
    cube.MiscFlags = D3D11_RESOURCE_MISC_TEXTURECUBE;
    CHECK(tryTexture(device.get(), cube) == S_OK);
    auto msaa = tex2D(64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
    msaa.SampleDesc = {4, 0};
    CHECK(tryTexture(device.get(), msaa) == S_OK);
    auto mips = tex2D(64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE);
    mips.MipLevels = 0;
    mips.MiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS;
    CHECK(tryTexture(device.get(), mips) == S_OK);
    auto dynamic = tex2D(64, 64);
    dynamic.Usage = D3D11_USAGE_DYNAMIC;
    dynamic.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE;
    CHECK(tryTexture(device.get(), dynamic) == S_OK);
  }
  checkValidation(device.get());
}

TEST_CASE("resources are device children with private data and eviction priority", "[device]") {
  auto device = createDevice();
  ComPtr<ID3D11Texture2D> texture;
  auto desc = tex2D(16, 16);
  REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  const char name[] = "albedo";
  CHECK(texture->SetPrivateData(kDebugObjectName, sizeof(name) - 1, name) == S_OK);
  char out[16] = {};
  UINT size = sizeof(out);
  CHECK(texture->GetPrivateData(kDebugObjectName, &size, out) == S_OK);
  CHECK(size == sizeof(name) - 1);
  CHECK(std::string(out) == "albedo");
  texture->SetEvictionPriority(DXGI_RESOURCE_PRIORITY_HIGH);
  CHECK(texture->GetEvictionPriority() == DXGI_RESOURCE_PRIORITY_HIGH);
  ComPtr<ID3D11Device> owner;
  texture->GetDevice(owner.put());
  CHECK(owner.get() == static_cast<ID3D11Device*>(device.get()));
  CHECK(texture.query<ID3D11Resource>());
  CHECK_FALSE(texture.query<ID3D11Buffer>());
  checkValidation(device.get());
}

TEST_CASE("resources answer IDXGIResource1, and single-subresource 1D and 2D textures IDXGISurface2, as faces of one object",
          "[device]") {
  auto device = createDevice();
  // A 2D render target with one subresource: both faces, one reference count.
  ComPtr<ID3D11Texture2D> texture;
  const auto targetDesc = tex2D(8, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET);
  REQUIRE(device->CreateTexture2D(&targetDesc, nullptr, texture.put()) == S_OK);
  auto resource = texture.query<IDXGIResource1>();
  auto surface = texture.query<IDXGISurface2>();
  REQUIRE(resource);
  REQUIRE(surface);
  CHECK(texture.query<IDXGIObject>());
  CHECK(texture.query<IDXGIDeviceSubObject>());
  CHECK(surface.query<ID3D11Texture2D>().get() == texture.get());
  CHECK(resource.query<IDXGISurface>().get() == static_cast<IDXGISurface*>(surface.get()));
  texture->AddRef();
  CHECK(texture->Release() == 3);  // the texture, resource and surface references: one count

  DXGI_USAGE usage = 0;
  REQUIRE(resource->GetUsage(&usage) == S_OK);
  CHECK(usage == (DXGI_USAGE_SHADER_INPUT | DXGI_USAGE_RENDER_TARGET_OUTPUT));
  REQUIRE(resource->SetEvictionPriority(DXGI_RESOURCE_PRIORITY_HIGH) == S_OK);
  CHECK(texture->GetEvictionPriority() == DXGI_RESOURCE_PRIORITY_HIGH);
  HANDLE shared = reinterpret_cast<HANDLE>(uintptr_t(1));
  CHECK(resource->GetSharedHandle(&shared) == E_INVALIDARG);
  CHECK(shared == nullptr);

  DXGI_SURFACE_DESC desc{};
  REQUIRE(surface->GetDesc(&desc) == S_OK);
  CHECK(desc.Width == 8);
  CHECK(desc.Height == 4);
  CHECK(desc.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  CHECK(desc.SampleDesc.Count == 1);
  ComPtr<ID3D11Resource> parentResource;
  UINT subresource = 99;
  REQUIRE(surface->GetResource(__uuidof(ID3D11Resource), parentResource.putVoid(), &subresource) == S_OK);
  CHECK(subresource == 0);
  CHECK(parentResource.get() == static_cast<ID3D11Resource*>(texture.get()));
  ComPtr<IDXGISurface2> again;
  REQUIRE(resource->CreateSubresourceSurface(0, again.put()) == S_OK);
  CHECK(again.get() == surface.get());
  HDC dc = reinterpret_cast<HDC>(uintptr_t(1));
  CHECK(surface->GetDC(FALSE, &dc) == DXGI_ERROR_INVALID_CALL);  // not GDI-compatible
  CHECK(dc == nullptr);

  // The DXGI device of the resource is the D3D11 device's.
  ComPtr<IDXGIDevice> dxgiDevice;
  REQUIRE(surface->GetDevice(__uuidof(IDXGIDevice), dxgiDevice.putVoid()) == S_OK);
  CHECK(dxgiDevice.get() == device.query<IDXGIDevice>().get());
  ComPtr<IDXGIDevice> parent;
  REQUIRE(resource->GetParent(__uuidof(IDXGIDevice), parent.putVoid()) == S_OK);
  CHECK(parent.get() == dxgiDevice.get());

  // Private data set through one face is seen through the other.
  const uint32_t value = 0x1234abcd;
  REQUIRE(resource->SetPrivateData(kDebugObjectName, sizeof(value), &value) == S_OK);
  uint32_t read = 0;
  UINT size = sizeof(read);
  REQUIRE(texture->GetPrivateData(kDebugObjectName, &size, &read) == S_OK);
  CHECK(read == value);

  // Mipmapped textures and buffers are resources but not surfaces.
  auto mipped = tex2D(8, 8);
  mipped.MipLevels = 2;
  ComPtr<ID3D11Texture2D> chain;
  REQUIRE(device->CreateTexture2D(&mipped, nullptr, chain.put()) == S_OK);
  CHECK(chain.query<IDXGIResource>());
  CHECK_FALSE(chain.query<IDXGISurface>());
  ComPtr<IDXGISurface2> none;
  // Each subresource has a surface of its own (tests/dxgi/test_subresource_surface.cpp); past the
  // last one is DXGI_ERROR_INVALID_CALL, as documented.
  CHECK(chain.query<IDXGIResource1>()->CreateSubresourceSurface(1, none.put()) == S_OK);
  CHECK(chain.query<IDXGIResource1>()->CreateSubresourceSurface(2, none.put()) == DXGI_ERROR_INVALID_CALL);
  CHECK_FALSE(none);
  // 1D textures of one subresource are surfaces too (Windows; Wine's test_create_texture1d), one
  // texel high; with more mips they are not.
  D3D11_TEXTURE1D_DESC line{8, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0};
  ComPtr<ID3D11Texture1D> texture1D;
  REQUIRE(device->CreateTexture1D(&line, nullptr, texture1D.put()) == S_OK);
  auto lineSurface = texture1D.query<IDXGISurface1>();
  REQUIRE(lineSurface);
  DXGI_SURFACE_DESC lineDesc{};
  REQUIRE(lineSurface->GetDesc(&lineDesc) == S_OK);
  CHECK((lineDesc.Width == 8 && lineDesc.Height == 1 && lineDesc.Format == DXGI_FORMAT_R8G8B8A8_UNORM));
  CHECK(lineSurface.query<ID3D11Texture1D>().get() == texture1D.get());
  line.MipLevels = 2;
  REQUIRE(device->CreateTexture1D(&line, nullptr, texture1D.put()) == S_OK);
  CHECK_FALSE(texture1D.query<IDXGISurface>());
  ComPtr<ID3D11Buffer> buffer;
  const auto uavBuffer = bufferDesc(64, D3D11_BIND_UNORDERED_ACCESS, D3D11_USAGE_DEFAULT);
  REQUIRE(device->CreateBuffer(&uavBuffer, nullptr, buffer.put()) == S_OK);
  auto bufferResource = buffer.query<IDXGIResource>();
  REQUIRE(bufferResource);
  CHECK_FALSE(buffer.query<IDXGISurface>());
  REQUIRE(bufferResource->GetUsage(&usage) == S_OK);
  CHECK(usage == DXGI_USAGE_UNORDERED_ACCESS);

  // A staging surface maps through the immediate context: bytes written read back.
  auto stagingDesc = tex2D(4, 2, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
  stagingDesc.Usage = D3D11_USAGE_STAGING;
  stagingDesc.CPUAccessFlags = D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE;
  ComPtr<ID3D11Texture2D> staging;
  REQUIRE(device->CreateTexture2D(&stagingDesc, nullptr, staging.put()) == S_OK);
  auto stagingSurface = staging.query<IDXGISurface>();
  REQUIRE(stagingSurface);
  REQUIRE(staging.query<IDXGIResource>()->GetUsage(&usage) == S_OK);
  CHECK(usage == DXGI_CPU_ACCESS_READ_WRITE);
  DXGI_MAPPED_RECT rect{};
  CHECK(stagingSurface->Map(&rect, 0) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(stagingSurface->Map(&rect, DXGI_MAP_WRITE) == S_OK);
  REQUIRE(rect.pBits);
  CHECK(rect.Pitch >= 16);
  std::memset(rect.pBits + rect.Pitch, 0x5c, 16);  // row 1
  REQUIRE(stagingSurface->Unmap() == S_OK);
  REQUIRE(stagingSurface->Map(&rect, DXGI_MAP_READ) == S_OK);
  CHECK(rect.pBits[rect.Pitch + 15] == 0x5c);
  CHECK(rect.pBits[0] == 0);
  REQUIRE(stagingSurface->Unmap() == S_OK);
  checkValidation(device.get());
}
