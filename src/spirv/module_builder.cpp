// The SPIR-V module builder: word encoding, deduplication and the logical layout of sections.
#include "spirv/module_builder.h"

#include <cstring>
#include <stdexcept>

namespace spirv {

void ModuleBuilder::emit(std::vector<uint32_t>& section, spv::Op opcode, const std::vector<uint32_t>& operands) {
  if (operands.size() + 1 > 0xffff)
    throw std::length_error("SPIR-V instruction has too many operands");
  section.push_back(uint32_t(operands.size() + 1) << 16 | uint32_t(opcode));
  section.insert(section.end(), operands.begin(), operands.end());
}

void ModuleBuilder::appendString(std::vector<uint32_t>& words, const std::string& text) {
  // Literal strings are NUL-terminated and padded with zeros to whole words, low byte first.
  size_t count = text.size() / 4 + 1;
  size_t start = words.size();
  words.resize(start + count, 0);
  for (size_t i = 0; i < text.size(); i++)
    words[start + i / 4] |= uint32_t(uint8_t(text[i])) << (8 * (i % 4));
}

void ModuleBuilder::capability(spv::Capability cap) { m_capabilities.insert(uint32_t(cap)); }

void ModuleBuilder::extension(const std::string& name) { m_extensions.insert(name); }

Id ModuleBuilder::extInstImport(const std::string& name) {
  auto it = m_extInstImports.find(name);
  if (it != m_extInstImports.end())
    return it->second;
  Id id = allocId();
  m_extInstImports[name] = id;
  return id;
}

void ModuleBuilder::memoryModel(spv::AddressingModel addressing, spv::MemoryModel model) {
  m_memoryModel.clear();
  emit(m_memoryModel, spv::OpMemoryModel, {uint32_t(addressing), uint32_t(model)});
}

void ModuleBuilder::entryPoint(spv::ExecutionModel model, Id function, const std::string& name,
                               const std::vector<Id>& interface) {
  std::vector<uint32_t> words{uint32_t(model), function};
  appendString(words, name);
  words.insert(words.end(), interface.begin(), interface.end());
  emit(m_entryPoints, spv::OpEntryPoint, words);
}

void ModuleBuilder::executionMode(Id function, spv::ExecutionMode mode, std::initializer_list<uint32_t> literals) {
  std::vector<uint32_t> words{function, uint32_t(mode)};
  words.insert(words.end(), literals);
  emit(m_executionModes, spv::OpExecutionMode, words);
}

void ModuleBuilder::name(Id id, const std::string& text) {
  std::vector<uint32_t> words{id};
  appendString(words, text);
  emit(m_debug, spv::OpName, words);
}

void ModuleBuilder::memberName(Id type, uint32_t member, const std::string& text) {
  std::vector<uint32_t> words{type, member};
  appendString(words, text);
  emit(m_debug, spv::OpMemberName, words);
}

void ModuleBuilder::decorate(Id id, spv::Decoration decoration, std::initializer_list<uint32_t> literals) {
  std::vector<uint32_t> words{id, uint32_t(decoration)};
  words.insert(words.end(), literals);
  emit(m_annotations, spv::OpDecorate, words);
}

void ModuleBuilder::memberDecorate(Id type, uint32_t member, spv::Decoration decoration,
                                   std::initializer_list<uint32_t> literals) {
  std::vector<uint32_t> words{type, member, uint32_t(decoration)};
  words.insert(words.end(), literals);
  emit(m_annotations, spv::OpMemberDecorate, words);
}

Id ModuleBuilder::dedupType(spv::Op opcode, const std::vector<uint32_t>& operands) {
  std::vector<uint32_t> key{uint32_t(opcode)};
  key.insert(key.end(), operands.begin(), operands.end());
  auto it = m_typeIds.find(key);
  if (it != m_typeIds.end())
    return it->second;
  Id id = allocId();
  std::vector<uint32_t> words{id};
  words.insert(words.end(), operands.begin(), operands.end());
  emit(m_globalsSection, opcode, words);
  m_typeIds[key] = id;
  return id;
}

Id ModuleBuilder::typeVoid() { return dedupType(spv::OpTypeVoid, {}); }
Id ModuleBuilder::typeBool() { return dedupType(spv::OpTypeBool, {}); }

Id ModuleBuilder::typeInt(uint32_t width, bool isSigned) {
  if (width == 64)
    capability(spv::CapabilityInt64);
  else if (width == 16)
    capability(spv::CapabilityInt16);
  return dedupType(spv::OpTypeInt, {width, isSigned ? 1u : 0u});
}

Id ModuleBuilder::typeFloat(uint32_t width) {
  if (width == 64)
    capability(spv::CapabilityFloat64);
  else if (width == 16)
    capability(spv::CapabilityFloat16);
  return dedupType(spv::OpTypeFloat, {width});
}

Id ModuleBuilder::typeVector(Id component, uint32_t count) { return dedupType(spv::OpTypeVector, {component, count}); }

Id ModuleBuilder::typeArray(Id element, uint32_t length, bool distinct) {
  Id lengthId = constU32(length);
  if (!distinct)
    return dedupType(spv::OpTypeArray, {element, lengthId});
  Id id = allocId();
  emit(m_globalsSection, spv::OpTypeArray, {id, element, lengthId});
  return id;
}

Id ModuleBuilder::typeRuntimeArray(Id element, bool distinct) {
  if (!distinct)
    return dedupType(spv::OpTypeRuntimeArray, {element});
  Id id = allocId();
  emit(m_globalsSection, spv::OpTypeRuntimeArray, {id, element});
  return id;
}

Id ModuleBuilder::typeStruct(const std::vector<Id>& members) {
  Id id = allocId();
  std::vector<uint32_t> words{id};
  words.insert(words.end(), members.begin(), members.end());
  emit(m_globalsSection, spv::OpTypeStruct, words);
  return id;
}

Id ModuleBuilder::typePointer(spv::StorageClass storage, Id pointee) {
  return dedupType(spv::OpTypePointer, {uint32_t(storage), pointee});
}

Id ModuleBuilder::typeFunction(Id returnType, const std::vector<Id>& parameters) {
  std::vector<uint32_t> operands{returnType};
  operands.insert(operands.end(), parameters.begin(), parameters.end());
  return dedupType(spv::OpTypeFunction, operands);
}

Id ModuleBuilder::typeImage(Id sampledType, spv::Dim dim, uint32_t depth, bool arrayed, bool multisampled,
                            uint32_t sampled, spv::ImageFormat format) {
  return dedupType(spv::OpTypeImage, {sampledType, uint32_t(dim), depth, arrayed ? 1u : 0u, multisampled ? 1u : 0u,
                                      sampled, uint32_t(format)});
}

Id ModuleBuilder::typeSampler() { return dedupType(spv::OpTypeSampler, {}); }
Id ModuleBuilder::typeSampledImage(Id imageType) { return dedupType(spv::OpTypeSampledImage, {imageType}); }

Id ModuleBuilder::dedupConstant(spv::Op opcode, Id type, const std::vector<uint32_t>& operands) {
  std::vector<uint32_t> key{uint32_t(opcode), type};
  key.insert(key.end(), operands.begin(), operands.end());
  auto it = m_constantIds.find(key);
  if (it != m_constantIds.end())
    return it->second;
  Id id = allocId();
  std::vector<uint32_t> words{type, id};
  words.insert(words.end(), operands.begin(), operands.end());
  emit(m_globalsSection, opcode, words);
  m_constantIds[key] = id;
  return id;
}

Id ModuleBuilder::constU32(uint32_t value) { return dedupConstant(spv::OpConstant, u32(), {value}); }
Id ModuleBuilder::constI32(int32_t value) { return dedupConstant(spv::OpConstant, i32(), {uint32_t(value)}); }

Id ModuleBuilder::constF32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return dedupConstant(spv::OpConstant, f32(), {bits});
}

