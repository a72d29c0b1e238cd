// The typed commands of the command stream: plain, trivially copyable structs that the front end
// records into chunks and the worker executes. They name Vulkan objects directly; the objects stay
// alive because their owners defer destruction until the recording's submission completes. Each is
// declared in command_list.h; its describe(out) names the fields the dump prints (command_dump.h).
#pragma once

#include <cstdint>
#include <type_traits>

#include "vk/barrier_tracker.h"
#include "vk/command_list.h"
#include "vk/meta_shaders.h"
#include "vk/pipeline_key.h"
#include "vk/present_layout.h"
#include "vk/vulkan_api.h"

namespace vk {

class AlphaTarget;
class TiledResource;
class TilePool;
struct TileMappingOp;
class Presenter;
class QueryRecord;

// A command with a variable tail (regions, rectangles) says how many entries follow it.
struct CopyBufferCommand {
  VkBuffer src, dst;
  uint32_t regionCount;  // VkBufferCopy[regionCount] follow
  template <typename Out>
  void describe(Out& out) const {
    out.hex("src", src).hex("dst", dst)("regionCount", regionCount);
  }
};

struct CopyImageCommand {
  VkImage src, dst;
  uint32_t regionCount;  // VkImageCopy[regionCount] follow
  template <typename Out>
  void describe(Out& out) const {
    out.hex("src", src).hex("dst", dst)("regionCount", regionCount);
  }
};

struct CopyBufferToImageCommand {
  VkBuffer src;
  VkImage dst;
  uint32_t regionCount;  // VkBufferImageCopy[regionCount] follow
  template <typename Out>
  void describe(Out& out) const {
    out.hex("src", src).hex("dst", dst)("regionCount", regionCount);
  }
};

struct CopyImageToBufferCommand {
  VkImage src;
  VkBuffer dst;
  uint32_t regionCount;  // VkBufferImageCopy[regionCount] follow
  template <typename Out>
  void describe(Out& out) const {
    out.hex("src", src).hex("dst", dst)("regionCount", regionCount);
  }
};

struct FillBufferCommand {
  VkBuffer buffer;
  VkDeviceSize offset, size;  // multiples of 4
  uint32_t value;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("buffer", buffer)("offset", offset)("size", size).hex("value", value);
  }
};

// Clears a render-target or depth-stencil view through a rendering pass: the whole view (load op
// CLEAR, which converts the value to the view's format, sRGB included) or rectangles of it.
struct ClearImageViewCommand {
  VkImage image;
  VkImageView view;
  VkExtent2D extent;
  uint32_t layerCount;
  VkImageAspectFlags aspects;  // COLOR, or the DEPTH and/or STENCIL aspects to clear
  VkImageAspectFlags viewAspects;  // every aspect the view has (a depth-only clear keeps stencil)
  VkClearValue value;
  uint32_t rectCount;  // VkRect2D[rectCount] follow; none: the whole view
  template <typename Out>
  void describe(Out& out) const {
    out.hex("image", image).hex("view", view)("extent", extent)("layerCount", layerCount).hex("aspects", aspects);
    if (aspects & VK_IMAGE_ASPECT_COLOR_BIT)
      out("color", value.color.float32);
    else
      out("depth", value.depthStencil.depth)("stencil", value.depthStencil.stencil);
    out("rectCount", rectCount);
  }
};

// Writes raw channel values into a range of an image in its own format (UAV clears whose view
// format is the image's format).
struct ClearColorImageCommand {
  VkImage image;
  VkImageSubresourceRange range;
  VkClearColorValue value;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("image", image).hex("aspects", range.aspectMask)("baseMip", range.baseMipLevel)("mipCount", range.levelCount);
    out("baseLayer", range.baseArrayLayer)("layerCount", range.layerCount).hex("value", value.uint32);
  }
};

// format UNDEFINED: vkCmdResolveImage (one format throughout, not sRGB). Otherwise the internal
// resolve shader reads the samples through a view of `src` in `format` (sRGB decodes) and draws
// into a view of `dst` in `format` (sRGB encodes); `samples` is the source's sample count
// (executor_meta.cpp, docs/resources.md "Resolves and mip generation").
struct ResolveImageCommand {
  VkImage src, dst;
  VkImageResolve region;
  VkFormat format;
  uint32_t samples;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("src", src).hex("dst", dst)("format", format)("samples", samples);
  }
};

