// The internal shaders, written with spirv::ModuleBuilder. Straight-line code per variant (the
// packing, sample count or dimension is decided when the module is generated, not at run time).
#include "vk/meta_shaders.h"

#include "spirv/module_builder.h"

namespace vk {

namespace {

using spirv::Id;

constexpr uint32_t kGlslFClamp = 43;  // GLSL.std.450 FClamp

// What every meta shader starts with: the module, the GLCompute entry point's global invocation id
// and the helpers to read push constants and address storage-buffer words.
class MetaShader {
public:
  explicit MetaShader(uint32_t pushWords) {
    b.capability(spv::CapabilityShader);
    b.memoryModel(spv::AddressingModelLogical, spv::MemoryModelGLSL450);
    m_words = b.typeRuntimeArray(b.u32(), true);
    b.decorate(m_words, spv::DecorationArrayStride, {4});
    std::vector<Id> members(pushWords, b.u32());
    Id push = b.typeStruct(members);
    b.decorate(push, spv::DecorationBlock);
    for (uint32_t i = 0; i < pushWords; ++i)
      b.memberDecorate(push, i, spv::DecorationOffset, {4 * i});
    m_push = b.variable(b.typePointer(spv::StorageClassPushConstant, push), spv::StorageClassPushConstant);
    m_invocation = b.variable(b.typePointer(spv::StorageClassInput, b.vec(b.u32(), 3)), spv::StorageClassInput);
    b.decorate(m_invocation, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});
    Id voidType = b.typeVoid();
    m_function = b.beginFunction(voidType, b.typeFunction(voidType));
    b.label();
  }

  // A `uint words[]` storage buffer at set 0.
  Id storageBuffer(uint32_t binding, const char* name) {
    Id block = b.typeStruct({m_words});
    b.decorate(block, spv::DecorationBlock);
    b.memberDecorate(block, 0, spv::DecorationOffset, {0});
    Id variable = b.variable(b.typePointer(spv::StorageClassStorageBuffer, block), spv::StorageClassStorageBuffer);
    b.decorate(variable, spv::DecorationDescriptorSet, {0});
    b.decorate(variable, spv::DecorationBinding, {binding});
    b.name(variable, name);
    return variable;
  }

  Id push(uint32_t word) {
    Id pointer = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPushConstant, b.u32()), {m_push, b.constU32(word)});
    return b.op(spv::OpLoad, b.u32(), {pointer});
  }
  Id invocation(uint32_t component) {
    Id id = b.op(spv::OpLoad, b.vec(b.u32(), 3), {m_invocation});
    return b.op(spv::OpCompositeExtract, b.u32(), {id, component});
  }
  Id word(Id buffer, Id index) {
    return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassStorageBuffer, b.u32()), {buffer, b.constU32(0), index});
  }
  Id load(Id buffer, Id index) { return b.op(spv::OpLoad, b.u32(), {word(buffer, index)}); }
  void store(Id buffer, Id index, Id value) { b.opNoResult(spv::OpStore, {word(buffer, index), value}); }
  Id u(spv::Op op, Id x, Id y) { return b.op(op, b.u32(), {x, y}); }
  Id k(uint32_t value) { return b.constU32(value); }

  // The rest of the body runs only where `condition` holds.
  void onlyIf(Id condition) {
    Id body = b.allocId();
    m_done = b.allocId();
    b.opNoResult(spv::OpSelectionMerge, {m_done, 0});
    b.branchConditional(condition, body, m_done);
    b.label(body);
  }

  std::vector<uint32_t> finish() {
    if (m_done) {
      b.branch(m_done);
      b.label(m_done);
    }
    b.terminate(spv::OpReturn);
    b.endFunction();
    b.entryPoint(spv::ExecutionModelGLCompute, m_function, "main", {m_invocation});
    b.executionMode(m_function, spv::ExecutionModeLocalSize, {kMetaLocalSize, kMetaLocalSize, 1});
    return b.finish();
  }

  spirv::ModuleBuilder b;

