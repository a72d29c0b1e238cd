// Resource instructions: sampling, texel loads, size queries, raw/structured/typed buffer and UAV
// access, group-shared memory, atomics and barriers.
#include "dxbc/compiler_impl.h"

#include <bit>

#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

bool isMultisampled(uint32_t dim) { return dim == 4 || dim == 9; }

constexpr uint32_t kGlslUMin = 38;  // GLSL.std.450 UMin

// Signed 4-bit immediate offsets from a sample-controls extended opcode token.
bool sampleOffsets(const Instruction& ins, int32_t out[3]) {
  for (uint32_t ext : ins.extendedOpcodes) {
    if ((ext & 0x3f) != 1)
      continue;
    for (int i = 0; i < 3; i++) {
      int32_t v = int32_t((ext >> (9 + 4 * i)) & 0xf);
      out[i] = v >= 8 ? v - 16 : v;
    }
    return out[0] || out[1] || out[2];
  }
  return false;
}

}  // namespace

void Compiler::imageCoordinates(uint32_t dimension, uint32_t& coords, bool& arrayed) {
  static const uint32_t kCoords[] = {0, 1, 1, 2, 2, 3, 3, 1, 2, 2, 3};
  if (dimension == 0 || dimension > 10)
    throw Unsupported("resource dimension " + std::to_string(dimension));
  coords = kCoords[dimension];
  arrayed = dimension == 7 || dimension == 8 || dimension == 9 || dimension == 10;
}

const ResourceInfo& Compiler::resource(const Operand& op) {
  if (op.indexDimension < 1 || op.index[0].representation != IndexRepresentation::Imm32)
    throw Unsupported("dynamically indexed resource");
  uint32_t slot = uint32_t(op.index[0].immediate);
  auto& map = op.type == reg::Uav ? m_uavs : m_srvs;
  auto it = map.find(slot);
  if ((op.type != reg::Uav && op.type != reg::Resource) || it == map.end())
    throw Error(std::string(op.type == reg::Uav ? "u" : "t") + std::to_string(slot) + " is not declared");
  return it->second;
}

// A uniform block the runtime fills for the shader (not one of the application's constant
// buffers): uvec4 data[vec4Count] at `binding` of the stage's set, reflected as constant-buffer
// slot `slot` so the layout and the front end give it a descriptor.
Id Compiler::declareHiddenBlock(const char* typeName, const char* variableName, uint32_t vec4Count, uint32_t binding,
                                uint32_t slot) {
  Id array = b.typeArray(uvec4(), vec4Count, true);
  b.decorate(array, spv::DecorationArrayStride, {16});
  Id block = b.typeStruct({array});
  b.decorate(block, spv::DecorationBlock);
  b.memberDecorate(block, 0, spv::DecorationOffset, {0});
  b.name(block, typeName);
  Id variable = b.variable(b.typePointer(spv::StorageClassUniform, block), spv::StorageClassUniform);
  b.name(variable, variableName);
  VulkanBinding vk{binding_model::descriptorSet(m_stage), binding};
  b.decorate(variable, spv::DecorationDescriptorSet, {vk.set});
  b.decorate(variable, spv::DecorationBinding, {vk.binding});
  m_reflection.bindings.push_back(ShaderBinding{BindingKind::ConstantBuffer, slot, DescriptorKind::UniformBuffer, vk});
  return variable;
}

// Typed 3D UAVs (RWTexture3D). D3D11's view of a Texture3D UAV covers the slices FirstWSlice ..
// FirstWSlice + WSize - 1 of one mip, and the shader's z counts from FirstWSlice; a Vulkan storage
// view of a 3D image covers every slice (a slice range needs VK_EXT_image_sliced_view_of_3d). So
// the runtime writes each bound view's range into a uniform block at binding 15 of the stage's
// set, and the shader adds the first slice to z and drops (stores, atomics) or zeroes (loads)
// accesses whose z is outside [0, WSize). docs/binding-model.md has the block's layout.
void Compiler::declareUavSliceBlock(uint32_t slot) {
  if (slot >= binding_model::kUavSlots)
    throw Error("u" + std::to_string(slot) + " is beyond D3D11's " + std::to_string(binding_model::kUavSlots) + " UAV slots");
  m_reflection.uavSliceSlots |= uint64_t(1) << slot;
  if (!m_uavSlices)
    m_uavSlices = declareHiddenBlock("UavSlices", "uav_slices", binding_model::kUavSlots,
                                     binding_model::kUavSliceBinding, binding_model::kUavSliceSlot);
}

