// Integration: the device's Create*Shader methods and CreateClassLinkage through the public API:
// every stage, the compile cache, wrong-stage and feature-level refusals, UAV rules, malformed
// bytecode, compiler refusals, stream-output declarations, S_FALSE, and the corpus.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "d3d11vk/d3d11vk_shader_info.h"
#include "dxbc/compiler.h"
#include "dxbc/container.h"
#include "shader_test_util.h"

using util::ComPtr;
using shader_test::assemble;
using shader_test::checkValidation;
using shader_test::createDevice;

namespace {

const char* kPixelShader50 =
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Target                0   xyzw        0   TARGET   float   xyzw\n"
    "//\n"
    "ps_5_0\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, l(1.0, 0, 0, 1.0)\n"
    "ret\n";

std::string pixelShader(const char* profile) {
  std::string text = kPixelShader50;
  text.replace(text.find("ps_5_0"), 6, profile);
  return text;
}

const char* kVertexShader40 =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// POSITION                 0   xyzw        0     NONE   float   xyzw\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// COLOR                    0   xyzw        1     NONE   float   xyzw\n"
    "//\n"
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyzw, v0.xyzw\n"
    "ret\n";

std::string computeShader(const char* profile, const char* uavs) {
  return std::string(profile) + "\n" + uavs + "dcl_thread_group 8, 8, 1\nret\n";
}

const char* kDomainShader =
    "ds_5_0\n"
    "dcl_input_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_input vDomain.xyz\n"
    "dcl_input vicp[3][0].xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, vDomain.yyyy, vicp[1][0].xyzw\n"
    "mad r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw, r0.xyzw\n"
    "mad o0.xyzw, vDomain.zzzz, vicp[2][0].xyzw, r0.xyzw\n"
    "ret\n";

const char* kGeometryShader =
    "gs_4_0\n"
    "dcl_inputprimitive point\n"
    "dcl_outputtopology pointlist\n"
    "dcl_maxout 1\n"
    "emit\n"
    "ret\n";

// A vertex shader that writes a raw UAV: legal only where every stage has UAVs (11_1).
const char* kVertexShaderWithUav =
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "//\n"
    "vs_5_0\n"
    "dcl_uav_raw u1\n"
    "dcl_output_siv o0.xyzw, position\n"
    "store_raw u1.x, l(0), l(7)\n"
    "mov o0.xyzw, l(0, 0, 0, 1.0)\n"
    "ret\n";

ComPtr<ID3D11VkShaderInfo> shaderInfo(IUnknown* shader) {
  ComPtr<ID3D11VkShaderInfo> info;
  REQUIRE(shader->QueryInterface(__uuidof(ID3D11VkShaderInfo), reinterpret_cast<void**>(info.put())) == S_OK);
  return info;
}

HRESULT createVS(ID3D11Device* device, const std::vector<uint8_t>& code, ID3D11VertexShader** shader) {
  return device->CreateVertexShader(code.data(), code.size(), nullptr, shader);
}
HRESULT createPS(ID3D11Device* device, const std::vector<uint8_t>& code, ID3D11PixelShader** shader) {
  return device->CreatePixelShader(code.data(), code.size(), nullptr, shader);
}
HRESULT createCS(ID3D11Device* device, const std::vector<uint8_t>& code, ID3D11ComputeShader** shader) {
  return device->CreateComputeShader(code.data(), code.size(), nullptr, shader);
}

}  // namespace

TEST_CASE("vertex, pixel, compute and domain shaders are created from assembled bytecode", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto vsCode = assemble(shader_test::kVertexShader);
  ComPtr<ID3D11VertexShader> vs;
  REQUIRE(createVS(device.get(), vsCode, vs.put()) == S_OK);
  REQUIRE(vs);
  auto info = shaderInfo(vs.get());
  CHECK(info->GetStage() == 0);
  UINT words = info->GetSpirvWordCount();
  REQUIRE(words > 5);
  std::vector<UINT> spirv(words);
  UINT count = words;
  REQUIRE(info->GetSpirv(spirv.data(), &count) == S_OK);
  CHECK(count == words);
  CHECK(spirv[0] == 0x07230203u);  // SPIR-V magic
  CHECK(info->GetStreamOutputEntryCount() == 0);

  ComPtr<ID3D11Device> owner;
  vs->GetDevice(owner.put());
  CHECK(owner.get() == device.get());

  ComPtr<ID3D11PixelShader> ps;
  REQUIRE(createPS(device.get(), assemble(kPixelShader50), ps.put()) == S_OK);
  CHECK(shaderInfo(ps.get())->GetStage() == 4);
  ComPtr<ID3D11ComputeShader> cs;
  REQUIRE(createCS(device.get(), assemble(computeShader("cs_5_0", "")), cs.put()) == S_OK);
  CHECK(shaderInfo(cs.get())->GetStage() == 5);
  auto dsCode = assemble(kDomainShader);
  ComPtr<ID3D11DomainShader> ds;
  REQUIRE(device->CreateDomainShader(dsCode.data(), dsCode.size(), nullptr, ds.put()) == S_OK);
  CHECK(shaderInfo(ds.get())->GetStage() == 2);

  // Interfaces of other stages are not answered.
  ComPtr<ID3D11PixelShader> notPixel;
  CHECK(vs->QueryInterface(__uuidof(ID3D11PixelShader), reinterpret_cast<void**>(notPixel.put())) == E_NOINTERFACE);
  CHECK(!notPixel);

  // Private data comes from the device-child base.
  const GUID guid = {0x11111111, 0x2222, 0x3333, {4, 4, 4, 4, 4, 4, 4, 4}};
  UINT value = 42, size = sizeof(value), read = 0;
  REQUIRE(ps->SetPrivateData(guid, sizeof(value), &value) == S_OK);
  REQUIRE(ps->GetPrivateData(guid, &size, &read) == S_OK);
  CHECK(read == 42);
  checkValidation(device.get());
}

