// Value syntax of configuration options: strings, lists, booleans, numbers, ids, feature levels.
#include "util/config_values.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

namespace util::config {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
    text.remove_suffix(1);
  return text;
}

static char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); i++) {
    if (lowerAscii(a[i]) != lowerAscii(b[i]))
      return false;
  }
  return true;
}

std::string toLower(std::string_view text) {
  std::string result(text);
  for (char& c : result)
    c = lowerAscii(c);
  return result;
}

// Reads one quoted string starting at text[pos] == '"'; leaves pos after the closing quote.
static Parsed<std::string> readQuoted(std::string_view text, size_t& pos) {
  std::string value;
  for (pos++; pos < text.size(); pos++) {
    char c = text[pos];
    if (c == '"') {
      pos++;
      return Parsed<std::string>::ok(std::move(value));
    }
    if (c == '\\' && pos + 1 < text.size() && (text[pos + 1] == '"' || text[pos + 1] == '\\'))
      c = text[++pos];
    value += c;
  }
  return Parsed<std::string>::fail("the quoted string is not closed");
}

Parsed<std::string> parseString(std::string_view raw) {
  raw = trim(raw);
  if (raw.empty() || raw.front() != '"')
    return Parsed<std::string>::ok(std::string(raw));
  size_t pos = 0;
  Parsed<std::string> quoted = readQuoted(raw, pos);
  if (quoted.value && !trim(raw.substr(pos)).empty())
    return Parsed<std::string>::fail("text follows the closing quote; quote the whole value");
  return quoted;
}

Parsed<std::vector<std::string>> parseList(std::string_view raw) {
  using Result = Parsed<std::vector<std::string>>;
  std::vector<std::string> items;
  raw = trim(raw);
  if (raw.empty() || raw == "\"\"")
    return Result::ok(std::move(items));
  size_t pos = 0;
  for (;;) {
    while (pos < raw.size() && (raw[pos] == ' ' || raw[pos] == '\t'))
      pos++;
    std::string item;
    if (pos < raw.size() && raw[pos] == '"') {
      Parsed<std::string> quoted = readQuoted(raw, pos);
      if (!quoted.value)
        return Result::fail(quoted.error);
      item = std::move(*quoted.value);
      while (pos < raw.size() && (raw[pos] == ' ' || raw[pos] == '\t'))
        pos++;
      if (pos < raw.size() && raw[pos] != ',')
        return Result::fail("text follows a quoted list item; separate items with commas");
    } else {
      size_t comma = raw.find(',', pos);
      std::string_view bare = trim(raw.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos));
      if (bare.find('"') != std::string_view::npos)
        return Result::fail("a quote inside an unquoted list item");
      item = std::string(bare);
      pos = comma == std::string_view::npos ? raw.size() : comma;
    }
    if (item.empty())
      return Result::fail("empty list item");
    items.push_back(std::move(item));
    if (pos >= raw.size())
      return Result::ok(std::move(items));
    pos++;  // the comma
  }
}

// Numbers and keywords may be quoted too ("True", "11_0"), as some DXVK files write them.
static std::optional<std::string> scalarText(std::string_view raw, std::string& error) {
  Parsed<std::string> text = parseString(raw);
  if (!text.value) {
    error = text.error;
    return std::nullopt;
  }
  return text.value;
}

Parsed<bool> parseBool(std::string_view raw) {
  std::string error;
  std::optional<std::string> text = scalarText(raw, error);
  if (!text)
    return Parsed<bool>::fail(error);
  for (const char* yes : {"true", "yes", "on", "1"}) {
    if (equalsIgnoreCase(*text, yes))
      return Parsed<bool>::ok(true);
  }
  for (const char* no : {"false", "no", "off", "0"}) {
    if (equalsIgnoreCase(*text, no))
      return Parsed<bool>::ok(false);
  }
  return Parsed<bool>::fail("'" + *text + "' is not a boolean (True or False)");
}

