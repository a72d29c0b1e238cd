// The compiler's driver: compile(), declarations, inputs and outputs, and the entry point.
#include "dxbc/compiler.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "dxbc/compiler_impl.h"
#include "dxbc/operand_types.h"
#include "dxbc/compiler_passthrough.h"
#include "dxbc/container.h"
#include "dxbc/decoder.h"
#include "dxbc/opcodes.h"
#include "dxbc/registers.h"
#include "dxbc/stage_rules.h"

namespace dxbc {
namespace compiler {
namespace {

// D3D_NAME values of the signature and of dcl_*_siv/sgv tokens the compiler handles.
constexpr uint32_t kSvPosition = 1, kSvClipDistance = 2, kSvCullDistance = 3, kSvRenderTargetArrayIndex = 4,
                   kSvViewportArrayIndex = 5, kSvVertexId = 6, kSvPrimitiveId = 7, kSvInstanceId = 8, kSvIsFrontFace = 9,
                   kSvSampleIndex = 10;

Kind kindOfReturnType(uint32_t token) {
  switch (token & 0xf) {
    case 3: return Kind::Int;
    case 4: return Kind::Uint;
    case 1:
    case 2:
    case 5: return Kind::Float;
    default: throw Unsupported("resource return type " + std::to_string(token & 0xf));
  }
}

ShaderStage stageOf(ProgramType type) {
  switch (type) {
    case ProgramType::Vertex: return ShaderStage::Vertex;
    case ProgramType::Pixel: return ShaderStage::Pixel;
    case ProgramType::Compute: return ShaderStage::Compute;
    case ProgramType::Geometry: return ShaderStage::Geometry;
    case ProgramType::Hull: return ShaderStage::Hull;
    case ProgramType::Domain: return ShaderStage::Domain;
  }
  return ShaderStage::Vertex;
}

}  // namespace

Compiler::Compiler(const Program& program, const Signature* inputs, const Signature* outputs,
                   const CompileOptions& options)
  : m_program(program), m_inputs(inputs), m_outputs(outputs), m_options(options), m_stage(stageOf(program.type)) {}

Kind Compiler::signatureKind(const Signature* signature, uint32_t reg) const {
  if (!signature)
    return Kind::Float;
  bool any = false, allInt = true, allUint = true;
  for (const SignatureElement& e : signature->elements) {
    if (e.registerIndex != reg || e.systemValue == kSvPosition)
      continue;
    any = true;
    allInt = allInt && e.componentType == 2;
    allUint = allUint && e.componentType == 1;
  }
  return !any ? Kind::Float : allUint ? Kind::Uint : allInt ? Kind::Int : Kind::Float;
}

void Compiler::addBinding(BindingKind kind, uint32_t slot, DescriptorKind descriptor, Id variable) {
  if (slot >= binding_model::slotCount(kind))
    throw Error("register slot " + std::to_string(slot) + " is out of range");
  VulkanBinding vk = binding_model::binding(m_stage, kind, slot);
  b.decorate(variable, spv::DecorationDescriptorSet, {vk.set});
  b.decorate(variable, spv::DecorationBinding, {vk.binding});
  m_reflection.bindings.push_back(ShaderBinding{kind, slot, descriptor, vk});
}

void Compiler::scanUses() {
  for (const Instruction& ins : m_program.instructions) {
    // Typed UAV loads and image atomics need a declared format (R32); see docs/compiler.md.
    bool typedAccess = ins.opcode == op::LdUavTyped || ins.opcode == op::LdUavTypedFeedback ||
                       (ins.opcode >= op::AtomicAnd && ins.opcode <= op::ImmAtomicUmin);
    if (!typedAccess)
      continue;
    for (const Operand& op : ins.operands)
      if (op.type == reg::Uav && op.indexDimension >= 1)
        m_uavTypedLoads[uint32_t(op.index[0].immediate)] = true;
  }
}

// Raw and structured buffers are runtime arrays of 32-bit words in a storage buffer block; SRVs
// get a read-only block type, UAVs a writable one, each declared once per module.
Id Compiler::wordBufferType(bool writable) {
  Id& type = writable ? m_ssboReadWrite : m_ssboReadOnly;
  if (!type) {
    Id array = b.typeRuntimeArray(b.u32(), true);
    b.decorate(array, spv::DecorationArrayStride, {4});
    type = b.typeStruct({array});
    b.decorate(type, spv::DecorationBlock);
    b.memberDecorate(type, 0, spv::DecorationOffset, {0});
    if (!writable)
      b.memberDecorate(type, 0, spv::DecorationNonWritable);
    b.name(type, writable ? "Words" : "ReadOnlyWords");
  }
  return type;
}

void Compiler::declareResource(const Instruction& ins) {
  const Operand& op = ins.operands.at(0);
  uint32_t slot = uint32_t(op.index[0].immediate);
  ResourceInfo info;
  if (ins.opcode == op::DclResourceRaw || ins.opcode == op::DclResourceStructured) {
    info.raw = ins.opcode == op::DclResourceRaw;
    info.structured = !info.raw;
    info.stride = info.structured ? ins.extra.at(0) : 0;
    if (info.structured && (info.stride == 0 || info.stride % 4))
      throw Error("structured buffer stride " + std::to_string(info.stride) + " is not a multiple of 4");
    info.variable = b.variable(b.typePointer(spv::StorageClassStorageBuffer, wordBufferType(false)),
                               spv::StorageClassStorageBuffer);
    addBinding(BindingKind::ShaderResource, slot, DescriptorKind::StorageBuffer, info.variable);
  } else {
    info.dimension = ins.controls & 0x1f;
    info.kind = kindOfReturnType(ins.extra.at(0));
    uint32_t coords;
    bool arrayed;
    imageCoordinates(info.dimension, coords, arrayed);
    static const spv::Dim kDims[] = {spv::Dim2D, spv::DimBuffer, spv::Dim1D, spv::Dim2D, spv::Dim2D, spv::Dim3D,
                                     spv::DimCube, spv::Dim1D, spv::Dim2D, spv::Dim2D, spv::DimCube};
    spv::Dim dim = kDims[info.dimension];
    if (dim == spv::DimBuffer)
      b.capability(spv::CapabilitySampledBuffer);
    if (dim == spv::Dim1D)
      b.capability(spv::CapabilitySampled1D);
    if (info.dimension == 10)
      b.capability(spv::CapabilitySampledCubeArray);
    info.imageType = b.typeImage(scalarType(info.kind), dim, 0, arrayed, info.dimension == 4 || info.dimension == 9, 1,
                                 spv::ImageFormatUnknown);
    info.variable = b.variable(b.typePointer(spv::StorageClassUniformConstant, info.imageType),
                               spv::StorageClassUniformConstant);
    addBinding(BindingKind::ShaderResource, slot,
               dim == spv::DimBuffer ? DescriptorKind::UniformTexelBuffer : DescriptorKind::SampledImage, info.variable);
  }
  b.name(info.variable, "t" + std::to_string(slot));
  m_srvs[slot] = info;
}

void Compiler::declareUav(const Instruction& ins) {
  const Operand& op = ins.operands.at(0);
  uint32_t slot = uint32_t(op.index[0].immediate);
  ResourceInfo info;
  info.uav = true;
  if (ins.controls & (1u << 6)) {  // _rov (opcode token bit 17)
    if (m_stage != ShaderStage::Pixel)
      throw Error("a rasterizer-ordered UAV outside a pixel shader");
    m_reflection.rasterizerOrdered = true;
  }
  if (ins.opcode == op::DclUavRaw || ins.opcode == op::DclUavStructured) {
    info.raw = ins.opcode == op::DclUavRaw;
    info.structured = !info.raw;
    info.stride = info.structured ? ins.extra.at(0) : 0;
    if (info.structured && (info.stride == 0 || info.stride % 4))
      throw Error("structured UAV stride " + std::to_string(info.stride) + " is not a multiple of 4");
    info.variable = b.variable(b.typePointer(spv::StorageClassStorageBuffer, wordBufferType(true)),
                               spv::StorageClassStorageBuffer);
    addBinding(BindingKind::UnorderedAccess, slot, DescriptorKind::StorageBuffer, info.variable);
  } else {
    info.dimension = ins.controls & 0x1f;
    info.kind = kindOfReturnType(ins.extra.at(0));
    uint32_t coords;
    bool arrayed;
    imageCoordinates(info.dimension, coords, arrayed);
    if (info.dimension == 4 || info.dimension == 9 || info.dimension == 6 || info.dimension == 10)
      throw Error("a typed UAV cannot be multisampled or a cube");
    static const spv::Dim kDims[] = {spv::Dim2D, spv::DimBuffer, spv::Dim1D, spv::Dim2D, spv::Dim2D, spv::Dim3D,
                                     spv::DimCube, spv::Dim1D, spv::Dim2D, spv::Dim2D, spv::DimCube};
    spv::Dim dim = kDims[info.dimension];
    if (dim == spv::DimBuffer)
      b.capability(spv::CapabilityImageBuffer);
    if (dim == spv::Dim1D)
      b.capability(spv::CapabilityImage1D);
    // D3D11 allows typed UAV loads only from R32 formats, so a UAV that is read gets the R32
    // format of its kind; one that is only written needs no format at all.
    spv::ImageFormat format = spv::ImageFormatUnknown;
    if (m_uavTypedLoads.count(slot))
      format = info.kind == Kind::Float ? spv::ImageFormatR32f : info.kind == Kind::Int ? spv::ImageFormatR32i
                                                                                        : spv::ImageFormatR32ui;
    else
      b.capability(spv::CapabilityStorageImageWriteWithoutFormat);
    info.imageType = b.typeImage(scalarType(info.kind), dim, 0, arrayed, false, 2, format);
    info.variable = b.variable(b.typePointer(spv::StorageClassUniformConstant, info.imageType),
                               spv::StorageClassUniformConstant);
    addBinding(BindingKind::UnorderedAccess, slot,
               dim == spv::DimBuffer ? DescriptorKind::StorageTexelBuffer : DescriptorKind::StorageImage, info.variable);
    if (dim == spv::Dim3D)
      declareUavSliceBlock(slot);
  }
  b.name(info.variable, "u" + std::to_string(slot));
  m_uavs[slot] = info;
}

void Compiler::declareInput(const Instruction& ins) {
  const Operand& op = ins.operands.at(0);
  if (op.type != reg::Input)
    return;  // vThreadID and the other special inputs are created when first read
  if (op.indexDimension != 1)
    throw Unsupported("input arrays (per-vertex or per-control-point inputs)");
  uint32_t reg = uint32_t(op.index[0].immediate);
  if (op.index[0].immediate >= 32)
    throw Error("input register v" + std::to_string(op.index[0].immediate) + " is beyond D3D11's 32");
  uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 1;
  m_inputCount = std::max(m_inputCount, reg + 1);
  bool systemValue = ins.opcode == op::DclInputSgv || ins.opcode == op::DclInputSiv ||
                     ins.opcode == op::DclInputPsSgv || ins.opcode == op::DclInputPsSiv;
  if (systemValue) {
    m_builtinInputs.push_back(BuiltinCopy{reg, mask, ins.extra.at(0), 0});
    return;
  }
  IoRegister& io = m_userInputs[reg];
  io.mask |= mask;
  if (ins.opcode == op::DclInputPs)
    io.interpolation = ins.controls & 0xf;
}

void Compiler::declareOutput(const Instruction& ins) {
  const Operand& op = ins.operands.at(0);
  if (op.type == 12 || op.type == 15 || op.type == 38 || op.type == 39 || op.type == 41) {  // oDepth*, oMask, oStencilRef
    declareSpecialOutput(op);
    return;
  }
  if (op.type != reg::Output) {
    const char* name = registerName(op.type);
    throw Unsupported(std::string("output register ") + (name ? name : std::to_string(op.type).c_str()));
  }
  if (op.indexDimension != 1)
    throw Unsupported("output arrays");
  uint32_t reg = uint32_t(op.index[0].immediate);
  if (op.index[0].immediate >= 32)
    throw Error("output register o" + std::to_string(op.index[0].immediate) + " is beyond D3D11's 32");
  uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 1;
  m_outputCount = std::max(m_outputCount, reg + 1);
  if (ins.opcode == op::DclOutputSgv || ins.opcode == op::DclOutputSiv) {
    m_builtinOutputs.push_back(BuiltinCopy{reg, mask, ins.extra.at(0), 0});
    return;
  }
  IoRegister& io = m_userOutputs[reg];
  if (io.mask && io.stream != m_currentStream)
    io.otherStreams |= 1u << m_currentStream;  // a further stream's declaration of the register
  else
    io.stream = m_currentStream;
  io.mask |= mask;
}

void Compiler::declare(const Instruction& ins) {
  if (declareHull(ins) || declareTessellation(ins) || declareGeometry(ins))
    return;
  switch (ins.opcode) {
    case op::DclTemps:
      // D3D11 allows 4096 temporaries; the limit also keeps hostile counts from exhausting memory.
      // Hull shader phases each declare their own; they run one after another, so they share.
      if (ins.extra.at(0) > 4096 || (m_stage == ShaderStage::Hull ? m_tempsDeclaredInPhase : !m_temps.empty()))
        throw Error("dcl_temps " + std::to_string(ins.extra.at(0)) + " is out of range or repeated");
      m_tempsDeclaredInPhase = true;
      for (uint32_t i = uint32_t(m_temps.size()); i < ins.extra.at(0); i++) {
        Id v = b.variable(b.typePointer(spv::StorageClassPrivate, uvec4()), spv::StorageClassPrivate);
        b.name(v, "r" + std::to_string(i));
        m_temps.push_back(v);
      }
      return;
    case op::DclIndexableTemp: {
      uint32_t reg = ins.extra.at(0), length = ins.extra.at(1);
      if (length == 0 || length > 4096 || reg > 4096)
        throw Error("indexable temp x" + std::to_string(reg) + "[" + std::to_string(length) + "] is out of range");
      Id v = b.variable(b.typePointer(spv::StorageClassPrivate, b.typeArray(uvec4(), length)), spv::StorageClassPrivate);
      b.name(v, "x" + std::to_string(reg));
      m_indexableTemps[reg] = {v, length};
      return;
    }
    case op::DclFunctionBody:  // dcl_function_body, dcl_function_table, dcl_interface: declareClassLinkage() read them
    case op::DclFunctionTable:
    case op::DclInterface:
    case op::DclGlobalFlags:
    case op::DclIndexRange:  // every input/output register array is dynamically indexable anyway
      return;
    case op::DclConstantBuffer: {
      const Operand& op = ins.operands.at(0);
      if (op.indexDimension != 2 || op.index[0].representation != IndexRepresentation::Imm32)
        throw Error("constant buffer declaration without a size");
      uint32_t slot = uint32_t(op.index[0].immediate), size = std::max<uint32_t>(1, uint32_t(op.index[1].immediate));
      if (size > 4096)
        throw Error("constant buffer of " + std::to_string(size) + " vectors is larger than D3D11 allows");
      Id array = b.typeArray(uvec4(), size, true);  // laid out; private arrays of that length are not
      b.decorate(array, spv::DecorationArrayStride, {16});
      Id block = b.typeStruct({array});
      b.decorate(block, spv::DecorationBlock);
      b.memberDecorate(block, 0, spv::DecorationOffset, {0});
      Id v = b.variable(b.typePointer(spv::StorageClassUniform, block), spv::StorageClassUniform);
      b.name(v, "cb" + std::to_string(slot));
      addBinding(BindingKind::ConstantBuffer, slot, DescriptorKind::UniformBuffer, v);
      m_cbs[slot] = CbInfo{v, size};
      return;
    }
    case op::DclSampler: {
      uint32_t slot = uint32_t(ins.operands.at(0).index[0].immediate);
      Id v = b.variable(b.typePointer(spv::StorageClassUniformConstant, b.typeSampler()), spv::StorageClassUniformConstant);
      b.name(v, "s" + std::to_string(slot));
      addBinding(BindingKind::Sampler, slot, DescriptorKind::Sampler, v);
      m_samplers[slot] = v;
      return;
    }
    case op::DclResource:
    case op::DclResourceRaw:
    case op::DclResourceStructured: declareResource(ins); return;
    case op::DclUavTyped:
    case op::DclUavRaw:
    case op::DclUavStructured: declareUav(ins); return;
    case op::DclTgsmRaw:  // dcl_tgsm_raw g#, bytes
    case op::DclTgsmStructured: {  // dcl_tgsm_structured g#, stride, count
      uint32_t slot = uint32_t(ins.operands.at(0).index[0].immediate);
      uint32_t stride = ins.opcode == op::DclTgsmStructured ? ins.extra.at(0) : 0;
      uint64_t bytes = ins.opcode == op::DclTgsmStructured ? uint64_t(ins.extra.at(0)) * ins.extra.at(1) : ins.extra.at(0);
      if (bytes == 0 || bytes % 4 || bytes > 32768 || stride % 4)
        throw Error("group-shared memory of " + std::to_string(bytes) + " bytes");
      Id v = b.variable(b.typePointer(spv::StorageClassWorkgroup, b.typeArray(b.u32(), uint32_t(bytes / 4))),
                        spv::StorageClassWorkgroup);
      b.name(v, "g" + std::to_string(slot));
      m_tgsm[slot] = TgsmInfo{v, stride};
      return;
    }
    case op::DclThreadGroup:
      for (int i = 0; i < 3; i++)
        m_threadGroup[i] = ins.extra.at(i);
      // D3D11: x and y up to 1024, z up to 64, at most 1024 threads in a group.
      if (m_threadGroup[0] > 1024 || m_threadGroup[1] > 1024 || m_threadGroup[2] > 64 ||
          uint64_t(m_threadGroup[0]) * m_threadGroup[1] * m_threadGroup[2] > 1024)
        throw Error("thread group " + std::to_string(m_threadGroup[0]) + "x" + std::to_string(m_threadGroup[1]) + "x" +
                    std::to_string(m_threadGroup[2]) + " is larger than D3D11 allows");
      return;
    case op::DclInput:
    case op::DclInputSgv:
    case op::DclInputSiv:
    case op::DclInputPs:
    case op::DclInputPsSgv:
    case op::DclInputPsSiv: declareInput(ins); return;
    case op::DclOutput: case op::DclOutputSgv: case op::DclOutputSiv: declareOutput(ins); return;
    default: break;
  }
  throw Unsupported(opcodeInfo(ins.opcode)->name);
}

bool Compiler::isSpecialInputType(uint32_t type) const {
  // vPrim, vOutputControlPointID, vForkInstanceID, vJoinInstanceID, vDomain, the compute IDs,
  // vCoverage, vGSInstanceID, vInnerCoverage.
  return type == 11 || (type >= 22 && type <= 24) || type == 28 || (type >= 32 && type <= 37) || type == reg::InnerCoverage;
}

// Special input registers (vThreadID...) as a uvec4, read from their built-in variables.
Id Compiler::specialInput(uint32_t registerType) {
  struct Special {
    uint32_t type;
    spv::BuiltIn builtin;
    uint32_t count;
    Kind kind;
  };
  static const Special kSpecial[] = {
    {32, spv::BuiltInGlobalInvocationId, 3, Kind::Uint},
    {33, spv::BuiltInWorkgroupId, 3, Kind::Uint},
    {34, spv::BuiltInLocalInvocationId, 3, Kind::Uint},
    {36, spv::BuiltInLocalInvocationIndex, 1, Kind::Uint},
    {11, spv::BuiltInPrimitiveId, 1, Kind::Int},
    {28, spv::BuiltInTessCoord, 3, Kind::Float},
    {37, spv::BuiltInInvocationId, 1, Kind::Int},
    {35, spv::BuiltInSampleMask, 1, Kind::Int},
  };
  const char* name = registerName(registerType);
  auto widen = [&](Id scalar) {
    return b.op(spv::OpCompositeConstruct, uvec4(), {scalar, b.constU32(0), b.constU32(0), b.constU32(0)});
  };
  if (registerType == reg::InnerCoverage)
    return widen(innerCoverage());
  if (registerType >= 22 && registerType <= 24) {  // the hull shader phase's instance or control point id
    if (m_stage != ShaderStage::Hull || !m_phaseInstance)
      throw Error(std::string(name) + " outside a hull shader phase");
    return widen(b.op(spv::OpLoad, b.u32(), {m_phaseInstance}));
  }
  const Special* s = nullptr;
  for (const Special& e : kSpecial)
    if (e.type == registerType)
      s = &e;
  if (!s)
    throw Unsupported(std::string("input register ") + (name ? name : std::to_string(registerType).c_str()));
  // Which stage may read which of these registers was checked before any code was emitted
  // (stage_rules.cpp: vPrim, vDomain, vGSInstanceID, vCoverage and the compute thread ids).
  if (registerType == 35 && m_specialInputs.count(reg::InnerCoverage))
    throw Error("vInnerCoverage together with vCoverage (D3D allows one or the other)");
  Id& var = m_specialInputs[registerType];
  if (!var) {
    if (registerType == 35) {
      var = builtinInput(spv::BuiltInSampleMask, b.typeArray(b.i32(), 1));
    } else {
      var = builtinInput(s->builtin, typeOf(s->kind, s->count));
      if (registerType == 11 && m_stage == ShaderStage::Pixel) {
        b.capability(spv::CapabilityGeometry);  // PrimitiveId in a fragment shader
        b.decorate(var, spv::DecorationFlat);
      }
    }
  }
  if (registerType == 35) {
    Id word = b.op(spv::OpLoad, b.i32(), {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassInput, b.i32()),
                                               {var, b.constU32(0)})});
    return widen(b.op(spv::OpBitcast, b.u32(), {word}));
  }
  Value v = bitcast(Value{b.op(spv::OpLoad, typeOf(s->kind, s->count), {var}), s->kind, s->count}, Kind::Uint);
  std::vector<uint32_t> parts;
  for (uint32_t i = 0; i < 4; i++)
    parts.push_back(i < s->count ? (s->count == 1 ? v.id : b.op(spv::OpCompositeExtract, b.u32(), {v.id, i}))
                                 : b.constU32(0));
  return b.op(spv::OpCompositeConstruct, uvec4(), parts);
}

