// Integration: state objects (blend, depth-stencil, rasterizer, sampler), queries, predicates
// and counters on the machine's Vulkan device, through the public API: validation with the
// documented HRESULTs, S_FALSE validation mode, deduplication, the 4096 limit, descriptions,
// private data and the device-child methods; plus the 9_x rules on a 9_1 device.
#include <catch2/catch.hpp>

#include <cstring>
#include <limits>
#include <vector>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

// WKPDID_D3DDebugObjectName's documented value; the SDK's symbol needs dxguid, which the native
// build does not link.
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

ULONG refCount(IUnknown* object) {
  object->AddRef();
  return object->Release();
}

D3D11_BLEND_DESC1 defaultBlend1() {
  D3D11_BLEND_DESC1 desc{};
  for (auto& rt : desc.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D11_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D11_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    rt.LogicOp = D3D11_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  }
  return desc;
}

D3D11_BLEND_DESC defaultBlend() {
  D3D11_BLEND_DESC desc{};
  for (auto& rt : desc.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D11_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D11_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    rt.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  }
  return desc;
}

D3D11_DEPTH_STENCIL_DESC defaultDepthStencil() {
  D3D11_DEPTH_STENCIL_DESC desc{};
  desc.DepthEnable = TRUE;
  desc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL;
  desc.DepthFunc = D3D11_COMPARISON_LESS;
  desc.StencilReadMask = desc.StencilWriteMask = 0xff;
  desc.FrontFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_COMPARISON_ALWAYS};
  desc.BackFace = desc.FrontFace;
  return desc;
}

D3D11_RASTERIZER_DESC2 defaultRasterizer2() {
  D3D11_RASTERIZER_DESC2 desc{};
  desc.FillMode = D3D11_FILL_SOLID;
  desc.CullMode = D3D11_CULL_BACK;
  desc.DepthClipEnable = TRUE;
  return desc;
}

D3D11_SAMPLER_DESC defaultSampler() {
  D3D11_SAMPLER_DESC desc{};
  desc.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  desc.AddressU = desc.AddressV = desc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  desc.MaxAnisotropy = 1;
  desc.ComparisonFunc = D3D11_COMPARISON_NEVER;
  desc.MaxLOD = D3D11_FLOAT32_MAX;
  return desc;
}

// Expects E_INVALIDARG with *out cleared, for a real out-pointer and for a null one.
template <typename Interface, typename Create>
void expectInvalid(Create create) {
  Interface* object = reinterpret_cast<Interface*>(uintptr_t(1));
  CHECK(create(&object) == E_INVALIDARG);
  CHECK(object == nullptr);
  CHECK(create(static_cast<Interface**>(nullptr)) == E_INVALIDARG);
}

}  // namespace

TEST_CASE("CreateSamplerState validates the description", "[device][state]") {
  auto device = createDevice();
  auto invalid = [&](D3D11_SAMPLER_DESC desc) {
    INFO("filter " << desc.Filter);
    expectInvalid<ID3D11SamplerState>([&](ID3D11SamplerState** out) { return device->CreateSamplerState(&desc, out); });
  };
  CHECK(device->CreateSamplerState(nullptr, nullptr) == E_INVALIDARG);
  D3D11_SAMPLER_DESC desc = defaultSampler();
  CHECK(device->CreateSamplerState(&desc, nullptr) == S_FALSE);

  desc.Filter = D3D11_FILTER(0x2);  invalid(desc);                       // not a filter
  desc = defaultSampler(); desc.Filter = D3D11_FILTER(0x56); invalid(desc);
  desc = defaultSampler(); desc.AddressU = D3D11_TEXTURE_ADDRESS_MODE(0); invalid(desc);
  desc = defaultSampler(); desc.AddressW = D3D11_TEXTURE_ADDRESS_MODE(6); invalid(desc);
  desc = defaultSampler(); desc.MipLODBias = 16.0f; invalid(desc);
  desc = defaultSampler(); desc.MipLODBias = -16.5f; invalid(desc);
  desc = defaultSampler(); desc.MipLODBias = std::numeric_limits<float>::quiet_NaN(); invalid(desc);
  desc = defaultSampler(); desc.Filter = D3D11_FILTER_ANISOTROPIC; desc.MaxAnisotropy = 0; invalid(desc);
  desc = defaultSampler(); desc.Filter = D3D11_FILTER_ANISOTROPIC; desc.MaxAnisotropy = 17; invalid(desc);
  desc = defaultSampler(); desc.Filter = D3D11_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR;
  desc.ComparisonFunc = D3D11_COMPARISON_FUNC(0); invalid(desc);
  desc = defaultSampler(); desc.MaxLOD = std::numeric_limits<float>::quiet_NaN(); invalid(desc);

  // Members the filter ignores are not checked: MaxAnisotropy without anisotropy, ComparisonFunc
  // without comparison.
  desc = defaultSampler(); desc.MaxAnisotropy = 0; desc.ComparisonFunc = D3D11_COMPARISON_FUNC(0);
  CHECK(device->CreateSamplerState(&desc, nullptr) == S_FALSE);
  desc = defaultSampler(); desc.Filter = D3D11_FILTER_COMPARISON_ANISOTROPIC; desc.MaxAnisotropy = 16;
  desc.ComparisonFunc = D3D11_COMPARISON_LESS_EQUAL; desc.MipLODBias = 15.99f;
  CHECK(device->CreateSamplerState(&desc, nullptr) == S_FALSE);
  // MinLOD above MaxLOD is taken, as Windows does; the sampler works (Vulkan's maxLod is raised).
  desc = defaultSampler(); desc.MinLOD = 2.0f; desc.MaxLOD = 0.0f;
  ComPtr<ID3D11SamplerState> inverted;
  CHECK(device->CreateSamplerState(&desc, inverted.put()) == S_OK);

  // Minimum/maximum filtering follows D3D11_OPTIONS1.MinMaxFiltering.
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS1, &options1, sizeof(options1)) == S_OK);
  desc = defaultSampler(); desc.Filter = D3D11_FILTER_MAXIMUM_MIN_MAG_MIP_LINEAR;
  CHECK(device->CreateSamplerState(&desc, nullptr) == (options1.MinMaxFiltering ? S_FALSE : E_INVALIDARG));
  checkValidation(device.get());
}

