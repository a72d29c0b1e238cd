// The HUD option string: DXVK's syntax, the default and full sets, scale and opacity, and what is
// not understood reported without losing the rest.
#include <catch2/catch.hpp>

#include "scoped_env.h"
#include "util/hud_options.h"

using util::hud::Item;

TEST_CASE("HUD options: items, sets and parameters", "[util][hud]") {
  std::vector<std::string> problems;
  SECTION("nothing") {
    CHECK_FALSE(util::hud::parse("", &problems).enabled());
    CHECK_FALSE(util::hud::parse("0", &problems).enabled());
    CHECK(problems.empty());
  }
  SECTION("named items") {
    const util::hud::Options options = util::hud::parse("fps, frametimes,gpuload", &problems);
    CHECK(options.has(Item::Fps));
    CHECK(options.has(Item::FrameTimes));
    CHECK(options.has(Item::GpuLoad));
    CHECK_FALSE(options.has(Item::DevInfo));
    CHECK(problems.empty());
  }
  SECTION("1 is DXVK's default set, full is everything") {
    const util::hud::Options one = util::hud::parse("1", &problems);
    CHECK(one.has(Item::DevInfo));
    CHECK(one.has(Item::Fps));
    CHECK_FALSE(one.has(Item::Memory));
    const util::hud::Options full = util::hud::parse("full", &problems);
    for (uint32_t i = 0; i < util::hud::kItemCount; ++i)
      CHECK(full.has(Item(i)));
    CHECK(problems.empty());
  }
  SECTION("every item by its name") {
    for (uint32_t i = 0; i < util::hud::kItemCount; ++i) {
      const util::hud::Options options = util::hud::parse(util::hud::itemName(Item(i)), &problems);
      CHECK(options.items == (1u << i));
    }
    CHECK(problems.empty());
  }
  SECTION("scale and opacity") {
    const util::hud::Options options = util::hud::parse("fps,scale=2,opacity=0.5", &problems);
    CHECK(options.scale == 2.0f);
    CHECK(options.opacity == 0.5f);
    CHECK(options.has(Item::Fps));
    CHECK(problems.empty());
  }
  SECTION("unknown items and bad values are reported, the rest applies") {
    const util::hud::Options options = util::hud::parse("fsp,fps,scale=100,opacity=x,position=top", &problems);
    CHECK(options.has(Item::Fps));
    CHECK(options.scale == 1.0f);
    CHECK(options.opacity == 1.0f);
    REQUIRE(problems.size() == 4);
    CHECK(problems[0] == "unknown HUD item 'fsp'");
    CHECK(problems[1].find("scale=100") != std::string::npos);
    CHECK(problems[2].find("opacity=x") != std::string::npos);
    CHECK(problems[3] == "unknown HUD option 'position'");
  }
}

TEST_CASE("HUD options: D3D11VK_HUD wins over DXVK_HUD, which wins over the configuration", "[util][hud]") {
  std::string source;
  {
    test::ScopedEnv ours("D3D11VK_HUD", "fps");
    test::ScopedEnv dxvk("DXVK_HUD", "full");
    CHECK(util::hud::processSpec(&source) == "fps");
    CHECK(source == "D3D11VK_HUD");
  }
  {
    test::ScopedEnv ours("D3D11VK_HUD", nullptr);
    test::ScopedEnv dxvk("DXVK_HUD", "devinfo,scale=2");
    CHECK(util::hud::processSpec(&source) == "devinfo,scale=2");
    CHECK(source == "DXVK_HUD");
  }
  {
    test::ScopedEnv ours("D3D11VK_HUD", nullptr);
    test::ScopedEnv dxvk("DXVK_HUD", nullptr);
    util::hud::processSpec(&source);
    CHECK(source == "the configuration's hud key");
  }
}
