// D3D11DeviceContext: Draw*, Dispatch* and the state they record first. Bound D3D11 state
// turns into commands only when something changed (the dirty flags of ContextState): the pipeline
// key, render targets, viewports and scissors, dynamic values, vertex and index buffers, and per
// stage the full descriptor set built from the shader's reflection and the bound views.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>

#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_blend_state.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_depth_stencil_state.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_enum_value.h"
#include "d3d11/d3d11_input_layout.h"
#include "d3d11/d3d11_pipeline_state.h"
#include "d3d11/d3d11_query.h"
#include "d3d11/d3d11_rasterizer_state.h"
#include "d3d11/d3d11_sampler_state.h"
#include "d3d11/d3d11_shader_cache.h"
#include "d3d11/d3d11_texture_storage.h"
#include "d3d11/d3d11_view.h"
#include "util/config.h"
#include "util/log.h"
#include "vk/adapter.h"
#include "vk/alpha_target.h"
#include "vk/buffer.h"
#include "vk/command_stream.h"
#include "vk/device.h"
#include "vk/image.h"
#include "vk/result.h"
#include "vk/view_objects.h"

namespace d3d11vk {

namespace {

namespace bm = dxbc::binding_model;

D3D11_RASTERIZER_DESC2 rasterizerDesc(ID3D11RasterizerState* state) {
  return state ? static_cast<D3D11RasterizerState*>(static_cast<ID3D11RasterizerState2*>(state))->desc() : defaultRasterizerDesc();
}

const ViewTarget* targetOf(ID3D11RenderTargetView* view) {
  return view ? &static_cast<D3D11RenderTargetView*>(view)->target() : nullptr;
}

// An X8 format (B8G8R8X8) has no alpha: D3D11 blends as if the destination alpha were 1, where the
// Vulkan image behind it (B8G8R8A8) keeps whatever was written or cleared there. The factors that
// read the destination alpha become the constants they equal at 1.
void blendWithoutDestinationAlpha(ID3D11RenderTargetView* view, vk::ColorBlend* blend) {
  D3D11_RENDER_TARGET_VIEW_DESC1 desc{};
  static_cast<D3D11RenderTargetView*>(view)->GetDesc1(&desc);
  const caps::FormatInfo* info = caps::formatInfo(desc.Format);
  if (!info || info->swizzle != caps::FormatSwizzle::AlphaOne)
    return;
  auto constant = [](VkBlendFactor& factor, bool colour) {
    if (factor == VK_BLEND_FACTOR_DST_ALPHA)
      factor = VK_BLEND_FACTOR_ONE;
    else if (factor == VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA || (colour && factor == VK_BLEND_FACTOR_SRC_ALPHA_SATURATE))
      factor = VK_BLEND_FACTOR_ZERO;  // saturate: min(source alpha, 1 - 1) for colour, 1 for alpha
  };
  constant(blend->srcColor, true);
  constant(blend->dstColor, true);
  constant(blend->srcAlpha, false);
  constant(blend->dstAlpha, false);
}

// A zeroed key (padding included: keys are compared and hashed bytewise) with the defaults set.
vk::GraphicsPipelineKey zeroedKey() {
  static const vk::GraphicsPipelineKey defaults{};  // static storage: its padding is zero
  vk::GraphicsPipelineKey key;
  std::memcpy(static_cast<void*>(&key), &defaults, sizeof(key));
  return key;
}

uint32_t sampleCountOf(const ViewTarget& target) {
  D3D11ResourceCommon* resource = target.common();
  return resource && resource->asTexture() ? resource->asTexture()->desc().sampleDesc.Count : 1;
}

VkExtent2D mipExtent(const ViewTarget& target) {
  D3D11ResourceCommon* resource = target.common();
  if (target.isBufferTarget())  // a render-target view of a buffer: its one-row shadow image
    return {target.image()->info().extent.width, 1};
  if (!resource || !resource->asTexture())
    return {0, 0};
  const TextureDesc& desc = resource->asTexture()->desc();
  return {std::max(1u, desc.width >> target.range().firstMip), std::max(1u, desc.height >> target.range().firstMip)};
}

// ---- Feature level 9_x draw rules (seed 000, docs/pipelines.md "Feature level 9_x") ----

// The calls 9_x refuses; each warns once per process, so a game repeating one every frame does
// not flood the log.
enum class Level9Refusal : uint32_t {
  DrawPrimitives,
  DrawIndexedPrimitives,
  DrawIndexedPoints,
  DrawIndexedInstancedPrimitives,
  DrawIndexedInstancedPoints,
  DrawIndexedInstancedLevel,
  DrawInstanced,
  DrawAuto,
  DrawInstancedIndirect,
  DrawIndexedInstancedIndirect,
  Dispatch,
  DispatchIndirect,
  Count,
};

void warnLevel9Once(Level9Refusal kind, const char* method, const char* why) {
  static std::atomic<bool> warned[uint32_t(Level9Refusal::Count)];
  if (!warned[uint32_t(kind)].exchange(true))
    util::log::warn(method, ": ", why, " at feature level 9_x; call ignored (warned once)");
}

// Primitives one instance of a draw of `count` vertices or indices assembles (9_x binds no
// adjacency topology; anything else counts none: the draw records nothing there anyway).
uint64_t primitiveCount(D3D11_PRIMITIVE_TOPOLOGY topology, UINT count) {
  switch (enumValue(topology)) {
    case D3D11_PRIMITIVE_TOPOLOGY_POINTLIST: return count;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST: return count / 2;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP: return count > 1 ? count - 1 : 0;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST: return count / 3;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP: return count > 2 ? count - 2 : 0;
    default: return 0;
  }
}

// Seed 000: at most 65535 primitives a draw at 9_1, 1048575 at 9_2 and 9_3 (D3D9's
// MaxPrimitiveCount); per instance for 9_3's DrawIndexedInstanced.
bool level9TooManyPrimitives(D3D_FEATURE_LEVEL level, D3D11_PRIMITIVE_TOPOLOGY topology, UINT count) {
  const uint64_t limit = level == D3D_FEATURE_LEVEL_9_1 ? 65535u : 1048575u;
  return primitiveCount(topology, count) > limit;
}

}  // namespace

void D3D11DeviceContext::recordRenderTargets() {
  auto& command = m_stream->record<vk::SetRenderTargetsCommand>();
  command = vk::SetRenderTargetsCommand{};
  VkExtent2D extent{UINT32_MAX, UINT32_MAX};
  uint32_t layers = UINT32_MAX;
  auto fit = [&](const ViewTarget& target) {
    const VkExtent2D size = mipExtent(target);
    extent = {std::min(extent.width, size.width), std::min(extent.height, size.height)};
    layers = std::min(layers, target.range().layerCount);
  };
  for (uint32_t i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i) {
    const ViewTarget* target = targetOf(m_state.renderTargets[i].get());
    if (!target || !target->image())
      continue;
    keepAlive(m_state.renderTargets[i].get());
    command.color[i] = vk::RenderTarget{target->image()->handle(), target->imageView(), target->format(), VK_IMAGE_ASPECT_COLOR_BIT};
    if (target->isBufferTarget())
      target->describeBufferTarget(sliceOf(*target->common()->asBuffer()), &command.color[i]);
    if (const vk::AlphaTarget* alpha = target->alphaTarget()) {  // A8_UNORM: draws go to its RGBA8 shadow
      command.color[i].image = alpha->shadow();
      command.color[i].view = alpha->attachmentView();
      command.color[i].format = vk::AlphaTarget::kShadowFormat;
      command.color[i].alpha = alpha;
    }
    command.colorCount = i + 1;
    fit(*target);
  }
  if (ID3D11DepthStencilView* dsv = m_state.depthStencil.get()) {
    const ViewTarget& target = static_cast<D3D11DepthStencilView*>(dsv)->target();
    if (target.image()) {
      keepAlive(dsv);
      command.depth = vk::RenderTarget{target.image()->handle(), target.imageView(), target.format(), target.aspects()};
      fit(target);
    }
  }
  // Without attachments (UAV-only rendering) D3D11 rasterizes wherever the viewports reach: the
  // pass covers the largest framebuffer the device allows.
  const VkPhysicalDeviceLimits& limits = m_device->vulkanDevice().properties().limits;
  command.extent = extent.width == UINT32_MAX ? VkExtent2D{limits.maxFramebufferWidth, limits.maxFramebufferHeight} : extent;
  command.layerCount = layers == UINT32_MAX ? 1 : layers;
  m_renderArea = command.extent;
}

void D3D11DeviceContext::graphicsStages(const vk::ShaderCode* stages[]) const {
  for (uint32_t stage = 0; stage < vk::kGraphicsStages; ++stage)
    stages[stage] = m_state.stages[stage].code;
  // CreateGeometryShaderWithStreamOutput with vertex (or domain) bytecode: D3D11 runs a
  // pass-through geometry stage capturing that shader's outputs. That shader, compiled with the
  // capture, replaces its own stage and the geometry stage stays empty. Applications pass the
  // bytecode of the vertex (domain) shader they bind, so the result is the same.
  const uint32_t gs = uint32_t(dxbc::ShaderStage::Geometry);
  if (const vk::ShaderCode* code = stages[gs]) {
    if (code->stage == VK_SHADER_STAGE_VERTEX_BIT || code->stage == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT) {
      const uint32_t replaced = code->stage == VK_SHADER_STAGE_VERTEX_BIT ? uint32_t(dxbc::ShaderStage::Vertex)
                                                                          : uint32_t(dxbc::ShaderStage::Domain);
      if (stages[replaced])
        stages[replaced] = code;
      stages[gs] = nullptr;
    }
  }
}

bool D3D11DeviceContext::recordPipeline() {
  vk::GraphicsPipelineKey key = zeroedKey();
  const vk::ShaderCode* stages[vk::kGraphicsStages] = {};
  graphicsStages(stages);
  for (uint32_t stage = 0; stage < vk::kGraphicsStages; ++stage)
    key.shaders[stage] = stages[stage] ? stages[stage]->id : 0;
  if (!stages[uint32_t(dxbc::ShaderStage::Vertex)])
    return false;  // D3D11 draws nothing without a vertex shader
  key.topology = topologyOf(m_state.topology, &key.patchControlPoints);
  if (key.topology == VK_PRIMITIVE_TOPOLOGY_MAX_ENUM)
    return false;
  applyGeometryPatchInput(stages, &key);  // a GS taking patches draws the matching list
  static const std::vector<InputLayoutElement> kNoElements;
  uint32_t strides[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT];
  for (uint32_t i = 0; i < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT; ++i)
    strides[i] = m_state.vertexBuffers[i].stride;
  const auto* layout = static_cast<D3D11InputLayout*>(m_state.inputLayout.get());
  applyInputLayout(layout ? layout->elements() : kNoElements, strides, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, &key);
  applyRasterizerState(rasterizerDesc(m_state.rasterizerState.get()), &key);
  // D3D11_SO_NO_RASTERIZED_STREAM (the same value as vk::kNoRasterizedStream) discards
  // everything after stream output; another stream is rasterized instead of stream 0.
  key.rasterizedStream = m_state.rasterizedStream;
  applyBlendState(m_state.blendState ? static_cast<D3D11BlendState*>(static_cast<ID3D11BlendState1*>(m_state.blendState.get()))->desc()
                                     : defaultBlendDesc(),
                  m_state.sampleMask, &key);
  applyDepthStencilState(m_state.depthStencilState ? static_cast<D3D11DepthStencilState*>(m_state.depthStencilState.get())->desc()
                                                   : defaultDepthStencilDesc(),
                         &key);
  key.viewportCount = dynamicViewportCount();
  uint32_t samples = 0;
  for (uint32_t i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i) {
    const ViewTarget* target = targetOf(m_state.renderTargets[i].get());
    if (!target || !target->image())
      continue;
    key.colorFormats[i] = target->alphaTarget() ? vk::AlphaTarget::kShadowFormat : target->format();
    key.colorCount = i + 1;
    samples = sampleCountOf(*target);
    if (key.blend[i].enable)
      blendWithoutDestinationAlpha(m_state.renderTargets[i].get(), &key.blend[i]);
  }
  if (ID3D11DepthStencilView* dsv = m_state.depthStencil.get()) {
    const ViewTarget& target = static_cast<D3D11DepthStencilView*>(dsv)->target();
    if (target.aspects() & VK_IMAGE_ASPECT_DEPTH_BIT)
      key.depthFormat = target.format();
    if (target.aspects() & VK_IMAGE_ASPECT_STENCIL_BIT)
      key.stencilFormat = target.format();
    samples = sampleCountOf(target);
  }
  if (key.depthFormat == VK_FORMAT_UNDEFINED) {
    key.depthTest = key.depthWrite = VK_FALSE;  // no depth attachment: nothing to test against
  }
  if (key.stencilFormat == VK_FORMAT_UNDEFINED)
    key.stencilTest = VK_FALSE;
  if (samples)
    key.samples = VkSampleCountFlagBits(samples);
  // d3d11.forceSampleRateShading (docs/config.md): every sample of a multisampled target runs the
  // pixel shader, as if it read SV_SampleIndex; single-sampled drawing is unchanged.
  if (key.samples > VK_SAMPLE_COUNT_1_BIT && util::config::options().forceSampleRateShading &&
      m_device->vulkanDevice().enabledFeatures().core.features.sampleRateShading)
    key.sampleShading = VK_TRUE;

  auto& command = m_stream->record<vk::BindGraphicsPipelineCommand>();
  std::copy(std::begin(stages), std::end(stages), command.stages);
  std::memcpy(static_cast<void*>(&command.key), &key, sizeof(key));
  return true;
}

bool D3D11DeviceContext::recordShaders() {
  // The worker keeps the last key; only the shader stages (and their ids in the key) change.
  if (!m_state.stages[uint32_t(dxbc::ShaderStage::Vertex)].code)
    return false;
  auto& command = m_stream->record<vk::BindGraphicsShadersCommand>();
  graphicsStages(command.stages);
  return true;
}

// Vulkan leaves a primitive sent to a viewport index past the dynamic count undefined, where
// D3D11 draws nothing through a slot RSSetViewports did not set (nor through any when none is
// set). So every slot the device has is given to Vulkan, the unset ones with an empty scissor.
uint32_t D3D11DeviceContext::dynamicViewportCount() const {
  return m_device->vulkanAdapter().profile().features.core.features.multiViewport ? D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE
                                                                                   : 1u;
}

void D3D11DeviceContext::recordViewportsAndScissors() {
  const D3D11_RASTERIZER_DESC2 raster = rasterizerDesc(m_state.rasterizerState.get());
  auto& viewports = m_stream->record<vk::SetViewportsCommand>();
  viewports.count = dynamicViewportCount();
  const bool flooredNegativeCorner = m_device->featureLevel() >= D3D_FEATURE_LEVEL_11_0;
  for (uint32_t i = 0; i < viewports.count; ++i) {
    // D3D's Y axis points down: a negative height flips Vulkan's viewport to match.
    D3D11_VIEWPORT v = i < m_state.viewportCount ? m_state.viewports[i] : D3D11_VIEWPORT{0, 0, 0, 0, 0, 1};
    if (flooredNegativeCorner) {
      // Windows at 11_0 and above moves a negative top-left corner to the integer below it and
      // keeps the size, so the far edge moves by a whole texel (Wine's test_negative_viewports).
      v.TopLeftX = v.TopLeftX < 0.0f ? std::floor(v.TopLeftX) : v.TopLeftX;
      v.TopLeftY = v.TopLeftY < 0.0f ? std::floor(v.TopLeftY) : v.TopLeftY;
    }
    const float width = std::max(v.Width, 1.0f), height = std::max(v.Height, 1.0f);
    viewports.viewports[i] = VkViewport{v.TopLeftX, v.TopLeftY + height, width, -height, v.MinDepth, v.MaxDepth};
  }
  auto& scissors = m_stream->record<vk::SetScissorsCommand>();
  scissors.count = viewports.count;
  for (uint32_t i = 0; i < scissors.count; ++i) {
    if (i >= m_state.viewportCount) {
      scissors.rects[i] = VkRect2D{};  // no viewport set in this slot: D3D11 draws nothing through it
    } else if (raster.ScissorEnable) {
      const D3D11_RECT r = i < m_state.scissorCount ? m_state.scissors[i] : D3D11_RECT{0, 0, 0, 0};
      const LONG left = std::max<LONG>(r.left, 0), top = std::max<LONG>(r.top, 0);
      scissors.rects[i] = VkRect2D{{int32_t(left), int32_t(top)},
                                   {uint32_t(std::max<LONG>(r.right - left, 0)), uint32_t(std::max<LONG>(r.bottom - top, 0))}};
    } else {
      scissors.rects[i] = VkRect2D{{0, 0}, m_renderArea};
    }
  }
}

void D3D11DeviceContext::recordDynamicState() {
  auto& blend = m_stream->record<vk::SetBlendConstantsCommand>();
  std::copy_n(m_state.blendFactor, 4, blend.constants);
  m_stream->record<vk::SetStencilReferenceCommand>().reference = m_state.stencilRef;
  const DepthBias bias = depthBiasOf(rasterizerDesc(m_state.rasterizerState.get()));
  auto& depthBias = m_stream->record<vk::SetDepthBiasCommand>();
  depthBias.constantFactor = bias.constantFactor;
  depthBias.clamp = bias.clamp;
  depthBias.slopeFactor = bias.slopeFactor;
}

void D3D11DeviceContext::recordVertexInput() {
  if (m_state.vertexBuffersDirty) {
    m_state.vertexBuffersDirty = false;
    uint32_t count = 0;
    for (uint32_t i = 0; i < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT; ++i)
      if (m_state.vertexBuffers[i].buffer)
        count = i + 1;
    if (count) {
      auto& command = m_stream->record<vk::BindVertexBuffersCommand>(count * sizeof(vk::VertexBufferBinding));
      command.first = 0;
      command.count = count;
      vk::VertexBufferBinding* bindings = vk::tailOf<vk::VertexBufferBinding>(&command);
      for (uint32_t i = 0; i < count; ++i) {
        keepAlive(m_state.vertexBuffers[i].buffer.get());
        D3D11ResourceCommon* resource = resourceCommon(m_state.vertexBuffers[i].buffer.get());
        D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
        const vk::BufferSlice slice = buffer ? sliceOf(*buffer) : vk::BufferSlice{};
        bindings[i] = vk::VertexBufferBinding{slice.buffer, slice.offset + m_state.vertexBuffers[i].offset};
      }
    }
  }
  if (m_state.indexBufferDirty) {
    m_state.indexBufferDirty = false;
    keepAlive(m_state.indexBuffer.get());
    D3D11ResourceCommon* resource = resourceCommon(m_state.indexBuffer.get());
    D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
    const vk::BufferSlice slice = buffer ? sliceOf(*buffer) : vk::BufferSlice{};
    auto& command = m_stream->record<vk::BindIndexBufferCommand>();
    command.buffer = slice.buffer;
    command.offset = slice.offset + m_state.indexOffset;
    command.type = m_state.indexFormat == DXGI_FORMAT_R32_UINT ? VK_INDEX_TYPE_UINT32 : VK_INDEX_TYPE_UINT16;
  }
}

VkBufferView D3D11DeviceContext::listBufferView(const ViewTarget& target, const vk::BufferSlice& slice) {
  // The list's memory lives as long as the list, and its Vulkan handles may be reused after it, so
  // its views belong to the list too (made once per view and memory while recording).
  const ListTexelViewKey key{&target, slice.buffer, slice.offset};
  auto known = m_listTexelViews.find(key);
  if (known != m_listTexelViews.end())
    return known->second;
  VkBufferView view = target.createBufferView(slice);
  vk::Device* device = &m_device->vulkanDevice();
  m_recording.scratch.push_back(std::shared_ptr<void>(nullptr, [device, view](void*) {
    vk::destroyBufferView(*device, view);
  }));
  m_listTexelViews.emplace(key, view);
  return view;
}

// The entry of one binding of the stage's shader. Every draw that changes a binding of a shader
// with few bindings computes them all (recordDescriptors), so the kinds a draw rebinds most, a
// texture view and a sampler, come first and cost a few loads; the rest go to writeDescriptorSlow.
inline void D3D11DeviceContext::writeDescriptor(uint32_t stage, const vk::ShaderBindingSlot& slot, vk::DescriptorEntry& entry) {
  const StageState& state = m_state.stages[stage];
  const uint32_t binding = slot.binding;
  entry.binding = uint16_t(binding);
  entry.access = vk::Access::Read;
  entry.reserved = 0;
  entry.type = slot.type;
  entry.resource = 0;
  if (binding - bm::kShaderResourceBase < bm::kShaderResourceSlots && slot.type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE) {
    ID3D11ShaderResourceView* view = state.shaderResources[binding - bm::kShaderResourceBase].get();
    entry.image = VkDescriptorImageInfo{VK_NULL_HANDLE, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL};
    if (view) {
      keepAlive(view);
      const ViewTarget& target = static_cast<D3D11ShaderResourceView*>(view)->target();
      if (const vk::Image* image = target.image()) {
        entry.image.imageView = target.imageView();
        entry.resource = vk::resourceId(image->handle());
      }
    }
    return;
  }
  if (binding - bm::kSamplerBase < bm::kSamplerSlots) {
    ID3D11SamplerState* sampler = state.samplers[binding - bm::kSamplerBase].get();
    if (!sampler)
      sampler = defaultSampler();
    keepAlive(sampler);
    entry.image = VkDescriptorImageInfo{sampler ? static_cast<D3D11SamplerState*>(sampler)->vulkanSampler() : VK_NULL_HANDLE,
                                        VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL};
    return;
  }
  writeDescriptorSlow(stage, slot, entry);
}

// Buffers, buffer views, UAVs and the hidden blocks. `entry` has its binding, type and read
// access; an unbound slot keeps the null descriptor of its type.
void D3D11DeviceContext::writeDescriptorSlow(uint32_t stage, const vk::ShaderBindingSlot& slot, vk::DescriptorEntry& entry) {
  const bool imageType = slot.type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE || slot.type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
  const bool texelType = slot.type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || slot.type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
  if (imageType)
    entry.image = VkDescriptorImageInfo{VK_NULL_HANDLE, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL};
  else if (texelType)
    entry.texelBuffer = VK_NULL_HANDLE;
  else
    entry.buffer = VkDescriptorBufferInfo{VK_NULL_HANDLE, 0, VK_WHOLE_SIZE};
  const StageState& state = m_state.stages[stage];
  const bool compute = stage == uint32_t(dxbc::ShaderStage::Compute);

  auto fromView = [&](const ViewTarget& target) {
    switch (slot.type) {
      case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
      case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
        if (target.image()) {
          entry.image.imageView = target.imageView();
          entry.resource = vk::resourceId(target.image()->handle());
        }
        break;
      case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
        if (target.bufferView()) {
          entry.texelBuffer = target.bufferView();
          entry.resource = vk::resourceId(target.buffer().buffer);
          // A typed view of a renamed dynamic buffer: the view of its current slice (on a
          // deferred context, of the list's own Map(WRITE_DISCARD) memory when it has some).
          D3D11ResourceCommon* viewed = target.common();
          D3D11Buffer* buffer = viewed ? viewed->asBuffer() : nullptr;
          if (buffer && buffer->isDynamic()) {
            const vk::BufferSlice slice = sliceOf(*buffer);
            try {
              entry.texelBuffer = m_deferred && m_renamed.count(buffer) ? listBufferView(target, slice) : target.bufferViewOf(slice);
              entry.resource = vk::resourceId(slice.buffer);
            } catch (const vk::Error& error) {
              D3D11VK_LOG_ONCE(Warn, "typed view of a renamed dynamic buffer: ", error.what(), "; the view reads its first memory");
            }
          }
        }
        break;
      case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
        if (target.buffer().buffer && !target.bufferView()) {
          // A raw or structured view of a dynamic buffer names the memory its last
          // Map(WRITE_DISCARD) made current, not the slice current when the view was made.
          D3D11ResourceCommon* viewed = target.common();
          D3D11Buffer* buffer = viewed ? viewed->asBuffer() : nullptr;
          const vk::BufferSlice slice = buffer && buffer->isDynamic() ? sliceOf(*buffer) : target.buffer();
          entry.buffer = VkDescriptorBufferInfo{slice.buffer, slice.offset + target.range().firstByte, target.range().byteCount};
          entry.resource = vk::resourceId(slice.buffer);
        }
        break;
      default:
        break;
    }
  };

  // A block the context keeps for the stage and the compiled shader reads (not one of the
  // application's constant buffers): the whole buffer.
  auto fromHiddenBlock = [&](ID3D11Buffer* block) {
    D3D11ResourceCommon* resource = resourceCommon(block);
    if (D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr) {
      keepAlive(block);
      const vk::BufferSlice slice = sliceOf(*buffer);
      entry.buffer = VkDescriptorBufferInfo{slice.buffer, slice.offset, slice.size};
      entry.resource = vk::resourceId(slice.buffer);
    }
  };

  const uint32_t binding = slot.binding;
  if (binding == bm::kUavSliceBinding) {
    fromHiddenBlock(state.uavSliceBuffer.get());  // recordUavSlices keeps it
  } else if (binding == bm::kClassInstanceBinding) {
    fromHiddenBlock(state.classInstanceBuffer.get());  // setClassInstances (d3d11_context_bind.cpp) keeps it
  } else if (binding < bm::kSamplerBase) {
    const ConstantBufferBinding& cb = state.constantBuffers[binding - bm::kConstantBufferBase];
    keepAlive(cb.buffer.get());
    D3D11ResourceCommon* resource = resourceCommon(cb.buffer.get());
    if (D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr) {
      const vk::BufferSlice slice = sliceOf(*buffer);
      const VkDeviceSize offset = VkDeviceSize(cb.firstConstant) * 16;
      const VkDeviceSize available = slice.size > offset ? slice.size - offset : 0;
      VkDeviceSize range = cb.numConstants ? VkDeviceSize(cb.numConstants) * 16 : available;
      range = std::min({range, available, VkDeviceSize(D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16)});
      if (range) {
        entry.buffer = VkDescriptorBufferInfo{slice.buffer, slice.offset + offset, range};
        entry.resource = vk::resourceId(slice.buffer);
      }
    }
  } else if (binding < bm::kShaderResourceBase) {
    // Samplers are written by writeDescriptor.
  } else if (binding < bm::kUavBase) {
    if (ID3D11ShaderResourceView* view = state.shaderResources[binding - bm::kShaderResourceBase].get()) {
      keepAlive(view);
      fromView(static_cast<D3D11ShaderResourceView*>(view)->target());
    }
  } else if (binding < bm::kUavCounterBase) {
    const uint32_t index = binding - bm::kUavBase;
    ID3D11UnorderedAccessView* view = compute ? m_state.computeUavs[index].get() : m_state.graphicsUavs[index].get();
    entry.access = vk::Access::Write;
    keepAlive(view);
    if (view)
      fromView(static_cast<D3D11UnorderedAccessView*>(view)->target());
  } else {
    const uint32_t index = binding - bm::kUavCounterBase;
    ID3D11UnorderedAccessView* view = compute ? m_state.computeUavs[index].get() : m_state.graphicsUavs[index].get();
    entry.access = vk::Access::Write;
    if (vk::Buffer* counter = view ? static_cast<D3D11UnorderedAccessView*>(view)->counter() : nullptr) {
      entry.buffer = VkDescriptorBufferInfo{counter->handle(), 0, 4};
      entry.resource = vk::resourceId(counter->handle());
    }
  }
}

ID3D11SamplerState* D3D11DeviceContext::defaultSampler() {
  if (!m_defaultSampler) {
    // An unbound sampler slot reads like the documented default sampler state.
    D3D11_SAMPLER_DESC desc{};
    desc.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR;
    desc.AddressU = desc.AddressV = desc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP;
    desc.MaxAnisotropy = 1;
    desc.ComparisonFunc = D3D11_COMPARISON_NEVER;
    desc.BorderColor[0] = desc.BorderColor[1] = desc.BorderColor[2] = desc.BorderColor[3] = 1.0f;
    desc.MaxLOD = D3D11_FLOAT32_MAX;
    // Held like a binding (privately), so it does not keep the device's public count up.
    util::ComPtr<ID3D11SamplerState> created;
    m_device->CreateSamplerState(&desc, created.put());
    m_defaultSampler = created.get();
  }
  return m_defaultSampler.get();
}

namespace {

// Whether `entries` were made for exactly these bindings (a shader switch between shaders that
// declare the same resources keeps them).
bool sameBindings(const vk::DescriptorEntry* entries, const vk::ShaderBindingSlot* slots, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (entries[i].binding != slots[i].binding || entries[i].type != slots[i].type)
      return false;
  return true;
}

// Sets of fewer bindings are computed whole into the command: patching kept entries costs a
// bindings compare, the loop over the marks and a copy of the set (about 90 instructions), more
// than the one or two entries it spares (about 65 each; callgrind, docs/pipelines.md).
constexpr size_t kMinKeptEntries = 3;

}  // namespace

// The stage's entries are kept between records (StageState::entries, what the worker holds for
// the stage's set) for sets of kMinKeptEntries or more. Only the entries of the slots a Set*
// method rebound are computed again, and nothing is recorded when none changed. Any other change
// (descriptorsDirty) computes all.
void D3D11DeviceContext::recordDescriptors(uint32_t stage) {
  StageState& state = m_state.stages[stage];
  const vk::ShaderCode* code = state.code;
  bool all = state.descriptorsDirty || !state.entriesValid;
  const bool shaderChanged = state.shaderChanged;
  state.descriptorsDirty = state.bindingsDirty = state.shaderChanged = false;
  if (!code) {
    state.entriesValid = false;  // the marks are dropped: the next shader's entries are all computed
    std::fill(std::begin(state.dirtyBindings), std::end(state.dirtyBindings), 0);
    return;
  }
  const vk::ShaderBindingSlot* slots = code->bindings.data();
  const size_t count = code->bindings.size();
  const bool compute = stage == uint32_t(dxbc::ShaderStage::Compute);
  if (count < kMinKeptEntries) {
    state.entriesValid = false;
    std::fill(std::begin(state.dirtyBindings), std::end(state.dirtyBindings), 0);
    auto& command = m_stream->record<vk::BindDescriptorsCommand>(count * sizeof(vk::DescriptorEntry));
    command.bindPoint = compute ? VK_PIPELINE_BIND_POINT_COMPUTE : VK_PIPELINE_BIND_POINT_GRAPHICS;
    command.set = dxbc::binding_model::descriptorSet(dxbc::ShaderStage(stage));
    command.count = uint32_t(count);
    vk::DescriptorEntry* tail = vk::tailOf<vk::DescriptorEntry>(&command);
    for (size_t i = 0; i < count; ++i)
      writeDescriptor(stage, slots[i], tail[i]);
    return;
  }
  if (!all && shaderChanged)
    all = state.entries.size() != count || !sameBindings(state.entries.data(), slots, count);
  if (all)
    state.entries.resize(count);
  vk::DescriptorEntry* entries = state.entries.data();
  if (all) {
    for (size_t i = 0; i < count; ++i)
      writeDescriptor(stage, slots[i], entries[i]);
  } else {
    bool changed = false;
    for (size_t i = 0; i < count; ++i) {
      const uint32_t binding = slots[i].binding;
      if (binding < StageState::kTrackedBindings && (state.dirtyBindings[binding / 64] >> (binding % 64) & 1)) {
        writeDescriptor(stage, slots[i], entries[i]);
        changed = true;
      }
    }
    if (!changed) {
      std::fill(std::begin(state.dirtyBindings), std::end(state.dirtyBindings), 0);
      return;  // the worker's set already holds these entries
    }
  }
  std::fill(std::begin(state.dirtyBindings), std::end(state.dirtyBindings), 0);
  auto& command = m_stream->record<vk::BindDescriptorsCommand>(count * sizeof(vk::DescriptorEntry));
  command.bindPoint = compute ? VK_PIPELINE_BIND_POINT_COMPUTE : VK_PIPELINE_BIND_POINT_GRAPHICS;
  command.set = dxbc::binding_model::descriptorSet(dxbc::ShaderStage(stage));
  command.count = uint32_t(count);
  std::memcpy(static_cast<void*>(vk::tailOf<vk::DescriptorEntry>(&command)), entries, count * sizeof(vk::DescriptorEntry));
  state.entriesValid = true;
}

// The Vulkan view of a Texture3D UAV covers every depth slice of its mip; the shader offsets z by
// the view's FirstWSlice and drops accesses at z >= WSize, reading both from this block
// (dxbc::binding_model::kUavSliceBinding). Only the slots the shader declares as typed 3D UAVs
// are filled: a bound 3D view gives (FirstWSlice, WSize), no view (0, 0) (every access dropped,
// as for an unbound UAV), a view of another shape (0, ~0) (z unchanged). Shaders without a typed
// 3D UAV never come here.
void D3D11DeviceContext::recordUavSlices(uint32_t stage) {
  StageState& state = m_state.stages[stage];
  const uint64_t slots = state.compiled && state.compiled->error.empty() ? state.compiled->reflection.uavSliceSlots : 0;
  if (!slots)
    return;
  const bool compute = stage == uint32_t(dxbc::ShaderStage::Compute);
  std::vector<uint32_t> words(4 * bm::kUavSlots, 0);
  for (uint32_t slot = 0; slot < bm::kUavSlots; ++slot) {
    if (!(slots >> slot & 1))
      continue;
    ID3D11UnorderedAccessView* view = compute ? m_state.computeUavs[slot].get() : m_state.graphicsUavs[slot].get();
    if (!view)
      continue;
    const ViewRange& range = static_cast<D3D11UnorderedAccessView*>(view)->target().range();
    const bool sliced = range.shape == ViewShape::Tex3D;
    words[4 * slot] = sliced ? range.firstLayer : 0;
    words[4 * slot + 1] = sliced ? range.layerCount : ~0u;
  }
  writeHiddenBlock(stage, "3D UAV slice ranges", state.uavSliceBuffer, state.uavSliceWords, words);
}

void D3D11DeviceContext::recordClassInstances(uint32_t stage) {
  StageState& state = m_state.stages[stage];
  if (!state.classInstanceBlock.empty())
    writeHiddenBlock(stage, "class instances", state.classInstanceBuffer, state.classInstanceWords,
                     state.classInstanceBlock);
}

void D3D11DeviceContext::writeHiddenBlock(uint32_t stage, const char* what, BindingRef<ID3D11Buffer>& buffer,
                                          std::vector<uint32_t>& recorded, const std::vector<uint32_t>& words) {
  if (buffer && words == recorded)
    return;  // unchanged since the last record in this list: nothing recorded
  if (!buffer) {
    D3D11_BUFFER_DESC desc{};
    desc.ByteWidth = UINT(words.size() * sizeof(uint32_t));
    desc.Usage = D3D11_USAGE_DEFAULT;
    desc.BindFlags = D3D11_BIND_CONSTANT_BUFFER;
    util::ComPtr<ID3D11Buffer> created;  // kept privately, as bindings are
    if (FAILED(m_device->CreateBuffer(&desc, nullptr, created.put()))) {
      m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), what, ": no buffer for the stage's block; the shader reads zeros");
      return;
    }
    buffer = created.get();
  }
  // Not UpdateSubresource: that one is predicated, and a skipped copy would leave the block
  // stale for later draws that believe it written.
  keepAlive(buffer.get());
  try {
    updateBuffer(resourceCommon(buffer.get()), nullptr, words.data());
  } catch (const vk::Error& error) {
    m_device->diagnostics().report(util::log::Level::Error, callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), what, ": no upload memory: ", error.what(), "; the block keeps its old contents");
    return;
  }
  recorded = words;
  m_state.stages[stage].descriptorsDirty = true;
}

