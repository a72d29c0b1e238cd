// HUD options: what the overlay shows, parsed from DXVK's HUD syntax ("fps,frametimes,scale=2")
// as D3D11VK_HUD, DXVK_HUD or the d3d11vk.hud / dxvk.hud config keys give it (docs/hud.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace util::hud {

// Every item the HUD can show, in the order it draws them (top to bottom).
enum class Item : uint32_t {
  Version,
  DevInfo,
  Api,
  Fps,
  FrameTimes,
  Submissions,
  DrawCalls,
  Pipelines,
  Memory,
  GpuLoad,
  Cs,
  Compiler,
  Count,
};
constexpr uint32_t kItemCount = uint32_t(Item::Count);

// The item's name in the option string ("devinfo"), or "" for Count.
const char* itemName(Item item);

struct Options {
  uint32_t items = 0;     // bit (1 << Item) per item shown
  float scale = 1.0f;     // each font pixel is `scale` screen pixels (whole numbers keep text sharp)
  float opacity = 1.0f;   // of everything the HUD draws, 0 to 1

  bool enabled() const { return items != 0; }
  bool has(Item item) const { return (items >> uint32_t(item)) & 1u; }
};

// Parses `spec`: comma-separated items, "1" for the default set (devinfo, fps), "full" for all,
// "0" or "" for none, "scale=X" (0.5 to 8) and "opacity=X" (0 to 1). What is not understood goes
// into `problems`, one message each ("unknown HUD item 'fsp'"); the rest still applies.
Options parse(std::string_view spec, std::vector<std::string>* problems);

// Where the process's HUD string comes from, in order of precedence: D3D11VK_HUD, DXVK_HUD, then
// the configuration's d3d11vk.hud / dxvk.hud. `source` names it for the log ("DXVK_HUD").
std::string processSpec(std::string* source);

// The process's HUD options, parsed once; each problem is logged once, as a warning.
const Options& processOptions();

}  // namespace util::hud
