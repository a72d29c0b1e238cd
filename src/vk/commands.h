// The typed commands of the command stream: plain, trivially copyable structs that the front end
// records into chunks and the worker executes. They name Vulkan objects directly; the objects stay
// alive because their owners defer destruction until the recording's submission completes.
#pragma once

#include <cstdint>
#include <type_traits>

#include "vk/barrier_tracker.h"
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

enum class CommandType : uint16_t {
  CopyBuffer,
  CopyImage,
  CopyBufferToImage,
  CopyImageToBuffer,
  FillBuffer,
  ClearImageView,
  ClearColorImage,
  ResolveImage,
  GenerateMips,
  PackDepthStencil,
  BeginQuery,
  EndQuery,
  WriteTimestamp,
  PredicatedOperation,  // brackets a clear, copy, update, resolve or mip generation
  SetPredication,  // before SetRenderTargets: it copies a query result outside a rendering pass
  // Drawing and dispatch (executor_draw.cpp, executor_bind.cpp).
  SetRenderTargets,
  BindGraphicsPipeline,
  BindGraphicsShaders,
  BindComputePipeline,
  BindDescriptors,
  BindVertexBuffers,
  BindIndexBuffer,
  SetViewports,
  SetScissors,
  SetBlendConstants,
  SetStencilReference,
  SetDepthBias,
  Draw,
  DrawIndexed,
  DrawIndirect,
  Dispatch,
  DispatchIndirect,
  // Stream output (executor_stream_output.cpp).
  SetStreamOutputTargets,
  DrawAuto,
  // Presenting (executor_present.cpp).
  Present,
  // Command lists of deferred contexts (command_executor.cpp).
  ExecuteRecorded,
  // Tiled resources (executor_tiles.cpp).
  UpdateTileMappings,
  CopyTileMappings,
  TiledResourceBarrier,
  Count,
};

// A command with a variable tail (regions, rectangles) says how many entries follow it.
struct CopyBufferCommand {
  static constexpr CommandType kType = CommandType::CopyBuffer;
  VkBuffer src, dst;
  uint32_t regionCount;  // VkBufferCopy[regionCount] follow
};

struct CopyImageCommand {
  static constexpr CommandType kType = CommandType::CopyImage;
  VkImage src, dst;
  uint32_t regionCount;  // VkImageCopy[regionCount] follow
};

struct CopyBufferToImageCommand {
  static constexpr CommandType kType = CommandType::CopyBufferToImage;
  VkBuffer src;
  VkImage dst;
  uint32_t regionCount;  // VkBufferImageCopy[regionCount] follow
};

struct CopyImageToBufferCommand {
  static constexpr CommandType kType = CommandType::CopyImageToBuffer;
  VkImage src;
  VkBuffer dst;
  uint32_t regionCount;  // VkBufferImageCopy[regionCount] follow
};

struct FillBufferCommand {
  static constexpr CommandType kType = CommandType::FillBuffer;
  VkBuffer buffer;
  VkDeviceSize offset, size;  // multiples of 4
  uint32_t value;
};

// Clears a render-target or depth-stencil view through a rendering pass: the whole view (load op
// CLEAR, which converts the value to the view's format, sRGB included) or rectangles of it.
struct ClearImageViewCommand {
  static constexpr CommandType kType = CommandType::ClearImageView;
  VkImage image;
  VkImageView view;
  VkExtent2D extent;
  uint32_t layerCount;
  VkImageAspectFlags aspects;  // COLOR, or the DEPTH and/or STENCIL aspects to clear
  VkImageAspectFlags viewAspects;  // every aspect the view has (a depth-only clear keeps stencil)
  VkClearValue value;
  uint32_t rectCount;  // VkRect2D[rectCount] follow; none: the whole view
};

// Writes raw channel values into a range of an image in its own format (UAV clears whose view
// format is the image's format).
struct ClearColorImageCommand {
  static constexpr CommandType kType = CommandType::ClearColorImage;
  VkImage image;
  VkImageSubresourceRange range;
  VkClearColorValue value;
};

// format UNDEFINED: vkCmdResolveImage (one format throughout, not sRGB). Otherwise the internal
// resolve shader reads the samples through a view of `src` in `format` (sRGB decodes) and draws
// into a view of `dst` in `format` (sRGB encodes); `samples` is the source's sample count
// (executor_meta.cpp, docs/resources.md "Resolves and mip generation").
struct ResolveImageCommand {
  static constexpr CommandType kType = CommandType::ResolveImage;
  VkImage src, dst;
  VkImageResolve region;
  VkFormat format;
  uint32_t samples;
};

