// Integration: class linkage through the public API: CreateClassInstance and GetClassInstance on
// a linkage whose shader declares an interface, CSSetShader with the instance selecting the
// implementation, the instance's `this` data reaching the shader, read back (validation layer on).
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "draw_test_util.h"
#include "dxbc/assembler.h"
#include "dxbc/interfaces.h"

using namespace draw_test;

namespace {

// One interface slot fp0 with two implementations: cAdd (ft0: fb0 adds) and cMul (ft1: fb1
// multiplies), each by cb0[this.y] (the instance's constant vector offset).
const char* kShader =
    "cs_5_0\n"
    "dcl_function_body 0\n"
    "dcl_function_body 1\n"
    "dcl_function_table 0, 1, 0\n"
    "dcl_function_table 1, 1, 1\n"
    "dcl_interface 0, 1, 65538, 0, 1\n"
    "dcl_constantbuffer cb0[3], dynamicIndexed\n"
    "dcl_uav_structured u0, 4\n"
    "dcl_input vThreadID.x\n"
    "dcl_temps 2\n"
    "dcl_thread_group 8, 1, 1\n"
    "iadd r1.x, vThreadID.x, l(1)\n"
    "fcall 0, fp0[0]\n"
    "store_structured u0.x, vThreadID.x, l(0), r1.x\n"
    "ret\n"
    "label fb0\n"
    "mov r0.x, this[0].y\n"
    "iadd r1.x, r1.x, cb0[r0.x + 0].x\n"
    "ret\n"
    "label fb1\n"
    "mov r0.x, this[0].y\n"
    "imul null, r1.x, r1.x, cb0[r0.x + 0].x\n"
    "ret\n";

// A pixel shader whose colour comes from its interface slot's class: cRed (ft0) or cGreen (ft1).
const char* kPixelShader =
    D3D11VK_TEST_COLOR_PS_SIGNATURE
    "ps_5_0\n"
    "dcl_function_body 0\n"
    "dcl_function_body 1\n"
    "dcl_function_table 0, 1, 0\n"
    "dcl_function_table 1, 1, 1\n"
    "dcl_interface 0, 1, 65538, 0, 1\n"
    "dcl_input_ps linear v1.xyzw\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v1.xyzw\n"
    "fcall 0, fp0[0]\n"
    "ret\n"
    "label fb0\n"
    "mov o0.xyzw, l(1.0, 0, 0, 1.0)\n"
    "ret\n"
    "label fb1\n"
    "mov o0.xyzw, l(0, 1.0, 0, 1.0)\n"
    "ret\n";

// One interface slot taking ft0 for class type 0 and ft1 for type 1, as fxc's IFCE chunk says.
std::vector<uint8_t> withInterfaces(const char* text, const std::vector<dxbc::ClassType>& types,
                                    const std::vector<dxbc::ClassInstanceInfo>& instances) {
  dxbc::Container container = dxbc::assemble(text);
  dxbc::Interfaces interfaces;
  interfaces.types = types;
  interfaces.instances = instances;
  dxbc::InterfaceSlotRecord slot;
  slot.typeIds = {0, 1};
  slot.tableIds = {0, 1};
  interfaces.slots = {slot};
  interfaces.slotCount = 1;
  container.chunks().push_back(interfaces.write());
  return container.write();
}

// The IFCE chunk fxc would write for it: two class types, the instance g_mul it declares, and
// slot 0 taking ft0 for cAdd and ft1 for cMul.
std::vector<uint8_t> shaderBytes() {
  return withInterfaces(kShader, {{"cAdd", 0, 1, 0, 0}, {"cMul", 1, 1, 0, 0}}, {{"g_mul", 1, 0, 1, 0, 0}});
}

}  // namespace

