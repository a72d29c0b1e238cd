// Stream output: transform feedback capture variables (XfbBuffer, XfbStride, Offset, Stream) laid
// out from CompileOptions::streamOutput, and their copies from the output registers.
#include <algorithm>
#include <bit>
#include <cctype>

#include "dxbc/compiler_impl.h"

namespace dxbc::compiler {
namespace {

bool sameName(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(uint8_t(x)) == std::tolower(uint8_t(y));
         });
}

constexpr uint32_t kMaxLocations = 32;

}  // namespace

// An entry may capture part of a register (o1.yz) at any byte offset, while the shader's own
// output is one vec4 per register that the next stage reads. So every entry gets its own output
// variable holding exactly the captured components, at a location past the shader's outputs
// (the next stage never reads it), and the Xfb decorations go there.
void Compiler::createStreamOutputs() {
  const StreamOutputLayout& so = m_options.streamOutput;
  if (so.entries.empty())
    return;
  if (m_stage != ShaderStage::Vertex && m_stage != ShaderStage::Domain && m_stage != ShaderStage::Geometry)
    throw Error("stream output for a shader stage other than vertex, domain or geometry");
  if (!m_outputs)
    throw Error("stream output from a shader without an output signature");
  uint32_t offsets[4] = {0, 0, 0, 0};
  int32_t slotStream[4] = {-1, -1, -1, -1};
  uint32_t location = m_outputCount;
  for (const auto& [reg, io] : m_userOutputs)
    location = std::max(location, reg + 1);
  for (const StreamOutputEntry& e : so.entries) {
    std::string what = e.semanticName.empty() ? std::string("gap") : e.semanticName + std::to_string(e.semanticIndex);
    // A gap (no semantic) skips any number of components; a capture takes at most a register's four.
    const bool gap = e.semanticName.empty();
    if (e.outputSlot >= 4 || e.stream >= 4 || e.componentCount == 0 ||
        (!gap && (e.componentCount > 4 || e.startComponent + e.componentCount > 4)))
      throw Error("stream output entry " + what + " has an out-of-range slot, stream or component range");
    if (e.stream != 0 && m_stage != ShaderStage::Geometry)
      throw Error("stream output entry " + what + " names stream " + std::to_string(e.stream) +
                  " outside a geometry shader");
    if (slotStream[e.outputSlot] >= 0 && uint32_t(slotStream[e.outputSlot]) != e.stream)
      throw Error("stream output buffer " + std::to_string(e.outputSlot) + " is fed by two streams");
    slotStream[e.outputSlot] = int32_t(e.stream);
    uint32_t offset = offsets[e.outputSlot];
    offsets[e.outputSlot] += 4 * e.componentCount;
    if (e.semanticName.empty())
      continue;
    const SignatureElement* element = nullptr;
    for (const SignatureElement& s : m_outputs->elements)
      if (sameName(s.semanticName, e.semanticName) && s.semanticIndex == e.semanticIndex && s.stream == e.stream)
        element = &s;
    if (!element)
      throw Error("stream output entry " + what + " (stream " + std::to_string(e.stream) +
                  ") is not in the output signature");
    uint32_t mask = element->mask & 0xf;
    uint32_t first = mask ? uint32_t(std::countr_zero(mask)) + e.startComponent : 4;
    uint32_t wanted = ((1u << e.componentCount) - 1) << first;
    if (first + e.componentCount > 4 || (wanted & ~mask))
      throw Error("stream output entry " + what + " captures components its signature element does not have");
    if (!m_outputArray || element->registerIndex >= m_outputCount)
      throw Error("stream output entry " + what + " reads an output register the shader does not declare");
    if (location >= kMaxLocations)
      throw Unsupported("stream output needing more than " + std::to_string(kMaxLocations) + " output locations");
    XfbOutput x;
    x.reg = element->registerIndex;
    x.first = first;
    x.count = e.componentCount;
    x.stream = e.stream;
    x.kind = element->componentType == 1 ? Kind::Uint : element->componentType == 2 ? Kind::Int : Kind::Float;
    x.variable = b.variable(b.typePointer(spv::StorageClassOutput, typeOf(x.kind, x.count)), spv::StorageClassOutput);
    b.name(x.variable, "xfb_" + e.semanticName + std::to_string(e.semanticIndex));
    b.decorate(x.variable, spv::DecorationLocation, {location});
    b.decorate(x.variable, spv::DecorationXfbBuffer, {e.outputSlot});
    b.decorate(x.variable, spv::DecorationOffset, {offset});
    if (m_multipleStreams || e.stream != 0) {
      b.capability(spv::CapabilityGeometryStreams);
      b.decorate(x.variable, spv::DecorationStream, {e.stream});
    }
    m_reflection.xfbLocations.push_back(location++);
    m_xfbOutputs.push_back(x);  // its XfbStride is decorated below, once the slot is complete
  }
  uint32_t strides[4];
  for (uint32_t slot = 0; slot < 4; slot++) {
    strides[slot] = so.strides[slot] ? so.strides[slot] : offsets[slot];
    if (strides[slot] % 4 || strides[slot] > 2048 || strides[slot] < offsets[slot])
      throw Error("stream output stride " + std::to_string(strides[slot]) + " of buffer " + std::to_string(slot) +
                  " is not a multiple of 4 up to 2048 holding its entries");
  }
  // XfbStride goes on every variable of a buffer; which buffer each has is in its decoration.
  size_t k = 0;
  for (const StreamOutputEntry& e : so.entries) {
    if (e.semanticName.empty())
      continue;
    b.decorate(m_xfbOutputs.at(k++).variable, spv::DecorationXfbStride, {strides[e.outputSlot]});
  }
  b.capability(spv::CapabilityTransformFeedback);
  m_reflection.transformFeedback = true;
}

void Compiler::copyStreamOutputs() {
  for (const XfbOutput& x : m_xfbOutputs) {
    if (x.stream != m_currentStream)
      continue;
    Id bits = b.op(spv::OpLoad, uvec4(), {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, uvec4()),
                                               {m_outputArray, b.constU32(x.reg)})});
    Id value;
    if (x.count == 1) {
      value = b.op(spv::OpCompositeExtract, b.u32(), {bits, x.first});
    } else {
      std::vector<uint32_t> w{bits, bits};
      for (uint32_t i = 0; i < x.count; i++)
        w.push_back(x.first + i);
      value = b.op(spv::OpVectorShuffle, typeOf(Kind::Uint, x.count), w);
    }
    b.opNoResult(spv::OpStore, {x.variable, bitcast(Value{value, Kind::Uint, x.count}, x.kind).id});
  }
}

void Compiler::streamOutputModes(Id main) {
  if (!m_xfbOutputs.empty() || !m_options.streamOutput.entries.empty())
    b.executionMode(main, spv::ExecutionModeXfb);
}

}  // namespace dxbc::compiler