// Fills mips base+1 .. base+count-1 of the layers from their predecessors: linear blits when
// viewFormat is UNDEFINED, else the internal mips shader sampling through views in viewFormat
// (the SRV's format: an sRGB view filters in linear space).
struct GenerateMipsCommand {
  VkImage image;
  VkImageAspectFlags aspects;
  VkExtent3D baseExtent;  // the extent of mip `baseMip`
  uint32_t baseMip, mipCount, baseLayer, layerCount;
  VkFormat viewFormat;
  VkImageType imageType;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("image", image).hex("aspects", aspects)("baseExtent", baseExtent)("baseMip", baseMip)("mipCount", mipCount);
    out("baseLayer", baseLayer)("layerCount", layerCount)("viewFormat", viewFormat)("imageType", imageType);
  }
};

// Moves depth-stencil texels between an image's two aspects, copied to or from `scratch` by the
// neighbouring commands, and a staging buffer's D3D11 layout, with an internal compute shader
// (executor_meta.cpp, docs/command-stream.md "Depth-stencil data in staging memory").
struct PackDepthStencilCommand {
  VkBuffer scratch;
  VkDeviceSize scratchOffset, scratchSize;
  VkBuffer staging;
  VkDeviceSize stagingOffset, stagingSize;  // the words DepthStencilPackParams counts from
  DepthStencilPacking packing;
  VkBool32 unpack;  // staging -> scratch (before a copy into the image), else scratch -> staging
  DepthStencilPackParams params;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("scratch", scratch)("scratchOffset", scratchOffset)("scratchSize", scratchSize).hex("staging", staging);
    out("stagingOffset", stagingOffset)("stagingSize", stagingSize)("packing", packing)("unpack", unpack);
  }
};

// Draws and dispatches after it run only when the query's result differs from `predicateValue`
// (D3D11 skips rendering while the predicate's data equals the value); a null query turns
// predication off (executor_predication.cpp).
struct SetPredicationCommand {
  QueryRecord* query;
  VkBool32 predicateValue;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("query", query)("predicateValue", predicateValue);
  }
};

// Opens (`begin` true) or closes the commands of one D3D11 operation that SetPredication skips
// besides draws and dispatches: clears, copies, updates, resolves and mip generation. Recorded
// only while a predicate is set; internal transfers (Map uploads, stream-output offsets) are
// never bracketed, so they always run (executor_predication.cpp).
struct PredicatedOperationCommand {
  VkBool32 begin;
  template <typename Out>
  void describe(Out& out) const {
    out("begin", begin);
  }
};

struct BeginQueryCommand {
  QueryRecord* query;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("query", query);
  }
};

struct EndQueryCommand {
  QueryRecord* query;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("query", query);
  }
};

struct WriteTimestampCommand {
  QueryRecord* query;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("query", query);
  }
};

// ---- Drawing and dispatch ----

struct RenderTarget {
  VkImage image = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkImageAspectFlags aspects = 0;
  // A render-target view of a buffer: `image` is its one-row shadow image, which the worker fills
  // from this range before each rendering pass and copies back after it (executor_buffer_targets.cpp).
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize bufferOffset = 0;
  uint32_t bufferElements = 0;
  // A render-target view of an A8_UNORM texture: `image` is its RGBA8 shadow, whose alpha the
  // worker fills from the texture before each rendering pass and copies back after it
  // (executor_alpha_targets.cpp). The view keeps it alive.
  const AlphaTarget* alpha = nullptr;
};

// The attachments the following draws render to; rendering starts lazily at the next draw.
struct SetRenderTargetsCommand {
  uint32_t colorCount;  // highest bound slot + 1; unbound slots have a null view
  RenderTarget color[kMaxColorTargets];
  RenderTarget depth;   // null view: none
  VkExtent2D extent;    // the smallest attachment's size
  uint32_t layerCount;
  template <typename Out>
  void describe(Out& out) const {
    out("colorCount", colorCount).hexEach("color", colorCount, [this](uint32_t i) { return color[i].view; });
    out.hex("depth", depth.view)("extent", extent)("layerCount", layerCount);
  }
};

// The shaders must stay alive until the submission completes (their owner keeps them for the
// device's life).
struct BindGraphicsPipelineCommand {
  const ShaderCode* stages[kGraphicsStages];
  GraphicsPipelineKey key;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("stages", stages)("topology", key.topology);
  }
};