TEST_CASE("class instances select the implementation of an interface call and feed its this data", "[device][shaders]") {
  Fixture f;
  ComPtr<ID3D11ClassLinkage> linkage;
  REQUIRE(f.device->CreateClassLinkage(linkage.put()) == S_OK);
  auto code = shaderBytes();
  ComPtr<ID3D11ComputeShader> shader;
  REQUIRE(f.device->CreateComputeShader(code.data(), code.size(), linkage.get(), shader.put()) == S_OK);

  const uint32_t constants[12] = {10, 0, 0, 0, 3, 0, 0, 0, 1000, 0, 0, 0};
  auto cb = f.buffer(sizeof(constants), D3D11_USAGE_DEFAULT, D3D11_BIND_CONSTANT_BUFFER, 0, constants);
  auto buffer = f.buffer(8 * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0, nullptr,
                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  ComPtr<ID3D11UnorderedAccessView> uav;
  REQUIRE(f.device->CreateUnorderedAccessView(buffer.get(), nullptr, uav.put()) == S_OK);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  ID3D11Buffer* cbs[] = {cb.get()};
  f.context->CSSetConstantBuffers(0, 1, cbs);

  auto run = [&](ID3D11ClassInstance* instance, UINT count) {
    ID3D11ClassInstance* instances[] = {instance};
    f.context->CSSetShader(shader.get(), instances, count);
    f.context->Dispatch(1, 1, 1);
    auto bytes = f.readBuffer(buffer.get());
    std::vector<uint32_t> words;
    for (uint32_t i = 0; i < 8; ++i)
      words.push_back(texel(bytes, i));
    return words;
  };

  // A created instance of cAdd with its data at vector 0 (10): thread i writes i + 1 + 10.
  ComPtr<ID3D11ClassInstance> add;
  REQUIRE(linkage->CreateClassInstance("cAdd", 0, 0, 0, 0, add.put()) == S_OK);
  auto words = run(add.get(), 1);
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(words[i] == i + 1 + 10);

  // The shader's own instance g_mul (cMul, data at vector 1: 3): (i + 1) * 3.
  ComPtr<ID3D11ClassInstance> mul;
  REQUIRE(linkage->GetClassInstance("g_mul", 0, mul.put()) == S_OK);
  D3D11_CLASS_INSTANCE_DESC desc{};
  mul->GetDesc(&desc);
  CHECK(desc.TypeId == 1);
  CHECK(desc.BaseConstantBufferOffset == 1);
  CHECK(desc.Created == FALSE);
  char name[16] = {};
  SIZE_T length = 0;
  mul->GetTypeName(nullptr, &length);
  CHECK(length == 5);
  length = sizeof(name);
  mul->GetTypeName(name, &length);
  CHECK(std::string(name) == "cMul");
  length = sizeof(name);
  mul->GetInstanceName(name, &length);
  CHECK(std::string(name) == "g_mul");
  ComPtr<ID3D11ClassLinkage> owner;
  mul->GetClassLinkage(owner.put());
  CHECK(owner.get() == linkage.get());
  words = run(mul.get(), 1);
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(words[i] == (i + 1) * 3);

  // The same type with other data (vector 2: 1000): only the this data changed.
  ComPtr<ID3D11ClassInstance> add1000;
  REQUIRE(linkage->CreateClassInstance("cAdd", 0, 2, 0, 0, add1000.put()) == S_OK);
  add1000->GetDesc(&desc);
  CHECK(desc.Created == TRUE);
  CHECK(desc.TypeId == 0);
  words = run(add1000.get(), 1);
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(words[i] == i + 1 + 1000);

  // CSGetShader hands the bound instances back.
  ComPtr<ID3D11ComputeShader> bound;
  ID3D11ClassInstance* got[2] = {nullptr, nullptr};
  UINT gotCount = 2;
  f.context->CSGetShader(bound.put(), got, &gotCount);
  CHECK(bound.get() == shader.get());
  CHECK(gotCount == 1);
  CHECK(got[0] == add1000.get());
  CHECK(got[1] == nullptr);
  if (got[0])
    got[0]->Release();

  // No instance: the slot calls nothing (logged), the value passes through.
  words = run(nullptr, 0);
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(words[i] == i + 1);
  gotCount = 0;
  f.context->CSGetShader(bound.put(), nullptr, &gotCount);
  CHECK(gotCount == 0);

  // Bad input: the documented E_INVALIDARG with a log line, never a crash.
  ComPtr<ID3D11ClassInstance> none;
  CHECK(linkage->GetClassInstance("g_none", 0, none.put()) == E_INVALIDARG);
  CHECK(linkage->GetClassInstance("g_mul", 1, none.put()) == E_INVALIDARG);
  CHECK(linkage->GetClassInstance(nullptr, 0, none.put()) == E_INVALIDARG);
  CHECK(linkage->CreateClassInstance(nullptr, 0, 0, 0, 0, none.put()) == E_INVALIDARG);
  CHECK(linkage->CreateClassInstance("cAdd", 0, 0, 0, 0, nullptr) == E_INVALIDARG);
  // A deferred context records its own class-instance block into the command list.
  ComPtr<ID3D11DeviceContext> deferred;
  REQUIRE(f.device->CreateDeferredContext(0, deferred.put()) == S_OK);
  deferred->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  deferred->CSSetConstantBuffers(0, 1, cbs);
  ID3D11ClassInstance* deferredInstances[] = {mul.get()};
  deferred->CSSetShader(shader.get(), deferredInstances, 1);
  deferred->Dispatch(1, 1, 1);
  ComPtr<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.put()) == S_OK);
  words = run(add.get(), 1);  // the immediate context's own binding first
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(words[i] == i + 1 + 10);
  f.context->ExecuteCommandList(list.get(), FALSE);
  auto listBytes = f.readBuffer(buffer.get());
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(texel(listBytes, i) == (i + 1) * 3);
  // ExecuteCommandList(.., FALSE) leaves the immediate context cleared: bind the views again.
  f.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  f.context->CSSetConstantBuffers(0, 1, cbs);

  // A list recorded after FinishCommandList(TRUE) keeps the deferred context's binding and writes
  // its own block: executed alone (the list before it never runs), it calls the instance bound
  // while recording, not what the block last held (g_mul's, from the list above).
  deferred->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  deferred->CSSetConstantBuffers(0, 1, cbs);
  ID3D11ClassInstance* addInstances[] = {add1000.get()};
  deferred->CSSetShader(shader.get(), addInstances, 1);
  deferred->Dispatch(1, 1, 1);
  ComPtr<ID3D11CommandList> notRun, second;
  REQUIRE(deferred->FinishCommandList(TRUE, notRun.put()) == S_OK);
  deferred->Dispatch(1, 1, 1);
  REQUIRE(deferred->FinishCommandList(FALSE, second.put()) == S_OK);
  f.context->ExecuteCommandList(second.get(), TRUE);
  listBytes = f.readBuffer(buffer.get());
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(texel(listBytes, i) == i + 1 + 1000);

  // A type the shader has no table for: the slot calls nothing.
  ComPtr<ID3D11ClassInstance> other;
  REQUIRE(linkage->CreateClassInstance("cOther", 0, 0, 0, 0, other.put()) == S_OK);
  words = run(other.get(), 1);
  for (uint32_t i = 0; i < 8; ++i)
    CHECK(words[i] == i + 1);
}

