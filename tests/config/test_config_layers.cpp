// Layering: defaults, built-in profiles, dxvk.conf, d3d11vk.conf and the variables in order of
// precedence; bad values keep the lower layer's value; unknown keys are reported; file lookup.
#include <catch2/catch.hpp>

#include "../scoped_env.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "util/config.h"

using namespace util::config;
using test::ScopedEnv;

namespace {
const AppProfile kTestProfiles[] = {
  {"game.exe", "dxgi.maxFrameRate = 30; dxgi.syncInterval = 1; d3d11.maxFeatureLevel = 10_0", "test"},
  {"*/Vendor/*.exe", "dxgi.maxFrameLatency = 2", "test: path pattern"},
};

Inputs baseInputs() {
  Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.exePath = "C:\\Games\\Vendor\\game.exe";
  inputs.profiles = kTestProfiles;
  return inputs;
}

std::vector<std::string> problemTexts(const Configuration& config) {
  std::vector<std::string> texts;
  for (const Problem& problem : config.problems)
    texts.push_back(problem.text());
  return texts;
}

}  // namespace

TEST_CASE("with nothing configured every option has its default", "[config-layers]") {
  Inputs inputs;
  inputs.exeName = "plain.exe";
  Configuration config = buildConfiguration(inputs);
  CHECK(config.problems.empty());
  CHECK(config.origins.empty());
  CHECK(config.options.maxFeatureLevel == D3D_FEATURE_LEVEL_12_1);
  CHECK(config.options.deviceFilter.empty());
  CHECK(config.originOf("d3d11.maxFeatureLevel") == "default");
}

TEST_CASE("precedence: environment, then user file, then dxvk.conf, then built-in profile, then defaults", "[config-layers]") {
  Inputs inputs = baseInputs();
  Configuration profileOnly = buildConfiguration(inputs);
  CHECK(profileOnly.options.maxFrameRate == 30);
  CHECK(profileOnly.options.maxFrameLatency == 2);  // the path pattern matched too
  CHECK(profileOnly.originOf("dxgi.maxFrameRate") == "built-in profile 'game.exe':1");
  REQUIRE(profileOnly.profileNotes.size() == 2);
  CHECK(profileOnly.profileNotes[0] == "built-in profile 'game.exe': test");

  inputs.dxvkFile = FileInput{"dxvk.conf", "dxgi.maxFrameRate = 40\ndxgi.syncInterval = 0\nd3d11.disableMsaa = True\n"};
  inputs.userFile = FileInput{"d3d11vk.conf", "[game.exe]\ndxgi.maxFrameRate = 50\nd3d11.maxFeatureLevel = 11_0\n"};
  inputs.dxvkEnv = "dxgi.maxFrameRate = 55";
  inputs.env = "dxgi.maxFrameRate = 60";
  Configuration config = buildConfiguration(inputs);
  CHECK(config.problems.empty());
  CHECK(config.options.maxFrameRate == 60);
  CHECK(config.originOf("dxgi.maxFrameRate") == "D3D11VK_CONFIG:1");
  CHECK(config.options.maxFeatureLevel == D3D_FEATURE_LEVEL_11_0);  // user file over profile
  CHECK(config.originOf("d3d11.maxFeatureLevel") == "d3d11vk.conf:3");
  CHECK(config.options.syncInterval == 0);                            // dxvk.conf over profile
  CHECK(config.originOf("dxgi.syncInterval") == "dxvk.conf:2");
  CHECK(config.options.disableMsaa);
  CHECK(config.options.maxFrameLatency == 2);                         // profile over default

  inputs.env.reset();
  CHECK(buildConfiguration(inputs).options.maxFrameRate == 55);       // DXVK_CONFIG over files
  inputs.dxvkEnv.reset();
  CHECK(buildConfiguration(inputs).options.maxFrameRate == 50);       // d3d11vk.conf over dxvk.conf
}

