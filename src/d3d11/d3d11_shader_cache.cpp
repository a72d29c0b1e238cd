// ShaderCache: hashing with xxHash, lookup with a byte comparison, compiling outside the lock.
#include "d3d11/d3d11_shader_cache.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "dxbc/error.h"
#include "util/log.h"
#include "vk/shader_code.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace d3d11vk {

namespace {

dxbc::Signature signatureOf(const dxbc::Container& container, std::initializer_list<dxbc::FourCC> codes) {
  const dxbc::Chunk* chunk = container.findAny(codes);
  return chunk ? dxbc::Signature::parse(*chunk) : dxbc::Signature{};
}

// A byte string naming the declaration exactly (names are length-prefixed, so no two differ
// only in where one name ends).
std::string serialize(const dxbc::StreamOutputLayout& layout) {
  std::string key;
  auto word = [&](uint32_t value) { key.append(reinterpret_cast<const char*>(&value), sizeof(value)); };
  for (uint32_t stride : layout.strides)
    word(stride);
  word(layout.rasterizedStream);
  for (const dxbc::StreamOutputEntry& entry : layout.entries) {
    word(entry.stream);
    word(uint32_t(entry.semanticName.size()));
    key += entry.semanticName;
    word(entry.semanticIndex);
    word(entry.startComponent);
    word(entry.componentCount);
    word(entry.outputSlot);
  }
  return key;
}

}  // namespace

uint64_t ShaderCache::hashBytes(const uint8_t* bytes, size_t size) {
  return XXH3_64bits(bytes, size);
}

std::shared_ptr<const CompiledShader> ShaderCache::find(uint64_t hash, const uint8_t* bytes, size_t size,
                                                        const std::string& streamOutputKey, bool dualSourceBlend,
                                                        uint32_t passThroughGeometry) const {
  auto [begin, end] = m_entries.equal_range(hash);
  for (auto it = begin; it != end; ++it) {
    // A 64-bit hash can collide; the bytes (and the options) decide.
    const auto& dxbc = it->second->dxbc;
    if (dxbc.size() == size && std::memcmp(dxbc.data(), bytes, size) == 0 && it->second->streamOutputKey == streamOutputKey &&
        it->second->dualSourceBlend == dualSourceBlend && it->second->passThroughGeometry == passThroughGeometry)
      return it->second;
  }
  return nullptr;
}

std::shared_ptr<const CompiledShader> ShaderCache::getOrCompile(const uint8_t* bytes, size_t size,
                                                                const dxbc::Container& container) {
  return getOrCompile(bytes, size, container, dxbc::StreamOutputLayout{});
}

std::shared_ptr<const CompiledShader> ShaderCache::getOrCompile(const uint8_t* bytes, size_t size,
                                                                const dxbc::Container& container,
                                                                const dxbc::StreamOutputLayout& streamOutput) {
  dxbc::CompileOptions options;
  options.streamOutput = streamOutput;
  return getOrCompile(bytes, size, container, options);
}

