// Logging: level parsing, settings from the environment, file output and function names.
#include <catch2/catch.hpp>

#include "../scoped_env.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "util/log.h"

using test::ScopedEnv;
using util::log::Level;

TEST_CASE("log levels parse from their documented names only", "[util][log]") {
  CHECK(util::log::parseLevel("trace") == Level::Trace);
  CHECK(util::log::parseLevel("debug") == Level::Debug);
  CHECK(util::log::parseLevel("info") == Level::Info);
  CHECK(util::log::parseLevel("warn") == Level::Warn);
  CHECK(util::log::parseLevel("error") == Level::Error);
  CHECK(util::log::parseLevel("none") == Level::None);
  CHECK_FALSE(util::log::parseLevel("INFO").has_value());
  CHECK_FALSE(util::log::parseLevel("warning").has_value());
  CHECK_FALSE(util::log::parseLevel("").has_value());
}

TEST_CASE("log settings come from D3D11VK_LOG_LEVEL and D3D11VK_LOG_PATH", "[util][log]") {
  SECTION("defaults: info, a file per exe and module in the working folder") {
    ScopedEnv level("D3D11VK_LOG_LEVEL", nullptr);
    ScopedEnv path("D3D11VK_LOG_PATH", nullptr);
    auto settings = util::log::settingsFromEnvironment("game", "d3d11");
    CHECK(settings.level == Level::Info);
    CHECK(settings.filePath == "game_d3d11.log");
    CHECK(settings.problem.empty());
  }
  SECTION("a folder gets the file name appended, with or without a trailing slash") {
    ScopedEnv path("D3D11VK_LOG_PATH", "/tmp/logs");
    CHECK(util::log::settingsFromEnvironment("game", "dxgi").filePath == "/tmp/logs/game_dxgi.log");
    ScopedEnv path2("D3D11VK_LOG_PATH", "/tmp/logs/");
    CHECK(util::log::settingsFromEnvironment("game", "dxgi").filePath == "/tmp/logs/game_dxgi.log");
  }
  SECTION("none disables the file but not the level") {
    ScopedEnv path("D3D11VK_LOG_PATH", "none");
    ScopedEnv level("D3D11VK_LOG_LEVEL", "debug");
    auto settings = util::log::settingsFromEnvironment("game", "d3d11");
    CHECK(settings.filePath.empty());
    CHECK(settings.level == Level::Debug);
  }
  SECTION("level none writes nothing at all") {
    ScopedEnv level("D3D11VK_LOG_LEVEL", "none");
    ScopedEnv path("D3D11VK_LOG_PATH", nullptr);
    auto settings = util::log::settingsFromEnvironment("game", "d3d11");
    CHECK(settings.level == Level::None);
    CHECK(settings.filePath.empty());
  }
  SECTION("an unknown level falls back to info and says so") {
    ScopedEnv level("D3D11VK_LOG_LEVEL", "verbose");
    auto settings = util::log::settingsFromEnvironment("game", "d3d11");
    CHECK(settings.level == Level::Info);
    CHECK(settings.problem.find("verbose") != std::string::npos);
  }
}

TEST_CASE("a logger writes lines at or above its level to its file", "[util][log]") {
  std::string path = "test_log_output.log";
  {
    util::log::Settings settings;
    settings.level = Level::Warn;
    settings.filePath = path;
    settings.toStderr = false;
    util::log::Logger logger(settings);
    CHECK(logger.filePath() == path);
    CHECK_FALSE(logger.enabled(Level::Info));
    CHECK(logger.enabled(Level::Error));
    logger.write(Level::Info, "hidden line");
    logger.write(Level::Warn, "shown warning");
    logger.write(Level::Error, "shown error");
  }
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  CHECK(text.str().find("hidden line") == std::string::npos);
  CHECK(text.str().find("warn: shown warning") != std::string::npos);
  CHECK(text.str().find("error: shown error") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("a log file that cannot be opened leaves stderr logging", "[util][log]") {
  util::log::Settings settings;
  settings.filePath = "/nonexistent-folder/x/y.log";
  settings.toStderr = false;
  util::log::Logger logger(settings);
  CHECK(logger.filePath().empty());
  logger.write(Level::Error, "still fine");
}

TEST_CASE("function names are cut from __PRETTY_FUNCTION__ text", "[util][log]") {
  CHECK(util::log::functionName("virtual HRESULT d3d11vk::D3D11Device::CreateBuffer(const D3D11_BUFFER_DESC*, int)") ==
        "D3D11Device::CreateBuffer");
  CHECK(util::log::functionName("void __attribute__((ms_abi)) d3d11vk::D3D11DeviceContext::Draw(UINT, UINT)") ==
        "D3D11DeviceContext::Draw");
  CHECK(util::log::functionName("int main()") == "main");
}
