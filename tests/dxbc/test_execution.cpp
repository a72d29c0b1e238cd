// Execution tests: compute shaders written as D3D assembly, compiled by dxbc::compile, run on the
// Vulkan device (lavapipe in CI) under the validation layer, results compared with the CPU's.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "dxbc/assembler.h"
#include "dxbc/compiler.h"
#include "execution_vulkan.h"

using dxbc::BindingKind;
using exec_test::BufferData;

namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

constexpr uint32_t kThreads = 64;

// D3D's float to int conversions: truncate, clamp to the range, NaN gives 0.
uint32_t d3dFtoi(float f) {
  if (std::isnan(f))
    return 0;
  if (f >= 2147483648.0f)
    return 0x7fffffff;
  if (f <= -2147483648.0f)
    return 0x80000000;
  return uint32_t(int32_t(f));
}

uint32_t d3dFtou(float f) {
  if (std::isnan(f) || f <= 0.0f)
    return 0;
  if (f >= 4294967296.0f)
    return 0xffffffff;
  return uint32_t(f);
}

struct Case {
  const char* name;
  std::string source;
  std::vector<BufferData> buffers;
  // Gets the buffers after the run; returns "" when they hold what the CPU expects.
  std::function<std::string(const std::vector<std::vector<uint32_t>>&)> check;
};

std::string expectWords(const std::vector<uint32_t>& got, const std::vector<uint32_t>& want, const char* what) {
  for (size_t i = 0; i < want.size(); i++)
    if (got.at(i) != want[i]) {
      char line[160];
      std::snprintf(line, sizeof line, "%s word %zu: got 0x%08x (%g), want 0x%08x (%g)", what, i, got[i],
                    double(fromBits(got[i])), want[i], double(fromBits(want[i])));
      return line;
    }
  return "";
}

Case floatArithmetic() {
  std::vector<uint32_t> input, want;
  for (uint32_t i = 0; i < kThreads; i++) {
    // Dyadic values, so every result below is exact on any conforming device.
    float a = (float(i) - 32.0f) * 0.75f, b = float(i % 7) * 0.5f + 0.25f;
    input.push_back(bits(a));
    input.push_back(bits(b));
    float results[8] = {a + b, a * b, a * b + 0.5f, std::max(a, -b), std::min(a, b), a / 4.0f, a - std::floor(a),
                        std::floor(b)};
    for (float r : results)
      want.push_back(bits(r));
  }
  return Case{"float arithmetic",
              "cs_5_0\n"
              "dcl_resource_raw t0\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 4\n"
              "dcl_thread_group 64, 1, 1\n"
              "ishl r0.x, vThreadID.x, l(3)\n"
              "ld_raw r1.xy, r0.x, t0.xyxx\n"
              "add r2.x, r1.x, r1.y\n"
              "mul r2.y, r1.x, r1.y\n"
              "mad r2.z, r1.x, r1.y, l(0.5)\n"
              "max r2.w, r1.x, -r1.y\n"
              "ishl r0.y, vThreadID.x, l(5)\n"
              "store_raw u0.xyzw, r0.y, r2.xyzw\n"
              "min r3.x, r1.x, r1.y\n"
              "div r3.y, r1.x, l(4.0)\n"
              "frc r3.z, r1.x\n"
              "round_ni r3.w, r1.y\n"
              "iadd r0.z, r0.y, l(16)\n"
              "store_raw u0.xyzw, r0.z, r3.xyzw\n"
              "ret\n",
              {{BindingKind::ShaderResource, 0, input}, {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[1], want, "u0"); }};
}

