// Integration: the entry points of d3d10.dll, d3d10_1.dll and d3d10core.dll (natively their
// shared libraries): device creation with D3D10 driver types and feature levels, creation
// through d3d10core from a DXGI adapter, and the helpers (blobs, versions, state-block masks,
// the not-implemented effect and reflection entry points).
#include "d3d10_test_util.h"

#include <d3d10effect.h>

#include "util/dll_export.h"

// d3d10core's entry points are not in the SDK headers.
extern "C" HRESULT WINAPI D3D10CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                                D3D_FEATURE_LEVEL feature_level, ID3D10Device** device);
extern "C" UINT64 WINAPI D3D10CoreGetVersion();
extern "C" HRESULT WINAPI D3D10CoreRegisterLayers();
extern "C" UINT64 WINAPI D3D10GetVersion();

using namespace d3d10_test;

TEST_CASE("d3d10: D3D10CreateDevice and D3D10CreateDevice1 at each D3D10 level", "[d3d10]") {
  ComPtr<ID3D10Device> device;
  REQUIRE(D3D10CreateDevice(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_SDK_VERSION, device.put()) == S_OK);
  auto device1 = device.query<ID3D10Device1>();
  REQUIRE(device1);
  CHECK(device1->GetFeatureLevel() == D3D10_FEATURE_LEVEL_10_0);
  CHECK(device.query<ID3D11VkDeviceInfo>());  // served by d3d11vk

  for (D3D10_FEATURE_LEVEL1 level : {D3D10_FEATURE_LEVEL_10_1, D3D10_FEATURE_LEVEL_10_0, D3D10_FEATURE_LEVEL_9_3,
                                     D3D10_FEATURE_LEVEL_9_1}) {
    ComPtr<ID3D10Device1> created;
    REQUIRE(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, level, D3D10_1_SDK_VERSION,
                               created.put()) == S_OK);
    CHECK(created->GetFeatureLevel() == level);
  }
  ComPtr<ID3D10Device1> refused;
  CHECK(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL1(0xb000),
                           D3D10_1_SDK_VERSION, refused.put()) == E_INVALIDARG);
  CHECK(!refused);
  // SINGLETHREADED turns the D3D10 lock off.
  ComPtr<ID3D10Device1> single;
  REQUIRE(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, D3D10_CREATE_DEVICE_SINGLETHREADED,
                             D3D10_FEATURE_LEVEL_10_0, D3D10_1_SDK_VERSION, single.put()) == S_OK);
  CHECK(single.query<ID3D10Multithread>()->GetMultithreadProtected() == FALSE);
  // Unlike D3D11CreateDevice (S_FALSE), D3D10 refuses a missing out-pointer (Wine's d3d10_1 tests,
  // as measured on Windows).
  CHECK(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0,
                           D3D10_1_SDK_VERSION, nullptr) == E_INVALIDARG);
  refused.reset();
  CHECK(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE(0xffffffff), nullptr, 0, D3D10_FEATURE_LEVEL_10_0,
                           D3D10_1_SDK_VERSION, refused.put()) == E_INVALIDARG);
  CHECK(!refused);
  CHECK(D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL1(0),
                           D3D10_1_SDK_VERSION, refused.put()) == E_INVALIDARG);
}