// vInnerCoverage (SV_InnerCoverage, conservative rasterization tier 3): whether the pixel is
// guaranteed to be fully covered by the primitive, a uint the shader reads as 1 or 0. Vulkan's
// FullyCoveredEXT is the same fact as a bool. D3D makes it exclusive with vCoverage.
Id Compiler::innerCoverage() {  // pixel shaders only: stage_rules.cpp
  if (m_specialInputs.count(35))
    throw Error("vInnerCoverage together with vCoverage (D3D allows one or the other)");
  Id& var = m_specialInputs[reg::InnerCoverage];
  if (!var) {
    b.extension("SPV_EXT_fragment_fully_covered");
    b.capability(spv::CapabilityFragmentFullyCoveredEXT);
    var = builtinInput(spv::BuiltInFullyCoveredEXT, b.typeBool());
    m_reflection.innerCoverage = true;
  }
  Id covered = b.op(spv::OpLoad, b.typeBool(), {var});
  return b.op(spv::OpSelect, b.u32(), {covered, b.constU32(1), b.constU32(0)});
}

void Compiler::copyInputs() {
  copyTessellationInputs();
  auto element = [&](uint32_t reg, uint32_t c) {
    return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, b.u32()),
                {m_inputArray, b.constU32(reg), b.constU32(c)});
  };
  for (auto& [reg, io] : m_userInputs) {
    Id value = bitcast(Value{b.op(spv::OpLoad, typeOf(io.kind, 4), {io.variable}), io.kind, 4}, Kind::Uint).id;
    for (uint32_t c = 0; c < 4; c++)
      if (io.mask & (1u << c))
        b.opNoResult(spv::OpStore, {element(reg, c), b.op(spv::OpCompositeExtract, b.u32(), {value, c})});
  }
  // A pixel shader's clip and cull distance inputs: one Vulkan array each, ordered as the stage
  // before ordered its outputs (register, then component; compiler_builtins.cpp).
  std::vector<std::pair<uint32_t, uint32_t>> distanceComponents[2];
  Id distanceArrays[2] = {0, 0};
  for (const BuiltinCopy& copy : m_builtinInputs)
    if (copy.systemValue == kSvClipDistance || copy.systemValue == kSvCullDistance)
      for (uint32_t c = 0; c < 4; c++)
        if (copy.mask & (1u << c))
          distanceComponents[copy.systemValue == kSvCullDistance].emplace_back(copy.reg, c);
  for (uint32_t kind = 0; kind < 2; kind++) {
    auto& comps = distanceComponents[kind];
    if (comps.empty())
      continue;
    if (m_stage != ShaderStage::Pixel)
      throw Unsupported(kind ? "SV_CullDistance input outside pixel shaders" : "SV_ClipDistance input outside pixel shaders");
    std::sort(comps.begin(), comps.end());
    comps.erase(std::unique(comps.begin(), comps.end()), comps.end());
    if (distanceComponents[0].size() + distanceComponents[1].size() > 8)
      throw Error("more than 8 clip and cull distances");
    b.capability(kind ? spv::CapabilityCullDistance : spv::CapabilityClipDistance);
    Id type = b.typeArray(b.f32(), uint32_t(comps.size()));
    Id v = b.variable(b.typePointer(spv::StorageClassInput, type), spv::StorageClassInput);
    b.decorate(v, spv::DecorationBuiltIn, {uint32_t(kind ? spv::BuiltInCullDistance : spv::BuiltInClipDistance)});
    distanceArrays[kind] = b.op(spv::OpLoad, type, {v});
  }
  for (BuiltinCopy& copy : m_builtinInputs) {
    if (copy.systemValue == kSvClipDistance || copy.systemValue == kSvCullDistance) {
      const uint32_t kind = copy.systemValue == kSvCullDistance;
      const auto& comps = distanceComponents[kind];
      for (uint32_t c = 0; c < 4; c++) {
        if (!(copy.mask & (1u << c)))
          continue;
        const uint32_t index = uint32_t(std::find(comps.begin(), comps.end(), std::make_pair(copy.reg, c)) - comps.begin());
        Id value = b.op(spv::OpCompositeExtract, b.f32(), {distanceArrays[kind], index});
        b.opNoResult(spv::OpStore, {element(copy.reg, c), b.op(spv::OpBitcast, b.u32(), {value})});
      }
      continue;
    }
    Id components[4] = {0, 0, 0, 0};
    auto input = [&](spv::BuiltIn builtin, Id type) {
      Id v = b.variable(b.typePointer(spv::StorageClassInput, type), spv::StorageClassInput);
      b.decorate(v, spv::DecorationBuiltIn, {uint32_t(builtin)});
      if (m_stage == ShaderStage::Pixel && type != b.typeBool() && type != b.vec(b.f32(), 4))
        b.decorate(v, spv::DecorationFlat);
      return b.op(spv::OpLoad, type, {v});
    };
    switch (copy.systemValue) {
      case kSvVertexId:
      case kSvInstanceId: {
        if (m_stage != ShaderStage::Vertex)
          throw Unsupported("SV_VertexID/SV_InstanceID outside vertex shaders");
        // D3D's IDs do not include the draw's base vertex/instance; Vulkan's indices do.
        b.capability(spv::CapabilityDrawParameters);
        bool vertex = copy.systemValue == kSvVertexId;
        Id index = input(vertex ? spv::BuiltInVertexIndex : spv::BuiltInInstanceIndex, b.i32());
        Id base = input(vertex ? spv::BuiltInBaseVertex : spv::BuiltInBaseInstance, b.i32());
        Id id = b.op(spv::OpISub, b.i32(), {index, base});
        components[0] = b.op(spv::OpBitcast, b.u32(), {id});
        break;
      }
      case kSvPosition: {
        if (m_stage != ShaderStage::Pixel)
          throw Unsupported("SV_Position input outside pixel shaders");
        Id coord = input(spv::BuiltInFragCoord, b.vec(b.f32(), 4));
        for (uint32_t c = 0; c < 4; c++) {
          Id v = b.op(spv::OpCompositeExtract, b.f32(), {coord, c});
          if (c == 3)  // Vulkan's FragCoord.w is 1/w; D3D's SV_Position.w is w
            v = b.op(spv::OpFDiv, b.f32(), {b.constF32(1.0f), v});
          components[c] = b.op(spv::OpBitcast, b.u32(), {v});
        }
        break;
      }
      case kSvIsFrontFace: {
        if (m_stage != ShaderStage::Pixel)
          throw Unsupported("SV_IsFrontFace outside pixel shaders");
        Id front = input(spv::BuiltInFrontFacing, b.typeBool());
        components[0] = b.op(spv::OpSelect, b.u32(), {front, b.constU32(~0u), b.constU32(0)});
        break;
      }
      case kSvSampleIndex: {
        if (m_stage != ShaderStage::Pixel)
          throw Unsupported("SV_SampleIndex outside pixel shaders");
        b.capability(spv::CapabilitySampleRateShading);
        components[0] = b.op(spv::OpBitcast, b.u32(), {input(spv::BuiltInSampleId, b.i32())});
        break;
      }
      case kSvRenderTargetArrayIndex:
      case kSvViewportArrayIndex: {
        // The slice and viewport the primitive went to, as the stage before the rasterizer chose.
        if (m_stage != ShaderStage::Pixel)
          throw Unsupported("SV_RenderTargetArrayIndex/SV_ViewportArrayIndex input outside pixel shaders");
        const bool layer = copy.systemValue == kSvRenderTargetArrayIndex;
        b.capability(layer ? spv::CapabilityGeometry : spv::CapabilityMultiViewport);
        components[0] = b.op(spv::OpBitcast, b.u32(), {input(layer ? spv::BuiltInLayer : spv::BuiltInViewportIndex, b.i32())});
        break;
      }
      case kSvPrimitiveId: {
        if (m_stage != ShaderStage::Pixel)
          throw Unsupported("SV_PrimitiveID input outside pixel shaders");
        b.capability(spv::CapabilityGeometry);  // PrimitiveId in a fragment shader
        components[0] = b.op(spv::OpBitcast, b.u32(), {input(spv::BuiltInPrimitiveId, b.i32())});
        break;
      }
      default: {
        const char* name = systemValueTokenName(copy.systemValue);
        throw Unsupported(std::string("system value input ") + (name ? name : std::to_string(copy.systemValue).c_str()));
      }
    }
    // Scalar system values fill whichever one component their declaration names.
    uint32_t k = 0;
    for (uint32_t c = 0; c < 4; c++) {
      if (!(copy.mask & (1u << c)))
        continue;
      Id v = components[copy.systemValue == kSvPosition ? c : k++];
      if (!v)
        throw Error("system value declared with more components than it has");
      b.opNoResult(spv::OpStore, {element(copy.reg, c), v});
    }
  }
}

