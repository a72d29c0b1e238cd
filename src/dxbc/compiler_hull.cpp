// Hull shaders: the control-point, fork and join phases as functions of one tessellation-control
// entry point, patch constants, tessellation factors and the tessellator's execution modes.
#include "dxbc/compiler_impl.h"

#include <algorithm>
#include <bit>

#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

constexpr uint32_t kOutputControlPoint = 26;
// Patch constants are 32 registers of 4 scalars. A fork or join phase instance exists to write
// some of them, so more instances than scalars are refused rather than unrolled.
constexpr uint32_t kMaxPhaseInstances = 128;

struct Phase {
  uint32_t kind = 0;
  size_t begin = 0, end = 0;
  uint32_t instances = 1;
  Id function = 0;
};

}  // namespace

bool Compiler::declareHull(const Instruction& ins) {
  switch (ins.opcode) {
    case op::HsDecls:
    case op::HsControlPointPhase:
    case op::HsForkPhase:
    case op::HsJoinPhase:
    case op::DclOutputControlPointCount:
    case op::DclTessPartitioning:
    case op::DclTessOutputPrimitive:
    case op::DclHsMaxTessfactor:
    case op::DclHsForkPhaseInstanceCount:
    case op::DclHsJoinPhaseInstanceCount:
      if (m_stage != ShaderStage::Hull)
        throw Error(std::string(opcodeInfo(ins.opcode)->name) + " outside a hull shader");
      break;
    case op::DclOutput: case op::DclOutputSgv: case op::DclOutputSiv:
    case op::DclInput:
      if (m_stage != ShaderStage::Hull)
        return false;
      break;
    default: return false;
  }
  switch (ins.opcode) {
    case op::DclOutputControlPointCount:
      m_outputControlPoints = ins.controls & 0x3f;
      if (m_outputControlPoints > 32)
        throw Error("output control point count " + std::to_string(m_outputControlPoints) + " is beyond 32");
      return true;
    case op::DclTessPartitioning:
      m_partitioning = ins.controls & 7;
      if (m_partitioning == 0 || m_partitioning > 4)
        throw Error("tessellator partitioning " + std::to_string(m_partitioning) + " is undefined");
      return true;
    case op::DclTessOutputPrimitive:
      m_outputPrimitive = ins.controls & 7;
      if (m_outputPrimitive == 0 || m_outputPrimitive > 4)
        throw Error("tessellator output primitive " + std::to_string(m_outputPrimitive) + " is undefined");
      return true;
    case op::DclInput: {  // dcl_input vocp[cp][reg] in fork and join phases
      const Operand& op = ins.operands.at(0);
      if (op.type != kOutputControlPoint)
        return false;
      if (m_hsPhase != 2 && m_hsPhase != 3)
        throw Error("vocp outside a fork or join phase");
      if (op.indexDimension != 2 || op.index[1].representation != IndexRepresentation::Imm32 || op.index[1].immediate >= 32)
        throw Error("vocp declaration with a bad register index");
      m_vocpRegs = std::max(m_vocpRegs, uint32_t(op.index[1].immediate) + 1);
      return true;
    }
    case op::DclOutput: case op::DclOutputSgv: case op::DclOutputSiv: {
      const Operand& op = ins.operands.at(0);
      if (op.type != reg::Output)
        throw Unsupported(std::string("hull shader output register ") +
                          (registerName(op.type) ? registerName(op.type) : std::to_string(op.type).c_str()));
      if (op.indexDimension != 1 || op.index[0].representation != IndexRepresentation::Imm32 || op.index[0].immediate >= 32)
        throw Error("hull shader output declaration with a bad register index");
      uint32_t reg = uint32_t(op.index[0].immediate);
      uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 1;
      if (m_hsPhase == 1) {
        // Control-point outputs are plain varyings, position included: the domain shader reads
        // them by location (docs/compiler.md).
        m_userOutputs[reg].mask |= mask;
        m_outputCount = std::max(m_outputCount, reg + 1);
      } else if (m_hsPhase == 2 || m_hsPhase == 3) {
        if (ins.opcode == op::DclOutput) {
          m_patchOutputs[reg].mask |= mask;
        } else {
          bool inner;
          uint32_t index;
          if (!tessFactor(ins.extra.at(0), inner, index)) {
            const char* name = systemValueTokenName(ins.extra.at(0));
            throw Unsupported(std::string("patch constant output ") + (name ? name : std::to_string(ins.extra.at(0)).c_str()));
          }
          m_patchBuiltins.push_back(BuiltinCopy{reg, mask, ins.extra.at(0), 0});
        }
        m_patchCount = std::max(m_patchCount, reg + 1);
      } else {
        throw Error("hull shader output declared outside a phase");
      }
      return true;
    }
    case op::DclHsMaxTessfactor: {  // D3D allows 1.0 to 64.0
      float f = std::bit_cast<float>(ins.extra.at(0));
      if (!(f >= 1.0f && f <= 64.0f))
        throw Error("dcl_hs_max_tessfactor " + std::to_string(f) + " is outside 1.0-64.0");
      m_maxTessFactor = f;
      return true;
    }
    default: return true;  // phase markers and instance counts: compileHull reads them
  }
}

