// The compiler's internal state, shared by its files: registers, resources, control-flow stack.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "dxbc/compiler.h"
#include "dxbc/error.h"
#include "dxbc/instruction.h"
#include "dxbc/opcodes.h"
#include "dxbc/signature.h"
#include "spirv/module_builder.h"

namespace dxbc::compiler {

using spirv::Id;

// Valid DXBC that the compiler cannot translate yet. compile() turns it into "unsupported: ...".
class Unsupported : public Error {
public:
  explicit Unsupported(const std::string& what) : Error(what) {}
};

// The three numeric views of a 32-bit register component.
enum class Kind { Float, Int, Uint };

// A value in SPIR-V: an id of a scalar or vector of `kind` with `count` components.
struct Value {
  Id id = 0;
  Kind kind = Kind::Uint;
  uint32_t count = 1;
};

struct ResourceInfo {
  Id variable = 0;
  Id imageType = 0;
  uint32_t dimension = 0;   // D3D resource dimension (opcodes.cpp's kResourceDims)
  Kind kind = Kind::Float;  // sampled/return type
  uint32_t stride = 0;      // structured buffers
  bool raw = false, structured = false, uav = false;
  Id storagePointer = 0;    // pointer to one uint word for raw/structured buffers
};

struct CbInfo {
  Id variable = 0;
  uint32_t size = 0;  // in 16-byte vectors
};

struct TgsmInfo {
  Id variable = 0;
  uint32_t stride = 0;  // 0 for raw
};

// Where a user input or output register goes.
struct IoRegister {
  Id variable = 0;       // the Input/Output variable
  Kind kind = Kind::Float;
  uint32_t mask = 0;
  uint32_t interpolation = 0;
  uint32_t stream = 0;   // geometry shader output stream whose emits write `variable`
  // A geometry shader whose streams share the register (HLSL compiles a vertex struct appended to
  // several streams so): the streams after the first that declare it. One variable per Location
  // is all SPIR-V allows, so it belongs to the rasterized stream when that is among them; the
  // other streams' values reach stream output through its own variables
  // (compiler_stream_output.cpp).
  uint32_t otherStreams = 0;
};

// A pixel shader's scalar output register (oDepth, oDepthGE, oDepthLE, oMask, oStencilRef): the
// private register the code writes and the built-in it is copied to.
struct SpecialOutput {
  Id privateVar = 0;
  Id output = 0;
};

struct BuiltinCopy {
  uint32_t reg = 0;
  uint32_t mask = 0;
  uint32_t systemValue = 0;
  Id variable = 0;
};

enum class ConstructKind { If, Loop, Switch };

struct Construct {
  ConstructKind kind = ConstructKind::If;
  Id merge = 0;
  Id elseLabel = 0, continueLabel = 0;  // if: the false target; loop: the continue target
  bool sawElse = false;
  // Switch: the selector, where its OpSwitch goes, the cases and the block being filled.
  Id selector = 0;
  size_t switchPosition = 0;
  Id defaultLabel = 0;
  std::vector<std::pair<uint32_t, Id>> cases;
  Id openCaseLabel = 0;
  size_t openCaseStart = 0;
};

// A tessellation-factor system value (D3D_NAME 11-22) as an element of TessLevelOuter/Inner.
bool tessFactor(uint32_t sv, bool& inner, uint32_t& index);

class Compiler {
public:
  Compiler(const Program& program, const Signature* inputs, const Signature* outputs, const CompileOptions& options);
  CompileResult run();

private:
  // compiler.cpp: declarations, the entry point and the input/output copies.
  void scanUses();
  void declare(const Instruction& ins);
  Id wordBufferType(bool writable);
  void declareResource(const Instruction& ins);
  void declareUav(const Instruction& ins);
  void declareInput(const Instruction& ins);
  void declareOutput(const Instruction& ins);
  void addBinding(BindingKind kind, uint32_t slot, DescriptorKind descriptor, Id variable);
  void emitEntryPoint(Id body);
  void copyInputs();
  void copyOutputs();
  Id specialInput(uint32_t registerType);
  Kind signatureKind(const Signature* signature, uint32_t reg) const;
  void declareIcb(const Instruction& ins);
  void createIoVariables();
  bool isSpecialInputType(uint32_t type) const;

