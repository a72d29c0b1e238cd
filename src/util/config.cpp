// Per-game configuration: layering in order of precedence, file lookup, and the start-up log.
#include "util/config.h"

#include <fstream>
#include <sstream>

#include "util/config_values.h"
#include "util/env.h"
#include "util/log.h"

#ifdef _WIN32
#include "util/windows_base.h"
#else
#include <unistd.h>
#include <climits>
#endif

namespace util::config {

std::string Configuration::originOf(std::string_view key) const {
  auto it = origins.find(key);
  return it == origins.end() ? std::string("default") : it->second;
}

static void applyAssignments(Configuration& config, const ParseResult& parsed) {
  config.problems.insert(config.problems.end(), parsed.problems.begin(), parsed.problems.end());
  for (const Assignment& assignment : parsed.assignments) {
    auto problem = [&](std::string message) {
      config.problems.push_back({assignment.source, assignment.line, assignment.key, std::move(message)});
    };
    const OptionSpec* spec = findOption(assignment.key);
    if (!spec) {
      const OptionSpec* similar = findOptionIgnoringCase(assignment.key);
      problem(similar ? std::string("unknown key; ignored (keys are case-sensitive: did you mean ") + similar->key + "?)"
                      : std::string("unknown key; ignored (d3d11vk does not implement it)"));
      continue;
    }
    std::string error;
    if (!spec->parse(assignment.value, config.options, error)) {
      problem(error + "; ignored, keeping " + spec->show(config.options));
      continue;
    }
    config.origins[assignment.key] = assignment.source + ":" + std::to_string(assignment.line);
  }
}

Configuration buildConfiguration(const Inputs& inputs) {
  Configuration config;
  for (const AppProfile* profile : matchingProfiles(inputs.profiles, inputs.exeName, inputs.exePath)) {
    std::string source = std::string("built-in profile '") + profile->pattern + "'";
    config.profileNotes.push_back(source + ": " + profile->reason);
    applyAssignments(config, parseConfigText(profile->options, source, inputs.exeName, Separator::Semicolons));
  }
  for (const std::optional<FileInput>* file : {&inputs.dxvkFile, &inputs.userFile}) {
    if (*file)
      applyAssignments(config, parseConfigText((*file)->text, (*file)->path, inputs.exeName, Separator::Lines));
  }
  if (inputs.dxvkEnv)
    applyAssignments(config, parseConfigText(*inputs.dxvkEnv, "DXVK_CONFIG", inputs.exeName, Separator::Semicolons));
  if (inputs.env)
    applyAssignments(config, parseConfigText(*inputs.env, "D3D11VK_CONFIG", inputs.exeName, Separator::Semicolons));

  // The filter variables hold one substring as is: a device name may contain commas.
  for (auto [value, name] : {std::pair{&inputs.dxvkFilterEnv, "DXVK_FILTER_DEVICE_NAME"},
                             std::pair{&inputs.filterEnv, "D3D11VK_FILTER_DEVICE_NAME"}}) {
    if (*value && !(*value)->empty()) {
      config.options.deviceFilter = {**value};
      config.origins["dxvk.deviceFilter"] = name;
    }
  }
  return config;
}

static std::string currentFolder() {
#ifdef _WIN32
  DWORD size = GetCurrentDirectoryA(0, nullptr);
  if (size == 0)
    return {};
  std::string folder(size, '\0');
  folder.resize(GetCurrentDirectoryA(size, folder.data()));
  return folder;
#else
  char buffer[PATH_MAX];
  return getcwd(buffer, sizeof(buffer)) ? std::string(buffer) : std::string();
#endif
}

static std::string joinPath(const std::string& folder, const char* name) {
  if (folder.empty())
    return name;
  char last = folder.back();
#ifdef _WIN32
  return folder + (last == '\\' || last == '/' ? "" : "\\") + name;
#else
  return folder + (last == '/' ? "" : "/") + name;
#endif
}

static std::optional<std::string> readFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return std::nullopt;
  std::ostringstream text;
  text << file.rdbuf();
  if (file.bad())
    return std::nullopt;
  return text.str();
}