Id Compiler::hullRegister(const Operand& op) {
  Id uvec4Ptr = b.typePointer(spv::StorageClassPrivate, uvec4());
  if (op.type == kOutputControlPoint) {
    if (!m_vocpArray || op.indexDimension != 2 ||
        (op.index[1].representation == IndexRepresentation::Imm32 && op.index[1].immediate >= m_vocpRegs) ||
        (op.index[0].representation == IndexRepresentation::Imm32 && op.index[0].immediate >= std::max(1u, m_outputControlPoints)))
      throw Error("vocp register is not declared");
    return b.op(spv::OpAccessChain, uvec4Ptr, {m_vocpArray, indexValue(op.index[0]), indexValue(op.index[1])});
  }
  if (op.type != reg::Output || op.indexDimension != 1)
    throw Error("hull shader input register without a control point index");
  bool controlPoint = m_hsPhase == 1;
  Id array = controlPoint ? m_outputArray : m_patchArray;
  uint32_t count = controlPoint ? m_outputCount : m_patchCount;
  if (!array || (op.index[0].representation == IndexRepresentation::Imm32 && op.index[0].immediate >= count))
    throw Error("o" + std::to_string(op.index[0].immediate) + " is not declared in this phase");
  return b.op(spv::OpAccessChain, uvec4Ptr, {array, indexValue(op.index[0])});
}