TEST_CASE("a bad value is reported with file, line and key and keeps the lower layer's value", "[config-layers]") {
  Inputs inputs = baseInputs();
  inputs.userFile = FileInput{"/g/d3d11vk.conf",
                              "dxgi.maxFrameRate = -5\n"
                              "d3d11.maxFeatureLevel = 13_0\n"
                              "dxgi.hideNvidiaGpu = sometimes\n"
                              "dxgi.customVendorId = 1002\n"
                              "dxgi.syncInterval = 9\n"};
  Configuration config = buildConfiguration(inputs);
  CHECK(config.options.maxFrameRate == 30);  // the profile's
  CHECK(config.options.maxFeatureLevel == D3D_FEATURE_LEVEL_10_0);
  CHECK(config.options.customVendorId == 0x1002u);  // the good line still applies
  CHECK(config.options.syncInterval == 1);
  CHECK(problemTexts(config) == std::vector<std::string>{
    "/g/d3d11vk.conf:1: dxgi.maxFrameRate: '-5' is out of range (0 to 10000); ignored, keeping 30",
    "/g/d3d11vk.conf:2: d3d11.maxFeatureLevel: '13_0' is not a feature level (9_1 9_2 9_3 10_0 10_1 11_0 11_1 12_0 12_1); ignored, keeping 10_0",
    "/g/d3d11vk.conf:3: dxgi.hideNvidiaGpu: 'sometimes' is not True, False or Auto; ignored, keeping False",
    "/g/d3d11vk.conf:5: dxgi.syncInterval: '9' is out of range (-1 to 4); ignored, keeping 1",
  });
}

TEST_CASE("unknown keys are reported once each, with a hint for a key in the wrong case", "[config-layers]") {
  Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.dxvkFile = FileInput{"dxvk.conf", "dxvk.enableAsync = True\nd3d11.MaxFeatureLevel = 10_0\n[other.exe]\nnot.checked = 1\n"};
  Configuration config = buildConfiguration(inputs);
  CHECK(problemTexts(config) == std::vector<std::string>{
    "dxvk.conf:1: dxvk.enableAsync: unknown key; ignored (d3d11vk does not implement it)",
    "dxvk.conf:2: d3d11.MaxFeatureLevel: unknown key; ignored (keys are case-sensitive: did you mean d3d11.maxFeatureLevel?)",
  });
  CHECK(config.options.maxFeatureLevel == D3D_FEATURE_LEVEL_12_1);
}

TEST_CASE("every option parses from a file and shows in the effective configuration", "[config-layers]") {
  Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.userFile = FileInput{"d3d11vk.conf",
    "d3d11.maxFeatureLevel = 10_1\n"
    "dxgi.customVendorId = 10de\n"
    "dxgi.customDeviceId = 0x2206\n"
    "dxgi.customDeviceDesc = \"My \\\"GPU\\\"\"\n"
    "dxgi.hideNvidiaGpu = True\n"
    "dxgi.hideAmdGpu = Auto\n"
    "dxgi.hideIntelGpu = yes\n"
    "dxgi.maxDeviceMemory = 4096\n"
    "dxvk.deviceFilter = \"RX 6600\", llvmpipe\n"
    "dxgi.maxFrameLatency = 1\n"
    "dxgi.maxFrameRate = 144\n"
    "dxgi.syncInterval = 0\n"
    "d3d11.samplerAnisotropy = 16\n"
    "d3d11.samplerLodBias = -0.5\n"
    "d3d11.forceSampleRateShading = True\n"
    "d3d11.disableMsaa = True\n"
    "dxvk.numCompilerThreads = 4\n"};
  Configuration config = buildConfiguration(inputs);
  CHECK(config.problems.empty());
  const Options& o = config.options;
  CHECK(o.maxFeatureLevel == D3D_FEATURE_LEVEL_10_1);
  CHECK(o.customVendorId == 0x10deu);
  CHECK(o.customDeviceId == 0x2206u);
  CHECK(o.customDeviceDesc == "My \"GPU\"");
  CHECK(o.hideNvidiaGpu);
  CHECK_FALSE(o.hideAmdGpu);
  CHECK(o.hideIntelGpu);
  CHECK(o.maxDeviceMemoryMiB == 4096);
  CHECK(o.deviceFilter == std::vector<std::string>{"RX 6600", "llvmpipe"});
  CHECK(o.maxFrameLatency == 1);
  CHECK(o.maxFrameRate == 144);
  CHECK(o.syncInterval == 0);
  CHECK(o.samplerAnisotropy == 16);
  CHECK(o.samplerLodBias == -0.5);
  CHECK(o.forceSampleRateShading);
  CHECK(o.disableMsaa);
  CHECK(o.numCompilerThreads == 4);

  std::vector<std::string> lines = describeOptions(config);
  REQUIRE(lines.size() == optionSpecs().size());
  CHECK(lines[0] == "d3d11.maxFeatureLevel = 10_1 (d3d11vk.conf:1)");
  CHECK(lines[3] == "dxgi.customDeviceDesc = \"My \\\"GPU\\\"\" (d3d11vk.conf:4)");
  // Exactly the options without an effect yet say so in their line.
  bool sawRate = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    INFO(lines[i]);
    CHECK((lines[i].find("[parsed, no effect yet") != std::string::npos) == (optionSpecs()[i].pending != nullptr));
    sawRate |= lines[i].rfind("dxgi.maxFrameRate = 144 (d3d11vk.conf:", 0) == 0;
  }
  CHECK(sawRate);
}

