// Integration: CreateInputLayout through the public API: elements checked against the vertex
// shader's input signature, APPEND_ALIGNED offsets, formats, slots, instancing rules, the resolved
// elements the backend gets (through ID3D11VkInputLayoutInfo), S_FALSE and bad bytecode.
#include <catch2/catch.hpp>

#include <vector>

#include "d3d11vk/d3d11vk_shader_info.h"
#include "shader_test_util.h"

using util::ComPtr;
using shader_test::createDevice;

namespace {

// VK_FORMAT_* values of the formats below (the test does not include the Vulkan headers).
constexpr INT kVkR32G32B32A32Sfloat = 109;
constexpr INT kVkR32G32Sfloat = 103;
constexpr INT kVkR8G8B8A8Unorm = 37;

struct Layout {
  ComPtr<ID3D11Device> device;
  std::vector<uint8_t> code = shader_test::assemble(shader_test::kVertexShader);

  HRESULT create(const std::vector<D3D11_INPUT_ELEMENT_DESC>& elements, ID3D11InputLayout** layout) {
    return device->CreateInputLayout(elements.data(), UINT(elements.size()), code.data(), code.size(), layout);
  }
  HRESULT check(const std::vector<D3D11_INPUT_ELEMENT_DESC>& elements) {
    ID3D11InputLayout* layout = nullptr;
    HRESULT hr = create(elements, &layout);
    if (layout)
      layout->Release();
    return hr;
  }
};

D3D11_INPUT_ELEMENT_DESC element(const char* name, DXGI_FORMAT format, UINT slot = 0,
                                 UINT offset = D3D11_APPEND_ALIGNED_ELEMENT,
                                 D3D11_INPUT_CLASSIFICATION slotClass = D3D11_INPUT_PER_VERTEX_DATA, UINT step = 0,
                                 UINT index = 0) {
  return {name, index, format, slot, offset, slotClass, step};
}

const D3D11_INPUT_ELEMENT_DESC kPosition = element("POSITION", DXGI_FORMAT_R32G32B32A32_FLOAT);
const D3D11_INPUT_ELEMENT_DESC kTexcoord = element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT);

D3D11VK_INPUT_ELEMENT_INFO resolved(ID3D11InputLayout* layout, UINT index) {
  auto info = ComPtr<ID3D11InputLayout>(layout).query<ID3D11VkInputLayoutInfo>();
  REQUIRE(info);
  D3D11VK_INPUT_ELEMENT_INFO element{};
  REQUIRE(info->GetElement(index, &element) == S_OK);
  return element;
}

}  // namespace

TEST_CASE("an input layout resolves offsets, formats, classes and shader locations", "[device][input-layout]") {
  Layout t{createDevice(D3D_FEATURE_LEVEL_11_1)};
  ComPtr<ID3D11InputLayout> layout;
  REQUIRE(t.create({kPosition, kTexcoord,
                    element("COLOR", DXGI_FORMAT_R8G8B8A8_UNORM, 3, D3D11_APPEND_ALIGNED_ELEMENT,
                            D3D11_INPUT_PER_INSTANCE_DATA, 2)},
                   layout.put()) == S_OK);
  auto info = layout.query<ID3D11VkInputLayoutInfo>();
  REQUIRE(info);
  REQUIRE(info->GetElementCount() == 3);
  D3D11VK_INPUT_ELEMENT_INFO past{};
  CHECK(info->GetElement(3, &past) == E_INVALIDARG);

  auto position = resolved(layout.get(), 0);
  CHECK(position.InputSlot == 0);
  CHECK(position.AlignedByteOffset == 0);
  CHECK(position.Format == DXGI_FORMAT_R32G32B32A32_FLOAT);
  CHECK(position.VulkanFormat == kVkR32G32B32A32Sfloat);
  CHECK(position.PerInstance == FALSE);
  CHECK(position.ShaderLocation == 0);
  auto texcoord = resolved(layout.get(), 1);
  CHECK(texcoord.AlignedByteOffset == 16);  // appended after POSITION in slot 0
  CHECK(texcoord.VulkanFormat == kVkR32G32Sfloat);
  CHECK(texcoord.ShaderLocation == 1);
  auto color = resolved(layout.get(), 2);
  CHECK(color.InputSlot == 3);
  CHECK(color.AlignedByteOffset == 0);  // the first element of slot 3
  CHECK(color.VulkanFormat == kVkR8G8B8A8Unorm);
  CHECK(color.PerInstance == TRUE);
  CHECK(color.InstanceDataStepRate == 2);
  CHECK(color.ShaderLocation == 2);

  ComPtr<ID3D11Device> owner;
  layout->GetDevice(owner.put());
  CHECK(owner.get() == t.device.get());
  shader_test::checkValidation(t.device.get());
}

