// Domain shaders: control-point inputs (vicp), patch constants (vpc), tessellation factors, vDomain and the tessellator domain.
#include "dxbc/compiler_impl.h"

#include <algorithm>

#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

constexpr uint32_t kInputControlPoint = 25, kInputPatchConstant = 27, kDomainPoint = 28;

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

}  // namespace

// Location of patch constant register vpc#: D3D numbers patch constants and control-point
// registers separately, Vulkan gives per-patch and per-vertex variables one location space.
uint32_t Compiler::patchLocation(uint32_t reg) { return 32 + reg; }

bool Compiler::declareTessellation(const Instruction& ins) {
  if (ins.opcode == 147) {  // dcl_input_control_point_count
    m_controlPoints = ins.controls & 0x3f;
    if (m_controlPoints == 0 || m_controlPoints > 32)
      throw Error("input control point count " + std::to_string(m_controlPoints));
    return true;
  }
  if (ins.opcode == 149) {  // dcl_tessellator_domain
    m_tessDomain = ins.controls & 3;
    return true;
  }
  if (ins.opcode < 95 || ins.opcode > 97 || ins.operands.empty())
    return false;
  const Operand& op = ins.operands[0];
  if (op.type != kInputControlPoint && op.type != kInputPatchConstant && op.type != kDomainPoint)
    return false;
  if (m_stage != ShaderStage::Domain)
    throw Unsupported(std::string(registerName(op.type) ? registerName(op.type) : "tessellation input") +
                      " outside domain shaders");
  if (op.type == kDomainPoint)
    return true;  // read from TessCoord when used
  bool controlPoint = op.type == kInputControlPoint;
  const OperandIndex& regIndex = op.index[controlPoint ? 1 : 0];
  if (op.indexDimension != (controlPoint ? 2u : 1u) || regIndex.immediate >= 32)
    throw Error("tessellation input declaration with a bad register index");
  uint32_t reg = uint32_t(regIndex.immediate);
  uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 1;
  if (ins.opcode != 95) {
    if (controlPoint)
      throw Unsupported("system values in control-point inputs");
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
  if (m_stage != ShaderStage::Domain)
    return;
  if (m_tessDomain == 0)
    throw Error("domain shader without dcl_tessellator_domain");
  if (m_controlPointRegs) {
    if (!m_controlPoints)
      throw Error("control-point inputs without dcl_input_control_point_count");
    Id type = b.typeArray(b.typeArray(uvec4(), m_controlPointRegs), m_controlPoints);
    m_controlPointArray =
      b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_controlPointArray, "vicp");
  }
  if (m_patchCount) {
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
  for (auto& [reg, io] : m_controlPointInputs) {
    for (uint32_t cp = 0; cp < m_controlPoints; cp++) {
      Id in = b.op(spv::OpLoad, typeOf(io.kind, 4),
                   {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassInput, typeOf(io.kind, 4)),
                         {io.variable, b.constU32(cp)})});
      Id bits = bitcast(Value{in, io.kind, 4}, Kind::Uint).id;
      for (uint32_t c = 0; c < 4; c++)
        if (io.mask & (1u << c))
          b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, privU32, {m_controlPointArray, b.constU32(cp),
                                                                         b.constU32(reg), b.constU32(c)}),
                                      b.op(spv::OpCompositeExtract, b.u32(), {bits, c})});
    }
  }
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
  if (op.type == kInputControlPoint) {
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
