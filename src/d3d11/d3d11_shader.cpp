// D3D11Shader: identity and the private info face of the six shader classes, and createShader.
#include "d3d11/d3d11_shader.h"
#include "d3d11/d3d11_message_ids.h"

#include <algorithm>
#include <cstring>
#include <new>

#include "d3d11/caps/feature_support.h"
#include "d3d11/d3d11_class_linkage.h"
#include "dxbc/error.h"
#include "util/log.h"

namespace d3d11vk {

template <typename Interface, dxbc::ShaderStage Stage>
D3D11Shader<Interface, Stage>::D3D11Shader(util::ComObject<ID3D11Device5>* device, const ShaderCache& cache,
                                           std::shared_ptr<const CompiledShader> compiled,
                                           StreamOutputDesc streamOutput, dxbc::ShaderStage bytecodeStage)
    : D3D11DeviceChild<Interface>(device), m_cache(cache), m_compiled(std::move(compiled)),
      m_streamOutput(std::move(streamOutput)), m_hasStreamOutput(!m_streamOutput.entries.empty()),
      m_bytecodeStage(bytecodeStage) {}

template <typename Interface, dxbc::ShaderStage Stage>
HRESULT STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::QueryInterface(REFIID riid, void** object) {
  HRESULT result;
  if (!util::beginQueryInterface(object, &result))
    return result;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(Interface))
    return util::returnInterface<Interface>(this, object);
  if (riid == __uuidof(ID3D11VkShaderInfo))
    return util::returnInterface<ID3D11VkShaderInfo>(&m_info, object);
  if (m_d3d10.query(riid, object))  // the D3D10 face (src/d3d10)
    return S_OK;
  util::logUnknownInterface("D3D11Shader", riid);
  return E_NOINTERFACE;
}

template <typename Interface, dxbc::ShaderStage Stage>
UINT STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetStage() {
  // The bytecode's stage: a geometry-shader object with stream output may hold a vertex shader.
  return UINT(this->owner()->m_bytecodeStage);
}

template <typename Interface, dxbc::ShaderStage Stage>
UINT STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetSpirvWordCount() {
  return UINT(this->owner()->m_compiled->spirv.size());
}

template <typename Interface, dxbc::ShaderStage Stage>
HRESULT STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetSpirv(UINT* words, UINT* count) {
  if (!count)
    return E_INVALIDARG;
  const auto& spirv = this->owner()->m_compiled->spirv;
  if (!words) {
    *count = UINT(spirv.size());
    return S_OK;
  }
  *count = std::min<UINT>(*count, UINT(spirv.size()));
  std::memcpy(words, spirv.data(), *count * sizeof(uint32_t));
  return S_OK;
}

template <typename Interface, dxbc::ShaderStage Stage>
UINT64 STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetDeviceCompileCount() {
  return this->owner()->m_cache.compileCount();
}

template <typename Interface, dxbc::ShaderStage Stage>
UINT64 STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetCompiledModuleId() {
  return UINT64(reinterpret_cast<uintptr_t>(this->owner()->m_compiled.get()));
}

template <typename Interface, dxbc::ShaderStage Stage>
UINT STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetStreamOutputEntryCount() {
  return UINT(this->owner()->m_streamOutput.entries.size());
}

template <typename Interface, dxbc::ShaderStage Stage>
UINT STDMETHODCALLTYPE D3D11Shader<Interface, Stage>::Info::GetRasterizedStream() {
  return this->owner()->m_streamOutput.rasterizedStream;
}

template class D3D11Shader<ID3D11VertexShader, dxbc::ShaderStage::Vertex>;
template class D3D11Shader<ID3D11HullShader, dxbc::ShaderStage::Hull>;
template class D3D11Shader<ID3D11DomainShader, dxbc::ShaderStage::Domain>;
template class D3D11Shader<ID3D11GeometryShader, dxbc::ShaderStage::Geometry>;
template class D3D11Shader<ID3D11PixelShader, dxbc::ShaderStage::Pixel>;
template class D3D11Shader<ID3D11ComputeShader, dxbc::ShaderStage::Compute>;

