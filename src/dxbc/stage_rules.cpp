// Stage rules from the shader model 4 and 5 assembly reference: each instruction page says which
// stages it applies to, and each register type belongs to the stages whose pipeline position has
// it (thread ids exist only in compute, depth and coverage outputs only in pixel shaders, ...).
// Only what is stage-specific is listed; everything else is allowed in every stage.
#include "dxbc/stage_rules.h"

#include <bit>
#include <cstdint>

#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc {

namespace {

// One bit per ProgramType value (Pixel = 0, Vertex = 1, Geometry = 2, Hull = 3, Domain = 4,
// Compute = 5).
using StageMask = uint32_t;
constexpr StageMask bit(ProgramType t) { return 1u << uint32_t(t); }
constexpr StageMask kPixel = bit(ProgramType::Pixel), kGeometry = bit(ProgramType::Geometry),
                    kHull = bit(ProgramType::Hull), kDomain = bit(ProgramType::Domain),
                    kCompute = bit(ProgramType::Compute);
constexpr StageMask kAllStages = (1u << (uint32_t(ProgramType::Compute) + 1)) - 1;

struct Rule {
  uint32_t code;  // opcode or register type
  StageMask stages;
};

// Instructions that need a pixel quad (derivatives: implicit-LOD sampling, lod, deriv_*), the
// pixel's own coverage (discard, eval_*), or a stage's own structure.
constexpr Rule kInstructionRules[] = {
  // Derivatives and what uses them implicitly.
  {op::DerivRtx, kPixel}, {op::DerivRty, kPixel}, {op::DerivRtxCoarse, kPixel}, {op::DerivRtxFine, kPixel},
  {op::DerivRtyCoarse, kPixel}, {op::DerivRtyFine, kPixel},
  {op::Sample, kPixel}, {op::SampleC, kPixel}, {op::SampleB, kPixel}, {op::Lod, kPixel},
  {op::SampleClampFeedback, kPixel}, {op::SampleBClampFeedback, kPixel}, {op::SampleCClampFeedback, kPixel},
  {op::Discard, kPixel},
  {op::EvalSnapped, kPixel}, {op::EvalSampleIndex, kPixel}, {op::EvalCentroid, kPixel},
  {op::DclInputPs, kPixel}, {op::DclInputPsSgv, kPixel}, {op::DclInputPsSiv, kPixel},
  // Geometry shaders: emitting and cutting, streams and the primitive declarations.
  {op::Cut, kGeometry}, {op::Emit, kGeometry}, {op::Emitthencut, kGeometry},
  {op::EmitStream, kGeometry}, {op::CutStream, kGeometry}, {op::EmitthencutStream, kGeometry},
  {op::DclGsOutputPrimitiveTopology, kGeometry}, {op::DclGsInputPrimitive, kGeometry},
  {op::DclMaxOutputVertexCount, kGeometry}, {op::DclStream, kGeometry}, {op::DclGsInstanceCount, kGeometry},
  // Hull shaders: phases and tessellator declarations (the domain and input control points are
  // the domain shader's too).
  {op::HsDecls, kHull}, {op::HsControlPointPhase, kHull}, {op::HsForkPhase, kHull}, {op::HsJoinPhase, kHull},
  {op::DclOutputControlPointCount, kHull}, {op::DclTessPartitioning, kHull}, {op::DclTessOutputPrimitive, kHull},
  {op::DclHsMaxTessfactor, kHull}, {op::DclHsForkPhaseInstanceCount, kHull}, {op::DclHsJoinPhaseInstanceCount, kHull},
  {op::DclInputControlPointCount, kHull | kDomain}, {op::DclTessDomain, kHull | kDomain},
  // Compute shaders: the thread group and its shared memory.
  {op::DclThreadGroup, kCompute}, {op::DclTgsmRaw, kCompute}, {op::DclTgsmStructured, kCompute},
};

constexpr Rule kRegisterRules[] = {
  {11, kGeometry | kHull | kDomain | kPixel},  // vPrim: there is no primitive before assembly
  {12, kPixel}, {15, kPixel}, {35, kPixel}, {38, kPixel}, {39, kPixel}, {41, kPixel}, {42, kPixel},
  // oDepth, oMask, vCoverage, oDepthGE, oDepthLE, oStencilRef, vInnerCoverage
  {16, kGeometry}, {37, kGeometry},  // m# (streams), vGSInstanceID
  {22, kHull}, {23, kHull}, {24, kHull}, {26, kHull},  // vOutputControlPointID, vForkInstanceID, vJoinInstanceID, vocp
  {25, kHull | kDomain}, {27, kHull | kDomain},        // vicp, vpc
  {28, kDomain},                                       // vDomain
  {31, kCompute}, {32, kCompute}, {33, kCompute}, {34, kCompute}, {36, kCompute},
  // g# (thread-group memory), vThreadID, vThreadGroupID, vThreadIDInGroup, vThreadIDInGroupFlattened
};

// sync flags (opcode controls bits 0-3): _t thread-group barrier, _g thread-group memory fence,
// _ugroup UAV fence for the group, _uglobal UAV fence for the device. Only the last means anything
// outside a thread group.
constexpr uint32_t kSyncGroupFlags = 0x7;

StageMask allowedStages(const Rule* begin, const Rule* end, uint32_t code) {
  for (const Rule* r = begin; r != end; r++)
    if (r->code == code)
      return r->stages;
  return ~StageMask(0);
}

const char* stageName(ProgramType t) {
  switch (t) {
    case ProgramType::Pixel: return "pixel";
    case ProgramType::Vertex: return "vertex";
    case ProgramType::Geometry: return "geometry";
    case ProgramType::Hull: return "hull";
    case ProgramType::Domain: return "domain";
    case ProgramType::Compute: return "compute";
  }
  return "unknown";
}

// "pixel shaders", "hull and domain shaders", ...
std::string stageList(StageMask stages) {
  std::string names;
  const int total = std::popcount(stages & kAllStages);
  int count = 0;
  for (uint32_t t = 0; t <= uint32_t(ProgramType::Compute); t++) {
    if (!((stages >> t) & 1))
      continue;
    count++;
    if (count > 1)
      names += count == total ? " and " : ", ";
    names += stageName(ProgramType(t));
  }
  return names + " shaders";
}

std::string refusal(const std::string& what, ProgramType stage, StageMask allowed) {
  return what + " is not allowed in a " + stageName(stage) + " shader, only in " + stageList(allowed);
}

std::string registerLabel(uint32_t type) {
  const char* name = registerName(type);
  return std::string("register ") + (name ? name : "type " + std::to_string(type));
}

// The operand and the operands of its relative indices.
std::string operandViolation(const Operand& op, ProgramType stage) {
  StageMask allowed = allowedStages(std::begin(kRegisterRules), std::end(kRegisterRules), op.type);
  if (!(allowed & bit(stage)))
    return refusal(registerLabel(op.type), stage, allowed);
  for (uint32_t i = 0; i < op.indexDimension && i < 3; i++)
    if (op.index[i].relative) {
      std::string why = operandViolation(*op.index[i].relative, stage);
      if (!why.empty())
        return why;
    }
  return {};
}

}  // namespace

std::string stageViolation(const Program& program) {
  const ProgramType stage = program.type;
  for (const Instruction& ins : program.instructions) {
    StageMask allowed = allowedStages(std::begin(kInstructionRules), std::end(kInstructionRules), ins.opcode);
    if (!(allowed & bit(stage))) {
      // Named only here: every shader creation runs this loop, and most instructions pass.
      const OpcodeInfo* info = opcodeInfo(ins.opcode);
      return refusal(info ? info->name : "opcode " + std::to_string(ins.opcode), stage, allowed);
    }
    if (ins.opcode == op::Sync && (ins.controls & kSyncGroupFlags) && stage != ProgramType::Compute)
      return refusal("sync with a thread-group flag (_t, _g or _ugroup)", stage, kCompute);
    for (const Operand& op : ins.operands) {
      std::string why = operandViolation(op, stage);
      if (!why.empty())
        return why;
    }
  }
  return {};
}

}  // namespace dxbc