TEST_CASE("identical bytecode is compiled once per device", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto code = assemble(kPixelShader50);
  ComPtr<ID3D11PixelShader> first, second, other;
  REQUIRE(createPS(device.get(), code, first.put()) == S_OK);
  auto firstInfo = shaderInfo(first.get());
  UINT64 compiles = firstInfo->GetDeviceCompileCount();
  CHECK(compiles >= 1);

  // A copy of the bytes at another address hits the cache too: the key is the content.
  std::vector<uint8_t> copy = code;
  REQUIRE(createPS(device.get(), copy, second.put()) == S_OK);
  CHECK(second.get() != first.get());  // shader objects are not deduplicated, their compile is
  auto secondInfo = shaderInfo(second.get());
  CHECK(secondInfo->GetDeviceCompileCount() == compiles);
  CHECK(secondInfo->GetCompiledModuleId() == firstInfo->GetCompiledModuleId());

  // Different bytes compile again.
  REQUIRE(createPS(device.get(), assemble(pixelShader("ps_4_0")), other.put()) == S_OK);
  auto otherInfo = shaderInfo(other.get());
  CHECK(otherInfo->GetDeviceCompileCount() == compiles + 1);
  CHECK(otherInfo->GetCompiledModuleId() != firstInfo->GetCompiledModuleId());

  // The entry outlives the objects made from it.
  first.reset();
  second.reset();
  ComPtr<ID3D11PixelShader> third;
  REQUIRE(createPS(device.get(), code, third.put()) == S_OK);
  CHECK(shaderInfo(third.get())->GetDeviceCompileCount() == compiles + 1);

  // Another device has its own cache.
  auto device2 = createDevice(D3D_FEATURE_LEVEL_11_1);
  ComPtr<ID3D11PixelShader> fourth;
  REQUIRE(createPS(device2.get(), code, fourth.put()) == S_OK);
  CHECK(shaderInfo(fourth.get())->GetDeviceCompileCount() == 1);
}

TEST_CASE("bytecode of another stage is refused by each Create method", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto ps = assemble(kPixelShader50);
  auto vs = assemble(shader_test::kVertexShader);
  auto cs = assemble(computeShader("cs_5_0", ""));

  ID3D11VertexShader* vsOut = reinterpret_cast<ID3D11VertexShader*>(uintptr_t(1));
  CHECK(device->CreateVertexShader(ps.data(), ps.size(), nullptr, &vsOut) == E_INVALIDARG);
  CHECK(vsOut == nullptr);
  ID3D11PixelShader* psOut = nullptr;
  CHECK(device->CreatePixelShader(vs.data(), vs.size(), nullptr, &psOut) == E_INVALIDARG);
  CHECK(psOut == nullptr);
  ID3D11ComputeShader* csOut = nullptr;
  CHECK(device->CreateComputeShader(ps.data(), ps.size(), nullptr, &csOut) == E_INVALIDARG);
  ID3D11HullShader* hsOut = nullptr;
  CHECK(device->CreateHullShader(cs.data(), cs.size(), nullptr, &hsOut) == E_INVALIDARG);
  ID3D11DomainShader* dsOut = nullptr;
  CHECK(device->CreateDomainShader(vs.data(), vs.size(), nullptr, &dsOut) == E_INVALIDARG);
  ID3D11GeometryShader* gsOut = nullptr;
  CHECK(device->CreateGeometryShader(ps.data(), ps.size(), nullptr, &gsOut) == E_INVALIDARG);
  CHECK((vsOut || psOut || csOut || hsOut || dsOut || gsOut) == false);
  // The S_FALSE validation mode refuses the same way.
  CHECK(device->CreateVertexShader(ps.data(), ps.size(), nullptr, nullptr) == E_INVALIDARG);
}

