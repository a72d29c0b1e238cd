// Context state objects across the two APIs: while a state object made for one API is active
// (ID3D11DeviceContext1::SwapDeviceContextState), the other API's binding methods are ignored and
// its Get* methods answer the defaults, as the D3D11.1 documentation describes.
#include "d3d10_test_util.h"

#include "util/windows_base.h"

using namespace d3d10_test;

namespace {

ComPtr<ID3DDeviceContextState> makeState(ID3D11Device1* device, D3D_FEATURE_LEVEL level, REFIID emulated) {
  ComPtr<ID3DDeviceContextState> state;
  REQUIRE(device->CreateDeviceContextState(0, &level, 1, D3D11_SDK_VERSION, emulated, nullptr, state.put()) == S_OK);
  return state;
}

D3D11_PRIMITIVE_TOPOLOGY topology11(ID3D11DeviceContext* context) {
  D3D11_PRIMITIVE_TOPOLOGY topology = D3D11_PRIMITIVE_TOPOLOGY(0xdead);
  context->IAGetPrimitiveTopology(&topology);
  return topology;
}

D3D10_PRIMITIVE_TOPOLOGY topology10(ID3D10Device* device) {
  D3D10_PRIMITIVE_TOPOLOGY topology = D3D10_PRIMITIVE_TOPOLOGY(0xdead);
  device->IAGetPrimitiveTopology(&topology);
  return topology;
}

ComPtr<ID3D11Buffer> vsConstantBuffer11(ID3D11DeviceContext* context) {
  ComPtr<ID3D11Buffer> buffer;
  context->VSGetConstantBuffers(0, 1, buffer.put());
  return buffer;
}

}  // namespace

