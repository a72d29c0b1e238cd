// ShaderCache: a device's compiled shaders, keyed by a hash of the DXBC bytes, so identical
// bytecode is compiled to SPIR-V once however many shader objects are made from it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "dxbc/compiler.h"
#include "dxbc/interfaces.h"
#include "dxbc/container.h"
#include "dxbc/signature.h"
#include "vk/device_counters.h"

namespace vk {
struct ShaderCode;
}

namespace d3d11vk {

// What one DXBC blob became. Immutable once made: shader objects share it.
struct CompiledShader {
  uint64_t hash = 0;
  std::vector<uint8_t> dxbc;           // the application's bytes, exactly
  // None and empty when the compiler translated the shader; otherwise why not, and its reason
  // ("unsupported: ...") for the log.
  dxbc::CompileFailure failure = dxbc::CompileFailure::None;
  std::string error;
  std::vector<uint32_t> spirv;
  dxbc::ShaderReflection reflection;
  dxbc::Signature inputSignature;       // ISGN/ISG1 (empty when the shader has none)
  dxbc::Signature outputSignature;      // OSGN/OSG5/OSG1
  dxbc::Signature patchConstantSignature;  // PCSG/PSG1 (hull and domain shaders)
  // The stream-output declaration compiled in (CompileOptions::streamOutput), serialized: part of
  // the cache key, so the same bytes with and without stream output are two entries. Empty: none.
  std::string streamOutputKey;
  // Compiled with CompileOptions::dualSourceBlend (a pixel shader's variant for SRC1 blending on
  // target 0): also part of the key and the id.
  bool dualSourceBlend = false;
  // CompileOptions::passThroughGeometry (part of the key too), and the stream-output declaration
  // itself, so variants of a pass-through geometry shader can be compiled from this entry.
  uint32_t passThroughGeometry = 0;
  dxbc::StreamOutputLayout streamOutput;
  // Class linkage reflection (the IFCE chunk; empty without one): the class types a bound class
  // instance's type name is looked up in, and the function table each slot takes for a type.
  dxbc::Interfaces interfaces;
};

class ShaderCache {
public:
  ShaderCache() = default;
  ShaderCache(const ShaderCache&) = delete;
  ShaderCache& operator=(const ShaderCache&) = delete;

  // The compile result for these bytes (already parsed into container by the caller), compiling
  // them on first sight. Refusals are kept too, so an application that retries a shader the
  // compiler cannot translate does not pay for the compile again. Throws dxbc::Error when a
  // signature chunk is malformed, std::bad_alloc when memory runs out.
  std::shared_ptr<const CompiledShader> getOrCompile(const uint8_t* bytes, size_t size, const dxbc::Container& container);
  // The same with a stream-output declaration compiled in (transform feedback decorations); the
  // declaration is part of the key. No entries: the same as the plain overload.
  std::shared_ptr<const CompiledShader> getOrCompile(const uint8_t* bytes, size_t size, const dxbc::Container& container,
                                                     const dxbc::StreamOutputLayout& streamOutput);
  // Any compile options (stream output, dual-source blending); each combination is its own entry.
  std::shared_ptr<const CompiledShader> getOrCompile(const uint8_t* bytes, size_t size, const dxbc::Container& container,
                                                     const dxbc::CompileOptions& options);

  // Compiles run by this cache so far (tests observe the sharing through it).
  uint64_t compileCount() const { return m_compiles.load(); }

  // What the device's driver offers every shader, copied into each compile's options:
  // SignedZeroInfNanPreserve for 32- and 64-bit floats (Vulkan 1.2's
  // shaderSignedZeroInfNanPreserveFloat32/64), so the driver may not fold away D3D's -0, inf and
  // NaN results (docs/compiler.md, Float controls), and demote-to-helper for discard (Vulkan 1.3's
  // shaderDemoteToHelperInvocation, enabled on the device; docs/compiler.md, Discard). Set once by
  // the device before its first shader; not part of the key, as it is the same for every entry.
  struct DeviceShaderFeatures {
    bool preserveSignedZeroInfNan32 = false;
    bool preserveSignedZeroInfNan64 = false;
    bool demoteToHelperInvocation = false;
  };
  void setDeviceFeatures(const DeviceShaderFeatures& features) { m_deviceFeatures = features; }
  // Where compiles are counted for the HUD (the device's counters); null counts nothing.
  void setCounters(vk::DeviceCounters* counters) { m_counters = counters; }

  static uint64_t hashBytes(const uint8_t* bytes, size_t size);

private:
  std::shared_ptr<const CompiledShader> find(uint64_t hash, const uint8_t* bytes, size_t size,
                                             const std::string& streamOutputKey, bool dualSourceBlend,
                                             uint32_t passThroughGeometry) const;

  // Entries live as long as the device: games recreate the same shaders (level loads, device
  // contexts per window) and a compile costs far more than the few kilobytes kept.
  mutable std::mutex m_mutex;
  std::unordered_multimap<uint64_t, std::shared_ptr<const CompiledShader>> m_entries;
  std::atomic<uint64_t> m_compiles{0};
  vk::DeviceCounters* m_counters = nullptr;
  DeviceShaderFeatures m_deviceFeatures;
};

// The backend's view of `compiled` (vk::ShaderCode with `id`). A pixel shader that writes o0 and
// o1 also gets its dual-source variant (ShaderCode::dualSource), compiled through `cache` now, so
// the worker can switch to it when target 0 blends with SRC1 factors.
std::shared_ptr<const vk::ShaderCode> makeShaderCode(ShaderCache& cache, const CompiledShader& compiled, uint64_t id);

}  // namespace d3d11vk
