// Integration: shader-resource, render-target, depth-stencil and unordered-access views on the
// machine's Vulkan device with the validation layer on: valid views of each kind, the defaults a
// null description stands for, documented invalid descriptions (E_INVALIDARG, null output),
// S_FALSE validation mode, GetDesc/GetResource round trips and the resource references views hold.
#include <catch2/catch.hpp>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

using util::ComPtr;

namespace {

ComPtr<ID3D11Device3> createDevice(D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1) {
  ComPtr<ID3D11Device> device;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                                 device.put(), nullptr, nullptr);
  REQUIRE(hr == S_OK);
  auto device3 = device.query<ID3D11Device3>();
  REQUIRE(device3);
  return device3;
}

void checkValidation(ID3D11Device* device) {
  auto info = ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  CHECK(info->GetValidationErrorCount() == 0);
}

ComPtr<ID3D11Texture2D> texture2D(ID3D11Device* device, UINT bind, DXGI_FORMAT format = DXGI_FORMAT_R8G8B8A8_UNORM,
                                  UINT mips = 1, UINT array = 1, UINT misc = 0, UINT samples = 1) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = desc.Height = 16;
  desc.MipLevels = mips;
  desc.ArraySize = array;
  desc.Format = format;
  desc.SampleDesc = {samples, 0};
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = bind;
  desc.MiscFlags = misc;
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);
  return texture;
}

ComPtr<ID3D11Buffer> buffer(ID3D11Device* device, UINT size, UINT bind, UINT misc = 0, UINT stride = 0) {
  D3D11_BUFFER_DESC desc{size, D3D11_USAGE_DEFAULT, bind, 0, misc, stride};
  ComPtr<ID3D11Buffer> result;
  REQUIRE(device->CreateBuffer(&desc, nullptr, result.put()) == S_OK);
  return result;
}

// Each try* returns the HRESULT and checks the documented null output on failure.
HRESULT trySRV(ID3D11Device* device, ID3D11Resource* resource, const D3D11_SHADER_RESOURCE_VIEW_DESC* desc) {
  ID3D11ShaderResourceView* view = reinterpret_cast<ID3D11ShaderResourceView*>(uintptr_t(1));
  HRESULT hr = device->CreateShaderResourceView(resource, desc, &view);
  if (FAILED(hr))
    CHECK(view == nullptr);
  if (SUCCEEDED(hr) && view)
    view->Release();
  return hr;
}

HRESULT tryRTV(ID3D11Device* device, ID3D11Resource* resource, const D3D11_RENDER_TARGET_VIEW_DESC* desc) {
  ID3D11RenderTargetView* view = reinterpret_cast<ID3D11RenderTargetView*>(uintptr_t(1));
  HRESULT hr = device->CreateRenderTargetView(resource, desc, &view);
  if (FAILED(hr))
    CHECK(view == nullptr);
  if (SUCCEEDED(hr) && view)
    view->Release();
  return hr;
}

HRESULT tryDSV(ID3D11Device* device, ID3D11Resource* resource, const D3D11_DEPTH_STENCIL_VIEW_DESC* desc) {
  ID3D11DepthStencilView* view = reinterpret_cast<ID3D11DepthStencilView*>(uintptr_t(1));
  HRESULT hr = device->CreateDepthStencilView(resource, desc, &view);
  if (FAILED(hr))
    CHECK(view == nullptr);
  if (SUCCEEDED(hr) && view)
    view->Release();
  return hr;
}

HRESULT tryUAV(ID3D11Device* device, ID3D11Resource* resource, const D3D11_UNORDERED_ACCESS_VIEW_DESC* desc) {
  ID3D11UnorderedAccessView* view = reinterpret_cast<ID3D11UnorderedAccessView*>(uintptr_t(1));
  HRESULT hr = device->CreateUnorderedAccessView(resource, desc, &view);
  if (FAILED(hr))
    CHECK(view == nullptr);
  if (SUCCEEDED(hr) && view)
    view->Release();
  return hr;
}

}  // namespace