std::shared_ptr<const CompiledShader> ShaderCache::getOrCompile(const uint8_t* bytes, size_t size,
                                                                const dxbc::Container& container,
                                                                const dxbc::CompileOptions& options) {
  const dxbc::StreamOutputLayout& streamOutput = options.streamOutput;
  const bool dualSource = options.dualSourceBlend;
  const std::string streamOutputKey = streamOutput.entries.empty() ? std::string() : serialize(streamOutput);
  uint64_t hash = hashBytes(bytes, size);
  // The hash is also the backend's shader id: bytes with a declaration get their own.
  if (!streamOutputKey.empty())
    hash ^= XXH3_64bits(streamOutputKey.data(), streamOutputKey.size()) * 0x9e3779b97f4a7c15ull + 1;
  if (dualSource)
    hash = (hash ^ 0xd5a1d5a1d5a1d5a1ull) * 0xff51afd7ed558ccdull + 3;
  if (options.passThroughGeometry)
    hash = (hash ^ (0x9a55000000000000ull | options.passThroughGeometry)) * 0xc4ceb9fe1a85ec53ull + 5;
  {
    std::lock_guard lock(m_mutex);
    if (auto found = find(hash, bytes, size, streamOutputKey, dualSource, options.passThroughGeometry))
      return found;
  }
  auto compiled = std::make_shared<CompiledShader>();
  compiled->hash = hash;
  compiled->streamOutputKey = streamOutputKey;
  compiled->dualSourceBlend = dualSource;
  compiled->passThroughGeometry = options.passThroughGeometry;
  compiled->streamOutput = streamOutput;
  compiled->dxbc.assign(bytes, bytes + size);
  compiled->inputSignature = signatureOf(container, {dxbc::makeFourCC("ISGN"), dxbc::makeFourCC("ISG1")});
  compiled->outputSignature =
      signatureOf(container, {dxbc::makeFourCC("OSGN"), dxbc::makeFourCC("OSG5"), dxbc::makeFourCC("OSG1")});
  compiled->patchConstantSignature = signatureOf(container, {dxbc::makeFourCC("PCSG"), dxbc::makeFourCC("PSG1")});
  // The compile runs unlocked so that threads creating different shaders do not wait on each
  // other; two threads racing on the same bytes both compile and the first insert wins.
  dxbc::CompileOptions effective = options;
  effective.preserveSignedZeroInfNan32 = m_deviceFeatures.preserveSignedZeroInfNan32;
  effective.preserveSignedZeroInfNan64 = m_deviceFeatures.preserveSignedZeroInfNan64;
  effective.demoteToHelperInvocation = m_deviceFeatures.demoteToHelperInvocation;
  std::optional<vk::InProgress> compiling;
  if (m_counters)
    compiling.emplace(m_counters->shadersCompiling);
  dxbc::CompileResult result = dxbc::compile(bytes, size, effective);
  compiling.reset();
  ++m_compiles;
  if (m_counters)
    vk::DeviceCounters::add(m_counters->shadersCompiled, 1);
  compiled->failure = result.failure;
  compiled->error = std::move(result.error);
  compiled->spirv = std::move(result.spirv);
  compiled->reflection = std::move(result.reflection);
  if (const dxbc::Chunk* ifce = container.find(dxbc::makeFourCC("IFCE"))) {
    try {
      compiled->interfaces = dxbc::Interfaces::parse(*ifce);
    } catch (const dxbc::Error& error) {
      // A shader whose class linkage reflection cannot be read could not be bound correctly.
      if (compiled->error.empty()) {
        compiled->failure = dxbc::CompileFailure::Invalid;
        compiled->error = dxbc::compileFailureText(compiled->failure, error.what());
      }
    }
  }

  std::lock_guard lock(m_mutex);
  if (auto found = find(hash, bytes, size, streamOutputKey, dualSource, options.passThroughGeometry))
    return found;
  m_entries.emplace(hash, compiled);
  return compiled;
}

namespace {

std::shared_ptr<vk::ShaderCode> codeOf(const CompiledShader& compiled, uint64_t id) {
  dxbc::CompileResult result;
  result.spirv = compiled.spirv;
  result.reflection = compiled.reflection;
  return std::const_pointer_cast<vk::ShaderCode>(vk::shaderCodeFrom(id, result));
}

}  // namespace

std::shared_ptr<const vk::ShaderCode> makeShaderCode(ShaderCache& cache, const CompiledShader& compiled, uint64_t id) {
  std::shared_ptr<vk::ShaderCode> code = codeOf(compiled, id);
  const auto& outputs = compiled.reflection.outputLocations;
  const bool writesTwo = std::count(outputs.begin(), outputs.end(), 0u) && std::count(outputs.begin(), outputs.end(), 1u);
  if (compiled.reflection.stage == dxbc::ShaderStage::Pixel && !compiled.dualSourceBlend && writesTwo) {
    dxbc::CompileOptions options;
    options.dualSourceBlend = true;
    const dxbc::Container container = dxbc::Container::parse(compiled.dxbc.data(), compiled.dxbc.size(), false);
    std::shared_ptr<const CompiledShader> variant =
        cache.getOrCompile(compiled.dxbc.data(), compiled.dxbc.size(), container, options);
    // The plain shader compiled, so this cannot fail short of a compiler bug; without the
    // variant SRC1 factors read an undefined second source (one log line, the draw still runs).
    if (variant->error.empty())
      code->dualSource = codeOf(*variant, variant->hash ? variant->hash : 1);
    else
      util::log::error("the dual-source variant of a pixel shader was refused: ", variant->error);
  }
  if (compiled.passThroughGeometry == 3) {
    // The pass-through geometry shader for the other input primitives (the draw's topology
    // decides which the pipeline uses). They compile wherever the triangle one does.
    static constexpr uint32_t kPrimitives[] = {1, 2, 6, 7};  // order of vk::kPassThroughPoint...
    const dxbc::Container container = dxbc::Container::parse(compiled.dxbc.data(), compiled.dxbc.size(), false);
    for (uint32_t i = 0; i < 4; ++i) {
      dxbc::CompileOptions options;
      options.streamOutput = compiled.streamOutput;
      options.passThroughGeometry = kPrimitives[i];
      auto variant = cache.getOrCompile(compiled.dxbc.data(), compiled.dxbc.size(), container, options);
      if (variant->error.empty())
        code->passThroughVariants[i] = codeOf(*variant, variant->hash ? variant->hash : 1);
      else
        util::log::error("a pass-through geometry shader variant was refused: ", variant->error);
    }
  }
  return code;
}

}  // namespace d3d11vk