void Compiler::copyOutputs() {
  for (auto& [reg, io] : m_userOutputs) {
    if (io.stream != m_currentStream || !io.variable)
      continue;  // emit_stream writes only its stream's outputs; dual-source drops targets 2-7
    Id bits = b.op(spv::OpLoad, uvec4(), {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, uvec4()),
                                               {m_outputArray, b.constU32(reg)})});
    b.opNoResult(spv::OpStore, {io.variable, bitcast(Value{bits, Kind::Uint, 4}, io.kind).id});
  }
  copyStreamOutputs();
  if (m_currentStream == 0)
    copyBuiltinOutputs();
}

void Compiler::emitEntryPoint(Id body) {
  Id voidType = b.typeVoid();
  Id main = b.beginFunction(voidType, b.typeFunction(voidType));
  b.name(main, "main");
  b.label();
  copyInputs();
  // Rasterizer-ordered views: D3D orders a pixel's ROV accesses by primitive order. The whole body
  // is the critical section, which its being one function call makes easy: the interlock is begun
  // and ended exactly once, in the entry point's uniform control flow, whatever returns the body
  // takes. (A demoting discard keeps running to the end; an OpKill would leave the section early.)
  if (m_reflection.rasterizerOrdered)
    b.opNoResult(spv::OpBeginInvocationInterlockEXT, std::vector<uint32_t>{});
  b.op(spv::OpFunctionCall, voidType, {body});
  if (m_reflection.rasterizerOrdered)
    b.opNoResult(spv::OpEndInvocationInterlockEXT, std::vector<uint32_t>{});
  if (m_stage != ShaderStage::Geometry)  // a geometry shader's outputs are copied at each emit
    copyOutputs();
  b.terminate(spv::OpReturn);
  b.endFunction();

  static const spv::ExecutionModel kModels[] = {spv::ExecutionModelVertex, spv::ExecutionModelTessellationControl,
                                                spv::ExecutionModelTessellationEvaluation, spv::ExecutionModelGeometry,
                                                spv::ExecutionModelFragment, spv::ExecutionModelGLCompute};
  b.entryPoint(kModels[uint32_t(m_stage)], main, "main", b.interfaceVariables());
  tessellationModes(main);
  geometryModes(main);
  streamOutputModes(main);
  if (m_stage == ShaderStage::Pixel) {
    b.executionMode(main, spv::ExecutionModeOriginUpperLeft);
    specialOutputModes(main);
    for (const Instruction& ins : m_program.instructions)
      if (ins.opcode == op::DclGlobalFlags && (ins.controls & 4))  // forceEarlyDepthStencil
        b.executionMode(main, spv::ExecutionModeEarlyFragmentTests);
    if (m_reflection.rasterizerOrdered) {
      b.extension("SPV_EXT_fragment_shader_interlock");
      b.capability(spv::CapabilityFragmentShaderPixelInterlockEXT);
      b.executionMode(main, spv::ExecutionModePixelInterlockOrderedEXT);
    }
  }
  floatControlModes(main);
  if (m_stage == ShaderStage::Compute) {
    if (!m_threadGroup[0] || !m_threadGroup[1] || !m_threadGroup[2])
      throw Error("compute shader without dcl_thread_group");
    b.executionMode(main, spv::ExecutionModeLocalSize, {m_threadGroup[0], m_threadGroup[1], m_threadGroup[2]});
    std::copy(m_threadGroup, m_threadGroup + 3, m_reflection.threadGroupSize);
  }
}

