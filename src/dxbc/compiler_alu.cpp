// Arithmetic, comparison, bit-manipulation, conversion and move instructions.
#include "dxbc/compiler_impl.h"

#include <bit>

#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

// GLSL.std.450 instruction numbers used here (from the extended instruction set's spec).
enum Glsl : uint32_t {
  RoundEven = 2, Trunc = 3, FAbs = 4, SAbs = 5, Floor = 8, Ceil = 9, Fract = 10, Sin = 13, Cos = 14, Exp2 = 29,
  Log2 = 30, Sqrt = 31, InverseSqrt = 32, UMin = 38, SMin = 39, UMax = 41, SMax = 42, PackHalf2x16 = 58,
  UnpackHalf2x16 = 62, FindILsb = 73, FindSMsb = 74, FindUMsb = 75, NMin = 79, NMax = 80,
};

struct Binary {
  uint32_t opcode;
  Kind kind;
  bool glsl;
  uint32_t op;
};

// Component-wise instructions with two sources and one result of the same kind.
const Binary kBinary[] = {
  {op::Add, Kind::Float, false, spv::OpFAdd},       {op::Mul, Kind::Float, false, spv::OpFMul},
  {op::Div, Kind::Float, false, spv::OpFDiv},       {op::Min, Kind::Float, true, NMin},
  {op::Max, Kind::Float, true, NMax},               {op::Iadd, Kind::Int, false, spv::OpIAdd},
  {op::Imax, Kind::Int, true, SMax},                {op::Imin, Kind::Int, true, SMin},
  {op::Umax, Kind::Uint, true, UMax},               {op::Umin, Kind::Uint, true, UMin},
  {op::And, Kind::Uint, false, spv::OpBitwiseAnd},  {op::Or, Kind::Uint, false, spv::OpBitwiseOr},
  {op::Xor, Kind::Uint, false, spv::OpBitwiseXor},
};

// Shifts: the count is masked to 5 bits, as D3D defines.
const Binary kShifts[] = {
  {op::Ishl, Kind::Int, false, spv::OpShiftLeftLogical},
  {op::Ishr, Kind::Int, false, spv::OpShiftRightArithmetic},
  {op::Ushr, Kind::Uint, false, spv::OpShiftRightLogical},
};

// Comparisons write ~0 or 0.
const Binary kCompare[] = {
  {op::Eq, Kind::Float, false, spv::OpFOrdEqual},             {op::Ge, Kind::Float, false, spv::OpFOrdGreaterThanEqual},
  {op::Lt, Kind::Float, false, spv::OpFOrdLessThan},          {op::Ne, Kind::Float, false, spv::OpFUnordNotEqual},
  {op::Ieq, Kind::Int, false, spv::OpIEqual},                 {op::Ige, Kind::Int, false, spv::OpSGreaterThanEqual},
  {op::Ilt, Kind::Int, false, spv::OpSLessThan},              {op::Ine, Kind::Int, false, spv::OpINotEqual},
  {op::Ult, Kind::Uint, false, spv::OpULessThan},             {op::Uge, Kind::Uint, false, spv::OpUGreaterThanEqual},
};

struct Unary {
  uint32_t opcode;
  Kind in, out;
  bool glsl;
  uint32_t op;
};

const Unary kUnary[] = {
  {op::Frc, Kind::Float, Kind::Float, true, Fract},
  {op::RoundNe, Kind::Float, Kind::Float, true, RoundEven},
  {op::RoundNi, Kind::Float, Kind::Float, true, Floor},
  {op::RoundPi, Kind::Float, Kind::Float, true, Ceil},
  {op::RoundZ, Kind::Float, Kind::Float, true, Trunc},
  {op::Rsq, Kind::Float, Kind::Float, true, InverseSqrt},
  {op::Sqrt, Kind::Float, Kind::Float, true, Sqrt},
  {op::Exp, Kind::Float, Kind::Float, true, Exp2},
  {op::Log, Kind::Float, Kind::Float, true, Log2},
  {op::Ineg, Kind::Int, Kind::Int, false, spv::OpSNegate},
  {op::Not, Kind::Uint, Kind::Uint, false, spv::OpNot},
  {op::Itof, Kind::Int, Kind::Float, false, spv::OpConvertSToF},
  {op::Utof, Kind::Uint, Kind::Float, false, spv::OpConvertUToF},
  {op::Countbits, Kind::Uint, Kind::Uint, false, spv::OpBitCount},
  {op::Bfrev, Kind::Uint, Kind::Uint, false, spv::OpBitReverse},
  {op::FirstbitLo, Kind::Int, Kind::Int, true, FindILsb},
};

}  // namespace

