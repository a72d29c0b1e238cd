// IDXGIVkAdapter: the private interface through which d3d11 reaches the Vulkan adapter behind a
// DXGI adapter of ours. d3d11.dll and dxgi.dll are built from the same sources by the same
// compiler, so passing a vk::Adapter pointer between them is safe; the caller keeps the DXGI
// adapter referenced for as long as it uses the pointer.
#pragma once

#include "util/windows_base.h"

namespace vk { class Adapter; }

// {c2a99c1c-da47-4871-a689-561c7cd26669}
struct IDXGIVkAdapter : public IUnknown {
  virtual vk::Adapter* STDMETHODCALLTYPE GetVulkanAdapter() = 0;
};

#ifdef __CRT_UUID_DECL
__CRT_UUID_DECL(IDXGIVkAdapter, 0xc2a99c1c, 0xda47, 0x4871, 0xa6, 0x89, 0x56, 0x1c, 0x7c, 0xd2, 0x66, 0x69)
#endif
