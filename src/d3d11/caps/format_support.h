// Format support: the D3D11_FORMAT_SUPPORT and D3D11_FORMAT_SUPPORT2 bits of every DXGI format on a
// device at a feature level, and multisample quality levels, from Vulkan format properties.
#pragma once

#include "util/windows_base.h"
#include "vk/device_profile.h"

namespace d3d11vk::caps {

struct FormatSupport {
  UINT support = 0;    // D3D11_FORMAT_SUPPORT bits
  UINT support2 = 0;   // D3D11_FORMAT_SUPPORT2 bits
};

// Zero for formats that are not DXGI formats or that the device cannot use at all.
FormatSupport queryFormatSupport(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, DXGI_FORMAT format);

// The Vulkan format a DXGI format is stored in on this device (its fallback when the preferred
// one lacks support), or VK_FORMAT_UNDEFINED.
VkFormat storageFormat(const vk::DeviceProfile& profile, DXGI_FORMAT format);

// CheckMultisampleQualityLevels(1): E_INVALIDARG for a null output, unknown flags or a sample
// count outside 1..32; otherwise S_OK with 1 quality level where the format can be multisampled
// with that many samples (Vulkan has only the standard pattern) and 0 where it cannot.
HRESULT checkMultisampleQualityLevels(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, DXGI_FORMAT format,
                                      UINT sampleCount, UINT flags, UINT* qualityLevels);

}  // namespace d3d11vk::caps
