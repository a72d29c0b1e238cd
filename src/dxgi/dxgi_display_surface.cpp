// copyDisplaySurface: the shown image copied into GetDisplaySurfaceData's destination, with the
// documented point-sampled scaling and format conversion done on the CPU (the call is a
// screenshot, rare and allowed to wait; the GPU path would need shaders for every format pair).
#include "dxgi/dxgi_display_surface.h"

#include <cstdint>
#include <cstring>
#include <vector>

#include "util/com_ptr.h"
#include "util/log.h"

namespace d3d11vk {

namespace {

enum class ChannelOrder { Rgba, Bgra, Other };

ChannelOrder orderOf(DXGI_FORMAT format) {
  switch (format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
    case DXGI_FORMAT_R8G8B8A8_TYPELESS:
      return ChannelOrder::Rgba;
    case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB:
    case DXGI_FORMAT_B8G8R8A8_TYPELESS:
    case DXGI_FORMAT_B8G8R8X8_UNORM:
    case DXGI_FORMAT_B8G8R8X8_UNORM_SRGB:
      return ChannelOrder::Bgra;
    default:
      return ChannelOrder::Other;
  }
}

HRESULT refuse(const char* why) {
  util::log::warn("IDXGIOutput::GetDisplaySurfaceData: ", why, ": DXGI_ERROR_INVALID_CALL");
  return DXGI_ERROR_INVALID_CALL;
}

// The shown image's texels, read through a staging copy.
bool readTexels(ID3D11Device* device, ID3D11DeviceContext* context, ID3D11Texture2D* shown, const D3D11_TEXTURE2D_DESC& desc,
                std::vector<uint32_t>* texels) {
  D3D11_TEXTURE2D_DESC stagingDesc = desc;
  stagingDesc.Usage = D3D11_USAGE_STAGING;
  stagingDesc.BindFlags = 0;
  stagingDesc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  stagingDesc.MiscFlags = 0;
  util::ComPtr<ID3D11Texture2D> staging;
  if (FAILED(device->CreateTexture2D(&stagingDesc, nullptr, staging.put())))
    return false;
  context->CopyResource(staging.get(), shown);
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (FAILED(context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &mapped)))
    return false;
  texels->resize(size_t(desc.Width) * desc.Height);
  for (UINT y = 0; y < desc.Height; ++y)
    std::memcpy(texels->data() + size_t(y) * desc.Width, static_cast<const uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch,
                size_t(desc.Width) * 4);
  context->Unmap(staging.get(), 0);
  return true;
}

uint32_t swapRedBlue(uint32_t texel) {
  return (texel & 0xff00ff00u) | ((texel & 0xffu) << 16) | ((texel >> 16) & 0xffu);
}

}  // namespace

HRESULT copyDisplaySurface(ID3D11DeviceContext* context, ID3D11Texture2D* shown, IDXGISurface* destination) {
  if (!destination)
    return refuse("a null destination");
  util::ComPtr<ID3D11Texture2D> target;
  if (FAILED(destination->QueryInterface(__uuidof(ID3D11Texture2D), target.putVoid())))
    return refuse("the destination is not a Direct3D 11 texture");
  util::ComPtr<ID3D11Device> device, targetDevice;
  context->GetDevice(device.put());
  target->GetDevice(targetDevice.put());
  if (device.get() != targetDevice.get())
    return refuse("the destination belongs to another device than the fullscreen swapchain's");
  D3D11_TEXTURE2D_DESC from{}, to{};
  shown->GetDesc(&from);
  target->GetDesc(&to);
  if (to.MipLevels != 1 || to.ArraySize != 1 || to.SampleDesc.Count != 1)
    return refuse("the destination is not a single-sampled texture of one subresource");
  if (to.Width == from.Width && to.Height == from.Height && to.Format == from.Format) {
    context->CopyResource(target.get(), shown);
    return S_OK;
  }
  const ChannelOrder fromOrder = orderOf(from.Format), toOrder = orderOf(to.Format);
  if (fromOrder == ChannelOrder::Other || toOrder == ChannelOrder::Other)
    return refuse("converting between these formats is not implemented (8-bit RGBA and BGRA only)");
  const bool writable = to.Usage == D3D11_USAGE_STAGING ? (to.CPUAccessFlags & D3D11_CPU_ACCESS_WRITE) != 0
                                                        : to.Usage == D3D11_USAGE_DEFAULT;
  if (!writable)
    return refuse("the destination is neither a default texture nor a staging texture with CPU write access");
  std::vector<uint32_t> texels;
  if (!readTexels(device.get(), context, shown, from, &texels))
    return refuse("the shown image cannot be read");
  // Point sampling: each destination texel takes the source texel under its centre.
  std::vector<uint32_t> fitted(size_t(to.Width) * to.Height);
  for (UINT y = 0; y < to.Height; ++y) {
    const UINT sy = UINT((uint64_t(y) * 2 + 1) * from.Height / (uint64_t(to.Height) * 2));
    for (UINT x = 0; x < to.Width; ++x) {
      const UINT sx = UINT((uint64_t(x) * 2 + 1) * from.Width / (uint64_t(to.Width) * 2));
      const uint32_t texel = texels[size_t(sy) * from.Width + sx];
      fitted[size_t(y) * to.Width + x] = fromOrder == toOrder ? texel : swapRedBlue(texel);
    }
  }
  if (to.Usage == D3D11_USAGE_DEFAULT) {
    context->UpdateSubresource(target.get(), 0, nullptr, fitted.data(), to.Width * 4, 0);
    return S_OK;
  }
  D3D11_MAPPED_SUBRESOURCE mapped{};
  if (FAILED(context->Map(target.get(), 0, D3D11_MAP_WRITE, 0, &mapped)))
    return refuse("the destination cannot be mapped for writing");
  for (UINT y = 0; y < to.Height; ++y)
    std::memcpy(static_cast<uint8_t*>(mapped.pData) + size_t(y) * mapped.RowPitch, fitted.data() + size_t(y) * to.Width,
                size_t(to.Width) * 4);
  context->Unmap(target.get(), 0);
  return S_OK;
}

}  // namespace d3d11vk
