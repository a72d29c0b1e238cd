// Graphics pipelines through VK_EXT_graphics_pipeline_library: parts cached by the share of the key
// they depend on, fast links per state, optimized pipelines swapped in by the background thread,
// and the monolithic path when turned off; on the machine's device under the validation layer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "vk/adapter.h"
#include "vk/device.h"
#include "vk/instance.h"
#include "vk/pipeline_manager.h"
#include "vk/shader_code.h"

namespace {

std::shared_ptr<const vk::ShaderCode> compile(uint64_t id, const std::string& text) {
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

struct Fixture {
  std::shared_ptr<vk::Instance> instance = vk::Instance::shared();
  std::unique_ptr<vk::Device> device;
  std::shared_ptr<const vk::ShaderCode> vs = compile(101, kVertexShader);
  std::shared_ptr<const vk::ShaderCode> ps = compile(102, kPixelShader);
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {vs.get(), nullptr, nullptr, nullptr, ps.get()};

  Fixture() {
    REQUIRE_FALSE(instance->adapters().empty());
    if (const char* validation = std::getenv("D3D11VK_VALIDATION"); validation && std::string(validation) == "1")
      REQUIRE(instance->validationEnabled());
    device = instance->adapters().front()->createDevice();
  }

  vk::GraphicsPipelineKey key() const {
    vk::GraphicsPipelineKey k{};
    k.shaders[0] = vs->id;
    k.shaders[4] = ps->id;
    k.attributeCount = 1;
    k.attributes[0] = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
    k.bindingCount = 1;
    k.bindings[0] = {0, 16, VK_VERTEX_INPUT_RATE_VERTEX, 1};
    k.colorCount = 1;
    k.colorFormats[0] = VK_FORMAT_R8G8B8A8_UNORM;
    return k;
  }
};

uint64_t built(const vk::PipelineManager& manager, vk::LibraryPart part) { return manager.librariesBuilt(part); }

}  // namespace

TEST_CASE("pipelines are linked from libraries, shader parts compiled once per shader set", "[vk-pipelines]") {
  Fixture f;
  if (!vk::supportsGraphicsPipelineLibrary(*f.device)) {
    WARN("skipped: the device has no VK_EXT_graphics_pipeline_library (graphicsPipelineLibrary feature)");
    return;
  }
  vk::PipelineManager manager(*f.device, std::nullopt, {true, true});
  REQUIRE(manager.usesLibraries());

  vk::GraphicsPipelineKey opaque = f.key();
  const vk::GraphicsPipeline* first = manager.getGraphics(opaque, f.stages);
  REQUIRE(first);
  CHECK(first->pipeline.load() != VK_NULL_HANDLE);
  CHECK(manager.fastLinks() == 1);
  CHECK(built(manager, vk::LibraryPart::VertexInput) == 1);
  CHECK(built(manager, vk::LibraryPart::PreRasterization) == 1);
  CHECK(built(manager, vk::LibraryPart::FragmentShader) == 1);
  CHECK(built(manager, vk::LibraryPart::FragmentOutput) == 1);

  // Only the blend state differs: a new fragment-output part and a link, no shader compile.
  vk::GraphicsPipelineKey blended = opaque;
  blended.blend[0].enable = VK_TRUE;
  blended.blend[0].srcColor = VK_BLEND_FACTOR_SRC_ALPHA;
  blended.blend[0].dstColor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
  const vk::GraphicsPipeline* second = manager.getGraphics(blended, f.stages);
  REQUIRE(second);
  CHECK(second != first);
  CHECK(manager.fastLinks() == 2);
  CHECK(manager.pipelinesCreated() == 2);
  CHECK(built(manager, vk::LibraryPart::VertexInput) == 1);
  CHECK(built(manager, vk::LibraryPart::PreRasterization) == 1);
  CHECK(built(manager, vk::LibraryPart::FragmentShader) == 1);
  CHECK(built(manager, vk::LibraryPart::FragmentOutput) == 2);

  // Cull mode is pre-rasterization state: a new pre-rasterization part, the rest reused.
  vk::GraphicsPipelineKey culled = opaque;
  culled.cullMode = VK_CULL_MODE_NONE;
  REQUIRE(manager.getGraphics(culled, f.stages));
  CHECK(built(manager, vk::LibraryPart::PreRasterization) == 2);
  CHECK(built(manager, vk::LibraryPart::FragmentShader) == 1);
  CHECK(built(manager, vk::LibraryPart::FragmentOutput) == 2);

  // No rasterized stream: linked from the vertex-input and pre-rasterization parts alone.
  vk::GraphicsPipelineKey discard = opaque;
  discard.rasterizedStream = vk::kNoRasterizedStream;
  REQUIRE(manager.getGraphics(discard, f.stages));
  CHECK(built(manager, vk::LibraryPart::PreRasterization) == 3);
  CHECK(built(manager, vk::LibraryPart::FragmentShader) == 1);
  CHECK(manager.fastLinks() == 4);

  // The optimizer replaces each fast-linked pipeline (it runs concurrently, so it may already
  // have); the entry, and the pointer the draw path holds, stays the same.
  manager.waitForOptimizer();
  CHECK(manager.optimizedSwaps() == 4);
  CHECK(manager.getGraphics(opaque, f.stages) == first);
  CHECK(first->optimized.load());
  CHECK(second->optimized.load());
  CHECK(first->pipeline.load() != VK_NULL_HANDLE);
  CHECK(first->pipeline.load() != second->pipeline.load());
  CHECK(manager.fastLinks() == 4);
  CHECK(f.instance->validationErrorCount() == 0);
}

TEST_CASE("without background optimization the fast-linked pipeline stays", "[vk-pipelines]") {
  Fixture f;
  if (!vk::supportsGraphicsPipelineLibrary(*f.device)) {
    WARN("skipped: the device has no VK_EXT_graphics_pipeline_library (graphicsPipelineLibrary feature)");
    return;
  }
  vk::PipelineManager manager(*f.device, std::nullopt, {true, false});
  const vk::GraphicsPipeline* pipeline = manager.getGraphics(f.key(), f.stages);
  REQUIRE(pipeline);
  VkPipeline handle = pipeline->pipeline.load();
  manager.waitForOptimizer();  // nothing queued: returns at once
  CHECK(manager.optimizedSwaps() == 0);
  CHECK_FALSE(pipeline->optimized.load());
  CHECK(pipeline->pipeline.load() == handle);
  CHECK(f.instance->validationErrorCount() == 0);
}

TEST_CASE("with libraries turned off pipelines are monolithic", "[vk-pipelines]") {
  Fixture f;
  vk::PipelineManager manager(*f.device, std::nullopt, {false, true});
  CHECK_FALSE(manager.usesLibraries());
  REQUIRE(manager.getGraphics(f.key(), f.stages));
  vk::GraphicsPipelineKey blended = f.key();
  blended.blend[0].enable = VK_TRUE;
  REQUIRE(manager.getGraphics(blended, f.stages));
  CHECK(manager.pipelinesCreated() == 2);
  CHECK(manager.fastLinks() == 0);
  CHECK(built(manager, vk::LibraryPart::FragmentShader) == 0);
  manager.waitForOptimizer();
  CHECK(manager.optimizedSwaps() == 0);
  CHECK(f.instance->validationErrorCount() == 0);
}

TEST_CASE("the manager can be destroyed while the optimizer has work queued", "[vk-pipelines]") {
  Fixture f;
  {
    vk::PipelineManager manager(*f.device, std::nullopt, {true, true});
    for (uint32_t i = 0; i < 6; i++) {
      vk::GraphicsPipelineKey k = f.key();
      k.blend[0].writeMask = i + 1;
      REQUIRE(manager.getGraphics(k, f.stages));
    }
  }  // joins the optimizer without waiting for the queue
  CHECK(f.instance->validationErrorCount() == 0);
}

// dxvk.numCompilerThreads sets how many threads link optimized pipelines; they start as jobs
// queue up, never more than the limit, and every queued job is still done.
TEST_CASE("the optimizer runs at most the configured number of threads", "[vk-pipelines]") {
  Fixture f;
  if (!vk::supportsGraphicsPipelineLibrary(*f.device)) {
    WARN("skipped: the device has no VK_EXT_graphics_pipeline_library (graphicsPipelineLibrary feature)");
    return;
  }
  for (uint32_t limit : {1u, 2u}) {
    INFO("limit " << limit);
    vk::PipelineManager manager(*f.device, std::nullopt, {true, true, limit});
    CHECK(manager.optimizerThreadLimit() == limit);
    vk::GraphicsPipelineKey key = f.key();
    const VkCullModeFlags culls[] = {VK_CULL_MODE_NONE, VK_CULL_MODE_FRONT_BIT, VK_CULL_MODE_BACK_BIT,
                                     VK_CULL_MODE_FRONT_AND_BACK};
    for (VkCullModeFlags cull : culls) {
      key.cullMode = cull;
      REQUIRE(manager.getGraphics(key, f.stages));
    }
    manager.waitForOptimizer();
    CHECK(manager.optimizedSwaps() == 4);
    CHECK(manager.optimizerThreadsStarted() >= 1);
    CHECK(manager.optimizerThreadsStarted() <= limit);
  }
  // 0 (the default): one per CPU core.
  vk::PipelineManager automatic(*f.device, std::nullopt, {true, true, 0});
  CHECK(automatic.optimizerThreadLimit() == std::max(1u, std::thread::hardware_concurrency()));
  CHECK(f.instance->validationErrorCount() == 0);
}