Id Compiler::uavSliceRange(uint32_t slot) {
  if (!m_uavSlices)
    throw Error("internal: u" + std::to_string(slot) + " is a 3D UAV without the slice block");
  Id pointer = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassUniform, uvec4()),
                    {m_uavSlices, b.constU32(0), b.constU32(slot)});
  return b.op(spv::OpLoad, uvec4(), {pointer});
}

Compiler::SliceCoordinate Compiler::uavSliceCoordinate(uint32_t slot, Value coordinate) {
  Id range = uavSliceRange(slot);
  Id first = b.op(spv::OpCompositeExtract, b.u32(), {range, 0});
  Id count = b.op(spv::OpCompositeExtract, b.u32(), {range, 1});
  Id z = b.op(spv::OpBitcast, b.u32(), {b.op(spv::OpCompositeExtract, b.i32(), {coordinate.id, 2})});
  SliceCoordinate result;
  result.inside = b.op(spv::OpULessThan, b.typeBool(), {z, count});  // a negative z is a large uint
  Id absolute = b.op(spv::OpSelect, b.u32(), {result.inside, b.op(spv::OpIAdd, b.u32(), {z, first}), first});
  result.coordinate = b.op(spv::OpCompositeInsert, typeOf(Kind::Int, 3),
                           {b.op(spv::OpBitcast, b.i32(), {absolute}), coordinate.id, 2});
  return result;
}

Id Compiler::loadImage(const ResourceInfo& info) { return b.op(spv::OpLoad, info.imageType, {info.variable}); }

Value Compiler::swizzleResult(Value vec4, const Operand& res, uint32_t mask) {
  std::vector<uint32_t> w{vec4.id, vec4.id};
  for (uint32_t i = 0; i < 4; i++)
    if (mask & (1u << i))
      w.push_back(res.selection == SelectionMode::Swizzle   ? res.swizzle(int(i))
                  : res.selection == SelectionMode::Select1 ? (res.componentBits & 3)
                                                            : i);
  uint32_t n = uint32_t(w.size() - 2);
  if (n == 1)
    return Value{b.op(spv::OpCompositeExtract, scalarType(vec4.kind), {vec4.id, w[2]}), vec4.kind, 1};
  return Value{b.op(spv::OpVectorShuffle, typeOf(vec4.kind, n), w), vec4.kind, n};
}

// A pointer to one 32-bit word of a raw/structured buffer, UAV or group-shared memory.
Id Compiler::wordPointer(const Operand& op, Id wordIndex) {
  if (op.type == reg::ThreadGroupShared) {
    auto it = m_tgsm.find(uint32_t(op.index[0].immediate));
    if (it == m_tgsm.end())
      throw Error("g" + std::to_string(op.index[0].immediate) + " is not declared");
    return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassWorkgroup, b.u32()), {it->second.variable, wordIndex});
  }
  const ResourceInfo& info = resource(op);
  if (!info.raw && !info.structured)
    throw Error("raw/structured access to a typed resource");
  return b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassStorageBuffer, b.u32()),
              {info.variable, b.constU32(0), wordIndex});
}

// The hidden counter of u#: a storage buffer of one uint at the binding model's counter binding.
Id Compiler::uavCounter(uint32_t slot) {
  Id& var = m_uavCounters[slot];
  if (!var) {
    Id block = b.typeStruct({b.u32()});
    b.decorate(block, spv::DecorationBlock);
    b.memberDecorate(block, 0, spv::DecorationOffset, {0});
    b.name(block, "Counter");
    var = b.variable(b.typePointer(spv::StorageClassStorageBuffer, block), spv::StorageClassStorageBuffer);
    b.name(var, "u" + std::to_string(slot) + "_counter");
    addBinding(BindingKind::UavCounter, slot, DescriptorKind::StorageBuffer, var);
  }
  return var;
}

