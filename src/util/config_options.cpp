// The option table: key, default, effect status, parser and display of every option.
#include "util/config_options.h"

#include <cstdio>

#include "util/config_values.h"

namespace util::config {

namespace {

// Why the parsed-only option has no effect; the sample config and docs/config.md say the same.
constexpr const char* kDisableMsaa =
    "parsed, no effect yet: making multisampled resources single-sampled also needs every shader that reads "
    "them as multisampled (Texture2DMS) translated to read single-sampled images, which d3d11vk does not do";

template <typename T, typename Field>
bool store(const Parsed<T>& parsed, Field& field, std::string& error) {
  if (!parsed.value) {
    error = parsed.error;
    return false;
  }
  field = static_cast<Field>(*parsed.value);
  return true;
}

std::string showBool(bool value) { return value ? "True" : "False"; }
std::string showHex(const std::optional<uint32_t>& value) {
  if (!value)
    return "\"\"";
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), "%04x", *value);
  return buffer;
}
std::string showString(const std::string& value) {
  std::string result = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\')
      result += '\\';
    result += c;
  }
  return result + "\"";
}

// hide*Gpu also accept DXVK's `Auto`, which here means the default (False): see docs/config.md.
bool parseHide(std::string_view raw, bool& field, std::string& error) {
  Parsed<std::string> text = parseString(raw);
  if (!text.value) {
    error = text.error;
    return false;
  }
  if (equalsIgnoreCase(*text.value, "auto")) {
    field = false;
    return true;
  }
  Parsed<bool> parsed = parseBool(raw);
  if (!parsed.value) {
    error = "'" + *text.value + "' is not True, False or Auto";
    return false;
  }
  field = *parsed.value;
  return true;
}

bool parseId(std::string_view raw, std::optional<uint32_t>& field, std::string& error) {
  Parsed<std::string> text = parseString(raw);
  if (text.value && text.value->empty()) {
    field.reset();
    return true;
  }
  Parsed<uint32_t> parsed = parseHexId(raw);
  if (!parsed.value) {
    error = parsed.error;
    return false;
  }
  field = *parsed.value;
  return true;
}

#define D3D11VK_INT_OPTION(key, def, pending, field, min, max)                                      \
  OptionSpec{key, def, pending,                                                                      \
             [](std::string_view raw, Options& o, std::string& e) { return store(parseInteger(raw, min, max), o.field, e); }, \
             [](const Options& o) { return std::to_string(o.field); }}

#define D3D11VK_BOOL_OPTION(key, pending, field)                                                    \
  OptionSpec{key, "False", pending,                                                                  \
             [](std::string_view raw, Options& o, std::string& e) { return store(parseBool(raw), o.field, e); }, \
             [](const Options& o) { return showBool(o.field); }}

#define D3D11VK_HIDE_OPTION(key, field)                                                             \
  OptionSpec{key, "False", nullptr,                                                                  \
             [](std::string_view raw, Options& o, std::string& e) { return parseHide(raw, o.field, e); }, \
             [](const Options& o) { return showBool(o.field); }}

}  // namespace

