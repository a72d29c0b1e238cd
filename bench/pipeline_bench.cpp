// Pipeline creation benchmark: the time until the first draw of N new states can bind its
// pipeline, through vk::PipelineManager with monolithic pipelines and with graphics pipeline
// libraries (fast link, optimized later on a background thread). Native only; no disk cache.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "vk/adapter.h"
#include "vk/device.h"
#include "vk/instance.h"
#include "vk/pipeline_library.h"
#include "vk/pipeline_manager.h"
#include "util/log.h"
#include "vk/shader_code.h"

// The logger's module name (log file "<exe>_pipeline_bench.log"); DLLs define their own.
const char* util::moduleName() { return "pipeline_bench"; }

namespace {

using Clock = std::chrono::steady_clock;
double micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

const char* kVertexShader =
    "vs_5_0\n"
    "dcl_constantbuffer cb0[4], immediateIndexed\n"
    "dcl_input v0.xyzw\n"
    "dcl_input v1.xy\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xy\n"
    "dcl_temps 1\n"
    "mul r0.xyzw, v0.yyyy, cb0[1].xyzw\n"
    "mad r0.xyzw, v0.xxxx, cb0[0].xyzw, r0.xyzw\n"
    "mad r0.xyzw, v0.zzzz, cb0[2].xyzw, r0.xyzw\n"
    "mad o0.xyzw, v0.wwww, cb0[3].xyzw, r0.xyzw\n"
    "add o1.xy, v1.xyxx, l(0.5, 0.5, 0.5, 0.0)\n"
    "ret\n";

// Some texture and arithmetic work, so a compile is not trivially short.
const char* kPixelShader =
    "ps_5_0\n"
    "dcl_constantbuffer cb0[2], immediateIndexed\n"
    "dcl_sampler s0, mode_default\n"
    "dcl_resource_texture2d (float,float,float,float) t0\n"
    "dcl_input_ps linear v1.xy\n"
    "dcl_output o0.xyzw\n"
    "dcl_temps 3\n"
    "sample r0.xyzw, v1.xyxx, t0.xyzw, s0\n"
    "mul r1.xyzw, r0.xyzw, cb0[0].xyzw\n"
    "dp3 r2.x, r1.xyzx, cb0[1].xyzx\n"
    "max r2.x, r2.x, l(0.0)\n"
    "sqrt r2.y, r2.x\n"
    "mad r1.xyz, r1.xyzx, r2.yyyy, cb0[1].wwww\n"
    "exp r1.xyz, r1.xyzx\n"
    "log r2.xzw, r1.xxyz\n"
    "mul o0.xyz, r2.xzwx, l(0.5, 0.5, 0.5, 0.0)\n"
    "mov o0.w, r0.w\n"
    "ret\n";

std::shared_ptr<const vk::ShaderCode> compile(uint64_t id, const char* text) {
  dxbc::CompileResult result = dxbc::compile(dxbc::assemble(text).write());
  if (!result.ok()) {
    std::fprintf(stderr, "pipeline_bench: shader %llu does not compile: %s\n", (unsigned long long)id,
                 result.error.c_str());
    std::exit(1);
  }
  return vk::shaderCodeFrom(id, result);
}

vk::GraphicsPipelineKey baseKey(uint64_t vs, uint64_t ps) {
  vk::GraphicsPipelineKey key{};
  key.shaders[0] = vs;
  key.shaders[4] = ps;
  key.attributeCount = 2;
  key.attributes[0] = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
  key.attributes[1] = {1, 0, VK_FORMAT_R32G32_SFLOAT, 16};
  key.bindingCount = 1;
  key.bindings[0] = {0, 24, VK_VERTEX_INPUT_RATE_VERTEX, 1};
  key.colorCount = 1;
  key.colorFormats[0] = VK_FORMAT_R8G8B8A8_UNORM;
  key.depthFormat = VK_FORMAT_D32_SFLOAT;
  key.depthTest = key.depthWrite = VK_TRUE;
  return key;
}

// Blend state i of the N new states, the same shaders (what games change most between draws):
// colour factors, alpha factors and write mask vary; 64 distinct states.
vk::GraphicsPipelineKey variant(vk::GraphicsPipelineKey key, uint32_t i) {
  static const VkBlendFactor factors[] = {VK_BLEND_FACTOR_ONE, VK_BLEND_FACTOR_SRC_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
                                          VK_BLEND_FACTOR_DST_COLOR};
  key.blend[0].enable = VK_TRUE;
  key.blend[0].srcColor = factors[i % 4];
  key.blend[0].dstColor = factors[(i / 4) % 4];
  key.blend[0].dstAlpha = (i / 16) % 2 ? VK_BLEND_FACTOR_ONE : VK_BLEND_FACTOR_ZERO;
  key.blend[0].writeMask = 0xf - ((i / 32) % 2);
  return key;
}

// The shader texts with a constant unique to the run, so that no driver cache (Mesa's shader
// cache included) has seen their SPIR-V before.
std::string withConstant(const char* text, uint64_t run) {
  std::string result = text;
  std::string marker = "l(0.5, 0.5, 0.5, 0.0)";
  size_t at = result.find(marker);
  if (at != std::string::npos) {
    char value[64];
    std::snprintf(value, sizeof(value), "l(0.5, 0.5, %llu.0, 0.0)", (unsigned long long)run);
    result.replace(at, marker.size(), value);
  }
  return result;
}

struct Result {
  double firstUs = 0;          // the first pipeline with new shaders
  double meanUs = 0, maxUs = 0;  // each later new state
  double optimizeUs = 0;       // waiting for the background optimizer afterwards
};

Result run(vk::Device& device, bool libraries, uint32_t states, uint64_t idBase) {
  // Fresh ids per run: the driver's in-memory caches see new shaders (no disk cache here).
  auto vs = compile(idBase + 1, withConstant(kVertexShader, idBase).c_str());
  auto ps = compile(idBase + 2, withConstant(kPixelShader, idBase).c_str());
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {vs.get(), nullptr, nullptr, nullptr, ps.get()};
  vk::PipelineManager manager(device, std::nullopt, {libraries, true});
  Result result;
  vk::GraphicsPipelineKey key = baseKey(vs->id, ps->id);
  auto start = Clock::now();
  if (!manager.getGraphics(key, stages)) {
    std::fprintf(stderr, "pipeline_bench: pipeline refused\n");
    std::exit(1);
  }
  result.firstUs = micros(Clock::now() - start);
  double total = 0;
  for (uint32_t i = 1; i <= states; i++) {
    auto begin = Clock::now();
    if (!manager.getGraphics(variant(key, i), stages)) {
      std::fprintf(stderr, "pipeline_bench: pipeline refused\n");
      std::exit(1);
    }
    double us = micros(Clock::now() - begin);
    total += us;
    result.maxUs = std::max(result.maxUs, us);
  }
  result.meanUs = total / states;
  auto begin = Clock::now();
  manager.waitForOptimizer();
  result.optimizeUs = micros(Clock::now() - begin);
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  // variant() makes 64 distinct states; state 0 is the first pipeline.
  uint32_t states = argc > 1 ? uint32_t(std::clamp(std::atoi(argv[1]), 1, 63)) : 32;
  // Mesa's on-disk shader cache would turn repeated runs into cache hits.
  setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
  auto instance = vk::Instance::shared();
  if (instance->adapters().empty()) {
    std::fprintf(stderr, "pipeline_bench: no Vulkan device\n");
    return 1;
  }
  auto device = instance->adapters().front()->createDevice();
  std::printf("pipeline_bench: %u new blend states after the first pipeline of a new shader pair, device %s\n", states,
              device->properties().deviceName);
  const bool supported = vk::supportsGraphicsPipelineLibrary(*device);
  uint64_t id = 1000;
  // Warm-up (driver start-up costs), then the measured runs, alternating.
  run(*device, false, 2, id += 10);
  if (supported)
    run(*device, true, 2, id += 10);
  for (int repeat = 0; repeat < 3; repeat++) {
    Result mono = run(*device, false, states, id += 10);
    std::printf("monolithic  first_us=%.0f new_state_mean_us=%.0f new_state_max_us=%.0f\n", mono.firstUs,
                mono.meanUs, mono.maxUs);
    if (!supported) {
      std::printf("library     skipped: no VK_EXT_graphics_pipeline_library\n");
      continue;
    }
    Result lib = run(*device, true, states, id += 10);
    std::printf("library     first_us=%.0f new_state_mean_us=%.0f new_state_max_us=%.0f background_wait_us=%.0f\n",
                lib.firstUs, lib.meanUs, lib.maxUs, lib.optimizeUs);
  }
  return 0;
}