TEST_CASE("a null out-pointer validates only and answers S_FALSE", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto vs = assemble(shader_test::kVertexShader);
  auto ps = assemble(kPixelShader50);
  auto cs = assemble(computeShader("cs_5_0", ""));
  auto ds = assemble(kDomainShader);
  CHECK(device->CreateVertexShader(vs.data(), vs.size(), nullptr, nullptr) == S_FALSE);
  CHECK(device->CreatePixelShader(ps.data(), ps.size(), nullptr, nullptr) == S_FALSE);
  CHECK(device->CreateComputeShader(cs.data(), cs.size(), nullptr, nullptr) == S_FALSE);
  CHECK(device->CreateDomainShader(ds.data(), ds.size(), nullptr, nullptr) == S_FALSE);
  D3D11_SO_DECLARATION_ENTRY entry = {0, "SV_Position", 0, 0, 4, 0};
  UINT stride = 16;
  CHECK(device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), &entry, 1, &stride, 1, 0, nullptr,
                                                     nullptr) == S_FALSE);
}

TEST_CASE("malformed bytecode is refused without a crash", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto ps = assemble(kPixelShader50);
  ID3D11PixelShader* out = nullptr;
  CHECK(device->CreatePixelShader(nullptr, 100, nullptr, &out) == E_INVALIDARG);
  CHECK(device->CreatePixelShader(ps.data(), 0, nullptr, &out) == E_INVALIDARG);
  CHECK(device->CreatePixelShader(ps.data(), ps.size() - 1, nullptr, &out) == E_INVALIDARG);
  CHECK(device->CreatePixelShader(ps.data(), 16, nullptr, &out) == E_INVALIDARG);
  // A changed byte breaks the checksum, which the runtime verifies.
  std::vector<uint8_t> altered = ps;
  altered[altered.size() - 8] ^= 0x01;
  CHECK(device->CreatePixelShader(altered.data(), altered.size(), nullptr, &out) == E_INVALIDARG);
  std::vector<uint8_t> junk(256, 0xAB);
  std::memcpy(junk.data(), "DXBC", 4);
  CHECK(device->CreatePixelShader(junk.data(), junk.size(), nullptr, &out) == E_INVALIDARG);
  // A container with no shader code.
  dxbc::Container empty = dxbc::assemble(kPixelShader50);
  auto& chunks = empty.chunks();
  for (auto it = chunks.begin(); it != chunks.end();) {
    if (it->code == dxbc::makeFourCC("SHEX") || it->code == dxbc::makeFourCC("SHDR"))
      it = chunks.erase(it);
    else
      ++it;
  }
  auto noCode = empty.write();
  CHECK(device->CreatePixelShader(noCode.data(), noCode.size(), nullptr, &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  checkValidation(device.get());
}

TEST_CASE("shaders the compiler does not translate are refused with E_INVALIDARG", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  // Shader model 5.1 (Direct3D 12 bytecode) is one of the things the compiler does not translate
  // (docs/compiler.md).
  auto unsupported = assemble(
      "vs_5_1\n"
      "dcl_output_siv o0.xyzw, position\n"
      "mov o0.xyzw, l(0, 0, 0, 1)\n"
      "ret\n");
  REQUIRE(dxbc::compile(unsupported).error.rfind("unsupported: ", 0) == 0);
  ID3D11VertexShader* vs = nullptr;
  CHECK(device->CreateVertexShader(unsupported.data(), unsupported.size(), nullptr, &vs) == E_INVALIDARG);
  CHECK(vs == nullptr);
  ID3D11PixelShader* ps = nullptr;
  // Invalid programs (r0 without dcl_temps) too.
  auto invalid = assemble("ps_5_0\nmov r0.x, l(1)\nret\n");
  CHECK(device->CreatePixelShader(invalid.data(), invalid.size(), nullptr, &ps) == E_INVALIDARG);
  // The geometry shader matches what the compiler says of it today.
  auto gs = assemble(kGeometryShader);
  bool compiles = dxbc::compile(gs).ok();
  ComPtr<ID3D11GeometryShader> geometry;
  CHECK(device->CreateGeometryShader(gs.data(), gs.size(), nullptr, geometry.put()) == (compiles ? S_OK : E_INVALIDARG));
  CHECK(bool(geometry) == compiles);
}

TEST_CASE("LOD-clamped and residency-feedback samples need tiled resources tier 2 (and shaderResourceMinLod)", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto clamped = assemble(
      "ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
      "dcl_output o0.xyzw\ndcl_temps 2\nmov r0.xy, l(0.5, 0.5, 0, 0)\n"
      "sample_cl_s r1.xyzw, r0.z, r0.xyxx, t0.xyzw, s0, l(1.0)\nmov o0.xyzw, r1.xyzw\nret\n");
  REQUIRE(dxbc::compile(clamped).reflection.minLod);
  REQUIRE(dxbc::compile(clamped).reflection.residencyFeedback);
  REQUIRE_FALSE(dxbc::compile(assemble(kPixelShader50)).reflection.residencyFeedback);
  ComPtr<ID3D11PixelShader> ps;
  HRESULT hr = device->CreatePixelShader(clamped.data(), clamped.size(), nullptr, ps.put());
  // The *_s forms need tiled resources tier 2, which no device reports (their residency status
  // is not built); lavapipe lacks shaderResourceMinLod as well.
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 options1{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS1, &options1, sizeof(options1)) == S_OK);
  REQUIRE(options1.TiledResourcesTier < D3D11_TILED_RESOURCES_TIER_2);
  CHECK(hr == E_INVALIDARG);
  CHECK(!ps);
}

TEST_CASE("discard demotes to a helper invocation where the Vulkan device has the feature", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto code = assemble(
      "ps_5_0\ndcl_input_ps linear v0.x\ndcl_output o0.xyzw\ndiscard_nz v0.x\nmov o0.xyzw, v0.xxxx\nret\n");
  ComPtr<ID3D11PixelShader> ps;
  REQUIRE(device->CreatePixelShader(code.data(), code.size(), nullptr, ps.put()) == S_OK);
  auto info = shaderInfo(ps.get());
  std::vector<UINT> spirv(info->GetSpirvWordCount());
  UINT count = UINT(spirv.size());
  REQUIRE(info->GetSpirv(spirv.data(), &count) == S_OK);
  // Instruction words: word count 1 in the high half, the opcode in the low half.
  auto instructions = [&](uint32_t opcode) { return std::count(spirv.begin(), spirv.end(), (1u << 16) | opcode); };
  const auto demotes = instructions(5380);  // OpDemoteToHelperInvocation
  const auto kills = instructions(252);     // OpKill
  auto deviceInfo = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(deviceInfo);
  if (std::string(deviceInfo->GetVulkanDeviceName()).find("llvmpipe") != std::string::npos) {
    // lavapipe has shaderDemoteToHelperInvocation on Mesa 22.3 and 25, and the device enables it.
    CHECK(demotes == 1);
    CHECK(kills == 0);
  } else {
    WARN("not lavapipe: discard demotes only where the device has shaderDemoteToHelperInvocation ("
         << deviceInfo->GetVulkanDeviceName() << ")");
    CHECK(demotes + kills == 1);
  }
}

TEST_CASE("a rasterizer-ordered UAV is created exactly where the device reports ROVsSupported", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto code = assemble(
      "ps_5_0\ndcl_uav_raw_rov u1\ndcl_temps 1\nld_raw r0.x, l(0), u1.xxxx\niadd r0.x, r0.x, l(1)\n"
      "store_raw u1.x, l(0), r0.x\nret\n");
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof(options2)) == S_OK);
  ComPtr<ID3D11PixelShader> ps;
  HRESULT hr = device->CreatePixelShader(code.data(), code.size(), nullptr, ps.put());
  INFO("ROVsSupported " << options2.ROVsSupported);
  CHECK(hr == (options2.ROVsSupported ? S_OK : E_INVALIDARG));
  CHECK(bool(ps) == bool(options2.ROVsSupported));
  auto deviceInfo = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(deviceInfo);
  if (std::string(deviceInfo->GetVulkanDeviceName()).find("llvmpipe") != std::string::npos)
    CHECK_FALSE(options2.ROVsSupported);  // lavapipe has no VK_EXT_fragment_shader_interlock
}

