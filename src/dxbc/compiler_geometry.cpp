// Geometry shaders: input primitive, output topology, vertex count, instancing, streams, emit and cut.
#include "dxbc/compiler_impl.h"

#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

// Vertices per input primitive (D3D10_SB_PRIMITIVE: point, line, triangle, line and triangle
// with adjacency); 0 for codes a geometry shader cannot take.
uint32_t verticesOf(uint32_t primitive) {
  switch (primitive) {
    case 1: return 1;
    case 2: return 2;
    case 3: return 3;
    case 6: return 4;
    case 7: return 6;
    default: return 0;
  }
}

// The input primitive taking exactly `patchSize` vertices in order (point, line, triangle, line
// and triangle with adjacency), 0 for patch sizes with none.
uint32_t listPrimitiveOfPatch(uint32_t patchSize) {
  switch (patchSize) {
    case 1: return 1;
    case 2: return 2;
    case 3: return 3;
    case 4: return 6;
    case 6: return 7;
    default: return 0;
  }
}

}  // namespace

bool Compiler::declareGeometry(const Instruction& ins) {
  bool geometryOnly = ins.opcode == op::DclGsOutputPrimitiveTopology || ins.opcode == op::DclGsInputPrimitive ||
                      ins.opcode == op::DclMaxOutputVertexCount || ins.opcode == op::DclStream ||
                      ins.opcode == op::DclGsInstanceCount;
  if (!geometryOnly)
    return false;
  if (m_stage != ShaderStage::Geometry)
    throw Error("geometry shader declaration in another stage");
  switch (ins.opcode) {
    case op::DclGsInputPrimitive: {
      m_gsInputPrimitive = ins.controls & 0x3f;
      if (m_gsInputPrimitive >= 8 && m_gsInputPrimitive <= 39) {
        // patchN (code 7 + N) with no tessellation: the GS gets each patch's N control points as
        // the vertex shader wrote them. Vulkan's GS takes no patches, but for N = 1, 2, 3, 4, 6 a
        // patch list is the same vertex stream as a point, line, triangle, line-with-adjacency or
        // triangle-with-adjacency list, so the shader declares that primitive and the backend
        // draws the list topology (docs/pipelines.md). Other counts have no such list.
        const uint32_t patchSize = m_gsInputPrimitive - 7;
        m_gsInputPrimitive = listPrimitiveOfPatch(patchSize);
        if (!m_gsInputPrimitive)
          throw Unsupported("geometry shaders taking patches of " + std::to_string(patchSize) +
                            " control points (only 1, 2, 3, 4 and 6 map to a Vulkan input primitive)");
        m_reflection.geometryPatchInput = patchSize;
      }
      m_controlPoints = verticesOf(m_gsInputPrimitive);
      if (!m_controlPoints)
        throw Error("input primitive " + std::to_string(m_gsInputPrimitive) + " is not one a geometry shader takes");
      return true;
    }
    case op::DclGsOutputPrimitiveTopology:
      m_gsOutputTopology = ins.controls & 0x7f;
      if (m_gsOutputTopology != 1 && m_gsOutputTopology != 3 && m_gsOutputTopology != 5)
        throw Error("output topology " + std::to_string(m_gsOutputTopology) +
                    " is not a point list, line strip or triangle strip");
      return true;
    case op::DclMaxOutputVertexCount:
      m_gsMaxVertices = ins.extra.at(0);
      if (m_gsMaxVertices > 1024)
        throw Error("dcl_maxout " + std::to_string(m_gsMaxVertices) + " is beyond D3D11's 1024");
      return true;
    case op::DclGsInstanceCount:
      m_gsInstances = ins.extra.at(0);
      if (m_gsInstances == 0 || m_gsInstances > 32)
        throw Error("dcl_gs_instance_count " + std::to_string(m_gsInstances) + " is outside 1-32");
      return true;
    case op::DclStream: {  // dcl_stream m#: the output declarations that follow belong to this stream
      const Operand& op = ins.operands.at(0);
      if (op.type != reg::Stream || op.indexDimension != 1 || op.index[0].immediate > 3)
        throw Error("dcl_stream of a stream other than m0-m3");
      m_currentStream = uint32_t(op.index[0].immediate);
      if (m_currentStream)
        m_multipleStreams = true;
      return true;
    }
  }
  return false;
}

