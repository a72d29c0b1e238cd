// Domain shaders (control-point inputs, patch constants, tessellation factors, vDomain, the domain) and the per-vertex input arrays hull and geometry shaders share with them.
#include "dxbc/compiler_impl.h"

#include <algorithm>

#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

constexpr uint32_t kInputControlPoint = 25, kInputPatchConstant = 27, kDomainPoint = 28;

}  // namespace

// A tessellation-factor system value (D3D_NAME 11-22) as Vulkan's TessLevelOuter/Inner element.
// D3D's edge order (U==0, V==0, U==1, V==1; tri U, V, W) is Vulkan's outer order; an isoline's
// detail factor is Vulkan's outer[1] (segments per line) and its density outer[0] (line count).
bool tessFactor(uint32_t sv, bool& inner, uint32_t& index) {
  inner = false;
  if (sv >= 11 && sv <= 14) {
    index = sv - 11;
  } else if (sv == 15 || sv == 16) {
    inner = true;
    index = sv - 15;
  } else if (sv >= 17 && sv <= 19) {
    index = sv - 17;
  } else if (sv == 20) {
    inner = true;
    index = 0;
  } else if (sv == 21 || sv == 22) {
    index = sv == 21 ? 1 : 0;
  } else {
    return false;
  }
  return true;
}

// Location of patch constant register vpc#: D3D numbers patch constants and control-point
// registers separately, Vulkan gives per-patch and per-vertex variables one location space.
uint32_t Compiler::patchLocation(uint32_t reg) { return 32 + reg; }

bool Compiler::declareTessellation(const Instruction& ins) {
  if (ins.opcode == op::DclInputControlPointCount) {  // dcl_input_control_point_count
    m_controlPoints = ins.controls & 0x3f;
    if (m_controlPoints == 0 || m_controlPoints > 32)
      throw Error("input control point count " + std::to_string(m_controlPoints) + " is outside 1-32");
    if (m_stage == ShaderStage::Hull)
      m_reflection.patchControlPoints = m_controlPoints;
    return true;
  }
  if (ins.opcode == op::DclTessDomain) {  // dcl_tessellator_domain
    m_tessDomain = ins.controls & 3;
    if (m_tessDomain == 0)
      throw Error("tessellator domain 0 is undefined");
    return true;
  }
  if (ins.opcode < op::DclInput || ins.opcode > op::DclInputSiv || ins.operands.empty())
    return false;
  const Operand& op = ins.operands[0];
  bool perVertex = op.type == reg::Input && op.indexDimension == 2 &&
                   (m_stage == ShaderStage::Geometry || m_stage == ShaderStage::Hull);
  if (op.type != kInputControlPoint && op.type != kInputPatchConstant && op.type != kDomainPoint && !perVertex)
    return false;
  bool hullPhase = m_stage == ShaderStage::Hull && (m_hsPhase == 2 || m_hsPhase == 3);
  if (m_stage != ShaderStage::Domain && !perVertex && !(hullPhase && op.type != kDomainPoint))
    throw Error(std::string(registerName(op.type) ? registerName(op.type) : "tessellation input") +
                " in the wrong shader stage or phase");
  if (op.type == kDomainPoint)
    return true;  // read from TessCoord when used
  bool controlPoint = op.type == kInputControlPoint || perVertex;
  const OperandIndex& regIndex = op.index[controlPoint ? 1 : 0];
  if (op.indexDimension != (controlPoint ? 2u : 1u) || regIndex.representation != IndexRepresentation::Imm32 ||
      regIndex.immediate >= 32)
    throw Error("input declaration with a bad register index");
  uint32_t reg = uint32_t(regIndex.immediate);
  uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 1;
  if (!controlPoint && m_stage == ShaderStage::Hull) {
    // A join phase reads the patch constants the fork phases wrote: the same private array.
    m_patchCount = std::max(m_patchCount, reg + 1);
    return true;
  }
  // A position in a per-vertex input is the previous stage's Position built-in; the signature
  // says so even where the declaration does not (hull shaders declare plain dcl_input).
  bool position = (ins.opcode == op::DclInputSiv && ins.extra.at(0) == 1) ||
                  (controlPoint && m_stage != ShaderStage::Domain && m_inputs && [&] {
                    for (const SignatureElement& e : m_inputs->elements)
                      if (e.registerIndex == reg && e.systemValue == 1)
                        return true;
                    return false;
                  }());
  // Clip and cull distances the previous stage wrote, per vertex (declared, or named by the
  // signature where the declaration is plain).
  uint32_t distanceKind = 2;
  if (controlPoint && m_stage != ShaderStage::Domain) {
    uint32_t sv = ins.opcode == op::DclInputSiv ? ins.extra.at(0) : 0;
    if (!sv && m_inputs)
      for (const SignatureElement& e : m_inputs->elements)
        if (e.registerIndex == reg && (e.systemValue == 2 || e.systemValue == 3) && (e.mask & mask))
          sv = e.systemValue;
    if (sv == 2 || sv == 3)
      distanceKind = sv - 2;
  }
  if (distanceKind < 2) {
    for (uint32_t c = 0; c < 4; c++)
      if (mask & (1u << c))
        m_controlPointDistances[distanceKind].emplace_back(reg, c);
    m_controlPointRegs = std::max(m_controlPointRegs, reg + 1);
    return true;
  }
  if (ins.opcode != op::DclInput || position) {
    if (controlPoint) {
      if (m_stage == ShaderStage::Domain || !position)
        throw Unsupported("system values in control-point inputs other than position and clip/cull distances");
      m_controlPointBuiltins.push_back(BuiltinCopy{reg, mask, 1, 0});
      m_controlPointRegs = std::max(m_controlPointRegs, reg + 1);
      return true;
    }
    m_patchBuiltins.push_back(BuiltinCopy{reg, mask, ins.extra.at(0), 0});
    m_patchCount = std::max(m_patchCount, reg + 1);
    return true;
  }
  if (controlPoint) {
    m_controlPointInputs[reg].mask |= mask;
    m_controlPointRegs = std::max(m_controlPointRegs, reg + 1);
  } else {
    m_patchInputs[reg].mask |= mask;
    m_patchCount = std::max(m_patchCount, reg + 1);
  }
  return true;
}