// A file named by a variable, or the first `name` found in `folders`.
static std::optional<FileInput> findFile(const char* variable, const char* name, const std::vector<std::string>& folders,
                                         Inputs& inputs) {
  if (std::optional<std::string> path = getEnv(variable); path && !path->empty()) {
    if (std::optional<std::string> text = readFile(*path)) {
      inputs.lookup.push_back("reading " + *path + " (" + variable + ")");
      return FileInput{*path, std::move(*text)};
    }
    inputs.lookupProblems.push_back(std::string(variable) + "=" + *path + ": the file cannot be read; ignored");
    return std::nullopt;
  }
  for (const std::string& folder : folders) {
    std::string path = joinPath(folder, name);
    if (std::optional<std::string> text = readFile(path)) {
      inputs.lookup.push_back("reading " + path);
      return FileInput{path, std::move(*text)};
    }
  }
  return std::nullopt;
}

Inputs gatherInputs() {
  Inputs inputs;
  inputs.exeName = exeName();
  inputs.exePath = exePath();
  inputs.profiles = builtInProfiles();

  // The working folder first: a launcher may start the game from its data folder, and that is
  // where DXVK looks for dxvk.conf; then the executable's own folder.
  std::vector<std::string> folders{currentFolder()};
  size_t slash = inputs.exePath.find_last_of("/\\");
  std::string exeFolder = slash == std::string::npos ? std::string() : inputs.exePath.substr(0, slash);
  if (!exeFolder.empty() && !equalsIgnoreCase(exeFolder, folders[0]))
    folders.push_back(exeFolder);

  inputs.dxvkFile = findFile("DXVK_CONFIG_FILE", "dxvk.conf", folders, inputs);
  inputs.userFile = findFile("D3D11VK_CONFIG_FILE", "d3d11vk.conf", folders, inputs);
  if (!inputs.dxvkFile && !inputs.userFile) {
    std::string where;
    for (const std::string& folder : folders)
      where += (where.empty() ? "" : " or ") + folder;
    inputs.lookup.push_back("no d3d11vk.conf or dxvk.conf in " + where);
  }
  inputs.dxvkEnv = getEnv("DXVK_CONFIG");
  inputs.env = getEnv("D3D11VK_CONFIG");
  inputs.dxvkFilterEnv = getEnv("DXVK_FILTER_DEVICE_NAME");
  inputs.filterEnv = getEnv("D3D11VK_FILTER_DEVICE_NAME");
  for (const char* name : {"DXVK_CONFIG", "D3D11VK_CONFIG"}) {
    if (getEnv(name))
      inputs.lookup.push_back(std::string("reading ") + name);
  }
  return inputs;
}

std::vector<std::string> describeOptions(const Configuration& configuration) {
  std::vector<std::string> lines;
  for (const OptionSpec& spec : optionSpecs()) {
    std::string line = std::string(spec.key) + " = " + spec.show(configuration.options) + " (" +
                       configuration.originOf(spec.key) + ")";
    if (spec.pending)
      line += std::string(" [") + spec.pending + "]";
    lines.push_back(std::move(line));
  }
  return lines;
}

const Configuration& current() {
  // Built once per module and never destroyed, like the logger: options must not change while
  // objects built from them live, and late readers at DLL unload must still find them.
  static const Configuration* configuration = [] {
    Inputs inputs = gatherInputs();
    auto* built = new Configuration(buildConfiguration(inputs));
    for (const std::string& line : inputs.lookup)
      log::info("config: ", line);
    for (const std::string& line : inputs.lookupProblems)
      log::warn("config: ", line);
    for (const std::string& note : built->profileNotes)
      log::info("config: ", note);
    for (const Problem& problem : built->problems)
      log::warn("config: ", problem.text());
    log::info("config: effective configuration for ", inputs.exeName,
              " (precedence: environment, user files, built-in profiles, defaults):");
    for (const std::string& line : describeOptions(*built))
      log::info("config:   ", line);
    return built;
  }();
  return *configuration;
}

}  // namespace util::config
