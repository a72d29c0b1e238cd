// Built-in application profiles: a table of option settings matched on the executable's name or
// path, each with the reason it exists. Precedence puts them under the user's files and the
// environment (src/util/config.h); docs/config.md states the policy for adding entries.
#pragma once

#include <span>
#include <string_view>
#include <vector>

namespace util::config {

struct AppProfile {
  // Without '/' or '\\': a glob (* and ?) on the executable's file name, e.g. "game.exe" or
  // "game*.exe". With a slash: a glob on the whole path written with '/', e.g. "*/Game/Bin/*.exe".
  // Matching ignores case, like Windows file names.
  const char* pattern;
  // Options in the D3D11VK_CONFIG form: "key = value; key = value".
  const char* options;
  // Why the entry exists, in one line; logged when it applies.
  const char* reason;
};

// The shipped table.
std::span<const AppProfile> builtInProfiles();

// `*` matches any run of characters (also '/'), `?` one character; case is ignored.
bool globMatches(std::string_view pattern, std::string_view text);
bool profileMatches(const AppProfile& profile, std::string_view exeName, std::string_view exePath);
// The entries of `table` that apply, in table order (a later one overrides an earlier one's keys).
std::vector<const AppProfile*> matchingProfiles(std::span<const AppProfile> table, std::string_view exeName,
                                                std::string_view exePath);

}  // namespace util::config
