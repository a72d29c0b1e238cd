// Value syntax: quoted strings, lists, booleans, whole numbers, decimals, hex ids, feature levels.
#include <catch2/catch.hpp>

#include "util/config_values.h"

using namespace util::config;

TEST_CASE("strings are bare or double-quoted with \\\" and \\\\ escapes", "[config-values]") {
  CHECK(parseString("plain text").value == "plain text");
  CHECK(parseString("  padded  ").value == "padded");
  CHECK(parseString("\"quoted, with # and ;\"").value == "quoted, with # and ;");
  CHECK(parseString(R"("say \"hi\" \\ bye")").value == R"(say "hi" \ bye)");
  CHECK(parseString("\"\"").value == "");
  CHECK(parseString("").value == "");
  CHECK_FALSE(parseString("\"unclosed").value);
  CHECK_FALSE(parseString("\"a\" b").value);
  CHECK(parseString("\"a\" b").error.find("closing quote") != std::string::npos);
}

TEST_CASE("lists are comma-separated, items bare or quoted", "[config-values]") {
  using List = std::vector<std::string>;
  CHECK(parseList("RX 6600").value == List{"RX 6600"});
  CHECK(parseList("a, b ,c").value == List{"a", "b", "c"});
  CHECK(parseList(R"x("llvmpipe (LLVM 15, 256 bits)", "RX 6600")x").value == List{"llvmpipe (LLVM 15, 256 bits)", "RX 6600"});
  CHECK(parseList("\"\"").value == List{});
  CHECK(parseList("").value == List{});
  CHECK_FALSE(parseList("a,,b").value);
  CHECK_FALSE(parseList("a,").value);
  CHECK_FALSE(parseList("\"a\" b, c").value);
  CHECK_FALSE(parseList("a\"b").value);
  CHECK_FALSE(parseList("\"open, b").value);
}

TEST_CASE("booleans accept DXVK's True/False in any case and the usual synonyms", "[config-values]") {
  for (const char* yes : {"True", "true", "TRUE", "yes", "On", "1", "\"True\""})
    CHECK(parseBool(yes).value == true);
  for (const char* no : {"False", "false", "no", "OFF", "0"})
    CHECK(parseBool(no).value == false);
  CHECK_FALSE(parseBool("maybe").value);
  CHECK(parseBool("maybe").error == "'maybe' is not a boolean (True or False)");
  CHECK_FALSE(parseBool("").value);
  CHECK_FALSE(parseBool("2").value);
}

TEST_CASE("whole numbers are decimal and range-checked", "[config-values]") {
  CHECK(parseInteger("16", 0, 16).value == 16);
  CHECK(parseInteger("-1", -1, 4).value == -1);
  CHECK(parseInteger("+3", 0, 4).value == 3);
  CHECK(parseInteger("\"2\"", 0, 4).value == 2);
  CHECK_FALSE(parseInteger("17", 0, 16).value);
  CHECK(parseInteger("17", 0, 16).error == "'17' is out of range (0 to 16)");
  CHECK_FALSE(parseInteger("-2", -1, 4).value);
  CHECK_FALSE(parseInteger("99999999999999999999999", 0, 16).value);
  CHECK_FALSE(parseInteger("1.5", 0, 16).value);
  CHECK_FALSE(parseInteger("0x10", 0, 100).value);
  CHECK_FALSE(parseInteger("", 0, 16).value);
  CHECK_FALSE(parseInteger("ten", 0, 16).value);
}

TEST_CASE("decimal numbers are range-checked and never NaN", "[config-values]") {
  CHECK(parseNumber("0.5", -16, 16).value == 0.5);
  CHECK(parseNumber("-1", -16, 16).value == -1.0);
  CHECK(parseNumber("+2.25", -16, 16).value == 2.25);
  CHECK_FALSE(parseNumber("16.5", -16, 15.99).value);
  CHECK(parseNumber("16.5", -16, 15.99).error.find("out of range") != std::string::npos);
  CHECK_FALSE(parseNumber("nan", -16, 16).value);
  CHECK_FALSE(parseNumber("inf", -16, 16).value);
  CHECK_FALSE(parseNumber("1,5", -16, 16).value);
  CHECK_FALSE(parseNumber("", -16, 16).value);
}

TEST_CASE("PCI ids are hexadecimal with or without 0x, as DXVK writes them", "[config-values]") {
  CHECK(parseHexId("10de").value == 0x10deu);
  CHECK(parseHexId("0x1002").value == 0x1002u);
  CHECK(parseHexId("8086").value == 0x8086u);
  CHECK(parseHexId("10005").value == 0x10005u);
  CHECK(parseHexId("0000").value == 0u);
  CHECK_FALSE(parseHexId("xyz").value);
  CHECK_FALSE(parseHexId("0x").value);
  CHECK_FALSE(parseHexId("123456789").value);
  CHECK(parseHexId("123456789").error.find("out of range") != std::string::npos);
}

TEST_CASE("feature levels are 9_1 to 12_1, with '_' or '.'", "[config-values]") {
  CHECK(parseFeatureLevel("9_1").value == D3D_FEATURE_LEVEL_9_1);
  CHECK(parseFeatureLevel("10_1").value == D3D_FEATURE_LEVEL_10_1);
  CHECK(parseFeatureLevel("11.0").value == D3D_FEATURE_LEVEL_11_0);
  CHECK(parseFeatureLevel("12_1").value == D3D_FEATURE_LEVEL_12_1);
  CHECK_FALSE(parseFeatureLevel("12_2").value);
  CHECK_FALSE(parseFeatureLevel("11").value);
  CHECK_FALSE(parseFeatureLevel("").value);
  CHECK(featureLevelText(D3D_FEATURE_LEVEL_10_0) == "10_0");
}