void Compiler::compileHull() {
  const auto& code = m_program.instructions;
  // Split the program: global declarations, then one range per phase.
  std::vector<Phase> phases;
  size_t globalEnd = code.size();
  for (size_t i = 0; i < code.size(); i++) {
    uint32_t opcode = code[i].opcode;
    if (opcode != op::HsControlPointPhase && opcode != op::HsForkPhase && opcode != op::HsJoinPhase)
      continue;
    if (phases.empty())
      globalEnd = i;
    else
      phases.back().end = i;
    Phase p;
    p.kind = opcode == op::HsControlPointPhase ? 1 : opcode == op::HsForkPhase ? 2 : 3;
    p.begin = i + 1;
    p.end = code.size();
    phases.push_back(p);
  }
  size_t controlPointPhases = std::count_if(phases.begin(), phases.end(), [](const Phase& p) { return p.kind == 1; });
  if (controlPointPhases > 1 || (controlPointPhases == 1 && phases.front().kind != 1))
    throw Error("a hull shader has at most one control point phase, before the fork and join phases");
  for (size_t i = 1; i < phases.size(); i++)
    if (phases[i - 1].kind == 3 && phases[i].kind == 2)
      throw Error("a fork phase after a join phase");

  // Pass 1: every declaration, so that all inputs and outputs are known before variables exist.
  m_hsPhase = 0;
  for (size_t i = 0; i < globalEnd; i++) {
    const Instruction& ins = code[i];
    if (ins.opcode == op::CustomData) {
      declareIcb(ins);
      continue;
    }
    const OpcodeInfo* info = opcodeInfo(ins.opcode);
    if (!info || !info->declaration)
      throw Error("code outside a hull shader phase");
    if (ins.opcode != op::HsDecls)
      declare(ins);
  }
  for (Phase& phase : phases) {
    m_hsPhase = phase.kind;
    m_tempsDeclaredInPhase = false;
    for (size_t i = phase.begin; i < phase.end; i++) {
      const Instruction& ins = code[i];
      if (ins.opcode == op::CustomData) {
        declareIcb(ins);
        continue;
      }
      const OpcodeInfo* info = opcodeInfo(ins.opcode);
      if (!info || !info->declaration || ins.opcode == op::DclIndexableTemp)
        continue;
      if (ins.opcode == op::DclHsForkPhaseInstanceCount || ins.opcode == op::DclHsJoinPhaseInstanceCount) {
        if ((ins.opcode == op::DclHsForkPhaseInstanceCount) != (phase.kind == 2))
          throw Error("instance count of the wrong phase kind");
        phase.instances = ins.extra.at(0);
        if (phase.instances == 0 || phase.instances > kMaxPhaseInstances)
          throw Error("phase instance count " + std::to_string(phase.instances) + " is outside 1-" +
                      std::to_string(kMaxPhaseInstances));
        continue;
      }
      declare(ins);
    }
  }
  m_hsPhase = 0;
  if (!m_controlPoints)
    throw Error("hull shader without dcl_input_control_point_count");
  if (!m_tessDomain || !m_partitioning || !m_outputPrimitive)
    throw Error("hull shader without its tessellator domain, partitioning or output primitive");
  uint32_t outputPoints = std::max(1u, m_outputControlPoints);

  // Without a control point phase the input control points pass through, every signature
  // element of them; D3D requires as many outputs as inputs then.
  bool passThrough = controlPointPhases == 0;
  if (passThrough) {
    if (m_outputControlPoints != m_controlPoints && m_outputs && !m_outputs->elements.empty())
      throw Error("a pass-through hull shader needs as many output as input control points");
    if (m_inputs)
      for (const SignatureElement& e : m_inputs->elements) {
        if (e.registerIndex >= 32)
          throw Error("input signature register beyond 32");
        if (e.systemValue == 1) {
          m_controlPointBuiltins.push_back(BuiltinCopy{e.registerIndex, uint32_t(e.mask & 0xf), 1, 0});
        } else if (e.systemValue == 2 || e.systemValue == 3) {
          // Clip/cull distances come from the ClipDistance/CullDistance input arrays into the
          // control-point registers, then out at the register's location like any output, where
          // the domain shader reads them (docs/compiler.md).
          for (uint32_t c = 0; c < 4; c++)
            if (e.mask & (1u << c))
              m_controlPointDistances[e.systemValue - 2].emplace_back(e.registerIndex, c);
        } else if (e.systemValue == 0) {
          m_controlPointInputs[e.registerIndex].mask |= e.mask & 0xf;
        } else {
          throw Unsupported("pass-through of control-point system values other than position and clip/cull distances");
        }
        m_controlPointRegs = std::max(m_controlPointRegs, e.registerIndex + 1);
      }
    if (m_outputs)
      for (const SignatureElement& e : m_outputs->elements) {
        if (e.registerIndex >= m_controlPointRegs)
          throw Error("a pass-through hull shader outputs a register it has no input for");
        m_userOutputs[e.registerIndex].mask |= e.mask & 0xf;
        m_outputCount = std::max(m_outputCount, e.registerIndex + 1);
      }
  }
  createIoVariables();

  // Control-point outputs: one array element per output control point, at the register's location.
  for (auto& [reg, io] : m_userOutputs) {
    io.kind = signatureKind(m_outputs, reg);
    Id type = b.typeArray(typeOf(io.kind, 4), outputPoints);
    io.variable = b.variable(b.typePointer(spv::StorageClassOutput, type), spv::StorageClassOutput);
    b.decorate(io.variable, spv::DecorationLocation, {reg});
    b.name(io.variable, "out" + std::to_string(reg));
    m_reflection.outputLocations.push_back(reg);
  }
  // Patch constants: a private array the fork and join phases share, then Patch outputs at the
  // locations the domain shader reads (32 + register) and the tessellation levels.
  if (m_patchCount) {
    Id type = b.typeArray(uvec4(), m_patchCount);
    m_patchArray = b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_patchArray, "patch_constants");
  }
  for (auto& [reg, io] : m_patchOutputs) {
    io.kind = Kind::Float;
    io.variable = b.variable(b.typePointer(spv::StorageClassOutput, typeOf(Kind::Float, 4)), spv::StorageClassOutput);
    b.decorate(io.variable, spv::DecorationLocation, {patchLocation(reg)});
    b.decorate(io.variable, spv::DecorationPatch);
    b.name(io.variable, "patch" + std::to_string(reg));
    m_reflection.outputLocations.push_back(patchLocation(reg));
  }
  Id tessOuter = 0, tessInner = 0;
  for (const BuiltinCopy& copy : m_patchBuiltins) {
    bool inner;
    uint32_t index;
    tessFactor(copy.systemValue, inner, index);
    Id& var = inner ? tessInner : tessOuter;
    if (!var) {
      var = b.variable(b.typePointer(spv::StorageClassOutput, b.typeArray(b.f32(), inner ? 2 : 4)), spv::StorageClassOutput);
      b.decorate(var, spv::DecorationBuiltIn, {uint32_t(inner ? spv::BuiltInTessLevelInner : spv::BuiltInTessLevelOuter)});
      b.decorate(var, spv::DecorationPatch);
    }
  }
  if (m_vocpRegs) {
    Id type = b.typeArray(b.typeArray(uvec4(), m_vocpRegs), outputPoints);
    m_vocpArray = b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_vocpArray, "vocp");
  }
  m_phaseInstance = b.variable(b.typePointer(spv::StorageClassPrivate, b.u32()), spv::StorageClassPrivate);
  b.name(m_phaseInstance, "phase_instance");

  // Pass 2: each phase is a function, so that its ret returns to the driver below.
  Id voidType = b.typeVoid();
  for (Phase& phase : phases) {
    m_hsPhase = phase.kind;
    m_indexableTemps.clear();
    phase.function = b.beginFunction(voidType, b.typeFunction(voidType));
    m_currentSubroutine = -1;
    m_deadDepth = -1;
    b.name(phase.function, phase.kind == 1 ? "control_point_phase" : phase.kind == 2 ? "fork_phase" : "join_phase");
    b.label();
    for (size_t i = phase.begin; i < phase.end; i++) {
      const Instruction& ins = code[i];
      if (ins.opcode == op::CustomData)
        continue;
      const OpcodeInfo* info = opcodeInfo(ins.opcode);
      if (info && info->declaration) {
        if (ins.opcode == op::DclIndexableTemp)
          declare(ins);  // x# belong to their phase
        continue;
      }
      emitInstruction(ins);
    }
    if (!m_constructs.empty())
      throw Error("a hull shader phase ends inside an open if, loop or switch");
    if (b.inBlock())
      b.terminate(spv::OpReturn);
    b.endFunction();
  }
  m_hsPhase = 0;
  checkSubroutines();

  // The entry point: each invocation computes its output control point, then invocation 0 runs
  // the fork and join phases one instance after another and writes the patch constants.
  Id main = b.beginFunction(voidType, b.typeFunction(voidType));
  b.name(main, "main");
  b.label();
  copyInputs();
  Id invocationVar = builtinInput(spv::BuiltInInvocationId, b.i32());
  Id invocation = b.op(spv::OpBitcast, b.u32(), {b.op(spv::OpLoad, b.i32(), {invocationVar})});
  b.opNoResult(spv::OpStore, {m_phaseInstance, invocation});
  Id uvec4Ptr = b.typePointer(spv::StorageClassPrivate, uvec4());
  if (passThrough) {
    for (auto& [reg, io] : m_userOutputs) {
      Id in = b.op(spv::OpLoad, uvec4(), {b.op(spv::OpAccessChain, uvec4Ptr, {m_controlPointArray, invocation, b.constU32(reg)})});
      b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, uvec4Ptr, {m_outputArray, b.constU32(reg)}), in});
    }
  } else {
    b.op(spv::OpFunctionCall, voidType, {phases.front().function});
  }
  for (auto& [reg, io] : m_userOutputs) {
    Id bits = b.op(spv::OpLoad, uvec4(), {b.op(spv::OpAccessChain, uvec4Ptr, {m_outputArray, b.constU32(reg)})});
    Id ptr = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassOutput, typeOf(io.kind, 4)), {io.variable, invocation});
    b.opNoResult(spv::OpStore, {ptr, bitcast(Value{bits, Kind::Uint, 4}, io.kind).id});
  }
  // Fork and join phases may read every output control point (vocp): wait for all invocations.
  b.opNoResult(spv::OpControlBarrier, {b.constU32(spv::ScopeWorkgroup), b.constU32(spv::ScopeInvocation), b.constU32(0)});
  Id first = b.op(spv::OpIEqual, b.typeBool(), {invocation, b.constU32(0)});
  Id then = b.allocId(), merge = b.allocId();
  b.opNoResult(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
  b.branchConditional(first, then, merge);
  b.label(then);
  if (m_vocpArray) {
    for (uint32_t cp = 0; cp < outputPoints; cp++)
      for (auto& [reg, io] : m_userOutputs) {
        if (reg >= m_vocpRegs)
          continue;
        Id ptr = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassOutput, typeOf(io.kind, 4)), {io.variable, b.constU32(cp)});
        Id bits = bitcast(Value{b.op(spv::OpLoad, typeOf(io.kind, 4), {ptr}), io.kind, 4}, Kind::Uint).id;
        b.opNoResult(spv::OpStore, {b.op(spv::OpAccessChain, uvec4Ptr, {m_vocpArray, b.constU32(cp), b.constU32(reg)}), bits});
      }
  }
  for (const Phase& phase : phases) {
    if (phase.kind == 1)
      continue;
    for (uint32_t i = 0; i < phase.instances; i++) {
      b.opNoResult(spv::OpStore, {m_phaseInstance, b.constU32(i)});
      b.op(spv::OpFunctionCall, voidType, {phase.function});
    }
  }
  auto patchRegister = [&](uint32_t reg) {
    return b.op(spv::OpLoad, uvec4(), {b.op(spv::OpAccessChain, uvec4Ptr, {m_patchArray, b.constU32(reg)})});
  };
  for (auto& [reg, io] : m_patchOutputs)
    b.opNoResult(spv::OpStore, {io.variable, b.op(spv::OpBitcast, typeOf(Kind::Float, 4), {patchRegister(reg)})});
  for (const BuiltinCopy& copy : m_patchBuiltins) {
    bool inner;
    uint32_t index;
    tessFactor(copy.systemValue, inner, index);
    Id word = b.op(spv::OpCompositeExtract, b.u32(), {patchRegister(copy.reg), copy.mask ? uint32_t(__builtin_ctz(copy.mask)) : 0});
    Id ptr = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassOutput, b.f32()),
                  {inner ? tessInner : tessOuter, b.constU32(index)});
    Id factor = b.op(spv::OpBitcast, b.f32(), {word});
    if (m_maxTessFactor < 64.0f) {
      // The tessellator clamps every factor to the declared maximum; NaN stays NaN (it culls the
      // patch), so the comparison is the ordered "greater than".
      Id limit = b.constF32(m_maxTessFactor);
      factor = b.op(spv::OpSelect, b.f32(), {b.op(spv::OpFOrdGreaterThan, b.typeBool(), {factor, limit}), limit, factor});
    }
    if (m_partitioning == 2) {
      // pow2: D3D's tessellator rounds each factor up to an integer and then to a power of two,
      // which equal spacing then tessellates exactly: 2^(msb(ceil(f) - 1) + 1) for f above 1 (at
      // most 64, the tessellator's own limit); 1 or less (culls or stays 1) and NaN pass unchanged.
      Id capped = b.op(spv::OpSelect, b.f32(),
                       {b.op(spv::OpFOrdGreaterThan, b.typeBool(), {factor, b.constF32(64.0f)}), b.constF32(64.0f), factor});
      Id n = b.op(spv::OpConvertFToU, b.u32(), {b.op(spv::OpExtInst, b.f32(), {b.glsl(), 9 /* Ceil */, capped})});
      Id msb = b.op(spv::OpExtInst, b.u32(), {b.glsl(), 75 /* FindUMsb */, b.op(spv::OpISub, b.u32(), {n, b.constU32(1)})});
      Id power = b.op(spv::OpShiftLeftLogical, b.u32(), {b.constU32(1), b.op(spv::OpIAdd, b.u32(), {msb, b.constU32(1)})});
      Id rounded = b.op(spv::OpConvertUToF, b.f32(), {power});
      factor = b.op(spv::OpSelect, b.f32(),
                    {b.op(spv::OpFOrdGreaterThan, b.typeBool(), {factor, b.constF32(1.0f)}), rounded, factor});
    }
    b.opNoResult(spv::OpStore, {ptr, factor});
  }
  b.branch(merge);
  b.label(merge);
  b.terminate(spv::OpReturn);
  b.endFunction();

  b.entryPoint(spv::ExecutionModelTessellationControl, main, "main", b.interfaceVariables());
  hullModes(main);
}