TEST_CASE("CreateBlendState(1) validates the description", "[device][state]") {
  auto device = createDevice();
  auto device1 = device.query<ID3D11Device1>();
  auto invalid1 = [&](const D3D11_BLEND_DESC1& desc) {
    expectInvalid<ID3D11BlendState1>([&](ID3D11BlendState1** out) { return device1->CreateBlendState1(&desc, out); });
  };
  CHECK(device->CreateBlendState(nullptr, nullptr) == E_INVALIDARG);
  CHECK(device1->CreateBlendState1(nullptr, nullptr) == E_INVALIDARG);
  D3D11_BLEND_DESC1 desc = defaultBlend1();
  CHECK(device1->CreateBlendState1(&desc, nullptr) == S_FALSE);

  desc.RenderTarget[0].BlendEnable = TRUE;
  desc.RenderTarget[0].SrcBlend = D3D11_BLEND(12); invalid1(desc);                   // a hole in D3D11_BLEND
  desc = defaultBlend1(); desc.RenderTarget[0].BlendEnable = TRUE;
  desc.RenderTarget[0].DestBlend = D3D11_BLEND(20); invalid1(desc);
  desc = defaultBlend1(); desc.RenderTarget[0].BlendEnable = TRUE;
  desc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_SRC_COLOR; invalid1(desc);       // _COLOR for alpha
  desc = defaultBlend1(); desc.RenderTarget[0].BlendEnable = TRUE;
  desc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP(6); invalid1(desc);
  desc = defaultBlend1(); desc.RenderTarget[0].RenderTargetWriteMask = 0x10; invalid1(desc);
  // Logic op and blending together, logic op with independent blending, a bad logic op.
  desc = defaultBlend1(); desc.RenderTarget[0].BlendEnable = TRUE; desc.RenderTarget[0].LogicOpEnable = TRUE;
  invalid1(desc);
  desc = defaultBlend1(); desc.IndependentBlendEnable = TRUE; desc.RenderTarget[1].LogicOpEnable = TRUE;
  invalid1(desc);
  desc = defaultBlend1(); desc.RenderTarget[0].LogicOpEnable = TRUE; desc.RenderTarget[0].LogicOp = D3D11_LOGIC_OP(16);
  invalid1(desc);
  // Ignored members are not checked: a disabled target's factors, targets 1..7 without independent blending.
  desc = defaultBlend1(); desc.RenderTarget[0].SrcBlend = D3D11_BLEND(0); desc.RenderTarget[3].BlendOp = D3D11_BLEND_OP(0);
  CHECK(device1->CreateBlendState1(&desc, nullptr) == S_FALSE);

  // Logic ops follow D3D11_OPTIONS.OutputMergerLogicOp (TRUE at 11_1).
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK);
  desc = defaultBlend1(); desc.RenderTarget[0].LogicOpEnable = TRUE; desc.RenderTarget[0].LogicOp = D3D11_LOGIC_OP_XOR;
  CHECK(device1->CreateBlendState1(&desc, nullptr) == (options.OutputMergerLogicOp ? S_FALSE : E_INVALIDARG));

  D3D11_BLEND_DESC old = defaultBlend();
  old.RenderTarget[0].BlendEnable = TRUE;
  old.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_INV_DEST_COLOR;
  ID3D11BlendState* state = reinterpret_cast<ID3D11BlendState*>(uintptr_t(1));
  CHECK(device->CreateBlendState(&old, &state) == E_INVALIDARG);
  CHECK(state == nullptr);
  checkValidation(device.get());
}

TEST_CASE("CreateDepthStencilState validates the description", "[device][state]") {
  auto device = createDevice();
  auto invalid = [&](const D3D11_DEPTH_STENCIL_DESC& desc) {
    expectInvalid<ID3D11DepthStencilState>(
        [&](ID3D11DepthStencilState** out) { return device->CreateDepthStencilState(&desc, out); });
  };
  CHECK(device->CreateDepthStencilState(nullptr, nullptr) == E_INVALIDARG);
  D3D11_DEPTH_STENCIL_DESC desc = defaultDepthStencil();
  CHECK(device->CreateDepthStencilState(&desc, nullptr) == S_FALSE);
  desc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK(2); invalid(desc);
  desc = defaultDepthStencil(); desc.DepthFunc = D3D11_COMPARISON_FUNC(0); invalid(desc);
  desc = defaultDepthStencil(); desc.StencilEnable = TRUE; desc.FrontFace.StencilFailOp = D3D11_STENCIL_OP(9); invalid(desc);
  desc = defaultDepthStencil(); desc.StencilEnable = TRUE; desc.BackFace.StencilFunc = D3D11_COMPARISON_FUNC(9); invalid(desc);
  // A zeroed description (depth and stencil off) is valid: disabled tests are not checked.
  D3D11_DEPTH_STENCIL_DESC zero{};
  CHECK(device->CreateDepthStencilState(&zero, nullptr) == S_FALSE);
  checkValidation(device.get());
}

