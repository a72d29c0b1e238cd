// ID3D11VkDeviceInfo: an interface only d3d11vk's devices answer. Tools, tests and porters query it
// to prove that d3d11vk (not another D3D11 implementation) served a device, and to read what it
// runs on.
#pragma once

#include <d3d11.h>

// {1b63ec44-9787-4dfa-a0c7-507f2eca2404}
struct ID3D11VkDeviceInfo : public IUnknown {
  // "d3d11vk 0.1.0"
  virtual const char* STDMETHODCALLTYPE GetImplementationName() = 0;
  // The Vulkan device's name, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
  virtual const char* STDMETHODCALLTYPE GetVulkanDeviceName() = 0;
  // The Vulkan driver's name and version, e.g. "llvmpipe Mesa 22.3.6".
  virtual const char* STDMETHODCALLTYPE GetVulkanDriverDescription() = 0;
  // Validation-layer errors reported on this process's Vulkan instance so far (0 without the layer).
  virtual UINT STDMETHODCALLTYPE GetValidationErrorCount() = 0;
  // TRUE when the Khronos validation layer is active on the instance.
  virtual BOOL STDMETHODCALLTYPE IsValidationEnabled() = 0;
  // Diagnostics: copies a subresource of a d3d11vk buffer or texture back from the GPU, texels
  // tightly packed (rows of whole blocks, then depth slices). *size is the capacity of data on
  // entry and the bytes the subresource has on return; data may be null to ask the size.
  // E_INVALIDARG for a null size, a foreign resource, a missing subresource, a multisampled one or
  // too small a buffer. Blocks until the copy is done: for tests and tools, not for rendering.
  virtual HRESULT STDMETHODCALLTYPE ReadSubresource(ID3D11Resource* resource, UINT subresource, void* data, UINT* size) = 0;
};

#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(ID3D11VkDeviceInfo, 0x1b63ec44, 0x9787, 0x4dfa, 0xa0, 0xc7, 0x50, 0x7f, 0x2e, 0xca, 0x24, 0x04)
#endif
