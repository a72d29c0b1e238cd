// Configuration text syntax: lines or `;`-separated items, sections, comments, assignments.
#include "util/config_parser.h"

#include "util/config_values.h"

namespace util::config {

std::string Problem::text() const {
  std::string result = source;
  if (line > 0)
    result += ":" + std::to_string(line);
  result += ": ";
  if (!key.empty())
    result += key + ": ";
  return result + message;
}

// Splits at `separator` outside double quotes, so a quoted value may hold ';' or '#'.
static std::vector<std::string_view> splitUnquoted(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); i++) {
    char c = text[i];
    if (quoted && c == '\\' && i + 1 < text.size())
      i++;
    else if (c == '"')
      quoted = !quoted;
    else if (c == separator && !quoted) {
      pieces.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  pieces.push_back(text.substr(start));
  return pieces;
}

// The text before a '#' that is outside quotes; sets `unclosed` when a quote is left open.
static std::string_view stripComment(std::string_view text, bool& unclosed) {
  bool quoted = false;
  for (size_t i = 0; i < text.size(); i++) {
    char c = text[i];
    if (quoted && c == '\\' && i + 1 < text.size())
      i++;
    else if (c == '"')
      quoted = !quoted;
    else if (c == '#' && !quoted)
      return text.substr(0, i);
  }
  unclosed = quoted;
  return text;
}

static bool validKey(std::string_view key) {
  if (key.empty())
    return false;
  for (char c : key) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_';
    if (!ok)
      return false;
  }
  return true;
}

bool sectionMatches(std::string_view section, std::string_view exeName) {
  if (equalsIgnoreCase(section, exeName))
    return true;
  // `[game]` for game.exe, and `[game.exe]` for a native program named "game".
  auto withoutExe = [](std::string_view name) {
    if (name.size() > 4 && equalsIgnoreCase(name.substr(name.size() - 4), ".exe"))
      name.remove_suffix(4);
    return name;
  };
  return equalsIgnoreCase(withoutExe(section), withoutExe(exeName));
}

ParseResult parseConfigText(std::string_view text, std::string_view source, std::string_view exeName,
                            Separator separator) {
  ParseResult result;
  if (text.substr(0, 3) == "\xEF\xBB\xBF")  // a UTF-8 byte-order mark from Windows editors
    text.remove_prefix(3);

  auto problem = [&](int line, std::string key, std::string message) {
    result.problems.push_back({std::string(source), line, std::move(key), std::move(message)});
  };

  enum class Scope { Global, ThisExe, OtherExe, Broken } scope = Scope::Global;
  std::vector<std::string_view> lines;
  if (separator == Separator::Semicolons) {
    lines = splitUnquoted(text, ';');
  } else {
    // Quotes never span lines, so one unclosed quote cannot swallow the rest of a file.
    size_t start = 0;
    for (size_t end; (end = text.find('\n', start)) != std::string_view::npos; start = end + 1)
      lines.push_back(text.substr(start, end - start));
    lines.push_back(text.substr(start));
  }

  for (size_t index = 0; index < lines.size(); index++) {
    int lineNumber = int(index) + 1;
    std::string_view line = lines[index];
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    bool unclosed = false;
    line = trim(stripComment(line, unclosed));
    if (line.empty())
      continue;

    if (line.front() == '[') {
      if (line.back() != ']' || line.size() < 3) {
        problem(lineNumber, {}, "malformed section header '" + std::string(line) +
                                "'; the lines up to the next section apply to no executable");
        scope = Scope::Broken;
        continue;
      }
      std::string_view name = trim(line.substr(1, line.size() - 2));
      if (name.size() >= 2 && name.front() == '"' && name.back() == '"')
        name = name.substr(1, name.size() - 2);
      scope = sectionMatches(name, exeName) ? Scope::ThisExe : Scope::OtherExe;
      continue;
    }

    size_t equals = line.find('=');
    if (equals == std::string_view::npos) {
      problem(lineNumber, {}, "'" + std::string(line) + "' is not `key = value`; ignored");
      continue;
    }
    std::string key(trim(line.substr(0, equals)));
    if (!validKey(key)) {
      problem(lineNumber, {}, "'" + key + "' is not a valid key (letters, digits, '.' and '_'); line ignored");
      continue;
    }
    if (unclosed) {
      problem(lineNumber, key, "the quoted value is not closed; ignored");
      continue;
    }
    if (scope == Scope::Global || scope == Scope::ThisExe)
      result.assignments.push_back({key, std::string(trim(line.substr(equals + 1))), std::string(source), lineNumber});
  }
  return result;
}

}  // namespace util::config
