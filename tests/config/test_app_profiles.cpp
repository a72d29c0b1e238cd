// Built-in profiles: glob matching on names and paths, and the shipped table's own soundness.
#include <catch2/catch.hpp>

#include "util/app_profiles.h"
#include "util/config.h"

using namespace util::config;

TEST_CASE("globs match * and ? without regard to case", "[config-profiles]") {
  CHECK(globMatches("game.exe", "GAME.EXE"));
  CHECK(globMatches("game*.exe", "game_dx11.exe"));
  CHECK(globMatches("game*.exe", "game.exe"));
  CHECK(globMatches("g?me.exe", "gAme.exe"));
  CHECK(globMatches("*", ""));
  CHECK(globMatches("*a*b*c", "xxaxxbxxbxc"));
  CHECK_FALSE(globMatches("game.exe", "game.exe2"));
  CHECK_FALSE(globMatches("game.exe", "mygame.exe"));
  CHECK_FALSE(globMatches("g?me.exe", "gme.exe"));
  CHECK_FALSE(globMatches("*a*b", "ba"));
}

TEST_CASE("a pattern with a slash matches the whole path, with either separator", "[config-profiles]") {
  AppProfile byName{"launcher.exe", "", ""};
  AppProfile byPath{"*/Studio/Game/Binaries/*.exe", "", ""};
  AppProfile byBackslash{"*\\Game\\Binaries\\Win64\\*.exe", "", ""};
  CHECK(profileMatches(byName, "Launcher.exe", "C:\\x\\Launcher.exe"));
  CHECK_FALSE(profileMatches(byName, "other.exe", "C:\\launcher.exe\\other.exe"));
  CHECK(profileMatches(byPath, "x.exe", "C:\\Studio\\Game\\Binaries\\x.exe"));
  CHECK(profileMatches(byPath, "x.exe", "/home/u/Studio/game/binaries/x.exe"));
  CHECK_FALSE(profileMatches(byPath, "x.exe", "C:\\Studio\\Game\\x.exe"));
  CHECK(profileMatches(byBackslash, "a.exe", "D:/Game/Binaries/Win64/a.exe"));
}

TEST_CASE("matching entries are returned in table order", "[config-profiles]") {
  const AppProfile table[] = {{"a*.exe", "", "1"}, {"b.exe", "", "2"}, {"*.exe", "", "3"}};
  std::vector<const AppProfile*> found = matchingProfiles(table, "abc.exe", "/abc.exe");
  REQUIRE(found.size() == 2);
  CHECK(std::string(found[0]->reason) == "1");
  CHECK(std::string(found[1]->reason) == "3");
}

TEST_CASE("every built-in entry has a reason and options that parse without a problem", "[config-profiles]") {
  for (const AppProfile& profile : builtInProfiles()) {
    INFO(profile.pattern);
    CHECK(std::string(profile.reason).size() > 10);
    Inputs inputs;
    inputs.exeName = "x.exe";
    inputs.exePath = "x.exe";
    const AppProfile one[] = {{"x.exe", profile.options, profile.reason}};
    inputs.profiles = one;
    Configuration config = buildConfiguration(inputs);
    CHECK(config.problems.empty());
    CHECK_FALSE(config.origins.empty());
  }
}

TEST_CASE("the test-only entry matches d3d11vk's probe and nothing like a game", "[config-profiles]") {
  auto applied = [](const char* name, const char* path) {
    return matchingProfiles(builtInProfiles(), name, path).size();
  };
  CHECK(applied("d3d11vk-profile-probe.exe", "Z:\\tmp\\d3d11vk-profile-probe.exe") == 1);
  CHECK(applied("probe.exe", "Z:\\tmp\\probe.exe") == 0);
  CHECK(applied("game.exe", "C:\\Games\\game.exe") == 0);
  Inputs inputs;
  inputs.exeName = "d3d11vk-profile-probe.exe";
  inputs.profiles = builtInProfiles();
  Configuration config = buildConfiguration(inputs);
  CHECK(config.options.maxFeatureLevel == D3D_FEATURE_LEVEL_10_0);
  CHECK(config.options.customDeviceDesc == "d3d11vk built-in profile probe");
  inputs.userFile = FileInput{"d3d11vk.conf", "[d3d11vk-profile-probe.exe]\ndxgi.customDeviceDesc = user\n"};
  CHECK(buildConfiguration(inputs).options.customDeviceDesc == "user");
}