Case integerAndBits() {
  std::vector<uint32_t> input, want;
  for (uint32_t i = 0; i < kThreads; i++) {
    uint32_t x = (i + 1) * 0x9E3779B9u, y = i % 5;
    if (i == 3)
      x = 0;  // firstbit_* of zero
    input.push_back(x);
    input.push_back(y);
    auto msb = [](uint32_t v) { return v ? uint32_t(31 - __builtin_clz(v)) : ~0u; };
    uint32_t rev = 0;
    for (int k = 0; k < 32; k++)
      rev |= ((x >> k) & 1u) << (31 - k);
    uint32_t field = (x >> 3) & 31;
    uint32_t results[12] = {
      x + y,
      x * y,
      y ? x / y : ~0u,                                   // udiv by zero gives ~0
      y ? x % y : ~0u,
      uint32_t(int32_t(x) >> 3),
      uint32_t(__builtin_popcount(x)),
      x ? 31 - msb(x) : ~0u,                             // D3D counts firstbit_hi from the top
      x ? uint32_t(__builtin_ctz(x)) : ~0u,
      rev,
      field,
      uint32_t(int32_t(field << 27) >> 27),              // ibfe sign-extends the field
      (y & ~(0xfu << 8)) | ((x << 8) & (0xfu << 8)),     // bfi of 4 bits at bit 8
    };
    want.insert(want.end(), results, results + 12);
  }
  return Case{"integer and bit instructions",
              "cs_5_0\n"
              "dcl_resource_raw t0\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 5\n"
              "dcl_thread_group 64, 1, 1\n"
              "ishl r0.x, vThreadID.x, l(3)\n"
              "ld_raw r1.xy, r0.x, t0.xyxx\n"
              "iadd r2.x, r1.x, r1.y\n"
              "imul null, r2.y, r1.x, r1.y\n"
              "udiv r2.z, r2.w, r1.x, r1.y\n"
              "ishr r3.x, r1.x, l(3)\n"
              "countbits r3.y, r1.x\n"
              "firstbit_hi r3.z, r1.x\n"
              "firstbit_lo r3.w, r1.x\n"
              "bfrev r4.x, r1.x\n"
              "ubfe r4.y, l(5), l(3), r1.x\n"
              "ibfe r4.z, l(5), l(3), r1.x\n"
              "bfi r4.w, l(4), l(8), r1.x, r1.y\n"
              "imul null, r0.y, vThreadID.x, l(48)\n"
              "store_raw u0.xyzw, r0.y, r2.xyzw\n"
              "iadd r0.z, r0.y, l(16)\n"
              "store_raw u0.xyzw, r0.z, r3.xyzw\n"
              "iadd r0.z, r0.y, l(32)\n"
              "store_raw u0.xyzw, r0.z, r4.xyzw\n"
              "ret\n",
              {{BindingKind::ShaderResource, 0, input}, {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[1], want, "u0"); }};
}

Case conversions() {
  const float specials[] = {1.5f, -2.7f, 3e9f, -5e9f, std::numeric_limits<float>::quiet_NaN(), 0.49999997f, 65504.0f,
                            -0.0f, 5e9f, 2147483520.0f, -1.0f, 1e-8f};
  // Values exact in half precision, so f32tof16 has one right answer whatever its rounding.
  const float halves[] = {1.5f, -2.25f, 65504.0f, 0.0009765625f, 0.0f, -1.0f, 0.5f, 1024.0f};
  const uint16_t halfBits[] = {0x3e00, 0xc080, 0x7bff, 0x1400, 0x0000, 0xbc00, 0x3800, 0x6400};
  std::vector<uint32_t> input, want;
  for (uint32_t i = 0; i < kThreads; i++) {
    float f = specials[i % 12];
    float h = halves[i % 8];
    input.push_back(bits(f));
    input.push_back(bits(h));
    input.push_back(halfBits[(i + 3) % 8]);
    double d = double(int32_t(i) - 20) * 1.5 / 4.0 + 0.25;
    uint32_t results[8] = {
      d3dFtoi(f), d3dFtou(f), bits(float(int32_t(i) - 32)), bits(float(i * 1000003u)),
      halfBits[i % 8], bits(halves[(i + 3) % 8]), bits(float(d)), 0,
    };
    input.push_back(0);
    want.insert(want.end(), results, results + 8);
  }
  return Case{"conversions, half precision and doubles",
              "cs_5_0\n"
              "dcl_globalFlags enableDoublePrecisionFloatOps\n"
              "dcl_resource_raw t0\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 5\n"
              "dcl_thread_group 64, 1, 1\n"
              "ishl r0.x, vThreadID.x, l(4)\n"
              "ld_raw r1.xyz, r0.x, t0.xyzx\n"
              "ftoi r2.x, r1.x\n"
              "ftou r2.y, r1.x\n"
              "iadd r0.y, vThreadID.x, l(-32)\n"
              "itof r2.z, r0.y\n"
              "imul null, r0.z, vThreadID.x, l(1000003)\n"
              "utof r2.w, r0.z\n"
              "f32tof16 r3.x, r1.y\n"
              "f16tof32 r3.y, r1.z\n"
              "iadd r0.w, vThreadID.x, l(-20)\n"
              "itod r4.xy, r0.w\n"
              "dmul r4.xy, r4.xyxy, d(1.5, 0)\n"
              "ddiv r4.xy, r4.xyxy, d(4.0, 0)\n"
              "dadd r4.xy, r4.xyxy, d(0.25, 0)\n"
              "dtof r3.z, r4.xyxy\n"
              "mov r3.w, l(0)\n"
              "ishl r0.y, vThreadID.x, l(5)\n"
              "store_raw u0.xyzw, r0.y, r2.xyzw\n"
              "iadd r0.z, r0.y, l(16)\n"
              "store_raw u0.xyzw, r0.z, r3.xyzw\n"
              "ret\n",
              {{BindingKind::ShaderResource, 0, input}, {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[1], want, "u0"); }};
}

