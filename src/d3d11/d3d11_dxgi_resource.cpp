// The DXGI faces of D3D11 resources: usage and priority from the D3D11 resource, surfaces mapped
// through the device's immediate context.
#include "d3d11/d3d11_dxgi_resource.h"

#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_resource.h"
#include "d3d11/d3d11_shared_handles.h"
#include "d3d11/d3d11_dxgi_subresource_surface.h"
#include "d3d11/d3d11_texture_storage.h"
#include "util/com_ptr.h"
#include "util/log.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace d3d11vk {

namespace {

// The bind and CPU-access flags of a d3d11vk resource, whichever kind it is.
bool resourceFlags(ID3D11Resource* owner, UINT* bindFlags, UINT* cpuAccess, D3D11_USAGE* usage) {
  D3D11ResourceCommon* common = resourceCommon(owner);
  if (!common)
    return false;
  if (D3D11Buffer* buffer = common->asBuffer()) {
    *bindFlags = buffer->desc().BindFlags;
    *cpuAccess = buffer->desc().CPUAccessFlags;
    *usage = buffer->desc().Usage;
  } else if (TextureStorage* texture = common->asTexture()) {
    *bindFlags = texture->desc().bindFlags;
    *cpuAccess = texture->desc().cpuAccessFlags;
    *usage = D3D11_USAGE(texture->desc().usage);
  } else {
    return false;
  }
  return true;
}

// The misc flags a d3d11vk resource was created with (0 for an object that is not ours).
UINT resourceMiscFlags(ID3D11Resource* owner) {
  D3D11ResourceCommon* common = resourceCommon(owner);
  if (!common)
    return 0;
  if (D3D11Buffer* buffer = common->asBuffer())
    return buffer->desc().MiscFlags;
  if (TextureStorage* texture = common->asTexture())
    return texture->desc().miscFlags;
  return 0;
}

constexpr UINT kSharedMisc = D3D11_RESOURCE_MISC_SHARED | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;

}  // namespace

template <typename Interface>
HRESULT DxgiFaceBase<Interface>::queryDevice(REFIID riid, void** object) {
  if (!object)
    return E_INVALIDARG;
  *object = nullptr;
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  return device ? device->QueryInterface(riid, object) : E_FAIL;
}

template class DxgiFaceBase<IDXGIResource1>;
template class DxgiFaceBase<IDXGISurface2>;
template class DxgiFaceBase<IDXGIKeyedMutex>;

// ---- IDXGIResource1 ----

bool DxgiResourceFace::query(REFIID riid, void** object) {
  // Only keyed-mutex resources have a keyed mutex (as on Windows, SHARED ones do not).
  if (riid == __uuidof(IDXGIKeyedMutex)) {
    if (!(resourceMiscFlags(m_owner) & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX))
      return false;
    m_keyedMutex.AddRef();
    *object = static_cast<IDXGIKeyedMutex*>(&m_keyedMutex);
    return true;
  }
  if (riid != __uuidof(IDXGIObject) && riid != __uuidof(IDXGIDeviceSubObject) && riid != __uuidof(IDXGIResource) &&
      riid != __uuidof(IDXGIResource1))
    return false;
  AddRef();
  *object = static_cast<IDXGIResource1*>(this);
  return true;
}

