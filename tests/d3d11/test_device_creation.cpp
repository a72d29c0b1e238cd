// Integration: D3D11CreateDevice on the machine's Vulkan device (lavapipe in CI), through the
// public entry points exactly as an application calls them. Every test ends by checking that the
// Vulkan validation layer reported no error.
#include <catch2/catch.hpp>

#include <cfloat>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "d3d11vk/d3d11vk_device_info.h"
#include "util/com_ptr.h"
#include "util/windows_base.h"

#include <d3d11on12.h>

using util::ComPtr;

namespace {

// Checks the validation layer is on when the test run asks for it, and silent.
void checkValidation(ID3D11Device* device) {
  auto info = ComPtr<ID3D11Device>(device).query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  const char* required = std::getenv("D3D11VK_REQUIRE_VALIDATION");
  if (required && std::string(required) == "1")
    REQUIRE(info->IsValidationEnabled());
  CHECK(info->GetValidationErrorCount() == 0);
}

ComPtr<ID3D11Device> createDevice(D3D_FEATURE_LEVEL* level = nullptr) {
  ComPtr<ID3D11Device> device;
  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0};
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 2, D3D11_SDK_VERSION,
                                 device.put(), level, nullptr);
  REQUIRE(hr == S_OK);
  REQUIRE(device);
  return device;
}

}  // namespace

TEST_CASE("D3D11CreateDevice creates a d3d11vk device at the highest requested possible level", "[device]") {
  D3D_FEATURE_LEVEL level{};
  ComPtr<ID3D11Device> device = createDevice(&level);
  CHECK(level == D3D_FEATURE_LEVEL_11_1);  // lavapipe reaches 11_1; so does any 11_1 GPU
  CHECK(device->GetFeatureLevel() == level);
  CHECK(device->GetCreationFlags() == 0);
  CHECK(device->GetDeviceRemovedReason() == S_OK);

  auto info = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(info);
  CHECK(std::string(info->GetImplementationName()).rfind("d3d11vk ", 0) == 0);
  CHECK_FALSE(std::string(info->GetVulkanDeviceName()).empty());
  checkValidation(device.get());
}

TEST_CASE("the device answers ID3D11Device1-5 and IDXGIDevice1-4 as one object", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  ComPtr<IUnknown> identity = device.query<IUnknown>();
  REQUIRE(identity);

  CHECK(device.query<ID3D11Device1>());
  CHECK(device.query<ID3D11Device2>());
  CHECK(device.query<ID3D11Device3>());
  CHECK(device.query<ID3D11Device4>());
  CHECK(device.query<ID3D11Device5>());

  ComPtr<IDXGIDevice4> dxgi = device.query<IDXGIDevice4>();
  REQUIRE(dxgi);
  CHECK(device.query<IDXGIDevice>());
  CHECK(device.query<IDXGIDevice1>());
  CHECK(device.query<IDXGIDevice2>());
  CHECK(device.query<IDXGIDevice3>());
  // COM identity: IUnknown from any face is the same pointer.
  CHECK(dxgi.query<IUnknown>().get() == identity.get());
  CHECK(dxgi.query<ID3D11Device>().get() == device.get());

  ComPtr<IDXGIAdapter> adapter;
  REQUIRE(dxgi->GetAdapter(adapter.put()) == S_OK);
  DXGI_ADAPTER_DESC desc{};
  REQUIRE(adapter->GetDesc(&desc) == S_OK);
  CHECK(desc.Description[0] != 0);

  // A device of D3D11CreateDevice has no ID3D10Device face (the D3D10 runtime's devices do: see
  // "D3D10 interfaces" below).
  CHECK_FALSE(device.query<ID3D10Device>());
  void* none = reinterpret_cast<void*>(1);
  CHECK(device->QueryInterface(__uuidof(ID3D12Device), &none) == E_NOINTERFACE);
  CHECK(none == nullptr);
  checkValidation(device.get());
}