bool Compiler::emitGeometry(const Instruction& ins) {
  // emit, cut, emitthencut and their _stream forms.
  bool streamForm = ins.opcode >= op::EmitStream && ins.opcode <= op::EmitthencutStream;
  if (!streamForm && ins.opcode != op::Emit && ins.opcode != op::Cut && ins.opcode != op::Emitthencut)
    return false;
  if (m_stage != ShaderStage::Geometry)
    throw Error("emit or cut outside a geometry shader");
  uint32_t stream = 0;
  if (streamForm) {
    const Operand& op = ins.operands.at(0);
    if (op.type != reg::Stream || op.indexDimension != 1 || op.index[0].immediate > 3)
      throw Error("emit/cut of a stream other than m0-m3");
    stream = uint32_t(op.index[0].immediate);
  }
  bool emit = ins.opcode == op::Emit || ins.opcode == op::Emitthencut || ins.opcode == op::EmitStream ||
              ins.opcode == op::EmitthencutStream;
  bool cut = ins.opcode == op::Cut || ins.opcode == op::Emitthencut || ins.opcode == op::CutStream ||
             ins.opcode == op::EmitthencutStream;
  // Vulkan's stream instructions need GeometryStreams, which a single-stream shader does without.
  bool streams = m_multipleStreams || stream != 0;
  if (streams)
    b.capability(spv::CapabilityGeometryStreams);
  if (emit) {
    uint32_t saved = m_currentStream;
    m_currentStream = stream;  // copyOutputs writes the outputs of the stream being emitted
    copyOutputs();
    m_currentStream = saved;
    if (streams)
      b.opNoResult(spv::OpEmitStreamVertex, {b.constU32(stream)});
    else
      b.opNoResult(spv::OpEmitVertex, {});
  }
  if (cut) {
    if (streams)
      b.opNoResult(spv::OpEndStreamPrimitive, {b.constU32(stream)});
    else
      b.opNoResult(spv::OpEndPrimitive, {});
  }
  return true;
}

void Compiler::geometryModes(Id main) {
  if (m_stage != ShaderStage::Geometry)
    return;
  b.capability(spv::CapabilityGeometry);
  if (!m_gsInputPrimitive || !m_gsOutputTopology)
    throw Error("geometry shader without dcl_inputprimitive or dcl_outputtopology");
  static const struct {
    uint32_t primitive;
    spv::ExecutionMode mode;
  } kInputs[] = {{1, spv::ExecutionModeInputPoints}, {2, spv::ExecutionModeInputLines},
                 {3, spv::ExecutionModeTriangles}, {6, spv::ExecutionModeInputLinesAdjacency},
                 {7, spv::ExecutionModeInputTrianglesAdjacency}};
  for (const auto& in : kInputs)
    if (in.primitive == m_gsInputPrimitive)
      b.executionMode(main, in.mode);
  b.executionMode(main, m_gsOutputTopology == 1   ? spv::ExecutionModeOutputPoints
                        : m_gsOutputTopology == 3 ? spv::ExecutionModeOutputLineStrip
                                                  : spv::ExecutionModeOutputTriangleStrip);
  // Vulkan requires at least one output vertex; a shader that never emits declares 0 in D3D.
  b.executionMode(main, spv::ExecutionModeOutputVertices, {m_gsMaxVertices ? m_gsMaxVertices : 1});
  b.executionMode(main, spv::ExecutionModeInvocations, {m_gsInstances ? m_gsInstances : 1});
}

}  // namespace dxbc::compiler