void Compiler::createTessellationInputs() {
  if (m_stage != ShaderStage::Domain && m_stage != ShaderStage::Hull && m_stage != ShaderStage::Geometry)
    return;
  if (m_stage == ShaderStage::Domain && m_tessDomain == 0)
    throw Error("domain shader without dcl_tessellator_domain");
  if (m_controlPointRegs) {
    if (!m_controlPoints)
      throw Error(m_stage == ShaderStage::Geometry ? "per-vertex inputs without dcl_inputprimitive"
                                                   : "control-point inputs without dcl_input_control_point_count");
    Id type = b.typeArray(b.typeArray(uvec4(), m_controlPointRegs), m_controlPoints);
    m_controlPointArray =
      b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_controlPointArray, m_stage == ShaderStage::Geometry ? "vertices" : "vicp");
  }
  if (m_patchCount && m_stage == ShaderStage::Domain) {
    Id type = b.typeArray(uvec4(), m_patchCount);
    m_patchArray = b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_patchArray, "vpc");
  }
  for (auto& [reg, io] : m_controlPointInputs) {
    io.kind = signatureKind(m_inputs, reg);
    Id type = b.typeArray(typeOf(io.kind, 4), m_controlPoints);
    io.variable = b.variable(b.typePointer(spv::StorageClassInput, type), spv::StorageClassInput);
    b.decorate(io.variable, spv::DecorationLocation, {reg});
    b.name(io.variable, "in" + std::to_string(reg));
    m_reflection.inputLocations.push_back(reg);
  }
  for (BuiltinCopy& copy : m_controlPointBuiltins) {
    copy.variable = builtinInput(spv::BuiltInPosition, b.typeArray(b.vec(b.f32(), 4), m_controlPoints));
    break;  // one Position array serves every declaration that names it
  }
  for (uint32_t kind = 0; kind < 2; kind++) {
    auto& comps = m_controlPointDistances[kind];
    if (comps.empty())
      continue;
    std::sort(comps.begin(), comps.end());
    comps.erase(std::unique(comps.begin(), comps.end()), comps.end());
    if (m_controlPointDistances[0].size() + m_controlPointDistances[1].size() > 8)
      throw Error("more than 8 clip and cull distances");
    b.capability(kind ? spv::CapabilityCullDistance : spv::CapabilityClipDistance);
    m_controlPointDistanceVars[kind] =
        builtinInput(kind ? spv::BuiltInCullDistance : spv::BuiltInClipDistance,
                     b.typeArray(b.typeArray(b.f32(), uint32_t(comps.size())), m_controlPoints));
  }
  for (auto& [reg, io] : m_patchInputs) {
    // The patch constant signature is not kept, so patch constants are float vectors; the bits are the same.
    io.kind = Kind::Float;
    io.variable = b.variable(b.typePointer(spv::StorageClassInput, typeOf(io.kind, 4)), spv::StorageClassInput);
    b.decorate(io.variable, spv::DecorationLocation, {patchLocation(reg)});
    b.decorate(io.variable, spv::DecorationPatch);
    b.name(io.variable, "patch" + std::to_string(reg));
    m_reflection.inputLocations.push_back(patchLocation(reg));
  }
}

