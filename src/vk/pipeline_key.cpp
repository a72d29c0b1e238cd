// hashKey: the 64-bit hash of a GraphicsPipelineKey for the pipeline manager's map.
#include "vk/pipeline_key.h"

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

}  // namespace

uint64_t hashKey(const GraphicsPipelineKey& key) {
  // The key has no padding (static_assert in the header) and its size is a multiple of 8, so it
  // is hashed as whole 64-bit words: this runs on every draw whose state changed.
  static_assert(sizeof(GraphicsPipelineKey) % sizeof(uint64_t) == 0);
  const auto* bytes = reinterpret_cast<const unsigned char*>(&key);
  uint64_t hash = 0x9e3779b97f4a7c15ull ^ sizeof(GraphicsPipelineKey);
  for (size_t offset = 0; offset < sizeof(GraphicsPipelineKey); offset += sizeof(uint64_t)) {
    uint64_t word;
    std::memcpy(&word, bytes + offset, sizeof(word));
    hash = mix(hash ^ word) + 0x9e3779b97f4a7c15ull;
  }
  return hash;
}

}  // namespace vk