TEST_CASE("CreateRasterizerState(1/2) validates the description", "[device][state]") {
  auto device = createDevice();
  auto invalid2 = [&](const D3D11_RASTERIZER_DESC2& desc) {
    expectInvalid<ID3D11RasterizerState2>(
        [&](ID3D11RasterizerState2** out) { return device->CreateRasterizerState2(&desc, out); });
  };
  CHECK(device->CreateRasterizerState(nullptr, nullptr) == E_INVALIDARG);
  CHECK(device->CreateRasterizerState2(nullptr, nullptr) == E_INVALIDARG);
  D3D11_RASTERIZER_DESC2 desc = defaultRasterizer2();
  CHECK(device->CreateRasterizerState2(&desc, nullptr) == S_FALSE);
  desc.FillMode = D3D11_FILL_MODE(1); invalid2(desc);
  desc = defaultRasterizer2(); desc.CullMode = D3D11_CULL_MODE(0); invalid2(desc);
  desc = defaultRasterizer2(); desc.DepthBiasClamp = std::numeric_limits<float>::quiet_NaN(); invalid2(desc);
  desc = defaultRasterizer2(); desc.ForcedSampleCount = 3; invalid2(desc);
  desc = defaultRasterizer2(); desc.ForcedSampleCount = 32; invalid2(desc);
  desc = defaultRasterizer2(); desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE(2); invalid2(desc);
  // 11_1: every documented forced sample count.
  for (UINT count : {0u, 1u, 2u, 4u, 8u, 16u}) {
    desc = defaultRasterizer2();
    desc.ForcedSampleCount = count;
    CHECK(device->CreateRasterizerState2(&desc, nullptr) == S_FALSE);
  }
  // Conservative rasterization only with its tier (lavapipe has none).
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof(options2)) == S_OK);
  desc = defaultRasterizer2(); desc.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  CHECK(device->CreateRasterizerState2(&desc, nullptr) ==
        (options2.ConservativeRasterizationTier ? S_FALSE : E_INVALIDARG));

  D3D11_RASTERIZER_DESC zero{};
  ID3D11RasterizerState* state = reinterpret_cast<ID3D11RasterizerState*>(uintptr_t(1));
  CHECK(device->CreateRasterizerState(&zero, &state) == E_INVALIDARG);  // FillMode 0
  CHECK(state == nullptr);
  checkValidation(device.get());
}

TEST_CASE("ForcedSampleCount follows the 11_0 rules on an 11_0 device", "[device][state]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK);
  D3D11_RASTERIZER_DESC2 desc = defaultRasterizer2();
  for (UINT count : {0u, 1u}) {
    desc.ForcedSampleCount = count;
    CHECK(device->CreateRasterizerState2(&desc, nullptr) == S_FALSE);
  }
  for (UINT count : {4u, 8u}) {
    desc.ForcedSampleCount = count;
    CHECK(device->CreateRasterizerState2(&desc, nullptr) ==
          (options.UAVOnlyRenderingForcedSampleCount ? S_FALSE : E_INVALIDARG));
  }
  for (UINT count : {2u, 16u}) {
    desc.ForcedSampleCount = count;
    CHECK(device->CreateRasterizerState2(&desc, nullptr) == E_INVALIDARG);
  }
  checkValidation(device.get());
}

TEST_CASE("identical descriptions give the same state object", "[device][state]") {
  auto device = createDevice();
  D3D11_SAMPLER_DESC desc = defaultSampler();
  ComPtr<ID3D11SamplerState> a, b, c;
  REQUIRE(device->CreateSamplerState(&desc, a.put()) == S_OK);
  CHECK(refCount(a.get()) == 1);
  REQUIRE(device->CreateSamplerState(&desc, b.put()) == S_OK);
  CHECK(a.get() == b.get());
  CHECK(refCount(a.get()) == 2);
  desc.MipLODBias = 1.0f;
  REQUIRE(device->CreateSamplerState(&desc, c.put()) == S_OK);
  CHECK(c.get() != a.get());
  CHECK(refCount(c.get()) == 1);

  // CreateBlendState and CreateBlendState1 share objects; ignored members do not make new ones.
  auto device1 = device.query<ID3D11Device1>();
  D3D11_BLEND_DESC old = defaultBlend();
  D3D11_BLEND_DESC1 desc1 = defaultBlend1();
  desc1.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;      // ignored: blending is off
  desc1.RenderTarget[5].RenderTargetWriteMask = 0;             // ignored: no independent blending
  ComPtr<ID3D11BlendState> blend;
  ComPtr<ID3D11BlendState1> blend1;
  REQUIRE(device->CreateBlendState(&old, blend.put()) == S_OK);
  REQUIRE(device1->CreateBlendState1(&desc1, blend1.put()) == S_OK);
  CHECK(static_cast<ID3D11BlendState*>(blend1.get()) == blend.get());
  CHECK(blend.query<ID3D11BlendState1>().get() == blend1.get());

  // Rasterizer states from the three methods are one object; depth-stencil likewise.
  D3D11_RASTERIZER_DESC r0{};
  r0.FillMode = D3D11_FILL_SOLID;
  r0.CullMode = D3D11_CULL_BACK;
  r0.DepthClipEnable = TRUE;
  D3D11_RASTERIZER_DESC2 r2 = defaultRasterizer2();
  ComPtr<ID3D11RasterizerState> raster;
  ComPtr<ID3D11RasterizerState2> raster2;
  REQUIRE(device->CreateRasterizerState(&r0, raster.put()) == S_OK);
  REQUIRE(device->CreateRasterizerState2(&r2, raster2.put()) == S_OK);
  CHECK(static_cast<ID3D11RasterizerState*>(raster2.get()) == raster.get());
  D3D11_DEPTH_STENCIL_DESC ds = defaultDepthStencil();
  ComPtr<ID3D11DepthStencilState> ds1, ds2;
  REQUIRE(device->CreateDepthStencilState(&ds, ds1.put()) == S_OK);
  ds.StencilReadMask = 0x0f;  // ignored: stencil is off
  REQUIRE(device->CreateDepthStencilState(&ds, ds2.put()) == S_OK);
  CHECK(ds1.get() == ds2.get());
  checkValidation(device.get());
}

