// The pass-through geometry shader that stream output from vertex or domain bytecode runs
// (CompileOptions::passThroughGeometry; docs/compiler.md, Stream output).
#pragma once

#include <cstdint>
#include <string>

#include "dxbc/compiler.h"
#include "dxbc/instruction.h"
#include "dxbc/signature.h"

namespace dxbc::compiler {

// D3D10_SB_PRIMITIVE codes of the input primitives a geometry shader takes.
constexpr uint32_t kPrimitivePoint = 1, kPrimitiveLine = 2, kPrimitiveTriangle = 3, kPrimitiveLineAdjacency = 6,
                   kPrimitiveTriangleAdjacency = 7;

// Geometry-shader assembly taking `primitive` with every register of `outputs` as input, and
// emitting the primitive's vertices (adjacency vertices skipped) with those registers unchanged.
// Throws Unsupported for system values other than the position and clip/cull distances.
std::string passThroughGeometryCode(const Signature& outputs, uint32_t primitive);

// Compiles that geometry shader for vertex or domain shader `source` (a domain shader's primitive
// follows its tessellator domain, otherwise options.passThroughGeometry), with the options'
// stream output. Throws like the compiler.
CompileResult compilePassThroughGeometry(const Program& source, const Signature* outputs, const CompileOptions& options);

}  // namespace dxbc::compiler
