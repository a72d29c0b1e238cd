// Stream-output declarations: validation of CreateGeometryShaderWithStreamOutput's entries,
// strides and rasterized stream against the shader's output signature, and the kept result.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "dxbc/signature.h"
#include "util/windows_base.h"

namespace d3d11vk {

struct StreamOutputEntry {
  uint32_t stream = 0;
  std::string semanticName;      // empty: a gap of componentCount components
  uint32_t semanticIndex = 0;
  uint32_t startComponent = 0;
  uint32_t componentCount = 0;
  uint32_t outputSlot = 0;
  uint32_t outputRegister = 0;   // the shader output register read (not meaningful for a gap)
  uint32_t byteOffset = 0;       // where it lands in a vertex of its buffer
};

// What the backend needs to set up transform feedback.
struct StreamOutputDesc {
  std::vector<StreamOutputEntry> entries;
  std::array<uint32_t, 4> strides{};  // bytes per vertex of each buffer slot (0: slot unused)
  uint32_t rasterizedStream = 0;       // or D3D11_SO_NO_RASTERIZED_STREAM
};

// Why the declaration cannot be used with a shader whose outputs are `outputs` at this level, or
// "" with *desc filled in. `outputs` is the vertex, domain or geometry shader's output signature.
std::string checkStreamOutput(D3D_FEATURE_LEVEL level, const dxbc::Signature& outputs,
                              const D3D11_SO_DECLARATION_ENTRY* entries, UINT numEntries, const UINT* strides,
                              UINT numStrides, UINT rasterizedStream, StreamOutputDesc* desc);

}  // namespace d3d11vk