TEST_CASE("a released state object leaves the cache", "[device][state]") {
  auto device = createDevice();
  D3D11_SAMPLER_DESC desc = defaultSampler();
  desc.MipLODBias = 2.5f;
  ComPtr<ID3D11SamplerState> first;
  REQUIRE(device->CreateSamplerState(&desc, first.put()) == S_OK);
  const GUID guid = {0x5e1f0001, 0x1, 0x2, {3, 4, 5, 6, 7, 8, 9, 10}};
  int marker = 7;
  REQUIRE(first->SetPrivateData(guid, sizeof(marker), &marker) == S_OK);
  CHECK(first.get()->Release() == 0);
  first.detach();
  // A new object: the old one's private data is gone with it.
  ComPtr<ID3D11SamplerState> second;
  REQUIRE(device->CreateSamplerState(&desc, second.put()) == S_OK);
  UINT size = sizeof(marker);
  CHECK(second->GetPrivateData(guid, &size, &marker) == DXGI_ERROR_NOT_FOUND);
  checkValidation(device.get());
}

TEST_CASE("at most 4096 unique samplers are alive at once", "[device][state]") {
  auto device = createDevice();
  std::vector<ComPtr<ID3D11SamplerState>> samplers;
  D3D11_SAMPLER_DESC desc = defaultSampler();
  for (int i = 0; i < 4096; ++i) {
    desc.MipLODBias = -16.0f + float(i) / 256.0f;  // 4096 distinct values in -16..-0.004
    ComPtr<ID3D11SamplerState> sampler;
    HRESULT hr = device->CreateSamplerState(&desc, sampler.put());
    if (hr != S_OK) {
      FAIL("sampler " << i << " failed with " << std::hex << unsigned(hr));
    }
    samplers.push_back(sampler);
  }
  desc.MipLODBias = 1.0f;
  ComPtr<ID3D11SamplerState> extra;
  CHECK(device->CreateSamplerState(&desc, extra.put()) == D3D11_ERROR_TOO_MANY_UNIQUE_STATE_OBJECTS);
  CHECK_FALSE(extra);
  // Existing descriptions still work, and validation-only calls still answer S_FALSE.
  desc.MipLODBias = -16.0f;
  CHECK(device->CreateSamplerState(&desc, extra.put()) == S_OK);
  CHECK(extra.get() == samplers[0].get());
  extra.reset();
  desc.MipLODBias = 1.0f;
  CHECK(device->CreateSamplerState(&desc, nullptr) == S_FALSE);
  // Other kinds have their own limit.
  D3D11_DEPTH_STENCIL_DESC ds = defaultDepthStencil();
  ComPtr<ID3D11DepthStencilState> dsState;
  CHECK(device->CreateDepthStencilState(&ds, dsState.put()) == S_OK);
  // Releasing one makes room.
  samplers.pop_back();
  CHECK(device->CreateSamplerState(&desc, extra.put()) == S_OK);
  checkValidation(device.get());
}