const std::vector<OptionSpec>& optionSpecs() {
  static const std::vector<OptionSpec> specs = {
    {"d3d11.maxFeatureLevel", "12_1", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseFeatureLevel(raw), o.maxFeatureLevel, e); },
     [](const Options& o) { return featureLevelText(o.maxFeatureLevel); }},
    {"dxgi.customVendorId", "\"\"", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return parseId(raw, o.customVendorId, e); },
     [](const Options& o) { return showHex(o.customVendorId); }},
    {"dxgi.customDeviceId", "\"\"", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return parseId(raw, o.customDeviceId, e); },
     [](const Options& o) { return showHex(o.customDeviceId); }},
    {"dxgi.customDeviceDesc", "\"\"", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseString(raw), o.customDeviceDesc, e); },
     [](const Options& o) { return showString(o.customDeviceDesc); }},
    D3D11VK_HIDE_OPTION("dxgi.hideNvidiaGpu", hideNvidiaGpu),
    D3D11VK_HIDE_OPTION("dxgi.hideAmdGpu", hideAmdGpu),
    D3D11VK_HIDE_OPTION("dxgi.hideIntelGpu", hideIntelGpu),
    // In MiB, as in DXVK; the upper bound (16 TiB) only keeps the byte count from overflowing.
    D3D11VK_INT_OPTION("dxgi.maxDeviceMemory", "0", nullptr, maxDeviceMemoryMiB, 0, int64_t(1) << 24),
    {"dxvk.deviceFilter", "\"\"", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseList(raw), o.deviceFilter, e); },
     [](const Options& o) {
       std::string list;
       for (const std::string& item : o.deviceFilter)
         list += (list.empty() ? "" : ", ") + showString(item);
       return list.empty() ? std::string("\"\"") : list;
     }},
    // IDXGIDevice1::SetMaximumFrameLatency accepts 1 to 16 (DXGI_MAX_SWAP_CHAIN_BUFFERS); 0 keeps the application's.
    D3D11VK_INT_OPTION("dxgi.maxFrameLatency", "0", nullptr, maxFrameLatency, 0, 16),
    D3D11VK_INT_OPTION("dxgi.maxFrameRate", "0", nullptr, maxFrameRate, 0, 10000),
    // Present accepts sync intervals 0 to 4; -1 keeps the application's.
    D3D11VK_INT_OPTION("dxgi.syncInterval", "-1", nullptr, syncInterval, -1, 4),
    // D3D11_SAMPLER_DESC::MaxAnisotropy is 1 to 16; 0 forces plain filtering, -1 keeps the application's.
    D3D11VK_INT_OPTION("d3d11.samplerAnisotropy", "-1", nullptr, samplerAnisotropy, -1, 16),
    // D3D11_MIP_LOD_BIAS_MIN and _MAX.
    {"d3d11.samplerLodBias", "0.0", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseNumber(raw, -16.0, 15.99), o.samplerLodBias, e); },
     [](const Options& o) {
       char buffer[32];
       std::snprintf(buffer, sizeof(buffer), "%.2f", o.samplerLodBias);
       return std::string(buffer);
     }},
    D3D11VK_BOOL_OPTION("d3d11.forceSampleRateShading", nullptr, forceSampleRateShading),
    D3D11VK_BOOL_OPTION("d3d11.disableMsaa", kDisableMsaa, disableMsaa),
    // Defaults to True, unlike the other booleans: False keeps the monolithic pipeline path.
    {"d3d11.graphicsPipelineLibrary", "True", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseBool(raw), o.graphicsPipelineLibrary, e); },
     [](const Options& o) { return showBool(o.graphicsPipelineLibrary); }},
    // Defaults to True: False records every draw as its own Vulkan draw (for comparisons).
    {"d3d11.batchDraws", "True", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseBool(raw), o.batchDraws, e); },
     [](const Options& o) { return showBool(o.batchDraws); }},
    // Defaults to True: False puts dynamic buffers in host-cached system memory.
    {"d3d11.dynamicBuffersInVideoMemory", "True", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseBool(raw), o.dynamicBuffersInVideoMemory, e); },
     [](const Options& o) { return showBool(o.dynamicBuffersInVideoMemory); }},
    D3D11VK_INT_OPTION("dxvk.numCompilerThreads", "0", nullptr, numCompilerThreads, 0, 256),
    // The HUD string (docs/hud.md) under DXVK's key and our own: whichever a file sets last wins;
    // D3D11VK_HUD and DXVK_HUD override both. Items are checked when the HUD starts.
    {"dxvk.hud", "\"\"", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseString(raw), o.hud, e); },
     [](const Options& o) { return showString(o.hud); }},
    {"d3d11vk.hud", "\"\"", nullptr,
     [](std::string_view raw, Options& o, std::string& e) { return store(parseString(raw), o.hud, e); },
     [](const Options& o) { return showString(o.hud); }},
  };
  return specs;
}

const OptionSpec* findOption(std::string_view key) {
  for (const OptionSpec& spec : optionSpecs()) {
    if (spec.key == key)
      return &spec;
  }
  return nullptr;
}

const OptionSpec* findOptionIgnoringCase(std::string_view key) {
  for (const OptionSpec& spec : optionSpecs()) {
    if (equalsIgnoreCase(spec.key, key))
      return &spec;
  }
  return nullptr;
}

}  // namespace util::config
