// The HUD's shaders. The glyph's 5x9 cell is addressed by interpolated font-pixel coordinates,
// so any scale keeps each font pixel a sharp square block.
#include "vk/hud_shaders.h"

#include "spirv/module_builder.h"
#include "vk/hud_font.h"

namespace vk {

namespace {

using spirv::Id;

constexpr uint32_t kGlslFClamp = 43;  // GLSL.std.450 FClamp

Id pushConstants(spirv::ModuleBuilder& b) {
  Id block = b.typeStruct({b.vec(b.f32(), 4)});
  b.decorate(block, spv::DecorationBlock);
  b.memberDecorate(block, 0, spv::DecorationOffset, {0});
  return b.variable(b.typePointer(spv::StorageClassPushConstant, block), spv::StorageClassPushConstant);
}

Id loadPush(spirv::ModuleBuilder& b, Id push) {
  Id vec4 = b.vec(b.f32(), 4);
  return b.op(spv::OpLoad, vec4, {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPushConstant, vec4), {push, b.constU32(0)})});
}

Id location(spirv::ModuleBuilder& b, spv::StorageClass storage, Id type, uint32_t index, bool flat) {
  Id variable = b.variable(b.typePointer(storage, type), storage);
  b.decorate(variable, spv::DecorationLocation, {index});
  if (flat)
    b.decorate(variable, spv::DecorationFlat);
  return variable;
}

}  // namespace

std::vector<uint32_t> hudVertexShader() {
  spirv::ModuleBuilder b;
  b.capability(spv::CapabilityShader);
  b.memoryModel(spv::AddressingModelLogical, spv::MemoryModelGLSL450);
  Id f32 = b.f32(), i32 = b.i32(), vec2 = b.vec(f32, 2), vec4 = b.vec(f32, 4), uvec3 = b.vec(b.u32(), 3);
  Id rectIn = location(b, spv::StorageClassInput, vec4, 0, false);
  Id colorIn = location(b, spv::StorageClassInput, vec4, 1, false);
  Id bitsIn = location(b, spv::StorageClassInput, uvec3, 2, false);
  Id coordOut = location(b, spv::StorageClassOutput, vec2, 0, false);
  Id colorOut = location(b, spv::StorageClassOutput, vec4, 1, true);
  Id bitsOut = location(b, spv::StorageClassOutput, uvec3, 2, true);
  Id vertexIndex = b.variable(b.typePointer(spv::StorageClassInput, i32), spv::StorageClassInput);
  b.decorate(vertexIndex, spv::DecorationBuiltIn, {spv::BuiltInVertexIndex});
  Id position = b.variable(b.typePointer(spv::StorageClassOutput, vec4), spv::StorageClassOutput);
  b.decorate(position, spv::DecorationBuiltIn, {spv::BuiltInPosition});
  Id push = pushConstants(b);
  Id voidType = b.typeVoid();
  Id function = b.beginFunction(voidType, b.typeFunction(voidType));
  b.label();
  // Corner (i & 1, i >> 1) of the strip 0-1-2-3.
  Id index = b.op(spv::OpLoad, i32, {vertexIndex});
  Id cornerX = b.op(spv::OpConvertSToF, f32, {b.op(spv::OpBitwiseAnd, i32, {index, b.constI32(1)})});
  Id cornerY = b.op(spv::OpConvertSToF, f32, {b.op(spv::OpBitwiseAnd, i32, {b.op(spv::OpShiftRightArithmetic, i32, {index, b.constI32(1)}), b.constI32(1)})});
  Id corner = b.op(spv::OpCompositeConstruct, vec2, {cornerX, cornerY});
  Id rect = b.op(spv::OpLoad, vec4, {rectIn});
  Id origin = b.op(spv::OpVectorShuffle, vec2, {rect, rect, 0, 1});
  Id size = b.op(spv::OpVectorShuffle, vec2, {rect, rect, 2, 3});
  Id pixel = b.op(spv::OpFAdd, vec2, {origin, b.op(spv::OpFMul, vec2, {corner, size})});
  Id params = loadPush(b, push);
  Id toClip = b.op(spv::OpVectorShuffle, vec2, {params, params, 0, 1});
  Id one = b.constF32(1.0f);
  Id clip = b.op(spv::OpFSub, vec2, {b.op(spv::OpFMul, vec2, {pixel, toClip}), b.op(spv::OpCompositeConstruct, vec2, {one, one})});
  b.opNoResult(spv::OpStore, {position, b.op(spv::OpCompositeConstruct, vec4, {clip, b.constF32(0.0f), one})});
  Id cell = b.op(spv::OpCompositeConstruct, vec2, {b.constF32(float(hud::kGlyphWidth)), b.constF32(float(hud::kGlyphHeight))});
  b.opNoResult(spv::OpStore, {coordOut, b.op(spv::OpFMul, vec2, {corner, cell})});
  b.opNoResult(spv::OpStore, {colorOut, b.op(spv::OpLoad, vec4, {colorIn})});
  b.opNoResult(spv::OpStore, {bitsOut, b.op(spv::OpLoad, uvec3, {bitsIn})});
  b.terminate(spv::OpReturn);
  b.endFunction();
  b.entryPoint(spv::ExecutionModelVertex, function, "main",
               {rectIn, colorIn, bitsIn, coordOut, colorOut, bitsOut, vertexIndex, position});
  return b.finish();
}

