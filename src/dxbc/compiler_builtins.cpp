// Built-in outputs (position, clip/cull distances, layer, viewport index), the pixel shader's scalar
// outputs (oDepth/GE/LE, oMask, oStencilRef), eval_* interpolation and the rasterizer's sample count.
#include "dxbc/compiler_impl.h"

#include <algorithm>

#include "dxbc/registers.h"
#include "dxbc/opcodes.h"

namespace dxbc::compiler {
namespace {

constexpr uint32_t kDepth = 12, kMask = 15, kDepthGE = 38, kDepthLE = 39, kStencilRef = 41;
constexpr uint32_t kSvPosition = 1, kSvClip = 2, kSvCull = 3, kSvLayer = 4, kSvViewport = 5;

std::string svName(uint32_t sv) {
  const char* name = systemValueTokenName(sv);
  return name ? name : std::to_string(sv);
}

}  // namespace

Id Compiler::builtinInput(spv::BuiltIn builtin, Id type) {
  Id v = b.variable(b.typePointer(spv::StorageClassInput, type), spv::StorageClassInput);
  b.decorate(v, spv::DecorationBuiltIn, {uint32_t(builtin)});
  return v;
}

void Compiler::declareSpecialOutput(const Operand& op) {
  const char* name = registerName(op.type);
  if (m_stage != ShaderStage::Pixel)
    throw Error(std::string(name ? name : "special output") + " outside a pixel shader");
  SpecialOutput& s = m_specialOutputs[op.type];
  if (s.privateVar)
    return;
  bool depth = op.type == kDepth || op.type == kDepthGE || op.type == kDepthLE;
  if (depth && (m_specialOutputs.count(kDepth) + m_specialOutputs.count(kDepthGE) + m_specialOutputs.count(kDepthLE)) > 1)
    throw Error("more than one depth output register");
  s.privateVar = b.variable(b.typePointer(spv::StorageClassPrivate, uvec4()), spv::StorageClassPrivate,
                            b.constNull(uvec4()));
  b.name(s.privateVar, name ? name : "special");
  if (depth) {
    s.output = b.variable(b.typePointer(spv::StorageClassOutput, b.f32()), spv::StorageClassOutput);
    b.decorate(s.output, spv::DecorationBuiltIn, {spv::BuiltInFragDepth});
  } else if (op.type == kMask) {
    // SampleMask is an array of signed words in Vulkan; one word covers D3D's 32 samples.
    s.output = b.variable(b.typePointer(spv::StorageClassOutput, b.typeArray(b.i32(), 1)), spv::StorageClassOutput);
    b.decorate(s.output, spv::DecorationBuiltIn, {spv::BuiltInSampleMask});
  } else if (op.type == kStencilRef) {
    b.extension("SPV_EXT_shader_stencil_export");
    b.capability(spv::CapabilityStencilExportEXT);
    s.output = b.variable(b.typePointer(spv::StorageClassOutput, b.i32()), spv::StorageClassOutput);
    b.decorate(s.output, spv::DecorationBuiltIn, {spv::BuiltInFragStencilRefEXT});
    m_reflection.stencilExport = true;
  } else {
    throw Unsupported(std::string("output register ") + (name ? name : std::to_string(op.type).c_str()));
  }
}

Id Compiler::specialOutputPointer(uint32_t type) {
  auto it = m_specialOutputs.find(type);
  if (it == m_specialOutputs.end()) {
    const char* name = registerName(type);
    throw Error(std::string(name ? name : "output") + " is not declared");
  }
  return it->second.privateVar;
}

void Compiler::specialOutputModes(Id main) {
  for (const auto& [type, s] : m_specialOutputs) {
    if (type == kDepth || type == kDepthGE || type == kDepthLE)
      b.executionMode(main, spv::ExecutionModeDepthReplacing);
    // Conservative depth: the promise lets the device keep early depth tests.
    if (type == kDepthGE)
      b.executionMode(main, spv::ExecutionModeDepthGreater);
    if (type == kDepthLE)
      b.executionMode(main, spv::ExecutionModeDepthLess);
    if (type == kStencilRef)
      b.executionMode(main, spv::ExecutionModeStencilRefReplacingEXT);
  }
}

void Compiler::createBuiltinOutputs() {
  bool vertexLike = m_stage == ShaderStage::Vertex || m_stage == ShaderStage::Domain || m_stage == ShaderStage::Geometry;
  for (BuiltinCopy& copy : m_builtinOutputs) {
    switch (copy.systemValue) {
      case kSvPosition:
        if (!vertexLike)
          throw Unsupported("system value output position in this stage");
        copy.variable = b.variable(b.typePointer(spv::StorageClassOutput, b.vec(b.f32(), 4)), spv::StorageClassOutput);
        b.decorate(copy.variable, spv::DecorationBuiltIn, {spv::BuiltInPosition});
        break;
      case kSvClip:
      case kSvCull:
        if (!vertexLike)
          throw Unsupported("system value output " + svName(copy.systemValue) + " in this stage");
        for (uint32_t c = 0; c < 4; c++)
          if (copy.mask & (1u << c))
            (copy.systemValue == kSvClip ? m_clipComponents : m_cullComponents).emplace_back(copy.reg, c);
        break;
      case kSvLayer:
      case kSvViewport: {
        if (m_stage != ShaderStage::Geometry && m_stage != ShaderStage::Vertex && m_stage != ShaderStage::Domain)
          throw Unsupported("system value output " + svName(copy.systemValue) + " in this stage");
        // From a vertex or domain shader (D3D11.3's VPAndRTArrayIndexFromAnyShaderFeedingRasterizer):
        // SPV_EXT_shader_viewport_index_layer, which Vulkan 1.2's shaderOutputLayer and
        // shaderOutputViewportIndex features allow (the device enables them where offered).
        if (m_stage != ShaderStage::Geometry) {
          b.extension("SPV_EXT_shader_viewport_index_layer");
          b.capability(spv::CapabilityShaderViewportIndexLayerEXT);
        }
        if (copy.systemValue == kSvViewport)
          b.capability(spv::CapabilityMultiViewport);
        copy.variable = b.variable(b.typePointer(spv::StorageClassOutput, b.i32()), spv::StorageClassOutput);
        b.decorate(copy.variable, spv::DecorationBuiltIn,
                   {uint32_t(copy.systemValue == kSvLayer ? spv::BuiltInLayer : spv::BuiltInViewportIndex)});
        break;
      }
      default: throw Unsupported("system value output " + svName(copy.systemValue));
    }
  }
  // D3D packs clip and cull distances into signature components; Vulkan wants one array each, in
  // register then component order (the order of the semantic indices fxc assigns).
  auto makeArray = [&](std::vector<std::pair<uint32_t, uint32_t>>& comps, spv::BuiltIn builtin, spv::Capability cap) -> Id {
    if (comps.empty())
      return 0;
    std::sort(comps.begin(), comps.end());
    comps.erase(std::unique(comps.begin(), comps.end()), comps.end());
    if (m_clipComponents.size() + m_cullComponents.size() > 8)
      throw Error("more than 8 clip and cull distances");
    b.capability(cap);
    Id v = b.variable(b.typePointer(spv::StorageClassOutput, b.typeArray(b.f32(), uint32_t(comps.size()))),
                      spv::StorageClassOutput);
    b.decorate(v, spv::DecorationBuiltIn, {uint32_t(builtin)});
    return v;
  };
  m_clipDistance = makeArray(m_clipComponents, spv::BuiltInClipDistance, spv::CapabilityClipDistance);
  m_cullDistance = makeArray(m_cullComponents, spv::BuiltInCullDistance, spv::CapabilityCullDistance);
  // D3D11 points are always one pixel. Vulkan leaves the size undefined unless the last
  // pre-rasterization stage writes PointSize, and a vertex shader drawing a point list must write
  // it (VUID-VkGraphicsPipelineCreateInfo-Vertex-07722). The compiler does not know the topology,
  // so every vertex shader writes 1; a later geometry or tessellation stage ignores it. (Geometry
  // and domain shaders would need shaderTessellationAndGeometryPointSize, which the device leaves
  // off, and then their points are one pixel already.)
  if (m_stage == ShaderStage::Vertex) {
    m_pointSize = b.variable(b.typePointer(spv::StorageClassOutput, b.f32()), spv::StorageClassOutput);
    b.decorate(m_pointSize, spv::DecorationBuiltIn, {spv::BuiltInPointSize});
  }
}

void Compiler::copyBuiltinOutputs() {
  auto reg = [&](uint32_t r) {
    return b.op(spv::OpLoad, uvec4(),
                {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, uvec4()), {m_outputArray, b.constU32(r)})});
  };
  for (BuiltinCopy& copy : m_builtinOutputs) {
    if (!copy.variable)
      continue;
    Id bits = reg(copy.reg);
    if (copy.systemValue == kSvPosition) {
      b.opNoResult(spv::OpStore, {copy.variable, b.op(spv::OpBitcast, b.vec(b.f32(), 4), {bits})});
    } else {
      uint32_t c = copy.mask ? uint32_t(__builtin_ctz(copy.mask)) : 0;
      Id word = b.op(spv::OpCompositeExtract, b.u32(), {bits, c});
      b.opNoResult(spv::OpStore, {copy.variable, b.op(spv::OpBitcast, b.i32(), {word})});
    }
  }
  auto copyArray = [&](Id var, const std::vector<std::pair<uint32_t, uint32_t>>& comps) {
    for (uint32_t i = 0; i < comps.size(); i++) {
      Id word = b.op(spv::OpCompositeExtract, b.u32(), {reg(comps[i].first), comps[i].second});
      Id ptr = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassOutput, b.f32()), {var, b.constU32(i)});
      b.opNoResult(spv::OpStore, {ptr, b.op(spv::OpBitcast, b.f32(), {word})});
    }
  };
  if (m_pointSize)
    b.opNoResult(spv::OpStore, {m_pointSize, b.constF32(1.0f)});
  if (m_clipDistance)
    copyArray(m_clipDistance, m_clipComponents);
  if (m_cullDistance)
    copyArray(m_cullDistance, m_cullComponents);
  for (const auto& [type, s] : m_specialOutputs) {
    Id word = b.op(spv::OpCompositeExtract, b.u32(), {b.op(spv::OpLoad, uvec4(), {s.privateVar}), 0});
    if (type == kMask) {
      Id ptr = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassOutput, b.i32()), {s.output, b.constU32(0)});
      b.opNoResult(spv::OpStore, {ptr, b.op(spv::OpBitcast, b.i32(), {word})});
    } else if (type == kStencilRef) {
      b.opNoResult(spv::OpStore, {s.output, b.op(spv::OpBitcast, b.i32(), {word})});
    } else {
      b.opNoResult(spv::OpStore, {s.output, b.op(spv::OpBitcast, b.f32(), {word})});
    }
  }
}