TEST_CASE("the immediate context belongs to the device and shares its lifetime", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  REQUIRE(context);
  CHECK(context->GetType() == D3D11_DEVICE_CONTEXT_IMMEDIATE);
  CHECK(context.query<ID3D11DeviceContext4>());
  CHECK_FALSE(context.query<ID3D11Device>());

  ComPtr<ID3D11Device> parent;
  context->GetDevice(parent.put());
  CHECK(parent.get() == device.get());

  ComPtr<ID3D11DeviceContext1> context1;
  device.query<ID3D11Device1>()->GetImmediateContext1(context1.put());
  CHECK(static_cast<ID3D11DeviceContext*>(context1.get()) == context.get());
  checkValidation(device.get());

  // The context keeps the device alive after the application drops its device reference.
  ID3D11Device* raw = device.get();
  parent.reset();
  device.reset();
  ComPtr<ID3D11Device> again;
  context->GetDevice(again.put());
  CHECK(again.get() == raw);
}

TEST_CASE("device private data follows the documented rules", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  const GUID guid = {0xabcdef01, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
  int value = 42;
  REQUIRE(device->SetPrivateData(guid, sizeof(value), &value) == S_OK);
  int out = 0;
  UINT size = sizeof(out);
  CHECK(device->GetPrivateData(guid, &size, &out) == S_OK);
  CHECK(out == 42);
  // The DXGI face is the same object, so it sees the same data.
  size = sizeof(out);
  out = 0;
  CHECK(device.query<IDXGIDevice>()->GetPrivateData(guid, &size, &out) == S_OK);
  CHECK(out == 42);
}

TEST_CASE("D3D11CreateDevice rejects what the documentation rejects", "[device]") {
  ComPtr<ID3D11Device> device;
  const D3D_FEATURE_LEVEL level11 = D3D_FEATURE_LEVEL_11_0;

  SECTION("UNKNOWN driver type without an adapter") {
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
  SECTION("an adapter with a driver type other than UNKNOWN") {
    ComPtr<IDXGIFactory1> factory;
    REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
    ComPtr<IDXGIAdapter1> adapter;
    REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
    CHECK(D3D11CreateDevice(adapter.get(), D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
    CHECK(D3D11CreateDevice(adapter.get(), D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, &level11, 1, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == S_OK);
    CHECK(device);
  }
  SECTION("a level count with no list") {
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 3, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
  SECTION("a value that is no feature level") {
    const D3D_FEATURE_LEVEL bogus = D3D_FEATURE_LEVEL(0x1234);
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &bogus, 1, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
  SECTION("SOFTWARE without a module") {
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_SOFTWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                            device.put(), nullptr, nullptr) == E_INVALIDARG);
    CHECK_FALSE(device);  // a failing call leaves the out-pointer null
  }
}

TEST_CASE("a level the device cannot run fails with DXGI_ERROR_UNSUPPORTED", "[device]") {
  ComPtr<ID3D11Device> probe = createDevice();
  // 12_0 and 12_1 need tiled resources tier 2, which d3d11vk does not build yet (its shader
  // residency feedback): no device reaches them (docs/caps.md).
  const D3D_FEATURE_LEVEL only12[] = {D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0};
  ComPtr<ID3D11Device> device;
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL(0);
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, only12, 2, D3D11_SDK_VERSION,
                                 device.put(), &level, nullptr);
  INFO(probe.query<ID3D11VkDeviceInfo>()->GetVulkanDeviceName());
  CHECK(hr == DXGI_ERROR_UNSUPPORTED);
  CHECK_FALSE(device);
}

TEST_CASE("with no device out-pointer D3D11CreateDevice only checks and returns S_FALSE", "[device]") {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL(0);
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, nullptr,
                          &level, nullptr) == S_FALSE);
  CHECK(level == D3D_FEATURE_LEVEL_11_0);  // the default list starts at 11_0
}

TEST_CASE("D3D11CreateDeviceAndSwapChain without a swapchain creates a device", "[device]") {
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  CHECK(D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                                      nullptr, nullptr, device.put(), nullptr, context.put()) == S_OK);
  CHECK(device);
  CHECK(context);
  IDXGISwapChain* swapchain = reinterpret_cast<IDXGISwapChain*>(1);
  CHECK(D3D11CreateDeviceAndSwapChain(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION,
                                      nullptr, &swapchain, nullptr, nullptr, nullptr) == E_INVALIDARG);
  CHECK(swapchain == nullptr);
}

TEST_CASE("D3D11On12CreateDevice fails cleanly", "[device]") {
  ID3D11Device* device = reinterpret_cast<ID3D11Device*>(1);
  CHECK(D3D11On12CreateDevice(nullptr, 0, nullptr, 0, nullptr, 0, 0, &device, nullptr, nullptr) == E_NOTIMPL);
  CHECK(device == nullptr);
}

TEST_CASE("IDXGIDevice frame latency and GPU priority follow the documented ranges", "[device][dxgi]") {
  ComPtr<ID3D11Device> device = createDevice();
  ComPtr<IDXGIDevice1> dxgi = device.query<IDXGIDevice1>();
  UINT latency = 0;
  CHECK(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(dxgi->SetMaximumFrameLatency(5) == S_OK);
  CHECK(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 5);
  CHECK(dxgi->SetMaximumFrameLatency(0) == S_OK);
  CHECK(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(dxgi->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL);
  CHECK(dxgi->GetMaximumFrameLatency(nullptr) == DXGI_ERROR_INVALID_CALL);

  CHECK(dxgi->SetGPUThreadPriority(7) == S_OK);
  CHECK(dxgi->SetGPUThreadPriority(8) == E_INVALIDARG);
  INT priority = 0;
  CHECK(dxgi->GetGPUThreadPriority(&priority) == S_OK);
  CHECK(priority == 7);
}

TEST_CASE("the device answers CheckFeatureSupport, CheckFormatSupport and quality levels from the mapper", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  D3D11_FEATURE_DATA_D3D11_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, sizeof(options)) == S_OK);
  CHECK(options.OutputMergerLogicOp);  // 11_1 on lavapipe
  CHECK(options.ClearView == options.CopyWithOverlap);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS, &options, 1) == E_INVALIDARG);

  D3D11_FEATURE_DATA_FORMAT_SUPPORT format{DXGI_FORMAT_B8G8R8A8_UNORM, 0};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT, &format, sizeof(format)) == S_OK);
  CHECK(format.OutFormatSupport & D3D11_FORMAT_SUPPORT_RENDER_TARGET);
  UINT bits = 0;
  CHECK(device->CheckFormatSupport(DXGI_FORMAT_B8G8R8A8_UNORM, &bits) == S_OK);
  CHECK(bits == format.OutFormatSupport);
  // A value that is no DXGI format is unsupported: E_FAIL and no bits (as Windows answers).
  bits = 0xdeadbeef;
  CHECK(device->CheckFormatSupport(DXGI_FORMAT(0x7777), &bits) == E_FAIL);
  CHECK(bits == 0);
  CHECK(device->CheckFormatSupport(DXGI_FORMAT_R8G8B8A8_UNORM, nullptr) == E_INVALIDARG);

  UINT quality = 0;
  CHECK(device->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &quality) == S_OK);
  CHECK(quality == 1);
  CHECK(device.query<ID3D11Device2>()->CheckMultisampleQualityLevels1(DXGI_FORMAT_R8G8B8A8_UNORM, 4, 0, &quality) == S_OK);
  CHECK(quality == 1);
}