TEST_CASE("SV_InnerCoverage is created exactly where the device reports conservative rasterization tier 3",
          "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto code = assemble("ps_5_0\ndcl_input vInnerCoverage\ndcl_output o0.xyzw\nutof o0.xyzw, vInnerCoverage.xxxx\nret\n");
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof(options2)) == S_OK);
  const bool tier3 = options2.ConservativeRasterizationTier >= D3D11_CONSERVATIVE_RASTERIZATION_TIER_3;
  ComPtr<ID3D11PixelShader> ps;
  HRESULT hr = device->CreatePixelShader(code.data(), code.size(), nullptr, ps.put());
  INFO("ConservativeRasterizationTier " << options2.ConservativeRasterizationTier);
  CHECK(hr == (tier3 ? S_OK : E_INVALIDARG));
  CHECK(bool(ps) == tier3);
  auto deviceInfo = device.query<ID3D11VkDeviceInfo>();
  REQUIRE(deviceInfo);
  if (std::string(deviceInfo->GetVulkanDeviceName()).find("llvmpipe") != std::string::npos)
    CHECK(options2.ConservativeRasterizationTier == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED);
}

TEST_CASE("profiles are refused above the device's feature level", "[device][shaders]") {
  SECTION("10_0: shader model 4.0 only") {
    auto device = createDevice(D3D_FEATURE_LEVEL_10_0);
    ID3D11PixelShader* ps = nullptr;
    CHECK(createPS(device.get(), assemble(kPixelShader50), &ps) == E_INVALIDARG);
    CHECK(createPS(device.get(), assemble(pixelShader("ps_4_1")), &ps) == E_INVALIDARG);
    REQUIRE(createPS(device.get(), assemble(pixelShader("ps_4_0")), &ps) == S_OK);
    ps->Release();
    ID3D11VertexShader* vs = nullptr;
    CHECK(createVS(device.get(), assemble(shader_test::kVertexShader), &vs) == E_INVALIDARG);  // vs_5_0
    REQUIRE(createVS(device.get(), assemble(kVertexShader40), &vs) == S_OK);
    vs->Release();
    auto ds = assemble(kDomainShader);
    ID3D11DomainShader* domain = nullptr;
    CHECK(device->CreateDomainShader(ds.data(), ds.size(), nullptr, &domain) == E_INVALIDARG);
    // cs_4_0 exactly when the device reports compute on 10_x hardware.
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS options{};
    REQUIRE(device->CheckFeatureSupport(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &options, sizeof(options)) == S_OK);
    ComPtr<ID3D11ComputeShader> cs;
    HRESULT expected = options.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x ? S_OK : E_INVALIDARG;
    CHECK(createCS(device.get(), assemble(computeShader("cs_4_0", "")), cs.put()) == expected);
    ComPtr<ID3D11ComputeShader> cs5;
    CHECK(createCS(device.get(), assemble(computeShader("cs_5_0", "")), cs5.put()) == E_INVALIDARG);
    checkValidation(device.get());
  }
  SECTION("10_1: shader model 4.1") {
    auto device = createDevice(D3D_FEATURE_LEVEL_10_1);
    ComPtr<ID3D11PixelShader> ps41, ps50;
    CHECK(createPS(device.get(), assemble(pixelShader("ps_4_1")), ps41.put()) == S_OK);
    CHECK(createPS(device.get(), assemble(kPixelShader50), ps50.put()) == E_INVALIDARG);
  }
  SECTION("9_1: only level_9_1 vertex and pixel shaders") {
    auto device = createDevice(D3D_FEATURE_LEVEL_9_1);
    ID3D11PixelShader* ps = nullptr;
    CHECK(createPS(device.get(), assemble(pixelShader("ps_4_0")), &ps) == E_INVALIDARG);  // no level-9 code
    CHECK(createPS(device.get(), shader_test::withLevel9Chunk(pixelShader("ps_4_0"), true, 1), &ps) == E_INVALIDARG);  // 9_3
    REQUIRE(createPS(device.get(), shader_test::withLevel9Chunk(pixelShader("ps_4_0"), true, 0), &ps) == S_OK);
    ps->Release();
    ID3D11VertexShader* vs = nullptr;
    CHECK(createVS(device.get(), assemble(kVertexShader40), &vs) == E_INVALIDARG);
    REQUIRE(createVS(device.get(), shader_test::withLevel9Chunk(kVertexShader40, false, 0), &vs) == S_OK);
    vs->Release();
    ID3D11ComputeShader* cs = nullptr;
    CHECK(createCS(device.get(), assemble(computeShader("cs_4_0", "")), &cs) == E_INVALIDARG);
    CHECK(cs == nullptr);
    checkValidation(device.get());
  }
  SECTION("9_3: level_9_3 and level_9_1 shaders") {
    auto device = createDevice(D3D_FEATURE_LEVEL_9_3);
    ComPtr<ID3D11PixelShader> ps93, ps91;
    CHECK(createPS(device.get(), shader_test::withLevel9Chunk(pixelShader("ps_4_0"), true, 1), ps93.put()) == S_OK);
    CHECK(createPS(device.get(), shader_test::withLevel9Chunk(pixelShader("ps_4_0"), true, 0), ps91.put()) == S_OK);
  }
}

