// CheckFeatureSupport rules on synthetic profiles: the documented D3D11_OPTIONS rules per level,
// size checks, tiers, and format support kinds.
#include <catch2/catch.hpp>

#include "../vk/profile_builder.h"
#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/tile_shapes.h"
#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/caps/resource_limits.h"

using namespace d3d11vk;

static D3D11_FEATURE_DATA_D3D11_OPTIONS options(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  D3D11_FEATURE_DATA_D3D11_OPTIONS data{};
  REQUIRE(caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D11_OPTIONS, &data, sizeof(data)) == S_OK);
  return data;
}

TEST_CASE("D3D11_OPTIONS at 11_1: every member TRUE but the pair not built and the one that follows the hardware", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.features.core.features.shaderFloat64 = VK_FALSE;
  auto o = options(profile, D3D_FEATURE_LEVEL_11_1);
  CHECK(o.OutputMergerLogicOp);
  CHECK(o.UAVOnlyRenderingForcedSampleCount);
  CHECK(o.DiscardAPIsSeenByDriver);
  CHECK(o.FlagsForUpdateAndCopySeenByDriver);
  CHECK(o.ClearView);
  CHECK(o.CopyWithOverlap);
  CHECK(o.ConstantBufferPartialUpdate);
  CHECK(o.ConstantBufferOffsetting);
  CHECK(o.MapNoOverwriteOnDynamicConstantBuffer);
  CHECK_FALSE(o.MapNoOverwriteOnDynamicBufferSRV);        // its group's partner is not built:
  CHECK_FALSE(o.MultisampleRTVWithForcedSampleCountOne);  // rasterizing 1 sample into MSAA targets
  CHECK(o.ExtendedResourceSharing);
  CHECK_FALSE(o.ExtendedDoublesShaderInstructions);  // no 64-bit floats on this device
  profile.features.core.features.shaderFloat64 = VK_TRUE;
  CHECK(options(profile, D3D_FEATURE_LEVEL_11_1).ExtendedDoublesShaderInstructions);
}

TEST_CASE("D3D11_OPTIONS documented groups are equal at every level", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3, D3D_FEATURE_LEVEL_10_0,
                                  D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1}) {
    auto o = options(profile, level);
    CHECK(o.DiscardAPIsSeenByDriver == o.FlagsForUpdateAndCopySeenByDriver);
    CHECK(o.ClearView == o.CopyWithOverlap);
    CHECK(o.ClearView == o.ConstantBufferPartialUpdate);
    CHECK(o.ClearView == o.ConstantBufferOffsetting);
    CHECK(o.ClearView == o.MapNoOverwriteOnDynamicConstantBuffer);
    CHECK(o.MapNoOverwriteOnDynamicBufferSRV == o.MultisampleRTVWithForcedSampleCountOne);
  }
}

TEST_CASE("D3D11_OPTIONS at 9_x: emulated members TRUE, logic ops FALSE", "[caps]") {
  auto o = options(test::fullProfile(), D3D_FEATURE_LEVEL_9_3);
  CHECK(o.ClearView);
  CHECK(o.CopyWithOverlap);
  CHECK(o.ConstantBufferPartialUpdate);
  CHECK(o.ConstantBufferOffsetting);
  CHECK(o.MapNoOverwriteOnDynamicConstantBuffer);
  CHECK_FALSE(o.OutputMergerLogicOp);
}

TEST_CASE("logic ops below 11_1 follow the device", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  CHECK(options(profile, D3D_FEATURE_LEVEL_10_0).OutputMergerLogicOp);
  profile.features.core.features.logicOp = VK_FALSE;
  CHECK_FALSE(options(profile, D3D_FEATURE_LEVEL_11_0).OutputMergerLogicOp);
}

TEST_CASE("every feature rejects a wrong structure size and a null pointer", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  unsigned char buffer[512] = {};
  for (const caps::FeatureDescription& feature : caps::allFeatures()) {
    INFO(feature.name);
    CHECK(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, feature.feature, buffer, 3) == E_INVALIDARG);
    CHECK(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, feature.feature, nullptr, 4) == E_INVALIDARG);
  }
  D3D11_FEATURE_DATA_THREADING threading{};
  CHECK(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, D3D11_FEATURE(999), &threading, sizeof(threading)) == E_INVALIDARG);
}