void Compiler::floatControlModes(Id main) {
  // SPV_KHR_float_controls (core in Vulkan 1.2, which the backend requires): the numbers are the
  // extension's, as the bundled SPIR-V header predates it.
  const spv::Capability kSignedZeroInfNanPreserve = spv::Capability(4466);
  const spv::ExecutionMode kSignedZeroInfNanPreserveMode = spv::ExecutionMode(4461);
  const bool f32 = m_options.preserveSignedZeroInfNan32;
  const bool f64 = m_options.preserveSignedZeroInfNan64 && m_reflection.doubles;
  if (!f32 && !f64)
    return;
  b.extension("SPV_KHR_float_controls");
  b.capability(kSignedZeroInfNanPreserve);
  if (f32)
    b.executionMode(main, kSignedZeroInfNanPreserveMode, {32});
  if (f64)
    b.executionMode(main, kSignedZeroInfNanPreserveMode, {64});
}

void Compiler::emitInstruction(const Instruction& ins) {
  struct CurrentScope {
    const Instruction*& slot;
    const Instruction* saved;
    ~CurrentScope() { slot = saved; }
  } current{m_current, m_current};
  m_current = &ins;
  checkInstructionModifiers(ins);
  if (emitFlow(ins))
    return;
  ensureBlock();
  // precise (opcode token bits 19-22, one per destination component): no fused or reassociated
  // arithmetic in this instruction. The whole instruction is marked, which is never wrong.
  const OpcodeInfo* opInfo = opcodeInfo(ins.opcode);
  struct PreciseScope {
    spirv::ModuleBuilder& b;
    bool saved;
    ~PreciseScope() { b.setNoContraction(saved); }
  } scope{b, b.noContraction()};
  b.setNoContraction(scope.saved || (opInfo && !opInfo->declaration && ((ins.controls >> 8) & 0xf) != 0));
  if (emitIndexedResource(ins))
    return;
  if (emitAlu(ins) || emitResource(ins) || emitResidencyFeedback(ins) || emitGather(ins) || emitDouble(ins) || emitGeometry(ins) || emitEval(ins))
    return;
  const OpcodeInfo* info = opcodeInfo(ins.opcode);
  throw Unsupported(info ? info->name : "opcode " + std::to_string(ins.opcode));
}