// The rasterizer's sample count is pipeline state, so it is a specialization constant the backend
// fills in at pipeline creation (docs/compiler.md).
Id Compiler::rasterizerSampleCount() {
  if (!m_rasterizerSamples) {
    m_rasterizerSamples = b.specConstant(b.u32(), kRasterizerSampleCountSpecId, 1);
    b.name(m_rasterizerSamples, "rasterizer_sample_count");
    m_reflection.rasterizerSampleCount = true;
  }
  return m_rasterizerSamples;
}

// eval_centroid, eval_sample_index, eval_snapped: interpolate a pixel shader input again at
// another position, which needs the Input variable itself, not the register copy.
bool Compiler::emitEval(const Instruction& ins) {
  if (ins.opcode != op::EvalSnapped && ins.opcode != op::EvalSampleIndex && ins.opcode != op::EvalCentroid)
    return false;
  const auto& ops = ins.operands;
  if (ops.size() != (ins.opcode == op::EvalCentroid ? 2u : 3u))
    throw Error("eval_* with the wrong number of operands");
  if (m_stage != ShaderStage::Pixel)
    throw Error("eval_* outside a pixel shader");
  const Operand& src = ops[1];
  if (src.type != reg::Input || src.indexDimension != 1 || src.index[0].representation != IndexRepresentation::Imm32)
    throw Unsupported("eval_* of a register that is not a directly indexed input");
  auto it = m_userInputs.find(uint32_t(src.index[0].immediate));
  if (it == m_userInputs.end())
    throw Error("eval_* of an input that is not declared");
  if (it->second.kind != Kind::Float || it->second.interpolation == 1)
    throw Error("eval_* of an input that is not interpolated");
  b.capability(spv::CapabilityInterpolationFunction);
  Id vec4 = typeOf(Kind::Float, 4);
  Id value;
  if (ins.opcode == op::EvalCentroid) {
    value = b.op(spv::OpExtInst, vec4, {b.glsl(), 76 /* InterpolateAtCentroid */, it->second.variable});
  } else if (ins.opcode == op::EvalSampleIndex) {
    Id sample = loadScalar(ops[2], Kind::Int).id;
    value = b.op(spv::OpExtInst, vec4, {b.glsl(), 77 /* InterpolateAtSample */, it->second.variable, sample});
  } else {
    // D3D's snapped offset is a signed 4-bit count of 1/16 pixels per axis (the low bits).
    Value offset = loadSource(ops[2], Kind::Int, 3);
    Id ivec2 = typeOf(Kind::Int, 2);
    Id shift = b.constComposite(ivec2, {b.constI32(28), b.constI32(28)});
    Id low = b.op(spv::OpShiftRightArithmetic, ivec2, {b.op(spv::OpShiftLeftLogical, ivec2, {offset.id, shift}), shift});
    Id f = b.op(spv::OpConvertSToF, typeOf(Kind::Float, 2), {low});
    Id sixteenth = b.constComposite(typeOf(Kind::Float, 2), {b.constF32(1.0f / 16), b.constF32(1.0f / 16)});
    f = b.op(spv::OpFMul, typeOf(Kind::Float, 2), {f, sixteenth});
    value = b.op(spv::OpExtInst, vec4, {b.glsl(), 78 /* InterpolateAtOffset */, it->second.variable, f});
  }
  Value result = swizzleResult(Value{value, Kind::Float, 4}, src,
                               ops[0].components == ComponentCount::Four ? ops[0].mask() : 1);
  OperandModifier mod = src.modifier();
  if (mod == OperandModifier::Abs || mod == OperandModifier::AbsNeg)
    result.id = b.op(spv::OpExtInst, typeOf(Kind::Float, result.count), {b.glsl(), 4 /* FAbs */, result.id});
  if (mod == OperandModifier::Neg || mod == OperandModifier::AbsNeg)
    result.id = b.op(spv::OpFNegate, typeOf(Kind::Float, result.count), {result.id});
  storeDest(ops[0], result, saturate(ins));
  return true;
}

}  // namespace dxbc::compiler
