// reportedCapabilities: every CheckFeatureSupport structure d3d11vk answers, read member by
// member (the member lists follow the D3D11 structure pages).
#include <cstddef>
#include <cstring>

#include "d3d11/caps/capability_sources.h"
#include "d3d11/caps/feature_support.h"
#include "d3d11/caps/format_support.h"
#include "d3d11/caps/format_table.h"

namespace d3d11vk::caps {

namespace {

struct Member {
  const char* name;
  size_t offset, size;
  bool valued;  // a tier or count: reported with its value
};

#define D3D11VK_MEMBER(Struct, name) {#name, offsetof(Struct, name), sizeof(Struct::name), false}
#define D3D11VK_VALUED(Struct, name) {#name, offsetof(Struct, name), sizeof(Struct::name), true}

struct Structure {
  D3D11_FEATURE feature;
  const char* name;
  size_t size;
  std::vector<Member> members;
};

const std::vector<Structure>& structures() {
  static const std::vector<Structure> list = {
    {D3D11_FEATURE_THREADING, "THREADING", sizeof(D3D11_FEATURE_DATA_THREADING),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_THREADING, DriverConcurrentCreates),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_THREADING, DriverCommandLists)}},
    {D3D11_FEATURE_DOUBLES, "DOUBLES", sizeof(D3D11_FEATURE_DATA_DOUBLES),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_DOUBLES, DoublePrecisionFloatShaderOps)}},
    {D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, "D3D10_X_HARDWARE_OPTIONS", sizeof(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS, ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x)}},
    {D3D11_FEATURE_D3D11_OPTIONS, "D3D11_OPTIONS", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, OutputMergerLogicOp),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, UAVOnlyRenderingForcedSampleCount),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, DiscardAPIsSeenByDriver),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, FlagsForUpdateAndCopySeenByDriver),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, ClearView),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, CopyWithOverlap),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, ConstantBufferPartialUpdate),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, ConstantBufferOffsetting),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, MapNoOverwriteOnDynamicConstantBuffer),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, MapNoOverwriteOnDynamicBufferSRV),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, MultisampleRTVWithForcedSampleCountOne),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, SAD4ShaderInstructions),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, ExtendedDoublesShaderInstructions),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS, ExtendedResourceSharing)}},
    {D3D11_FEATURE_ARCHITECTURE_INFO, "ARCHITECTURE_INFO", sizeof(D3D11_FEATURE_DATA_ARCHITECTURE_INFO),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_ARCHITECTURE_INFO, TileBasedDeferredRenderer)}},
    {D3D11_FEATURE_D3D9_OPTIONS, "D3D9_OPTIONS", sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_OPTIONS, FullNonPow2TextureSupport)}},
    {D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT, "SHADER_MIN_PRECISION_SUPPORT", sizeof(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT),
     {D3D11VK_VALUED(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT, PixelShaderMinPrecision),
      D3D11VK_VALUED(D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT, AllOtherShaderStagesMinPrecision)}},
    {D3D11_FEATURE_D3D9_SHADOW_SUPPORT, "D3D9_SHADOW_SUPPORT", sizeof(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT, SupportsDepthAsTextureWithLessEqualComparisonFilter)}},
    {D3D11_FEATURE_D3D11_OPTIONS1, "D3D11_OPTIONS1", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS1),
     {D3D11VK_VALUED(D3D11_FEATURE_DATA_D3D11_OPTIONS1, TiledResourcesTier),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MinMaxFiltering),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS1, ClearViewAlsoSupportsDepthOnlyFormats),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS1, MapOnDefaultBuffers)}},
    {D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, "D3D9_SIMPLE_INSTANCING_SUPPORT", sizeof(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT, SimpleInstancingSupported)}},
    {D3D11_FEATURE_MARKER_SUPPORT, "MARKER_SUPPORT", sizeof(D3D11_FEATURE_DATA_MARKER_SUPPORT),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_MARKER_SUPPORT, Profile)}},
    {D3D11_FEATURE_D3D9_OPTIONS1, "D3D9_OPTIONS1", sizeof(D3D11_FEATURE_DATA_D3D9_OPTIONS1),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_OPTIONS1, FullNonPow2TextureSupported),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_OPTIONS1, DepthAsTextureWithLessEqualComparisonFilterSupported),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_OPTIONS1, SimpleInstancingSupported),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D9_OPTIONS1, TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported)}},
    {D3D11_FEATURE_D3D11_OPTIONS2, "D3D11_OPTIONS2", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS2, PSSpecifiedStencilRefSupported),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TypedUAVLoadAdditionalFormats),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ROVsSupported),
      D3D11VK_VALUED(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ConservativeRasterizationTier),
      D3D11VK_VALUED(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TiledResourcesTier),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS2, MapOnDefaultTextures),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS2, StandardSwizzle),
      D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS2, UnifiedMemoryArchitecture)}},
    {D3D11_FEATURE_D3D11_OPTIONS3, "D3D11_OPTIONS3", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS3),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS3, VPAndRTArrayIndexFromAnyShaderFeedingRasterizer)}},
    {D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, "GPU_VIRTUAL_ADDRESS_SUPPORT", sizeof(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT),
     {D3D11VK_VALUED(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT, MaxGPUVirtualAddressBitsPerResource),
      D3D11VK_VALUED(D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT, MaxGPUVirtualAddressBitsPerProcess)}},
    {D3D11_FEATURE_D3D11_OPTIONS4, "D3D11_OPTIONS4", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS4),
     {D3D11VK_MEMBER(D3D11_FEATURE_DATA_D3D11_OPTIONS4, ExtendedNV12SharedTextureSupported)}},
    {D3D11_FEATURE_SHADER_CACHE, "SHADER_CACHE", sizeof(D3D11_FEATURE_DATA_SHADER_CACHE),
     {D3D11VK_VALUED(D3D11_FEATURE_DATA_SHADER_CACHE, SupportFlags)}},
    {D3D11_FEATURE_D3D11_OPTIONS5, "D3D11_OPTIONS5", sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS5),
     {D3D11VK_VALUED(D3D11_FEATURE_DATA_D3D11_OPTIONS5, SharedResourceTier)}},
    {kFeatureDisplayable, "DISPLAYABLE", sizeof(FeatureDataDisplayable),
     {D3D11VK_MEMBER(FeatureDataDisplayable, DisplayableTexture), D3D11VK_VALUED(FeatureDataDisplayable, SharedResourceTier)}},
    {kFeatureOptions6, "D3D11_OPTIONS6", sizeof(FeatureDataOptions6),
     {D3D11VK_MEMBER(FeatureDataOptions6, ShaderAccessRestrictedResourcesSupported)}},
  };
  return list;
}