// The D3D runtime's validator refuses an operand modifier or _sat an instruction does not take
// (operand_types.h); such bytecode is refused the same way rather than given a guessed meaning.
void Compiler::checkInstructionModifiers(const Instruction& ins) {
  if (!instructionTypes(ins.opcode))
    return;
  std::vector<uint32_t> mods;
  for (const Operand& op : ins.operands)
    mods.push_back(uint32_t(op.modifier()));
  std::string why = checkModifiers(ins.opcode, mods.data(), mods.size(), saturate(ins));
  if (!why.empty())
    throw Error(why + " (token " + std::to_string(ins.offset) + ")");
}

// SM5.0 lets t#, s#, u# and cb# take a register index (t[r0.x + 2]). Each declared slot is
// its own Vulkan binding (docs/binding-model.md), so the instruction is emitted once per declared
// slot of that register type under an OpSwitch on the index; an index naming no declared slot
// does nothing (D3D leaves it undefined). Nested switches handle several indexed operands.
bool Compiler::emitIndexedResource(const Instruction& ins) {
  for (size_t i = 0; i < ins.operands.size(); i++) {
    const Operand& op = ins.operands[i];
    if (op.type != reg::Resource && op.type != reg::Sampler && op.type != reg::Uav && op.type != reg::ConstantBuffer)
      continue;
    if (op.indexDimension < 1 || op.index[0].representation == IndexRepresentation::Imm32)
      continue;
    std::vector<uint32_t> slots;
    auto collect = [&](const auto& map) {
      for (const auto& entry : map)
        slots.push_back(entry.first);
    };
    if (op.type == reg::Resource)
      collect(m_srvs);
    else if (op.type == reg::Sampler)
      collect(m_samplers);
    else if (op.type == reg::Uav)
      collect(m_uavs);
    else
      collect(m_cbs);
    if (slots.empty())
      throw Error(std::string("indexed ") + registerName(op.type) + " register with none declared");
    Id selector = indexValue(op.index[0]);
    Id merge = b.allocId();
    b.opNoResult(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
    size_t position = b.closeBlockForLater();
    std::vector<uint32_t> switchOperands{selector, merge};
    for (uint32_t slot : slots) {
      Id label = b.label();
      switchOperands.push_back(slot);
      switchOperands.push_back(label);
      Instruction copy = ins;
      copy.operands[i].index[0] = OperandIndex{IndexRepresentation::Imm32, slot, nullptr};
      emitInstruction(copy);
      if (b.inBlock())
        b.branch(merge);
    }
    b.insertInBody(position, spv::OpSwitch, switchOperands);
    b.label(merge);
    return true;
  }
  return false;
}

void Compiler::declareIcb(const Instruction& ins) {
  if (ins.customClass != 3)  // only the immediate constant buffer matters; comments and debug data do not
    return;
  if (m_icb)
    throw Error("a second immediate constant buffer");
  if (ins.customData.empty() || ins.customData.size() % 4 || ins.customData.size() > 4 * 4096)
    throw Error("immediate constant buffer size is not a whole number of vectors");
  std::vector<Id> vectors;
  for (size_t i = 0; i < ins.customData.size(); i += 4)
    vectors.push_back(b.constComposite(uvec4(), {b.constU32(ins.customData[i]), b.constU32(ins.customData[i + 1]),
                                                 b.constU32(ins.customData[i + 2]), b.constU32(ins.customData[i + 3])}));
  Id type = b.typeArray(uvec4(), uint32_t(vectors.size()));
  m_icb = b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constComposite(type, vectors));
  b.name(m_icb, "icb");
}

