// vk::PipelineManager, PipelineLayouts, PipelineCache and DescriptorAllocator on the machine's
// Vulkan device under the validation layer, with shaders assembled and compiled by dxbc.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "scoped_env.h"
#include "vk/adapter.h"
#include "vk/descriptor_allocator.h"
#include "vk/device.h"
#include "vk/gpu_timeline.h"
#include "vk/graphics_pipeline_builder.h"
#include "vk/instance.h"
#include "vk/pipeline_manager.h"
#include "vk/shader_code.h"

namespace {

std::shared_ptr<const vk::ShaderCode> compileShader(uint64_t id, const std::string& text) {
  dxbc::CompileResult result = dxbc::compile(dxbc::assemble(text).write());
  INFO(result.error);
  REQUIRE(result.ok());
  return vk::shaderCodeFrom(id, result);
}

const char* kVertexShader =
    "vs_5_0\n"
    "dcl_input v0.xyzw\n"
    "dcl_output_siv o0.xyzw, position\n"
    "mov o0.xyzw, v0.xyzw\n"
    "ret\n";

const char* kPixelShader =
    "ps_5_0\n"
    "dcl_constantbuffer cb0[1], immediateIndexed\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, cb0[0].xyzw\n"
    "ret\n";

// Reads the rasterizer's sample count: specialization constant 0.
const char* kSampleCountPixelShader =
    "ps_5_0\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 1\n"
    "sampleinfo_uint r0.x, rasterizer.x\n"
    "utof o0.xyzw, r0.xxxx\n"
    "ret\n";

// Tessellation: a pass-through hull shader with constant factors and a domain shader.
const char* kHullShader =
    "hs_5_0\n"
    "hs_decls\n"
    "dcl_input_control_point_count 3\n"
    "dcl_output_control_point_count 3\n"
    "dcl_tessellator_domain domain_tri\n"
    "dcl_tessellator_partitioning partitioning_integer\n"
    "dcl_tessellator_output_primitive output_triangle_cw\n"
    "hs_control_point_phase\n"
    "dcl_input vOutputControlPointID\n"
    "dcl_input_siv v[3][0].xyzw, position\n"
    "dcl_output o0.xyzw\n"
    "mov o0.xyzw, v[vOutputControlPointID][0].xyzw\n"
    "ret\n"
    "hs_fork_phase\n"
    "dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor\n"
    "dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor\n"
    "dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor\n"
    "dcl_output_siv o3.x, finalTriInsideTessFactor\n"
    "mov o0.x, l(2.0)\n"
    "mov o1.x, l(2.0)\n"
    "mov o2.x, l(2.0)\n"
    "mov o3.x, l(2.0)\n"
    "ret\n";

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

const char* kComputeShader =
    "cs_5_0\n"
    "dcl_uav_raw u0\n"
    "dcl_thread_group 1, 1, 1\n"
    "store_raw u0.x, l(0), l(1)\n"
    "ret\n";

struct Fixture {
  std::shared_ptr<vk::Instance> instance = vk::Instance::shared();
  std::unique_ptr<vk::Device> device;
  std::filesystem::path folder;

  Fixture() {
    REQUIRE_FALSE(instance->adapters().empty());
    // meson runs this with D3D11VK_VALIDATION=1: make sure the layer is really there to count errors.
    if (const char* validation = std::getenv("D3D11VK_VALIDATION"); validation && std::string(validation) == "1")
      REQUIRE(instance->validationEnabled());
    device = instance->adapters().front()->createDevice();
    folder = std::filesystem::temp_directory_path() / ("d3d11vk-pipeline-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
  }
  ~Fixture() {
    std::error_code error;
    std::filesystem::remove_all(folder, error);
  }
  std::filesystem::path cacheFile() const { return folder / "test.vkpipelinecache"; }
};

// A triangle-list key with one float4 attribute, one RGBA8 target and a D32 depth buffer.
vk::GraphicsPipelineKey basicKey(const vk::ShaderCode& vs, const vk::ShaderCode& ps) {
  vk::GraphicsPipelineKey key{};
  key.shaders[0] = vs.id;
  key.shaders[4] = ps.id;
  key.attributeCount = 1;
  key.attributes[0] = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
  key.bindingCount = 1;
  key.bindings[0] = {0, 16, VK_VERTEX_INPUT_RATE_VERTEX, 1};
  key.colorCount = 1;
  key.colorFormats[0] = VK_FORMAT_R8G8B8A8_UNORM;
  key.depthFormat = VK_FORMAT_D32_SFLOAT;
  key.depthTest = key.depthWrite = VK_TRUE;
  return key;
}

std::vector<uint8_t> readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void writeFile(const std::filesystem::path& path, const std::vector<uint8_t>& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size()));
}

}  // namespace