TEST_CASE("the threading feature promises concurrent creates and command lists", "[device]") {
  ComPtr<ID3D11Device> device = createDevice();
  D3D11_FEATURE_DATA_THREADING threading{FALSE, FALSE};
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, sizeof(threading)) == S_OK);
  CHECK(threading.DriverConcurrentCreates == TRUE);
  CHECK(threading.DriverCommandLists == TRUE);
  CHECK(device->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, 1) == E_INVALIDARG);
}

// Exported by d3d11 for the D3D10 runtime; the SDK headers do not declare it.
extern "C" HRESULT WINAPI D3D11CoreCreateDevice(IDXGIFactory* factory, IDXGIAdapter* adapter, UINT flags,
                                                const D3D_FEATURE_LEVEL* levels, UINT levelCount, ID3D11Device** device);

namespace {

// COM object model (what Wine's d3d11 conformance tests check of Windows: test_create_*_state,
// test_immediate_context, test_state_refcounting, test_device_interfaces, test_getdc,
// test_user_defined_annotation): device references held by children and contexts, private
// references held by bindings, interfaces answered per object.
ComPtr<ID3D11Device> createComDevice() {
  ComPtr<ID3D11Device> device;
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_0;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(),
                            nullptr, nullptr) == S_OK);
  return device;
}

