// Built-in application profiles: the table and how an entry matches an executable.
#include "util/app_profiles.h"

#include <string>


namespace util::config {

// Policy (docs/config.md): an entry needs a reason that can be checked, such as a bug report or
// a reproduction, stated in one line. Game bugs are never guessed at or copied from hearsay. The
// table starts with one entry for d3d11vk's own test program, whose name no game uses; the Wine
// end-to-end test (tests/e2e/run-wine-config-e2e.sh) checks through it that built-in profiles
// reach a running program and that a user's file overrides them.
static const AppProfile kProfiles[] = {
  {"d3d11vk-profile-probe.exe",
   "d3d11.maxFeatureLevel = 10_0; dxgi.customDeviceDesc = \"d3d11vk built-in profile probe\"",
   "d3d11vk's own end-to-end test program: proves that built-in profiles apply (tests/e2e)"},
};

std::span<const AppProfile> builtInProfiles() { return kProfiles; }

bool globMatches(std::string_view pattern, std::string_view text) {
  // Iterative matching with one backtrack point: linear enough for file names and paths.
  size_t p = 0, t = 0, starP = std::string_view::npos, starT = 0;
  auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || lower(pattern[p]) == lower(text[t]))) {
      p++, t++;
    } else if (p < pattern.size() && pattern[p] == '*') {
      starP = p++;
      starT = t;
    } else if (starP != std::string_view::npos) {
      p = starP + 1;
      t = ++starT;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*')
    p++;
  return p == pattern.size();
}

bool profileMatches(const AppProfile& profile, std::string_view exeName, std::string_view exePath) {
  std::string_view pattern = profile.pattern;
  if (pattern.find_first_of("/\\") == std::string_view::npos)
    return globMatches(pattern, exeName);
  std::string path(exePath), normalizedPattern(pattern);
  for (char& c : path)
    c = c == '\\' ? '/' : c;
  for (char& c : normalizedPattern)
    c = c == '\\' ? '/' : c;
  return globMatches(normalizedPattern, path);
}

std::vector<const AppProfile*> matchingProfiles(std::span<const AppProfile> table, std::string_view exeName,
                                                std::string_view exePath) {
  std::vector<const AppProfile*> result;
  for (const AppProfile& profile : table) {
    if (profileMatches(profile, exeName, exePath))
      result.push_back(&profile);
  }
  return result;
}

}  // namespace util::config