TEST_CASE("tiled resources: tier 1 where sparse binding serves it, never above until tier 2 is built", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  // Everything tier 2 and 3 ask of Vulkan is there; the shader residency feedback is not built.
  CHECK(caps::tiledResourcesTier(profile, D3D_FEATURE_LEVEL_11_1) == D3D11_TILED_RESOURCES_TIER_1);
  CHECK(caps::tiledResourcesTier(profile, D3D_FEATURE_LEVEL_10_1) == D3D11_TILED_RESOURCES_NOT_SUPPORTED);  // tier 1 needs 11_0
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1{};
  REQUIRE(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, D3D11_FEATURE_D3D11_OPTIONS1, &options1, sizeof(options1)) == S_OK);
  CHECK(options1.TiledResourcesTier == D3D11_TILED_RESOURCES_TIER_1);
  CHECK_FALSE(options1.MinMaxFiltering);  // not at tier 1 (the tier 1 document)
  D3D11_FEATURE_DATA_FORMAT_SUPPORT2 format{DXGI_FORMAT_R8G8B8A8_UNORM, 0};
  REQUIRE(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, D3D11_FEATURE_FORMAT_SUPPORT2, &format, sizeof(format)) == S_OK);
  CHECK(format.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_TILED);
  // Never tiled: 96-bit and stencil formats.
  for (DXGI_FORMAT never : {DXGI_FORMAT_R32G32B32_FLOAT, DXGI_FORMAT_D24_UNORM_S8_UINT}) {
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 other{never, 0};
    caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, D3D11_FEATURE_FORMAT_SUPPORT2, &other, sizeof(other));
    CHECK_FALSE(other.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_TILED);
  }

  SECTION("each tier 1 need") {
    SECTION("a queue that binds sparse memory") { profile.queueFamilies[0].queueFlags &= ~VK_QUEUE_SPARSE_BINDING_BIT; }
    SECTION("aliased residency") { profile.features.core.features.sparseResidencyAliased = VK_FALSE; }
    SECTION("sparse buffers") { profile.features.core.features.sparseResidencyBuffer = VK_FALSE; }
    SECTION("sparse 2D images") { profile.features.core.features.sparseResidencyImage2D = VK_FALSE; }
    SECTION("the standard 2D block shape") {
      profile.properties.core.properties.sparseProperties.residencyStandard2DBlockShape = VK_FALSE;
    }
    CHECK(caps::tiledResourcesTier(profile, D3D_FEATURE_LEVEL_11_1) == D3D11_TILED_RESOURCES_NOT_SUPPORTED);
    REQUIRE(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, D3D11_FEATURE_FORMAT_SUPPORT2, &format, sizeof(format)) == S_OK);
    CHECK_FALSE(format.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_TILED);
  }
}

TEST_CASE("standard tile shapes are the documented ones", "[caps]") {
  using caps::standardTileShape;
  const auto is = [](caps::StandardTileShape s, UINT w, UINT h, UINT d) { return s.width == w && s.height == h && s.depth == d; };
  const D3D11_RESOURCE_DIMENSION tex2D = D3D11_RESOURCE_DIMENSION_TEXTURE2D, tex3D = D3D11_RESOURCE_DIMENSION_TEXTURE3D;
  CHECK(is(standardTileShape(DXGI_FORMAT_R8_UNORM, tex2D, 1), 256, 256, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_R16_UINT, tex2D, 1), 256, 128, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_R8G8B8A8_UNORM, tex2D, 1), 128, 128, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_R32G32_FLOAT, tex2D, 1), 128, 64, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_R32G32B32A32_FLOAT, tex2D, 1), 64, 64, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_BC1_UNORM, tex2D, 1), 512, 256, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_BC4_SNORM, tex2D, 1), 512, 256, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_BC7_UNORM, tex2D, 1), 256, 256, 1));
  CHECK(is(standardTileShape(DXGI_FORMAT_R8G8B8A8_UNORM, tex2D, 4), 64, 64, 1));   // 4x: width and height halved
  CHECK(is(standardTileShape(DXGI_FORMAT_R8G8B8A8_UNORM, tex2D, 8), 32, 64, 1));   // 8x: 4x2
  CHECK(is(standardTileShape(DXGI_FORMAT_R8G8B8A8_UNORM, tex2D, 16), 32, 32, 1));  // 16x: 4x4
  CHECK(is(standardTileShape(DXGI_FORMAT_R8_UNORM, tex3D, 1), 64, 32, 32));
  CHECK(is(standardTileShape(DXGI_FORMAT_R8G8B8A8_UNORM, tex3D, 1), 32, 32, 16));
  CHECK(is(standardTileShape(DXGI_FORMAT_R32G32B32A32_FLOAT, tex3D, 1), 16, 16, 16));
  CHECK(is(standardTileShape(DXGI_FORMAT_BC1_UNORM, tex3D, 1), 128, 64, 16));
  CHECK(is(standardTileShape(DXGI_FORMAT_R32G32B32_FLOAT, tex2D, 1), 0, 0, 0));  // 96 bits: never tiled
  CHECK(is(standardTileShape(DXGI_FORMAT_D24_UNORM_S8_UINT, tex2D, 1), 0, 0, 0));
}

