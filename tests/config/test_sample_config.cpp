// The shipped sample d3d11vk.conf and docs/config.md against the option table: every option is
// documented with its real default, parsed-only options say so, and the sample changes nothing.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "util/config.h"

using namespace util::config;

namespace {
std::string readRepoFile(const char* relative) {
  std::ifstream file(std::string(D3D11VK_SOURCE_ROOT) + "/" + relative, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

std::vector<std::string> linesOf(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);)
    lines.push_back(line);
  return lines;
}
}  // namespace

TEST_CASE("each option's documented default is the default it really has", "[config-sample]") {
  const Options defaults;
  for (const OptionSpec& spec : optionSpecs()) {
    INFO(spec.key);
    Options parsed;
    std::string error;
    CHECK(spec.parse(spec.defaultText, parsed, error));
    CHECK(spec.show(parsed) == spec.show(defaults));
  }
}

TEST_CASE("the sample d3d11vk.conf documents every option with its default", "[config-sample]") {
  std::string sample = readRepoFile("d3d11vk.conf");
  REQUIRE_FALSE(sample.empty());
  std::vector<std::string> lines = linesOf(sample);
  for (const OptionSpec& spec : optionSpecs()) {
    INFO(spec.key);
    std::string expected = std::string("# ") + spec.key + " = " + spec.defaultText;
    size_t at = 0;
    while (at < lines.size() && lines[at] != expected)
      at++;
    REQUIRE(at < lines.size());
    // The comment paragraph above the option says whether it has an effect yet.
    std::string paragraph;
    for (size_t i = at; i-- > 0 && !lines[i].empty() && lines[i] != "#";)
      paragraph = lines[i] + "\n" + paragraph;
    if (spec.pending)
      CHECK(paragraph.find("no effect yet") != std::string::npos);
    else
      CHECK(paragraph.find("no effect yet") == std::string::npos);
  }
  CHECK(sample.find("not read yet") == std::string::npos);
}

TEST_CASE("the sample d3d11vk.conf, used as it ships, changes nothing and has no problem", "[config-sample]") {
  Inputs inputs;
  inputs.exeName = "game.exe";
  inputs.userFile = FileInput{"d3d11vk.conf", readRepoFile("d3d11vk.conf")};
  Configuration config = buildConfiguration(inputs);
  CHECK(config.problems.empty());
  CHECK(config.origins.empty());
}

TEST_CASE("docs/config.md names every option", "[config-sample]") {
  std::string doc = readRepoFile("docs/config.md");
  REQUIRE_FALSE(doc.empty());
  for (const OptionSpec& spec : optionSpecs()) {
    INFO(spec.key);
    CHECK(doc.find(std::string("`") + spec.key + "`") != std::string::npos);
  }
}