void Compiler::hullModes(Id main) {
  b.capability(spv::CapabilityTessellation);
  b.executionMode(main, spv::ExecutionModeOutputVertices, {std::max(1u, m_outputControlPoints)});
  static const spv::ExecutionMode kDomains[] = {spv::ExecutionModeIsolines, spv::ExecutionModeIsolines,
                                                spv::ExecutionModeTriangles, spv::ExecutionModeQuads};
  b.executionMode(main, kDomains[m_tessDomain]);
  // D3D's pow2 partitioning is integer partitioning with factors rounded up to a power of two:
  // equal spacing, with the factors rounded where they are written (compileHull).
  static const spv::ExecutionMode kSpacing[] = {spv::ExecutionModeSpacingEqual, spv::ExecutionModeSpacingEqual,
                                                spv::ExecutionModeSpacingEqual, spv::ExecutionModeSpacingFractionalOdd,
                                                spv::ExecutionModeSpacingFractionalEven};
  b.executionMode(main, kSpacing[m_partitioning]);
  // Vulkan's tessellation domain origin defaults to upper-left, D3D's convention, so the
  // winding carries over unchanged.
  if (m_outputPrimitive == 1)
    b.executionMode(main, spv::ExecutionModePointMode);
  else if (m_outputPrimitive == 3)
    b.executionMode(main, spv::ExecutionModeVertexOrderCw);
  else if (m_outputPrimitive == 4)
    b.executionMode(main, spv::ExecutionModeVertexOrderCcw);
}

}  // namespace dxbc::compiler