TEST_CASE("format support follows each format's kind", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  auto support = [&](DXGI_FORMAT format) { return caps::queryFormatSupport(profile, level, format); };

  CHECK(support(DXGI_FORMAT_R16_UINT).support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER);
  CHECK_FALSE(support(DXGI_FORMAT_R16_UNORM).support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER);
  CHECK_FALSE(support(DXGI_FORMAT_R8G8B8A8_UINT).support & D3D11_FORMAT_SUPPORT_BLENDABLE);  // integers never blend
  CHECK_FALSE(support(DXGI_FORMAT_R8G8B8A8_UINT).support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE);
  CHECK(support(DXGI_FORMAT_R8G8B8A8_UINT).support2 & D3D11_FORMAT_SUPPORT2_OUTPUT_MERGER_LOGIC_OP);

  UINT typeless = support(DXGI_FORMAT_R8G8B8A8_TYPELESS).support;
  CHECK(typeless & D3D11_FORMAT_SUPPORT_TEXTURE2D);
  CHECK(typeless & D3D11_FORMAT_SUPPORT_CAST_WITHIN_BIT_LAYOUT);
  CHECK_FALSE(typeless & D3D11_FORMAT_SUPPORT_RENDER_TARGET);

  UINT depth = support(DXGI_FORMAT_D32_FLOAT).support;
  CHECK(depth & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL);
  CHECK_FALSE(depth & D3D11_FORMAT_SUPPORT_SHADER_LOAD);  // shaders read it through R32_FLOAT views
  CHECK_FALSE(depth & D3D11_FORMAT_SUPPORT_TEXTURE3D);
  UINT depthView = support(DXGI_FORMAT_R24_UNORM_X8_TYPELESS).support;
  CHECK(depthView & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON);
  CHECK_FALSE(depthView & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL);

  CHECK_FALSE(support(DXGI_FORMAT_BC1_UNORM).support & D3D11_FORMAT_SUPPORT_TEXTURE1D);
  CHECK_FALSE(support(DXGI_FORMAT_BC1_UNORM).support & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
  CHECK(support(DXGI_FORMAT_NV12).support == 0);
  CHECK(support(DXGI_FORMAT_R1_UNORM).support == 0);
  CHECK(support(DXGI_FORMAT(0x7777)).support == 0);

  // Typed UAVs exist from 11_0; below they are not offered.
  CHECK(support(DXGI_FORMAT_R32_FLOAT).support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW);
  CHECK_FALSE(caps::queryFormatSupport(profile, D3D_FEATURE_LEVEL_10_1, DXGI_FORMAT_R32_FLOAT).support &
              D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW);
}

TEST_CASE("9_x format support has no buffer or comparison bits; D3D9 shadows only where comparison samplers are built",
          "[caps]") {
  // Windows reports neither BUFFER nor SHADER_SAMPLE_COMPARISON for any format at 9_x (Wine's
  // conformance tests); 9_x shadow maps are D3D11_FEATURE_D3D9_SHADOW_SUPPORT instead, which
  // d3d11vk reports FALSE at 9_x because it refuses comparison samplers there (not built).
  vk::DeviceProfile profile = test::fullProfile();
  for (D3D_FEATURE_LEVEL level : {D3D_FEATURE_LEVEL_9_1, D3D_FEATURE_LEVEL_9_3}) {
    for (const caps::FormatInfo& info : caps::allFormats()) {
      UINT bits = caps::queryFormatSupport(profile, level, info.dxgi).support;
      CHECK_FALSE(bits & D3D11_FORMAT_SUPPORT_BUFFER);
      CHECK_FALSE(bits & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON);
    }
    D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT shadow{};
    REQUIRE(caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D9_SHADOW_SUPPORT, &shadow, sizeof(shadow)) == S_OK);
    CHECK_FALSE(shadow.SupportsDepthAsTextureWithLessEqualComparisonFilter);  // 9_x refuses comparison samplers
    D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT instancing{};
    REQUIRE(caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, &instancing,
                                      sizeof(instancing)) == S_OK);
    CHECK(bool(instancing.SimpleInstancingSupported) == (level == D3D_FEATURE_LEVEL_9_3));  // refused below 9_3
  }
  D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT shadow10{};
  REQUIRE(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_10_0, D3D11_FEATURE_D3D9_SHADOW_SUPPORT, &shadow10,
                                    sizeof(shadow10)) == S_OK);
  CHECK(shadow10.SupportsDepthAsTextureWithLessEqualComparisonFilter);
  CHECK(caps::queryFormatSupport(profile, D3D_FEATURE_LEVEL_10_0, DXGI_FORMAT_R32_FLOAT).support & D3D11_FORMAT_SUPPORT_BUFFER);
  CHECK(caps::queryFormatSupport(profile, D3D_FEATURE_LEVEL_10_0, DXGI_FORMAT_R24_UNORM_X8_TYPELESS).support &
        D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON);
}