TEST_CASE("d3d10: a state object made for ID3D10Device switches off ID3D11DeviceContext's binding methods, and back",
          "[d3d10]") {
  D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_10_1;
  ComPtr<ID3D11Device> device;
  ComPtr<ID3D11DeviceContext> context;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION, device.put(), nullptr,
                            context.put()) == S_OK);
  auto device1 = device.query<ID3D11Device1>();
  auto context1 = context.query<ID3D11DeviceContext1>();
  REQUIRE(device1);
  REQUIRE(context1);
  CHECK(!device.query<ID3D10Device>());  // a D3D11CreateDevice device, no state object yet

  D3D11_BUFFER_DESC desc{16, D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  ComPtr<ID3D11Buffer> cb;
  REQUIRE(device->CreateBuffer(&desc, nullptr, cb.put()) == S_OK);
  D3D11_SAMPLER_DESC samplerDesc{};
  samplerDesc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
  samplerDesc.AddressU = samplerDesc.AddressV = samplerDesc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
  samplerDesc.ComparisonFunc = D3D11_COMPARISON_NEVER;
  samplerDesc.MaxLOD = D3D11_FLOAT32_MAX;
  ComPtr<ID3D11SamplerState> sampler;
  REQUIRE(device->CreateSamplerState(&samplerDesc, sampler.put()) == S_OK);
  const D3D11_VIEWPORT viewport{0, 0, 3, 4, 0, 1};
  const D3D11_RECT scissor{0, 0, 1, 2};

  // The application's D3D11 bindings, made before any state object: the device's own state.
  ID3D11Buffer* cbs[] = {cb.get()};
  ID3D11SamplerState* samplers[] = {sampler.get()};
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  context->VSSetConstantBuffers(0, 1, cbs);
  context->PSSetSamplers(0, 1, samplers);
  context->RSSetViewports(1, &viewport);
  context->RSSetScissorRects(1, &scissor);

  auto state10 = makeState(device1.get(), D3D_FEATURE_LEVEL_10_1, __uuidof(ID3D10Device));
  auto d3d10 = device.query<ID3D10Device>();
  REQUIRE(d3d10);  // from the first state object on, as on Windows
  ComPtr<ID3DDeviceContextState> deviceState;
  context1->SwapDeviceContextState(state10.get(), deviceState.put());
  REQUIRE(deviceState);

  // D3D10 state active: ID3D11DeviceContext's Set* are ignored, its Get* answer the defaults.
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
  context->VSSetConstantBuffers(0, 1, cbs);
  context->PSSetSamplers(0, 1, samplers);
  context->RSSetViewports(1, &viewport);
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
  CHECK(!vsConstantBuffer11(context.get()));
  UINT count = 2;
  D3D11_VIEWPORT viewports[2];
  context->RSGetViewports(&count, viewports);
  CHECK(count == 0);
  ID3D11SamplerState* untouched = reinterpret_cast<ID3D11SamplerState*>(uintptr_t(0x1234));
  context->PSGetSamplers(0, 1, &untouched);  // Windows writes nothing here (Wine's conformance test)
  CHECK(untouched == reinterpret_cast<ID3D11SamplerState*>(uintptr_t(0x1234)));
  // The D3D10 interface binds and reads back what it bound.
  auto cb10 = cb.query<ID3D10Buffer>();
  REQUIRE(cb10);
  ID3D10Buffer* cbs10[] = {cb10.get()};
  d3d10->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_POINTLIST);
  d3d10->VSSetConstantBuffers(0, 1, cbs10);
  CHECK(topology10(d3d10.get()) == D3D10_PRIMITIVE_TOPOLOGY_POINTLIST);
  ComPtr<ID3D10Buffer> got10;
  d3d10->VSGetConstantBuffers(0, 1, got10.put());
  CHECK(got10.get() == cb10.get());
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);  // still switched off

  // Back to the device's own (D3D11) state: its bindings are there, the D3D10 calls that went
  // into the other state object are not, and now the D3D10 interface is the one switched off.
  ComPtr<ID3DDeviceContextState> swappedOut;
  context1->SwapDeviceContextState(deviceState.get(), swappedOut.put());
  CHECK(swappedOut.get() == state10.get());
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  CHECK(vsConstantBuffer11(context.get()).get() == cb.get());
  ComPtr<ID3D11SamplerState> gotSampler;
  context->PSGetSamplers(0, 1, gotSampler.put());
  CHECK(gotSampler.get() == sampler.get());
  count = 2;
  D3D11_RECT rects[2];
  context->RSGetScissorRects(&count, rects);
  CHECK(count == 1);  // with an array too, the count says how many are set
  CHECK(rects[0].right == 1);
  CHECK(rects[0].bottom == 2);
  d3d10->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_LINESTRIP);
  CHECK(topology10(d3d10.get()) == D3D10_PRIMITIVE_TOPOLOGY_UNDEFINED);
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);

  // The D3D10 state object kept what the D3D10 interface bound.
  context1->SwapDeviceContextState(state10.get(), nullptr);
  CHECK(topology10(d3d10.get()) == D3D10_PRIMITIVE_TOPOLOGY_POINTLIST);
  context1->SwapDeviceContextState(deviceState.get(), nullptr);
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
}

TEST_CASE("d3d10: on a D3D10 device a state object made for ID3D11Device switches off the D3D10 binding methods", "[d3d10]") {
  Device10 d;
  auto device1 = d.device.query<ID3D11Device1>();
  REQUIRE(device1);
  ComPtr<ID3D11DeviceContext> context;
  device1->GetImmediateContext(context.put());
  auto context1 = context.query<ID3D11DeviceContext1>();
  REQUIRE(context1);

  d.device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  auto state11 = makeState(device1.get(), D3D_FEATURE_LEVEL_10_0, __uuidof(ID3D11Device1));
  ComPtr<ID3DDeviceContextState> deviceState;
  context1->SwapDeviceContextState(state11.get(), deviceState.put());
  REQUIRE(deviceState);

  d.device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_LINELIST);  // ignored
  CHECK(topology10(d.device.get()) == D3D10_PRIMITIVE_TOPOLOGY_UNDEFINED);
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);

  // The device's first state object is a D3D10 one: swapped back in, D3D10 binds again and the
  // D3D11 binding methods are the ones switched off.
  context1->SwapDeviceContextState(deviceState.get(), nullptr);
  CHECK(topology10(d.device.get()) == D3D10_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  d.device->IASetPrimitiveTopology(D3D10_PRIMITIVE_TOPOLOGY_LINESTRIP);
  CHECK(topology10(d.device.get()) == D3D10_PRIMITIVE_TOPOLOGY_LINESTRIP);
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  CHECK(topology11(context.get()) == D3D11_PRIMITIVE_TOPOLOGY_UNDEFINED);
}