TEST_CASE("UAVs outside pixel and compute shaders need 11_1; 11_0 has eight UAV slots", "[device][shaders]") {
  auto uavVs = assemble(kVertexShaderWithUav);
  auto cs8 = assemble(computeShader("cs_5_0", "dcl_uav_raw u8\n"));
  auto cs40 = assemble(computeShader("cs_4_0", "dcl_uav_raw u1\n"));
  {
    auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
    ComPtr<ID3D11VertexShader> vs;
    CHECK(createVS(device.get(), uavVs, vs.put()) == E_INVALIDARG);
    ComPtr<ID3D11ComputeShader> cs, cs4;
    CHECK(createCS(device.get(), cs8, cs.put()) == E_INVALIDARG);
    CHECK(createCS(device.get(), cs40, cs4.put()) == E_INVALIDARG);  // cs_4_x has only u0
  }
  {
    auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
    ComPtr<ID3D11VertexShader> vs;
    CHECK(createVS(device.get(), uavVs, vs.put()) == S_OK);
    ComPtr<ID3D11ComputeShader> cs;
    CHECK(createCS(device.get(), cs8, cs.put()) == S_OK);
    checkValidation(device.get());
  }
}

TEST_CASE("stream-output declarations are validated against the output signature", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  auto vs = assemble(kVertexShader40);  // outputs SV_Position (o0) and COLOR (o1)
  auto create = [&](const std::vector<D3D11_SO_DECLARATION_ENTRY>& entries, const std::vector<UINT>& strides,
                    UINT rasterized, ID3D11GeometryShader** shader) {
    return device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), entries.data(), UINT(entries.size()),
                                                        strides.data(), UINT(strides.size()), rasterized, nullptr, shader);
  };

  ComPtr<ID3D11GeometryShader> gs;
  REQUIRE(create({{0, "SV_Position", 0, 0, 4, 0}, {0, nullptr, 0, 0, 2, 0}, {0, "color", 0, 1, 3, 1}}, {24, 12},
                 D3D11_SO_NO_RASTERIZED_STREAM, gs.put()) == S_OK);
  auto info = shaderInfo(gs.get());
  CHECK(info->GetStreamOutputEntryCount() == 3);
  CHECK(info->GetRasterizedStream() == D3D11_SO_NO_RASTERIZED_STREAM);
  CHECK(info->GetStage() == 0);  // stream output of a vertex shader, without a geometry shader

  ID3D11GeometryShader* bad = nullptr;
  CHECK(create({{0, "TEXCOORD", 0, 0, 4, 0}}, {16}, 0, &bad) == E_INVALIDARG);       // no such output
  CHECK(create({{0, "SV_Position", 1, 0, 4, 0}}, {16}, 0, &bad) == E_INVALIDARG);    // wrong index
  CHECK(create({{0, "COLOR", 0, 2, 3, 0}}, {16}, 0, &bad) == E_INVALIDARG);          // past component w
  CHECK(create({{0, "COLOR", 0, 0, 0, 0}}, {16}, 0, &bad) == E_INVALIDARG);          // no components
  CHECK(create({{0, "COLOR", 0, 0, 4, 0}}, {12}, 0, &bad) == E_INVALIDARG);          // stride too small
  CHECK(create({{0, "COLOR", 0, 0, 4, 0}}, {18}, 0, &bad) == E_INVALIDARG);          // stride not x4
  CHECK(create({{0, "COLOR", 0, 0, 4, 0}}, {4096}, 0, &bad) == E_INVALIDARG);        // stride over 2048
  CHECK(create({{0, "COLOR", 0, 0, 4, 4}}, {16, 16, 16, 16}, 0, &bad) == E_INVALIDARG);  // slot 4
  CHECK(create({{0, "COLOR", 0, 0, 4, 1}}, {16}, 0, &bad) == E_INVALIDARG);          // slot 1 has no stride
  CHECK(create({{4, "COLOR", 0, 0, 4, 0}}, {16}, 0, &bad) == E_INVALIDARG);          // stream 4
  CHECK(create({{1, "COLOR", 0, 0, 4, 0}}, {16}, 0, &bad) == E_INVALIDARG);          // stream 1 has no COLOR
  CHECK(create({{0, "COLOR", 0, 0, 4, 0}}, {16}, 4, &bad) == E_INVALIDARG);          // rasterized stream 4
  CHECK(create({{0, "COLOR", 0, 0, 4, 0}}, {16, 16, 16, 16, 16}, 0, &bad) == E_INVALIDARG);  // 5 strides
  CHECK(bad == nullptr);
  CHECK(device->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), nullptr, 2, nullptr, 0, 0, nullptr,
                                                     &bad) == E_INVALIDARG);
  // A pixel shader has no outputs to stream.
  auto ps = assemble(kPixelShader50);
  D3D11_SO_DECLARATION_ENTRY target = {0, "SV_Target", 0, 0, 4, 0};
  UINT stride = 16;
  CHECK(device->CreateGeometryShaderWithStreamOutput(ps.data(), ps.size(), &target, 1, &stride, 1, 0, nullptr,
                                                     &bad) == E_INVALIDARG);

  SECTION("below 11_0: stream 0 only, one entry per buffer when several buffers are used") {
    auto device10 = createDevice(D3D_FEATURE_LEVEL_10_0);
    auto create10 = [&](const std::vector<D3D11_SO_DECLARATION_ENTRY>& entries, const std::vector<UINT>& strides,
                        UINT rasterized, ID3D11GeometryShader** shader) {
      return device10->CreateGeometryShaderWithStreamOutput(vs.data(), vs.size(), entries.data(), UINT(entries.size()),
                                                            strides.data(), UINT(strides.size()), rasterized, nullptr,
                                                            shader);
    };
    ComPtr<ID3D11GeometryShader> ok;
    CHECK(create10({{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}}, {32}, 0, ok.put()) == S_OK);
    CHECK(create10({{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 1, 1}}, {32, 4}, 0,
                   &bad) == E_INVALIDARG);
    CHECK(create10({{0, "COLOR", 0, 0, 4, 0}}, {16}, 1, &bad) == E_INVALIDARG);
    checkValidation(device10.get());
  }
  SECTION("9_x: no stream output") {
    auto device9 = createDevice(D3D_FEATURE_LEVEL_9_3);
    auto vs9 = shader_test::withLevel9Chunk(kVertexShader40, false, 0);
    D3D11_SO_DECLARATION_ENTRY entry = {0, "COLOR", 0, 0, 4, 0};
    CHECK(device9->CreateGeometryShaderWithStreamOutput(vs9.data(), vs9.size(), &entry, 1, &stride, 1, 0, nullptr,
                                                        &bad) == E_INVALIDARG);
  }
  checkValidation(device.get());
}