// Inputs and outputs: private register arrays, and the interface variables they copy from/to.
void Compiler::createIoVariables() {
  if (m_inputCount) {
    Id type = b.typeArray(uvec4(), m_inputCount);
    m_inputArray = b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_inputArray, "v");
  }
  if (m_outputCount) {
    Id type = b.typeArray(uvec4(), m_outputCount);
    m_outputArray = b.variable(b.typePointer(spv::StorageClassPrivate, type), spv::StorageClassPrivate, b.constNull(type));
    b.name(m_outputArray, "o");
  }
  for (auto& [reg, io] : m_userInputs) {
    io.kind = signatureKind(m_inputs, reg);
    io.variable = b.variable(b.typePointer(spv::StorageClassInput, typeOf(io.kind, 4)), spv::StorageClassInput);
    b.decorate(io.variable, spv::DecorationLocation, {reg});
    b.name(io.variable, "in" + std::to_string(reg));
    if (m_stage == ShaderStage::Pixel) {
      uint32_t mode = io.interpolation;
      if (mode == 1 || io.kind != Kind::Float)
        b.decorate(io.variable, spv::DecorationFlat);
      if (mode == 4 || mode == 5 || mode == 7)
        b.decorate(io.variable, spv::DecorationNoPerspective);
      if (mode == 3 || mode == 5)
        b.decorate(io.variable, spv::DecorationCentroid);
      if (mode == 6 || mode == 7) {
        b.capability(spv::CapabilitySampleRateShading);
        b.decorate(io.variable, spv::DecorationSample);
      }
    }
    m_reflection.inputLocations.push_back(reg);
  }
  createTessellationInputs();
  // A hull shader's outputs are per-control-point arrays, created by compileHull.
  if (m_stage != ShaderStage::Hull) {
    const bool dualSource = m_options.dualSourceBlend;
    if (dualSource && m_stage != ShaderStage::Pixel)
      throw Error("dual-source blending for a shader stage other than pixel");
    for (auto& [reg, io] : m_userOutputs) {
      io.kind = signatureKind(m_outputs, reg);
      // Dual-source blending writes target 0 alone: o1 is its second source (Index 1) and the
      // other targets' outputs have no variable (copyOutputs skips them).
      if (dualSource && reg > 1)
        continue;
      io.variable = b.variable(b.typePointer(spv::StorageClassOutput, typeOf(io.kind, 4)), spv::StorageClassOutput);
      if (dualSource && reg == 1) {
        b.decorate(io.variable, spv::DecorationLocation, {0});
        b.decorate(io.variable, spv::DecorationIndex, {1});
        b.name(io.variable, "out0_src1");
        continue;
      }
      b.decorate(io.variable, spv::DecorationLocation, {reg});
      if (dualSource)
        b.decorate(io.variable, spv::DecorationIndex, {0});
      const uint32_t rasterized = m_options.streamOutput.rasterizedStream;
      if (rasterized < 4 && (io.otherStreams >> rasterized & 1))
        io.stream = rasterized;
      if (io.stream) {
        b.capability(spv::CapabilityGeometryStreams);
        b.decorate(io.variable, spv::DecorationStream, {io.stream});
      }
      b.name(io.variable, "out" + std::to_string(reg));
      m_reflection.outputLocations.push_back(reg);
    }
    createBuiltinOutputs();
    createStreamOutputs();
  } else if (!m_options.streamOutput.entries.empty()) {
    throw Error("stream output for a hull shader");
  }
}

