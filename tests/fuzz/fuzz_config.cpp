// libFuzzer target for the configuration: the input is used as d3d11vk.conf, as dxvk.conf and as
// the D3D11VK_CONFIG variable (';'-separated) at once, and turned into an effective configuration
// and its log lines, as a game's process does at start. Every malformed line or value must end as
// a problem in the result; a crash, an exception or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "util/config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  util::config::Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.exePath = "C:\\games\\game.exe";
  inputs.userFile = util::config::FileInput{"d3d11vk.conf", text};
  inputs.dxvkFile = util::config::FileInput{"dxvk.conf", text};
  inputs.env = text;
  util::config::Configuration configuration = util::config::buildConfiguration(inputs);
  (void)util::config::describeOptions(configuration);
  for (const util::config::Problem& p : configuration.problems)
    (void)p.text();
  return 0;
}
