// Operands: register pointers, relative indexing, swizzles, modifiers, masked writes, saturation.
#include "dxbc/compiler_impl.h"

#include <bit>

#include "dxbc/operand_types.h"
#include "dxbc/registers.h"

namespace dxbc::compiler {

Id Compiler::scalarType(Kind kind) {
  switch (kind) {
    case Kind::Float: return b.f32();
    case Kind::Int: return b.i32();
    case Kind::Uint: return b.u32();
  }
  return b.u32();
}

Id Compiler::indexValue(const OperandIndex& index) {
  switch (index.representation) {
    case IndexRepresentation::Imm32: return b.constU32(uint32_t(index.immediate));
    case IndexRepresentation::Relative:
    case IndexRepresentation::Imm32PlusRelative: {
      Id rel = loadScalar(*index.relative, Kind::Uint).id;
      if (index.representation == IndexRepresentation::Relative || index.immediate == 0)
        return rel;
      return b.op(spv::OpIAdd, b.u32(), {rel, b.constU32(uint32_t(index.immediate))});
    }
    default: throw Unsupported("64-bit register indices");
  }
}

// A pointer to the uvec4 a register operand names, with the storage class it lives in.
Id Compiler::registerPointer(const Operand& op, spv::StorageClass& storage) {
  storage = spv::StorageClassPrivate;
  auto imm = [&](int i) -> uint32_t {
    if (op.indexDimension <= uint32_t(i) || op.index[i].representation != IndexRepresentation::Imm32)
      throw Unsupported("relative index on register type " + std::to_string(op.type));
    return uint32_t(op.index[i].immediate);
  };
  switch (op.type) {
    case reg::Temp: {
      uint32_t r = imm(0);
      if (r >= m_temps.size())
        throw Error("r" + std::to_string(r) + " is beyond dcl_temps");
      return m_temps[r];
    }
    case reg::Input:
    case reg::Output: {
      // Per-vertex inputs of geometry and hull shaders (v[vertex][reg]) and a hull shader's
      // patch-constant outputs live in their own arrays.
      if (op.type == reg::Input && op.indexDimension == 2 &&
          (m_stage == ShaderStage::Geometry || m_stage == ShaderStage::Hull))
        return tessellationRegister(op);
      if (m_stage == ShaderStage::Hull)
        return hullRegister(op);
      if (op.indexDimension != 1)
        throw Unsupported("multi-dimensional input/output registers");
      Id array = op.type == reg::Input ? m_inputArray : m_outputArray;
      uint32_t count = op.type == reg::Input ? m_inputCount : m_outputCount;
      if (!array || (op.index[0].representation == IndexRepresentation::Imm32 && op.index[0].immediate >= count))
        throw Error(std::string(op.type == reg::Input ? "v" : "o") + std::to_string(op.index[0].immediate) +
                    " is not declared");
      return b.op(spv::OpAccessChain, b.typePointer(storage, uvec4()), {array, indexValue(op.index[0])});
    }
    case reg::IndexableTemp: {
      auto it = m_indexableTemps.find(imm(0));
      if (it == m_indexableTemps.end() || op.indexDimension < 2)
        throw Error("x" + std::to_string(op.index[0].immediate) + " is not declared");
      return b.op(spv::OpAccessChain, b.typePointer(storage, uvec4()), {it->second.first, indexValue(op.index[1])});
    }
    case reg::ConstantBuffer: {
      auto it = m_cbs.find(imm(0));
      if (it == m_cbs.end() || op.indexDimension < 2)
        throw Error("cb" + std::to_string(op.index[0].immediate) + " is not declared");
      storage = spv::StorageClassUniform;
      return b.op(spv::OpAccessChain, b.typePointer(storage, uvec4()),
                  {it->second.variable, b.constU32(0), indexValue(op.index[1])});
    }
    case reg::ImmediateConstantBuffer: {
      if (!m_icb || op.indexDimension < 1)
        throw Error("icb is used without dcl_immediateConstantBuffer");
      return b.op(spv::OpAccessChain, b.typePointer(storage, uvec4()), {m_icb, indexValue(op.index[0])});
    }
    case reg::ThisPointer:
      storage = spv::StorageClassUniform;
      return thisPointer(op);
    case 25:  // vicp
    case 27:  // vpc
      return tessellationRegister(op);
    case 26:  // vocp
      return hullRegister(op);
    case 12:  // oDepth
    case 15:  // oMask
    case 38:  // oDepthGE
    case 39:  // oDepthLE
    case 41:  // oStencilRef
      return specialOutputPointer(op.type);
    default: break;
  }
  const char* name = registerName(op.type);
  throw Unsupported(std::string("register type ") + (name ? name : std::to_string(op.type).c_str()));
}

Value Compiler::bitcast(Value value, Kind kind) {
  if (value.kind == kind)
    return value;
  return Value{b.op(spv::OpBitcast, typeOf(kind, value.count), {value.id}), kind, value.count};
}

Value Compiler::component(Value value, uint32_t index) {
  if (value.count == 1)
    return value;
  return Value{b.op(spv::OpCompositeExtract, scalarType(value.kind), {value.id, index}), value.kind, 1};
}

Value Compiler::splat(Value scalar, uint32_t count) {
  if (count == 1)
    return scalar;
  std::vector<uint32_t> parts(count, scalar.id);
  return Value{b.op(spv::OpCompositeConstruct, typeOf(scalar.kind, count), parts), scalar.kind, count};
}

Value Compiler::composite(const std::vector<Value>& scalars) {
  if (scalars.empty() || scalars.size() > 4)
    throw Error("an instruction producing " + std::to_string(scalars.size()) + " components");
  if (scalars.size() == 1)
    return scalars[0];
  std::vector<uint32_t> parts;
  for (const Value& v : scalars)
    parts.push_back(v.id);
  Kind kind = scalars[0].kind;
  uint32_t count = uint32_t(scalars.size());
  return Value{b.op(spv::OpCompositeConstruct, typeOf(kind, count), parts), kind, count};
}

Value Compiler::constant(Kind kind, uint32_t bits, uint32_t count) {
  Id scalar = b.constBits(scalarType(kind), bits);
  if (count == 1)
    return Value{scalar, kind, 1};
  return Value{b.constComposite(typeOf(kind, count), std::vector<Id>(count, scalar)), kind, count};
}

// readMask picks swizzle positions: bit i set reads the component the operand's swizzle puts at
// position i. The result has one component per set bit, in order.
std::vector<uint32_t> Compiler::swizzlePicks(const Operand& op, uint32_t readMask) {
  std::vector<uint32_t> picks;
  for (uint32_t i = 0; i < 4; i++) {
    if (!(readMask & (1u << i)))
      continue;
    uint32_t c = 0;
    if (op.components == ComponentCount::Four) {
      if (op.selection == SelectionMode::Swizzle)
        c = op.swizzle(int(i));
      else if (op.selection == SelectionMode::Select1)
        c = op.componentBits & 3;
      else
        c = i;  // a mask on a source reads the components in place
    }
    picks.push_back(c);
  }
  if (picks.empty())
    throw Error("a source read with no components (the destination's write mask is empty)");
  return picks;
}

std::vector<uint32_t> Compiler::immediateBits(const Operand& op, Kind kind, uint32_t readMask) {
  if (op.immediates.empty())
    throw Error("immediate operand without values");
  // Modifiers on an immediate fold into its bits.
  const ModifierRule rule = modifierRule(op, kind);
  std::vector<uint32_t> bits;
  for (uint32_t c : swizzlePicks(op, readMask))
    bits.push_back(modifyBits(op.immediates[op.immediates.size() == 1 ? 0 : c], op.modifier(), rule));
  return bits;
}

Value Compiler::loadSource(const Operand& op, Kind kind, uint32_t readMask) {
  if (op.type == reg::Imm32) {
    std::vector<Id> parts;
    for (uint32_t bits : immediateBits(op, kind, readMask))
      parts.push_back(b.constBits(scalarType(kind), bits));
    uint32_t count = uint32_t(parts.size());
    return Value{count == 1 ? parts[0] : b.constComposite(typeOf(kind, count), parts), kind, count};
  }
  std::vector<uint32_t> picks = swizzlePicks(op, readMask);
  uint32_t count = uint32_t(picks.size());
  ModifierRule rule = modifierRule(op, kind);
  OperandModifier mod = op.modifier();
  Id vec;
  if (isSpecialInputType(op.type)) {
    vec = specialInput(op.type);
  } else {
    spv::StorageClass storage;
    Id ptr = registerPointer(op, storage);
    vec = b.op(spv::OpLoad, uvec4(), {ptr});
  }
  Id u = count == 1 ? b.op(spv::OpCompositeExtract, b.u32(), {vec, picks[0]})
                    : b.op(spv::OpVectorShuffle, typeOf(Kind::Uint, count),
                           [&] {
                             std::vector<uint32_t> w{vec, vec};
                             w.insert(w.end(), picks.begin(), picks.end());
                             return w;
                           }());
  Value value{u, Kind::Uint, count};
  if (mod != OperandModifier::None)
    value = applyModifier(value, mod, rule);
  return bitcast(value, kind);
}

// Which meaning `-` and `|x|` have on this operand: the instruction's entry in the operand-type
// table (operand_types.h) when it has one, else the kind the emitter reads it as (resource
// coordinates, indices and the like).
Compiler::ModifierRule Compiler::modifierRule(const Operand& op, Kind kind) const {
  if (m_current && &op >= m_current->operands.data() && &op < m_current->operands.data() + m_current->operands.size()) {
    if (auto type = operandType(m_current->opcode, size_t(&op - m_current->operands.data())))
      return *type == OperandType::Int ? ModifierRule::TwosComplement : ModifierRule::SignBit;
  }
  return kind == Kind::Float ? ModifierRule::SignBit : ModifierRule::IntegerAbsNeg;
}

uint32_t Compiler::modifyBits(uint32_t bits, OperandModifier mod, ModifierRule rule) {
  bool abs = mod == OperandModifier::Abs || mod == OperandModifier::AbsNeg;
  bool neg = mod == OperandModifier::Neg || mod == OperandModifier::AbsNeg;
  if (rule == ModifierRule::SignBit) {
    if (abs)
      bits &= 0x7fffffffu;
    return neg ? bits ^ 0x80000000u : bits;
  }
  if (abs && int32_t(bits) < 0)
    bits = 0u - bits;
  return neg ? 0u - bits : bits;
}

// A float modifier is a sign-bit operation, as Direct3D defines it: it never flushes a denormal,
// quiets a NaN or depends on the driver's OpFNegate. Integer negation is two's complement.
Value Compiler::applyModifier(Value value, OperandModifier mod, ModifierRule rule) {
  bool abs = mod == OperandModifier::Abs || mod == OperandModifier::AbsNeg;
  bool neg = mod == OperandModifier::Neg || mod == OperandModifier::AbsNeg;
  Id type = typeOf(Kind::Uint, value.count);
  if (rule == ModifierRule::SignBit) {
    if (abs && neg)
      value.id = b.op(spv::OpBitwiseOr, type, {value.id, constant(Kind::Uint, 0x80000000u, value.count).id});
    else if (abs)
      value.id = b.op(spv::OpBitwiseAnd, type, {value.id, constant(Kind::Uint, 0x7fffffffu, value.count).id});
    else
      value.id = b.op(spv::OpBitwiseXor, type, {value.id, constant(Kind::Uint, 0x80000000u, value.count).id});
    return value;
  }
  if (abs)
    value = bitcast(Value{b.op(spv::OpExtInst, typeOf(Kind::Int, value.count),
                               {b.glsl(), 5 /* SAbs */, bitcast(value, Kind::Int).id}),
                          Kind::Int, value.count},
                    Kind::Uint);
  if (neg)
    value.id = b.op(spv::OpSNegate, type, {value.id});
  return value;
}

// Writes value's components to the destination's mask positions, in order.
void Compiler::storeDest(const Operand& op, Value value, bool sat) {
  if (op.type == reg::Null)
    return;
  uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 1;
  if (op.components == ComponentCount::Four && op.selection != SelectionMode::Mask)
    throw Error("destination operand without a write mask");
  uint32_t count = uint32_t(std::popcount(mask));
  if (count == 0)
    return;
  if (value.count != count) {
    if (value.count == 1)
      value = splat(value, count);
    else
      throw Error("internal: value has " + std::to_string(value.count) + " components for a " +
                  std::to_string(count) + "-component write");
  }
  if (sat && value.kind == Kind::Float) {
    // NMax first so that NaN saturates to 0, as D3D requires.
    Id type = typeOf(Kind::Float, count);
    Id zero = constant(Kind::Float, 0, count).id, one = constant(Kind::Float, 0x3f800000, count).id;
    Id lo = b.op(spv::OpExtInst, type, {b.glsl(), 80 /* NMax */, value.id, zero});
    value.id = b.op(spv::OpExtInst, type, {b.glsl(), 79 /* NMin */, lo, one});
  }
  Value bits = bitcast(value, Kind::Uint);
  spv::StorageClass storage;
  Id ptr = registerPointer(op, storage);
  if (storage != spv::StorageClassPrivate)
    throw Error("write to a read-only register");
  if (mask == 0xf) {
    b.opNoResult(spv::OpStore, {ptr, bits.id});
    return;
  }
  Id old = b.op(spv::OpLoad, uvec4(), {ptr});
  Id merged;
  if (count == 1) {
    merged = b.op(spv::OpCompositeInsert, uvec4(), {bits.id, old, uint32_t(std::countr_zero(mask))});
  } else {
    std::vector<uint32_t> w{old, bits.id};
    uint32_t k = 0;
    for (uint32_t i = 0; i < 4; i++)
      w.push_back(mask & (1u << i) ? 4 + k++ : i);
    merged = b.op(spv::OpVectorShuffle, uvec4(), w);
  }
  b.opNoResult(spv::OpStore, {ptr, merged});
}

Id Compiler::condition(const Operand& op, bool nonZero) {
  Id v = loadScalar(op, Kind::Uint).id;
  return b.op(nonZero ? spv::OpINotEqual : spv::OpIEqual, b.typeBool(), {v, b.constU32(0)});
}

}  // namespace dxbc::compiler