TEST_CASE("a pixel shader's interface call follows the class instance bound with PSSetShader", "[device][shaders]") {
  Fixture f;
  Scene scene(f, 8, 8);
  ComPtr<ID3D11RasterizerState> noCull = noCulling(f);
  f.context->RSSetState(noCull.get());
  auto vb = scene.vertices(kQuad);
  ComPtr<ID3D11ClassLinkage> linkage;
  REQUIRE(f.device->CreateClassLinkage(linkage.put()) == S_OK);
  auto code = withInterfaces(kPixelShader, {{"cRed", 0, 0, 0, 0}, {"cGreen", 1, 0, 0, 0}}, {});
  ComPtr<ID3D11PixelShader> ps;
  REQUIRE(f.device->CreatePixelShader(code.data(), code.size(), linkage.get(), ps.put()) == S_OK);
  ComPtr<ID3D11ClassInstance> red, green;
  REQUIRE(linkage->CreateClassInstance("cRed", 0, 0, 0, 0, red.put()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("cGreen", 0, 0, 0, 0, green.put()) == S_OK);

  ID3D11ClassInstance* instances[] = {red.get()};
  f.context->PSSetShader(ps.get(), instances, 1);
  f.context->Draw(6, 0);
  auto pixels = scene.pixels();
  CHECK(texel(pixels, 0) == 0xff0000ffu);
  CHECK(texel(pixels, 8 * 8 - 1) == 0xff0000ffu);

  instances[0] = green.get();
  f.context->PSSetShader(ps.get(), instances, 1);  // the same shader: only the block changes
  f.context->Draw(6, 0);
  pixels = scene.pixels();
  CHECK(texel(pixels, 0) == 0xff00ff00u);
  CHECK(texel(pixels, 8 * 8 - 1) == 0xff00ff00u);

  // No instance: the call does nothing and the interpolated vertex colour (black) stays.
  f.context->PSSetShader(ps.get(), nullptr, 0);
  f.context->Draw(6, 0);
  pixels = scene.pixels();
  CHECK(texel(pixels, 0) == 0xff000000u);
}
