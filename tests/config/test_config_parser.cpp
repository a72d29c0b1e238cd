// File syntax: comments, sections, assignments, `;`-separated text, and problems with locations.
#include <catch2/catch.hpp>

#include "util/config_parser.h"

using namespace util::config;

namespace {
std::vector<std::string> keysOf(const ParseResult& result) {
  std::vector<std::string> keys;
  for (const Assignment& a : result.assignments)
    keys.push_back(a.key + "=" + a.value);
  return keys;
}
}  // namespace

TEST_CASE("comments, blank lines and whitespace are ignored; values keep their quotes", "[config-parser]") {
  const char* text =
    "# a comment\n"
    "\n"
    "   dxgi.maxFrameRate   =   60   # trailing comment\n"
    "\tdxgi.customDeviceDesc = \"Radeon # not a comment\"\n"
    "d3d11.samplerLodBias=-0.5\n";
  ParseResult result = parseConfigText(text, "d3d11vk.conf", "game.exe", Separator::Lines);
  CHECK(result.problems.empty());
  CHECK(keysOf(result) == std::vector<std::string>{"dxgi.maxFrameRate=60",
                                                   "dxgi.customDeviceDesc=\"Radeon # not a comment\"",
                                                   "d3d11.samplerLodBias=-0.5"});
  REQUIRE(result.assignments.size() == 3);
  CHECK(result.assignments[0].line == 3);
  CHECK(result.assignments[2].line == 5);
  CHECK(result.assignments[0].source == "d3d11vk.conf");
}

TEST_CASE("[section] limits keys to one executable, compared without case", "[config-parser]") {
  const char* text =
    "a.global = 1\n"
    "[Game.EXE]\n"
    "a.mine = 2\n"
    "[other.exe]\n"
    "a.theirs = 3\n"
    "[ game.exe ]\n"
    "a.again = 4\n";
  CHECK(keysOf(parseConfigText(text, "f", "game.exe", Separator::Lines)) ==
        std::vector<std::string>{"a.global=1", "a.mine=2", "a.again=4"});
  CHECK(keysOf(parseConfigText(text, "f", "other.exe", Separator::Lines)) ==
        std::vector<std::string>{"a.global=1", "a.theirs=3"});
  CHECK(keysOf(parseConfigText(text, "f", "third.exe", Separator::Lines)) == std::vector<std::string>{"a.global=1"});
}

TEST_CASE("section names match with or without .exe (native programs have none)", "[config-parser]") {
  CHECK(sectionMatches("game.exe", "game.exe"));
  CHECK(sectionMatches("GAME.exe", "game.EXE"));
  CHECK(sectionMatches("game", "game.exe"));
  CHECK(sectionMatches("game.exe", "game"));
  CHECK_FALSE(sectionMatches("game.exe", "game2.exe"));
  CHECK_FALSE(sectionMatches("gam", "game.exe"));
  CHECK_FALSE(sectionMatches("", "game.exe"));
}

TEST_CASE("malformed lines are reported with file and line; the rest still applies", "[config-parser]") {
  const char* text =
    "dxgi.maxFrameRate = 60\n"      // 1
    "this is not an assignment\n"   // 2
    "= 5\n"                         // 3
    "bad key! = 3\n"                // 4
    "dxgi.customDeviceDesc = \"open\n"  // 5
    "[broken.exe\n"                 // 6
    "d3d11.disableMsaa = True\n"    // 7: in the broken section: applies to nothing
    "[game.exe]\n"                  // 8
    "dxgi.syncInterval = 0\n";      // 9
  ParseResult result = parseConfigText(text, "/games/d3d11vk.conf", "game.exe", Separator::Lines);
  CHECK(keysOf(result) == std::vector<std::string>{"dxgi.maxFrameRate=60", "dxgi.syncInterval=0"});
  REQUIRE(result.problems.size() == 5);
  CHECK(result.problems[0].line == 2);
  CHECK(result.problems[0].text() == "/games/d3d11vk.conf:2: 'this is not an assignment' is not `key = value`; ignored");
  CHECK(result.problems[1].line == 3);
  CHECK(result.problems[2].line == 4);
  CHECK(result.problems[3].line == 5);
  CHECK(result.problems[3].key == "dxgi.customDeviceDesc");
  CHECK(result.problems[3].text() == "/games/d3d11vk.conf:5: dxgi.customDeviceDesc: the quoted value is not closed; ignored");
  CHECK(result.problems[4].line == 6);
  CHECK(result.problems[4].message.find("malformed section header") != std::string::npos);
}

TEST_CASE("Windows line endings and a UTF-8 byte-order mark are accepted", "[config-parser]") {
  ParseResult result = parseConfigText("\xEF\xBB\xBF" "a.b = 1\r\n[game.exe]\r\nc.d = \"x y\"\r\n", "f", "game.exe",
                                       Separator::Lines);
  CHECK(result.problems.empty());
  CHECK(keysOf(result) == std::vector<std::string>{"a.b=1", "c.d=\"x y\""});
}

TEST_CASE("the environment form separates assignments with ';' outside quotes", "[config-parser]") {
  ParseResult result = parseConfigText("a.b = 1; c.d=\"x;y\" ;; e.f = 2;", "D3D11VK_CONFIG", "game.exe",
                                       Separator::Semicolons);
  CHECK(result.problems.empty());
  CHECK(keysOf(result) == std::vector<std::string>{"a.b=1", "c.d=\"x;y\"", "e.f=2"});
  CHECK(result.assignments[2].line == 4);  // items are counted like lines

  ParseResult bad = parseConfigText("a.b = 1; nonsense; c.d = 2", "D3D11VK_CONFIG", "game.exe", Separator::Semicolons);
  CHECK(keysOf(bad) == std::vector<std::string>{"a.b=1", "c.d=2"});
  REQUIRE(bad.problems.size() == 1);
  CHECK(bad.problems[0].text() == "D3D11VK_CONFIG:2: 'nonsense' is not `key = value`; ignored");
}
