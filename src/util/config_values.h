// Value syntax of configuration options: quoted strings, lists, booleans, numbers, PCI ids and
// feature levels, each parser returning a reason when the text is not a valid value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/windows_base.h"

namespace util::config {

// A parsed value, or the reason the text is not one (for the log line naming file, line and key).
template <typename T>
struct Parsed {
  std::optional<T> value;
  std::string error;

  static Parsed ok(T v) { return {std::move(v), {}}; }
  static Parsed fail(std::string why) { return {std::nullopt, std::move(why)}; }
};

// A bare value as written, or one double-quoted string with \" and \\ escapes and nothing after it.
Parsed<std::string> parseString(std::string_view raw);
// Comma-separated items, each bare or quoted (quote an item that holds a comma). "" is the empty list.
Parsed<std::vector<std::string>> parseList(std::string_view raw);
// True/False in any case, also yes/no, on/off, 1/0 (DXVK's files write True and False).
Parsed<bool> parseBool(std::string_view raw);
// A decimal integer with optional sign, within [min, max].
Parsed<int64_t> parseInteger(std::string_view raw, int64_t min, int64_t max);
// A decimal number such as 0.5 or -1, within [min, max]; no NaN or infinity.
Parsed<double> parseNumber(std::string_view raw, double min, double max);
// A PCI vendor or device id in hexadecimal, with or without 0x ("10de", "0x10DE"), up to 32 bits.
Parsed<uint32_t> parseHexId(std::string_view raw);
// "9_1" .. "12_1" (also "11.1").
Parsed<D3D_FEATURE_LEVEL> parseFeatureLevel(std::string_view raw);
// "11_1" for the effective-configuration log.
std::string featureLevelText(D3D_FEATURE_LEVEL level);

// Case-insensitive ASCII comparison and lowering, for booleans, sections and exe names.
bool equalsIgnoreCase(std::string_view a, std::string_view b);
std::string toLower(std::string_view text);
std::string_view trim(std::string_view text);

}  // namespace util::config
