// Class linkage (SM5.0 interfaces): function bodies, function tables, interface slots, fcall and
// the `this` register, fed at draw time by the hidden class-instance uniform block.
#include <algorithm>

#include "dxbc/compiler_impl.h"
#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc::compiler {

namespace {
constexpr uint32_t kDclFunctionBody = 144, kDclFunctionTable = 145, kDclInterface = 146;
// fb# and ft# numbers are 32-bit in the token format; fxc numbers them densely from 0. The cap
// keeps hostile numbers from becoming a hostile amount of work.
constexpr uint32_t kMaxFunctionIds = 65536;
}  // namespace

// Collects every class-linkage declaration before any code is emitted (an fcall may come before
// the bodies it reaches), checks them against each other, and declares the uniform block.
//   dcl_function_body: [fb#]
//   dcl_function_table: [ft#][body count][fb# per call site...]
//   dcl_interface (bit 11: dynamically indexed): [fp#][call sites][array size << 16 | table count][ft#...]
void Compiler::declareClassLinkage() {
  for (const Instruction& ins : m_program.instructions) {
    switch (ins.opcode) {
      case kDclFunctionBody: {
        if (ins.extra.size() != 1 || ins.extra[0] >= kMaxFunctionIds)
          throw Error("malformed dcl_function_body");
        if (m_functionBodies.count(ins.extra[0]))
          throw Error("fb" + std::to_string(ins.extra[0]) + " is declared twice");
        m_functionBodies[ins.extra[0]] = true;
        break;
      }
      case kDclFunctionTable: {
        if (ins.extra.size() < 2 || ins.extra[0] >= kMaxFunctionIds || ins.extra.size() - 2 != ins.extra[1])
          throw Error("malformed dcl_function_table");
        if (m_functionTables.count(ins.extra[0]))
          throw Error("ft" + std::to_string(ins.extra[0]) + " is declared twice");
        m_functionTables[ins.extra[0]] = std::vector<uint32_t>(ins.extra.begin() + 2, ins.extra.end());
        break;
      }
      case kDclInterface: {
        if (ins.extra.size() < 3 || ins.extra.size() - 3 != (ins.extra[2] & 0xffff))
          throw Error("malformed dcl_interface");
        uint32_t first = ins.extra[0];
        InterfaceDecl decl;
        decl.callSites = ins.extra[1];
        decl.arraySize = ins.extra[2] >> 16;
        for (size_t i = 3; i < ins.extra.size(); i++)
          if (std::find(decl.tables.begin(), decl.tables.end(), ins.extra[i]) == decl.tables.end())
            decl.tables.push_back(ins.extra[i]);
        if (decl.arraySize == 0 || first >= binding_model::kMaxInterfaceSlots ||
            decl.arraySize > binding_model::kMaxInterfaceSlots - first)
          throw Error("interface fp" + std::to_string(first) + "[" + std::to_string(decl.arraySize) +
                      "] is outside D3D11's " + std::to_string(binding_model::kMaxInterfaceSlots) + " interface slots");
        for (const auto& [other, od] : m_interfaces)
          if (first < other + od.arraySize && other < first + decl.arraySize)
            throw Error("interfaces fp" + std::to_string(other) + " and fp" + std::to_string(first) + " overlap");
        m_interfaceSlots = std::max(m_interfaceSlots, first + decl.arraySize);
        m_interfaces[first] = std::move(decl);
        break;
      }
      default: break;
    }
  }
  for (const auto& [table, bodies] : m_functionTables)
    for (uint32_t body : bodies)
      if (!m_functionBodies.count(body))
        throw Error("ft" + std::to_string(table) + " names fb" + std::to_string(body) + ", which is not declared");
  for (const auto& [first, decl] : m_interfaces)
    for (uint32_t table : decl.tables) {
      auto it = m_functionTables.find(table);
      if (it == m_functionTables.end())
        throw Error("fp" + std::to_string(first) + " names ft" + std::to_string(table) + ", which is not declared");
      if (it->second.size() < decl.callSites)
        throw Error("ft" + std::to_string(table) + " has fewer bodies than fp" + std::to_string(first) + "'s " +
                    std::to_string(decl.callSites) + " call sites");
    }
  if (!m_interfaceSlots)
    return;

  // uvec4 data[2 * slots]: data[2s].x the function table id of slot s, data[2s + 1] its `this`.
  m_classInstances = declareHiddenBlock("ClassInstances", "class_instances", 2 * m_interfaceSlots,
                                        binding_model::kClassInstanceBinding, binding_model::kClassInstanceSlot);
  m_reflection.interfaceSlots = m_interfaceSlots;
}