// Fills mips base+1 .. base+count-1 of the layers from their predecessors: linear blits when
// viewFormat is UNDEFINED, else the internal mips shader sampling through views in viewFormat
// (the SRV's format: an sRGB view filters in linear space).
struct GenerateMipsCommand {
  static constexpr CommandType kType = CommandType::GenerateMips;
  VkImage image;
  VkImageAspectFlags aspects;
  VkExtent3D baseExtent;  // the extent of mip `baseMip`
  uint32_t baseMip, mipCount, baseLayer, layerCount;
  VkFormat viewFormat;
  VkImageType imageType;
};

// Moves depth-stencil texels between an image's two aspects, copied to or from `scratch` by the
// neighbouring commands, and a staging buffer's D3D11 layout, with an internal compute shader
// (executor_meta.cpp, docs/command-stream.md "Depth-stencil data in staging memory").
struct PackDepthStencilCommand {
  static constexpr CommandType kType = CommandType::PackDepthStencil;
  VkBuffer scratch;
  VkDeviceSize scratchOffset, scratchSize;
  VkBuffer staging;
  VkDeviceSize stagingOffset, stagingSize;  // the words DepthStencilPackParams counts from
  DepthStencilPacking packing;
  VkBool32 unpack;  // staging -> scratch (before a copy into the image), else scratch -> staging
  DepthStencilPackParams params;
};

// Draws and dispatches after it run only when the query's result differs from `predicateValue`
// (D3D11 skips rendering while the predicate's data equals the value); a null query turns
// predication off (executor_predication.cpp).
struct SetPredicationCommand {
  static constexpr CommandType kType = CommandType::SetPredication;
  QueryRecord* query;
  VkBool32 predicateValue;
};

// Opens (`begin` true) or closes the commands of one D3D11 operation that SetPredication skips
// besides draws and dispatches: clears, copies, updates, resolves and mip generation. Recorded
// only while a predicate is set; internal transfers (Map uploads, stream-output offsets) are
// never bracketed, so they always run (executor_predication.cpp).
struct PredicatedOperationCommand {
  static constexpr CommandType kType = CommandType::PredicatedOperation;
  VkBool32 begin;
};

struct BeginQueryCommand {
  static constexpr CommandType kType = CommandType::BeginQuery;
  QueryRecord* query;
};

struct EndQueryCommand {
  static constexpr CommandType kType = CommandType::EndQuery;
  QueryRecord* query;
};

struct WriteTimestampCommand {
  static constexpr CommandType kType = CommandType::WriteTimestamp;
  QueryRecord* query;
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
  static constexpr CommandType kType = CommandType::SetRenderTargets;
  uint32_t colorCount;  // highest bound slot + 1; unbound slots have a null view
  RenderTarget color[kMaxColorTargets];
  RenderTarget depth;   // null view: none
  VkExtent2D extent;    // the smallest attachment's size
  uint32_t layerCount;
};

// The shaders must stay alive until the submission completes (their owner keeps them for the
// device's life).
struct BindGraphicsPipelineCommand {
  static constexpr CommandType kType = CommandType::BindGraphicsPipeline;
  const ShaderCode* stages[kGraphicsStages];
  GraphicsPipelineKey key;
};

// New shaders for the last pipeline key (the rest of the state unchanged).
struct BindGraphicsShadersCommand {
  static constexpr CommandType kType = CommandType::BindGraphicsShaders;
  const ShaderCode* stages[kGraphicsStages];
};

struct BindComputePipelineCommand {
  static constexpr CommandType kType = CommandType::BindComputePipeline;
  const ShaderCode* shader;
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
  static constexpr CommandType kType = CommandType::BindDescriptors;
  VkPipelineBindPoint bindPoint;
  uint32_t set;
  uint32_t count;
};

struct VertexBufferBinding {
  VkBuffer buffer;  // null: unbound
  VkDeviceSize offset;
};

// VertexBufferBinding[count] follow, for slots first..first+count-1.
struct BindVertexBuffersCommand {
  static constexpr CommandType kType = CommandType::BindVertexBuffers;
  uint32_t first, count;
};

struct BindIndexBufferCommand {
  static constexpr CommandType kType = CommandType::BindIndexBuffer;
  VkBuffer buffer;  // null: unbound (indexed draws are skipped)
  VkDeviceSize offset;
  VkIndexType type;
};

