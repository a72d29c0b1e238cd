// D3D11DeviceContext: the Set*/Get* methods of every stage, the input assembler, rasterizer,
// output merger and stream output, SetPredication and ClearState. They update ContextState (with
// the references D3D11 keeps on bound objects) and mark what the next draw must record.
#include <algorithm>
#include <atomic>

#include "d3d11/caps/format_table.h"
#include "d3d11/d3d11_buffer.h"
#include "d3d11/d3d11_class_instance.h"
#include "d3d11/d3d11_device.h"
#include "d3d11/d3d11_device_context.h"
#include "d3d11/d3d11_message_ids.h"
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_view.h"
#include "vk/buffer.h"
#include "vk/command_stream.h"
#include "util/log.h"
#include "vk/shader_code.h"

namespace d3d11vk {

namespace {

// Copies bound objects out with a reference each, as the Get* methods document.
template <typename Interface, typename Stored>
void getObjects(const Stored* bound, UINT start, UINT count, UINT slots, Interface** out) {
  if (!out)
    return;
  for (UINT i = 0; i < count; ++i) {
    Interface* object = start + i < slots ? static_cast<Interface*>(bound[start + i].get()) : nullptr;
    if (object)
      object->AddRef();
    out[i] = object;
  }
}

// Whether [start, start + count) lies inside `slots`; D3D11 ignores the whole call otherwise.
bool rangeValid(const Diagnostics& diagnostics, UINT start, UINT count, UINT slots, const char* method) {
  if (start > slots || count > slots - start) {
    diagnostics.warn(slotRangeRefused(method), method, ": slots ", start, "+", count, " exceed ", slots, "; call ignored");
    return false;
  }
  return true;
}

// Feature level 9_x binding limits (seed 000, docs/pipelines.md "Feature level 9_x"): a call
// beyond them is ignored with a warning, as the other invalid binds are.
bool level9Refuses(const Diagnostics& diagnostics, D3D_FEATURE_LEVEL level, bool beyondLimit, const char* method, const char* why) {
  if (level >= D3D_FEATURE_LEVEL_10_0 || !beyondLimit)
    return false;
  diagnostics.warn(callIgnored(), method, ": ", why, " at feature level 9_x; call ignored");
  return true;
}

// Seed 000: the hull, domain, geometry and compute stages do not exist at 9_x (their shaders
// cannot be created there), so their Set* calls are ignored, views, samplers and buffers
// included. Engines reset every stage each frame, so each stage and method warns once.
enum class StageMethod : uint32_t { Shader, ShaderResources, Samplers, ConstantBuffers, UnorderedAccessViews, Count };

bool level9StageRefuses(D3D_FEATURE_LEVEL level, uint32_t stage, StageMethod method) {
  if (level >= D3D_FEATURE_LEVEL_10_0 || stage == uint32_t(dxbc::ShaderStage::Vertex) || stage == uint32_t(dxbc::ShaderStage::Pixel))
    return false;
  static const char* const kStages[] = {"VS", "HS", "DS", "GS", "PS", "CS"};
  static const char* const kMethods[] = {"SetShader", "SetShaderResources", "SetSamplers", "SetConstantBuffers",
                                         "SetUnorderedAccessViews"};
  static std::atomic<bool> warned[6][uint32_t(StageMethod::Count)];
  if (!warned[stage][uint32_t(method)].exchange(true))
    util::log::warn(kStages[stage], kMethods[uint32_t(method)], ": the stage does not exist at feature level 9_x; call ignored "
                    "(warned once)");
  return true;
}

// Seed 000: 9_3's four render targets all have the same bit depth.
bool sameBitDepth(UINT count, ID3D11RenderTargetView* const* views) {
  UINT bits = 0;
  for (UINT i = 0; i < count && views; ++i) {
    if (!views[i])
      continue;
    D3D11_RENDER_TARGET_VIEW_DESC desc;
    views[i]->GetDesc(&desc);
    const caps::FormatInfo* info = caps::formatInfo(desc.Format);
    const UINT viewBits = info ? info->bitsPerElement : 0;
    if (bits && viewBits != bits)
      return false;
    bits = viewBits;
  }
  return true;
}

bool isAdjacency(D3D11_PRIMITIVE_TOPOLOGY topology) {
  return topology == D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ || topology == D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ ||
         topology == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ || topology == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ;
}

ID3D11Resource* viewedResource(ID3D11ShaderResourceView* view) {
  return view ? static_cast<D3D11ShaderResourceView*>(view)->target().resource() : nullptr;
}

// The BindFlags of the view's resource (boundForOutput skips the bindings it cannot be in).
UINT viewBindFlags(ID3D11ShaderResourceView* view) {
  return static_cast<D3D11ShaderResourceView*>(view)->target().resourceBindFlags();
}
constexpr UINT kOutputBindFlags =
    D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_STREAM_OUTPUT;

ID3D11Resource* viewedResource(ID3D11RenderTargetView* view) {
  return view ? static_cast<D3D11RenderTargetView*>(view)->target().resource() : nullptr;
}
ID3D11Resource* viewedResource(ID3D11DepthStencilView* view) {
  return view ? static_cast<D3D11DepthStencilView*>(view)->target().resource() : nullptr;
}
ID3D11Resource* viewedResource(ID3D11UnorderedAccessView* view) {
  return view ? static_cast<D3D11UnorderedAccessView*>(view)->target().resource() : nullptr;
}

// Whether two views share a subresource of one resource (D3D11's hazard rules are per
// subresource: mip 1 may be sampled while mip 0 is a render target, as mip-chain generation in a
// shader does). Their mip ranges must meet and, except in 3D textures (whose mips are single
// subresources; render-target views pick depth slices), their array-layer ranges. Buffers are
// one subresource.
bool sharesSubresource(const ViewTarget& a, const ViewTarget& b) {
  if (a.resource() != b.resource())
    return false;
  const ViewRange& x = a.range();
  const ViewRange& y = b.range();
  if (x.shape == ViewShape::Buffer || y.shape == ViewShape::Buffer)
    return true;
  auto meet = [](uint64_t firstA, uint64_t countA, uint64_t firstB, uint64_t countB) {
    return firstA < firstB + countB && firstB < firstA + countA;
  };
  if (!meet(x.firstMip, x.mipCount, y.firstMip, y.mipCount))
    return false;
  return x.shape == ViewShape::Tex3D || y.shape == ViewShape::Tex3D || meet(x.firstLayer, x.layerCount, y.firstLayer, y.layerCount);
}

// A depth-stencil view conflicts with a shader-resource view of its subresources unless it is
// read-only in the aspect the shader-resource view reads (D3D11_DSV_READ_ONLY_DEPTH/_STENCIL).
bool depthStencilConflicts(ID3D11DepthStencilView* dsv, const ViewTarget& srv) {
  auto* view = static_cast<D3D11DepthStencilView*>(dsv);
  if (!sharesSubresource(view->target(), srv))
    return false;
  D3D11_DEPTH_STENCIL_VIEW_DESC desc{};
  view->GetDesc(&desc);
  const UINT readOnly = srv.range().stencilOnly ? D3D11_DSV_READ_ONLY_STENCIL : D3D11_DSV_READ_ONLY_DEPTH;
  return !(desc.Flags & readOnly);
}

// The hazard rules for a buffer bound for writing through a view (a buffer render-target view or
// unordered access view): D3D11 sets every other bind point that reads it to null, so its
// vertex-buffer, index-buffer and constant-buffer bindings (every stage) go, as its
// shader-resource views do.
void unbindBufferInputsOf(ContextState& state, ID3D11Resource* resource) {
  if (!resource)
    return;
  for (VertexBufferState& vertexBuffer : state.vertexBuffers)
    if (vertexBuffer.buffer && static_cast<ID3D11Resource*>(vertexBuffer.buffer.get()) == resource) {
      vertexBuffer.buffer = nullptr;
      state.vertexBuffersDirty = true;
    }
  if (state.indexBuffer && static_cast<ID3D11Resource*>(state.indexBuffer.get()) == resource) {
    state.indexBuffer = nullptr;
    state.indexBufferDirty = true;
  }
  for (StageState& stage : state.stages)
    for (ConstantBufferBinding& binding : stage.constantBuffers)
      if (binding.buffer && static_cast<ID3D11Resource*>(binding.buffer.get()) == resource) {
        binding.buffer = nullptr;
        stage.descriptorsDirty = true;
      }
}

}  // namespace

// The documented hazard rules: a resource bound for output (render target, depth-stencil, UAV) is
// never also bound for input, so binding it as an output unbinds its shader-resource views
// everywhere, and a shader-resource view of a resource bound for output binds as null.
void D3D11DeviceContext::unbindShaderResourcesOf(ID3D11Resource* resource) {
  if (!resource)
    return;
  for (StageState& stage : m_state.stages)
    for (auto& view : stage.shaderResources)
      if (view && viewedResource(view.get()) == resource) {
        view = nullptr;
        stage.descriptorsDirty = true;
      }
}

bool D3D11DeviceContext::unbindShaderResourcesSharing(const ViewTarget& output, ID3D11DepthStencilView* depthStencil) {
  bool unbound = false;
  for (StageState& stage : m_state.stages)
    for (auto& view : stage.shaderResources) {
      if (!view)
        continue;
      const ViewTarget& target = static_cast<D3D11ShaderResourceView*>(view.get())->target();
      if (depthStencil ? depthStencilConflicts(depthStencil, target) : sharesSubresource(output, target)) {
        view = nullptr;
        stage.descriptorsDirty = true;
        unbound = true;
      }
    }
  return unbound;
}

bool D3D11DeviceContext::shaderResourceHazard(ID3D11ShaderResourceView* view, uint32_t stage) const {
  const ViewTarget& target = static_cast<D3D11ShaderResourceView*>(view)->target();
  const UINT bindFlags = target.resourceBindFlags();
  auto sharesWith = [&](const auto& outputs) {
    for (const auto& output : outputs)
      if (output && sharesSubresource(static_cast<const D3D11UnorderedAccessView*>(output.get())->target(), target))
        return true;
    return false;
  };
  if (stage == uint32_t(dxbc::ShaderStage::Compute))
    return (bindFlags & D3D11_BIND_UNORDERED_ACCESS) && sharesWith(m_state.computeUavs);
  if (bindFlags & D3D11_BIND_RENDER_TARGET)
    for (const auto& rtv : m_state.renderTargets)
      if (rtv && sharesSubresource(static_cast<D3D11RenderTargetView*>(rtv.get())->target(), target))
        return true;
  if ((bindFlags & D3D11_BIND_DEPTH_STENCIL) && m_state.depthStencil && depthStencilConflicts(m_state.depthStencil.get(), target))
    return true;
  if ((bindFlags & D3D11_BIND_UNORDERED_ACCESS) && sharesWith(m_state.graphicsUavs))
    return true;
  return (bindFlags & D3D11_BIND_STREAM_OUTPUT) && boundForOutput(target.resource(), stage, D3D11_BIND_STREAM_OUTPUT);
}

bool D3D11DeviceContext::boundForOutput(ID3D11Resource* resource, uint32_t stage, UINT bindFlags) const {
  if (!resource)
    return false;
  const bool uavs = bindFlags & D3D11_BIND_UNORDERED_ACCESS;
  if (stage == uint32_t(dxbc::ShaderStage::Compute)) {
    for (const auto& uav : m_state.computeUavs)
      if (uavs && uav && viewedResource(uav.get()) == resource)
        return true;
    return false;
  }
  if (bindFlags & D3D11_BIND_RENDER_TARGET)
    for (const auto& rtv : m_state.renderTargets)
      if (rtv && viewedResource(rtv.get()) == resource)
        return true;
  if ((bindFlags & D3D11_BIND_DEPTH_STENCIL) && m_state.depthStencil &&
      viewedResource(m_state.depthStencil.get()) == resource)
    return true;
  if (uavs)
    for (const auto& uav : m_state.graphicsUavs)
      if (uav && viewedResource(uav.get()) == resource)
        return true;
  if (bindFlags & D3D11_BIND_STREAM_OUTPUT)
    for (const auto& target : m_state.streamOutTargets)
      if (target && static_cast<ID3D11Resource*>(target.get()) == resource)
        return true;
  return false;
}

template <typename ShaderClass>
void D3D11DeviceContext::setShader(typename ShaderClass::InterfaceType* shader, ID3D11ClassInstance* const* instances,
                                   UINT instanceCount) {
  constexpr uint32_t stage = uint32_t(ShaderClass::stage());
  if (level9StageRefuses(m_device->featureLevel(), stage, StageMethod::Shader))
    return;
  StageState& state = m_state.stages[stage];
  if (state.shader.get() != shader) {
    state.shader.rebind(shader, m_retainedBindings);
    const auto* object = static_cast<const ShaderClass*>(shader);
    state.compiled = object ? &object->compiled() : nullptr;
    state.code = object ? object->cachedCode() : nullptr;
    if (!state.code && state.compiled && state.compiled->error.empty()) {
      state.code = m_device->shaderCodeFor(*state.compiled);
      object->cacheCode(state.code);
    }
    // The entries are kept when the new shader's bindings are the old one's (recordDescriptors).
    state.shaderChanged = true;
    state.bindingsDirty = true;
    if (!state.code)
      state.entriesValid = false;  // changes meanwhile (a renamed buffer) do not mark a stage without a shader
    if constexpr (stage == uint32_t(dxbc::ShaderStage::Geometry)) {
      // The stream-output declaration's rasterized stream is pipeline state (rasterizer discard).
      const UINT rasterized = object && object->hasStreamOutput() ? object->streamOutput().rasterizedStream : 0;
      if (rasterized != m_state.rasterizedStream) {
        m_state.rasterizedStream = rasterized;
        m_state.pipelineDirty = true;
      }
    }
    if (stage == uint32_t(dxbc::ShaderStage::Compute))
      m_state.computePipelineDirty = true;
    else
      m_state.shadersDirty = true;  // a small command, not a new key (the common per-draw change)
  }
  // The common case, on every *SetShader: no classes before or after, nothing to do.
  if (instanceCount || !state.classInstances.empty() || !state.classInstanceBlock.empty() ||
      (state.compiled && state.compiled->reflection.interfaceSlots))
    setClassInstances(stage, instances, instanceCount);
}

// Per interface slot the block holds the function table the instance's class type takes in that
// slot (the shader's IFCE reflection says which) and the instance's `this` data: constant
// buffer, vector offset in it, first texture, first sampler. A slot with no instance, or whose
// instance's type the shader does not know for that slot, gets table ~0: its fcalls call nothing.
void D3D11DeviceContext::setClassInstances(uint32_t stage, ID3D11ClassInstance* const* instances, UINT count) {
  StageState& state = m_state.stages[stage];
  const uint32_t slots = state.compiled && state.compiled->error.empty() ? state.compiled->reflection.interfaceSlots : 0;
  if (!count && !slots && state.classInstances.empty() && state.classInstanceBlock.empty())
    return;  // the common case, on every *SetShader: no classes before or after
  if (count > dxbc::binding_model::kMaxInterfaceSlots) {
    m_device->diagnostics().warn(callIgnored(), "SetShader: NumClassInstances ", count, " is more than ", dxbc::binding_model::kMaxInterfaceSlots,
                    "; the class instances are ignored");
    count = 0;
  }
  if (count && !instances) {
    m_device->diagnostics().warn(callIgnored(), "SetShader: ", count, " class instances with a null array; bound as none");
    count = 0;
  }
  if (count < slots)
    D3D11VK_LOG_ONCE(Warn, "SetShader: the shader has ", slots, " interface slots but ", count,
                     " class instances were given; the other slots call nothing");
  state.classInstances.resize(count);
  for (UINT i = 0; i < count; ++i)
    state.classInstances[i] = instances[i];
  state.descriptorsDirty = true;  // the next draw or dispatch writes the block (recordClassInstances)
  if (!slots) {
    state.classInstanceBlock.clear();
    return;
  }

  // Always the block for 253 slots: one buffer size, whatever the shader.
  std::vector<uint32_t> words(8 * dxbc::binding_model::kMaxInterfaceSlots, 0);
  const dxbc::Interfaces& reflection = state.compiled->interfaces;
  for (uint32_t slot = 0; slot < slots; ++slot) {
    words[8 * slot] = ~0u;
    ID3D11ClassInstance* instance = slot < count ? state.classInstances[slot].get() : nullptr;
    if (!instance)
      continue;
    const auto* object = static_cast<const D3D11ClassInstance*>(instance);
    const dxbc::ClassType* type = reflection.typeNamed(object->typeName());
    uint32_t table = 0;
    if (!type || !reflection.tableFor(slot, type->id, table)) {
      m_device->diagnostics().warn(callIgnored(), "SetShader: class instance of type '", object->typeName(), "' in interface slot ", slot,
                      ": the shader has no function table for it; the slot calls nothing");
      continue;
    }
    const D3D11_CLASS_INSTANCE_DESC& desc = object->desc();
    words[8 * slot] = table;
    words[8 * slot + 4] = desc.ConstantBuffer;
    words[8 * slot + 5] = desc.BaseConstantBufferOffset;
    words[8 * slot + 6] = desc.BaseTexture;
    words[8 * slot + 7] = desc.BaseSampler;
  }
  state.classInstanceBlock = std::move(words);
}

template <typename Interface>
void D3D11DeviceContext::getShader(const StageState& state, Interface** shader, ID3D11ClassInstance** instances,
                                   UINT* instanceCount) {
  if (shader) {
    *shader = static_cast<Interface*>(state.shader.get());
    if (*shader)
      (*shader)->AddRef();
  }
  // *instanceCount: in, the array's length; out, the number of instances bound with the shader.
  const UINT bound = UINT(state.classInstances.size());
  if (instances && instanceCount) {
    for (UINT i = 0; i < *instanceCount; ++i) {
      instances[i] = i < bound ? state.classInstances[i].get() : nullptr;
      if (instances[i])
        instances[i]->AddRef();
    }
  }
  if (instanceCount)
    *instanceCount = bound;
}

void D3D11DeviceContext::setConstantBuffers(uint32_t stage, UINT start, UINT count, ID3D11Buffer* const* buffers,
                                               const UINT* firstConstant, const UINT* numConstants) {
  if (level9StageRefuses(m_device->featureLevel(), stage, StageMethod::ConstantBuffers) ||
      !rangeValid(m_device->diagnostics(), start, count, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT, "SetConstantBuffers"))
    return;
  // Documented for *SetConstantBuffers1: offsets and sizes are multiples of 16 constants, a size
  // at most 4096; Windows also ignores a call that gives only one of the two arrays.
  if (bool(firstConstant) != bool(numConstants)) {
    m_device->diagnostics().warn(callIgnored(), "SetConstantBuffers1: pFirstConstant and pNumConstants must both be given or both be null; call ignored");
    return;
  }
  for (UINT i = 0; firstConstant && i < count; ++i) {
    if (buffers && buffers[i] && (firstConstant[i] % 16 || numConstants[i] % 16 || numConstants[i] > 4096)) {
      m_device->diagnostics().warn(callIgnored(), "SetConstantBuffers1: slot ", start + i, " has offset ", firstConstant[i], " and size ", numConstants[i],
                      " constants, not multiples of 16 up to 4096; call ignored");
      return;
    }
  }
  StageState& state = m_state.stages[stage];
  for (UINT i = 0; i < count; ++i) {
    ConstantBufferBinding& binding = state.constantBuffers[start + i];
    ID3D11Buffer* buffer = buffers ? buffers[i] : nullptr;
    if (buffer && boundForOutput(buffer, stage)) {
      m_device->diagnostics().report(util::log::Level::Debug, inputHazard(stage, BindKind::ConstantBuffers),
                                     "SetConstantBuffers: the buffer of slot ", start + i, " is bound for output; bound as null");
      buffer = nullptr;  // an output is never also an input
    }
    const UINT first = firstConstant ? firstConstant[i] : 0, number = numConstants ? numConstants[i] : 0;
    if (binding.buffer.get() == buffer && binding.firstConstant == first && binding.numConstants == number)
      continue;
    binding.buffer = buffer;
    binding.firstConstant = first;
    binding.numConstants = number;
    state.markBindingDirty(dxbc::binding_model::kConstantBufferBase + start + i);
  }
}

void D3D11DeviceContext::getConstantBuffers(const StageState& state, UINT start, UINT count, ID3D11Buffer** buffers,
                                            UINT* firstConstant, UINT* numConstants) {
  for (UINT i = 0; i < count; ++i) {
    const bool inRange = start + i < D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT;
    const ConstantBufferBinding* binding = inRange ? &state.constantBuffers[start + i] : nullptr;
    if (buffers) {
      buffers[i] = binding ? binding->buffer.get() : nullptr;
      if (buffers[i])
        buffers[i]->AddRef();
    }
    if (firstConstant)
      firstConstant[i] = binding ? binding->firstConstant : 0;
    if (numConstants)
      numConstants[i] = binding ? (binding->numConstants ? binding->numConstants : 4096) : 0;
  }
}

void D3D11DeviceContext::setShaderResources(uint32_t stage, UINT start, UINT count, ID3D11ShaderResourceView* const* views) {
  const D3D_FEATURE_LEVEL level = m_device->featureLevel();
  if (level9StageRefuses(level, stage, StageMethod::ShaderResources) ||
      !rangeValid(m_device->diagnostics(), start, count, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, "SetShaderResources"))
    return;
  if (level == D3D_FEATURE_LEVEL_9_1 && stage == uint32_t(dxbc::ShaderStage::Pixel)) {
    // Seed 000: at most eight pixel-shader resources at 9_1 (slots 0-7; null views past them count not).
    UINT bound = 0;
    for (UINT i = 0; i < count && views; ++i)
      if (views[i])
        bound = start + i + 1;
    if (level9Refuses(m_device->diagnostics(), level, bound > 8, "PSSetShaderResources", "a shader resource past slot 7 (9_1 binds eight)"))
      return;
  }
  StageState& state = m_state.stages[stage];
  for (UINT i = 0; i < count; ++i) {
    ID3D11ShaderResourceView* view = views ? views[i] : nullptr;
    // Most views are of resources that can never be bound for output: no scan of the outputs.
    if (view && (viewBindFlags(view) & kOutputBindFlags) && shaderResourceHazard(view, stage)) {
      m_device->diagnostics().report(util::log::Level::Debug, inputHazard(stage, BindKind::ShaderResources),
                                     "SetShaderResources: a subresource of slot ", start + i, " is bound for output; bound as null");
      view = nullptr;
    }
    if (state.shaderResources[start + i].get() != view) {
      state.shaderResources[start + i].rebind(view, m_retainedBindings);
      state.markBindingDirty(dxbc::binding_model::kShaderResourceBase + start + i);
    }
  }
}

void D3D11DeviceContext::setSamplers(uint32_t stage, UINT start, UINT count, ID3D11SamplerState* const* samplers) {
  // D3D11's 16 sampler slots are also 9_x's limit (seed 000): rangeValid refuses the rest.
  if (level9StageRefuses(m_device->featureLevel(), stage, StageMethod::Samplers) ||
      !rangeValid(m_device->diagnostics(), start, count, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT, "SetSamplers"))
    return;
  StageState& state = m_state.stages[stage];
  for (UINT i = 0; i < count; ++i) {
    ID3D11SamplerState* sampler = samplers ? samplers[i] : nullptr;
    if (state.samplers[start + i].get() != sampler) {
      state.samplers[start + i].rebind(sampler, m_retainedBindings);
      state.markBindingDirty(dxbc::binding_model::kSamplerBase + start + i);
    }
  }
}

// The six stages' methods share the bodies above.
#define D3D11VK_STAGE_METHODS(Prefix, Stage, ShaderClass, Interface)                                                            \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##SetShader(Interface* pShader, ID3D11ClassInstance* const* ppInstances, \
                                                                  UINT NumInstances) {                                       \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    if (!bindingCallSwitchedOff(#Prefix "SetShader"))                                                                        \
      setShader<ShaderClass>(pShader, ppInstances, NumInstances);                                                            \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##GetShader(Interface** ppShader, ID3D11ClassInstance** ppInstances,   \
                                                                  UINT* pNumInstances) {                                     \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    getShader(visibleBindings(#Prefix "GetShader").stages[uint32_t(Stage)], ppShader, ppInstances, pNumInstances);           \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##SetShaderResources(UINT StartSlot, UINT NumViews,                    \
                                                                           ID3D11ShaderResourceView* const* ppViews) {       \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    if (!bindingCallSwitchedOff(#Prefix "SetShaderResources"))                                                               \
      setShaderResources(uint32_t(Stage), StartSlot, NumViews, ppViews);                                                     \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##GetShaderResources(UINT StartSlot, UINT NumViews,                    \
                                                                           ID3D11ShaderResourceView** ppViews) {             \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    getObjects(visibleBindings(#Prefix "GetShaderResources").stages[uint32_t(Stage)].shaderResources, StartSlot, NumViews,  \
               D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT, ppViews);                                                       \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##SetSamplers(UINT StartSlot, UINT NumSamplers,                        \
                                                                    ID3D11SamplerState* const* ppSamplers) {                 \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    if (!bindingCallSwitchedOff(#Prefix "SetSamplers"))                                                                      \
      setSamplers(uint32_t(Stage), StartSlot, NumSamplers, ppSamplers);                                                      \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##GetSamplers(UINT StartSlot, UINT NumSamplers,                        \
                                                                    ID3D11SamplerState** ppSamplers) {                       \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    const ContextState& state = visibleBindings(#Prefix "GetSamplers");                                                     \
    /* Windows writes nothing into a switched-off PSGetSamplers' array (Wine's conformance */                               \
    /* test_device_context_state sees it); every other Get* answers the defaults. */                                        \
    if (&state != &m_state && uint32_t(Stage) == uint32_t(dxbc::ShaderStage::Pixel))                                         \
      return;                                                                                                                \
    getObjects(state.stages[uint32_t(Stage)].samplers, StartSlot, NumSamplers, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT,        \
               ppSamplers);                                                                                                  \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##SetConstantBuffers(UINT StartSlot, UINT NumBuffers,                  \
                                                                           ID3D11Buffer* const* ppBuffers) {                 \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    if (!bindingCallSwitchedOff(#Prefix "SetConstantBuffers"))                                                               \
      setConstantBuffers(uint32_t(Stage), StartSlot, NumBuffers, ppBuffers, nullptr, nullptr);                               \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##SetConstantBuffers1(                                                 \
      UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppBuffers, const UINT* pFirstConstant, const UINT* pNumConstants) { \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    if (!bindingCallSwitchedOff(#Prefix "SetConstantBuffers1"))                                                              \
      setConstantBuffers(uint32_t(Stage), StartSlot, NumBuffers, ppBuffers, pFirstConstant, pNumConstants);                  \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##GetConstantBuffers(UINT StartSlot, UINT NumBuffers,                  \
                                                                           ID3D11Buffer** ppBuffers) {                       \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    getConstantBuffers(visibleBindings(#Prefix "GetConstantBuffers").stages[uint32_t(Stage)], StartSlot, NumBuffers,        \
                       ppBuffers, nullptr, nullptr);                                                                         \
  }                                                                                                                          \
  void STDMETHODCALLTYPE D3D11DeviceContext::Prefix##GetConstantBuffers1(                                                 \
      UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppBuffers, UINT* pFirstConstant, UINT* pNumConstants) {                \
    D3D11VK_CONTEXT_LOCK();                                                                                                  \
    getConstantBuffers(visibleBindings(#Prefix "GetConstantBuffers1").stages[uint32_t(Stage)], StartSlot, NumBuffers,       \
                       ppBuffers, pFirstConstant, pNumConstants);                                                            \
  }

D3D11VK_STAGE_METHODS(VS, dxbc::ShaderStage::Vertex, D3D11VertexShader, ID3D11VertexShader)
D3D11VK_STAGE_METHODS(HS, dxbc::ShaderStage::Hull, D3D11HullShader, ID3D11HullShader)
D3D11VK_STAGE_METHODS(DS, dxbc::ShaderStage::Domain, D3D11DomainShader, ID3D11DomainShader)
D3D11VK_STAGE_METHODS(GS, dxbc::ShaderStage::Geometry, D3D11GeometryShader, ID3D11GeometryShader)
D3D11VK_STAGE_METHODS(PS, dxbc::ShaderStage::Pixel, D3D11PixelShader, ID3D11PixelShader)
D3D11VK_STAGE_METHODS(CS, dxbc::ShaderStage::Compute, D3D11ComputeShader, ID3D11ComputeShader)
#undef D3D11VK_STAGE_METHODS

void STDMETHODCALLTYPE D3D11DeviceContext::CSSetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs,
                                                                        ID3D11UnorderedAccessView* const* ppUnorderedAccessViews,
                                                                        const UINT* pUAVInitialCounts) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("CSSetUnorderedAccessViews"))
    return;
  if (level9StageRefuses(m_device->featureLevel(), uint32_t(dxbc::ShaderStage::Compute), StageMethod::UnorderedAccessViews) ||
      !rangeValid(m_device->diagnostics(), StartSlot, NumUAVs, D3D11_1_UAV_SLOT_COUNT, "CSSetUnorderedAccessViews"))
    return;
  for (UINT i = 0; i < NumUAVs; ++i) {
    m_state.computeUavs[StartSlot + i] = ppUnorderedAccessViews ? ppUnorderedAccessViews[i] : nullptr;
    if (ID3D11UnorderedAccessView* uav = m_state.computeUavs[StartSlot + i].get())
      if (unbindShaderResourcesSharing(static_cast<D3D11UnorderedAccessView*>(uav)->target()))
        m_device->diagnostics().report(util::log::Level::Debug, inputHazard(uint32_t(dxbc::ShaderStage::Compute),
                                                                            BindKind::UnorderedAccessViews),
                                       "CSSetUnorderedAccessViews: slot ", StartSlot + i,
                                       " is bound as a shader resource; those bindings are set to null");
    unbindBufferInputsOf(m_state, viewedResource(m_state.computeUavs[StartSlot + i].get()));
    if (pUAVInitialCounts)
      setInitialCount(m_state.computeUavs[StartSlot + i].get(), pUAVInitialCounts[i]);
  }
  m_state.stages[uint32_t(dxbc::ShaderStage::Compute)].descriptorsDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::CSGetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs,
                                                                        ID3D11UnorderedAccessView** ppUnorderedAccessViews) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("CSGetUnorderedAccessViews");
  getObjects(state.computeUavs, StartSlot, NumUAVs, D3D11_1_UAV_SLOT_COUNT, ppUnorderedAccessViews);
}

void D3D11DeviceContext::setInitialCount(ID3D11UnorderedAccessView* view, UINT count) {
  // Documented: -1 keeps the current count; only append/counter views have one.
  vk::Buffer* counter = view ? static_cast<D3D11UnorderedAccessView*>(view)->counter() : nullptr;
  if (!counter || count == UINT(-1))
    return;
  keepAlive(view);
  auto& fill = m_stream->record<vk::FillBufferCommand>();
  fill.buffer = counter->handle();
  fill.offset = 0;
  fill.size = 4;
  fill.value = count;
}

// ---- Input assembler ----

void STDMETHODCALLTYPE D3D11DeviceContext::IASetInputLayout(ID3D11InputLayout* pInputLayout) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("IASetInputLayout"))
    return;
  if (m_state.inputLayout.get() != pInputLayout) {
    m_state.inputLayout = pInputLayout;
    m_state.pipelineDirty = true;
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::IAGetInputLayout(ID3D11InputLayout** ppInputLayout) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("IAGetInputLayout");
  if (ppInputLayout) {
    *ppInputLayout = state.inputLayout.get();
    if (*ppInputLayout)
      (*ppInputLayout)->AddRef();
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::IASetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppVertexBuffers,
                                                                 const UINT* pStrides, const UINT* pOffsets) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("IASetVertexBuffers"))
    return;
  if (!rangeValid(m_device->diagnostics(), StartSlot, NumBuffers, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT, "IASetVertexBuffers"))
    return;
  for (UINT i = 0; i < NumBuffers; ++i) {
    VertexBufferState& slot = m_state.vertexBuffers[StartSlot + i];
    ID3D11Buffer* buffer = ppVertexBuffers ? ppVertexBuffers[i] : nullptr;
    if (buffer && boundForOutput(buffer, uint32_t(dxbc::ShaderStage::Vertex))) {
      m_device->diagnostics().report(util::log::Level::Debug, vertexBufferHazard(), "IASetVertexBuffers: the buffer of slot ",
                                     StartSlot + i, " is bound for stream output; bound as null");
      buffer = nullptr;  // an output is never also an input (binds as null)
    }
    const UINT stride = pStrides ? pStrides[i] : 0, offset = pOffsets ? pOffsets[i] : 0;
    if (slot.stride != stride)
      m_state.pipelineDirty = true;  // strides are part of the Vulkan pipeline
    slot.buffer = buffer;
    slot.stride = stride;
    slot.offset = offset;
  }
  m_state.vertexBuffersDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::IAGetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppVertexBuffers,
                                                                 UINT* pStrides, UINT* pOffsets) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("IAGetVertexBuffers");
  for (UINT i = 0; i < NumBuffers; ++i) {
    const bool inRange = StartSlot + i < D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT;
    const VertexBufferState* slot = inRange ? &state.vertexBuffers[StartSlot + i] : nullptr;
    if (ppVertexBuffers) {
      ppVertexBuffers[i] = slot ? slot->buffer.get() : nullptr;
      if (ppVertexBuffers[i])
        ppVertexBuffers[i]->AddRef();
    }
    if (pStrides)
      pStrides[i] = slot ? slot->stride : 0;
    if (pOffsets)
      pOffsets[i] = slot ? slot->offset : 0;
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::IASetIndexBuffer(ID3D11Buffer* pIndexBuffer, DXGI_FORMAT Format, UINT Offset) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("IASetIndexBuffer"))
    return;
  if (pIndexBuffer && Format != DXGI_FORMAT_R16_UINT && Format != DXGI_FORMAT_R32_UINT) {
    m_device->diagnostics().warn(indexFormatRefused(), "IASetIndexBuffer: format ", int(Format), " is not R16_UINT or R32_UINT; call ignored");
    return;
  }
  if (pIndexBuffer && Format == DXGI_FORMAT_R32_UINT && m_device->featureLevel() == D3D_FEATURE_LEVEL_9_1) {
    m_device->diagnostics().warn(callIgnored(), "IASetIndexBuffer: feature level 9_1 takes only R16_UINT indices; call ignored");
    return;
  }
  if (pIndexBuffer && boundForOutput(pIndexBuffer, uint32_t(dxbc::ShaderStage::Vertex))) {
    m_device->diagnostics().report(util::log::Level::Debug, indexBufferHazard(),
                                   "IASetIndexBuffer: the buffer is bound for output; bound as null");
    pIndexBuffer = nullptr;  // an output is never also an input
  }
  m_state.indexBuffer = pIndexBuffer;
  m_state.indexFormat = Format;
  m_state.indexOffset = Offset;
  m_state.indexBufferDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::IAGetIndexBuffer(ID3D11Buffer** pIndexBuffer, DXGI_FORMAT* Format, UINT* Offset) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("IAGetIndexBuffer");
  if (pIndexBuffer) {
    *pIndexBuffer = state.indexBuffer.get();
    if (*pIndexBuffer)
      (*pIndexBuffer)->AddRef();
  }
  if (Format)
    *Format = state.indexFormat;
  if (Offset)
    *Offset = state.indexOffset;
}

void STDMETHODCALLTYPE D3D11DeviceContext::IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY Topology) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("IASetPrimitiveTopology"))
    return;
  if (level9Refuses(m_device->diagnostics(), m_device->featureLevel(), isAdjacency(Topology), "IASetPrimitiveTopology", "adjacency topologies"))
    return;
  if (m_state.topology != Topology) {
    m_state.topology = Topology;
    m_state.pipelineDirty = true;
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::IAGetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY* pTopology) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("IAGetPrimitiveTopology");
  if (pTopology)
    *pTopology = state.topology;
}

// ---- Rasterizer ----

void STDMETHODCALLTYPE D3D11DeviceContext::RSSetState(ID3D11RasterizerState* pRasterizerState) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("RSSetState"))
    return;
  if (m_state.rasterizerState.get() != pRasterizerState) {
    m_state.rasterizerState = pRasterizerState;
    m_state.pipelineDirty = true;
    m_state.dynamicDirty = true;   // depth bias values
    m_state.viewportsDirty = true;  // scissor enable
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::RSGetState(ID3D11RasterizerState** ppRasterizerState) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("RSGetState");
  if (ppRasterizerState) {
    *ppRasterizerState = state.rasterizerState.get();
    if (*ppRasterizerState)
      (*ppRasterizerState)->AddRef();
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::RSSetViewports(UINT NumViewports, const D3D11_VIEWPORT* pViewports) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("RSSetViewports"))
    return;
  if (NumViewports > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (NumViewports && !pViewports)) {
    m_device->diagnostics().warn(slotRangeRefused("RSSetViewports"), "RSSetViewports: ", NumViewports, " viewports; call ignored");
    return;
  }
  if (level9Refuses(m_device->diagnostics(), m_device->featureLevel(), NumViewports > 1, "RSSetViewports", "viewports past slot 0"))
    return;
  if (m_state.viewportCount != NumViewports)
    m_state.pipelineDirty = true;  // the viewport count is part of the pipeline
  m_state.viewportCount = NumViewports;
  std::copy_n(pViewports, NumViewports, m_state.viewports);
  m_state.viewportsDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::RSGetViewports(UINT* pNumViewports, D3D11_VIEWPORT* pViewports) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("RSGetViewports");
  if (!pNumViewports)
    return;
  if (pViewports) {
    // Windows fills the slots asked for and reports how many of them are set.
    for (UINT i = 0; i < *pNumViewports; ++i)
      pViewports[i] = i < state.viewportCount ? state.viewports[i] : D3D11_VIEWPORT{};
    *pNumViewports = std::min(*pNumViewports, state.viewportCount);
  } else {
    *pNumViewports = state.viewportCount;
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::RSSetScissorRects(UINT NumRects, const D3D11_RECT* pRects) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("RSSetScissorRects"))
    return;
  if (NumRects > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE || (NumRects && !pRects)) {
    m_device->diagnostics().warn(callIgnored(), "RSSetScissorRects: ", NumRects, " rectangles; call ignored");
    return;
  }
  if (level9Refuses(m_device->diagnostics(), m_device->featureLevel(), NumRects > 1, "RSSetScissorRects", "scissor rectangles past slot 0"))
    return;
  m_state.scissorCount = NumRects;
  std::copy_n(pRects, NumRects, m_state.scissors);
  m_state.viewportsDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::RSGetScissorRects(UINT* pNumRects, D3D11_RECT* pRects) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("RSGetScissorRects");
  if (!pNumRects)
    return;
  if (pRects) {
    // As RSGetViewports: the slots asked for are filled, the count says how many are set.
    for (UINT i = 0; i < *pNumRects; ++i)
      pRects[i] = i < state.scissorCount ? state.scissors[i] : D3D11_RECT{};
    *pNumRects = std::min(*pNumRects, state.scissorCount);
  } else {
    *pNumRects = state.scissorCount;
  }
}

// ---- Output merger ----

void STDMETHODCALLTYPE D3D11DeviceContext::OMSetRenderTargets(UINT NumViews, ID3D11RenderTargetView* const* ppRenderTargetViews,
                                                                 ID3D11DepthStencilView* pDepthStencilView) {
  D3D11VK_CONTEXT_LOCK();
  OMSetRenderTargetsAndUnorderedAccessViews(NumViews, ppRenderTargetViews, pDepthStencilView, 0,
                                            D3D11_KEEP_UNORDERED_ACCESS_VIEWS, nullptr, nullptr);
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMSetRenderTargetsAndUnorderedAccessViews(
    UINT NumRTVs, ID3D11RenderTargetView* const* ppRenderTargetViews, ID3D11DepthStencilView* pDepthStencilView, UINT UAVStartSlot,
    UINT NumUAVs, ID3D11UnorderedAccessView* const* ppUnorderedAccessViews, const UINT* pUAVInitialCounts) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("OMSetRenderTargetsAndUnorderedAccessViews"))
    return;
  const D3D_FEATURE_LEVEL level = m_device->featureLevel();
  if (level9Refuses(m_device->diagnostics(), level, NumUAVs != D3D11_KEEP_UNORDERED_ACCESS_VIEWS && NumUAVs != 0,
                    "OMSetRenderTargetsAndUnorderedAccessViews", "unordered access views"))
    return;
  if (NumRTVs != D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL) {
    if (NumRTVs > D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT) {
      m_device->diagnostics().warn(callIgnored(), "OMSetRenderTargets: ", NumRTVs, " render targets; call ignored");
      return;
    }
    // 9_1 and 9_2 have one render target, 9_3 four (null views past the last bound one count not).
    UINT bound = 0;
    for (UINT i = 0; i < NumRTVs && ppRenderTargetViews; ++i)
      if (ppRenderTargetViews[i])
        bound = i + 1;
    if (level9Refuses(m_device->diagnostics(), level, bound > (level == D3D_FEATURE_LEVEL_9_3 ? 4u : 1u), "OMSetRenderTargets",
                      "more render targets than the level has"))
      return;
    if (level9Refuses(m_device->diagnostics(), level, level < D3D_FEATURE_LEVEL_10_0 && !sameBitDepth(NumRTVs, ppRenderTargetViews), "OMSetRenderTargets",
                      "render targets of different bit depths"))
      return;
    for (UINT i = 0; i < D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT; ++i)
      m_state.renderTargets[i] = i < NumRTVs && ppRenderTargetViews ? ppRenderTargetViews[i] : nullptr;
    m_state.depthStencil = pDepthStencilView;
    for (const auto& rtv : m_state.renderTargets) {
      if (rtv && unbindShaderResourcesSharing(static_cast<D3D11RenderTargetView*>(rtv.get())->target()))
        m_device->diagnostics().report(util::log::Level::Debug, renderTargetHazard(),
                                       "OMSetRenderTargets: a render target is bound as a shader resource; those bindings are set to null");
      unbindBufferInputsOf(m_state, viewedResource(rtv.get()));  // buffer render-target views
    }
    if (pDepthStencilView &&
        unbindShaderResourcesSharing(static_cast<D3D11DepthStencilView*>(pDepthStencilView)->target(), pDepthStencilView))
      m_device->diagnostics().report(util::log::Level::Debug, renderTargetHazard(),
                                     "OMSetRenderTargets: the depth-stencil view is bound as a shader resource; those bindings are set to null");
    m_state.renderTargetsDirty = true;
    m_state.pipelineDirty = true;  // attachment formats and sample count
  }
  if (NumUAVs != D3D11_KEEP_UNORDERED_ACCESS_VIEWS) {
    if (!rangeValid(m_device->diagnostics(), UAVStartSlot, NumUAVs, D3D11_1_UAV_SLOT_COUNT, "OMSetRenderTargetsAndUnorderedAccessViews"))
      return;
    for (UINT i = 0; i < D3D11_1_UAV_SLOT_COUNT; ++i) {
      const bool inRange = i >= UAVStartSlot && i < UAVStartSlot + NumUAVs;
      m_state.graphicsUavs[i] = inRange && ppUnorderedAccessViews ? ppUnorderedAccessViews[i - UAVStartSlot] : nullptr;
      if (inRange && pUAVInitialCounts)
        setInitialCount(m_state.graphicsUavs[i].get(), pUAVInitialCounts[i - UAVStartSlot]);
      if (ID3D11UnorderedAccessView* uav = m_state.graphicsUavs[i].get())
        if (unbindShaderResourcesSharing(static_cast<D3D11UnorderedAccessView*>(uav)->target()))
          m_device->diagnostics().report(util::log::Level::Debug, unorderedAccessHazard(),
                                         "OMSetRenderTargetsAndUnorderedAccessViews: UAV slot ", i,
                                         " is bound as a shader resource; those bindings are set to null");
      unbindBufferInputsOf(m_state, viewedResource(m_state.graphicsUavs[i].get()));
    }
    for (uint32_t stage = 0; stage < uint32_t(dxbc::ShaderStage::Compute); ++stage)
      m_state.stages[stage].descriptorsDirty = true;
  }
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMGetRenderTargets(UINT NumViews, ID3D11RenderTargetView** ppRenderTargetViews,
                                                                 ID3D11DepthStencilView** ppDepthStencilView) {
  D3D11VK_CONTEXT_LOCK();
  OMGetRenderTargetsAndUnorderedAccessViews(NumViews, ppRenderTargetViews, ppDepthStencilView, 0, 0, nullptr);
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMGetRenderTargetsAndUnorderedAccessViews(
    UINT NumRTVs, ID3D11RenderTargetView** ppRenderTargetViews, ID3D11DepthStencilView** ppDepthStencilView, UINT UAVStartSlot,
    UINT NumUAVs, ID3D11UnorderedAccessView** ppUnorderedAccessViews) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("OMGetRenderTargetsAndUnorderedAccessViews");
  getObjects(state.renderTargets, 0, NumRTVs, D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT, ppRenderTargetViews);
  if (ppDepthStencilView) {
    *ppDepthStencilView = state.depthStencil.get();
    if (*ppDepthStencilView)
      (*ppDepthStencilView)->AddRef();
  }
  getObjects(state.graphicsUavs, UAVStartSlot, NumUAVs, D3D11_1_UAV_SLOT_COUNT, ppUnorderedAccessViews);
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMSetBlendState(ID3D11BlendState* pBlendState, const FLOAT BlendFactor[4], UINT SampleMask) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("OMSetBlendState"))
    return;
  if (level9Refuses(m_device->diagnostics(), m_device->featureLevel(), SampleMask == 0, "OMSetBlendState", "a zero sample mask"))
    return;
  if (m_state.blendState.get() != pBlendState || m_state.sampleMask != SampleMask)
    m_state.pipelineDirty = true;
  m_state.blendState = pBlendState;
  m_state.sampleMask = SampleMask;
  const FLOAT ones[4] = {1, 1, 1, 1};  // documented: a null factor means all ones
  std::copy_n(BlendFactor ? BlendFactor : ones, 4, m_state.blendFactor);
  m_state.dynamicDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMGetBlendState(ID3D11BlendState** ppBlendState, FLOAT BlendFactor[4], UINT* pSampleMask) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("OMGetBlendState");
  if (ppBlendState) {
    *ppBlendState = state.blendState.get();
    if (*ppBlendState)
      (*ppBlendState)->AddRef();
  }
  if (BlendFactor)
    std::copy_n(state.blendFactor, 4, BlendFactor);
  if (pSampleMask)
    *pSampleMask = state.sampleMask;
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMSetDepthStencilState(ID3D11DepthStencilState* pDepthStencilState, UINT StencilRef) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("OMSetDepthStencilState"))
    return;
  if (m_state.depthStencilState.get() != pDepthStencilState) {
    m_state.depthStencilState = pDepthStencilState;
    m_state.pipelineDirty = true;
  }
  m_state.stencilRef = StencilRef;
  m_state.dynamicDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::OMGetDepthStencilState(ID3D11DepthStencilState** ppDepthStencilState, UINT* pStencilRef) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("OMGetDepthStencilState");
  if (ppDepthStencilState) {
    *ppDepthStencilState = state.depthStencilState.get();
    if (*ppDepthStencilState)
      (*ppDepthStencilState)->AddRef();
  }
  if (pStencilRef)
    *pStencilRef = state.stencilRef;
}

// ---- Stream output and predication ----

void STDMETHODCALLTYPE D3D11DeviceContext::SOSetTargets(UINT NumBuffers, ID3D11Buffer* const* ppSOTargets, const UINT* pOffsets) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("SOSetTargets"))
    return;
  if (NumBuffers > D3D11_SO_BUFFER_SLOT_COUNT)
    return;
  for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; ++i) {
    m_state.streamOutTargets[i] = i < NumBuffers && ppSOTargets ? ppSOTargets[i] : nullptr;
    m_state.streamOutOffsets[i] = i < NumBuffers && pOffsets ? pOffsets[i] : 0;
    ID3D11Buffer* target = m_state.streamOutTargets[i].get();
    if (!target)
      continue;
    // An output is never also an input: its shader-resource views and vertex-, index- and
    // constant-buffer bindings go.
    unbindShaderResourcesOf(target);
    unbindBufferInputsOf(m_state, target);
    // Documented: an offset of -1 appends after what the buffer holds (its counter as it is);
    // any other offset is where writing starts, so the counter is set to it.
    D3D11ResourceCommon* resource = resourceCommon(target);
    D3D11Buffer* buffer = resource ? resource->asBuffer() : nullptr;
    vk::Buffer* counter = buffer ? buffer->streamOutCounter() : nullptr;
    if (counter && m_state.streamOutOffsets[i] != UINT(-1)) {
      keepAlive(target);
      auto& fill = m_stream->record<vk::FillBufferCommand>();
      fill.buffer = counter->handle();
      fill.offset = 0;
      fill.size = 4;
      fill.value = m_state.streamOutOffsets[i];
    }
  }
  m_state.streamOutDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::SOGetTargets(UINT NumBuffers, ID3D11Buffer** ppSOTargets) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("SOGetTargets");
  getObjects(state.streamOutTargets, 0, NumBuffers, D3D11_SO_BUFFER_SLOT_COUNT, ppSOTargets);
}

