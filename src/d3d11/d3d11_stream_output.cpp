// CreateGeometryShaderWithStreamOutput's documented declaration rules.
#include "d3d11/d3d11_stream_output.h"

#include <algorithm>
#include <bit>

#include "d3d11/d3d11_shader_validation.h"

namespace d3d11vk {

namespace {

constexpr uint32_t kStreams = 4;          // D3D11_SO_STREAM_COUNT
constexpr uint32_t kBufferSlots = 4;      // D3D11_SO_BUFFER_SLOT_COUNT
constexpr uint32_t kComponents = 128;     // D3D11_SO_OUTPUT_COMPONENT_COUNT, per stream
constexpr uint32_t kMaxStride = 2048;     // D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES
constexpr uint32_t kRegisters = 32;       // output registers a stage writes
// Direct3D 10's rules, which the runtime keeps for 10_x devices: with several buffers each holds
// one element; one buffer holds at most 64 components.
constexpr uint32_t kLevel10SingleBufferComponents = 64;
constexpr uint32_t kNoRasterizedStream = 0xffffffffu;  // D3D11_SO_NO_RASTERIZED_STREAM

std::string entryText(UINT index) {
  return "entry " + std::to_string(index) + ": ";
}

}  // namespace

std::string checkStreamOutput(D3D_FEATURE_LEVEL level, const dxbc::Signature& outputs,
                              const D3D11_SO_DECLARATION_ENTRY* entries, UINT numEntries, const UINT* strides,
                              UINT numStrides, UINT rasterizedStream, StreamOutputDesc* desc) {
  if (level < D3D_FEATURE_LEVEL_10_0)
    return "stream output is not supported at feature level 9_x";
  if (numEntries > kStreams * kComponents)
    return "NumEntries " + std::to_string(numEntries) + " is over " + std::to_string(kStreams * kComponents);
  if (numEntries && !entries)
    return "NumEntries is " + std::to_string(numEntries) + " but pSODeclaration is null";
  // What Windows refuses (Wine's d3d11 tests): a declaration array with no entries, and below
  // 11_0 buffer strides without entries (11_0 takes strides alone: a shader with no capture).
  if (!numEntries && entries)
    return "pSODeclaration is given with NumEntries 0";
  if (!numEntries && numStrides && level < D3D_FEATURE_LEVEL_11_0)
    return "buffer strides without declaration entries below feature level 11_0";
  if (numStrides > kBufferSlots)
    return "NumStrides " + std::to_string(numStrides) + " is over " + std::to_string(kBufferSlots);
  if (numStrides && !strides)
    return "NumStrides is " + std::to_string(numStrides) + " but pBufferStrides is null";
  bool multiStream = level >= D3D_FEATURE_LEVEL_11_0;
  if (rasterizedStream != kNoRasterizedStream && rasterizedStream >= (multiStream ? kStreams : 1u))
    return "RasterizedStream " + std::to_string(rasterizedStream) + " is not a stream " +
           (multiStream ? "(0-3) nor D3D11_SO_NO_RASTERIZED_STREAM" : "this level has (only 0 below 11_0)");
  if (rasterizedStream == kNoRasterizedStream && !multiStream)
    return "D3D11_SO_NO_RASTERIZED_STREAM needs feature level 11_0";
  // Below 11_0 every stride given is checked; from 11_0 on only those of buffers entries use.
  auto badStride = [&](UINT slot) {
    return strides[slot] % 4 || strides[slot] > kMaxStride ? "pBufferStrides[" + std::to_string(slot) + "] = " +
                                                                 std::to_string(strides[slot]) + " is not a multiple of 4 up to " +
                                                                 std::to_string(kMaxStride)
                                                           : std::string();
  };
  for (UINT slot = 0; slot < numStrides && !multiStream; ++slot)
    if (std::string problem = badStride(slot); !problem.empty())
      return problem;

  StreamOutputDesc result;
  result.rasterizedStream = rasterizedStream;
  std::array<uint32_t, kBufferSlots> slotBytes{};
  std::array<uint32_t, kBufferSlots> slotEntries{};
  std::array<int, kBufferSlots> slotStream{-1, -1, -1, -1};
  std::array<uint32_t, kStreams> streamComponents{};
  std::array<uint32_t, kBufferSlots> slotCaptures{};  // entries naming an output, gaps not counted
  uint8_t streamCaptured[kStreams][kRegisters] = {};
  for (UINT i = 0; i < numEntries; ++i) {
    const D3D11_SO_DECLARATION_ENTRY& entry = entries[i];
    StreamOutputEntry kept;
    kept.stream = entry.Stream;
    kept.semanticIndex = entry.SemanticIndex;
    kept.startComponent = entry.StartComponent;
    kept.componentCount = entry.ComponentCount;
    kept.outputSlot = entry.OutputSlot;
    if (entry.Stream >= kStreams || (!multiStream && entry.Stream != 0))
      return entryText(i) + "Stream " + std::to_string(entry.Stream) + " is out of range" +
             (multiStream ? "" : " (only stream 0 below feature level 11_0)");
    if (entry.OutputSlot >= kBufferSlots)
      return entryText(i) + "OutputSlot " + std::to_string(entry.OutputSlot) + " is not 0-3";
    if (entry.ComponentCount == 0)
      return entryText(i) + "ComponentCount is 0";
    if (!entry.SemanticName && (entry.StartComponent || entry.SemanticIndex))
      return entryText(i) + "a gap (null SemanticName) has StartComponent or SemanticIndex";
    if (entry.SemanticName) {
      kept.semanticName = entry.SemanticName;
      if (entry.StartComponent + entry.ComponentCount > 4)
        return entryText(i) + "StartComponent " + std::to_string(entry.StartComponent) + " + ComponentCount " +
               std::to_string(entry.ComponentCount) + " is over 4";
      // StartComponent counts from the element's first component, which need not be x when the
      // compiler packed it behind another one (a float after a float2 is register component z).
      const dxbc::SignatureElement* match = nullptr;
      for (const dxbc::SignatureElement& element : outputs.elements) {
        if (element.stream == entry.Stream && element.semanticIndex == entry.SemanticIndex &&
            semanticEquals(element.semanticName, entry.SemanticName)) {
          match = &element;
          break;
        }
      }
      if (!match)
        return entryText(i) + "the shader has no output " + kept.semanticName + std::to_string(entry.SemanticIndex) +
               " in stream " + std::to_string(entry.Stream);
      const uint32_t shift = (match->mask & 0xf) ? uint32_t(std::countr_zero(uint32_t(match->mask & 0xf))) : 0;
      const uint8_t wanted = uint8_t(((1u << entry.ComponentCount) - 1) << (entry.StartComponent + shift));
      if (entry.StartComponent + shift + entry.ComponentCount > 4 || (match->mask & wanted) != wanted)
        return entryText(i) + "components " + std::to_string(entry.StartComponent) + ".." +
               std::to_string(entry.StartComponent + entry.ComponentCount - 1) + " are not all in " +
               kept.semanticName + std::to_string(entry.SemanticIndex) + "'s mask";
      kept.outputRegister = match->registerIndex;
      // Windows refuses a component captured twice in one stream, even into two buffers.
      uint8_t& captured = streamCaptured[entry.Stream][std::min<uint32_t>(match->registerIndex, kRegisters - 1)];
      if (captured & wanted)
        return entryText(i) + kept.semanticName + std::to_string(entry.SemanticIndex) + " components captured twice";
      captured |= wanted;
      ++slotCaptures[entry.OutputSlot];
    }
    if (slotStream[entry.OutputSlot] >= 0 && uint32_t(slotStream[entry.OutputSlot]) != entry.Stream)
      return entryText(i) + "buffer slot " + std::to_string(entry.OutputSlot) +
             " is already fed by stream " + std::to_string(slotStream[entry.OutputSlot]);
    slotStream[entry.OutputSlot] = int(entry.Stream);
    kept.byteOffset = slotBytes[entry.OutputSlot];
    slotBytes[entry.OutputSlot] += 4 * entry.ComponentCount;
    ++slotEntries[entry.OutputSlot];
    streamComponents[entry.Stream] += entry.ComponentCount;
    if (streamComponents[entry.Stream] > kComponents)
      return "stream " + std::to_string(entry.Stream) + " outputs more than " + std::to_string(kComponents) +
             " components";
    result.entries.push_back(std::move(kept));
  }

  uint32_t usedSlots = 0;
  for (uint32_t slot = 0; slot < kBufferSlots; ++slot) {
    if (!slotEntries[slot])
      continue;
    ++usedSlots;
    if (!slotCaptures[slot])
      return "buffer slot " + std::to_string(slot) + " holds only gaps";
    if (slot < numStrides && multiStream)
      if (std::string problem = badStride(slot); !problem.empty())
        return problem;
    if (numStrides == 0) {
      // No strides given: each buffer's vertices are packed.
      result.strides[slot] = slotBytes[slot];
      continue;
    }
    if (slot >= numStrides)
      return "buffer slot " + std::to_string(slot) + " is used but NumStrides is " + std::to_string(numStrides);
    if (slotBytes[slot] > strides[slot])
      return "buffer slot " + std::to_string(slot) + " needs " + std::to_string(slotBytes[slot]) +
             " bytes per vertex but its stride is " + std::to_string(strides[slot]);
    result.strides[slot] = strides[slot];
  }
  if (level < D3D_FEATURE_LEVEL_11_0) {
    for (uint32_t slot = 0; slot < kBufferSlots; ++slot) {
      if (usedSlots > 1 && slotEntries[slot] > 1)
        return "below feature level 11_0, with several buffers each holds one entry (slot " + std::to_string(slot) +
               " has " + std::to_string(slotEntries[slot]) + ")";
      if (slotBytes[slot] / 4 > kLevel10SingleBufferComponents)
        return "below feature level 11_0, one buffer holds at most 64 components";
    }
  }
  *desc = std::move(result);
  return {};
}

}  // namespace d3d11vk
