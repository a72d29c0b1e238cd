// How the dxgi.* options change the adapter that DXGI reports: custom ids and description, hidden
// GPU vendors, and the video-memory cap. Pure, so the rules are tested without a device.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/config_options.h"

namespace util::config {

constexpr uint32_t kVendorNvidia = 0x10de;
constexpr uint32_t kVendorAmd = 0x1002;
constexpr uint32_t kVendorIntel = 0x8086;

// The vendor and device a hidden GPU is reported as (the hide*Gpu options). An NVIDIA or Intel GPU
// becomes an AMD Radeon RX 6800 XT (Navi 21, 1002:73bf); an AMD GPU becomes an NVIDIA GeForce
// RTX 3080 (GA102, 10de:2206). Both are common desktop GPUs of full D3D11 ability, so games that
// look the device id up in a table find a sensible entry.
constexpr uint32_t kStandInAmdDevice = 0x73bf;
constexpr uint32_t kStandInNvidiaDevice = 0x2206;

struct AdapterIdentity {
  uint32_t vendorId = 0;
  uint32_t deviceId = 0;
  std::string description;        // UTF-8
  uint64_t dedicatedVideoMemory = 0;  // bytes
};

// The identity DXGI reports for a device with identity `real`. Hiding comes first, then the custom
// ids, so an explicit customVendorId/customDeviceId always wins. Each change is described in
// `changes` (for the log) when it is given.
AdapterIdentity applyAdapterOptions(const Options& options, const AdapterIdentity& real,
                                    std::vector<std::string>* changes = nullptr);

}  // namespace util::config
