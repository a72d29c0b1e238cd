// Feature levels: the per-level table and negotiation against requested lists.
#include <catch2/catch.hpp>

#include "d3d11/caps/feature_support.h"
#include "d3d11/d3d11_feature_levels.h"
#include "../vk/profile_builder.h"

using namespace d3d11vk;

TEST_CASE("a device with everything reaches 11_1: 12_0 needs tiled resources tier 2, which is not built",
          "[d3d11][feature-level]") {
  const vk::DeviceProfile profile = test::fullProfile();
  CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_11_1);
  auto missing = missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_0);
  REQUIRE(missing.size() == 1);
  CHECK(missing[0].find("tiled resources tier 2") != std::string::npos);
  // 12_1 lacks only what 12_0 lacks: conservative rasterization and interlock are there.
  CHECK(missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_1) == missing);
}

TEST_CASE("each level is refused for what it needs, with reasons", "[d3d11][feature-level]") {
  vk::DeviceProfile profile = test::fullProfile();
  SECTION("no conservative rasterization: 12_1 names it") {
    test::dropExtension(profile, VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME);
    auto missing = missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_1);
    bool named = false;
    for (const std::string& reason : missing)
      named |= reason.find(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME) != std::string::npos;
    CHECK(named);
    CHECK(missing.size() > missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_0).size());
  }
  SECTION("no sparse binding: no tiled resources, 12_0 names it, 11_1 stays") {
    profile.features.core.features.sparseBinding = VK_FALSE;
    CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_11_1);
    CHECK(caps::tiledResourcesTier(profile, D3D_FEATURE_LEVEL_11_1) == D3D11_TILED_RESOURCES_NOT_SUPPORTED);
    bool named = false;
    for (const std::string& reason : missingForFeatureLevel(profile, D3D_FEATURE_LEVEL_12_0))
      named |= reason.find("sparseBinding") != std::string::npos;
    CHECK(named);
  }
  SECTION("no logicOp: 11_0") {
    profile.features.core.features.logicOp = VK_FALSE;
    CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_11_0);
  }
  SECTION("no tessellation: 10_1") {
    profile.features.core.features.tessellationShader = VK_FALSE;
    CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_10_1);
  }
  SECTION("no cube arrays: 10_0") {
    profile.features.core.features.imageCubeArray = VK_FALSE;
    CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_10_0);
  }
  SECTION("no geometry shaders: 9_3") {
    profile.features.core.features.geometryShader = VK_FALSE;
    CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_9_3);
  }
  SECTION("no precise occlusion queries: 9_1") {
    profile.features.core.features.occlusionQueryPrecise = VK_FALSE;
    CHECK(maxFeatureLevel(profile) == D3D_FEATURE_LEVEL_9_1);
  }
  SECTION("no BC compression: nothing") {
    profile.features.core.features.textureCompressionBC = VK_FALSE;
    CHECK_FALSE(maxFeatureLevel(profile).has_value());
  }
}

TEST_CASE("negotiation takes the first possible level in the application's order", "[d3d11][feature-level]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.features.core.features.sparseBinding = VK_FALSE;  // an 11_1 device
  const D3D_FEATURE_LEVEL wanted[] = {D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  Negotiation result = negotiateFeatureLevel(profile, wanted, 3, D3D_FEATURE_LEVEL_12_1);
  CHECK(result.result == S_OK);
  CHECK(result.level == D3D_FEATURE_LEVEL_11_1);

  const D3D_FEATURE_LEVEL ascending[] = {D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_11_1};
  CHECK(negotiateFeatureLevel(profile, ascending, 2, D3D_FEATURE_LEVEL_12_1).level == D3D_FEATURE_LEVEL_10_0);
}

TEST_CASE("no list means the documented default list, which stops at 11_0", "[d3d11][feature-level]") {
  Negotiation result = negotiateFeatureLevel(test::fullProfile(), nullptr, 0, D3D_FEATURE_LEVEL_12_1);
  CHECK(result.result == S_OK);
  CHECK(result.level == D3D_FEATURE_LEVEL_11_0);
  CHECK(defaultRequestedLevels().front() == D3D_FEATURE_LEVEL_11_0);
  CHECK(defaultRequestedLevels().back() == D3D_FEATURE_LEVEL_9_1);
}

TEST_CASE("malformed lists are E_INVALIDARG", "[d3d11][feature-level]") {
  CHECK(negotiateFeatureLevel(test::fullProfile(), nullptr, 2, D3D_FEATURE_LEVEL_12_1).result == E_INVALIDARG);
  const D3D_FEATURE_LEVEL bogus[] = {D3D_FEATURE_LEVEL(0xb200)};
  Negotiation result = negotiateFeatureLevel(test::fullProfile(), bogus, 1, D3D_FEATURE_LEVEL_12_1);
  CHECK(result.result == E_INVALIDARG);
  CHECK(result.message.find("0xb200") != std::string::npos);
}

TEST_CASE("nothing possible is DXGI_ERROR_UNSUPPORTED with every refusal explained", "[d3d11][feature-level]") {
  vk::DeviceProfile profile = test::fullProfile();
  profile.features.core.features.sparseBinding = VK_FALSE;
  const D3D_FEATURE_LEVEL wanted[] = {D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0};
  Negotiation result = negotiateFeatureLevel(profile, wanted, 2, D3D_FEATURE_LEVEL_12_1);
  CHECK(result.result == DXGI_ERROR_UNSUPPORTED);
  CHECK(result.message.find("12_1") != std::string::npos);
  CHECK(result.message.find("sparseBinding") != std::string::npos);
}

TEST_CASE("a cap refuses levels above it", "[d3d11][feature-level]") {
  const D3D_FEATURE_LEVEL wanted[] = {D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_11_0};
  Negotiation result = negotiateFeatureLevel(test::fullProfile(), wanted, 2, D3D_FEATURE_LEVEL_11_0);
  CHECK(result.level == D3D_FEATURE_LEVEL_11_0);
}

TEST_CASE("feature level names parse and print", "[d3d11][feature-level]") {
  CHECK(featureLevelName(D3D_FEATURE_LEVEL_11_1) == "11_1");
  CHECK(featureLevelName(D3D_FEATURE_LEVEL_9_3) == "9_3");
  CHECK(parseFeatureLevel("10_1") == D3D_FEATURE_LEVEL_10_1);
  CHECK(parseFeatureLevel("12.0") == D3D_FEATURE_LEVEL_12_0);
  CHECK_FALSE(parseFeatureLevel("13_0").has_value());
}
