// The dxgi.* adapter options applied to a device's reported identity.
#include "util/adapter_overrides.h"

#include <cstdio>

namespace util::config {

static std::string pciId(uint32_t vendor, uint32_t device) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%04x:%04x", vendor, device);
  return buffer;
}

AdapterIdentity applyAdapterOptions(const Options& options, const AdapterIdentity& real, std::vector<std::string>* changes) {
  AdapterIdentity reported = real;
  auto note = [&](std::string text) {
    if (changes)
      changes->push_back(std::move(text));
  };

  struct Hide { bool enabled; uint32_t vendor; uint32_t asVendor; uint32_t asDevice; const char* option; };
  const Hide hides[] = {
    {options.hideNvidiaGpu, kVendorNvidia, kVendorAmd, kStandInAmdDevice, "dxgi.hideNvidiaGpu"},
    {options.hideAmdGpu, kVendorAmd, kVendorNvidia, kStandInNvidiaDevice, "dxgi.hideAmdGpu"},
    {options.hideIntelGpu, kVendorIntel, kVendorAmd, kStandInAmdDevice, "dxgi.hideIntelGpu"},
  };
  for (const Hide& hide : hides) {
    if (hide.enabled && real.vendorId == hide.vendor) {
      reported.vendorId = hide.asVendor;
      reported.deviceId = hide.asDevice;
      note("ids " + pciId(real.vendorId, real.deviceId) + " reported as " + pciId(hide.asVendor, hide.asDevice) +
           " (" + hide.option + ")");
      break;
    }
  }
  if (options.customVendorId) {
    reported.vendorId = *options.customVendorId;
    char buffer[16];
    std::snprintf(buffer, sizeof(buffer), "%04x", reported.vendorId);
    note(std::string("vendor id reported as ") + buffer + " (dxgi.customVendorId)");
  }
  if (options.customDeviceId) {
    reported.deviceId = *options.customDeviceId;
    char buffer[16];
    std::snprintf(buffer, sizeof(buffer), "%04x", reported.deviceId);
    note(std::string("device id reported as ") + buffer + " (dxgi.customDeviceId)");
  }
  if (!options.customDeviceDesc.empty()) {
    reported.description = options.customDeviceDesc;
    note("description reported as '" + reported.description + "' (dxgi.customDeviceDesc)");
  }
  if (options.maxDeviceMemoryMiB != 0) {
    uint64_t cap = options.maxDeviceMemoryMiB << 20;
    if (real.dedicatedVideoMemory > cap) {
      reported.dedicatedVideoMemory = cap;
      note("dedicated video memory reported as " + std::to_string(options.maxDeviceMemoryMiB) + " MiB instead of " +
           std::to_string(real.dedicatedVideoMemory >> 20) + " MiB (dxgi.maxDeviceMemory)");
    }
  }
  return reported;
}

}  // namespace util::config
