// Structured control flow: if/else, loop, switch, break/continue (conditional too), ret, discard,
// and subroutines (label, call, callc).
#include "dxbc/compiler_impl.h"

#include <functional>

#include "dxbc/opcodes.h"
#include "dxbc/registers.h"

namespace dxbc::compiler {

namespace {
// D3D11 numbers labels l0-l4095 (the functional spec's limit on subroutines).
constexpr uint32_t kMaxLabels = 4096;

// The name of a subroutine key in messages: l# for labels, fb# for function bodies.
std::string subroutineName(uint32_t key) {
  return key >= 0x10000 ? "fb" + std::to_string(key - 0x10000) : "l" + std::to_string(key);
}
}  // namespace

Id Compiler::subroutine(const Operand& label) {
  // `label fb#` starts a function body of class linkage (compiler_interfaces.cpp): the same kind of
  // parameterless function, reached by fcall instead of call.
  const bool body = label.type == reg::FunctionBody;
  if ((label.type != reg::Label && !body) || label.indexDimension != 1 ||
      label.index[0].representation != IndexRepresentation::Imm32)
    throw Error("call or label without an immediate label operand");
  if (body) {
    if (!m_functionBodies.count(uint32_t(label.index[0].immediate)))
      throw Error("label fb" + std::to_string(label.index[0].immediate) + " has no dcl_function_body");
  } else if (label.index[0].immediate >= kMaxLabels) {
    throw Error("label l" + std::to_string(label.index[0].immediate) + " is beyond D3D11's " +
                std::to_string(kMaxLabels));
  }
  Id& id = m_subroutines[uint32_t(label.index[0].immediate) + (body ? kFunctionBodyKey : 0)];
  if (!id)
    id = b.allocId();
  return id;
}

// A label ends the function being emitted (the main program, a hull phase or the previous
// subroutine) and starts the subroutine's own function.
void Compiler::beginSubroutine(const Instruction& ins) {
  if (ins.operands.size() != 1)
    throw Error("label without its operand");
  Id function = subroutine(ins.operands[0]);
  uint32_t number = uint32_t(ins.operands[0].index[0].immediate) +
                    (ins.operands[0].type == reg::FunctionBody ? kFunctionBodyKey : 0);
  if (m_subroutineDefined[number])
    throw Error("label " + subroutineName(number) + " appears twice");
  m_subroutineDefined[number] = true;
  if (!m_constructs.empty())
    throw Error("label " + subroutineName(number) + " inside an open if, loop or switch");
  if (b.inBlock())
    b.terminate(spv::OpReturn);
  b.endFunction();
  m_deadDepth = -1;
  Id voidType = b.typeVoid();
  b.beginFunction(voidType, b.typeFunction(voidType), function);
  b.name(function, subroutineName(number));
  b.label();
  m_currentSubroutine = number;
}

// Every called label must have a body, and D3D (like SPIR-V) forbids recursion.
void Compiler::checkSubroutines() {
  for (const auto& [number, id] : m_subroutines)
    if (!m_subroutineDefined[number])
      throw Error("call to label " + subroutineName(number) + ", which has no body");
  std::map<int64_t, int> state;  // 1 on the current path, 2 done
  std::function<void(int64_t)> visit = [&](int64_t node) {
    state[node] = 1;
    for (uint32_t callee : m_calls[node]) {
      if (state[callee] == 1)
        throw Error("recursive call of label " + subroutineName(callee));
      if (state[callee] == 0)
        visit(callee);
    }
    state[node] = 2;
  };
  std::vector<int64_t> nodes;
  for (const auto& [node, callees] : m_calls)
    nodes.push_back(node);
  for (int64_t node : nodes)
    if (state[node] == 0)
      visit(node);
}

// After a terminator (break, ret...) DXBC may carry on with code no path reaches; SPIR-V needs a
// block for it, so one is opened lazily, the first time something is emitted there.
void Compiler::ensureBlock() {
  if (!b.inBlock()) {
    b.label();
    // The block is unreachable, and stays so until its enclosing construct's next else, case,
    // default or end; remember the depth that makes it reachable again.
    if (m_deadDepth < 0)
      m_deadDepth = int64_t(m_constructs.size());
  }
}

Construct* Compiler::innermost(bool loopOnly) {
  for (auto it = m_constructs.rbegin(); it != m_constructs.rend(); ++it)
    if (it->kind == ConstructKind::Loop || (!loopOnly && it->kind == ConstructKind::Switch))
      return &*it;
  return nullptr;
}

bool Compiler::emitFlow(const Instruction& ins) {
  bool testNonZero = (ins.controls >> 7) & 1;
  auto top = [&](ConstructKind kind, const char* what) -> Construct& {
    if (m_constructs.empty() || m_constructs.back().kind != kind)
      throw Error(std::string(what) + " at token " + std::to_string(ins.offset) + " does not match an open block");
    return m_constructs.back();
  };
  // A conditional jump: a selection whose taken side runs `jump` and whose other side carries on.
  auto conditional = [&](auto jump) {
    if (ins.operands.empty())
      throw Error("conditional instruction without a condition");
    ensureBlock();
    Id cond = condition(ins.operands[0], testNonZero);
    Id taken = b.allocId(), next = b.allocId();
    b.opNoResult(spv::OpSelectionMerge, {next, spv::SelectionControlMaskNone});
    b.branchConditional(cond, taken, next);
    b.label(taken);
    jump();
    if (b.inBlock())
      b.branch(next);  // an instruction that does not end the block (a demoting discard)
    b.label(next);
  };

  // Unreachable code: a jump there would leave the loop or switch construct it names (SPIR-V
  // computes constructs from reachable blocks), and it never runs, so it is dropped.
  // A demoting discard is no jump: the code after it still runs (as a helper).
  bool jump = ins.opcode == op::Break || ins.opcode == op::Breakc || ins.opcode == op::Continue ||
              ins.opcode == op::Continuec || (ins.opcode == op::Discard && !m_options.demoteToHelperInvocation) ||
              ins.opcode == op::Retc;
  if (jump && !b.inBlock() && m_deadDepth < 0)
    m_deadDepth = int64_t(m_constructs.size());  // right after another jump
  if (jump && m_deadDepth >= 0 && int64_t(m_constructs.size()) >= m_deadDepth)
    return true;
  bool resumes = ins.opcode == op::Else || ins.opcode == op::Endif || ins.opcode == op::Endloop ||
                 ins.opcode == op::Case || ins.opcode == op::Default || ins.opcode == op::Endswitch;
  if (resumes && m_deadDepth >= 0) {
    // An open unreachable block ends here without jumping into the construct's next block.
    if (b.inBlock())
      b.terminate(spv::OpUnreachable);
    if (int64_t(m_constructs.size()) <= m_deadDepth)
      m_deadDepth = -1;
  }

  switch (ins.opcode) {
    case op::If: {
      ensureBlock();
      Id cond = condition(ins.operands.at(0), testNonZero);
      Construct c;
      c.kind = ConstructKind::If;
      c.merge = b.allocId();
      c.elseLabel = b.allocId();
      Id then = b.allocId();
      b.opNoResult(spv::OpSelectionMerge, {c.merge, spv::SelectionControlMaskNone});
      b.branchConditional(cond, then, c.elseLabel);
      b.label(then);
      m_constructs.push_back(c);
      return true;
    }
    case op::Else: {
      Construct& c = top(ConstructKind::If, "else");
      if (c.sawElse)
        throw Error("second else in one if block");
      if (b.inBlock())
        b.branch(c.merge);
      b.label(c.elseLabel);
      c.sawElse = true;
      return true;
    }
    case op::Endif: {
      Construct c = top(ConstructKind::If, "endif");
      m_constructs.pop_back();
      if (b.inBlock())
        b.branch(c.merge);
      if (!c.sawElse) {
        b.label(c.elseLabel);
        b.branch(c.merge);
      }
      b.label(c.merge);
      return true;
    }
    case op::Loop: {
      ensureBlock();
      Construct c;
      c.kind = ConstructKind::Loop;
      c.merge = b.allocId();
      c.continueLabel = b.allocId();
      Id header = b.allocId(), body = b.allocId();
      c.selector = header;  // a loop remembers its header here
      b.branch(header);
      b.label(header);
      b.opNoResult(spv::OpLoopMerge, {c.merge, c.continueLabel, spv::LoopControlMaskNone});
      b.branch(body);
      b.label(body);
      m_constructs.push_back(c);
      return true;
    }
    case op::Endloop: {
      Construct c = top(ConstructKind::Loop, "endloop");
      m_constructs.pop_back();
      if (b.inBlock())
        b.branch(c.continueLabel);
      b.label(c.continueLabel);
      b.branch(c.selector);
      b.label(c.merge);
      return true;
    }
    case op::Break:
    case op::Breakc: {
      Construct* c = innermost(false);
      if (!c)
        throw Error("break outside a loop or switch");
      Id target = c->merge;
      if (ins.opcode == op::Break) {
        ensureBlock();
        b.branch(target);
      } else {
        conditional([&] { b.branch(target); });
      }
      return true;
    }
    case op::Continue:
    case op::Continuec: {
      Construct* c = innermost(true);
      if (!c)
        throw Error("continue outside a loop");
      Id target = c->continueLabel;
      if (ins.opcode == op::Continue) {
        ensureBlock();
        b.branch(target);
      } else {
        conditional([&] { b.branch(target); });
      }
      return true;
    }
    case op::Ret:
      ensureBlock();
      b.terminate(spv::OpReturn);
      return true;
    case op::Retc:
      conditional([&] { b.terminate(spv::OpReturn); });
      return true;
    case op::Discard:
      if (m_stage != ShaderStage::Pixel)
        throw Error("discard outside a pixel shader");
      if (!m_options.demoteToHelperInvocation) {
        conditional([&] { b.terminate(spv::OpKill); });
        return true;
      }
      // SPIR-V 1.3 needs the extension; Vulkan 1.3's feature is the same instruction.
      b.extension("SPV_EXT_demote_to_helper_invocation");
      b.capability(spv::CapabilityDemoteToHelperInvocationEXT);
      conditional([&] { b.opNoResult(spv::OpDemoteToHelperInvocationEXT, std::vector<uint32_t>{}); });
      return true;
    case op::Switch: {
      ensureBlock();
      Construct c;
      c.kind = ConstructKind::Switch;
      c.selector = loadScalar(ins.operands.at(0), Kind::Uint).id;
      c.merge = b.allocId();
      b.opNoResult(spv::OpSelectionMerge, {c.merge, spv::SelectionControlMaskNone});
      c.switchPosition = b.closeBlockForLater();
      m_constructs.push_back(c);
      return true;
    }
    case op::Case:
    case op::Default: {
      Construct& c = top(ConstructKind::Switch, ins.opcode == op::Case ? "case" : "default");
      // Consecutive labels with no code between them share one block.
      bool reuse = c.openCaseLabel && b.inBlock() && b.bodyPosition() == c.openCaseStart;
      if (!reuse) {
        Id label = b.allocId();
        if (b.inBlock())
          b.branch(label);  // fallthrough from the previous case
        b.label(label);
        c.openCaseLabel = label;
        c.openCaseStart = b.bodyPosition();
      }
      if (ins.opcode == op::Default) {
        c.defaultLabel = c.openCaseLabel;
      } else {
        const Operand& value = ins.operands.at(0);
        if (value.type != 4 || value.immediates.empty())
          throw Error("case without an immediate value");
        uint32_t literal = value.immediates[0];
        for (const auto& existing : c.cases)
          if (existing.first == literal)
            throw Error("duplicate case value " + std::to_string(literal));
        c.cases.emplace_back(literal, c.openCaseLabel);
      }
      return true;
    }
    case op::Endswitch: {
      Construct c = top(ConstructKind::Switch, "endswitch");
      m_constructs.pop_back();
      if (b.inBlock())
        b.branch(c.merge);
      std::vector<uint32_t> operands{c.selector, c.defaultLabel ? c.defaultLabel : c.merge};
      for (const auto& [literal, label] : c.cases) {
        operands.push_back(literal);
        operands.push_back(label);
      }
      b.insertInBody(c.switchPosition, spv::OpSwitch, operands);
      b.label(c.merge);
      return true;
    }
    case op::Label:
      beginSubroutine(ins);
      return true;
    case op::Call:  // call l#
    case op::Callc: {  // callc cond, l#
      if (ins.operands.size() != (ins.opcode == op::Call ? 1u : 2u))
        throw Error("call without its label operand");
      const Operand& label = ins.operands.back();
      Id function = subroutine(label);
      m_calls[m_currentSubroutine].push_back(uint32_t(label.index[0].immediate));
      Id voidType = b.typeVoid();
      if (ins.opcode == op::Call) {
        ensureBlock();
        b.op(spv::OpFunctionCall, voidType, {function});
      } else {
        ensureBlock();
        Id cond = condition(ins.operands[0], testNonZero);
        Id taken = b.allocId(), next = b.allocId();
        b.opNoResult(spv::OpSelectionMerge, {next, spv::SelectionControlMaskNone});
        b.branchConditional(cond, taken, next);
        b.label(taken);
        b.op(spv::OpFunctionCall, voidType, {function});
        b.branch(next);
        b.label(next);
      }
      return true;
    }
    case op::InterfaceCall:
      return emitInterfaceCall(ins);
    case op::Nop:
    case op::DebugBreak:  // no debugger to stop in
    case op::Abort:  // "does nothing on rasterizers that do not support it" (there is no info queue
               // to report to, and Vulkan cannot end a draw from a shader)
      return true;
    default: return false;
  }
}

}  // namespace dxbc::compiler