Id ModuleBuilder::constF64(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, 8);
  // A 64-bit literal is two words, low-order word first.
  return dedupConstant(spv::OpConstant, typeFloat(64), {uint32_t(bits), uint32_t(bits >> 32)});
}

Id ModuleBuilder::constBool(bool value) {
  return dedupConstant(value ? spv::OpConstantTrue : spv::OpConstantFalse, typeBool(), {});
}

Id ModuleBuilder::specConstant(Id type, uint32_t specId, uint32_t defaultBits) {
  Id id = allocId();
  emit(m_globalsSection, spv::OpSpecConstant, {type, id, defaultBits});
  decorate(id, spv::DecorationSpecId, {specId});
  return id;
}

Id ModuleBuilder::constBits(Id type, uint32_t bits) { return dedupConstant(spv::OpConstant, type, {bits}); }

Id ModuleBuilder::constComposite(Id type, const std::vector<Id>& constituents) {
  return dedupConstant(spv::OpConstantComposite, type, constituents);
}

Id ModuleBuilder::constNull(Id type) { return dedupConstant(spv::OpConstantNull, type, {}); }

Id ModuleBuilder::variable(Id pointerType, spv::StorageClass storage, Id initializer) {
  if (storage == spv::StorageClassFunction)
    throw std::logic_error("function variables go through functionVariable()");
  Id id = allocId();
  std::vector<uint32_t> words{pointerType, id, uint32_t(storage)};
  if (initializer)
    words.push_back(initializer);
  emit(m_globalsSection, spv::OpVariable, words);
  if (storage == spv::StorageClassInput || storage == spv::StorageClassOutput)
    m_interface.push_back(id);
  m_globals.push_back(id);
  return id;
}

