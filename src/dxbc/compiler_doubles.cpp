// Double-precision instructions: a double occupies two 32-bit components of a register (.xy or .zw), low word first.
#include "dxbc/compiler_impl.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

enum class Shape {
  Binary,      // double op double -> double
  Compare,     // double op double -> 32-bit mask
  Unary,       // double -> double
  ToThirtyTwo, // double -> float/int/uint
  FromThirtyTwo,
};

struct DoubleOp {
  uint32_t opcode;
  Shape shape;
  uint32_t op;   // spv::Op, or a GLSL.std.450 instruction when glsl
  bool glsl;
  Kind kind;     // the 32-bit side of a conversion
};

const DoubleOp kDoubleOps[] = {
  {op::Dadd, Shape::Binary, spv::OpFAdd, false, Kind::Float},
  {op::Dmax, Shape::Binary, 80 /* NMax */, true, Kind::Float},  // NaN loses, as D3D's max
  {op::Dmin, Shape::Binary, 79 /* NMin */, true, Kind::Float},
  {op::Dmul, Shape::Binary, spv::OpFMul, false, Kind::Float},
  {op::Ddiv, Shape::Binary, spv::OpFDiv, false, Kind::Float},
  {op::Deq, Shape::Compare, spv::OpFOrdEqual, false, Kind::Float},
  {op::Dge, Shape::Compare, spv::OpFOrdGreaterThanEqual, false, Kind::Float},
  {op::Dlt, Shape::Compare, spv::OpFOrdLessThan, false, Kind::Float},
  {op::Dne, Shape::Compare, spv::OpFUnordNotEqual, false, Kind::Float},  // true when either is NaN
  {op::Dmov, Shape::Unary, 0, false, Kind::Float},
  {op::Drcp, Shape::Unary, spv::OpFDiv, false, Kind::Float},
  {op::Dtof, Shape::ToThirtyTwo, spv::OpFConvert, false, Kind::Float},
  {op::Dtoi, Shape::ToThirtyTwo, spv::OpConvertFToS, false, Kind::Int},
  {op::Dtou, Shape::ToThirtyTwo, spv::OpConvertFToU, false, Kind::Uint},
  {op::Ftod, Shape::FromThirtyTwo, spv::OpFConvert, false, Kind::Float},
  {op::Itod, Shape::FromThirtyTwo, spv::OpConvertSToF, false, Kind::Int},
  {op::Utod, Shape::FromThirtyTwo, spv::OpConvertUToF, false, Kind::Uint},
};

// Which doubles (0 for .xy, 1 for .zw) a double destination writes; D3D allows no other masks.
std::vector<uint32_t> doubleSlots(const Operand& op) {
  uint32_t mask = op.components == ComponentCount::Four ? op.mask() : 0;
  if (op.type == reg::Null)
    return {0};
  switch (mask) {
    case 0x3: return {0};
    case 0xc: return {1};
    case 0xf: return {0, 1};
    default: throw Error("double destination with write mask " + std::to_string(mask) + " (only .xy, .zw, .xyzw)");
  }
}

}  // namespace

uint64_t Compiler::immediateDoubleBits(const Operand& op, uint32_t index) {
  // d(a, b): two doubles in four words, low word first; the one-component form holds one.
  size_t at = op.immediates.size() == 4 ? 2 * index : 0;
  if (op.immediates.size() < at + 2)
    throw Error("64-bit immediate without values");
  uint64_t high = modifyBits(op.immediates[at + 1], op.modifier(), ModifierRule::SignBit);
  return high << 32 | op.immediates[at];
}