void D3D11DeviceContext::recordPredication() {
  m_state.predicationDirty = false;
  vk::QueryRecord* record = nullptr;
  if (ID3D11Predicate* predicate = m_state.predicate.get()) {
    keepAlive(predicate);
    // The application's pointer may be either COM face of the query: ask for the one we know.
    ID3D11Query1* query = nullptr;
    if (SUCCEEDED(predicate->QueryInterface(__uuidof(ID3D11Query1), reinterpret_cast<void**>(&query))) && query) {
      record = static_cast<D3D11Query*>(query)->record();
      query->Release();  // the bound predicate holds a reference
    }
  }
  auto& command = m_stream->record<vk::SetPredicationCommand>();
  command.query = record;  // null: never begun, or a kind without a Vulkan query: no predication
  command.predicateValue = m_state.predicateValue ? VK_TRUE : VK_FALSE;
}

void D3D11DeviceContext::recordHiddenBlocks(uint32_t stage) {
  // Their words change with the shader, the UAVs and the class instances: the last two mark all
  // of the stage's descriptors dirty.
  const StageState& state = m_state.stages[stage];
  if (!(int(state.descriptorsDirty) | int(state.shaderChanged)))
    return;
  if (state.compiled && state.compiled->reflection.uavSliceSlots)
    recordUavSlices(stage);
  if (!state.classInstanceBlock.empty())
    recordClassInstances(stage);
}