bool Compiler::emitAlu(const Instruction& ins) {
  const auto& ops = ins.operands;
  auto need = [&](size_t n) {
    if (ops.size() != n)
      throw Error("instruction at token " + std::to_string(ins.offset) + " has " + std::to_string(ops.size()) +
                  " operands, expected " + std::to_string(n));
  };
  auto dstMask = [](const Operand& d) { return d.components == ComponentCount::Four ? d.mask() : 1u; };
  bool sat = saturate(ins);

  if (ins.opcode == op::Div && ops.size() == 3 && ops[2].type == reg::Imm32 && divideByConstantZero(ins, sat))
    return true;
  for (const Binary& e : kBinary) {
    if (e.opcode != ins.opcode)
      continue;
    need(3);
    uint32_t mask = dstMask(ops[0]);
    Value x = loadSource(ops[1], e.kind, mask), y = loadSource(ops[2], e.kind, mask);
    Id type = typeOf(e.kind, x.count);
    Id r = e.glsl ? b.op(spv::OpExtInst, type, {b.glsl(), e.op, x.id, y.id}) : b.op(spv::Op(e.op), type, {x.id, y.id});
    storeDest(ops[0], Value{r, e.kind, x.count}, sat);
    return true;
  }
  for (const Binary& e : kShifts) {
    if (e.opcode != ins.opcode)
      continue;
    need(3);
    uint32_t mask = dstMask(ops[0]);
    Value x = loadSource(ops[1], e.kind, mask), y = loadSource(ops[2], Kind::Uint, mask);
    Id count = b.op(spv::OpBitwiseAnd, typeOf(Kind::Uint, y.count), {y.id, constant(Kind::Uint, 31, y.count).id});
    storeDest(ops[0], Value{b.op(spv::Op(e.op), typeOf(e.kind, x.count), {x.id, count}), e.kind, x.count}, false);
    return true;
  }
  for (const Binary& e : kCompare) {
    if (e.opcode != ins.opcode)
      continue;
    need(3);
    uint32_t mask = dstMask(ops[0]);
    Value x = loadSource(ops[1], e.kind, mask), y = loadSource(ops[2], e.kind, mask);
    Id boolType = b.vec(b.typeBool(), x.count);
    Id c = b.op(spv::Op(e.op), boolType, {x.id, y.id});
    Id r = b.op(spv::OpSelect, typeOf(Kind::Uint, x.count),
                {c, constant(Kind::Uint, ~0u, x.count).id, constant(Kind::Uint, 0, x.count).id});
    storeDest(ops[0], Value{r, Kind::Uint, x.count}, false);
    return true;
  }
  for (const Unary& e : kUnary) {
    if (e.opcode != ins.opcode)
      continue;
    need(2);
    uint32_t mask = dstMask(ops[0]);
    Value x = loadSource(ops[1], e.in, mask);
    Id type = typeOf(e.out, x.count);
    Id r = e.glsl ? b.op(spv::OpExtInst, type, {b.glsl(), e.op, x.id}) : b.op(spv::Op(e.op), type, {x.id});
    storeDest(ops[0], Value{r, e.out, x.count}, sat);
    return true;
  }

  switch (ins.opcode) {
    case op::Mov: {  // typeless, unless _sat makes it a float operation
      need(2);
      Kind kind = sat ? Kind::Float : Kind::Uint;
      storeDest(ops[0], loadSource(ops[1], kind, dstMask(ops[0])), sat);
      return true;
    }
    case op::Movc: {
      need(4);
      uint32_t mask = dstMask(ops[0]);
      Value c = loadSource(ops[1], Kind::Uint, mask);
      Value x = loadSource(ops[2], sat ? Kind::Float : Kind::Uint, mask);
      Value y = loadSource(ops[3], sat ? Kind::Float : Kind::Uint, mask);
      Id cond = b.op(spv::OpINotEqual, b.vec(b.typeBool(), c.count), {c.id, constant(Kind::Uint, 0, c.count).id});
      storeDest(ops[0], Value{b.op(spv::OpSelect, typeOf(x.kind, x.count), {cond, x.id, y.id}), x.kind, x.count}, sat);
      return true;
    }
    case op::Swapc: {  // swapc dst0, dst1, cond, a, b: dst0 = cond ? b : a, dst1 = cond ? a : b
      need(5);
      uint32_t m0 = dstMask(ops[0]), m1 = dstMask(ops[1]);
      auto pick = [&](uint32_t mask, bool first) {
        Value c = loadSource(ops[2], Kind::Uint, mask);
        Value x = loadSource(ops[3], Kind::Uint, mask), y = loadSource(ops[4], Kind::Uint, mask);
        Id cond = b.op(spv::OpINotEqual, b.vec(b.typeBool(), c.count), {c.id, constant(Kind::Uint, 0, c.count).id});
        return Value{b.op(spv::OpSelect, typeOf(Kind::Uint, c.count), {cond, first ? y.id : x.id, first ? x.id : y.id}),
                     Kind::Uint, c.count};
      };
      // Both results are computed before either is written: a destination may also be a source.
      Value r0 = pick(m0, true), r1 = pick(m1, false);
      storeDest(ops[0], r0, false);
      storeDest(ops[1], r1, false);
      return true;
    }
    case op::Mad:
    case op::Imad:
    case op::Umad: {
      need(4);
      Kind kind = ins.opcode == op::Mad ? Kind::Float : ins.opcode == op::Imad ? Kind::Int : Kind::Uint;
      uint32_t mask = dstMask(ops[0]);
      Value x = loadSource(ops[1], kind, mask), y = loadSource(ops[2], kind, mask), z = loadSource(ops[3], kind, mask);
      Id type = typeOf(kind, x.count);
      Id m = b.op(kind == Kind::Float ? spv::OpFMul : spv::OpIMul, type, {x.id, y.id});
      storeDest(ops[0], Value{b.op(kind == Kind::Float ? spv::OpFAdd : spv::OpIAdd, type, {m, z.id}), kind, x.count}, sat);
      return true;
    }
    case op::Dp2:
    case op::Dp3:
    case op::Dp4: {
      need(3);
      uint32_t n = 2 + (ins.opcode - op::Dp2);
      uint32_t read = (1u << n) - 1;
      Value x = loadSource(ops[1], Kind::Float, read), y = loadSource(ops[2], Kind::Float, read);
      Id d = b.op(spv::OpDot, b.f32(), {x.id, y.id});
      storeDest(ops[0], Value{d, Kind::Float, 1}, sat);
      return true;
    }
    case op::Rcp: {
      need(2);
      Value x = loadSource(ops[1], Kind::Float, dstMask(ops[0]));
      Id r = b.op(spv::OpFDiv, typeOf(Kind::Float, x.count), {constant(Kind::Float, 0x3f800000, x.count).id, x.id});
      storeDest(ops[0], Value{r, Kind::Float, x.count}, sat);
      return true;
    }
    case op::Sincos: {  // sincos dstSin, dstCos, src
      need(3);
      Value s, c;
      if (ops[0].type != 13) {
        Value x = loadSource(ops[2], Kind::Float, dstMask(ops[0]));
        s = Value{b.op(spv::OpExtInst, typeOf(Kind::Float, x.count), {b.glsl(), Sin, x.id}), Kind::Float, x.count};
      }
      if (ops[1].type != 13) {
        Value x = loadSource(ops[2], Kind::Float, dstMask(ops[1]));
        c = Value{b.op(spv::OpExtInst, typeOf(Kind::Float, x.count), {b.glsl(), Cos, x.id}), Kind::Float, x.count};
      }
      if (s.id)
        storeDest(ops[0], s, sat);
      if (c.id)
        storeDest(ops[1], c, sat);
      return true;
    }
    case op::Ftoi:
    case op::Ftou: {
      // D3D clamps out-of-range values and turns NaN into 0; SPIR-V leaves them undefined.
      need(2);
      bool isSigned = ins.opcode == op::Ftoi;
      Kind out = isSigned ? Kind::Int : Kind::Uint;
      Value x = loadSource(ops[1], Kind::Float, dstMask(ops[0]));
      uint32_t n = x.count;
      Id boolType = b.vec(b.typeBool(), n);
      Id conv = b.op(isSigned ? spv::OpConvertFToS : spv::OpConvertFToU, typeOf(out, n), {x.id});
      float lo = isSigned ? -2147483648.0f : 0.0f, hi = isSigned ? 2147483648.0f : 4294967296.0f;
      Id tooLow = b.op(spv::OpFOrdLessThan, boolType, {x.id, constant(Kind::Float, std::bit_cast<uint32_t>(lo), n).id});
      Id tooHigh =
        b.op(spv::OpFOrdGreaterThanEqual, boolType, {x.id, constant(Kind::Float, std::bit_cast<uint32_t>(hi), n).id});
      Id nan = b.op(spv::OpIsNan, boolType, {x.id});
      Id r = b.op(spv::OpSelect, typeOf(out, n), {tooLow, constant(out, isSigned ? 0x80000000u : 0u, n).id, conv});
      r = b.op(spv::OpSelect, typeOf(out, n), {tooHigh, constant(out, isSigned ? 0x7fffffffu : ~0u, n).id, r});
      r = b.op(spv::OpSelect, typeOf(out, n), {nan, constant(out, 0, n).id, r});
      storeDest(ops[0], Value{r, out, n}, false);
      return true;
    }
    case op::Imul:  // imul dstHi, dstLo, a, b
    case op::Umul: {
      need(4);
      Kind kind = ins.opcode == op::Imul ? Kind::Int : Kind::Uint;
      Value hi, lo;
      if (ops[0].type != 13) {
        uint32_t mask = dstMask(ops[0]);
        Value x = loadSource(ops[2], kind, mask), y = loadSource(ops[3], kind, mask);
        Id type = typeOf(kind, x.count);
        Id pair = b.op(kind == Kind::Int ? spv::OpSMulExtended : spv::OpUMulExtended, b.typeStruct({type, type}),
                       {x.id, y.id});
        hi = Value{b.op(spv::OpCompositeExtract, type, {pair, 1}), kind, x.count};
      }
      if (ops[1].type != 13) {
        uint32_t mask = dstMask(ops[1]);
        Value x = loadSource(ops[2], kind, mask), y = loadSource(ops[3], kind, mask);
        lo = Value{b.op(spv::OpIMul, typeOf(kind, x.count), {x.id, y.id}), kind, x.count};
      }
      if (hi.id)
        storeDest(ops[0], hi, false);
      if (lo.id)
        storeDest(ops[1], lo, false);
      return true;
    }
    case op::Udiv: {  // udiv dstQuotient, dstRemainder, a, b; division by zero gives ~0 in both
      need(4);
      Value q, r;
      for (int which = 0; which < 2; which++) {
        if (ops[which].type == 13)
          continue;
        uint32_t mask = dstMask(ops[which]);
        Value x = loadSource(ops[2], Kind::Uint, mask), y = loadSource(ops[3], Kind::Uint, mask);
        Id type = typeOf(Kind::Uint, x.count);
        Id zero = b.op(spv::OpIEqual, b.vec(b.typeBool(), x.count), {y.id, constant(Kind::Uint, 0, x.count).id});
        Id v = b.op(which == 0 ? spv::OpUDiv : spv::OpUMod, type, {x.id, y.id});
        (which == 0 ? q : r) =
          Value{b.op(spv::OpSelect, type, {zero, constant(Kind::Uint, ~0u, x.count).id, v}), Kind::Uint, x.count};
      }
      if (q.id)
        storeDest(ops[0], q, false);
      if (r.id)
        storeDest(ops[1], r, false);
      return true;
    }
    case op::FirstbitHi:  // counted from the most significant bit; ~0 when no bit is set
    case op::FirstbitShi: {
      need(2);
      bool isSigned = ins.opcode == op::FirstbitShi;
      Value x = loadSource(ops[1], isSigned ? Kind::Int : Kind::Uint, dstMask(ops[0]));
      uint32_t n = x.count;
      Id found = bitcast(Value{b.op(spv::OpExtInst, typeOf(Kind::Int, n), {b.glsl(), isSigned ? FindSMsb : FindUMsb,
                                                                         x.id}), Kind::Int, n},
                         Kind::Uint).id;
      Id none = b.op(spv::OpIEqual, b.vec(b.typeBool(), n), {found, constant(Kind::Uint, ~0u, n).id});
      Id fromTop = b.op(spv::OpISub, typeOf(Kind::Uint, n), {constant(Kind::Uint, 31, n).id, found});
      Id r = b.op(spv::OpSelect, typeOf(Kind::Uint, n), {none, found, fromTop});
      storeDest(ops[0], Value{r, Kind::Uint, n}, false);
      return true;
    }
    case op::Ubfe:  // ubfe width, offset, value
    case op::Ibfe: {
      need(4);
      bool isSigned = ins.opcode == op::Ibfe;
      Kind kind = isSigned ? Kind::Int : Kind::Uint;
      uint32_t mask = dstMask(ops[0]);
      Value w = loadSource(ops[1], Kind::Uint, mask), o = loadSource(ops[2], Kind::Uint, mask);
      Value x = loadSource(ops[3], kind, mask);
      uint32_t n = x.count;
      std::vector<Value> parts;
      for (uint32_t i = 0; i < n; i++) {
        // D3D: width and offset use 5 bits; a field running past bit 31 is cut there.
        Id wi = b.op(spv::OpBitwiseAnd, b.u32(), {component(w, i).id, b.constU32(31)});
        Id oi = b.op(spv::OpBitwiseAnd, b.u32(), {component(o, i).id, b.constU32(31)});
        Id room = b.op(spv::OpISub, b.u32(), {b.constU32(32), oi});
        Id count = b.op(spv::OpExtInst, b.u32(), {b.glsl(), UMin, wi, room});
        Id r = b.op(isSigned ? spv::OpBitFieldSExtract : spv::OpBitFieldUExtract, scalarType(kind),
                    {component(x, i).id, oi, count});
        parts.push_back(Value{r, kind, 1});
      }
      storeDest(ops[0], composite(parts), false);
      return true;
    }
    case op::Bfi: {  // bfi width, offset, insert, base
      need(5);
      uint32_t mask = dstMask(ops[0]);
      Value w = loadSource(ops[1], Kind::Uint, mask), o = loadSource(ops[2], Kind::Uint, mask);
      Value ins2 = loadSource(ops[3], Kind::Uint, mask), base = loadSource(ops[4], Kind::Uint, mask);
      uint32_t n = w.count;
      Id t = typeOf(Kind::Uint, n);
      Id c31 = constant(Kind::Uint, 31, n).id;
      Id wi = b.op(spv::OpBitwiseAnd, t, {w.id, c31}), oi = b.op(spv::OpBitwiseAnd, t, {o.id, c31});
      Id ones = b.op(spv::OpISub, t, {b.op(spv::OpShiftLeftLogical, t, {constant(Kind::Uint, 1, n).id, wi}),
                                      constant(Kind::Uint, 1, n).id});
      Id field = b.op(spv::OpShiftLeftLogical, t, {ones, oi});
      Id shifted = b.op(spv::OpBitwiseAnd, t, {b.op(spv::OpShiftLeftLogical, t, {ins2.id, oi}), field});
      Id kept = b.op(spv::OpBitwiseAnd, t, {base.id, b.op(spv::OpNot, t, {field})});
      storeDest(ops[0], Value{b.op(spv::OpBitwiseOr, t, {shifted, kept}), Kind::Uint, n}, false);
      return true;
    }
    case op::F32tof16: {  // each component to the low 16 bits
      need(2);
      Value x = loadSource(ops[1], Kind::Float, dstMask(ops[0]));
      std::vector<Value> parts;
      for (uint32_t i = 0; i < x.count; i++) {
        Id pair = b.op(spv::OpCompositeConstruct, b.vec(b.f32(), 2), {component(x, i).id, b.constF32(0)});
        parts.push_back(Value{b.op(spv::OpExtInst, b.u32(), {b.glsl(), PackHalf2x16, pair}), Kind::Uint, 1});
      }
      storeDest(ops[0], composite(parts), false);
      return true;
    }
    case op::F16tof32: {
      need(2);
      Value x = loadSource(ops[1], Kind::Uint, dstMask(ops[0]));
      std::vector<Value> parts;
      for (uint32_t i = 0; i < x.count; i++) {
        Id pair = b.op(spv::OpExtInst, b.vec(b.f32(), 2), {b.glsl(), UnpackHalf2x16, component(x, i).id});
        parts.push_back(Value{b.op(spv::OpCompositeExtract, b.f32(), {pair, 0}), Kind::Float, 1});
      }
      storeDest(ops[0], composite(parts), sat);
      return true;
    }
    case op::Uaddc:  // uaddc dstSum, dstCarry, a, b
    case op::Usubb: {  // usubb dstDifference, dstBorrow, a, b
      need(4);
      Value result, flag;
      for (int which = 0; which < 2; which++) {
        if (ops[which].type == 13)
          continue;
        uint32_t mask = dstMask(ops[which]);
        Value x = loadSource(ops[2], Kind::Uint, mask), y = loadSource(ops[3], Kind::Uint, mask);
        Id type = typeOf(Kind::Uint, x.count);
        // Both halves of SPIR-V's pair; the carry/borrow member is 1 or 0, as D3D's is.
        Id pair = b.op(ins.opcode == op::Uaddc ? spv::OpIAddCarry : spv::OpISubBorrow, b.typeStruct({type, type}),
                       {x.id, y.id});
        (which == 0 ? result : flag) = Value{b.op(spv::OpCompositeExtract, type, {pair, uint32_t(which)}),
                                             Kind::Uint, x.count};
      }
      if (result.id)
        storeDest(ops[0], result, false);
      if (flag.id)
        storeDest(ops[1], flag, false);
      return true;
    }
    case op::Msad: {  // msad dst, reference, source, accumulator
      // Per component: accumulator + sum over the 4 bytes of |ref - src|, skipping bytes whose
      // reference byte is 0 (the mask). The sum wraps; D3D only promises it up to 65535.
      need(4);
      uint32_t mask = dstMask(ops[0]);
      Value ref = loadSource(ops[1], Kind::Uint, mask), src = loadSource(ops[2], Kind::Uint, mask);
      Value acc = loadSource(ops[3], Kind::Uint, mask);
      uint32_t n = ref.count;
      Id t = typeOf(Kind::Uint, n), boolType = b.vec(b.typeBool(), n);
      Id zero = constant(Kind::Uint, 0, n).id, byteMask = constant(Kind::Uint, 0xff, n).id;
      Id sum = acc.id;
      for (uint32_t i = 0; i < 4; i++) {
        Id shift = constant(Kind::Uint, 8 * i, n).id;
        Id r = b.op(spv::OpBitwiseAnd, t, {b.op(spv::OpShiftRightLogical, t, {ref.id, shift}), byteMask});
        Id x = b.op(spv::OpBitwiseAnd, t, {b.op(spv::OpShiftRightLogical, t, {src.id, shift}), byteMask});
        Id greater = b.op(spv::OpUGreaterThan, boolType, {r, x});
        Id diff = b.op(spv::OpSelect, t, {greater, b.op(spv::OpISub, t, {r, x}), b.op(spv::OpISub, t, {x, r})});
        Id masked = b.op(spv::OpSelect, t, {b.op(spv::OpIEqual, boolType, {r, zero}), zero, diff});
        sum = b.op(spv::OpIAdd, t, {sum, masked});
      }
      storeDest(ops[0], Value{sum, Kind::Uint, n}, false);
      return true;
    }
    case op::DerivRtx:
    case op::DerivRty:
    case op::DerivRtxCoarse:
    case op::DerivRtxFine:
    case op::DerivRtyCoarse:
    case op::DerivRtyFine: {
      need(2);
      if (m_stage != ShaderStage::Pixel)
        throw Unsupported("derivatives outside pixel shaders");
      spv::Op derivative = ins.opcode == op::DerivRtx       ? spv::OpDPdx
                         : ins.opcode == op::DerivRty       ? spv::OpDPdy
                         : ins.opcode == op::DerivRtxCoarse ? spv::OpDPdxCoarse
                         : ins.opcode == op::DerivRtxFine   ? spv::OpDPdxFine
                         : ins.opcode == op::DerivRtyCoarse ? spv::OpDPdyCoarse
                                                            : spv::OpDPdyFine;
      if (ins.opcode >= op::DerivRtxCoarse)
        b.capability(spv::CapabilityDerivativeControl);
      Value x = loadSource(ops[1], Kind::Float, dstMask(ops[0]));
      storeDest(ops[0], Value{b.op(derivative, typeOf(Kind::Float, x.count), {x.id}), Kind::Float, x.count}, sat);
      return true;
    }
    default: return false;
  }
}