struct SetViewportsCommand {
  static constexpr CommandType kType = CommandType::SetViewports;
  uint32_t count;
  VkViewport viewports[16];  // already flipped (negative height) to D3D's Y-down convention
};

struct SetScissorsCommand {
  static constexpr CommandType kType = CommandType::SetScissors;
  uint32_t count;
  VkRect2D rects[16];
};

struct SetBlendConstantsCommand {
  static constexpr CommandType kType = CommandType::SetBlendConstants;
  float constants[4];
};

struct SetStencilReferenceCommand {
  static constexpr CommandType kType = CommandType::SetStencilReference;
  uint32_t reference;
};

struct SetDepthBiasCommand {
  static constexpr CommandType kType = CommandType::SetDepthBias;
  float constantFactor, clamp, slopeFactor;
};

struct DrawCommand {
  static constexpr CommandType kType = CommandType::Draw;
  uint32_t vertexCount, instanceCount, firstVertex, firstInstance;
};

struct DrawIndexedCommand {
  static constexpr CommandType kType = CommandType::DrawIndexed;
  uint32_t indexCount, instanceCount, firstIndex;
  int32_t vertexOffset;
  uint32_t firstInstance;
};

struct DrawIndirectCommand {
  static constexpr CommandType kType = CommandType::DrawIndirect;
  VkBuffer buffer;
  VkDeviceSize offset;
  VkBool32 indexed;
};

struct DispatchCommand {
  static constexpr CommandType kType = CommandType::Dispatch;
  uint32_t x, y, z;
};

struct DispatchIndirectCommand {
  static constexpr CommandType kType = CommandType::DispatchIndirect;
  VkBuffer buffer;
  VkDeviceSize offset;
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
  static constexpr CommandType kType = CommandType::SetStreamOutputTargets;
  StreamOutputTarget targets[4];
};

// DrawAuto: as many vertices as (counter value - counterOffset) / vertexStride.
struct DrawAutoCommand {
  static constexpr CommandType kType = CommandType::DrawAuto;
  VkBuffer counter;
  uint32_t counterOffset;  // the vertex buffer's offset in slot 0
  uint32_t vertexStride;   // the stride bound in slot 0
};

// ---- Presenting ----

// Blits `image` (GENERAL layout) into the presenter's next swapchain image and presents it after
// the submission. The front end flushes the chunk right after it, so a submission carries at most
// one; the presenter outlives the command (it waits for the presents recorded for it).
struct PresentCommand {
  static constexpr CommandType kType = CommandType::Present;
  Presenter* presenter;
  VkImage image;
  VkExtent2D extent;
  VkFormat format;
  uint32_t syncInterval;  // 0-4
  VkBool32 allowTearing;
  PresentLayout layout;  // where the image lands in the window (DXGI_SCALING)
};

struct RecordedCommands;

// Executes a deferred context's recorded chunks in place. The command list that owns them lives
// until every submission naming it has completed (its destruction is deferred on the timeline).
struct ExecuteRecordedCommand {
  static constexpr CommandType kType = CommandType::ExecuteRecorded;
  const RecordedCommands* commands;
};

// Mapping changes of one tiled resource, in order: applied to its table and bound with
// vkQueueBindSparse between the command buffer before and the one after (executor_tiles.cpp).
struct UpdateTileMappingsCommand {
  static constexpr CommandType kType = CommandType::UpdateTileMappings;
  TiledResource* resource;
  TilePool* pool;    // the pool the call named (a different one unmaps every tile first), or null
  uint32_t opCount;  // TileMappingOp[opCount] follow
};

// dst tile i takes the mapping src tile i has when the command runs (all read before any is
// written, so overlapping ranges of one resource copy as if through a temporary).
struct TileCopyPair {
  uint32_t dst, src;
};
struct CopyTileMappingsCommand {
  static constexpr CommandType kType = CommandType::CopyTileMappings;
  TiledResource* dst;
  TiledResource* src;
  uint32_t pairCount;  // TileCopyPair[pairCount] follow
};

// D3D11's TiledResourceBarrier: accesses through one resource are ordered before accesses
// through another that may alias the same pool tiles, which per-resource barriers do not see.
struct TiledResourceBarrierCommand {
  static constexpr CommandType kType = CommandType::TiledResourceBarrier;
  uint32_t unused;
};

template <typename T>
constexpr bool isCommand = std::is_trivially_copyable_v<T> && std::is_same_v<decltype(T::kType), const CommandType>;

}  // namespace vk