Id ModuleBuilder::beginFunction(Id returnType, Id functionType, Id id) {
  if (m_inFunction)
    throw std::logic_error("SPIR-V functions do not nest");
  if (!id)
    id = allocId();
  m_inFunction = true;
  m_firstBlockSeen = false;
  m_functionHeader.clear();
  m_functionVariables.clear();
  m_body.clear();
  emit(m_functionHeader, spv::OpFunction, {returnType, id, uint32_t(spv::FunctionControlMaskNone), functionType});
  return id;
}

Id ModuleBuilder::functionParameter(Id type) {
  Id id = allocId();
  emit(m_functionHeader, spv::OpFunctionParameter, {type, id});
  return id;
}

Id ModuleBuilder::functionVariable(Id pointerType, Id initializer) {
  if (!m_inFunction)
    throw std::logic_error("function variable outside a function");
  Id id = allocId();
  std::vector<uint32_t> words{pointerType, id, uint32_t(spv::StorageClassFunction)};
  if (initializer)
    words.push_back(initializer);
  emit(m_functionVariables, spv::OpVariable, words);
  return id;
}

void ModuleBuilder::endFunction() {
  if (!m_inFunction)
    throw std::logic_error("endFunction without beginFunction");
  if (m_blockOpen)
    throw std::logic_error("the last block of a function has no terminator");
  if (!m_firstBlockSeen)
    throw std::logic_error("a function without blocks");
  m_functions.insert(m_functions.end(), m_functionHeader.begin(), m_functionHeader.end());
  m_functions.insert(m_functions.end(), m_body.begin(), m_body.begin() + long(m_firstBlockEnd));
  m_functions.insert(m_functions.end(), m_functionVariables.begin(), m_functionVariables.end());
  m_functions.insert(m_functions.end(), m_body.begin() + long(m_firstBlockEnd), m_body.end());
  emit(m_functions, spv::OpFunctionEnd, {});
  m_inFunction = false;
}

Id ModuleBuilder::label(Id id) {
  if (!m_inFunction)
    throw std::logic_error("a block outside a function");
  if (m_blockOpen)
    throw std::logic_error("a new block before the current one is terminated");
  if (!id)
    id = allocId();
  emit(m_body, spv::OpLabel, {id});
  if (!m_firstBlockSeen) {
    m_firstBlockSeen = true;
    m_firstBlockEnd = m_body.size();
  }
  m_blockOpen = true;
  return id;
}