bool D3D11DeviceContext::prepareDraw() {
  // The stages whose descriptors are recorded again (one pass over the stages).
  uint32_t stages = 0;
  for (uint32_t stage = 0; stage < uint32_t(dxbc::ShaderStage::Compute); ++stage)
    if (int(m_state.stages[stage].descriptorsDirty) | int(m_state.stages[stage].bindingsDirty))  // no branch per flag
      stages |= 1u << stage;
  // The slice blocks first: their copies go before anything of the draw, as if the application
  // had updated a constant buffer before it.
  for (uint32_t pending = stages; pending; pending &= pending - 1)
    recordHiddenBlocks(uint32_t(std::countr_zero(pending)));
  if (m_state.predicationDirty)
    recordPredication();
  if (m_state.renderTargetsDirty) {
    m_state.renderTargetsDirty = false;
    recordRenderTargets();
    m_state.viewportsDirty = true;  // scissors default to the render area
  }
  if (m_state.pipelineDirty || (m_state.shadersDirty && !m_pipelineValid)) {
    m_pipelineValid = recordPipeline();
    m_state.pipelineDirty = m_state.shadersDirty = false;
  } else if (m_state.shadersDirty) {
    m_state.shadersDirty = false;
    m_pipelineValid = recordShaders();
  }
  if (!m_pipelineValid)
    return false;
  if (m_state.viewportsDirty) {
    m_state.viewportsDirty = false;
    recordViewportsAndScissors();
  }
  if (m_state.dynamicDirty) {
    m_state.dynamicDirty = false;
    recordDynamicState();
  }
  if (m_state.vertexBuffersDirty || m_state.indexBufferDirty)
    recordVertexInput();
  if (m_state.streamOutDirty) {
    m_state.streamOutDirty = false;
    recordStreamOutTargets();
  }
  for (; stages; stages &= stages - 1)
    recordDescriptors(uint32_t(std::countr_zero(stages)));
  return true;
}

