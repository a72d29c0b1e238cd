// The mapper on real device profiles, and on profiles derived from them by dropping one thing.
#include <catch2/catch.hpp>

#include <algorithm>

#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/format_support.h"
#include "d3d11/d3d11_feature_levels.h"
#include "fixture_profiles.h"

using namespace d3d11vk;

static bool anyReasonMentions(const std::vector<std::string>& reasons, const std::string& text) {
  for (const std::string& reason : reasons) {
    if (reason.find(text) != std::string::npos)
      return true;
  }
  return false;
}

TEST_CASE("lavapipe 22.3.6 reaches 11_1 and is refused 12_0 for sparse residency and typed UAV loads", "[fixtures]") {
  vk::DeviceProfile profile = test::fixtureProfile("lavapipe-mesa-22.3.6");
  CHECK(profile.deviceName().find("llvmpipe") != std::string::npos);
  CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_11_1);
  auto reasons = missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_0);
  CHECK(anyReasonMentions(reasons, "sparseResidencyImage2D"));
  CHECK(anyReasonMentions(reasons, "shaderStorageImageReadWithoutFormat"));
  CHECK(anyReasonMentions(missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_1), VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME));
}

TEST_CASE("NVIDIA H200 reaches 11_1, refused 12_0 for tiled resources tier 2 only; conservative rasterization and ROVs",
          "[fixtures]") {
  vk::DeviceProfile profile = test::fixtureProfile("nvidia-h200");
  CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_11_1);
  const auto missing = missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_0);
  REQUIRE(missing.size() == 1);
  CHECK(anyReasonMentions(missing, "tiled resources tier 2"));
  CHECK(missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_1) == missing);
  CHECK(caps::tiledResourcesTier(profile, D3D_FEATURE_LEVEL_11_1) == D3D11_TILED_RESOURCES_TIER_1);
  CHECK(caps::conservativeRasterizationTier(profile) >= D3D11_CONSERVATIVE_RASTERIZATION_TIER_1);

  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  REQUIRE(caps::queryFeatureSupport(profile, D3D_FEATURE_LEVEL_11_1, D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof(options2)) == S_OK);
  CHECK(options2.ROVsSupported);
  CHECK(options2.TiledResourcesTier == D3D11_TILED_RESOURCES_TIER_1);
  CHECK_FALSE(options2.TypedUAVLoadAdditionalFormats);  // the compiler loads R32 UAVs only
  CHECK_FALSE(options2.UnifiedMemoryArchitecture);  // a discrete GPU
}

TEST_CASE("profiles derived from lavapipe lose exactly the levels their missing feature gates", "[fixtures]") {
  vk::DeviceProfile base = test::fixtureProfile("lavapipe-mesa-22.3.6");
  SECTION("no tessellation: 10_1") {
    base.features.core.features.tessellationShader = VK_FALSE;
    CHECK(maxFeatureLevel(base) == D3D_FEATURE_LEVEL_10_1);
    CHECK(anyReasonMentions(missingForFeatureLevel(base, D3D_FEATURE_LEVEL_11_0), "tessellationShader"));
  }
  SECTION("no geometry shaders: 9_3") {
    base.features.core.features.geometryShader = VK_FALSE;
    CHECK(maxFeatureLevel(base) == D3D_FEATURE_LEVEL_9_3);
  }
  SECTION("no logicOp: 11_0") {
    base.features.core.features.logicOp = VK_FALSE;
    CHECK(maxFeatureLevel(base) == D3D_FEATURE_LEVEL_11_0);
  }
  SECTION("no BC compression: no level at all") {
    base.features.core.features.textureCompressionBC = VK_FALSE;
    CHECK_FALSE(maxFeatureLevel(base).has_value());
    CHECK(anyReasonMentions(missingForFeatureLevel(base, D3D_FEATURE_LEVEL_9_1), "textureCompressionBC"));
  }
  SECTION("2D images limited to 8192: 10_1") {
    base.properties.core.properties.limits.maxImageDimension2D = 8192;
    CHECK(maxFeatureLevel(base) == D3D_FEATURE_LEVEL_10_1);
    CHECK(anyReasonMentions(missingForFeatureLevel(base, D3D_FEATURE_LEVEL_11_0), "maxImageDimension2D"));
  }
  SECTION("no 4x multisampling: 10_0") {
    base.properties.core.properties.limits.framebufferColorSampleCounts = VK_SAMPLE_COUNT_1_BIT;
    CHECK(maxFeatureLevel(base) == D3D_FEATURE_LEVEL_10_0);
  }
  SECTION("no transform feedback extension: 9_3") {
    base.extensions.erase(std::remove(base.extensions.begin(), base.extensions.end(),
                                      std::string(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)), base.extensions.end());
    CHECK(maxFeatureLevel(base) == D3D_FEATURE_LEVEL_9_3);
  }
}

TEST_CASE("lavapipe's format support matches its Vulkan format properties", "[fixtures]") {
  vk::DeviceProfile profile = test::fixtureProfile("lavapipe-mesa-22.3.6");
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  UINT rgba = caps::queryFormatSupport(profile, level, DXGI_FORMAT_R8G8B8A8_UNORM).support;
  CHECK(rgba & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
  CHECK(rgba & D3D11_FORMAT_SUPPORT_DISPLAY);
  CHECK(rgba & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET);
  CHECK(caps::queryFormatSupport(profile, level, DXGI_FORMAT_D24_UNORM_S8_UINT).support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL);
  CHECK(caps::queryFormatSupport(profile, level, DXGI_FORMAT_BC7_UNORM).support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE);
  CHECK(caps::queryFormatSupport(profile, level, DXGI_FORMAT_NV12).support == 0);

  UINT quality = 99;
  CHECK(caps::checkMultisampleQualityLevels(profile, level, DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, &quality) == S_OK);
  CHECK(quality == 1);
  CHECK(caps::checkMultisampleQualityLevels(profile, level, DXGI_FORMAT_R8G8B8A8_UNORM, 8, 0, &quality) == S_OK);
  CHECK(quality == 0);  // lavapipe: 1x and 4x only
  CHECK(caps::checkMultisampleQualityLevels(profile, level, DXGI_FORMAT_D32_FLOAT, 4, 0, &quality) == S_OK);
  CHECK(quality == 1);
}

TEST_CASE("a malformed profile is a clear error, not a crash", "[fixtures]") {
  CHECK_THROWS_WITH(vk::parseDeviceProfileJson("{", "broken.json"), Catch::Contains("broken.json") && Catch::Contains("not valid JSON"));
  CHECK_THROWS_WITH(vk::parseDeviceProfileJson("{\"capabilities\": {\"device\": {}}}", "empty.json"),
                    Catch::Contains("missing capabilities.device.extensions"));
  CHECK_THROWS_WITH(vk::parseDeviceProfileJson(
                        "{\"capabilities\": {\"device\": {\"extensions\": {}, \"properties\": {\"VkPhysicalDeviceProperties\": 5}}}}",
                        "odd.json"),
                    Catch::Contains("odd.json"));
  CHECK_THROWS_WITH(vk::loadDeviceProfileJson("/nonexistent/profile.json"), Catch::Contains("cannot open"));
}