TEST_CASE("GetDesc returns the normalised description", "[device][state]") {
  auto device = createDevice();
  auto device1 = device.query<ID3D11Device1>();

  D3D11_BLEND_DESC1 blendIn = defaultBlend1();
  blendIn.IndependentBlendEnable = TRUE;
  blendIn.RenderTarget[1].BlendEnable = TRUE;
  blendIn.RenderTarget[1].SrcBlend = D3D11_BLEND_SRC_ALPHA;
  blendIn.RenderTarget[1].DestBlend = D3D11_BLEND_INV_SRC_ALPHA;
  blendIn.RenderTarget[2].SrcBlend = D3D11_BLEND_DEST_ALPHA;   // blending off: reads back as ONE
  blendIn.RenderTarget[2].LogicOp = D3D11_LOGIC_OP_AND;        // logic op off: reads back as NOOP
  blendIn.RenderTarget[2].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_RED;
  ComPtr<ID3D11BlendState1> blend;
  REQUIRE(device1->CreateBlendState1(&blendIn, blend.put()) == S_OK);
  D3D11_BLEND_DESC1 blendOut{};
  blend->GetDesc1(&blendOut);
  CHECK(blendOut.IndependentBlendEnable == TRUE);
  CHECK(blendOut.RenderTarget[1].BlendEnable == TRUE);
  CHECK(blendOut.RenderTarget[1].SrcBlend == D3D11_BLEND_SRC_ALPHA);
  CHECK(blendOut.RenderTarget[1].DestBlend == D3D11_BLEND_INV_SRC_ALPHA);
  CHECK(blendOut.RenderTarget[2].SrcBlend == D3D11_BLEND_ONE);
  CHECK(blendOut.RenderTarget[2].LogicOp == D3D11_LOGIC_OP_NOOP);
  CHECK(blendOut.RenderTarget[2].RenderTargetWriteMask == D3D11_COLOR_WRITE_ENABLE_RED);
  D3D11_BLEND_DESC blendOld{};
  blend->GetDesc(&blendOld);
  CHECK(blendOld.RenderTarget[1].DestBlend == D3D11_BLEND_INV_SRC_ALPHA);
  CHECK(blendOld.RenderTarget[2].RenderTargetWriteMask == D3D11_COLOR_WRITE_ENABLE_RED);

  // Without independent blending every target reads as RenderTarget[0].
  D3D11_BLEND_DESC shared = defaultBlend();
  shared.RenderTarget[0].BlendEnable = TRUE;
  shared.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA;
  shared.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_GREEN;
  shared.RenderTarget[6].RenderTargetWriteMask = 0;
  ComPtr<ID3D11BlendState> sharedState;
  REQUIRE(device->CreateBlendState(&shared, sharedState.put()) == S_OK);
  D3D11_BLEND_DESC sharedOut{};
  sharedState->GetDesc(&sharedOut);
  for (const auto& rt : sharedOut.RenderTarget) {
    CHECK(rt.BlendEnable == TRUE);
    CHECK(rt.SrcBlend == D3D11_BLEND_SRC_ALPHA);
    CHECK(rt.RenderTargetWriteMask == D3D11_COLOR_WRITE_ENABLE_GREEN);
  }

  D3D11_DEPTH_STENCIL_DESC dsIn{};  // everything off and zero
  ComPtr<ID3D11DepthStencilState> ds;
  REQUIRE(device->CreateDepthStencilState(&dsIn, ds.put()) == S_OK);
  D3D11_DEPTH_STENCIL_DESC dsOut{};
  ds->GetDesc(&dsOut);
  CHECK(dsOut.DepthEnable == FALSE);
  CHECK(dsOut.DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL);
  CHECK(dsOut.DepthFunc == D3D11_COMPARISON_LESS);
  CHECK(dsOut.StencilReadMask == 0xff);
  CHECK(dsOut.StencilWriteMask == 0xff);
  CHECK(dsOut.FrontFace.StencilFunc == D3D11_COMPARISON_ALWAYS);
  CHECK(dsOut.BackFace.StencilPassOp == D3D11_STENCIL_OP_KEEP);

  D3D11_RASTERIZER_DESC2 rIn = defaultRasterizer2();
  rIn.DepthBias = 5;
  rIn.SlopeScaledDepthBias = 1.5f;
  rIn.ForcedSampleCount = 4;
  ComPtr<ID3D11RasterizerState2> raster;
  REQUIRE(device->CreateRasterizerState2(&rIn, raster.put()) == S_OK);
  D3D11_RASTERIZER_DESC2 rOut{};
  raster->GetDesc2(&rOut);
  CHECK(std::memcmp(&rIn, &rOut, sizeof(rIn)) == 0);
  D3D11_RASTERIZER_DESC1 rOut1{};
  raster->GetDesc1(&rOut1);
  CHECK(rOut1.ForcedSampleCount == 4);
  CHECK(rOut1.DepthBias == 5);
  D3D11_RASTERIZER_DESC rOut0{};
  raster->GetDesc(&rOut0);
  CHECK(rOut0.SlopeScaledDepthBias == 1.5f);

  D3D11_SAMPLER_DESC sIn = defaultSampler();
  sIn.Filter = D3D11_FILTER_ANISOTROPIC;
  sIn.MaxAnisotropy = 8;
  sIn.AddressW = D3D11_TEXTURE_ADDRESS_BORDER;  // the border colour is kept only where a mode uses it
  sIn.BorderColor[2] = 0.5f;
  sIn.MinLOD = 1.0f;
  ComPtr<ID3D11SamplerState> sampler;
  REQUIRE(device->CreateSamplerState(&sIn, sampler.put()) == S_OK);
  D3D11_SAMPLER_DESC sOut{};
  sampler->GetDesc(&sOut);
  CHECK(std::memcmp(&sIn, &sOut, sizeof(sIn)) == 0);
  checkValidation(device.get());
}

TEST_CASE("sampler GetDesc resets the members the filter and address modes ignore", "[device][state]") {
  // As Windows reports them (Wine's conformance tests): MaxAnisotropy 0 without an anisotropic
  // filter, ComparisonFunc NEVER without a comparison filter, BorderColor 0 without a BORDER mode.
  auto device = createDevice();
  D3D11_SAMPLER_DESC in = defaultSampler();
  in.AddressU = in.AddressV = in.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
  in.MaxAnisotropy = 16;
  in.ComparisonFunc = D3D11_COMPARISON_ALWAYS;
  in.BorderColor[1] = in.BorderColor[3] = 1.0f;
  in.MaxLOD = 16.0f;
  ComPtr<ID3D11SamplerState> sampler;
  REQUIRE(device->CreateSamplerState(&in, sampler.put()) == S_OK);
  D3D11_SAMPLER_DESC out{};
  sampler->GetDesc(&out);
  CHECK(out.Filter == D3D11_FILTER_MIN_MAG_MIP_LINEAR);
  CHECK(out.MaxAnisotropy == 0);
  CHECK(out.ComparisonFunc == D3D11_COMPARISON_NEVER);
  CHECK(out.BorderColor[1] == 0.0f);
  CHECK(out.BorderColor[3] == 0.0f);
  CHECK(out.MaxLOD == 16.0f);
  // The same description with only ignored members changed is the same object.
  D3D11_SAMPLER_DESC other = in;
  other.MaxAnisotropy = 4;
  other.BorderColor[1] = 0.25f;
  ComPtr<ID3D11SamplerState> same;
  REQUIRE(device->CreateSamplerState(&other, same.put()) == S_OK);
  CHECK(same.get() == sampler.get());

  // A comparison anisotropic filter with a BORDER mode keeps all three.
  in.Filter = D3D11_FILTER_COMPARISON_ANISOTROPIC;
  in.AddressV = D3D11_TEXTURE_ADDRESS_BORDER;
  ComPtr<ID3D11SamplerState> kept;
  REQUIRE(device->CreateSamplerState(&in, kept.put()) == S_OK);
  kept->GetDesc(&out);
  CHECK(out.MaxAnisotropy == 16);
  CHECK(out.ComparisonFunc == D3D11_COMPARISON_ALWAYS);
  CHECK(out.BorderColor[1] == 1.0f);
  CHECK(out.BorderColor[3] == 1.0f);
  checkValidation(device.get());
}

