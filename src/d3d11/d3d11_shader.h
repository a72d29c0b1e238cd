// D3D11Shader: the six shader object classes (vertex, hull, domain, geometry, pixel, compute) as
// one template, and createShader, the shared body of the device's Create*Shader methods.
#pragma once

#include "d3d11/d3d11_diagnostics.h"

#include <atomic>
#include <memory>

#include "d3d10/d3d10_shader_face.h"
#include "d3d11/d3d11_device_child.h"
#include "d3d11/d3d11_shader_cache.h"
#include "d3d11/d3d11_shader_validation.h"
#include "d3d11/d3d11_stream_output.h"
#include "d3d11vk/d3d11vk_shader_info.h"
#include "util/com_face.h"

namespace vk {
struct DeviceProfile;
struct ShaderCode;
}  // namespace vk

namespace d3d11vk {

// A shader object holds its compile result (shared with every other object made from the same
// bytes) and, for geometry shaders with stream output, the validated declaration. The pipeline
// work turns these into Vulkan shader modules and pipelines when they are bound.
template <typename Interface, dxbc::ShaderStage Stage>
class D3D11Shader final : public D3D11DeviceChild<Interface> {
public:
  using InterfaceType = Interface;

  // `bytecodeStage`: the stage of the application's bytecode (a geometry-shader object with
  // stream output may be made from a vertex or domain shader).
  D3D11Shader(util::ComObject<ID3D11Device5>* device, const ShaderCache& cache,
              std::shared_ptr<const CompiledShader> compiled, StreamOutputDesc streamOutput,
              dxbc::ShaderStage bytecodeStage = Stage);

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;

  static constexpr dxbc::ShaderStage stage() { return Stage; }
  const CompiledShader& compiled() const { return *m_compiled; }
  const std::shared_ptr<const CompiledShader>& compiledPtr() const { return m_compiled; }
  // Entries are empty unless made by CreateGeometryShaderWithStreamOutput.
  const StreamOutputDesc& streamOutput() const { return m_streamOutput; }
  bool hasStreamOutput() const { return m_hasStreamOutput; }
  // The backend's code for this object's compile result, once the device has made it
  // (D3D11Device::shaderCodeFor): *SetShader reads it here instead of taking the device's lock
  // and looking it up on every bind (the common per-draw shader change). Owned by the device,
  // which outlives the object. Any thread.
  const vk::ShaderCode* cachedCode() const { return m_code.load(std::memory_order_acquire); }
  void cacheCode(const vk::ShaderCode* code) const { m_code.store(code, std::memory_order_release); }

private:
  class Info : public util::ComFace<ID3D11VkShaderInfo, D3D11Shader> {
  public:
    using util::ComFace<ID3D11VkShaderInfo, D3D11Shader>::ComFace;
    UINT STDMETHODCALLTYPE GetStage() override;
    UINT STDMETHODCALLTYPE GetSpirvWordCount() override;
    HRESULT STDMETHODCALLTYPE GetSpirv(UINT* words, UINT* count) override;
    UINT64 STDMETHODCALLTYPE GetDeviceCompileCount() override;
    UINT64 STDMETHODCALLTYPE GetCompiledModuleId() override;
    UINT STDMETHODCALLTYPE GetStreamOutputEntryCount() override;
    UINT STDMETHODCALLTYPE GetRasterizedStream() override;
  };

  const ShaderCache& m_cache;
  std::shared_ptr<const CompiledShader> m_compiled;
  StreamOutputDesc m_streamOutput;
  bool m_hasStreamOutput;
  dxbc::ShaderStage m_bytecodeStage;
  mutable std::atomic<const vk::ShaderCode*> m_code{nullptr};
  Info m_info{this};
  // ID3D10* face, answered by QueryInterface (src/d3d10).
  D3D10ShaderFaceFor<Interface> m_d3d10{this};
};

using D3D11VertexShader = D3D11Shader<ID3D11VertexShader, dxbc::ShaderStage::Vertex>;
using D3D11HullShader = D3D11Shader<ID3D11HullShader, dxbc::ShaderStage::Hull>;
using D3D11DomainShader = D3D11Shader<ID3D11DomainShader, dxbc::ShaderStage::Domain>;
using D3D11GeometryShader = D3D11Shader<ID3D11GeometryShader, dxbc::ShaderStage::Geometry>;
using D3D11PixelShader = D3D11Shader<ID3D11PixelShader, dxbc::ShaderStage::Pixel>;
using D3D11ComputeShader = D3D11Shader<ID3D11ComputeShader, dxbc::ShaderStage::Compute>;

// What a Create*Shader call needs of its device.
struct ShaderCreateContext {
  util::ComObject<ID3D11Device5>* device;
  ShaderCache& cache;
  const vk::DeviceProfile& profile;
  D3D_FEATURE_LEVEL level;
  const Diagnostics& diagnostics;  // the device's: refusals are logged and queued there
};

// CreateGeometryShaderWithStreamOutput's extra arguments.
struct StreamOutputRequest {
  const D3D11_SO_DECLARATION_ENTRY* entries;
  UINT numEntries;
  const UINT* strides;
  UINT numStrides;
  UINT rasterizedStream;
};

// The shared body of Create*Shader: parses and checks the bytecode against `stage` and the level,
// compiles it (once per device for identical bytes), answers S_FALSE to a null out-pointer, and
// stores the new object, cast to the stage's interface, in *shader. With streamOutput (only for
// CreateGeometryShaderWithStreamOutput) the bytecode may be a vertex, domain or geometry shader
// and the result is always a geometry-shader object. E_INVALIDARG with one log line for bad
// arguments, bytecode of another stage or level, and shaders the compiler does not translate.
HRESULT createShader(const ShaderCreateContext& context, const char* method, dxbc::ShaderStage stage,
                     const void* bytecode, SIZE_T length, ID3D11ClassLinkage* linkage,
                     const StreamOutputRequest* streamOutput, void** shader);

}  // namespace d3d11vk