TEST_CASE("the device-filter variables set one substring, commas and all, over the config", "[config-layers]") {
  Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.userFile = FileInput{"d3d11vk.conf", "dxvk.deviceFilter = \"RX 6600\", \"RX 7600\"\n"};
  CHECK(buildConfiguration(inputs).options.deviceFilter.size() == 2);
  inputs.dxvkFilterEnv = "GeForce";
  CHECK(buildConfiguration(inputs).options.deviceFilter == std::vector<std::string>{"GeForce"});
  inputs.filterEnv = "llvmpipe (LLVM 15.0.6, 256 bits)";
  Configuration config = buildConfiguration(inputs);
  CHECK(config.options.deviceFilter == std::vector<std::string>{"llvmpipe (LLVM 15.0.6, 256 bits)"});
  CHECK(config.originOf("dxvk.deviceFilter") == "D3D11VK_FILTER_DEVICE_NAME");
  inputs.filterEnv = "";  // set but empty: as if unset
  CHECK(buildConfiguration(inputs).options.deviceFilter == std::vector<std::string>{"GeForce"});
}

TEST_CASE("files are found in the working folder, or where D3D11VK_CONFIG_FILE points", "[config-layers]") {
  namespace fs = std::filesystem;
  fs::path folder = fs::temp_directory_path() / ("d3d11vk-config-test-" + std::to_string(getpid()));
  fs::create_directories(folder);
  std::ofstream(folder / "d3d11vk.conf") << "dxgi.maxFrameRate = 75\n";
  std::ofstream(folder / "dxvk.conf") << "dxgi.syncInterval = 0\ndxgi.maxFrameRate = 10\n";
  std::ofstream(folder / "elsewhere.conf") << "dxgi.maxFrameRate = 90\n";
  fs::path previous = fs::current_path();
  fs::current_path(folder);

  ScopedEnv noFile("D3D11VK_CONFIG_FILE", nullptr), noDxvkFile("DXVK_CONFIG_FILE", nullptr);
  ScopedEnv noEnv("D3D11VK_CONFIG", nullptr), noDxvkEnv("DXVK_CONFIG", nullptr);
  ScopedEnv noFilter("D3D11VK_FILTER_DEVICE_NAME", nullptr), noDxvkFilter("DXVK_FILTER_DEVICE_NAME", nullptr);
  {
    Inputs inputs = gatherInputs();
    REQUIRE(inputs.userFile);
    REQUIRE(inputs.dxvkFile);
    Configuration config = buildConfiguration(inputs);
    CHECK(config.options.maxFrameRate == 75);
    CHECK(config.options.syncInterval == 0);
    CHECK(config.originOf("dxgi.maxFrameRate") == (folder / "d3d11vk.conf").string() + ":1");
  }
  {
    ScopedEnv file("D3D11VK_CONFIG_FILE", (folder / "elsewhere.conf").c_str());
    ScopedEnv env("D3D11VK_CONFIG", "dxgi.syncInterval = 3");
    Configuration config = buildConfiguration(gatherInputs());
    CHECK(config.options.maxFrameRate == 90);
    CHECK(config.options.syncInterval == 3);
  }
  {
    ScopedEnv file("D3D11VK_CONFIG_FILE", (folder / "missing.conf").c_str());
    Inputs inputs = gatherInputs();
    CHECK_FALSE(inputs.userFile);
    REQUIRE(inputs.lookupProblems.size() == 1);
    CHECK(inputs.lookupProblems[0].find("cannot be read") != std::string::npos);
  }
  fs::current_path(previous);
  fs::remove_all(folder);
}

TEST_CASE("the HUD keys: dxvk.hud as DXVK writes it, d3d11vk.hud over it", "[config-layers]") {
  Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.dxvkFile = FileInput{"dxvk.conf", "dxvk.hud = fps,frametimes,scale=2\n"};
  Configuration dxvkOnly = buildConfiguration(inputs);
  CHECK(dxvkOnly.problems.empty());
  CHECK(dxvkOnly.options.hud == "fps,frametimes,scale=2");
  inputs.userFile = FileInput{"d3d11vk.conf", "d3d11vk.hud = \"full\"\n"};
  Configuration both = buildConfiguration(inputs);
  CHECK(both.problems.empty());
  CHECK(both.options.hud == "full");
}