  // compiler_builtins.cpp: built-in outputs (position, clip/cull distances, layer, viewport), the
  // pixel shader's scalar outputs, sample coverage, eval_* and the rasterizer's sample count.
  void declareSpecialOutput(const Operand& op);
  void createBuiltinOutputs();
  void copyBuiltinOutputs();
  void specialOutputModes(Id main);
  Id specialOutputPointer(uint32_t type);
  bool emitEval(const Instruction& ins);
  Id rasterizerSampleCount();
  Id builtinInput(spv::BuiltIn builtin, Id type);
  Id innerCoverage();

  // compiler_geometry.cpp: geometry shader declarations, emit/cut and execution modes.
  bool declareGeometry(const Instruction& ins);
  bool emitGeometry(const Instruction& ins);
  void geometryModes(Id main);

  // compiler_hull.cpp: hull shaders (phases run in one tessellation-control entry point).
  void compileHull();
  bool declareHull(const Instruction& ins);
  Id hullRegister(const Operand& op);
  void hullModes(Id main);

  // compiler_registers.cpp: operands.
  Id scalarType(Kind kind);
  Id typeOf(Kind kind, uint32_t count) {
    if (count == 0 || count > 4)
      throw Error("an operation on " + std::to_string(count) + " components (an empty or bad write mask)");
    return b.vec(scalarType(kind), count);
  }
  Id uvec4() { return b.vec(b.u32(), 4); }
  Id declareHiddenBlock(const char* typeName, const char* variableName, uint32_t vec4Count, uint32_t binding, uint32_t slot);
  Id indexValue(const OperandIndex& index);
  Id registerPointer(const Operand& op, spv::StorageClass& storage);
  Value loadSource(const Operand& op, Kind kind, uint32_t readMask);
  // How a source modifier acts: on the sign bit (float, move), as two's complement with |x|
  // refused by the table (integer), or two's complement and SAbs (an operand outside the table).
  enum class ModifierRule { SignBit, TwosComplement, IntegerAbsNeg };
  // The swizzle positions a source read with readMask takes (loadSource), and an immediate's
  // component bits for them with its modifier folded in by the rule for `kind`.
  static std::vector<uint32_t> swizzlePicks(const Operand& op, uint32_t readMask);
  std::vector<uint32_t> immediateBits(const Operand& op, Kind kind, uint32_t readMask);
  ModifierRule modifierRule(const Operand& op, Kind kind) const;
  static uint32_t modifyBits(uint32_t bits, OperandModifier mod, ModifierRule rule);
  Value applyModifier(Value value, OperandModifier mod, ModifierRule rule);
  Value loadScalar(const Operand& op, Kind kind) { return loadSource(op, kind, 1); }
  void storeDest(const Operand& op, Value value, bool saturate);
  Value bitcast(Value value, Kind kind);
  Value component(Value value, uint32_t index);
  Value splat(Value scalar, uint32_t count);
  Value composite(const std::vector<Value>& scalars);
  Id condition(const Operand& op, bool nonZero);
  Value constant(Kind kind, uint32_t bits, uint32_t count);

  // compiler_alu.cpp: arithmetic, comparison, bit and conversion instructions.
  bool emitAlu(const Instruction& ins);
  bool divideByConstantZero(const Instruction& ins, bool sat);

  // The float-control execution modes the options ask for (CompileOptions::preserveSignedZeroInfNan*).
  void floatControlModes(Id main);
  // compiler_doubles.cpp: double-precision instructions.
  bool emitDouble(const Instruction& ins);
  Id loadDouble(const Operand& op, uint32_t index);
  // A 64-bit immediate's double `index` (0 or 1) as bits, its modifier folded in.
  uint64_t immediateDoubleBits(const Operand& op, uint32_t index);
  void storeDoubles(const Operand& op, const std::vector<Id>& doubles, bool saturate);

  // compiler_gather.cpp: gathers, sampleinfo and samplepos.
  bool emitGather(const Instruction& ins);

  // compiler_stream_output.cpp: transform feedback variables from the stream-output declaration.
  void createStreamOutputs();
  void copyStreamOutputs();
  void streamOutputModes(Id main);

  // compiler_tessellation.cpp: domain shader inputs and execution modes.
  bool declareTessellation(const Instruction& ins);
  void createTessellationInputs();
  void copyTessellationInputs();
  Id tessellationRegister(const Operand& op);
  void tessellationModes(Id main);
  static uint32_t patchLocation(uint32_t reg);