TEST_CASE("APPEND_ALIGNED places an element after the slot's last one, aligned to its size up to 4",
          "[device][input-layout]") {
  Layout t{createDevice(D3D_FEATURE_LEVEL_11_1)};
  ComPtr<ID3D11InputLayout> layout;
  REQUIRE(t.create({kPosition, element("EXTRA", DXGI_FORMAT_R8_UNORM), element("EXTRA", DXGI_FORMAT_R16_FLOAT, 0,
                    D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_VERTEX_DATA, 0, 1),
                    element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT), element("EXTRA", DXGI_FORMAT_R16_FLOAT, 0, 40,
                    D3D11_INPUT_PER_VERTEX_DATA, 0, 2), element("EXTRA", DXGI_FORMAT_R8_UNORM, 0,
                    D3D11_APPEND_ALIGNED_ELEMENT, D3D11_INPUT_PER_VERTEX_DATA, 0, 3)},
                   layout.put()) == S_OK);
  CHECK(resolved(layout.get(), 1).AlignedByteOffset == 16);   // R8 right after POSITION
  CHECK(resolved(layout.get(), 2).AlignedByteOffset == 18);   // R16 aligned to 2
  CHECK(resolved(layout.get(), 3).AlignedByteOffset == 20);   // R32G32 aligned to 4
  CHECK(resolved(layout.get(), 5).AlignedByteOffset == 42);   // after the explicit element at 40
  // Elements the shader does not read are kept, feeding no location.
  CHECK(resolved(layout.get(), 1).ShaderLocation == 0xffffffffu);
  CHECK(resolved(layout.get(), 3).ShaderLocation == 1);
}

TEST_CASE("every input the shader reads needs an element with its semantic", "[device][input-layout]") {
  Layout t{createDevice(D3D_FEATURE_LEVEL_11_1)};
  CHECK(t.check({kPosition, kTexcoord}) == S_OK);      // COLOR is declared but not read; SV_VertexID is generated
  CHECK(t.check({kPosition}) == E_INVALIDARG);         // TEXCOORD is read
  CHECK(t.check({kTexcoord}) == E_INVALIDARG);
  CHECK(t.check({}) == E_INVALIDARG);
  CHECK(t.check({element("position", DXGI_FORMAT_R32G32B32A32_FLOAT), element("TexCoord", DXGI_FORMAT_R32G32_FLOAT)}) == S_OK);
  CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 0, D3D11_APPEND_ALIGNED_ELEMENT,
                                    D3D11_INPUT_PER_VERTEX_DATA, 0, 1)}) == E_INVALIDARG);  // TEXCOORD1, not 0
  // Integer data read by a float input is reinterpreted, which the documentation only warns about.
  CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_UINT)}) == S_OK);
}