namespace {

// Bytecode the stage cannot take gets the documented *_INVALIDSHADERBYTECODE; every other refusal
// (stream-output declarations, features the device lacks) the creation's E_INVALIDARG message.
HRESULT reject(const Diagnostics& diagnostics, const char* method, const std::string& problem, bool bytecode = false) {
  diagnostics.warn(bytecode ? shaderBytecodeRefused(method) : creationRefused(method, E_INVALIDARG), "ID3D11Device::", method,
                   ": ", problem, ": E_INVALIDARG");
  return E_INVALIDARG;
}

ShaderLevelCaps levelCaps(const vk::DeviceProfile& profile, D3D_FEATURE_LEVEL level) {
  ShaderLevelCaps caps;
  caps.level = level;
  if (level >= D3D_FEATURE_LEVEL_11_0) {
    caps.computeShaders4x = true;
  } else if (level >= D3D_FEATURE_LEVEL_10_0) {
    D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS options{};
    if (SUCCEEDED(caps::queryFeatureSupport(profile, level, D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &options,
                                            sizeof(options))))
      caps.computeShaders4x = options.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x;
  }
  return caps;
}

template <typename Object>
void* newShader(const ShaderCreateContext& context, std::shared_ptr<const CompiledShader> compiled,
                StreamOutputDesc streamOutput, dxbc::ShaderStage bytecodeStage = Object::stage()) {
  // The object's most derived interface is what the Create method hands out.
  auto* object = new Object(context.device, context.cache, std::move(compiled), std::move(streamOutput), bytecodeStage);
  return static_cast<typename Object::InterfaceType*>(object);
}

}  // namespace