CompileResult Compiler::run() {
  m_reflection.stage = m_stage;
  if (m_program.major == 5 && m_program.minor == 1)
    throw Unsupported("shader model 5.1 (Direct3D 12 only)");
  b.capability(spv::CapabilityShader);
  scanUses();
  declareClassLinkage();
  if (m_stage == ShaderStage::Hull) {
    compileHull();
  } else {
    // Declarations come first in DXBC; the first other instruction starts the code.
    size_t first = 0;
    for (; first < m_program.instructions.size(); first++) {
      const Instruction& ins = m_program.instructions[first];
      if (ins.opcode == op::CustomData) {
        declareIcb(ins);
        continue;
      }
      const OpcodeInfo* info = opcodeInfo(ins.opcode);
      if (!info || !info->declaration)
        break;
      declare(ins);
    }
    createIoVariables();

    // The shader's code is its own function so that ret anywhere returns to the output copy.
    Id voidType = b.typeVoid();
    Id body = b.beginFunction(voidType, b.typeFunction(voidType));
    b.name(body, "shader_body");
    b.label();
    for (size_t i = first; i < m_program.instructions.size(); i++) {
      const Instruction& ins = m_program.instructions[i];
      if (ins.opcode == op::CustomData)
        continue;
      const OpcodeInfo* info = opcodeInfo(ins.opcode);
      if (info && info->declaration) {
        // Late declarations of resources, temps and the like are legal and their variables are
        // global anyway; inputs, outputs and streams shape the interface variables, which exist
        // by now.
        bool shapesInterface = (ins.opcode >= op::DclInput && ins.opcode <= op::DclOutputSiv) ||
                               ins.opcode == op::DclStream || ins.opcode == op::DclInputControlPointCount ||
                               ins.opcode == op::DclTessDomain;
        if (shapesInterface)
          throw Error(std::string(info->name) + " after the first instruction");
        declare(ins);
      }
      else
        emitInstruction(ins);
    }
    if (!m_constructs.empty())
      throw Error("the shader ends inside an open if, loop or switch");
    if (b.inBlock())
      b.terminate(spv::OpReturn);
    b.endFunction();
    checkSubroutines();
    emitEntryPoint(body);
  }

  CompileResult result;
  result.spirv = b.finish();
  result.reflection = m_reflection;
  return result;
}

}  // namespace compiler

