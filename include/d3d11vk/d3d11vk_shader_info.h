// ID3D11VkShaderInfo and ID3D11VkInputLayoutInfo: interfaces only d3d11vk's shader and input-layout
// objects answer, so tests and tools can see what the device made of the bytecode and elements.
#pragma once

#include <d3d11.h>

// {6d0f3b1e-2a47-4c6b-9e55-81a4c7d2e913}
struct ID3D11VkShaderInfo : public IUnknown {
  // The pipeline stage: 0 vertex, 1 hull, 2 domain, 3 geometry, 4 pixel, 5 compute
  // (dxbc::ShaderStage's numbering, which the binding model uses for descriptor sets).
  virtual UINT STDMETHODCALLTYPE GetStage() = 0;
  // Number of 32-bit words of the SPIR-V module the shader was compiled to.
  virtual UINT STDMETHODCALLTYPE GetSpirvWordCount() = 0;
  // Copies up to *count SPIR-V words; *count receives the number copied (or the total when words
  // is null). E_INVALIDARG for a null count.
  virtual HRESULT STDMETHODCALLTYPE GetSpirv(UINT* words, UINT* count) = 0;
  // How many times the device that created this shader has run the DXBC compiler: shaders made
  // from identical bytecode share one compile, which this makes observable.
  virtual UINT64 STDMETHODCALLTYPE GetDeviceCompileCount() = 0;
  // An identity of the compiled module: equal for shaders that share one compile.
  virtual UINT64 STDMETHODCALLTYPE GetCompiledModuleId() = 0;
  // Stream output (geometry shaders created with a declaration): entries kept, and the
  // rasterized stream (D3D11_SO_NO_RASTERIZED_STREAM when none). 0 entries for other shaders.
  virtual UINT STDMETHODCALLTYPE GetStreamOutputEntryCount() = 0;
  virtual UINT STDMETHODCALLTYPE GetRasterizedStream() = 0;
};

// One resolved input-layout element, as the Vulkan backend will use it.
struct D3D11VK_INPUT_ELEMENT_INFO {
  UINT InputSlot;
  UINT AlignedByteOffset;    // D3D11_APPEND_ALIGNED_ELEMENT already resolved
  DXGI_FORMAT Format;
  INT VulkanFormat;          // VkFormat
  BOOL PerInstance;
  UINT InstanceDataStepRate;
  UINT ShaderLocation;       // the vertex shader input location it feeds, or 0xffffffff for none
};

// {a3c51e72-94d8-4f0b-8b6e-2f7d19c4b5a0}
struct ID3D11VkInputLayoutInfo : public IUnknown {
  virtual UINT STDMETHODCALLTYPE GetElementCount() = 0;
  // E_INVALIDARG for an index past the count or a null info.
  virtual HRESULT STDMETHODCALLTYPE GetElement(UINT index, D3D11VK_INPUT_ELEMENT_INFO* info) = 0;
};

#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(ID3D11VkShaderInfo, 0x6d0f3b1e, 0x2a47, 0x4c6b, 0x9e, 0x55, 0x81, 0xa4, 0xc7, 0xd2, 0xe9, 0x13)
__CRT_UUID_DECL(ID3D11VkInputLayoutInfo, 0xa3c51e72, 0x94d8, 0x4f0b, 0x8b, 0x6e, 0x2f, 0x7d, 0x19, 0xc4, 0xb5, 0xa0)
#endif