private:
  Id m_words = 0, m_push = 0, m_invocation = 0, m_function = 0, m_done = 0;
};

}  // namespace

std::vector<uint32_t> depthStencilPackShader(DepthStencilPacking packing, bool unpack) {
  MetaShader s(sizeof(DepthStencilPackParams) / 4);
  spirv::ModuleBuilder& b = s.b;
  Id scratch = s.storageBuffer(0, "scratch");
  Id staging = s.storageBuffer(1, "staging");
  Id x = s.invocation(0), y = s.invocation(1), z = s.invocation(2);
  Id width = s.push(0), height = s.push(1), depth = s.push(2);
  Id inside = b.op(spv::OpLogicalAnd, b.typeBool(),
                   {b.op(spv::OpULessThan, b.typeBool(), {x, width}), b.op(spv::OpULessThan, b.typeBool(), {y, height})});
  inside = b.op(spv::OpLogicalAnd, b.typeBool(), {inside, b.op(spv::OpULessThan, b.typeBool(), {z, depth})});
  s.onlyIf(inside);

  // t: the texel's index in the scratch buffer's tightly packed aspects; at: its first staging word.
  Id t = s.u(spv::OpIAdd, s.u(spv::OpIMul, s.u(spv::OpIAdd, s.u(spv::OpIMul, z, height), y), width), x);
  const bool twoWords = packing == DepthStencilPacking::D32S8X24;
  Id at = s.u(spv::OpIAdd, s.push(3), s.u(spv::OpIMul, z, s.push(5)));
  at = s.u(spv::OpIAdd, at, s.u(spv::OpIMul, y, s.push(4)));
  at = s.u(spv::OpIAdd, at, twoWords ? s.u(spv::OpShiftLeftLogical, x, s.k(1)) : x);
  Id stencilWord = s.u(spv::OpIAdd, s.push(6), s.u(spv::OpShiftRightLogical, t, s.k(2)));
  Id shift = s.u(spv::OpShiftLeftLogical, s.u(spv::OpBitwiseAnd, t, s.k(3)), s.k(3));
  Id f32 = b.f32();
  const float kUnorm24 = 16777215.0f;

  if (!unpack) {
    Id depthBits = s.load(scratch, t);
    Id stencil = s.u(spv::OpBitwiseAnd, s.u(spv::OpShiftRightLogical, s.load(scratch, stencilWord), shift), s.k(0xff));
    switch (packing) {
      case DepthStencilPacking::D24S8:
        s.store(staging, at, s.u(spv::OpBitwiseOr, s.u(spv::OpBitwiseAnd, depthBits, s.k(0xffffff)),
                                 s.u(spv::OpShiftLeftLogical, stencil, s.k(24))));
        break;
      case DepthStencilPacking::D32FloatAsD24: {
        // D3D's float to UNORM conversion: clamp, scale, round to nearest.
        Id value = b.op(spv::OpBitcast, f32, {depthBits});
        value = b.op(spv::OpExtInst, f32, {b.glsl(), kGlslFClamp, value, b.constF32(0.0f), b.constF32(1.0f)});
        value = b.op(spv::OpFAdd, f32, {b.op(spv::OpFMul, f32, {value, b.constF32(kUnorm24)}), b.constF32(0.5f)});
        Id unorm = b.op(spv::OpConvertFToU, b.u32(), {value});
        s.store(staging, at, s.u(spv::OpBitwiseOr, unorm, s.u(spv::OpShiftLeftLogical, stencil, s.k(24))));
        break;
      }
      case DepthStencilPacking::D32S8X24:
        s.store(staging, at, depthBits);
        s.store(staging, s.u(spv::OpIAdd, at, s.k(1)), stencil);
        break;
    }
  } else {
    Id texel = s.load(staging, at);
    Id depthBits = 0, stencil = 0;
    switch (packing) {
      case DepthStencilPacking::D24S8:
        depthBits = s.u(spv::OpBitwiseAnd, texel, s.k(0xffffff));
        stencil = s.u(spv::OpShiftRightLogical, texel, s.k(24));
        break;
      case DepthStencilPacking::D32FloatAsD24: {
        Id value = b.op(spv::OpConvertUToF, f32, {s.u(spv::OpBitwiseAnd, texel, s.k(0xffffff))});
        depthBits = b.op(spv::OpBitcast, b.u32(), {b.op(spv::OpFDiv, f32, {value, b.constF32(kUnorm24)})});
        stencil = s.u(spv::OpShiftRightLogical, texel, s.k(24));
        break;
      }
      case DepthStencilPacking::D32S8X24:
        depthBits = texel;
        stencil = s.u(spv::OpBitwiseAnd, s.load(staging, s.u(spv::OpIAdd, at, s.k(1))), s.k(0xff));
        break;
    }
    s.store(scratch, t, depthBits);
    // Four texels share a stencil word: each ORs its byte in (the word starts zeroed).
    Id device = s.k(spv::ScopeDevice), relaxed = s.k(spv::MemorySemanticsMaskNone);
    b.op(spv::OpAtomicOr, b.u32(), {s.word(scratch, stencilWord), device, relaxed, s.u(spv::OpShiftLeftLogical, stencil, shift)});
  }
  return s.finish();
}