bool D3D11DeviceContext::prepareDispatch() {
  const uint32_t stage = uint32_t(dxbc::ShaderStage::Compute);
  if (!m_state.stages[stage].code)
    return false;
  recordHiddenBlocks(stage);
  if (m_state.predicationDirty)
    recordPredication();
  if (m_state.computePipelineDirty) {
    m_state.computePipelineDirty = false;
    m_stream->record<vk::BindComputePipelineCommand>().shader = m_state.stages[stage].code;
  }
  if (m_state.stages[stage].descriptorsDirty || m_state.stages[stage].bindingsDirty)
    recordDescriptors(stage);
  return true;
}

void D3D11DeviceContext::recordStreamOutTargets() {
  auto& command = m_stream->record<vk::SetStreamOutputTargetsCommand>();
  command = vk::SetStreamOutputTargetsCommand{};
  for (uint32_t i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; ++i) {
    ID3D11Buffer* target = m_state.streamOutTargets[i].get();
    D3D11ResourceCommon* resource = resourceCommon(target);
    D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
    if (!buffer || !buffer->streamOutCounter())
      continue;  // not created with BIND_STREAM_OUTPUT (refused), or no transform feedback
    keepAlive(target);
    const vk::BufferSlice slice = sliceOf(*buffer);
    command.targets[i] = vk::StreamOutputTarget{slice.buffer, slice.offset, slice.size, buffer->streamOutCounter()->handle()};
  }
}

