// End-to-end under Wine: a Windows program that links d3d11.dll and dxgi.dll like a game, creates
// a device and checks that d3d11vk served it (Wine's built-in d3d11 does not answer
// ID3D11VkDeviceInfo) at the expected feature level, with no Vulkan validation error.
// Prints one line per check and "N passed, N failed"; exits non-zero on any failure.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/windows_base.h"

static int g_passed = 0, g_failed = 0;

static void check(bool ok, const char* what) {
  std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
  (ok ? g_passed : g_failed)++;
}

// A 4x4 single-mip, single-sample texture description of `format` with `usage` and `bindFlags`.
static D3D11_TEXTURE2D_DESC smallTexture(DXGI_FORMAT format, D3D11_USAGE usage, UINT bindFlags) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = desc.Height = 4;
  desc.MipLevels = desc.ArraySize = 1;
  desc.Format = format;
  desc.SampleDesc.Count = 1;
  desc.Usage = usage;
  desc.BindFlags = bindFlags;
  return desc;
}

int main() {
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_0};
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  D3D_FEATURE_LEVEL level{};
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 3, D3D11_SDK_VERSION,
                                 &device, &level, &context);
  check(hr == S_OK && device && context, "D3D11CreateDevice succeeds with a device and an immediate context");
  if (!device) {
    std::printf("D3D11CreateDevice returned 0x%08x\n%d passed, %d failed\n", unsigned(hr), g_passed, g_failed);
    return 1;
  }

  ID3D11VkDeviceInfo* info = nullptr;
  check(SUCCEEDED(device->QueryInterface(__uuidof(ID3D11VkDeviceInfo), reinterpret_cast<void**>(&info))) && info,
        "the device is d3d11vk's (answers ID3D11VkDeviceInfo)");
  if (info) {
    std::printf("implementation: %s on %s (%s)\n", info->GetImplementationName(), info->GetVulkanDeviceName(),
                info->GetVulkanDriverDescription());
    check(std::strncmp(info->GetImplementationName(), "d3d11vk ", 8) == 0, "the implementation name is d3d11vk");
  }

  check(level == D3D_FEATURE_LEVEL_11_1, "feature level 11_1 chosen from {11_1, 11_0, 10_0}");
  check(device->GetFeatureLevel() == level, "GetFeatureLevel matches the chosen level");

  ID3D11Device5* device5 = nullptr;
  check(SUCCEEDED(device->QueryInterface(__uuidof(ID3D11Device5), reinterpret_cast<void**>(&device5))), "QueryInterface ID3D11Device5");
  if (device5)
    device5->Release();
  IDXGIDevice4* dxgi = nullptr;
  check(SUCCEEDED(device->QueryInterface(__uuidof(IDXGIDevice4), reinterpret_cast<void**>(&dxgi))), "QueryInterface IDXGIDevice4");
  if (dxgi) {
    IDXGIAdapter* adapter = nullptr;
    DXGI_ADAPTER_DESC desc{};
    check(SUCCEEDED(dxgi->GetAdapter(&adapter)) && SUCCEEDED(adapter->GetDesc(&desc)) && desc.Description[0] != 0,
          "IDXGIDevice::GetAdapter gives an adapter with a description");
    if (adapter)
      adapter->Release();
    dxgi->Release();
  }
  check(context && context->GetType() == D3D11_DEVICE_CONTEXT_IMMEDIATE, "the context is the immediate context");

  // The feature-level mapper as a Windows program sees it.
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  check(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK &&
            options.OutputMergerLogicOp && options.ClearView && options.ConstantBufferOffsetting &&
            options.ExtendedResourceSharing && !options.MultisampleRTVWithForcedSampleCountOne,
        "CheckFeatureSupport(D3D11_OPTIONS) at 11_1 reports the members d3d11vk builds, not the forced-sample-count pair");
  check(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options) - 4) == E_INVALIDARG,
        "CheckFeatureSupport with a wrong structure size is E_INVALIDARG");
  UINT formatSupport = 0;
  check(device->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, &formatSupport) == S_OK &&
            (formatSupport & D3D11_FORMAT_SUPPORT_RENDER_TARGET) && (formatSupport & D3D11_FORMAT_SUPPORT_DISPLAY),
        "CheckFormatSupport(R8G8B8A8_UNORM) includes RENDER_TARGET and DISPLAY");
  check(device->CheckFormatSupport(DXGI_FORMAT_NV12, &formatSupport) == E_FAIL && formatSupport == 0,
        "CheckFormatSupport(NV12) is E_FAIL with no bits");
  UINT quality = 0;
  check(device->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &quality) == S_OK && quality == 1,
        "CheckMultisampleQualityLevels(R8G8B8A8_UNORM, 4) gives one quality level");

  // State objects (docs/state-objects.md): deduplication, validation, the validation-only call.
  D3D11_SAMPLER_DESC samplerDesc{};
  samplerDesc.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  samplerDesc.AddressU = samplerDesc.AddressV = samplerDesc.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
  samplerDesc.MaxLOD = D3D11_FLOAT32_MAX;
  ID3D11SamplerState* sampler1 = nullptr;
  ID3D11SamplerState* sampler2 = nullptr;
  check(device->CreateSamplerState(&samplerDesc, &sampler1) == S_OK &&
            device->CreateSamplerState(&samplerDesc, &sampler2) == S_OK && sampler1 && sampler1 == sampler2,
        "CreateSamplerState returns the same object for an identical description");
  if (sampler2)
    sampler2->Release();
  check(sampler1 && sampler1->Release() == 0, "the shared sampler's last reference is the creator's");
  samplerDesc.AddressU = D3D11_TEXTURE_ADDRESS_MODE(0);
  ID3D11SamplerState* badSampler = reinterpret_cast<ID3D11SamplerState*>(1);
  check(device->CreateSamplerState(&samplerDesc, &badSampler) == E_INVALIDARG && badSampler == nullptr,
        "an invalid sampler description is E_INVALIDARG with a NULL object");
  D3D11_RASTERIZER_DESC rasterizerDesc{};
  rasterizerDesc.FillMode = D3D11_FILL_SOLID;
  rasterizerDesc.CullMode = D3D11_CULL_BACK;
  rasterizerDesc.DepthClipEnable = TRUE;
  D3D11_QUERY_DESC queryDesc{D3D11_QUERY_OCCLUSION_PREDICATE, 0};
  check(device->CreateRasterizerState(&rasterizerDesc, nullptr) == S_FALSE &&
            device->CreatePredicate(&queryDesc, nullptr) == S_FALSE,
        "a valid description with no out-pointer is S_FALSE (rasterizer state, predicate)");

  // Deferred contexts (docs/deferred-contexts.md): a command list recorded on another thread
  // clears a texture and copies it to staging; the immediate context executes it and reads back.
  {
    D3D11_TEXTURE2D_DESC desc = smallTexture(DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    ID3D11Texture2D* target = nullptr;
    ID3D11Texture2D* staging = nullptr;
    ID3D11RenderTargetView* rtv = nullptr;
    device->CreateTexture2D(&desc, nullptr, &target);
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    device->CreateTexture2D(&desc, nullptr, &staging);
    if (target)
      device->CreateRenderTargetView(target, nullptr, &rtv);
    ID3D11DeviceContext* deferred = nullptr;
    check(device->CreateDeferredContext(0, &deferred) == S_OK && deferred &&
              deferred->GetType() == D3D11_DEVICE_CONTEXT_DEFERRED,
          "CreateDeferredContext gives a deferred context");
    ID3D11CommandList* list = nullptr;
    HRESULT finished = E_FAIL;
    if (deferred && rtv && staging) {
      std::thread recorder([&] {
        const float green[4] = {0, 1, 0, 1};
        deferred->ClearRenderTargetView(rtv, green);
        deferred->CopyResource(staging, target);
        finished = deferred->FinishCommandList(FALSE, &list);
      });
      recorder.join();
    }
    check(finished == S_OK && list, "FinishCommandList on the recording thread gives a command list");
    uint32_t texel = 0;
    if (list) {
      context->ExecuteCommandList(list, FALSE);
      D3D11_MAPPED_SUBRESOURCE mapped{};
      if (context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped) == S_OK) {
        std::memcpy(&texel, mapped.pData, 4);
        context->Unmap(staging, 0);
      }
      list->Release();
    }
    check(texel == 0xff00ff00u, "the executed command list cleared the texture to green");
    for (IUnknown* object : {static_cast<IUnknown*>(deferred), static_cast<IUnknown*>(rtv), static_cast<IUnknown*>(staging),
                             static_cast<IUnknown*>(target)})
      if (object)
        object->Release();
  }

  // IDXGISurface1::GetDC: the DC's bitmap header reads as Windows' (image size 0, positive
  // height), its pixels are the texture's rows top-down, and ReleaseDC writes GDI's drawing back.
  {
    D3D11_TEXTURE2D_DESC desc = smallTexture(DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET);
    desc.MiscFlags = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
    uint32_t texels[16];
    for (int i = 0; i < 16; ++i)
      texels[i] = i < 4 ? 0xff0000ffu : 0xff00ff00u;  // row 0 blue, the others green (B8G8R8A8)
    D3D11_SUBRESOURCE_DATA initial{texels, 16, 0};
    ID3D11Texture2D* texture = nullptr;
    device->CreateTexture2D(&desc, &initial, &texture);
    IDXGISurface1* surface = nullptr;
    if (texture)
      texture->QueryInterface(__uuidof(IDXGISurface1), reinterpret_cast<void**>(&surface));
    HDC dc = nullptr;
    check(surface && surface->GetDC(FALSE, &dc) == S_OK && dc, "GetDC on a GDI-compatible texture gives a DC");
    if (dc) {
      DIBSECTION dib{};
      const int size = GetObjectW(GetCurrentObject(dc, OBJ_BITMAP), sizeof(dib), &dib);
      check(size == int(sizeof(dib)) && dib.dsBmih.biSizeImage == 0 && dib.dsBmih.biHeight == 4 &&
                dib.dsBmih.biBitCount == 32,
            "the DC's bitmap is a 32-bit DIB section whose header has height 4 and image size 0");
      check(GetPixel(dc, 0, 0) == RGB(0, 0, 255) && GetPixel(dc, 0, 3) == RGB(0, 255, 0),
            "the DC shows the texture's first row at the top");
      SetPixel(dc, 1, 3, RGB(255, 0, 0));
      // While the DC is out, a second GetDC fails and leaves the out-pointer alone (Windows, per
      // Wine's d3d10_1 test_getdc).
      HDC second = reinterpret_cast<HDC>(0x1234);
      check(surface->GetDC(FALSE, &second) == DXGI_ERROR_INVALID_CALL && second == reinterpret_cast<HDC>(0x1234),
            "a second GetDC is DXGI_ERROR_INVALID_CALL and leaves the DC pointer as it was");
      check(surface->ReleaseDC(nullptr) == S_OK, "ReleaseDC");
    }
    desc.Usage = D3D11_USAGE_STAGING;
    desc.BindFlags = 0;
    desc.MiscFlags = 0;
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
    ID3D11Texture2D* staging = nullptr;
    device->CreateTexture2D(&desc, nullptr, &staging);
    uint32_t drawn = 0, kept = 0;
    if (staging && texture) {
      context->CopyResource(staging, texture);
      D3D11_MAPPED_SUBRESOURCE mapped{};
      if (context->Map(staging, 0, D3D11_MAP_READ, 0, &mapped) == S_OK) {
        std::memcpy(&drawn, static_cast<const uint8_t*>(mapped.pData) + 3 * mapped.RowPitch + 4, 4);
        std::memcpy(&kept, mapped.pData, 4);
        context->Unmap(staging, 0);
      }
    }
    check((drawn & 0xffffffu) == 0xff0000u && kept == 0xff0000ffu,
          "ReleaseDC wrote GDI's red pixel into row 3 of the texture and kept row 0");
    for (IUnknown* object : {static_cast<IUnknown*>(surface), static_cast<IUnknown*>(staging), static_cast<IUnknown*>(texture)})
      if (object)
        object->Release();
  }

  if (info) {
    const char* required = getenv("D3D11VK_REQUIRE_VALIDATION");
    if (required && std::strcmp(required, "1") == 0)
      check(info->IsValidationEnabled() == TRUE, "the Vulkan validation layer is active");
    check(info->GetValidationErrorCount() == 0, "no Vulkan validation errors");
    info->Release();
  }
  if (context)
    context->Release();
  check(device->Release() == 0, "the last Release destroys the device");

  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
