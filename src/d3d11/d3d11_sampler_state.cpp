// D3D11SamplerState: identity and GetDesc of a sampler-state object, and its Vulkan sampler.
#include "d3d11/d3d11_sampler_state.h"

#include <algorithm>

#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_pipeline_state.h"
#include "util/config.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/result.h"
#include "vk/view_objects.h"

namespace d3d11vk {

namespace {

VkSamplerAddressMode addressModeOf(D3D11_TEXTURE_ADDRESS_MODE mode) {
  switch (mode) {
    case D3D11_TEXTURE_ADDRESS_WRAP: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
    case D3D11_TEXTURE_ADDRESS_MIRROR: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case D3D11_TEXTURE_ADDRESS_CLAMP: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case D3D11_TEXTURE_ADDRESS_BORDER: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    case D3D11_TEXTURE_ADDRESS_MIRROR_ONCE: return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
  }
  return VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

}  // namespace

D3D11SamplerState::~D3D11SamplerState() {
  unregister(this);
  if (VkSampler sampler = m_sampler.load(std::memory_order_acquire)) {
    auto* owner = static_cast<D3D11Device*>(device());
    vk::Device& vkDevice = owner->vulkanDevice();
    vkDevice.timeline().deferUntil(owner->recordingValue(), [&vkDevice, sampler] {
      vk::destroySampler(vkDevice, sampler);
    });
  }
}

VkSampler D3D11SamplerState::firstVulkanSampler() {
  // Not made yet, or refused (then asked once, null from then on). Creation is serialised by the
  // mutex and happens once (std::call_once would cost a thread-local lookup on every call).
  if (m_samplerTried.load(std::memory_order_acquire))
    return m_sampler.load(std::memory_order_acquire);
  std::lock_guard lock(m_samplerMutex);
  if (!m_samplerTried.load(std::memory_order_relaxed)) {
    m_sampler.store(createVulkanSampler(), std::memory_order_release);
    m_samplerTried.store(true, std::memory_order_release);
  }
  return m_sampler.load(std::memory_order_acquire);
}

VkSampler D3D11SamplerState::createVulkanSampler() {
  vk::Device& vkDevice = static_cast<D3D11Device*>(device())->vulkanDevice();
  const D3D11_SAMPLER_DESC& d = m_desc;
  // D3D11_FILTER bits: min/mag/mip linear flags, anisotropic, comparison, min/max reduction.
  const UINT filter = UINT(d.Filter);
  const bool anisotropic = (filter & 0x40) != 0;
  VkSamplerReductionModeCreateInfo reduction = vk::makeStruct<VkSamplerReductionModeCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO);
  VkSamplerCustomBorderColorCreateInfoEXT border = vk::makeStruct<VkSamplerCustomBorderColorCreateInfoEXT>(VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT);
  VkSamplerCreateInfo info = vk::makeStruct<VkSamplerCreateInfo>(VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO);
  info.magFilter = (anisotropic || (filter & 0x4)) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  info.minFilter = (anisotropic || (filter & 0x10)) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  info.mipmapMode = (anisotropic || (filter & 0x1)) ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  info.addressModeU = addressModeOf(d.AddressU);
  info.addressModeV = addressModeOf(d.AddressV);
  info.addressModeW = addressModeOf(d.AddressW);
  // Per-game options (docs/config.md): d3d11.samplerLodBias is added to the application's bias;
  // d3d11.samplerAnisotropy (0-16, -1 keeps the application's) sets anisotropic filtering on every
  // sampler whose minification is linear (0 turns it off), leaving point samplers point.
  const util::config::Options& options = util::config::options();
  const float maxBias = vkDevice.properties().limits.maxSamplerLodBias;
  float bias = d.MipLODBias + options.samplerLodBias;
  // Point mip filtering: Windows drivers round an LOD of exactly k + 0.5 up to level k + 1 (Wine's
  // test_texture, SampleLevel at 0.5); Vulkan lets a driver round it down or to even (lavapipe
  // picks level 0 at 0.5, level 2 at 1.5). 2^-12 added to the LOD makes every half round up and
  // moves nothing else D3D can tell apart: its LOD has 8 fractional bits. Only where minification
  // and magnification filter alike, since the bias also moves LOD 0 (the common 1:1 sampling)
  // from magnification to minification.
  if (info.mipmapMode == VK_SAMPLER_MIPMAP_MODE_NEAREST && info.minFilter == info.magFilter)
    bias += 1.0f / 4096.0f;
  info.mipLodBias = std::clamp(bias, -maxBias, maxBias);
  float anisotropy = anisotropic ? float(d.MaxAnisotropy) : 0.0f;
  if (options.samplerAnisotropy >= 0 && info.minFilter == VK_FILTER_LINEAR)
    anisotropy = float(options.samplerAnisotropy);
  info.anisotropyEnable = anisotropy > 1.0f && vkDevice.enabledFeatures().core.features.samplerAnisotropy;
  info.maxAnisotropy = std::clamp(anisotropy, 1.0f, vkDevice.properties().limits.maxSamplerAnisotropy);
  const UINT reductionBits = (filter >> 7) & 3;  // 0 standard, 1 comparison, 2 minimum, 3 maximum
  info.compareEnable = reductionBits == 1;
  info.compareOp = compareOpOf(d.ComparisonFunc);
  info.minLod = d.MinLOD;
  info.maxLod = std::max(d.MinLOD, d.MaxLOD);
  if (reductionBits >= 2) {
    reduction.reductionMode = reductionBits == 2 ? VK_SAMPLER_REDUCTION_MODE_MIN : VK_SAMPLER_REDUCTION_MODE_MAX;
    info.pNext = &reduction;
  }
  if (info.addressModeU == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER || info.addressModeV == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
      info.addressModeW == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER) {
    if (vkDevice.enabledFeatures().customBorderColor.customBorderColors) {
      std::copy(std::begin(d.BorderColor), std::end(d.BorderColor), border.customBorderColor.float32);
      border.format = VK_FORMAT_UNDEFINED;  // customBorderColorWithoutFormat
      border.pNext = info.pNext;
      info.pNext = &border;
      info.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
    } else {
      info.borderColor = d.BorderColor[3] > 0.5f ? VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK : VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
    }
  }
  try {
    return vk::createSampler(vkDevice, info);
  } catch (const vk::Error& error) {
    util::log::error("D3D11SamplerState: ", error.what());
    return VK_NULL_HANDLE;
  }
}

HRESULT STDMETHODCALLTYPE D3D11SamplerState::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11SamplerState))
    return util::returnInterface<ID3D11SamplerState>(this, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11SamplerState", riid);
  return E_NOINTERFACE;
}

void STDMETHODCALLTYPE D3D11SamplerState::GetDesc(D3D11_SAMPLER_DESC* desc) {
  if (desc)
    *desc = m_desc;
}

}  // namespace d3d11vk