Parsed<int64_t> parseInteger(std::string_view raw, int64_t min, int64_t max) {
  std::string error;
  std::optional<std::string> text = scalarText(raw, error);
  if (!text)
    return Parsed<int64_t>::fail(error);
  std::string_view digits = *text;
  if (!digits.empty() && digits.front() == '+')
    digits.remove_prefix(1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec == std::errc::invalid_argument || end != digits.data() + digits.size())
    return Parsed<int64_t>::fail("'" + *text + "' is not a whole number");
  if (ec == std::errc::result_out_of_range || value < min || value > max)
    return Parsed<int64_t>::fail("'" + *text + "' is out of range (" + std::to_string(min) + " to " +
                                 std::to_string(max) + ")");
  return Parsed<int64_t>::ok(value);
}

static std::string numberText(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

Parsed<double> parseNumber(std::string_view raw, double min, double max) {
  std::string error;
  std::optional<std::string> text = scalarText(raw, error);
  if (!text)
    return Parsed<double>::fail(error);
  std::string_view digits = *text;
  if (!digits.empty() && digits.front() == '+')
    digits.remove_prefix(1);
  double value = 0;
  // from_chars reads numbers the same way in every locale, unlike strtod.
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, std::chars_format::fixed);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || !std::isfinite(value))
    return Parsed<double>::fail("'" + *text + "' is not a number");
  if (value < min || value > max)
    return Parsed<double>::fail("'" + *text + "' is out of range (" + numberText(min) + " to " + numberText(max) + ")");
  return Parsed<double>::ok(value);
}

Parsed<uint32_t> parseHexId(std::string_view raw) {
  std::string error;
  std::optional<std::string> text = scalarText(raw, error);
  if (!text)
    return Parsed<uint32_t>::fail(error);
  std::string_view digits = *text;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
    digits.remove_prefix(2);
  uint32_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value, 16);
  if (digits.empty() || ec == std::errc::invalid_argument || end != digits.data() + digits.size())
    return Parsed<uint32_t>::fail("'" + *text + "' is not a hexadecimal id such as 10de");
  if (ec == std::errc::result_out_of_range)
    return Parsed<uint32_t>::fail("'" + *text + "' is out of range (at most 8 hexadecimal digits)");
  return Parsed<uint32_t>::ok(value);
}

static constexpr std::pair<std::string_view, D3D_FEATURE_LEVEL> kLevels[] = {
  {"9_1", D3D_FEATURE_LEVEL_9_1},   {"9_2", D3D_FEATURE_LEVEL_9_2},   {"9_3", D3D_FEATURE_LEVEL_9_3},
  {"10_0", D3D_FEATURE_LEVEL_10_0}, {"10_1", D3D_FEATURE_LEVEL_10_1}, {"11_0", D3D_FEATURE_LEVEL_11_0},
  {"11_1", D3D_FEATURE_LEVEL_11_1}, {"12_0", D3D_FEATURE_LEVEL_12_0}, {"12_1", D3D_FEATURE_LEVEL_12_1},
};

Parsed<D3D_FEATURE_LEVEL> parseFeatureLevel(std::string_view raw) {
  std::string error;
  std::optional<std::string> text = scalarText(raw, error);
  if (!text)
    return Parsed<D3D_FEATURE_LEVEL>::fail(error);
  std::string normalized = *text;
  for (char& c : normalized) {
    if (c == '.')
      c = '_';
  }
  for (const auto& [name, level] : kLevels) {
    if (name == normalized)
      return Parsed<D3D_FEATURE_LEVEL>::ok(level);
  }
  return Parsed<D3D_FEATURE_LEVEL>::fail("'" + *text + "' is not a feature level (9_1 9_2 9_3 10_0 10_1 11_0 11_1 12_0 12_1)");
}

std::string featureLevelText(D3D_FEATURE_LEVEL level) {
  for (const auto& [name, known] : kLevels) {
    if (known == level)
      return std::string(name);
  }
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), "0x%x", unsigned(level));
  return buffer;
}

}  // namespace util::config