TEST_CASE("A8_UNORM is a render target from 10_0 where R8 and RGBA8 render and sample", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  auto support = [&](D3D_FEATURE_LEVEL level) { return caps::queryFormatSupport(profile, level, DXGI_FORMAT_A8_UNORM).support; };
  const UINT a8 = support(D3D_FEATURE_LEVEL_10_0);
  CHECK(a8 & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
  CHECK(a8 & D3D11_FORMAT_SUPPORT_BLENDABLE);
  CHECK_FALSE(a8 & D3D11_FORMAT_SUPPORT_BUFFER);
  CHECK_FALSE(support(D3D_FEATURE_LEVEL_9_3) & D3D11_FORMAT_SUPPORT_RENDER_TARGET);  // not in the 9_x tables
  CHECK(a8 & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET);
  CHECK(a8 & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE);
  // Multisampled A8 copies run per sample: nothing without sample-rate shading.
  profile.features.core.features.sampleRateShading = VK_FALSE;
  CHECK_FALSE(support(D3D_FEATURE_LEVEL_11_0) & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET);
  UINT levels = 1;
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_A8_UNORM, 4, 0, &levels) == S_OK);
  CHECK(levels == 0);
  profile.features.core.features.sampleRateShading = VK_TRUE;
  CHECK(support(D3D_FEATURE_LEVEL_11_0) & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET);
  // Blending follows the RGBA8 shadow; without an RGBA8 colour attachment there is no A8 target.
  profile.formats[VK_FORMAT_R8G8B8A8_UNORM].optimalTilingFeatures &= ~VkFormatFeatureFlags(VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT);
  CHECK(support(D3D_FEATURE_LEVEL_11_0) & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
  CHECK_FALSE(support(D3D_FEATURE_LEVEL_11_0) & D3D11_FORMAT_SUPPORT_BLENDABLE);
  profile.formats[VK_FORMAT_R8G8B8A8_UNORM].optimalTilingFeatures &= ~VkFormatFeatureFlags(VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
  CHECK_FALSE(support(D3D_FEATURE_LEVEL_11_0) & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
}

TEST_CASE("the depth format falls back to D32S8 where D24S8 cannot be a depth attachment", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.formats[VK_FORMAT_D24_UNORM_S8_UINT] = VkFormatProperties{};
  CHECK(caps::storageFormat(profile, DXGI_FORMAT_D24_UNORM_S8_UINT) == VK_FORMAT_D32_SFLOAT_S8_UINT);
  CHECK(caps::queryFormatSupport(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_D24_UNORM_S8_UINT).support &
        D3D11_FORMAT_SUPPORT_DEPTH_STENCIL);
  profile.formats[VK_FORMAT_D32_SFLOAT_S8_UINT] = VkFormatProperties{};
  CHECK(caps::storageFormat(profile, DXGI_FORMAT_D24_UNORM_S8_UINT) == VK_FORMAT_UNDEFINED);
}

TEST_CASE("multisample quality levels follow the documented argument rules", "[caps]") {
  vk::DeviceProfile profile = test::fullProfile();
  UINT levels = 99;
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, nullptr) == E_INVALIDARG);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, &levels) == E_INVALIDARG);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 64, 0, &levels) == E_INVALIDARG);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0x10, &levels) == E_INVALIDARG);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 3, 0, &levels) == S_OK);
  CHECK(levels == 0);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 0, &levels) == S_OK);
  CHECK(levels == 1);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 0, &levels) == S_OK);
  CHECK(levels == 1);
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_R8G8B8A8_UNORM, 16, 0, &levels) == S_OK);
  CHECK(levels == 0);  // the synthetic device stops at 8x
  CHECK(caps::checkMultisampleQualityLevels(profile, D3D_FEATURE_LEVEL_11_0, DXGI_FORMAT_NV12, 4, 0, &levels) == S_OK);
  CHECK(levels == 0);
}

