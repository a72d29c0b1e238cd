// RDEF reflection: constant buffers, their variables and types, and bound resources.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dxbc/container.h"

namespace dxbc {

struct ShaderType {
  uint16_t varClass = 0;  // D3D_SHADER_VARIABLE_CLASS
  uint16_t varType = 0;   // D3D_SHADER_VARIABLE_TYPE
  uint16_t rows = 0, columns = 0, elements = 0;
  std::string name;       // SM5 containers only
  struct Member {
    std::string name;
    uint32_t offset = 0;
    std::shared_ptr<ShaderType> type;
  };
  std::vector<Member> members;
};

struct ShaderVariable {
  std::string name;
  uint32_t offset = 0, size = 0, flags = 0;
  ShaderType type;
};

struct ConstantBuffer {
  std::string name;
  uint32_t size = 0, flags = 0;
  uint32_t kind = 0;  // D3D_CBUFFER_TYPE: 0 cbuffer, 1 tbuffer, 2 interface pointers, 3 resource bind info
  std::vector<ShaderVariable> variables;
};

struct ResourceBinding {
  std::string name;
  uint32_t type = 0;        // D3D_SHADER_INPUT_TYPE
  uint32_t returnType = 0;  // D3D_RESOURCE_RETURN_TYPE
  uint32_t dimension = 0;   // D3D_SRV_DIMENSION
  uint32_t numSamples = 0;
  uint32_t bindPoint = 0, bindCount = 0, flags = 0;
  uint32_t space = 0, id = 0;  // SM5.1
};

struct Reflection {
  uint32_t programVersion = 0;  // major << 8 | minor in the low half, program type (0xFFFE vs, 0xFFFF ps...) in the high half
  uint32_t flags = 0;
  std::string creator;
  std::vector<ConstantBuffer> constantBuffers;
  std::vector<ResourceBinding> bindings;
  // SM5 (RD11 header, its last word): the interface slots of class linkage, as reflection's
  // GetNumInterfaceSlots reports them; 0 without interfaces or before SM5.
  uint32_t interfaceSlots = 0;

  static Reflection parse(const Chunk& chunk);
  // A valid RDEF chunk for what this holds (SM5 layout when the version is 5.x).
  Chunk write() const;
};

// Names in the disassembly's "Resource Bindings" table, as fxc prints them.
const char* inputTypeName(uint32_t type);       // "cbuffer", "texture", "sampler", "UAV"...
const char* returnTypeName(uint32_t type);      // "float", "uint", ... "NA" for none
const char* srvDimensionName(uint32_t dim);     // "2d", "buf", ...
const char* variableTypeName(const ShaderType& type);  // "float4", "uint", "struct"...

}  // namespace dxbc