TEST_CASE("views of every kind are created from valid descriptions", "[device]") {
  auto device = createDevice();
  auto color = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS,
                         DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, 3);
  D3D11_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
  srv.Texture2DArray = {1, 2, 1, 2};
  CHECK(trySRV(device.get(), color.get(), &srv) == S_OK);
  srv.Format = DXGI_FORMAT_R8G8B8A8_UINT;
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  srv.Texture2D = {0, UINT(-1)};  // every mip from the first; the array members' leftovers are ignored
  CHECK(trySRV(device.get(), color.get(), &srv) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rtv{};
  rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rtv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  rtv.Texture2DArray = {3, 0, 3};
  CHECK(tryRTV(device.get(), color.get(), &rtv) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uav{};
  uav.Format = DXGI_FORMAT_R8G8B8A8_UINT;
  uav.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2D;
  uav.Texture2D.MipSlice = 2;
  CHECK(tryUAV(device.get(), color.get(), &uav) == S_OK);

  // Cube views, swizzled formats, 3D render targets, depth and its shader-resource views.
  auto cube = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_B8G8R8X8_UNORM, 1, 12, D3D11_RESOURCE_MISC_TEXTURECUBE);
  srv = {};
  srv.Format = DXGI_FORMAT_B8G8R8X8_UNORM;
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
  srv.TextureCubeArray = {0, 1, 6, 1};
  CHECK(trySRV(device.get(), cube.get(), &srv) == S_OK);
  CHECK(trySRV(device.get(), cube.get(), nullptr) == S_OK);
  auto alpha = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_A8_UNORM);
  CHECK(trySRV(device.get(), alpha.get(), nullptr) == S_OK);

  D3D11_TEXTURE3D_DESC volumeDesc{8, 8, 8, 1, DXGI_FORMAT_R16G16B16A16_FLOAT, D3D11_USAGE_DEFAULT,
                                  D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D11Texture3D> volume;
  REQUIRE(device->CreateTexture3D(&volumeDesc, nullptr, volume.put()) == S_OK);
  rtv = {};
  rtv.Format = DXGI_FORMAT_R16G16B16A16_FLOAT;
  rtv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rtv.Texture3D = {0, 2, 4};
  CHECK(tryRTV(device.get(), volume.get(), &rtv) == S_OK);
  CHECK(trySRV(device.get(), volume.get(), nullptr) == S_OK);

  auto depth = texture2D(device.get(), D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_R24G8_TYPELESS);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsv{};
  dsv.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
  dsv.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
  CHECK(tryDSV(device.get(), depth.get(), &dsv) == S_OK);
  dsv.Flags = D3D11_DSV_READ_ONLY_DEPTH | D3D11_DSV_READ_ONLY_STENCIL;
  CHECK(tryDSV(device.get(), depth.get(), &dsv) == S_OK);
  srv = {};
  srv.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  srv.Texture2D = {0, 1};
  CHECK(trySRV(device.get(), depth.get(), &srv) == S_OK);
  srv.Format = DXGI_FORMAT_X24_TYPELESS_G8_UINT;
  CHECK(trySRV(device.get(), depth.get(), &srv) == S_OK);
  auto plainDepth = texture2D(device.get(), D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D32_FLOAT);
  CHECK(tryDSV(device.get(), plainDepth.get(), nullptr) == S_OK);

  auto msaa = texture2D(device.get(), D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 0, 4);
  CHECK(tryRTV(device.get(), msaa.get(), nullptr) == S_OK);
  CHECK(trySRV(device.get(), msaa.get(), nullptr) == S_OK);

  // Buffers: typed, raw and structured views, counters on structured UAVs.
  auto typed = buffer(device.get(), 256, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS);
  srv = {};
  srv.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
  srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  srv.Buffer.FirstElement = 0;
  srv.Buffer.NumElements = 16;
  CHECK(trySRV(device.get(), typed.get(), &srv) == S_OK);
  uav = {};
  uav.Format = DXGI_FORMAT_R32_UINT;
  uav.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  uav.Buffer = {0, 64, 0};
  CHECK(tryUAV(device.get(), typed.get(), &uav) == S_OK);
  auto raw = buffer(device.get(), 256, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
                    D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  srv = {};
  srv.Format = DXGI_FORMAT_R32_TYPELESS;
  srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
  srv.BufferEx = {4, 60, D3D11_BUFFEREX_SRV_FLAG_RAW};
  CHECK(trySRV(device.get(), raw.get(), &srv) == S_OK);
  uav.Format = DXGI_FORMAT_R32_TYPELESS;
  uav.Buffer = {0, 64, D3D11_BUFFER_UAV_FLAG_RAW};
  CHECK(tryUAV(device.get(), raw.get(), &uav) == S_OK);
  auto structured = buffer(device.get(), 256, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  CHECK(trySRV(device.get(), structured.get(), nullptr) == S_OK);
  uav.Format = DXGI_FORMAT_UNKNOWN;
  uav.Buffer = {0, 16, D3D11_BUFFER_UAV_FLAG_APPEND};
  CHECK(tryUAV(device.get(), structured.get(), &uav) == S_OK);
  uav.Buffer = {2, 14, D3D11_BUFFER_UAV_FLAG_COUNTER};
  CHECK(tryUAV(device.get(), structured.get(), &uav) == S_OK);

  // S_FALSE: a valid description without an out-pointer creates nothing.
  CHECK(device->CreateShaderResourceView(color.get(), nullptr, nullptr) == E_INVALIDARG);  // typeless: invalid
  CHECK(device->CreateRenderTargetView(msaa.get(), nullptr, nullptr) == S_FALSE);
  CHECK(device->CreateDepthStencilView(plainDepth.get(), nullptr, nullptr) == S_FALSE);
  CHECK(device->CreateUnorderedAccessView(typed.get(), &uav, nullptr) == E_INVALIDARG);  // counter on a typed buffer
  checkValidation(device.get());
}

TEST_CASE("view creation rejects the documented invalid descriptions", "[device]") {
  auto device = createDevice();
  auto srvOnly = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 2);
  auto typeless = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, DXGI_FORMAT_R16G16_TYPELESS);
  // Wrong bind flag, null resource.
  CHECK(tryRTV(device.get(), srvOnly.get(), nullptr) == E_INVALIDARG);
  CHECK(tryUAV(device.get(), srvOnly.get(), nullptr) == E_INVALIDARG);
  CHECK(tryDSV(device.get(), srvOnly.get(), nullptr) == E_INVALIDARG);
  CHECK(trySRV(device.get(), nullptr, nullptr) == E_INVALIDARG);
  // Typeless resources need a description; a typeless view format is invalid.
  CHECK(trySRV(device.get(), typeless.get(), nullptr) == E_INVALIDARG);
  CHECK(tryRTV(device.get(), typeless.get(), nullptr) == E_INVALIDARG);
  D3D11_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R16G16_TYPELESS;
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2D;
  srv.Texture2D = {0, 1};
  CHECK(trySRV(device.get(), typeless.get(), &srv) == E_INVALIDARG);
  srv.Format = DXGI_FORMAT_R16G16_FLOAT;
  CHECK(trySRV(device.get(), typeless.get(), &srv) == S_OK);
  // Incompatible formats: another family, or another member of a typed resource's family.
  srv.Format = DXGI_FORMAT_R32_FLOAT;
  CHECK(trySRV(device.get(), typeless.get(), &srv) == E_INVALIDARG);
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  // Out-of-range mips and slices, mismatched dimensions.
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  srv.Texture2D = {1, 2};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  srv.Texture2D = {2, 1};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  srv.Texture2D = {0, 0};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
  srv.Texture2DArray = {0, 1, 1, 2};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1D;
  srv.Texture1D = {0, 1};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBE;
  srv.TextureCube = {0, 1};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);  // no TEXTURECUBE flag
  // A multisampled dimension on a single-sampled texture is accepted (as Windows does, below); a
  // 2DMS-array range still has to fit.
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY;
  srv.Texture2DMSArray = {1, 2};
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);
  srv.ViewDimension = D3D11_SRV_DIMENSION(42);
  CHECK(trySRV(device.get(), srvOnly.get(), &srv) == E_INVALIDARG);

  // Depth-stencil views: a color format, a 3D dimension, read-only stencil without stencil.
  auto depth = texture2D(device.get(), D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D32_FLOAT);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsv{};
  dsv.Format = DXGI_FORMAT_R32_FLOAT;
  dsv.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D;
  CHECK(tryDSV(device.get(), depth.get(), &dsv) == E_INVALIDARG);
  dsv.Format = DXGI_FORMAT_D32_FLOAT;
  dsv.Flags = D3D11_DSV_READ_ONLY_STENCIL;
  CHECK(tryDSV(device.get(), depth.get(), &dsv) == E_INVALIDARG);
  dsv.Flags = 0x10;
  CHECK(tryDSV(device.get(), depth.get(), &dsv) == E_INVALIDARG);
  dsv.Flags = 0;
  dsv.Texture2D.MipSlice = 1;
  CHECK(tryDSV(device.get(), depth.get(), &dsv) == E_INVALIDARG);

  // Render targets: a depth format, a 3D slice range past the mip's depth.
  D3D11_TEXTURE3D_DESC volumeDesc{8, 8, 8, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0, 0};
  ComPtr<ID3D11Texture3D> volume;
  REQUIRE(device->CreateTexture3D(&volumeDesc, nullptr, volume.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rtv{};
  rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rtv.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rtv.Texture3D = {1, 2, 3};  // mip 1 has 4 slices
  CHECK(tryRTV(device.get(), volume.get(), &rtv) == E_INVALIDARG);
  rtv.Texture3D = {1, 2, UINT(-1)};
  CHECK(tryRTV(device.get(), volume.get(), &rtv) == S_OK);

  // Buffers: element ranges, raw and structured rules, counters.
  auto typed = buffer(device.get(), 64, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS);
  auto structured = buffer(device.get(), 64, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  srv = {};
  srv.Format = DXGI_FORMAT_R32_UINT;
  srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  srv.Buffer.FirstElement = 8;
  srv.Buffer.NumElements = 9;
  CHECK(trySRV(device.get(), typed.get(), &srv) == E_INVALIDARG);
  srv.Buffer.NumElements = 0;
  CHECK(trySRV(device.get(), typed.get(), &srv) == E_INVALIDARG);
  srv.Buffer.FirstElement = 0;
  srv.Buffer.NumElements = 4;
  CHECK(trySRV(device.get(), structured.get(), &srv) == E_INVALIDARG);  // structured needs UNKNOWN
  CHECK(trySRV(device.get(), typed.get(), nullptr) == E_INVALIDARG);    // a typed buffer needs a description
  srv.Format = DXGI_FORMAT_R32_TYPELESS;
  srv.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
  srv.BufferEx = {0, 4, D3D11_BUFFEREX_SRV_FLAG_RAW};
  CHECK(trySRV(device.get(), typed.get(), &srv) == E_INVALIDARG);  // no ALLOW_RAW_VIEWS
  D3D11_UNORDERED_ACCESS_VIEW_DESC uav{};
  uav.Format = DXGI_FORMAT_R32_UINT;
  uav.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  uav.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_COUNTER};
  CHECK(tryUAV(device.get(), typed.get(), &uav) == E_INVALIDARG);
  uav.Format = DXGI_FORMAT_UNKNOWN;
  uav.Buffer = {0, 4, D3D11_BUFFER_UAV_FLAG_COUNTER | D3D11_BUFFER_UAV_FLAG_APPEND};
  CHECK(tryUAV(device.get(), structured.get(), &uav) == E_INVALIDARG);
  uav.Buffer = {0, 5, 0};
  CHECK(tryUAV(device.get(), structured.get(), &uav) == E_INVALIDARG);
  checkValidation(device.get());
}

TEST_CASE("feature level 10_0 refuses cube-array views and allows structured buffer UAVs", "[device]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_10_0);
  auto texture = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 6, D3D11_RESOURCE_MISC_TEXTURECUBE);
  D3D11_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  srv.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
  srv.TextureCubeArray = {0, 1, 0, 1};
  CHECK(trySRV(device.get(), texture.get(), &srv) == E_INVALIDARG);  // cube arrays need 10_1
  auto structured = buffer(device.get(), 64, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS,
                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uav{};
  uav.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  uav.Buffer = {0, 4, 0};
  CHECK(tryUAV(device.get(), structured.get(), &uav) == S_OK);
  auto typed = buffer(device.get(), 64, D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS);
  uav.Format = DXGI_FORMAT_R32_UINT;
  CHECK(tryUAV(device.get(), typed.get(), &uav) == E_INVALIDARG);  // typed UAVs need 11_0
  checkValidation(device.get());
}

TEST_CASE("views keep their descriptions and hold their resource", "[device]") {
  auto device = createDevice();
  auto texture = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET, DXGI_FORMAT_R8G8B8A8_UNORM, 3, 4);
  ID3D11Texture2D* raw = texture.get();

  // A null description is the default view of the whole resource.
  ComPtr<ID3D11ShaderResourceView> srv;
  REQUIRE(device->CreateShaderResourceView(raw, nullptr, srv.put()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
  srv->GetDesc(&srvDesc);
  CHECK(srvDesc.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  CHECK(srvDesc.ViewDimension == D3D11_SRV_DIMENSION_TEXTURE2DARRAY);
  CHECK(srvDesc.Texture2DArray.MostDetailedMip == 0);
  CHECK(srvDesc.Texture2DArray.MipLevels == 3);
  CHECK(srvDesc.Texture2DArray.FirstArraySlice == 0);
  CHECK(srvDesc.Texture2DArray.ArraySize == 4);
  auto srv1 = srv.query<ID3D11ShaderResourceView1>();
  REQUIRE(srv1);
  D3D11_SHADER_RESOURCE_VIEW_DESC1 srvDesc1{};
  srv1->GetDesc1(&srvDesc1);
  CHECK(srvDesc1.Texture2DArray.ArraySize == 4);
  CHECK(srvDesc1.Texture2DArray.PlaneSlice == 0);
  CHECK(srv.query<ID3D11View>());
  CHECK_FALSE(srv.query<ID3D11RenderTargetView>());

  // A description comes back as given (UNKNOWN resolved to the resource's format).
  D3D11_RENDER_TARGET_VIEW_DESC1 rtvDesc{};
  rtvDesc.Format = DXGI_FORMAT_UNKNOWN;
  rtvDesc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  rtvDesc.Texture2DArray = {2, 1, 3, 0};
  ComPtr<ID3D11RenderTargetView1> rtv;
  REQUIRE(device->CreateRenderTargetView1(raw, &rtvDesc, rtv.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC1 rtvBack{};
  rtv->GetDesc1(&rtvBack);
  CHECK(rtvBack.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  CHECK(rtvBack.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE2DARRAY);
  CHECK(rtvBack.Texture2DArray.MipSlice == 2);
  CHECK(rtvBack.Texture2DArray.FirstArraySlice == 1);
  CHECK(rtvBack.Texture2DArray.ArraySize == 3);

  // GetResource hands out a reference to the same object; views hold only private references.
  ID3D11Resource* resource = nullptr;
  srv->GetResource(&resource);
  CHECK(resource == static_cast<ID3D11Resource*>(raw));
  CHECK(resource->Release() == 1);
  CHECK(raw->AddRef() == 2);
  CHECK(raw->Release() == 1);

  // The resource outlives its last public reference while a view exists.
  texture.reset();
  resource = nullptr;
  rtv->GetResource(&resource);
  REQUIRE(resource);
  D3D11_RESOURCE_DIMENSION dimension{};
  resource->GetType(&dimension);
  CHECK(dimension == D3D11_RESOURCE_DIMENSION_TEXTURE2D);
  CHECK(resource->Release() == 0);

  // Depth-stencil and unordered-access views.
  auto depth = texture2D(device.get(), D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, 2);
  ComPtr<ID3D11DepthStencilView> dsv;
  REQUIRE(device->CreateDepthStencilView(depth.get(), nullptr, dsv.put()) == S_OK);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
  dsv->GetDesc(&dsvDesc);
  CHECK(dsvDesc.Format == DXGI_FORMAT_D24_UNORM_S8_UINT);
  CHECK(dsvDesc.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DARRAY);
  CHECK(dsvDesc.Texture2DArray.ArraySize == 2);
  auto structured = buffer(device.get(), 64, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(device->CreateUnorderedAccessView(structured.get(), nullptr, uav.put()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uavDesc{};
  uav->GetDesc(&uavDesc);
  CHECK(uavDesc.Format == DXGI_FORMAT_UNKNOWN);
  CHECK(uavDesc.ViewDimension == D3D11_UAV_DIMENSION_BUFFER);
  CHECK(uavDesc.Buffer.NumElements == 8);
  CHECK(uav.query<ID3D11UnorderedAccessView1>());
  ComPtr<ID3D11Device> owner;
  uav->GetDevice(owner.put());
  CHECK(owner.get() == static_cast<ID3D11Device*>(device.get()));
  checkValidation(device.get());
}

TEST_CASE("view descriptions report resolved counts and take Windows' multisampled and cube shapes", "[device]") {
  // GetDesc reports -1 ("all the rest") resolved, as Windows does (Wine's conformance tests).
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  auto array = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS,
                         DXGI_FORMAT_R8G8B8A8_UNORM, 5, 4);
  ComPtr<ID3D11ShaderResourceView> srv;
  D3D11_SHADER_RESOURCE_VIEW_DESC srvDesc{};
  srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY;
  srvDesc.Texture2DArray = {2, UINT(-1), 1, UINT(-1)};
  REQUIRE(device->CreateShaderResourceView(array.get(), &srvDesc, srv.put()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC srvOut{};
  srv->GetDesc(&srvOut);
  CHECK(srvOut.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  CHECK(srvOut.Texture2DArray.MostDetailedMip == 2);
  CHECK(srvOut.Texture2DArray.MipLevels == 3);
  CHECK(srvOut.Texture2DArray.FirstArraySlice == 1);
  CHECK(srvOut.Texture2DArray.ArraySize == 3);

  ComPtr<ID3D11RenderTargetView> rtv;
  D3D11_RENDER_TARGET_VIEW_DESC rtvDesc{};
  rtvDesc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DARRAY;
  rtvDesc.Texture2DArray = {1, 2, UINT(-1)};
  REQUIRE(device->CreateRenderTargetView(array.get(), &rtvDesc, rtv.put()) == S_OK);
  D3D11_RENDER_TARGET_VIEW_DESC rtvOut{};
  rtv->GetDesc(&rtvOut);
  CHECK(rtvOut.Texture2DArray.ArraySize == 2);

  ComPtr<ID3D11UnorderedAccessView> uav;
  D3D11_UNORDERED_ACCESS_VIEW_DESC uavDesc{};
  uavDesc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE2DARRAY;
  uavDesc.Texture2DArray = {0, 3, UINT(-1)};
  REQUIRE(device->CreateUnorderedAccessView(array.get(), &uavDesc, uav.put()) == S_OK);
  D3D11_UNORDERED_ACCESS_VIEW_DESC uavOut{};
  uav->GetDesc(&uavOut);
  CHECK(uavOut.Texture2DArray.ArraySize == 1);

  // 3D: WSize -1 is the depth slices of the viewed mip from FirstWSlice on.
  D3D11_TEXTURE3D_DESC volumeDesc{8, 8, 8, 3, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT,
                                  D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS, 0, 0};
  ComPtr<ID3D11Texture3D> volume;
  REQUIRE(device->CreateTexture3D(&volumeDesc, nullptr, volume.put()) == S_OK);
  rtvDesc.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE3D;
  rtvDesc.Texture3D = {1, 1, UINT(-1)};
  rtv = nullptr;
  REQUIRE(device->CreateRenderTargetView(volume.get(), &rtvDesc, rtv.put()) == S_OK);
  rtv->GetDesc(&rtvOut);
  CHECK(rtvOut.Texture3D.WSize == 3);
  uavDesc.ViewDimension = D3D11_UAV_DIMENSION_TEXTURE3D;
  uavDesc.Texture3D = {2, 0, UINT(-1)};
  uav = nullptr;
  REQUIRE(device->CreateUnorderedAccessView(volume.get(), &uavDesc, uav.put()) == S_OK);
  uav->GetDesc(&uavOut);
  CHECK(uavOut.Texture3D.WSize == 2);

  auto depth = texture2D(device.get(), D3D11_BIND_DEPTH_STENCIL, DXGI_FORMAT_D24_UNORM_S8_UINT, 1, 4);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvDesc{};
  dsvDesc.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DARRAY;
  dsvDesc.Texture2DArray = {0, 3, UINT(-1)};
  ComPtr<ID3D11DepthStencilView> dsv;
  REQUIRE(device->CreateDepthStencilView(depth.get(), &dsvDesc, dsv.put()) == S_OK);
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvOut{};
  dsv->GetDesc(&dsvOut);
  CHECK(dsvOut.Format == DXGI_FORMAT_D24_UNORM_S8_UINT);
  CHECK(dsvOut.Texture2DArray.ArraySize == 1);

  // Multisampled dimensions on single-sampled textures: one sample of mip 0.
  D3D11_DEPTH_STENCIL_VIEW_DESC dsvMs{};
  dsvMs.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY;
  dsvMs.Texture2DMSArray = {0, UINT(-1)};
  dsv = nullptr;
  REQUIRE(device->CreateDepthStencilView(depth.get(), &dsvMs, dsv.put()) == S_OK);
  dsv->GetDesc(&dsvOut);
  CHECK(dsvOut.ViewDimension == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY);
  CHECK(dsvOut.Texture2DMSArray.ArraySize == 4);
  D3D11_RENDER_TARGET_VIEW_DESC rtvMs{};
  rtvMs.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2DMS;
  CHECK(tryRTV(device.get(), array.get(), &rtvMs) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC srvMs{};
  srvMs.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DMS;
  CHECK(trySRV(device.get(), array.get(), &srvMs) == S_OK);
  // The reverse stays invalid: a single-sampled dimension on a multisampled texture.
  auto ms = texture2D(device.get(), D3D11_BIND_RENDER_TARGET, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 0, 4);
  D3D11_RENDER_TARGET_VIEW_DESC rtv2D{};
  rtv2D.ViewDimension = D3D11_RTV_DIMENSION_TEXTURE2D;
  CHECK(tryRTV(device.get(), ms.get(), &rtv2D) == E_INVALIDARG);

  // Cubes: a null description views whole cubes (one cube up to 11 slices), NumCubes -1 resolves.
  auto cube9 = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 9, D3D11_RESOURCE_MISC_TEXTURECUBE);
  srv = nullptr;
  REQUIRE(device->CreateShaderResourceView(cube9.get(), nullptr, srv.put()) == S_OK);
  srv->GetDesc(&srvOut);
  CHECK(srvOut.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBE);
  CHECK(srvOut.TextureCube.MipLevels == 2);
  auto cube14 = texture2D(device.get(), D3D11_BIND_SHADER_RESOURCE, DXGI_FORMAT_R8G8B8A8_UNORM, 1, 14, D3D11_RESOURCE_MISC_TEXTURECUBE);
  srv = nullptr;
  REQUIRE(device->CreateShaderResourceView(cube14.get(), nullptr, srv.put()) == S_OK);
  srv->GetDesc(&srvOut);
  CHECK(srvOut.ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY);
  CHECK(srvOut.TextureCubeArray.NumCubes == 2);
  srvDesc = {};
  srvDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURECUBEARRAY;
  srvDesc.TextureCubeArray = {0, UINT(-1), 1, UINT(-1)};
  srv = nullptr;
  REQUIRE(device->CreateShaderResourceView(cube14.get(), &srvDesc, srv.put()) == S_OK);
  srv->GetDesc(&srvOut);
  CHECK(srvOut.TextureCubeArray.MipLevels == 1);
  CHECK(srvOut.TextureCubeArray.NumCubes == 2);  // faces 1..12
  srvDesc.TextureCubeArray = {0, 1, 9, UINT(-1)};   // 5 faces left: no whole cube
  CHECK(trySRV(device.get(), cube14.get(), &srvDesc) == E_INVALIDARG);
  checkValidation(device.get());
}