#undef D3D11VK_MEMBER
#undef D3D11VK_VALUED

uint64_t readMember(const unsigned char* data, const Member& member) {
  uint64_t value = 0;
  std::memcpy(&value, data + member.offset, member.size);  // little-endian members up to 8 bytes
  return value;
}

}  // namespace

std::vector<std::string> reportedCapabilities(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  std::vector<std::string> reported;
  for (const Structure& structure : structures()) {
    std::vector<unsigned char> data(structure.size);
    if (FAILED(queryFeatureSupport(profile, level, structure.feature, data.data(), UINT(data.size()))))
      continue;
    std::vector<unsigned char> covered(structure.size);
    for (const Member& member : structure.members) {
      std::memset(covered.data() + member.offset, 1, member.size);
      const uint64_t value = readMember(data.data(), member);
      if (!value)
        continue;
      std::string name = std::string(structure.name) + "." + member.name;
      if (member.valued)
        name += "=" + std::to_string(value);
      reported.push_back(name);
    }
    for (size_t i = 0; i < structure.size; i++)
      if (!covered[i] && data[i]) {
        reported.push_back(std::string(structure.name) + ": unlisted bytes");
        break;
      }
  }
  // Structures answered but not read above (every feature the reporter knows must be listed or
  // be one of the per-format queries and the compiler identifier, a name and not a capability).
  for (const FeatureDescription& feature : allFeatures()) {
    bool listed = feature.feature == D3D11_FEATURE_FORMAT_SUPPORT || feature.feature == D3D11_FEATURE_FORMAT_SUPPORT2 ||
                  feature.feature == kFeatureShaderCacheAbiSupport;
    for (const Structure& structure : structures())
      listed |= structure.feature == feature.feature;
    if (!listed)
      reported.push_back(std::string(feature.name) + ": unlisted structure");
  }
  for (const FormatInfo& format : allFormats()) {
    if (queryFormatSupport(profile, level, format.dxgi).support2 & D3D11_FORMAT_SUPPORT2_TILED) {
      reported.push_back("FORMAT_SUPPORT2.TILED");
      break;
    }
  }
  return reported;
}

}  // namespace d3d11vk::caps
