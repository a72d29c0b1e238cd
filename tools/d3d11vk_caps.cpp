// d3d11vk-caps: the D3D11 view of a Vulkan device, from the live device or a profile file: adapter,
// driver, maximum feature level, why each higher level is refused, every CheckFeatureSupport
// structure and the support bits of every DXGI format. --json prints one JSON object.
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "d3d11/caps/capability_sources.h"
#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"
#include "d3d11/caps/resource_limits.h"
#include "d3d11/d3d11_feature_levels.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/device_profile_json.h"
#include "vk/instance.h"

const char* util::moduleName() { return "caps"; }

using Json = nlohmann::ordered_json;
using namespace d3d11vk;

namespace {

const std::pair<UINT, const char*> kSupportNames[] = {
#define BIT(name) {D3D11_FORMAT_SUPPORT_##name, #name},
  BIT(BUFFER) BIT(IA_VERTEX_BUFFER) BIT(IA_INDEX_BUFFER) BIT(SO_BUFFER) BIT(TEXTURE1D) BIT(TEXTURE2D) BIT(TEXTURE3D)
  BIT(TEXTURECUBE) BIT(SHADER_LOAD) BIT(SHADER_SAMPLE) BIT(SHADER_SAMPLE_COMPARISON) BIT(SHADER_SAMPLE_MONO_TEXT)
  BIT(MIP) BIT(MIP_AUTOGEN) BIT(RENDER_TARGET) BIT(BLENDABLE) BIT(DEPTH_STENCIL) BIT(CPU_LOCKABLE)
  BIT(MULTISAMPLE_RESOLVE) BIT(DISPLAY) BIT(CAST_WITHIN_BIT_LAYOUT) BIT(MULTISAMPLE_RENDERTARGET)
  BIT(MULTISAMPLE_LOAD) BIT(SHADER_GATHER) BIT(BACK_BUFFER_CAST) BIT(TYPED_UNORDERED_ACCESS_VIEW)
  BIT(SHADER_GATHER_COMPARISON) BIT(DECODER_OUTPUT) BIT(VIDEO_PROCESSOR_OUTPUT) BIT(VIDEO_PROCESSOR_INPUT)
  BIT(VIDEO_ENCODER)
#undef BIT
};

const std::pair<UINT, const char*> kSupport2Names[] = {
#define BIT(name) {D3D11_FORMAT_SUPPORT2_##name, #name},
  BIT(UAV_ATOMIC_ADD) BIT(UAV_ATOMIC_BITWISE_OPS) BIT(UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE)
  BIT(UAV_ATOMIC_EXCHANGE) BIT(UAV_ATOMIC_SIGNED_MIN_OR_MAX) BIT(UAV_ATOMIC_UNSIGNED_MIN_OR_MAX)
  BIT(UAV_TYPED_LOAD) BIT(UAV_TYPED_STORE) BIT(OUTPUT_MERGER_LOGIC_OP) BIT(TILED) BIT(SHAREABLE)
  BIT(MULTIPLANE_OVERLAY)
#undef BIT
};

template <size_t N>
Json bitNames(UINT bits, const std::pair<UINT, const char*> (&names)[N]) {
  Json list = Json::array();
  for (const auto& [bit, name] : names) {
    if (bits & bit)
      list.push_back(name);
  }
  return list;
}

// Each CheckFeatureSupport structure as name/value pairs.
Json featureData(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, D3D11_FEATURE feature) {
  union {
    D3D11_FEATURE_DATA_THREADING threading;
    D3D11_FEATURE_DATA_DOUBLES doubles;
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS d3d10x;
    D3D11_FEATURE_DATA_D3D11_OPTIONS options;
    D3D11_FEATURE_DATA_ARCHITECTURE_INFO architecture;
    D3D11_FEATURE_DATA_D3D9_OPTIONS d3d9;
    D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT minPrecision;
    D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT shadow;
    D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1;
    D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT instancing;
    D3D11_FEATURE_DATA_MARKER_SUPPORT marker;
    D3D11_FEATURE_DATA_D3D9_OPTIONS1 d3d9Options1;
    D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2;
    D3D11_FEATURE_DATA_D3D11_OPTIONS3 options3;
    D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT va;
    D3D11_FEATURE_DATA_D3D11_OPTIONS4 options4;
    D3D11_FEATURE_DATA_SHADER_CACHE cache;
    D3D11_FEATURE_DATA_D3D11_OPTIONS5 options5;
    caps::FeatureDataDisplayable displayable;
    caps::FeatureDataOptions6 options6;
  } d;
  std::memset(&d, 0, sizeof(d));
  Json out = Json::object();
#define QUERY(member) \
  if (FAILED(caps::queryFeatureSupport(profile, level, feature, &d.member, sizeof(d.member)))) return Json("E_INVALIDARG");
#define FIELD(member, field) out[#field] = d.member.field;
#define FLAG(member, field) out[#field] = d.member.field != FALSE;
  switch (int(feature)) {
    case D3D11_FEATURE_THREADING: QUERY(threading) FLAG(threading, DriverConcurrentCreates) FLAG(threading, DriverCommandLists) break;
    case D3D11_FEATURE_DOUBLES: QUERY(doubles) FLAG(doubles, DoublePrecisionFloatShaderOps) break;
    case D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS: QUERY(d3d10x) FLAG(d3d10x, ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x) break;
    case D3D11_FEATURE_D3D11_OPTIONS:
      QUERY(options) FLAG(options, OutputMergerLogicOp) FLAG(options, UAVOnlyRenderingForcedSampleCount)
      FLAG(options, DiscardAPIsSeenByDriver) FLAG(options, FlagsForUpdateAndCopySeenByDriver) FLAG(options, ClearView)
      FLAG(options, CopyWithOverlap) FLAG(options, ConstantBufferPartialUpdate) FLAG(options, ConstantBufferOffsetting)
      FLAG(options, MapNoOverwriteOnDynamicConstantBuffer) FLAG(options, MapNoOverwriteOnDynamicBufferSRV)
      FLAG(options, MultisampleRTVWithForcedSampleCountOne) FLAG(options, SAD4ShaderInstructions)
      FLAG(options, ExtendedDoublesShaderInstructions) FLAG(options, ExtendedResourceSharing) break;
    case D3D11_FEATURE_ARCHITECTURE_INFO: QUERY(architecture) FLAG(architecture, TileBasedDeferredRenderer) break;
    case D3D11_FEATURE_D3D9_OPTIONS: QUERY(d3d9) FLAG(d3d9, FullNonPow2TextureSupport) break;
    case D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT:
      QUERY(minPrecision) FIELD(minPrecision, PixelShaderMinPrecision) FIELD(minPrecision, AllOtherShaderStagesMinPrecision) break;
    case D3D11_FEATURE_D3D9_SHADOW_SUPPORT: QUERY(shadow) FLAG(shadow, SupportsDepthAsTextureWithLessEqualComparisonFilter) break;
    case D3D11_FEATURE_D3D11_OPTIONS1:
      QUERY(options1) FIELD(options1, TiledResourcesTier) FLAG(options1, MinMaxFiltering)
      FLAG(options1, ClearViewAlsoSupportsDepthOnlyFormats) FLAG(options1, MapOnDefaultBuffers) break;
    case D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT: QUERY(instancing) FLAG(instancing, SimpleInstancingSupported) break;
    case D3D11_FEATURE_MARKER_SUPPORT: QUERY(marker) FLAG(marker, Profile) break;
    case D3D11_FEATURE_D3D9_OPTIONS1:
      QUERY(d3d9Options1) FLAG(d3d9Options1, FullNonPow2TextureSupported)
      FLAG(d3d9Options1, DepthAsTextureWithLessEqualComparisonFilterSupported) FLAG(d3d9Options1, SimpleInstancingSupported)
      FLAG(d3d9Options1, TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported) break;
    case D3D11_FEATURE_D3D11_OPTIONS2:
      QUERY(options2) FLAG(options2, PSSpecifiedStencilRefSupported) FLAG(options2, TypedUAVLoadAdditionalFormats)
      FLAG(options2, ROVsSupported) FIELD(options2, ConservativeRasterizationTier) FIELD(options2, TiledResourcesTier)
      FLAG(options2, MapOnDefaultTextures) FLAG(options2, StandardSwizzle) FLAG(options2, UnifiedMemoryArchitecture) break;
    case D3D11_FEATURE_D3D11_OPTIONS3: QUERY(options3) FLAG(options3, VPAndRTArrayIndexFromAnyShaderFeedingRasterizer) break;
    case D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT:
      QUERY(va) FIELD(va, MaxGPUVirtualAddressBitsPerResource) FIELD(va, MaxGPUVirtualAddressBitsPerProcess) break;
    case D3D11_FEATURE_D3D11_OPTIONS4: QUERY(options4) FLAG(options4, ExtendedNV12SharedTextureSupported) break;
    case D3D11_FEATURE_SHADER_CACHE: QUERY(cache) FIELD(cache, SupportFlags) break;
    case D3D11_FEATURE_D3D11_OPTIONS5: QUERY(options5) FIELD(options5, SharedResourceTier) break;
    case int(caps::kFeatureDisplayable):
      QUERY(displayable) FLAG(displayable, DisplayableTexture) FIELD(displayable, SharedResourceTier) break;
    case int(caps::kFeatureOptions6): QUERY(options6) FLAG(options6, ShaderAccessRestrictedResourcesSupported) break;
    default: return Json();  // per-format and identifier features are reported elsewhere
  }
#undef QUERY
#undef FIELD
#undef FLAG
  return out;
}

Json report(const vk::DeviceProfile& profile) {
  Json out;
  out["adapter"] = profile.deviceName();
  out["driver"] = profile.driverDescription();
  out["vendorId"] = profile.properties.core.properties.vendorID;
  out["deviceId"] = profile.properties.core.properties.deviceID;
  out["vulkanVersion"] = vk::versionString(profile.apiVersion());

  std::optional<D3D_FEATURE_LEVEL> max = maxFeatureLevel(profile);
  out["maxFeatureLevel"] = max ? Json(featureLevelName(*max)) : Json();
  Json refused = Json::object();
  for (D3D_FEATURE_LEVEL level : knownFeatureLevels()) {
    std::vector<std::string> missing = missingForFeatureLevel(profile, level);
    if (!missing.empty())
      refused[featureLevelName(level)] = missing;
  }
  out["refusedLevels"] = refused;

  // Features and formats as the device reports them at its maximum level (9_1 when it has none,
  // so a device that cannot run D3D11 still shows what it lacks).
  D3D_FEATURE_LEVEL level = max.value_or(D3D_FEATURE_LEVEL_9_1);
  out["reportedAtLevel"] = featureLevelName(level);
  Json features = Json::object();
  for (const caps::FeatureDescription& feature : caps::allFeatures()) {
    Json data = featureData(profile, level, feature.feature);
    if (!data.is_null())
      features[feature.name] = data;
  }
  out["features"] = features;

  Json formats = Json::object();
  for (const caps::FormatInfo& info : caps::allFormats()) {
    if (info.dxgi == DXGI_FORMAT_UNKNOWN)
      continue;
    caps::FormatSupport support = caps::queryFormatSupport(profile, level, info.dxgi);
    Json entry;
    entry["support"] = bitNames(support.support, kSupportNames);
    entry["support2"] = bitNames(support.support2, kSupport2Names);
    Json samples = Json::array();
    for (UINT count = 2; count <= 32; count *= 2) {
      UINT quality = 0;
      if (SUCCEEDED(caps::checkMultisampleQualityLevels(profile, level, info.dxgi, count, 0, &quality)) && quality)
        samples.push_back(count);
    }
    entry["multisampleCounts"] = samples;
    const char* vkName = vk::formatName(caps::storageFormat(profile, info.dxgi));
    entry["vulkanFormat"] = vkName ? Json(vkName) : Json();
    formats[info.name] = entry;
  }
  out["formats"] = formats;

  const caps::ResourceLimits& limits = caps::resourceLimits(level);
  out["limits"] = {{"maxTexture2DSize", limits.maxTexture2DSize}, {"maxTexture3DSize", limits.maxTexture3DSize},
                   {"maxTextureCubeSize", limits.maxTextureCubeSize}, {"maxTexture2DArraySize", limits.maxTexture2DArraySize},
                   {"maxRenderTargets", limits.maxRenderTargets}, {"uavSlots", limits.uavSlots},
                   {"shaderResourceSlots", limits.shaderResourceSlots}, {"samplerSlots", limits.samplerSlots},
                   {"constantBufferSlots", limits.constantBufferSlots}, {"maxAnisotropy", limits.maxAnisotropy}};
  return out;
}

void printText(const Json& r) {
  std::printf("adapter:          %s\n", r["adapter"].get<std::string>().c_str());
  std::printf("driver:           %s\n", r["driver"].get<std::string>().c_str());
  std::printf("vulkan:           %s\n", r["vulkanVersion"].get<std::string>().c_str());
  std::printf("max feature level: %s\n", r["maxFeatureLevel"].is_null() ? "none (the device cannot run Direct3D 11)"
                                                                        : r["maxFeatureLevel"].get<std::string>().c_str());
  for (const auto& [level, reasons] : r["refusedLevels"].items()) {
    std::printf("refused %s:\n", level.c_str());
    for (const Json& reason : reasons)
      std::printf("  - %s\n", reason.get<std::string>().c_str());
  }
  std::printf("\nCheckFeatureSupport at %s:\n", r["reportedAtLevel"].get<std::string>().c_str());
  for (const auto& [name, fields] : r["features"].items()) {
    std::printf("  %s\n", name.c_str());
    for (const auto& [field, value] : fields.items())
      std::printf("    %-58s %s\n", field.c_str(), value.dump().c_str());
  }
  std::printf("\nformats:\n");
  for (const auto& [name, entry] : r["formats"].items()) {
    std::string bits;
    for (const Json& bit : entry["support"])
      bits += (bits.empty() ? "" : " ") + bit.get<std::string>();
    for (const Json& bit : entry["support2"])
      bits += (bits.empty() ? "" : " ") + bit.get<std::string>();
    std::printf("  %-28s %s\n", name.c_str(), bits.empty() ? "(none)" : bits.c_str());
  }
}

int usage() {
  std::fprintf(stderr, "usage: d3d11vk-caps [--profile FILE] [--json | --sources]\n"
                       "  without --profile: the first Vulkan device on this machine\n"
                       "  --sources: each capability reported at the device's level, with the code that\n"
                       "  serves it and its test; exit 1 when one has no entry (docs/caps.md)\n");
  return 2;
}

// --sources: the capability-sources table applied to this device.
int printSources(const vk::DeviceProfile& profile) {
  const auto level = d3d11vk::maxFeatureLevel(profile);
  if (!level) {
    std::printf("no feature level: nothing is reported\n");
    return 0;
  }
  int unserved = 0;
  for (const std::string& capability : d3d11vk::caps::reportedCapabilities(profile, *level)) {
    const d3d11vk::caps::CapabilitySource* source = nullptr;
    for (const auto& entry : d3d11vk::caps::capabilitySources())
      if (capability == entry.capability)
        source = &entry;
    if (source) {
      std::printf("%-64s %s | %s\n", capability.c_str(), source->implementation, source->test);
    } else {
      std::printf("%-64s UNSERVED: no implementation on record\n", capability.c_str());
      unserved++;
    }
  }
  return unserved ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string profilePath;
  bool json = false, sources = false;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    if (arg == "--json")
      json = true;
    else if (arg == "--sources")
      sources = true;
    else if (arg == "--profile" && i + 1 < argc)
      profilePath = argv[++i];
    else if (arg == "--help" || arg == "-h")
      return usage() == 2 ? 0 : 0;
    else
      return usage();
  }

  vk::DeviceProfile profile;
  try {
    if (!profilePath.empty()) {
      profile = vk::loadDeviceProfileJson(profilePath);
    } else {
      const auto& adapters = vk::Instance::shared()->adapters();
      if (adapters.empty()) {
        std::fprintf(stderr, "d3d11vk-caps: no Vulkan device found (see the log lines above)\n");
        return 1;
      }
      profile = adapters.front()->profile();
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "d3d11vk-caps: %s\n", error.what());
    return 1;
  }

  if (sources)
    return printSources(profile);
  Json r = report(profile);
  if (json)
    std::printf("%s\n", r.dump(2).c_str());
  else
    printText(r);
  return 0;
}