namespace {

// A fragment shader's frame: FragCoord in, one vec4 colour out at location 0, and one image
// variable at set 0, binding 0 of `imageType` (a sampled image or an image alone).
struct FragmentShader {
  explicit FragmentShader(Id imageTypeOf(spirv::ModuleBuilder&)) {
    b.capability(spv::CapabilityShader);
    b.memoryModel(spv::AddressingModelLogical, spv::MemoryModelGLSL450);
    Id vec4 = b.vec(b.f32(), 4);
    fragCoord = b.variable(b.typePointer(spv::StorageClassInput, vec4), spv::StorageClassInput);
    b.decorate(fragCoord, spv::DecorationBuiltIn, {spv::BuiltInFragCoord});
    color = b.variable(b.typePointer(spv::StorageClassOutput, vec4), spv::StorageClassOutput);
    b.decorate(color, spv::DecorationLocation, {0});
    imageType = imageTypeOf(b);
    image = b.variable(b.typePointer(spv::StorageClassUniformConstant, imageType), spv::StorageClassUniformConstant);
    b.decorate(image, spv::DecorationDescriptorSet, {0});
    b.decorate(image, spv::DecorationBinding, {0});
    Id voidType = b.typeVoid();
    function = b.beginFunction(voidType, b.typeFunction(voidType));
    b.label();
  }

  // FragCoord.xy
  Id position() {
    Id coord = b.op(spv::OpLoad, b.vec(b.f32(), 4), {fragCoord});
    return b.op(spv::OpVectorShuffle, b.vec(b.f32(), 2), {coord, coord, 0, 1});
  }

  std::vector<uint32_t> finish(Id value) {
    b.opNoResult(spv::OpStore, {color, value});
    b.terminate(spv::OpReturn);
    b.endFunction();
    std::vector<Id> interface{fragCoord, color};
    interface.insert(interface.end(), inputs.begin(), inputs.end());
    b.entryPoint(spv::ExecutionModelFragment, function, "main", interface);
    b.executionMode(function, spv::ExecutionModeOriginUpperLeft);
    return b.finish();
  }

  spirv::ModuleBuilder b;
  Id fragCoord = 0, color = 0, imageType = 0, image = 0, function = 0;
  std::vector<Id> inputs;  // further interface variables (SampleId)
};

Id multisampledImage(spirv::ModuleBuilder& b) {
  return b.typeImage(b.f32(), spv::Dim2D, 0, false, true, 1, spv::ImageFormatUnknown);
}
Id alphaImage1D(spirv::ModuleBuilder& b) {
  b.capability(spv::CapabilitySampled1D);
  return b.typeImage(b.f32(), spv::Dim1D, 0, false, false, 1, spv::ImageFormatUnknown);
}
Id alphaImage2D(spirv::ModuleBuilder& b) {
  return b.typeImage(b.f32(), spv::Dim2D, 0, false, false, 1, spv::ImageFormatUnknown);
}
Id mipsImage1D(spirv::ModuleBuilder& b) {
  b.capability(spv::CapabilitySampled1D);
  return b.typeSampledImage(b.typeImage(b.f32(), spv::Dim1D, 0, true, false, 1, spv::ImageFormatUnknown));
}
Id mipsImage2D(spirv::ModuleBuilder& b) {
  return b.typeSampledImage(b.typeImage(b.f32(), spv::Dim2D, 0, true, false, 1, spv::ImageFormatUnknown));
}
Id mipsImage3D(spirv::ModuleBuilder& b) {
  return b.typeSampledImage(b.typeImage(b.f32(), spv::Dim3D, 0, false, false, 1, spv::ImageFormatUnknown));
}

}  // namespace