Case sharedMemoryLoopsSwitch() {
  std::vector<uint32_t> want;
  for (uint32_t i = 0; i < kThreads; i++) {
    uint32_t next = (i + 1) & 63;
    want.push_back(next * next);             // written by another thread, read after the barrier
    want.push_back(i * (i + 1) / 2);         // the loop's sum
    want.push_back((i & 3) == 0 ? 100 : (i & 3) == 3 ? 300 : 200);  // the switch, with a shared case
    want.push_back(0);
  }
  return Case{"group-shared memory with a barrier, a loop and a switch",
              "cs_5_0\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadIDInGroupFlattened\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 4\n"
              "dcl_tgsm_structured g0, 4, 64\n"
              "dcl_thread_group 64, 1, 1\n"
              "imul null, r0.x, vThreadIDInGroupFlattened.x, vThreadIDInGroupFlattened.x\n"
              "store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), r0.x\n"
              "sync_g_t\n"
              "iadd r0.y, vThreadIDInGroupFlattened.x, l(1)\n"
              "and r0.y, r0.y, l(63)\n"
              "ld_structured r0.z, r0.y, l(0), g0.xxxx\n"
              "mov r1.x, l(0)\n"
              "mov r1.y, l(0)\n"
              "loop\n"
              "  ult r1.z, vThreadIDInGroupFlattened.x, r1.y\n"
              "  breakc_nz r1.z\n"
              "  iadd r1.x, r1.x, r1.y\n"
              "  iadd r1.y, r1.y, l(1)\n"
              "endloop\n"
              "and r2.x, vThreadIDInGroupFlattened.x, l(3)\n"
              "switch r2.x\n"
              "  case l(0)\n"
              "    mov r2.y, l(100)\n"
              "    break\n"
              "  case l(1)\n"
              "  case l(2)\n"
              "    mov r2.y, l(200)\n"
              "    break\n"
              "  default\n"
              "    mov r2.y, l(300)\n"
              "    break\n"
              "endswitch\n"
              "mov r3.x, r0.z\n"
              "mov r3.y, r1.x\n"
              "mov r3.z, r2.y\n"
              "mov r3.w, l(0)\n"
              "ishl r0.w, vThreadID.x, l(4)\n"
              "store_raw u0.xyzw, r0.w, r3.xyzw\n"
              "ret\n",
              {{BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[0], want, "u0"); }};
}

