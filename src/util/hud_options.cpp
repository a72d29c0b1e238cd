// HUD options: DXVK's HUD string syntax, and where the process's string is taken from.
#include "util/hud_options.h"

#include <cstdlib>
#include <mutex>

#include "util/config.h"
#include "util/env.h"
#include "util/log.h"

namespace util::hud {

namespace {

constexpr const char* kItemNames[kItemCount] = {
  "version", "devinfo", "api", "fps", "frametimes", "submissions", "drawcalls", "pipelines",
  "memory", "gpuload", "cs", "compiler",
};

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
    text.remove_suffix(1);
  return text;
}

// A number in [low, high], or false. strtod needs a terminated string; the text is short.
bool parseNumber(std::string_view text, float low, float high, float* value) {
  std::string copy(text);
  char* end = nullptr;
  const double parsed = std::strtod(copy.c_str(), &end);
  if (copy.empty() || end != copy.c_str() + copy.size() || !(parsed >= low && parsed <= high))
    return false;
  *value = float(parsed);
  return true;
}

uint32_t bit(Item item) { return 1u << uint32_t(item); }

}  // namespace

const char* itemName(Item item) {
  return item < Item::Count ? kItemNames[uint32_t(item)] : "";
}

Options parse(std::string_view spec, std::vector<std::string>* problems) {
  Options options;
  while (!spec.empty()) {
    const size_t comma = spec.find(',');
    const std::string_view entry = trim(spec.substr(0, comma));
    spec = comma == std::string_view::npos ? std::string_view() : spec.substr(comma + 1);
    if (entry.empty() || entry == "0")
      continue;
    if (entry == "1") {
      // DXVK's default set.
      options.items |= bit(Item::DevInfo) | bit(Item::Fps);
      continue;
    }
    if (entry == "full") {
      options.items = (1u << kItemCount) - 1;
      continue;
    }
    const size_t equals = entry.find('=');
    if (equals != std::string_view::npos) {
      const std::string_view name = trim(entry.substr(0, equals));
      const std::string_view value = trim(entry.substr(equals + 1));
      bool ok = false;
      if (name == "scale")
        ok = parseNumber(value, 0.5f, 8.0f, &options.scale);
      else if (name == "opacity")
        ok = parseNumber(value, 0.0f, 1.0f, &options.opacity);
      else {
        problems->push_back("unknown HUD option '" + std::string(name) + "'");
        continue;
      }
      if (!ok)
        problems->push_back("HUD option '" + std::string(entry) + "' is out of range (scale 0.5 to 8, opacity 0 to 1); ignored");
      continue;
    }
    bool known = false;
    for (uint32_t i = 0; i < kItemCount; ++i) {
      if (entry == kItemNames[i]) {
        options.items |= 1u << i;
        known = true;
      }
    }
    if (!known)
      problems->push_back("unknown HUD item '" + std::string(entry) + "'");
  }
  return options;
}

std::string processSpec(std::string* source) {
  if (std::optional<std::string> value = util::getEnv("D3D11VK_HUD")) {
    *source = "D3D11VK_HUD";
    return *value;
  }
  if (std::optional<std::string> value = util::getEnv("DXVK_HUD")) {
    *source = "DXVK_HUD";
    return *value;
  }
  *source = "the configuration's hud key";
  return util::config::options().hud;
}

const Options& processOptions() {
  static const Options options = [] {
    std::string source;
    const std::string spec = processSpec(&source);
    std::vector<std::string> problems;
    Options parsed = parse(spec, &problems);
    for (const std::string& problem : problems)
      util::log::warn("HUD: ", source, ": ", problem);
    if (parsed.enabled())
      util::log::info("HUD: on from ", source, " (\"", spec, "\")");
    return parsed;
  }();
  return options;
}

}  // namespace util::hud
