// Capability sources (issue #24 item 4): every capability the mapper reports, on the synthetic
// profile and on every real device profile in ../shared/fixtures/vulkan, at every level it
// reaches, has an entry in caps::capabilitySources naming code and a test that exist. The live
// device is checked by the caps-tool test (d3d11vk-caps --sources).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include "d3d11/caps/capability_sources.h"
#include "d3d11/d3d11_feature_levels.h"
#include "../vk/profile_builder.h"
#include "fixture_profiles.h"

using namespace d3d11vk;

namespace {

const D3D_FEATURE_LEVEL kLevels[] = {D3D_FEATURE_LEVEL_9_1,  D3D_FEATURE_LEVEL_9_2,  D3D_FEATURE_LEVEL_9_3,
                                     D3D_FEATURE_LEVEL_10_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_11_0,
                                     D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_1};

// Every reported capability of `profile` at each level it reaches is in the table.
void checkServed(const vk::DeviceProfile& profile) {
  std::set<std::string> table;
  for (const caps::CapabilitySource& source : caps::capabilitySources())
    table.insert(source.capability);
  const auto max = maxFeatureLevel(profile);
  REQUIRE(max);
  for (D3D_FEATURE_LEVEL level : kLevels) {
    if (level > *max)
      break;
    for (const std::string& capability : caps::reportedCapabilities(profile, level)) {
      INFO(profile.deviceName() << " at level 0x" << std::hex << level << ": " << capability);
      CHECK(table.count(capability) == 1);
    }
  }
}

std::string pathOf(const char* entry) {
  const std::string text = entry;
  return text.substr(0, text.find(':'));
}

}  // namespace

TEST_CASE("each table entry names source and test files that exist", "[caps]") {
  const std::filesystem::path root = D3D11VK_SOURCE_ROOT;
  std::set<std::string> seen;
  for (const caps::CapabilitySource& source : caps::capabilitySources()) {
    INFO(source.capability);
    CHECK(seen.insert(source.capability).second);  // one entry each
    CHECK(std::filesystem::exists(root / pathOf(source.implementation)));
    CHECK(std::filesystem::exists(root / pathOf(source.test)));
    CHECK(std::string(source.test).find(": ") != std::string::npos);  // names the case too
  }
}

TEST_CASE("the synthetic full device reports only served capabilities", "[caps]") {
  checkServed(test::fullProfile());
}

TEST_CASE("an unlisted capability is caught, not reported on trust", "[caps]") {
  // A reported tier no entry covers (tiled resources tier 2 would be one) shows up by name.
  const auto reported = caps::reportedCapabilities(test::fullProfile(), D3D_FEATURE_LEVEL_11_1);
  CHECK(std::find(reported.begin(), reported.end(), "D3D11_OPTIONS1.TiledResourcesTier=1") != reported.end());
  CHECK(std::find(reported.begin(), reported.end(), "D3D11_OPTIONS2.ROVsSupported") != reported.end());
  for (const std::string& capability : reported)
    CHECK(capability.find("unlisted") == std::string::npos);
}

TEST_CASE("every fixture device reports only served capabilities", "[fixtures]") {
  for (const char* name : {"lavapipe-mesa-22.3.6", "lavapipe-mesa-25.0.7", "nvidia-h200"}) {
    INFO(name);
    checkServed(test::fixtureProfile(name));
  }
}