void Compiler::copyTessellationInputs() {
  Id privU32 = b.typePointer(spv::StorageClassPrivate, b.u32());
  auto copyVertices = [&](Id variable, Kind kind, uint32_t reg, uint32_t mask) {
    for (uint32_t cp = 0; cp < m_controlPoints; cp++) {
      Id in = b.op(spv::OpLoad, typeOf(kind, 4),
                   {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassInput, typeOf(kind, 4)),
                         {variable, b.constU32(cp)})});
      Id bits = bitcast(Value{in, kind, 4}, Kind::Uint).id;
      for (uint32_t c = 0; c < 4; c++)
        if (mask & (1u << c))
          b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, privU32, {m_controlPointArray, b.constU32(cp),
                                                                         b.constU32(reg), b.constU32(c)}),
                                      b.op(spv::OpCompositeExtract, b.u32(), {bits, c})});
    }
  };
  for (auto& [reg, io] : m_controlPointInputs)
    copyVertices(io.variable, io.kind, reg, io.mask);
  for (const BuiltinCopy& copy : m_controlPointBuiltins)
    copyVertices(m_controlPointBuiltins.front().variable, Kind::Float, copy.reg, copy.mask);
  for (uint32_t kind = 0; kind < 2; kind++) {
    const auto& comps = m_controlPointDistances[kind];
    for (uint32_t cp = 0; cp < m_controlPoints && m_controlPointDistanceVars[kind]; cp++)
      for (uint32_t i = 0; i < comps.size(); i++) {
        Id distance = b.op(spv::OpLoad, b.f32(),
                           {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassInput, b.f32()),
                                 {m_controlPointDistanceVars[kind], b.constU32(cp), b.constU32(i)})});
        b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, privU32, {m_controlPointArray, b.constU32(cp),
                                                                       b.constU32(comps[i].first), b.constU32(comps[i].second)}),
                                    b.op(spv::OpBitcast, b.u32(), {distance})});
      }
  }
  if (m_stage != ShaderStage::Domain)
    return;
  for (auto& [reg, io] : m_patchInputs) {
    Id bits = bitcast(Value{b.op(spv::OpLoad, typeOf(io.kind, 4), {io.variable}), io.kind, 4}, Kind::Uint).id;
    for (uint32_t c = 0; c < 4; c++)
      if (io.mask & (1u << c))
        b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, privU32, {m_patchArray, b.constU32(reg), b.constU32(c)}),
                                    b.op(spv::OpCompositeExtract, b.u32(), {bits, c})});
  }
  // Tessellation factors: one float each, from TessLevelOuter/TessLevelInner.
  Id outer = 0, inner = 0;
  for (const BuiltinCopy& copy : m_patchBuiltins) {
    bool isInner;
    uint32_t index;
    if (!tessFactor(copy.systemValue, isInner, index)) {
      const char* name = systemValueTokenName(copy.systemValue);
      throw Unsupported(std::string("patch constant system value ") + (name ? name : std::to_string(copy.systemValue).c_str()));
    }
    Id& var = isInner ? inner : outer;
    uint32_t length = isInner ? 2 : 4;
    if (!var) {
      var = b.variable(b.typePointer(spv::StorageClassInput, b.typeArray(b.f32(), length)), spv::StorageClassInput);
      b.decorate(var, spv::DecorationBuiltIn, {uint32_t(isInner ? spv::BuiltInTessLevelInner : spv::BuiltInTessLevelOuter)});
      b.decorate(var, spv::DecorationPatch);
    }
    Id factor = b.op(spv::OpLoad, b.f32(),
                     {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassInput, b.f32()), {var, b.constU32(index)})});
    for (uint32_t c = 0; c < 4; c++)
      if (copy.mask & (1u << c)) {
        b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, privU32, {m_patchArray, b.constU32(copy.reg), b.constU32(c)}),
                                    b.op(spv::OpBitcast, b.u32(), {factor})});
        break;  // a factor is one component
      }
  }
}

Id Compiler::tessellationRegister(const Operand& op) {
  if (op.type == kInputControlPoint || op.type == reg::Input) {
    if (!m_controlPointArray || op.indexDimension != 2)
      throw Error("vicp is not declared");
    if (op.index[1].representation == IndexRepresentation::Imm32 && op.index[1].immediate >= m_controlPointRegs)
      throw Error("vicp register " + std::to_string(op.index[1].immediate) + " is not declared");
    if (op.index[0].representation == IndexRepresentation::Imm32 && op.index[0].immediate >= m_controlPoints)
      throw Error("control point " + std::to_string(op.index[0].immediate) + " is beyond the patch");
    return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, uvec4()),
                {m_controlPointArray, indexValue(op.index[0]), indexValue(op.index[1])});
  }
  if (!m_patchArray || op.indexDimension != 1 ||
      (op.index[0].representation == IndexRepresentation::Imm32 && op.index[0].immediate >= m_patchCount))
    throw Error("vpc" + std::to_string(op.index[0].immediate) + " is not declared");
  return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, uvec4()), {m_patchArray, indexValue(op.index[0])});
}

void Compiler::tessellationModes(Id main) {
  if (m_stage != ShaderStage::Domain)
    return;
  b.capability(spv::CapabilityTessellation);
  // The domain is the hull shader's too; spacing, winding and point mode come from the hull shader.
  static const spv::ExecutionMode kDomains[] = {spv::ExecutionModeIsolines, spv::ExecutionModeIsolines,
                                                spv::ExecutionModeTriangles, spv::ExecutionModeQuads};
  b.executionMode(main, kDomains[m_tessDomain]);
}

}  // namespace dxbc::compiler