void D3D11DeviceContext::noteBufferDiscarded(const D3D11Buffer& buffer) {
  // A renamed buffer that may be bound: the next draw names its new memory.
  const UINT bind = buffer.desc().BindFlags;
  if (bind & D3D11_BIND_VERTEX_BUFFER)
    m_state.vertexBuffersDirty = true;
  if (bind & D3D11_BIND_INDEX_BUFFER)
    m_state.indexBufferDirty = true;
  // A stage without a shader records nothing (its next shader computes all its entries:
  // setShader drops them when the stage is emptied).
  if (bind & (D3D11_BIND_CONSTANT_BUFFER | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_UNORDERED_ACCESS))
    for (StageState& stage : m_state.stages)
      if (stage.code)
        stage.descriptorsDirty = true;
}

// ---- Draws and dispatches ----

void STDMETHODCALLTYPE D3D11DeviceContext::Draw(UINT VertexCount, UINT StartVertexLocation) {
  // STATUS: partial: at 9_x the texture repeat limits (128/2048/8192 across a primitive) are not checked
  D3D11VK_CONTEXT_LOCK();
  const D3D_FEATURE_LEVEL level = m_device->featureLevel();
  if (level < D3D_FEATURE_LEVEL_10_0 && level9TooManyPrimitives(level, m_state.topology, VertexCount)) {
    warnLevel9Once(Level9Refusal::DrawPrimitives, "Draw", "more primitives than the level draws at once");
    return;
  }
  if (!VertexCount || !prepareDraw())
    return;
  auto& draw = m_stream->record<vk::DrawCommand>();
  draw = vk::DrawCommand{VertexCount, 1, StartVertexLocation, 0};
}

