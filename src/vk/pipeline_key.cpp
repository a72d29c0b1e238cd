// hashKey: the 64-bit hash of a GraphicsPipelineKey for the pipeline manager's map.
#include "vk/pipeline_key.h"

#include <algorithm>
#include <cstddef>

namespace vk {

namespace {

// A multiply-xorshift mix (the finaliser of murmur3/splitmix64): every input bit reaches every
// output bit, which keeps keys that differ in one small field (a format, a blend factor) apart.
constexpr uint64_t mix(uint64_t value) {
  value ^= value >> 33;
  value *= 0xff51afd7ed558ccdull;
  value ^= value >> 33;
  value *= 0xc4ceb9fe1a85ec53ull;
  value ^= value >> 33;
  return value;
}

// Accumulates byte ranges as 64-bit words into four lanes. One lane would chain every word's
// multiplies one after another (the key is ~180 words); four independent chains let the CPU
// overlap them, and `mix` runs once per lane at the end.
class KeyHasher {
public:
  void add(const void* data, size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    size_t offset = 0;
    for (; offset + sizeof(uint64_t) <= size; offset += sizeof(uint64_t)) {
      uint64_t word;
      std::memcpy(&word, bytes + offset, sizeof(word));
      addWord(word);
    }
    if (offset < size) {
      uint64_t word = 0;
      std::memcpy(&word, bytes + offset, size - offset);
      addWord(word ^ (uint64_t(size - offset) << 56));
    }
  }
  uint64_t finish() const {
    uint64_t hash = 0x9e3779b97f4a7c15ull ^ m_words;
    for (uint64_t lane : m_lanes)
      hash = mix(hash ^ mix(lane));
    return hash;
  }

private:
  void addWord(uint64_t word) {
    // Multiplying by an odd constant after a rotate: cheap, and a word's position matters
    // (lane and order within the lane), so swapped fields do not collide.
    uint64_t& lane = m_lanes[m_words++ & 3];
    lane = ((lane << 23) | (lane >> 41)) ^ word;
    lane *= 0x9fb21c651e98df25ull;
  }
  uint64_t m_lanes[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull};
  uint64_t m_words = 0;
};

// Adds the fields [from, to) of `key` (member offsets).
void addFields(KeyHasher& hasher, const GraphicsPipelineKey& key, size_t from, size_t to) {
  hasher.add(reinterpret_cast<const unsigned char*>(&key) + from, to - from);
}

// hashKey walks the key in these spans; a field moved out of them would silently drop out of the hash.
using Key = GraphicsPipelineKey;
static_assert(offsetof(Key, bindings) == offsetof(Key, attributes) + sizeof(Key::attributes));
static_assert(offsetof(Key, polygonMode) == offsetof(Key, bindings) + sizeof(Key::bindings));
static_assert(offsetof(Key, blend) == offsetof(Key, colorFormats) + sizeof(Key::colorFormats));
static_assert(offsetof(Key, depthFormat) == offsetof(Key, blend) + sizeof(Key::blend));

}  // namespace

uint64_t hashKey(const GraphicsPipelineKey& key) {
  // This runs on the worker for every draw whose state changed (a shader switch included), so it
  // hashes only the used entries of the vertex-input and render-target arrays (most of the key's
  // 1.5 KB). Equal keys are bytewise equal, so they hash alike whatever the unused entries hold;
  // the map's equality still compares the whole key.
  const size_t attributes = std::min<size_t>(key.attributeCount, kMaxVertexBindings);
  const size_t bindings = std::min<size_t>(key.bindingCount, kMaxVertexBindings);
  const size_t colors = std::min<size_t>(key.colorCount, kMaxColorTargets);
  KeyHasher hasher;
  addFields(hasher, key, 0, offsetof(Key, attributes));
  hasher.add(key.attributes, attributes * sizeof(VertexAttribute));
  hasher.add(key.bindings, bindings * sizeof(VertexBinding));
  addFields(hasher, key, offsetof(Key, polygonMode), offsetof(Key, colorFormats));
  hasher.add(key.colorFormats, colors * sizeof(VkFormat));
  hasher.add(key.blend, colors * sizeof(ColorBlend));
  addFields(hasher, key, offsetof(Key, depthFormat), sizeof(Key));
  return hasher.finish();
}

}  // namespace vk