Case atomicsAndUavs() {
  std::vector<uint32_t> typed;
  for (uint32_t i = 0; i < kThreads; i++)
    typed.push_back(i * 11 + 5);
  return Case{"atomics, a UAV counter, structured and typed UAVs",
              "cs_5_0\n"
              "dcl_uav_raw u0\n"
              "dcl_uav_structured_opc u1, 8\n"
              "dcl_uav_typed_buffer (uint,uint,uint,uint) u2\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 3\n"
              "dcl_thread_group 64, 1, 1\n"
              "atomic_iadd u0, l(0), vThreadID.x\n"
              "atomic_umax u0, l(4), vThreadID.x\n"
              "imm_atomic_or r0.x, u0, l(8), l(1)\n"
              "imm_atomic_iadd r0.z, u0, l(12), l(1)\n"
              "ishl r0.w, r0.z, l(2)\n"
              "iadd r0.w, r0.w, l(16)\n"
              "store_raw u0.x, r0.w, r0.x\n"
              "imm_atomic_alloc r0.y, u1\n"
              "mov r1.x, vThreadID.x\n"
              "imul null, r1.y, vThreadID.x, l(3)\n"
              "store_structured u1.xy, r0.y, l(0), r1.xyxx\n"
              "ld_uav_typed r2.x, vThreadID.xxxx, u2.xyzw\n"
              "iadd r2.x, r2.x, l(7)\n"
              "store_uav_typed u2.xyzw, vThreadID.xxxx, r2.xxxx\n"
              "ret\n",
              {{BindingKind::UnorderedAccess, 0, {}}, {BindingKind::UnorderedAccess, 1, {}},
               {BindingKind::UavCounter, 1, {0}}, {BindingKind::UnorderedAccess, 2, typed}},
              [typed](const auto& out) -> std::string {
                const auto& u0 = out[0];
                if (u0[0] != 64 * 63 / 2 || u0[1] != 63 || u0[2] != 1 || u0[3] != 64)
                  return "atomic results " + std::to_string(u0[0]) + " " + std::to_string(u0[1]) + " " +
                         std::to_string(u0[2]) + " " + std::to_string(u0[3]);
                // imm_atomic_or returned 0 to exactly one thread, 1 to the others.
                uint32_t zeros = 0;
                for (uint32_t i = 0; i < kThreads; i++)
                  zeros += u0[4 + i] == 0;
                if (zeros != 1)
                  return "imm_atomic_or returned the old value 0 to " + std::to_string(zeros) + " threads";
                if (out[2][0] != 64)
                  return "the UAV counter ends at " + std::to_string(out[2][0]) + ", not 64";
                std::set<uint32_t> seen;
                for (uint32_t e = 0; e < kThreads; e++) {
                  uint32_t id = out[1][2 * e], triple = out[1][2 * e + 1];
                  if (triple != id * 3)
                    return "structured element " + std::to_string(e) + " holds " + std::to_string(id) + ", " +
                           std::to_string(triple);
                  seen.insert(id);
                }
                if (seen.size() != kThreads)
                  return "imm_atomic_alloc handed out " + std::to_string(seen.size()) + " distinct slots";
                std::vector<uint32_t> want;
                for (uint32_t v : typed)
                  want.push_back(v + 7);
                return expectWords(out[3], want, "typed u2");
              }};
}

Case subroutines() {
  std::vector<uint32_t> want;
  for (uint32_t i = 0; i < kThreads; i++) {
    bool odd = i & 1;
    want.push_back(3 * i + (odd ? 1000 + 3 * i : 0));  // l0, and l1 (odd threads) calling l0 again
    want.push_back(odd ? 0 : i < 32 ? 7 : 9);          // l2 (even threads) returns early below 32
    want.push_back(3 * i);                              // l3 called three times from a loop
    want.push_back(0);
  }
  return Case{"subroutines: call, callc, nested calls, a call in a loop, retc in a subroutine",
              "cs_5_0\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 4\n"
              "dcl_thread_group 64, 1, 1\n"
              "mov r0.x, vThreadID.x\n"
              "mov r1.xyzw, l(0, 0, 0, 0)\n"
              "call label0\n"
              "and r0.y, r0.x, l(1)\n"
              "callc_nz r0.y, label1\n"
              "callc_z r0.y, label2\n"
              "mov r3.x, l(0)\n"
              "loop\n"
              "  uge r3.y, r3.x, l(3)\n"
              "  breakc_nz r3.y\n"
              "  call label3\n"
              "  iadd r3.x, r3.x, l(1)\n"
              "endloop\n"
              "ishl r0.w, r0.x, l(4)\n"
              "store_raw u0.xyzw, r0.w, r1.xyzw\n"
              "ret\n"
              "label label0\n"
              "imul null, r2.x, r0.x, l(3)\n"
              "iadd r1.x, r1.x, r2.x\n"
              "ret\n"
              "label label1\n"
              "iadd r1.x, r1.x, l(1000)\n"
              "call label0\n"
              "ret\n"
              "label label2\n"
              "mov r1.y, l(7)\n"
              "ult r2.y, r0.x, l(32)\n"
              "retc_nz r2.y\n"
              "mov r1.y, l(9)\n"
              "ret\n"
              "label label3\n"
              "iadd r1.z, r1.z, r0.x\n"
              "ret\n",
              {{BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[0], want, "u0"); }};
}

