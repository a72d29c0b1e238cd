// Gathers (gather4, gather4_c, gather4_po, gather4_po_c) and the sample-pattern queries sampleinfo and samplepos.
#include "dxbc/compiler_impl.h"

#include "dxbc/registers.h"

namespace dxbc::compiler {
namespace {

constexpr uint32_t kRasterizer = 14;  // the rasterizer register of sampleinfo/samplepos

// D3D's standard sample positions (the same as Vulkan's standard locations), in 1/16 pixel from
// the pixel centre, for 1, 2, 4, 8 and 16 samples in that order.
const int8_t kStandardPositions[][2] = {
  {0, 0},
  {4, 4}, {-4, -4},
  {-2, -6}, {6, -2}, {-6, 2}, {2, 6},
  {1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7},
  {1, 1}, {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5}, {5, 3}, {3, -5},
  {-2, 6}, {0, -7}, {-4, -6}, {-6, 4}, {-8, 0}, {7, -4}, {6, 7}, {-7, -8},
};

}  // namespace

bool Compiler::emitGather(const Instruction& ins) {
  const auto& ops = ins.operands;
  auto need = [&](size_t n) {
    if (ops.size() != n)
      throw Error("instruction at token " + std::to_string(ins.offset) + " has " + std::to_string(ops.size()) +
                  " operands, expected " + std::to_string(n));
  };
  auto dstMask = [](const Operand& d) { return d.components == ComponentCount::Four ? d.mask() : 1u; };

  switch (ins.opcode) {
    case op::Lod: {  // lod dst, coord, resource, sampler: (clamped LOD, unclamped LOD, 0, 0), swizzled by the resource
      need(4);
      if (m_stage != ShaderStage::Pixel)
        throw Error("lod outside a pixel shader (it needs derivatives)");
      const ResourceInfo& info = resource(ops[2]);
      if (info.dimension == 1 || info.dimension == 4 || info.dimension == 9 || info.raw || info.structured || info.uav)
        throw Error("lod of a resource that cannot be sampled");
      auto s = m_samplers.find(uint32_t(ops[3].index[0].immediate));
      if (ops[3].type != reg::Sampler || s == m_samplers.end())
        throw Error("lod without a declared sampler");
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);  // the array layer plays no part
      b.capability(spv::CapabilityImageQuery);
      Value coord = loadSource(ops[1], Kind::Float, (1u << coords) - 1);
      Id sampled = b.op(spv::OpSampledImage, b.typeSampledImage(info.imageType),
                        {loadImage(info), b.op(spv::OpLoad, b.typeSampler(), {s->second})});
      Id lod = b.op(spv::OpImageQueryLod, b.vec(b.f32(), 2), {sampled, coord.id});
      Id zero = b.constF32(0);
      Id vec4 = b.op(spv::OpCompositeConstruct, typeOf(Kind::Float, 4),
                     {b.op(spv::OpCompositeExtract, b.f32(), {lod, 0}), b.op(spv::OpCompositeExtract, b.f32(), {lod, 1}),
                      zero, zero});
      storeDest(ops[0], swizzleResult(Value{vec4, Kind::Float, 4}, ops[2], dstMask(ops[0])), saturate(ins));
      return true;
    }
    case op::Gather4:  // gather4 dst, coord, resource, sampler
    case op::Gather4C:  // gather4_c dst, coord, resource, sampler, ref
    case op::Gather4Po:  // gather4_po dst, coord, offset, resource, sampler
    case op::Gather4PoC: {  // gather4_po_c dst, coord, offset, resource, sampler, ref
      bool po = ins.opcode == op::Gather4Po || ins.opcode == op::Gather4PoC;
      bool dref = ins.opcode == op::Gather4C || ins.opcode == op::Gather4PoC;
      need(4 + (po ? 1 : 0) + (dref ? 1 : 0));
      const Operand& resOp = ops[po ? 3 : 2];
      const Operand& samplerOp = ops[po ? 4 : 3];
      const ResourceInfo& info = resource(resOp);
      // D3D gathers from 2D, 2D array, cube and cube array textures only.
      if (info.dimension != 3 && info.dimension != 8 && info.dimension != 6 && info.dimension != 10)
        throw Error("gather from a resource that is not a 2D or cube texture");
      if (dref && info.kind != Kind::Float)
        throw Error("comparison gather of a texture that does not return floats");
      auto s = m_samplers.find(uint32_t(samplerOp.index[0].immediate));
      if (samplerOp.type != reg::Sampler || s == m_samplers.end())
        throw Error("gather without a declared sampler");
      uint32_t coords;
      bool arrayed;
      imageCoordinates(info.dimension, coords, arrayed);
      uint32_t n = coords + (arrayed ? 1 : 0);
      Value coord = loadSource(ops[1], Kind::Float, (1u << n) - 1);
      Id sampled = b.op(spv::OpSampledImage, b.typeSampledImage(info.imageType),
                        {loadImage(info), b.op(spv::OpLoad, b.typeSampler(), {s->second})});
      std::vector<uint32_t> operands{sampled, coord.id};
      if (dref) {
        operands.push_back(loadScalar(ops[po ? 5 : 4], Kind::Float).id);
      } else {
        // The sampler operand's selected component names the channel gathered.
        uint32_t channel = samplerOp.selection == SelectionMode::Select1 ? samplerOp.componentBits & 3
                           : samplerOp.selection == SelectionMode::Swizzle ? samplerOp.swizzle(0)
                                                                           : 0;
        operands.push_back(b.constU32(channel));
      }
      bool cube = info.dimension == 6 || info.dimension == 10;
      int32_t immediate[3] = {0, 0, 0};
      bool hasImmediate = false;
      for (uint32_t ext : ins.extendedOpcodes)
        if ((ext & 0x3f) == 1)
          for (int i = 0; i < 3; i++) {
            int32_t v = int32_t((ext >> (9 + 4 * i)) & 0xf);
            immediate[i] = v >= 8 ? v - 16 : v;
            hasImmediate = hasImmediate || immediate[i];
          }
      if (po && cube)
        throw Error("gather4_po on a cube texture");
      if (po) {
        // A programmable offset is a run-time value; D3D uses its low 6 bits as a signed number.
        b.capability(spv::CapabilityImageGatherExtended);
        Value offset = loadSource(ops[2], Kind::Int, 3);
        Id ivec2 = typeOf(Kind::Int, 2);
        Id six = constant(Kind::Int, 26, 2).id;
        Id wrapped = b.op(spv::OpShiftRightArithmetic, ivec2, {b.op(spv::OpShiftLeftLogical, ivec2, {offset.id, six}), six});
        operands.push_back(spv::ImageOperandsOffsetMask);
        operands.push_back(wrapped);
      } else if (hasImmediate && !cube) {
        operands.push_back(spv::ImageOperandsConstOffsetMask);
        operands.push_back(b.constComposite(typeOf(Kind::Int, 2), {b.constI32(immediate[0]), b.constI32(immediate[1])}));
      }
      Kind kind = dref ? Kind::Float : info.kind;
      Value result{b.op(dref ? spv::OpImageDrefGather : spv::OpImageGather, typeOf(kind, 4), operands), kind, 4};
      storeDest(ops[0], swizzleResult(result, resOp, dstMask(ops[0])), false);
      return true;
    }
    case op::SampleInfo: {  // sampleinfo[_uint] dst, resource
      need(2);
      Id count;
      if (ops[1].type == kRasterizer) {
        if (m_stage != ShaderStage::Pixel)
          throw Error("sampleinfo of the rasterizer outside a pixel shader");
        count = rasterizerSampleCount();
      } else {
        const ResourceInfo& info = resource(ops[1]);
        if (info.dimension != 4 && info.dimension != 9)
          throw Unsupported("sampleinfo of a resource that is not multisampled");
        b.capability(spv::CapabilityImageQuery);
        count = b.op(spv::OpImageQuerySamples, b.u32(), {loadImage(info)});
      }
      const bool asUint = ins.controls & 1;  // _uint (bit 11 of the opcode token); else a float
      Value x = asUint ? Value{count, Kind::Uint, 1} : Value{b.op(spv::OpConvertUToF, b.f32(), {count}), Kind::Float, 1};
      Value zero = constant(x.kind, 0, 1);
      storeDest(ops[0], swizzleResult(composite({x, zero, zero, zero}), ops[1], dstMask(ops[0])), false);
      return true;
    }
    case op::SamplePos: {  // samplepos dst, resource, sampleIndex
      // Some compilers pad the instruction with a zero token, which decodes as an operand with no
      // components and no index; it carries nothing.
      bool padded = ops.size() == 4 && ops[3].components == ComponentCount::Zero && ops[3].indexDimension == 0 &&
                    ops[3].type == reg::Temp;
      if (!padded)
        need(3);
      Id count;
      if (ops[1].type == kRasterizer) {
        if (m_stage != ShaderStage::Pixel)
          throw Error("samplepos of the rasterizer outside a pixel shader");
        count = rasterizerSampleCount();
      } else {
        const ResourceInfo& info = resource(ops[1]);
        if (info.dimension != 4 && info.dimension != 9)
          throw Unsupported("samplepos of a resource that is not multisampled");
        b.capability(spv::CapabilityImageQuery);
        count = b.op(spv::OpImageQuerySamples, b.u32(), {loadImage(info)});
      }
      // The table above as a private constant array; the count picks a run (1, 2, 4, 8, 16 ->
      // first entry 0, 1, 3, 7, 15, which is count - 1), and any other count or an index past it reads (0, 0).
      Id vec2 = typeOf(Kind::Float, 2);
      std::vector<Id> entries;
      for (const auto& p : kStandardPositions)
        entries.push_back(b.constComposite(vec2, {b.constF32(p[0] / 16.0f), b.constF32(p[1] / 16.0f)}));
      entries.push_back(b.constNull(vec2));
      uint32_t length = uint32_t(entries.size());
      Id arrayType = b.typeArray(vec2, length);
      Id& table = m_samplePositions;
      if (!table) {
        table = b.variable(b.typePointer(spv::StorageClassPrivate, arrayType), spv::StorageClassPrivate,
                           b.constComposite(arrayType, entries));
        b.name(table, "sample_positions");
      }
      Id index = loadScalar(ops[2], Kind::Uint).id;
      Id standard = b.op(spv::OpLogicalAnd, b.typeBool(),
                         {b.op(spv::OpULessThanEqual, b.typeBool(), {count, b.constU32(16)}),
                          b.op(spv::OpIEqual, b.typeBool(),
                               {b.op(spv::OpBitwiseAnd, b.u32(), {count, b.op(spv::OpISub, b.u32(), {count, b.constU32(1)})}),
                                b.constU32(0)})});
      Id inRange = b.op(spv::OpLogicalAnd, b.typeBool(), {standard, b.op(spv::OpULessThan, b.typeBool(), {index, count})});
      Id at = b.op(spv::OpIAdd, b.u32(), {b.op(spv::OpISub, b.u32(), {count, b.constU32(1)}), index});
      at = b.op(spv::OpSelect, b.u32(), {inRange, at, b.constU32(length - 1)});
      Id pos = b.op(spv::OpLoad, vec2, {b.op(spv::OpAccessChain, b.typePointer(spv::StorageClassPrivate, vec2), {table, at})});
      Value x{b.op(spv::OpCompositeExtract, b.f32(), {pos, 0}), Kind::Float, 1};
      Value y{b.op(spv::OpCompositeExtract, b.f32(), {pos, 1}), Kind::Float, 1};
      Value zero = constant(Kind::Float, 0, 1);
      storeDest(ops[0], swizzleResult(composite({x, y, zero, zero}), ops[1], dstMask(ops[0])), false);
      return true;
    }
    default: return false;
  }
}

}  // namespace dxbc::compiler