TEST_CASE("resource limits follow the documented per-level tables", "[caps]") {
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_1).maxTexture2DSize == 2048);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_3).maxTexture2DSize == 4096);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_10_0).maxTexture2DSize == 8192);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).maxTexture2DSize == 16384);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_1).maxTexture3DSize == 256);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_10_0).maxTexture3DSize == 2048);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_1).maxTextureCubeSize == 512);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_3).maxTextureCubeSize == 4096);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).maxTextureCubeSize == 16384);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_1).maxRenderTargets == 1);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_3).maxRenderTargets == 4);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_10_0).maxRenderTargets == 8);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).uavSlots == 8);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_1).uavSlots == 64);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_1).maxPrimitivesPerDraw == 65535);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_2).maxPrimitivesPerDraw == 1048575);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_9_1).maxIndexValue == 65534);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).constantBufferSlots == 14);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).maxConstantsPerBuffer == 4096);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).shaderResourceSlots == 128);
  CHECK(caps::resourceLimits(D3D_FEATURE_LEVEL_11_0).samplerSlots == 16);
  CHECK_FALSE(caps::resourceLimits(D3D_FEATURE_LEVEL_9_3).computeShaders);
}

TEST_CASE("the format table is sorted, complete and consistent", "[caps]") {
  const auto& formats = caps::allFormats();
  for (size_t i = 1; i < formats.size(); i++)
    CHECK(formats[i - 1].dxgi < formats[i].dxgi);
  CHECK(caps::formatInfo(DXGI_FORMAT_B4G4R4A4_UNORM) != nullptr);
  CHECK(caps::formatInfo(DXGI_FORMAT(0x74)) == nullptr);
  for (const caps::FormatInfo& info : formats) {
    INFO(info.name);
    if (info.kind != caps::FormatKind::Unsupported)
      CHECK(info.vulkan != VK_FORMAT_UNDEFINED);
    if (info.family != DXGI_FORMAT_UNKNOWN)
      CHECK(caps::formatInfo(info.family) != nullptr);
  }
}

TEST_CASE("the resource size limit is min(max(128 MB, 0.25 x video memory), 2048 MB) from 11_0", "[caps]") {
  constexpr uint64_t MiB = uint64_t(1) << 20;
  using d3d11vk::caps::resourceSizeLimit;
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_11_0, 0) == 128 * MiB);          // the A term is the floor
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_11_0, 256 * MiB) == 128 * MiB);
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_11_1, 1024 * MiB) == 256 * MiB); // the B term
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_11_1, 3000 * MiB) == 750 * MiB);
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_12_1, 8192 * MiB) == 2048 * MiB); // the C term caps it
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_11_0, 80 * 1024 * MiB) == 2048 * MiB);
  // 10_x and 9_x keep their fixed 128 MB.
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_10_1, 8192 * MiB) == 128 * MiB);
  CHECK(resourceSizeLimit(D3D_FEATURE_LEVEL_9_3, 8192 * MiB) == 128 * MiB);
}