// New shaders for the last pipeline key (the rest of the state unchanged).
struct BindGraphicsShadersCommand {
  const ShaderCode* stages[kGraphicsStages];
  template <typename Out>
  void describe(Out& out) const {
    out.hex("stages", stages);
  }
};

struct BindComputePipelineCommand {
  const ShaderCode* shader;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("shader", shader);
  }
};

// One descriptor of a set, with what the barrier tracker must know of its resource. `type` says
// which member of the union holds it (Vulkan reads only that one of a write's three pointers).
// 40 bytes: the front end records a set's entries per draw that changes them, so their size is
// memory written and read again on every such draw.
struct DescriptorEntry {
  uint16_t binding;
  Access access;
  uint8_t reserved;
  VkDescriptorType type;
  union {
    VkDescriptorBufferInfo buffer;  // uniform and storage buffers (null buffer: unbound)
    VkDescriptorImageInfo image;    // samplers and images
    VkBufferView texelBuffer;       // texel buffers
  };
  uint64_t resource;  // VkBuffer/VkImage handle value, 0 for samplers and unbound slots
};
static_assert(sizeof(DescriptorEntry) == 40);

// The full contents of one stage's descriptor set (binding-model set number `set`), replacing
// what was bound there. DescriptorEntry[count] follow.
struct BindDescriptorsCommand {
  VkPipelineBindPoint bindPoint;
  uint32_t set;
  uint32_t count;
  template <typename Out>
  void describe(Out& out) const {
    out("bindPoint", bindPoint)("set", set)("count", count);
  }
};

struct VertexBufferBinding {
  VkBuffer buffer;  // null: unbound
  VkDeviceSize offset;
};

// VertexBufferBinding[count] follow, for slots first..first+count-1.
struct BindVertexBuffersCommand {
  uint32_t first, count;
  template <typename Out>
  void describe(Out& out) const {
    out("first", first)("count", count);
  }
};

struct BindIndexBufferCommand {
  VkBuffer buffer;  // null: unbound (indexed draws are skipped)
  VkDeviceSize offset;
  VkIndexType type;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("buffer", buffer)("offset", offset)("type", type);
  }
};

struct SetViewportsCommand {
  uint32_t count;
  VkViewport viewports[16];  // already flipped (negative height) to D3D's Y-down convention
  template <typename Out>
  void describe(Out& out) const {
    out("count", count);
  }
};

struct SetScissorsCommand {
  uint32_t count;
  VkRect2D rects[16];
  template <typename Out>
  void describe(Out& out) const {
    out("count", count);
  }
};

struct SetBlendConstantsCommand {
  float constants[4];
  template <typename Out>
  void describe(Out& out) const {
    out("constants", constants);
  }
};

struct SetStencilReferenceCommand {
  uint32_t reference;
  template <typename Out>
  void describe(Out& out) const {
    out("reference", reference);
  }
};

struct SetDepthBiasCommand {
  float constantFactor, clamp, slopeFactor;
  template <typename Out>
  void describe(Out& out) const {
    out("constantFactor", constantFactor)("clamp", clamp)("slopeFactor", slopeFactor);
  }
};

struct DrawCommand {
  uint32_t vertexCount, instanceCount, firstVertex, firstInstance;
  template <typename Out>
  void describe(Out& out) const {
    out("vertexCount", vertexCount)("instanceCount", instanceCount)("firstVertex", firstVertex)("firstInstance", firstInstance);
  }
};

struct DrawIndexedCommand {
  uint32_t indexCount, instanceCount, firstIndex;
  int32_t vertexOffset;
  uint32_t firstInstance;
  template <typename Out>
  void describe(Out& out) const {
    out("indexCount", indexCount)("instanceCount", instanceCount)("firstIndex", firstIndex)("vertexOffset", vertexOffset);
    out("firstInstance", firstInstance);
  }
};

struct DrawIndirectCommand {
  VkBuffer buffer;
  VkDeviceSize offset;
  VkBool32 indexed;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("buffer", buffer)("offset", offset)("indexed", indexed);
  }
};

struct DispatchCommand {
  uint32_t x, y, z;
  template <typename Out>
  void describe(Out& out) const {
    out("x", x)("y", y)("z", z);
  }
};

struct DispatchIndirectCommand {
  VkBuffer buffer;
  VkDeviceSize offset;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("buffer", buffer)("offset", offset);
  }
};