std::vector<uint32_t> fullscreenVertexShader() {
  spirv::ModuleBuilder b;
  b.capability(spv::CapabilityShader);
  b.memoryModel(spv::AddressingModelLogical, spv::MemoryModelGLSL450);
  Id i32 = b.i32(), f32 = b.f32(), vec4 = b.vec(f32, 4);
  Id vertexIndex = b.variable(b.typePointer(spv::StorageClassInput, i32), spv::StorageClassInput);
  b.decorate(vertexIndex, spv::DecorationBuiltIn, {spv::BuiltInVertexIndex});
  Id position = b.variable(b.typePointer(spv::StorageClassOutput, vec4), spv::StorageClassOutput);
  b.decorate(position, spv::DecorationBuiltIn, {spv::BuiltInPosition});
  Id voidType = b.typeVoid();
  Id function = b.beginFunction(voidType, b.typeFunction(voidType));
  b.label();
  // Vertex 0 at (-1, -1), 1 at (3, -1), 2 at (-1, 3): x = ((i << 1) & 2) * 2 - 1, y = (i & 2) * 2 - 1.
  Id index = b.op(spv::OpLoad, i32, {vertexIndex});
  Id xBits = b.op(spv::OpBitwiseAnd, i32, {b.op(spv::OpShiftLeftLogical, i32, {index, b.constI32(1)}), b.constI32(2)});
  Id yBits = b.op(spv::OpBitwiseAnd, i32, {index, b.constI32(2)});
  auto toClip = [&](Id bits) {
    Id value = b.op(spv::OpConvertSToF, f32, {bits});
    return b.op(spv::OpFSub, f32, {b.op(spv::OpFMul, f32, {value, b.constF32(2.0f)}), b.constF32(1.0f)});
  };
  Id clip = b.op(spv::OpCompositeConstruct, vec4, {toClip(xBits), toClip(yBits), b.constF32(0.0f), b.constF32(1.0f)});
  b.opNoResult(spv::OpStore, {position, clip});
  b.terminate(spv::OpReturn);
  b.endFunction();
  b.entryPoint(spv::ExecutionModelVertex, function, "main", {vertexIndex, position});
  return b.finish();
}

std::vector<uint32_t> resolveFragmentShader(uint32_t samples) {
  FragmentShader s(multisampledImage);
  spirv::ModuleBuilder& b = s.b;
  Id vec4 = b.vec(b.f32(), 4);
  Id texel = b.op(spv::OpConvertFToS, b.vec(b.i32(), 2), {s.position()});
  Id image = b.op(spv::OpLoad, s.imageType, {s.image});
  Id sum = 0;
  for (uint32_t i = 0; i < samples; ++i) {
    Id value = b.op(spv::OpImageFetch, vec4, {image, texel, spv::ImageOperandsSampleMask, b.constI32(int32_t(i))});
    sum = sum ? b.op(spv::OpFAdd, vec4, {sum, value}) : value;
  }
  return s.finish(b.op(spv::OpVectorTimesScalar, vec4, {sum, b.constF32(1.0f / float(samples))}));
}