// Double number `index` of a source: the components its swizzle puts at positions 2*index and
// 2*index+1. Modifiers apply to the double, so they are taken off before the words are read.
Id Compiler::loadDouble(const Operand& op, uint32_t index) {
  Id f64 = b.typeFloat(64);
  OperandModifier mod = op.modifier();
  if (op.type == reg::Imm64) {
    double d;
    uint64_t bits = immediateDoubleBits(op, index);
    std::memcpy(&d, &bits, 8);
    return b.constF64(d);
  }
  Operand words = op;
  words.extended.clear();
  Value pair = loadSource(words, Kind::Uint, 3u << (2 * index));
  if (mod != OperandModifier::None) {
    // The double's sign is bit 31 of its high word: the same sign-bit rule as a float's.
    Value high{b.op(spv::OpCompositeExtract, b.u32(), {pair.id, 1}), Kind::Uint, 1};
    high = applyModifier(high, mod, ModifierRule::SignBit);
    pair.id = b.op(spv::OpCompositeInsert, typeOf(Kind::Uint, 2), {high.id, pair.id, 1});
  }
  return b.op(spv::OpBitcast, f64, {pair.id});
}

void Compiler::storeDoubles(const Operand& op, const std::vector<Id>& doubles, bool sat) {
  Id f64 = b.typeFloat(64), uvec2 = typeOf(Kind::Uint, 2);
  std::vector<Id> pairs;
  for (Id d : doubles) {
    if (sat) {
      Id lo = b.op(spv::OpExtInst, f64, {b.glsl(), 80 /* NMax */, d, b.constF64(0.0)});
      d = b.op(spv::OpExtInst, f64, {b.glsl(), 79 /* NMin */, lo, b.constF64(1.0)});
    }
    pairs.push_back(b.op(spv::OpBitcast, uvec2, {d}));
  }
  if (pairs.size() == 1) {
    storeDest(op, Value{pairs[0], Kind::Uint, 2}, false);
    return;
  }
  Id four = b.op(spv::OpVectorShuffle, uvec4(), {pairs[0], pairs[1], 0, 1, 2, 3});
  storeDest(op, Value{four, Kind::Uint, 4}, false);
}

