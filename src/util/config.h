// Per-game configuration: gathers the layers (built-in profiles, dxvk.conf, d3d11vk.conf, the
// DXVK_CONFIG/D3D11VK_CONFIG variables, the device-filter variables), applies them in order of
// precedence, and gives each module (DLL) one effective configuration, logged when first read.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "util/app_profiles.h"
#include "util/config_options.h"
#include "util/config_parser.h"

namespace util::config {

struct FileInput {
  std::string path;  // as it appears in log lines
  std::string text;
};

// Everything the configuration is made of, gathered from the process (gatherInputs) or by a test.
struct Inputs {
  std::string exeName;   // "game.exe": matched by [sections] and profiles
  std::string exePath;   // matched by path-pattern profiles
  std::span<const AppProfile> profiles;
  std::optional<FileInput> dxvkFile;         // dxvk.conf or DXVK_CONFIG_FILE
  std::optional<FileInput> userFile;         // d3d11vk.conf or D3D11VK_CONFIG_FILE
  std::optional<std::string> dxvkEnv;        // DXVK_CONFIG
  std::optional<std::string> env;            // D3D11VK_CONFIG
  std::optional<std::string> dxvkFilterEnv;  // DXVK_FILTER_DEVICE_NAME
  std::optional<std::string> filterEnv;      // D3D11VK_FILTER_DEVICE_NAME
  std::vector<std::string> lookup;           // where files were looked for or read, for the log
  std::vector<std::string> lookupProblems;   // e.g. a D3D11VK_CONFIG_FILE that cannot be read
};

struct Configuration {
  Options options;
  std::map<std::string, std::string, std::less<>> origins;  // key -> "d3d11vk.conf:3"; absent: default
  std::vector<std::string> profileNotes;                    // the built-in profiles that apply, with reasons
  std::vector<Problem> problems;                            // in the order they were found

  // Where the option's value came from: a file and line, a variable, a profile, or "default".
  std::string originOf(std::string_view key) const;
};

// Applies, lowest precedence first: defaults, built-in profiles, dxvk.conf, d3d11vk.conf,
// DXVK_CONFIG, D3D11VK_CONFIG, DXVK_FILTER_DEVICE_NAME, D3D11VK_FILTER_DEVICE_NAME. A bad
// value is a problem and leaves the value from the layers below it in place.
Configuration buildConfiguration(const Inputs& inputs);

// Reads the environment and the files from the working folder and the executable's folder.
Inputs gatherInputs();

// The effective-configuration lines of the start-up log, one per option.
std::vector<std::string> describeOptions(const Configuration& configuration);

// This module's configuration: gathered, built and logged on first use, then fixed for the process.
const Configuration& current();
inline const Options& options() { return current().options; }

}  // namespace util::config
