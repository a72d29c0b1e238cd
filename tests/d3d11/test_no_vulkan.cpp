// Integration: creation without a usable Vulkan device fails with the documented error and a log
// line that says why. These cases are hidden ([.]) because the Vulkan instance is per process:
// tests/meson.build runs each in its own process with the environment that breaks Vulkan.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "util/com_ptr.h"
#include "util/env.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

std::string readDxgiLog() {
  const char* folder = std::getenv("D3D11VK_LOG_PATH");
  REQUIRE(folder);
  std::ifstream file(std::string(folder) + "/" + util::exeBaseName() + "_dxgi.log");
  REQUIRE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

void checkCreationFails() {
  ComPtr<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  ComPtr<IDXGIAdapter1> adapter;
  CHECK(factory->EnumAdapters1(0, adapter.put()) == DXGI_ERROR_NOT_FOUND);
  CHECK_FALSE(adapter);

  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                          nullptr, context.put()) == DXGI_ERROR_UNSUPPORTED);
  CHECK_FALSE(device);
  CHECK_FALSE(context);
}

}  // namespace

TEST_CASE("without a Vulkan loader: no adapters, DXGI_ERROR_UNSUPPORTED, and the log names the loader", "[.no-vulkan-loader]") {
  checkCreationFails();
  std::string log = readDxgiLog();
  CHECK(log.find("cannot load the Vulkan loader") != std::string::npos);
}

TEST_CASE("without a Vulkan driver: no adapters, DXGI_ERROR_UNSUPPORTED, and the log says so", "[.no-vulkan-driver]") {
  checkCreationFails();
  std::string log = readDxgiLog();
  bool explained = log.find("no Vulkan device found") != std::string::npos ||
                   log.find("vkCreateInstance") != std::string::npos;
  CHECK(explained);
}

TEST_CASE("with a device filter that matches nothing: DXGI_ERROR_UNSUPPORTED and the log names the filter", "[.no-matching-device]") {
  checkCreationFails();
  std::string log = readDxgiLog();
  CHECK(log.find("D3D11VK_FILTER_DEVICE_NAME") != std::string::npos);
}
