// The pass-through geometry shader of stream output from vertex or domain bytecode: a geometry
// program generated from that shader's output signature, emitting each input vertex unchanged.
#include "dxbc/compiler_passthrough.h"

#include <map>

#include "dxbc/assembler.h"
#include "dxbc/compiler_impl.h"

namespace dxbc::compiler {

namespace {

constexpr uint32_t kNamePosition = 1, kNameClipDistance = 2, kNameCullDistance = 3;  // D3D_NAME_*

const char* systemValueText(uint32_t sv) {
  return sv == kNamePosition ? "position" : sv == kNameClipDistance ? "clip_distance" : "cull_distance";
}

const char* primitiveName(uint32_t primitive) {
  switch (primitive) {
    case kPrimitivePoint: return "point";
    case kPrimitiveLine: return "line";
    case kPrimitiveTriangle: return "triangle";
    case kPrimitiveLineAdjacency: return "lineadj";
    case kPrimitiveTriangleAdjacency: return "triangleadj";
  }
  return nullptr;
}

std::string maskText(uint32_t mask) {
  std::string text;
  for (uint32_t c = 0; c < 4; c++)
    if (mask & (1u << c))
      text += "xyzw"[c];
  return text;
}

}  // namespace

std::string passThroughGeometryCode(const Signature& outputs, uint32_t primitive) {
  const char* name = primitiveName(primitive);
  if (!name)
    throw Error("pass-through geometry shader for input primitive " + std::to_string(primitive));
  // The vertices of the input primitive that form the primitive D3D11 rasterizes and captures:
  // adjacency vertices are skipped, as they are without a geometry shader.
  std::vector<uint32_t> vertices;
  uint32_t inputVertices = 0;
  switch (primitive) {
    case kPrimitivePoint: vertices = {0}; inputVertices = 1; break;
    case kPrimitiveLine: vertices = {0, 1}; inputVertices = 2; break;
    case kPrimitiveTriangle: vertices = {0, 1, 2}; inputVertices = 3; break;
    case kPrimitiveLineAdjacency: vertices = {1, 2}; inputVertices = 4; break;
    case kPrimitiveTriangleAdjacency: vertices = {0, 2, 4}; inputVertices = 6; break;
  }
  // One declaration per register and system value with the union of its elements' components:
  // the position, clip and cull distances keep their system values (the geometry shader reads
  // the distances from its per-vertex ClipDistance/CullDistance inputs and writes them out
  // again); other system values are refused.
  std::map<uint32_t, std::map<uint32_t, uint32_t>> declarations;  // register -> system value -> mask
  std::map<uint32_t, uint32_t> masks;                               // register -> every component
  for (const SignatureElement& e : outputs.elements) {
    if (e.systemValue != 0 && e.systemValue != kNamePosition && e.systemValue != kNameClipDistance &&
        e.systemValue != kNameCullDistance)
      throw Unsupported("pass-through geometry shader for an output with system value " + std::to_string(e.systemValue) +
                        " (" + e.semanticName + ")");
    if (e.registerIndex >= 32 || (e.mask & 0xf) == 0)
      throw Error("output signature element " + e.semanticName + " has no register or components");
    declarations[e.registerIndex][e.systemValue] |= e.mask & 0xf;
    masks[e.registerIndex] |= e.mask & 0xf;
  }
  for (const auto& [reg, bySystemValue] : declarations) {
    uint32_t taken = 0;
    for (const auto& [sv, mask] : bySystemValue) {
      if (taken & mask)
        throw Error("output register " + std::to_string(reg) + " has a component under two system values");
      taken |= mask;
    }
  }
  std::string code = "gs_4_0\n";
  for (const auto& [reg, bySystemValue] : declarations)
    for (const auto& [sv, mask] : bySystemValue) {
      const std::string r = std::to_string(reg), m = maskText(mask);
      if (sv)
        code += "dcl_input_siv v[" + std::to_string(inputVertices) + "][" + r + "]." + m + ", " + systemValueText(sv) + "\n";
      else
        code += "dcl_input v[" + std::to_string(inputVertices) + "][" + r + "]." + m + "\n";
    }
  code += std::string("dcl_inputprimitive ") + name + "\n";
  code += std::string("dcl_outputtopology ") +
          (vertices.size() == 1 ? "pointlist" : vertices.size() == 2 ? "linestrip" : "trianglestrip") + "\n";
  for (const auto& [reg, bySystemValue] : declarations)
    for (const auto& [sv, mask] : bySystemValue) {
      const std::string r = std::to_string(reg), m = maskText(mask);
      code += sv ? "dcl_output_siv o" + r + "." + m + ", " + systemValueText(sv) + "\n" : "dcl_output o" + r + "." + m + "\n";
    }
  code += "dcl_maxout " + std::to_string(vertices.size()) + "\n";
  for (uint32_t v : vertices) {
    for (const auto& [reg, mask] : masks) {
      const std::string r = std::to_string(reg);
      code += "mov o" + r + "." + maskText(mask) + ", v[" + std::to_string(v) + "][" + r + "].xyzw\n";
    }
    code += "emit\n";
  }
  code += "cut\nret\n";
  return code;
}

CompileResult compilePassThroughGeometry(const Program& source, const Signature* outputs, const CompileOptions& options) {
  if (source.type != ProgramType::Vertex && source.type != ProgramType::Domain)
    throw Error("a pass-through geometry shader needs vertex or domain shader bytecode");
  if (!outputs)
    throw Error("a pass-through geometry shader needs the shader's output signature");
  uint32_t primitive = options.passThroughGeometry;
  if (source.type == ProgramType::Domain) {
    // The tessellator's output decides: isolines are lines, triangles and quads triangles (point
    // mode is the hull shader's and not known here).
    primitive = kPrimitiveTriangle;
    for (const Instruction& ins : source.instructions)
      if (ins.opcode == op::DclTessDomain && (ins.controls & 3) == 1)  // dcl_tessellator_domain isoline
        primitive = kPrimitiveLine;
  }
  const Program program = assembleProgram(passThroughGeometryCode(*outputs, primitive));
  CompileOptions inner = options;
  inner.passThroughGeometry = 0;
  // The geometry shader's inputs are the source's outputs: the same signature on both sides.
  Compiler compiler(program, outputs, outputs, inner);
  return compiler.run();
}

}  // namespace dxbc::compiler