TEST_CASE("d3d10: each DLL takes exactly its own SDK version, as Windows' do", "[d3d10]") {
  // Windows' d3d10.dll refuses every SDK version but D3D10_SDK_VERSION (29) with E_INVALIDARG
  // (Wine's d3d10 test_create_device tries 0..99); d3d10_1.dll takes D3D10_1_SDK_VERSION (0x20).
  int accepted = 0, refusedCount = 0;
  for (UINT version = 0; version < 100; ++version) {
    ComPtr<ID3D10Device> device;
    HRESULT hr = D3D10CreateDevice(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, version, device.put());
    if (version == D3D10_SDK_VERSION) {
      CHECK(hr == S_OK);
      accepted += hr == S_OK;
    } else {
      refusedCount += hr == E_INVALIDARG && !device;
    }
    ComPtr<ID3D10Device1> device1;
    hr = D3D10CreateDevice1(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0, version,
                            device1.put());
    if (version == D3D10_1_SDK_VERSION) {
      CHECK(hr == S_OK);
      accepted += hr == S_OK;
    } else {
      refusedCount += hr == E_INVALIDARG && !device1;
    }
  }
  CHECK(accepted == 2);
  CHECK(refusedCount == 2 * 99);
  ComPtr<IDXGISwapChain> swapChain;
  ComPtr<ID3D10Device> device;
  CHECK(D3D10CreateDeviceAndSwapChain(nullptr, D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_1_SDK_VERSION, nullptr,
                                      nullptr, device.put()) == E_INVALIDARG);
  CHECK(!device);
}

TEST_CASE("d3d10: an explicit adapter goes with the HARDWARE driver type only", "[d3d10]") {
  ComPtr<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  ComPtr<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  ComPtr<ID3D10Device1> device;
  REQUIRE(D3D10CreateDevice1(adapter.get(), D3D10_DRIVER_TYPE_HARDWARE, nullptr, 0, D3D10_FEATURE_LEVEL_10_0,
                             D3D10_1_SDK_VERSION, device.put()) == S_OK);
  ComPtr<IDXGIAdapter> used;
  REQUIRE(device.query<IDXGIDevice>()->GetAdapter(used.put()) == S_OK);
  CHECK(used.get() == static_cast<IDXGIAdapter*>(adapter.get()));
  ComPtr<ID3D10Device1> refused;
  CHECK(D3D10CreateDevice1(adapter.get(), D3D10_DRIVER_TYPE_WARP, nullptr, 0, D3D10_FEATURE_LEVEL_10_0,
                           D3D10_1_SDK_VERSION, refused.put()) == E_INVALIDARG);
}

TEST_CASE("d3d10: D3D10CoreCreateDevice on a DXGI adapter gives a working D3D10 device", "[d3d10]") {
  ComPtr<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  ComPtr<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  ComPtr<ID3D10Device> device;
  REQUIRE(D3D10CoreCreateDevice(factory.get(), adapter.get(), 0, D3D_FEATURE_LEVEL_10_0, device.put()) == S_OK);
  auto info = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  const UINT errorsBefore = info->GetValidationErrorCount();
  ComPtr<IDXGIAdapter> used;
  REQUIRE(device.query<IDXGIDevice>()->GetAdapter(used.put()) == S_OK);
  CHECK(used.get() == static_cast<IDXGIAdapter*>(adapter.get()));
  CHECK(device.query<ID3D10Device1>()->GetFeatureLevel() == D3D10_FEATURE_LEVEL_10_0);

  // Clear a render target and read it back, all through the D3D10 interface.
  D3D10_TEXTURE2D_DESC desc{4, 4, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D10_USAGE_DEFAULT,
                            D3D10_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D10Texture2D> target, staging;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, target.put()) == S_OK);
  desc.Usage = D3D10_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D10_CPU_ACCESS_READ;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, staging.put()) == S_OK);
  ComPtr<ID3D10RenderTargetView> rtv;
  REQUIRE(device->CreateRenderTargetView(target.get(), nullptr, rtv.put()) == S_OK);
  const float colour[4] = {0, 0, 1, 1};
  device->ClearRenderTargetView(rtv.get(), colour);
  device->CopyResource(staging.get(), target.get());
  D3D10_MAPPED_TEXTURE2D mapped{};
  REQUIRE(staging->Map(0, D3D10_MAP_READ, 0, &mapped) == S_OK);
  uint32_t texel;
  std::memcpy(&texel, mapped.pData, 4);
  staging->Unmap(0);
  CHECK(texel == 0xffff0000u);
  CHECK(info->GetValidationErrorCount() == errorsBefore);

  CHECK(D3D10CoreCreateDevice(factory.get(), adapter.get(), 0, D3D_FEATURE_LEVEL_10_1, nullptr) == S_FALSE);
  CHECK(D3D10CoreGetVersion() == D3D10GetVersion());
  CHECK(D3D10CoreRegisterLayers() == E_NOTIMPL);
}