void STDMETHODCALLTYPE D3D11DeviceContext::DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation,
                                                            UINT StartInstanceLocation) {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    warnLevel9Once(Level9Refusal::DrawInstanced, "DrawInstanced", "not supported");
    return;
  }
  if (!VertexCountPerInstance || !InstanceCount || !prepareDraw())
    return;
  auto& draw = m_stream->record<vk::DrawCommand>();
  draw = vk::DrawCommand{VertexCountPerInstance, InstanceCount, StartVertexLocation, StartInstanceLocation};
}

void STDMETHODCALLTYPE D3D11DeviceContext::DrawIndexed(UINT IndexCount, UINT StartIndexLocation, INT BaseVertexLocation) {
  // STATUS: partial: at 9_x index values past the level's limit and the texture repeat limits are not checked (no CPU read of the index buffer per draw)
  D3D11VK_CONTEXT_LOCK();
  const D3D_FEATURE_LEVEL level = m_device->featureLevel();
  if (level < D3D_FEATURE_LEVEL_10_0) {
    // Index values past the level's limit are not checked: that would read the index buffer on the
    // CPU per draw (docs/pipelines.md); Vulkan draws them.
    if (enumValue(m_state.topology) == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST) {
      warnLevel9Once(Level9Refusal::DrawIndexedPoints, "DrawIndexed", "indexed point lists are not supported");
      return;
    }
    if (level9TooManyPrimitives(level, m_state.topology, IndexCount)) {
      warnLevel9Once(Level9Refusal::DrawIndexedPrimitives, "DrawIndexed", "more primitives than the level draws at once");
      return;
    }
  }
  if (!IndexCount || !m_state.indexBuffer || !prepareDraw())
    return;
  auto& draw = m_stream->record<vk::DrawIndexedCommand>();
  draw = vk::DrawIndexedCommand{IndexCount, 1, StartIndexLocation, BaseVertexLocation, 0};
}