DxgiResourceFace::~DxgiResourceFace() {
  // The resource is being destroyed: its shared handles stop opening it.
  shared_handles::forget(m_owner);
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::GetSharedHandle(HANDLE* handle) {
  // STATUS: partial: a handle that opens the resource on its own device, in this process only (docs/resources.md, Shared resources)
  if (!handle)
    return E_INVALIDARG;
  *handle = nullptr;
  const UINT misc = resourceMiscFlags(m_owner);
  // Legacy handles are for SHARED and SHARED_KEYEDMUTEX resources; NT-handle ones use
  // CreateSharedHandle.
  if (!(misc & kSharedMisc) || (misc & D3D11_RESOURCE_MISC_SHARED_NTHANDLE)) {
    util::log::warn("IDXGIResource::GetSharedHandle: the resource was not created with MISC_SHARED or "
                    "SHARED_KEYEDMUTEX without SHARED_NTHANDLE: E_INVALIDARG");
    return E_INVALIDARG;
  }
  *handle = shared_handles::legacyHandle(m_owner);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::GetUsage(DXGI_USAGE* usage) {
  if (!usage)
    return E_INVALIDARG;
  UINT bind = 0, cpu = 0;
  D3D11_USAGE d3dUsage = D3D11_USAGE_DEFAULT;
  if (!resourceFlags(m_owner, &bind, &cpu, &d3dUsage))
    return E_FAIL;
  // DXGI's usage flags for what the resource is bound as, and its CPU access.
  DXGI_USAGE result = 0;
  if (bind & D3D11_BIND_SHADER_RESOURCE)
    result |= DXGI_USAGE_SHADER_INPUT;
  if (bind & D3D11_BIND_RENDER_TARGET)
    result |= DXGI_USAGE_RENDER_TARGET_OUTPUT;
  if (bind & D3D11_BIND_UNORDERED_ACCESS)
    result |= DXGI_USAGE_UNORDERED_ACCESS;
  if (d3dUsage == D3D11_USAGE_DYNAMIC)
    result |= DXGI_CPU_ACCESS_DYNAMIC;
  else if ((cpu & D3D11_CPU_ACCESS_READ) && (cpu & D3D11_CPU_ACCESS_WRITE))
    result |= DXGI_CPU_ACCESS_READ_WRITE;
  else if (cpu & D3D11_CPU_ACCESS_READ)
    result |= DXGI_CPU_ACCESS_SCRATCH;  // CPU-readable staging memory
  // Swapchain buffers carry their DXGI usage as private data (set by dxgi.dll), and report exactly
  // that: the description's usage with BACK_BUFFER, READ_ONLY and DISCARD_ON_PRESENT as Windows 10
  // adds them, nothing derived from bindings the swapchain made for itself.
  DXGI_USAGE swapchain = 0;
  UINT size = sizeof(swapchain);
  if (SUCCEEDED(m_owner->GetPrivateData(kSwapChainUsageId, &size, &swapchain)) && size == sizeof(swapchain))
    result = swapchain;
  *usage = result;
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::SetEvictionPriority(UINT priority) {
  m_owner->SetEvictionPriority(priority);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::GetEvictionPriority(UINT* priority) {
  if (!priority)
    return E_INVALIDARG;
  *priority = m_owner->GetEvictionPriority();
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::CreateSubresourceSurface(UINT index, IDXGISurface2** surface) {
  if (!surface) {
    util::log::warn("IDXGIResource1::CreateSubresourceSurface: null surface pointer: E_INVALIDARG");
    return E_INVALIDARG;
  }
  *surface = nullptr;
  D3D11ResourceCommon* common = resourceCommon(m_owner);
  TextureStorage* texture = common ? common->asTexture() : nullptr;
  // Documented: DXGI_ERROR_INVALID_CALL for an index out of range or a subresource that is no
  // surface. Every subresource of a 1D or 2D texture is one 2D image, so each is a surface (3D
  // slices and buffers are not).
  const D3D11_RESOURCE_DIMENSION dimension = texture ? texture->desc().dimension : D3D11_RESOURCE_DIMENSION_BUFFER;
  if (dimension != D3D11_RESOURCE_DIMENSION_TEXTURE2D && dimension != D3D11_RESOURCE_DIMENSION_TEXTURE1D) {
    util::log::warn("IDXGIResource1::CreateSubresourceSurface: only 1D and 2D textures have surfaces: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  const size_t count = texture->layout().size();
  if (index >= count) {
    util::log::warn("IDXGIResource1::CreateSubresourceSurface: subresource ", index, " of ", count,
                    ": DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  // A texture of one subresource is its own surface, so the same object answers (as QueryInterface does).
  if (count == 1 && SUCCEEDED(m_owner->QueryInterface(__uuidof(IDXGISurface2), reinterpret_cast<void**>(surface))))
    return S_OK;
  *surface = new DxgiSubresourceSurface(m_owner, index);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiResourceFace::CreateSharedHandle(const SECURITY_ATTRIBUTES* /*attributes*/, DWORD /*access*/,
                                                               const WCHAR* name, HANDLE* handle) {
  // STATUS: partial: SHARED_NTHANDLE resources get a handle that opens them on their own device, in this process only; names and access rights are not kept
  if (!handle)
    return E_INVALIDARG;
  *handle = nullptr;
  // Only SHARED_NTHANDLE resources have NT handles; an unshared one, like a SHARED one without
  // the flag, was not created to be shared this way.
  if (!(resourceMiscFlags(m_owner) & D3D11_RESOURCE_MISC_SHARED_NTHANDLE)) {
    util::log::warn("IDXGIResource1::CreateSharedHandle: the resource was created without SHARED_NTHANDLE: E_INVALIDARG");
    return E_INVALIDARG;
  }
  if (name)
    util::log::warn("IDXGIResource1::CreateSharedHandle: the name is not kept (OpenSharedResourceByName is not implemented)");
  *handle = shared_handles::newNtHandle(m_owner);
  return S_OK;
}

// ---- IDXGIKeyedMutex ----

HRESULT STDMETHODCALLTYPE DxgiKeyedMutexFace::AcquireSync(UINT64 key, DWORD milliseconds) {
  // STATUS: partial: within one process (the resource's own mutex, d3d11_keyed_mutex.h); no other process or device can hold it
  return m_mutex.acquire(key, milliseconds);
}

HRESULT STDMETHODCALLTYPE DxgiKeyedMutexFace::ReleaseSync(UINT64 key) {
  return m_mutex.release(key);
}

// ---- IDXGISurface2 ----

bool DxgiSurfaceFace::isSurface() {
  D3D11ResourceCommon* common = resourceCommon(m_owner);
  TextureStorage* texture = common ? common->asTexture() : nullptr;
  // Windows answers for single-subresource 2D textures and, as Wine's test_create_texture1d
  // shows, 1D ones (a surface one texel high).
  if (!texture || texture->layout().size() != 1)
    return false;
  const D3D11_RESOURCE_DIMENSION dimension = texture->desc().dimension;
  return dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D || dimension == D3D11_RESOURCE_DIMENSION_TEXTURE1D;
}

bool DxgiSurfaceFace::query(REFIID riid, void** object) {
  if (riid != __uuidof(IDXGISurface) && riid != __uuidof(IDXGISurface1) && riid != __uuidof(IDXGISurface2))
    return false;
  if (!isSurface())
    return false;
  AddRef();
  *object = static_cast<IDXGISurface2*>(this);
  return true;
}

namespace {

// The size of the mip level that `subresource` of a texture shows.
void mipSize(const TextureDesc& texture, UINT subresource, UINT* width, UINT* height) {
  const UINT mip = subresource % std::max(texture.mipLevels, 1u);
  *width = std::max(texture.width >> mip, 1u);
  *height = std::max(texture.height >> mip, 1u);
}

}  // namespace

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::GetDesc(DXGI_SURFACE_DESC* desc) {
  if (!desc)
    return E_INVALIDARG;
  const TextureDesc& texture = resourceCommon(m_owner)->asTexture()->desc();
  UINT width = 0, height = 0;
  mipSize(texture, m_subresource, &width, &height);
  *desc = DXGI_SURFACE_DESC{width, height, texture.format, texture.sampleDesc};
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::Map(DXGI_MAPPED_RECT* mapped, UINT flags) {
  if (!mapped)
    return E_INVALIDARG;
  *mapped = DXGI_MAPPED_RECT{};
  D3D11_MAP type;
  if (flags & DXGI_MAP_DISCARD)
    type = D3D11_MAP_WRITE_DISCARD;
  else if ((flags & DXGI_MAP_READ) && (flags & DXGI_MAP_WRITE))
    type = D3D11_MAP_READ_WRITE;
  else if (flags & DXGI_MAP_READ)
    type = D3D11_MAP_READ;
  else if (flags & DXGI_MAP_WRITE)
    type = D3D11_MAP_WRITE;
  else {
    util::log::warn("IDXGISurface::Map: flags 0x", std::hex, flags, " name no access");
    return DXGI_ERROR_INVALID_CALL;
  }
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  util::ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  D3D11_MAPPED_SUBRESOURCE subresource{};
  HRESULT hr = context->Map(m_owner, m_subresource, type, 0, &subresource);
  if (FAILED(hr))
    return hr == E_INVALIDARG ? DXGI_ERROR_INVALID_CALL : hr;
  mapped->Pitch = INT(subresource.RowPitch);
  mapped->pBits = static_cast<BYTE*>(subresource.pData);
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::Unmap() {
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  util::ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  context->Unmap(m_owner, m_subresource);
  return S_OK;
}

// GetDC hands out a DC over a CPU copy of the surface's subresource;
// ReleaseDC writes the copy back into the texture through the immediate context. GDI draws on the
// CPU, so a copy each way is what interop costs without shared memory between GDI and Vulkan. The
// DC is made by gdi32's D3DKMTCreateDCFromMemory over our copy, as Windows' own runtime makes it:
// its bitmap then reports what Windows' does (an image size of 0 in its header, which a
// CreateDIBSection header never has; Wine's test_getdc) and its rows are top-down in memory, as
// the texture's are, so nothing is flipped.
#ifdef _WIN32
namespace {

// D3DKMTCreateDCFromMemory's and D3DKMTDestroyDCFromMemory's arguments, as the WDK's d3dkmthk.h
// lays them out (mingw-w64 does not ship that header everywhere).
struct KmtCreateDcFromMemory {
  void* memory;
  UINT format;  // D3DDDIFORMAT
  UINT width;
  UINT height;
  UINT pitch;
  HDC deviceDc;
  PALETTEENTRY* colorTable;
  HDC dc;           // out
  HANDLE bitmap;    // out
};
struct KmtDestroyDcFromMemory {
  HDC dc;
  HANDLE bitmap;
};
constexpr UINT kD3dddiFormatA8R8G8B8 = 21;  // B8G8R8A8 in DXGI's naming, the GDI-compatible formats

// gdi32 is loaded on the first GetDC, so d3d11.dll imports nothing more for applications that
// never ask for a DC (and the build links no further import library).
struct GdiFunctions {
  LONG(WINAPI* createDcFromMemory)(KmtCreateDcFromMemory*) = nullptr;
  LONG(WINAPI* destroyDcFromMemory)(const KmtDestroyDcFromMemory*) = nullptr;
  decltype(&::CreateCompatibleDC) createCompatibleDC = nullptr;
  decltype(&::DeleteDC) deleteDC = nullptr;
  decltype(&::GdiFlush) gdiFlush = nullptr;
  bool loaded() const { return createDcFromMemory && destroyDcFromMemory && createCompatibleDC && deleteDC && gdiFlush; }
};

template <typename Function>
void loadGdi(HMODULE module, const char* name, Function* function) {
  *function = reinterpret_cast<Function>(reinterpret_cast<void*>(GetProcAddress(module, name)));
}

const GdiFunctions& gdi32() {
  static const GdiFunctions functions = [] {
    GdiFunctions loaded;
    if (HMODULE module = LoadLibraryA("gdi32.dll")) {
      loadGdi(module, "D3DKMTCreateDCFromMemory", &loaded.createDcFromMemory);
      loadGdi(module, "D3DKMTDestroyDCFromMemory", &loaded.destroyDcFromMemory);
      loadGdi(module, "CreateCompatibleDC", &loaded.createCompatibleDC);
      loadGdi(module, "DeleteDC", &loaded.deleteDC);
      loadGdi(module, "GdiFlush", &loaded.gdiFlush);
    }
    if (!loaded.loaded())
      util::log::error("IDXGISurface1::GetDC: gdi32.dll or one of its functions is missing");
    return loaded;
  }();
  return functions;
}

}  // namespace
#endif

struct DxgiSurfaceFace::GdiSurface {
  UINT width = 0, height = 0;
#ifdef _WIN32
  std::vector<uint8_t> memory;  // the DC's bitmap bits: the texture's rows, top-down, tightly packed
  HDC dc = nullptr;
  HANDLE bitmap = nullptr;

  ~GdiSurface() {
    if (dc) {
      const KmtDestroyDcFromMemory destroy{dc, bitmap};
      gdi32().destroyDcFromMemory(&destroy);
    }
  }
#endif
};

DxgiSurfaceFace::~DxgiSurfaceFace() {
  delete m_gdi;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::GetDC(BOOL discard, HDC* dc) {
  // STATUS: partial: a memory DC over a CPU copy of the texture, written back by ReleaseDC (a copy each way); native builds have no GDI and answer DXGI_ERROR_UNSUPPORTED
  if (!dc) {
    util::log::warn("IDXGISurface1::GetDC: phdc is null: E_INVALIDARG");
    return E_INVALIDARG;
  }
  D3D11ResourceCommon* common = resourceCommon(m_owner);
  const TextureDesc& desc = common->asTexture()->desc();
  // Documented: only surfaces created GDI-compatible (which creation allows only for the
  // B8G8R8A8 formats), one DC at a time.
  if (!(desc.miscFlags & D3D11_RESOURCE_MISC_GDI_COMPATIBLE)) {
    util::log::warn("IDXGISurface1::GetDC: the texture was not created with D3D11_RESOURCE_MISC_GDI_COMPATIBLE: "
                    "DXGI_ERROR_INVALID_CALL");
    *dc = nullptr;
    return DXGI_ERROR_INVALID_CALL;
  }
  if (m_gdi) {
    // The DC already handed out stays the caller's: Windows leaves *dc alone here.
    util::log::warn("IDXGISurface1::GetDC: the surface's DC was not released: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  *dc = nullptr;
#ifndef _WIN32
  (void)discard;
  util::log::warn("IDXGISurface1::GetDC: no GDI on this platform: DXGI_ERROR_UNSUPPORTED");
  return DXGI_ERROR_UNSUPPORTED;
#else
  auto gdi = std::make_unique<GdiSurface>();
  mipSize(desc, m_subresource, &gdi->width, &gdi->height);
  const size_t rowBytes = size_t(gdi->width) * 4;
  std::vector<uint8_t> contents;
  if (!discard) {
    util::ComPtr<ID3D11Device> device;
    m_owner->GetDevice(device.put());
    try {
      static_cast<D3D11Device*>(device.get())->immediateContext().waitIdle();
      contents = common->readSubresource(m_subresource);
    } catch (const std::exception& error) {
      util::log::warn("IDXGISurface1::GetDC: cannot read the texture: ", error.what(), ": E_OUTOFMEMORY");
      return E_OUTOFMEMORY;
    }
  }
  const GdiFunctions& functions = gdi32();
  if (!functions.loaded())
    return DXGI_ERROR_UNSUPPORTED;
  // Discarded contents are undefined; zeros are as good as any.
  gdi->memory = contents.size() >= rowBytes * gdi->height ? std::move(contents) : std::vector<uint8_t>(rowBytes * gdi->height);
  KmtCreateDcFromMemory create{};
  create.memory = gdi->memory.data();
  create.format = kD3dddiFormatA8R8G8B8;
  create.width = gdi->width;
  create.height = gdi->height;
  create.pitch = UINT(rowBytes);
  // The DC the new one is compatible with (gdi32 requires one): a memory DC of the screen's.
  create.deviceDc = functions.createCompatibleDC(nullptr);
  const LONG status = create.deviceDc ? functions.createDcFromMemory(&create) : -1;  // an NTSTATUS
  if (create.deviceDc)
    functions.deleteDC(create.deviceDc);
  if (status < 0 || !create.dc) {
    util::log::warn("IDXGISurface1::GetDC: GDI could not make a ", gdi->width, "x", gdi->height, " DC: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
  gdi->dc = create.dc;
  gdi->bitmap = create.bitmap;
  *dc = gdi->dc;
  m_gdi = gdi.release();
  return S_OK;
#endif
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::ReleaseDC(RECT* /*dirty*/) {
  if (!m_gdi) {
    util::log::warn("IDXGISurface1::ReleaseDC: no DC was handed out: DXGI_ERROR_INVALID_CALL");
    return DXGI_ERROR_INVALID_CALL;
  }
  std::unique_ptr<GdiSurface> gdi(std::exchange(m_gdi, nullptr));
#ifdef _WIN32
  // The whole surface is written back, which covers any dirty rectangle.
  gdi32().gdiFlush();
  const size_t rowBytes = size_t(gdi->width) * 4;
  util::ComPtr<ID3D11Device> device;
  m_owner->GetDevice(device.put());
  util::ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  context->UpdateSubresource(m_owner, m_subresource, nullptr, gdi->memory.data(), UINT(rowBytes), 0);
#endif
  return S_OK;
}

HRESULT STDMETHODCALLTYPE DxgiSurfaceFace::GetResource(REFIID riid, void** resource, UINT* subresource) {
  if (!resource || !subresource)
    return E_INVALIDARG;
  *subresource = m_subresource;
  return m_owner->QueryInterface(riid, resource);
}

}  // namespace d3d11vk