// Two outputs packed into register 1: TEXCOORD0 in .xy and TEXCOORD1 in .z.
const char* kPackedOutputsVS =
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xy          1     NONE   float   xy\n"
    "// TEXCOORD                 1     z         1     NONE   float     z\n"
    "//\n"
    "vs_4_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyz\n"
    "mov o0.xyzw, v0.xyzw\n"
    "mov o1.xyz, v0.xyzx\n"
    "ret\n";

TEST_CASE("stream-output declarations: the rules Windows applies beyond the signature", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_0);
  auto vs = assemble(kPackedOutputsVS);
  auto gs = assemble(kGeometryShader);
  auto create = [&](ID3D11Device* on, const std::vector<uint8_t>& code, const std::vector<D3D11_SO_DECLARATION_ENTRY>& entries,
                    const std::vector<UINT>& strides, UINT rasterized) {
    ID3D11GeometryShader* shader = nullptr;
    HRESULT hr = on->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), entries.empty() ? nullptr : entries.data(),
                                                          UINT(entries.size()), strides.empty() ? nullptr : strides.data(),
                                                          UINT(strides.size()), rasterized, nullptr, &shader);
    CHECK((hr == S_OK) == (shader != nullptr));
    if (shader)
      shader->Release();
    return hr;
  };
  const UINT none = D3D11_SO_NO_RASTERIZED_STREAM;
  // StartComponent counts from the element's first component: TEXCOORD1.x is register component z.
  CHECK(create(device.get(), vs, {{0, "TEXCOORD", 1, 0, 1, 0}}, {}, none) == S_OK);
  CHECK(create(device.get(), vs, {{0, "TEXCOORD", 1, 0, 2, 0}}, {}, none) == E_INVALIDARG);
  // Gaps of more than four components; not with a StartComponent or SemanticIndex.
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}, {0, nullptr, 0, 0, 8, 0}, {0, "TEXCOORD", 0, 0, 2, 0}}, {},
               none) == S_OK);
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}, {0, nullptr, 0, 1, 8, 0}}, {}, none) == E_INVALIDARG);
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}, {0, nullptr, 1, 0, 8, 0}}, {}, none) == E_INVALIDARG);
  // A buffer holding only gaps.
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}, {0, nullptr, 0, 0, 4, 1}}, {16, 16}, none) == E_INVALIDARG);
  // The same components captured twice, into one buffer or two; disjoint parts are fine.
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}, {0, "SV_Position", 0, 0, 3, 1}}, {16, 16}, none) ==
        E_INVALIDARG);
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 2, 0}, {0, "SV_Position", 0, 2, 2, 1}}, {8, 8}, none) == S_OK);
  // An unused buffer's stride is not checked at 11_0.
  CHECK(create(device.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}}, {16, 63}, none) == S_OK);
  // An array with no entries; a vertex shader with nothing to capture; a geometry shader may.
  D3D11_SO_DECLARATION_ENTRY one{0, "SV_Position", 0, 0, 4, 0};
  UINT stride = 16;
  ID3D11GeometryShader* shader = nullptr;
  CHECK(device->CreateGeometryShaderWithStreamOutput(gs.data(), gs.size(), &one, 0, &stride, 1, none, nullptr, &shader) ==
        E_INVALIDARG);
  CHECK(create(device.get(), vs, {}, {}, none) == E_INVALIDARG);
  CHECK(create(device.get(), gs, {}, {16}, none) == S_OK);

  auto device10 = createDevice(D3D_FEATURE_LEVEL_10_0);
  CHECK(create(device10.get(), gs, {}, {16}, 0) == E_INVALIDARG);  // strides without entries below 11_0
  CHECK(create(device10.get(), gs, {}, {}, 0) == S_OK);
  CHECK(create(device10.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}}, {}, none) == E_INVALIDARG);  // no NO_RASTERIZED_STREAM
  CHECK(create(device10.get(), vs, {{0, "SV_Position", 0, 0, 4, 0}}, {16, 63}, 0) == E_INVALIDARG);  // every stride checked
  checkValidation(device.get());
  checkValidation(device10.get());
}