TEST_CASE("state objects are device children with private data and debug names", "[device][state]") {
  auto device = createDevice();
  D3D11_SAMPLER_DESC desc = defaultSampler();
  ComPtr<ID3D11SamplerState> sampler;
  REQUIRE(device->CreateSamplerState(&desc, sampler.put()) == S_OK);

  ComPtr<ID3D11Device> parent;
  sampler->GetDevice(parent.put());
  CHECK(parent.get() == static_cast<ID3D11Device*>(device.get()));
  CHECK(sampler.query<ID3D11DeviceChild>());
  CHECK(sampler.query<IUnknown>().get() == static_cast<IUnknown*>(sampler.get()));
  CHECK_FALSE(sampler.query<ID3D11BlendState>());

  const char name[] = "shadow sampler";
  REQUIRE(sampler->SetPrivateData(kDebugObjectName, sizeof(name) - 1, name) == S_OK);
  char readBack[32] = {};
  UINT size = sizeof(readBack);
  REQUIRE(sampler->GetPrivateData(kDebugObjectName, &size, readBack) == S_OK);
  CHECK(size == sizeof(name) - 1);
  CHECK(std::string(readBack, size) == "shadow sampler");

  // Interfaces stored as private data are referenced while stored.
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  const GUID guid = {0x5e1f0002, 0x1, 0x2, {3, 4, 5, 6, 7, 8, 9, 10}};
  REQUIRE(sampler->SetPrivateDataInterface(guid, context.get()) == S_OK);
  IUnknown* stored = nullptr;
  size = sizeof(stored);
  REQUIRE(sampler->GetPrivateData(guid, &size, &stored) == S_OK);
  CHECK(stored == context.get());
  stored->Release();
  REQUIRE(sampler->SetPrivateDataInterface(guid, nullptr) == S_OK);

  // A child keeps its device alive after the application releases the device.
  ID3D11Device* raw = parent.get();
  parent.reset();
  context.reset();
  device.reset();
  ComPtr<ID3D11Device> again;
  sampler->GetDevice(again.put());
  CHECK(again.get() == raw);
  checkValidation(again.get());
}

TEST_CASE("queries and predicates: descriptions, data sizes and interfaces", "[device][query]") {
  auto device = createDevice();
  struct Expect {
    D3D11_QUERY query;
    UINT size;
  };
  const Expect types[] = {
      {D3D11_QUERY_EVENT, sizeof(BOOL)},
      {D3D11_QUERY_OCCLUSION, sizeof(UINT64)},
      {D3D11_QUERY_TIMESTAMP, sizeof(UINT64)},
      {D3D11_QUERY_TIMESTAMP_DISJOINT, sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT)},
      {D3D11_QUERY_PIPELINE_STATISTICS, sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS)},
      {D3D11_QUERY_OCCLUSION_PREDICATE, sizeof(BOOL)},
      {D3D11_QUERY_SO_STATISTICS, sizeof(D3D11_QUERY_DATA_SO_STATISTICS)},
      {D3D11_QUERY_SO_OVERFLOW_PREDICATE, sizeof(BOOL)},
      {D3D11_QUERY_SO_STATISTICS_STREAM3, sizeof(D3D11_QUERY_DATA_SO_STATISTICS)},
      {D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2, sizeof(BOOL)},
  };
  for (const Expect& expect : types) {
    INFO("query type " << expect.query);
    D3D11_QUERY_DESC desc{expect.query, 0};
    ComPtr<ID3D11Query> query;
    REQUIRE(device->CreateQuery(&desc, query.put()) == S_OK);
    CHECK(query->GetDataSize() == expect.size);
    D3D11_QUERY_DESC out{};
    query->GetDesc(&out);
    CHECK(out.Query == expect.query);
    CHECK(out.MiscFlags == 0);
    auto query1 = query.query<ID3D11Query1>();
    REQUIRE(query1);
    D3D11_QUERY_DESC1 out1{};
    query1->GetDesc1(&out1);
    CHECK(out1.ContextType == D3D11_CONTEXT_TYPE_ALL);
    CHECK(query.query<ID3D11Asynchronous>());
    bool predicate = expect.query == D3D11_QUERY_OCCLUSION_PREDICATE ||
                     expect.query == D3D11_QUERY_SO_OVERFLOW_PREDICATE ||
                     expect.query == D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM2;
    auto asPredicate = query.query<ID3D11Predicate>();
    CHECK(bool(asPredicate) == predicate);
    if (asPredicate) {
      CHECK(asPredicate.query<IUnknown>().get() == query.query<IUnknown>().get());
      CHECK(asPredicate->GetDataSize() == sizeof(BOOL));
    }
    // Queries are not deduplicated.
    ComPtr<ID3D11Query> second;
    REQUIRE(device->CreateQuery(&desc, second.put()) == S_OK);
    CHECK(second.get() != query.get());
  }

  D3D11_QUERY_DESC predicateDesc{D3D11_QUERY_OCCLUSION_PREDICATE, D3D11_QUERY_MISC_PREDICATEHINT};
  ComPtr<ID3D11Predicate> predicate;
  REQUIRE(device->CreatePredicate(&predicateDesc, predicate.put()) == S_OK);
  D3D11_QUERY_DESC out{};
  predicate->GetDesc(&out);
  CHECK(out.MiscFlags == UINT(D3D11_QUERY_MISC_PREDICATEHINT));
  CHECK(predicate.query<ID3D11Query1>());
  ComPtr<ID3D11Device> parent;
  predicate->GetDevice(parent.put());
  CHECK(parent.get() == static_cast<ID3D11Device*>(device.get()));

  D3D11_QUERY_DESC1 desc1{D3D11_QUERY_TIMESTAMP, 0, D3D11_CONTEXT_TYPE_COPY};
  ComPtr<ID3D11Query1> query1;
  REQUIRE(device->CreateQuery1(&desc1, query1.put()) == S_OK);
  D3D11_QUERY_DESC1 out1{};
  query1->GetDesc1(&out1);
  CHECK(out1.ContextType == D3D11_CONTEXT_TYPE_COPY);
  checkValidation(device.get());
}

