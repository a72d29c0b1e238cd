// spirv::ModuleBuilder: assembles a SPIR-V module word by word; knows nothing of Direct3D.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <spirv/unified1/spirv.hpp>

namespace spirv {

using Id = uint32_t;

// One module under construction. Types and constants are deduplicated (asking twice for a uint
// gives the same id), capabilities and extensions are recorded the first time something needs
// them, and finish() lays the sections out in the order the SPIR-V spec's logical layout demands,
// whatever order the caller produced them in.
class ModuleBuilder {
public:
  explicit ModuleBuilder(uint32_t version = 0x00010300) : m_version(version) {}

  Id allocId() { return m_nextId++; }
  uint32_t version() const { return m_version; }

  // Module-level declarations.
  void capability(spv::Capability cap);
  bool hasCapability(spv::Capability cap) const { return m_capabilities.count(cap) != 0; }
  void extension(const std::string& name);
  Id extInstImport(const std::string& name);  // deduplicated: "GLSL.std.450"
  Id glsl() { return extInstImport("GLSL.std.450"); }
  void memoryModel(spv::AddressingModel addressing, spv::MemoryModel model);
  void entryPoint(spv::ExecutionModel model, Id function, const std::string& name, const std::vector<Id>& interface);
  void executionMode(Id function, spv::ExecutionMode mode, std::initializer_list<uint32_t> literals = {});

  // Debug names and decorations.
  void name(Id id, const std::string& text);
  void memberName(Id type, uint32_t member, const std::string& text);
  void decorate(Id id, spv::Decoration decoration, std::initializer_list<uint32_t> literals = {});
  void memberDecorate(Id type, uint32_t member, spv::Decoration decoration, std::initializer_list<uint32_t> literals = {});

  // Types. All but structs are deduplicated; a struct is always new so that two blocks with
  // identical members can carry different decorations.
  Id typeVoid();
  Id typeBool();
  Id typeInt(uint32_t width, bool isSigned);
  Id typeFloat(uint32_t width);
  Id typeVector(Id component, uint32_t count);
  // The length becomes a uint constant. distinct: a new type even if an identical one exists, for
  // arrays that need their own layout decorations (ArrayStride) apart from undecorated ones.
  Id typeArray(Id element, uint32_t length, bool distinct = false);
  Id typeRuntimeArray(Id element, bool distinct = false);
  Id typeStruct(const std::vector<Id>& members);
  Id typePointer(spv::StorageClass storage, Id pointee);
  Id typeFunction(Id returnType, const std::vector<Id>& parameters = {});
  Id typeImage(Id sampledType, spv::Dim dim, uint32_t depth, bool arrayed, bool multisampled, uint32_t sampled,
               spv::ImageFormat format);
  Id typeSampler();
  Id typeSampledImage(Id imageType);

  // Shorthands used everywhere.
  Id u32() { return typeInt(32, false); }
  Id i32() { return typeInt(32, true); }
  Id f32() { return typeFloat(32); }
  Id vec(Id component, uint32_t count) { return count == 1 ? component : typeVector(component, count); }

  // Constants, deduplicated by type and value.
  Id constU32(uint32_t value);
  Id constI32(int32_t value);
  Id constF32(float value);
  Id constF64(double value);  // needs Float64, which typeFloat(64) records
  Id constBool(bool value);
  Id constBits(Id type, uint32_t bits);  // a 32-bit scalar constant of any 32-bit type
  Id constComposite(Id type, const std::vector<Id>& constituents);
  Id constNull(Id type);
  // A 32-bit scalar specialization constant with its SpecId; never deduplicated, since two with the
  // same default are still different constants.
  Id specConstant(Id type, uint32_t specId, uint32_t defaultBits);

  // Global variables (any storage class but Function). Input and Output variables are
  // remembered so the entry point can list its interface.
  Id variable(Id pointerType, spv::StorageClass storage, Id initializer = 0);
  const std::vector<Id>& interfaceVariables() const { return m_interface; }
  // Every global variable, which SPIR-V 1.4 and later want in the entry point's interface.
  const std::vector<Id>& globalVariables() const { return m_globals; }

  // Functions and blocks. Function-storage variables go to the top of the first block, where
  // SPIR-V requires them, wherever in the body they were asked for.
  Id beginFunction(Id returnType, Id functionType, Id id = 0);
  Id functionParameter(Id type);
  Id functionVariable(Id pointerType, Id initializer = 0);
  void endFunction();
  Id label(Id id = 0);  // starts a block
  bool inBlock() const { return m_blockOpen; }

  // Instructions in the current block. op() allocates the result id.
  Id op(spv::Op opcode, Id resultType, std::initializer_list<uint32_t> operands);
  Id op(spv::Op opcode, Id resultType, const std::vector<uint32_t>& operands);
  void opNoResult(spv::Op opcode, std::initializer_list<uint32_t> operands);
  void opNoResult(spv::Op opcode, const std::vector<uint32_t>& operands);
  // Block terminators close the current block.
  void branch(Id target);
  void branchConditional(Id condition, Id trueLabel, Id falseLabel);
  void terminate(spv::Op opcode);  // OpReturn, OpKill, OpUnreachable
  // While set, every floating-point arithmetic result op() produces is decorated NoContraction
  // (the driver may not fuse or reassociate it), for source languages' "precise".
  void setNoContraction(bool on) { m_noContraction = on; }
  bool noContraction() const { return m_noContraction; }
  static bool isContractible(spv::Op opcode);
  void returnValue(Id value);

  // A position in the current function body, and insertion there: for instructions whose
  // operands are only known later (an OpSwitch's case list).
  size_t bodyPosition() const { return m_body.size(); }
  // Closes the current block without a terminator; the caller inserts one (an OpSwitch) at the
  // returned position before the function ends.
  size_t closeBlockForLater();
  void insertInBody(size_t position, spv::Op opcode, const std::vector<uint32_t>& operands);

  // The finished module: header, then every section in the required order.
  std::vector<uint32_t> finish() const;

  static void appendString(std::vector<uint32_t>& words, const std::string& text);

private:
  static void emit(std::vector<uint32_t>& section, spv::Op opcode, const std::vector<uint32_t>& operands);
  Id dedupType(spv::Op opcode, const std::vector<uint32_t>& operands);
  Id dedupConstant(spv::Op opcode, Id type, const std::vector<uint32_t>& operands);

  uint32_t m_version;
  Id m_nextId = 1;
  std::set<uint32_t> m_capabilities;
  std::set<std::string> m_extensions;
  std::map<std::string, Id> m_extInstImports;
  std::vector<uint32_t> m_memoryModel;
  std::vector<uint32_t> m_entryPoints, m_executionModes, m_debug, m_annotations, m_globalsSection;
  std::map<std::vector<uint32_t>, Id> m_typeIds, m_constantIds;
  std::vector<Id> m_interface, m_globals;
  // The function being built and the finished ones.
  std::vector<uint32_t> m_functionHeader, m_functionVariables, m_body, m_functions;
  bool m_inFunction = false, m_blockOpen = false, m_firstBlockSeen = false, m_noContraction = false;
  size_t m_firstBlockEnd = 0;
};

}  // namespace spirv
