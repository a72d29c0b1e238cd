// Configuration text syntax: `key = value` lines, `[game.exe]` sections and comments, or the
// `;`-separated form of the D3D11VK_CONFIG variable, turned into the assignments that apply to one
// executable plus a list of problems, each naming source, line and key.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace util::config {

// One `key = value` that applies to the running executable; the value is raw text (quotes kept),
// interpreted later by the option it names.
struct Assignment {
  std::string key;
  std::string value;
  std::string source;  // "d3d11vk.conf", "D3D11VK_CONFIG", "built-in profile for x.exe"
  int line = 0;        // line (file) or item (`;`-separated text) number, from 1
};

struct Problem {
  std::string source;
  int line = 0;
  std::string key;      // empty for a line that is not an assignment
  std::string message;

  // "d3d11vk.conf:12: dxgi.maxFrameRate: '-5' is out of range (0 to 10000); ignored"
  std::string text() const;
};

struct ParseResult {
  std::vector<Assignment> assignments;
  std::vector<Problem> problems;
};

enum class Separator { Lines, Semicolons };

// Keeps the assignments before the first section and those in sections naming `exeName`. Syntax
// problems are reported wherever they are; a malformed section header makes the lines up to the
// next header apply to no executable, so a typo never turns per-game keys into global ones.
ParseResult parseConfigText(std::string_view text, std::string_view source, std::string_view exeName,
                            Separator separator);

// Whether `[section]` applies to an executable: the file name, compared without regard to case
// (Windows file names are case-insensitive), with or without the ".exe" the section may omit.
bool sectionMatches(std::string_view section, std::string_view exeName);

}  // namespace util::config