TEST_CASE("element descriptions break the documented rules", "[device][input-layout]") {
  Layout t{createDevice(D3D_FEATURE_LEVEL_11_1)};
  ID3D11InputLayout* layout = reinterpret_cast<ID3D11InputLayout*>(uintptr_t(1));
  CHECK(t.create({kPosition, kTexcoord, kTexcoord}, &layout) == E_INVALIDARG);  // duplicate semantic
  CHECK(layout == nullptr);
  CHECK(t.check({kPosition, kTexcoord, element("texcoord", DXGI_FORMAT_R32_FLOAT, 1)}) == E_INVALIDARG);
  CHECK(t.check({kPosition, element(nullptr, DXGI_FORMAT_R32_FLOAT), kTexcoord}) == E_INVALIDARG);
  SECTION("formats") {
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_UNKNOWN)}) == E_INVALIDARG);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_BC1_UNORM)}) == E_INVALIDARG);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_D32_FLOAT)}) == E_INVALIDARG);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT(0xffff))}) == E_INVALIDARG);
  }
  SECTION("slots") {
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 31)}) == S_OK);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 32)}) == E_INVALIDARG);
  }
  SECTION("offsets") {
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 0, 2)}) == E_INVALIDARG);  // not x4
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 1, 2040)}) == S_OK);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 1, 2044)}) == E_INVALIDARG);  // past 2048
  }
  SECTION("classes and step rates") {
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_VERTEX_DATA, 1)}) ==
          E_INVALIDARG);  // per-vertex data steps with the vertex
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_CLASSIFICATION(7))}) ==
          E_INVALIDARG);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 0)}) ==
          S_OK);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D11_INPUT_PER_INSTANCE_DATA, 1)}) ==
          E_INVALIDARG);  // one slot, two classes
  }
  SECTION("counts") {
    std::vector<D3D11_INPUT_ELEMENT_DESC> many(33, kPosition);
    CHECK(t.check(many) == E_INVALIDARG);
    CHECK(t.device->CreateInputLayout(nullptr, 2, t.code.data(), t.code.size(), &layout) == E_INVALIDARG);
    CHECK(t.device->CreateInputLayout(nullptr, 0, t.code.data(), t.code.size(), &layout) == E_INVALIDARG);
    CHECK(layout == nullptr);
  }
}

TEST_CASE("input-layout limits of lower feature levels", "[device][input-layout]") {
  {
    Layout t{createDevice(D3D_FEATURE_LEVEL_10_0)};
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 15)}) == S_OK);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 16)}) == E_INVALIDARG);
  }
  {
    Layout t{createDevice(D3D_FEATURE_LEVEL_9_1)};
    CHECK(t.check({kPosition, kTexcoord}) == S_OK);
    CHECK(t.check({kPosition, element("TEXCOORD", DXGI_FORMAT_R32G32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1)}) ==
          E_INVALIDARG);  // no instancing at 9_1
  }
}

TEST_CASE("CreateInputLayout validates only for a null out-pointer, and refuses bad bytecode",
          "[device][input-layout]") {
  Layout t{createDevice(D3D_FEATURE_LEVEL_11_1)};
  std::vector<D3D11_INPUT_ELEMENT_DESC> good = {kPosition, kTexcoord};
  CHECK(t.device->CreateInputLayout(good.data(), 2, t.code.data(), t.code.size(), nullptr) == S_FALSE);
  CHECK(t.device->CreateInputLayout(good.data(), 1, t.code.data(), t.code.size(), nullptr) == E_INVALIDARG);
  ID3D11InputLayout* layout = nullptr;
  CHECK(t.device->CreateInputLayout(good.data(), 2, nullptr, 0, &layout) == E_INVALIDARG);
  CHECK(t.device->CreateInputLayout(good.data(), 2, t.code.data(), 20, &layout) == E_INVALIDARG);
  std::vector<uint8_t> altered = t.code;
  altered[altered.size() - 4] ^= 0x10;
  CHECK(t.device->CreateInputLayout(good.data(), 2, altered.data(), altered.size(), &layout) == E_INVALIDARG);
  // A container without an input signature.
  auto noInputs = shader_test::assemble("cs_5_0\ndcl_thread_group 1, 1, 1\nret\n");
  CHECK(t.device->CreateInputLayout(good.data(), 2, noInputs.data(), noInputs.size(), &layout) == E_INVALIDARG);
  CHECK(layout == nullptr);
  shader_test::checkValidation(t.device.get());
}