void STDMETHODCALLTYPE D3D11DeviceContext::DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation,
                                                                   INT BaseVertexLocation, UINT StartInstanceLocation) {
  // STATUS: partial: at 9_3 index values past the level's limit and the texture repeat limits are not checked (no CPU read of the index buffer per draw)
  D3D11VK_CONTEXT_LOCK();
  const D3D_FEATURE_LEVEL level = m_device->featureLevel();
  if (level < D3D_FEATURE_LEVEL_10_0) {
    // 9_3 instances as D3D9 did (stream frequencies): the Draw limits hold per instance.
    if (level < D3D_FEATURE_LEVEL_9_3) {
      warnLevel9Once(Level9Refusal::DrawIndexedInstancedLevel, "DrawIndexedInstanced", "not supported below 9_3");
      return;
    }
    if (enumValue(m_state.topology) == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST) {
      warnLevel9Once(Level9Refusal::DrawIndexedInstancedPoints, "DrawIndexedInstanced", "indexed point lists are not supported");
      return;
    }
    if (level9TooManyPrimitives(level, m_state.topology, IndexCountPerInstance)) {
      warnLevel9Once(Level9Refusal::DrawIndexedInstancedPrimitives, "DrawIndexedInstanced",
                     "more primitives an instance than the level draws at once");
      return;
    }
  }
  if (!IndexCountPerInstance || !InstanceCount || !m_state.indexBuffer || !prepareDraw())
    return;
  auto& draw = m_stream->record<vk::DrawIndexedCommand>();
  draw = vk::DrawIndexedCommand{IndexCountPerInstance, InstanceCount, StartIndexLocation, BaseVertexLocation, StartInstanceLocation};
}

