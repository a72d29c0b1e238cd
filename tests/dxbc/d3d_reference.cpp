// Direct3D's instruction rules on the CPU: the floating-point rules (denormals flushed to a
// sign-preserving zero on the input and output of float arithmetic, not of moves; min/max NaN
// rules; the error bounds of the approximate instructions), the integer reference pages (shift
// counts masked to 5 bits, udiv by 0 gives ~0...) and the double-precision instructions.
#include "d3d_reference.h"

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>

namespace d3d_reference {
namespace {

float toFloat(uint32_t u) { return std::bit_cast<float>(u); }
uint32_t toBits(float f) { return std::bit_cast<uint32_t>(f); }
bool isNan(uint32_t u) { return (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu); }
bool isDenormal(uint32_t u) { return (u & 0x7f800000u) == 0 && (u & 0x7fffffu); }
uint32_t flushed(uint32_t u, bool flush) { return flush && isDenormal(u) ? u & 0x80000000u : u; }

uint64_t joined(const std::vector<uint32_t>& w) { return w.size() < 2 ? 0 : uint64_t(w[0]) | uint64_t(w[1]) << 32; }
double toDouble(uint64_t u) { return std::bit_cast<double>(u); }
uint64_t doubleBits(double d) { return std::bit_cast<uint64_t>(d); }
bool isDoubleNan(uint64_t u) { return std::isnan(toDouble(u)); }

// How one run of the rules treats the freedoms: flush float denormals (Direct3D) or keep them
// (lavapipe); mad fused or not; div as a / b or a * (1/b); float conversions rounding to nearest
// even or toward zero; double denormals kept (IEEE) or flushed; dfma fused (Direct3D) or a
// product rounded to double and then the add (what Vulkan's Fma precision allows); log of a float
// denormal read as if its exponent field were that of a normal (lavapipe).
struct Mode {
  bool flush = true;
  bool fused = false;
  bool divByReciprocal = false;
  bool roundToZero = false;
  bool flushDoubles = false;
  bool unfusedDoubleFma = false;
  bool logDenormalAsNormal = false;
  // The source (index) the driver saw as a constant and folded with algebraic identities that
  // D3D's rules forbid (x * 0 = 0, x + 0 = x, 0 / x = 0); -1: none. See constantFolded().
  int foldedSource = -1;
};

constexpr double kFloatMin = 1.1754943508222875e-38;  // 2^-126, the smallest normal float

// One unit in the last place of a float of magnitude |v| (0 for 0, so a zero result stays exact).
double floatUlp(double v) {
  v = std::fabs(v);
  if (v == 0 || std::isinf(v) || std::isnan(v))
    return 0;
  if (v < kFloatMin)
    return std::ldexp(1.0, -149);
  return std::ldexp(1.0, std::ilogb(v) - 23);
}

// One unit in the last place of a double of magnitude |v| (0 for 0, infinities and NaN).
double doubleUlp(double v) {
  v = std::fabs(v);
  if (v == 0 || std::isinf(v) || std::isnan(v))
    return 0;
  if (v < DBL_MIN)
    return std::ldexp(1.0, -1074);
  return std::ldexp(1.0, std::ilogb(v) - 52);
}

Word bitsWord(uint32_t bits, bool anyNan = false, bool zeroSignFree = false) {
  Word w;
  w.bits = bits;
  w.anyNan = anyNan;
  w.zeroSignFree = zeroSignFree;
  return w;
}

Word doubleWord(double d, bool anyNan) {
  Word w;
  w.isDouble = true;
  w.bits = doubleBits(d);
  w.anyNan = anyNan;
  return w;
}

// A value and the distance allowed from it. A relative bound of a NaN or infinite value is not
// finite; such a value is matched by its class alone (approximateMatches), so the bound is 0.
Word approximate(double value, double bound) {
  Word w;
  w.kind = Word::Kind::Approximate;
  w.value = value;
  w.bound = std::isfinite(bound) ? bound : 0.0;
  return w;
}

uint32_t saturated(uint32_t u) {
  float f = toFloat(u);
  if (std::isnan(f) || f <= 0.0f)
    return f == 0.0f ? u : 0;  // a zero keeps its bits; the sign of a saturated zero is left free
  return f >= 1.0f ? 0x3f800000u : u;
}

double saturatedDouble(double d) {
  if (std::isnan(d) || d <= 0.0)
    return d == 0.0 ? d : 0.0;
  return d >= 1.0 ? 1.0 : d;
}

// _sat on a result: clamps to [0, 1], a NaN becomes 0, and the sign of a zero is free. An
// approximate value becomes the clamped range of everything it accepted: [v - bound, v + bound]
// clamped, widened to 0 where it may have been NaN or -inf and to 1 where it may have been +inf.
void saturate(Word& w) {
  w.zeroSignFree = true;
  if (w.kind == Word::Kind::Approximate) {
    auto clamp = [](double d) { return std::isnan(d) ? 0.0 : std::fmin(std::fmax(d, 0.0), 1.0); };
    double lo = clamp(w.value - w.bound), hi = clamp(w.value + w.bound);
    if (std::isnan(w.value))
      lo = hi = 0.0;
    if (w.mayBeNan || w.mayBeNegInf)
      lo = 0.0;
    if (w.mayBePosInf)
      hi = 1.0;
    w.value = (lo + hi) / 2;
    w.bound = (hi - lo) / 2;
    w.mayBeNan = w.mayBePosInf = w.mayBeNegInf = false;
    return;
  }
  if (w.isDouble) {
    w.bits = doubleBits(saturatedDouble(toDouble(w.bits)));
  } else if (w.kind == Word::Kind::Bits) {
    w.bits = saturated(uint32_t(w.bits));
  }
  w.anyNan = false;
}

// Float arithmetic: the inputs and the result go through the denormal rule.
uint32_t arith(const Mode& m, uint32_t a, uint32_t b, uint32_t c, uint32_t opcode) {
  float x = toFloat(flushed(a, m.flush)), y = toFloat(flushed(b, m.flush)), z = toFloat(flushed(c, m.flush));
  float r = 0;
  switch (opcode) {
    case 0: r = x + y; break;
    case 56: r = x * y; break;
    case 50: {
      if (m.fused) {
        r = std::fma(x, y, z);
      } else {
        // The product is a float operation of its own: rounded, and its denormal flushed.
        float p = toFloat(flushed(toBits(x * y), m.flush));
        r = p + z;
      }
      break;
    }
    case 51:  // min/max: a NaN operand loses; both NaN give NaN
    case 52:
      if (std::isnan(x))
        r = y;
      else if (std::isnan(y))
        r = x;
      else
        r = opcode == 51 ? (y < x ? y : x) : (x < y ? y : x);
      break;
    case 26: r = x - std::floor(x); break;
    case 64: r = std::nearbyint(x); break;  // the host rounds to nearest even
    case 65: r = std::floor(x); break;
    case 66: r = std::ceil(x); break;
    case 67: r = std::trunc(x); break;
    default: break;
  }
  return flushed(toBits(r), m.flush);
}

uint32_t ftoi(float f) {
  if (std::isnan(f))
    return 0;
  if (f >= 2147483648.0f)
    return 0x7fffffffu;
  if (f <= -2147483648.0f)
    return 0x80000000u;
  return uint32_t(int32_t(f));
}

uint32_t ftou(float f) {
  if (std::isnan(f) || f <= 0.0f)
    return 0;
  if (f >= 4294967296.0f)
    return ~0u;
  return uint32_t(f);
}

uint32_t bitExtract(uint32_t width, uint32_t offset, uint32_t value, bool isSigned) {
  uint32_t w = width & 31, o = offset & 31;
  if (w == 0)
    return 0;
  if (w + o < 32) {
    uint32_t up = value << (32 - w - o);
    return isSigned ? uint32_t(int32_t(up) >> (32 - w)) : up >> (32 - w);
  }
  return isSigned ? uint32_t(int32_t(value) >> o) : value >> o;
}

uint32_t firstHigh(uint32_t v) { return v ? uint32_t(std::countl_zero(v)) : ~0u; }

float halfToFloat(uint32_t h) {
  uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 31, man = h & 0x3ff;
  float f;
  if (exp == 0)
    f = std::ldexp(float(man), -24);
  else if (exp == 31)
    return toFloat((sign << 31) | 0x7f800000u | (man << 13));
  else
    f = std::ldexp(float(man | 0x400), int(exp) - 25);
  return sign ? -f : f;
}

// float32 to float16 (f32tof16), rounding to nearest even or toward zero; a NaN is handled by the
// caller. Float16 keeps its denormals.
uint32_t toHalf(float f, bool towardZero) {
  uint32_t sign = (toBits(f) >> 16) & 0x8000u;
  double a = std::fabs(double(f));
  if (std::isinf(a) || a >= 65536.0)
    return sign | (towardZero && !std::isinf(a) ? 0x7bffu : 0x7c00u);
  if (a == 0)
    return sign;
  int e = std::ilogb(a);
  double unit = std::ldexp(1.0, e < -14 ? -24 : e - 10);
  double q = a / unit;  // exact: a power-of-two scaling
  double r = towardZero ? std::floor(q) : std::nearbyint(q);
  if (e < -14)
    return sign | uint32_t(r);  // a denormal count; 1024 carries into the smallest normal
  uint32_t bits = (uint32_t(e + 15) << 10) + uint32_t(r) - 1024u;  // a carry of r into 2048 raises the exponent
  if (towardZero && bits >= 0x7c00u)
    bits = 0x7bffu;
  return sign | bits;
}

// double to float (dtof), rounding to nearest even or toward zero; the result's denormal follows
// the float rule.
uint32_t doubleToFloat(double d, const Mode& m) {
  float f = float(d);  // the host rounds to nearest even
  if (m.roundToZero && !std::isnan(d) && !std::isinf(d) && std::fabs(double(f)) > std::fabs(d))
    f = std::nextafter(f, 0.0f);
  return flushed(toBits(f), m.flush);
}

// The approximate float instructions (error bounds from each instruction's reference page).
Result approximateUnary(uint32_t opcode, uint32_t a, const Mode& m) {
  double x = double(toFloat(flushed(a, m.flush)));
  const double rel21 = std::ldexp(1.0, -21);
  switch (opcode) {
    case 129: {  // rcp: relative error 2^-21
      double v = 1.0 / x;
      return {approximate(v, rel21 * std::fabs(v))};
    }
    case 68: {  // rsq: relative error 2^-21; rsq(-0) = -inf
      double v = 1.0 / std::sqrt(x);
      return {approximate(v, rel21 * std::fabs(v))};
    }
    case 75: {  // sqrt: 1 ULP; sqrt(-0) = -0
      double v = std::sqrt(x);
      return {approximate(v, floatUlp(v))};
    }
    case 25: {  // exp: 2^x, relative error 2^-21
      double v = std::exp2(x);
      return {approximate(v, rel21 * std::fabs(v))};
    }
    case 47: {  // log: log2(x); absolute error 2^-21 on [0.5, 2], relative 2^-21 elsewhere
      if (m.logDenormalAsNormal && isDenormal(a))  // 2^-127 x 1.m: log2 in [-127, -126)
        return {approximate(-126.5, 0.5)};
      double v = std::log2(x);
      return {approximate(v, x >= 0.5 && x <= 2.0 ? rel21 : rel21 * std::fabs(v))};
    }
    case 77: {  // sincos: absolute error 0.0008 on [-100pi, 100pi]; any value in [-1, 1] elsewhere
      if (std::isnan(x) || std::isinf(x))
        return {bitsWord(0x7fc00000u, true), bitsWord(0x7fc00000u, true)};
      if (x == 0)  // sin(+-0) = +-0 (the reference page's table), cos(+-0) = 1
        return {bitsWord(flushed(a, m.flush)), approximate(1.0, 0.0008)};
      if (std::fabs(x) <= 100 * M_PI)
        return {approximate(std::sin(x), 0.0008), approximate(std::cos(x), 0.0008)};
      return {approximate(0.0, 1.0), approximate(0.0, 1.0)};
    }
    default: return {};
  }
}

// div: a / b within 2.5 ULP, or, as the reference page allows, a * (1/b), where 1/b of a divisor
// above 2^126 is a denormal that may be flushed.
Word divide(uint32_t a, uint32_t b, const Mode& m) {
  double x = double(toFloat(flushed(a, m.flush))), y = double(toFloat(flushed(b, m.flush)));
  double v;
  if (m.divByReciprocal) {
    double r = double(float(1.0 / y));
    if (m.flush && r != 0 && std::fabs(r) < kFloatMin)
      r = std::copysign(0.0, r);
    v = x * r;
  } else {
    v = x / y;
  }
  return approximate(v, 2.5 * floatUlp(v));
}

// dp2/dp3/dp4: "no less accurate than the worst possible serial ordering of the unfused
// expansion", each step within 1 ULP of the largest magnitude a partial sum can reach.
Word dotProduct(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b, const Mode& m) {
  size_t n = std::min(a.size(), b.size());
  bool nan = false, posInf = false, negInf = false;
  // The sum starts at -0 so that a sum of zeros keeps IEEE's sign (-0 + -0 = -0, -0 + +0 = +0).
  double sum = -0.0, magnitude = 0, positive = 0, negative = 0;
  const std::vector<uint32_t>* folded = m.foldedSource == 0 ? &a : m.foldedSource == 1 ? &b : nullptr;
  for (size_t i = 0; i < n; i++) {
    if (folded && ((*folded)[i] & 0x7fffffffu) == 0)
      continue;  // the driver dropped the product with a constant zero
    double x = double(toFloat(flushed(a[i], m.flush))), y = double(toFloat(flushed(b[i], m.flush)));
    double p = x * y;  // exact: two 24-bit significands fit in a double's 53
    if (std::isnan(p)) {
      nan = true;
    } else if (std::isinf(p)) {
      (p > 0 ? posInf : negInf) = true;
    } else {
      sum += p;
      magnitude += std::fabs(p);
      (p > 0 ? positive : negative) += std::fabs(p);
    }
  }
  if (nan || (posInf && negInf))
    return bitsWord(0x7fc00000u, true);
  double steps = double(2 * n - 1);
  double bound = magnitude == 0 ? 0 : steps * (floatUlp(magnitude) + (m.flush ? kFloatMin : 0));
  if (posInf || negInf) {
    // An infinite product decides the sign, unless the finite products of the other sign may
    // overflow to the opposite infinity first (each product is rounded to float on its own, so a
    // product above FLT_MAX is already inf): then inf - inf gives NaN.
    Word w = approximate(posInf ? HUGE_VAL : -HUGE_VAL, 0);
    w.mayBeNan = (posInf ? negative : positive) + bound >= double(FLT_MAX);
    return w;
  }
  Word w = approximate(sum, bound);
  // A serial ordering may overflow a partial sum (or a rounded product) past FLT_MAX; overflows
  // of both signs may meet as inf - inf.
  w.mayBePosInf = positive + bound >= double(FLT_MAX);
  w.mayBeNegInf = negative + bound >= double(FLT_MAX);
  w.mayBeNan = w.mayBePosInf && w.mayBeNegInf;
  return w;
}

Result doubleInstruction(uint32_t opcode, const std::vector<std::vector<uint32_t>>& s, const Mode& m) {
  auto dbl = [&](size_t i) {
    uint64_t u = i < s.size() ? joined(s[i]) : 0;
    double d = toDouble(u);
    if (m.flushDoubles && std::fpclassify(d) == FP_SUBNORMAL)
      d = std::copysign(0.0, d);
    return d;
  };
  auto word = [&](size_t i) { return i < s.size() && !s[i].empty() ? s[i][0] : 0u; };
  auto flag = [](bool v) { return bitsWord(v ? ~0u : 0u); };
  auto result = [&](double d) {
    if (m.flushDoubles && std::fpclassify(d) == FP_SUBNORMAL)
      d = std::copysign(0.0, d);
    return Result{doubleWord(d, true)};
  };
  double a = dbl(0), b = dbl(1);
  switch (opcode) {
    case 191: return result(a + b);
    case 194: return result(a * b);
    case 210: return result(a / b);                  // ddiv: 0.5 ULP, correctly rounded
    case 211:                                        // dfma: fused
      return result(m.unfusedDoubleFma ? a * b + dbl(2) : std::fma(a, b, dbl(2)));
    case 192:                                        // dmax/dmin: a NaN operand loses
    case 193: {
      double r = std::isnan(a) ? b : std::isnan(b) ? a : opcode == 192 ? (a < b ? b : a) : (b < a ? b : a);
      Result out = result(r);
      out[0].zeroSignFree = true;
      return out;
    }
    case 195: return {flag(a == b)};
    case 196: return {flag(a >= b)};
    case 197: return {flag(a < b)};
    case 198: return {flag(!(a == b))};
    case 199: return {doubleWord(toDouble(joined(s[0])), false)};  // dmov moves the bits
    case 200: return {doubleWord(toDouble(joined(word(0) ? s[1] : s[2])), false)};
    case 201: return {bitsWord(doubleToFloat(a, m), true)};
    case 202: {
      double d = double(toFloat(flushed(word(0), m.flush)));
      return {doubleWord(d, true)};
    }
    case 212: {  // drcp: 1.0 ULP; the page's table: 1/(+-0) = +-inf, 1/(+-inf) = +-0, NaN gives NaN
      if (std::isnan(a) || a == 0 || std::isinf(a))
        return result(1.0 / a);
      double v = 1.0 / a;
      if (m.flushDoubles && std::fabs(v) < DBL_MIN)
        return result(v);  // flushed to a zero of its sign
      Word w = approximate(v, doubleUlp(v));
      w.isDouble = true;
      return {w};
    }
    // dtoi/dtou: no reference page exists for them; they follow ftoi's and ftou's pages, the
    // same conversion from a wider float: toward zero, clamped to the integer range, NaN to 0.
    case 214: {
      if (std::isnan(a))
        return {bitsWord(0)};
      if (a >= 2147483648.0)
        return {bitsWord(0x7fffffffu)};
      if (a <= -2147483648.0)
        return {bitsWord(0x80000000u)};
      return {bitsWord(uint32_t(int32_t(a)))};
    }
    case 215: {
      if (std::isnan(a) || a <= 0.0)
        return {bitsWord(0)};
      if (a >= 4294967296.0)
        return {bitsWord(~0u)};
      return {bitsWord(uint32_t(a))};
    }
    case 216: return {doubleWord(double(int32_t(word(0))), false)};
    case 217: return {doubleWord(double(word(0)), false)};
    default: return {};
  }
}

// Which 32-bit instructions write a float produced by arithmetic (any NaN is a right NaN there).
bool arithmeticFloat(uint32_t opcode, bool saturate) {
  static const std::set<uint32_t> ops = {0, 56, 50, 51, 52, 26, 64, 65, 66, 67, 43, 86, 131};
  return ops.count(opcode) || ((opcode == 54 || opcode == 55) && saturate);
}

bool isDoubleOpcode(uint32_t opcode) { return (opcode >= 191 && opcode <= 202) || (opcode >= 210 && opcode <= 217 && opcode != 213); }

std::vector<uint32_t> computeExact(uint32_t opcode, const std::vector<uint32_t>& s, bool sat, const Mode& m) {
  auto at = [&](size_t i) { return i < s.size() ? s[i] : 0u; };
  uint32_t a = at(0), b = at(1), c = at(2), d = at(3);
  int32_t ia = int32_t(a), ib = int32_t(b);
  auto flag = [](bool v) { return v ? ~0u : 0u; };
  auto fl = [&](uint32_t u) { return toFloat(flushed(u, m.flush)); };
  std::vector<uint32_t> r;
  switch (opcode) {
    case 0: case 56: case 50: case 51: case 52: case 26: case 64: case 65: case 66: case 67:
      r = {arith(m, a, b, c, opcode)};
      break;
    case 24: r = {flag(fl(a) == fl(b))}; break;
    case 29: r = {flag(fl(a) >= fl(b))}; break;
    case 49: r = {flag(fl(a) < fl(b))}; break;
    case 57: r = {flag(!(fl(a) == fl(b)))}; break;
    case 27: r = {ftoi(fl(a))}; break;
    case 28: r = {ftou(fl(a))}; break;
    case 43: r = {toBits(float(ia))}; break;
    case 86: r = {toBits(float(a))}; break;
    case 131: r = {toBits(halfToFloat(a & 0xffff))}; break;
    case 54: r = {sat ? flushed(a, m.flush) : a}; break;  // a move keeps every bit; _sat makes it arithmetic
    case 55: r = {sat ? flushed(a ? b : c, m.flush) : (a ? b : c)}; break;
    case 142: r = {a ? c : b, a ? b : c}; break;
    case 1: r = {a & b}; break;
    case 60: r = {a | b}; break;
    case 87: r = {a ^ b}; break;
    case 59: r = {~a}; break;
    case 30: r = {a + b}; break;
    case 35: r = {a * b + c}; break;
    case 82: r = {a * b + c}; break;
    case 36: r = {uint32_t(ia > ib ? ia : ib)}; break;
    case 37: r = {uint32_t(ia < ib ? ia : ib)}; break;
    case 83: r = {a > b ? a : b}; break;
    case 84: r = {a < b ? a : b}; break;
    case 40: r = {0u - a}; break;
    case 41: r = {a << (b & 31)}; break;
    case 42: r = {uint32_t(ia >> (b & 31))}; break;
    case 85: r = {a >> (b & 31)}; break;
    case 38: {
      int64_t p = int64_t(ia) * int64_t(ib);
      r = {uint32_t(uint64_t(p) >> 32), uint32_t(p)};
      break;
    }
    case 81: {
      uint64_t p = uint64_t(a) * b;
      r = {uint32_t(p >> 32), uint32_t(p)};
      break;
    }
    case 78: r = b ? std::vector<uint32_t>{a / b, a % b} : std::vector<uint32_t>{~0u, ~0u}; break;
    case 32: r = {flag(a == b)}; break;
    case 33: r = {flag(ia >= ib)}; break;
    case 34: r = {flag(ia < ib)}; break;
    case 39: r = {flag(a != b)}; break;
    case 79: r = {flag(a < b)}; break;
    case 80: r = {flag(a >= b)}; break;
    case 134: r = {uint32_t(std::popcount(a))}; break;
    case 135: r = {firstHigh(a)}; break;
    case 136: r = {a ? uint32_t(std::countr_zero(a)) : ~0u}; break;
    case 137: r = {firstHigh(ia < 0 ? ~a : a)}; break;
    case 141: {
      uint32_t v = 0;
      for (int k = 0; k < 32; k++)
        v |= ((a >> k) & 1u) << (31 - k);
      r = {v};
      break;
    }
    case 138: r = {bitExtract(a, b, c, false)}; break;
    case 139: r = {bitExtract(a, b, c, true)}; break;
    case 140: {
      uint32_t w = a & 31, o = b & 31;
      uint32_t mask = uint32_t(((1ull << w) - 1) << o);
      r = {((c << o) & mask) | (d & ~mask)};
      break;
    }
    case 132: r = {a + b, uint32_t(uint64_t(a) + b > 0xffffffffull)}; break;
    case 133: r = {a - b, uint32_t(a < b)}; break;
    case 213: {
      uint32_t sum = c;
      for (int k = 0; k < 4; k++) {
        uint32_t x = (a >> (8 * k)) & 0xff, y = (b >> (8 * k)) & 0xff;
        if (x)
          sum += x > y ? x - y : y - x;
      }
      r = {sum};
      break;
    }
    default: break;
  }
  if (sat && !r.empty())
    for (uint32_t& v : r)
      v = saturated(v);
  return r;
}

// What a driver that folds a constant zero operand returns instead (lavapipe, under
// SignedZeroInfNanPreserve): x * 0 and 0 * x as +0 (mul, dmul), a mad/dfma with a zero factor as
// its addend and with a zero addend as its product, x + 0 as x (add, dadd), 0 / x as a zero
// (div, ddiv). Empty when no such identity applies to this source.
Result constantFolded(uint32_t opcode, const std::vector<std::vector<uint32_t>>& s, const Mode& m) {
  const size_t f = size_t(m.foldedSource);
  if (m.foldedSource < 0 || f >= s.size())
    return {};
  const bool isDouble = isDoubleOpcode(opcode);
  auto isZero = [&](size_t i) { return isDouble ? (joined(s[i]) << 1) == 0 : (s[i][0] & 0x7fffffffu) == 0; };
  auto same = [&](size_t i) {  // source i's value as the result
    if (isDouble)
      return doubleWord(toDouble(joined(s[i])), false);
    return bitsWord(s[i][0]);
  };
  if (!isZero(f))
    return {};
  Word zero = isDouble ? doubleWord(0.0, false) : bitsWord(0);
  zero.zeroSignFree = true;
  switch (opcode) {
    case 56: case 194: return {zero};
    case 0: case 191: return {same(1 - f)};
    case 14: case 210: return f == 0 ? Result{zero} : Result{};
    case 50: case 211: {
      if (f < 2)
        return {same(2)};
      if (isDouble)
        return {doubleWord(toDouble(joined(s[0])) * toDouble(joined(s[1])), true)};
      return {bitsWord(toBits(toFloat(flushed(s[0][0], m.flush)) * toFloat(flushed(s[1][0], m.flush))), true)};
    }
    default: return {};
  }
}

Result compute(uint32_t opcode, const std::vector<std::vector<uint32_t>>& s, bool sat, const Mode& m) {
  auto scalar = [&](size_t i) { return i < s.size() && !s[i].empty() ? s[i][0] : 0u; };
  Result r = constantFolded(opcode, s, m);
  if (!r.empty()) {
    if (sat)
      for (Word& w : r)
        saturate(w);
    return r;
  }
  if (isDoubleOpcode(opcode)) {
    r = doubleInstruction(opcode, s, m);
  } else if (opcode >= 15 && opcode <= 17) {
    r = {dotProduct(s[0], s[1], m)};
  } else if (opcode == 14) {
    r = {divide(scalar(0), scalar(1), m)};
  } else if (opcode == 129 || opcode == 68 || opcode == 75 || opcode == 25 || opcode == 47 || opcode == 77) {
    r = approximateUnary(opcode, scalar(0), m);
  } else if (opcode == 130) {  // f32tof16: the float16 in the low 16 bits, the high 16 zero
    uint32_t x = flushed(scalar(0), m.flush);
    Word w = bitsWord(isNan(x) ? 0 : toHalf(toFloat(x), m.roundToZero));
    if (isNan(x))
      w.kind = Word::Kind::HalfNan;
    r = {w};
  } else {
    std::vector<uint32_t> scalars;
    for (size_t i = 0; i < s.size(); i++)
      scalars.push_back(scalar(i));
    bool anyNan = arithmeticFloat(opcode, sat), zeroSignFree = opcode == 51 || opcode == 52 || sat;
    for (uint32_t w : computeExact(opcode, scalars, sat, m))
      r.push_back(bitsWord(w, anyNan, zeroSignFree));
    return r;  // computeExact applied _sat itself
  }
  if (sat)
    for (Word& w : r)
      saturate(w);
  return r;
}

bool approximateMatches(const Word& w, float g) {
  double v = w.value;
  if (std::isnan(g))
    return std::isnan(v) || w.mayBeNan;
  if (std::isnan(v))
    return false;
  if (std::isinf(g)) {
    if (std::isinf(v) || std::fabs(v) - w.bound > double(FLT_MAX))
      return std::signbit(g) == std::signbit(v);
    return (g > 0 ? w.mayBePosInf : w.mayBeNegInf) ||
           (std::fabs(v) + w.bound >= double(FLT_MAX) && std::signbit(g) == std::signbit(v));
  }
  if (std::isinf(v) || std::fabs(v) - w.bound > double(FLT_MAX))
    return false;
  if (g == 0 && v == 0 && w.bound == 0)
    return w.zeroSignFree || std::signbit(g) == std::signbit(v);
  // A result under the smallest normal float may be flushed to a zero of its sign.
  if (g == 0 && std::fabs(v) < kFloatMin + w.bound && (w.zeroSignFree || std::signbit(g) == std::signbit(v)))
    return true;
  return std::fabs(double(g) - v) <= w.bound;
}

// A double within `bound` of `value` (drcp); infinities and NaN match by class, and a zero value
// (a _sat range's end) matches a zero of either sign.
bool approximateDoubleMatches(const Word& w, double g) {
  if (std::isnan(g) || std::isnan(w.value))
    return std::isnan(g) && std::isnan(w.value);
  if (std::isinf(g) || std::isinf(w.value))
    return g == w.value;
  return std::fabs(g - w.value) <= w.bound;
}

bool wordMatches(const Word& w, const std::vector<uint32_t>& got, size_t& at) {
  if (w.isDouble) {
    if (at + 2 > got.size())
      return false;
    uint64_t g = uint64_t(got[at]) | uint64_t(got[at + 1]) << 32;
    at += 2;
    if (w.kind == Word::Kind::Approximate)
      return approximateDoubleMatches(w, toDouble(g));
    if (g == w.bits || (w.anyNan && isDoubleNan(w.bits) && isDoubleNan(g)))
      return true;
    return w.zeroSignFree && (w.bits << 1) == 0 && (g << 1) == 0;
  }
  if (at >= got.size())
    return false;
  uint32_t g = got[at++], want = uint32_t(w.bits);
  switch (w.kind) {
    case Word::Kind::HalfNan: return (g >> 16) == 0 && (g & 0x7c00u) == 0x7c00u && (g & 0x3ffu);
    case Word::Kind::Approximate: return approximateMatches(w, toFloat(g));
    case Word::Kind::Bits: break;
  }
  if (want == g || (w.anyNan && isNan(want) && isNan(g)))
    return true;
  return w.zeroSignFree && (want & 0x7fffffffu) == 0 && (g & 0x7fffffffu) == 0;
}

bool resultMatches(const Result& want, const std::vector<uint32_t>& got) {
  size_t at = 0;
  for (const Word& w : want)
    if (!wordMatches(w, got, at))
      return false;
  return at == got.size();
}

std::string describe(const Result& r) {
  std::string out;
  char text[64];
  for (const Word& w : r) {
    if (w.kind == Word::Kind::Approximate)
      std::snprintf(text, sizeof text, " %.9g+-%.3g", w.value, w.bound);
    else if (w.kind == Word::Kind::HalfNan)
      std::snprintf(text, sizeof text, " (a float16 NaN)");
    else if (w.isDouble)
      std::snprintf(text, sizeof text, " 0x%016llx", static_cast<unsigned long long>(w.bits));
    else
      std::snprintf(text, sizeof text, " 0x%08x", uint32_t(w.bits));
    out += text;
  }
  return out;
}

}  // namespace

bool covered(uint32_t opcode) {
  static const std::set<uint32_t> ops = {
    // exact float, move, integer and conversion instructions
    0, 56, 50, 51, 52, 26, 64, 65, 66, 67, 24, 29, 49, 57, 27, 28, 43, 86, 131, 54, 55, 142, 1, 60, 87, 59, 30,
    35, 82, 36, 37, 83, 84, 40, 41, 42, 85, 38, 81, 78, 32, 33, 34, 39, 79, 80, 134, 135, 136, 137, 141, 138,
    139, 140, 132, 133, 213,
    // error-bounded: div, dp2, dp3, dp4, exp, log, rsq, sqrt, sincos, rcp; f32tof16
    14, 15, 16, 17, 25, 47, 68, 75, 77, 129, 130,
    // doubles; drcp within its page's 1.0 ULP, dtoi/dtou by ftoi's/ftou's pages (they have none)
    191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 210, 211, 212, 214, 215, 216, 217};
  return ops.count(opcode) != 0;
}

uint32_t sourceWords(uint32_t opcode, char typeLetter) {
  if (typeLetter == 'd')
    return 2;
  if (opcode >= 15 && opcode <= 17)
    return opcode - 13;  // dp2, dp3, dp4
  return 1;
}

uint32_t destWords(char typeLetter) { return typeLetter == 'd' ? 2 : 1; }

std::vector<uint32_t> applyModifier(std::vector<uint32_t> words, uint32_t modifier, char typeLetter) {
  bool abs = modifier & 2, neg = modifier & 1;
  if (typeLetter == 'd') {  // the double's sign bit is bit 31 of its high word
    if (abs)
      words[1] &= 0x7fffffffu;
    if (neg)
      words[1] ^= 0x80000000u;
    return words;
  }
  for (uint32_t& bits : words) {
    if (typeLetter == 'i') {
      if (abs && int32_t(bits) < 0)
        bits = 0u - bits;
      bits = neg ? 0u - bits : bits;
    } else {
      if (abs)
        bits &= 0x7fffffffu;
      bits = neg ? bits ^ 0x80000000u : bits;
    }
  }
  return words;
}

Expectation evaluate(uint32_t opcode, const std::vector<std::vector<uint32_t>>& sources, bool saturate,
                     int constantSource) {
  Expectation e;
  e.d3d = compute(opcode, sources, saturate, Mode{});
  auto add = [&](const Mode& m, const char* name) { e.alternatives.push_back({compute(opcode, sources, saturate, m), name}); };
  Mode kept;
  kept.flush = false;
  add(kept, kDenormalsKept);
  if (constantSource >= 0 && (opcode == 0 || opcode == 56 || opcode == 50 || opcode == 14 || (opcode >= 15 && opcode <= 17) ||
                              opcode == 191 || opcode == 194 || opcode == 210 || opcode == 211)) {
    for (bool flush : {true, false}) {
      Mode folding;
      folding.flush = flush;
      folding.foldedSource = constantSource;
      add(folding, kConstantFolded);
    }
  }
  if (opcode == 50) {
    Mode fused;
    fused.fused = true;
    add(fused, kFusedMad);
    fused.flush = false;
    add(fused, kFusedMad);
  }
  if (opcode == 14) {
    Mode reciprocal;
    reciprocal.divByReciprocal = true;
    add(reciprocal, kDivByReciprocal);
    reciprocal.flush = false;
    add(reciprocal, kDivByReciprocal);
  }
  if (opcode == 130) {  // f32tof16 only: dtof's page says round to nearest even
    Mode toZero;
    toZero.roundToZero = true;
    add(toZero, kRoundToZero);
    toZero.flush = false;
    add(toZero, kRoundToZero);
  }
  if (isDoubleOpcode(opcode)) {
    Mode doubles;
    doubles.flushDoubles = true;
    add(doubles, kDoubleDenormalsFlushed);
  }
  if (opcode == 211) {
    Mode unfused;
    unfused.unfusedDoubleFma = true;
    add(unfused, kUnfusedDoubleFma);
    unfused.flushDoubles = true;
    add(unfused, kUnfusedDoubleFma);
  }
  if (opcode == 47) {
    Mode logDenormal;
    logDenormal.flush = false;
    logDenormal.logDenormalAsNormal = true;
    add(logDenormal, kLogDenormalAsNormal);
  }
  return e;
}

std::string compare(const Expectation& e, const std::vector<uint32_t>& got, const char*& alternative) {
  alternative = nullptr;
  if (resultMatches(e.d3d, got))
    return "";
  for (const auto& alt : e.alternatives)
    if (resultMatches(alt.first, got)) {
      alternative = alt.second;
      return "";
    }
  std::string out = "got";
  char word[16];
  for (uint32_t g : got) {
    std::snprintf(word, sizeof word, " 0x%08x", g);
    out += word;
  }
  return out + ", want" + describe(e.d3d);
}

}  // namespace d3d_reference