Case carryBorrowSad() {
  std::vector<uint32_t> input, want;
  for (uint32_t i = 0; i < kThreads; i++) {
    uint32_t a = (i + 7) * 0x9E3779B9u, b = (i * 13 + 1) * 0x85EBCA6Bu, c = i * 5;
    if (i % 4 == 0)
      b = ~a + (i & 8 ? 1 : 2);  // sums that land exactly on and just past 2^32
    if (i % 8 == 1)
      a &= 0xff00ff00u;  // reference bytes of 0 are masked out of msad
    input.push_back(a);
    input.push_back(b);
    input.push_back(c);
    input.push_back(0);
    uint32_t sad = c;
    for (int k = 0; k < 4; k++) {
      uint32_t r = (a >> (8 * k)) & 0xff, x = (b >> (8 * k)) & 0xff;
      if (r)
        sad += r > x ? r - x : x - r;
    }
    uint32_t results[8] = {a + b, uint32_t(uint64_t(a) + b > 0xffffffffull), a - b, uint32_t(a < b), sad,
                           0, 0, 0};
    want.insert(want.end(), results, results + 8);
  }
  return Case{"uaddc, usubb, msad",
              "cs_5_0\n"
              "dcl_resource_raw t0\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 4\n"
              "dcl_thread_group 64, 1, 1\n"
              "ishl r0.x, vThreadID.x, l(4)\n"
              "ld_raw r1.xyz, r0.x, t0.xyzx\n"
              "uaddc r2.x, r2.y, r1.x, r1.y\n"
              "usubb r2.z, r2.w, r1.x, r1.y\n"
              "msad r3.x, r1.x, r1.y, r1.z\n"
              "mov r3.yzw, l(0, 0, 0, 0)\n"
              "debug_break\n"
              "ishl r0.y, vThreadID.x, l(5)\n"
              "store_raw u0.xyzw, r0.y, r2.xyzw\n"
              "iadd r0.z, r0.y, l(16)\n"
              "store_raw u0.xyzw, r0.z, r3.xyzw\n"
              "ret\n",
              {{BindingKind::ShaderResource, 0, input}, {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[1], want, "u0"); }};
}

Case residencyFeedback() {
  std::vector<uint32_t> input, want;
  for (uint32_t i = 0; i < kThreads; i++) {
    input.push_back(i * 7 + 1);
    input.push_back(i ^ 0x55);
  }
  for (uint32_t i = 0; i < kThreads; i++) {
    uint32_t results[4] = {i * 7 + 1, i ^ 0x55, ~0u, ~0u};  // no resource is tiled: fully mapped
    want.insert(want.end(), results, results + 4);
  }
  return Case{"tiled-resource loads with residency status and check_access_fully_mapped",
              "cs_5_0\n"
              "dcl_resource_raw t0\n"
              "dcl_resource_structured t1, 8\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 4\n"
              "dcl_thread_group 64, 1, 1\n"
              "mov r2.xy, l(5, 5, 0, 0)\n"
              "ishl r0.x, vThreadID.x, l(3)\n"
              "ld_raw_s r1.x, r2.x, r0.x, t0.xxxx\n"
              "ld_structured_s r1.y, r2.y, vThreadID.x, l(4), t1.xxxx\n"
              "check_access_fully_mapped r1.z, r2.x\n"
              "check_access_fully_mapped r1.w, r2.y\n"
              "ishl r0.y, vThreadID.x, l(4)\n"
              "store_raw u0.xyzw, r0.y, r1.xyzw\n"
              "ret\n",
              {{BindingKind::ShaderResource, 0, input}, {BindingKind::ShaderResource, 1, input},
               {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[2], want, "u0"); }};
}