TEST_CASE("query descriptions are validated", "[device][query]") {
  auto device = createDevice();
  auto invalidQuery = [&](D3D11_QUERY_DESC desc) {
    expectInvalid<ID3D11Query>([&](ID3D11Query** out) { return device->CreateQuery(&desc, out); });
  };
  auto invalidPredicate = [&](D3D11_QUERY_DESC desc) {
    expectInvalid<ID3D11Predicate>([&](ID3D11Predicate** out) { return device->CreatePredicate(&desc, out); });
  };
  CHECK(device->CreateQuery(nullptr, nullptr) == E_INVALIDARG);
  CHECK(device->CreatePredicate(nullptr, nullptr) == E_INVALIDARG);
  CHECK(device->CreateQuery1(nullptr, nullptr) == E_INVALIDARG);
  D3D11_QUERY_DESC valid{D3D11_QUERY_EVENT, 0};
  CHECK(device->CreateQuery(&valid, nullptr) == S_FALSE);
  D3D11_QUERY_DESC validPredicate{D3D11_QUERY_SO_OVERFLOW_PREDICATE, D3D11_QUERY_MISC_PREDICATEHINT};
  CHECK(device->CreatePredicate(&validPredicate, nullptr) == S_FALSE);
  // Per-stream overflow predicates come from CreateQuery only (as on Windows), still as predicates.
  D3D11_QUERY_DESC streamPredicate{D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0, 0};
  invalidPredicate(streamPredicate);
  CHECK(device->CreateQuery(&streamPredicate, nullptr) == S_FALSE);

  invalidQuery({D3D11_QUERY(16), 0});
  invalidQuery({D3D11_QUERY_EVENT, 2});
  invalidQuery({D3D11_QUERY_OCCLUSION, D3D11_QUERY_MISC_PREDICATEHINT});  // the hint is for predicates
  invalidPredicate({D3D11_QUERY_OCCLUSION, 0});                           // not a predicate type
  invalidPredicate({D3D11_QUERY_EVENT, 0});
  D3D11_QUERY_DESC1 badContext{D3D11_QUERY_EVENT, 0, D3D11_CONTEXT_TYPE(5)};
  expectInvalid<ID3D11Query1>([&](ID3D11Query1** out) { return device->CreateQuery1(&badContext, out); });
  checkValidation(device.get());
}

TEST_CASE("the device exposes no counters", "[device][query]") {
  auto device = createDevice();
  D3D11_COUNTER_INFO info;
  std::memset(&info, 0xcc, sizeof(info));
  device->CheckCounterInfo(&info);
  CHECK(info.LastDeviceDependentCounter == D3D11_COUNTER(0));
  CHECK(info.NumSimultaneousCounters == 0);
  CHECK(info.NumDetectableParallelUnits == 1);
  device->CheckCounterInfo(nullptr);  // nothing to write, no crash

  D3D11_COUNTER_DESC desc{D3D11_COUNTER_DEVICE_DEPENDENT_0, 0};
  expectInvalid<ID3D11Counter>([&](ID3D11Counter** out) { return device->CreateCounter(&desc, out); });
  D3D11_COUNTER_DESC wellKnown{D3D11_COUNTER(0), 0};
  expectInvalid<ID3D11Counter>([&](ID3D11Counter** out) { return device->CreateCounter(&wellKnown, out); });
  expectInvalid<ID3D11Counter>([&](ID3D11Counter** out) { return device->CreateCounter(nullptr, out); });

  D3D11_COUNTER_TYPE type = D3D11_COUNTER_TYPE_UINT32;
  UINT active = 77, nameLength = 5;
  char name[5] = "keep";
  CHECK(device->CheckCounter(&desc, &type, &active, name, &nameLength, nullptr, nullptr, nullptr, nullptr) ==
        E_INVALIDARG);
  CHECK(active == 77);
  CHECK(std::string(name) == "keep");
  CHECK(device->CheckCounter(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) ==
        E_INVALIDARG);
  checkValidation(device.get());
}