std::vector<uint32_t> mipsFragmentShader(MipsDimension dimension) {
  FragmentShader s(dimension == MipsDimension::Array1D   ? mipsImage1D
                   : dimension == MipsDimension::Array2D ? mipsImage2D
                                                         : mipsImage3D);
  spirv::ModuleBuilder& b = s.b;
  Id f32 = b.f32(), vec2 = b.vec(f32, 2), vec4 = b.vec(f32, 4);
  Id pushType = b.typeStruct({vec4});
  b.decorate(pushType, spv::DecorationBlock);
  b.memberDecorate(pushType, 0, spv::DecorationOffset, {0});
  Id push = b.variable(b.typePointer(spv::StorageClassPushConstant, pushType), spv::StorageClassPushConstant);
  Id params = b.op(spv::OpLoad, vec4, {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPushConstant, vec4),
                                            {push, b.constU32(0)})});
  // The texel centre in normalized coordinates of the level written is that of the 2x2 (2x2x2)
  // block it covers in the level read: the linear sample there averages the block.
  Id scale = b.op(spv::OpVectorShuffle, vec2, {params, params, 0, 1});
  Id uv = b.op(spv::OpFMul, vec2, {s.position(), scale});
  Id third = b.op(spv::OpCompositeExtract, f32, {params, 2});
  Id coord = dimension == MipsDimension::Array1D
                 ? b.op(spv::OpCompositeConstruct, vec2, {b.op(spv::OpCompositeExtract, f32, {uv, 0}), third})
                 : b.op(spv::OpCompositeConstruct, b.vec(f32, 3), {uv, third});
  Id image = b.op(spv::OpLoad, s.imageType, {s.image});
  return s.finish(b.op(spv::OpImageSampleExplicitLod, vec4, {image, coord, spv::ImageOperandsLodMask, b.constF32(0.0f)}));
}

std::vector<uint32_t> alphaCopyFragmentShader(bool toShadow, AlphaCopyShape shape) {
  FragmentShader s(shape == AlphaCopyShape::Image1D   ? alphaImage1D
                   : shape == AlphaCopyShape::Image2D ? alphaImage2D
                                                      : multisampledImage);
  spirv::ModuleBuilder& b = s.b;
  Id f32 = b.f32(), i32 = b.i32(), vec4 = b.vec(f32, 4);
  Id position = s.position();
  Id image = b.op(spv::OpLoad, s.imageType, {s.image});
  Id texel = 0;
  if (shape == AlphaCopyShape::Image1D) {
    Id x = b.op(spv::OpConvertFToS, i32, {b.op(spv::OpCompositeExtract, f32, {position, 0})});
    texel = b.op(spv::OpImageFetch, vec4, {image, x, spv::ImageOperandsLodMask, b.constI32(0)});
  } else if (shape == AlphaCopyShape::Image2D) {
    Id xy = b.op(spv::OpConvertFToS, b.vec(i32, 2), {position});
    texel = b.op(spv::OpImageFetch, vec4, {image, xy, spv::ImageOperandsLodMask, b.constI32(0)});
  } else {
    // Reading the sample index makes the pass run once per sample, each writing its own.
    b.capability(spv::CapabilitySampleRateShading);
    Id sampleId = b.variable(b.typePointer(spv::StorageClassInput, i32), spv::StorageClassInput);
    b.decorate(sampleId, spv::DecorationBuiltIn, {spv::BuiltInSampleId});
    b.decorate(sampleId, spv::DecorationFlat);
    s.inputs.push_back(sampleId);
    Id xy = b.op(spv::OpConvertFToS, b.vec(i32, 2), {position});
    Id sample = b.op(spv::OpLoad, i32, {sampleId});
    texel = b.op(spv::OpImageFetch, vec4, {image, xy, spv::ImageOperandsSampleMask, sample});
  }
  Id zero = b.constF32(0.0f);
  Id value = toShadow ? b.op(spv::OpCompositeConstruct, vec4, {zero, zero, zero, b.op(spv::OpCompositeExtract, f32, {texel, 0})})
                      : b.op(spv::OpCompositeConstruct, vec4, {b.op(spv::OpCompositeExtract, f32, {texel, 3}), zero, zero, zero});
  return s.finish(value);
}

}  // namespace vk