// The tiled-resource forms with a residency status (D3D11.2, tiled resources tier 2). Each runs
// as its plain form and writes a status of 0, which check_access_fully_mapped reads as fully
// mapped: true only of resources that are not tiled. So the device refuses shaders using them
// (ShaderReflection::residencyFeedback) below tier 2, which it reports nowhere yet; OpImageSparse*
// residency codes would be the way to tier 2.
bool Compiler::emitResidencyFeedback(const Instruction& ins) {
  if (ins.opcode >= op::Gather4Feedback && ins.opcode <= op::CheckAccessFullyMapped)
    m_reflection.residencyFeedback = true;
  static const uint32_t kPlainForm[][2] = {
    {op::Gather4Feedback, op::Gather4}, {op::Gather4CFeedback, op::Gather4C},
    {op::Gather4PoFeedback, op::Gather4Po}, {op::Gather4PoCFeedback, op::Gather4PoC},
    {op::LdFeedback, op::Ld}, {op::LdMsFeedback, op::LdMs}, {op::LdUavTypedFeedback, op::LdUavTyped},
    {op::LdRawFeedback, op::LdRaw}, {op::LdStructuredFeedback, op::LdStructured},
    {op::SampleLFeedback, op::SampleL}, {op::SampleCLzFeedback, op::SampleCLz},
  };
  if (ins.opcode == op::CheckAccessFullyMapped) {  // check_access_fully_mapped dst, status
    if (ins.operands.size() != 2)
      throw Error("check_access_fully_mapped without its two operands");
    uint32_t mask = ins.operands[0].components == ComponentCount::Four ? ins.operands[0].mask() : 1u;
    Value status = loadSource(ins.operands[1], Kind::Uint, mask);
    Id mapped = b.op(spv::OpIEqual, b.vec(b.typeBool(), status.count), {status.id, constant(Kind::Uint, 0, status.count).id});
    Id r = b.op(spv::OpSelect, typeOf(Kind::Uint, status.count),
                {mapped, constant(Kind::Uint, ~0u, status.count).id, constant(Kind::Uint, 0, status.count).id});
    storeDest(ins.operands[0], Value{r, Kind::Uint, status.count}, false);
    return true;
  }
  // sample_cl_s, sample_b_cl_s, sample_d_cl_s, sample_c_cl_s: the plain sample with the last
  // operand as its LOD clamp (SPIR-V's MinLod), and status 0 like the other residency forms.
  static const uint32_t kClampedForm[][2] = {{op::SampleClampFeedback, op::Sample}, {op::SampleBClampFeedback, op::SampleB},
                                             {op::SampleDClampFeedback, op::SampleD}, {op::SampleCClampFeedback, op::SampleC}};
  for (const auto& form : kClampedForm) {
    if (form[0] != ins.opcode)
      continue;
    if (ins.operands.size() < 4)
      throw Error("clamped sample without its status and clamp operands");
    Instruction plain = ins;
    plain.opcode = form[1];
    plain.operands.erase(plain.operands.begin() + 1);
    plain.operands.pop_back();
    struct Restore {
      const Operand*& slot;
      ~Restore() { slot = nullptr; }
    } restore{m_minLod};
    m_minLod = &ins.operands.back();
    emitInstruction(plain);
    storeDest(ins.operands[1], constant(Kind::Uint, 0, 1), false);
    return true;
  }
  for (const auto& form : kPlainForm) {
    if (form[0] != ins.opcode)
      continue;
    if (ins.operands.size() < 3)
      throw Error("residency feedback instruction without its status operand");
    Instruction plain = ins;
    plain.opcode = form[1];
    plain.operands.erase(plain.operands.begin() + 1);
    // The status operand may also be a source of the plain form: read nothing after writing it.
    emitInstruction(plain);
    storeDest(ins.operands[1], constant(Kind::Uint, 0, 1), false);
    return true;
  }
  return false;
}