ULONG refCount(IUnknown* object) {
  object->AddRef();
  return object->Release();
}

D3D11_SAMPLER_DESC linearWrapSampler() {
  D3D11_SAMPLER_DESC desc{};
  desc.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
  desc.AddressU = desc.AddressV = desc.AddressW = D3D11_TEXTURE_ADDRESS_WRAP;
  desc.MaxLOD = FLT_MAX;
  return desc;
}

// The child resources the reference and interface cases create: what matters is who holds them,
// so one small description serves, which a case changes where it tests a flag.
D3D11_BUFFER_DESC smallShaderResourceBuffer() {
  D3D11_BUFFER_DESC desc{};
  desc.ByteWidth = 64;
  desc.Usage = D3D11_USAGE_DEFAULT;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  return desc;
}

// A square 2D texture of one mip and one array slice, single-sampled, default usage.
D3D11_TEXTURE2D_DESC squareTexture2D(UINT size, DXGI_FORMAT format, UINT bindFlags) {
  return D3D11_TEXTURE2D_DESC{size, size, 1, 1, format, {1, 0}, D3D11_USAGE_DEFAULT, bindFlags, 0, 0};
}

}  // namespace

TEST_CASE("objects the device creates hold a device reference while the application holds them", "[device][com]") {
  ComPtr<ID3D11Device> device = createComDevice();
  const ULONG base = refCount(device.get());

  D3D11_BLEND_DESC blendDesc{};
  blendDesc.RenderTarget[0].RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL;
  ID3D11BlendState* first = nullptr;
  ID3D11BlendState* second = nullptr;
  REQUIRE(device->CreateBlendState(&blendDesc, &first) == S_OK);
  CHECK(refCount(device.get()) == base + 1);
  // An identical description gives the same object, which already holds the device.
  REQUIRE(device->CreateBlendState(&blendDesc, &second) == S_OK);
  CHECK(first == second);
  CHECK(refCount(device.get()) == base + 1);
  CHECK(second->Release() == 1);
  CHECK(first->Release() == 0);
  CHECK(refCount(device.get()) == base);

  D3D11_BUFFER_DESC bufferDesc = smallShaderResourceBuffer();
  ComPtr<ID3D11Buffer> buffer;
  REQUIRE(device->CreateBuffer(&bufferDesc, nullptr, buffer.put()) == S_OK);
  CHECK(refCount(device.get()) == base + 1);
  // A second public reference on the child does not add another on the device.
  ComPtr<ID3D11Buffer> again = buffer;
  CHECK(refCount(device.get()) == base + 1);
  again.reset();
  buffer.reset();
  CHECK(refCount(device.get()) == base);

  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(device->CreateDeferredContext(0, deferred.put()) == S_OK);
  CHECK(refCount(device.get()) == base + 1);
  CHECK(refCount(deferred.get()) == 1);
  deferred.reset();
  CHECK(refCount(device.get()) == base);
}

TEST_CASE("the immediate context counts its own references and holds the device while it has any", "[device][com]") {
  ComPtr<ID3D11Device> device = createComDevice();
  const ULONG base = refCount(device.get());
  ID3D11DeviceContext* context = nullptr;
  device->GetImmediateContext(&context);
  REQUIRE(context);
  CHECK(refCount(device.get()) == base + 1);
  ID3D11DeviceContext* second = nullptr;
  device->GetImmediateContext(&second);
  CHECK(second == context);
  CHECK(refCount(device.get()) == base + 1);
  CHECK(second->Release() == 1);
  CHECK(context->Release() == 0);
  CHECK(refCount(device.get()) == base);
}