Case indexedResources() {
  std::vector<uint32_t> t0, t1, cb0, cb2, want;
  for (uint32_t i = 0; i < kThreads; i++) {
    t0.push_back(1000 + i);
    t1.push_back(2000 + i);
  }
  cb0 = {0, 0, 0, 0, 11, 12, 13, 14};
  cb2 = {0, 0, 0, 0, 21, 22, 23, 24};
  for (uint32_t i = 0; i < kThreads; i++) {
    uint32_t which = i % 3;  // t0, t1, and t2, which is not declared: the load does nothing
    uint32_t cbWhich = i % 2 ? 2 : 0;
    want.push_back(which == 0 ? 1000 + i : which == 1 ? 2000 + i : 7);
    want.push_back(cbWhich == 0 ? 12 : 22);
  }
  return Case{"dynamically indexed raw buffers and constant buffers",
              "cs_5_0\n"
              "dcl_constantbuffer cb0[2], immediateIndexed\n"
              "dcl_constantbuffer cb2[2], immediateIndexed\n"
              "dcl_resource_raw t0\n"
              "dcl_resource_raw t1\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 3\n"
              "dcl_thread_group 64, 1, 1\n"
              "udiv null, r0.x, vThreadID.x, l(3)\n"
              "ishl r0.y, vThreadID.x, l(2)\n"
              "mov r1.x, l(7)\n"
              "ld_raw r1.x, r0.y, t[r0.x + 0].xxxx\n"
              "and r0.z, vThreadID.x, l(1)\n"
              "ishl r0.z, r0.z, l(1)\n"
              "mov r1.y, cb[r0.z + 0][1].y\n"
              "ishl r0.w, vThreadID.x, l(3)\n"
              "store_raw u0.xy, r0.w, r1.xyxx\n"
              "ret\n",
              {{BindingKind::ConstantBuffer, 0, cb0}, {BindingKind::ConstantBuffer, 2, cb2},
               {BindingKind::ShaderResource, 0, t0}, {BindingKind::ShaderResource, 1, t1},
               {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[4], want, "u0"); }};
}

// Class linkage: two class types implement one interface method differently (fb0 adds the
// instance's this[slot].x, fb1 multiplies by this[slot].y); each thread calls fp0[thread & 1], and
// the function table and `this` data of each slot come from the class-instance block (cb14 in the
// binding model), as the runtime writes it for the bound class instances. Two bindings of the
// same shader give different results.
Case classLinkage(bool swapped) {
  // Per slot: uvec4 (function table id), uvec4 this. Slot 0 and 1.
  std::vector<uint32_t> block = swapped ? std::vector<uint32_t>{1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0}
                                        : std::vector<uint32_t>{0, 0, 0, 0, 100, 0, 0, 0, 1, 0, 0, 0, 0, 3, 0, 0};
  std::vector<uint32_t> want;
  for (uint32_t i = 0; i < kThreads; i++) {
    uint32_t base = i * 2 + 1;
    uint32_t viaFirst = base * 10 + 1;  // the second call site: fb2/fb3 (both +1 after x10)
    bool slot0 = (i & 1) == 0;
    uint32_t result = swapped ? (slot0 ? base * 5 : base + 7) : (slot0 ? base + 100 : base * 3);
    want.push_back(result);
    want.push_back(viaFirst + (swapped ? 0 : 1));
  }
  return Case{swapped ? "class linkage: interface slots bound to the other class types"
                      : "class linkage: fcall through an interface array selects each slot's class",
              "cs_5_0\n"
              "dcl_function_body 0\n"
              "dcl_function_body 1\n"
              "dcl_function_body 2\n"
              "dcl_function_body 3\n"
              "dcl_function_table 0, 2, 0, 2\n"
              "dcl_function_table 1, 2, 1, 3\n"
              "dcl_interface 0, 2, 131074, 0, 1\n"
              "dcl_uav_raw u0\n"
              "dcl_input vThreadID.x\n"
              "dcl_temps 3\n"
              "dcl_thread_group 64, 1, 1\n"
              "and r0.x, vThreadID.x, l(1)\n"
              "ishl r1.x, vThreadID.x, l(1)\n"
              "iadd r1.x, r1.x, l(1)\n"
              "fcall 0, fp0[r0.x + 0]\n"
              "mov r2.x, r1.x\n"
              "ishl r1.y, vThreadID.x, l(1)\n"
              "iadd r1.y, r1.y, l(1)\n"
              "imul null, r1.y, r1.y, l(10)\n"
              "fcall 1, fp0[0]\n"
              "mov r2.y, r1.y\n"
              "ishl r0.y, vThreadID.x, l(3)\n"
              "store_raw u0.xy, r0.y, r2.xyxx\n"
              "ret\n"
              "label fb0\n"
              "iadd r1.x, r1.x, this[r0.x + 0].x\n"
              "ret\n"
              "label fb1\n"
              "imul null, r1.x, r1.x, this[r0.x + 0].y\n"
              "ret\n"
              "label fb2\n"
              "iadd r1.y, r1.y, l(2)\n"
              "ret\n"
              "label fb3\n"
              "iadd r1.y, r1.y, l(1)\n"
              "ret\n",
              {{BindingKind::ConstantBuffer, 14, block}, {BindingKind::UnorderedAccess, 0, {}}},
              [want](const auto& out) { return expectWords(out[1], want, "u0"); }};
}

