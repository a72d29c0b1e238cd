// GraphicsPipelineLibraries: graphics pipelines built from VK_EXT_graphics_pipeline_library parts
// (vertex input, pre-rasterization shaders, fragment shader, fragment output), each part cached by
// the share of the key it depends on, and linked into pipelines (docs/pipelines.md, Libraries).
#pragma once

#include <array>
#include <atomic>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "vk/pipeline_key.h"

namespace vk {

class Device;
class GraphicsPipelineState;
struct PipelineLayoutInfo;

enum class LibraryPart : uint32_t { VertexInput, PreRasterization, FragmentShader, FragmentOutput };
constexpr uint32_t kLibraryParts = 4;

// The parts one pipeline is linked from: vertex input and pre-rasterization always, the two
// fragment parts unless the pipeline discards every primitive (no rasterized stream).
struct LibrarySet {
  VkPipeline libraries[kLibraryParts] = {};
  uint32_t count = 0;
};

// Whether this device builds graphics pipelines from libraries (extension and feature enabled).
bool supportsGraphicsPipelineLibrary(const Device& device);

// Not locked: PipelineManager calls it under its own mutex. The parts live as long as this object.
class GraphicsPipelineLibraries {
public:
  // `retain`: parts keep what link-time optimization needs, so a later optimized link is possible.
  GraphicsPipelineLibraries(Device& device, bool retain);
  ~GraphicsPipelineLibraries();
  GraphicsPipelineLibraries(const GraphicsPipelineLibraries&) = delete;
  GraphicsPipelineLibraries& operator=(const GraphicsPipelineLibraries&) = delete;

  // The parts of the pipeline for `key` (checked with checkGraphicsKey; `stages` are the shaders
  // the pipeline is built from, after selectGraphicsShaders), each created on first use. Returns
  // "" and fills *out, or says why a part was refused (refusals are remembered, so a bad part
  // costs one driver call). Throws vk::Error when Vulkan runs out of memory.
  std::string partsFor(const GraphicsPipelineKey& key, const ShaderCode* const stages[kGraphicsStages],
                       const VkShaderModule modules[kGraphicsStages], const PipelineLayoutInfo& layout,
                       VkPipelineCache cache, LibrarySet* out);

  // Parts created so far, by part (failures not counted).
  uint64_t built(LibraryPart part) const { return m_built[uint32_t(part)].load(); }

private:
  // The share of the key one part depends on: the key with every other field left at its
  // default, and the extras that are not in the key (layout, shader outputs). No padding.
  struct PartKey {
    GraphicsPipelineKey state;
    uint64_t layout;
    uint32_t part;
    uint32_t extra;
    bool operator==(const PartKey& other) const { return std::memcmp(this, &other, sizeof(*this)) == 0; }
  };
  struct PartKeyHash {
    size_t operator()(const PartKey& key) const;
  };

  PartKey partKey(LibraryPart part, const GraphicsPipelineKey& key, const ShaderCode* const stages[kGraphicsStages],
                  const PipelineLayoutInfo& layout) const;

  Device& m_device;
  const bool m_retain;
  std::unordered_map<PartKey, VkPipeline, PartKeyHash> m_parts;  // VK_NULL_HANDLE: refused
  // The create-info structures the parts were made from, kept as long as the parts: the Khronos
  // validation layer (1.3.239) reads a library's create-info memory again when the library is
  // linked (a use after free under AddressSanitizer otherwise), though Vulkan does not require it.
  std::vector<std::unique_ptr<GraphicsPipelineState>> m_partStates;
  std::array<std::atomic<uint64_t>, kLibraryParts> m_built{};
};

// Links parts into a complete pipeline with `layout` (the one the parts were built with). Fast
// linking (optimize = false) costs little and is what a draw waits for; optimize = true asks for
// link-time optimization (parts built with `retain`). VK_NULL_HANDLE with *error on a driver
// refusal; throws vk::Error when Vulkan runs out of memory.
VkPipeline linkGraphicsPipeline(const Device& device, const LibrarySet& parts, VkPipelineLayout layout,
                                VkPipelineCache cache, bool optimize, std::string* error);

}  // namespace vk