TEST_CASE("bound objects are held privately: Release returns 0 and the binding stays", "[device][com]") {
  ID3D11Device* device = createComDevice().detach();
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());

  D3D11_SAMPLER_DESC samplerDesc = linearWrapSampler();
  ID3D11SamplerState* sampler = nullptr;
  REQUIRE(device->CreateSamplerState(&samplerDesc, &sampler) == S_OK);
  context->PSSetSamplers(0, 1, &sampler);
  ID3D11SamplerState* const bound = sampler;
  CHECK(sampler->Release() == 0);
  ID3D11SamplerState* read = nullptr;
  context->PSGetSamplers(0, 1, &read);
  CHECK(read == bound);
  CHECK(read->Release() == 0);
  // Still the cached object for that description while it is bound.
  ID3D11SamplerState* same = nullptr;
  REQUIRE(device->CreateSamplerState(&samplerDesc, &same) == S_OK);
  CHECK(same == bound);
  CHECK(same->Release() == 0);

  D3D11_TEXTURE2D_DESC textureDesc = squareTexture2D(4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET);
  ID3D11Texture2D* texture = nullptr;
  REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, &texture) == S_OK);
  ID3D11RenderTargetView* rtv = nullptr;
  REQUIRE(device->CreateRenderTargetView(texture, nullptr, &rtv) == S_OK);
  texture->Release();
  context->OMSetRenderTargets(1, &rtv, nullptr);
  CHECK(rtv->Release() == 0);
  // The view (and its texture) still work: a clear through the bound view reaches the texture.
  ID3D11RenderTargetView* boundView = nullptr;
  context->OMGetRenderTargets(1, &boundView, nullptr);
  REQUIRE(boundView == rtv);
  const float red[4] = {1, 0, 0, 1};
  context->ClearRenderTargetView(boundView, red);
  CHECK(boundView->Release() == 0);

  context.reset();
  // Nothing the application holds is left: the device's last public reference goes.
  CHECK(device->Release() == 0);
}

// A rebind may keep the replaced object's reference (d3d11_binding_ref.h, RetainedReferences) so
// that alternating between a few objects costs no reference counting; what the application
// released must still go by the next Flush, at once when its slot is bound to null, and the
// kept references stay bounded. Each view carries the probe buffer as private-data interface,
// so the probe's count minus one is the number of views still alive.
TEST_CASE("rebinding: replaced objects are gone by the next Flush, at once when unbound to null", "[device][com]") {
  ComPtr<ID3D11Device> device = createComDevice();
  ComPtr<ID3D11DeviceContext> context;
  device->GetImmediateContext(context.put());
  // From another device: a child holds its device's public count up, and the last case releases
  // this device.
  ComPtr<ID3D11Device> probeDevice = createComDevice();
  D3D11_BUFFER_DESC bufferDesc = smallShaderResourceBuffer();
  ComPtr<ID3D11Buffer> probe;
  REQUIRE(probeDevice->CreateBuffer(&bufferDesc, nullptr, probe.put()) == S_OK);
  D3D11_TEXTURE2D_DESC textureDesc = squareTexture2D(4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, texture.put()) == S_OK);
  const GUID guid = {0x5e1f0003, 0x1, 0x2, {3, 4, 5, 6, 7, 8, 9, 10}};
  auto makeView = [&] {
    ID3D11ShaderResourceView* view = nullptr;
    REQUIRE(device->CreateShaderResourceView(texture.get(), nullptr, &view) == S_OK);
    REQUIRE(view->SetPrivateDataInterface(guid, probe.get()) == S_OK);
    return view;
  };
  auto viewsAlive = [&] { return refCount(probe.get()) - 1; };

  // Alternating between two views, then replacing both: once released, both go by Flush.
  ID3D11ShaderResourceView* a = makeView();
  ID3D11ShaderResourceView* b = makeView();
  for (int i = 0; i < 100; ++i) {
    context->PSSetShaderResources(0, 1, i % 2 ? &b : &a);
    context->VSSetShaderResources(3, 1, i % 2 ? &a : &b);
  }
  ID3D11ShaderResourceView* read = nullptr;
  context->PSGetShaderResources(0, 1, &read);
  CHECK(read == b);
  read->Release();
  ID3D11ShaderResourceView* c = makeView();
  context->PSSetShaderResources(0, 1, &c);
  context->VSSetShaderResources(3, 1, &c);
  CHECK(a->Release() == 0);
  CHECK(b->Release() == 0);
  CHECK(viewsAlive() >= 1);  // c, bound
  context->Flush();
  CHECK(viewsAlive() == 1);

  // Bound to null: released at once, no Flush needed.
  context->PSSetShaderResources(0, 1, nullptr);
  ID3D11ShaderResourceView* const none = nullptr;
  context->VSSetShaderResources(3, 1, &none);
  CHECK(c->Release() == 0);
  CHECK(viewsAlive() == 0);

  // A long run of different views through one slot keeps at most a few of them.
  for (int i = 0; i < 64; ++i) {
    ID3D11ShaderResourceView* view = makeView();
    context->PSSetShaderResources(0, 1, &view);
    view->Release();
  }
  CHECK(viewsAlive() <= 17);  // the bound one and at most 16 kept
  context->ClearState();
  CHECK(viewsAlive() == 0);

  // The same through the device's last release: nothing kept outlives the device's bindings.
  ID3D11ShaderResourceView* d = makeView();
  ID3D11ShaderResourceView* e = makeView();
  context->PSSetShaderResources(0, 1, &d);
  context->PSSetShaderResources(0, 1, &e);
  d->Release();
  e->Release();
  texture.reset();
  context.reset();
  ID3D11Device* raw = device.detach();
  CHECK(raw->Release() == 0);
  CHECK(refCount(probe.get()) == 1);
}

