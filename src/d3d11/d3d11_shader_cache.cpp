// ShaderCache: hashing with xxHash, lookup with a byte comparison, compiling outside the lock.
#include "d3d11/d3d11_shader_cache.h"

#include <cstring>

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
                                                        const std::string& streamOutputKey) const {
  auto [begin, end] = m_entries.equal_range(hash);
  for (auto it = begin; it != end; ++it) {
    // A 64-bit hash can collide; the bytes (and the stream-output declaration) decide.
    const auto& dxbc = it->second->dxbc;
    if (dxbc.size() == size && std::memcmp(dxbc.data(), bytes, size) == 0 && it->second->streamOutputKey == streamOutputKey)
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
  const std::string streamOutputKey = streamOutput.entries.empty() ? std::string() : serialize(streamOutput);
  uint64_t hash = hashBytes(bytes, size);
  // The hash is also the backend's shader id: bytes with a declaration get their own.
  if (!streamOutputKey.empty())
    hash ^= XXH3_64bits(streamOutputKey.data(), streamOutputKey.size()) * 0x9e3779b97f4a7c15ull + 1;
  {
    std::lock_guard lock(m_mutex);
    if (auto found = find(hash, bytes, size, streamOutputKey))
      return found;
  }
  auto compiled = std::make_shared<CompiledShader>();
  compiled->hash = hash;
  compiled->streamOutputKey = streamOutputKey;
  compiled->dxbc.assign(bytes, bytes + size);
  compiled->inputSignature = signatureOf(container, {dxbc::makeFourCC("ISGN"), dxbc::makeFourCC("ISG1")});
  compiled->outputSignature =
      signatureOf(container, {dxbc::makeFourCC("OSGN"), dxbc::makeFourCC("OSG5"), dxbc::makeFourCC("OSG1")});
  compiled->patchConstantSignature = signatureOf(container, {dxbc::makeFourCC("PCSG"), dxbc::makeFourCC("PSG1")});
  // The compile runs unlocked so that threads creating different shaders do not wait on each
  // other; two threads racing on the same bytes both compile and the first insert wins.
  dxbc::CompileOptions options;
  options.streamOutput = streamOutput;
  dxbc::CompileResult result = dxbc::compile(bytes, size, options);
  ++m_compiles;
  compiled->error = std::move(result.error);
  compiled->spirv = std::move(result.spirv);
  compiled->reflection = std::move(result.reflection);

  std::lock_guard lock(m_mutex);
  if (auto found = find(hash, bytes, size, streamOutputKey))
    return found;
  m_entries.emplace(hash, compiled);
  return compiled;
}

}  // namespace d3d11vk
