// Writes a minimal fx_4_0 effect binary (a DXBC container with one FX10 chunk) for tests: one
// constant buffer of float4 variables and one technique whose passes use anonymous VS/PS bytecode.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "dxbc/container.h"

namespace test_fx {

// The layout, as Windows' effect compiler writes it and Windows' (and Wine's) d3d10.dll read it:
// 19 header words (target, counts, the size of the unstructured part), then the unstructured part
// (strings, types, shader bytecode; every offset in the file is relative to its start), then the
// structured part (buffers with their variables, then techniques with passes and assignments).
// No Microsoft compiler runs here and Wine 8.0's compiles no fx_4_0, so tests build effects so.
struct Pass {
  std::string name;
  std::vector<uint8_t> vertexShader;  // DXBC of vs_4_0; empty: no assignment
  std::vector<uint8_t> pixelShader;   // DXBC of ps_4_0; empty: no assignment
};

struct Effect {
  std::string bufferName;            // one cbuffer; empty: none
  std::vector<std::string> float4s;  // its members, 16 bytes each, in order
  std::string techniqueName;
  std::vector<Pass> passes;
};

class Writer {
public:
  std::vector<uint8_t> build(const Effect& effect) {
    constexpr uint32_t kFx40 = 0xfeff1001;
    constexpr uint32_t kCBuffer = 0;         // D3D10_CT_CBUFFER
    constexpr uint32_t kNumeric = 1;         // type kind
    constexpr uint32_t kFloat4Info = 0x210a; // class vector, base float, 1 row, 4 columns
    constexpr uint32_t kVertexShader = 6, kPixelShader = 7;  // assignment types
    constexpr uint32_t kAnonymousShader = 7;                 // assignment operation
    constexpr uint32_t kNoBindPoint = 0xffffffff;

    const uint32_t empty = string("");
    uint32_t float4Type = 0;
    if (!effect.float4s.empty()) {
      uint32_t typeName = string("float4");
      float4Type = pos();
      for (uint32_t v : {typeName, kNumeric, 0u, 16u, 16u, 16u, kFloat4Info})
        word(m_unstructured, v);
    }
    struct Assignment {
      uint32_t type, pointer;
    };
    std::vector<std::vector<Assignment>> assignments;
    std::vector<uint32_t> passNames;
    uint32_t shaderCount = 0;
    for (const Pass& pass : effect.passes) {
      passNames.push_back(string(pass.name));
      std::vector<Assignment> list;
      for (auto [type, code] : {std::pair{kVertexShader, &pass.vertexShader}, std::pair{kPixelShader, &pass.pixelShader}}) {
        if (code->empty())
          continue;
        uint32_t shader = pos();
        word(m_unstructured, uint32_t(code->size()));
        m_unstructured.insert(m_unstructured.end(), code->begin(), code->end());
        align();
        // An anonymous shader's assignment points at the bytecode's offset and the offset of its
        // stream-output declaration (an empty string: none).
        uint32_t pointer = pos();
        word(m_unstructured, shader);
        word(m_unstructured, empty);
        list.push_back({type, pointer});
        shaderCount++;
      }
      assignments.push_back(list);
    }
    uint32_t bufferName = effect.bufferName.empty() ? 0 : string(effect.bufferName);
    std::vector<uint32_t> memberNames;
    for (const std::string& name : effect.float4s)
      memberNames.push_back(string(name));
    uint32_t techniqueName = string(effect.techniqueName);

    std::vector<uint8_t> structured;
    if (!effect.bufferName.empty()) {
      for (uint32_t v : {bufferName, uint32_t(16 * effect.float4s.size()), kCBuffer, uint32_t(effect.float4s.size()),
                         kNoBindPoint, 0u})
        word(structured, v);
      for (size_t i = 0; i < effect.float4s.size(); ++i)
        // name, type, semantic, offset in the buffer, default value (none), flags, annotations
        for (uint32_t v : {memberNames[i], float4Type, empty, uint32_t(16 * i), 0u, 0u, 0u})
          word(structured, v);
    }
    for (uint32_t v : {techniqueName, uint32_t(effect.passes.size()), 0u})
      word(structured, v);
    for (size_t p = 0; p < effect.passes.size(); ++p) {
      for (uint32_t v : {passNames[p], uint32_t(assignments[p].size()), 0u})
        word(structured, v);
      for (const Assignment& a : assignments[p])
        for (uint32_t v : {a.type, 0u, kAnonymousShader, a.pointer})
          word(structured, v);
    }

    const uint32_t buffers = effect.bufferName.empty() ? 0 : 1;
    std::vector<uint8_t> chunk;
    for (uint32_t v : {kFx40, buffers, uint32_t(effect.float4s.size()), 0u, 0u, 0u, 0u, 1u, pos(), 0u, 0u, 0u, 0u,
                       0u, 0u, 0u, 0u, shaderCount, shaderCount})
      word(chunk, v);
    chunk.insert(chunk.end(), m_unstructured.begin(), m_unstructured.end());
    chunk.insert(chunk.end(), structured.begin(), structured.end());

    dxbc::Container container;
    container.chunks().push_back({dxbc::makeFourCC("FX10"), chunk});
    return container.write();
  }

private:
  static void word(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i)
      out.push_back(uint8_t(v >> (8 * i)));
  }
  uint32_t pos() const { return uint32_t(m_unstructured.size()); }
  void align() {
    while (m_unstructured.size() % 4)
      m_unstructured.push_back(0);
  }
  uint32_t string(const std::string& s) {
    uint32_t at = pos();
    m_unstructured.insert(m_unstructured.end(), s.begin(), s.end());
    m_unstructured.push_back(0);
    align();
    return at;
  }

  std::vector<uint8_t> m_unstructured;
};

}  // namespace test_fx