TEST_CASE("D3D10 interfaces: only D3D10-runtime devices answer ID3D10Device; D3D11-only resources have no D3D10 face",
          "[device][com]") {
  ComPtr<ID3D11Device> device = createComDevice();
  CHECK_FALSE(device.query<ID3D10Device>());
  CHECK_FALSE(device.query<ID3D10Device1>());
  CHECK(device.query<ID3D10Multithread>());
  CHECK(device.query<IDXGIDevice1>());

  ComPtr<ID3D11Device> core;
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_10_1;
  REQUIRE(D3D11CoreCreateDevice(nullptr, nullptr, 0, &level, 1, core.put()) == S_OK);
  ComPtr<ID3D10Device> device10 = core.query<ID3D10Device>();
  REQUIRE(device10);
  CHECK(device10.query<IUnknown>().get() == core.query<IUnknown>().get());

  D3D11_BUFFER_DESC bufferDesc = smallShaderResourceBuffer();
  ComPtr<ID3D11Buffer> plain;
  REQUIRE(device->CreateBuffer(&bufferDesc, nullptr, plain.put()) == S_OK);
  ComPtr<ID3D10Buffer> plain10 = plain.query<ID3D10Buffer>();
  REQUIRE(plain10);
  // Its device is no D3D10 device, so the D3D10 face has none to give.
  ID3D10Device* noDevice = reinterpret_cast<ID3D10Device*>(uintptr_t(1));
  plain10->GetDevice(&noDevice);
  CHECK(noDevice == nullptr);

  bufferDesc.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  bufferDesc.StructureByteStride = 16;
  ComPtr<ID3D11Buffer> structured;
  REQUIRE(device->CreateBuffer(&bufferDesc, nullptr, structured.put()) == S_OK);
  CHECK_FALSE(structured.query<ID3D10Buffer>());

  D3D11_TEXTURE2D_DESC textureDesc = squareTexture2D(4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  ComPtr<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, texture.put()) == S_OK);
  CHECK(texture.query<ID3D10Texture2D>());
  textureDesc.MiscFlags = D3D11_RESOURCE_MISC_RESOURCE_CLAMP;
  ComPtr<ID3D11Texture2D> clamped;
  REQUIRE(device->CreateTexture2D(&textureDesc, nullptr, clamped.put()) == S_OK);
  CHECK_FALSE(clamped.query<ID3D10Texture2D>());
}