Id ModuleBuilder::op(spv::Op opcode, Id resultType, std::initializer_list<uint32_t> operands) {
  return op(opcode, resultType, std::vector<uint32_t>(operands));
}

Id ModuleBuilder::op(spv::Op opcode, Id resultType, const std::vector<uint32_t>& operands) {
  if (!m_blockOpen)
    throw std::logic_error("an instruction outside a block");
  Id id = allocId();
  std::vector<uint32_t> words{resultType, id};
  words.insert(words.end(), operands.begin(), operands.end());
  emit(m_body, opcode, words);
  if (m_noContraction && isContractible(opcode))
    decorate(id, spv::DecorationNoContraction);
  return id;
}

bool ModuleBuilder::isContractible(spv::Op opcode) {
  switch (opcode) {
    case spv::OpFAdd:
    case spv::OpFSub:
    case spv::OpFMul:
    case spv::OpFDiv:
    case spv::OpFRem:
    case spv::OpFMod:
    case spv::OpFNegate:
    case spv::OpDot:
    case spv::OpVectorTimesScalar:
    case spv::OpMatrixTimesScalar:
    case spv::OpVectorTimesMatrix:
    case spv::OpMatrixTimesVector:
    case spv::OpMatrixTimesMatrix:
    case spv::OpOuterProduct: return true;
    default: return false;
  }
}

void ModuleBuilder::opNoResult(spv::Op opcode, std::initializer_list<uint32_t> operands) {
  opNoResult(opcode, std::vector<uint32_t>(operands));
}

void ModuleBuilder::opNoResult(spv::Op opcode, const std::vector<uint32_t>& operands) {
  if (!m_blockOpen)
    throw std::logic_error("an instruction outside a block");
  emit(m_body, opcode, operands);
}

void ModuleBuilder::branch(Id target) {
  opNoResult(spv::OpBranch, {target});
  m_blockOpen = false;
}

void ModuleBuilder::branchConditional(Id condition, Id trueLabel, Id falseLabel) {
  opNoResult(spv::OpBranchConditional, {condition, trueLabel, falseLabel});
  m_blockOpen = false;
}

void ModuleBuilder::terminate(spv::Op opcode) {
  opNoResult(opcode, {});
  m_blockOpen = false;
}

void ModuleBuilder::returnValue(Id value) {
  opNoResult(spv::OpReturnValue, {value});
  m_blockOpen = false;
}

size_t ModuleBuilder::closeBlockForLater() {
  if (!m_blockOpen)
    throw std::logic_error("no open block to close");
  m_blockOpen = false;
  return m_body.size();
}

void ModuleBuilder::insertInBody(size_t position, spv::Op opcode, const std::vector<uint32_t>& operands) {
  if (position > m_body.size())
    throw std::logic_error("insertion past the end of the function body");
  std::vector<uint32_t> words;
  emit(words, opcode, operands);
  m_body.insert(m_body.begin() + long(position), words.begin(), words.end());
}

std::vector<uint32_t> ModuleBuilder::finish() const {
  if (m_inFunction)
    throw std::logic_error("finish() inside a function");
  std::vector<uint32_t> out{spv::MagicNumber, m_version, 0, m_nextId, 0};
  for (uint32_t cap : m_capabilities)
    emit(out, spv::OpCapability, {cap});
  for (const std::string& ext : m_extensions) {
    std::vector<uint32_t> words;
    appendString(words, ext);
    emit(out, spv::OpExtension, words);
  }
  for (const auto& [name, id] : m_extInstImports) {
    std::vector<uint32_t> words{id};
    appendString(words, name);
    emit(out, spv::OpExtInstImport, words);
  }
  if (m_memoryModel.empty())
    emit(out, spv::OpMemoryModel, {uint32_t(spv::AddressingModelLogical), uint32_t(spv::MemoryModelGLSL450)});
  else
    out.insert(out.end(), m_memoryModel.begin(), m_memoryModel.end());
  for (const auto* section : {&m_entryPoints, &m_executionModes, &m_debug, &m_annotations, &m_globalsSection, &m_functions})
    out.insert(out.end(), section->begin(), section->end());
  return out;
}

}  // namespace spirv