TEST_CASE("d3d10: blobs, state-block masks and the entry points that fail cleanly", "[d3d10]") {
  ComPtr<ID3D10Blob> blob;
  REQUIRE(D3D10CreateBlob(12, blob.put()) == S_OK);
  CHECK(blob->GetBufferSize() == 12u);
  CHECK(blob->GetBufferPointer() != nullptr);

  D3D10_STATE_BLOCK_MASK a{}, b{}, result{};
  REQUIRE(D3D10StateBlockMaskEnableCapture(&a, D3D10_DST_PS_SHADER_RESOURCES, 3, 2) == S_OK);
  // GetSetting returns the entry's bit in its byte, not TRUE (Windows: entry 3 gives 8).
  CHECK(D3D10StateBlockMaskGetSetting(&a, D3D10_DST_PS_SHADER_RESOURCES, 3) == 8);
  CHECK(D3D10StateBlockMaskGetSetting(&a, D3D10_DST_PS_SHADER_RESOURCES, 4) == 16);
  CHECK(D3D10StateBlockMaskGetSetting(&a, D3D10_DST_PS_SHADER_RESOURCES, 5) == FALSE);
  CHECK(D3D10StateBlockMaskEnableCapture(&a, D3D10_DST_VS_SAMPLERS, 15, 2) == E_INVALIDARG);
  REQUIRE(D3D10StateBlockMaskEnableCapture(&b, D3D10_DST_PS_SHADER_RESOURCES, 4, 1) == S_OK);
  REQUIRE(D3D10StateBlockMaskIntersect(&a, &b, &result) == S_OK);
  CHECK(D3D10StateBlockMaskGetSetting(&result, D3D10_DST_PS_SHADER_RESOURCES, 3) == FALSE);
  CHECK(D3D10StateBlockMaskGetSetting(&result, D3D10_DST_PS_SHADER_RESOURCES, 4) != FALSE);
  // EnableAll sets every byte, past the last entry of a type too (Windows: VS and Predication 0xff).
  REQUIRE(D3D10StateBlockMaskEnableAll(&a) == S_OK);
  CHECK(a.VSSamplers[1] == 0xff);
  CHECK(a.VSConstantBuffers[1] == 0xff);
  CHECK(a.VS == 0xff);
  CHECK(a.Predication == 0xff);
  CHECK(D3D10StateBlockMaskGetSetting(&a, D3D10_DST_VS, 0) == 1);
  CHECK(D3D10StateBlockMaskGetSetting(&a, D3D10_DST_VS, 1) == FALSE);  // past the one VS entry
  REQUIRE(D3D10StateBlockMaskDisableAll(&a) == S_OK);
  CHECK(a.Predication == 0);

  ComPtr<ID3D10Effect> effect;
  const char bytes[4] = {};
  CHECK(D3D10CreateEffectFromMemory(const_cast<char*>(bytes), sizeof(bytes), 0, nullptr, nullptr, effect.put()) ==
        E_NOTIMPL);
  CHECK(!effect);
  ComPtr<ID3D10ShaderReflection> reflection;
  CHECK(D3D10ReflectShader(bytes, sizeof(bytes), reflection.put()) == E_NOTIMPL);
  ComPtr<ID3D10Blob> code, errors;
  CHECK(D3D10CompileShader(bytes, sizeof(bytes), nullptr, nullptr, nullptr, "main", "vs_4_0", 0, code.put(),
                           errors.put()) == E_NOTIMPL);
  ComPtr<ID3D10StateBlock> stateBlock;
  CHECK(D3D10CreateStateBlock(nullptr, &a, stateBlock.put()) == E_NOTIMPL);
}