bool Compiler::emitDouble(const Instruction& ins) {
  const auto& ops = ins.operands;
  auto need = [&](size_t n) {
    if (ops.size() != n)
      throw Error("instruction at token " + std::to_string(ins.offset) + " has " + std::to_string(ops.size()) +
                  " operands, expected " + std::to_string(n));
  };
  const DoubleOp* e = nullptr;
  for (const DoubleOp& d : kDoubleOps)
    if (d.opcode == ins.opcode)
      e = &d;
  const bool movcOrFma = ins.opcode == op::Dmovc || ins.opcode == op::Dfma;
  if (!e && !movcOrFma)
    return false;  // before any 64-bit type: that would declare Float64 in a shader without doubles
  Id f64 = b.typeFloat(64);
  m_reflection.doubles = true;
  bool sat = saturate(ins);

  if (movcOrFma) {  // dmovc dst, cond, a, b / dfma dst, a, b, c
    need(4);
    std::vector<Id> results;
    for (uint32_t slot : doubleSlots(ops[0])) {
      if (ins.opcode == op::Dmovc) {
        // The condition is 32-bit: one component per double, at the double's position.
        Value c = loadSource(ops[1], Kind::Uint, 1u << slot);
        Id cond = b.op(spv::OpINotEqual, b.typeBool(), {c.id, b.constU32(0)});
        results.push_back(b.op(spv::OpSelect, f64, {cond, loadDouble(ops[2], slot), loadDouble(ops[3], slot)}));
      } else {
        results.push_back(b.op(spv::OpExtInst, f64,
                               {b.glsl(), 50 /* Fma */, loadDouble(ops[1], slot), loadDouble(ops[2], slot),
                                loadDouble(ops[3], slot)}));
      }
    }
    storeDoubles(ops[0], results, sat);
    return true;
  }

  switch (e->shape) {
    case Shape::Binary: {
      need(3);
      std::vector<Id> results;
      for (uint32_t slot : doubleSlots(ops[0])) {
        Id x = loadDouble(ops[1], slot);
        const uint64_t divisor = ins.opcode == op::Ddiv && ops[2].type == reg::Imm64 ? immediateDoubleBits(ops[2], slot) : 1;
        if ((divisor << 1) == 0) {
          // ddiv by a constant +-0: x * (+-inf), as div does (divideByConstantZero): Vulkan leaves
          // the division undefined, D3D gives +-inf and NaN for 0 / 0.
          results.push_back(b.op(spv::OpFMul, f64, {x, b.constF64(divisor >> 63 ? -HUGE_VAL : HUGE_VAL)}));
          continue;
        }
        Id y = loadDouble(ops[2], slot);
        results.push_back(e->glsl ? b.op(spv::OpExtInst, f64, {b.glsl(), e->op, x, y})
                                  : b.op(spv::Op(e->op), f64, {x, y}));
      }
      storeDoubles(ops[0], results, sat);
      return true;
    }
    case Shape::Unary: {
      need(2);
      std::vector<Id> results;
      for (uint32_t slot : doubleSlots(ops[0])) {
        Id x = loadDouble(ops[1], slot);
        results.push_back(e->op ? b.op(spv::OpFDiv, f64, {b.constF64(1.0), x}) : x);
      }
      storeDoubles(ops[0], results, sat);
      return true;
    }
    case Shape::Compare:
    case Shape::ToThirtyTwo: {
      // A 32-bit destination: its k-th written component takes the k-th double of the sources.
      need(e->shape == Shape::Compare ? 3 : 2);
      uint32_t count = ops[0].components == ComponentCount::Four ? uint32_t(std::popcount(ops[0].mask())) : 1;
      if (count > 2)
        throw Error("a double instruction writes at most two 32-bit components");
      std::vector<Value> results;
      for (uint32_t k = 0; k < count; k++) {
        Id x = loadDouble(ops[1], k);
        if (e->shape == Shape::Compare) {
          Id c = b.op(spv::Op(e->op), b.typeBool(), {x, loadDouble(ops[2], k)});
          results.push_back(Value{b.op(spv::OpSelect, b.u32(), {c, b.constU32(~0u), b.constU32(0)}), Kind::Uint, 1});
          continue;
        }
        if (e->kind == Kind::Float) {
          results.push_back(Value{b.op(spv::OpFConvert, b.f32(), {x}), Kind::Float, 1});
          continue;
        }
        // D3D clamps out-of-range values to the integer range and turns NaN into 0.
        bool isSigned = e->kind == Kind::Int;
        Id lo = b.constF64(isSigned ? -2147483648.0 : 0.0), hi = b.constF64(isSigned ? 2147483647.0 : 4294967295.0);
        Id clamped = b.op(spv::OpExtInst, f64, {b.glsl(), 43 /* FClamp */, x, lo, hi});
        Id converted = b.op(spv::Op(e->op), scalarType(e->kind), {clamped});
        Id nan = b.op(spv::OpIsNan, b.typeBool(), {x});
        Id zero = b.constBits(scalarType(e->kind), 0);
        results.push_back(Value{b.op(spv::OpSelect, scalarType(e->kind), {nan, zero, converted}), e->kind, 1});
      }
      if (results.empty())
        return true;
      storeDest(ops[0], composite(results), sat && e->kind == Kind::Float && e->shape == Shape::ToThirtyTwo);
      return true;
    }
    case Shape::FromThirtyTwo: {
      need(2);
      std::vector<Id> results;
      for (uint32_t slot : doubleSlots(ops[0])) {
        // The 32-bit source component at the double's position (x for .xy, y for .zw).
        Value x = loadSource(ops[1], e->kind, 1u << slot);
        results.push_back(b.op(spv::Op(e->op), f64, {x.id}));
      }
      storeDoubles(ops[0], results, sat);
      return true;
    }
  }
  return false;
}

}  // namespace dxbc::compiler