std::vector<uint32_t> hudFragmentShader() {
  spirv::ModuleBuilder b;
  b.capability(spv::CapabilityShader);
  b.memoryModel(spv::AddressingModelLogical, spv::MemoryModelGLSL450);
  Id f32 = b.f32(), u32 = b.u32(), boolType = b.typeBool(), vec2 = b.vec(f32, 2), vec3 = b.vec(f32, 3), vec4 = b.vec(f32, 4),
     uvec3 = b.vec(u32, 3);
  Id coordIn = location(b, spv::StorageClassInput, vec2, 0, false);
  Id colorIn = location(b, spv::StorageClassInput, vec4, 1, true);
  Id bitsIn = location(b, spv::StorageClassInput, uvec3, 2, true);
  Id colorOut = location(b, spv::StorageClassOutput, vec4, 0, false);
  Id push = pushConstants(b);
  Id voidType = b.typeVoid();
  Id function = b.beginFunction(voidType, b.typeFunction(voidType));
  b.label();
  Id coord = b.op(spv::OpLoad, vec2, {coordIn});
  Id glsl = b.glsl();
  // The font pixel under this fragment: column and row clamped inside the cell.
  auto cellIndex = [&](uint32_t component, uint32_t cells) {
    Id value = b.op(spv::OpCompositeExtract, f32, {coord, component});
    Id clamped = b.op(spv::OpExtInst, f32, {glsl, kGlslFClamp, value, b.constF32(0.0f), b.constF32(float(cells) - 0.001f)});
    return b.op(spv::OpConvertFToU, u32, {clamped});
  };
  Id column = cellIndex(0, hud::kGlyphWidth);
  Id row = cellIndex(1, hud::kGlyphHeight);
  Id bit = b.op(spv::OpIAdd, u32, {b.op(spv::OpIMul, u32, {row, b.constU32(hud::kGlyphWidth)}), column});
  Id bits = b.op(spv::OpLoad, uvec3, {bitsIn});
  Id low = b.op(spv::OpCompositeExtract, u32, {bits, 0});
  Id high = b.op(spv::OpCompositeExtract, u32, {bits, 1});
  Id glyph = b.op(spv::OpCompositeExtract, u32, {bits, 2});
  Id word = b.op(spv::OpSelect, u32, {b.op(spv::OpULessThan, boolType, {bit, b.constU32(32)}), low, high});
  Id lit = b.op(spv::OpBitwiseAnd, u32, {b.op(spv::OpShiftRightLogical, u32, {word, b.op(spv::OpBitwiseAnd, u32, {bit, b.constU32(31)})}),
                                          b.constU32(1)});
  Id isGlyph = b.op(spv::OpINotEqual, boolType, {glyph, b.constU32(0)});
  Id coverage = b.op(spv::OpSelect, f32, {isGlyph, b.op(spv::OpConvertUToF, f32, {lit}), b.constF32(1.0f)});
  Id color = b.op(spv::OpLoad, vec4, {colorIn});
  Id params = loadPush(b, push);
  Id opacity = b.op(spv::OpCompositeExtract, f32, {params, 2});
  Id alpha = b.op(spv::OpFMul, f32, {b.op(spv::OpFMul, f32, {b.op(spv::OpCompositeExtract, f32, {color, 3}), coverage}), opacity});
  Id rgb = b.op(spv::OpVectorShuffle, vec3, {color, color, 0, 1, 2});
  b.opNoResult(spv::OpStore, {colorOut, b.op(spv::OpCompositeConstruct, vec4, {rgb, alpha})});
  b.terminate(spv::OpReturn);
  b.endFunction();
  b.entryPoint(spv::ExecutionModelFragment, function, "main", {coordIn, colorIn, bitsIn, colorOut});
  b.executionMode(function, spv::ExecutionModeOriginUpperLeft);
  return b.finish();
}

}  // namespace vk
