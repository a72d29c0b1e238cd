// Direct3D's instruction rules on the CPU: the floating-point rules (denormals flushed to a
// sign-preserving zero on the input and output of float arithmetic, not of moves; min/max NaN
// rules) and the integer reference pages (shift counts masked to 5 bits, udiv by 0 gives ~0...).
#include "d3d_reference.h"

#include <bit>
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

// How one run of the rules treats the freedoms: flush denormals (Direct3D) or keep them; mad fused or not.
struct Mode {
  bool flush = true;
  bool fused = false;
};

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

uint32_t saturated(uint32_t u) {
  float f = toFloat(u);
  if (std::isnan(f) || f <= 0.0f)
    return f == 0.0f ? u : 0;  // a zero keeps its bits; the sign of a saturated zero is left free
  return f >= 1.0f ? 0x3f800000u : u;
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

// Which instructions write a float produced by arithmetic (any NaN is a right NaN there).
bool arithmeticFloat(uint32_t opcode, bool saturate) {
  static const std::set<uint32_t> ops = {0, 56, 50, 51, 52, 26, 64, 65, 66, 67, 43, 86, 131};
  return ops.count(opcode) || ((opcode == 54 || opcode == 55) && saturate);
}

std::vector<uint32_t> compute(uint32_t opcode, const std::vector<uint32_t>& s, bool sat, const Mode& m) {
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

bool matches(uint32_t want, uint32_t got, const Expectation& e) {
  if (want == got)
    return true;
  if (e.floatResult && isNan(want) && isNan(got))
    return true;
  return e.zeroSignFree && (want & 0x7fffffffu) == 0 && (got & 0x7fffffffu) == 0;
}

bool allMatch(const std::vector<uint32_t>& want, const std::vector<uint32_t>& got, const Expectation& e) {
  if (want.size() != got.size())
    return false;
  for (size_t k = 0; k < want.size(); k++)
    if (!matches(want[k], got[k], e))
      return false;
  return true;
}

}  // namespace

bool covered(uint32_t opcode) {
  static const std::set<uint32_t> ops = {0,  56, 50, 51, 52, 26, 64, 65, 66, 67, 24, 29, 49, 57, 27, 28, 43,
                                         86, 131, 54, 55, 142, 1, 60, 87, 59, 30, 35, 82, 36, 37, 83, 84, 40,
                                         41, 42, 85, 38, 81, 78, 32, 33, 34, 39, 79, 80, 134, 135, 136, 137,
                                         141, 138, 139, 140, 132, 133, 213};
  return ops.count(opcode) != 0;
}

uint32_t applyModifier(uint32_t bits, uint32_t modifier, char typeLetter) {
  bool abs = modifier & 2, neg = modifier & 1;
  if (typeLetter == 'i') {
    if (abs && int32_t(bits) < 0)
      bits = 0u - bits;
    return neg ? 0u - bits : bits;
  }
  if (abs)
    bits &= 0x7fffffffu;
  return neg ? bits ^ 0x80000000u : bits;
}

Expectation evaluate(uint32_t opcode, const std::vector<uint32_t>& sources, bool saturate) {
  Expectation e;
  e.d3d = compute(opcode, sources, saturate, Mode{});
  e.floatResult = arithmeticFloat(opcode, saturate);
  e.zeroSignFree = opcode == 51 || opcode == 52 || saturate;
  auto add = [&](const Mode& m, const char* name) {
    std::vector<uint32_t> alt = compute(opcode, sources, saturate, m);
    if (!allMatch(e.d3d, alt, e))
      e.alternatives.push_back({alt, name});
  };
  add(Mode{false, false}, kDenormalsKept);
  if (opcode == 50) {
    add(Mode{true, true}, kFusedMad);
    add(Mode{false, true}, kFusedMad);
  }
  return e;
}

std::string compare(const Expectation& e, const std::vector<uint32_t>& got, const char*& exception) {
  exception = nullptr;
  if (allMatch(e.d3d, got, e))
    return "";
  for (const auto& alt : e.alternatives)
    if (allMatch(alt.first, got, e)) {
      exception = alt.second;
      return "";
    }
  std::string out = "got";
  char word[16];
  for (uint32_t g : got) {
    std::snprintf(word, sizeof word, " 0x%08x", g);
    out += word;
  }
  out += ", want";
  for (uint32_t w : e.d3d) {
    std::snprintf(word, sizeof word, " 0x%08x", w);
    out += word;
  }
  return out;
}

}  // namespace d3d_reference
