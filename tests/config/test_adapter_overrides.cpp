// Adapter overrides: hidden vendors, custom ids and description, the memory cap, UTF-8 names.
#include <catch2/catch.hpp>

#include "util/adapter_overrides.h"
#include "util/unicode.h"

using namespace util::config;

namespace {
AdapterIdentity gpu(uint32_t vendor, uint32_t device) {
  return {vendor, device, "Real GPU", uint64_t(8192) << 20};
}
}  // namespace

TEST_CASE("by default the adapter is reported as it is", "[config-adapter]") {
  std::vector<std::string> changes;
  AdapterIdentity reported = applyAdapterOptions(Options{}, gpu(kVendorNvidia, 0x2484), &changes);
  CHECK(reported.vendorId == kVendorNvidia);
  CHECK(reported.deviceId == 0x2484u);
  CHECK(reported.description == "Real GPU");
  CHECK(reported.dedicatedVideoMemory == uint64_t(8192) << 20);
  CHECK(changes.empty());
}

TEST_CASE("a hidden vendor is reported as a stand-in GPU of another vendor", "[config-adapter]") {
  Options options;
  options.hideNvidiaGpu = true;
  std::vector<std::string> changes;
  AdapterIdentity nvidia = applyAdapterOptions(options, gpu(kVendorNvidia, 0x2484), &changes);
  CHECK(nvidia.vendorId == kVendorAmd);
  CHECK(nvidia.deviceId == kStandInAmdDevice);
  CHECK(nvidia.description == "Real GPU");
  REQUIRE(changes.size() == 1);
  CHECK(changes[0] == "ids 10de:2484 reported as 1002:73bf (dxgi.hideNvidiaGpu)");
  // Hiding NVIDIA leaves other vendors alone.
  CHECK(applyAdapterOptions(options, gpu(kVendorAmd, 0x73ff)).vendorId == kVendorAmd);

  Options amd;
  amd.hideAmdGpu = true;
  AdapterIdentity hiddenAmd = applyAdapterOptions(amd, gpu(kVendorAmd, 0x73ff));
  CHECK(hiddenAmd.vendorId == kVendorNvidia);
  CHECK(hiddenAmd.deviceId == kStandInNvidiaDevice);

  Options intel;
  intel.hideIntelGpu = true;
  CHECK(applyAdapterOptions(intel, gpu(kVendorIntel, 0x56a0)).vendorId == kVendorAmd);
  CHECK(applyAdapterOptions(intel, gpu(0x10005, 0)).vendorId == 0x10005u);  // Mesa's lavapipe id
}

TEST_CASE("custom ids win over hiding; the description and memory cap apply", "[config-adapter]") {
  Options options;
  options.hideNvidiaGpu = true;
  options.customVendorId = 0x8086;
  options.customDeviceId = 0x1234;
  options.customDeviceDesc = "Custom name";
  options.maxDeviceMemoryMiB = 4096;
  std::vector<std::string> changes;
  AdapterIdentity reported = applyAdapterOptions(options, gpu(kVendorNvidia, 0x2484), &changes);
  CHECK(reported.vendorId == 0x8086u);
  CHECK(reported.deviceId == 0x1234u);
  CHECK(reported.description == "Custom name");
  CHECK(reported.dedicatedVideoMemory == uint64_t(4096) << 20);
  CHECK(changes.size() == 5);

  // The cap never raises what the device has.
  options.maxDeviceMemoryMiB = 16384;
  CHECK(applyAdapterOptions(options, gpu(kVendorNvidia, 0x2484)).dedicatedVideoMemory == uint64_t(8192) << 20);
}

TEST_CASE("UTF-8 descriptions become UTF-16; bad bytes become U+FFFD", "[config-adapter]") {
  CHECK(util::utf8ToUtf16("GPU") == u"GPU");
  CHECK(util::utf8ToUtf16("Gr\xc3\xa4" "fik") == u"Gr\u00e4fik");
  CHECK(util::utf8ToUtf16("\xe2\x82\xac") == u"\u20ac");
  CHECK(util::utf8ToUtf16("\xf0\x9f\x8e\xae") == u"\U0001F3AE");
  CHECK(util::utf8ToUtf16("a\xffz") == u"a\ufffdz");
  CHECK(util::utf8ToUtf16("a\xc3") == u"a\ufffd");
  CHECK(util::utf8ToUtf16("\xc0\x80") == u"\ufffd\ufffd");  // overlong
}