// A vertex shader captured by transform feedback: the compiler's Xfb variables and offsets from
// a D3D stream-output declaration with a gap, a partial register and two buffers.
std::string transformFeedback(exec_test::ComputeRunner& runner) {
  const char* source =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_VertexID              0   x           0   VERTID    uint   x\n"
    "//\n"
    "// Output signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xyzw        1     NONE   float   xyzw\n"
    "// COLOR                    0   xy          2     NONE    uint   xy\n"
    "//\n"
    "vs_5_0\n"
    "dcl_input_sgv v0.x, vertex_id\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_output o1.xyzw\n"
    "dcl_output o2.xy\n"
    "dcl_temps 1\n"
    "utof r0.x, v0.x\n"
    "add o0.xyzw, r0.xxxx, l(0.0, 0.5, 0.25, 1.0)\n"
    "add o1.xyzw, r0.xxxx, l(10.0, 20.0, 30.0, 40.0)\n"
    "imul null, o2.x, v0.x, l(3)\n"
    "iadd o2.y, v0.x, l(100)\n"
    "ret\n";
  dxbc::CompileOptions options = runner.compileOptions();
  options.streamOutput.entries = {
    {0, "SV_Position", 0, 0, 4, 0},  // bytes 0-15 of buffer 0
    {0, "", 0, 0, 1, 0},             // a gap: bytes 16-19
    {0, "TEXCOORD", 0, 1, 2, 0},     // TEXCOORD.yz at bytes 20-27
    {0, "COLOR", 0, 0, 2, 1},        // buffer 1, packed 8-byte vertices
  };
  options.streamOutput.strides[0] = 32;
  dxbc::CompileResult shader = dxbc::compile(dxbc::assemble(source).write(), options);
  if (!shader.ok())
    return "compile: " + shader.error;
  constexpr uint32_t kVertices = 16;
  auto out = runner.runTransformFeedback(shader, kVertices, {kVertices * 32, kVertices * 8});
  std::vector<uint32_t> want0, want1;
  for (uint32_t v = 0; v < kVertices; v++) {
    float f = float(v);
    uint32_t words[8] = {bits(f), bits(f + 0.5f), bits(f + 0.25f), bits(f + 1.0f), 0, bits(f + 20.0f), bits(f + 30.0f), 0};
    want0.insert(want0.end(), words, words + 8);
    want1.push_back(3 * v);
    want1.push_back(v + 100);
  }
  std::string problem = expectWords(out[0], want0, "buffer 0");
  if (!problem.empty() || (problem = expectWords(out[1], want1, "buffer 1")) != "" || !runner.geometryStreams())
    return problem;

  // The same vertices through a geometry shader that emits position to stream 0 and the
  // swizzled TEXCOORD to stream 1, each stream captured into its own buffer.
  const char* geometry =
    "// Input signature:\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used\n"
    "// -------------------- ----- ------ -------- -------- ------- ------\n"
    "// SV_Position              0   xyzw        0      POS   float   xyzw\n"
    "// TEXCOORD                 0   xyzw        1     NONE   float   xyzw\n"
    "//\n"
    "// Output signature (OSG5):\n"
    "//\n"
    "// Name                 Index   Mask Register SysValue  Format   Used Stream\n"
    "// -------------------- ----- ------ -------- -------- ------- ------ ------\n"
    "// SV_Position              0   xyzw        0      POS   float             0\n"
    "// TEXCOORD                 0   xyzw        1     NONE   float             1\n"
    "//\n"
    "gs_5_0\n"
    "dcl_input_siv v[1][0].xyzw, position\n"
    "dcl_input v[1][1].xyzw\n"
    "dcl_inputprimitive point\n"
    "dcl_stream m0\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output_siv o0.xyzw, position\n"
    "dcl_stream m1\n"
    "dcl_outputtopology pointlist\n"
    "dcl_output o1.xyzw\n"
    "dcl_maxout 2\n"
    "mov o0.xyzw, v[0][0].xyzw\n"
    "emit_stream m0\n"
    "mov o1.xyzw, v[0][1].wzyx\n"
    "emit_stream m1\n"
    "ret\n";
  dxbc::CompileOptions gsOptions = runner.compileOptions();
  gsOptions.streamOutput.entries = {{0, "SV_Position", 0, 0, 4, 0}, {1, "TEXCOORD", 0, 0, 4, 1}};
  dxbc::CompileResult gs = dxbc::compile(dxbc::assemble(geometry).write(), gsOptions);
  dxbc::CompileResult vs = dxbc::compile(dxbc::assemble(source).write(), runner.compileOptions());
  if (!gs.ok() || !vs.ok())
    return "compile: " + gs.error + vs.error;
  out = runner.runTransformFeedback(vs, kVertices, {kVertices * 16, kVertices * 16}, &gs);
  want0.clear();
  want1.clear();
  for (uint32_t v = 0; v < kVertices; v++) {
    float f = float(v);
    uint32_t position[4] = {bits(f), bits(f + 0.5f), bits(f + 0.25f), bits(f + 1.0f)};
    uint32_t texcoord[4] = {bits(f + 40.0f), bits(f + 30.0f), bits(f + 20.0f), bits(f + 10.0f)};
    want0.insert(want0.end(), position, position + 4);
    want1.insert(want1.end(), texcoord, texcoord + 4);
  }
  problem = expectWords(out[0], want0, "geometry stream 0, buffer 0");
  return problem.empty() ? expectWords(out[1], want1, "geometry stream 1, buffer 1") : problem;
}

}  // namespace