TEST_CASE("class linkage objects are created and take shaders without interfaces", "[device][shaders]") {
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  CHECK(device->CreateClassLinkage(nullptr) == E_INVALIDARG);
  ComPtr<ID3D11ClassLinkage> linkage;
  REQUIRE(device->CreateClassLinkage(linkage.put()) == S_OK);
  ComPtr<ID3D11Device> owner;
  linkage->GetDevice(owner.put());
  CHECK(owner.get() == device.get());
  // No shader of this linkage declares an instance (test_class_linkage.cpp covers instances).
  ID3D11ClassInstance* instance = reinterpret_cast<ID3D11ClassInstance*>(uintptr_t(1));
  CHECK(linkage->GetClassInstance("instance", 0, &instance) == E_INVALIDARG);
  CHECK(instance == nullptr);
  // A shader without interfaces may be created with a linkage.
  auto ps = assemble(kPixelShader50);
  ComPtr<ID3D11PixelShader> shader;
  CHECK(device->CreatePixelShader(ps.data(), ps.size(), linkage.get(), shader.put()) == S_OK);
}

TEST_CASE("every corpus shader is created exactly when the compiler translates it", "[device][shaders]") {
  namespace fs = std::filesystem;
  const fs::path corpus = fs::path(DXBC_CORPUS_DIR) / "vkd3d-d3d12-tests";
  if (!fs::is_directory(corpus)) {
    WARN("skipped: the DXBC corpus is not at " << corpus.string());
    return;
  }
  auto device = createDevice(D3D_FEATURE_LEVEL_11_1);
  size_t created = 0, refused = 0;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    if (entry.path().extension() != ".dxbc")
      continue;
    std::vector<uint8_t> bytes = dxbc::readFile(entry.path().string());
    dxbc::Container container = dxbc::Container::parse(bytes);
    const dxbc::Chunk* code = container.findAny({dxbc::makeFourCC("SHEX"), dxbc::makeFourCC("SHDR")});
    REQUIRE(code);
    uint32_t version;
    std::memcpy(&version, code->data.data(), 4);
    bool compiles = dxbc::compile(bytes).ok();
    HRESULT hr = E_FAIL;
    ComPtr<IUnknown> shader;
    void** out = reinterpret_cast<void**>(shader.put());
    switch (version >> 16) {
      case 0: hr = device->CreatePixelShader(bytes.data(), bytes.size(), nullptr, reinterpret_cast<ID3D11PixelShader**>(out)); break;
      case 1: hr = device->CreateVertexShader(bytes.data(), bytes.size(), nullptr, reinterpret_cast<ID3D11VertexShader**>(out)); break;
      case 2: hr = device->CreateGeometryShader(bytes.data(), bytes.size(), nullptr, reinterpret_cast<ID3D11GeometryShader**>(out)); break;
      case 3: hr = device->CreateHullShader(bytes.data(), bytes.size(), nullptr, reinterpret_cast<ID3D11HullShader**>(out)); break;
      case 4: hr = device->CreateDomainShader(bytes.data(), bytes.size(), nullptr, reinterpret_cast<ID3D11DomainShader**>(out)); break;
      case 5: hr = device->CreateComputeShader(bytes.data(), bytes.size(), nullptr, reinterpret_cast<ID3D11ComputeShader**>(out)); break;
    }
    INFO(entry.path().filename().string());
    CHECK(hr == (compiles ? S_OK : E_INVALIDARG));
    (hr == S_OK ? created : refused)++;
  }
  CHECK(created > 0);
  WARN("corpus: " << created << " shaders created, " << refused << " refused");
  checkValidation(device.get());
}