// div by an immediate whose component is a zero. Vulkan leaves OpFDiv undefined for divisors
// outside [2^-126, 2^126], and drivers use that on constants (Mesa 25's lavapipe drops the result
// altogether), while D3D defines x / 0 as +-inf and 0 / 0 as NaN. Those components become
// x * (+-inf), which gives exactly that and which Vulkan defines under SignedZeroInfNanPreserve;
// the other components stay an OpFDiv. False: no such component.
bool Compiler::divideByConstantZero(const Instruction& ins, bool sat) {
  const auto& ops = ins.operands;
  const uint32_t mask = ops[0].components == ComponentCount::Four ? ops[0].mask() : 1u;
  const std::vector<uint32_t> divisor = immediateBits(ops[2], Kind::Float, mask);
  std::vector<bool> zero;
  bool any = false;
  for (uint32_t bits : divisor) {
    // +-0 only: a denormal divisor stays an OpFDiv, whose result then follows the driver's
    // denormal mode for both operands alike (x * inf would treat only the divisor as flushed).
    zero.push_back((bits & 0x7fffffffu) == 0);
    any = any || zero.back();
  }
  if (!any)
    return false;
  Value x = loadSource(ops[1], Kind::Float, mask);
  std::vector<Id> safeDivisor, infinity;
  for (size_t i = 0; i < divisor.size(); i++) {
    safeDivisor.push_back(b.constBits(b.f32(), zero[i] ? 0x3f800000u : divisor[i]));
    infinity.push_back(b.constBits(b.f32(), (divisor[i] & 0x80000000u) | 0x7f800000u));
  }
  Id type = typeOf(Kind::Float, x.count);
  auto vector = [&](const std::vector<Id>& parts) { return x.count == 1 ? parts[0] : b.constComposite(type, parts); };
  Id product = b.op(spv::OpFMul, type, {x.id, vector(infinity)});
  Id r = product;
  if (x.count > 1) {
    Id quotient = b.op(spv::OpFDiv, type, {x.id, vector(safeDivisor)});
    std::vector<uint32_t> words{quotient, product};
    for (uint32_t i = 0; i < x.count; i++)
      words.push_back(zero[i] ? x.count + i : i);
    r = b.op(spv::OpVectorShuffle, type, words);
  }
  storeDest(ops[0], Value{r, Kind::Float, x.count}, sat);
  return true;
}

}  // namespace dxbc::compiler