  // compiler_flow.cpp: structured control flow.
  bool emitFlow(const Instruction& ins);
  void ensureBlock();
  // Subroutines (label/call/callc): each label starts a SPIR-V function with no parameters; the
  // registers are module-private variables, so caller and callee share them as D3D does.
  Id subroutine(const Operand& label);
  void beginSubroutine(const Instruction& ins);
  void checkSubroutines();
  Construct* innermost(bool loopOnly);

  // compiler_interfaces.cpp: class linkage (dcl_function_body/table, dcl_interface, fcall, this).
  void declareClassLinkage();
  bool emitInterfaceCall(const Instruction& ins);
  Id thisPointer(const Operand& op);
  Id interfaceSlotIndex(uint32_t first, uint32_t size, const OperandIndex& index);

  // compiler_resources.cpp: textures, buffers, UAVs, group-shared memory, barriers.
  bool emitResource(const Instruction& ins);
  bool emitResidencyFeedback(const Instruction& ins);
  Id uavCounter(uint32_t slot);
  const ResourceInfo& resource(const Operand& op);
  Id loadImage(const ResourceInfo& info);
  Value swizzleResult(Value vec4, const Operand& resourceOperand, uint32_t mask);
  Id wordPointer(const Operand& op, Id wordIndex);
  void imageCoordinates(uint32_t dimension, uint32_t& coords, bool& arrayed);
  // Typed 3D UAVs: the slot's (FirstWSlice, WSize) from the UAV-slice block, and a coordinate
  // made absolute (z + FirstWSlice) with whether z lies inside the view's slices.
  void declareUavSliceBlock(uint32_t slot);
  Id uavSliceRange(uint32_t slot);  // uvec4: .x first slice, .y slice count
  struct SliceCoordinate {
    Id coordinate = 0;  // ivec3 with z made absolute (the first slice where z is outside)
    Id inside = 0;      // bool: 0 <= z < WSize
  };
  SliceCoordinate uavSliceCoordinate(uint32_t slot, Value coordinate);
  static bool isUavSliced(const ResourceInfo& info) { return info.uav && !info.raw && !info.structured && info.dimension == 5; }

  void emitInstruction(const Instruction& ins);
  void checkInstructionModifiers(const Instruction& ins);
  bool emitIndexedResource(const Instruction& ins);
  bool saturate(const Instruction& ins) const { return (ins.controls >> 2) & 1; }

public:
  spirv::ModuleBuilder b;

private:
  const Program& m_program;
  // The instruction being emitted: loadSource finds its operands' types in the table by it.
  const Instruction* m_current = nullptr;
  const Signature* m_inputs;
  const Signature* m_outputs;
  const CompileOptions& m_options;
  ShaderReflection m_reflection;
  ShaderStage m_stage;