namespace {

CompileResult refused(CompileFailure failure, const std::string& reason) {
  CompileResult result;
  result.failure = failure;
  result.error = compileFailureText(failure, reason);
  return result;
}

}  // namespace

CompileResult compile(const uint8_t* bytes, size_t size, const CompileOptions& options) {
  CompileResult result;
  try {
    Container container = Container::parse(bytes, size, false);
    const Chunk* code = container.findAny({makeFourCC("SHEX"), makeFourCC("SHDR")});
    if (!code)
      throw Error("the container has no shader code (SHDR or SHEX chunk)");
    Program program = Decoder::decode(*code);
    // An instruction or register the stage cannot have is refused as the D3D runtime refuses it,
    // never translated into SPIR-V that no Vulkan stage accepts.
    if (std::string why = stageViolation(program); !why.empty())
      throw Error(why);
    std::optional<Signature> inputs, outputs;
    for (const Chunk& chunk : container.chunks()) {
      FourCC c = chunk.code;
      if (c == makeFourCC("ISGN") || c == makeFourCC("ISG1"))
        inputs = Signature::parse(chunk);
      else if (c == makeFourCC("OSGN") || c == makeFourCC("OSG5") || c == makeFourCC("OSG1"))
        outputs = Signature::parse(chunk);
    }
    if (options.passThroughGeometry)
      return compiler::compilePassThroughGeometry(program, outputs ? &*outputs : nullptr, options);
    compiler::Compiler compiler(program, inputs ? &*inputs : nullptr, outputs ? &*outputs : nullptr, options);
    return compiler.run();
  } catch (const compiler::Unsupported& e) {
    result = refused(CompileFailure::Unsupported, e.what());
  } catch (const Error& e) {
    result = refused(CompileFailure::Invalid, e.what());
  } catch (const std::out_of_range&) {
    result = refused(CompileFailure::Invalid, "a declaration is missing tokens");
  } catch (const std::exception& e) {
    result = refused(CompileFailure::Internal, e.what());
  }
  return result;
}

std::string compileFailureText(CompileFailure failure, const std::string& reason) {
  return std::string(compileFailureName(failure)) + ": " + reason;
}

const char* compileFailureName(CompileFailure failure) {
  switch (failure) {
    case CompileFailure::None: return "";
    case CompileFailure::Unsupported: return "unsupported";
    case CompileFailure::Invalid: return "invalid";
    case CompileFailure::Internal: return "internal";
  }
  return "";
}

}  // namespace dxbc
