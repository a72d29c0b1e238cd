// ID3D11VkPresentDevice: the private interface through which dxgi.dll's swapchains reach the
// Vulkan device behind a d3d11vk device and present its textures on the immediate context.
#pragma once

#include <d3d11.h>

namespace vk { class Adapter; class Device; class Presenter; struct PresentLayout; }

// d3d11.dll and dxgi.dll are built from the same sources by the same compiler, so the vk pointers
// passed here are safe to share between them; the caller keeps the device referenced while it
// uses them. Like the immediate context, these methods are for the application's render thread.
// {6f0e3b1e-4a5d-4c8e-9b7a-2d1c0f6e5a93}
struct ID3D11VkPresentDevice : public IUnknown {
  virtual vk::Device* STDMETHODCALLTYPE GetVulkanDevice() = 0;
  virtual vk::Adapter* STDMETHODCALLTYPE GetVulkanAdapter() = 0;
  // Records on the immediate context a present of mip 0 / layer 0 of `texture` (a single-sampled
  // 2D texture of this device) through `presenter`, then flushes, so the frame reaches the GPU
  // now. `layout` says where it lands in the window (DXGI_SCALING). *submission receives the GPU
  // timeline value of the submission carrying it.
  // E_INVALIDARG for a foreign or unsuitable texture.
  virtual HRESULT STDMETHODCALLTYPE PresentTexture(vk::Presenter* presenter, ID3D11Texture2D* texture, UINT syncInterval,
                                                   BOOL allowTearing, const vk::PresentLayout* layout,
                                                   UINT64* submission) = 0;
  // For a swapchain buffer the swapchain holds privately (AddBufferReference): TRUE when
  // anything else holds it: an application reference, views (which keep their resource) or
  // context bindings (which keep their views).
  virtual BOOL STDMETHODCALLTYPE HasOtherReferences(ID3D11Resource* resource) = 0;
  // Submits what the immediate context recorded and waits until the GPU has finished it.
  virtual void STDMETHODCALLTYPE WaitIdle() = 0;
  // Creates a swapchain buffer: CreateTexture2D's rules, plus the back-buffer ones D3D11 applies
  // to its views. `usage` is the buffer's DXGI_USAGE (DXGI_USAGE_READ_ONLY for the read-only
  // buffers above 0 of sequential swap effects: no render-target or unordered-access views).
  // A buffer 0 of R8G8B8A8_UNORM or B8G8R8A8_UNORM also takes render-target views of the
  // _SRGB twin format (shader-resource views keep to the buffer's own format).
  virtual HRESULT STDMETHODCALLTYPE CreateBackBuffer(const D3D11_TEXTURE2D_DESC* desc, UINT usage,
                                                     ID3D11Texture2D** texture) = 0;
  // A private reference on a texture of this device (one the swapchain keeps without counting in
  // the texture's public references: on Windows the application's GetBuffer reference is a
  // buffer's only one). Each AddBufferReference is undone by one ReleaseBufferReference; the last
  // reference of either kind destroys the texture.
  virtual void STDMETHODCALLTYPE AddBufferReference(ID3D11Texture2D* texture) = 0;
  virtual void STDMETHODCALLTYPE ReleaseBufferReference(ID3D11Texture2D* texture) = 0;
};

#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(ID3D11VkPresentDevice, 0x6f0e3b1e, 0x4a5d, 0x4c8e, 0x9b, 0x7a, 0x2d, 0x1c, 0x0f, 0x6e, 0x5a, 0x93)
#endif
