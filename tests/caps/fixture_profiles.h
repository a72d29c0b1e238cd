// Access to the real device profiles in ../shared/fixtures/vulkan. The tests that use them run as
// their own meson test and exit 77 (skipped, with the reason printed) when ../shared is absent, as
// it is in a user's fresh clone.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>

#include "vk/device_profile_json.h"

namespace test {

inline std::string fixtureDirectory() {
  const char* dir = std::getenv("D3D11VK_FIXTURES");
  return dir ? dir : "";
}

inline vk::DeviceProfile fixtureProfile(const std::string& name) {
  std::string path = fixtureDirectory() + "/" + name + ".json";
  struct stat info {};
  if (fixtureDirectory().empty() || stat(path.c_str(), &info) != 0) {
    std::printf("SKIP: the device profile %s is absent (../shared/fixtures/vulkan is not beside this checkout)\n",
                path.c_str());
    std::fflush(stdout);
    std::exit(77);
  }
  return vk::loadDeviceProfileJson(path);
}

}  // namespace test