// The interface slot `first + index` as a uint; a register index past the array is clamped to
// its last element (D3D leaves it undefined; the block must not be read out of bounds).
Id Compiler::interfaceSlotIndex(uint32_t first, uint32_t size, const OperandIndex& index) {
  if (index.representation == IndexRepresentation::Imm32) {
    if (index.immediate >= size)
      throw Error("interface index " + std::to_string(index.immediate) + " is outside fp" + std::to_string(first) +
                  "[" + std::to_string(size) + "]");
    return b.constU32(first + uint32_t(index.immediate));
  }
  Id i = indexValue(index);
  Id inside = b.op(spv::OpULessThan, b.typeBool(), {i, b.constU32(size)});
  i = b.op(spv::OpSelect, b.u32(), {inside, i, b.constU32(size - 1)});
  return first ? b.op(spv::OpIAdd, b.u32(), {i, b.constU32(first)}) : i;
}

// fcall fp#[index][callSite]: a switch over the slot's function table id, each case calling the
// table's body for this call site. A table id the interface does not list calls nothing.
bool Compiler::emitInterfaceCall(const Instruction& ins) {
  if (ins.extra.size() != 1 || ins.operands.size() != 1)
    throw Error("fcall without its call site and interface operand");
  const Operand& fp = ins.operands[0];
  if (fp.type != reg::Interface || fp.indexDimension != 2 || fp.index[0].representation != IndexRepresentation::Imm32)
    throw Error("fcall without an fp# interface operand");
  auto it = m_interfaces.find(uint32_t(fp.index[0].immediate));
  if (it == m_interfaces.end())
    throw Error("fcall of fp" + std::to_string(fp.index[0].immediate) + ", which is not declared");
  const uint32_t first = it->first;
  const InterfaceDecl& decl = it->second;
  const uint32_t callSite = ins.extra[0];
  if (callSite >= decl.callSites)
    throw Error("fcall of call site " + std::to_string(callSite) + " of fp" + std::to_string(first) + ", which has " +
                std::to_string(decl.callSites));
  ensureBlock();
  Id slot = interfaceSlotIndex(first, decl.arraySize, fp.index[1]);
  Id vector = b.op(spv::OpIMul, b.u32(), {slot, b.constU32(2)});
  Id pointer = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassUniform, b.u32()),
                    {m_classInstances, b.constU32(0), vector, b.constU32(0)});
  Id table = b.op(spv::OpLoad, b.u32(), {pointer});

  Id voidType = b.typeVoid();
  Id merge = b.allocId();
  std::vector<uint32_t> operands{table, merge};
  std::vector<std::pair<uint32_t, Id>> cases;
  for (uint32_t t : decl.tables) {
    Id label = b.allocId();
    operands.push_back(t);
    operands.push_back(label);
    cases.emplace_back(t, label);
  }
  b.opNoResult(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
  b.insertInBody(b.closeBlockForLater(), spv::OpSwitch, operands);  // the OpSwitch ends the block
  for (const auto& [t, label] : cases) {
    b.label(label);
    uint32_t body = m_functionTables.at(t)[callSite];
    Operand bodyOperand;
    bodyOperand.type = reg::FunctionBody;
    bodyOperand.indexDimension = 1;
    bodyOperand.index[0].immediate = body;
    Id function = subroutine(bodyOperand);
    m_calls[m_currentSubroutine].push_back(kFunctionBodyKey + body);
    b.op(spv::OpFunctionCall, voidType, {function});
    b.branch(merge);
  }
  b.label(merge);
  return true;
}

// this[slot]: the instance data of an interface slot (a uvec4 in the uniform block).
Id Compiler::thisPointer(const Operand& op) {
  if (!m_classInstances)
    throw Error("this[] in a shader without dcl_interface");
  if (op.indexDimension != 1)
    throw Error("this[] without its slot index");
  Id slot = interfaceSlotIndex(0, m_interfaceSlots, op.index[0]);
  Id vector = b.op(spv::OpIAdd, b.u32(), {b.op(spv::OpIMul, b.u32(), {slot, b.constU32(2)}), b.constU32(1)});
  return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassUniform, uvec4()),
              {m_classInstances, b.constU32(0), vector});
}

}  // namespace dxbc::compiler