// ---- Stream output (transform feedback) ----

struct StreamOutputTarget {
  VkBuffer buffer;            // null: the slot is unbound
  VkDeviceSize offset, size;  // the range bound for capture (the buffer's current slice)
  VkBuffer counter;           // 4 bytes: the bytes captured so far from `offset` (D3D11's filled size)
};

// The stream-output targets of the following draws (D3D11 SOSetTargets). Draws whose last stage
// before the rasterizer has transform feedback capture into them, resuming at each counter.
struct SetStreamOutputTargetsCommand {
  StreamOutputTarget targets[4];
  template <typename Out>
  void describe(Out& out) const {
    out.hexEach("buffers", 4, [this](uint32_t i) { return targets[i].buffer; });
  }
};

// DrawAuto: as many vertices as (counter value - counterOffset) / vertexStride.
struct DrawAutoCommand {
  VkBuffer counter;
  uint32_t counterOffset;  // the vertex buffer's offset in slot 0
  uint32_t vertexStride;   // the stride bound in slot 0
  template <typename Out>
  void describe(Out& out) const {
    out.hex("counter", counter)("counterOffset", counterOffset)("vertexStride", vertexStride);
  }
};

// ---- Presenting ----

// Blits `image` (GENERAL layout) into the presenter's next swapchain image and presents it after
// the submission. The front end flushes the chunk right after it, so a submission carries at most
// one; the presenter outlives the command (it waits for the presents recorded for it).
struct PresentCommand {
  Presenter* presenter;
  VkImage image;
  VkExtent2D extent;
  VkFormat format;
  uint32_t syncInterval;  // 0-4
  VkBool32 allowTearing;
  PresentLayout layout;  // where the image lands in the window (DXGI_SCALING)
  template <typename Out>
  void describe(Out& out) const {
    out.hex("presenter", presenter).hex("image", image)("extent", extent)("format", format)("syncInterval", syncInterval);
    out("allowTearing", allowTearing);
  }
};

struct RecordedCommands;

// Executes a deferred context's recorded chunks in place. The command list that owns them lives
// until every submission naming it has completed (its destruction is deferred on the timeline).
struct ExecuteRecordedCommand {
  const RecordedCommands* commands;
  template <typename Out>
  void describe(Out& out) const {
    out.hex("commands", commands);
  }
};

// Mapping changes of one tiled resource, in order: applied to its table and bound with
// vkQueueBindSparse between the command buffer before and the one after (executor_tiles.cpp).
struct UpdateTileMappingsCommand {
  TiledResource* resource;
  TilePool* pool;    // the pool the call named (a different one unmaps every tile first), or null
  uint32_t opCount;  // TileMappingOp[opCount] follow
  template <typename Out>
  void describe(Out& out) const {
    out.hex("resource", resource).hex("pool", pool)("opCount", opCount);
  }
};

// dst tile i takes the mapping src tile i has when the command runs (all read before any is
// written, so overlapping ranges of one resource copy as if through a temporary).
struct TileCopyPair {
  uint32_t dst, src;
};
struct CopyTileMappingsCommand {
  TiledResource* dst;
  TiledResource* src;
  uint32_t pairCount;  // TileCopyPair[pairCount] follow
  template <typename Out>
  void describe(Out& out) const {
    out.hex("dst", dst).hex("src", src)("pairCount", pairCount);
  }
};

// D3D11's TiledResourceBarrier: accesses through one resource are ordered before accesses
// through another that may alias the same pool tiles, which per-resource barriers do not see.
struct TiledResourceBarrierCommand {
  uint32_t unused;
};

// The CommandType of each command struct, from the list (command_list.h). A list entry without its
// struct fails to compile here.
template <typename T>
inline constexpr CommandType kCommandTypeOf = CommandType::Count;
#define D3D11VK_COMMAND_TYPE_OF(Name, Phase, Predication) \
  template <>                                             \
  inline constexpr CommandType kCommandTypeOf<Name##Command> = CommandType::Name;
D3D11VK_COMMANDS(D3D11VK_COMMAND_TYPE_OF)
#undef D3D11VK_COMMAND_TYPE_OF

template <typename T>
constexpr bool isCommand = std::is_trivially_copyable_v<T> && kCommandTypeOf<T> != CommandType::Count;

}  // namespace vk
