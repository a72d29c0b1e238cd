// Validation of buffer and texture descriptions per feature level, as the D3D11 reference
// documents D3D11_BUFFER_DESC, D3D11_TEXTURE1D/2D/3D_DESC(1) and the Create* remarks
// (docs/resources.md lists the rules). Pure: it reads the device profile, nothing else.
#pragma once

#include <string>

#include "util/windows_base.h"

namespace vk { class DeviceProfile; }

namespace d3d11vk {

// The three texture descriptions in one shape (TextureLayout/MiscFlags as given; Height/Depth 1
// and SampleDesc {1,0} where the dimension has none).
struct TextureDesc {
  D3D11_RESOURCE_DIMENSION dimension = D3D11_RESOURCE_DIMENSION_TEXTURE2D;
  UINT width = 1, height = 1, depth = 1;
  UINT mipLevels = 1;             // 0 in a description means the full chain; filled in by the check
  UINT arraySize = 1;
  DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
  DXGI_SAMPLE_DESC sampleDesc = {1, 0};
  UINT usage = 0, bindFlags = 0, cpuAccessFlags = 0, miscFlags = 0;
  UINT textureLayout = 0;
  // Swapchain buffers only (made through ID3D11VkPresentDevice::CreateBackBuffer): their
  // DXGI_USAGE, with DXGI_USAGE_BACK_BUFFER set; 0 for every texture the application creates.
  UINT swapChainUsage = 0;
};

// The format whose render-target views a swapchain buffer of `format` also takes: the _SRGB twin
// of R8G8B8A8_UNORM and B8G8R8A8_UNORM and back; UNKNOWN for every other format.
DXGI_FORMAT backBufferSrgbTwin(DXGI_FORMAT format);

TextureDesc textureDesc(const D3D11_TEXTURE1D_DESC& desc);
TextureDesc textureDesc(const D3D11_TEXTURE2D_DESC1& desc);
TextureDesc textureDesc(const D3D11_TEXTURE3D_DESC1& desc);

// The number of levels of a full mip chain for these dimensions.
UINT fullMipCount(UINT width, UINT height, UINT depth);

// Empty when valid; else why not. A problem that means "valid but not implemented" starts with
// "not implemented:" and the caller answers E_NOTIMPL instead of E_INVALIDARG.
// maxResourceBytes: caps::resourceSizeLimit for the device's level and adapter.
std::string checkBufferDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& desc,
                            const D3D11_SUBRESOURCE_DATA* initialData, uint64_t maxResourceBytes);
// Also resolves desc->mipLevels 0 to the full chain.
std::string checkTextureDesc(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level, TextureDesc* desc,
                             const D3D11_SUBRESOURCE_DATA* initialData);

}  // namespace d3d11vk
