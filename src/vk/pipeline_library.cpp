// GraphicsPipelineLibraries: the four graphics pipeline library parts, their cache keys, and the
// links that make pipelines of them.
#include "vk/pipeline_library.h"

#include <algorithm>

#include "util/log.h"
#include "vk/device.h"
#include "vk/graphics_pipeline_builder.h"
#include "vk/pipeline_layouts.h"
#include "vk/result.h"

namespace vk {

namespace {

constexpr uint32_t kPixel = 4;
constexpr const char* kPartNames[kLibraryParts] = {"vertex input", "pre-rasterization", "fragment shader",
                                                   "fragment output"};
constexpr VkGraphicsPipelineLibraryFlagBitsEXT kPartFlags[kLibraryParts] = {
    VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT,
    VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
    VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT,
    VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT};

void copyMultisample(const GraphicsPipelineKey& from, GraphicsPipelineKey& to) {
  to.samples = rasterizationSamples(from);  // what the pipeline uses, forced count included
  to.sampleMask = from.sampleMask;
  to.alphaToCoverage = from.alphaToCoverage;
  to.sampleShading = from.sampleShading;
}

}  // namespace

bool supportsGraphicsPipelineLibrary(const Device& device) {
  return device.hasExtension(VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME) &&
         device.enabledFeatures().graphicsPipelineLibrary.graphicsPipelineLibrary;
}

static_assert(std::has_unique_object_representations_v<GraphicsPipelineKey> && sizeof(GraphicsPipelineKey) % 8 == 0,
              "PartKey is compared bytewise: no padding after the key");

size_t GraphicsPipelineLibraries::PartKeyHash::operator()(const PartKey& key) const {
  uint64_t hash = hashKey(key.state);
  for (uint64_t word : {key.layout, (uint64_t(key.part) << 32) | key.extra})
    hash = (hash ^ word) * 0x9e3779b97f4a7c15ull + (hash >> 29);
  return size_t(hash);
}

GraphicsPipelineLibraries::GraphicsPipelineLibraries(Device& device, bool retain) : m_device(device), m_retain(retain) {}

GraphicsPipelineLibraries::~GraphicsPipelineLibraries() {
  for (auto& [key, library] : m_parts)
    if (library != VK_NULL_HANDLE)
      m_device.functions().vkDestroyPipeline(m_device.handle(), library, nullptr);
}

GraphicsPipelineLibraries::PartKey GraphicsPipelineLibraries::partKey(LibraryPart part, const GraphicsPipelineKey& key,
                                                                      const ShaderCode* const stages[kGraphicsStages],
                                                                      const PipelineLayoutInfo& layout) const {
  // Start from a zeroed key (not the defaults: memset keeps it free of stale bytes), then copy
  // exactly what the part's create-info structures read (GraphicsPipelineState).
  PartKey result;
  std::memset(static_cast<void*>(&result), 0, sizeof(result));  // trivially copyable; no padding
  GraphicsPipelineKey& s = result.state;
  result.part = uint32_t(part);
  switch (part) {
    case LibraryPart::VertexInput:
      s.topology = key.topology;
      s.attributeCount = key.attributeCount;
      s.bindingCount = key.bindingCount;
      std::copy_n(key.attributes, std::min(key.attributeCount, kMaxVertexBindings), s.attributes);
      std::copy_n(key.bindings, std::min(key.bindingCount, kMaxVertexBindings), s.bindings);
      break;
    case LibraryPart::PreRasterization: {
      result.layout = uint64_t(reinterpret_cast<uintptr_t>(&layout));
      bool samplesUsed = false;
      for (uint32_t i = 0; i < kPixel; i++) {
        s.shaders[i] = stages[i] ? stages[i]->id : 0;
        samplesUsed |= stages[i] && stages[i]->usesRasterizerSampleCount;
      }
      if (key.topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
        s.patchControlPoints = key.patchControlPoints;
      // Vertex-input state in Vulkan, but a geometry shader is chosen per primitive type
      // (pass-through variants): keep parts of different topologies apart to be safe.
      if (stages[3])
        s.topology = key.topology;
      s.polygonMode = key.polygonMode;
      s.cullMode = key.cullMode;
      s.frontFace = key.frontFace;
      s.depthClipEnable = key.depthClipEnable;
      s.depthBiasEnable = key.depthBiasEnable;
      s.lineSmooth = key.lineSmooth;
      s.conservativeRasterization = key.conservativeRasterization;
      s.rasterizedStream = key.rasterizedStream;
      if (samplesUsed)
        s.samples = rasterizationSamples(key);
      break;
    }
    case LibraryPart::FragmentShader:
      result.layout = uint64_t(reinterpret_cast<uintptr_t>(&layout));
      s.shaders[kPixel] = stages[kPixel] ? stages[kPixel]->id : 0;
      copyMultisample(key, s);
      // Depth and stencil state as the builder reads it: tests only with an attachment format.
      // All attachment formats, since the part is created with the rendering info.
      s.colorCount = key.colorCount;
      std::copy_n(key.colorFormats, kMaxColorTargets, s.colorFormats);
      s.depthFormat = key.depthFormat;
      s.stencilFormat = key.stencilFormat;
      s.depthTest = key.depthTest;
      s.depthWrite = key.depthWrite;
      s.depthCompare = key.depthCompare;
      s.stencilTest = key.stencilTest;
      s.front = key.front;
      s.back = key.back;
      s.stencilReadMask = key.stencilReadMask;
      s.stencilWriteMask = key.stencilWriteMask;
      break;
    case LibraryPart::FragmentOutput:
      copyMultisample(key, s);
      s.logicOpEnable = key.logicOpEnable;
      s.logicOp = key.logicOp;
      s.colorCount = key.colorCount;
      std::copy_n(key.colorFormats, kMaxColorTargets, s.colorFormats);
      std::copy_n(key.blend, kMaxColorTargets, s.blend);
      s.depthFormat = key.depthFormat;
      s.stencilFormat = key.stencilFormat;
      // Write masks follow the targets the pixel shader writes.
      result.extra = stages[kPixel] ? stages[kPixel]->colorOutputs : 0;
      break;
  }
  return result;
}

std::string GraphicsPipelineLibraries::partsFor(const GraphicsPipelineKey& key,
                                                const ShaderCode* const stages[kGraphicsStages],
                                                const VkShaderModule modules[kGraphicsStages],
                                                const PipelineLayoutInfo& layout, VkPipelineCache cache,
                                                LibrarySet* out) {
  *out = LibrarySet{};
  const bool discard = key.rasterizedStream == kNoRasterizedStream;
  const uint32_t partCount = discard ? 2 : kLibraryParts;
  // The create-info structures are filled only when a part is missing.
  std::unique_ptr<GraphicsPipelineState> state;
  for (uint32_t p = 0; p < partCount; p++) {
    const LibraryPart part = LibraryPart(p);
    PartKey partKeyValue = partKey(part, key, stages, layout);
    auto found = m_parts.find(partKeyValue);
    if (found != m_parts.end()) {
      if (found->second == VK_NULL_HANDLE)
        return std::string("the ") + kPartNames[p] + " library was refused before";
      out->libraries[out->count++] = found->second;
      continue;
    }
    if (!state)
      state = std::make_unique<GraphicsPipelineState>(m_device, key, stages, modules);

    auto libraryInfo = makeStruct<VkGraphicsPipelineLibraryCreateInfoEXT>(
        VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT);
    libraryInfo.flags = kPartFlags[p];
    auto info = makeStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
    info.pNext = &libraryInfo;
    info.flags = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR |
                 (m_retain ? VK_PIPELINE_CREATE_RETAIN_LINK_TIME_OPTIMIZATION_INFO_BIT_EXT : 0);
    auto dynamic = makeStruct<VkPipelineDynamicStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
    switch (part) {
      case LibraryPart::VertexInput:
        info.pVertexInputState = &state->vertexInput;
        info.pInputAssemblyState = &state->inputAssembly;
        break;
      case LibraryPart::PreRasterization:
        info.stageCount = state->preRasterStageCount;
        info.pStages = state->stageInfos;
        info.pTessellationState = state->hasTessellation ? &state->tessellation : nullptr;
        info.pViewportState = &state->viewport;
        info.pRasterizationState = &state->rasterization;
        info.layout = layout.layout;
        dynamic.dynamicStateCount = uint32_t(std::size(GraphicsPipelineState::kPreRasterDynamic));
        dynamic.pDynamicStates = GraphicsPipelineState::kPreRasterDynamic;
        break;
      case LibraryPart::FragmentShader:
        // Drivers read the attachment formats here too (whether there is a depth or stencil
        // attachment for the depth/stencil state): the same rendering info as the output part.
        libraryInfo.pNext = &state->rendering;
        info.stageCount = state->stageCount - state->preRasterStageCount;
        info.pStages = state->stageInfos + state->preRasterStageCount;
        info.pMultisampleState = &state->multisample;
        info.pDepthStencilState = &state->depthStencil;
        info.layout = layout.layout;
        dynamic.dynamicStateCount = uint32_t(std::size(GraphicsPipelineState::kFragmentShaderDynamic));
        dynamic.pDynamicStates = GraphicsPipelineState::kFragmentShaderDynamic;
        break;
      case LibraryPart::FragmentOutput:
        // The attachment formats are fragment output state (dynamic rendering).
        libraryInfo.pNext = &state->rendering;
        info.pMultisampleState = &state->multisample;
        info.pColorBlendState = &state->colorBlend;
        dynamic.dynamicStateCount = uint32_t(std::size(GraphicsPipelineState::kFragmentOutputDynamic));
        dynamic.pDynamicStates = GraphicsPipelineState::kFragmentOutputDynamic;
        break;
    }
    info.pDynamicState = dynamic.dynamicStateCount ? &dynamic : nullptr;
    std::string error;
    VkPipeline library = createGraphicsPipeline(m_device, info, cache, &error);
    m_parts.emplace(partKeyValue, library);
    if (library == VK_NULL_HANDLE) {
      m_partStates.push_back(std::move(state));  // parts made before this one are kept (see m_partStates)
      return std::string("the ") + kPartNames[p] + " library was refused: " + error;
    }
    m_built[p]++;
    out->libraries[out->count++] = library;
  }
  if (state)
    m_partStates.push_back(std::move(state));  // see m_partStates
  return "";
}

VkPipeline linkGraphicsPipeline(const Device& device, const LibrarySet& parts, VkPipelineLayout layout,
                                VkPipelineCache cache, bool optimize, std::string* error) {
  auto libraries = makeStruct<VkPipelineLibraryCreateInfoKHR>(VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR);
  // Output part first: lavapipe 22.3 takes the attachment formats (VkPipelineRenderingCreateInfo
  // state) from the first library that has them, and only the output part has the colour
  // targets' blend states to match (with the vertex-input part first, blending and write masks
  // of targets above 0 were lost). Vulkan gives the order no meaning.
  VkPipeline ordered[kLibraryParts];
  for (uint32_t i = 0; i < parts.count; i++)
    ordered[i] = parts.libraries[parts.count - 1 - i];
  libraries.libraryCount = parts.count;
  libraries.pLibraries = ordered;
  auto info = makeStruct<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
  info.pNext = &libraries;
  info.flags = optimize ? VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT : 0;
  info.layout = layout;
  return createGraphicsPipeline(device, info, cache, error);
}

}  // namespace vk
