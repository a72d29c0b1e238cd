// The options d3d11vk understands: their typed values with defaults, and one table that names
// each key, its default as the sample config writes it, whether it has an effect yet, how to
// parse it and how to show it in the effective-configuration log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/windows_base.h"

namespace util::config {

struct Options {
  // d3d11: the highest feature level D3D11CreateDevice may choose.
  D3D_FEATURE_LEVEL maxFeatureLevel = D3D_FEATURE_LEVEL_12_1;
  bool forceSampleRateShading = false;
  bool disableMsaa = false;
  bool graphicsPipelineLibrary = true;  // build pipelines from libraries where the device can
  bool batchDraws = true;               // runs of unchanged-state draws become one multi-draw
  bool dynamicBuffersInVideoMemory = true;  // Map(WRITE_DISCARD) slabs: device-local host-visible memory first
  int samplerAnisotropy = -1;      // -1: the application's
  double samplerLodBias = 0.0;

  // dxgi: what the adapter reports (src/util/adapter_overrides.h).
  std::optional<uint32_t> customVendorId;   // unset: the Vulkan device's
  std::optional<uint32_t> customDeviceId;
  std::string customDeviceDesc;             // empty: the Vulkan device's name
  bool hideNvidiaGpu = false;
  bool hideAmdGpu = false;
  bool hideIntelGpu = false;
  uint64_t maxDeviceMemoryMiB = 0;          // 0: no limit
  int maxFrameLatency = 0;                  // 0: the application's
  int maxFrameRate = 0;                     // 0: no limit
  int syncInterval = -1;                    // -1: the application's

  // dxvk: back-end options.
  int numCompilerThreads = 0;               // 0: one per CPU core
  std::vector<std::string> deviceFilter;    // empty: every device; else a name must contain one item
  std::string hud;                          // the HUD items (util/hud_options.h); empty: no HUD
};

struct OptionSpec {
  const char* key;
  const char* defaultText;  // the default exactly as the sample d3d11vk.conf writes it
  const char* pending;      // nullptr: the option has its effect; else what it waits for
  // Stores the value into `options`, or returns false with `error` set (options unchanged).
  bool (*parse)(std::string_view raw, Options& options, std::string& error);
  // The current value, for the effective-configuration log.
  std::string (*show)(const Options& options);
};

// Every option, in the order the sample config and the log list them.
const std::vector<OptionSpec>& optionSpecs();
// The option named exactly `key` (keys are case-sensitive, as in DXVK), or nullptr.
const OptionSpec* findOption(std::string_view key);
// The known key that `key` spells in another case, for a hint in the unknown-key message.
const OptionSpec* findOptionIgnoringCase(std::string_view key);

}  // namespace util::config