TEST_CASE("9_1 devices apply the documented 10Level9 state rules", "[device][state]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_9_1);
  REQUIRE(device->GetFeatureLevel() == D3D_FEATURE_LEVEL_9_1);

  D3D11_SAMPLER_DESC s = defaultSampler();
  CHECK(device->CreateSamplerState(&s, nullptr) == S_FALSE);
  s.Filter = D3D11_FILTER_ANISOTROPIC;
  s.MaxAnisotropy = 2;
  CHECK(device->CreateSamplerState(&s, nullptr) == S_FALSE);
  s.MaxAnisotropy = 3;  // maximum anisotropy 2 at 9_1
  CHECK(device->CreateSamplerState(&s, nullptr) == E_INVALIDARG);
  s = defaultSampler(); s.Filter = D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT; s.ComparisonFunc = D3D11_COMPARISON_LESS;
  CHECK(device->CreateSamplerState(&s, nullptr) == E_INVALIDARG);
  s = defaultSampler(); s.AddressU = D3D11_TEXTURE_ADDRESS_MIRROR_ONCE;
  CHECK(device->CreateSamplerState(&s, nullptr) == E_INVALIDARG);
  s = defaultSampler(); s.MaxLOD = 4.0f;
  CHECK(device->CreateSamplerState(&s, nullptr) == E_INVALIDARG);
  s = defaultSampler(); s.MinLOD = 0.5f;
  CHECK(device->CreateSamplerState(&s, nullptr) == E_INVALIDARG);
  s = defaultSampler(); s.AddressV = D3D11_TEXTURE_ADDRESS_BORDER; s.BorderColor[0] = 2.0f;
  CHECK(device->CreateSamplerState(&s, nullptr) == E_INVALIDARG);

  D3D11_RASTERIZER_DESC r{};
  r.FillMode = D3D11_FILL_SOLID;
  r.CullMode = D3D11_CULL_NONE;
  r.DepthClipEnable = TRUE;
  CHECK(device->CreateRasterizerState(&r, nullptr) == S_FALSE);
  r.DepthClipEnable = FALSE;
  CHECK(device->CreateRasterizerState(&r, nullptr) == E_INVALIDARG);
  r.DepthClipEnable = TRUE;
  r.DepthBiasClamp = 0.5f;
  CHECK(device->CreateRasterizerState(&r, nullptr) == E_INVALIDARG);

  D3D11_BLEND_DESC b = defaultBlend();
  CHECK(device->CreateBlendState(&b, nullptr) == S_FALSE);
  b.AlphaToCoverageEnable = TRUE;
  CHECK(device->CreateBlendState(&b, nullptr) == E_INVALIDARG);
  b = defaultBlend(); b.RenderTarget[0].BlendEnable = TRUE; b.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC1_ALPHA;
  CHECK(device->CreateBlendState(&b, nullptr) == E_INVALIDARG);
  b = defaultBlend(); b.RenderTarget[0].BlendEnable = TRUE; b.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA_SAT;
  CHECK(device->CreateBlendState(&b, nullptr) == E_INVALIDARG);
  b = defaultBlend(); b.IndependentBlendEnable = TRUE; b.RenderTarget[2].BlendEnable = TRUE;
  CHECK(device->CreateBlendState(&b, nullptr) == E_INVALIDARG);
  D3D11_BLEND_DESC1 b1 = defaultBlend1();
  b1.RenderTarget[0].LogicOpEnable = TRUE;  // OutputMergerLogicOp is FALSE at 9_x
  CHECK(device.query<ID3D11Device1>()->CreateBlendState1(&b1, nullptr) == E_INVALIDARG);

  // Event and timestamp queries only; no occlusion at 9_1, no predicates or counters at 9_x.
  for (D3D11_QUERY type : {D3D11_QUERY_EVENT, D3D11_QUERY_TIMESTAMP, D3D11_QUERY_TIMESTAMP_DISJOINT}) {
    D3D11_QUERY_DESC q{type, 0};
    CHECK(device->CreateQuery(&q, nullptr) == S_FALSE);
  }
  for (D3D11_QUERY type : {D3D11_QUERY_OCCLUSION, D3D11_QUERY_PIPELINE_STATISTICS, D3D11_QUERY_SO_STATISTICS,
                           D3D11_QUERY_OCCLUSION_PREDICATE}) {
    D3D11_QUERY_DESC q{type, 0};
    CHECK(device->CreateQuery(&q, nullptr) == E_INVALIDARG);
  }
  D3D11_QUERY_DESC predicate{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  CHECK(device->CreatePredicate(&predicate, nullptr) == E_INVALIDARG);
  checkValidation(device.get());
}

TEST_CASE("9_2 devices allow occlusion queries", "[device][query]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_9_2);
  D3D11_QUERY_DESC q{D3D11_QUERY_OCCLUSION, 0};
  ComPtr<ID3D11Query> query;
  CHECK(device->CreateQuery(&q, query.put()) == S_OK);
  D3D11_SAMPLER_DESC s = defaultSampler();
  s.Filter = D3D11_FILTER_ANISOTROPIC;
  s.MaxAnisotropy = 16;  // 16 from 9_2
  CHECK(device->CreateSamplerState(&s, nullptr) == S_FALSE);
  checkValidation(device.get());
}
