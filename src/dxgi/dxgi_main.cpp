// dxgi.dll entry points: factory creation, the debug interface and adapter-removal declaration.
#include "dxgi/dxgi_factory.h"
#include "util/dll_export.h"
#include "dxgi/dxgi_debug.h"
#include "util/log.h"
#include "vk/instance.h"

const char* util::moduleName() { return "dxgi"; }

namespace d3d11vk {

static HRESULT createFactory(UINT flags, REFIID riid, void** factory,
                             DxgiFactory::Version version = DxgiFactory::Version::Dxgi11) {
  if (!factory)
    return E_INVALIDARG;
  *factory = nullptr;
  if (flags & ~UINT(DXGI_CREATE_FACTORY_DEBUG)) {
    util::log::warn("CreateDXGIFactory2: invalid flags 0x", std::hex, flags);
    return DXGI_ERROR_INVALID_CALL;
  }
  if (flags & DXGI_CREATE_FACTORY_DEBUG)
    d3d11vk::activateDxgiDebug();  // DXGI's warnings and errors go to IDXGIInfoQueue from here on

  // Without Vulkan the factory still works and enumerates no adapters, as on a machine without a
  // GPU; the log says why.
  std::shared_ptr<vk::Instance> instance;
  try {
    instance = vk::Instance::shared();
  } catch (const std::exception& error) {
    util::log::error("no Vulkan: ", error.what(), "; DXGI will report no adapters");
  }

  auto* created = new DxgiFactory(std::move(instance), flags, version);
  HRESULT result = created->QueryInterface(riid, factory);
  created->Release();
  return result;
}

}  // namespace d3d11vk

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE CreateDXGIFactory(REFIID riid, void** factory) {
  return d3d11vk::createFactory(0, riid, factory, d3d11vk::DxgiFactory::Version::Dxgi10);
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE CreateDXGIFactory1(REFIID riid, void** factory) {
  return d3d11vk::createFactory(0, riid, factory);
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE CreateDXGIFactory2(UINT flags, REFIID riid, void** factory) {
  return d3d11vk::createFactory(flags, riid, factory);
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE DXGIGetDebugInterface1(UINT flags, REFIID riid, void** debug) {
  // Flags is reserved (0); Windows ignores it, and so does this (docs/debug-layer.md, "DXGI").
  (void)flags;
  return d3d11vk::getDxgiDebugInterface(riid, debug);
}

D3D11VK_EXPORT HRESULT STDMETHODCALLTYPE DXGIDeclareAdapterRemovalSupport() {
  // Adapters never disappear from under a Vulkan instance, so the declaration changes nothing.
  return S_OK;
}