void D3D11DeviceContext::drawIndirect(ID3D11Buffer* args, UINT offset, bool indexed) {
  D3D11ResourceCommon* resource = resourceCommon(args);
  D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
  if (!buffer || !(buffer->desc().MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS) || (offset & 3)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), indexed ? "DrawIndexedInstancedIndirect" : "DrawInstancedIndirect",
                    ": the buffer lacks DRAWINDIRECT_ARGS or the offset is unaligned; call ignored");
    return;
  }
  if ((indexed && !m_state.indexBuffer) || !prepareDraw())
    return;
  keepAlive(args);
  const vk::BufferSlice slice = sliceOf(*buffer);
  auto& draw = m_stream->record<vk::DrawIndirectCommand>();
  draw = vk::DrawIndirectCommand{slice.buffer, slice.offset + offset, indexed ? VK_TRUE : VK_FALSE};
}

void STDMETHODCALLTYPE D3D11DeviceContext::DrawInstancedIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs) {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    warnLevel9Once(Level9Refusal::DrawInstancedIndirect, "DrawInstancedIndirect", "not supported");
    return;
  }
  drawIndirect(pBufferForArgs, AlignedByteOffsetForArgs, false);
}

void STDMETHODCALLTYPE D3D11DeviceContext::DrawIndexedInstancedIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs) {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    warnLevel9Once(Level9Refusal::DrawIndexedInstancedIndirect, "DrawIndexedInstancedIndirect", "not supported");
    return;
  }
  drawIndirect(pBufferForArgs, AlignedByteOffsetForArgs, true);
}

void STDMETHODCALLTYPE D3D11DeviceContext::DrawAuto() {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    warnLevel9Once(Level9Refusal::DrawAuto, "DrawAuto", "not supported");
    return;
  }
  // Documented: the vertex buffer in slot 0 must have been created with both STREAM_OUTPUT and
  // VERTEX_BUFFER; it draws what stream output wrote into it, from the bound offset on.
  const VertexBufferState& slot0 = m_state.vertexBuffers[0];
  D3D11ResourceCommon* resource = resourceCommon(slot0.buffer.get());
  D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
  const UINT both = D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER;
  if (!buffer || (buffer->desc().BindFlags & both) != both || !slot0.stride) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "DrawAuto: slot 0 holds no vertex buffer created with STREAM_OUTPUT and VERTEX_BUFFER, or its stride "
                    "is 0; call ignored");
    return;
  }
  if (!buffer->streamOutCounter() || !prepareDraw())
    return;
  keepAlive(slot0.buffer.get());
  auto& draw = m_stream->record<vk::DrawAutoCommand>();
  draw = vk::DrawAutoCommand{buffer->streamOutCounter()->handle(), slot0.offset, slot0.stride};
}

void STDMETHODCALLTYPE D3D11DeviceContext::Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ) {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    warnLevel9Once(Level9Refusal::Dispatch, "Dispatch", "not supported");
    return;
  }
  if (!ThreadGroupCountX || !ThreadGroupCountY || !ThreadGroupCountZ || !prepareDispatch())
    return;
  auto& dispatch = m_stream->record<vk::DispatchCommand>();
  dispatch = vk::DispatchCommand{ThreadGroupCountX, ThreadGroupCountY, ThreadGroupCountZ};
}

void STDMETHODCALLTYPE D3D11DeviceContext::DispatchIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs) {
  D3D11VK_CONTEXT_LOCK();
  if (m_device->featureLevel() < D3D_FEATURE_LEVEL_10_0) {
    warnLevel9Once(Level9Refusal::DispatchIndirect, "DispatchIndirect", "not supported");
    return;
  }
  D3D11ResourceCommon* resource = resourceCommon(pBufferForArgs);
  D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
  if (!buffer || !(buffer->desc().MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS) || (AlignedByteOffsetForArgs & 3)) {
    m_device->diagnostics().warn(callIgnored(D3D11_MESSAGE_CATEGORY_EXECUTION), "DispatchIndirect: the buffer lacks DRAWINDIRECT_ARGS or the offset is unaligned; call ignored");
    return;
  }
  if (!prepareDispatch())
    return;
  keepAlive(pBufferForArgs);
  const vk::BufferSlice slice = sliceOf(*buffer);
  auto& dispatch = m_stream->record<vk::DispatchIndirectCommand>();
  dispatch = vk::DispatchIndirectCommand{slice.buffer, slice.offset + AlignedByteOffsetForArgs};
}

}  // namespace d3d11vk