bool Compiler::emitResource(const Instruction& ins) {
  const auto& ops = ins.operands;
  auto need = [&](size_t n) {
    if (ops.size() != n)
      throw Error("instruction at token " + std::to_string(ins.offset) + " has " + std::to_string(ops.size()) +
                  " operands, expected " + std::to_string(n));
  };
  auto dstMask = [](const Operand& d) { return d.components == ComponentCount::Four ? d.mask() : 1u; };
  auto structuredStride = [&](const Operand& op) -> uint32_t {
    if (op.type == reg::ThreadGroupShared)
      return m_tgsm.at(uint32_t(op.index[0].immediate)).stride;
    return resource(op).stride;
  };
  // Word index of a raw byte address, or of a structured element's byte offset.
  auto wordIndex = [&](Id byteAddress) { return b.op(spv::OpShiftRightLogical, b.u32(), {byteAddress, b.constU32(2)}); };
  auto structuredAddress = [&](const Operand& res, Id index, Id offset) {
    Id base = b.op(spv::OpIMul, b.u32(), {index, b.constU32(structuredStride(res))});
    return wordIndex(b.op(spv::OpIAdd, b.u32(), {base, offset}));
  };

  switch (ins.opcode) {
    case op::Sample:
    case op::SampleC:
    case op::SampleCLz:
    case op::SampleL:
    case op::SampleD:
    case op::SampleB: {
      need(ins.opcode == op::Sample ? 4 : ins.opcode == op::SampleD ? 6 : 5);
      const ResourceInfo& info = resource(ops[2]);
      if (info.dimension == 1 || isMultisampled(info.dimension) || info.raw || info.structured || info.uav)
        throw Error("sample from a resource that cannot be sampled");
      const Operand& samplerOp = ops[3];
      auto s = m_samplers.find(uint32_t(samplerOp.index[0].immediate));
      if (samplerOp.type != reg::Sampler || s == m_samplers.end())
        throw Error("sample without a declared sampler");
      if ((ins.opcode == op::SampleC || ins.opcode == op::SampleCLz) && info.kind != Kind::Float)
        throw Error("comparison sampling of a texture that does not return floats");
      // D3D compares 1D, 2D and cube textures (and their arrays) only; SPIR-V has no Dref sampling
      // of 3D images either (a fuzzed compute shader gave one, which spirv-val refuses).
      if ((ins.opcode == op::SampleC || ins.opcode == op::SampleCLz) && info.dimension == 5)
        throw Error("comparison sampling of a Texture3D (only 1D, 2D and cube textures compare)");
      bool implicit = ins.opcode == op::Sample || ins.opcode == op::SampleC || ins.opcode == op::SampleB;
      if (implicit && m_stage != ShaderStage::Pixel)
        throw Unsupported("implicit-LOD sampling outside pixel shaders");
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);
      uint32_t n = coords + (arrayed ? 1 : 0);
      Value coord = loadSource(ops[1], Kind::Float, (1u << n) - 1);
      Id sampled = b.op(spv::OpSampledImage, b.typeSampledImage(info.imageType),
                        {loadImage(info), b.op(spv::OpLoad, b.typeSampler(), {s->second})});
      std::vector<uint32_t> operands{sampled, coord.id};
      bool dref = ins.opcode == op::SampleC || ins.opcode == op::SampleCLz;
      if (dref)
        operands.push_back(loadScalar(ops[4], Kind::Float).id);
      uint32_t imageOperands = 0;
      std::vector<uint32_t> extra;
      if (ins.opcode == op::SampleB) {
        imageOperands |= spv::ImageOperandsBiasMask;
        extra.push_back(loadScalar(ops[4], Kind::Float).id);
      } else if (ins.opcode == op::SampleL) {
        imageOperands |= spv::ImageOperandsLodMask;
        extra.push_back(loadScalar(ops[4], Kind::Float).id);
      } else if (ins.opcode == op::SampleCLz) {
        imageOperands |= spv::ImageOperandsLodMask;
        extra.push_back(b.constF32(0));
      } else if (ins.opcode == op::SampleD) {
        imageOperands |= spv::ImageOperandsGradMask;
        extra.push_back(loadSource(ops[4], Kind::Float, (1u << coords) - 1).id);
        extra.push_back(loadSource(ops[5], Kind::Float, (1u << coords) - 1).id);
      }
      int32_t offsets[3] = {0, 0, 0};
      if (sampleOffsets(ins, offsets) && info.dimension != 6 && info.dimension != 10) {
        imageOperands |= spv::ImageOperandsConstOffsetMask;
        std::vector<Id> parts;
        for (uint32_t i = 0; i < coords; i++)
          parts.push_back(b.constI32(offsets[i]));
        extra.push_back(coords == 1 ? parts[0] : b.constComposite(typeOf(Kind::Int, coords), parts));
      }
      if (m_minLod) {
        // D3D's LOD clamp: the shader needs the device's shaderResourceMinLod.
        b.capability(spv::CapabilityMinLod);
        imageOperands |= spv::ImageOperandsMinLodMask;
        extra.push_back(loadScalar(*m_minLod, Kind::Float).id);
        m_reflection.minLod = true;
      }
      if (imageOperands) {
        operands.push_back(imageOperands);
        operands.insert(operands.end(), extra.begin(), extra.end());
      }
      Value result;
      if (dref) {
        Id v = b.op(implicit ? spv::OpImageSampleDrefImplicitLod : spv::OpImageSampleDrefExplicitLod, b.f32(), operands);
        result = splat(Value{v, Kind::Float, 1}, 4);
      } else {
        result = Value{b.op(implicit ? spv::OpImageSampleImplicitLod : spv::OpImageSampleExplicitLod,
                            typeOf(info.kind, 4), operands),
                       info.kind, 4};
      }
      storeDest(ops[0], swizzleResult(result, ops[2], dstMask(ops[0])), saturate(ins));
      return true;
    }
    case op::Ld:
    case op::LdMs: {
      need(ins.opcode == op::Ld ? 3 : 4);
      const ResourceInfo& info = resource(ops[2]);
      if (info.raw || info.structured || info.uav)
        throw Error("ld from a raw/structured buffer or UAV");
      if (info.dimension == 6 || info.dimension == 10)
        throw Error("ld from a cube texture");
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);
      uint32_t n = coords + (arrayed ? 1 : 0);
      Value coord = loadSource(ops[1], Kind::Int, (1u << n) - 1);
      std::vector<uint32_t> operands{loadImage(info), coord.id};
      uint32_t imageOperands = 0;
      std::vector<uint32_t> extra;
      if (info.dimension != 1) {
        if (isMultisampled(info.dimension)) {
          if (ins.opcode != op::LdMs)
            throw Error("ld from a multisampled texture");
          imageOperands |= spv::ImageOperandsSampleMask;
        } else {
          imageOperands |= spv::ImageOperandsLodMask;
          extra.push_back(loadSource(ops[1], Kind::Int, 8).id);  // the mip level is in .w
        }
        // Image operands go in mask-bit order: Lod, then ConstOffset, then Sample.
        int32_t offsets[3] = {0, 0, 0};
        if (sampleOffsets(ins, offsets)) {
          imageOperands |= spv::ImageOperandsConstOffsetMask;
          std::vector<Id> parts;
          for (uint32_t i = 0; i < coords; i++)
            parts.push_back(b.constI32(offsets[i]));
          extra.push_back(coords == 1 ? parts[0] : b.constComposite(typeOf(Kind::Int, coords), parts));
        }
        if (imageOperands & spv::ImageOperandsSampleMask)
          extra.push_back(loadScalar(ops[3], Kind::Int).id);
      }
      if (imageOperands) {
        operands.push_back(imageOperands);
        operands.insert(operands.end(), extra.begin(), extra.end());
      }
      Value result{b.op(spv::OpImageFetch, typeOf(info.kind, 4), operands), info.kind, 4};
      storeDest(ops[0], swizzleResult(result, ops[2], dstMask(ops[0])), false);
      return true;
    }
    case op::Resinfo: {  // resinfo dst, mip, resource
      need(3);
      const ResourceInfo& info = resource(ops[2]);
      if (info.dimension == 1 || info.raw || info.structured)
        throw Error("resinfo on a buffer");
      b.capability(spv::CapabilityImageQuery);
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);
      uint32_t sizeCount = (info.dimension == 6 || info.dimension == 10 ? 2 : coords) + (arrayed ? 1 : 0);
      Id image = loadImage(info);
      Id sizeType = typeOf(Kind::Uint, sizeCount);
      Id mip = loadScalar(ops[1], Kind::Uint).id;
      Id sizes, levels, valid = 0;
      if (info.uav || isMultisampled(info.dimension)) {
        sizes = b.op(spv::OpImageQuerySize, sizeType, {image});
        levels = b.constU32(1);
      } else {
        sizes = b.op(spv::OpImageQuerySizeLod, sizeType, {image, mip});
        levels = b.op(spv::OpImageQueryLevels, b.u32(), {image});
        valid = b.op(spv::OpULessThan, b.typeBool(), {mip, levels});
      }
      std::vector<Value> parts;
      for (uint32_t i = 0; i < 3; i++) {
        Id v = i < sizeCount ? (sizeCount == 1 ? sizes : b.op(spv::OpCompositeExtract, b.u32(), {sizes, i}))
                             : b.constU32(0);
        if (valid)  // D3D: an out-of-range mip level reads as size 0
          v = b.op(spv::OpSelect, b.u32(), {valid, v, b.constU32(0)});
        parts.push_back(Value{v, Kind::Uint, 1});
      }
      if (isUavSliced(info)) {  // a 3D UAV's depth is its view's WSize
        Id count = b.op(spv::OpCompositeExtract, b.u32(), {uavSliceRange(uint32_t(ops[2].index[0].immediate)), 1});
        parts[2].id = b.op(spv::OpExtInst, b.u32(), {b.glsl(), kGlslUMin, parts[2].id, count});
      }
      parts.push_back(Value{levels, Kind::Uint, 1});
      uint32_t returnType = ins.controls & 3;
      if (returnType != 2) {
        uint32_t scaled = arrayed ? sizeCount - 1 : sizeCount;  // the array size is never a reciprocal
        for (uint32_t i = 0; i < 4; i++) {
          Id f = b.op(spv::OpConvertUToF, b.f32(), {parts[i].id});
          if (returnType == 1 && i < scaled)
            f = b.op(spv::OpFDiv, b.f32(), {b.constF32(1.0f), f});
          parts[i] = Value{f, Kind::Float, 1};
        }
      }
      storeDest(ops[0], swizzleResult(composite(parts), ops[2], dstMask(ops[0])), false);
      return true;
    }
    case op::Bufinfo: {  // bufinfo dst, resource
      need(2);
      const ResourceInfo& info = resource(ops[1]);
      Id count;
      if (info.raw || info.structured) {
        Id words = b.op(spv::OpArrayLength, b.u32(), {info.variable, 0});
        Id bytes = b.op(spv::OpIMul, b.u32(), {words, b.constU32(4)});
        count = info.raw ? bytes : b.op(spv::OpUDiv, b.u32(), {bytes, b.constU32(info.stride ? info.stride : 4)});
      } else if (info.dimension == 1) {
        b.capability(spv::CapabilityImageQuery);
        count = b.op(spv::OpImageQuerySize, b.u32(), {loadImage(info)});
      } else {
        throw Error("bufinfo on a texture");
      }
      storeDest(ops[0], Value{count, Kind::Uint, 1}, false);
      return true;
    }
    case op::LdRaw:  // ld_raw dst, address, resource
    case op::LdStructured: {  // ld_structured dst, index, offset, resource
      bool structured = ins.opcode == op::LdStructured;
      need(structured ? 4 : 3);
      const Operand& res = ops[structured ? 3 : 2];
      Id base = structured ? structuredAddress(res, loadScalar(ops[1], Kind::Uint).id, loadScalar(ops[2], Kind::Uint).id)
                           : wordIndex(loadScalar(ops[1], Kind::Uint).id);
      std::vector<Value> parts;
      uint32_t mask = dstMask(ops[0]);
      for (uint32_t i = 0; i < 4; i++) {
        if (!(mask & (1u << i)))
          continue;
        uint32_t c = res.selection == SelectionMode::Swizzle ? res.swizzle(int(i)) : i;
        Id index = c ? b.op(spv::OpIAdd, b.u32(), {base, b.constU32(c)}) : base;
        parts.push_back(Value{b.op(spv::OpLoad, b.u32(), {wordPointer(res, index)}), Kind::Uint, 1});
      }
      storeDest(ops[0], composite(parts), false);
      return true;
    }
    case op::StoreRaw:  // store_raw dst, address, value
    case op::StoreStructured: {  // store_structured dst, index, offset, value
      bool structured = ins.opcode == op::StoreStructured;
      need(structured ? 4 : 3);
      const Operand& res = ops[0];
      if (res.type == reg::Uav && !resource(res).uav)
        throw Error("store to a read-only resource");
      Id base = structured ? structuredAddress(res, loadScalar(ops[1], Kind::Uint).id, loadScalar(ops[2], Kind::Uint).id)
                           : wordIndex(loadScalar(ops[1], Kind::Uint).id);
      uint32_t mask = dstMask(res);
      Value value = loadSource(ops[structured ? 3 : 2], Kind::Uint, mask);
      // Components go to consecutive words from the first written one, as D3D defines.
      uint32_t k = 0;
      for (uint32_t i = 0; i < 4; i++) {
        if (!(mask & (1u << i)))
          continue;
        Id index = i ? b.op(spv::OpIAdd, b.u32(), {base, b.constU32(i)}) : base;
        b.opNoResult(spv::OpStore, {wordPointer(res, index), component(value, k++).id});
      }
      return true;
    }
    case op::LdUavTyped: {  // ld_uav_typed dst, coord, uav
      need(3);
      const ResourceInfo& info = resource(ops[2]);
      if (!info.uav || info.raw || info.structured)
        throw Error("ld_uav_typed on a resource that is not a typed UAV");
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);
      uint32_t n = coords + (arrayed ? 1 : 0);
      Value coord = loadSource(ops[1], Kind::Int, (1u << n) - 1);
      SliceCoordinate sliced;
      if (isUavSliced(info)) {
        sliced = uavSliceCoordinate(uint32_t(ops[2].index[0].immediate), coord);
        coord.id = sliced.coordinate;
      }
      Value result{b.op(spv::OpImageRead, typeOf(info.kind, 4), {loadImage(info), coord.id}), info.kind, 4};
      if (sliced.inside) {  // z outside the view's slices reads 0
        Id inside = b.op(spv::OpCompositeConstruct, b.vec(b.typeBool(), 4), {sliced.inside, sliced.inside, sliced.inside, sliced.inside});
        result.id = b.op(spv::OpSelect, typeOf(info.kind, 4), {inside, result.id, constant(info.kind, 0, 4).id});
      }
      storeDest(ops[0], swizzleResult(result, ops[2], dstMask(ops[0])), false);
      return true;
    }
    case op::StoreUavTyped: {  // store_uav_typed uav, coord, value
      need(3);
      const ResourceInfo& info = resource(ops[0]);
      if (!info.uav || info.raw || info.structured)
        throw Error("store_uav_typed on a resource that is not a typed UAV");
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);
      uint32_t n = coords + (arrayed ? 1 : 0);
      Value coord = loadSource(ops[1], Kind::Int, (1u << n) - 1);
      Value value = loadSource(ops[2], info.kind, 0xf);
      if (!isUavSliced(info)) {
        b.opNoResult(spv::OpImageWrite, {loadImage(info), coord.id, value.id});
        return true;
      }
      // A 3D UAV: the write happens only where z is inside the view's slices.
      SliceCoordinate sliced = uavSliceCoordinate(uint32_t(ops[0].index[0].immediate), coord);
      Id write = b.allocId(), merge = b.allocId();
      b.opNoResult(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
      b.branchConditional(sliced.inside, write, merge);
      b.label(write);
      b.opNoResult(spv::OpImageWrite, {loadImage(info), sliced.coordinate, value.id});
      b.branch(merge);
      b.label(merge);
      return true;
    }
    case op::Sync: {
      uint32_t flags = ins.controls & 0xf;
      uint32_t semantics = 0;
      uint32_t scope = spv::ScopeWorkgroup;
      if (flags & 2)
        semantics |= spv::MemorySemanticsWorkgroupMemoryMask;
      if (flags & 0xc)
        semantics |= spv::MemorySemanticsUniformMemoryMask | spv::MemorySemanticsImageMemoryMask;
      if (flags & 8)
        scope = spv::ScopeDevice;
      if (semantics)
        semantics |= spv::MemorySemanticsAcquireReleaseMask;
      if (flags & 1) {
        if (m_stage != ShaderStage::Compute)
          throw Error("thread-group sync outside a compute shader");
        b.opNoResult(spv::OpControlBarrier, {b.constU32(spv::ScopeWorkgroup), b.constU32(scope), b.constU32(semantics)});
      } else if (semantics) {
        b.opNoResult(spv::OpMemoryBarrier, {b.constU32(scope), b.constU32(semantics)});
      }
      return true;
    }
    default: break;
  }

  if (ins.opcode == op::ImmAtomicAlloc ||
      ins.opcode == op::ImmAtomicConsume) {  // imm_atomic_alloc / imm_atomic_consume dst, u#
    need(2);
    const ResourceInfo& info = resource(ops[1]);
    if (ops[1].type != reg::Uav || !info.structured)
      throw Error("UAV counter of a UAV that is not a structured buffer");
    Id counter = b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassStorageBuffer, b.u32()),
                      {uavCounter(uint32_t(ops[1].index[0].immediate)), b.constU32(0)});
    std::vector<uint32_t> operands{counter, b.constU32(spv::ScopeDevice), b.constU32(0), b.constU32(1)};
    Id old = b.op(ins.opcode == op::ImmAtomicAlloc ? spv::OpAtomicIAdd : spv::OpAtomicISub, b.u32(), operands);
    // alloc returns the count before the increment, consume the count after the decrement.
    Id result = ins.opcode == op::ImmAtomicAlloc ? old : b.op(spv::OpISub, b.u32(), {old, b.constU32(1)});
    storeDest(ops[0], Value{result, Kind::Uint, 1}, false);
    return true;
  }

  // Atomics: atomic_* dst, address, value(s); imm_atomic_* result, dst, address, value(s).
  static const struct {
    uint32_t opcode;
    bool returns;
    spv::Op op;
  } kAtomics[] = {
    {169, false, spv::OpAtomicAnd},   {170, false, spv::OpAtomicOr},   {171, false, spv::OpAtomicXor},
    {172, false, spv::OpAtomicCompareExchange}, {173, false, spv::OpAtomicIAdd}, {174, false, spv::OpAtomicSMax},
    {175, false, spv::OpAtomicSMin},  {176, false, spv::OpAtomicUMax}, {177, false, spv::OpAtomicUMin},
    {180, true, spv::OpAtomicIAdd},   {181, true, spv::OpAtomicAnd},   {182, true, spv::OpAtomicOr},
    {183, true, spv::OpAtomicXor},    {184, true, spv::OpAtomicExchange}, {185, true, spv::OpAtomicCompareExchange},
    {186, true, spv::OpAtomicSMax},   {187, true, spv::OpAtomicSMin},  {188, true, spv::OpAtomicUMax},
    {189, true, spv::OpAtomicUMin},
  };
  for (const auto& a : kAtomics) {
    if (a.opcode != ins.opcode)
      continue;
    bool compare = a.op == spv::OpAtomicCompareExchange;
    size_t first = a.returns ? 1 : 0;
    need(first + (compare ? 4 : 3));
    const Operand& target = ops[first];
    Id pointer = 0;
    SliceCoordinate sliced;  // a 3D UAV: the texel pointer is made where z is inside the view
    uint32_t scope = spv::ScopeDevice;
    if (target.type == reg::ThreadGroupShared) {
      uint32_t stride = m_tgsm.count(uint32_t(target.index[0].immediate))
                          ? m_tgsm.at(uint32_t(target.index[0].immediate)).stride : 0;
      Value addr = loadSource(ops[first + 1], Kind::Uint, stride ? 3 : 1);
      Id index = stride ? structuredAddress(target, component(addr, 0).id, component(addr, 1).id) : wordIndex(addr.id);
      pointer = wordPointer(target, index);
      scope = spv::ScopeWorkgroup;
    } else {
      const ResourceInfo& info = resource(target);
      if (!info.uav)
        throw Error("atomic on a resource that is not a UAV");
      if (info.raw || info.structured) {
        Value addr = loadSource(ops[first + 1], Kind::Uint, info.structured ? 3 : 1);
        Id index = info.structured ? structuredAddress(target, component(addr, 0).id, component(addr, 1).id)
                                   : wordIndex(addr.id);
        pointer = wordPointer(target, index);
      } else {
        if (info.kind == Kind::Float)
          throw Error("atomic on a float typed UAV");
        uint32_t coords;
        bool arrayed;
        imageCoordinates(info.dimension, coords, arrayed);
        uint32_t n = coords + (arrayed ? 1 : 0);
        Value coord = loadSource(ops[first + 1], Kind::Int, (1u << n) - 1);
        if (isUavSliced(info))
          sliced = uavSliceCoordinate(uint32_t(target.index[0].immediate), coord);
        else
          pointer = b.op(spv::OpImageTexelPointer, b.typePointer(spv::StorageClassImage, scalarType(info.kind)),
                         {info.variable, coord.id, b.constU32(0)});
      }
    }
    // The pointee is uint for buffers and shared memory, the UAV's kind for typed images.
    Kind kind = Kind::Uint;
    if (target.type == reg::Uav && !resource(target).raw && !resource(target).structured)
      kind = resource(target).kind;
    Id type = scalarType(kind);
    Id value = loadScalar(ops[first + 2], kind).id;
    Id replacement = compare ? loadScalar(ops[first + 3], kind).id : 0;
    Id atomic = 0, skip = 0, merge = 0;
    if (sliced.inside) {
      // z outside the 3D view's slices: no atomic, and 0 for the returning forms.
      atomic = b.allocId();
      skip = b.allocId();
      merge = b.allocId();
      b.opNoResult(spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
      b.branchConditional(sliced.inside, atomic, skip);
      b.label(atomic);
      pointer = b.op(spv::OpImageTexelPointer, b.typePointer(spv::StorageClassImage, type),
                     {resource(target).variable, sliced.coordinate, b.constU32(0)});
    }
    std::vector<uint32_t> operands{pointer, b.constU32(scope), b.constU32(0)};
    if (compare) {
      operands.push_back(b.constU32(0));  // unequal semantics
      operands.push_back(replacement);
      operands.push_back(value);          // the comparator
    } else {
      operands.push_back(value);
    }
    Id old = b.op(a.op, type, operands);
    if (sliced.inside) {
      b.branch(merge);
      b.label(skip);
      b.branch(merge);
      b.label(merge);
      if (a.returns)
        old = b.op(spv::OpPhi, type, {old, atomic, constant(kind, 0, 1).id, skip});
    }
    if (a.returns)
      storeDest(ops[0], Value{old, kind, 1}, false);
    return true;
  }
  return false;
}

}  // namespace dxbc::compiler