void STDMETHODCALLTYPE D3D11DeviceContext::SetPredication(ID3D11Predicate* pPredicate, BOOL PredicateValue) {
  D3D11VK_CONTEXT_LOCK();
  if (bindingCallSwitchedOff("SetPredication"))
    return;
  // STATUS: partial: draws, dispatches and view clears are conditional on the GPU (VK_EXT_conditional_rendering); copies, updates, UAV clears, resolves and mip generation read the predicate on the CPU (a wait), are not skipped by PREDICATEHINT predicates nor when the predicate must be read from a submission that also presents; without the extension only those transfers are predicated
  if (m_state.predicate.get() == pPredicate && m_state.predicateValue == PredicateValue)
    return;
  m_state.predicate = pPredicate;
  m_state.predicateValue = PredicateValue;
  m_state.predicationDirty = true;
}

void STDMETHODCALLTYPE D3D11DeviceContext::GetPredication(ID3D11Predicate** ppPredicate, BOOL* pPredicateValue) {
  D3D11VK_CONTEXT_LOCK();
  const ContextState& state = visibleBindings("GetPredication");
  if (ppPredicate) {
    *ppPredicate = state.predicate.get();
    if (*ppPredicate)
      (*ppPredicate)->AddRef();
  }
  if (pPredicateValue)
    *pPredicateValue = state.predicateValue;
}

void STDMETHODCALLTYPE D3D11DeviceContext::ClearState() {
  D3D11VK_CONTEXT_LOCK();
  releaseRetainedBindings();
  if (bindingCallSwitchedOff("ClearState"))
    return;
  // Every binding back to its default (null objects, zero counts, all-ones blend factor and
  // sample mask); the next draw records everything again.
  m_state = ContextState{};
}

}  // namespace d3d11vk