HRESULT createShader(const ShaderCreateContext& context, const char* method, dxbc::ShaderStage stage,
                     const void* bytecode, SIZE_T length, ID3D11ClassLinkage* linkage,
                     const StreamOutputRequest* streamOutput, void** shader) {
  if (shader)
    *shader = nullptr;
  dxbc::Container container;
  ShaderProfile profile;
  std::string problem = readShaderProfile(bytecode, length, &container, &profile);
  if (!problem.empty())
    return reject(context.diagnostics, method, problem, true);
  ShaderLevelCaps caps = levelCaps(context.profile, context.level);
  dxbc::ShaderStage expected = stage;
  if (streamOutput) {
    // Stream output without a geometry shader takes the vertex or domain shader's bytecode.
    if (profile.stage == dxbc::ShaderStage::Vertex || profile.stage == dxbc::ShaderStage::Domain)
      expected = profile.stage;
  }
  problem = checkShaderProfile(caps, expected, profile);
  if (!problem.empty())
    return reject(context.diagnostics, method, problem, true);

  try {
    std::shared_ptr<const CompiledShader> compiled =
        context.cache.getOrCompile(static_cast<const uint8_t*>(bytecode), length, container);
    if (!compiled->error.empty()) {
      // Valid D3D11 bytecode the compiler cannot translate yet is refused here rather than
      // accepted and failing at draw time: the application sees the failure where it can react
      // (many engines fall back to simpler shaders), and the log names the reason (docs/shaders.md).
      return reject(context.diagnostics, method, profile.name() + " shader refused by the compiler: " + compiled->error +
                    (compiled->failure == dxbc::CompileFailure::Internal ? " (a d3d11vk bug: please report it with this log)" : ""));
    }
    problem = checkShaderUavs(caps, profile, compiled->reflection);
    if (!problem.empty())
      return reject(context.diagnostics, method, problem);
    if (compiled->reflection.doubles && !context.profile.features.core.features.shaderFloat64)
      return reject(context.diagnostics, method, profile.name() + " shader has double-precision instructions, and this device reports no "
                            "DoublePrecisionFloatShaderOps (Vulkan shaderFloat64)");
    if (compiled->reflection.minLod && !context.profile.features.core.features.shaderResourceMinLod)
      return reject(context.diagnostics, method, profile.name() + " shader clamps sample LODs (sample*_cl_s), which needs the Vulkan "
                            "feature shaderResourceMinLod; this device has none");
    if (compiled->reflection.rasterizerOrdered && !context.profile.features.shaderInterlock.fragmentShaderPixelInterlock)
      return reject(context.diagnostics, method, profile.name() + " shader declares a rasterizer-ordered UAV, and this device reports no "
                            "ROVsSupported (Vulkan fragmentShaderPixelInterlock)");
    if (compiled->reflection.residencyFeedback &&
        caps::tiledResourcesTier(context.profile, context.level) < D3D11_TILED_RESOURCES_TIER_2)
      return reject(context.diagnostics, method, profile.name() + " shader uses tiled-resource residency feedback or LOD clamps (the *_s "
                            "instructions), which need tiled resources tier 2; this device reports less");
    if (compiled->reflection.innerCoverage &&
        caps::conservativeRasterizationTier(context.profile) < D3D11_CONSERVATIVE_RASTERIZATION_TIER_3)
      return reject(context.diagnostics, method, profile.name() + " shader reads SV_InnerCoverage, which needs conservative rasterization "
                            "tier 3 (Vulkan fullyCoveredFragmentShaderInputVariable); this device has less");
    // The linkage learns the shader's class types and declared instances (for GetClassInstance
    // and CreateClassInstance's type ids); a shader without interfaces adds nothing.
    if (linkage && shader)
      static_cast<D3D11ClassLinkage*>(linkage)->registerShader(compiled->interfaces);
    StreamOutputDesc streamOutputDesc;
    if (streamOutput && streamOutput->numEntries == 0 && profile.stage != dxbc::ShaderStage::Geometry)
      return reject(context.diagnostics, method, "stream output: a vertex or domain shader needs declaration entries to capture");
    if (streamOutput) {
      problem = checkStreamOutput(context.level, compiled->outputSignature, streamOutput->entries,
                                  streamOutput->numEntries, streamOutput->strides, streamOutput->numStrides,
                                  streamOutput->rasterizedStream, &streamOutputDesc);
      if (!problem.empty())
        return reject(context.diagnostics, method, "stream output: " + problem);
      if (!streamOutputDesc.entries.empty()) {
        // The capture is compiled into the shader (transform feedback decorations): its own cache
        // entry, keyed by the bytes and the declaration. A shader without entries keeps the plain one.
        dxbc::StreamOutputLayout layout;
        for (const StreamOutputEntry& entry : streamOutputDesc.entries)
          layout.entries.push_back(dxbc::StreamOutputEntry{entry.stream, entry.semanticName, entry.semanticIndex,
                                                           entry.startComponent, entry.componentCount, entry.outputSlot});
        std::copy(streamOutputDesc.strides.begin(), streamOutputDesc.strides.end(), layout.strides);
        layout.rasterizedStream = streamOutputDesc.rasterizedStream;
        dxbc::CompileOptions options;
        options.streamOutput = layout;
        const bool passThrough = profile.stage == dxbc::ShaderStage::Vertex || profile.stage == dxbc::ShaderStage::Domain;
        if (passThrough) {
          // D3D11 runs a pass-through geometry stage that captures the vertex (domain) shader's
          // outputs, so the bound vertex shader runs unchanged: a geometry shader generated from
          // the bytecode's output signature (docs/pipelines.md, Stream output). It takes
          // triangles; the backend picks its point, line and adjacency variants by topology.
          options.passThroughGeometry = 3;
          auto generated = context.cache.getOrCompile(static_cast<const uint8_t*>(bytecode), length, container, options);
          if (generated->error.empty()) {
            compiled = generated;
          } else {
            // Outputs the pass-through shader cannot carry (system values other than the position
            // and clip/cull distances): the shader itself, compiled with the capture, takes its
            // own stage's place as before.
            util::log::warn("ID3D11Device::", method, ": no pass-through geometry shader (", generated->error,
                            "): the stream-output shader replaces the bound ", profile.name(), " shader");
            options.passThroughGeometry = 0;
          }
        }
        if (!options.passThroughGeometry) {
          compiled = context.cache.getOrCompile(static_cast<const uint8_t*>(bytecode), length, container, options);
          if (!compiled->error.empty())
            return reject(context.diagnostics, method, profile.name() + " shader with stream output refused by the compiler: " + compiled->error);
        }
      }
    }
    if (!shader)
      return S_FALSE;  // documented: a null out-pointer validates only
    switch (stage) {
      case dxbc::ShaderStage::Vertex: *shader = newShader<D3D11VertexShader>(context, compiled, {}); break;
      case dxbc::ShaderStage::Hull: *shader = newShader<D3D11HullShader>(context, compiled, {}); break;
      case dxbc::ShaderStage::Domain: *shader = newShader<D3D11DomainShader>(context, compiled, {}); break;
      case dxbc::ShaderStage::Geometry:
        *shader = newShader<D3D11GeometryShader>(context, compiled, std::move(streamOutputDesc), profile.stage);
        break;
      case dxbc::ShaderStage::Pixel: *shader = newShader<D3D11PixelShader>(context, compiled, {}); break;
      case dxbc::ShaderStage::Compute: *shader = newShader<D3D11ComputeShader>(context, compiled, {}); break;
    }
    return S_OK;
  } catch (const dxbc::Error& error) {
    return reject(context.diagnostics, method, std::string("malformed signature: ") + error.what(), true);
  } catch (const std::bad_alloc&) {
    context.diagnostics.warn(creationRefused(method, E_OUTOFMEMORY), "ID3D11Device::", method, ": out of memory: E_OUTOFMEMORY");
    return E_OUTOFMEMORY;
  }
}

}  // namespace d3d11vk