TEST_CASE("contexts answer ID3DUserDefinedAnnotation as no profiling tool is attached", "[device][com]") {
  ComPtr<ID3D11Device> device = createComDevice();
  ComPtr<ID3D11DeviceContext> immediate;
  device->GetImmediateContext(immediate.put());
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(device->CreateDeferredContext(0, deferred.put()) == S_OK);
  for (ID3D11DeviceContext* context : {immediate.get(), deferred.get()}) {
    ComPtr<ID3DUserDefinedAnnotation> annotation;
    REQUIRE(context->QueryInterface(__uuidof(ID3DUserDefinedAnnotation), annotation.putVoid()) == S_OK);
    CHECK(annotation->BeginEvent(reinterpret_cast<LPCWSTR>(u"event")) == -1);
    CHECK(annotation->EndEvent() == -1);
    annotation->SetMarker(reinterpret_cast<LPCWSTR>(u"marker"));
    CHECK(annotation->GetStatus() == FALSE);
    // One object: the annotation face shares the context's identity and count.
    CHECK(annotation.query<IUnknown>().get() == ComPtr<ID3D11DeviceContext>(context).query<IUnknown>().get());
    // ID3D11DeviceContext2's own annotation methods answer the same.
    auto context2 = ComPtr<ID3D11DeviceContext>(context).query<ID3D11DeviceContext2>();
    REQUIRE(context2);
    CHECK(context2->IsAnnotationEnabled() == FALSE);
    context2->BeginEventInt(reinterpret_cast<LPCWSTR>(u"event"), 7);
    context2->SetMarkerInt(reinterpret_cast<LPCWSTR>(u"marker"), 8);
    context2->EndEvent();
  }
}

TEST_CASE("GDI-compatible textures: the documented creation rules; GetDC refuses other surfaces", "[device][com]") {
  ComPtr<ID3D11Device> device = createComDevice();
  D3D11_TEXTURE2D_DESC desc = squareTexture2D(8, DXGI_FORMAT_B8G8R8A8_UNORM, D3D11_BIND_RENDER_TARGET);

  ComPtr<ID3D11Texture2D> plain;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, plain.put()) == S_OK);
  auto plainSurface = plain.query<IDXGISurface1>();
  REQUIRE(plainSurface);
  HDC dc = reinterpret_cast<HDC>(uintptr_t(1));
  CHECK(plainSurface->GetDC(FALSE, &dc) == DXGI_ERROR_INVALID_CALL);
  CHECK(dc == nullptr);

  desc.MiscFlags = D3D11_RESOURCE_MISC_GDI_COMPATIBLE;
  ComPtr<ID3D11Texture2D> gdi;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, gdi.put()) == S_OK);
  auto surface = gdi.query<IDXGISurface1>();
  REQUIRE(surface);
  CHECK(surface->ReleaseDC(nullptr) == DXGI_ERROR_INVALID_CALL);  // no DC handed out yet
#ifndef _WIN32
  CHECK(surface->GetDC(FALSE, &dc) == DXGI_ERROR_UNSUPPORTED);  // no GDI on Linux
#endif

  ComPtr<ID3D11Texture2D> refused;
  for (DXGI_FORMAT format : {DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM}) {
    desc.Format = format;
    CHECK(device->CreateTexture2D(&desc, nullptr, refused.put()) == E_INVALIDARG);
  }
  desc.Format = DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
  CHECK(device->CreateTexture2D(&desc, nullptr, refused.put()) == S_OK);
  desc.Usage = D3D11_USAGE_STAGING;
  desc.BindFlags = 0;
  desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  CHECK(device->CreateTexture2D(&desc, nullptr, refused.put()) == E_INVALIDARG);
}

TEST_CASE("a failed D3D11CreateDevice leaves every out-parameter cleared, the feature level too", "[device][com]") {
  ID3D11Device* device = reinterpret_cast<ID3D11Device*>(uintptr_t(1));
  ID3D11DeviceContext* context = reinterpret_cast<ID3D11DeviceContext*>(uintptr_t(1));
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL(0xdeadbeef);
  CHECK(FAILED(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, &device,
                                 &level, &context)));
  CHECK(device == nullptr);
  CHECK(context == nullptr);
  CHECK(level == D3D_FEATURE_LEVEL(0));
}
