// D3D11PresentDevice: the ID3D11VkPresentDevice face of a D3D11 device, through which dxgi.dll's
// swapchains present the device's textures (include/d3d11vk/d3d11vk_present_device.h).
#pragma once

#include "d3d11vk/d3d11vk_present_device.h"
#include "util/com_face.h"

namespace d3d11vk {

class D3D11Device;

class D3D11PresentDevice final : public util::ComFace<ID3D11VkPresentDevice, D3D11Device> {
public:
  using ComFace::ComFace;

  vk::Device* STDMETHODCALLTYPE GetVulkanDevice() override;
  vk::Adapter* STDMETHODCALLTYPE GetVulkanAdapter() override;
  HRESULT STDMETHODCALLTYPE PresentTexture(vk::Presenter* presenter, ID3D11Texture2D* texture, UINT syncInterval,
                                           BOOL allowTearing, const vk::PresentLayout* layout, UINT64* submission) override;
  BOOL STDMETHODCALLTYPE HasOtherReferences(ID3D11Resource* resource) override;
  void STDMETHODCALLTYPE WaitIdle() override;
  HRESULT STDMETHODCALLTYPE CreateBackBuffer(const D3D11_TEXTURE2D_DESC* desc, UINT usage, ID3D11Texture2D** texture) override;
  void STDMETHODCALLTYPE AddBufferReference(ID3D11Texture2D* texture) override;
  void STDMETHODCALLTYPE ReleaseBufferReference(ID3D11Texture2D* texture) override;
};

}  // namespace d3d11vk