int main() {
  exec_test::ComputeRunner runner;
  if (exec_test::skipped(runner))
    return 77;
  std::vector<Case> cases = {floatArithmetic(), integerAndBits(), conversions(), sharedMemoryLoopsSwitch(),
                             atomicsAndUavs(), subroutines(), carryBorrowSad(),
                             residencyFeedback(), indexedResources(), classLinkage(false),
                             classLinkage(true)};
  int passed = 0, failed = 0;
  for (const Case& c : cases) {
    std::string problem;
    try {
      dxbc::CompileResult shader = dxbc::compile(dxbc::assemble(c.source).write(), runner.compileOptions());
      if (!shader.ok())
        problem = "compile: " + shader.error;
      else
        problem = c.check(runner.run(shader, c.buffers, 1));
    } catch (const std::exception& e) {
      problem = e.what();
    }
    std::printf("%s: %s%s\n", problem.empty() ? "ok" : "FAIL", c.name, problem.empty() ? "" : (" - " + problem).c_str());
    (problem.empty() ? passed : failed)++;
  }
  if (runner.transformFeedback()) {
    std::string problem;
    try {
      problem = transformFeedback(runner);
    } catch (const std::exception& e) {
      problem = e.what();
    }
    const char* name = runner.geometryStreams()
                         ? "transform feedback of a vertex shader, and of a geometry shader's two streams"
                         : "transform feedback of a vertex shader (no geometry streams on this device)";
    std::printf("%s: %s%s\n", problem.empty() ? "ok" : "FAIL", name, problem.empty() ? "" : (" - " + problem).c_str());
    (problem.empty() ? passed : failed)++;
  } else {
    std::printf("note: no VK_EXT_transform_feedback; the transform feedback case is not run\n");
  }
  if (runner.validationErrors()) {
    std::printf("FAIL: %u validation errors\n", runner.validationErrors());
    failed++;
  }
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