  std::vector<Id> m_temps;
  std::map<uint32_t, std::pair<Id, uint32_t>> m_indexableTemps;  // x#: variable, length
  Id m_inputArray = 0, m_outputArray = 0;                        // private uvec4 v[] and o[]
  uint32_t m_inputCount = 0, m_outputCount = 0;
  std::map<uint32_t, IoRegister> m_userInputs, m_userOutputs;
  std::vector<BuiltinCopy> m_builtinInputs, m_builtinOutputs;
  std::map<uint32_t, Id> m_specialInputs;       // register type -> Input variable
  std::map<uint32_t, SpecialOutput> m_specialOutputs;  // by register type
  std::vector<std::pair<uint32_t, uint32_t>> m_clipComponents, m_cullComponents;  // (register, component)
  Id m_clipDistance = 0, m_cullDistance = 0, m_rasterizerSamples = 0;
  Id m_pointSize = 0;  // vertex shaders: PointSize, always 1 (D3D11 has no point size)
  std::map<uint32_t, Id> m_uavCounters;  // u# -> counter buffer variable
  std::map<uint32_t, bool> m_uavCounterUses;
  std::map<uint32_t, CbInfo> m_cbs;
  Id m_icb = 0;
  uint32_t m_icbSize = 0;
  std::map<uint32_t, Id> m_samplers;
  std::map<uint32_t, ResourceInfo> m_srvs, m_uavs;
  std::map<uint32_t, TgsmInfo> m_tgsm;
  std::map<uint32_t, bool> m_uavTypedLoads;  // u# read by ld_uav_typed
  uint32_t m_threadGroup[3] = {0, 0, 0};
  Id m_ssboReadOnly = 0, m_ssboReadWrite = 0;
  Id m_samplePositions = 0;
  // Domain shaders: control points per patch, tessellator domain (1 isoline, 2 tri, 3 quad), and
  // the private vicp[cp][reg] and vpc[reg] arrays with the inputs they copy.
  uint32_t m_controlPoints = 0, m_tessDomain = 0, m_controlPointRegs = 0, m_patchCount = 0;
  std::map<uint32_t, IoRegister> m_controlPointInputs, m_patchInputs;
  std::vector<BuiltinCopy> m_patchBuiltins;
  Id m_controlPointArray = 0, m_patchArray = 0;
  // Per-vertex built-in inputs (position) of geometry and hull shaders, copied into vicp/v[][].
  std::vector<BuiltinCopy> m_controlPointBuiltins;
  // Per-vertex clip [0] and cull [1] distances of geometry and hull shaders: the (register,
  // component) pairs in array order, and the ClipDistance/CullDistance input arrays.
  std::vector<std::pair<uint32_t, uint32_t>> m_controlPointDistances[2];
  Id m_controlPointDistanceVars[2] = {0, 0};
  // Geometry shaders: D3D's primitive/topology codes, dcl_maxout, instances, the stream the
  // following output declarations belong to, and whether any stream but 0 is used.
  uint32_t m_gsInputPrimitive = 0, m_gsOutputTopology = 0, m_gsMaxVertices = 0, m_gsInstances = 0;
  uint32_t m_currentStream = 0;
  bool m_multipleStreams = false;
  // Hull shaders: the phase being declared or emitted (0 global, 1 control point, 2 fork, 3 join),
  // tessellator settings, patch-constant outputs, the instance id the running phase reads, and the
  // output control points copied back for fork/join phases (vocp).
  uint32_t m_hsPhase = 0, m_outputControlPoints = 0, m_partitioning = 0, m_outputPrimitive = 0;
  std::map<uint32_t, IoRegister> m_patchOutputs;
  Id m_phaseInstance = 0, m_vocpArray = 0;
  uint32_t m_vocpRegs = 0;
  bool m_tempsDeclaredInPhase = false;
  float m_maxTessFactor = 64.0f;  // dcl_hs_max_tessfactor; factors above it are clamped

  // Transform feedback captures: a copy of `count` components of o[reg] from `first`.
  struct XfbOutput {
    Id variable = 0;
    uint32_t reg = 0, first = 0, count = 0, stream = 0;
    Kind kind = Kind::Float;
  };
  std::vector<XfbOutput> m_xfbOutputs;

  std::vector<Construct> m_constructs;
  // Code after break/continue/ret is unreachable until the construct at this depth (the size of
  // m_constructs) reaches its next else/case/default/end; -1 when the code is reachable.
  int64_t m_deadDepth = -1;
  // Subroutines: label number -> function id (allocated by the first call or the label), the
  // labels whose bodies exist, and who calls whom (caller -1: the main program or a hull phase).
  std::map<uint32_t, Id> m_subroutines;
  std::map<uint32_t, bool> m_subroutineDefined;
  std::map<int64_t, std::vector<uint32_t>> m_calls;
  int64_t m_currentSubroutine = -1;

  // The clamp operand of the *_cl_s sample being emitted through its plain form (MinLod).
  const Operand* m_minLod = nullptr;

  // Class linkage. Function bodies (`label fb#`) are subroutines too, keyed kFunctionBodyKey + #
  // in m_subroutines so that they share the call-graph checks with labels.
  static constexpr uint32_t kFunctionBodyKey = 0x10000;
  struct InterfaceDecl {
    uint32_t arraySize = 0, callSites = 0;
    std::vector<uint32_t> tables;  // function table ids, without repeats
  };
  std::map<uint32_t, bool> m_functionBodies;                      // declared fb#
  std::map<uint32_t, std::vector<uint32_t>> m_functionTables;     // ft# -> fb# per call site
  std::map<uint32_t, InterfaceDecl> m_interfaces;                 // fp# (first slot) -> declaration
  uint32_t m_interfaceSlots = 0;
  Id m_classInstances = 0;  // the hidden uniform block (binding_model::kClassInstanceBinding)
  Id m_uavSlices = 0;       // the hidden UAV-slice block (binding_model::kUavSliceBinding)
};

}  // namespace dxbc::compiler