TEST_CASE("graphics pipelines are built once per key and found again", "[vk-pipelines]") {
  Fixture f;
  auto vs = compileShader(1, kVertexShader);
  auto ps = compileShader(2, kPixelShader);
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {vs.get(), nullptr, nullptr, nullptr, ps.get()};
  {
    vk::PipelineManager manager(*f.device, std::nullopt);
    vk::GraphicsPipelineKey key = basicKey(*vs, *ps);
    const vk::GraphicsPipeline* first = manager.getGraphics(key, stages);
    REQUIRE(first);
    CHECK(first->pipeline != VK_NULL_HANDLE);
    REQUIRE(first->layout);
    CHECK(first->layout->setCount == 5);
    REQUIRE(first->layout->setBindings[4].size() == 1);
    CHECK(first->layout->setBindings[4][0].binding == 0);
    CHECK(first->layout->setBindings[4][0].type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
    CHECK(first->layout->setBindings[0].empty());
    CHECK(manager.pipelinesCreated() == 1);

    CHECK(manager.getGraphics(key, stages) == first);
    CHECK(manager.cacheHits() == 1);
    CHECK(manager.pipelinesCreated() == 1);

    vk::GraphicsPipelineKey other = key;
    other.cullMode = VK_CULL_MODE_NONE;
    other.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    const vk::GraphicsPipeline* second = manager.getGraphics(other, stages);
    REQUIRE(second);
    CHECK(second != first);
    CHECK(second->pipeline != first->pipeline);
    CHECK(second->layout == first->layout);  // same shaders, same layout
    CHECK(manager.pipelinesCreated() == 2);

    SECTION("state variations the builder must express") {
      vk::GraphicsPipelineKey k = key;
      // An unbound slot between two targets, blending with dual-source-free factors, no depth clip,
      // depth bias, instancing with a divisor, strips with restart, stencil, wireframe.
      k.colorCount = 3;
      k.colorFormats[1] = VK_FORMAT_UNDEFINED;
      k.colorFormats[2] = VK_FORMAT_R32_UINT;  // an integer target: blending is dropped
      for (auto& blend : k.blend) {
        blend.enable = VK_TRUE;
        blend.srcColor = VK_BLEND_FACTOR_SRC_ALPHA;
        blend.dstColor = VK_BLEND_FACTOR_CONSTANT_COLOR;
        blend.colorOp = VK_BLEND_OP_MAX;
      }
      k.depthClipEnable = VK_FALSE;
      k.depthBiasEnable = VK_TRUE;
      k.bindings[0] = {0, 16, VK_VERTEX_INPUT_RATE_INSTANCE, 3};
      k.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
      k.depthFormat = k.stencilFormat = VK_FORMAT_D32_SFLOAT_S8_UINT;
      k.stencilTest = VK_TRUE;
      k.front.pass = VK_STENCIL_OP_INCREMENT_AND_WRAP;
      k.polygonMode = VK_POLYGON_MODE_LINE;
      k.sampleMask = 0x1;
      CHECK(manager.getGraphics(k, stages));

      vk::GraphicsPipelineKey ms = key;
      ms.samples = VK_SAMPLE_COUNT_4_BIT;
      ms.alphaToCoverage = VK_TRUE;
      CHECK(manager.getGraphics(ms, stages));

      // Specialization constant 0 for a shader reading the rasterizer's sample count.
      auto counting = compileShader(3, kSampleCountPixelShader);
      REQUIRE(counting->usesRasterizerSampleCount);
      const vk::ShaderCode* countingStages[vk::kGraphicsStages] = {vs.get(), nullptr, nullptr, nullptr, counting.get()};
      vk::GraphicsPipelineKey sc = ms;
      sc.shaders[4] = counting->id;
      sc.colorFormats[0] = VK_FORMAT_R32G32B32A32_SFLOAT;
      CHECK(manager.getGraphics(sc, countingStages));

      // No attachments at all, with a forced sample count (UAV-only rendering).
      vk::GraphicsPipelineKey none = key;
      none.colorCount = 0;
      none.colorFormats[0] = VK_FORMAT_UNDEFINED;
      none.depthFormat = VK_FORMAT_UNDEFINED;
      none.forcedSampleCount = 4;
      CHECK(manager.getGraphics(none, stages));
    }

    SECTION("tessellation: hull and domain shaders with a 3-point patch list") {
      auto hs = compileShader(20, kHullShader);
      auto ds = compileShader(21, kDomainShader);
      CHECK(hs->patchControlPoints == 3);
      const vk::ShaderCode* tess[vk::kGraphicsStages] = {vs.get(), hs.get(), ds.get(), nullptr, ps.get()};
      vk::GraphicsPipelineKey k = key;
      k.shaders[1] = hs->id;
      k.shaders[2] = ds->id;
      k.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
      k.patchControlPoints = 3;
      const vk::GraphicsPipeline* pipeline = manager.getGraphics(k, tess);
      REQUIRE(pipeline);
      CHECK(pipeline->layout == first->layout);  // HS and DS use no descriptors: their sets stay empty
      k.patchControlPoints = 4;  // the hull shader takes 3
      CHECK(manager.getGraphics(k, tess) == nullptr);
    }

    SECTION("impossible keys are refused with null, once") {
      uint64_t created = manager.pipelinesCreated();
      vk::GraphicsPipelineKey patch = key;
      patch.topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;  // no hull or domain shader
      patch.patchControlPoints = 3;
      CHECK(manager.getGraphics(patch, stages) == nullptr);
      CHECK(manager.getGraphics(patch, stages) == nullptr);
      vk::GraphicsPipelineKey mismatch = key;
      mismatch.shaders[3] = 77;  // the key names a geometry shader that is not given
      CHECK(manager.getGraphics(mismatch, stages) == nullptr);
      const vk::ShaderCode* noVertex[vk::kGraphicsStages] = {nullptr, nullptr, nullptr, nullptr, ps.get()};
      vk::GraphicsPipelineKey pixelOnly = key;
      pixelOnly.shaders[0] = 0;
      CHECK(manager.getGraphics(pixelOnly, noVertex) == nullptr);
      vk::GraphicsPipelineKey unbound = key;
      unbound.attributes[0].binding = 5;
      CHECK(manager.getGraphics(unbound, stages) == nullptr);
      CHECK(manager.pipelinesCreated() == created);
    }
  }
  CHECK(f.instance->validationErrorCount() == 0);
}

TEST_CASE("compute pipelines, and layouts refused by the device's limits", "[vk-pipelines]") {
  Fixture f;
  vk::PipelineManager manager(*f.device, std::nullopt);
  auto cs = compileShader(10, kComputeShader);
  const vk::ComputePipeline* compute = manager.getCompute(*cs);
  REQUIRE(compute);
  CHECK(compute->pipeline != VK_NULL_HANDLE);
  CHECK(compute->layout->setCount == 1);
  REQUIRE(compute->layout->setBindings[0].size() == 1);
  CHECK(compute->layout->setBindings[0][0].type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
  CHECK(manager.getCompute(*cs) == compute);
  CHECK(manager.cacheHits() == 1);

  // More storage buffers than any stage may have: refused, not passed to Vulkan.
  vk::ShaderCode big = *cs;
  big.id = 11;
  big.bindings.clear();
  uint32_t limit = f.device->properties().limits.maxPerStageDescriptorStorageBuffers;
  for (uint32_t i = 0; i <= limit && i < 64; i++)
    big.bindings.push_back({dxbc::binding_model::kUavBase + i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER});
  if (limit < 64)
    CHECK(manager.getCompute(big) == nullptr);

  // The limit check itself, on made-up limits.
  VkPhysicalDeviceLimits limits = f.device->properties().limits;
  limits.maxPerStageDescriptorSamplers = 2;
  std::vector<vk::ShaderBindingSlot> sets[1] = {
      {{16, VK_DESCRIPTOR_TYPE_SAMPLER}, {17, VK_DESCRIPTOR_TYPE_SAMPLER}, {18, VK_DESCRIPTOR_TYPE_SAMPLER}}};
  CHECK(vk::PipelineLayouts::checkLimits(limits, sets, 1).find("samplers 3 > 2") != std::string::npos);
  sets[0].pop_back();
  CHECK(vk::PipelineLayouts::checkLimits(limits, sets, 1) == "");

  // A duplicated binding number is refused too.
  vk::ShaderCode twice = *cs;
  twice.id = 12;
  twice.bindings.push_back(twice.bindings[0]);
  CHECK(manager.getCompute(twice) == nullptr);
  // A non-compute shader is no compute pipeline.
  auto vs = compileShader(13, kVertexShader);
  CHECK(manager.getCompute(*vs) == nullptr);
  CHECK(f.instance->validationErrorCount() == 0);
}

TEST_CASE("the pipeline cache is written, reused, and a damaged or foreign file is ignored", "[vk-pipelines]") {
  Fixture f;
  auto vs = compileShader(1, kVertexShader);
  auto ps = compileShader(2, kPixelShader);
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {vs.get(), nullptr, nullptr, nullptr, ps.get()};
  const VkPhysicalDeviceProperties& properties = f.device->properties();

  {
    vk::PipelineManager manager(*f.device, f.cacheFile());
    CHECK_FALSE(manager.cache().loadedFromFile());
    REQUIRE(manager.getGraphics(basicKey(*vs, *ps), stages));
  }
  std::vector<uint8_t> written = readFile(f.cacheFile());
  std::string why;
  auto data = vk::PipelineCache::unwrap(written, &why);
  INFO(why);
  REQUIRE(data);
  CHECK(vk::PipelineCache::matchesDevice(data->data(), data->size(), properties));

  {
    vk::PipelineManager manager(*f.device, f.cacheFile());
    CHECK(manager.cache().loadedFromFile());
    CHECK(manager.getGraphics(basicKey(*vs, *ps), stages));
  }

  SECTION("garbage") {
    writeFile(f.cacheFile(), std::vector<uint8_t>(100, 0x5a));
  }
  SECTION("truncated") {
    writeFile(f.cacheFile(), std::vector<uint8_t>(written.begin(), written.end() - 1));
  }
  SECTION("a bit flipped in the data") {
    std::vector<uint8_t> flipped = written;
    flipped.back() ^= 1;
    writeFile(f.cacheFile(), flipped);
  }
  SECTION("another driver's pipelineCacheUUID, checksum intact") {
    std::vector<uint8_t> foreign = *data;
    foreign[16] ^= 0xff;  // first byte of the UUID in VkPipelineCacheHeaderVersionOne
    CHECK_FALSE(vk::PipelineCache::matchesDevice(foreign.data(), foreign.size(), properties));
    writeFile(f.cacheFile(), vk::PipelineCache::wrap(foreign));
  }
  SECTION("empty") {
    writeFile(f.cacheFile(), {});
  }
  {
    vk::PipelineManager manager(*f.device, f.cacheFile());
    CHECK_FALSE(manager.cache().loadedFromFile());
    CHECK(manager.getGraphics(basicKey(*vs, *ps), stages));
  }
  // The damaged file was replaced by a valid one.
  auto rewritten = vk::PipelineCache::unwrap(readFile(f.cacheFile()), &why);
  REQUIRE(rewritten);
  CHECK(vk::PipelineCache::matchesDevice(rewritten->data(), rewritten->size(), properties));
  CHECK(f.instance->validationErrorCount() == 0);
}

TEST_CASE("the cache file's place comes from the environment", "[vk-pipelines]") {
  VkPhysicalDeviceProperties properties{};
  for (uint32_t i = 0; i < VK_UUID_SIZE; i++)
    properties.pipelineCacheUUID[i] = uint8_t(i * 17);
  std::string name = vk::PipelineCache::fileName("game", properties);
  CHECK(name == "game_00112233445566778899aabbccddeeff.vkpipelinecache");
  {
    test::ScopedEnv path("D3D11VK_PIPELINE_CACHE_PATH", "none");
    CHECK_FALSE(vk::PipelineCache::fileFromEnvironment(properties));
  }
  {
    test::ScopedEnv path("D3D11VK_PIPELINE_CACHE_PATH", "/tmp/somewhere");
    auto file = vk::PipelineCache::fileFromEnvironment(properties);
    REQUIRE(file);
    CHECK(file->parent_path() == "/tmp/somewhere");
  }
  {
    test::ScopedEnv path("D3D11VK_PIPELINE_CACHE_PATH", nullptr);
    test::ScopedEnv xdg("XDG_CACHE_HOME", "/tmp/xdg");
    auto file = vk::PipelineCache::fileFromEnvironment(properties);
    REQUIRE(file);
    CHECK(file->parent_path() == "/tmp/xdg/d3d11vk");
  }
  {
    test::ScopedEnv path("D3D11VK_PIPELINE_CACHE_PATH", nullptr);
    test::ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
    test::ScopedEnv home("HOME", "/tmp/home");
    auto file = vk::PipelineCache::fileFromEnvironment(properties);
    REQUIRE(file);
    CHECK(file->parent_path() == "/tmp/home/.cache/d3d11vk");
  }
}

TEST_CASE("descriptor pools are reused once their submissions completed, else a new one", "[vk-pipelines]") {
  Fixture f;
  vk::PipelineManager manager(*f.device, std::nullopt);
  auto cs = compileShader(10, kComputeShader);
  const vk::ComputePipeline* compute = manager.getCompute(*cs);
  REQUIRE(compute);
  VkDescriptorSetLayout layout = compute->layout->sets[0];
  {
    vk::DescriptorAllocator allocator(*f.device, f.device->timeline());
    // Submission 0 is complete from the start: filling the pool recycles it.
    for (uint32_t i = 0; i < vk::DescriptorAllocator::kSetsPerPool; i++)
      REQUIRE(allocator.allocate(layout, 0) != VK_NULL_HANDLE);
    CHECK(allocator.poolCount() == 1);
    CHECK(allocator.allocate(layout, 0) != VK_NULL_HANDLE);
    CHECK(allocator.poolCount() == 1);
    CHECK(allocator.poolResets() == 1);
    // A submission far in the future never completes here: a full pool stays busy.
    uint64_t future = f.device->timeline().completed() + 1000;
    for (uint32_t i = 0; i < vk::DescriptorAllocator::kSetsPerPool; i++)
      REQUIRE(allocator.allocate(layout, future) != VK_NULL_HANDLE);
    CHECK(allocator.poolCount() == 2);
    CHECK(allocator.poolResets() == 1);
  }
  CHECK(f.instance->validationErrorCount() == 0);
}

namespace {

// The structure of type `type` in a pNext chain, or nullptr.
const VkBaseInStructure* findInChain(const void* next, VkStructureType type) {
  for (auto* s = static_cast<const VkBaseInStructure*>(next); s; s = s->pNext)
    if (s->sType == type)
      return s;
  return nullptr;
}

}  // namespace

TEST_CASE("conservative rasterization reaches the pipeline as overestimation, and needs the extension",
          "[vk-pipelines]") {
  Fixture f;
  auto vs = compileShader(1, kVertexShader);
  auto ps = compileShader(2, kPixelShader);
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {vs.get(), nullptr, nullptr, nullptr, ps.get()};
  const VkShaderModule modules[vk::kGraphicsStages] = {};  // the state is inspected, not built
  vk::GraphicsPipelineKey key = basicKey(*vs, *ps);
  {
    vk::GraphicsPipelineState plain(*f.device, key, stages, modules);
    CHECK(findInChain(plain.rasterization.pNext,
                      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_CONSERVATIVE_STATE_CREATE_INFO_EXT) == nullptr);
  }
  key.conservativeRasterization = VK_TRUE;
  {
    vk::GraphicsPipelineState conservative(*f.device, key, stages, modules);
    auto* info = reinterpret_cast<const VkPipelineRasterizationConservativeStateCreateInfoEXT*>(findInChain(
        conservative.rasterization.pNext, VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_CONSERVATIVE_STATE_CREATE_INFO_EXT));
    REQUIRE(info);
    CHECK(info->conservativeRasterizationMode == VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT);
    CHECK(info->extraPrimitiveOverestimationSize == 0.0f);
  }
  vk::PipelineManager manager(*f.device, std::nullopt);
  if (f.device->hasExtension(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME)) {
    CHECK(vk::checkGraphicsKey(*f.device, key, stages).empty());
    const vk::GraphicsPipeline* pipeline = manager.getGraphics(key, stages);
    REQUIRE(pipeline);
    CHECK(pipeline->pipeline != VK_NULL_HANDLE);
  } else {
    // lavapipe: no conservative rasterization, so no pipeline asks for it.
    CHECK(vk::checkGraphicsKey(*f.device, key, stages) ==
          "conservative rasterization needs VK_EXT_conservative_rasterization");
    CHECK(manager.getGraphics(key, stages) == nullptr);
  }
  CHECK(f.instance->validationErrorCount() == 0);
}
